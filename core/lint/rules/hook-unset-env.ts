import { defineRule } from '../types';
import { hookGroups, jsonChild, jsonNode } from '../helpers';

/** Variables hook guides and blog posts use that Claude Code has never set (reference §1.10: input is JSON on stdin). */
const NEVER_SET = /\$\{?(CLAUDE_(?:TOOL|FILE|FILES|HOOK|EVENT|NOTIFICATION|PROMPT|USER_PROMPT|TRANSCRIPT)(?:_[A-Z0-9]+)*)\b\}?/g;

const JQ: Record<string, string> = {
  CLAUDE_TOOL_NAME: '.tool_name',
  CLAUDE_TOOL_INPUT: '.tool_input',
  CLAUDE_TOOL_FILE_PATH: '.tool_input.file_path',
  CLAUDE_FILE_PATH: '.tool_input.file_path',
  CLAUDE_FILE_PATHS: '.tool_input.file_path',
  CLAUDE_TOOL_OUTPUT: '.tool_response',
  CLAUDE_HOOK_EVENT: '.hook_event_name',
  CLAUDE_HOOK_EVENT_NAME: '.hook_event_name',
  CLAUDE_PROMPT: '.prompt',
  CLAUDE_USER_PROMPT: '.prompt',
  CLAUDE_TRANSCRIPT_PATH: '.transcript_path',
};

export default defineRule({
  code: 'AG-SET-009',
  name: 'hook-unset-env',
  severity: 'warning',
  title: 'A hook command reads an environment variable Claude Code never sets',
  rationale:
    'Claude Code passes a hook its input as JSON on stdin (tool_name, tool_input.file_path, prompt, …); the environment carries only CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA, CLAUDE_ENV_FILE and a few session variables. `$CLAUDE_TOOL_NAME`, `$CLAUDE_TOOL_FILE_PATH`, `$CLAUDE_FILE_PATHS` and the like are empty, so the hook formats, checks or logs nothing, silently. Read the field from stdin instead (`jq -r .tool_input.file_path`).',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const tree = ctx.json().tree;
    const env = jsonNode(tree, ['env']);
    const defined = new Set((env?.type === 'object' ? (env.children ?? []) : []).map((p) => p.children?.[0]?.value as string));
    for (const g of hookGroups(tree)) {
      for (const h of g.handlers) {
        const cmd = jsonChild(h, 'command');
        if (cmd?.type !== 'string') continue;
        const text = cmd.value as string;
        const raw = ctx.file.text.slice(cmd.offset, cmd.offset + cmd.length);
        for (const m of text.matchAll(NEVER_SET)) {
          const name = m[1]!;
          if (defined.has(name) || new RegExp(`\\b${name}=`).test(text)) continue;
          const at = raw.indexOf(m[0]);
          const start = cmd.offset + (at < 0 ? 1 : at);
          const field = JQ[name];
          ctx.report({
            start,
            end: start + (at < 0 ? cmd.length - 2 : m[0].length),
            message: `Claude Code never sets $${name}: it is empty, and this hook works on nothing. The hook's input arrives as JSON on stdin${field ? `: read it with jq -r '${field}'` : ''}.`,
          });
        }
      }
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PostToolUse": [ { "matcher": "Edit|Write", "hooks": [ { "type": "command", "command": "prettier --write \\"$CLAUDE_TOOL_FILE_PATH\\"" } ] } ] } }',
      },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "echo \\"$CLAUDE_TOOL_NAME\\" >> .claude/tools.log" } ] } ] } }',
      },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PostToolUse": [ { "hooks": [ { "type": "command", "command": "eslint --fix ${CLAUDE_FILE_PATHS}" } ] } ] } }',
      },
    ],
    correct: [
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PostToolUse": [ { "matcher": "Edit|Write", "hooks": [ { "type": "command", "command": "jq -r .tool_input.file_path | xargs prettier --write" } ] } ] } }',
      },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "SessionStart": [ { "hooks": [ { "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/start.sh" } ] } ] } }',
      },
      {
        path: '.claude/settings.json',
        text: '{ "env": { "CLAUDE_HOOK_LOG": "/tmp/h.log" }, "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "date >> $CLAUDE_HOOK_LOG" } ] } ] } }',
      },
    ],
  },
});

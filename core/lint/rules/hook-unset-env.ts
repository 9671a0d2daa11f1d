import { defineRule, type RuleContext } from '../types';
import { hookGroups, jsonChild, jsonNode } from '../helpers';

/**
 * What Claude Code puts in a hook's environment, observed with the pinned 2.1.332 on every event
 * (the loader suite dumps `env` from UserPromptSubmit, PreToolUse, PostToolUse, Stop, SubagentStart,
 * SubagentStop and SessionStart hooks): CLAUDECODE, CLAUDE_PROJECT_DIR, CLAUDE_PID, CLAUDE_EFFORT,
 * CLAUDE_ENV_FILE (SessionStart), CLAUDE_CODE_* session variables, and for a plugin's hooks
 * CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA. CLAUDE_CODE_* and CLAUDE_CONFIG_DIR are also settings a
 * user exports in the shell, so they are not judged. Any other CLAUDE_* name is never set: the input
 * is JSON on stdin.
 */
const SET_BY_CLAUDE = new Set([
  'CLAUDECODE',
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_PID',
  'CLAUDE_EFFORT',
  'CLAUDE_ENV_FILE',
  'CLAUDE_PLUGIN_ROOT',
  'CLAUDE_PLUGIN_DATA',
  'CLAUDE_CONFIG_DIR',
]);
const CLAUDE_VAR = /\$\{?(CLAUDE_[A-Z0-9_]+)\b\}?/g;
/**
 * Names hook guides use for the hook's input as if it were in the environment: no host sets them
 * (none of them is in the observed environment); the input is on stdin.
 */
const INPUT_VARS = new Set(['STDIN_JSON', 'HOOK_INPUT', 'HOOK_JSON', 'HOOK_DATA', 'INPUT_JSON', 'TOOL_INPUT', 'TOOL_NAME', 'TOOL_ARGS', 'HOOK_EVENT_NAME']);
const ANY_VAR = /\$\{?([A-Z][A-Z0-9_]*)\b\}?/g;

const JQ: Record<string, string> = {
  CLAUDE_TOOL_NAME: '.tool_name',
  TOOL_NAME: '.tool_name',
  CLAUDE_TOOL_INPUT: '.tool_input',
  TOOL_INPUT: '.tool_input',
  CLAUDE_TOOL_FILE_PATH: '.tool_input.file_path',
  CLAUDE_FILE_PATH: '.tool_input.file_path',
  CLAUDE_FILE_PATHS: '.tool_input.file_path',
  CLAUDE_TOOL_OUTPUT: '.tool_response',
  CLAUDE_HOOK_EVENT: '.hook_event_name',
  CLAUDE_HOOK_EVENT_NAME: '.hook_event_name',
  HOOK_EVENT_NAME: '.hook_event_name',
  CLAUDE_PROMPT: '.prompt',
  CLAUDE_USER_PROMPT: '.prompt',
  CLAUDE_TRANSCRIPT_PATH: '.transcript_path',
  CLAUDE_SESSION_ID: '.session_id',
  CLAUDE_AGENT_NAME: '.agent_type',
  CLAUDE_AGENT_TYPE: '.agent_type',
  CLAUDE_CWD: '.cwd',
};

/** Whether a command sets the variable itself (`X=…`, `read X`, `export X`, `for X in`). */
function setsItself(text: string, name: string): boolean {
  return new RegExp(
    `(?:^|[\\s;&|(])(?:${name}\\+?=|(?:read|export|local|declare|typeset|readonly)(?:\\s+-\\w+)*\\s+(?:\\w+\\s+)*${name}\\b|for\\s+${name}\\s)`,
  ).test(text);
}

/** The never-set variables a hook command reads, with their offsets in the command text. */
export function unsetVariables(text: string, defined: Set<string>): { name: string; at: number; length: number }[] {
  const out: { name: string; at: number; length: number }[] = [];
  for (const m of text.matchAll(CLAUDE_VAR)) {
    const name = m[1]!;
    if (SET_BY_CLAUDE.has(name) || name.startsWith('CLAUDE_CODE_') || defined.has(name) || setsItself(text, name)) continue;
    out.push({ name, at: m.index!, length: m[0].length });
  }
  for (const m of text.matchAll(ANY_VAR)) {
    const name = m[1]!;
    if (!INPUT_VARS.has(name) || defined.has(name) || setsItself(text, name)) continue;
    out.push({ name, at: m.index!, length: m[0].length });
  }
  return out.sort((a, b) => a.at - b.at);
}

function report(ctx: RuleContext, start: number, end: number, name: string): void {
  const field = JQ[name];
  ctx.report({
    start,
    end,
    message: `Claude Code never sets $${name}: it is empty, and this hook works on nothing. The hook's input arrives as JSON on stdin${field ? `: read it with jq -r '${field}'` : ''}.`,
  });
}

export default defineRule({
  code: 'AG-SET-009',
  name: 'hook-unset-env',
  severity: 'warning',
  title: 'A hook command reads an environment variable Claude Code never sets',
  rationale:
    'Claude Code passes a hook its input as JSON on stdin (tool_name, tool_input.file_path, prompt, agent_type, …). Its environment carries CLAUDE_PROJECT_DIR, CLAUDECODE, CLAUDE_PID, CLAUDE_EFFORT, CLAUDE_ENV_FILE (SessionStart), CLAUDE_CODE_* session variables and, for a plugin, CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA: that is all (observed on every hook event of the pinned Claude Code by the loader suite). `$CLAUDE_TOOL_NAME`, `$CLAUDE_TOOL_FILE_PATH`, `$CLAUDE_FILE_PATHS`, `$CLAUDE_AGENT_NAME` or a `$STDIN_JSON` the command never assigned are empty, so the hook formats, checks or logs nothing, silently. Read the field from stdin instead (`jq -r .tool_input.file_path`).',
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
        for (const u of unsetVariables(text, defined)) {
          const token = text.slice(u.at, u.at + u.length);
          const at = raw.indexOf(token);
          const start = cmd.offset + (at < 0 ? 1 : at);
          report(ctx, start, start + (at < 0 ? cmd.length - 2 : token.length), u.name);
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
      // Not in any hook's environment (observed): the agent's type and the input are in the JSON on stdin.
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "SubagentStop": [ { "hooks": [ { "type": "command", "command": "echo \\"$CLAUDE_AGENT_NAME done: $STDIN_JSON\\" >> log.txt" } ] } ] } }',
        expect: [
          {
            line: 1,
            message:
              "Claude Code never sets $CLAUDE_AGENT_NAME: it is empty, and this hook works on nothing. The hook's input arrives as JSON on stdin: read it with jq -r '.agent_type'.",
          },
          { line: 1, message: "Claude Code never sets $STDIN_JSON: it is empty, and this hook works on nothing. The hook's input arrives as JSON on stdin." },
        ],
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
      // Set by the command itself, or by Claude Code (observed), or a setting the user exports.
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "STDIN_JSON=$(cat); echo \\"$STDIN_JSON\\" | node \\"$CLAUDE_PROJECT_DIR/h.js\\" $CLAUDE_PID $CLAUDE_CODE_SESSION_ID" } ] } ] } }',
      },
    ],
  },
});

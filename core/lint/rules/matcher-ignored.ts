import { modify } from 'jsonc-parser';
import { defineRule } from '../types';
import { hookGroups } from '../helpers';
import { EVENTS_WITHOUT_MATCHER } from '../../claude-code';

export default defineRule({
  code: 'AG-SET-012',
  name: 'matcher-ignored',
  severity: 'warning',
  title: 'A `matcher` on an event that ignores matchers: the hook runs every time',
  rationale:
    'UserPromptSubmit, Stop, PostToolBatch, TeammateIdle, TaskCreated, TaskCompleted, WorktreeCreate, WorktreeRemove, MessageDisplay and CwdChanged have no matcher: Claude Code silently ignores one, so a hook meant for some cases runs on all of them. Filter inside the hook (its input is JSON on stdin), or remove the matcher.',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const tree = ctx.json().tree;
    for (const g of hookGroups(tree)) {
      if (!EVENTS_WITHOUT_MATCHER.has(g.event) || !g.matcher || g.matcher.type !== 'string') continue;
      const m = g.matcher.value as string;
      if (m === '' || m === '*') continue; // matches everything either way
      const edits = modify(ctx.file.text, ['hooks', g.event, g.index, 'matcher'], undefined, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
      ctx.report({
        start: g.matcher.offset,
        end: g.matcher.offset + g.matcher.length,
        message: `${g.event} hooks take no matcher: "${m}" is ignored and this hook runs on every ${g.event}. Filter inside the hook instead.`,
        ...(edits.length > 0
          ? { fix: { title: 'Remove the ignored matcher', edits: edits.map((e) => ({ start: e.offset, end: e.offset + e.length, newText: e.content })) } }
          : {}),
      });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "hooks": { "Stop": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "say done" } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{\n  "hooks": {\n    "UserPromptSubmit": [\n      {\n        "matcher": "deploy",\n        "hooks": [{ "type": "command", "command": "check-prompt" }]\n      }\n    ]\n  }\n}\n',
      },
      {
        path: 'plugin/.claude/settings.json',
        text: '{ "hooks": { "TaskCompleted": [ { "matcher": "Edit|Write", "hooks": [ { "type": "command", "command": "npm test" } ] } ] } }',
      },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ] } }' },
      { path: '.claude/settings.json', text: '{ "hooks": { "Stop": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "say done" } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "SessionStart": [ { "matcher": "startup|resume", "hooks": [ { "type": "command", "command": "echo hi" } ] } ] } }',
      },
    ],
  },
});

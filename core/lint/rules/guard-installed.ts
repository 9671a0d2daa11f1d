import { defineRule } from '../types';
import { findOurHandlers } from '../../install/settings';
import { dirname } from '../../paths';

export default defineRule({
  code: 'AG-SET-008',
  name: 'guard-installed',
  severity: 'info',
  title: 'Agent Guard is not installed in this project',
  rationale:
    'Without the PreToolUse hook, nothing checks the agent\'s commands before they run. `agent-guard install` (or the VS Code command "Agent Guard: Install Guards in Workspace") adds it without touching anything else in the file.',
  otherSeverities: ['warning'],
  appliesTo: ['settings'],
  check(ctx) {
    if (!/(^|\/)\.claude\/settings\.json$/.test(ctx.file.rel)) return;
    const { value, error } = ctx.json();
    if (error || typeof value !== 'object' || value === null) return;
    if (findOurHandlers(value).length > 0) {
      const hook = `${dirname(ctx.file.path)}/hooks/agent-guard.cjs`;
      if (!ctx.workspace.exists(hook))
        ctx.report({
          start: 0,
          end: 1,
          severity: 'warning',
          message: `The Agent Guard hook is registered but ${hook} does not exist: the guard is silently off. Run agent-guard sync.`,
        });
      return;
    }
    // Installed in settings.local.json counts too.
    const local = ctx.workspace.read(`${dirname(ctx.file.path)}/settings.local.json`);
    try {
      if (local && findOurHandlers(JSON.parse(local)).length > 0) return;
    } catch {
      /* a broken local file is reported on that file */
    }
    ctx.report({
      start: 0,
      end: 1,
      message: 'Agent Guard is not installed here: run agent-guard install, or the command "Agent Guard: Install Guards in Workspace".',
    });
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "model": "opus" }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] } }',
      },
      { path: '.claude/settings.json', text: '{}' },
    ],
    correct: [
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] } }',
        files: { '.claude/hooks/agent-guard.cjs': '// agent-guard\n' },
      },
      {
        path: '.claude/settings.json',
        text: '{ "model": "opus" }',
        files: {
          '.claude/settings.local.json': '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node x/agent-guard.cjs" } ] } ] } }',
        },
      },
      { path: '.claude/settings.local.json', text: '{ "model": "opus" }' },
    ],
  },
});

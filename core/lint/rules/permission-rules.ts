import { defineRule } from '../types';
import { jsonStrings, parseRule } from '../helpers';
import { NEVER_CONSULTED } from '../../claude-code';

export default defineRule({
  code: 'AG-SET-003',
  name: 'permission-rule-form',
  severity: 'warning',
  title: 'A permission rule that does not do what it says',
  rationale:
    'Path rules on Write, MultiEdit, NotebookEdit or Glob are accepted and never consulted (Edit and Read rules govern those tools); `:*` only works at the end of a Bash rule; a single leading slash is relative to the settings file, not the file-system root. Each looks like protection and is none.',
  otherSeverities: ['error'],
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const tree = ctx.json().tree;
    for (const list of ['allow', 'deny', 'ask'] as const) {
      for (const r of jsonStrings(tree, ['permissions', list])) {
        const { tool, spec } = parseRule(r.value);
        const replacement = NEVER_CONSULTED[tool];
        if (replacement && spec !== null) {
          const fixed = `${replacement}(${spec})`;
          ctx.report({
            start: r.start,
            end: r.end,
            severity: 'error',
            message: `${tool}(…) path rules are never consulted; ${replacement}(…) rules govern ${tool}. This ${list} rule does nothing.`,
            fix: { title: `Write it as ${fixed}`, edits: [{ start: r.start, end: r.end, newText: fixed }] },
          });
          continue;
        }
        if ((tool === 'Bash' || tool === 'PowerShell' || tool === 'Monitor') && spec && /:\*./.test(spec)) {
          ctx.report({
            start: r.start,
            end: r.end,
            message: `":*" only means "anything after" at the end of a rule; in ${r.value} the colon is literal. Use a space and *: ${tool}(${spec.replace(/:\*/g, ' *')}).`,
            fix: { title: 'Use " *"', edits: [{ start: r.start, end: r.end, newText: `${tool}(${spec.replace(/:\*/g, ' *')})` }] },
          });
        }
        if ((tool === 'Read' || tool === 'Edit') && spec && /^\/(Users|home|etc|tmp|var|opt|usr|root|private|mnt|c)\b/.test(spec)) {
          ctx.report({
            start: r.start,
            end: r.end,
            message: `${r.value}: a single leading / is relative to the settings file's folder, not the file-system root. For an absolute path write //${spec.slice(1)}.`,
            fix: { title: `Make it absolute: ${tool}(/${spec})`, edits: [{ start: r.start, end: r.end, newText: `${tool}(/${spec})` }] },
          });
        }
      }
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["Write(./secrets/**)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(git:* push)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["Read(/Users/me/.ssh/**)"] } }' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["Edit(./secrets/**)", "Read(//Users/me/.ssh/**)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npm run:*)", "Bash(git diff *)", "Write"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["Read(./.env)", "Read(~/.aws/credentials)"] } }' },
    ],
  },
});

import { defineRule } from '../types';
import { jsonStrings, parseRule } from '../helpers';

export default defineRule({
  code: 'AG-SET-010',
  name: 'allow-glob-skipped',
  severity: 'warning',
  title: 'A wildcard tool name in `permissions.allow` is skipped',
  rationale:
    'In allow rules Claude Code accepts a wildcard in the tool name only after a literal `mcp__<server>__` prefix. `"*"`, `"B*"` or `"mcp__*"` in `permissions.allow` are skipped with a startup warning, so the tools they seem to allow still prompt. (Deny and ask rules do accept them.) Name the server: `mcp__github__*`, or `mcp__github` for all its tools.',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    for (const r of jsonStrings(ctx.json().tree, ['permissions', 'allow'])) {
      const { tool } = parseRule(r.value);
      if (!tool.includes('*')) continue;
      if (/^mcp__[^*_][^*]*?__/.test(tool)) continue;
      ctx.report({
        start: r.start,
        end: r.end,
        message: `"${r.value}" is skipped: an allow rule takes a wildcard only after mcp__<server>__. Name the server (mcp__<server>__* or mcp__<server>).`,
      });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["mcp__*"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Read", "*"] } }' },
      { path: '.claude/settings.local.json', text: '{ "permissions": { "allow": ["mcp__github*"] } }' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["mcp__github__*", "mcp__memory"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["mcp__*"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npm run *)", "Read(src/**)"] } }' },
    ],
  },
});

import { defineRule } from '../types';
import { jsonStrings, parseRule } from '../helpers';
import { RUNNER_PREFIXES } from '../../claude-code';

/** An allow entry that lets any command run: Bash, Bash(*), Bash(npx *), Bash(bash *), … */
export function arbitraryExecution(rule: string): string | null {
  const { tool, spec } = parseRule(rule);
  if (tool !== 'Bash' && tool !== 'PowerShell') return null;
  if (spec === null || spec.trim() === '*' || spec.trim() === '') return `${rule} allows every command`;
  const s = spec.trim().replace(/:\*$/, ' *');
  for (const p of RUNNER_PREFIXES) {
    if (s === `${p} *` || s === `${p}*`) return `${rule} runs arbitrary code: ${p} executes whatever follows, so this allows every command`;
  }
  return null;
}

export default defineRule({
  code: 'AG-SET-004',
  name: 'allow-arbitrary-code',
  severity: 'warning',
  title: 'An allow rule that pre-approves arbitrary commands',
  rationale:
    'Bash(*), Bash(npx *), Bash(bash *), Bash(env *) and the like match every command, because the prefix runs whatever follows it: `Bash(npx *)` allows `npx rimraf /`. Allow the specific commands instead (`Bash(npm test)`, `Bash(npx prettier *)`).',
  appliesTo: ['settings'],
  check(ctx) {
    for (const r of jsonStrings(ctx.json().tree, ['permissions', 'allow'])) {
      const why = arbitraryExecution(r.value);
      if (why) ctx.report({ start: r.start, end: r.end, message: `${why}. Allow the specific commands you need instead.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash"] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "permissions": { "allow": ["Bash(*)"] } }',
        expect: [{ line: 1, message: 'Bash(*) allows every command. Allow the specific commands you need instead.' }],
      },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npx *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(bash:*)", "Bash(env *)"] } }' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npm test)", "Bash(npx prettier *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "deny": ["Bash(curl *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Read", "Edit(src/**)"] } }' },
    ],
  },
});

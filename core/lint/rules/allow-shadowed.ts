import { defineRule } from '../types';
import { bashRuleMatches, jsonStrings, parseRule } from '../helpers';

export default defineRule({
  code: 'AG-SET-005',
  name: 'allow-shadowed-by-deny',
  severity: 'warning',
  title: 'An allow rule that a deny rule always overrides',
  rationale:
    'Deny rules are evaluated first and win regardless of specificity, so an allow rule inside a broader deny never applies. Either the deny is too broad or the allow is dead; both confuse the next reader.',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const tree = ctx.json().tree;
    const denies = jsonStrings(tree, ['permissions', 'deny']).map((d) => ({ ...d, ...parseRule(d.value) }));
    for (const a of jsonStrings(tree, ['permissions', 'allow'])) {
      const { tool, spec } = parseRule(a.value);
      const hit = denies.find(
        (d) =>
          d.tool === tool &&
          (d.spec === null ||
            d.spec === '*' ||
            (spec !== null && (tool === 'Bash' || tool === 'PowerShell') && bashRuleMatches(d.spec, spec.replace(/:\*$/, ' *').replace(/ \*$/, ' x'))) ||
            d.spec === spec),
      );
      if (hit)
        ctx.report({ start: a.start, end: a.end, message: `${a.value} never applies: the deny rule ${hit.value} matches the same calls and deny wins.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(git push origin *)"], "deny": ["Bash(git push *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["WebFetch(domain:example.com)"], "deny": ["WebFetch"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Read(./.env)"], "deny": ["Read(./.env)"] } }' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(git push origin *)"], "deny": ["Bash(git push --force *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npm test)"], "deny": ["Bash(curl *)"] } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Read(src/**)"], "deny": ["Read(./.env)"] } }' },
    ],
  },
});

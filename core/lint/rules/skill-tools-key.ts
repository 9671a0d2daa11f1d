import { defineRule } from '../types';
import { fmPair } from '../helpers';

export default defineRule({
  code: 'AG-SKL-004',
  name: 'skill-tools-key',
  severity: 'warning',
  title: '`tools` or `allowed_tools` in a skill or command is ignored',
  rationale:
    'Skill and command frontmatter has `allowed-tools` (it pre-approves tools for the turn; it does not restrict them) and `disallowed-tools`. A `tools:`, `allowed_tools:` or `allowedTools:` key is not read: the restriction or pre-approval it seems to express does not happen. The fix renames it to `allowed-tools`; it is opt-in because that pre-approves the listed tools.',
  appliesTo: ['skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    const hasAllowed = fmPair(fm, 'allowed-tools') !== null;
    for (const key of ['tools', 'allowed_tools', 'allowedTools', 'allowed-tool']) {
      const pair = fmPair(fm, key);
      if (!pair) continue;
      ctx.report({
        start: pair.key.start,
        end: pair.key.end,
        message: `${key} is not a skill setting, so Claude Code ignores it. Skills cannot restrict tools; allowed-tools pre-approves them${hasAllowed ? ' (this file has one already)' : ''}.`,
        ...(hasAllowed
          ? {}
          : {
              fix: {
                title: 'Rename to allowed-tools (pre-approves the listed tools)',
                edits: [{ start: pair.key.start, end: pair.key.end, newText: 'allowed-tools' }],
                optIn: true,
              },
            }),
      });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/scan/SKILL.md', text: '---\nname: scan\ndescription: Scans\ntools: Read, Grep\n---\n' },
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ship\nallowed_tools: Bash(git push *)\n---\n' },
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ship\nallowed-tools: Bash(git status *)\nallowedTools: Read\n---\n' },
    ],
    correct: [
      { path: '.claude/skills/scan/SKILL.md', text: '---\nname: scan\ndescription: Scans\nallowed-tools: Read, Grep\n---\n' },
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ship\ndisallowed-tools: Bash(git push --force *)\n---\n' },
      { path: '.claude/agents/scan.md', text: '---\nname: scan\ndescription: Scans\ntools: Read, Grep, Glob\n---\nRead and grep.\n' },
    ],
  },
});

import { defineRule } from '../types';
import { fmPair } from '../helpers';

export default defineRule({
  code: 'AG-AGT-006',
  name: 'agent-allowed-tools',
  severity: 'warning',
  title: '`allowed-tools` in an agent is ignored: the agent gets every tool',
  rationale:
    'Subagents take `tools` (an allowlist) and `disallowedTools`; `allowed-tools` is a skill and command setting. In an agent file Claude Code ignores it, so the agent you meant to narrow gets every tool. Rename it to `tools`.',
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    for (const key of ['allowed-tools', 'allowed_tools', 'allowedTools']) {
      const pair = fmPair(fm, key);
      if (!pair) continue;
      const has = fmPair(fm, 'tools') !== null;
      ctx.report({
        start: pair.key.start,
        end: pair.key.end,
        message: `${key} is not an agent setting: Claude Code ignores it, and this agent gets every tool.${has ? ' The tools key next to it is what applies.' : ' Call it tools.'}`,
        ...(has ? {} : { fix: { title: 'Rename to tools', edits: [{ start: pair.key.start, end: pair.key.end, newText: 'tools' }] } }),
      });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews\nallowed-tools: Read, Grep, Glob\n---\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews\nallowed_tools:\n  - Read\n---\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews\ntools: Read\nallowedTools: Read, Bash\n---\n' },
    ],
    correct: [
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews\ndisallowedTools: Bash, Write, Edit\n---\n' },
      { path: '.claude/skills/review/SKILL.md', text: '---\nname: review\ndescription: Reviews\nallowed-tools: Bash(git diff *)\n---\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Use allowed-tools in skills, not here\n---\n' },
    ],
  },
});

import { defineRule } from '../types';
import { toolEntries } from '../helpers';
import { arbitraryExecution } from './allow-arbitrary-code';

export default defineRule({
  code: 'AG-SKL-002',
  name: 'allowed-tools-execution',
  severity: 'warning',
  title: '`allowed-tools` pre-approves arbitrary commands for the skill',
  rationale:
    '`allowed-tools` does not restrict a skill: it pre-approves the listed tools for the turn, without a prompt and regardless of workspace trust. `Bash`, `Bash(*)` or a runner prefix like `Bash(npx *)` there means any command runs unasked whenever the skill is used.',
  appliesTo: ['skill', 'command'],
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    for (const e of toolEntries(fm, 'allowed-tools', ctx.file.text)) {
      const why = arbitraryExecution(e.value);
      if (why)
        ctx.report({
          start: e.start,
          end: e.end,
          message: `${why}, without a prompt, whenever the skill runs. Pre-approve the specific commands the skill needs.`,
        });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/run/SKILL.md', text: '---\nname: run\ndescription: Runs things\nallowed-tools: Bash\n---\n' },
      { path: '.claude/commands/x.md', text: '---\ndescription: X\nallowed-tools: Bash(npx *), Read\n---\n' },
      { path: '.claude/commands/y.md', text: '---\ndescription: Y\nallowed-tools:\n  - Bash(*)\n---\n' },
    ],
    correct: [
      { path: '.claude/commands/commit.md', text: '---\ndescription: Commit\nallowed-tools: Bash(git add *), Bash(git status *), Bash(git commit *)\n---\n' },
      { path: '.claude/skills/read/SKILL.md', text: '---\nname: read\ndescription: Reads\nallowed-tools: Read, Grep\n---\n' },
      { path: '.claude/commands/z.md', text: '---\ndescription: Z\n---\n' },
    ],
  },
});

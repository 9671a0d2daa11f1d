import { defineRule } from '../types';
import { bashRuleMatches, parseRule, toolEntries } from '../helpers';
import { commandsIn } from './unsafe-command';

export default defineRule({
  code: 'AG-SKL-003',
  name: 'bang-not-allowed',
  severity: 'error',
  title: 'A !`command` that `allowed-tools` does not cover aborts the skill',
  rationale: '!`cmd` lines run before the prompt is sent and never prompt: anything short of an allow aborts the whole invocation. Each one needs a matching Bash(...) entry in allowed-tools.',
  appliesTo: ['skill', 'command'],
  check(ctx) {
    const fm = ctx.frontmatter();
    const bangs = commandsIn(ctx, true);
    if (bangs.length === 0) return;
    const rules = fm ? toolEntries(fm, 'allowed-tools', ctx.file.text).map((e) => parseRule(e.value)) : [];
    for (const b of bangs) {
      const covered = rules.some((r) => r.tool === 'Bash' && (r.spec === null || r.spec === '*' || bashRuleMatches(r.spec, b.command)));
      if (!covered) ctx.report({ start: b.start, end: b.end, message: `!\`${b.command}\` is not covered by allowed-tools, so invoking this skill aborts. Add Bash(${b.command.split(/\s+/).slice(0, 2).join(' ')} *) to allowed-tools.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\n---\nBranch: !`git branch --show-current`\n' },
      { path: '.claude/commands/st.md', text: '---\ndescription: Status\nallowed-tools: Bash(git log *)\n---\nState: !`git status --short`\n' },
      { path: '.claude/commands/t.md', text: '---\ndescription: T\nallowed-tools: Read\n---\n```!\nnpm test\n```\n' },
    ],
    correct: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\nallowed-tools: Bash(git branch *)\n---\nBranch: !`git branch --show-current`\n' },
      { path: '.claude/commands/st.md', text: '---\ndescription: Status\nallowed-tools: Bash(git status:*)\n---\nState: !`git status --short`\n' },
      { path: '.claude/commands/plain.md', text: '---\ndescription: Plain\n---\nNo commands here, only `git status` as text.\n' },
    ],
  },
});

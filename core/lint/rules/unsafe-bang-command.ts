import { commandSeverity } from '../severity';
import { defineRule } from '../types';
import { commandsIn } from '../instructions';

export default defineRule({
  code: 'AG-CMD-002',
  name: 'unsafe-bang-command',
  severity: 'error',
  otherSeverities: ['warning'],
  title: 'A skill or command runs a dangerous !`command` before the prompt is even sent',
  rationale:
    'Lines like !`cmd` in skills and commands run when the skill is invoked, without a prompt and without the agent deciding anything; their output goes into the context. A secret read or a destructive command there runs every time anyone uses the skill.',
  appliesTo: ['skill', 'command'],
  check(ctx) {
    for (const c of commandsIn(ctx, true)) {
      const v = ctx.guardVerdict(c.command);
      if (!v) continue;
      ctx.report({
        start: c.start,
        end: c.end,
        message: `Runs on every invocation: ${v.reason} [${v.guardId}]`,
        severity: commandSeverity(v),
        ...(v.instead ? { fix: { title: `Replace with: ${v.instead}`, edits: [{ start: c.start, end: c.end, newText: v.instead }] } } : {}),
      });
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/skills/env/SKILL.md',
        text: '---\nname: env\ndescription: Shows the environment\nallowed-tools: Bash(cat *)\n---\nCurrent settings: !`cat .env`\n',
      },
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ship it\nallowed-tools: Bash(git push *)\n---\nPushing: !`git push -f origin main`\n' },
      { path: '.claude/commands/dump.md', text: '---\ndescription: Dump\nallowed-tools: Bash(printenv)\n---\n```!\nprintenv\n```\n' },
      { path: '.claude/commands/deploy.md', text: '---\ndescription: Deploy\nallowed-tools: Bash(kubectl apply *)\n---\nApplying: !`kubectl apply -f k8s/`\n' },
    ],
    correct: [
      {
        path: '.claude/skills/env/SKILL.md',
        text: '---\nname: env\ndescription: Lists variable names\nallowed-tools: Bash(grep *)\n---\nVariables: !`grep -o "^[A-Z_]*=" .env`\n',
      },
      { path: '.claude/commands/status.md', text: '---\ndescription: Status\nallowed-tools: Bash(git status *)\n---\nBranch state: !`git status --short`\n' },
      { path: '.claude/commands/doc.md', text: '---\ndescription: Doc\n---\nA ! glued to a word is not a command line: x!`ls -la`\n' },
    ],
  },
});

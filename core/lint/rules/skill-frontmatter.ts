import { defineRule } from '../types';
import { fmPair } from '../helpers';

const ENUMS: Record<string, readonly string[]> = { context: ['fork'], shell: ['bash', 'powershell'], effort: ['low', 'medium', 'high', 'xhigh', 'max'] };

export default defineRule({
  code: 'AG-SKL-001',
  name: 'skill-frontmatter',
  severity: 'error',
  title: 'Skill or command frontmatter that Claude Code cannot use',
  rationale: 'Frontmatter that does not parse, or an unknown `context`/`shell`/`effort` value, makes the skill load without its settings (or not at all). `agent` and `background` only apply with `context: fork`.',
  appliesTo: ['skill', 'command'],
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm) return;
    if (fm.error) {
      ctx.report({ start: fm.error.offset, end: fm.error.offset + 1, message: `The frontmatter is not valid YAML (${fm.error.message}).` });
      return;
    }
    if (!fm.data) return;
    for (const [key, allowed] of Object.entries(ENUMS)) {
      const pair = fmPair(fm, key);
      if (pair && !allowed.includes(String(pair.value.value))) ctx.report({ start: pair.value.start, end: pair.value.end, message: `${key}: "${pair.value.value}" is not one of ${allowed.join(', ')}.` });
    }
    for (const key of ['agent', 'background']) {
      const pair = fmPair(fm, key);
      if (pair && fm.data.context !== 'fork') ctx.report({ start: pair.key.start, end: pair.value.end, severity: 'warning', message: `${key} only applies with context: fork; here it is ignored.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\ncontext: forked\n---\n' },
      { path: '.claude/commands/build.md', text: '---\ndescription: Build\nshell: cmd\n---\n' },
      { path: '.claude/skills/x/SKILL.md', text: '---\nname: x\ndescription: [broken\n---\n' },
    ],
    correct: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\ncontext: fork\nagent: Explore\n---\n' },
      { path: '.claude/commands/build.md', text: '---\ndescription: Build\nshell: powershell\n---\n' },
      { path: '.claude/skills/x/SKILL.md', text: 'No frontmatter is fine for a skill.\n' },
    ],
  },
});

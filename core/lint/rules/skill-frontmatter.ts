import { defineRule } from '../types';
import { fmPair, reportDroppedLines } from '../helpers';
import { LOADER_VERIFIED } from '../../claude-code';

const ENUMS: Record<string, readonly string[]> = { context: ['fork'], shell: ['bash', 'powershell'], effort: ['low', 'medium', 'high', 'xhigh', 'max'] };

export default defineRule({
  code: 'AG-SKL-001',
  name: 'skill-frontmatter',
  severity: 'error',
  title: 'Skill or command frontmatter that Claude Code cannot use',
  rationale: `Frontmatter that does not parse even the lenient way Claude Code reads it (one-line values with ": " or \`[a] [b]\` are fine; an unindented line continuing a value is not), or an unknown \`context\`/\`shell\`/\`effort\` value, makes the skill load without its settings: Claude Code ignores the frontmatter and lists the skill with the first line of its body as description. \`agent\` and \`background\` only apply with \`context: fork\`. CRLF line endings are read by Claude Code ${LOADER_VERIFIED} (2.1.197 lost such frontmatter): an info hint.`,
  otherSeverities: ['warning', 'info'],
  appliesTo: ['skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm) return;
    if (fm.crlf)
      ctx.report({
        start: 0,
        end: 3,
        severity: 'info',
        message: `This file has CRLF (Windows) line endings: Claude Code ${LOADER_VERIFIED} reads its frontmatter, but earlier versions (2.1.197) lose it (description, allowed-tools and the rest). LF line endings work everywhere.`,
        fix: { title: 'Convert the file to LF line endings', edits: [{ start: 0, end: ctx.file.text.length, newText: ctx.file.text.replace(/\r\n/g, '\n') }] },
      });
    if (fm.error) {
      ctx.report({
        start: fm.error.offset,
        end: fm.error.offset + 1,
        message: `The frontmatter does not parse (${fm.error.message}), even the lenient way Claude Code reads it: Claude Code ignores it, and the skill loads without its description, allowed-tools and other settings.`,
      });
      return;
    }
    reportDroppedLines(ctx, fm, 'ignores it: the skill loads without its description, allowed-tools and other settings');
    if (!fm.data) return;
    for (const [key, allowed] of Object.entries(ENUMS)) {
      const pair = fmPair(fm, key);
      if (pair && !allowed.includes(String(pair.value.value)))
        ctx.report({ start: pair.value.start, end: pair.value.end, message: `${key}: "${pair.value.value}" is not one of ${allowed.join(', ')}.` });
    }
    for (const key of ['agent', 'background']) {
      const pair = fmPair(fm, key);
      if (pair && fm.data.context !== 'fork')
        ctx.report({ start: pair.key.start, end: pair.value.end, severity: 'warning', message: `${key} only applies with context: fork; here it is ignored.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\ncontext: forked\n---\n' },
      { path: '.claude/commands/build.md', text: '---\ndescription: Build\nshell: cmd\n---\n' },
      { path: '.claude/skills/x/SKILL.md', text: '---\nname: x\ndescription: X\nhooks:\n  Stop:\n    - hooks: []\n   x: 1\n---\n' },
      {
        path: '.claude/commands/y.md',
        text: '---\r\ndescription: Y\r\nallowed-tools: Bash(git status *)\r\n---\r\nState: !`git status`\r\n',
        expect: [
          {
            line: 1,
            severity: 'info',
            message:
              'This file has CRLF (Windows) line endings: Claude Code 2.1.332 reads its frontmatter, but earlier versions (2.1.197) lose it (description, allowed-tools and the rest). LF line endings work everywhere.',
            fixed: '---\ndescription: Y\nallowed-tools: Bash(git status *)\n---\nState: !`git status`\n',
          },
        ],
      },
      {
        path: '.claude/skills/deploy/SKILL.md',
        text: '---\nname: deploy\ndescription: Deploy\nagent: Explore\n---\n',
        expect: [{ line: 4, severity: 'warning', message: 'agent only applies with context: fork; here it is ignored.', fixed: null }],
      },
      {
        path: '.claude/skills/x/SKILL.md',
        text: '---\nname: x\ndescription: Does x.\nAnd y.\n---\n',
        expect: [
          {
            line: 4,
            message:
              'This unindented line continues the value above it: Claude Code cannot parse this frontmatter and ignores it: the skill loads without its description, allowed-tools and other settings. Indent the continuation, or write the value as `description: >` with indented lines.',
            fixed: '---\nname: x\ndescription: >-\n  Does x.\n  And y.\n---\n',
          },
        ],
      },
    ],
    correct: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\ncontext: fork\nagent: Explore\n---\n' },
      { path: '.claude/commands/build.md', text: '---\ndescription: Build\nshell: powershell\n---\n' },
      { path: '.claude/skills/x/SKILL.md', text: 'No frontmatter is fine for a skill.\n' },
      {
        path: '.claude/commands/plan.md',
        text: '---\ndescription: Plan: with a team\nargument-hint: [user prompt] [orchestration prompt]\n---\nPlan $ARGUMENTS\n',
      },
    ],
  },
});

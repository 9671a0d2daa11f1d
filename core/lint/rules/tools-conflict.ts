import { defineRule } from '../types';
import { toolEntries } from '../helpers';

export default defineRule({
  code: 'AG-AGT-005',
  name: 'tools-conflict',
  severity: 'warning',
  title: 'A tool is both allowed and disallowed',
  rationale: 'disallowedTools is applied first, so a tool in both lists is blocked; the `tools` entry is dead and misleads the next reader.',
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    const blocked = new Set(toolEntries(fm, 'disallowedTools', ctx.file.text).map((e) => e.value));
    for (const e of toolEntries(fm, 'tools', ctx.file.text)) {
      if (blocked.has(e.value)) ctx.report({ start: e.start, end: e.end, message: `${e.value} is in both tools and disallowedTools; it is blocked.` });
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/agents/a.md',
        text: '---\nname: a\ndescription: A\ntools: Read, Bash\ndisallowedTools: Bash\n---\n',
        expect: [{ line: 4, message: 'Bash is in both tools and disallowedTools; it is blocked.', fixed: null }],
      },
      {
        path: '.claude/agents/a.md',
        text: '---\nname: a\ndescription: A\ntools:\n  - Edit\ndisallowedTools:\n  - Edit\n---\n',
        expect: [{ line: 5, message: 'Edit is in both tools and disallowedTools; it is blocked.', fixed: null }],
      },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ntools: WebFetch, Grep\ndisallowedTools: Grep, Write\n---\n' },
    ],
    correct: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ndisallowedTools: Bash\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ndisallowedTools: Write, Edit\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\n---\n' },
    ],
  },
});

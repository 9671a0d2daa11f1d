import { defineRule } from '../types';
import { fmPair } from '../helpers';

export default defineRule({
  code: 'AG-AGT-001',
  name: 'agent-frontmatter',
  severity: 'error',
  title: 'Agent file without valid frontmatter, name or description: Claude Code skips it silently',
  rationale: 'A subagent file whose YAML does not parse, or that lacks `name` or `description`, or whose name contains ":" or starts with "-", is skipped with only a debug-log line. The agent you wrote simply does not exist.',
  appliesTo: ['agent'],
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm) {
      ctx.report({ start: 0, end: Math.min(3, ctx.file.text.length), message: 'No frontmatter: an agent file starts with ---, then name and description, then ---.' });
      return;
    }
    if (fm.error) {
      ctx.report({ start: fm.error.offset, end: fm.error.offset + 1, message: `The frontmatter is not valid YAML (${fm.error.message}); Claude Code skips this agent.` });
      return;
    }
    if (!fm.data) {
      ctx.report({ start: fm.offset, end: fm.end, message: 'The frontmatter must be a YAML mapping (key: value lines).' });
      return;
    }
    for (const key of ['name', 'description']) {
      const v = fm.data[key];
      if (typeof v !== 'string' || v.trim() === '') {
        const pair = fmPair(fm, key);
        ctx.report({ start: pair?.key.start ?? fm.offset, end: pair?.value.end ?? fm.offset, message: `Missing ${key}: Claude Code skips agents without a ${key}.` });
      }
    }
    const name = fm.data.name;
    if (typeof name === 'string' && name) {
      const pair = fmPair(fm, 'name')!;
      if (name.includes(':') || name.startsWith('-')) ctx.report({ start: pair.value.start, end: pair.value.end, message: `The name "${name}" contains ":" or starts with "-": Claude Code skips this agent.` });
      else if (!/^[a-z][a-z0-9-]*$/.test(name)) ctx.report({ start: pair.value.start, end: pair.value.end, severity: 'info', message: `Agent names are lower-case letters, digits and hyphens ("${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}").` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/agents/reviewer.md', text: 'You review code.\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\n---\nYou review code.\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: [unclosed\n---\nYou review code.\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: team:reviewer\ndescription: Reviews\n---\n' },
    ],
    correct: [
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews code for bugs\n---\nYou review code.\n' },
      { path: '.claude/agents/sub/deep-reviewer.md', text: '---\nname: deep-reviewer\ndescription: "Reviews: deeply"\nmodel: opus\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a1\ndescription: >\n  Multi-line\n  description\n---\n' },
    ],
  },
});

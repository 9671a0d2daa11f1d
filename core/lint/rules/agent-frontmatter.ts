import { defineRule } from '../types';
import { fmPair, reportDroppedLines } from '../helpers';
import { LOADER_VERIFIED } from '../../claude-code';

export default defineRule({
  code: 'AG-AGT-001',
  name: 'agent-frontmatter',
  severity: 'error',
  title: 'Agent file whose frontmatter Claude Code cannot read, or without a description: Claude Code skips it silently',
  rationale: `Claude Code skips a subagent file, with only a debug-log line, when its frontmatter does not parse even the lenient way Claude Code reads it (an unindented line continuing a value is enough), is not a mapping, lacks \`description\`, or has a name containing ":" or starting with "-". The agent you wrote simply does not exist. (One-line values containing ": ", \`tools: *\` and \`[a] [b]\` are fine: Claude Code reads them as plain strings.) A file without frontmatter or without \`name\` is not loaded as an agent: documentation. CRLF line endings are read by Claude Code ${LOADER_VERIFIED} (2.1.197 skipped such agents): an info hint.`,
  otherSeverities: ['warning', 'info'],
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm) {
      ctx.report({
        start: 0,
        end: Math.min(3, ctx.file.text.length),
        severity: 'info',
        message:
          'No frontmatter: Claude Code does not load this file as an agent (documentation is fine here). An agent file starts with ---, then name and description, then ---.',
      });
      return;
    }
    if (fm.crlf)
      ctx.report({
        start: 0,
        end: 3,
        severity: 'info',
        message: `This file has CRLF (Windows) line endings: Claude Code ${LOADER_VERIFIED} reads it, but earlier versions (2.1.197) skip the agent. LF line endings load everywhere.`,
        fix: { title: 'Convert the file to LF line endings', edits: [{ start: 0, end: ctx.file.text.length, newText: ctx.file.text.replace(/\r\n/g, '\n') }] },
      });
    if (fm.error) {
      ctx.report({
        start: fm.error.offset,
        end: fm.error.offset + 1,
        message: `The frontmatter does not parse (${fm.error.message}); Claude Code skips this agent.`,
      });
      return;
    }
    if (!fm.data) {
      ctx.report({ start: fm.offset, end: fm.end, message: 'The frontmatter must be a YAML mapping (key: value lines); Claude Code skips this agent.' });
      return;
    }
    reportDroppedLines(ctx, fm, 'skips this agent');
    const name = fm.data.name;
    if (typeof name !== 'string' || name.trim() === '') {
      const meant = ['description', 'tools', 'model', 'disallowedTools'].some((k) => k in fm.data!);
      ctx.report({
        start: fm.offset,
        end: Math.max(fm.offset, fm.end - 4),
        severity: meant ? 'warning' : 'info',
        message: 'No name: Claude Code does not load this file as an agent. Add name: <lower-case-name> if it is meant to be one.',
      });
      return;
    }
    const desc = fm.data.description;
    if (typeof desc !== 'string' || desc.trim() === '') {
      const pair = fmPair(fm, 'description') ?? fmPair(fm, 'name');
      ctx.report({
        start: pair?.key.start ?? fm.offset,
        end: pair?.value.end ?? fm.offset,
        message: 'Missing description: Claude Code skips agents without a description.',
      });
    }
    const pair = fmPair(fm, 'name')!;
    if (name.includes(':') || name.startsWith('-'))
      ctx.report({
        start: pair.value.start,
        end: pair.value.end,
        message: `The name "${name}" contains ":" or starts with "-": Claude Code skips this agent.`,
      });
    else if (!/^[a-z][a-z0-9-]*$/.test(name))
      ctx.report({
        start: pair.value.start,
        end: pair.value.end,
        severity: 'info',
        message: `Agent names are lower-case letters, digits and hyphens ("${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}").`,
      });
  },
  examples: {
    problematic: [
      {
        path: '.claude/agents/reviewer.md',
        text: '---\r\nname: reviewer\r\ndescription: Reviews code\r\n---\r\nYou review code.\r\n',
        expect: [
          {
            line: 1,
            severity: 'info',
            message:
              'This file has CRLF (Windows) line endings: Claude Code 2.1.332 reads it, but earlier versions (2.1.197) skip the agent. LF line endings load everywhere.',
            fixed: '---\nname: reviewer\ndescription: Reviews code\n---\nYou review code.\n',
          },
        ],
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\ndescription: Reviews code\ntools: Read\n---\n',
        expect: [
          {
            line: 2,
            severity: 'warning',
            message: 'No name: Claude Code does not load this file as an agent. Add name: <lower-case-name> if it is meant to be one.',
            fixed: null,
          },
        ],
      },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\n---\nYou review code.\n' },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews\nhooks:\n  PreToolUse:\n    - matcher: Bash\n   hooks: []\n---\nYou review code.\n',
      },
      { path: '.claude/agents/reviewer.md', text: '---\nname: team:reviewer\ndescription: Reviews\n---\n' },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code.\nAlso reviews tests.\n---\n',
        expect: [
          {
            line: 4,
            message:
              'This unindented line continues the value above it: Claude Code cannot parse this frontmatter and skips this agent. Indent the continuation, or write the value as `description: >` with indented lines.',
            fixed: '---\nname: reviewer\ndescription: >-\n  Reviews code.\n  Also reviews tests.\n---\n',
          },
        ],
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Use when a PR is ready.\nExamples: a PR with tests.\nSee the docs.\ntools: Read\n---\n',
        expect: [
          {
            line: 4,
            message:
              'This unindented line (and 1 more) continues the value above it: Claude Code cannot parse this frontmatter and skips this agent. Indent the continuation, or write the value as `description: >` with indented lines.',
            fixed: '---\nname: reviewer\ndescription: >-\n  Use when a PR is ready.\n  Examples: a PR with tests.\n  See the docs.\ntools: Read\n---\n',
          },
        ],
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: "Reviews code."\nAlso reviews tests.\n---\n',
        expect: [
          {
            line: 4,
            message:
              'This unindented line continues the value above it: Claude Code cannot parse this frontmatter and skips this agent. Indent the continuation, or write the value as `description: >` with indented lines.',
            fixed: null,
          },
        ],
      },
    ],
    correct: [
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Use this agent when: a PR is ready. Examples: <example>review it</example>\ntools: *\n---\nYou review code.\n',
      },
      { path: '.claude/agents/sub/deep-reviewer.md', text: '---\nname: deep-reviewer\ndescription: "Reviews: deeply"\nmodel: opus\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a1\ndescription: >\n  Multi-line\n  description\n---\n' },
      { path: '.claude/agents/README.md', text: '# Our agents\n\nEach file here is one agent.\n' },
    ],
  },
});

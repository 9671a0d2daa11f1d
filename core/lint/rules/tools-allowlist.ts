import { defineRule } from '../types';
import { fmPair, toolEntries } from '../helpers';
import { subagentTools } from '../claude-code';

export default defineRule({
  code: 'AG-AGT-004',
  name: 'tools-allowlist',
  severity: 'warning',
  title: 'A `tools` allowlist silently drops every tool it does not name, MCP and structured output included',
  rationale: 'With `tools:` set, the subagent gets only the listed tools: every MCP server, Skill, and the structured-output tool a workflow needs to return its schema are gone, with no error. Restrict with `disallowedTools` (a blocklist) instead; the quick fix writes the equivalent blocklist for the built-in tools.',
  appliesTo: ['agent'],
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data || fm.data.tools === undefined || fm.data.tools === '*' || (Array.isArray(fm.data.tools) && fm.data.tools.includes('*'))) return;
    const pair = fmPair(fm, 'tools')!;
    const listed = new Set(toolEntries(fm, 'tools', ctx.file.text).map((e) => e.value.replace(/\(.*$/s, '')));
    if (listed.has('*')) return;
    const already = new Set(toolEntries(fm, 'disallowedTools', ctx.file.text).map((e) => e.value));
    const block = subagentTools().filter((t) => !listed.has(t) && !already.has(t));
    // Replace the whole `tools:` entry (key to end of value) with the blocklist.
    const lineEnd = ctx.file.text.indexOf('\n', pair.value.end);
    const hasDisallowed = fmPair(fm, 'disallowedTools') !== null;
    const edits = hasDisallowed
      ? [{ start: pair.key.start, end: lineEnd < 0 ? pair.value.end : lineEnd + 1, newText: '' }, ...(() => {
          const d = fmPair(fm, 'disallowedTools')!;
          const existing = toolEntries(fm, 'disallowedTools', ctx.file.text).map((e) => e.value);
          return [{ start: d.value.start, end: d.value.end, newText: [...existing, ...block].join(', ') }];
        })()]
      : [{ start: pair.key.start, end: pair.value.end, newText: `disallowedTools: ${block.join(', ')}` }];
    ctx.report({
      start: pair.key.start,
      end: pair.value.end,
      message: `tools: ${[...listed].join(', ')} is an allowlist: the agent loses every MCP tool, Skill and the structured-output tool. Use disallowedTools to block what it must not use.`,
      fix: { title: 'Rewrite as the equivalent disallowedTools blocklist', edits },
    });
  },
  examples: {
    problematic: [
      { path: '.claude/agents/analyzer.md', text: '---\nname: analyzer\ndescription: Analyzes\ntools: Read, Grep, Glob, WebSearch\n---\n' },
      { path: '.claude/agents/analyzer.md', text: '---\nname: analyzer\ndescription: Analyzes\ntools:\n  - Read\n  - WebFetch\n---\n' },
      { path: '.claude/agents/analyzer.md', text: '---\nname: analyzer\ndescription: Analyzes\ndisallowedTools: Bash\ntools: Read, Grep\n---\n' },
    ],
    correct: [
      { path: '.claude/agents/analyzer.md', text: '---\nname: analyzer\ndescription: Analyzes\ndisallowedTools: Read, Write, Edit, NotebookEdit, Bash, Grep, Glob\nmodel: opus\n---\n' },
      { path: '.claude/agents/analyzer.md', text: '---\nname: analyzer\ndescription: Analyzes\n---\n' },
      { path: '.claude/agents/all.md', text: '---\nname: all\ndescription: All tools\ntools: "*"\n---\n' },
    ],
  },
});

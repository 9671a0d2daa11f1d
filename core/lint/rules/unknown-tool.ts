import { defineRule } from '../types';
import { toolEntries } from '../helpers';
import { KNOWN_TOOLS, RENAMED_TOOLS, TOOL_ALIASES } from '../claude-code';

const KNOWN = new Set<string>(KNOWN_TOOLS);

export default defineRule({
  code: 'AG-AGT-003',
  name: 'unknown-tool',
  severity: 'warning',
  title: 'A tool list names a tool that does not exist (or was renamed)',
  rationale:
    'Tool lists are matched by exact name. `MultiEdit`, `NotebookRead`, `LS`, `BashOutput` and `SlashCommand` are gone: a stale name silently matches nothing, so an allowlist loses the tool and a blocklist blocks nothing. (`Task`, renamed `Agent`, and `KillShell` and `KillBash`, renamed `TaskStop`, are still accepted as aliases: an info hint.)',
  otherSeverities: ['info'],
  appliesTo: ['agent', 'skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    for (const key of ['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']) {
      for (const e of toolEntries(fm, key, ctx.file.text)) {
        const name = e.value.replace(/\(.*$/s, '');
        if (KNOWN.has(name) || name.startsWith('mcp__')) continue;
        const alias = TOOL_ALIASES[name];
        if (alias) {
          ctx.report({
            start: e.start,
            end: e.start + name.length,
            severity: 'info',
            message: `${name} is the old name of ${alias}; Claude Code still accepts it as an alias.`,
            fix: { title: `Rename to ${alias}`, edits: [{ start: e.start, end: e.start + name.length, newText: alias }] },
          });
          continue;
        }
        const renamed = RENAMED_TOOLS[name];
        if (renamed !== undefined) {
          const message = renamed ? `${name} is now ${renamed}; the old name matches nothing.` : `${name} no longer exists; the entry matches nothing.`;
          ctx.report({
            start: e.start,
            end: e.start + name.length,
            message,
            ...(renamed ? { fix: { title: `Rename to ${renamed}`, edits: [{ start: e.start, end: e.start + name.length, newText: renamed }] } } : {}),
          });
        } else
          ctx.report({
            start: e.start,
            end: e.end,
            message: `${name} is not a Claude Code tool (known: ${KNOWN_TOOLS.slice(0, 8).join(', ')}, …; MCP tools are mcp__server__tool).`,
          });
      }
    }
  },
  examples: {
    problematic: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ndisallowedTools: LS, Write\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ndisallowedTools:\n  - MultiEdit\n  - KillShell\n---\n' },
      { path: '.claude/commands/c.md', text: '---\ndescription: C\nallowed-tools: Bsh(git status)\n---\n' },
      {
        path: '.claude/agents/o.md',
        text: '---\nname: o\ndescription: O\ntools: Read, subagent-catalog:search\n---\n',
        expect: [
          {
            line: 4,
            message:
              'subagent-catalog:search is not a Claude Code tool (known: Agent, Artifact, AskUserQuestion, Bash, CronCreate, CronDelete, CronList, Edit, …; MCP tools are mcp__server__tool).',
          },
        ],
      },
    ],
    correct: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ndisallowedTools: Agent, Write, Edit, mcp__github__create_issue\n---\n' },
      { path: '.claude/commands/c.md', text: '---\ndescription: C\nallowed-tools: Bash(git status *), Read\n---\n' },
      { path: '.claude/commands/r.md', text: '---\ndescription: Review\nallowed-tools: ["Bash(git diff *)", "Read", "Task"]\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\n---\nMentions Task and LS in prose only.\n' },
    ],
  },
});

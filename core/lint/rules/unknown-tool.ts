import { defineRule } from '../types';
import { toolEntries } from '../helpers';
import { KNOWN_TOOLS, RENAMED_TOOLS, TOOL_ALIASES } from '../../claude-code';

const KNOWN = new Set<string>(KNOWN_TOOLS);

export default defineRule({
  code: 'AG-AGT-003',
  name: 'unknown-tool',
  severity: 'warning',
  title: 'A tool list names a tool that does not exist (or was renamed)',
  rationale:
    'Tool lists are matched by exact name. `MultiEdit`, `NotebookRead`, `LS`, `BashOutput` and `SlashCommand` are gone: a stale name silently matches nothing, so an allowlist loses the tool and a blocklist blocks nothing. (`Task`, renamed `Agent`, and `KillShell` and `KillBash`, renamed `TaskStop`, are still accepted as aliases: an info hint.) Where the list already names the replacement (`LS` beside `Glob`), the stale entry costs nothing: an info hint. A `tools:` key in a skill or command is not read at all (AG-SKL-004 says so); the names in it are not checked, since correcting them would change nothing.',
  otherSeverities: ['info'],
  appliesTo: ['agent', 'skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    // In a skill or a command, `tools:` is a key Claude Code does not read (AG-SKL-004 reports the
    // key): on calibration, 105 of 267 findings named entries of such a list ("write is not a Claude
    // Code tool"), true of the name but pointing at the wrong fix.
    const keys =
      ctx.file.kind === 'agent' ? ['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools'] : ['disallowedTools', 'allowed-tools', 'disallowed-tools'];
    for (const key of keys) {
      const entries = toolEntries(fm, key, ctx.file.text);
      const names = new Set(entries.map((e) => e.value.replace(/\(.*$/s, '')));
      for (const e of entries) {
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
        if (renamed && names.has(renamed)) {
          // The list names the replacement too: the stale entry is dead, but nothing is lost (on
          // calibration, 152 of 162 warnings were `LS` beside `Glob` and `MultiEdit` beside `Edit`).
          ctx.report({
            start: e.start,
            end: e.start + name.length,
            severity: 'info',
            message: `${name} matches nothing any more; it is now ${renamed}, which this list names already. The entry can go.`,
          });
          continue;
        }
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
      // allowed-tools is what a command reads: there a lowercase name matches nothing.
      {
        path: '.claude/commands/sync.md',
        text: '---\ndescription: Sync\nallowed-tools:\n  - Read\n  - write\n---\nSync.\n',
        expect: [
          {
            line: 5,
            message:
              'write is not a Claude Code tool (known: Agent, Artifact, AskUserQuestion, Bash, CronCreate, CronDelete, CronList, Edit, …; MCP tools are mcp__server__tool).',
          },
        ],
      },
      // The list names the replacements too: nothing is lost, an info hint.
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews\ntools: Read, Edit, MultiEdit, Glob, LS\n---\nReview.\n',
        expect: [
          { line: 4, severity: 'info', message: 'MultiEdit matches nothing any more; it is now Edit, which this list names already. The entry can go.' },
          { line: 4, severity: 'info', message: 'LS matches nothing any more; it is now Glob, which this list names already. The entry can go.' },
        ],
      },
      // An agent's tools: is read, so its stale names are reported.
      {
        path: '.claude/agents/lister.md',
        text: '---\nname: lister\ndescription: Lists\ntools: Read, LS\n---\nList.\n',
        expect: [{ line: 4, message: 'LS is now Glob; the old name matches nothing.' }],
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

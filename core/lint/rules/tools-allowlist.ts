import { defineRule } from '../types';
import { calledWithSchema } from '../facts';
import { fmPair, toolEntries } from '../helpers';
import { KNOWN_TOOLS, NEVER_IN_SUBAGENTS, POWERFUL_TOOLS, TOOL_ALIASES } from '../../claude-code';

/**
 * The folders of workflows that can call this agent: a project's `.claude/workflows` beside its
 * `.claude/agents`, a plugin's `workflows` beside its `agents`.
 */
function workflowDirs(path: string, root: string): string[] {
  const i = path.lastIndexOf('/.claude/agents/');
  if (i >= 0) return [`${path.slice(0, i)}/.claude/workflows`];
  const j = path.lastIndexOf('/agents/');
  if (j >= 0) return [`${path.slice(0, j)}/workflows`];
  return [`${root}/.claude/workflows`];
}

// Names that are also ordinary words (Bash, Read, Agent) or the name of a language (PowerShell)
// count only as `Name`, "Name tool" or Name(…); compound names (WebSearch, TodoWrite) count anywhere.
const WORDLIKE = new Set(['PowerShell']);
const COMPOUND = KNOWN_TOOLS.filter((t) => /[a-z][A-Z]/.test(t) && !WORDLIKE.has(t));
const SIMPLE = KNOWN_TOOLS.filter((t) => !/[a-z][A-Z]/.test(t) || WORDLIKE.has(t));

/** Tools the agent's own instructions name: `Bash`, "the Bash tool", Bash(…), WebSearch, mcp__x__y. */
function toolsNamedInBody(text: string, from: number, blocks: readonly { start: number; end: number }[]): { name: string; at: number }[] {
  const body = text.slice(from);
  const out: { name: string; at: number }[] = [];
  const seen = new Set<string>();
  const add = (name: string, at: number) => {
    // In a fenced block it is code (`SendMessage()` a program calls), not the prompt naming a tool;
    // after a negation the prompt says the agent does not have it.
    if (seen.has(name) || blocks.some((b) => from + at >= b.start && from + at < b.end) || negated(text, from + at) || toolList(text, from + at)) return;
    seen.add(name);
    out.push({ name, at: from + at });
  };
  for (const m of body.matchAll(/\bmcp__[A-Za-z0-9_-]+(?:__[A-Za-z0-9_*-]+)?/g)) add(m[0], m.index!);
  for (const m of body.matchAll(new RegExp(`\\b(${COMPOUND.join('|')})\\b`, 'g'))) add(m[1]!, m.index!);
  for (const m of body.matchAll(
    new RegExp(`\`(${SIMPLE.filter((t) => !WORDLIKE.has(t)).join('|')})(?:\\([^\`)]*\\))?\`|\\b(${SIMPLE.join('|')})(?: tool\\b|\\()`, 'g'),
  ))
    add(m[1] ?? m[2]!, m.index!);
  return out;
}

/** Words that say the agent lacks a tool or must not use it ("you do not have WebSearch", "never call Bash"). */
const NEGATION =
  /\b(?:no|not|never|without|cannot|can'?t|don'?t|doesn'?t|isn'?t|aren'?t|lacks?|unavailable|not available|instead of|rather than|avoid|forbidden|prohibited|disallowed)\b|\u274C|\uD83D\uDEAB/i;

const TOOL_NAMES: ReadonlySet<string> = new Set(KNOWN_TOOLS);
/**
 * Whether the mention sits in a line that only lists tool names ("- WebFetch, WebSearch" under
 * "Valid tools:"): a catalogue the prompt talks about, not a tool it tells the agent to use.
 */
function toolList(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at);
  const line = text.slice(start, nl < 0 ? text.length : nl).slice(0, 300);
  const words = line
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s,`*|/]+/)
    .filter(Boolean);
  return words.length > 0 && words.every((w) => TOOL_NAMES.has(w) || w === 'and' || w === 'or');
}

/** Whether the sentence before a mention (on its line) negates it. */
function negated(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 120), at);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('; '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  return NEGATION.test(cut >= 0 ? before.slice(cut + 2) : before);
}

/** Is a tool (or an MCP tool name) granted by the allowlist entries? */
function granted(name: string, listed: Set<string>): boolean {
  if (listed.has(name)) return true;
  if (name.startsWith('mcp__')) {
    const server = name.split('__').slice(0, 2).join('__');
    return listed.has(server) || listed.has(`${server}__*`) || [...listed].some((l) => l.endsWith('*') && name.startsWith(l.slice(0, -1)));
  }
  return false;
}

export default defineRule({
  code: 'AG-AGT-004',
  name: 'tools-allowlist',
  severity: 'warning',
  title: 'A `tools` allowlist drops a tool this agent needs: one its instructions name, or the structured output a workflow asks of it',
  rationale:
    "`tools:` is the documented way to narrow a subagent, and it drops every tool it does not name: MCP tools, `Skill`, and any tool added later. That costs something where the agent needs one of them: its own instructions tell it to use a tool the list leaves out, or a workflow calls it with a `schema` and the runtime's structured-output tool must reach it. There it is a warning; elsewhere an `info` hint. The opt-in fix rewrites the list as a short `disallowedTools` blocklist of the powerful built-ins it excluded, which grants every other tool (MCP tools and future tools included).",
  otherSeverities: ['info'],
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data || fm.data.tools === undefined || fm.data.tools === null) return;
    const raw = fm.data.tools;
    if (raw === '*' || (Array.isArray(raw) && raw.includes('*'))) return;
    const pair = fmPair(fm, 'tools')!;
    const entries = toolEntries(fm, 'tools', ctx.file.text);
    if (entries.length === 0) return;
    const listed = new Set(entries.map((e) => e.value.replace(/\(.*$/s, '')).map((t) => TOOL_ALIASES[t] ?? t));
    if (listed.has('*')) return;
    const name = typeof fm.data.name === 'string' ? fm.data.name : '';
    const blocks = ctx.code().filter((c) => !c.inline);
    const missing = toolsNamedInBody(ctx.file.text, fm.end, blocks).filter((t) => !granted(t.name, listed) && !NEVER_IN_SUBAGENTS.has(t.name));
    const workflow = name !== '' && workflowDirs(ctx.file.path, ctx.workspace.root).some((dir) => ctx.workspace.fact(calledWithSchema, `${dir}\0${name}`));

    const disallowed = toolEntries(fm, 'disallowedTools', ctx.file.text).map((e) => e.value);
    const block = POWERFUL_TOOLS.filter((t) => !listed.has(t) && !disallowed.includes(t) && !missing.some((m) => m.name === t));
    const lineEnd = ctx.file.text.indexOf('\n', pair.value.end);
    const d = fmPair(fm, 'disallowedTools');
    const edits = d
      ? [
          { start: pair.key.start, end: lineEnd < 0 ? pair.value.end : lineEnd + 1, newText: '' },
          { start: d.value.start, end: d.value.end, newText: [...disallowed, ...block].join(', ') },
        ]
      : [{ start: pair.key.start, end: pair.value.end, newText: `disallowedTools: ${block.join(', ')}` }];
    const fix = {
      title: `Replace the allowlist with disallowedTools: ${block.join(', ') || '(none)'} (grants every other tool, MCP tools and Skill included)`,
      edits,
      optIn: true,
    };

    // As the file spells them (Task, not the Agent it stands for): the message quotes the file.
    const list = [...new Set(entries.map((e) => e.value.replace(/\(.*$/s, '')))].join(', ');
    if (workflow) {
      ctx.report({
        start: pair.key.start,
        end: pair.value.end,
        severity: 'warning',
        message: `A workflow calls "${name}" with a schema, and tools: ${list} is an allowlist: it can drop the structured-output tool the runtime gives the agent to return that schema, and the agent cannot answer. Restrict it with disallowedTools instead.`,
        fix,
      });
      return;
    }
    if (missing.length > 0) {
      const names = missing
        .slice(0, 4)
        .map((m) => m.name)
        .join(', ');
      ctx.report({
        start: pair.key.start,
        end: pair.value.end,
        severity: 'warning',
        message: `The instructions name ${names}, which tools: ${list} does not grant: the agent does not have ${missing.length === 1 ? 'it' : 'them'}. Add ${missing.length === 1 ? 'it' : 'them'} to tools, or restrict with disallowedTools instead.`,
        fix,
      });
      return;
    }
    ctx.report({
      start: pair.key.start,
      end: pair.value.end,
      severity: 'info',
      message: `tools: ${list} is an allowlist: this agent gets no MCP tools, no Skill and no tool added later. Fine for a narrow agent; otherwise restrict with disallowedTools.`,
      fix,
    });
  },
  examples: {
    problematic: [
      {
        path: '.claude/agents/analyzer.md',
        text: '---\nname: analyzer\ndescription: Analyzes\ntools: Read, Grep\n---\nCheck the terms with WebSearch before you answer.\n',
      },
      {
        path: '.claude/agents/analyzer.md',
        text: '---\nname: analyzer\ndescription: Analyzes\ntools: Read, Grep\n---\nFile an issue with `mcp__github__create_issue` for each finding.\n',
      },
      {
        path: '.claude/agents/analyzer.md',
        text: '---\nname: analyzer\ndescription: Analyzes\ntools:\n  - Read\n  - WebSearch\n---\nYou analyze.\n',
        files: {
          '.claude/workflows/qa.js':
            "export const meta = { name: 'qa', description: 'QA' };\nreturn await agent('Analyze', { agentType: 'analyzer', schema: { type: 'object' } });\n",
        },
      },
      {
        path: '.claude/agents/delegator.md',
        text: '---\nname: delegator\ndescription: Delegates\ntools: Read, Task\n---\nCheck the terms with WebSearch before you answer.\n',
        expect: [
          {
            line: 4,
            message:
              'The instructions name WebSearch, which tools: Read, Task does not grant: the agent does not have it. Add it to tools, or restrict with disallowedTools instead.',
          },
        ],
      },
      {
        path: '.claude/agents/runner.md',
        text: '---\nname: runner\ndescription: Runs tests\ndisallowedTools: WebFetch\ntools: Read, Grep\n---\nRun the tests with the `Bash` tool.\n',
      },
    ],
    correct: [
      {
        path: '.claude/agents/analyzer.md',
        text: '---\nname: analyzer\ndescription: Analyzes\ndisallowedTools: Read, Write, Edit, NotebookEdit, Bash, Grep, Glob\nmodel: opus\n---\n',
      },
      // The prompt names a tool to say the agent does not have it; code in a block calls a function.
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews\ntools: Read, Grep\n---\nYou do not have WebSearch or the `Bash` tool: never try them.\n\n```ts\nawait SendMessage({ to: lead });\n```\n\nValid tools in a skill:\n- WebFetch, WebSearch\n- TodoWrite\n',
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep, Glob\n---\nRead the diff, then grep for callers. Do not edit files.\n',
      },
      { path: '.claude/agents/all.md', text: '---\nname: all\ndescription: All tools\ntools: "*"\n---\n' },
      {
        path: '.claude/agents/gh.md',
        text: '---\nname: gh\ndescription: Files issues\ntools: Read, mcp__github\n---\nUse mcp__github__create_issue and the WebSearch tool sparingly.\n'.replace(
          'and the WebSearch tool sparingly',
          'for each finding',
        ),
      },
    ],
  },
});

// What a name or a command in an agent file means, one hover away: a frontmatter key, a tool, a
// model, a permission rule, a hook event, and the guard set's verdict on a command the file holds
// (with the alternative, to put in its place). Pure: it reads the file through the RuleContext the
// rules use; the language server turns the answer into an LSP hover.

import type { Pair, Scalar } from 'yaml';
import { findNodeAtLocation, findNodeAtOffset, type Node as JsonNode } from 'jsonc-parser';
import { yaml } from './libraries';
import { fmPair, toolEntries } from './helpers';
import { AGENT_KEY_DOCS, explainRule, HOOK_EVENT_WHEN, hookRunsWhen, MODEL_DOCS, SKILL_KEY_DOCS, TOOL_DOCS, TOOL_EVENTS } from './claude-code-docs';
import { commandSpans } from './instructions';
import type { RuleContext } from './types';

export interface Hover {
  /** The span the hover is about (file offsets). */
  start: number;
  end: number;
  /** Markdown. */
  markdown: string;
  /** The guard's alternative, to put in place of the command: offered as [Replace]. */
  replace?: { start: number; end: number; newText: string };
  /** The same without the reason, for where a finding on the span says it already. */
  short?: string;
}

const code = (s: string) => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);
const TOOL_KEYS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);
const MARKDOWN_KINDS = new Set<string>(['claude-md', 'rules-md', 'agent', 'skill', 'command']);

export function hoverAt(ctx: RuleContext, offset: number): Hover | null {
  const kind = ctx.file.kind;
  if (kind === 'settings') return settingsHover(ctx, offset);
  if (!MARKDOWN_KINDS.has(kind)) return null;
  const fm = kind === 'claude-md' || kind === 'rules-md' ? null : ctx.frontmatter();
  if (fm && offset >= fm.offset && offset < fm.end) return frontmatterHover(ctx, offset);
  return commandHover(ctx, offset);
}

/** The guard set's verdict on the command under the cursor (inline code, a shell block's line, !`cmd`). */
function commandHover(ctx: RuleContext, offset: number): Hover | null {
  const span = commandSpans(ctx).find((c) => offset >= c.start && offset <= c.end);
  if (!span) return null;
  const v = ctx.guardVerdict(span.command, span.shell);
  const told = span.instructed ? '' : '\n\nThe text around it tells the agent not to run it (or shows it as an example), so lint does not report it.';
  if (!v)
    return {
      start: span.start,
      end: span.end,
      markdown: `**Agent Guard**: the guards let ${code(span.command)} through (as the hook would judge it in this folder).${told}`,
    };
  const what = v.decision === 'deny' ? 'would deny' : 'would ask you about';
  return {
    start: span.start,
    end: span.end,
    markdown: `**Agent Guard ${what} this command** (${code(v.guardId)}): ${v.reason}${v.instead ? `\n\nInstead, run: ${code(v.instead)}` : ''}${told}`,
    short: `**Agent Guard ${what} this command** (${code(v.guardId)}).${v.instead ? ` Instead, run: ${code(v.instead)}` : ''}${told}`,
    ...(v.instead && span.instructed ? { replace: { start: span.start, end: span.end, newText: v.instead } } : {}),
  };
}

function frontmatterHover(ctx: RuleContext, offset: number): Hover | null {
  const fm = ctx.frontmatter()!;
  const docs = ctx.file.kind === 'agent' ? AGENT_KEY_DOCS : SKILL_KEY_DOCS;
  const what = ctx.file.kind === 'agent' ? 'an agent' : ctx.file.kind === 'skill' ? 'a skill' : 'a command';
  const doc = fm.doc;
  if (!doc || !yaml().isMap(doc.contents)) return null;
  for (const item of doc.contents.items as Pair[]) {
    const k = item.key as Scalar | null;
    if (!k || !yaml().isScalar(k) || typeof k.value !== 'string' || !k.range) continue;
    const key = k.value;
    const keyStart = fm.offset + k.range[0];
    const keyEnd = fm.offset + k.range[1];
    if (offset >= keyStart && offset <= keyEnd) {
      const text = docs[key];
      return {
        start: keyStart,
        end: keyEnd,
        markdown: text ? `**${key}** (${what}): ${text}` : `${code(key)} is not ${what} setting: Claude Code ignores it.`,
      };
    }
    const pair = fmPair(fm, key);
    if (!pair || offset < pair.value.start || offset > pair.value.end) continue;
    if (TOOL_KEYS.has(key)) {
      const entry = toolEntries(fm, key, ctx.file.text).find((e) => offset >= e.start && offset <= e.end);
      if (!entry) return null;
      const name = entry.value.replace(/\(.*$/s, '');
      const rule = entry.value.includes('(') ? `\n\n${explainRule(entry.value, key === 'allowed-tools' ? 'allow' : 'deny')}` : '';
      const tool = TOOL_DOCS[name] ?? (name.startsWith('mcp__') ? 'A tool of an MCP server.' : `${code(name)} is not a built-in tool name.`);
      return { start: entry.start, end: entry.end, markdown: `**${name}**: ${tool}${rule}` };
    }
    if (key === 'model' && typeof pair.value.value === 'string' && MODEL_DOCS[pair.value.value])
      return { start: pair.value.start, end: pair.value.end, markdown: `**${pair.value.value}**: ${MODEL_DOCS[pair.value.value]}` };
    return null;
  }
  return null;
}

function settingsHover(ctx: RuleContext, offset: number): Hover | null {
  const tree = ctx.json().tree;
  if (!tree) return null;
  const node = findNodeAtOffset(tree, offset, true);
  if (!node) return null;
  const path = pathOf(node);
  const span = { start: node.offset + (node.type === 'string' ? 1 : 0), end: node.offset + node.length - (node.type === 'string' ? 1 : 0) };
  // permissions.allow / ask / deny entries.
  if (node.type === 'string' && path.length === 3 && path[0] === 'permissions' && ['allow', 'ask', 'deny'].includes(String(path[1])))
    return { ...span, markdown: `**${node.value}** (${path[1]}): ${explainRule(String(node.value), path[1] as 'allow' | 'ask' | 'deny')}` };
  // A hook event (the key of hooks.<Event>).
  const isKey = node.parent?.type === 'property' && node.parent.children?.[0] === node;
  if (isKey && path.length === 2 && path[0] === 'hooks') {
    const event = String(node.value);
    const when = HOOK_EVENT_WHEN[event];
    return {
      ...span,
      markdown: when
        ? `**${event}**: a hook here runs ${when}.${TOOL_EVENTS.has(event) ? ' A `matcher` names the tools (exact names, `|` or `,` between them; other characters make it a regular expression).' : ''}`
        : `${code(event)} is not a hook event: Claude Code skips this entry.`,
    };
  }
  // hooks.<Event>[i].matcher: which tools.
  if (node.type === 'string' && path[0] === 'hooks' && path[3] === 'matcher' && path.length === 4)
    return { ...span, markdown: `This matcher makes the hooks of this group run ${hookRunsWhen(String(path[1]), String(node.value))}.` };
  // A hook's command: what the guard set would do with it.
  if (node.type === 'string' && path[0] === 'hooks' && path.at(-1) === 'command') {
    const v = ctx.guardVerdict(String(node.value));
    const when = hookRunsWhen(String(path[1]), matcherOf(tree, path));
    return {
      ...span,
      markdown: v
        ? `**Agent Guard ${v.decision === 'deny' ? 'would deny' : 'would ask about'} this command** (${code(v.guardId)}), and the hook runs it ${when}: ${v.reason}`
        : `This hook runs ${when}. The guards let the command through.`,
    };
  }
  return null;
}

function pathOf(node: JsonNode): (string | number)[] {
  const out: (string | number)[] = [];
  let n: JsonNode | undefined = node;
  while (n?.parent) {
    const p: JsonNode = n.parent;
    if (p.type === 'property') {
      if (p.children?.[1] === n || p.children?.[0] === n) out.unshift(String(p.children![0]!.value));
      n = p.parent;
      continue;
    }
    if (p.type === 'array') out.unshift(p.children!.indexOf(n));
    n = p;
  }
  return out;
}

function matcherOf(tree: JsonNode, path: (string | number)[]): string | undefined {
  const group = findNodeAtLocation(tree, path.slice(0, 3));
  const m = group?.type === 'object' ? group.children?.find((c) => c.children?.[0]?.value === 'matcher')?.children?.[1] : undefined;
  return typeof m?.value === 'string' ? m.value : undefined;
}

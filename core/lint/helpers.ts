// Locating things in parsed files, with offsets into the file text.

import type { Document, Node as YamlNode, Pair } from 'yaml';
import { yaml } from './libraries';
import { findNodeAtLocation, type Node as JsonNode } from 'jsonc-parser';
import type { Frontmatter, RuleContext } from './types';

export interface Located<T = unknown> {
  value: T;
  start: number;
  end: number;
}

/** A top-level frontmatter key: its key and value ranges (file offsets). */
export function fmPair(fm: Frontmatter, key: string): { key: Located<string>; value: Located; node: YamlNode | null } | null {
  const doc = fm.doc as Document | null;
  if (!doc || !yaml().isMap(doc.contents)) return null;
  for (const item of doc.contents.items as Pair[]) {
    const k = item.key;
    if (!yaml().isScalar(k) || k.value !== key || !k.range) continue;
    const v = item.value as YamlNode | null;
    const vr = v && 'range' in v && v.range ? v.range : [k.range[1], k.range[1]];
    return {
      key: { value: key, start: fm.offset + k.range[0], end: fm.offset + k.range[1] },
      value: { value: v ? (v as { toJSON(): unknown }).toJSON() : null, start: fm.offset + vr[0]!, end: fm.offset + vr[1]! },
      node: v,
    };
  }
  return null;
}

/** Entries of a tool list (`tools: Read, Grep` or a YAML list), with offsets of each entry. */
export function toolEntries(fm: Frontmatter, key: string, text: string): Located<string>[] {
  const pair = fmPair(fm, key);
  if (!pair || pair.node === null) return [];
  const node = pair.node;
  const out: Located<string>[] = [];
  if (yaml().isSeq(node)) {
    for (const item of node.items) {
      if (yaml().isScalar(item) && typeof item.value === 'string' && item.range)
        out.push({ value: item.value.trim(), start: fm.offset + item.range[0], end: fm.offset + item.range[1] });
    }
    return out;
  }
  if (yaml().isScalar(node) && typeof node.value === 'string') {
    // A comma- or space-separated string; find each entry in the source text so ranges are exact.
    const src = text.slice(pair.value.start, pair.value.end);
    const quote = src.startsWith('"') || src.startsWith("'") ? 1 : 0;
    const inner = src.slice(quote, src.length - quote);
    // `:` belongs to the name (`subagent-catalog:search` is one unknown entry, not two).
    const re = /[A-Za-z_][\w:-]*(?:\([^)]*\))?(?:__[\w.*-]+)*|mcp__[\w.*-]+/g;
    for (const m of inner.matchAll(re))
      out.push({ value: m[0], start: pair.value.start + quote + m.index!, end: pair.value.start + quote + m.index! + m[0].length });
  }
  return out;
}

/** String elements of a JSON array at `path`, with the offsets of their text (inside the quotes). */
export function jsonStrings(tree: JsonNode | undefined, path: (string | number)[]): (Located<string> & { node: JsonNode })[] {
  const arr = tree ? findNodeAtLocation(tree, path) : undefined;
  if (arr?.type !== 'array') return [];
  return (arr.children ?? [])
    .filter((n) => n.type === 'string')
    .map((n) => ({ value: n.value as string, start: n.offset + 1, end: n.offset + n.length - 1, node: n }));
}

export function jsonNode(tree: JsonNode | undefined, path: (string | number)[]): JsonNode | undefined {
  return tree ? findNodeAtLocation(tree, path) : undefined;
}

/** `Tool(spec)` → { tool, spec }. */
export function parseRule(rule: string): { tool: string; spec: string | null } {
  const m = /^([^()]+?)(?:\((.*)\))?$/s.exec(rule.trim());
  return m ? { tool: m[1]!.trim(), spec: m[2] ?? null } : { tool: rule, spec: null };
}

/** Does a permission rule pattern (`git push *`, `npm run:*`) match a command? Gitignore-free, Bash-rule style. */
export function bashRuleMatches(spec: string, command: string): boolean {
  let s = spec.trim();
  if (s.endsWith(':*')) s = `${s.slice(0, -2)} *`;
  const re = new RegExp(
    `^${s
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
      .replace(/ \.\*$/, '( .*)?')}$`,
    's',
  );
  return re.test(command.trim());
}

/** A property's value node in a JSON object node. */
export function jsonChild(obj: JsonNode | undefined, key: string): JsonNode | undefined {
  if (obj?.type !== 'object') return undefined;
  return obj.children?.find((c) => c.children?.[0]?.value === key)?.children?.[1];
}

export interface HookGroupRef {
  event: string;
  eventKey: JsonNode;
  index: number;
  group: JsonNode;
  matcher: JsonNode | undefined;
  handlers: JsonNode[];
}

/** Every matcher group under `hooks` (settings files and plugin hooks/hooks.json). */
export function hookGroups(tree: JsonNode | undefined): HookGroupRef[] {
  const hooks = jsonNode(tree, ['hooks']);
  const out: HookGroupRef[] = [];
  if (hooks?.type !== 'object') return out;
  for (const prop of hooks.children ?? []) {
    const [k, groups] = prop.children ?? [];
    if (!k || !groups || groups.type !== 'array' || typeof k.value !== 'string') continue;
    (groups.children ?? []).forEach((group, index) => {
      if (group.type !== 'object') return;
      const list = jsonChild(group, 'hooks');
      out.push({
        event: k.value as string,
        eventKey: k,
        index,
        group,
        matcher: jsonChild(group, 'matcher'),
        handlers: list?.type === 'array' ? (list.children ?? []).filter((h) => h.type === 'object') : [],
      });
    });
  }
  return out;
}

/**
 * Unindented lines that continue a frontmatter value: Claude Code's YAML parser rejects the whole
 * frontmatter (observed with 2.1.332; 2.1.197 kept the value's first line). One error at the first
 * such line; `consequence` is what that does to the file ("skips the agent").
 */
export function reportDroppedLines(ctx: RuleContext, fm: Frontmatter, consequence: string): void {
  if (fm.dropped.length === 0) return;
  const d = fm.dropped[0]!;
  const n = fm.dropped.length;
  const fix = foldDroppedLines(ctx.file.text, fm);
  ctx.report({
    start: d.start,
    end: d.end,
    severity: 'error',
    message: `This unindented line${n > 1 ? ` (and ${n - 1} more)` : ''} continues the value above it: Claude Code cannot parse this frontmatter and ${consequence}. Indent the continuation, or write the value as \`description: >\` with indented lines.`,
    ...(fix ? { fix } : {}),
  });
}

/** A top-level `key: value` line whose value is plain text (not quoted, a block scalar, a flow collection, an alias, a tag or a comment). */
const PLAIN_PAIR = /^([A-Za-z_][\w.-]*)[ \t]*:[ \t]+([^\s"'|>[{&*!%@`#][^\n]*)$/;

/**
 * The fix the message describes: each value with dropped lines becomes a folded block scalar
 * (`description: >-` and every line of it indented), which reads as the one line of text that was
 * meant, whatever the lines hold (a colon, a dash). Offered only when every such value starts on
 * its key's line as plain text without a comment; otherwise the person rewrites it.
 */
export function foldDroppedLines(text: string, fm: Frontmatter): { title: string; edits: { start: number; end: number; newText: string }[] } | null {
  const nl = fm.crlf ? '\r\n' : '\n';
  const lineStart = (o: number) => text.lastIndexOf('\n', o - 1) + 1;
  const lineEnd = (o: number) => {
    const e = text.indexOf('\n', o);
    return e < 0 ? text.length : e;
  };
  const lineText = (start: number) => text.slice(start, lineEnd(start)).replace(/\r$/, '');
  const dropped = new Set(fm.dropped.map((x) => x.start));
  const edits: { start: number; end: number; newText: string }[] = [];
  const folded = new Set<number>();
  for (const d of fm.dropped) {
    // Up from the dropped line, over the value's other lines (dropped, indented or blank), to its key.
    let at = lineStart(d.start);
    const body: number[] = [at];
    for (;;) {
      if (at <= fm.offset) return null;
      at = lineStart(at - 1);
      const line = lineText(at);
      if (dropped.has(at) || /^[ \t]/.test(line) || line.trim() === '') {
        body.unshift(at);
        continue;
      }
      break;
    }
    if (folded.has(at)) {
      for (const b of body) if (dropped.has(b)) edits.push({ start: b, end: b, newText: '  ' });
      continue;
    }
    const m = PLAIN_PAIR.exec(lineText(at));
    if (!m || /[ \t]#/.test(m[2]!)) return null;
    folded.add(at);
    const valueStart = at + lineText(at).length - m[2]!.length;
    edits.push({ start: valueStart, end: valueStart, newText: `>-${nl}  ` });
    for (const b of body) if (lineText(b).trim() !== '' && !/^[ \t]/.test(lineText(b))) edits.push({ start: b, end: b, newText: '  ' });
  }
  // The value's indented lines were folded into it: indented like the rest, they still are.
  for (const key of folded) {
    for (let at = lineEnd(key) + 1; at < fm.end && at < text.length; at = lineEnd(at) + 1) {
      const line = lineText(at);
      if (dropped.has(at) || line.trim() === '') continue;
      const indent = /^[ \t]+/.exec(line)?.[0].length ?? 0;
      if (indent === 0) break;
      edits.push({ start: at, end: at + indent, newText: '  ' });
    }
  }
  const unique = [...new Map(edits.map((e) => [e.start, e])).values()].sort((a, b) => a.start - b.start);
  return { title: 'Indent the continuation as a folded value (key: >-)', edits: unique };
}

// Surgical edits of a JSON file's text. jsonc-parser gives the parse tree with offsets; the edits
// are made here, because jsonc-parser's `modify` reflows the whole lines around an edit (e.g.
// `"a": [1,2]` becomes four lines) and its removal of a last array element eats the newline
// before `]`. Insertions are appends laid out in the file's own style; removals are their inverse.

import { findNodeAtLocation, parseTree, printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';

export type JsonPath = (string | number)[];

export interface JsonStyle {
  /** One level of indentation, as the file writes it. */
  unit: string;
  eol: string;
}

/** The indentation and line ending the file already uses (2 spaces and \n for new files). */
export function detectStyle(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)["\]}{[]/.exec(text);
  let unit = '  ';
  if (m) {
    const ws = m[1]!;
    unit = ws.startsWith('\t') ? '\t' : ' '.repeat(Math.min(ws.length, 8));
  }
  return { unit, eol };
}

export type StrictParse = { ok: true; tree: Node; value: unknown } | { ok: false; message: string; line: number; column: number };

/** Where the installer edits: the parse tree is complete along and under these paths only. */
export const EDITED_PATHS: readonly (readonly string[])[] = [['hooks', 'PreToolUse'], ['hooks', 'SessionStart'], ['permissions', 'deny'], ['sandbox']];

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * Claude Code's settings are strict JSON: no comments, no trailing commas. The value comes from
 * JSON.parse; the tree (for offsets) is complete along and under the paths in `fullUnder`, other
 * containers are leaf nodes with their offset and length: a 10 MB `permissions.allow` or `env`
 * costs one scan, not a node per string. `fullUnder: null` gives the whole tree.
 */
export function parseStrict(text: string, fullUnder: readonly (readonly string[])[] | null = EDITED_PATHS): StrictParse {
  const errors: ParseError[] = [];
  const tree = fullUnder === null ? parseTree(text, errors, STRICT) : shallowTree(text, errors, fullUnder);
  let value: unknown;
  let ok = errors.length === 0 && tree !== undefined;
  if (ok) {
    try {
      value = JSON.parse(text);
    } catch {
      ok = false; // an error inside a part the shallow tree skipped: find it with the full parse
    }
  }
  if (!ok) {
    if (errors.length === 0 && fullUnder !== null) parseTree(text, errors, STRICT);
    const e = errors[0];
    const offset = e?.offset ?? 0;
    const { line, column } = lineColumn(text, offset);
    const what = e ? describeError(printParseErrorCode(e.error)) : 'no JSON value';
    return { ok: false, message: `${what} at line ${line}, column ${column}`, line, column };
  }
  return { ok: true, tree: tree!, value };
}

/** parseTree's tree (same node shapes), with containers off the paths in `fullUnder` as leaves. */
function shallowTree(text: string, errors: ParseError[], fullUnder: readonly (readonly string[])[]): Node | undefined {
  type M = { type: Node['type']; offset: number; length: number; parent?: M; children?: M[]; value?: unknown; colonOffset?: number };
  const top: M = { type: 'array', offset: -1, length: -1, children: [] };
  let parent: M = top;
  const complete = (end: number) => {
    if (parent.type === 'property') {
      parent.length = end - parent.offset;
      parent = parent.parent!;
    }
  };
  const add = (n: M) => {
    parent.children!.push(n);
    return n;
  };
  /** A container off every edited path (neither on the way to one nor under one): a leaf. */
  const skip = () => {
    const keys: string[] = [];
    for (let n: M | undefined = parent; n && n !== top; n = n.parent) {
      if (n.type === 'array') return false; // inside an array that was expanded: under an edited path
      if (n.type === 'property') keys.push(String(n.children?.[0]?.value));
    }
    keys.reverse();
    return !fullUnder.some((path) => path.every((k, i) => i >= keys.length || keys[i] === k));
  };
  const begin = (type: 'object' | 'array') => (offset: number) => {
    const leaf = skip();
    parent = add({ type, offset, length: -1, parent, ...(leaf ? {} : { children: [] }) });
    return leaf ? false : undefined;
  };
  const end = (offset: number, length: number) => {
    complete(offset + length);
    parent.length = offset + length - parent.offset;
    parent = parent.parent!;
    complete(offset + length);
  };
  visit(
    text,
    {
      onObjectBegin: begin('object'),
      onArrayBegin: begin('array'),
      onObjectEnd: end,
      onArrayEnd: end,
      onObjectProperty: (name, offset, length) => {
        parent = add({ type: 'property', offset, length: -1, parent, children: [] });
        parent.children!.push({ type: 'string', value: name, offset, length, parent });
      },
      onLiteralValue: (value: unknown, offset, length) => {
        add({ type: value === null ? 'null' : (typeof value as Node['type']), offset, length, parent, value });
        complete(offset + length);
      },
      onSeparator: (sep, offset) => {
        if (parent.type === 'property') {
          if (sep === ':') parent.colonOffset = offset;
          else if (sep === ',') complete(offset);
        }
      },
      onError: (error, offset, length) => {
        errors.push({ error, offset, length });
      },
    },
    STRICT,
  );
  const root = top.children![0];
  if (root) delete root.parent;
  return root as Node | undefined;
}

function describeError(code: string): string {
  const map: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidCommentToken: 'a comment (not allowed in settings JSON)',
    PropertyNameExpected: 'a property name expected (trailing comma?)',
    ValueExpected: 'a value expected (trailing comma?)',
    CommaExpected: 'a comma expected',
    ColonExpected: 'a colon expected',
    CloseBraceExpected: 'a closing } expected',
    CloseBracketExpected: 'a closing ] expected',
    EndOfFileExpected: 'end of file expected',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    InvalidEscapeCharacter: 'invalid escape in a string',
    InvalidUnicode: 'invalid unicode escape',
    InvalidCharacter: 'invalid character in a string',
  };
  return map[code] ?? code;
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

export function nodeAt(text: string, path: JsonPath): Node | undefined {
  const tree = parseTree(text);
  return tree ? findNodeAtLocation(tree, path) : undefined;
}

/** The indentation of the line a node starts on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function layout(value: unknown, indent: string, style: JsonStyle): string {
  return JSON.stringify(value, null, style.unit)
    .split('\n')
    .join(style.eol + indent);
}

/** One replacement of `text.slice(start, end)`; an insertion has start === end. */
export interface Edit {
  start: number;
  end: number;
  text: string;
  /**
   * An item appended after an existing sibling (`,<eol><indent>item`): removing the item with its
   * separator, as removalEdits does, gives back exactly the text before.
   */
  append?: true;
}

/**
 * Applies edits computed against the same text. Null when two of them overlap (the caller then
 * applies them one at a time). Insertions at the same offset keep their order in `edits`.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string | null {
  const sorted = edits.map((e, i) => ({ ...e, i })).sort((a, b) => a.start - b.start || a.i - b.i);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.start < prev.end || (cur.start === prev.start && prev.end > prev.start)) return null;
  }
  const out: string[] = [];
  let at = 0;
  for (const e of sorted) {
    out.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  out.push(text.slice(at));
  return out.join('');
}

function nodeIn(tree: Node, path: JsonPath): Node | undefined {
  return path.length === 0 ? tree : findNodeAtLocation(tree, path);
}

/** The edit that adds `key: value` to the object at `path` (which must exist and lack `key`). */
export function addPropertyEdit(text: string, tree: Node, path: JsonPath, key: string, value: unknown, style: JsonStyle): Edit {
  const obj = nodeIn(tree, path);
  if (obj?.type !== 'object') throw new Error(`no object at ${path.join('.') || 'the top level'}`);
  const props = obj.children ?? [];
  const closeOffset = obj.offset + obj.length - 1;
  if (props.length > 0) {
    const last = props[props.length - 1]!;
    const indent = lineIndent(text, last.offset);
    const multiline = /\n/.test(text.slice(obj.offset, props[0]!.offset));
    const sep = multiline ? `,${style.eol}${indent}` : ', ';
    const at = last.offset + last.length;
    return {
      start: at,
      end: at,
      text: `${sep}${JSON.stringify(key)}: ${layout(value, multiline ? indent : '', multiline ? style : { ...style, unit: '' })}`,
      append: true,
    };
  }
  const outer = lineIndent(text, obj.offset);
  const inner = outer + style.unit;
  return { start: obj.offset, end: closeOffset + 1, text: `{${style.eol}${inner}${JSON.stringify(key)}: ${layout(value, inner, style)}${style.eol}${outer}}` };
}

/**
 * The edits that add several `key: value` pairs (none of them present) to the object at `path`:
 * appends after the last property, or, in an empty object, one replacement holding them all (two
 * replacements of the same `{}` would overlap).
 */
export function addPropertiesEdits(text: string, tree: Node, path: JsonPath, entries: readonly (readonly [string, unknown])[], style: JsonStyle): Edit[] {
  if (entries.length === 0) return [];
  const obj = nodeIn(tree, path);
  if (obj?.type !== 'object') throw new Error(`no object at ${path.join('.') || 'the top level'}`);
  if ((obj.children ?? []).length > 0) return entries.map(([k, v]) => addPropertyEdit(text, tree, path, k, v, style));
  const outer = lineIndent(text, obj.offset);
  const inner = outer + style.unit;
  const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${layout(v, inner, style)}`).join(`,${style.eol}`);
  return [{ start: obj.offset, end: obj.offset + obj.length, text: `{${style.eol}${body}${style.eol}${outer}}` }];
}

/** The edit that appends `values` to the array at `path` (which must exist). */
export function appendToArrayEdit(text: string, tree: Node, path: JsonPath, values: readonly unknown[], style: JsonStyle): Edit {
  const arr = nodeIn(tree, path);
  if (arr?.type !== 'array') throw new Error(`no array at ${path.join('.')}`);
  const items = arr.children ?? [];
  const closeOffset = arr.offset + arr.length - 1;
  if (items.length > 0) {
    const last = items[items.length - 1]!;
    const multiline = /\n/.test(text.slice(arr.offset, items[0]!.offset));
    const indent = multiline ? lineIndent(text, items[0]!.offset) : '';
    const at = last.offset + last.length;
    return {
      start: at,
      end: at,
      text: values.map((v) => (multiline ? `,${style.eol}${indent}${layout(v, indent, style)}` : `, ${JSON.stringify(v)}`)).join(''),
      append: true,
    };
  }
  const outer = lineIndent(text, arr.offset);
  const inner = outer + style.unit;
  return {
    start: arr.offset,
    end: closeOffset + 1,
    text: `[${values.map((v) => `${style.eol}${inner}${layout(v, inner, style)}`).join(',')}${style.eol}${outer}]`,
  };
}

/** The edit that replaces a scalar value in place. */
export function replaceValueEdit(tree: Node, path: JsonPath, value: string | number | boolean): Edit {
  const node = nodeIn(tree, path);
  if (!node) throw new Error(`nothing at ${path.join('.')}`);
  return { start: node.offset, end: node.offset + node.length, text: JSON.stringify(value) };
}

/**
 * The edits that remove these nodes (values, or the properties holding them), all from one parse:
 * the exact inverse of the appends above, as if removed one by one. A node inside another removed
 * one is covered by it; a container left with no child is written `{}` / `[]`.
 */
export function removalEdits(nodes: readonly Node[]): Edit[] {
  const targets = new Set<Node>(nodes.map((n) => (n.parent?.type === 'property' ? n.parent : n)));
  const covered = (n: Node) => {
    for (let p = n.parent; p; p = p.parent) if (targets.has(p)) return true;
    return false;
  };
  const byContainer = new Map<Node, Node[]>();
  for (const t of targets) {
    if (covered(t) || !t.parent) continue;
    const list = byContainer.get(t.parent) ?? [];
    list.push(t);
    byContainer.set(t.parent, list);
  }
  const edits: Edit[] = [];
  for (const [container, removed] of byContainer) {
    const siblings = container.children ?? [];
    if (removed.length === siblings.length) {
      edits.push({ start: container.offset, end: container.offset + container.length, text: container.type === 'object' ? '{}' : '[]' });
      continue;
    }
    const gone = new Set(removed);
    for (let i = 0; i < siblings.length; i++) {
      if (!gone.has(siblings[i]!)) continue;
      let j = i;
      while (j + 1 < siblings.length && gone.has(siblings[j + 1]!)) j++;
      if (i > 0) edits.push({ start: siblings[i - 1]!.offset + siblings[i - 1]!.length, end: siblings[j]!.offset + siblings[j]!.length, text: '' });
      else edits.push({ start: siblings[0]!.offset, end: siblings[j + 1]!.offset, text: '' });
      i = j;
    }
  }
  return edits;
}

/** The first key that appears twice in one object (JSON.parse keeps the last, so an edit of the first is lost). */
export function duplicateKey(text: string, tree: Node): { key: string; line: number; column: number } | null {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      const seen = new Set<string>();
      for (const prop of n.children ?? []) {
        const k = prop.children?.[0];
        if (k && typeof k.value === 'string') {
          if (seen.has(k.value)) return { key: k.value, ...lineColumn(text, k.offset) };
          seen.add(k.value);
        }
      }
    }
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return null;
}

/** Adds `key: value` to the object at `path` (which must exist and lack `key`). */
export function addProperty(text: string, path: JsonPath, key: string, value: unknown, style: JsonStyle): string {
  return applyEdits(text, [addPropertyEdit(text, treeOf(text), path, key, value, style)])!;
}

/** Appends `value` to the array at `path` (which must exist). */
export function appendToArray(text: string, path: JsonPath, value: unknown, style: JsonStyle): string {
  return applyEdits(text, [appendToArrayEdit(text, treeOf(text), path, [value], style)])!;
}

/** Replaces a scalar value in place. */
export function replaceValue(text: string, path: JsonPath, value: string | number | boolean): string {
  return applyEdits(text, [replaceValueEdit(treeOf(text), path, value)])!;
}

/** Removes a property or array element with its separator (see removalEdits). */
export function removeAt(text: string, path: JsonPath): string {
  const tree = parseTree(text);
  const node = tree ? nodeIn(tree, path) : undefined;
  if (!node || !(node.parent?.type === 'property' ? node.parent : node).parent) return text;
  return applyEdits(text, removalEdits([node]))!;
}

function treeOf(text: string): Node {
  const tree = parseTree(text);
  if (!tree) throw new Error('no JSON value');
  return tree;
}

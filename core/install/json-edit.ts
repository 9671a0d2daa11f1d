// Surgical edits of a JSON file's text. jsonc-parser gives the parse tree with offsets; the edits
// are made here, because jsonc-parser's `modify` reflows the whole lines around an edit (e.g.
// `"a": [1,2]` becomes four lines) and its removal of a last array element eats the newline
// before `]`. Insertions are appends laid out in the file's own style; removals are their inverse.

import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export type JsonPath = (string | number)[];

export interface JsonStyle {
  /** One level of indentation, as the file writes it. */
  unit: string;
  eol: string;
}

/** The indentation and line ending the file already uses (2 spaces and \n for new files). */
export function detectStyle(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)["\]}{\[]/.exec(text);
  let unit = '  ';
  if (m) {
    const ws = m[1]!;
    unit = ws.startsWith('\t') ? '\t' : ' '.repeat(Math.min(ws.length, 8));
  }
  return { unit, eol };
}

export type StrictParse = { ok: true; tree: Node; value: unknown } | { ok: false; message: string; line: number; column: number };

/** Claude Code's settings are strict JSON: no comments, no trailing commas. */
export function parseStrict(text: string): StrictParse {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    const e = errors[0];
    const offset = e?.offset ?? 0;
    const { line, column } = lineColumn(text, offset);
    const what = e ? describeError(printParseErrorCode(e.error)) : 'no JSON value';
    return { ok: false, message: `${what} at line ${line}, column ${column}`, line, column };
  }
  return { ok: true, tree, value: getNodeValue(tree) };
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
  return JSON.stringify(value, null, style.unit).split('\n').join(style.eol + indent);
}

/** Adds `key: value` to the object at `path` (which must exist and lack `key`). */
export function addProperty(text: string, path: JsonPath, key: string, value: unknown, style: JsonStyle): string {
  const obj = nodeAt(text, path);
  if (!obj || obj.type !== 'object') throw new Error(`no object at ${path.join('.') || 'the top level'}`);
  const props = obj.children ?? [];
  const closeOffset = obj.offset + obj.length - 1;
  if (props.length > 0) {
    const last = props[props.length - 1]!;
    const indent = lineIndent(text, last.offset);
    const multiline = /\n/.test(text.slice(obj.offset, props[0]!.offset));
    const sep = multiline ? `,${style.eol}${indent}` : ', ';
    const insert = `${sep}${JSON.stringify(key)}: ${layout(value, multiline ? indent : '', multiline ? style : { ...style, unit: '' })}`;
    const at = last.offset + last.length;
    return text.slice(0, at) + insert + text.slice(at);
  }
  const outer = lineIndent(text, obj.offset);
  const inner = outer + style.unit;
  const body = `{${style.eol}${inner}${JSON.stringify(key)}: ${layout(value, inner, style)}${style.eol}${outer}}`;
  return text.slice(0, obj.offset) + body + text.slice(closeOffset + 1);
}

/** Appends `value` to the array at `path` (which must exist). */
export function appendToArray(text: string, path: JsonPath, value: unknown, style: JsonStyle): string {
  const arr = nodeAt(text, path);
  if (!arr || arr.type !== 'array') throw new Error(`no array at ${path.join('.')}`);
  const items = arr.children ?? [];
  const closeOffset = arr.offset + arr.length - 1;
  if (items.length > 0) {
    const last = items[items.length - 1]!;
    const multiline = /\n/.test(text.slice(arr.offset, items[0]!.offset));
    const indent = multiline ? lineIndent(text, items[0]!.offset) : '';
    const insert = multiline ? `,${style.eol}${indent}${layout(value, indent, style)}` : `, ${JSON.stringify(value)}`;
    const at = last.offset + last.length;
    return text.slice(0, at) + insert + text.slice(at);
  }
  const outer = lineIndent(text, arr.offset);
  const inner = outer + style.unit;
  const body = `[${style.eol}${inner}${layout(value, inner, style)}${style.eol}${outer}]`;
  return text.slice(0, arr.offset) + body + text.slice(closeOffset + 1);
}

/** Replaces a scalar value in place. */
export function replaceValue(text: string, path: JsonPath, value: string | number | boolean): string {
  const node = nodeAt(text, path);
  if (!node) throw new Error(`nothing at ${path.join('.')}`);
  return text.slice(0, node.offset) + JSON.stringify(value) + text.slice(node.offset + node.length);
}

/**
 * Removes a property or array element with its separator: the exact inverse of the appends above
 * (`,<eol><indent>item` after the previous sibling). A container left empty is written `{}` / `[]`.
 */
export function removeAt(text: string, path: JsonPath): string {
  const node = nodeAt(text, path);
  if (!node) return text;
  const target = node.parent?.type === 'property' ? node.parent : node;
  const container = target.parent;
  if (!container) return text;
  const siblings = container.children ?? [];
  const i = siblings.indexOf(target);
  if (siblings.length === 1) {
    const empty = container.type === 'object' ? '{}' : '[]';
    return text.slice(0, container.offset) + empty + text.slice(container.offset + container.length);
  }
  if (i > 0) {
    const prev = siblings[i - 1]!;
    return text.slice(0, prev.offset + prev.length) + text.slice(target.offset + target.length);
  }
  return text.slice(0, target.offset) + text.slice(siblings[1]!.offset);
}

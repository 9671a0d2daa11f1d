// How a workflow script reads its `args`, for AG-WF-004 (a bare `JSON.parse(args)`) and for the AG-WF-003 fix that passes a value in through args: one reading of the
// script, and one way to make it read args robustly (the line AG-WF-004 advises).

import { full } from 'acorn-walk';
import type { Program } from 'acorn';
import { isIdent, isMember, isMetaExport, walk, type AnyNode } from './js';

/** The line that reads args whichever form it arrives in (an object, or a JSON string). */
export const PARSE_ARGS = "const A = typeof args === 'string' ? JSON.parse(args) : (args || {});";

export interface ArgsReading {
  /** The script tests `typeof args` against 'string' somewhere: it handles both forms. */
  robust: boolean;
  /** `JSON.parse(args)` calls (throw when args is an object). */
  bareParses: AnyNode[];
  /** `args` used as an object: `args.x`, `const { x } = args` (the `args` identifiers). */
  uses: AnyNode[];
}

const isTypeofArgsTest = (n: AnyNode) =>
  n.type === 'BinaryExpression' &&
  /^[!=]==?$/.test(n.operator) &&
  [n.left, n.right].some((s: AnyNode) => s.type === 'UnaryExpression' && s.operator === 'typeof' && isIdent(s.argument, 'args'));

export function readArgs(program: Program): ArgsReading {
  const r: ArgsReading = { robust: false, bareParses: [], uses: [] };
  walk(program, (n: AnyNode) => {
    // typeof args === 'string' (either side): the script handles both forms.
    if (isTypeofArgsTest(n)) r.robust = true;
    else if (n.type === 'CallExpression' && isMember(n.callee, 'JSON', 'parse') && isIdent(n.arguments[0], 'args')) r.bareParses.push(n);
    else if (n.type === 'MemberExpression' && isIdent(n.object, 'args')) r.uses.push(n.object);
    else if (n.type === 'VariableDeclarator' && n.id.type === 'ObjectPattern' && isIdent(n.init, 'args')) r.uses.push(n.init);
  });
  return r;
}

/** Where PARSE_ARGS goes: on the line after `export const meta = …`, or at the top. */
export function parseArgsInsertion(program: Program, text: string): { at: number; prefix: string } {
  const meta = (program.body as AnyNode[]).find(isMetaExport);
  if (!meta) return { at: 0, prefix: '' };
  const nl = text.indexOf('\n', meta.end);
  return nl < 0 ? { at: text.length, prefix: '\n' } : { at: nl + 1, prefix: '' };
}

/**
 * The name under which a script can read its args robustly at `before` (an offset in top-level
 * code), and the edits that make it so: an existing top-level `const X = …typeof args…` declared
 * earlier is reused; otherwise PARSE_ARGS is added after meta, and the script's other reads of
 * args (`args.x`, `JSON.parse(args)`) go through A too, so nothing is left reading one form only.
 * `extraLine` goes on the line after the declaration (a check on what the caller passed). Null
 * when that cannot be done plainly (args tested in some other way, A already taken, the
 * declaration would come after `before`).
 */
export function robustArgs(
  program: Program,
  text: string,
  before: number,
  extraLine: (name: string) => string,
): { name: string; edits: { start: number; end: number; newText: string }[] } | null {
  const reading = readArgs(program);
  if (reading.robust) {
    for (const s of program.body as AnyNode[]) {
      if (s.type !== 'VariableDeclaration' || s.declarations.length !== 1 || s.end > before) continue;
      const d = s.declarations[0];
      if (d.id.type !== 'Identifier' || !d.init) continue;
      let tests = false;
      full(d.init, (n) => {
        if (isTypeofArgsTest(n as AnyNode)) tests = true;
      });
      if (!tests) continue;
      const nl = text.indexOf('\n', s.end);
      const at = nl < 0 ? text.length : nl + 1;
      return { name: d.id.name, edits: [{ start: at, end: at, newText: `${nl < 0 ? '\n' : ''}${extraLine(d.id.name)}\n` }] };
    }
    return null;
  }
  let taken = false;
  walk(program, (n: AnyNode) => {
    if (isIdent(n, 'A')) taken = true;
  });
  const { at, prefix } = parseArgsInsertion(program, text);
  if (taken || at > before) return null;
  return {
    name: 'A',
    edits: [
      { start: at, end: at, newText: `${prefix}${PARSE_ARGS}\n${extraLine('A')}\n` },
      ...[...reading.bareParses, ...reading.uses].map((u) => ({ start: u.start, end: u.end, newText: 'A' })),
    ],
  };
}

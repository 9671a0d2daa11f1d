// Effects of interpreter one-liners (python -c, node -e, ruby -e, perl -e, php -r, …): the files
// they open for reading or writing and whether they dump the environment. String literals joined
// by `+` or `.` are joined first, so `'.e' + 'nv'` is `.env`. The API names are data
// (signatures/interpreters.ts, CODE_APIS); one linear pass over the code.

import { syntheticValue, type Invocation } from '../shell/analyze';
import type { Effect } from './types';
import { target } from './derive';
import { CODE_APIS } from './signatures/interpreters';

const MAX_CODE = 64 * 1024;

export interface Literal {
  text: string;
  start: number;
  end: number;
}

/** String literals in order, with adjacent ones joined across `+` / `.` concatenation. Linear. */
export function literals(code: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c !== '"' && c !== "'" && c !== '`') {
      i++;
      continue;
    }
    let text = '';
    let j = i + 1;
    for (; j < code.length && code[j] !== c; j++) {
      if (code[j] === '\\' && j + 1 < code.length) j++;
      text += code[j];
    }
    const lit = { text, start: i, end: j + 1 };
    const prev = out[out.length - 1];
    if (prev && /^\s*[+.]\s*$/.test(code.slice(prev.end, i))) {
      prev.text += text;
      prev.end = lit.end;
    } else out.push(lit);
    i = j + 1;
  }
  return out;
}

const synthetic = syntheticValue;

export function codeEffects(lang: string, code: string, inv: Invocation, home: string): Effect[] {
  const api = CODE_APIS[lang];
  if (!api || code.length > MAX_CODE) return [];
  const out: Effect[] = [];
  const lits = literals(code);
  const reads = api.read.test(code);
  // A literal that directly follows a write call (`open('x', 'w')`, `writeFileSync('x'`) is written.
  const writeAt = new Set<number>();
  for (const m of code.matchAll(api.write)) {
    const after = m.index! + m[0].length;
    const lit = lits.find((l) => l.start >= after && /^[\s(]*$/.test(code.slice(after, l.start)));
    if (lit) writeAt.add(lit.start);
  }
  for (const l of lits) {
    if (l.text.length < 2 || l.text.length > 400 || !/[./~]/.test(l.text) || /\s/.test(l.text)) continue;
    if (writeAt.has(l.start)) out.push({ kind: 'write', target: target(inv, synthetic(l.text), home), how: `${inv.program} code` });
    else if (reads) out.push({ kind: 'read', source: 'file', target: target(inv, synthetic(l.text), home), mode: 'content', assumed: true });
  }
  if (api.envDump.test(code)) out.push({ kind: 'read', source: 'env', mode: 'content' });
  return out;
}

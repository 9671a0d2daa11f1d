// Effects of interpreter one-liners (python -c, node -e, ruby -e, perl -e, php -r, …): the files
// they open for reading or writing, the files they delete or rename, and whether they dump the
// environment. String literals joined by `+` or `.` are joined first, so `'.e' + 'nv'` is `.env`.
// The API names are data (signatures/interpreters.ts, CODE_APIS); one linear pass over the code.

import { syntheticValue, type Invocation } from '../shell/analyze';
import type { Effect } from './types';
import { target } from './derive';
import { CODE_APIS } from './signatures/interpreters';
import { readCode } from '../shell/interpreters';
import { codeDestroys } from './destroy';

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

/**
 * Starts of the literals that directly follow a match of `calls` (only spaces and `(` between).
 * Both lists are in text order, so one pointer walks the literals once (linear, not matches × literals).
 */
function literalsAfter(code: string, calls: RegExp, lits: Literal[]): Set<number> {
  const at = new Set<number>();
  let next = 0;
  for (const m of code.matchAll(calls)) {
    const after = m.index! + m[0].length;
    while (next < lits.length && lits[next]!.start < after) next++;
    const lit = lits[next];
    if (!lit) break;
    let i = after;
    while (i < lit.start && (code[i] === '(' || /\s/.test(code[i]!))) i++;
    if (i === lit.start) at.add(lit.start);
  }
  return at;
}

export function codeEffects(lang: string, code: string, inv: Invocation, home: string): Effect[] {
  const api = CODE_APIS[lang];
  if (!api || code.length > MAX_CODE) return [];
  const out: Effect[] = [];
  const lits = literals(code);
  // Paths built in other ways (`"".join([".e", "nv"])`, `".e" "nv"`, a variable assigned once) as the reader folds them.
  for (const text of readCode(lang, code).strings) if (!lits.some((l) => l.text === text)) lits.push({ text, start: -1, end: -1 });
  const reads = api.read.test(code);
  // A literal that directly follows a write call (`open('x', 'w')`, `writeFileSync('x'`) is written;
  // one that directly follows a delete or rename call (`os.remove('x')`, `unlinkSync('x'`) is deleted.
  const writeAt = literalsAfter(code, api.write, lits);
  const deleteAt = literalsAfter(code, api.delete, lits);
  for (const l of lits) {
    if (l.text.length < 2 || l.text.length > 400 || !/[./~]/.test(l.text) || /\s/.test(l.text)) continue;
    if (deleteAt.has(l.start)) out.push({ kind: 'delete', target: target(inv, synthetic(l.text), home), recursive: false });
    else if (writeAt.has(l.start)) out.push({ kind: 'write', target: target(inv, synthetic(l.text), home), how: `${inv.program} code` });
    else if (reads) out.push({ kind: 'read', source: 'file', target: target(inv, synthetic(l.text), home), mode: 'content', assumed: true });
  }
  if (api.envDump.test(withoutEnvPassedOn(code))) out.push({ kind: 'read', source: 'env', mode: 'content' });
  for (const what of codeDestroys(lang, code)) out.push({ kind: 'destroy', store: what, target: null, row: `code:${lang}` });
  return out;
}

// The environment handed to a child process is passed on, not printed: `spawnSync(c, a, { env:
// process.env })`, `env: { ...process.env, CI: '1' }`, `subprocess.run(c, env=os.environ)`,
// `env={**os.environ}`, `env=dict(os.environ)` — as an argument of a call that starts a process
// (`console.log({ env: process.env })` is still a dump).
const ENV_SOURCE = String.raw`(?:\{\s*(?:\.\.\.|\*\*)\s*)?(?:process\.env|os\.environ(?:\.copy\(\))?|dict\(os\.environ\))`;
const ENV_ARGUMENT = new RegExp(String.raw`[,({]\s*env\s*[:=]\s*` + ENV_SOURCE, 'g');
// `env = os.environ.copy()` (or a spread/dict copy) bound to a name that is then only filled in
// (`env["X"] = …`, `env.update(…)`) and passed on to a process as `env=env` / `env: env`.
const ENV_COPY = new RegExp(String.raw`\b([A-Za-z_]\w*)\s*=\s*` + ENV_SOURCE, 'g');
const STARTS_PROCESS =
  /(?:^|\.)(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|execa|execaSync|execaCommand|Command|run|Popen|call|check_call|check_output|create_subprocess_exec|create_subprocess_shell)$/;
const MAX_COPIES = 8;
const LOOK_BACK = 400;

/** The name of the call whose argument list holds `at` (through enclosing `{…}` / `[…]`), or ''. Bounded look-back. */
function enclosingCall(code: string, at: number): string {
  let depth = 0;
  for (let i = at - 1; i >= 0 && i >= at - LOOK_BACK; i--) {
    const c = code[i]!;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth > 0) depth--;
      else if (c === '(') {
        let j = i;
        while (j > 0 && i - j < 80 && /[\w.]/.test(code[j - 1]!)) j--;
        return code.slice(j, i);
      }
    }
  }
  return '';
}

const passedToProcess = (code: string, at: number) => STARTS_PROCESS.test(enclosingCall(code, at));

/** The code with every environment that is only passed to a child process blanked out. Linear (bounded look-back, ≤ 8 copies). */
export function withoutEnvPassedOn(code: string): string {
  if (!/process\.env|os\.environ/.test(code)) return code;
  let masked = code.replace(ENV_ARGUMENT, (m, at: number) => (passedToProcess(code, at + 1) ? `${m[0]}env=_` : m));
  let copies = 0;
  for (const m of code.matchAll(ENV_COPY)) {
    if (++copies > MAX_COPIES) break;
    const name = m[1]!;
    const filledIn = new RegExp(String.raw`^(?:${name}\s*\[[^\]\n]*\]\s*=(?!=)|${name}\.(?:update|setdefault|pop|get)\s*\()`);
    let onlyPassedOn = true;
    for (const u of code.matchAll(new RegExp(String.raw`\b${name}\b`, 'g'))) {
      const at = u.index!;
      if (at === m.index!) continue;
      const handedOver = /[,({]\s*env\s*[:=]\s*$/.test(code.slice(Math.max(0, at - 16), at)) && !/^\w/.test(code.slice(at + name.length));
      // The `env` of `env=env` / `env: env` is the parameter's name, not a use.
      const isKey = /[,({]\s*$/.test(code.slice(Math.max(0, at - 16), at)) && /^\s*[:=](?!=)/.test(code.slice(at + name.length, at + name.length + 8));
      if (isKey || (handedOver && passedToProcess(code, at)) || filledIn.test(code.slice(at, at + 200))) continue;
      onlyPassedOn = false;
      break;
    }
    if (onlyPassedOn) masked = masked.replace(m[0], `${name} = _`);
  }
  return masked;
}

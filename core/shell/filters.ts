// What a program prints when the line fixes its input and arguments: the text a shell or an
// interpreter reading that output would run. Exact or null: echo (and -e), printf with %s/%b/%%,
// cat passing its input through, rev, tr with literal sets, base64 -d, xxd -r -p and
// `openssl base64 -d`. Anything else (sed, awk, a program that computes) is null, and a shell fed
// it runs a script nobody can read now (analyze.ts marks it computed). Each filter is one pass
// over its input.

import { work } from '../work';
import { namesOnly } from '../programs/table';

const ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
};
namesOnly(ESCAPES);

/**
 * Backslash escapes as echo -e, printf's format and %b read them; null for the ones this does not
 * compute exactly (\c stops all output, \u and \U are code points in some shells only).
 * `format`: printf's format (\NNN octal); else echo -e and %b (\0NNN octal).
 */
export function unescapeExact(t: string, format: boolean): string | null {
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c !== '\\' || i + 1 >= t.length) {
      out += c;
      continue;
    }
    const n = t[++i]!;
    if (ESCAPES[n] !== undefined && !(format && (n === "'" || n === '"'))) out += ESCAPES[n];
    else if (n === 'x') {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(t.slice(i + 1, i + 3))?.[0] ?? '';
      if (!hex) return null;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += hex.length;
    } else if (/[0-7]/.test(n) && (format || n === '0')) {
      const digits = format ? /^[0-7]{1,3}/.exec(t.slice(i, i + 3))![0] : (/^[0-7]{0,3}/.exec(t.slice(i + 1, i + 4))?.[0] ?? '');
      out += String.fromCharCode(Number.parseInt(digits || '0', 8) & 0xff);
      i += format ? digits.length - 1 : digits.length;
    } else if (n === 'c' || n === 'u' || n === 'U') return null;
    else out += `\\${n}`;
  }
  return out;
}

/** printf FORMAT ARGS…: %s, %b and %% only (width, precision and numbers are not computed); the format repeats while arguments remain. */
export function printfExact(format: string, args: string[], max: number): string | null {
  const f = unescapeExact(format, true);
  if (f === null) return null;
  let out = '';
  let next = 0;
  for (;;) {
    let used = false;
    for (let i = 0; i < f.length; i++) {
      const c = f[i]!;
      if (c !== '%') {
        out += c;
        continue;
      }
      const spec = f[++i];
      if (spec === '%') out += '%';
      else if (spec === 's' || spec === 'b') {
        const a = args[next++] ?? '';
        used = true;
        const text = spec === 'b' ? unescapeExact(a, false) : a;
        if (text === null) return null;
        out += text;
      } else return null;
    }
    if (out.length > max) return null;
    if (!used || next >= args.length) return out;
  }
}

const CLASSES: Record<string, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digit: '0123456789',
  space: ' \t\n\r\f\v',
  blank: ' \t',
};
namesOnly(CLASSES);

/** A tr set as its characters, in order: literal characters, a-z ranges, escapes, [:lower:]-style classes; null for the rest. */
function trSet(s: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const cls = /^\[:([a-z]+):\]/.exec(s.slice(i, i + 10));
    if (cls) {
      const chars = CLASSES[cls[1]!];
      if (chars === undefined) return null;
      out.push(...chars);
      i += cls[0].length - 1;
      continue;
    }
    if (s[i] === '[' && /^\[(?:=|.\*)/.test(s.slice(i, i + 3))) return null; // [=c=], [c*n]
    let c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      const e = unescapeExact(s.slice(i, i + 2), true);
      if (e === null || e.length !== 1) return null;
      c = e;
      i++;
    }
    if (s[i + 1] === '-' && i + 2 < s.length) {
      const to = s[i + 2]!;
      if (to === '\\' || to.charCodeAt(0) < c.charCodeAt(0)) return null;
      for (let k = c.charCodeAt(0); k <= to.charCodeAt(0); k++) out.push(String.fromCharCode(k));
      i += 2;
      continue;
    }
    out.push(c);
  }
  return out;
}

function tr(args: string[], input: string): string | null {
  let del = false;
  let i = 0;
  for (; i < args.length && /^-/.test(args[i]!) && args[i] !== '-'; i++) {
    if (args[i] === '--') {
      i++;
      break;
    }
    if (args[i] === '-d') del = true;
    else return null; // -c, -s, -t: not computed
  }
  const sets = args.slice(i);
  const from = sets[0] === undefined ? null : trSet(sets[0]);
  if (from === null) return null;
  if (del) {
    if (sets.length !== 1) return null;
    const gone = new Set(from);
    let out = '';
    for (const c of input) if (!gone.has(c)) out += c;
    return out;
  }
  const to = sets.length === 2 ? trSet(sets[1]!) : null;
  if (to === null || to.length === 0) return null;
  const map = new Map<string, string>();
  // The last of each character's mappings wins; a shorter second set repeats its last character.
  for (let k = 0; k < from.length; k++) map.set(from[k]!, to[Math.min(k, to.length - 1)]!);
  let out = '';
  for (const c of input) out += map.get(c) ?? c;
  return out;
}

function fromBase64(input: string): string | null {
  const t = input.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t) || t.length % 4 === 1) return null;
  return Buffer.from(t, 'base64').toString('latin1');
}

function fromHex(input: string): string | null {
  const t = input.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(t)) return null;
  return Buffer.from(t, 'hex').toString('latin1');
}

/**
 * The exact output of `program args` given `input` on stdin (null when the line does not fix it),
 * or null when this program's output is not computed here. Never longer than `max`.
 */
export function filterOutput(program: string, args: (string | null)[], input: string | null, max: number): string | null {
  if (args.some((a) => a === null)) return null;
  const w = args as string[];
  work(1 + w.length + ((input?.length ?? 0) >> 4));
  let out: string | null = null;
  switch (program) {
    case 'echo': {
      let i = 0;
      let newline = true;
      let escapes = false;
      for (; i < w.length && /^-[neE]+$/.test(w[i]!); i++) {
        if (w[i]!.includes('n')) newline = false;
        if (w[i]!.includes('e')) escapes = true;
        if (w[i]!.includes('E')) escapes = false;
      }
      const text = w.slice(i).join(' ');
      const body = escapes ? unescapeExact(text, false) : text;
      out = body === null ? null : body + (newline ? '\n' : '');
      break;
    }
    case 'printf': {
      const rest = w[0] === '--' ? w.slice(1) : w;
      out = rest.length === 0 || rest[0]!.startsWith('-') ? null : printfExact(rest[0]!, rest.slice(1), max);
      break;
    }
    case 'cat':
      out = w.every((a) => a === '-') ? input : null;
      break;
    case 'rev':
      out =
        input === null || w.length > 0
          ? null
          : input
              .split('\n')
              .map((l) => [...l].reverse().join(''))
              .join('\n');
      break;
    case 'tr':
      out = input === null ? null : tr(w, input);
      break;
    case 'base64':
    case 'gbase64':
      out =
        input !== null &&
        w.length > 0 &&
        w.every((a) => /^(?:-d|--decode|-D|-di|-id|-i|--ignore-garbage)$/.test(a)) &&
        w.some((a) => a !== '-i' && a !== '--ignore-garbage')
          ? fromBase64(input)
          : null;
      break;
    case 'xxd':
      out = input !== null && w.length === 2 && w.includes('-r') && w.includes('-p') ? fromHex(input) : null;
      break;
    case 'openssl':
      out = input !== null && w[0] === 'base64' && w.slice(1).every((a) => a === '-d' || a === '-A') && w.includes('-d') ? fromBase64(input) : null;
      break;
  }
  return out !== null && out.length <= max ? out : null;
}

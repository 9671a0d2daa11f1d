// Word text operations that need no walk and no state: parameter-expansion operators applied to a
// known text (${v:off:len}, ${v/a/b}, ${v#pat}), brace expansion, printf's escapes, and a word's
// literal text or program name. analyze.ts's evaluation (evalWord, evalParam) calls them.

import type { Word } from './ast';
import { basename } from '../paths';
import { work } from '../work';
import type { Value } from './model';

export function programName(v: Value | undefined): string {
  if (!v) return '';
  if (v.known === null) return literalTail(v.word);
  const name = basename(v.known);
  // Most names end in no extension at all: the replacement only where one could be `.exe`.
  return name.length >= 4 && name.charCodeAt(name.length - 4) === 46 ? name.replace(/\.exe$/i, '') : name;
}

/**
 * `"$VIRTUAL_ENV/bin/python"`, `$X/rm`: the directory is computed but the program's name is
 * written out after the last slash, so the program is that name. '' when the name itself is computed.
 */
function literalTail(word: Word): string {
  const last = word.parts[word.parts.length - 1];
  if (last?.type !== 'lit') return '';
  const slash = last.text.lastIndexOf('/');
  const name = slash < 0 ? '' : last.text.slice(slash + 1);
  return /^[\w.+-]+$/.test(name) ? name.replace(/\.exe$/i, '') : '';
}

/** The text of a word written out in full (no expansion in it), or null. */
export function literalText(word: Word): string | null {
  let t = '';
  for (const p of word.parts) {
    if (p.type !== 'lit') return null;
    t += p.text;
  }
  return t;
}

const SUBSTRING = /^:[ \t]*(-?\d{1,9})[ \t]*(?::[ \t]*(-?\d{1,9})[ \t]*)?$/;

const REPLACE = /^\/([/#%]?)([^/]+)(?:\/([^/]*))?$/;

/**
 * ${x:off:len}, ${x/pat/rep} (also //, /#, /%), ${x^^}, ${x,,}, ${x^}, ${x,}, ${x@U}, ${x@L}, ${x@u}:
 * the value bash gives, for a literal operation (a pattern without wildcards, a replacement without
 * `&`); null for any other form, which is then an unknown value. One pass over the value.
 */
export function otherOp(value: string, spec: string): string | null {
  const sub = SUBSTRING.exec(spec);
  if (sub) {
    const chars = [...value];
    work(chars.length);
    const n = chars.length;
    const off = Number(sub[1]);
    const start = off < 0 ? n + off : off;
    if (start < 0 || start > n) return '';
    if (sub[2] === undefined) return chars.slice(start).join('');
    const len = Number(sub[2]);
    const end = len >= 0 ? Math.min(n, start + len) : n + len;
    return end < start ? null : chars.slice(start, end).join('');
  }
  const rep = REPLACE.exec(spec);
  if (rep) {
    const [, anchor, pattern, replacement = ''] = rep;
    if (/[*?[\]&]/.test(pattern! + replacement) || /[+@!]\(/.test(pattern!)) return null;
    if (anchor === '#') return value.startsWith(pattern!) ? replacement + value.slice(pattern!.length) : value;
    if (anchor === '%') return value.endsWith(pattern!) ? value.slice(0, value.length - pattern!.length) + replacement : value;
    if (anchor === '/') return value.split(pattern!).join(replacement);
    const i = value.indexOf(pattern!);
    return i < 0 ? value : value.slice(0, i) + replacement + value.slice(i + pattern!.length);
  }
  switch (spec) {
    case '^^':
    case '@U':
      return value.toUpperCase();
    case ',,':
    case '@L':
      return value.toLowerCase();
    case '^':
    case '@u':
      return value.slice(0, 1).toUpperCase() + value.slice(1);
    case ',':
      return value.slice(0, 1).toLowerCase() + value.slice(1);
    default:
      return null;
  }
}

// ${V%pat}, ${V%%pat}, ${V#pat}, ${V##pat} for the patterns paths use: a literal, `L*` or `*L`
// (`${PWD%/*}`, `${f##*/}`, `${f%.*}`). Each is one indexOf, so evaluation stays linear. Null for
// other patterns (the value is then not judged).
export function removePattern(value: string, op: string, pattern: string): string | null {
  const stars = pattern.split('*').length - 1;
  if (/[?[\]\\]/.test(pattern) || stars > 1) return null;
  const suffix = op === '%' || op === '%%';
  const longest = op === '%%' || op === '##';
  if (stars === 0) {
    if (suffix) return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) : value;
    return value.startsWith(pattern) ? value.slice(pattern.length) : value;
  }
  const lead = pattern.startsWith('*');
  const lit = lead ? pattern.slice(1) : pattern.slice(0, -1);
  if (!lead && !pattern.endsWith('*')) return null;
  if (suffix) {
    if (lead) {
      // *L: the suffix must end with L; shortest is L itself, longest the whole value.
      if (!value.endsWith(lit)) return value;
      return longest ? '' : value.slice(0, value.length - lit.length);
    }
    // L*: from an occurrence of L to the end; shortest from the last one, longest from the first.
    const i = longest ? value.indexOf(lit) : value.lastIndexOf(lit);
    return i < 0 ? value : value.slice(0, i);
  }
  if (!lead) {
    if (!value.startsWith(lit)) return value;
    return longest ? '' : value.slice(lit.length);
  }
  const i = longest ? value.lastIndexOf(lit) : value.indexOf(lit);
  return i < 0 ? value : value.slice(i + lit.length);
}

/** printf's escapes in a format; null for one it does not model (\c, \e is kept literal by dash). */
export function printfEscapes(text: string): string | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = text[i + 1];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v' };
    if (n !== undefined && simple[n] !== undefined) {
      out += simple[n];
      i++;
      continue;
    }
    const hex =
      /^x([0-9a-fA-F]{1,2})/.exec(text.slice(i + 1)) ?? /^u([0-9a-fA-F]{1,4})/.exec(text.slice(i + 1)) ?? /^U([0-9a-fA-F]{1,8})/.exec(text.slice(i + 1));
    if (hex) {
      const code = Number.parseInt(hex[1]!, 16);
      if (code > 0x10ffff) return null;
      out += String.fromCodePoint(code);
      i += hex[0].length;
      continue;
    }
    const oct = /^0?([0-7]{1,3})/.exec(text.slice(i + 1));
    if (oct) {
      out += String.fromCharCode(Number.parseInt(oct[1]!, 8) & 0xff);
      i += oct[0].length;
      continue;
    }
    return null;
  }
  return out;
}

/** The first `{…,…}` group without nested braces: [start, end) of the group, or null. One pass. */
export function braceGroup(text: string): [number, number] | null {
  let open = -1;
  let comma = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') {
      open = i;
      comma = false;
    } else if (c === ',' && open >= 0) comma = true;
    else if (c === '}' && open >= 0) {
      if (comma) return [open, i + 1];
      open = -1;
    }
  }
  return null;
}

/** `{a,b}` in an unquoted, fully known word: one word per alternative (one level, at most 32). */
/** Appends `v`, or its alternatives when it is a brace expansion, to `out` (no array per word). */
export function braceExpand(v: Value, out: Value[]): void {
  const g = v.known === null || !v.word.parts.some((p) => p.type === 'lit' && !p.quoted && braceGroup(p.text) !== null) ? null : braceGroup(v.known);
  const alternatives = g ? v.known!.slice(g[0] + 1, g[1] - 1).split(',') : null;
  if (!g || !alternatives || alternatives.length > 32) {
    out.push(v);
    return;
  }
  for (const alt of alternatives) {
    const text = v.known!.slice(0, g[0]) + alt + v.known!.slice(g[1]);
    out.push({ ...v, known: text, ifUnset: text, possible: [] });
  }
}

/**
 * In a word's source, the first `{a,b,…}` whose braces and commas are outside quotes, substitutions
 * and `${…}`, without a nested group: the offsets of `{`, of each comma, of `}`. One pass.
 */
export function rawBraceGroup(raw: string): [number, number[], number] | null {
  work(raw.length);
  let open = -1;
  let commas: number[] = [];
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (depth > 0) {
      if (c === '(' || c === '{') depth++;
      else if (c === ')' || c === '}') depth--;
      else if (c === "'" || c === '"' || c === '`') quote = c;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '$' && (raw[i + 1] === '(' || raw[i + 1] === '{')) {
      depth = 1;
      i++;
    } else if (c === '{') {
      open = i;
      commas = [];
    } else if (c === ',' && open >= 0) commas.push(i);
    else if (c === '}' && open >= 0) {
      if (commas.length > 0 && commas.length < 32) return [open, commas, i];
      open = -1;
    }
  }
  return null;
}

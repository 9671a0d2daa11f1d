// What a shell line writes into each file, as far as the line determines it: echo/printf output,
// a heredoc through cat or tee, a copy or move of a file whose text is known (written earlier on the
// line, or on disk now). Unknown content is null, with the string literals of the writer's code
// (jq's `.scripts.x="…"`) kept for judging. Pure, except for the bounded reads passed in.

import { fileWritesOf } from '../effects/derive';
import type { Invocation, ShellAnalysis } from '../shell/model';
import { argPath } from '../guards/helpers';
import { namesOnly } from '../programs/table';

export interface ShellWrite {
  path: string;
  /** The file's text after the write, when the line determines it. */
  text: string | null;
  /** Only what this write adds (an append, a new file): the part to judge. */
  added: string | null;
  /** String literals in the writer's arguments (for a write whose text is unknown). */
  literals: string[];
  how: string;
  inv: Invocation;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'", e: '\x1b' };
namesOnly(ESCAPES);

/** Backslash escapes as printf (and echo -e) interpret them. Linear. */
export function unescapes(t: string): string {
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c !== '\\' || i + 1 >= t.length) {
      out += c;
      continue;
    }
    const n = t[++i]!;
    if (ESCAPES[n] !== undefined) out += ESCAPES[n];
    else if (n === 'x') {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(t.slice(i + 1, i + 3))?.[0] ?? '';
      out += hex ? String.fromCharCode(Number.parseInt(hex, 16)) : '\\x';
      i += hex.length;
    } else if (/[0-7]/.test(n)) {
      const oct = /^[0-7]{1,3}/.exec(t.slice(i, i + 4))?.[0] ?? n;
      out += String.fromCharCode(Number.parseInt(oct, 8));
      i += oct.length - 1;
    } else out += `\\${n}`;
  }
  return out;
}

/** printf FORMAT ARGS…: the format reused while arguments remain, as the shell's printf does. */
export function printfOutput(format: string, args: string[]): string {
  let out = '';
  let next = 0;
  for (let round = 0; round < 64; round++) {
    let used = false;
    const f = unescapes(format);
    for (let i = 0; i < f.length; i++) {
      const c = f[i]!;
      if (c !== '%') {
        out += c;
        continue;
      }
      const m = /^%[-+ #]*\d*(?:\.\d+)?([sbdiuxXocfeEgGq%])/.exec(f.slice(i, i + 40));
      if (!m) {
        out += c;
        continue;
      }
      i += m[0].length - 1;
      if (m[1] === '%') {
        out += '%';
        continue;
      }
      const a = args[next++] ?? '';
      used = true;
      out += m[1] === 'b' ? unescapes(a) : a;
    }
    if (!used || next >= args.length) break;
  }
  return out;
}

/** What `inv` prints on stdout when the line determines it (echo, printf, cat of a heredoc or of files whose text is known). */
export function printed(inv: Invocation, known: (path: string) => string | null, home: string): string | null {
  const args = inv.args.map((a) => a.known);
  if (args.some((a) => a === null)) return null;
  const w = args as string[];
  if (inv.program === 'echo') {
    let i = 0;
    let newline = true;
    let escapes = false;
    for (; i < w.length && /^-[neE]+$/.test(w[i]!); i++) {
      if (w[i]!.includes('n')) newline = false;
      if (w[i]!.includes('e')) escapes = true;
    }
    const text = w.slice(i).join(' ');
    return (escapes ? unescapes(text) : text) + (newline ? '\n' : '');
  }
  if (inv.program === 'printf') {
    const rest = w[0] === '--' ? w.slice(1) : w;
    if (rest[0] === '-v' || rest.length === 0) return null;
    return printfOutput(rest[0]!, rest.slice(1));
  }
  if (inv.program === 'cat') {
    const files = inv.args.filter((a) => a.known !== '-' && !(a.known ?? '').startsWith('-'));
    if (files.length === 0) return inv.stdinText ?? (inv.pipeFrom ? printed(inv.pipeFrom, known, home) : null);
    let out = '';
    for (const f of files) {
      const p = argPath(inv, f, home);
      const t = p ? known(p) : null;
      if (t === null) return null;
      out += t;
    }
    return out;
  }
  return null;
}

/** The `"…"` and `'…'` literals inside an invocation's known arguments (a jq filter's strings). */
function literalsOf(inv: Invocation): string[] {
  const out: string[] = [];
  for (const a of inv.args) {
    if (a.known === null || a.known.length > 16 * 1024) continue;
    const t = a.known;
    // One pass: each quote opens a literal that runs to the next unescaped same quote.
    for (let i = 0; i < t.length; i++) {
      const quote = t[i];
      if (quote !== '"' && quote !== "'") continue;
      let j = i + 1;
      let raw = '';
      for (; j < t.length && t[j] !== quote; j++) {
        if (quote === '"' && t[j] === '\\' && j + 1 < t.length) raw += t[j++];
        raw += t[j];
      }
      if (j >= t.length) break;
      if (raw !== '') {
        try {
          out.push(quote === '"' ? (JSON.parse(`"${raw}"`) as string) : raw);
        } catch {
          out.push(raw);
        }
      }
      i = j;
    }
  }
  return out;
}

/** Every file the line writes whose path it determines, with the text written when the line determines it. */
export function shellWrites(analysis: ShellAnalysis, home: string, read: (path: string) => string | null): ShellWrite[] {
  const contents = new Map<string, string | null>();
  const carried = new Map<string, string[]>();
  const known = (p: string) => (contents.has(p) ? contents.get(p)! : read(p));
  const out: ShellWrite[] = [];
  for (const w of fileWritesOf(analysis, home)) {
    const inv = w.inv;
    // A link's content is its target's: read below.
    if (inv.program === 'ln') continue;
    let text: string | null = null;
    let added: string | null = null;
    let literals: string[] | null = null;
    const redirect = /^redirection \((.+)\)$/.exec(w.how)?.[1];
    if (redirect) {
      added = printed(inv, known, home);
      const before = redirect.startsWith('>>') || redirect === '&>>' ? (known(w.path) ?? '') : '';
      text = added === null ? null : before + added;
    } else if (inv.program === 'tee') {
      added = (inv.pipeFrom ? printed(inv.pipeFrom, known, home) : null) ?? inv.stdinText;
      const append = inv.args.some((a) => a.known === '-a' || a.known === '--append');
      text = added === null ? null : (append ? (known(w.path) ?? '') : '') + added;
    } else if (inv.program === 'cp' || inv.program === 'mv' || inv.program === 'install') {
      const pos = inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'));
      const src = pos.length === 2 ? argPath(inv, pos[0]!, home) : null;
      text = src ? known(src) : null;
      added = text;
      if (src && text === null) literals = carried.get(src) ?? null;
    } else if (w.edit) {
      const before = known(w.path);
      text = before === null ? null : before.split(w.edit.oldText).join(w.edit.newText);
      added = w.edit.newText;
    }
    contents.set(w.path, text);
    const lits = text === null ? (literals ?? literalsOf(inv)) : [];
    carried.set(w.path, lits);
    out.push({ path: w.path, text, added, literals: lits, how: w.how, inv });
  }
  // ln -s SRC DEST: DEST runs what SRC holds (a link planted as a hook).
  for (const inv of analysis.invocations) {
    if (inv.program !== 'ln' || !inv.args.some((a) => /^-[a-zA-Z]*s/.test(a.known ?? '') || a.known === '--symbolic')) continue;
    const pos = inv.args.filter((a) => a.known === null || !a.known.startsWith('-'));
    if (pos.length !== 2) continue;
    const dest = argPath(inv, pos[1]!, home);
    const srcText = pos[0]!.known;
    if (!dest || srcText === null) continue;
    // A relative link target is relative to the link's folder.
    const src = srcText.startsWith('/') ? srcText : `${dest.slice(0, dest.lastIndexOf('/'))}/${srcText}`;
    const text = known(src);
    out.push({ path: dest, text, added: text, literals: [], how: 'ln -s', inv });
  }
  return out;
}

// The tokeniser of the interpreter one-liners interpreters.ts reads (Python, JavaScript, Ruby, Perl,
// PHP, Lua, awk, R): strings with their escapes and interpolations, punctuation, identifiers, and
// the shell text a line leaves unfixed marked as opaque. Linear in the code's length.

import type { CodeLang } from './code-apis';
import { work } from '../work';
import { namesOnly } from '../programs/table';

export interface CodeReading {
  /** Shell commands the code runs (literal ones), as shell text. */
  shell: string[];
  /** Why the code cannot be judged: the first dangerous operation reached with a computed value. */
  opaque: string | null;
  /** The table rows the code reached (qualified names), for tests and `explain`. */
  hits: string[];
  /** Call arguments the reader folded to one literal string (`"".join([".e", "nv"])` is `.env`), for file effects. */
  strings: string[];
  /** foldExpression's answer: the expression's value when it folds to one string, else null. */
  folded?: string | null;
}

// ---- tokens ----

export interface Tok {
  t: 'id' | 'str' | 'p' | 'num' | 'cmd';
  v: string;
  /** A string or command with an interpolated (computed) part. */
  dyn: boolean;
  /** The quote a string was written with (` for a JS template). */
  q?: string;
}

const PUNCT = [
  '...',
  '===',
  '!==',
  '**',
  '->',
  '::',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '..',
  '=~',
  '!~',
  '+=',
  '-=',
  '.=',
  '||=',
  '?.',
  '|&',
  '<<',
  '>>',
];
const OPERAND_KEYWORDS = new Set(
  'return typeof instanceof in of new delete void throw case do else if unless and or not split grep map join when while until print push unshift x lt gt le ge eq ne cmp sub gsub match'.split(
    ' ',
  ),
);
const PAIRS: Record<string, string> = { '{': '}', '(': ')', '[': ']', '<': '>' };
namesOnly(PAIRS);
const isIdStart = (c: string | undefined, lang?: CodeLang) => c !== undefined && (/[A-Za-z_]/.test(c) || (c === '$' && lang === 'js'));
const isId = (c: string | undefined, lang?: CodeLang) => c !== undefined && (/\w/.test(c) || (c === '$' && lang === 'js'));

type Interp = 'js' | 'ruby' | 'python' | 'perl' | 'php' | null;

/** Interpolation inside a string resumes the lexer; this is where to continue the string after it. */
interface Resume {
  depth: number;
  close: string;
  open: string;
  kind: 'js' | 'ruby' | 'python';
  /** How the string interpolates (resumed with the same). */
  interp?: Interp;
  cmd: boolean;
  triple: boolean;
  raw: boolean;
}

const OPAQUE = '\u0001';

export function lex(lang: CodeLang, code: string, out: CodeReading): Tok[] {
  // Inside a string or a comment too: the text could close it.
  if (code.includes(OPAQUE)) out.opaque ??= 'is built from shell text the line does not fix (a variable or substitution inside the code)';
  const toks: Tok[] = [];
  const resumes: Resume[] = [];
  let braces = 0;
  let i = 0;
  const n = code.length;
  const prevSignificant = (): Tok | undefined => {
    for (let k = toks.length - 1; k >= 0; k--) if (toks[k]!.v !== '\n' || toks[k]!.t !== 'p') return toks[k];
    return undefined;
  };
  const operandPosition = (): boolean => {
    const p = prevSignificant();
    if (!p) return true;
    if (p.t === 'p') return ![')', ']', '}'].includes(p.v);
    if (p.t === 'id') return OPERAND_KEYWORDS.has(p.v);
    return false;
  };
  const push = (t: Tok['t'], v: string, dyn = false, q?: string) => {
    const tok: Tok = { t, v, dyn };
    if (q) tok.q = q;
    toks.push(tok);
  };

  /** Reads a string body from `from` up to `close`; returns the end index (after close) and the text. */
  const body = (
    from: number,
    open: string,
    close: string,
    opts: { escapes: boolean; interp: Interp; triple?: boolean },
  ): { end: number; text: string; dyn: boolean; suspended: boolean } => {
    let text = '';
    let dyn = false;
    let nest = 0;
    let k = from;
    const closeLen = opts.triple ? 3 : 1;
    while (k < n) {
      const c = code[k]!;
      if (opts.triple ? code.startsWith(close.repeat(3), k) : c === close && nest === 0) return { end: k + closeLen, text, dyn, suspended: false };
      if (c === '\\' && k + 1 < n) {
        if (opts.escapes) {
          const e = decodeEscape(lang, code, k);
          text += e.text;
          if (e.unsure) dyn = true;
          k += e.len;
          continue;
        }
        const e = code[k + 1]!;
        text += e === close || e === '\\' ? e : `\\${e}`;
        k += 2;
        continue;
      }
      if (open !== close && c === open) nest++;
      else if (open !== close && c === close) nest--;
      if (opts.interp === 'js' && c === '$' && code[k + 1] === '{') return { end: k + 2, text, dyn: true, suspended: true };
      if (opts.interp === 'ruby' && c === '#' && code[k + 1] === '{') return { end: k + 2, text, dyn: true, suspended: true };
      if (opts.interp === 'python' && c === '{') {
        if (code[k + 1] === '{') {
          text += '{';
          k += 2;
          continue;
        }
        return { end: k + 1, text, dyn: true, suspended: true };
      }
      if (opts.interp === 'ruby' && c === '#' && (code[k + 1] === '@' || code[k + 1] === '$')) dyn = true;
      // Code inside an interpolation is read as code: perl "@{[ system($x) ]}", php "{$f('id')}" and "${…}".
      if ((opts.interp === 'perl' || opts.interp === 'php') && (c === '$' || c === '@') && code[k + 1] === '{' && (c === '$' || opts.interp === 'perl'))
        return { end: k + 2, text, dyn: true, suspended: true };
      if (opts.interp === 'php' && c === '{' && code[k + 1] === '$') return { end: k + 1, text, dyn: true, suspended: true };
      if ((opts.interp === 'perl' || opts.interp === 'php') && (c === '$' || (c === '@' && opts.interp === 'perl')) && /[\w:]/.test(code[k + 1] ?? ''))
        dyn = true;
      text += c;
      k++;
    }
    return { end: n, text, dyn, suspended: false };
  };

  /** A string (or command) token whose body starts at `from`; handles interpolations that suspend it. */
  const stringToken = (
    from: number,
    open: string,
    close: string,
    r: Omit<Resume, 'depth' | 'close' | 'open'>,
    interp: Parameters<typeof body>[3]['interp'],
    escapes: boolean,
  ) => {
    const b = body(from, open, close, { escapes, interp, triple: r.triple });
    push(r.cmd ? 'cmd' : 'str', b.text, b.dyn, r.kind === 'js' && close === '`' ? '`' : open);
    if (b.suspended) {
      resumes.push({ ...r, interp, depth: braces, close, open });
      braces++;
    }
    return b.end;
  };

  while (i < n) {
    work();
    const c = code[i]!;
    // Text the shell line does not fix (python3 -c "print('$X')"): it could be any code.
    if (c === OPAQUE) {
      out.opaque ??= 'is built from shell text the line does not fix (a variable or substitution inside the code)';
      i++;
      continue;
    }
    // Resume a string after its interpolation's closing brace.
    if (c === '}' && resumes.length > 0 && resumes[resumes.length - 1]!.depth === braces - 1) {
      const r = resumes.pop()!;
      braces--;
      i = stringToken(i + 1, r.open, r.close, r, r.interp ?? null, !r.raw);
      toks[toks.length - 1]!.dyn = true;
      continue;
    }
    if (c === '\n') {
      if (toks.length > 0 && toks[toks.length - 1]!.v !== '\n') push('p', '\n');
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && code[i + 1] === '\n') {
      i += 2;
      continue;
    }
    // Comments.
    const hashComment = lang !== 'js' && lang !== 'lua';
    if ((hashComment && c === '#') || ((lang === 'js' || lang === 'php') && code.startsWith('//', i))) {
      while (i < n && code[i] !== '\n') i++;
      continue;
    }
    if ((lang === 'js' || lang === 'php') && code.startsWith('/*', i)) {
      const e = code.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    if (lang === 'lua' && code.startsWith('--', i)) {
      const long = /^--\[(=*)\[/.exec(code.slice(i, i + 40));
      if (long) {
        const e = code.indexOf(`]${long[1]}]`, i);
        i = e < 0 ? n : e + long[1]!.length + 2;
      } else while (i < n && code[i] !== '\n') i++;
      continue;
    }
    // Lua long strings.
    if (lang === 'lua' && c === '[') {
      const long = /^\[(=*)\[/.exec(code.slice(i, i + 40));
      if (long) {
        const closeAt = code.indexOf(`]${long[1]}]`, i);
        const end = closeAt < 0 ? n : closeAt;
        push('str', code.slice(i + long[0].length, end).replace(/^\n/, ''), false, '[[');
        i = closeAt < 0 ? n : end + long[1]!.length + 2;
        continue;
      }
    }
    // Identifiers, with string prefixes and quote-like operators.
    if (
      isIdStart(c, lang) ||
      (c === '$' && (lang === 'perl' || lang === 'php' || lang === 'ruby') && (isId(code[i + 1]) || (code[i + 1] === '#' && lang === 'perl'))) ||
      (c === '@' && lang === 'ruby' && (isIdStart(code[i + 1]) || code[i + 1] === '@')) ||
      (c === '@' && lang === 'perl' && isIdStart(code[i + 1])) ||
      (c === '%' && lang === 'perl' && isIdStart(code[i + 1]) && operandPosition())
    ) {
      let j = i + 1;
      if ((code[i] === '$' && code[j] === '#') || (code[i] === '@' && code[j] === '@')) j++;
      while (j < n && isId(code[j], lang)) j++;
      if (lang === 'ruby' && (code[j] === '?' || code[j] === '!') && code[j + 1] !== '=') j++;
      const word = code.slice(i, j);
      const next = code[j];
      if (lang === 'python' && /^[rRbBuUfF]{1,2}$/.test(word) && (next === '"' || next === "'")) {
        const triple = code.startsWith(next.repeat(3), j);
        const raw = /[rR]/.test(word);
        const f = /[fF]/.test(word);
        i = stringToken(j + (triple ? 3 : 1), next, next, { kind: 'python', cmd: false, triple, raw }, f ? 'python' : null, !raw);
        continue;
      }
      if (
        lang === 'perl' &&
        /^(?:q|qq|qw|qx|m|qr|s|tr|y)$/.test(word) &&
        next !== undefined &&
        /[^\w\s,;)=>]/.test(next) &&
        !(next === '=' && code[j + 1] === '>')
      ) {
        const close = PAIRS[next] ?? next;
        const b = body(j + 1, next, close, { escapes: word !== 'q', interp: word === 'q' || word === 'qw' ? null : 'perl' });
        let end = b.end;
        if (word === 's' || word === 'tr' || word === 'y') {
          // The replacement part: s/a/b/ or s{a}{b}.
          let from = end;
          let open2 = next;
          if (next in PAIRS) {
            while (from < n && /\s/.test(code[from]!)) from++;
            open2 = code[from] ?? next;
            from++;
          }
          end = body(from, open2, PAIRS[open2] ?? open2, { escapes: true, interp: null }).end;
          // s///e: the replacement is code (read as such); s///ee evaluates the code's result.
          const flags = /^\w*/.exec(code.slice(end, end + 16))![0];
          if (word === 's' && /ee/.test(flags)) out.opaque ??= 'evaluates the result of a substitution (s///ee)';
          else if (word === 's' && flags.includes('e')) {
            toks.push({ t: 'p', v: ';', dyn: false }, ...lex(lang, code.slice(from, end - 1), out), { t: 'p', v: ';', dyn: false });
          }
        }
        while (end < n && /[a-z]/.test(code[end]!)) end++;
        if (word === 'qx') push('cmd', b.text, b.dyn);
        else if (word === 'q' || word === 'qq') push('str', b.text, b.dyn, next);
        else if (word === 'qw') push('p', '(');
        if (word === 'qw') {
          for (const w of b.text.split(/\s+/).filter(Boolean)) {
            push('str', w, false, "'");
            push('p', ',');
          }
          push('p', ')');
        }
        i = end;
        continue;
      }
      push('id', word);
      i = j;
      continue;
    }
    if (/\d/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(code[j]!) && !(code[j] === '.' && code[j + 1] === '.')) j++;
      push('num', code.slice(i, j));
      i = j;
      continue;
    }
    // Ruby %-literals and symbols.
    if (lang === 'ruby' && c === '%') {
      const m = /^%([qQwWiIxr]?)([^\w\s=])/.exec(code.slice(i, i + 3));
      // %x{…}, %w[…] after a method name too (puts %x{ls}); a bare %(…) only where an operand is expected.
      if (m && (m[1] !== '' || operandPosition())) {
        const open = m[2]!;
        const close = PAIRS[open] ?? open;
        const kind = m[1]!;
        i = stringToken(
          i + m[0].length,
          open,
          close,
          { kind: 'ruby', cmd: kind === 'x', triple: false, raw: kind === 'q' || kind === 'w' },
          kind === 'q' || kind === 'w' || kind === 'i' ? null : 'ruby',
          kind !== 'q',
        );
        if (kind === 'r') toks.pop();
        continue;
      }
    }
    if (lang === 'ruby' && c === ':' && code[i + 1] === '`' && code[i - 1] !== ':') {
      // :` is the backtick method's name (send(:`, "cmd")).
      push('str', '`', false, ':');
      i += 2;
      continue;
    }
    if (lang === 'ruby' && c === ':' && code[i + 1] !== ':' && (isIdStart(code[i + 1]) || code[i + 1] === '"') && code[i - 1] !== ':') {
      if (code[i + 1] === '"') {
        i = stringToken(i + 2, '"', '"', { kind: 'ruby', cmd: false, triple: false, raw: false }, 'ruby', true);
        continue;
      }
      let j = i + 1;
      while (j < n && isId(code[j])) j++;
      if (code[j] === '?' || code[j] === '!') j++;
      push('str', code.slice(i + 1, j), false, ':');
      i = j;
      continue;
    }
    // Quotes.
    if (c === '"' || c === "'" || c === '`') {
      if (lang === 'awk' && c !== '"') {
        push('p', c);
        i++;
        continue;
      }
      if (lang === 'python') {
        const triple = code.startsWith(c.repeat(3), i);
        i = stringToken(i + (triple ? 3 : 1), c, c, { kind: 'python', cmd: false, triple, raw: false }, null, true);
        continue;
      }
      if (lang === 'js') {
        i = stringToken(i + 1, c, c, { kind: 'js', cmd: false, triple: false, raw: false }, c === '`' ? 'js' : null, true);
        continue;
      }
      if (lang === 'r' && c === '`') {
        const e = code.indexOf('`', i + 1);
        push('id', code.slice(i + 1, e < 0 ? n : e));
        i = e < 0 ? n : e + 1;
        continue;
      }
      const single = c === "'";
      const interp = single ? null : lang === 'ruby' ? 'ruby' : lang === 'perl' ? 'perl' : lang === 'php' ? 'php' : null;
      const cmd = c === '`' && (lang === 'ruby' || lang === 'perl' || lang === 'php');
      i = stringToken(i + 1, c, c, { kind: 'ruby', cmd, triple: false, raw: single }, interp, !single || lang === 'lua');
      continue;
    }
    // Regex literals (skipped: they run nothing, and their quotes are not strings).
    if (c === '/' && lang !== 'python' && lang !== 'php' && lang !== 'lua' && lang !== 'r' && operandPosition()) {
      const b = body(i + 1, '/', '/', { escapes: false, interp: null });
      let end = b.end;
      while (end < n && /[a-z]/.test(code[end]!)) end++;
      push('num', 're');
      i = end;
      continue;
    }
    // Perl <STDIN>, <$fh>, <>.
    if (lang === 'perl' && c === '<' && operandPosition()) {
      const m = /^<\$?\w*>/.exec(code.slice(i, i + 64));
      if (m) {
        push('num', 'readline');
        i += m[0].length;
        continue;
      }
    }
    let op = c;
    for (const p of PUNCT) {
      if (code.startsWith(p, i)) {
        op = p;
        break;
      }
    }
    if (op === '{') braces++;
    if (op === '}') braces = Math.max(0, braces - 1);
    push('p', op);
    i += op.length;
  }
  return toks;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b', '\n': '' };
namesOnly(SIMPLE_ESCAPES);

/**
 * The escape sequence at `k` (a backslash) in a string that processes escapes: `\x72` is `r`,
 * `\162` is `r`, `\u{72}` is `r` (so "\x72m -rf ~" is read as the rm it is). An escape whose value
 * the reader does not know (`\N{…}`, perl `\c`) makes the string computed.
 */
function decodeEscape(lang: CodeLang, code: string, k: number): { text: string; len: number; unsure: boolean } {
  const e = code[k + 1]!;
  const ok = (text: string, len: number) => ({ text, len, unsure: false });
  const hex = (digits: string, len: number) => {
    const cp = Number.parseInt(digits, 16);
    return Number.isFinite(cp) && cp <= 0x10ffff ? ok(String.fromCodePoint(cp), len) : { text: '', len, unsure: true };
  };
  if (e in SIMPLE_ESCAPES && !(e === 'e' && (lang === 'python' || lang === 'js')) && !(e === 'a' && lang === 'js')) return ok(SIMPLE_ESCAPES[e]!, 2);
  const rest = code.slice(k + 2, k + 12);
  if (e === 'x') {
    const braced = /^\{([0-9a-fA-F]{1,8})\}/.exec(rest);
    if (braced) return hex(braced[1]!, 2 + braced[0].length);
    const m = /^[0-9a-fA-F]{1,2}/.exec(rest);
    if (m) return hex(m[0], 2 + m[0].length);
  }
  if (e === 'u') {
    const braced = /^\{([0-9a-fA-F]{1,8})\}/.exec(rest);
    if (braced) return hex(braced[1]!, 2 + braced[0].length);
    const m = /^[0-9a-fA-F]{4}/.exec(rest);
    if (m) return hex(m[0], 6);
  }
  if (e === 'U' && lang === 'python') {
    const m = /^[0-9a-fA-F]{8}/.exec(rest);
    if (m) return hex(m[0], 10);
  }
  if (/[0-9]/.test(e)) {
    if (lang === 'lua') {
      const m = /^[0-9]{1,3}/.exec(code.slice(k + 1, k + 4))!;
      return ok(String.fromCharCode(Number.parseInt(m[0], 10)), 1 + m[0].length);
    }
    const m = /^[0-7]{1,3}/.exec(code.slice(k + 1, k + 4));
    if (m) return ok(String.fromCharCode(Number.parseInt(m[0], 8)), 1 + m[0].length);
  }
  if (e === 'N' || (e === 'c' && lang === 'perl') || (e === 'z' && lang === 'lua')) return { text: '', len: 2, unsure: true };
  if (e === '\\' || e === "'" || e === '"') return ok(e, 2);
  if ('`$@{}#/'.includes(e) && lang !== 'python') return ok(e, 2);
  // Unknown escapes: python and php keep the backslash, the others drop it.
  return ok(lang === 'python' || lang === 'php' ? `\\${e}` : e, 2);
}

// The form a standing exception is matched in. A person allows a command as the agent sent it;
// the agent may send it again with other blanks between words or other quoting of a plain word
// (`git push --force origin 'main'`). Those run the same program with the same argv, so they match;
// anything that could change what runs does not:
//
// - blanks: a run of spaces and tabs between two tokens is one gap, and leading or trailing blanks
//   are nothing; but a gap never appears or disappears (`2>x` and `2 >x` differ: the first is a
//   redirection of fd 2, the second passes "2" as an argument);
// - a plain word (no expansion) is its value once quotes are removed, and quoting it is the same as
//   not quoting it when its value is made of characters the shell never treats specially and is not
//   a reserved word (`'main'` = `main`, but `'*'` ≠ `*`, `'if'` ≠ `if`, `'A=1'` ≠ `A=1`);
// - a word with a variable in it is kept exactly as written (quoted or not decides word splitting);
// - what this lexer does not model (command and arithmetic substitution, `${…}`, `$'…'`, several
//   lines, an unterminated quote) has no canonical form: such a command matches only itself.
//
// Deliberately lexical: the guards' own parser drops what runs nothing (the list of a `for`, case
// patterns), so two commands with one parse can still differ; the lexer keeps every character.

/** A word made only of these means the same quoted or not. */
const SAFE = /^[A-Za-z0-9_\-./:@%+,]+$/;
/** Quoted, these are ordinary words; unquoted, they start or end compound commands. */
const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'case',
  'esac',
  'while',
  'until',
  'for',
  'in',
  'select',
  'function',
  'time',
  'coproc',
  '!',
  '{',
  '}',
  '[[',
  ']]',
]);
const OPERATOR = new Set([';', '&', '|', '<', '>', '(', ')']);
const BLANK = new Set([' ', '\t']);
/** Unquoted, these glob, expand braces or a tilde, or assign: quoting them changes the word. */
const SPECIAL = /[*?[\]{}~=!]/;

type Token = [gap: boolean, kind: 'op' | 'word' | 'quoted' | 'raw' | 'comment', text: string];

/** The canonical form of a one-line command, or null when it has none (see above). */
export function canonicalCommand(command: string): string | null {
  if (/[\r\n]/.test(command)) return null;
  const s = command;
  const tokens: Token[] = [];
  let gap = false;
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (BLANK.has(c)) {
      i++;
      gap = tokens.length > 0;
      continue;
    }
    const atWordStart = tokens.length === 0 || gap || tokens[tokens.length - 1]![1] === 'op';
    if (c === '#' && atWordStart) {
      tokens.push([gap, 'comment', s.slice(i).trimEnd()]);
      break;
    }
    if (OPERATOR.has(c)) {
      let j = i;
      while (j < s.length && OPERATOR.has(s[j]!)) j++;
      tokens.push([gap, 'op', s.slice(i, j)]);
      gap = false;
      i = j;
      continue;
    }
    const w = word(s, i);
    if (!w) return null;
    tokens.push([gap, w.kind, w.text]);
    gap = false;
    i = w.end;
  }
  return JSON.stringify(tokens);
}

/** One word from `start`: its canonical text, or null when it holds something this lexer does not model. */
function word(s: string, start: number): { kind: 'word' | 'quoted' | 'raw'; text: string; end: number } | null {
  let value = '';
  let quoted = false;
  let expands = false;
  let special = false;
  let i = start;
  while (i < s.length) {
    const c = s[i]!;
    if (BLANK.has(c) || OPERATOR.has(c)) break;
    if (c === "'") {
      const close = s.indexOf("'", i + 1);
      if (close < 0) return null;
      value += s.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        const d = s[i]!;
        if (d === '\\' && i + 1 < s.length && '$`"\\'.includes(s[i + 1]!)) {
          value += s[i + 1];
          i += 2;
          continue;
        }
        if (d === '`') return null;
        if (d === '$') {
          const v = variable(s, i);
          if (v === null) return null;
          expands = true;
          value += s.slice(i, v);
          i = v;
          continue;
        }
        value += d;
        i++;
      }
      if (i >= s.length) return null;
      quoted = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= s.length) return null;
      value += s[i + 1];
      quoted = true;
      i += 2;
    } else if (c === '`') {
      return null;
    } else if (c === '$') {
      const v = variable(s, i);
      if (v === null) return null;
      expands = true;
      value += s.slice(i, v);
      i = v;
    } else {
      if (SPECIAL.test(c)) special = true;
      value += c;
      i++;
    }
  }
  const raw = s.slice(start, i);
  // A variable: quoting decides word splitting and globbing of its value, so the word is kept as written.
  if (expands) return { kind: 'raw', text: raw, end: i };
  if (!quoted) return { kind: 'word', text: value, end: i };
  // Quoting next to an unquoted special character (`~"/x"`, `*'.js'`) is kept as written too.
  if (special) return { kind: 'raw', text: raw, end: i };
  const plain = SAFE.test(value) && !RESERVED.has(value);
  return { kind: plain ? 'word' : 'quoted', text: value, end: i };
}

/** The end of `$NAME`, `$1` or `$?` at `i`; null for the forms not modelled (`$(`, `${`, `$'`, …). */
function variable(s: string, i: number): number | null {
  // Sticky, from i + 1: no copy of the rest of the line per `$` (that would be quadratic).
  VARIABLE.lastIndex = i + 1;
  const m = VARIABLE.exec(s);
  return m ? i + 1 + m[0].length : null;
}

const VARIABLE = /[A-Za-z_][A-Za-z0-9_]*|[0-9?#@*$!-]/y;

/**
 * Whether a command the agent sent is the command an exception names: the same canonical form, or
 * (when either has none) the same text up to leading and trailing blanks. `shell` is false for
 * PowerShell, whose quoting this lexer does not model: exact text only.
 */
export function sameCommand(allowed: string, sent: string, shell = true): boolean {
  if (allowed === sent) return true;
  if (allowed.trim() === sent.trim()) return true;
  if (!shell) return false;
  const a = canonicalCommand(allowed);
  return a !== null && a === canonicalCommand(sent);
}

// PowerShell and cmd.exe command lines, translated into the POSIX equivalent the guards already
// understand: `Remove-Item -Recurse -Force C:\` becomes `rm -r -f -- C:/`, `iex (iwr URL)` becomes
// `sh -c "$(curl URL)"`, `rd /s /q %USERPROFILE%` becomes `rm -r -f -- ~`. Commands we do not map pass
// through unchanged (an external `git push --force` is the same in every shell).
// The translation only has to be faithful for what guards look at: program, flags, paths, pipes,
// what is printed and what is written. The cmdlets, their aliases and parameters are data (CMDLETS,
// DOTNET below, each row with examples that test/powershell.test.ts runs); code PowerShell builds
// from constants (script blocks, [scriptblock]::Create('…'), & ('Remove'+'-Item'), $c = '…'; & $c)
// is folded and read like any other code, and what stays computed is left computed, so the POSIX
// analysis reports it as unanalysable.

import { UNTRANSLATED } from './ast';
import { work } from '../work';
import { CMDLETS, DOTNET, type DotnetRow, HIVES, SPECIAL_FOLDERS, TYPE_ALIASES, WELL_KNOWN } from '../programs/powershell';
import { namesOnly } from '../programs/table';

const MAX_DEPTH = 8;
/** Where translation gave up: a command the POSIX analysis reads as "incomplete" (see UNTRANSLATED). */
const GAVE_UP = ` ; ${UNTRANSLATED} ; `;
/** PowerShell commands this long do not occur in practice; past this the command is not analysed. */
const MAX_INPUT = 64 * 1024;
/** Literal pipeline input a ForEach-Object block is unrolled over; more stays `$_` (unknown). */
const MAX_UNROLL = 16;

/**
 * Work budget shared by one translation and its recursion ($( ), ( ), { }, nested pwsh -c): each
 * character scanned costs one unit, so the whole translation stays linear in its input however
 * the brackets nest or fail to close. What is left when it runs out is not translated.
 */
let budget = 0;
/** Variables of this translation assigned a constant (lower-case name → value); null once assigned anything else. */
let vars = new Map<string, string | null>();

/** Alias or cmdlet (lower case) → canonical cmdlet. */
const ALIASES: Record<string, string> = {};
namesOnly(ALIASES);
for (const row of CMDLETS) for (const n of [row.name, ...row.aliases]) ALIASES[n] = row.name;
const ROWS = new Map(CMDLETS.map((r) => [r.name, r]));

/** Is this word a PowerShell cmdlet we translate (used when PowerShell arrives labelled as Bash)? */
export function isPowerShellCmdlet(word: string): boolean {
  return /^[A-Z][a-z]+-[A-Z][A-Za-z]+$/.test(word) && word.toLowerCase() in ALIASES;
}

const DOTNET_BY: Map<string, DotnetRow> = new Map();
for (const row of DOTNET) for (const m of row.methods) DOTNET_BY.set(`${row.type}::${m}`, row);

/** Backtick escapes inside double quotes. */
const PS_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };
namesOnly(PS_ESCAPES);

interface Tok {
  /** POSIX text for this token (already quoted where needed). */
  text: string;
  /** The bare value, when it is a literal. */
  value: string | null;
  /** It began with a quote: at the start of a statement it is an expression, not a command name. */
  quoted?: boolean;
  /** The literal elements of a comma list (`'a','b'`), when it is one. */
  items?: string[];
  kind?: 'var' | 'block' | 'paren' | 'call' | 'redirect';
  /** var: its name; redirect: its operator. */
  name?: string;
  /** block, paren: the source inside the brackets. */
  src?: string;
  /** call: the .NET static method and its arguments. */
  call?: { method: string; args: Tok[] };
}

/** What flows down the pipeline from a stage, when it is known. */
interface Flow {
  /** Literal values (an expression statement of constants). */
  literals?: string[];
  /** Items (POSIX path words) from Get-Item / Get-ChildItem. */
  items?: string[];
  /** The environment's name=value lines (an env dump). */
  env?: boolean;
  /** items: a recursive listing (Get-ChildItem -Recurse), every file under them. */
  recursive?: boolean;
  /** One variable's value (Get-Item env:NAME), printed by what takes its Value. */
  variable?: string;
}

function q(s: string): string {
  return /^[A-Za-z0-9_/.,:=@%+~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A provider path as the POSIX word a cmdlet's -Path means: `~` expands, `*` and `?` are wildcards. */
function qPath(s: string, wildcards = true): string {
  let out = '';
  let rest = s;
  if (s === '~' || s.startsWith('~/')) {
    out = '~';
    rest = s.slice(1);
  }
  for (const part of wildcards ? rest.split(/([*?]+)/) : [rest]) if (part !== '') out += /^[*?]+$/.test(part) ? part : q(part);
  return out === '' ? "''" : out;
}

/** PowerShell path and variable spellings → POSIX: backslashes, $env:USERPROFILE, $HOME, ~, registry keys (/registry/HIVE/…). */
function psPath(s: string): string {
  const reg = /^(?:Registry::|Microsoft\.PowerShell\.Core\\Registry::)?(HKCU|HKLM|HKCR|HKU|HKCC|HKEY_[A-Z_]+):?(?=[\\/]|$)/i.exec(s);
  if (reg && HIVES[reg[1]!.toLowerCase()] && (reg[0].includes(':') || /^HKEY_/i.test(reg[1]!)))
    return `/registry/${HIVES[reg[1]!.toLowerCase()]}${s.slice(reg[0].length).replace(/\\/g, '/')}`;
  return s
    .replace(/^\$(?:env:)?(?:USERPROFILE|HOME)\b/i, '~')
    .replace(/^\$env:HOMEDRIVE\$env:HOMEPATH\b/i, '~')
    .replace(/\\/g, '/');
}

/** A POSIX variable name for a PowerShell one. */
function posixName(n: string): string {
  const s = n.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(s) ? s : `_${s}`;
}

/** `{ a; b; }` for a translated script (`:` when it is empty). */
function group(inner: string): string {
  let t = inner.trim().replace(/^(?:;\s*)+/, '');
  let end = t.length;
  while (end > 0 && (t[end - 1] === ';' || /\s/.test(t[end - 1]!))) end--;
  t = t.slice(0, end);
  return t === '' ? ':' : `{ ${t}; }`;
}

/** The index of the end of the statement starting at `i` (a top-level `;` or newline, or the end). */
function statementEnd(src: string, i: number): number {
  for (let j = i; j < src.length; j++) {
    if (--budget <= 0) return src.length;
    const c = src[j];
    if (c === ';' || c === '\n') return j;
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, j + 1);
      if (end < 0) return src.length;
      j = end;
    } else if (c === '(' || c === '{') j = matching(src, j, c, c === '(' ? ')' : '}');
    else if (c === '`') j++;
  }
  return src.length;
}

/** Splits `a, 'b,c', (d, e)` at its top-level commas. */
function splitTopLevel(src: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let j = 0; j < src.length; j++) {
    if (--budget <= 0) break;
    const c = src[j];
    if (c === ',') {
      out.push(src.slice(start, j));
      start = j + 1;
    } else if (c === "'" || c === '"') {
      const end = src.indexOf(c, j + 1);
      if (end < 0) break;
      j = end;
    } else if (c === '(' || c === '{' || c === '[') j = matching(src, j, c, c === '(' ? ')' : c === '{' ? '}' : ']');
  }
  out.push(src.slice(start));
  const parts = out.map((s) => s.trim());
  return parts.length === 1 && parts[0] === '' ? [] : parts;
}

/**
 * The constant value of an expression, when it is one: string literals, numbers, $true/$false,
 * $HOME, variables assigned a constant, joined by `+` and maybe parenthesised. null otherwise.
 */
export function foldConstant(expr: string, level = 0): string | null {
  let s = expr.trim();
  if (level > 8) return null;
  if (s.length > 4096 || !/^[('"$0-9-]/.test(s)) return null;
  for (let k = 0; k < 8 && s.startsWith('(') && matchingIn(s) === s.length - 1; k++) s = s.slice(1, -1).trim();
  if (s === '') return null;
  let out = '';
  let i = 0;
  for (;;) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    const c = s[i];
    if (c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= s.length) return null;
        if (s[i] === "'" && s[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (s[i] === "'") break;
        else v += s[i++];
      }
      i++;
      out += v;
    } else if (c === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= s.length) return null;
        if (s[i] === '`' && i + 1 < s.length) {
          v += s[i + 1];
          i += 2;
        } else if (s[i] === '$') return null;
        else if (s[i] === '"') break;
        else v += s[i++];
      }
      i++;
      out += v;
    } else if (c === '(') {
      const end = matchingIn(s.slice(i));
      const inner = end > 0 ? foldConstant(s.slice(i + 1, i + end), level + 1) : null;
      if (inner === null) return null;
      out += inner;
      i += end + 1;
    } else if (c === '$') {
      const m = /^\$(?:\{([^}]*)\}|([A-Za-z_][\w:]*))/.exec(s.slice(i));
      if (!m) return null;
      const name = (m[1] ?? m[2]!).toLowerCase();
      const v = name === 'true' ? 'True' : name === 'false' ? 'False' : /^(env:)?(home|userprofile)$/.test(name) ? '~' : vars.get(name);
      if (typeof v !== 'string') return null;
      out += v;
      i += m[0].length;
    } else {
      const m = /^-?\d+(\.\d+)?/.exec(s.slice(i));
      if (!m) return null;
      out += m[0];
      i += m[0].length;
    }
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (i >= s.length) return out;
    if (s[i] !== '+') return null;
    i++;
  }
}

/** The index of the bracket closing the one `s` starts with, without spending the budget (foldConstant's short inputs). */
function matchingIn(s: string): number {
  let level = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '(') level++;
    else if (c === ')' && --level === 0) return i;
  }
  return -1;
}

/**
 * PowerShell reads the typographic dashes (en, em, horizontal bar) as `-` and the curly quotes as
 * quotes (‘ ’ ‚ ‛ as ', “ ” „ as "): `Remove-Item –Recurse –Force $HOME` is -Recurse -Force. The
 * translation reads them as PowerShell does. One pass.
 */
function asciiPunctuation(text: string): string {
  return /[\u2013-\u2015\u2018-\u201e]/.test(text)
    ? text
        .replace(/[\u2013\u2014\u2015]/g, '-')
        .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
        .replace(/[\u201c\u201d\u201e]/g, '"')
    : text;
}

export function translatePowerShell(input: string, depth = 0): string {
  if (depth === 0) {
    budget = 8 * Math.min(input.length, MAX_INPUT) + 4096;
    vars = new Map();
  }
  const src = asciiPunctuation(depth === 0 ? input.slice(0, MAX_INPUT) : input);
  if (depth > MAX_DEPTH || budget <= 0) return GAVE_UP;
  const cut = depth === 0 && input.length > MAX_INPUT;
  budget -= src.length;
  const out: string[] = [];
  let i = 0;
  let words: Tok[] = [];
  let callOp = false;
  let flow: Flow | null = null;
  const flush = (sep: string) => {
    if (words.length > 0) {
      const r = translatePsCommand(words, depth, { call: callOp, input: flow });
      out.push(r.text);
      flow = sep === ' | ' ? (r.flow ?? {}) : null;
    } else if (sep !== ' | ') flow = null;
    words = [];
    callOp = false;
    if (sep) out.push(sep);
  };
  while (i < src.length) {
    work();
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      flush('; ');
      i++;
      continue;
    }
    if (src.startsWith('&&', i) || src.startsWith('||', i)) {
      flush(` ${src.slice(i, i + 2)} `);
      i += 2;
      continue;
    }
    if (c === '|') {
      flush(' | ');
      i++;
      continue;
    }
    if (c === '&') {
      // `& cmd` is the call operator; `cmd &` runs it in the background: a separator.
      if (words.length > 0) flush(' ; ');
      else callOp = true;
      i++;
      continue;
    }
    if (c === ')' || c === '}') {
      i++; // a stray closer: step over it
      continue;
    }
    // `$x = …` at the start of a statement: an assignment (a constant is remembered for later uses).
    if (words.length === 0 && !callOp && c === '$') {
      const m = /^\$(?:\{([^}]+)\}|([A-Za-z_][\w:]*))[ \t]*([+\-*/]?=)(?!=)/.exec(src.slice(i, i + 256));
      if (m) {
        const orig = m[1] ?? m[2]!;
        const name = orig.toLowerCase();
        const end = statementEnd(src, i + m[0].length);
        const rhs = src.slice(i + m[0].length, end);
        const value = m[3] === '=' ? (foldConstant(rhs) ?? pathOfCmdlet(rhs, depth) ?? specialFolder(rhs)) : null;
        const env = /^env:/.test(name);
        const target = posixName(env ? orig.slice(4) : orig);
        const prev = vars.get(name);
        vars.set(name, value !== null && (prev === undefined || prev === value) ? value : null);
        out.push(`${env ? 'export ' : ''}${target}=${value !== null ? q(value) : `"$(${translatePowerShell(rhs, depth + 1).replace(/"/g, '\\"')})"`}`);
        i = end;
        continue;
      }
    }
    // A redirection: >, >>, 2>, *>, 2>&1.
    const redir = /^[1-6*]?>>?(?:&[12])?/.exec(src.slice(i, i + 5));
    if (redir && (c === '>' || src[i + 1] === '>')) {
      words.push({ text: '', value: null, kind: 'redirect', name: redir[0] });
      i += redir[0].length;
      continue;
    }
    if (c === '{') {
      const end = matching(src, i, '{', '}');
      const inner = src.slice(i + 1, end);
      words.push({ text: `"$(${translatePowerShell(inner, depth + 1)})"`, value: null, kind: 'block', src: inner });
      i = end + 1;
      continue;
    }
    if (c === '(' || (c === '@' && (src[i + 1] === '(' || src[i + 1] === '{')) || (c === '$' && src[i + 1] === '(')) {
      const open = c === '@' || c === '$' ? src[i + 1]! : c;
      const start = c === '@' || c === '$' ? i + 1 : i;
      const end = matching(src, start, open, open === '(' ? ')' : '}');
      const inner = src.slice(start + 1, end);
      const folded = open === '(' ? (foldConstant(inner) ?? pathOfCmdlet(inner, depth) ?? specialFolder(inner)) : null;
      // (Get-Item X).Delete($true): the item's own Delete, recursive with $true.
      const method = open === '(' && folded !== null && c === '(' ? /^\.Delete[ \t]*\(([^()]*)\)/i.exec(src.slice(end + 1, end + 64)) : null;
      if (method && folded !== null && /^\s*(?:Get-Item|gi|New-Object\s+(?:System\.)?IO\.(?:Directory|File)Info)\b/i.test(inner)) {
        const recursive = /^\s*\$true\s*$/i.test(method[1]!);
        const call = {
          method: recursive ? 'io.directory::delete' : 'io.file::delete',
          args: [{ text: q(psPath(folded)), value: folded }, ...(recursive ? [{ text: 'True', value: 'True' }] : [])],
        };
        words.push({ text: `"$(${translateDotnet(call, depth).replace(/"/g, '\\"')})"`, value: null, kind: 'call', call });
        i = end + 1 + method[0].length;
        continue;
      }
      words.push(
        folded !== null
          ? { text: q(psPath(folded)), value: folded, quoted: true }
          : { text: `"$(${translatePowerShell(inner, depth + 1)})"`, value: null, kind: 'paren', src: inner },
      );
      i = end + 1;
      continue;
    }
    // A .NET static method call: [IO.File]::ReadAllText('.env'); $ExecutionContext.InvokeCommand.InvokeScript('…').
    const dotnet =
      c === '['
        ? /^\[([A-Za-z_][\w.]*)\]::([A-Za-z_]\w*)[ \t]*\(/.exec(src.slice(i, i + 256))
        : c === '$'
          ? /^\$ExecutionContext(?:\.\w+)*\.(InvokeScript|NewScriptBlock)[ \t]*\(/i.exec(src.slice(i, i + 256))
          : null;
    if (dotnet) {
      const open = i + dotnet[0].length - 1;
      const end = matching(src, open, '(', ')');
      const method = c === '$' ? 'management.automation.scriptblock::create' : `${typeName(dotnet[1]!)}::${dotnet[2]!.toLowerCase()}`;
      const args = splitTopLevel(src.slice(open + 1, end)).map((a) => argTok(a, depth));
      const call = { method, args };
      words.push({ text: `"$(${translateDotnet(call, depth).replace(/"/g, '\\"')})"`, value: null, kind: 'call', call });
      i = end + 1;
      continue;
    }
    // -Name:value (a switch given $true or $false, or a parameter glued to its value): the parameter, then its value.
    if (c === '-') {
      const glued = /^(-[A-Za-z][\w-]*):(?=\S)/.exec(src.slice(i, i + 128));
      if (glued) {
        i += glued[0].length;
        const bool = /^\$(true|false)(?![\w:])/i.exec(src.slice(i, i + 8));
        if (bool) i += bool[0].length;
        if (bool?.[1]?.toLowerCase() !== 'false') words.push({ text: q(glued[1]!), value: glued[1]! });
        continue;
      }
    }
    // a word, possibly with quoted parts
    const wordStart = i;
    let text = '';
    let value: string | null = '';
    const pieces: string[] = [];
    let varName: string | undefined;
    let varEnd = -1;
    while (i < src.length && !/[\s;|()&{}>]/.test(src[i]!)) {
      const ch = src[i]!;
      if (ch === "'") {
        let s = '';
        i++;
        while (i < src.length) {
          if (src[i] === "'" && src[i + 1] === "'") {
            s += "'";
            i += 2;
          } else if (src[i] === "'") break;
          else s += src[i++];
        }
        i++;
        text += q(psPath(s));
        if (value !== null) value += s;
      } else if (ch === '"') {
        let s = '';
        let dynamic = false;
        let sub = false;
        i++;
        while (i < src.length && src[i] !== '"') {
          if (src[i] === '`' && i + 1 < src.length) {
            // PowerShell's escapes in a double-quoted string: `n is a line break, `t a tab, …
            const e = src[i + 1]!;
            s += PS_ESCAPES[e] ?? e;
            i += 2;
          } else if (src[i] === '$' && src[i + 1] === '(') {
            const end = matching(src, i + 1, '(', ')');
            s += `$(${translatePowerShell(src.slice(i + 2, end), depth + 1)})`;
            dynamic = true;
            sub = true;
            i = end + 1;
          } else {
            if (src[i] === '$') dynamic = true;
            s += src[i++];
          }
        }
        i++;
        const p = psPath(s);
        // "$HOME\x" at the start of a word is the literal ~/x.
        if (dynamic && !sub && text === '' && !p.includes('$')) dynamic = false;
        text += dynamic
          ? `"${p
              .replace(/\$\{env:(\w+)\}/gi, '${$1}')
              .replace(/\$env:/gi, '$')
              .replace(/"/g, '\\"')}"`
          : q(p);
        value = dynamic ? null : value !== null ? value + s : null;
      } else if (ch === '`' && i + 1 < src.length) {
        text += q(src[i + 1]!);
        if (value !== null) value += src[i + 1];
        i += 2;
      } else if (ch === ',' && value !== null && i > wordStart) {
        // An unquoted comma separates the elements of a list argument.
        pieces.push(value);
        value = '';
        text += ',';
        i++;
        while (src[i] === ' ' || src[i] === '\t') i++;
      } else if (ch === '$') {
        const m = /^\$(?:\{([^}]*)\}|((?:env:)?[A-Za-z_][A-Za-z0-9_:]*|[_?^$]))/.exec(src.slice(i, i + 256));
        const v = m ? m[0] : '$';
        // $using:NAME in a job or remote block is the caller's NAME.
        const name = (m ? (m[1] ?? m[2]!) : '').replace(/^using:/i, '');
        const lower = name.toLowerCase();
        const home = /^(env:)?(USERPROFILE|HOME)$/i.test(name);
        const known = vars.get(lower) ?? WELL_KNOWN[lower];
        if (i === wordStart && value === '' && (home || typeof known === 'string')) {
          // $HOME, a well-known folder, or a variable this command assigned a constant: its value.
          const val = home ? '~' : (known as string);
          text += home ? '~' : q(psPath(val));
          value += val;
        } else {
          if (i === wordStart) {
            varName = lower;
            varEnd = i + v.length;
          }
          text += home ? '~' : lower === 'null' ? "''" : `\${${posixName(name.replace(/^env:/i, ''))}}`;
          value = null;
        }
        i += v.length;
      } else {
        // Anything else up to the next special character (a lone trailing backtick included).
        const m = /^[^\s;|()&{}>'"`$,]+/.exec(src.slice(i))?.[0] ?? src[i]!;
        text += m.replace(/\\/g, '/');
        if (value !== null) value += m;
        i += m.length;
      }
    }
    if (i === wordStart) {
      i++; // nothing consumed: never loop on input we do not understand
      continue;
    }
    const quoted = src[wordStart] === "'" || src[wordStart] === '"';
    const tok: Tok =
      value !== null
        ? { text: q(psPath(pieces.length > 0 ? [...pieces, value].join(',') : value)), value: pieces.length > 0 ? [...pieces, value].join(',') : value }
        : { text, value: null };
    if (value !== null && pieces.length > 0) {
      // A list: each element is its own argument.
      tok.items = [...pieces, value];
      tok.text = tok.items.map((v) => q(psPath(v))).join(' ');
    }
    if (quoted) tok.quoted = true;
    if (varName !== undefined) {
      // A variable at the start of the word: an expression. Its name matters when it is the whole word ($null).
      tok.kind = 'var';
      if (varEnd === i) tok.name = varName;
    }
    words.push(tok);
  }
  flush('');
  if (cut || (depth === 0 && budget <= 0)) out.push(GAVE_UP);
  return out.join('');
}

/**
 * The path a path cmdlet in parentheses stands for, when its arguments are constants (or $HOME):
 * `(Resolve-Path ~)`, `(Convert-Path x)`, `(Get-Item x)` are the path; `(Join-Path $HOME '.x')` the
 * joined path. Null otherwise (then the parentheses are a computed value).
 */
function pathOfCmdlet(inner: string, depth: number): string | null {
  const m = /^\s*(resolve-path|rvpa|convert-path|cvpa|get-item|gi|join-path)(\s[^|;&(){}]*)$/i.exec(inner);
  if (!m) return null;
  const parts = m[2]!.trim().match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  const vals: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    work();
    const w = parts[k]!;
    if (/^-(?:path|literalpath|childpath|additionalchildpath)$/i.test(w)) continue;
    if (w.startsWith('-')) return null;
    // A bare word is the path as written (~, .env, C:\x); anything else is folded like an argument.
    const v = /^[^'"$`@(]+$/.test(w) ? w : argTok(w, depth).value;
    if (v === null) return null;
    vals.push(v);
  }
  if (vals.length === 0) return null;
  if (!/^join-path$/i.test(m[1]!)) return vals.length === 1 ? vals[0]! : null;
  const trimEnd = (x: string) => {
    let end = x.length;
    while (end > 0 && (x[end - 1] === '/' || x[end - 1] === '\\')) end--;
    return x.slice(0, end);
  };
  return vals.reduce((a, b) => (a === '' ? b : `${trimEnd(a)}/${b.replace(/^[\\/]+/, '')}`), '');
}

function specialFolder(expr: string): string | null {
  const m =
    /^\s*\[(?:system\.)?environment\]::getfolderpath[ \t]*\([ \t]*(?:['"]([A-Za-z]+)['"]|\[(?:system\.)?environment\+specialfolder\]::([A-Za-z]+))[ \t]*\)\s*$/i.exec(
      expr,
    );
  return m ? (SPECIAL_FOLDERS[(m[1] ?? m[2]!).toLowerCase()] ?? null) : null;
}

function typeName(t: string): string {
  const s = t.toLowerCase().replace(/^system\./, '');
  return TYPE_ALIASES[s] ?? s;
}

/** One argument of a .NET call as a token: a constant, $HOME…, or the translation of the expression. */
function argTok(a: string, depth: number): Tok {
  const v = foldConstant(a);
  if (v !== null) return { text: q(psPath(v)), value: v };
  const home = /^"?\$(?:env:)?(?:HOME|USERPROFILE)([\\/][^"$`]*)?"?$/i.exec(a);
  if (home) {
    const v2 = `~${(home[1] ?? '').replace(/\\/g, '/')}`;
    return { text: qPath(v2, false), value: v2 };
  }
  const expandable = expandableString(a);
  if (expandable !== null) return { text: expandable, value: null };
  return { text: `"$(${translatePowerShell(a, depth + 1).replace(/"/g, '\\"')})"`, value: null };
}

/**
 * A double-quoted string whose only expansions are plain variables (`"$PWD\.env"`, `"$env:TEMP\x"`):
 * the POSIX double-quoted word with the same variables, backslashes as slashes. Null for anything
 * else (a subexpression, a backtick escape, a member access), which is translated as an expression.
 */
function expandableString(a: string): string | null {
  if (a.length < 2 || a[0] !== '"' || a[a.length - 1] !== '"') return null;
  let out = '"';
  for (let i = 1; i < a.length - 1; i++) {
    const c = a[i]!;
    if (c === '"' || c === '`') return null;
    if (c === '\\') out += '/';
    else if (c === '$') {
      let j = i + 1;
      if (a.slice(j, j + 4).toLowerCase() === 'env:') j += 4;
      const start = j;
      while (j < a.length - 1 && /\w/.test(a[j]!)) j++;
      if (j === start || a[j] === '.' || a[j] === '[' || a[j] === '(') return null;
      const name = a.slice(start, j);
      out += /^(?:home|userprofile)$/i.test(name) ? '${HOME}' : `\${${posixName(name)}}`;
      i = j - 1;
    } else out += c;
  }
  return `${out}"`;
}

function pathText(t: Tok | undefined): string {
  if (!t) return "''";
  return t.value !== null ? qPath(psPath(t.value), false) : t.text;
}

function translateDotnet(call: { method: string; args: Tok[] }, depth: number): string {
  const row = DOTNET_BY.get(call.method);
  const a = call.args;
  if (!row) {
    // An unknown method: what its arguments compute still runs.
    const runs = a.filter((t) => t.value === null).map((t) => t.text);
    return runs.length > 0 ? `: ${runs.join(' ')}` : ':';
  }
  const content = (t: Tok | undefined) => (t ? (t.value !== null ? q(t.value) : t.text) : "''");
  switch (row.does) {
    case 'read':
      return `cat -- ${pathText(a[0])}`;
    case 'write':
      return `printf '%s' ${content(a[1])} > ${pathText(a[0])}`;
    case 'append':
      return `printf '%s' ${content(a[1])} >> ${pathText(a[0])}`;
    case 'delete':
      return `rm -f -- ${pathText(a[0])}`;
    case 'delete-dir':
      // Directory.Delete(path, $true); VisualBasic's DeleteDirectory(path, DeleteAllContents): the whole tree.
      return (a[1]?.value && /^(?:true|deleteallcontents)$/i.test(a[1].value)) || (a[1] && a[1].value === null)
        ? `rm -r -f -- ${pathText(a[0])}`
        : `rmdir -- ${pathText(a[0])}`;
    case 'copy':
      return `cp -- ${pathText(a[0])} ${pathText(a[1])}`;
    case 'move':
      return `mv -- ${pathText(a[0])} ${pathText(a[1])}`;
    case 'exists':
      return `test -e ${pathText(a[0])}`;
    case 'mkdir':
      return `mkdir -p -- ${pathText(a[0])}`;
    case 'list':
      return `ls -- ${pathText(a[0])}`;
    case 'env-get':
      return a[0]?.value ? `printenv ${q(a[0].value)}` : 'env';
    case 'env-all':
      return 'env';
    case 'code':
      return codeOf(a[0], depth);
    case 'start': {
      const file = a[0];
      if (!file || file.value === null) return `sh -c ${file?.text ?? "''"}`;
      const rest = a[1] ? (a[1].value ?? null) : '';
      if (rest === null) return `${q(file.value)} ${a[1]!.text}`;
      return translatePowerShell(`& '${file.value.replace(/'/g, "''")}' ${rest}`, depth + 1);
    }
  }
}

/** A string run as PowerShell code: its translation when it is a constant, else computed (sh -c). */
function codeOf(t: Tok | undefined, depth: number): string {
  if (!t) return ':';
  if (t.value !== null) return group(translatePowerShell(t.value, depth + 1));
  if (t.kind === 'block' && t.src !== undefined) return group(translatePowerShell(t.src, depth + 1));
  return `sh -c ${t.text}`;
}

function matching(src: string, start: number, open: string, close: string): number {
  let level = 0;
  for (let i = start; i < src.length; i++) {
    if (--budget <= 0) return src.length;
    const c = src[i];
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) return src.length;
      i = end;
      continue;
    }
    if (c === open) level++;
    else if (c === close && --level === 0) return i;
  }
  return src.length;
}

/** Named parameters PowerShell accepts by unambiguous prefix, case-insensitively. */
function param(word: string, name: string, min = 2): boolean {
  const w = word.toLowerCase();
  return w.startsWith('-') && w.length - 1 >= min && name.toLowerCase().startsWith(w.slice(1));
}

/** A parameter name (`-Recurse`), not a quoted string that starts with a dash. */
function isParam(t: Tok): boolean {
  return t.value !== null && !t.quoted && t.value.startsWith('-') && t.value.length > 1;
}

const PATH_PARAMS = ['Path', 'LiteralPath', 'FilePath', 'Uri'];

interface Ctx {
  /** Reached through the call operator `&` (or dot-sourcing). */
  call: boolean;
  /** What the previous pipeline stage sends. */
  input: Flow | null;
}

function translatePsCommand(all: Tok[], depth: number, ctx: Ctx): { text: string; flow?: Flow } {
  // Redirections first: they apply to whatever the command becomes.
  const redirects: string[] = [];
  const words: Tok[] = [];
  for (let k = 0; k < all.length; k++) {
    const t = all[k]!;
    if (t.kind !== 'redirect') {
      words.push(t);
      continue;
    }
    const op = t.name!.replace(/^\*/, '');
    if (op.includes('&')) {
      if (!t.name!.startsWith('*')) redirects.push(op);
      continue;
    }
    const target = all[++k];
    if (!target) break;
    redirects.push(`${op} ${target.kind === 'var' && target.name === 'null' ? '/dev/null' : pathText(target)}`);
  }
  if (words.length === 0) return { text: redirects.length > 0 ? `: ${redirects.join(' ')}` : ':' };
  const r = translateWords(words, depth, ctx);
  if (redirects.length === 0) return r;
  const text = /[;&|]/.test(r.text) && !r.text.startsWith('{ ') ? group(r.text) : r.text;
  return { text: `${text} ${redirects.join(' ')}`, flow: r.flow };
}

/** An expression statement's output: each literal's elements. */
function literalsOf(words: Tok[]): string[] | undefined {
  const out: string[] = [];
  for (const w of words) {
    if (w.value === null || /^-?\d+\.\.-?\d+$/.test(w.value)) return undefined;
    out.push(...(w.items ?? [w.value]));
  }
  return out;
}

function translateWords(words: Tok[], depth: number, ctx: Ctx): { text: string; flow?: Flow } {
  let head = words[0]!;
  let args = words.slice(1);
  // `. { … }` dot-sources a block: like `& { … }`.
  if (head.value === '.' && !head.quoted && args.length > 0 && args[0]!.kind === 'block') {
    head = args[0]!;
    args = args.slice(1);
    ctx = { ...ctx, call: true };
  }
  if (ctx.call) {
    if (head.kind === 'block') return { text: group(translatePowerShell(head.src ?? '', depth + 1)) };
    if (head.kind === 'call' && head.call?.method === 'management.automation.scriptblock::create') return { text: translateDotnet(head.call, depth) };
    if (head.kind === 'paren' && head.src !== undefined && /^\s*\[(?:system\.management\.automation\.)?scriptblock\]::create\s*\(/i.test(head.src))
      return { text: translatePowerShell(head.src, depth + 1) };
    // `& 'C:\Program Files\x.exe' …`, `& $c` (a constant): the value is the command name.
  } else if (head.kind === 'call') {
    return { text: translateDotnet(head.call!, depth) };
  } else if (head.quoted || head.kind === 'var' || head.kind === 'paren' || /^[0-9@]/.test(head.value ?? '')) {
    // An expression statement: its value is printed.
    const lits = literalsOf(words);
    const env = head.kind === 'paren' && /^\s*(?:Get-ChildItem|gci|dir|ls)\s+env:\\?\s*$/i.test(head.src ?? '');
    return { text: `echo ${words.map((w) => w.text).join(' ')}`, flow: lits ? { literals: lits } : env ? { env: true } : {} };
  }
  const lowerHead = (head.value ?? '').toLowerCase().replace(/\.exe$/, '');
  let name = head.value !== null ? ALIASES[lowerHead] : undefined;
  // curl and wget are real programs in PowerShell 7; read them as Invoke-WebRequest only with its parameters.
  if (
    (lowerHead === 'curl' || lowerHead === 'wget') &&
    !args.some((a) => a.value !== null && /^-(uri|outfile|usebasicparsing|method|headers|body)/i.test(a.value))
  )
    name = undefined;
  if (!name) return { text: external(head, args, depth) };
  const row = ROWS.get(name)!;
  // A cmdlet kept as written goes on in lower case, so the POSIX analysis does not read it as PowerShell again.
  const asWritten = () => external({ ...head, value: lowerHead, text: q(lowerHead) }, args, depth);
  // Splatted parameters (@params) are not seen here: what the cmdlet does is not known.
  if (args.some((a) => !a.quoted && /^@[A-Za-z_]\w*$/.test(a.value ?? ''))) return { text: UNTRANSLATED };
  const valueParams = row.values ?? [];
  const has = (n: string, min = 2) => args.some((a) => isParam(a) && param(a.value!, n, min));
  const argOf = (n: string, min = 2): Tok | undefined => {
    const k = args.findIndex((a) => isParam(a) && param(a.value!, n, min));
    return k >= 0 ? args[k + 1] : undefined;
  };
  // -WhatIf only says what the cmdlet would do.
  if (args.some((a) => isParam(a) && /^-whatif$/i.test(a.value!))) return { text: 'true' };
  /** Path arguments: -Path/-LiteralPath values and positionals, as POSIX words; `literal` for -LiteralPath. */
  const positional = (extraValues: readonly string[] = [], wildcards = true): { text: string; raw: string | null }[] => {
    const out: { text: string; raw: string | null }[] = [];
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      if (isParam(a)) {
        const named = PATH_PARAMS.find((n) => param(a.value!, n));
        if (named && args[k + 1]) {
          out.push(...pathWords(args[++k]!, wildcards && named === 'Path'));
          continue;
        }
        if ([...valueParams, ...extraValues].some((n) => param(a.value!, n))) k++;
        continue;
      }
      out.push(...pathWords(a, wildcards));
    }
    return out;
  };
  const texts = (ps: { text: string }[]) => ps.map((p) => p.text).join(' ');
  const envName = (ps: { raw: string | null }[]) => {
    const m = ps.length === 1 ? /^env:[\\/]?(.*)$/i.exec(ps[0]!.raw ?? '') : null;
    return m ? m[1]! : null;
  };
  switch (name) {
    case 'remove-item': {
      // rd /s /q X, del /q X: cmd's switches, which is what the agent means.
      if (
        ['rd', 'rmdir', 'del', 'erase'].includes(lowerHead) &&
        args.some((a) => a.value !== null && /^\/[sqfa]/i.test(a.value)) &&
        args.every((a) => a.value !== null)
      )
        return { text: translateCmd(`${lowerHead} ${args.map((a) => (/\s/.test(a.value!) ? `"${a.value}"` : a.value)).join(' ')}`, depth + 1) };
      const ps = positional();
      const env = envName(ps);
      if (env !== null) return { text: env === '' || env === '*' ? ':' : `unset ${posixName(env)}` };
      const flags = `${has('Recurse', 1) ? ' -r' : ''}${has('Force', 1) ? ' -f' : ''}`;
      if (ps.length === 0 && ctx.input) {
        // Piped items: the paths the previous stage named, else whatever it printed.
        if (ctx.input.items) return { text: `rm${ctx.input.recursive && !flags.includes('-r') ? ' -r' : ''}${flags} -- ${ctx.input.items.join(' ')}` };
        return { text: `xargs rm${flags} --` };
      }
      return { text: `rm${flags} -- ${texts(ps)}`.trim() };
    }
    case 'get-content': {
      const ps = positional();
      const env = envName(ps);
      if (env !== null) return { text: env === '' || env === '*' ? 'env' : `printenv ${q(env)}`, flow: { env: env === '' } };
      if (ps.length === 0 && ctx.input?.items) return { text: `cat -- ${ctx.input.items.join(' ')}` };
      return { text: `cat -- ${texts(ps)}`.trim() };
    }
    case 'select-string': {
      const pattern = argOf('Pattern');
      const ps = positional();
      const files = pattern ? ps : ps.slice(1);
      const pat = pattern ? pattern.text : ps[0] ? (ps[0].raw !== null ? q(ps[0].raw) : ps[0].text) : 'x';
      if (files.length === 0 && ctx.input?.items) return { text: `grep ${pat} ${ctx.input.items.join(' ')}` };
      return { text: `grep ${pat} ${texts(files)}`.trim() };
    }
    case 'invoke-webrequest': {
      const out = argOf('OutFile');
      const ps = positional(['OutFile'], false);
      // What the request sends: -InFile is a file uploaded (curl -T), -Body a value (curl --data-binary).
      const inFile = argOf('InFile');
      const body = argOf('Body');
      const sent = `${inFile ? ` -T ${pathText(inFile)}` : ''}${body ? ` --data-binary ${body.value !== null ? q(body.value) : body.text}` : ''}`;
      // The body goes to -OutFile: written as a redirection, the write every guard reads.
      return { text: `curl${sent} ${texts(ps)}${out ? ` > ${pathText(out)}` : ''}`.trim() };
    }
    case 'invoke-expression': {
      const a = argOf('Command') ?? args.find((t) => !isParam(t));
      if (!a) return { text: ctx.input ? 'sh' : ':' };
      if (a.value !== null) return { text: group(translatePowerShell(a.value, depth + 1)) };
      return { text: `sh -c ${args.map((t) => t.text).join(' ')}` };
    }
    case 'invoke-command': {
      const block = argOf('ScriptBlock') ?? args.find((t) => t.kind === 'block');
      if (block) return { text: codeOf(block, depth) };
      const file = argOf('FilePath');
      return { text: file ? `sh ${pathText(file)}` : asWritten() };
    }
    case 'foreach-object': {
      const block = argOf('Process') ?? args.find((t) => t.kind === 'block');
      const member = args.find((t) => !isParam(t) && t.value !== null && /^\w+$/.test(t.value));
      if (ctx.input?.env && (member ? /^(name|key)$/i.test(member.value!) : /^\s*\$(_|PSItem)\.(Name|Key)\s*$/i.test(block?.src ?? '')))
        return { text: 'cut -d= -f1' };
      if (!block || block.src === undefined) return { text: member ? 'cat' : asWritten() };
      const lits = ctx.input?.literals;
      if (lits && lits.length > 0 && lits.length <= MAX_UNROLL) {
        const each = lits.map((v) => translatePowerShell(block.src!.replace(/\$(?:_|PSItem)(?![\w.[])/gi, `'${v.replace(/'/g, "''")}'`), depth + 1));
        return { text: group(each.join('; ')) };
      }
      // The items of Get-ChildItem / Get-Item (paths): the block runs once per item, `$_` (or its
      // FullName) being each. A loop over the item words, so a delete in the block gets their values.
      const items = ctx.input?.items;
      const each = /\$(?:_|PSItem)(?:\.(?:FullName|PSPath))?(?![\w.[])/gi;
      if (items && items.length > 0 && !ctx.input?.recursive && each.test(block.src)) {
        const body = translatePowerShell(block.src.replace(each, '$PSItem'), depth + 1);
        return { text: `for PSItem in ${items.join(' ')}; do ${body}; done` };
      }
      return { text: group(translatePowerShell(block.src, depth + 1)) };
    }
    case 'copy-item':
      return { text: `cp ${has('Recurse', 1) ? '-r ' : ''}${texts(positional(['Destination']))} ${destination(args)}`.trim() };
    case 'move-item':
      return { text: `mv ${texts(positional(['Destination']))} ${destination(args)}`.trim() };
    case 'rename-item': {
      const ps = positional(['NewName']);
      const newName = argOf('NewName');
      const from = ps[0];
      const to = newName ? (newName.value ?? null) : (ps[1]?.raw ?? null);
      if (!from) return { text: ':' };
      if (to === null) return { text: `mv -- ${from.text} ${newName?.text ?? ps[1]?.text ?? "''"}` };
      const fromPath = from.raw !== null ? psPath(from.raw) : '';
      const dir = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/') + 1) : '';
      return { text: `mv -- ${from.text} ${qPath(psPath(to.includes('/') || to.includes('\\') ? to : dir + to), false)}` };
    }
    case 'set-content':
    case 'add-content':
    case 'out-file': {
      const op = name === 'add-content' || (name === 'out-file' && has('Append', 1)) ? '>>' : '>';
      const value = argOf('Value');
      const ps = positional();
      const path = ps[0];
      const rest = value ? [value] : name === 'out-file' ? [] : args.filter((t) => !isParam(t)).slice(1, 2);
      if (!path) return { text: name === 'out-file' ? 'cat' : ':' };
      if (rest.length === 0 || name === 'out-file') return { text: `tee ${op === '>>' ? '-a ' : ''}${path.text}` };
      return { text: `printf '%s\\n' ${rest.map((t) => (t.value !== null ? q(t.value) : t.text)).join(' ')} ${op} ${path.text}` };
    }
    case 'clear-content':
      return {
        text:
          positional()
            .map((p) => `: > ${p.text}`)
            .join('; ') || ':',
      };
    case 'new-item':
    case 'mkdir': {
      const type = (argOf('ItemType') ?? argOf('Type'))?.value?.toLowerCase() ?? (name === 'mkdir' ? 'directory' : 'file');
      const nameTok = argOf('Name');
      let ps = positional();
      if (nameTok?.value) ps = (ps.length > 0 ? ps : [{ text: '.', raw: '.' }]).map((p) => ({ text: joinPath(p, nameTok.value!), raw: null }));
      if (ps.length === 0) return { text: ':' };
      if (type.startsWith('d')) return { text: `mkdir -p -- ${texts(ps)}` };
      if (/^(symboliclink|junction|hardlink)/.test(type)) {
        const target = argOf('Target') ?? argOf('Value');
        return { text: `ln -s -f -- ${pathText(target)} ${texts(ps)}` };
      }
      const value = argOf('Value');
      return { text: ps.map((p) => `printf '%s' ${value ? (value.value !== null ? q(value.value) : value.text) : "''"} > ${p.text}`).join('; ') };
    }
    case 'set-itemproperty': {
      const ps = positional();
      const value = argOf('Value');
      if (ps.length === 0) return { text: ':' };
      return { text: ps.map((p) => `printf '%s\\n' ${value ? (value.value !== null ? q(value.value) : value.text) : "''"} > ${p.text}`).join('; ') };
    }
    case 'expand-archive': {
      const dest = argOf('DestinationPath');
      const ps = positional(['DestinationPath']);
      const archive = ps[0];
      const to = dest ? pathText(dest) : ps[1] ? ps[1].text : '.';
      return { text: `unzip -o ${archive?.text ?? "''"} -d ${to}` };
    }
    case 'format-volume': {
      // The disk or volume it wipes, as a device (Clear-Disk -Number 1, Format-Volume -DriveLetter D).
      const which = argOf('Number') ?? argOf('DriveLetter') ?? argOf('DiskNumber') ?? args.find((a) => !isParam(a));
      return { text: `mkfs -- /dev/windows-disk-${which?.value !== null && which?.value !== undefined ? which.value.replace(/[^\w]/g, '') : 'unknown'}` };
    }
    case 'stop-computer':
      return { text: 'shutdown' };
    case 'restart-computer':
      return { text: 'reboot' };
    case 'get-childitem': {
      const ps = positional();
      const env = envName(ps);
      if (env !== null) return env === '' || env === '*' ? { text: 'env', flow: { env: true } } : { text: `printenv ${q(env)}` };
      // Its items: the matches of a wildcard, else the path itself (a file) and its children.
      const filter = argOf('Filter');
      const dirs = ps.length > 0 ? ps : [{ text: '.', raw: '.' }];
      const items =
        ps.length === 0
          ? [qPath(filter?.value ?? '*')]
          : dirs.flatMap((d) => (filter?.value ? [joinPath(d, filter.value, true)] : /[*?]/.test(d.raw ?? '') ? [d.text] : [d.text, joinPath(d, '*', true)]));
      // -Recurse: every file under them, so what takes the items works on whole trees.
      return { text: `ls -- ${texts(dirs)}`, flow: { items, ...(has('Recurse', 1) ? { recursive: true } : {}) } };
    }
    case 'get-item': {
      const ps = positional();
      const env = envName(ps);
      if (env !== null) return env === '' || env === '*' ? { text: 'env', flow: { env: true } } : { text: `printenv ${q(env)}`, flow: { variable: env } };
      if (ps.length === 0) return { text: 'ls -d' };
      return { text: `ls -d -- ${texts(ps)}`, flow: { items: ps.map((p) => p.text) } };
    }
    case 'test-path': {
      const ps = positional();
      return { text: ps.length > 0 && envName(ps) === null ? `test -e ${ps[0]!.text}` : 'true' };
    }
    case 'write-output': {
      // With no value of its own it passes (and prints) what is piped to it.
      if (ctx.input && !args.some((a) => !isParam(a))) return { text: 'cat', flow: ctx.input };
      const vals = args.filter((a, k) => !(isParam(a) || (k > 0 && isParam(args[k - 1]!) && valueParams.some((n) => param(args[k - 1]!.value!, n)))));
      const lits = literalsOf(vals);
      return { text: `echo ${vals.map((a) => a.text).join(' ')}`.trim(), flow: lits ? { literals: lits } : {} };
    }
    case 'start-process':
      return { text: startProcess(args, depth) };
    case 'where-object':
      return ctx.input?.env ? { text: 'cat', flow: { env: true } } : { text: asWritten() };
    case 'measure-object': {
      const has = (n: string) => args.some((a) => isParam(a) && param(a.value!, n));
      return { text: has('Word') ? 'wc -w' : has('Character') ? 'wc -c' : 'wc -l' };
    }
    case 'select-object': {
      const props = args.filter(
        (a) => !isParam(a) || !/^-(p|pr|pro|prop|prope|proper|propert|property|e|ex|exp|expa|expan|expand|expandp|expandproperty)$/i.test(a.value!),
      );
      if (ctx.input?.env && props.length > 0 && props.every((a) => a.value !== null && (a.items ?? [a.value]).every((v) => /^(name|key)$/i.test(v))))
        return { text: 'cut -d= -f1' };
      // Anything else made of an env dump prints its values; so does a variable's item's Value.
      if (ctx.input?.variable !== undefined && props.some((a) => /^value$/i.test(a.value ?? ''))) return { text: 'cat' };
      return ctx.input?.env ? { text: 'cat' } : { text: asWritten() };
    }
    case 'set-location': {
      const ps = positional();
      return { text: `cd ${ps[0]?.text ?? '~'}` };
    }
  }
  return { text: asWritten() };
}

/** `dir/name` as a POSIX word (the name may be a wildcard). */
function joinPath(dir: { text: string; raw: string | null }, name: string, wildcards = false): string {
  const base = dir.raw !== null ? psPath(dir.raw) : null;
  if (base === null) return `${dir.text}/${qPath(name, wildcards)}`;
  const joined = base === '.' ? name : base.endsWith('/') ? base + name : `${base}/${name}`;
  return qPath(psPath(joined), wildcards);
}

function pathWords(t: Tok, wildcards: boolean): { text: string; raw: string | null }[] {
  if (t.value === null) return [{ text: t.text, raw: null }];
  const items = t.items ?? [t.value];
  return items.filter(Boolean).map((s) => ({ text: qPath(psPath(s), wildcards), raw: s }));
}

function startProcess(args: Tok[], depth: number): string {
  let file: Tok | undefined;
  let list: Tok | undefined;
  let wd: Tok | undefined;
  let runAs = false;
  const rest: Tok[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (isParam(a)) {
      if (param(a.value!, 'FilePath')) file = args[++k];
      else if (param(a.value!, 'ArgumentList') || /^-args$/i.test(a.value!)) list = args[++k];
      else if (param(a.value!, 'WorkingDirectory')) wd = args[++k];
      else if (param(a.value!, 'Verb')) runAs = /^runas$/i.test(args[++k]?.value ?? '');
      else if (ROWS.get('start-process')!.values!.some((n) => param(a.value!, n))) k++;
      continue;
    }
    if (!file) file = a;
    else if (!list) list = a;
    else rest.push(a);
  }
  if (!file) return ':';
  let inner: string;
  if (file.value === null) inner = `${file.text} ${list?.text ?? ''}`.trim();
  else if (list && list.value === null) {
    // A computed argument list: a shell given it runs code nobody can read.
    inner = /^(pwsh|powershell|cmd)(\.exe)?$/i.test(file.value) ? `sh -c ${list.text}` : `${q(file.value)} ${list.text}`;
  } else {
    // Start-Process joins the arguments with spaces into one command line.
    const line = [file.value.includes(' ') ? `'${file.value.replace(/'/g, "''")}'` : file.value, ...(list ? (list.items ?? [list.value!]) : [])].join(' ');
    inner = translatePowerShell(line, depth + 1);
  }
  if (wd) inner = `( cd ${pathText(wd)} && ${group(inner)} )`;
  return runAs ? `sudo ${/[;&|]/.test(inner) ? `sh -c ${q(inner)}` : inner}` : inner;
}

/** A program we do not map: as written, except the shells whose -Command is PowerShell or cmd code. */
function external(head: Tok, args: Tok[], depth: number): string {
  const prog = head.value !== null ? head.value.replace(/\\/g, '/') : head.text;
  const lower = (head.value ?? '').toLowerCase().replace(/\.exe$/, '');
  if ((lower === 'powershell' || lower === 'pwsh') && depth < MAX_DEPTH) {
    const cmdIdx = args.findIndex((a) => a.value !== null && (param(a.value, 'Command', 1) || a.value === '-c'));
    if (cmdIdx >= 0) {
      const rest = args.slice(cmdIdx + 1);
      if (rest.length === 1 && rest[0]!.kind === 'block') return group(translatePowerShell(rest[0]!.src ?? '', depth + 1));
      return translatePowerShell(rest.map((a) => a.value ?? a.text).join(' '), depth + 1);
    }
  }
  if (lower === 'cmd' && depth < MAX_DEPTH) {
    const c = args.findIndex((a) => /^\/[ck]$/i.test(a.value ?? ''));
    if (c >= 0)
      return translateCmd(
        args
          .slice(c + 1)
          .map((a) => a.value ?? a.text)
          .join(' '),
        depth + 1,
      );
  }
  return [head.value !== null ? q(prog) : head.text, ...args.map((a) => a.text)].join(' ');
}

function destination(args: Tok[]): string {
  const i = args.findIndex((a) => isParam(a) && param(a.value!, 'Destination'));
  return i >= 0 && args[i + 1] ? pathText(args[i + 1]) : '';
}

// ---- cmd.exe ----

export function translateCmd(input: string, depth = 0): string {
  if (depth > MAX_DEPTH) return GAVE_UP;
  const src = input.slice(0, MAX_INPUT);
  if (input.length > MAX_INPUT) return `${translateCmd(src, depth)}${GAVE_UP}`;
  const parts = src.split(/(&&|\|\||&|\|)/);
  return parts
    .map((p) => {
      if (p === '&') return '; ';
      if (p === '&&' || p === '||' || p === '|') return ` ${p} `;
      return translateCmdCommand(p.trim(), depth);
    })
    .join('');
}

function cmdWords(s: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push((m[1] ?? m[2]!).replace(/\^(.)/g, '$1'));
  return out;
}

function cmdPath(s: string): string {
  return s
    .replace(/%HOMEDRIVE%%HOMEPATH%|%(USERPROFILE|HOME|HOMEPATH)%/gi, '~')
    .replace(/%([A-Za-z_][A-Za-z0-9_]*)%/g, '$$$1')
    .replace(/\\/g, '/');
}

function translateCmdCommand(s: string, depth: number): string {
  const words = cmdWords(s);
  if (words.length === 0) return '';
  const [head, ...args] = words;
  const cmd = head!.toLowerCase().replace(/\.exe$/, '');
  // Switches may be run together (/s/q).
  const switches = new Set(args.filter((a) => a.startsWith('/')).flatMap((a) => a.toLowerCase().match(/\/[^/]+/g) ?? []));
  // A path: %VAR% expanded, wildcards left to match (del %USERPROFILE%\*).
  const cmdWord = (a: string) => {
    const p = cmdPath(a);
    if (/^[\w./~:@%+-]*$/.test(p)) return p;
    if (/^[\w./~:@%+*?-]*$/.test(p)) return p.replace(/^~\/?/, (h) => h); // a glob, unquoted
    return q(p);
  };
  const paths = args.filter((a) => !a.startsWith('/')).map(cmdWord);
  const quoted = (p: string) => (p.startsWith("'") || !p.includes('$') ? p : `"${p}"`);
  switch (cmd) {
    case 'rd':
    case 'rmdir':
      return `rm${switches.has('/s') ? ' -r' : ''}${switches.has('/q') ? ' -f' : ''} -- ${paths.map(quoted).join(' ')}`;
    case 'del':
    case 'erase':
      return `rm${switches.has('/s') ? ' -r' : ''}${switches.has('/q') || switches.has('/f') ? ' -f' : ''} -- ${paths.map(quoted).join(' ')}`;
    case 'type':
      return `cat -- ${paths.map(quoted).join(' ')}`;
    case 'copy':
    case 'xcopy':
      return `cp ${paths.map(quoted).join(' ')}`;
    case 'move':
      return `mv ${paths.map(quoted).join(' ')}`;
    case 'format':
      return `mkfs ${paths.join(' ')}`;
    case 'powershell':
    case 'pwsh': {
      const i = args.findIndex((a) => /^-(c|command)$/i.test(a));
      return i >= 0 ? translatePowerShell(args.slice(i + 1).join(' '), depth + 1) : `${head} ${paths.join(' ')}`;
    }
    case 'cmd': {
      const i = args.findIndex((a) => /^\/[ck]$/i.test(a));
      return i >= 0 ? translateCmd(args.slice(i + 1).join(' '), depth + 1) : '';
    }
    case 'echo':
      // cmd expands %VAR% before echo prints it.
      return `echo ${args
        .map((a) =>
          a.includes('%')
            ? `"${cmdPath(a)
                .replace(/"/g, '\\"')
                .replace(/\$([A-Za-z_]\w*)/g, '${$1}')}"`
            : q(a),
        )
        .join(' ')}`.trim();
    case 'set':
      return args.length === 0 ? 'env' : `printenv ${q(args[0]!.split('=')[0]!)}`;
    default:
      return [q(cmdPath(head!)), ...args.map((a) => (a.startsWith('/') ? q(a) : quoted(q(cmdPath(a)))))].join(' ');
  }
}

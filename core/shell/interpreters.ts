// What interpreter one-liners and heredocs do (python -c, node -e, ruby -e, perl -e, php -r, lua -e,
// awk programs, …): the shell commands they run, and whether they reach a dangerous operation with a
// value the analysis cannot fix. The dangerous APIs are data (./code-apis.ts).
//
// One lexer per language family turns the code into tokens (strings with their interpolations
// lexed as code, comments dropped, regex literals skipped); string expressions built from literals
// (`"rm -rf " + "/"`, `"sys"."tem"`, `"a" .. "b"`, variables assigned once) are folded; calls are
// resolved to qualified names through import aliases (`from os import system as s`,
// `const { execSync } = require("node:child_process")`, `__import__("os")`, `getattr(os, "system")`).
// A literal command is returned for the shell analysis; a computed one is `opaque` (unanalysable).
// Linear: every token is lexed once, brackets are matched once, each assignment is folded once.

import { canonicalModule, DANGEROUS_APIS, DANGEROUS_RECEIVERS, FRESH_TEMP_PATHS, type CodeLang, type DangerousApi } from './code-apis';
import { type CodeReading, lex, type Tok } from './code-lex';
import { namesOnly } from '../programs/table';

export type { CodeReading } from './code-lex';

const MAX_CODE = 64 * 1024;
const MAX_SHELL = 64;
const MAX_EVAL_DEPTH = 3;
const MAX_NESTING = 200;

export function readCode(lang: string, code: string): CodeReading {
  const out: CodeReading = { shell: [], opaque: null, hits: [], strings: [] };
  if (!(lang in DANGEROUS_APIS)) return out;
  read(lang as CodeLang, code, out, 0);
  return out;
}

const FOLD_PROBE = '__agent_guard_fold';

/**
 * The string an expression written in `code` evaluates to when the code fixes it (`'DB_' + 'PASSWORD'`,
 * `''.join(['GH', '_TOKEN'])`, a name assigned a literal once earlier in the code), else null. The
 * expression is read at the end of the code, so the code's own assignments are in force.
 */
export function foldExpression(lang: string, code: string, expr: string): string | null {
  if (!(lang in DANGEROUS_APIS) || code.length + expr.length > MAX_CODE) return null;
  const out: CodeReading = { shell: [], opaque: null, hits: [], strings: [], folded: null };
  read(lang as CodeLang, `${code}\n;${FOLD_PROBE}(${expr})`, out, MAX_EVAL_DEPTH);
  return out.folded ?? null;
}

/** Compatibility: the literal shell commands only. */
export function shellStringsInCode(lang: string, code: string): string[] {
  return readCode(lang, code).shell;
}

function read(lang: CodeLang, code: string, out: CodeReading, depth: number): void {
  if (code.length > MAX_CODE) {
    out.opaque ??= `is longer than ${MAX_CODE / 1024} KiB`;
    return;
  }
  const toks = lex(lang, code, out);
  new Reader(lang, toks, out, depth).run();
}

// ---- reading ----

type Val = { s: string } | { list: string[] } | { mod: string };

const CONCAT: Record<CodeLang, string[]> = { python: ['+'], js: ['+'], ruby: ['+'], perl: ['.'], php: ['.'], lua: ['..'], awk: [], r: [] };
const ADJACENT = new Set<CodeLang>(['python', 'ruby', 'awk']);
const PARENLESS = new Set<CodeLang>(['ruby', 'perl', 'php', 'lua']);
const GLOBAL_PREFIXES: Record<CodeLang, string[]> = {
  python: ['builtins.', '__builtins__.', 'globals().', 'locals().', 'vars().', 'sys.modules.'],
  js: ['globalThis.', 'global.', 'window.', 'self.'],
  ruby: ['Kernel.', 'Object.'],
  perl: ['CORE.', 'CORE::GLOBAL.'],
  php: ['\\'],
  lua: ['_G.', '_ENV.'],
  awk: [],
  r: ['base.'],
};
const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'ash',
  'fish',
  'python',
  'python3',
  'perl',
  'ruby',
  'node',
  'php',
  'lua',
  'eval',
  'xargs',
  'source',
]);
const CLOSERS = new Set([')', ']', '}']);
/**
 * Python members that reach functions nobody named (`__subclasses__()`, `__globals__`): unanalysable.
 * A class's `__mro__`/`__bases__`/`__base__` only reach classes (printing them while debugging calls
 * nothing); a lookup by a computed name on what they reach stays unanalysable (dangerousReceiver).
 */
const PY_INTERNALS = new Set(['__globals__', '__subclasses__', '__code__', '__closure__', '__reduce__', '__reduce_ex__']);
const GETATTRS = new Set(['Reflect.get', 'rawget']);
/** php functions that call a function given by name, and which argument names it. */
const PHP_CALLBACKS: Record<string, number> = {
  array_map: 0,
  array_filter: 1,
  array_walk: 1,
  array_walk_recursive: 1,
  array_reduce: 1,
  usort: 1,
  uasort: 1,
  uksort: 1,
  register_shutdown_function: 0,
  register_tick_function: 0,
  iterator_apply: 1,
  preg_replace_callback: 1,
  set_error_handler: 0,
  set_exception_handler: 0,
  forward_static_call: 0,
  forward_static_call_array: 0,
  ob_start: 0,
  spl_autoload_register: 0,
  header_register_callback: 0,
};
namesOnly(PHP_CALLBACKS);
const PIPE_OPENS = new Set(['open', 'IO.read', 'IO.readlines', 'IO.foreach', 'IO.write', 'IO.binread']);
const LOOKUPS = new Set(['get', '__getattribute__', '__getattr__', '__getitem__', 'const_get', 'instance_method', 'public_method', 'method']);
const IDENTITY_METHODS = new Set(['decode', 'toString', 'to_s', 'encode']);
const fromBase64 = (t: string): string | null => {
  try {
    return atob(t.replace(/\s+/g, ''));
  } catch {
    return null;
  }
};
const fromHex = (t: string): string | null => {
  const h = t.replace(/\s+/g, '');
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) return null;
  let out = '';
  for (let i = 0; i < h.length; i += 2) out += String.fromCharCode(Number.parseInt(h.slice(i, i + 2), 16));
  return out;
};
const fromCodes = (codes: string[]) => (codes.every((c) => /^\d{1,7}$/.test(c) && Number(c) <= 0x10ffff) ? String.fromCodePoint(...codes.map(Number)) : null);
/** Calls that turn literals into literals, per language: what they return, or null when the reader does not know. */
const DECODERS: Partial<Record<CodeLang, Record<string, (args: string[]) => string | null>>> = {
  python: {
    chr: fromCodes,
    'base64.b64decode': (a) => fromBase64(a[0] ?? ''),
    'base64.standard_b64decode': (a) => fromBase64(a[0] ?? ''),
    'base64.urlsafe_b64decode': (a) => fromBase64((a[0] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
    'bytes.fromhex': (a) => fromHex(a[0] ?? ''),
    str: (a) => (a.length === 1 ? a[0]! : null),
    'pathlib.Path': (a) => (a.length === 1 ? a[0]! : null),
    'os.fspath': (a) => (a.length === 1 ? a[0]! : null),
  },
  js: {
    'String.fromCharCode': fromCodes,
    'String.fromCodePoint': fromCodes,
    atob: (a) => fromBase64(a[0] ?? ''),
    'Buffer.from': (a) => (a[1] === 'base64' ? fromBase64(a[0] ?? '') : a[1] === 'hex' ? fromHex(a[0] ?? '') : a.length === 1 ? a[0]! : null),
    String: (a) => (a.length === 1 ? a[0]! : null),
  },
  php: {
    chr: fromCodes,
    base64_decode: (a) => fromBase64(a[0] ?? ''),
    hex2bin: (a) => fromHex(a[0] ?? ''),
    strrev: (a) => [...(a[0] ?? '')].reverse().join(''),
  },
  perl: { chr: fromCodes, decode_base64: (a) => fromBase64(a[0] ?? ''), 'MIME.Base64.decode_base64': (a) => fromBase64(a[0] ?? '') },
  ruby: { 'Base64.decode64': (a) => fromBase64(a[0] ?? '') },
  lua: { 'string.char': fromCodes },
};
const JOINERS = new Set(['os.path.join', 'posixpath.join', 'path.join', 'path.posix.join', 'path.resolve', 'File.join']);

/** An argument computed at run time, as the shell analysis sees an unknown variable. */
const COMPUTED_WORD = '"$AGENT_GUARD_COMPUTED_ARGUMENT"';
/**
 * Programs whose computed arguments stay unanalysable: what they destroy depends on them (as
 * shutil.rmtree(p) does), or the argument is code or a script to run.
 */
const OPAQUE_ARGUMENTS = new Set([
  'rm',
  'rmdir',
  'shred',
  'srm',
  'wipe',
  'unlink',
  'dd',
  'wipefs',
  'truncate',
  'find',
  'rsync',
  'mv',
  'chmod',
  'chown',
  'chattr',
  'kill',
  'pkill',
  'killall',
  'mkfs',
  'fdisk',
  'parted',
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'busybox',
  'env',
  'sudo',
  'doas',
  'xargs',
  'ssh',
  'eval',
  'exec',
  'python',
  'python3',
  'node',
  'deno',
  'bun',
  'perl',
  'ruby',
  'php',
  'lua',
  'Rscript',
  'pwsh',
  'powershell',
  'cmd',
]);
const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * Stands for the home directory inside code (perl's $ENV{HOME}): a command built with it runs on
 * "$HOME" as the shell analysis reads it (`exec "rm", "-rf", $ENV{HOME}` is rm -rf "$HOME").
 */
const HOME_WORD = '\u0003home';
/**
 * Stands for a fresh temporary path inside code (`tempfile.mkdtemp()`, FRESH_TEMP_PATHS): a command
 * built with it runs on "$(mktemp -d)" as the shell analysis reads it, a fresh path it judges.
 */
const FRESH_WORD = '\u0003fresh';
const SHELL_FORMS: [string, string][] = [
  [HOME_WORD, '"$HOME"'],
  [FRESH_WORD, '"$(mktemp -d)"'],
];
/** Code's stand-ins (home, a fresh temporary path) as shell words, inside shell text. */
const unstand = (text: string) => SHELL_FORMS.reduce((t, [word, form]) => t.split(word).join(form), text);
const quote = (w: string) => {
  for (const [word, form] of SHELL_FORMS) if (w === word) return form;
  const q = /^[A-Za-z0-9_/.,:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
  return SHELL_FORMS.reduce((t, [word, form]) => t.split(word).join(`'${form}'`), q);
};

class Reader {
  private readonly match: Int32Array;
  /** The innermost open bracket around each token (-1 at the top level). */
  private readonly parent: Int32Array;
  private readonly assigns = new Map<string, [number, number] | null>();
  private readonly values = new Map<string, Val | null | 'busy'>();
  private readonly aliases = new Map<string, string>();
  private readonly resolved = new Map<number, [string | null, number, Val | null]>();
  private readonly stars: string[] = [];
  private readonly apis: DangerousApi[];
  private readonly byName = new Map<string, DangerousApi>();
  private readonly byLast = new Map<string, DangerousApi>();
  /** Every dotted prefix of a row's name (`os`, `ctypes.cdll`): the modules with dangerous members. */
  private readonly modules = new Set<string>();
  private readonly looked = new Map<string, DangerousApi | null>();
  /** Calls that return a fresh temporary path in this language (FRESH_TEMP_PATHS). */
  private readonly freshCalls: Set<string>;
  /** Names bound to a fresh temporary path by the language (`with … as d`, `mktmpdir do |d|`). */
  private readonly freshNames = new Set<string>();

  constructor(
    private readonly lang: CodeLang,
    private readonly toks: Tok[],
    private readonly out: CodeReading,
    private readonly depth: number,
  ) {
    this.match = new Int32Array(toks.length).fill(-1);
    this.parent = new Int32Array(toks.length).fill(-1);
    const stack: number[] = [];
    toks.forEach((t, k) => {
      this.parent[k] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      if (t.t !== 'p') return;
      if (t.v === '(' || t.v === '[' || t.v === '{') stack.push(k);
      else if (CLOSERS.has(t.v) && stack.length > 0) {
        const o = stack.pop()!;
        this.match[o] = k;
        this.match[k] = o;
      }
    });
    for (const o of stack) this.match[o] = toks.length;
    this.apis = DANGEROUS_APIS[lang];
    this.freshCalls = new Set(FRESH_TEMP_PATHS[lang].names);
    for (const a of this.apis) {
      for (let dot = a.name.indexOf('.'); dot > 0; dot = a.name.indexOf('.', dot + 1)) this.modules.add(a.name.slice(0, dot));
      this.byName.set(a.name, a);
      if (a.anyReceiver) this.byLast.set(a.name.slice(a.name.lastIndexOf('.') + 1), a);
    }
  }

  private opaque(why: string): void {
    this.out.opaque ??= why;
  }

  private tok(k: number): Tok | undefined {
    return this.toks[k];
  }

  private isP(k: number, v: string): boolean {
    const t = this.toks[k];
    return t !== undefined && t.t === 'p' && t.v === v;
  }

  /** Per token: where its expression ends (with and without a top-level comma as an end); computed once. */
  private ends: [Int32Array, Int32Array] | null = null;

  private isStop(k: number, comma: boolean): boolean {
    const t = this.toks[k]!;
    if (t.t === 'p' && (t.v === ';' || t.v === '\n' || (comma && t.v === ',') || CLOSERS.has(t.v))) return true;
    if (this.lang === 'perl' || this.lang === 'ruby') {
      if (t.t === 'id' && (t.v === 'if' || t.v === 'unless' || t.v === 'or' || t.v === 'and')) return true;
      if (t.t === 'p' && (t.v === '||' || t.v === '&&')) return true;
    }
    return false;
  }

  /** The end of the expression starting at `from`: a top-level `,` `;` newline, an unmatched closer, or a perl/ruby `if`/`or`. */
  private exprEnd(from: number, stopAtComma = true): number {
    if (!this.ends) {
      const n = this.toks.length;
      const withComma = new Int32Array(n + 1).fill(n);
      const without = new Int32Array(n + 1).fill(n);
      for (let k = n - 1; k >= 0; k--) {
        const t = this.toks[k]!;
        const open = t.t === 'p' && (t.v === '(' || t.v === '[' || t.v === '{') && this.match[k]! > k;
        const after = open ? Math.min(this.match[k]! + 1, n) : k + 1;
        withComma[k] = this.isStop(k, true) ? k : withComma[after]!;
        without[k] = this.isStop(k, false) ? k : without[after]!;
      }
      this.ends = [withComma, without];
    }
    return this.ends[stopAtComma ? 0 : 1][Math.min(from, this.toks.length)]!;
  }

  /** Top-level comma-separated ranges in [a, b); python keyword arguments dropped. */
  private split(a: number, b: number): [number, number][] {
    const out: [number, number][] = [];
    let k = a;
    while (k < b) {
      const e = Math.min(this.exprEndIn(k, b), b);
      if (e > k) {
        const kw = this.tok(k)?.t === 'id' && this.isP(k + 1, '=') && (this.lang === 'python' || this.lang === 'r');
        if (!kw) out.push([k, e]);
      }
      k = e + 1;
    }
    return out;
  }

  private exprEndIn(from: number, b: number): number {
    let k = from;
    while (k < b) {
      const t = this.toks[k]!;
      if (t.t === 'p' && (t.v === ',' || t.v === '=>')) return k;
      if (t.t === 'p' && (t.v === '(' || t.v === '[' || t.v === '{') && this.match[k]! > k) {
        k = this.match[k]! + 1;
        continue;
      }
      k++;
    }
    return b;
  }

  run(): void {
    this.collect();
    const toks = this.toks;
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.t === 'cmd') {
        if (t.dyn) this.opaque(`runs a shell command built at run time (${t.v.slice(0, 40)}…)`);
        else this.shell(t.v);
        this.out.hits.push('`…`');
        continue;
      }
      if (t.t === 'p' && (t.v === '|' || t.v === '|&') && this.lang === 'awk') {
        this.awkPipe(k);
        continue;
      }
      const before = toks[k - 1];
      // A parenthesised expression with members or a call after it: (require("child_process")).exec(…), (0, eval)(…).
      if (t.t === 'p' && t.v === '(' && !(before && (before.t === 'id' || before.t === 'str' || (before.t === 'p' && CLOSERS.has(before.v))))) {
        const after = this.tok(this.match[k]! + 1);
        if (after?.t === 'p' && ['.', '->', '::', '?.', '[', '('].includes(after.v)) this.resolve(k, toks.length, true);
        continue;
      }
      // A literal with members after it: [].constructor.constructor(…), "".constructor(…).
      if (
        (t.t === 'str' ||
          (t.t === 'p' && t.v === '[' && !(before && (before.t === 'id' || before.t === 'str' || (before.t === 'p' && CLOSERS.has(before.v)))))) &&
        this.lang === 'js'
      ) {
        const after = t.t === 'str' ? k + 1 : this.match[k]! + 1;
        if (this.isP(after, '.') || this.isP(after, '[')) this.postfix(t.t === 'str' ? '"…"' : '[…]', null, after, k, toks.length, true);
        continue;
      }
      // php: "system"("id"), $$name.
      if (this.lang === 'php' && t.t === 'str' && this.isP(k + 1, '(') && !(before && before.t === 'id')) {
        if (t.dyn) this.opaque('calls a function whose name is computed at run time ("…"(…))');
        else this.call(t.v, k + 2, this.match[k + 1]!, true);
        continue;
      }
      if (this.lang === 'php' && t.t === 'p' && t.v === '$' && (this.tok(k + 1)?.t === 'id' || this.isP(k + 1, '{'))) {
        this.opaque('uses a variable variable ($$name)');
        continue;
      }
      // perl: &$code(…), &{"name"}(…): calls through a symbolic reference.
      if (
        this.lang === 'perl' &&
        t.t === 'p' &&
        t.v === '&' &&
        (this.isP(k + 1, '{') || this.tok(k + 1)?.v.startsWith('$')) &&
        !(before && (before.t === 'id' || before.t === 'num' || before.t === 'str'))
      ) {
        this.opaque('calls a function through a symbolic reference (&$name)');
        continue;
      }
      if (this.lang === 'js' && t.t === 'id' && t.v === 'with' && this.isP(k + 1, '(')) {
        this.opaque('uses a with statement, so which function a name calls cannot be seen');
        continue;
      }
      if (this.lang === 'awk' && t.t === 'p' && t.v === '@' && this.tok(k + 1)?.t === 'id' && this.isP(k + 2, '(')) {
        this.opaque('calls a function indirectly (@name(…))');
        continue;
      }
      if (t.t !== 'id') continue;
      if (before && before.t === 'p' && ['.', '->', '::', '?.'].includes(before.v)) continue;
      if (this.lang === 'python' && (t.v === 'def' || t.v === 'class')) {
        k++;
        continue;
      }
      if (this.lang === 'python' && (t.v === 'import' || (t.v === 'from' && !(before && before.t === 'id' && before.v === 'yield')))) {
        k = this.exprEnd(k, false);
        continue;
      }
      this.resolve(k, toks.length, true);
    }
  }

  /** Assignments (`x = …` assigned once), imports and destructured requires. */
  private collect(): void {
    const toks = this.toks;
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.t === 'id' && this.lang === 'python' && (t.v === 'import' || t.v === 'from')) {
        k = this.pythonImport(k);
        continue;
      }
      if (t.t === 'id' && this.lang === 'js' && t.v === 'import' && !this.isP(k + 1, '(')) {
        k = this.jsImport(k);
        continue;
      }
      if (t.t === 'p' && t.v === '{' && this.lang === 'js' && this.isP(this.match[k]! + 1, '=')) {
        const close = this.match[k]!;
        const rhs = this.evaluate(close + 2, this.exprEnd(close + 2));
        for (const [a, b] of this.split(k + 1, close)) {
          const src = this.tok(a)!.v;
          const local = this.isP(a + 1, ':') ? this.tok(a + 2)?.v : src;
          if (local === undefined) continue;
          if (rhs && 'mod' in rhs) this.aliases.set(local, `${rhs.mod}.${src}`);
          this.assigns.set(local, null);
          void b;
        }
        k = close;
        continue;
      }
      if (t.t !== 'id') continue;
      const before = toks[k - 1];
      if (before && before.t === 'p' && ['.', '->', '::', '?.'].includes(before.v)) continue;
      const next = toks[k + 1];
      if (next?.t !== 'p') continue;
      if (next.v === '=') {
        if (before && before.t === 'p' && before.v === ',') this.assigns.set(t.v, null);
        else this.assigns.set(t.v, this.assigns.has(t.v) ? null : [k + 2, this.exprEnd(k + 2)]);
      } else if (['+=', '-=', '.=', '||=', '..'].includes(next.v) && next.v !== '..') this.assigns.set(t.v, null);
      else if (next.v === ',' && this.lang === 'python' && !this.inCall(k)) {
        // a, b = …: tuple targets are not literal constants (f(d, keep=True) is a call's keyword argument).
        let e = k;
        while (this.tok(e)?.t === 'id' && this.isP(e + 1, ',')) e += 2;
        if (this.isP(e + 1, '=')) for (let x = k; x <= e + 1; x += 2) if (this.tok(x)?.t === 'id') this.assigns.set(this.tok(x)!.v, null);
      }
    }
    // Loop variables and parameters are assigned by the language, not by a literal; a name bound to a
    // fresh temporary folder (`with tempfile.TemporaryDirectory() as d`, `Dir.mktmpdir do |d|`) holds
    // that fresh path when nothing else assigns it.
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.t === 'id' && (t.v === 'for' || t.v === 'foreach' || t.v === 'lambda' || t.v === 'as') && toks[k + 1]?.t === 'id') {
        const name = toks[k + 1]!.v;
        if (t.v === 'as' && !this.assigns.has(name) && this.isP(k - 1, ')') && this.freshCall(this.match[k - 1]! - 1)) this.freshNames.add(name);
        this.assigns.set(name, null);
      }
      if (
        this.lang === 'ruby' &&
        t.t === 'p' &&
        t.v === '|' &&
        toks[k + 1]?.t === 'id' &&
        this.isP(k + 2, '|') &&
        (this.isP(k - 1, '{') || toks[k - 1]?.v === 'do') &&
        this.freshCall(k - 2)
      ) {
        if (!this.assigns.has(toks[k + 1]!.v)) this.freshNames.add(toks[k + 1]!.v);
        this.assigns.set(toks[k + 1]!.v, null);
      }
    }
  }

  /** Whether token `k` is among a call's arguments (inside `name(…)`). */
  private inCall(k: number): boolean {
    const open = this.parent[k]!;
    return open >= 0 && this.isP(open, '(') && this.tok(open - 1)?.t === 'id';
  }

  /** Whether the callee ending at token `end` (`tempfile.TemporaryDirectory`, `Dir.mktmpdir`) returns a fresh temporary path. */
  private freshCall(end: number): boolean {
    let start = end;
    while (
      start >= 2 &&
      this.tok(start)?.t === 'id' &&
      this.tok(start - 1)?.t === 'p' &&
      ['.', '::'].includes(this.tok(start - 1)!.v) &&
      this.tok(start - 2)?.t === 'id'
    )
      start -= 2;
    if (this.tok(start)?.t !== 'id') return false;
    const parts: string[] = [];
    for (let x = start; x <= end; x += 2) parts.push(this.tok(x)!.v);
    const head = this.aliases.get(parts[0]!) ?? parts[0]!;
    return this.freshCalls.has([head, ...parts.slice(1)].join('.'));
  }

  private pythonImport(k: number): number {
    const end = this.exprEnd(k, false);
    const words = this.toks.slice(k, end);
    const dotted = (from: number): [string, number] => {
      let s = words[from]?.v ?? '';
      let x = from + 1;
      while (words[x]?.v === '.' && words[x + 1]?.t === 'id') {
        s += `.${words[x + 1]!.v}`;
        x += 2;
      }
      return [s, x];
    };
    if (words[0]!.v === 'import') {
      let x = 1;
      while (x < words.length) {
        const [mod, after] = dotted(x);
        x = after;
        if (words[x]?.v === 'as' && words[x + 1]) {
          this.aliases.set(words[x + 1]!.v, mod);
          this.assigns.set(words[x + 1]!.v, null);
          x += 2;
        }
        if (words[x]?.v === ',') x++;
        else break;
      }
      return end;
    }
    const [mod, after] = dotted(1);
    let x = after;
    if (words[x]?.v !== 'import') return end;
    x++;
    for (; x < words.length; x++) {
      const w = words[x]!;
      if (w.v === '*') this.stars.push(mod);
      if (w.t !== 'id') continue;
      let local = w.v;
      if (words[x + 1]?.v === 'as' && words[x + 2]) {
        local = words[x + 2]!.v;
        x += 2;
      }
      this.aliases.set(local, `${mod}.${w.v}`);
      this.assigns.set(local, null);
    }
    return end;
  }

  private jsImport(k: number): number {
    const end = this.exprEnd(k, false);
    let from = -1;
    for (let x = k; x < end; x++) if (this.toks[x]!.t === 'id' && this.toks[x]!.v === 'from' && this.toks[x + 1]?.t === 'str') from = x;
    if (from < 0) return end;
    const mod = canonicalModule('js', this.toks[from + 1]!.v);
    let inBraces = false;
    for (let x = k + 1; x < from; x++) {
      const w = this.toks[x]!;
      if (w.t === 'p' && w.v === '{') inBraces = true;
      if (w.t === 'p' && w.v === '}') inBraces = false;
      if (w.t !== 'id' || w.v === 'as') continue;
      const star = this.toks[x - 1]?.v === 'as' && this.toks[x - 2]?.v === '*';
      const renamed = this.toks[x - 1]?.v === 'as' && !star ? this.toks[x - 2]?.v : null;
      if (this.toks[x + 1]?.v === 'as') continue;
      this.aliases.set(w.v, star || !inBraces ? mod : `${mod}.${renamed ?? w.v}`);
      this.assigns.set(w.v, null);
    }
    return end;
  }

  /** The constant a name holds: assigned once to a literal expression. */
  private valueOf(name: string): Val | null {
    const alias = this.aliases.get(name);
    if (alias !== undefined) return { mod: alias };
    if (this.freshNames.has(name)) return { s: FRESH_WORD };
    const cached = this.values.get(name);
    if (cached === 'busy') return null;
    if (cached !== undefined) return cached;
    const range = this.assigns.get(name);
    if (!range) return null;
    this.values.set(name, 'busy');
    const v = this.evaluate(range[0], range[1]);
    this.values.set(name, v);
    return v;
  }

  /** The literal value of tokens [a, b), or null when any part is computed. */
  private evaluate(a: number, b: number): Val | null {
    if (this.nesting > MAX_NESTING) {
      this.opaque(`nests expressions more than ${MAX_NESTING} levels deep`);
      return null;
    }
    this.nesting++;
    try {
      return this.evaluateAt(a, b);
    } finally {
      this.nesting--;
    }
  }

  private nesting = 0;

  private evaluateAt(a: number, b: number): Val | null {
    let acc: Val | null = null;
    let k = a;
    const ops = CONCAT[this.lang];
    while (k < b) {
      const [v, next] = this.term(k, b);
      if (!v) return null;
      if (acc === null) acc = v;
      else if ('s' in acc && 's' in v) acc = { s: acc.s + v.s };
      else return null;
      k = next;
      if (k >= b) break;
      const t = this.toks[k]!;
      if (t.t === 'p' && ops.includes(t.v)) {
        k++;
        continue;
      }
      if (ADJACENT.has(this.lang) && (t.t === 'str' || (this.lang === 'awk' && t.t === 'id'))) continue;
      return null;
    }
    return acc;
  }

  private term(k: number, b: number): [Val | null, number] {
    const t = this.toks[k]!;
    let v: Val | null = null;
    let next = k + 1;
    if (t.t === 'id' && (t.v === 'await' || t.v === 'new') && k + 1 < b) return this.term(k + 1, b);
    const afterGroup = t.t === 'p' && t.v === '(' ? this.tok(this.match[k]! + 1) : undefined;
    if (afterGroup && this.match[k]! + 1 < b && afterGroup.t === 'p' && ['.', '->', '::', '?.', '[', '('].includes(afterGroup.v)) {
      const [name, end, val] = this.resolve(k, b, false);
      return [val ?? (name !== null ? { mod: name } : null), end];
    }
    // perl's $ENV{HOME} / $ENV{'HOME'}: the home directory.
    if (this.lang === 'perl' && t.t === 'id' && t.v === '$ENV' && this.isP(k + 1, '{') && this.tok(k + 2)?.v === 'HOME' && this.isP(k + 3, '}'))
      return [{ s: HOME_WORD }, k + 4];
    if (t.t === 'str') v = t.dyn ? null : { s: t.v };
    else if (t.t === 'num' && t.v !== 're' && t.v !== 'readline') v = { s: t.v };
    else if (t.t === 'p' && t.v === '(') {
      const close = this.match[k]!;
      const parts = this.split(k + 1, close);
      if (parts.length === 1) v = this.evaluate(parts[0]![0], parts[0]![1]);
      else v = this.list(parts);
      next = close + 1;
    } else if (t.t === 'p' && t.v === '[') {
      const close = this.match[k]!;
      v = this.list(this.split(k + 1, close));
      next = close + 1;
    } else if (t.t === 'id') {
      const [name, end, val] = this.resolve(k, b, false);
      v = val ?? (name !== null && end > k + 1 ? (this.freshCalls.has(name) ? { s: FRESH_WORD } : { mod: name }) : this.valueOf(t.v));
      if (!val && name !== null && end === k + 1 && !this.valueOf(t.v) && this.isBareModule(t.v)) v = { mod: t.v };
      next = end;
    }
    // Methods of a literal that keep it literal: "".join([...]), [...].join(""), "…"[::-1], .decode(), .toString().
    for (let guard = 0; v && next < b && guard < 16; guard++) {
      if (this.isP(next, '.') && this.tok(next + 1)?.v === 'join' && this.isP(next + 2, '(')) {
        const close = this.match[next + 2]!;
        const arg = close > next + 3 ? this.evaluate(next + 3, close) : { s: ',' };
        if (this.lang === 'python' && 's' in v && arg && 'list' in arg) v = { s: arg.list.join(v.s) };
        else if (this.lang === 'js' && 'list' in v && arg && 's' in arg) v = { s: v.list.join(arg.s) };
        else v = null;
        next = close + 1;
        continue;
      }
      if (this.isP(next, '.') && IDENTITY_METHODS.has(this.tok(next + 1)?.v ?? '') && this.isP(next + 2, '(') && 's' in v) {
        const close = this.match[next + 2]!;
        next = close + 1;
        continue;
      }
      if (this.lang === 'python' && 's' in v && this.isP(next, '[')) {
        // "…"[::-1]
        const close = this.match[next]!;
        const inner = this.toks
          .slice(next + 1, Math.min(close, next + 6))
          .map((t) => t.v)
          .join('');
        if (close - next <= 5 && inner === '::-1') {
          v = { s: [...v.s].reverse().join('') };
          next = close + 1;
          continue;
        }
      }
      break;
    }
    return [v, next];
  }

  private isBareModule(name: string): boolean {
    return this.modules.has(name) || DANGEROUS_RECEIVERS[this.lang].includes(name);
  }

  private list(parts: [number, number][]): Val | null {
    const items: string[] = [];
    for (const [a, b] of parts) {
      const v = this.evaluate(a, b);
      if (!v || 'mod' in v) return null;
      if ('s' in v) items.push(v.s);
      else items.push(...v.list);
    }
    return { list: items };
  }

  private lookup(name: string): DangerousApi | null {
    let r = this.looked.get(name);
    if (r === undefined) {
      r = this.lookupOnce(name);
      this.looked.set(name, r);
    }
    return r;
  }

  private lookupOnce(name: string): DangerousApi | null {
    let n = this.lang === 'python' ? name.replace(/\.__dict__(?=\.)/g, '') : name;
    for (let again = true; again && !this.byName.has(n); ) {
      again = false;
      for (const p of GLOBAL_PREFIXES[this.lang]) {
        if (n.startsWith(p) && n.length > p.length) {
          n = n.slice(p.length);
          again = true;
        }
      }
    }
    const exact = this.byName.get(n);
    if (exact) return exact;
    if (!n.includes('.')) {
      for (const m of this.stars) {
        const s = this.byName.get(`${m}.${n}`);
        if (s) return s;
      }
    }
    const last = n.slice(n.lastIndexOf('.') + 1);
    return n.includes('.') ? (this.byLast.get(last) ?? null) : null;
  }

  /**
   * The qualified name of the expression at `k` (a chain of members and calls), the index after it,
   * and its value when it is a module or a literal. With `act`, calls are judged.
   */
  private resolve(k: number, b: number, act: boolean): [string | null, number, Val | null] {
    if (act) return this.resolveOnce(k, b, true);
    const key = k * 0x100000 + (b - k);
    let r = this.resolved.get(key);
    if (!r) {
      r = this.resolveOnce(k, b, false);
      this.resolved.set(key, r);
    }
    return r;
  }

  private resolveOnce(k: number, b: number, act: boolean): [string | null, number, Val | null] {
    const t = this.toks[k]!;
    let name: string | null = t.v;
    let val: Val | null = null;
    const c = t.t === 'id' ? this.valueOf(t.v) : null;
    if (t.t === 'p' && t.v === '(') {
      // (expr).member: the group's last expression names the receiver.
      const close = Math.min(this.match[k]!, this.toks.length);
      const parts = this.split(k + 1, close);
      const last = parts[parts.length - 1];
      name = '(…)';
      if (last) {
        const first = this.tok(last[0])!;
        const skip = first.t === 'id' && (first.v === 'await' || first.v === 'new') ? 1 : 0;
        const inner = this.tok(last[0] + skip)?.t === 'id' ? this.resolve(last[0] + skip, last[1], false) : null;
        const v = this.evaluate(last[0] + skip, last[1]);
        if (v && 'mod' in v) name = v.mod;
        else if (v && 's' in v && this.lang === 'php') name = v.s;
        else if (inner && inner[1] === last[1] && inner[0] !== null) name = inner[0];
      }
      return this.postfix(name, null, close + 1, k, b, act);
    }
    if (t.v.startsWith('$') && this.lang === 'php' && this.isP(k + 1, '(') && !(c && 's' in c)) {
      // $f(…): a variable function whose name is not a literal.
      if (act) this.opaque(`calls a function whose name is computed at run time (${t.v}(…))`);
      name = null;
    } else if (c && 'mod' in c) name = c.mod;
    else if (c && 's' in c && this.lang === 'php' && t.v.startsWith('$')) name = c.s;
    else if (c) val = c;
    return this.postfix(name, val, k + 1, k, b, act);
  }

  /** Members, lookups and calls after a receiver named `name`, from `x`; `start` is where the expression began. */
  private postfix(name0: string | null, val0: Val | null, x0: number, start: number, b: number, act: boolean): [string | null, number, Val | null] {
    let name = name0;
    let val = val0;
    let x = x0;
    while (x < b && name !== null) {
      const p = this.toks[x]!;
      if (p.t === 'p' && p.v === '?.' && this.isP(x + 1, '(')) {
        x++;
        continue;
      }
      if (p.t === 'p' && ['.', '->', '::', '?.'].includes(p.v) && this.tok(x + 1)?.t === 'id') {
        const member = this.tok(x + 1)!.v;
        // A literal's .decode() / .toString() is the literal.
        if (val && 's' in val && IDENTITY_METHODS.has(member) && this.isP(x + 2, '(')) {
          x = Math.min(this.match[x + 2]!, this.toks.length) + 1;
          continue;
        }
        const api = this.lookup(name);
        if (
          api &&
          this.isP(x + 2, '(') &&
          ((this.lang === 'ruby' && member === 'call') ||
            (this.lang === 'python' && member === '__call__') ||
            (this.lang === 'php' && (member === 'invoke' || member === 'invokeArgs')))
        ) {
          // system.call(…) / os.system.__call__(…): a call of the same function.
          x += 2;
          continue;
        }
        if (api && this.lang === 'js' && (member === 'call' || member === 'apply' || member === 'bind')) {
          if (act) this.opaque(`calls ${api.name} indirectly (.${member})`);
          name = null;
          break;
        }
        if (act && this.lang === 'python' && PY_INTERNALS.has(member))
          this.opaque(`reaches the interpreter's internals (${member}), where any function can be found`);
        name = `${name}.${member}`;
        // The path of a fresh temporary folder object (tempfile.TemporaryDirectory().name) is fresh.
        if (!(val && 's' in val && val.s === FRESH_WORD && member === 'name')) val = null;
        x += 2;
        continue;
      }
      if (p.t === 'p' && p.v === '[') {
        const close = this.match[x]!;
        const key = this.evaluate(x + 1, close);
        if (key && 's' in key) {
          name = `${name}.${key.s}`;
          val = null;
        } else {
          if (act && this.dangerousReceiver(name)) this.opaque(`looks up a member of ${name} by a name computed at run time`);
          name = `${name}[]`;
        }
        x = close + 1;
        continue;
      }
      if (p.t === 'p' && p.v === '(') {
        const close = this.match[x]!;
        const r = this.call(name, x + 1, Math.min(close, this.toks.length), act);
        name = r.name;
        val = r.val;
        x = close + 1;
        continue;
      }
      // JS tagged template: Bun.$`rm -rf ~`.
      if (p.t === 'str' && p.q === '`' && this.lang === 'js' && (name === 'Bun.$' || name === 'bun.$' || name === '$')) {
        if (act) {
          this.out.hits.push('Bun.$');
          if (p.dyn) this.opaque('runs a shell command built at run time (Bun.$`…`)');
          else this.shell(p.v);
        }
        x++;
        continue;
      }
      // Paren-less calls: system "ls", eval $s, require ARGV[0], include $f; perl's exec { "rm" } "rm", "-rf", "/".
      const api = PARENLESS.has(this.lang) ? this.lookup(name) : null;
      if (api && this.lang === 'perl' && p.t === 'p' && p.v === '{' && (api.name === 'system' || api.name === 'exec')) {
        const from = Math.min(this.match[x]! + 1, this.toks.length);
        const e = this.exprEnd(from, false);
        const r = this.call(name, from, e, act);
        return [r.name, e, r.val];
      }
      if (
        api &&
        (p.t === 'str' || p.t === 'id' || p.t === 'num' || p.t === 'cmd' || (p.t === 'p' && p.v === '[')) &&
        !(p.t === 'id' && ['if', 'unless', 'or', 'and', 'do', 'then'].includes(p.v))
      ) {
        const e = this.exprEnd(x, false);
        const r = this.call(name, x, e, act);
        return [r.name, e, r.val];
      }
      break;
    }
    // A dangerous function passed as a value: map(os.system, cmds), [c].forEach(cp.execSync), pcall(os.execute, c).
    if (act && name !== null && this.passedAsValue(start, x)) {
      const api = this.lookup(name);
      if (api && api.kind !== 'run') this.opaque(`passes ${api.name} as a function value, so what it runs cannot be seen`);
    }
    return [name, x, val];
  }

  /** Whether the expression [start, end) is an argument or list element by itself (not called). */
  private passedAsValue(start: number, end: number): boolean {
    const after = this.tok(end);
    if (after?.t !== 'p' || ![',', ')', ']'].includes(after.v)) return false;
    const open = this.parent[start]!;
    if (open < 0 || !(this.isP(open, '(') || this.isP(open, '['))) return false;
    const before = this.tok(start - 1);
    if (before?.t !== 'p') return false;
    return (
      before.v === '(' || before.v === '[' || before.v === ',' || (before.v === '=' && this.lang === 'python') || (before.v === '&' && this.lang === 'ruby')
    );
  }

  /** getattr(M, "name") is M.name; with a computed name on a dangerous receiver it is unanalysable. */
  private getattr(fn: string, a: number, b: number, act: boolean): { name: string | null; val: Val | null } {
    const args = this.split(a, b);
    const recv = args[0] ? this.resolve(args[0][0], args[0][1], false)[0] : null;
    const v = args[1] ? this.evaluate(args[1][0], args[1][1]) : null;
    if (v && 's' in v && recv !== null) return { name: `${recv}.${v.s}`, val: null };
    if (act && (recv === null || this.dangerousReceiver(recv)))
      this.opaque(`looks up a member of ${recv ?? 'a module'} by a name computed at run time (${fn})`);
    return { name: `${fn}()`, val: null };
  }

  /** Arguments built from literals in more than one piece, or held by a constant: kept for the file effects. */
  private foldArguments(a: number, b: number): void {
    for (const [x, y] of this.split(a, b)) {
      if (y === x + 1 && this.tok(x)!.t === 'str') continue;
      const v = this.evaluate(x, y);
      // A path below a fresh temporary folder names no file of the project or the home.
      if (v && 's' in v && !v.s.includes(FRESH_WORD) && this.out.strings.length < MAX_SHELL) this.out.strings.push(v.s);
    }
  }

  /** A receiver whose members, looked up by a computed name, may be a dangerous function. */
  private dangerousReceiver(name: string): boolean {
    if (DANGEROUS_RECEIVERS[this.lang].includes(name) || this.isBareModule(name) || this.lookup(name) !== null) return true;
    if (this.lang !== 'python') return false;
    return /__dict__|__builtins__|__class__|__mro__|__bases__|__base__|^globals\(\)|^vars\(\)|^locals\(\)|^sys\.modules\b/.test(name);
  }

  /** Whether `word` is among the arguments [a, b) or the keys of an object argument (nested calls skipped). */
  private mentions(a: number, b: number, word: string): boolean {
    let k = a;
    while (k < b) {
      const t = this.toks[k]!;
      if (t.v === word && t.t !== 'str') return true;
      if (t.t === 'p' && (t.v === '(' || t.v === '[' || (t.v === '{' && k > a && !this.isP(k - 1, ','))) && this.match[k]! > k) {
        k = this.match[k]! + 1;
        continue;
      }
      k++;
    }
    return false;
  }

  /** A call of `name` with arguments [a, b): judged when `act`; its result's name and value. */
  private call(name: string | null, a: number, b: number, act: boolean): { name: string | null; val: Val | null } {
    if (name === null) return { name: null, val: null };
    if (name === FOLD_PROBE && this.out.folded !== undefined) {
      const v = this.evaluate(a, b);
      this.out.folded = v && 's' in v ? v.s : null;
      return { name: null, val: null };
    }
    if (act) this.foldArguments(a, b);
    const api = this.lookup(name);
    const result = { name: `${name}()`, val: null as Val | null };
    if (!api) {
      // tempfile.mkdtemp(), fs.mkdtempSync(…): a fresh temporary path (FRESH_TEMP_PATHS).
      if (this.freshCalls.has(name)) return { name: result.name, val: { s: FRESH_WORD } };
      // Reflect.get(cp, name), rawget(_G, name): getattr by another name.
      if (GETATTRS.has(name)) return this.getattr(name, a, b, act);
      // require("module").createRequire(…) returns a require.
      if (name.endsWith('createRequire')) return { name: 'require', val: { mod: 'require' } };
      // php: array_map("system", …), usort($a, $f): a function named by a string is called back.
      const cb = this.lang === 'php' ? PHP_CALLBACKS[name.replace(/^\\/, '')] : undefined;
      if (cb !== undefined && act) {
        const at = this.split(a, b)[cb];
        const first = at ? this.tok(at[0]) : undefined;
        const closure = first?.t === 'id' && (first.v === 'fn' || first.v === 'function' || first.v === 'static');
        const v = at && !closure ? this.evaluate(at[0], at[1]) : null;
        if (at && !closure && (!v || ('s' in v && this.lookup(v.s) !== null)))
          this.opaque(`passes ${name} a callback ${v && 's' in v ? `that is ${v.s}` : 'named at run time'}`);
        return result;
      }
      // os.__dict__.get(name), globals().get(name), Object.const_get(name): a lookup by name.
      const dot = name.lastIndexOf('.');
      if (dot > 0 && LOOKUPS.has(name.slice(dot + 1)) && this.dangerousReceiver(name.slice(0, dot))) {
        const key = this.split(a, b)[0];
        const v = key ? this.evaluate(key[0], key[1]) : null;
        if (v && 's' in v) return { name: `${name.slice(0, dot)}.${v.s}`, val: null };
        if (act) this.opaque(`looks up a member of ${name.slice(0, dot)} by a name computed at run time (${name.slice(dot + 1)})`);
        return result;
      }
      // os.path.join("config", ".env") and path.join(…) of literals are literal paths.
      if (JOINERS.has(name)) {
        const parts = this.list(this.split(a, b));
        if (parts && 'list' in parts) return { name: result.name, val: { s: parts.list.join('/').replace(/\/+/g, '/') } };
      }
      // chr(46), String.fromCharCode(46), base64.b64decode("…"), Buffer.from("…", "base64"), atob(…): literal in, literal out.
      const decode = DECODERS[this.lang]?.[name];
      if (decode) {
        const parts = this.list(this.split(a, b));
        const text = parts && 'list' in parts ? decode(parts.list) : null;
        if (text !== null) return { name: result.name, val: { s: text } };
      }
      return result;
    }
    if (api.needs && !this.mentions(a, b, api.needs)) return result;
    const args = this.split(a, b);
    const arg = (n: number) => (args[n] ? this.evaluate(args[n]![0], args[n]![1]) : null);
    if (act) this.out.hits.push(api.name);
    switch (api.kind) {
      case 'import': {
        const v = arg(0);
        if (v && 's' in v) return { name: canonicalModule(this.lang, v.s), val: { mod: canonicalModule(this.lang, v.s) } };
        // require(process.cwd() + "/package.json") loads data, not code.
        const last = args[0] ? this.tok(args[0][1] - 1) : undefined;
        if (this.lang === 'js' && last?.t === 'str' && last.v.endsWith('.json')) return { name: null, val: null };
        if (act) this.opaque(`loads a module whose name is computed at run time (${api.name})`);
        return { name: null, val: null };
      }
      case 'reflect': {
        if (api.name === 'getattr') return this.getattr('getattr', a, b, act);
        const v = arg(0);
        if (api.name === 'operator.methodcaller') {
          if (act && !(v && 's' in v && !this.apis.some((x) => x.name.endsWith(`.${(v as { s: string }).s}`))))
            this.opaque(`calls a method by name indirectly (${api.name})`);
          return result;
        }
        if (!v || !('s' in v)) {
          if (act) this.opaque(`calls a function whose name is computed at run time (${api.name})`);
          return { name: null, val: null };
        }
        // method(:system) and new ReflectionFunction("system") are the function itself (…).call / ->invoke call it.
        if (api.name === 'method' || api.name === 'ReflectionFunction') return { name: v.s, val: null };
        if (act && this.lookup(v.s) && args.length > 1) this.call(v.s, args[1]![0], b, act);
        return { name: `${v.s}()`, val: null };
      }
      case 'native':
        if (act) this.opaque(`calls native code (${api.name}), which cannot be read`);
        return result;
      case 'run': {
        const v = arg(0);
        if (act && !(v && 's' in v)) this.opaque(`runs a file whose name is computed at run time (${api.name})`);
        return result;
      }
      case 'delete': {
        const v = arg(0);
        if (!act) return result;
        if (v && 's' in v) this.shell(`rm -rf -- ${quote(v.s)}`);
        else this.opaque(`deletes a tree whose path is computed at run time (${api.name})`);
        return result;
      }
      case 'eval': {
        if (!act) return result;
        const src = api.name === 'Function' || api.name === 'create_function' || api.name === 'Function.constructor' ? arg(args.length - 1) : arg(0);
        if (src && 's' in src) {
          if (this.depth >= MAX_EVAL_DEPTH) this.opaque(`evaluates code nested more than ${MAX_EVAL_DEPTH} levels deep (${api.name})`);
          else read(this.lang, src.s, this.out, this.depth + 1);
        } else if (!(api.name === 'Function' && args.length === 0)) this.opaque(`evaluates code computed at run time (${api.name})`);
        return result;
      }
      case 'shell': {
        if (!act) return result;
        this.shellCall(api, args, b);
        return result;
      }
    }
    return result;
  }

  private shellCall(api: DangerousApi, args: [number, number][], _b: number): void {
    const computed = () => this.opaque(`passes ${api.name} a command computed at run time`);
    if (PIPE_OPENS.has(api.name)) {
      // perl open(FH, "cmd |") / open(my $f, "-|", @cmd); ruby open("|cmd").
      const modeAt = this.lang === 'perl' ? 1 : 0;
      const mode = args[modeAt] ? this.evaluate(args[modeAt]![0], args[modeAt]![1]) : null;
      if (!mode || !('s' in mode)) {
        if (this.lang === 'perl' && args.length > 2) computed();
        else if (this.lang === 'perl' || this.lang === 'ruby') computed();
        return;
      }
      const m = mode.s.trim();
      if (this.lang === 'perl' && args.length > 2) {
        if (m === '-|' || m === '|-') this.argv(args.slice(2), api);
        return;
      }
      if (m.startsWith('|')) this.shell(m.slice(1));
      else if (m.endsWith('|')) this.shell(m.slice(0, -1));
      return;
    }
    const skip = /^os\.spawn/.test(api.name) ? 1 : 0;
    if (api.args === 'argv') {
      this.argv(args.slice(skip), api);
      return;
    }
    const at = args[api.arg ?? 0];
    const v = at ? this.evaluate(at[0], at[1]) : null;
    // A list with a computed argument (subprocess.run(["git", "add", f])): word by word, as argv.
    if ((!v || 'mod' in v) && at && this.isP(at[0], '[')) this.argv([at], api);
    else if (!v || 'mod' in v) computed();
    else if ('s' in v) this.shell(v.s);
    else this.shell(v.list.map(quote).join(' '));
  }

  /** A command given as words (program and arguments, lists of them, or an object with `args`/`cmd`). */
  private argv(args: [number, number][], api: DangerousApi): void {
    // null: an argument computed at run time (subprocess.run(["git", "add", f])), read by the shell
    // analysis as an unknown word, as `git add "$f"` is. The program itself must be literal.
    const words: (string | null)[] = [];
    let single: string | null = null;
    for (const [a, b] of args) {
      if (this.isP(a, '{')) {
        // { args: [...] } / { cmd: [...] }: only those keys are words of the command.
        const close = this.match[a]!;
        for (const [ka, kb] of this.split(a + 1, close)) {
          const key = this.tok(ka)!;
          if ((key.v === 'args' || key.v === 'cmd' || key.v === 'argv') && this.isP(ka + 1, ':')) {
            const v = this.evaluate(ka + 2, kb);
            if (!v || !('list' in v)) {
              this.opaque(`passes ${api.name} a command computed at run time`);
              return;
            }
            words.push(...v.list);
          }
        }
        continue;
      }
      const v = this.evaluate(a, b);
      if (!v || 'mod' in v) {
        // A trailing options hash or callback is not part of the command.
        if (words.length > 0 && (this.tok(a)?.t === 'id' || this.isP(a, '(')) && api.name.startsWith('child_process.')) continue;
        const items = this.isP(a, '[') && this.match[a] === b - 1 ? this.split(a + 1, b - 1).map(([x, y]) => this.evaluate(x, y)) : null;
        const first = words.length > 0 ? words[0] : items?.[0] && 's' in items[0] ? items[0].s : null;
        const program = typeof first === 'string' ? basename(first) : null;
        if (items && program && !OPAQUE_ARGUMENTS.has(program)) {
          for (const it of items) {
            if (it && 'list' in it) words.push(...it.list);
            else words.push(it && 's' in it ? it.s : null);
          }
          continue;
        }
        this.opaque(`passes ${api.name} a command computed at run time`);
        return;
      }
      if ('s' in v) {
        if (args.length === 1) single = v.s;
        words.push(v.s);
      } else words.push(...v.list);
    }
    if (words.length === 0) return;
    // One string to system/exec/spawn (ruby, perl) runs through the shell.
    if (single !== null && (this.lang === 'ruby' || this.lang === 'perl' || this.lang === 'php' || api.name === 'pty.spawn')) this.shell(unstand(single));
    else this.shell(words.map((w) => (w === null ? COMPUTED_WORD : quote(w))).join(' '));
  }

  /** awk: `cmd | getline` runs cmd; `print … | cmd` pipes output into cmd. */
  private awkPipe(k: number): void {
    const next = this.tok(k + 1);
    if (next?.t === 'id' && next.v === 'getline') {
      let a = k;
      while (a > 0) {
        const t = this.toks[a - 1]!;
        if (t.t === 'str' || t.t === 'id' || t.t === 'num' || (t.t === 'p' && t.v === '$')) a--;
        else break;
      }
      this.out.hits.push('getline');
      const v = a < k ? this.evaluate(a, k) : null;
      if (v && 's' in v) this.shell(v.s);
      else this.opaque('runs a command built at run time (… | getline)');
      return;
    }
    const e = this.exprEnd(k + 1, false);
    this.out.hits.push('print |');
    const v = this.evaluate(k + 1, e);
    if (!v || !('s' in v)) {
      this.opaque('pipes output into a command built at run time (print | …)');
      return;
    }
    const program = v.s.trim().split(/\s+/)[0] ?? '';
    if (SHELLS.has(program.replace(/^.*\//, ''))) {
      this.opaque(`pipes text it computes into ${program} (print | "${program}")`);
      return;
    }
    this.shell(v.s);
  }

  private shell(code: string): void {
    const text = unstand(code);
    if (this.out.shell.length >= MAX_SHELL) {
      this.opaque(`runs more than ${MAX_SHELL} commands`);
      return;
    }
    // A shell or interpreter started without a script reads its program from the pipe the code writes: spawn("sh").stdin.write(…).
    const words = text.trim().split(/\s+/);
    const program = (words[0] ?? '').replace(/^['"]|['"]$/g, '').replace(/^.*\//, '');
    if (SHELLS.has(program) && words.slice(1).every((w) => /^-[a-zA-Z]*$/.test(w) && !/^-[a-zA-Z]*[ceE]$/.test(w))) {
      this.opaque(`starts ${program} without a script, so the program it is fed cannot be seen`);
      return;
    }
    this.out.shell.push(text);
  }
}

// Effects of interpreter one-liners (python -c, node -e, ruby -e, perl -e, php -r, …): the files
// they open for reading or writing, the files they delete or rename, and whether they dump the
// environment. String literals joined by `+` or `.` are joined first, so `'.e' + 'nv'` is `.env`.
// The API names are data (signatures/interpreters.ts, CODE_APIS); one linear pass over the code.

import { syntheticValue, type Invocation } from '../shell/model';
import type { Effect } from '../programs/types';
import { hostOf, target } from './targets';
import { literals, type Literal } from './literals';
import { CODE_APIS, CODE_EVAL, DOTENV_LOADERS } from '../programs/interpreters';
import { CODE_ENV } from '../programs/env';
import { foldExpression, readCode } from '../shell/interpreters';
import { codeDestroys } from './destroy';

const MAX_CODE = 64 * 1024;

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

const STATEMENT_LOOK_BACK = 200;

/** jq text with its "…" strings emptied (`select(.name == "env")` names no environment). One pass. */
function withoutStrings(code: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    out += c;
  }
  return out;
}

/**
 * The variables program text reads by name (`os.environ['T']`, `process.env.T`, `$ENV.T`), each
 * marked printed when it sits in a print call or statement, and the whole environment when the
 * language reads it in a way CODE_APIS does not list (awk's `ENVIRON[k]`, php's phpinfo(), jq's env).
 */
/** What after a variable read makes it a test of the value, not its output (a condition, a comparison, a presence check). */
const CONDITION_AFTER = /^\s*(?:else\b|\?(?![?.])|is\s+(?:not\s+)?None\b|[=!]==?|\.nil\?|\.(?:empty|present|blank)\?|\)\s*(?:else\b|\?))/;
/** What before it does the same: `if`, `not`, `bool(`, `len(`, `!!`, `defined`, `isset(` (not `or`/`and`: they return the value). Tested on the trimmed text before the read, one `(` removed. */
const CONDITION_BEFORE = /(?:\b(?:if|elif|unless|not|defined|bool|len|isset|empty|Boolean)|!)$/;

export function envReads(lang: string, code: string, inv: Invocation): Effect[] {
  const t = CODE_ENV[lang];
  if (!t || code.length > MAX_CODE) return [];
  const out: Effect[] = [];
  // node -p / ruby -p print the value of the code itself.
  const printsAll = t.printsAll || (lang === 'js' && inv.args.some((a) => a.known === '--print' || (/^-\w+$/.test(a.known ?? '') && a.known!.includes('p'))));
  // The code without the reads by name, in pieces (one pass): what is left may still read the whole environment.
  let rest = '';
  let from = 0;
  const literalAt = new Set<number>();
  for (const m of code.matchAll(t.variable)) {
    const name = Object.values(m.groups ?? {}).find((g) => g !== undefined);
    if (!name) continue;
    const at = m.index!;
    // `environ['DB_' + 'PASSWORD']`: the literal is only the start of the name (folded by computedKeyReads).
    if (/['"`]$/.test(m[0]) && !/^\s*[\])},]/.test(code.slice(at + m[0].length, at + m[0].length + 20))) continue;
    literalAt.add(at);
    const before = code.slice(Math.max(0, at - STATEMENT_LOOK_BACK), at);
    const statement = before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}'), before.lastIndexOf('\n')) + 1);
    // Tested, not shown: `print('set' if os.environ.get('K') else 'missing')`, `bool(getenv("K"))`, `ENV["K"].nil?`.
    const after = code.slice(at + m[0].length, at + m[0].length + 40).replace(/^\s*[)\]]/, '');
    let lead = before.trimEnd();
    if (lead.endsWith('(')) lead = lead.slice(0, -1).trimEnd();
    const tested = CONDITION_AFTER.test(after) || CONDITION_BEFORE.test(lead);
    const printed = !tested && (printsAll || t.printCall.test(enclosingCall(code, at)) || (t.printStatement?.test(statement) ?? false));
    out.push({ kind: 'read', source: 'variable', name, mode: 'content', ...(printed ? { printed: true } : {}) });
    rest += `${code.slice(from, at)} `;
    from = at + m[0].length;
  }
  rest += code.slice(from);
  if (t.keyed) out.push(...computedKeyReads(lang, code, inv, t.keyed, literalAt, printsAll, t.printCall, t.printStatement));
  if (t.dump?.test(lang === 'jq' ? withoutStrings(rest) : rest)) out.push({ kind: 'read', source: 'env', mode: 'content' });
  return out;
}

const MAX_KEYED = 16;
const MAX_KEY_TEXT = 300;

/**
 * Reads whose variable name is an expression (`process.env['DB_' + 'PASSWORD']`, `os.environ[sys.argv[1]]`,
 * `ENV[ARGV[0]]`): the name is folded from literals and the code's own constants, or taken from the
 * argument the command line gives the code; a name that stays unknown is `computed` (the expression
 * text is its name). At most MAX_KEYED per code, each key at most MAX_KEY_TEXT long: linear.
 */
function computedKeyReads(
  lang: string,
  code: string,
  inv: Invocation,
  keyed: RegExp,
  literalAt: Set<number>,
  printsAll: boolean | undefined,
  printCall: RegExp,
  printStatement: RegExp | undefined,
): Effect[] {
  const out: Effect[] = [];
  let n = 0;
  for (const m of code.matchAll(keyed)) {
    if (literalAt.has(m.index!)) continue;
    if (++n > MAX_KEYED) break;
    const open = m.index! + m[0].length - 1;
    const close = matchingBracket(code, open);
    if (close < 0) continue;
    const expr = firstArgument(code.slice(open + 1, close)).trim();
    if (expr === '' || /^(['"`])[A-Za-z_]\w*\1$/.test(expr)) continue; // a literal name: read by CODE_ENV's pattern
    const argv = CODE_APIS[lang]?.argv;
    const pos = argv?.re.exec(expr);
    const fromArgs = pos ? (argsAfterCode(code, inv)[Number(pos[1]) - argv!.first] ?? null) : null;
    const name = pos ? fromArgs : foldExpression(lang, code, expr);
    const after = code.slice(close + 1, close + 41);
    const before = code.slice(Math.max(0, m.index! - STATEMENT_LOOK_BACK), m.index!);
    const statement = before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}'), before.lastIndexOf('\n')) + 1);
    let lead = before.trimEnd();
    if (lead.endsWith('(')) lead = lead.slice(0, -1).trimEnd();
    const tested = CONDITION_AFTER.test(after) || CONDITION_BEFORE.test(lead);
    const printed = !tested && (!!printsAll || printCall.test(enclosingCall(code, m.index!)) || (printStatement?.test(statement) ?? false));
    if (name !== null && /^[A-Za-z_]\w*$/.test(name))
      out.push({ kind: 'read', source: 'variable', name, mode: 'content', ...(printed ? { printed: true } : {}) });
    else out.push({ kind: 'read', source: 'variable', name: expr.slice(0, 80), mode: 'content', computed: true, ...(printed ? { printed: true } : {}) });
  }
  return out;
}

/** The index of the bracket closing the one at `open` (strings skipped), or -1 within MAX_KEY_TEXT. */
function matchingBracket(code: string, open: number): number {
  const closer: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [closer[code[open]!]!];
  for (let i = open + 1; i < code.length && i <= open + MAX_KEY_TEXT; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = code.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c in closer) stack.push(closer[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** The text up to the first comma outside brackets and strings (`getenv(k, 'default')` → `k`). */
function firstArgument(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return text;
      i = end;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) return text.slice(0, i);
  }
  return text;
}

/**
 * Expressions that stand for the home directory, in any of the languages (one alternation, data):
 * `os.homedir()`, `require('os').homedir()`, `process.env.HOME`, `os.path.expanduser('~')`,
 * `Path.home()`, `os.environ['HOME']`, `os.getenv('HOME')`, Ruby's `Dir.home` and `ENV['HOME']`,
 * Perl's `$ENV{HOME}`, PHP's `getenv('HOME')` and `$_SERVER['HOME']`, Deno's `Deno.env.get('HOME')`.
 */
const HOME_EXPRESSIONS = [
  String.raw`require\(\s*['"](?:node:)?os['"]\s*\)\.homedir\(\s*\)`,
  String.raw`\bos\.homedir\(\s*\)`,
  String.raw`\bos\.userInfo\(\s*\)\.homedir`,
  String.raw`\bprocess\.env(?:\.HOME\b|\[\s*['"]HOME['"]\s*\])`,
  String.raw`\bos\.path\.expanduser\(\s*['"]~['"]\s*\)`,
  String.raw`\b(?:pathlib\.)?Path\.home\(\s*\)`,
  String.raw`\bos\.environ(?:\[\s*['"]HOME['"]\s*\]|\.get\(\s*['"]HOME['"]\s*\))`,
  String.raw`\b(?:os\.)?getenv\(\s*['"]HOME['"]\s*\)`,
  String.raw`\bDir\.home\b`,
  String.raw`\bENV\[\s*['"]HOME['"]\s*\]`,
  String.raw`\bFile\.expand_path\(\s*['"]~['"]\s*\)`,
  String.raw`\$ENV\{\s*['"]?HOME['"]?\s*\}`,
  String.raw`\$_(?:SERVER|ENV)\[\s*['"]HOME['"]\s*\]`,
  String.raw`\bDeno\.env\.get\(\s*['"]HOME['"]\s*\)`,
].join('|');
/**
 * A home expression inside a template or f-string (`${os.homedir()}`, `{Path.home()}`), or on its own
 * with the literal joined to it (by `+`, `.` or pathlib's `/`), which it absorbs.
 */
const HOME_EXPRESSION = new RegExp(String.raw`\$?\{\s*(?:${HOME_EXPRESSIONS})\s*\}|(${HOME_EXPRESSIONS})(?:\s*[+./]\s*(['"])([^'"\\\n]{0,400})\2)?`, 'g');
/** Path joins whose arguments are all literals: `path.join('~', '.npmrc')`, `os.path.join(…)`, `File.join(…)`, `path.resolve(…)`. */
const PATH_JOIN =
  /\b(?:[A-Za-z_$][\w$]*\.)?(?:path\.)?(?:join|resolve)\(\s{0,16}((?:(?:'[^'\\\n]{0,400}'|"[^"\\\n]{0,400}")\s{0,16},\s{0,16}){1,8}(?:'[^'\\\n]{0,400}'|"[^"\\\n]{0,400}"))\s{0,16}\)/g;

/**
 * The code with the home directory written as the literal `~` and literal path joins folded, so a
 * path built from the home directory (`require('os').homedir() + '/.npmrc'`, `path.join(os.homedir(),
 * '.ssh', 'config')`, `Path.home() / '.bashrc'`) is the literal `~/.npmrc` the file-write rows read.
 * Inside a template or f-string the expression becomes `~` in the text. Linear (two global passes).
 */
export function homeAsLiteral(code: string): string {
  if (!/home|HOME|expanduser|expand_path/.test(code)) return code;
  const folded = code.replace(HOME_EXPRESSION, (m, expr: string | undefined, _q: string | undefined, rest: string | undefined) => {
    if (expr === undefined) return '~';
    const path = rest === undefined ? '~' : rest.startsWith('/') ? `~${rest}` : `~/${rest}`;
    // pathlib: `Path.home() / 'x'` is a Path, which `.write_text` is called on.
    return /Path\.home/.test(m) ? `Path('${path}')` : `'${path}'`;
  });
  return folded.replace(/\(\s{0,8}(Path\('[^'\\\n]{0,400}'\))\s{0,8}\)/g, '$1').replace(PATH_JOIN, (_m, args: string) => {
    const parts = [...args.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)].map((p) => p[1] ?? p[2] ?? '');
    return `'${parts.reduce((a, b) => (b.startsWith('/') ? b : a === '' ? b : `${a.replace(/\/$/, '')}/${b}`), '')}'`;
  });
}

/** The reading call a literal is given to, closed: `)` or `))` with plain arguments between. */
const READ_CALL_CLOSED = /^[^()\n]{0,80}?\)\s{0,8}\)?/;
/** Keys of a mapping, its count: dotenv_values('.env').keys(), json.load(open('x')).keys(), Object.keys(…), len(…). */
const KEYS_AFTER = /^\s{0,8}\.keys\b/;
const KEYS_AROUND = /(?:\bObject\.keys|\blen|\bcount)\(\s{0,8}(?:[\w$.]{1,60}\(\s{0,8}){1,2}$/;

/**
 * The literal's file is read only for its names or a count: the reading call is followed by `.keys()`
 * or wrapped whole in `Object.keys(…)` / `len(…)` (`sorted(dotenv_values('.env').keys())`). Values never
 * leave that expression. Bounded look-around, so linear.
 */
function readForNames(code: string, l: Literal): boolean {
  if (l.start < 0) return false;
  const after = code.slice(l.end, l.end + 120);
  const closed = READ_CALL_CLOSED.exec(after);
  if (!closed) return false;
  if (KEYS_AFTER.test(after.slice(closed[0].length))) return true;
  const before = code.slice(Math.max(0, l.start - 160), l.start);
  const around = KEYS_AROUND.exec(before);
  if (!around) return false;
  // As many calls closed after the literal as opened before it (inside the keys/len call), then its own `)`.
  const opened = (around[0].match(/\(/g) ?? []).length;
  return new RegExp(`^[^()\\n]{0,80}?(?:\\)\\s{0,8}){${opened}}`).test(after);
}

export function codeEffects(lang: string, original: string, inv: Invocation, home: string): Effect[] {
  const env = envReads(lang, original, inv);
  const api = CODE_APIS[lang];
  if (!api || original.length > MAX_CODE) return env;
  const code = homeAsLiteral(original);
  const out: Effect[] = [...env];
  const lits = literals(code);
  // Paths built in other ways (`"".join([".e", "nv"])`, `".e" "nv"`, a variable assigned once) as the reader folds them.
  for (const text of readCode(lang, code).strings) if (!lits.some((l) => l.text === text)) lits.push({ text, start: -1, end: -1 });
  const reads = api.read.test(code);
  // A literal that directly follows a write call (`open('x', 'w')`, `writeFileSync('x'`) is written;
  // one that directly follows a delete or rename call (`os.remove('x')`, `unlinkSync('x'`) is deleted.
  const writeAt = literalsAfter(code, api.write, lits);
  const deleteAt = literalsAfter(code, api.delete, lits);
  // One that directly follows a Unix-socket bind (`sock.bind('/x.sock')`, `server.listen('/x.sock')`) is created as a socket.
  const bindAt = api.bind ? literalsAfter(code, api.bind, lits) : new Set<number>();
  const writes: string[] = [];
  for (const l of lits) {
    if (l.text.length < 2 || l.text.length > 400 || !/[./~]/.test(l.text) || /\s/.test(l.text)) continue;
    if (deleteAt.has(l.start)) out.push({ kind: 'delete', target: target(inv, synthetic(l.text), home), recursive: false });
    else if (bindAt.has(l.start)) out.push({ kind: 'write', target: target(inv, synthetic(l.text), home), how: 'socket' });
    else if (writeAt.has(l.start) && !/[(){};]/.test(l.text))
      writes.push(l.text); // write_text('…') is content
    else if (reads)
      out.push({
        kind: 'read',
        source: 'file',
        target: target(inv, synthetic(l.text), home),
        mode: readForNames(code, l) ? 'names' : 'content',
        assumed: true,
      });
  }
  writes.push(...writeRefs(lang, code, inv));
  if (writes.length > 0) {
    const edit = codeEdit(code, lits, new Set(writes));
    for (const w of writes) out.push({ kind: 'write', target: target(inv, synthetic(w), home), how: `${inv.program} code`, edit });
  }
  if (api.envDump.test(withoutEnvPassedOn(original).replace(HARMLESS_ENV_USE, '_'))) out.push({ kind: 'read', source: 'env', mode: 'content' });
  out.push(...loaderReads(lang, code, lits, inv, home));
  // Code that talks to the network sends to the hosts of its URL literals (`urlopen('https://…')`, `fetch('https://…')`).
  if (CODE_EVAL[lang]?.fetches.test(code)) {
    for (const l of lits) {
      const host = /^(?:https?|wss?|ftp):\/\//i.test(l.text) ? hostOf(l.text) : null;
      if (host) out.push({ kind: 'send', url: l.text, host, how: `${inv.program} code` });
    }
  }
  for (const what of codeDestroys(lang, code)) out.push({ kind: 'destroy', store: what, target: null, row: `code:${lang}` });
  return out;
}

/**
 * A dotenv loader whose values are printed (DOTENV_LOADERS): a read of the file it loads, the path
 * literal inside its call or `.env` in the working folder; names-only when every use keeps only the
 * names or a count. `node -p` prints the value of its code.
 */
function loaderReads(lang: string, code: string, lits: Literal[], inv: Invocation, home: string): Effect[] {
  const l = DOTENV_LOADERS[lang];
  const m = l?.loads.exec(code);
  if (!l || !m || !l.module.test(code)) return [];
  const printsItself = lang === 'js' && inv.args.some((a) => a.known === '-p' || a.known === '--print');
  if (!printsItself && !l.prints.test(code)) return [];
  // The path the code names (`dotenv_values('config/.env.production')`, `config({ path: '…' })`): a literal that looks like one.
  const after = lits.find((x) => /(?:^|\/)\.env(?:\.[\w.-]*)?$/.test(x.text));
  const path = after?.text ?? '.env';
  return [{ kind: 'read', source: 'file', target: target(inv, synthetic(path), home), mode: l.names.test(code) ? 'names' : 'content' }];
}

/** The arguments after the code (`node -e CODE a b` → a, b), when all are known. */
function argsAfterCode(code: string, inv: Invocation): string[] {
  const at = inv.args.findIndex((a) => a.known === code);
  if (at < 0) return [];
  const rest = inv.args.slice(at + 1).map((a) => a.known);
  if (rest[0] === '--') rest.shift();
  return rest.every((r): r is string => r !== null) ? rest : [];
}

/**
 * Paths written through a name: `open(p, 'w')` with `p = 'x'` set earlier in the code, or
 * `writeFileSync(process.argv[1], …)` with the path given after the code. Linear: one pass for the
 * assignments, one for the write calls.
 */
function writeRefs(lang: string, code: string, inv: Invocation): string[] {
  const api = CODE_APIS[lang];
  if (!api?.writeRef) return [];
  const out: string[] = [];
  let assigned: Map<string, string> | null = null;
  for (const m of code.matchAll(api.writeRef)) {
    const ref = m[1] ?? m[2];
    if (!ref) continue;
    const argv = api.argv?.re.exec(ref);
    if (argv) {
      const v = argsAfterCode(code, inv)[Number(argv[1]) - api.argv!.first];
      if (v) out.push(v);
      continue;
    }
    if (!assigned) {
      assigned = new Map();
      const args = argsAfterCode(code, inv);
      // name = 'literal', or name = sys.argv[1] (the argument after the code)
      for (const a of code.matchAll(/(?<![\w$.])(\$?[A-Za-z_]\w*)[ \t]*=[ \t]*(?:(['"])([^'"\n]{1,400})\2|([\w.$]{1,40}\[\d{1,2}\]))/g)) {
        if (assigned.has(a[1]!)) continue;
        const ref2 = a[4] ? api.argv?.re.exec(a[4]) : null;
        const value = a[3] ?? (ref2 ? args[Number(ref2[1]) - api.argv!.first] : undefined);
        if (value) assigned.set(a[1]!, value);
      }
    }
    const v = assigned.get(ref);
    if (v) out.push(v);
  }
  return out;
}

// String replacements: `.replace('a', 'b')`, `re.sub('a', 'b', s)`, `.gsub`, `str_replace`.
const REPLACE_CALLS = /(?:\.(?:replace|replaceAll|gsub|sub)|\bre\.sub|\bstr_replace|\bpreg_replace)\s*\(/g;

/**
 * What the code's write puts in the file, as far as the code shows it: its string replacements as an
 * edit (old → new), else every string literal but the paths written (the text it adds).
 */
function codeEdit(code: string, lits: Literal[], paths: Set<string>): { oldText: string; newText: string } {
  const olds: string[] = [];
  const news: string[] = [];
  let next = 0;
  for (const m of code.matchAll(REPLACE_CALLS)) {
    const from = m.index! + m[0].length;
    const until = Math.min(code.length, from + 400);
    while (next < lits.length && lits[next]!.start >= 0 && lits[next]!.start < from) next++;
    const inCall: Literal[] = [];
    for (let k = next; k < lits.length && lits[k]!.start >= 0 && lits[k]!.start < until && inCall.length < 2; k++) inCall.push(lits[k]!);
    if (
      inCall.length === 2 &&
      /^\s*,\s*$/.test(code.slice(inCall[0]!.end, inCall[1]!.start)) &&
      inCall[0]!.start === from + (code.slice(from).length - code.slice(from).trimStart().length)
    ) {
      olds.push(inCall[0]!.text);
      news.push(inCall[1]!.text);
    } else if (inCall.length > 0) news.push(inCall[inCall.length - 1]!.text); // .replace(/re/g, 'new')
  }
  if (olds.length > 0 || news.length > 0) return { oldText: olds.join('\n'), newText: news.join('\n') };
  return {
    oldText: '',
    newText: lits
      .filter((l) => !paths.has(l.text) && !/^[rwax+bt]{1,3}$/.test(l.text))
      .map((l) => l.text)
      .join('\n'),
  };
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

/**
 * Uses of the whole environment that print no value: a membership test (`'X' in os.environ`,
 * `'X' in process.env`), a count (`len(os.environ)`), the names (`Object.keys(process.env)`; in
 * Python a mapping iterated gives its keys: `sorted(os.environ)`, `list(…)`, `', '.join(…)`).
 */
const HARMLESS_ENV_USE =
  /\bin[ \t]+(?:os\.environ|process\.env)\b(?![ \t]*[.[])|(?:\b(?:len|sorted|list|set|frozenset|tuple)\(|\.join\()[ \t]*os\.environ[ \t]*\)|\bObject\.keys\([ \t]*process\.env[ \t]*\)/g;

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

/**
 * Names of the environment variables a one-liner reads one by one (`process.env.API_KEY`,
 * `os.environ['API_KEY']`, `os.getenv("API_KEY")`, `ENV['API_KEY']`, `$ENV{API_KEY}`). Linear.
 */
export function codeVariables(code: string): string[] {
  if (code.length > MAX_CODE) return [];
  const out: string[] = [];
  for (const m of code.matchAll(ENV_VARIABLE)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (name && out.length < 64) out.push(name);
  }
  return out;
}

const ENV_VARIABLE =
  /(?:process\.env|Bun\.env|import\.meta\.env)\.([A-Za-z_]\w*)|(?:process\.env|Bun\.env|os\.environ|\bENV|\$ENV|\$_ENV|\$_SERVER)\s*[[{]\s*['"]?([A-Za-z_]\w*)|(?:os\.environ\.get|os\.getenv|\bgetenv|Deno\.env\.get|ENV\.fetch|System\.getenv|Sys\.getenv)\s*\(\s*['"]([A-Za-z_]\w*)/g;

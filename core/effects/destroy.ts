// From an invocation to the data stores it destroys, by the destroy table (signatures/destroy.ts):
// framework resets, cloud teardown, volumes and pools, deletes under a database's data directory,
// and ORM calls in interpreter code. Linear: one argument parse per candidate row, one pass per shape.

import type { Invocation, Value } from '../shell/model';
import { basename } from '../paths';
import { parseArgs } from '../programs/match';
import { literals } from './literals';
import type { Effect } from '../programs/types';
import { CODE_DESTROYERS, DATA_DIRS, DESTROY, type DestroyRow, type DestroyShape, type Instead, type WordPattern } from '../programs/destroy';
import { destructiveSql, STORE_LANGUAGES } from './store-commands';
import { namesOnly } from '../programs/table';

let index: Map<string, DestroyRow[]> | null = null;

function rowsFor(name: string): DestroyRow[] | undefined {
  if (!index) {
    index = new Map();
    for (const row of DESTROY) for (const n of row.names) index.set(n, [...(index.get(n) ?? []), row]);
  }
  // A PowerShell cmdlet's name (Verb-Noun) is case-insensitive; the rows list it in lower case too.
  return index.get(name) ?? (/^[A-Za-z]+-[A-Za-z0-9]+$/.test(name) ? index.get(name.toLowerCase()) : undefined);
}

/** Interpreters that run a script named by their first operand (python manage.py, php artisan): options that take a value, and those that give code instead. */
const SCRIPT_HOSTS: Record<string, { takes: string[]; code: string[] }> = {
  python: { takes: ['-W', '-X', '--check-hash-based-pycs'], code: ['-c', '-m'] },
  php: { takes: ['-d', '-c', '-n'], code: ['-r', '-R', '-B', '-E', '-a'] },
  ruby: { takes: ['-I', '-r', '-E', '-C'], code: ['-e'] },
  node: { takes: ['-r', '--require', '--import', '--loader'], code: ['-e', '--eval', '-p', '--print'] },
  bun: { takes: ['-r', '--preload'], code: ['-e', '--eval', '-p', '--print'] },
};
namesOnly(SCRIPT_HOSTS);

function scriptHost(program: string): { takes: string[]; code: string[] } | undefined {
  return SCRIPT_HOSTS[program] ?? (/^python[\d.]*$/.test(program) ? SCRIPT_HOSTS.python : undefined);
}

/** Package managers that run a package's binary: `yarn prisma …`, `pnpm exec prisma …`, `npm exec -- prisma …`. */
const BIN_RUNNERS: Record<string, string[]> = { yarn: ['exec', 'dlx'], pnpm: ['exec', 'dlx'], npm: ['exec', 'x'], bun: ['x'] };
namesOnly(BIN_RUNNERS);

/** The program the table knows and its arguments: the invocation's, the binary a package manager runs, or the script an interpreter runs. */
function subject(inv: Invocation): { program: string; args: Value[]; rows: DestroyRow[] } | null {
  const runner = BIN_RUNNERS[inv.program];
  if (runner) {
    let i = 0;
    const first = inv.args[0]?.known ?? '';
    if (runner.includes(first)) i = 1;
    else if (inv.program === 'npm' || inv.program === 'bun') i = -1; // npm test, bun run: not a binary
    while (i >= 0 && i < inv.args.length && (inv.args[i]!.known ?? '').startsWith('-')) i++;
    const bin = i >= 0 ? inv.args[i]?.known : null;
    const rows = bin && bin !== 'npm' ? rowsFor(basename(bin)) : undefined;
    if (rows) return { program: bin!, args: inv.args.slice(i + 1), rows };
  }
  const own = rowsFor(inv.program);
  if (own) return { program: inv.program, args: inv.args, rows: own };
  const host = scriptHost(inv.program);
  if (!host) return null;
  for (let i = 0; i < inv.args.length; i++) {
    const t = inv.args[i]!.known;
    if (t === null) return null;
    if (t.startsWith('-')) {
      if (host.code.includes(t)) return null;
      if (host.takes.includes(t)) i++;
      continue;
    }
    const name = basename(t);
    const rows = rowsFor(name);
    return rows ? { program: name, args: inv.args.slice(i + 1), rows } : null;
  }
  return null;
}

const optionNames = new WeakMap<DestroyRow, string[]>();

function takesOf(row: DestroyRow): string[] {
  let t = optionNames.get(row);
  if (!t) {
    t = [...(row.takes ?? [])];
    for (const s of row.shapes) t.push(...(s.opt?.names ?? []), ...(s.code?.opts ?? []));
    optionNames.set(row, t);
  }
  return t;
}

/** `d:d:d` abbreviates `doctrine:database:drop` (Symfony console): each part a prefix of the command's. */
function abbreviates(word: string, full: string): boolean {
  const a = word.split(':');
  const f = full.split(':');
  return a.length === f.length && a.every((p, k) => p !== '' && f[k]!.startsWith(p));
}

function wordMatches(pattern: WordPattern, word: string | null, colon: boolean): boolean {
  if (word === null) return false;
  if (pattern === '*') return true;
  const alts = typeof pattern === 'string' ? [pattern] : pattern;
  return alts.some((p) => p === word || (colon && abbreviates(word, p)));
}

/** A bucket or remote path: s3://b, gs://b, az://…, rclone's `remote:path` (not a drive letter). */
function isRemote(t: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(t) || /^[A-Za-z0-9_][\w.-]+:(?!\/\/)/.test(t);
}

/** The path part of a URL or `host:port/path` (curl accepts both). */
function urlPath(t: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#\s]+(\/[^\s]*)?$/i.exec(t);
  if (!m || !/[.:]|^localhost/i.test(t)) return null;
  return m[1] ?? '/';
}

export interface DestroyMatch {
  row: DestroyRow;
  shape: DestroyShape;
  detail: string | null;
  /** DestroyShape.deploys: the local folder the sync copies from. */
  source?: Value;
}

function shapeMatches(row: DestroyRow, shape: DestroyShape, inv: Invocation, parsed: ReturnType<typeof parseArgs>): string | null | false {
  const pos = parsed.positional.map((v) => v.known);
  let rest = pos;
  const colon = row.colonAbbrev === true;
  if (shape.sub) {
    if (pos.length < shape.sub.length || shape.sub.some((p, k) => !wordMatches(p, pos[k]!, colon))) return false;
    rest = pos.slice(shape.sub.length);
  }
  const has = (list: string[]) => list.some((f) => parsed.flags.has(f));
  if (shape.when && !has(shape.when)) return false;
  if (shape.unless && has(shape.unless)) return false;
  if (shape.task) {
    const words = pos.flatMap((p) =>
      p === null
        ? [null]
        : p
            .split(',')
            .map((w) => w.trim())
            .filter((w) => w !== ''),
    );
    const hit = shape.task.some((t) =>
      typeof t === 'string' ? words.some((w) => w !== null && wordMatches(t, w, colon)) : words.some((_, k) => t.every((x, j) => words[k + j] === x)),
    );
    if (!hit) return false;
  }
  if (shape.opt) {
    const { names, oneOf, like } = shape.opt;
    const hit = parsed.values.some(
      (v) => names.includes(v.opt) && v.value.known !== null && (oneOf?.includes(v.value.known.toUpperCase()) || like?.test(v.value.known)),
    );
    if (!hit) return false;
  }
  if (shape.optNot) {
    const { names, like } = shape.optNot;
    if (!parsed.values.some((v) => names.includes(v.opt) && v.value.known !== null && v.value.known !== '' && !like.test(v.value.known))) return false;
  }
  if (shape.arg) {
    const { at, oneOf, like } = shape.arg;
    const ok = (t: string) => (!oneOf || oneOf.includes(t)) && (!like || like.test(t));
    if (at !== undefined) {
      const t = rest[at] === undefined ? '' : rest[at];
      if (t === null || !ok(t)) return false;
    } else if (!rest.some((t) => t !== null && ok(t))) return false;
  }
  if (shape.toRemote) {
    const first = rest.findIndex((t) => t !== null);
    if (first < 0 || !rest.slice(first + 1).some((t) => t !== null && isRemote(t))) return false;
  }
  if (shape.urlPath) {
    const urls = [...rest, ...parsed.values.filter((v) => v.opt === '--url').map((v) => v.value.known)];
    if (!urls.some((u) => u !== null && shape.urlPath!.test(urlPath(u) ?? '\0'))) return false;
  }
  if (shape.fedBy && !listsEverything(inv, shape.fedBy)) return false;
  let detail: string | null = null;
  if (shape.code) {
    const { lang, at, opts } = shape.code;
    const text = at !== undefined ? rest[at] : (parsed.values.find((v) => opts?.includes(v.opt))?.value.known ?? null);
    if (text === null || text === undefined) return false;
    detail = codeDestroys(lang, text)[0] ?? null;
    if (!detail) return false;
  }
  if (shape.stdin) {
    if (inv.stdinText === null) return false;
    detail = languageDestroys(shape.stdin, inv.stdinText);
    if (!detail) return false;
  }
  return detail;
}

/** Filters that pass a list on whole (a lister piped through them still lists everything). */
const PASS_THROUGH = new Set(['cat', 'tee', 'sort', 'uniq', 'tac', 'shuf']);

/** Run by xargs over a lister that lists everything (DestroyShape.fedBy). */
function listsEverything(inv: Invocation, f: NonNullable<DestroyShape['fedBy']>): boolean {
  if (inv.via[inv.via.length - 1] !== 'xargs') return false;
  let src = inv.pipeFrom;
  for (let hops = 0; src && PASS_THROUGH.has(src.program) && hops < 8; hops++) src = src.pipeFrom;
  if (!src || !f.names.includes(src.program)) return false;
  const args = src.args.map((a) => a.known);
  const pattern = (t: string | null | undefined) => t !== null && f.all.includes(t ?? '');
  const at = f.patternOpt ? args.findIndex((t) => t !== null && f.patternOpt!.includes(t)) : -1;
  if (f.when?.some((w) => args.includes(w))) return at < 0 || pattern(args[at + 1]);
  const sub = args.findIndex((t) => t !== null && f.sub?.includes(t.toLowerCase()));
  return sub >= 0 && pattern(args[sub + 1]);
}

/** The arguments without the options before the subcommand that take a value (row.globalTakes). */
function withoutGlobals(args: Value[], row: DestroyRow): Value[] {
  if (!row.globalTakes) return args;
  const out: Value[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.known;
    if (t !== null && row.globalTakes.includes(t)) {
      i++;
      continue;
    }
    if (t?.startsWith('-')) continue;
    out.push(args[i]!);
    if (!row.groups?.includes(t ?? '')) break;
  }
  return [...out, ...args.slice(i + 1)];
}

/** The destroy-table row and shape an invocation matches, or null. */
export function destroyMatch(inv: Invocation): DestroyMatch | null {
  const s = subject(inv);
  if (!s) return null;
  const words = s.args.map((a) => a.known);
  for (const row of s.rows) {
    // Help forms print text and change nothing (`-h` is a host for database clients).
    if (words.some((w) => w === '--help' || w === '-help' || (w === '-h' && row.shortHelp))) continue;
    const parsed = parseArgs(
      withoutGlobals(s.args, row),
      { takes: takesOf(row), examples: [] },
      row.singleDashLong ? { names: [], rows: [], singleDashLong: true } : null,
    );
    if (parsed.positional[0]?.known === 'help') continue;
    for (const shape of row.shapes) {
      const m = shapeMatches(row, shape, inv, parsed);
      if (m === false) continue;
      const source = shape.deploys ? parsed.positional.slice(shape.sub?.length ?? 0).find((v) => v.known !== null) : undefined;
      return { row, shape, detail: m, ...(source && !isRemote(source.known!) ? { source } : {}) };
    }
  }
  return null;
}

/** The alternative for a match, as a command line (null when the row has none). */
export function insteadFor(m: DestroyMatch, inv: Invocation): string | null {
  const spec: Instead | null | undefined = m.shape.instead !== undefined ? m.shape.instead : m.row.instead;
  if (!spec) return null;
  const program = inv.argv[0]?.word.raw ?? inv.program;
  if (typeof spec === 'string') return spec.replace('{program}', program);
  if (inv.argv.some((a) => a.known === null)) return null;
  // Dropped short options also leave their bundles (-fsv without -v is -fs).
  const letters = (spec.drop ?? []).filter((d) => /^-[a-zA-Z]$/.test(d)).map((d) => d[1]!);
  const words = inv.argv
    .map((a, k) => (k > 0 && /^-[a-zA-Z]{2,}$/.test(a.word.raw) ? `-${[...a.word.raw.slice(1)].filter((c) => !letters.includes(c)).join('')}` : a.word.raw))
    .filter((w, k) => k === 0 || (w !== '-' && !spec.drop?.includes(w)));
  const runner = inv.via.filter((v) => ['npx', 'bunx', 'pnpx', 'bundle exec', 'uv run', 'poetry run'].includes(v)).join(' ');
  return [runner, ...words, spec.add ?? ''].filter(Boolean).join(' ');
}

/** What the ORM and driver calls in a program text destroy (CODE_DESTROYERS), plus destructive SQL it executes. */
export function codeDestroys(lang: string, code: string): string[] {
  const store = STORE_LANGUAGES[lang];
  if (store) {
    const hit = store(code);
    return hit ? [hit] : [];
  }
  const out: string[] = [];
  const lits = literals(code);
  // Calls, not mentions: a match that starts inside a string literal (print('db.drop_all() is dangerous')) does not count.
  const inLiteral = (at: number) => {
    let lo = 0;
    let hi = lits.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const l = lits[mid]!;
      if (at < l.start) hi = mid - 1;
      else if (at >= l.end) lo = mid + 1;
      else return true;
    }
    return false;
  };
  for (const d of CODE_DESTROYERS[lang] ?? []) {
    for (const m of code.matchAll(globalOf(d.re))) {
      if (!inLiteral(m.index)) {
        out.push(d.what);
        break;
      }
    }
  }
  let calls = '';
  let at = 0;
  for (const l of lits) {
    calls += `${code.slice(at, l.start)}''`;
    at = l.end;
  }
  calls += code.slice(at);
  // A string literal of destructive SQL handed to a call that runs SQL (cursor.execute('DROP TABLE x')).
  if (EXECUTES_SQL.test(calls)) {
    for (const l of lits) {
      if (l.text.length > 4000) continue;
      const hit = destructiveSql(l.text);
      if (hit) {
        out.push(`${hit} (SQL run from the code)`);
        break;
      }
    }
  }
  return out;
}

const globals = new WeakMap<RegExp, RegExp>();
function globalOf(re: RegExp): RegExp {
  let g = globals.get(re);
  if (!g) {
    g = new RegExp(re.source, `${re.flags}g`);
    globals.set(re, g);
  }
  return g;
}

const EXECUTES_SQL = /\b(?:execute|executescript|exec|query|raw|statement|unprepared|exec_query|execute_sql|sql)\s*\(/;

/** A program text in one of the store languages (sql, redis, mongo, wire) or an interpreter's. */
export function languageDestroys(lang: string, text: string): string | null {
  const judge = STORE_LANGUAGES[lang];
  if (judge) return judge(text);
  return codeDestroys(lang, text)[0] ?? null;
}

/** The data directory a path is in (or contains, for a recursive delete), or null. */
export function dataDirOf(path: string, recursive: boolean): string | null {
  for (const d of DATA_DIRS) {
    if (path === d.dir || path.startsWith(`${d.dir}/`)) return d.what;
    if (recursive && path.length > 1 && d.dir.startsWith(`${path}/`) && path.split('/').filter(Boolean).length >= 2) return d.what;
  }
  return null;
}

/** The `destroy` effects of an invocation, given the effects its signature already yielded. */
export function destroyEffects(inv: Invocation, effects: Effect[]): Effect[] {
  const out: Effect[] = [];
  const m = destroyMatch(inv);
  if (m) {
    const instead = insteadFor(m, inv);
    const what = m.shape.what ?? m.row.what;
    out.push({
      kind: 'destroy',
      store: m.detail ? `${what}: ${m.detail}` : what,
      target: null,
      row: m.row.id,
      ...(instead ? { instead } : {}),
      ...(m.source ? { deploySource: m.source } : {}),
    });
  }
  for (const e of effects) {
    if (e.kind !== 'delete' || !e.target.path) continue;
    const what = dataDirOf(e.target.path, e.recursive);
    if (what) out.push({ kind: 'destroy', store: what, target: e.target, row: 'data-dir' });
  }
  return out;
}

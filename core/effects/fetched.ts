import { basename, isAbsolutePath, isSameOrAncestor, resolvePath } from '../paths';
import { RSYNC_TAKES } from '../programs/files';
import { NETWORK_SOURCES } from '../programs/network';
import { PACKAGE_SOURCES, REMOTE_SPEC, URL_RUNNERS, type PackageSourceRow } from '../programs/package-sources';
import type { Invocation, ShellAnalysis, Value } from '../shell/analyze';
import { work } from '../work';

/**
 * What a line fills with bytes a network peer sent, for the rest of the line: a file a downloader
 * writes (curl -o/-O, wget, Invoke-WebRequest -OutFile, certutil -urlcache, bitsadmin), what scp or
 * rsync copy from a remote, the folder `git clone` creates, and what tar/unzip extract from such an
 * archive. Running any of it (directly, through an interpreter, or through a program that loads it by
 * convention) runs code nobody has read. Paths are absolute; a destination whose value the line does
 * not fix is kept by its text (`${TEMP}/t.exe`), matched against the same text where it runs.
 */
export interface FetchedPlace {
  /** Absolute path, or null when only the text is known. */
  path: string | null;
  /** The destination as written, when its value is not known. */
  text?: string;
  /** Everything under the path is fetched (a clone, an extraction folder). */
  tree: boolean;
  /** Only paths that did not exist before the line (an archive extracted into a folder that holds the project). */
  freshOnly?: boolean;
  /** A folder the line makes itself inside a fetched one (a virtual environment): not fetched, whatever holds it. */
  made?: true;
  how: string;
}

const DOWNLOADERS = new Set(NETWORK_SOURCES[0]!.names);
const URL_PATH = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i;
/** `host:path` or `user@host:path` (scp, rsync over ssh, git), not a drive letter or a URL. */
const SCP_REMOTE = /^(?:[\w.-]+@)?[\w.-]{2,}:(?!\/\/)/;
const URL_RE = /^(?!file:)[a-z][a-z0-9+.-]*:\/\//i;

/** The text without trailing slashes (a loop, not a regular expression: linear on any input). */
function trimSlashes(t: string): string {
  let end = t.length;
  while (end > 1 && (t[end - 1] === '/' || t[end - 1] === '\\')) end--;
  return t.slice(0, end);
}

const pathOf = (inv: Invocation, text: string, home: string): string | null =>
  text === '' ? null : isAbsolutePath(text) || text.startsWith('~') ? resolvePath('/', text, home) : inv.cwd ? resolvePath(inv.cwd, text, home) : null;

function place(inv: Invocation, v: Value | string, home: string, how: string, tree = false): FetchedPlace | null {
  const text = typeof v === 'string' ? v : v.known;
  if (text === null) {
    const raw = typeof v === 'string' ? v : v.word.raw;
    return raw ? { path: null, text: raw, tree, how } : null;
  }
  const path = pathOf(inv, text, home);
  return path ? { path, tree, how } : null;
}

/** The file name a download of `url` is saved under by default (curl -O, wget): its last path segment. */
function remoteName(url: string): string | null {
  const m = URL_PATH.exec(url);
  if (!m) return null;
  return (m[1] ?? '/').split('/').pop() || null;
}

/** Positional operands, skipping options and the values of those in `takes` (`--opt=value` kept whole). */
function operands(args: Value[], takes: readonly string[]): Value[] {
  const out: Value[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === '--') return [...out, ...args.slice(i + 1)];
    if (t?.startsWith('-') && t !== '-') {
      if (takes.includes(t)) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

function downloaderPlaces(inv: Invocation, home: string): FetchedPlace[] {
  const out: FetchedPlace[] = [];
  const how = `${inv.program} download`;
  const add = (p: FetchedPlace | null) => p && out.push(p);
  const known = inv.args.map((a) => a.known ?? '');
  // Saved under the URL's own name: wget without -O, curl with -O / --remote-name (also in a bundle: -fsSLO).
  const remoteNamed = inv.program.startsWith('wget')
    ? !known.some((t) => t === '-O' || t.startsWith('--output-document') || /^-[a-zA-Z]*O/.test(t))
    : known.some((t) => t === '--remote-name' || t === '--remote-name-all' || /^-(?=[a-zA-Z]*O)[a-zA-Z]+$/.test(t));
  if (remoteNamed) {
    const dirAt = known.findIndex((t) => t === '-P' || t === '--directory-prefix' || t === '--output-dir');
    const dir = dirAt >= 0 ? known[dirAt + 1] : undefined;
    for (const t of known) {
      const name = remoteName(t);
      if (name) add(place(inv, dir ? `${dir}/${name}` : name, home, how));
    }
  }
  // A download redirected to a file (curl URL > x.sh), as PowerShell's Invoke-WebRequest -OutFile becomes.
  for (const r of inv.redirects) if (r.target && (r.op === '>' || r.op === '>|') && (r.fd === null || r.fd === 1)) add(place(inv, r.target, home, how));
  inv.args.forEach((a, i) => {
    const t = a.known ?? '';
    const next = inv.args[i + 1];
    if (!next || next.known === '-') return;
    if (
      t === '-o' ||
      t === '-O' ||
      t === '--output' ||
      t === '--output-document' ||
      (/^-[a-zA-Z]*o$/.test(t) && inv.program === 'curl') ||
      (/^-[a-zA-Z]*O$/.test(t) && inv.program.startsWith('wget'))
    )
      add(place(inv, next, home, how));
  });
  return out;
}

/** `git clone <remote> [dir]` (global `-C dir` honoured) and `gh repo clone owner/repo [dir]`: the new folder. */
const CLONE_TAKES = [
  '-b',
  '--branch',
  '--depth',
  '-o',
  '--origin',
  '-c',
  '--config',
  '--reference',
  '--reference-if-able',
  '--separate-git-dir',
  '-u',
  '--upload-pack',
  '--template',
  '--shallow-since',
  '--shallow-exclude',
  '--filter',
  '-j',
  '--jobs',
  '--server-option',
  '--bundle-uri',
];

function clonePlace(inv: Invocation, home: string): FetchedPlace | null {
  let args = inv.args;
  let base: string | null = null;
  if (inv.program === 'git') {
    let i = 0;
    for (; i < args.length; i++) {
      const t = args[i]!.known;
      if (t === '-C' || t === '-c' || t === '--git-dir' || t === '--work-tree' || t === '--namespace') {
        if (t === '-C') base = args[i + 1]?.known ?? null;
        i++;
      } else if (t === null || !t.startsWith('-')) break;
    }
    if (args[i]?.known !== 'clone') return null;
    args = args.slice(i + 1);
    const [repo, dir] = operands(args, CLONE_TAKES);
    const r = repo?.known;
    if (!r || !(URL_RE.test(r) || SCP_REMOTE.test(r))) return null;
    const name = dir?.known ?? basename(trimSlashes(r.replace(/^[^:]*:(?!\/\/)/, ''))).replace(/\.git$/, '');
    const text = dir && dir.known === null ? dir : base ? `${base}/${name}` : name;
    return place(inv, text, home, 'git clone', true);
  }
  if (inv.program === 'gh' && args[0]?.known === 'repo' && args[1]?.known === 'clone') {
    const [repo, dir] = operands(args.slice(2), []);
    const r = repo?.known;
    if (!r) return null;
    const name = basename(trimSlashes(r)).replace(/\.git$/, '');
    return place(inv, dir ?? name, home, 'gh repo clone', true);
  }
  return null;
}

const SCP_TAKES = ['-P', '-i', '-o', '-F', '-c', '-l', '-S', '-J', '-D'];
/** rsync's value-taking options: the copy rows' list (core/programs/files.ts) and the rest rsync has. */
const RSYNC_ALL_TAKES = [
  ...RSYNC_TAKES,
  '-T',
  '--temp-dir',
  '--partial-dir',
  '--compare-dest',
  '--copy-dest',
  '--link-dest',
  '-B',
  '--block-size',
  '--contimeout',
  '--max-size',
  '--min-size',
  '--backup-dir',
  '--suffix',
  '--out-format',
  '--info',
  '--debug',
  '--iconv',
  '-M',
  '--remote-option',
];

/** scp/rsync from a remote into a local destination: the destination, and each remote file's name inside it. */
function copyPlaces(inv: Invocation, home: string): FetchedPlace[] {
  const scp = inv.program === 'scp';
  if (!scp && inv.program !== 'rsync') return [];
  const ops = operands(inv.args, scp ? SCP_TAKES : RSYNC_ALL_TAKES);
  if (ops.length < 2) return [];
  const dest = ops[ops.length - 1]!;
  const isRemote = (t: string | null) => t !== null && (/^(?:scp|sftp|rsync):\/\//i.test(t) || SCP_REMOTE.test(t));
  if (isRemote(dest.known)) return [];
  const out: FetchedPlace[] = [];
  for (const src of ops.slice(0, -1)) {
    const t = src.known;
    if (!isRemote(t)) continue;
    const how = `${inv.program} from ${t}`;
    const contents = t!.endsWith('/');
    const d = place(inv, dest, home, how, contents);
    if (d) out.push(d);
    const name = basename(trimSlashes(t!.replace(/^[^:]*:(?:\/\/[^/]*)?/, '')));
    if (name && dest.known !== null && !contents) {
      const p = place(inv, `${trimSlashes(dest.known)}/${name}`, home, how, true);
      if (p) out.push(p);
    }
  }
  return out;
}

/** certutil -urlcache … URL FILE and bitsadmin /transfer … URL FILE: Windows' downloaders, the file after the URL. */
function windowsDownload(inv: Invocation, home: string): FetchedPlace | null {
  const k = inv.args.map((a) => a.known ?? '');
  const isCertutil = inv.program.toLowerCase() === 'certutil' && k.some((t) => /^[-/]urlcache$/i.test(t));
  const isBits = inv.program.toLowerCase() === 'bitsadmin' && k.some((t) => /^[-/](?:transfer|download)$/i.test(t));
  if (!isCertutil && !isBits) return null;
  const at = k.findIndex((t) => URL_RE.test(t));
  const out = at >= 0 ? inv.args.slice(at + 1).find((a) => !/^[-/]/.test(a.known ?? 'x')) : undefined;
  return out ? place(inv, out, home, `${inv.program} download`) : null;
}

/** Is the stream on this invocation's stdin what a network peer sent (through any chain of filters)? */
export type FeedCheck = (inv: Invocation) => boolean;

/** tar, unzip, 7z extracting an archive that is fetched (or that arrives on stdin from a fetch): the folder it extracts into. */
function extractPlace(inv: Invocation, home: string, fetched: FetchedPlace[], fed: FeedCheck): FetchedPlace | null {
  const p = inv.program;
  const k = inv.args.map((a) => a.known);
  let archive: Value | null = null;
  let dir: Value | null = null;
  if (p === 'tar' || p === 'bsdtar' || p === 'gtar') {
    const bundle = (t: string | null | undefined, i: number): t is string => t != null && (/^-[A-Za-z]+$/.test(t) || (i === 0 && /^[A-Za-z]+$/.test(t)));
    const extracts = k.some((t, i) => t === '--extract' || t === '--get' || (bundle(t, i) && t!.includes('x')));
    if (!extracts) return null;
    for (let i = 0; i < k.length; i++) {
      const t = k[i];
      if (t === '-C' || t === '--directory') dir = inv.args[i + 1] ?? null;
      else if (t?.startsWith('--directory=')) dir = { ...inv.args[i]!, known: t.slice(12) };
      else if (t === '--file' || (bundle(t, i) && t!.endsWith('f'))) archive = inv.args[i + 1] ?? null;
      else if (t?.startsWith('--file=')) archive = { ...inv.args[i]!, known: t.slice(7) };
    }
  } else if (p === 'unzip') {
    const ops = operands(inv.args, ['-d', '-x', '-P']);
    archive = ops[0] ?? null;
    const d = k.indexOf('-d');
    if (d >= 0) dir = inv.args[d + 1] ?? null;
  } else if (p === '7z' || p === '7za' || p === '7zz') {
    if (k[0] !== 'x' && k[0] !== 'e') return null;
    archive = operands(inv.args.slice(1), [])[0] ?? null;
    const o = k.find((t) => t?.startsWith('-o'));
    if (o) dir = { ...inv.args[0]!, known: o.slice(2) };
  } else return null;
  const fromStdin = archive === null || archive.known === '-';
  let tainted: boolean;
  if (fromStdin) tainted = fed(inv);
  else {
    const a = archive!;
    const path = a.known === null ? null : pathOf(inv, a.known, home);
    tainted = fetched.some((f) => !f.made && ((path !== null && covers(f, path)) || (path === null && f.text === a.word.raw)));
  }
  if (!tainted) return null;
  const target = dir ?? '.';
  const out = place(inv, target, home, `${p} of a download`, true);
  return out ? { ...out, freshOnly: dir === null || isSameOrAncestor(out.path ?? '/', inv.cwd ?? '') } : null;
}

function covers(f: FetchedPlace, path: string): boolean {
  return f.path !== null && (f.path === path || (f.tree && isSameOrAncestor(f.path, path)));
}

/** `python -m venv DIR`, `virtualenv DIR`, `uv venv [DIR]`: a virtual environment the line creates (its activate script is not fetched). */
function venvPlace(inv: Invocation, home: string): FetchedPlace | null {
  const py = /^python[\d.]*$/.test(inv.program) && inv.args[0]?.known === '-m' && ['venv', 'virtualenv'].includes(inv.args[1]?.known ?? '');
  const args = py
    ? inv.args.slice(2)
    : inv.program === 'virtualenv'
      ? inv.args
      : inv.program === 'uv' && inv.args[0]?.known === 'venv'
        ? inv.args.slice(1)
        : null;
  if (!args) return null;
  const dir = operands(args, ['-p', '--python', '--prompt', '--seed'])[0] ?? (inv.program === 'uv' ? '.venv' : null);
  const p = dir ? place(inv, dir, home, 'a virtual environment', true) : null;
  return p ? { ...p, made: true } : null;
}

/** Every place the line fills with fetched bytes, in the order the line writes them. */
export function fetchedPlaces(analysis: ShellAnalysis, home: string, fed: FeedCheck): FetchedPlace[] {
  const out: FetchedPlace[] = [];
  for (const inv of analysis.invocations) {
    work();
    if (DOWNLOADERS.has(inv.program)) out.push(...downloaderPlaces(inv, home));
    const clone = clonePlace(inv, home);
    if (clone) out.push(clone);
    out.push(...copyPlaces(inv, home));
    const win = windowsDownload(inv, home);
    if (win) out.push(win);
    const ex = extractPlace(inv, home, out, fed);
    if (ex) out.push(ex);
    const venv = venvPlace(inv, home);
    if (venv) out.push(venv);
  }
  return out;
}

/** The fetched place a path (or, when its value is unknown, its text) falls in; `exists` answers for paths that were there before the line. */
export function fetchedAt(places: FetchedPlace[], v: Value | string, inv: Invocation, home: string, exists: (p: string) => boolean): FetchedPlace | null {
  const text = typeof v === 'string' ? v : v.known;
  if (text === null) {
    const raw = (v as Value).word.raw;
    return places.find((f) => f.text !== undefined && f.text === raw) ?? null;
  }
  const path = pathOf(inv, text, home);
  if (path === null) return null;
  if (places.some((f) => f.made && covers(f, path))) return null;
  for (const f of places) {
    if (f.made || !covers(f, path)) continue;
    if (f.freshOnly && exists(path)) continue;
    return f;
  }
  return null;
}

/**
 * The files a program loads and runs by convention rather than by an operand: make's Makefile (or
 * `-f`, in `-C`'s folder), just's justfile, pytest's conftest.py and the test files it collects, a
 * crontab file, `at -f`'s job. `stdin` is set when the program takes its code from stdin (`crontab -`,
 * `at now`). `oneOf`: the program reads the first of `files` that exists (make's GNUmakefile, makefile,
 * Makefile), so only that one is judged when one exists before the line.
 */
export function conventionLoads(inv: Invocation): { files: (Value | string)[]; stdin: boolean; what: string; oneOf?: true } | null {
  const mod = inv.args[0]?.known === '-m' && /^python[\d.]*$/.test(inv.program) ? inv.args[1]?.known : null;
  const program = mod ?? inv.program;
  const args = mod ? inv.args.slice(2) : inv.args;
  const k = args.map((a) => a.known ?? '');
  const optionValue = (names: string[]): Value | string | null => {
    for (let i = 0; i < k.length; i++) {
      if (names.includes(k[i]!)) return args[i + 1] ?? null;
      const eq = names.find((n) => n.startsWith('--') && k[i]!.startsWith(`${n}=`));
      if (eq) return k[i]!.slice(eq.length + 1);
    }
    return null;
  };
  const within = (dir: Value | string | null, name: string): Value | string => {
    const d = dir === null ? null : typeof dir === 'string' ? dir : dir.known;
    return d === null ? name : `${trimSlashes(d)}/${name}`;
  };
  if (program === 'make' || program === 'gmake' || program === 'just') {
    const dir = optionValue(program === 'just' ? ['-d', '--working-directory'] : ['-C', '--directory']);
    const file = optionValue(program === 'just' ? ['-f', '--justfile'] : ['-f', '--file', '--makefile']);
    if (file !== null) return { files: [file], stdin: false, what: program === 'just' ? 'justfile' : 'makefile' };
    const names = program === 'just' ? ['justfile', 'Justfile', '.justfile'] : ['GNUmakefile', 'makefile', 'Makefile'];
    return { files: names.map((n) => within(dir, n)), stdin: false, what: program === 'just' ? 'justfile' : 'Makefile', oneOf: true };
  }
  if (program === 'pytest' || program === 'py.test') {
    const dir = optionValue(['--rootdir']);
    const ops = operands(args, [
      '-k',
      '-m',
      '-p',
      '-c',
      '-o',
      '--rootdir',
      '--confcutdir',
      '--basetemp',
      '-n',
      '--maxfail',
      '--tb',
      '-W',
      '--junitxml',
      '--deselect',
      '--ignore',
      '--cov',
      '--cov-report',
      '--durations',
    ]);
    return { files: [within(dir, 'conftest.py'), ...ops], stdin: false, what: 'conftest.py and the tests it collects' };
  }
  if (program === 'crontab') {
    if (k.some((t) => /^-[lre]+$/.test(t))) return null;
    const ops = operands(args, ['-u']);
    const f = ops[0];
    return f && f.known !== '-' ? { files: [f], stdin: false, what: 'crontab' } : { files: [], stdin: true, what: 'crontab' };
  }
  if (program === 'at' || program === 'batch') {
    if (k.some((t) => /^-[lrdc]$/.test(t)) || inv.program === 'atq') return null;
    const f = optionValue(['-f']);
    return f !== null ? { files: [f], stdin: false, what: 'at job' } : { files: [], stdin: true, what: 'at job' };
  }
  return null;
}

/** A package installed or run from outside its registry (a URL, a git repository, a foreign index): the spec and how. */
export function packageDownload(inv: Invocation): { spec: string; how: string } | null {
  const mod = inv.args[0]?.known === '-m' && /^python[\d.]*$/.test(inv.program) ? inv.args[1]?.known : null;
  const program = mod ?? inv.program;
  const args = mod ? inv.args.slice(2) : inv.args;
  for (const row of PACKAGE_SOURCES) {
    for (const c of row.commands) {
      if (!c.program.includes(program) || !c.words.every((w, i) => args[i]?.known === w)) continue;
      const rest = args.slice(c.words.length);
      const hit = judgeSpecs(row, rest);
      if (hit) return { spec: hit, how: [program, ...c.words].join(' ') };
    }
  }
  return null;
}

function judgeSpecs(row: PackageSourceRow, args: Value[]): string | null {
  const remote = (t: string) => (row.remote ?? REMOTE_SPEC).test(t);
  const takes = [...(row.takes ?? []), ...(row.specOpts ?? []), ...(row.indexOpts ?? [])];
  const foreignIndex = (t: string) => /:\/\/|^git@/.test(t) && !(row.registry?.test(t) ?? false);
  let first = true;
  for (let i = 0; i < args.length; i++) {
    work();
    const t = args[i]!.known;
    if (t === null) continue;
    if (t === '--') break;
    if (t.startsWith('-')) {
      const eq = t.indexOf('=');
      const opt = eq > 0 ? t.slice(0, eq) : t;
      const value = eq > 0 ? t.slice(eq + 1) : takes.includes(opt) ? (args[++i]?.known ?? null) : null;
      if (value === null) continue;
      if (row.specOpts?.includes(opt) && REMOTE_SPEC.test(value)) return value;
      if (row.indexOpts?.includes(opt) && foreignIndex(value)) return `${opt} ${value}`;
      continue;
    }
    if (row.operands === 'first' && !first) continue;
    first = false;
    if (remote(t)) return t;
  }
  return null;
}

/** Programs that run what a URL operand serves (mshta). */
export function urlRun(inv: Invocation): string | null {
  if (!URL_RUNNERS.some((r) => r.names.includes(inv.program.toLowerCase()))) return null;
  return inv.args.find((a) => URL_RE.test(a.known ?? ''))?.known ?? null;
}

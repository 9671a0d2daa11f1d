// Queries over the command model that several guards share.

import { minimatch } from 'minimatch';
import { basename, isAbsolutePath, resolvePath } from '../paths';
import { OPAQUE, syntheticValue, type Invocation, type ShellAnalysis, type Value } from '../shell/model';
import { FRESH_TMP } from '../shell/substitutions';
import type { GuardContext } from './types';
import { secretGlob, secretOfPathVariable, secretPath, type SecretHit } from './secret-paths';
import { GIT_LONG_OPTIONS } from '../programs/git';
import { work } from '../work';
import { namesOnly } from '../programs/table';

/**
 * Quotes words for a suggested command. Single quotes rather than shell-quote's backslash style:
 * the agent reads and retypes these, and `'^[A-Z_]*='` is what a person would write.
 */
export function shq(...words: string[]): string {
  return words.map((w) => (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The words of an invocation as written, for messages: at most about 160 characters, whatever the argument count. */
export function shown(inv: Invocation, max = 160): string {
  let out = '';
  for (const a of inv.argv) {
    const next = out ? `${out} ${a.word.raw}` : a.word.raw;
    if (next.length > max) return `${(out || a.word.raw.slice(0, max)).trimEnd()} …`;
    out = next;
  }
  return out;
}

/** The programs that actually run (wrappers excluded: they are listed with their inner command). */
export function runs(analysis: ShellAnalysis): Invocation[] {
  // Every guard's loop over the commands starts here: counted (and the deadline checked) per command.
  work(analysis.invocations.length);
  return analysis.invocations.filter((i) => !i.wrapper);
}

/** Short flags (bundles split) and long flags, up to `--`. `valueOpts` take the next argument. */
export function flags(args: Value[], valueOpts: string[] = []): { short: Set<string>; long: Set<string>; positional: Value[] } {
  const short = new Set<string>();
  const long = new Set<string>();
  const positional: Value[] = [];
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const t = a.known;
    if (rest || t === null || !t.startsWith('-') || t === '-') {
      positional.push(a);
      continue;
    }
    if (t === '--') {
      rest = true;
      continue;
    }
    if (t.startsWith('--')) {
      const name = t.includes('=') ? t.slice(0, t.indexOf('=')) : t;
      long.add(name);
      if (valueOpts.includes(name) && !t.includes('=')) i++;
    } else {
      for (const c of t.slice(1)) short.add(c);
      if (valueOpts.includes(t)) i++;
    }
  }
  return { short, long, positional };
}

/** Absolute path of an argument, when the command line determines it. */
export function argPath(inv: Invocation, v: Value, home: string): string | null {
  return v.known === null ? null : pathOfText(inv, v.known, home);
}

/** Absolute path of an argument's text, resolved against the invocation's cwd; null for '' or an unknown cwd. */
export function pathOfText(inv: Invocation, text: string, home: string): string | null {
  if (text === '') return null;
  if (isAbsolutePath(text) || text.startsWith('~')) return resolvePath('/', text, home);
  return inv.cwd ? resolvePath(inv.cwd, text, home) : null;
}

/**
 * The absolute paths an argument can plausibly name, with the assumptions behind each: the path
 * itself when the line fixes it, else each plausible value (an unset variable empty, a substitution
 * that prints nothing, `$(git rev-parse --show-toplevel)` the project). Values with a part we do not
 * judge (OPAQUE) are left out. `text` is the value as the program receives it.
 */
export function plausiblePaths(inv: Invocation, v: Value, home: string): { path: string; text: string; because: string[]; unset: string[] }[] {
  if (v.known !== null) {
    const path = pathOfText(inv, v.known, home);
    return path ? [{ path, text: v.known, because: [], unset: [] }] : [];
  }
  const out: { path: string; text: string; because: string[]; unset: string[] }[] = [];
  work(v.possible.length);
  for (const p of v.possible) {
    // A fresh temporary folder ("$(mktemp -d)", one path segment nobody names) is not judged, but a
    // path that climbs out of it (`"$(mktemp -d)/../.."`) names a real folder and is.
    if (p.text.startsWith(FRESH_TMP)) {
      const path = pathOfText(inv, p.text, home);
      if (path && !path.includes(OPAQUE)) out.push({ path, text: p.text, because: p.because, unset: p.unset });
      continue;
    }
    if (p.text.includes(OPAQUE) || p.because.length === 0) continue;
    const path = pathOfText(inv, p.text, home);
    if (path) out.push({ path, text: p.text, because: p.because, unset: p.unset });
  }
  return out;
}

export interface GitCall {
  sub: string;
  args: Value[];
  /** Where git runs (after -C). */
  cwd: string | null;
  /** Global options to keep when suggesting a rewritten command (`-C dir`, `--git-dir=…`). */
  globals: string[];
  /**
   * Configuration in force for this call that the line itself sets: `-c KEY=VALUE`,
   * `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` for the call, and `git config KEY VALUE` (or `git remote
   * add --mirror`) run earlier on the line. Keys as git compares them (see gitConfigKey); every value
   * of a multi-valued key (`--add`), null where the line computes it.
   */
  config: ReadonlyMap<string, (string | null)[]>;
}

/** A config key as git compares them: section and name lower-cased, a subsection (`remote.Origin.push`) kept. */
export function gitConfigKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last + 1)}${key.slice(last + 1).toLowerCase()}`;
}

/** git config's options that take a value (`--file F`, `--type bool`), and its actions that set nothing. */
const CONFIG_TAKES = new Set(['--file', '-f', '--blob', '--type', '--default', '--comment', '--value']);
const CONFIG_NOT_SET = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--list',
  '-l',
  '--edit',
  '-e',
  '--rename-section',
  '--remove-section',
  '--show-origin',
  '--show-scope',
  '--get-color',
  '--get-colorbool',
]);
const CONFIG_NOT_SET_SUBS = new Set(['get', 'list', 'edit', 'rename-section', 'remove-section']);

/**
 * The settings one `git config` (or `git remote add --mirror`) invocation makes, in order: `set`
 * replaces a key's values, `add` appends one, `unset` removes the key. Empty when it only reads.
 */
export function gitConfigSets(sub: string, args: Value[]): { key: string; value: string | null; op: 'set' | 'add' | 'unset' }[] {
  if (sub === 'remote') {
    // git remote add [--mirror[=push|fetch]] NAME URL: a bare --mirror mirrors both ways.
    if (args[0]?.known !== 'add') return [];
    const mirror = args.find((a) => a.known === '--mirror' || a.known === '--mirror=push' || a.known === '--mirror=both');
    const pos = args.slice(1).filter((a) => !(a.known ?? 'x').startsWith('-'));
    const name = pos[0]?.known;
    return mirror && name ? [{ key: gitConfigKey(`remote.${name}.mirror`), value: 'true', op: 'set' }] : [];
  }
  if (sub !== 'config') return [];
  let op: 'set' | 'add' | 'unset' = 'set';
  const pos: Value[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t?.startsWith('-')) {
      if (CONFIG_NOT_SET.has(t)) return [];
      if (t === '--add' || t === '--append') op = 'add';
      else if (t === '--unset' || t === '--unset-all' || (t === '--all' && op === 'unset')) op = 'unset';
      else if (CONFIG_TAKES.has(t)) i++;
      continue;
    }
    pos.push(args[i]!);
  }
  if (pos[0]?.known === 'set') pos.shift();
  else if (pos[0]?.known === 'unset') {
    pos.shift();
    op = 'unset';
  } else if (CONFIG_NOT_SET_SUBS.has(pos[0]?.known ?? '')) return [];
  const key = pos[0]?.known;
  if (!key?.includes('.')) return [];
  if (op === 'unset') return [{ key: gitConfigKey(key), value: null, op }];
  const value = pos[1];
  if (!value) return []; // `git config KEY` reads it
  return [{ key: gitConfigKey(key), value: value.known, op }];
}

/** The configuration set earlier on the line in force at each git call (one pass over the line). */
const lineConfigCache = new WeakMap<ShellAnalysis, Map<Invocation, Map<string, (string | null)[]>>>();
function lineConfig(analysis: ShellAnalysis, inv: Invocation, home: string): Map<string, (string | null)[]> | undefined {
  let index = lineConfigCache.get(analysis);
  if (!index) {
    index = new Map();
    let current = new Map<string, (string | null)[]>();
    for (const i of analysis.invocations) {
      if (i.program !== 'git') continue;
      index.set(i, current);
      const call = parseGitRaw(i, home);
      if (!call) continue;
      const sets = gitConfigSets(call.sub, call.args);
      if (sets.length === 0) continue;
      current = new Map(current);
      for (const s of sets) {
        if (s.op === 'unset') current.delete(s.key);
        else current.set(s.key, s.op === 'add' ? [...(current.get(s.key) ?? []), s.value] : [s.value]);
      }
    }
    lineConfigCache.set(analysis, index);
  }
  return index.get(inv);
}

/** The values the line sets for a key (null where computed), or undefined when it sets none. */
export function configValues(call: GitCall, key: string): (string | null)[] | undefined {
  return call.config.get(gitConfigKey(key));
}

/** A boolean setting as git reads it: true, yes, on, 1 (and a bare key); null when computed. */
export function gitBool(value: string | null): boolean | null {
  if (value === null) return null;
  return /^(true|yes|on|1|)$/i.test(value.trim());
}

/** A long option git would take as an abbreviation of exactly one of the subcommand's options. */
function expandAbbreviation(sub: string, v: Value): Value {
  const t = v.known;
  const list = GIT_LONG_OPTIONS[sub];
  if (!list || t === null || !t.startsWith('--') || t === '--') return v;
  const eq = t.indexOf('=');
  const name = eq > 0 ? t.slice(0, eq) : t;
  if (list.includes(name)) return v;
  const hits = list.filter((o) => o.startsWith(name));
  if (hits.length !== 1) return v;
  return { ...v, known: hits[0]! + (eq > 0 ? t.slice(eq) : ''), ifUnset: hits[0]! + (eq > 0 ? t.slice(eq) : '') };
}

/** git's own synonyms for subcommands. */
const GIT_SYNONYMS: Record<string, string> = { stage: 'add', 'send-pack': 'push' };
namesOnly(GIT_SYNONYMS);

/**
 * `git [global options] <sub> args`, with `-c alias.x=…` aliases and (given the analysis) aliases
 * set by `git config alias.x` earlier on the line expanded, synonyms resolved (stage → add,
 * send-pack → push) and abbreviated long options (`--har`) written out.
 */
export function parseGit(inv: Invocation, home: string, analysis?: ShellAnalysis): GitCall | null {
  const call = parseGitRaw(inv, home, analysis);
  if (!call) return null;
  let args = call.args;
  const dashdash = args.findIndex((a) => a.known === '--');
  args = args.map((a, i) => (dashdash >= 0 && i > dashdash ? a : expandAbbreviation(call.sub, a)));
  return { ...call, sub: GIT_SYNONYMS[call.sub] ?? call.sub, args };
}

function parseGitRaw(inv: Invocation, home: string, analysis?: ShellAnalysis): GitCall | null {
  if (inv.program !== 'git') return null;
  const args = inv.args;
  let cwd = inv.cwd;
  const globals: string[] = [];
  const config = new Map<string, (string | null)[]>(analysis ? lineConfig(analysis, inv, home) : undefined);
  // GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=k GIT_CONFIG_VALUE_0=v git …: settings for this call.
  const count = Number(inv.assigns.get('GIT_CONFIG_COUNT')?.known ?? 0);
  for (let n = 0; n < Math.min(count, 64); n++) {
    const key = inv.assigns.get(`GIT_CONFIG_KEY_${n}`)?.known;
    if (key) config.set(gitConfigKey(key), [inv.assigns.get(`GIT_CONFIG_VALUE_${n}`)?.known ?? null]);
  }
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!.known;
    if (a === null) return null;
    if (a === '-C') {
      const dir = args[i + 1]?.known;
      if (dir === null || dir === undefined) return null;
      cwd = cwd || isAbsolutePath(dir) ? resolvePath(cwd ?? '/', dir, home) : null;
      globals.push('-C', dir);
      i++;
    } else if (a === '-c' || a === '--config-env' || a.startsWith('--config-env=')) {
      // -c KEY=VALUE (a bare KEY is true); --config-env=KEY=ENVVAR takes the value from the environment.
      const kv = a.startsWith('--config-env=') ? a.slice(13) : (args[i + 1]?.known ?? null);
      if (!a.startsWith('--config-env=')) i++;
      if (kv === null) continue;
      const eq = kv.indexOf('=');
      const key = eq < 0 ? kv : kv.slice(0, eq);
      if (key) config.set(gitConfigKey(key), [a === '-c' ? (eq < 0 ? 'true' : kv.slice(eq + 1)) : null]);
    } else if (a === '--git-dir' || a === '--work-tree' || a === '--namespace') {
      globals.push(a, args[i + 1]?.known ?? '');
      i++;
    } else if (a.startsWith('-')) {
      if (a.startsWith('--git-dir=') || a.startsWith('--work-tree=')) globals.push(a);
    } else break;
  }
  const sub = args[i]?.known;
  if (!sub) return null;
  const rest = args.slice(i + 1);
  const alias = config.get(gitConfigKey(`alias.${sub}`))?.at(-1);
  if (alias !== undefined) {
    if (alias === null || alias.startsWith('!')) return { sub, args: rest, cwd, globals, config };
    // Loaded on first use: shell-quote draws a random token when it loads (a startup snapshot
    // must not freeze one), and few calls define an alias.
    const { parse: parseWords } = require('shell-quote') as typeof import('shell-quote');
    const words = parseWords(alias).filter((w): w is string => typeof w === 'string');
    const lits = words.map((text) => syntheticValue(text));
    return { sub: words[0] ?? sub, args: [...lits.slice(1), ...rest], cwd, globals, config };
  }
  return { sub, args: rest, cwd, globals, config };
}

/** Branch name or glob match against the configured protected branches. */
export function isProtectedBranch(branch: string, patterns: readonly string[]): boolean {
  const b = branch.replace(/^refs\/heads\//, '');
  return patterns.some((p) => minimatch(b, p));
}

/** The current branch of the repository at `cwd`, or null when unknown (detached, no repo, no git). */
export function currentBranch(ctx: GuardContext, cwd: string | null): string | null {
  if (!cwd) return null;
  const r = ctx.git(['symbolic-ref', '--quiet', '--short', 'HEAD'], cwd);
  return r?.ok ? r.stdout.trim() || null : null;
}

/**
 * Secret classification of an argument as a file: direct, via a shell glob (any part), via a
 * variable naming a credential file, or via a copy/link made earlier on the line. A glob too large
 * to list makes the line unanalysable (the limit is set on the analysis).
 */
export function secretArg(inv: Invocation, v: Value, ctx: GuardContext, analysis: ShellAnalysis): SecretHit | null {
  const byVariable = secretOfPathVariable(v, ctx);
  if (byVariable) return byVariable;
  const path = argPath(inv, v, ctx.home);
  if (!path) return null;
  if (v.glob) {
    const hit = secretGlob(path, ctx);
    if (hit === 'limit') {
      analysis.limit ??= 'files';
      return null;
    }
    return hit;
  }
  const original = analysis.aliases.get(path);
  return secretPath(original ?? path, ctx);
}

export { secretPath };

const consumerIndex = new WeakMap<ShellAnalysis, Map<Invocation, Invocation[]>>();

/** Invocations that read the output of `inv` through a pipe (indexed once per analysis: linear, not quadratic). */
export function consumersOf(inv: Invocation, analysis: ShellAnalysis): Invocation[] {
  let index = consumerIndex.get(analysis);
  if (!index) {
    index = new Map();
    for (const i of analysis.invocations) {
      if (!i.pipeFrom) continue;
      const list = index.get(i.pipeFrom);
      if (list) list.push(i);
      else index.set(i.pipeFrom, [i]);
    }
    consumerIndex.set(analysis, index);
  }
  // A command of `sh -c '…'` or of a launcher prints what that prints: its consumers are those of the
  // program that ran it (`docker exec app env | cut -d= -f1`), unless its own output is piped.
  let at: Invocation | undefined = inv;
  for (let hops = 0; at && hops < 32; hops++) {
    const own = index.get(at);
    if (own) return own;
    at = outputRedirected(at) ? undefined : at.outputOf;
  }
  return [];
}

/** Output goes to a file or another command, not to the transcript. */
export function outputRedirected(inv: Invocation): boolean {
  return inv.redirects.some((r) => (r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>' || r.op === '&>>') && (r.fd === null || r.fd === 1));
}

/** Redirections that write their target (on stdout or stderr, fileWrites checks). */
const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
/** The programs whose arguments fileWrites reads as text. */
const TEXT_READERS = new Set(['sed', 'gsed', 'perl', 'gawk', 'awk', 'dd']);

/**
 * Files a command writes in place: output redirections, sed -i, perl -i, tee, truncate, dd of=.
 * Returned as absolute paths (when the line determines them) with how the write happens.
 */
export function fileWrites(inv: Invocation, home: string): { path: string; how: string }[] {
  const out: { path: string; how: string }[] = [];
  for (const r of inv.redirects) {
    if (r.target && WRITE_OPS.has(r.op) && (r.fd === null || r.fd === 1 || r.fd === 2)) {
      const path = argPath(inv, r.target, home);
      if (path) out.push({ path, how: `redirection (${r.op})` });
    }
  }
  const p = inv.program;
  // Only the programs below read their arguments as text here: no copy of every argument for the rest.
  const known = TEXT_READERS.has(p) ? inv.args.map((a) => a.known ?? '') : [];
  const inPlace =
    (p === 'sed' || p === 'gsed') && known.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))
      ? 'sed -i'
      : p === 'perl' && known.some((a) => /^-[a-zA-Z]*i/.test(a))
        ? 'perl -i'
        : (p === 'gawk' || p === 'awk') && known.includes('-i') && known.includes('inplace')
          ? 'awk -i inplace'
          : p === 'tee' || p === 'truncate' || p === 'ed' || p === 'ex'
            ? p
            : null;
  if (inPlace) {
    const f = flags(inv.args, ['-e', '-f', '-s', '--size', '--expression', '--file']);
    // sed/perl: the first positional is the script unless -e/-f gave it.
    const scriptGiven = known.some((a) => a === '-e' || a === '-f' || a.startsWith('--expression') || /^-[a-zA-Z]*e$/.test(a));
    const files = (p === 'sed' || p === 'gsed' || p === 'perl' || p === 'awk' || p === 'gawk') && !scriptGiven ? f.positional.slice(1) : f.positional;
    for (const v of files) {
      const path = argPath(inv, v, home);
      if (path) out.push({ path, how: inPlace });
    }
  }
  if (p === 'dd') {
    for (const a of known) if (a.startsWith('of=')) out.push({ path: resolvePath(inv.cwd ?? '/', a.slice(3), home), how: 'dd of=' });
  }
  return out;
}

/** Git's object id of a blob with this (UTF-8) content: what `git hash-object` prints, without running git. */
export function gitBlobId(text: string, algorithm: 'sha1' | 'sha256'): string {
  // Loaded on first use: the hook's common path needs no crypto.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const bytes = Buffer.from(text, 'utf8');
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Agent Guard's subcommands that change the guard or what it allows (see guard-tamper). */
const PRODUCT_SUBS = new Set(['install', 'uninstall', 'sync', 'trust', 'allow']);

/** Package runners that are not shell wrappers: `npm exec`, `npm x`, `pnpm dlx`, `pnpm exec`, `yarn dlx`, `yarn exec`, `bun x`. */
const RUNNER_SUBS: Record<string, string[]> = { npm: ['exec', 'x'], pnpm: ['dlx', 'exec'], yarn: ['dlx', 'exec'], bun: ['x'] };
namesOnly(RUNNER_SUBS);
/** Options of those runners that take a value (`npm exec --package agent-guard`). */
const RUNNER_VALUE_OPTS = new Set(['-p', '--package', '-c', '--call', '-w', '--workspace', '--prefix', '-C', '--dir', '--filter']);

/**
 * An invocation of Agent Guard's own command line, however it is reached: `agent-guard <sub>`, a
 * path to its binary, `npx`/`bunx`/`pnpx` (shell wrappers, so the program is `agent-guard@1.2`),
 * `npm exec`, `pnpm dlx`/`exec`, `yarn dlx`/`exec`/`yarn agent-guard`, `bun x`, or `node …/cli.cjs`.
 * `args` are the words after the subcommand; `prefix` is how it was started, for suggestions.
 */
export function productCommand(inv: Invocation): { sub: string; args: Value[]; prefix: string[] } | null {
  const isProduct = (w: string | null) => w !== null && /^agent-guard(@[\w.^~<>=*-]+)?$/.test(basename(w));
  const at = (i: number, prefix: string[]) => {
    const j = inv.args[i]?.known === '--' ? i + 1 : i;
    const sub = inv.args[j]?.known;
    return sub ? { sub, args: inv.args.slice(j + 1), prefix } : null;
  };
  if (isProduct(inv.argv[0]?.known ?? null)) return at(0, [inv.program.startsWith('agent-guard@') ? 'agent-guard' : (inv.argv[0]!.known ?? 'agent-guard')]);
  const words = inv.args.map((a) => a.known);
  if (inv.program === 'node' || inv.program === 'nodejs' || inv.program === 'bun') {
    // node [options] script sub …: the script is Agent Guard's cli.cjs (or its binary).
    let i = 0;
    while (i < words.length && words[i]?.startsWith('-')) i += ['-r', '--require', '--import', '--loader', '-C', '--conditions'].includes(words[i]!) ? 2 : 1;
    const script = words[i];
    if (script && (/(^|\/)cli\.cjs$/.test(script) || isProduct(script))) return at(i + 1, ['node', script]);
    // A script path the line computes (`node "$(npm root -g)/agent-guard/dist/cli.cjs" uninstall`): the subcommand tells.
    if (script === null && i < words.length && PRODUCT_SUBS.has(words[i + 1] ?? '')) return at(i + 1, ['node', inv.args[i]!.word.raw]);
    return null;
  }
  const subs = RUNNER_SUBS[inv.program];
  if (!subs) return null;
  let i = 0;
  if ((inv.program === 'yarn' || inv.program === 'pnpm') && isProduct(words[0] ?? null)) return at(1, [inv.program, 'agent-guard']);
  if (!subs.includes(words[0] ?? '')) return null;
  for (i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === null || w === undefined) return null;
    if (w === '--') continue;
    if (RUNNER_VALUE_OPTS.has(w)) {
      i++;
      continue;
    }
    if (w.startsWith('-')) continue;
    break;
  }
  return isProduct(words[i] ?? null) ? at(i + 1, [inv.program, words[0]!, 'agent-guard']) : null;
}

/**
 * The tracked files among `paths` (relative to `cwd`) whose index or work-tree content differs
 * from HEAD, or null when git cannot say. Asked without `git status` or `git diff`, which run the
 * repository's clean filters: the index and HEAD blob ids come from ls-files/ls-tree, the work
 * tree's is hashed here. Anything unusual (a filter, CRLF conversion, a binary or huge file, a file
 * missing from the work tree) reads as "changed". `tracked` lists the files the index has under
 * `paths`; untracked ones are in neither list.
 */
export function changedSinceHead(ctx: GuardContext, cwd: string, paths: string[]): { tracked: string[]; changed: string[] } | null {
  const index = ctx.git(['ls-files', '-s', '-z', '--', ...paths], cwd);
  if (!index?.ok) return null;
  const entries = new Map<string, string>();
  const conflicted = new Set<string>();
  for (const e of index.stdout.split('\0')) {
    const m = /^\d+ ([0-9a-f]+) (\d)\t([\s\S]+)$/.exec(e);
    if (!m) continue;
    if (m[2] !== '0') conflicted.add(m[3]!);
    else entries.set(m[3]!, m[1]!);
  }
  const files = [...new Set([...entries.keys(), ...conflicted])];
  if (files.length === 0) return { tracked: [], changed: [] };
  const head = ctx.git(['ls-tree', '-z', 'HEAD', '--', ...files], cwd);
  if (!head?.ok) return null;
  const headIds = new Map<string, string>();
  for (const t of head.stdout.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]+)\t([\s\S]+)$/.exec(t);
    if (m) headIds.set(m[2]!, m[1]!);
  }
  const changed: string[] = [...conflicted];
  for (const [file, id] of entries) {
    if (headIds.get(file) !== id) {
      changed.push(file);
      continue;
    }
    const text = ctx.readText(resolvePath(cwd, file, ctx.home), 1024 * 1024);
    if (text === null || text.length >= 1024 * 1024 || gitBlobId(text, id.length === 64 ? 'sha256' : 'sha1') !== id) changed.push(file);
  }
  return { tracked: files, changed };
}

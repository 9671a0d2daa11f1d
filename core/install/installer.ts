// install / status / sync / uninstall on the file system. Used by the CLI and the VS Code
// extension. Every settings write is atomic (temp file in the same folder, then rename), keeps
// one backup, and is refused with a clear message when the file cannot be parsed or written.

import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, dirname, join, sep } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { sha256, type SettingsRecord } from './settings';
import { shQuote } from './quote';
import { ensureStateDir, removeStaleTemps, STATE_DIR, UnsafePathError } from '../state-dir';
import { splitStamp, stampLine } from '../stamp';
import { UNSET_BEFORE_NODE } from '../hook-env';
import { CLAUDE_CANARY, judgeCanary } from '../liveness';
import { runCanary } from './run-canary';

export type Scope = 'project' | 'local' | 'user';

export interface Target {
  workspace: string;
  scope: Scope;
  home: string;
  /** CLAUDE_CONFIG_DIR, when set (user scope lives there). */
  configDir?: string;
}

export interface Bundle {
  /** The built hook (dist/hook.cjs). */
  hookSource: string;
  version: string;
}

export const HOOK_TIMEOUT_SECONDS = 10;
const STATE_FILE = 'agent-guard.install.json';

/**
 * The shell command that runs the hook: POSIX sh (Claude Code on macOS/Linux, Git Bash on Windows).
 * It falls back to the working directory when CLAUDE_PROJECT_DIR is not set (hosts that read
 * .claude/settings.json without setting it). Hardened against the environment it runs in (see
 * core/hook-env.ts): the variables node reads at startup that can stop, hang, crash or hijack it
 * are unset first (a flag cannot do this for NODE_OPTIONS, and `--openssl-config` has no value that
 * is safe on every platform, while unsetting OPENSSL_CONF is). And it fails closed: the hook itself
 * exits 0 (an answer or silence) or 2; anything else (node missing, exit 127; node unable to start;
 * a crash) and a missing hook file are exit 2 with the reason on stderr, which every host honours
 * as a block with that reason, instead of a non-blocking error that lets the call run unchecked.
 */
export function hookCommand(path: string, fix?: string): string {
  return hookCommandFor(`"${path}"`, fix);
}

/** The same, for a path given as a shell word already (quoted by shQuote). `fix`: the command that restores the hook file. */
export function hookCommandFor(word: string, fix = 'agent-guard sync'): string {
  return `f=${word}; ${hardenedRun('hook file $f not found', fix)}`;
}

/**
 * The hardened, fail-closed run of the hook file named by `$f` (empty when it was not found):
 * node's startup variables unset, exit 0 or 2 passed on, anything else and a missing file exit 2
 * with the reason on stderr. `missing` says what was not found; `fix` restores it.
 */
export function hardenedRun(missing: string, fix: string): string {
  return (
    `unset ${UNSET_BEFORE_NODE.join(' ')}; ` +
    `if [ -f "$f" ]; then ${snapshotFirst()}node "$f"; r=$?; [ $r -eq 0 ] || [ $r -eq 2 ] && exit $r; ` +
    `echo "agent-guard: node could not run the hook (exit $r), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status" >&2; exit 2; fi; ` +
    `echo "agent-guard: ${missing}, so Agent Guard checks nothing and blocks every call; to fix it, run: ${fix}" >&2; exit 2`
  );
}

/**
 * Sets the shell variable `v` to the physical path of the folder `dir` (a shell word), or to
 * nothing when it cannot be entered: builtins only (`cd -P`, `pwd -P`) in a subshell, CDPATH
 * emptied (with it, `cd` to a relative name prints the folder too), a final newline of the name
 * kept (command substitution would drop it: hence the `.`), and a leading `//` folded to `/` (bash
 * keeps it; Linux reads it as `/`).
 */
function physicalPath(v: string, dir: string): string {
  return (
    `${v}=$(CDPATH= cd -P -- ${dir} 2>/dev/null && pwd -P && echo .); ${v}=\${${v}%?}; ${v}=\${${v}%?}; ` +
    `while :; do case $${v} in //*) ${v}=\${${v}#/};; *) break;; esac; done; `
  );
}

/**
 * Sets the shell variable `out` to the physical path of the folder `dir` (a shell word), or to
 * nothing when it is inside the working folder or CLAUDE_PROJECT_DIR (physical paths, as the
 * loader's trustedDir compares them; `/` holds everything). Defence in depth for the blob, which
 * is code Node runs before any of ours: what keeps a repository's own blob out (a host that loads
 * the project's .env lets it set XDG_CACHE_HOME or HOME, and its tree can be larger than both
 * folders: a monorepo's `packages/web/.env` naming `/proc/self/cwd/../../.cache`) is the blob's
 * mark (the loader's markBlob). CLAUDE_PROJECT_DIR is written `"$CLAUDE_PROJECT_DIR"`, never with
 * braces and an operator: Claude Code's plugin validator takes any `\${CLAUDE_PROJECT_DIR` for an
 * unquoted placeholder.
 */
function outsideWorkspace(dir: string, out: string): string {
  return (
    `${physicalPath(out, `"${dir}"`)}${physicalPath('w', '.')}q=; ` +
    `[ -z "$CLAUDE_PROJECT_DIR" ] || { ${physicalPath('q', '"$CLAUDE_PROJECT_DIR"')}}; ` +
    `for x in "$w" "$q"; do case $x in '') ;; /) ${out}=;; *) case "$${out}/" in "$x"/*) ${out}=;; esac;; esac; done; `
  );
}

/**
 * (#31) The start from the hook's startup snapshot (scripts/code-cache-loader.js), the step of
 * `hardenedRun` before the plain `node "$f"`: the blob `<cache>/agent-guard/<build key>.snap` (the
 * key from the hook file's loader line, the cache folder from XDG_CACHE_HOME or HOME as the loader
 * finds it), named to Node only when it and its folder are this user's and not links. Exit 0 or 2
 * is the answer; anything else means Node could not start from it (truncated, foreign, another
 * Node: it stops before reading stdin), and the plain hook runs with AGENT_GUARD_AFTER_SNAPSHOT
 * set, which blocks a call whose input the failed run consumed (cli/run-hook.ts) and asks the
 * loader for a new blob. No blob yet: the plain hook runs with AGENT_GUARD_SNAPSHOT=want, and its
 * loader builds one in the background after the answer (rate-limited). Only shell built-ins (the
 * workspace check forks two or three subshells): no program runs before node. Windows' PowerShell form (quote.ts) keeps the plain run: the loader builds
 * no snapshot on win32 (in Git Bash this step finds no blob and the plain hook runs).
 * Before the blob, the resident analyser (the loader's "The resident analyser", on Linux unless the
 * person set AGENT_GUARD_ANALYSER=process): where its socket
 * `<key>.sock` is there and this user's, the plain `node "$f"` runs with AGENT_GUARD_RESIDENT=ask
 * and hands the call to it (loading nothing of the analysis itself; in this process when that
 * fails); otherwise AGENT_GUARD_RESIDENT=want, and the call's process starts one after its answer.
 * With the socket, the ask file `<key>.ask.js` (the loader alone, written by the analyser) asks in
 * its place when it is there and ours: Node need not read the hook file's code to ask. Before it,
 * where /usr/bin/perl is (never a perl found on PATH: PATH is searched for node alone, and a relative
 * entry such as node_modules/.bin after node's folder would otherwise let a repository's `perl` answer
 * the call), the Perl ask `<key>.ask.pl` (scripts/resident-ask.pl, also written by the
 * analyser; ~2 ms to start where Node takes ~20), with the variables that would make perl load a
 * module or change how it reads and writes emptied (PERL_UNICODE: overridden by -C0), and those that
 * make it write to stderr (PERL_BADLANG for a locale it cannot set, PERL_HASH_SEED_DEBUG). Exit 0 or 2
 * is the answer; anything else (it may have read stdin) sets AGENT_GUARD_AFTER_ASK, and the
 * next step (the Node ask file after the Perl one, the blob or the plain run after either) blocks a
 * call whose input is not whole, as AGENT_GUARD_AFTER_SNAPSHOT does after a blob Node could not
 * start from (only that one makes the loader replace the blob). Exit 3 is the Perl ask's "nothing
 * read, and no analyser I believe" (a stand-in, an analyser of another node, one that accepts
 * nothing): the Node ask would find the same, so the call goes to the blob, as without a socket
 * (and asks for an analyser, which starts only where none runs), at the blob's cost rather than a
 * second ask's and a plain run's. The blob is started only with its mark beside it, a socket of
 * this user's newer than the blob (the loader's markBlob: no checkout makes one), and from a folder
 * outside the working folder and CLAUDE_PROJECT_DIR (outsideWorkspace).
 */
export function snapshotFirst(): string {
  return (
    `unset AGENT_GUARD_SNAPSHOT AGENT_GUARD_AFTER_SNAPSHOT AGENT_GUARD_AFTER_ASK AGENT_GUARD_RESIDENT; l=; { read -r l; case $l in *build:*) ;; *) read -r l;; esac; } < "$f" 2>/dev/null; k=\${l##*build:}; ` +
    `case $k in ????????????????) case $k in *[!0-9a-f]*) k=;; esac;; *) k=;; esac; ` +
    `c=\${XDG_CACHE_HOME:-\${HOME:-/nonexistent}/.cache}/agent-guard; b=$c/$k.snap; m=$c/$k.mark; s=$c/$k.sock; a=$c/$k.ask.js; p=$c/$k.ask.pl; ` +
    `case $c in /*) ;; *) k=;; esac; ` +
    `if [ -n "$k" ] && [ -d "$c" ] && [ ! -h "$c" ] && [ -O "$c" ]; then ` +
    `u=; if [ "$AGENT_GUARD_ANALYSER" != process ] && [ -S "$s" ] && [ ! -h "$s" ] && [ -O "$s" ]; then export AGENT_GUARD_RESIDENT=ask; ` +
    `if [ -f "$p" ] && [ ! -h "$p" ] && [ -O "$p" ] && [ -x /usr/bin/perl ]; then PERL5OPT= PERL5LIB= PERLLIB= PERLIO= PERL_BADLANG= PERL_HASH_SEED_DEBUG= /usr/bin/perl -C0 -- "$p" "$f"; r=$?; [ $r -eq 0 ] || [ $r -eq 2 ] && exit $r; ` +
    `export AGENT_GUARD_AFTER_ASK=$r; if [ $r -eq 3 ]; then u=1; export AGENT_GUARD_RESIDENT=want; else export AGENT_GUARD_AFTER_SNAPSHOT=$r; fi; fi; ` +
    `if [ -z "$u" ] && [ -f "$a" ] && [ ! -h "$a" ] && [ -O "$a" ]; then node "$a" "$f"; r=$?; [ $r -eq 0 ] || [ $r -eq 2 ] && exit $r; export AGENT_GUARD_AFTER_ASK=$r AGENT_GUARD_AFTER_SNAPSHOT=$r; fi; ` +
    `else export AGENT_GUARD_RESIDENT=want; u=1; fi; ` +
    `if [ -n "$u" ]; then ${outsideWorkspace('$c', 'o')}if [ -n "$o" ] && [ -f "$b" ] && [ ! -h "$b" ] && [ -O "$b" ] && [ -S "$m" ] && [ ! -h "$m" ] && [ -O "$m" ] && [ "$b" -ot "$m" ]; then ` +
    `node --snapshot-blob "$b" "$f"; r=$?; [ $r -eq 0 ] || [ $r -eq 2 ] && exit $r; export AGENT_GUARD_AFTER_SNAPSHOT=$r; ` +
    `else export AGENT_GUARD_SNAPSHOT=want; fi; fi; ` +
    `elif [ -n "$k" ]; then export AGENT_GUARD_SNAPSHOT=want AGENT_GUARD_RESIDENT=want; fi; `
  );
}

export interface TargetPaths {
  claudeDir: string;
  settingsFile: string;
  hookFile: string;
  stateFile: string;
  /** The command Claude Code runs. */
  command: string;
  /** How the settings file is named in messages. */
  label: string;
  /** How the hook file is named in messages (in the same style as `label`: relative, or from ~). */
  hookLabel: string;
}

export function targetPaths(t: Target): TargetPaths {
  if (t.scope === 'user') {
    const claudeDir = t.configDir || join(t.home, '.claude');
    const hookFile = join(claudeDir, 'hooks', 'agent-guard.cjs');
    // An absolute path from HOME: quoted as one literal word, whatever it holds ($, ", `, spaces).
    return {
      claudeDir,
      settingsFile: join(claudeDir, 'settings.json'),
      hookFile,
      stateFile: join(claudeDir, 'hooks', STATE_FILE),
      command: hookCommandFor(shQuote(sep === '\\' ? hookFile.replace(/\\/g, '/') : hookFile)),
      label: '~/.claude/settings.json',
      hookLabel: '~/.claude/hooks/agent-guard.cjs',
    };
  }
  const claudeDir = join(t.workspace, '.claude');
  const name = t.scope === 'local' ? 'settings.local.json' : 'settings.json';
  return {
    claudeDir,
    settingsFile: join(claudeDir, name),
    hookFile: join(claudeDir, 'hooks', 'agent-guard.cjs'),
    stateFile: join(claudeDir, 'hooks', STATE_FILE),
    // Shell form, quoted: see README "Why shell form".
    command: hookCommand('${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/agent-guard.cjs'),
    label: `.claude/${name}`,
    hookLabel: '.claude/hooks/agent-guard.cjs',
  };
}

// ---- the hook file and its stamp ----

export function stampHook(b: Bundle): string {
  return `${stampLine(b.version, sha256(b.hookSource))}${b.hookSource}`;
}

export type HookState = 'missing' | 'current' | 'outdated' | 'modified' | 'foreign';

export function hookState(hookFile: string, b: Bundle): { state: HookState; version: string | null } {
  let text: string;
  try {
    text = readFileSync(hookFile, 'utf8');
  } catch {
    return { state: 'missing', version: null };
  }
  const stamp = splitStamp(text);
  if (!stamp) return { state: 'foreign', version: null };
  if (sha256(stamp.body) !== stamp.sha256) return { state: 'modified', version: stamp.version };
  return { state: stamp.sha256 === sha256(b.hookSource) ? 'current' : 'outdated', version: stamp.version };
}

// ---- atomic writes ----

export class InstallError extends Error {}

/** `<name>.agent-guard-<pid>.tmp`: a run killed between write and rename leaves one; the next run removes it (cleanTemps). */
const TEMP = /^.*\.agent-guard-(?<pid>\d+)\.tmp$/;

function writeAtomic(file: string, text: string): void {
  let real = file;
  let mode: number | null = null;
  if (existsSync(file)) {
    real = realpathSync(file); // a symlinked settings file stays a symlink: write its target
    mode = statSync(real).mode & 0o777;
  }
  removeStaleTemps(dirname(real), TEMP);
  const tmp = `${real}.agent-guard-${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: mode ?? 0o644 });
    if (mode !== null) chmodSync(tmp, mode);
    renameSync(tmp, real);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw new InstallError(`cannot write ${file}: ${describeCode(err)}`);
  }
}

/** Every run, whether it writes or not, removes what killed runs left in the folders it manages. */
function cleanTemps(p: TargetPaths): void {
  const dirs = [p.claudeDir, dirname(p.hookFile), join(p.claudeDir, 'agent-guard')];
  if (existsSync(p.settingsFile)) dirs.push(dirname(realOrSelf(p.settingsFile)));
  for (const d of new Set(dirs)) if (!lstatOrNull(d)?.isSymbolicLink()) removeStaleTemps(d, TEMP);
}

function describeCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'EROFS') return 'the file system is read-only (EROFS)';
  if (code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  return code ?? (err as Error).message;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function within(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Project and local scope: the workspace is what the agent (and a cloned repository) controls, so
 * a .claude folder, settings file, hooks folder, hook or state file that is a link leading out of
 * it is refused: writing it would change a file elsewhere (a committed `.claude` linking to
 * ~/.ssh or ~/.config, a settings file linking to ~/.bashrc). A link to somewhere inside the
 * workspace is fine. User scope follows links: dotfile managers link ~/.claude/settings.json.
 */
function checkNoLinkOutside(t: Target, p: TargetPaths): void {
  if (t.scope === 'user') return;
  const root = realOrSelf(t.workspace);
  const checks: [string, string, 'folder' | 'file'][] = [
    [p.claudeDir, '.claude', 'folder'],
    [p.settingsFile, p.label, 'file'],
    [dirname(p.hookFile), '.claude/hooks', 'folder'],
    [p.hookFile, '.claude/hooks/agent-guard.cjs', 'file'],
    [p.stateFile, `.claude/hooks/${STATE_FILE}`, 'file'],
  ];
  for (const [path, label, kind] of checks) {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      continue; // missing: it will be created
    }
    if (!st.isSymbolicLink()) continue;
    const real = realOrSelf(path);
    if (within(root, real)) continue;
    throw new InstallError(
      `refusing to write ${label}: it is a symbolic link to ${real}, outside the workspace, so installing would change ${kind === 'folder' ? 'files there' : 'that file'} instead. ` +
        `If that is intended, replace the link with a copy of the ${kind} (or install with --user, which follows links), then run install again`,
    );
  }
}

/**
 * A folder the install writes into (or, when missing, the folder it will be created in) must be
 * writable: checked before anything is written, so a read-only .claude/ leaves no hook file behind.
 * Read-only mode bits count even for root, whom access() would let through.
 */
function checkDirWritable(dir: string, label: string): void {
  let d = dir;
  let shown = label;
  while (!existsSync(d)) {
    const parent = dirname(d);
    if (parent === d) return;
    d = parent;
    shown = d;
  }
  const st = statSync(d);
  if (!st.isDirectory()) throw new InstallError(`${shown} is not a folder`);
  let writable = (st.mode & 0o222) !== 0;
  try {
    accessSync(d, constants.W_OK);
  } catch {
    writable = false;
  }
  if (!writable) throw new InstallError(`${shown} is read-only, so nothing was changed; make it writable (chmod u+w ${JSON.stringify(d)}), then try again`);
}

function checkWritable(file: string, label: string): void {
  if (existsSync(file)) {
    const real = realpathSync(file);
    if (!lstatSync(real).isFile()) throw new InstallError(`${label} is not a regular file`);
    // A file marked read-only is a "do not touch", even for root (whom access() would let through).
    let writable = (statSync(real).mode & 0o222) !== 0;
    try {
      accessSync(file, constants.W_OK);
    } catch {
      writable = false;
    }
    if (!writable) throw new InstallError(`${label} is read-only; make it writable (or install with --local / --user), then try again`);
  }
}

function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new InstallError(`cannot read ${file}: ${code}`);
  }
}

// ---- install state ----

type State = { version: string; settings: Record<string, SettingsRecord> };

function readState(file: string): State | null {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as State;
    return s && typeof s.settings === 'object' ? s : null;
  } catch {
    return null;
  }
}

/** The one backup of a settings file: in the self-ignoring .claude/agent-guard/ (git add -A never commits it). */
function backupPath(p: TargetPaths): string {
  return join(p.claudeDir, 'agent-guard', `${basename(p.settingsFile)}.bak`);
}

/** Where versions before 0.2 kept it: beside the (real) settings file, where git add -A committed it. */
function legacyBackupPath(file: string): string {
  return `${existsSync(file) ? realpathSync(file) : file}.agent-guard.bak`;
}

function backUp(p: TargetPaths, text?: string): void {
  try {
    ensureStateDir(p.claudeDir, realOrSelf(p.claudeDir), relativeLabel(p, STATE_DIR));
  } catch (err) {
    if (err instanceof UnsafePathError) throw new InstallError(`cannot keep a backup: ${err.message}`);
    throw new InstallError(`cannot create ${join(p.claudeDir, 'agent-guard')}: ${describeCode(err)}`);
  }
  const dest = backupPath(p);
  // Not through a link planted there: the name is replaced, never followed.
  if (lstatOrNull(dest)?.isSymbolicLink()) unlinkSync(dest);
  writeAtomic(dest, text ?? readFileSync(realpathSync(p.settingsFile), 'utf8'));
  const legacy = legacyBackupPath(p.settingsFile);
  if (existsSync(legacy)) unlinkSync(legacy); // superseded
}

/** An older version's backup beside the settings file goes into .claude/agent-guard/ (unless one is there already). */
function moveLegacyBackup(p: TargetPaths, report: Report): void {
  const legacy = legacyBackupPath(p.settingsFile);
  if (!existsSync(legacy)) return;
  try {
    ensureStateDir(p.claudeDir, realOrSelf(p.claudeDir), relativeLabel(p, STATE_DIR));
    if (existsSync(backupPath(p))) unlinkSync(legacy);
    else {
      writeAtomic(backupPath(p), readFileSync(legacy, 'utf8'));
      unlinkSync(legacy);
    }
    report.lines.push(`moved the backup of ${p.label} into ${relativeLabel(p, STATE_DIR)}/ (git ignores it there)`);
  } catch (err) {
    report.warnings.push(`could not move the old backup ${legacy}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function relativeLabel(p: TargetPaths, rel: string): string {
  return p.label.startsWith('~') ? `~/.claude/${rel.replace(/^\.claude\//, '')}` : rel;
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** An install's failure, for people: our own message, or what the file system said and where. */
export function describeFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return err instanceof InstallError ? err.message : e.code && e.path ? `cannot change ${e.path}: ${describeCode(e)}` : `unexpected error: ${e.message}`;
}

// ---- reports ----

export interface Report {
  ok: boolean;
  /** What happened, one line each, for people. */
  lines: string[];
  warnings: string[];
  error?: string;
}

/** One report from several steps (install for Claude Code and for VS Code's agent, say). */
export function mergeReports(...reports: Report[]): Report {
  if (reports.length === 1) return reports[0]!; // keeps what only that step reports (its self-test)
  const errors = reports.map((r) => r.error).filter(Boolean);
  return {
    ok: reports.every((r) => r.ok),
    lines: reports.flatMap((r) => r.lines),
    warnings: reports.flatMap((r) => r.warnings),
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
  };
}

export interface SelfTest {
  ran: boolean;
  dangerousDenied: boolean;
  harmlessSilent: boolean;
  problem?: string;
}

/**
 * Runs the installed hook as Claude Code will: its command line with `sh -c` (node directly where
 * there is no sh), in the workspace, on the liveness canary (must be denied) and on `ls` (must be
 * silent). Only this version's own bytes are run: a hand-edited hook file left in place is
 * repository content, and install runs none (nor the workspace's own guards).
 */
export function selfTest(hookFile: string, workspace: string, command?: string, bundle?: Bundle): SelfTest {
  if (bundle) {
    const state = hookState(hookFile, bundle).state;
    if (state !== 'current')
      return {
        ran: false,
        dangerousDenied: false,
        harmlessSilent: false,
        problem: `not run: ${hookFile} is ${state === 'missing' ? 'missing' : 'not the hook this version wrote'} (agent-guard sync --force replaces it)`,
      };
  }
  const env = { ...process.env, CLAUDE_PROJECT_DIR: workspace, AGENT_GUARD_NO_LOG: '1', AGENT_GUARD_NO_WORKSPACE_GUARDS: '1' };
  const viaShell = command !== undefined && shAvailable();
  const run = (input: string) =>
    viaShell
      ? runCanary(command, { ...CLAUDE_CANARY, payload: input }, workspace, env)
      : (() => {
          const r = spawnSync('node', [hookFile], { input, cwd: workspace, encoding: 'utf8', timeout: 15000, env });
          const code = (r.error as NodeJS.ErrnoException | undefined)?.code;
          return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(code && code !== 'ETIMEDOUT' ? { error: code } : {}) };
        })();
  const bad = run(CLAUDE_CANARY.payload);
  if (bad.error)
    return {
      ran: false,
      dangerousDenied: false,
      harmlessSilent: false,
      problem: bad.error === 'ENOENT' ? '`node` is not on PATH, so Claude Code cannot run the hook' : `the hook did not run (${bad.error})`,
    };
  const verdict = judgeCanary(CLAUDE_CANARY, bad);
  const ok = run(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: workspace }));
  const silent = ok.status === 0 && ok.stdout === '';
  const denied = verdict.guarded;
  return {
    ran: true,
    dangerousDenied: denied,
    harmlessSilent: silent,
    ...(denied && silent
      ? {}
      : {
          problem: `the installed hook ${denied ? '' : `did not deny rm -rf ~: ${verdict.detail}`}${!denied && !silent ? '; and it ' : ''}${silent ? '' : 'was not silent for ls'}`,
        }),
  };
}

let shFound: boolean | undefined;
/** Whether `sh` can be started (on Windows it may not be on PATH; Claude Code finds Git Bash itself). */
function shAvailable(): boolean {
  shFound ??= !spawnSync('sh', ['-c', 'exit 0']).error;
  return shFound;
}

export type CliHost = 'gemini' | 'copilot' | 'codex' | 'cursor' | 'opencode' | 'qwen' | 'droid' | 'kilo' | 'cline';

/** Runs the installed hook with the host's own payload: rm -rf ~ must be denied in its form, ls silent. */
function selfTestHost(host: CliHost, hookFile: string, workspace: string, report: Report): void {
  const payloads: Record<CliHost, (command: string) => Record<string, unknown>> = {
    gemini: (command) => ({
      hook_event_name: 'BeforeTool',
      timestamp: new Date(0).toISOString(),
      tool_name: 'run_shell_command',
      tool_input: { command },
      cwd: workspace,
    }),
    copilot: (command) => ({ sessionId: 'self-test', timestamp: 0, cwd: workspace, toolName: 'bash', toolArgs: JSON.stringify({ command }) }),
    codex: (command) => ({
      hook_event_name: 'PreToolUse',
      session_id: 'self-test',
      turn_id: 'self-test',
      cwd: workspace,
      tool_name: 'Bash',
      tool_input: { command },
    }),
    cursor: (command) => ({
      hook_event_name: 'preToolUse',
      conversation_id: 'self-test',
      workspace_roots: [workspace],
      tool_name: 'Shell',
      tool_input: { command },
    }),
    opencode: (command) => ({ hook_event_name: 'tool.execute.before', session_id: 'self-test', cwd: workspace, tool_name: 'bash', tool_input: { command } }),
    kilo: (command) => ({ hook_event_name: 'tool.execute.before', session_id: 'self-test', cwd: workspace, tool_name: 'bash', tool_input: { command } }),
    qwen: (command) => ({
      hook_event_name: 'PreToolUse',
      session_id: 'self-test',
      tool_call_id: 'self-test',
      cwd: workspace,
      tool_name: 'run_shell_command',
      tool_input: { command },
    }),
    droid: (command) => ({ hook_event_name: 'PreToolUse', session_id: 'self-test', cwd: workspace, tool_name: 'Execute', tool_input: { command } }),
    cline: (command) => ({
      clineVersion: 'self-test',
      hookName: 'tool_call',
      taskId: 'self-test',
      workspaceRoots: [workspace],
      tool_call: { id: 'self-test', name: 'run_commands', input: { commands: [command] } },
    }),
  };
  const payload = payloads[host];
  const run = (command: string) =>
    spawnSync('node', [hookFile], {
      input: JSON.stringify(payload(command)),
      encoding: 'utf8',
      timeout: 15000,
      env: { ...process.env, AGENT_GUARD_NO_LOG: '1' },
    });
  const bad = run('rm -rf ~');
  if (bad.error) {
    report.warnings.push(
      `self-test: ${(bad.error as NodeJS.ErrnoException).code === 'ENOENT' ? '`node` is not on PATH, so the hook cannot run' : `the hook did not run (${(bad.error as NodeJS.ErrnoException).code})`}`,
    );
    return;
  }
  let denied = false;
  try {
    const j = JSON.parse(bad.stdout) as Record<string, unknown>;
    const claude = (j.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecision;
    const decision =
      host === 'gemini'
        ? j.decision
        : host === 'copilot'
          ? j.permissionDecision
          : host === 'cursor'
            ? j.permission
            : host === 'cline'
              ? j.overrideInput !== undefined && 'deny'
              : claude;
    denied = bad.status === 0 && decision === 'deny';
  } catch {
    denied = false;
  }
  const ok = run('ls');
  const silent = ok.status === 0 && ok.stdout === '';
  const name = {
    gemini: 'the Gemini CLI',
    copilot: 'the Copilot CLI',
    codex: 'the Codex CLI',
    cursor: 'Cursor',
    opencode: 'OpenCode',
    kilo: 'the Kilo CLI',
    qwen: 'Qwen Code',
    droid: 'droid',
    cline: 'the Cline CLI',
  }[host];
  if (denied && silent) report.lines.push(`self-test: the installed hook denies rm -rf ~ in ${name}'s form and stays silent for ls`);
  else
    report.warnings.push(
      `self-test: the installed hook ${denied ? '' : `did not deny rm -rf ~ in ${name}'s form`}${!denied && !silent ? ' and ' : ''}${silent ? '' : 'was not silent for ls'}`,
    );
}

export interface InstallOptions {
  denyRules?: boolean;
  selfTest?: boolean;
  force?: boolean;
  /** Claude Code's sandbox with read rules for secret files (sandbox.ts); 'sync': only where an earlier install put it. */
  sandbox?: boolean | 'sync';
}

/** Creates each folder in turn (no recursive mkdir: it can spin on odd file systems). */
function mkdirLevels(dirs: string[]): void {
  for (const d of dirs) {
    try {
      mkdirSync(d, { mode: 0o755 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new InstallError(`cannot create ${d}: ${(e as NodeJS.ErrnoException).code}`);
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    /* not empty or not ours */
  }
}

// ---- status ----

function readLoose(file: string): Record<string, unknown> | null {
  const text = readIfExistsQuiet(file);
  if (text === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(text); // strict JSON, the usual case: many times faster on a big file
  } catch {
    v = parseLoose(text) as unknown;
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function readIfExistsQuiet(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function managedSettingsFiles(platform: NodeJS.Platform = process.platform, dir?: string): string[] {
  const base =
    dir ?? (platform === 'darwin' ? '/Library/Application Support/ClaudeCode' : platform === 'win32' ? 'C:\\Program Files\\ClaudeCode' : '/etc/claude-code');
  const files = [join(base, 'managed-settings.json')];
  try {
    for (const f of readdirSync(join(base, 'managed-settings.d')).sort()) if (f.endsWith('.json')) files.push(join(base, 'managed-settings.d', f));
  } catch {
    /* no drop-in folder */
  }
  return files;
}

export function hookPresent(paths: Pick<TargetPaths, 'hookFile'>, bundle: Bundle): boolean {
  return hookState(paths.hookFile, bundle).state !== 'missing';
}

/** The nearest folder above `workspace` (below HOME) where one of `files` runs our hook. */
export function installedAbove(workspace: string, home: string, files: string[]): string | null {
  let dir = dirname(workspace);
  for (let i = 0; i < 64 && dir !== dirname(dir) && dir !== home; i++, dir = dirname(dir)) {
    if (files.some((f) => (readIfExistsQuiet(join(dir, f)) ?? '').includes('agent-guard.cjs'))) return dir;
  }
  return null;
}

// The building blocks the targets (targets/) share.
export {
  backUp,
  backupPath,
  checkDirWritable,
  checkNoLinkOutside,
  checkWritable,
  cleanTemps,
  isDirectory,
  legacyBackupPath,
  lstatOrNull,
  mkdirLevels,
  moveLegacyBackup,
  readIfExists,
  readIfExistsQuiet,
  readLoose,
  readState,
  relativeLabel,
  removeIfEmpty,
  selfTestHost,
  writeAtomic,
};
export type { State as InstallState };

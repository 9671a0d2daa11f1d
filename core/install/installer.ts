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
import { parse as parseLoose, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { findOurHandlers, planInstall, planUninstall, SECRET_DENY_RULES, sha256, type SettingsRecord } from './settings';
import { parseStrict } from './json-edit';
import { CONFIG_FILE, parseConfig } from '../config';
import { shQuote } from './quote';
import { ensureStateDir, removeStaleTemps, STATE_DIR, UnsafePathError } from '../state-dir';
import { pluginInstalls, type PluginInstall } from './plugin';
import { managedStatus, type ManagedStatus } from './managed';
import { describeSandboxRecord, mergeSandboxRecords } from './sandbox';
import { sandboxPlanFor, sandboxStatus } from './sandbox-files';

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
 * .claude/settings.json without setting it), and says so clearly when the hook file is missing
 * instead of failing open with a bare "Cannot find module".
 */
export function hookCommand(path: string): string {
  return hookCommandFor(`"${path}"`);
}

/** The same, for a path given as a shell word already (quoted by shQuote). */
export function hookCommandFor(word: string): string {
  return `f=${word}; if [ -f "$f" ]; then exec node "$f"; else echo "agent-guard: hook file $f not found; run: agent-guard sync" >&2; exit 1; fi`;
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
  };
}

// ---- the hook file and its stamp ----

const STAMP = /^\/\/ agent-guard (\S+) sha256:([0-9a-f]{64})\r?\n/;

export function stampHook(b: Bundle): string {
  return `// agent-guard ${b.version} sha256:${sha256(b.hookSource)}\n${b.hookSource}`;
}

export type HookState = 'missing' | 'current' | 'outdated' | 'modified' | 'foreign';

export function hookState(hookFile: string, b: Bundle): { state: HookState; version: string | null } {
  let text: string;
  try {
    text = readFileSync(hookFile, 'utf8');
  } catch {
    return { state: 'missing', version: null };
  }
  const m = STAMP.exec(text);
  if (!m) return { state: 'foreign', version: null };
  const body = text.slice(m[0].length);
  if (sha256(body) !== m[2]) return { state: 'modified', version: m[1]! };
  return { state: m[2] === sha256(b.hookSource) ? 'current' : 'outdated', version: m[1]! };
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
 * a settings file, hooks folder, hook or state file that is a link leading out of it is refused:
 * writing it would change a file elsewhere (a link to ~/.bashrc, say). Inside the workspace or the
 * real .claude folder is fine (a .claude kept elsewhere and linked in). User scope follows links:
 * dotfile managers link ~/.claude/settings.json.
 */
function checkNoLinkOutside(t: Target, p: TargetPaths): void {
  if (t.scope === 'user') return;
  const roots = [realOrSelf(t.workspace), realOrSelf(p.claudeDir)];
  const checks: [string, string][] = [
    [p.settingsFile, p.label],
    [dirname(p.hookFile), '.claude/hooks'],
    [p.hookFile, '.claude/hooks/agent-guard.cjs'],
    [p.stateFile, `.claude/hooks/${STATE_FILE}`],
  ];
  for (const [path, label] of checks) {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      continue; // missing: it will be created
    }
    if (!st.isSymbolicLink()) continue;
    const real = realOrSelf(path);
    if (roots.some((r) => within(r, real))) continue;
    throw new InstallError(
      `refusing to write ${label}: it is a symbolic link to ${real}, outside the workspace, so installing would change that file instead. ` +
        `If that is intended, replace the link with a copy of the file (or install with --user, which follows links), then run install again`,
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

function writeState(file: string, state: State): void {
  writeAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
}

/** Drops one settings file's record; the state file goes when no record is left. True while others remain. */
function forgetRecord(file: string, state: State | null, key: string): boolean {
  if (!state) return false;
  delete state.settings[key];
  if (Object.keys(state.settings).length === 0) {
    unlinkSync(file);
    return false;
  }
  writeState(file, state);
  return true;
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

function runReport<R extends Report>(report: R, body: () => void): R {
  try {
    body();
    report.ok = true;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    report.error =
      err instanceof InstallError ? err.message : e.code && e.path ? `cannot change ${e.path}: ${describeCode(e)}` : `unexpected error: ${e.message}`;
  }
  return report;
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

/** Runs the installed hook as Claude Code would: `node <file>` from PATH, with a payload on stdin. */
export function selfTest(hookFile: string, workspace: string): SelfTest {
  const run = (command: string) =>
    spawnSync('node', [hookFile], {
      input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: workspace }),
      encoding: 'utf8',
      timeout: 15000,
      // The self-test's denial is not a real blocked call: keep it out of the decision log.
      // Nor does it run the workspace's own guards (.claude/guards/*.js): install never runs repository code.
      env: { ...process.env, CLAUDE_PROJECT_DIR: workspace, AGENT_GUARD_NO_LOG: '1', AGENT_GUARD_NO_WORKSPACE_GUARDS: '1' },
    });
  const bad = run('rm -rf ~');
  if (bad.error) {
    const code = (bad.error as NodeJS.ErrnoException).code;
    return {
      ran: false,
      dangerousDenied: false,
      harmlessSilent: false,
      problem: code === 'ENOENT' ? '`node` is not on PATH, so Claude Code cannot run the hook' : `the hook did not run (${code})`,
    };
  }
  const ok = run('ls');
  let denied = false;
  try {
    denied = JSON.parse(bad.stdout).hookSpecificOutput?.permissionDecision === 'deny';
  } catch {
    denied = false;
  }
  const silent = ok.status === 0 && ok.stdout === '';
  return {
    ran: true,
    dangerousDenied: denied,
    harmlessSilent: silent,
    ...(denied && silent
      ? {}
      : { problem: `the installed hook ${denied ? '' : 'did not deny rm -rf ~'}${!denied && !silent ? ' and ' : ''}${silent ? '' : 'was not silent for ls'}` }),
  };
}

export interface InstallOptions {
  denyRules?: boolean;
  selfTest?: boolean;
  force?: boolean;
  /** Claude Code's sandbox with read rules for secret files (sandbox.ts); 'sync': only where an earlier install put it. */
  sandbox?: boolean | 'sync';
}

export function install(target: Target, bundle: Bundle, opts: InstallOptions = {}): Report & { selfTest?: SelfTest } {
  const report: Report & { selfTest?: SelfTest } = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const p = targetPaths(target);
    if (target.scope !== 'user' && !isDirectory(target.workspace)) throw new InstallError(`the workspace ${target.workspace} is not a folder`);
    // Every check before the first write: links, writable files and folders, a parseable file.
    checkNoLinkOutside(target, p);
    checkWritable(p.settingsFile, p.label);
    checkDirWritable(p.claudeDir, relativeLabel(p, '.claude'));
    checkDirWritable(dirname(p.hookFile), relativeLabel(p, '.claude/hooks'));
    if (existsSync(p.settingsFile)) checkDirWritable(dirname(realpathSync(p.settingsFile)), `the folder of ${p.label}`);
    const stateDir = lstatOrNull(join(p.claudeDir, 'agent-guard'));
    if (stateDir?.isSymbolicLink())
      throw new InstallError(
        `${relativeLabel(p, STATE_DIR)} is a symbolic link; remove it (Agent Guard keeps its backup only in a real folder), then try again`,
      );
    cleanTemps(p);
    const before = readIfExists(p.settingsFile);
    const earlier = opts.sandbox === 'sync' ? readState(p.stateFile)?.settings[relativeKey(p)]?.sandbox : undefined;
    const sandbox = opts.sandbox === true || earlier ? sandboxPlanFor(target.workspace, target.scope, earlier) : undefined;
    const plan = planInstall(before, { command: p.command, timeout: HOOK_TIMEOUT_SECONDS }, opts.denyRules === false ? [] : SECRET_DENY_RULES, sandbox);
    if (!plan.ok) throw new InstallError(`refusing to change ${p.label}: ${plan.error}`);

    mkdirLevels([p.claudeDir, dirname(p.hookFile)]);
    writeHookFile(p, bundle, opts.force ?? false, report);

    if (plan.changed) {
      if (before !== null) backUp(p, before);
      writeAtomic(p.settingsFile, plan.text);
      const state = readState(p.stateFile) ?? { version: bundle.version, settings: {} };
      const key = relativeKey(p);
      const previous = state.settings[key];
      state.settings[key] = previous ? mergeRecords(previous, plan.record, before, plan.text) : plan.record;
      state.version = bundle.version;
      writeState(p.stateFile, state);
      report.lines.push(
        `${before === null ? 'created' : 'updated'} ${p.label}: PreToolUse hook for every tool${plan.record.addedDenyRules.length > 0 ? `, ${plan.record.addedDenyRules.length} deny rules for secret files` : ''}${describeSandboxRecord(plan.record.sandbox) ? `, ${describeSandboxRecord(plan.record.sandbox)}` : ''}${before !== null ? ` (backup: ${relativeLabel(p, STATE_DIR)}/${basename(p.settingsFile)}.bak)` : ''}`,
      );
    } else {
      report.lines.push(`${p.label} already has the Agent Guard entry`);
      moveLegacyBackup(p, report);
    }
    report.lines.push(...plan.notes);

    if (opts.selfTest !== false) {
      report.selfTest = selfTest(p.hookFile, target.workspace);
      if (report.selfTest.problem) report.warnings.push(`self-test: ${report.selfTest.problem}`);
      else report.lines.push('self-test: the installed hook denies rm -rf ~ and stays silent for ls');
    }
    report.warnings.push(...neutralizers(target).map((n) => n.message));
    if (opts.sandbox === true) {
      const sb = sandboxStatus(target.workspace, target.home, target.configDir ? { configDir: target.configDir } : {});
      if (!sb.enabled)
        report.warnings.push(
          `the sandbox stays off: ${sb.enabledBy ?? 'a settings file'} sets sandbox.enabled: false (left as you set it; Agent Guard's read rules apply once it is true)`,
        );
      report.warnings.push(...sb.problems);
      if (target.scope === 'user')
        report.warnings.push(
          "user settings cover the home folder's credential files; .env files are covered per project (agent-guard install --sandbox in it)",
        );
    }
  });
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

function writeHookFile(p: TargetPaths, bundle: Bundle, force: boolean, report: Report): void {
  const state = hookState(p.hookFile, bundle);
  if (state.state === 'current') return;
  if ((state.state === 'modified' || state.state === 'foreign') && !force) {
    report.warnings.push(`${p.hookFile} was changed by hand; left as it is (use --force to replace it)`);
    return;
  }
  writeAtomic(p.hookFile, stampHook(bundle));
  report.lines.push(`${state.state === 'missing' ? 'wrote' : 'updated'} ${p.hookFile} (agent-guard ${bundle.version})`);
}

function mergeRecords(prev: SettingsRecord, next: SettingsRecord, before: string | null, after: string): SettingsRecord {
  const merged: SettingsRecord = {
    createdFile: prev.createdFile,
    createdPaths: [...new Set([...prev.createdPaths, ...next.createdPaths])],
    addedDenyRules: [...new Set([...prev.addedDenyRules, ...next.addedDenyRules])],
  };
  const sandbox = mergeSandboxRecords(prev.sandbox, next.sandbox);
  if (sandbox) merged.sandbox = sandbox;
  // The original bytes stay valid only while nobody else touched the file since.
  if (prev.restore && before !== null && sha256(before) === prev.restore.afterSha256)
    merged.restore = { before: prev.restore.before, afterSha256: sha256(after) };
  return merged;
}

function relativeKey(p: TargetPaths): string {
  return p.settingsFile.slice(p.claudeDir.length + 1);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function uninstall(target: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const p = targetPaths(target);
    const state = readState(p.stateFile);
    const backups = [backupPath(p), legacyBackupPath(p.settingsFile)];
    cleanTemps(p);
    const text = readIfExists(p.settingsFile);
    if (text !== null) {
      checkNoLinkOutside(target, p);
      checkWritable(p.settingsFile, p.label);
      const result = planUninstall(text, state?.settings[relativeKey(p)] ?? null);
      report.warnings.push(...result.notes);
      if (result.text === null) {
        unlinkSync(p.settingsFile);
        report.lines.push(`removed ${p.label} (Agent Guard had created it)`);
      } else if (result.text !== text) {
        backUp(p, text);
        writeAtomic(p.settingsFile, result.text);
        report.lines.push(`removed the Agent Guard entries from ${p.label}`);
      } else report.lines.push(`${p.label} had no Agent Guard entries`);
    }
    const stillUsed = forgetRecord(p.stateFile, state, relativeKey(p));
    if (!stillUsed && removeHookFile(p, bundle, opts.force ?? false, report)) {
      for (const b of backups) if (existsSync(b)) unlinkSync(b);
    }
  });
}

/**
 * The hook file is shared by every settings file of the workspace (project, local, VS Code's
 * hooks file): it goes with the last of them. A hand-edited one stays unless forced. True when removed.
 */
function removeHookFile(p: TargetPaths, bundle: Bundle, force: boolean, report: Report): boolean {
  const hs = hookState(p.hookFile, bundle).state;
  if (hs === 'missing') return false;
  if ((hs === 'modified' || hs === 'foreign') && !force) {
    report.warnings.push(`${p.hookFile} was changed by hand; left in place (use --force to remove it)`);
    return false;
  }
  unlinkSync(p.hookFile);
  report.lines.push(`removed ${p.hookFile}`);
  removeIfEmpty(dirname(p.hookFile));
  return true;
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    /* not empty or not ours */
  }
}

export function sync(target: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const p = targetPaths(target);
  const text = readIfExists(p.settingsFile);
  const parsed = text !== null ? parseStrict(text) : null;
  if (!parsed?.ok || findOurHandlers(parsed.value).length === 0) {
    return { ok: false, lines: [], warnings: [], error: `Agent Guard is not installed in ${p.label}; run agent-guard install first` };
  }
  // Install is idempotent and updates what is outdated; deny rules are left as the user has them now.
  const result = install(target, bundle, { denyRules: false, selfTest: false, force: opts.force ?? false, sandbox: 'sync' });
  if (result.ok && result.lines.every((l) => l.includes('already has')))
    result.lines = [`${p.label} and ${p.hookFile} are in sync with agent-guard ${bundle.version}`];
  return result;
}

// ---- status ----

export interface Neutralizer {
  source: string;
  message: string;
}

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

/** Settings that stop the guard from running, with where they come from. */
export function neutralizers(target: Target, managedFiles = managedSettingsFiles()): Neutralizer[] {
  const out: Neutralizer[] = [];
  const user = readLoose(targetPaths({ ...target, scope: 'user' }).settingsFile);
  const project = readLoose(join(target.workspace, '.claude', 'settings.json'));
  const local = readLoose(join(target.workspace, '.claude', 'settings.local.json'));
  const managedHasUs = managedFiles.some((f) => findOurHandlers(readLoose(f)).length > 0);
  for (const file of managedFiles) {
    const m = readLoose(file);
    if (m?.disableAllHooks === true) out.push({ source: file, message: `managed settings (${file}) set disableAllHooks: no hook runs, Agent Guard included` });
    if (m?.allowManagedHooksOnly === true && managedHasUs) continue; // the managed copy runs
    if (m?.allowManagedHooksOnly === true && target.scope !== 'user')
      out.push({
        source: file,
        message: `managed settings (${file}) set allowManagedHooksOnly: project and user hooks, Agent Guard included, do not run; ask your administrator to add it to managed settings`,
      });
    else if (m?.allowManagedHooksOnly === true)
      out.push({ source: file, message: `managed settings (${file}) set allowManagedHooksOnly: user hooks do not run` });
  }
  // disableAllHooks: local beats project beats user.
  const layers: [string, Record<string, unknown> | null][] = [
    ['.claude/settings.local.json', local],
    ['.claude/settings.json', project],
    ['~/.claude/settings.json', user],
  ];
  const decisive = layers.find(([, s]) => typeof s?.disableAllHooks === 'boolean');
  if (decisive && decisive[1]!.disableAllHooks === true)
    out.push({ source: decisive[0], message: `${decisive[0]} sets disableAllHooks: true, so Agent Guard does not run` });
  if (process.env.CLAUDE_CODE_SIMPLE) out.push({ source: 'environment', message: 'CLAUDE_CODE_SIMPLE is set: Claude Code loads no hooks in this mode' });
  return out;
}

export interface ScopeStatus {
  /** A Claude Code settings scope, or VS Code's agent (.github/hooks/agent-guard.json). */
  scope: Scope | 'vscode';
  settingsFile: string;
  label: string;
  installed: boolean;
  entryCurrent: boolean;
  hook: HookState;
  hookVersion: string | null;
  problems: string[];
  /** The backup of the settings file, where there is one (.claude/agent-guard/, or beside the file where older versions kept it). */
  backup: string | null;
}

export interface StatusReport {
  workspace: string;
  bundledVersion: string;
  scopes: ScopeStatus[];
  neutralizers: string[];
  config: { file: string; exists: boolean; problems: string[]; exceptions?: { guard: string; command: string; added?: string }[] };
  /** Agent Guard in managed settings (install --managed --write): runs whatever other settings say. */
  managed: ManagedStatus | null;
  /** Agent Guard as a Claude Code plugin (claude plugin install), enabled or not. */
  plugins: PluginInstall[];
  /** Installed somewhere, hook present, nothing neutralising it. */
  active: boolean;
  /** Every installed copy matches the bundled hook. */
  current: boolean;
}

export function status(workspace: string, home: string, bundle: Bundle, configDir?: string, managedFiles = managedSettingsFiles()): StatusReport {
  const scopes: ScopeStatus[] = [];
  for (const scope of ['project', 'local', 'user'] as Scope[]) {
    const target: Target = { workspace, scope, home, ...(configDir ? { configDir } : {}) };
    const p = targetPaths(target);
    const text = readIfExistsQuiet(p.settingsFile);
    const problems: string[] = [];
    let installed = false;
    let entryCurrent = false;
    if (text !== null) {
      const parsed = parseStrict(text);
      if (!parsed.ok) problems.push(`${p.label} is not valid JSON (${parsed.message}); Claude Code ignores the whole file`);
      else {
        const ours = findOurHandlers(parsed.value);
        installed = ours.length > 0;
        entryCurrent = ours.some((o) => o.command === p.command && o.timeout === HOOK_TIMEOUT_SECONDS);
        if (installed && !entryCurrent) problems.push(`the hook entry in ${p.label} differs from what this version installs (run agent-guard sync)`);
        if (ours.length > 1) problems.push(`${p.label} has the Agent Guard entry ${ours.length} times`);
      }
    }
    const hs = installed ? hookState(p.hookFile, bundle) : { state: 'missing' as HookState, version: null };
    if (installed && hs.state === 'missing') problems.push(`${p.label} runs ${p.hookFile}, which does not exist: the guard is silently off`);
    const backup = [backupPath(p), legacyBackupPath(p.settingsFile)].find((b) => existsSync(b)) ?? null;
    if (installed || problems.length > 0)
      scopes.push({ scope, settingsFile: p.settingsFile, label: p.label, installed, entryCurrent, hook: hs.state, hookVersion: hs.version, problems, backup });
  }
  const vscode = vscodeScopeStatus(workspace, bundle);
  if (vscode) scopes.push(vscode);
  const neutral = neutralizers({ workspace, scope: 'project', home, ...(configDir ? { configDir } : {}) }, managedFiles).map((n) => n.message);
  const configFile = join(workspace, CONFIG_FILE);
  const configText = readIfExistsQuiet(configFile);
  let configProblems: string[] = [];
  let exceptions: { guard: string; command: string; added?: string }[] = [];
  if (configText !== null) {
    // As the hook reads it: comments and trailing commas allowed.
    const errors: ParseError[] = [];
    const raw = parseLoose(configText, errors, { allowTrailingComma: true }) as unknown;
    if (errors.length > 0) configProblems = [`not valid JSON (${printParseErrorCode(errors[0]!.error)}); the hook uses the defaults`];
    else {
      const parsedConfig = parseConfig(raw);
      configProblems = parsedConfig.problems;
      exceptions = parsedConfig.config.exceptions;
    }
  }
  const installedScopes = scopes.filter((s) => s.installed);
  const plugins = pluginInstalls(workspace, configDir || join(home, '.claude'));
  // The plugin runs its own copy of the hook, updated with the plugin: it counts as current.
  const pluginRuns = plugins.some((p) => p.enabled && p.hookPresent);
  // A managed hook runs whatever user, project and local settings say; only managed disableAllHooks stops it.
  const managed = managedStatus(managedFiles, bundle);
  const managedOff = managedFiles.some((f) => readLoose(f)?.disableAllHooks === true);
  const managedRuns = managed !== null && managed.hook !== 'missing' && !managedOff;
  // Guarded: every host it is installed for runs it (Claude Code's settings, with the plugin, are one host).
  const claude = installedScopes.filter((s) => s.scope !== 'vscode');
  const claudeInstalled = claude.length > 0 || pluginRuns;
  const claudeRuns = (claude.some((s) => s.hook !== 'missing') || pluginRuns) && neutral.length === 0;
  const vscodeRuns =
    !!vscode && vscode.hook !== 'missing' && vscodeNeutralizers(workspace).length === 0 && !vscode.problems.some((p) => p.includes('not valid JSON'));
  const active = managedRuns || ((claudeInstalled || !!vscode) && (!claudeInstalled || claudeRuns) && (!vscode || vscodeRuns));
  const current =
    (installedScopes.length > 0 || pluginRuns || managed !== null) &&
    installedScopes.every((s) => s.hook === 'current' && s.entryCurrent) &&
    (managed === null || managed.hook === 'current');
  return {
    workspace,
    bundledVersion: bundle.version,
    scopes,
    neutralizers: neutral,
    config: { file: configFile, exists: configText !== null, problems: configProblems, ...(exceptions.length > 0 ? { exceptions } : {}) },
    managed,
    plugins,
    active,
    current,
  };
}

// ---- VS Code's agent: .github/hooks/agent-guard.json ----

export const VSCODE_HOOKS_FILE = '.github/hooks/agent-guard.json';
/** Its record in the install state, keyed like the settings files: relative to .claude/. */
const VSCODE_STATE_KEY = `../${VSCODE_HOOKS_FILE}`;

/**
 * VS Code's agent (and the Copilot CLI) read every .github/hooks/*.json. VS Code runs the command
 * with the workspace root as cwd and without CLAUDE_PROJECT_DIR; on Windows through PowerShell.
 * It ignores matchers, so the hook sees every tool call (it only acts on the ones it knows).
 */
export function vscodeHooksFile(): string {
  const hook = '.claude/hooks/agent-guard.cjs';
  return `${JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          {
            type: 'command',
            command: `if [ -f ${hook} ]; then exec node ${hook}; else echo "agent-guard: ${hook} not found in $(pwd); run: agent-guard sync --host vscode" >&2; exit 1; fi`,
            windows: `if (Test-Path ${hook}) { node ${hook}; exit $LASTEXITCODE } else { [Console]::Error.WriteLine('agent-guard: ${hook} not found; run: agent-guard sync --host vscode'); exit 1 }`,
            timeout: HOOK_TIMEOUT_SECONDS,
          },
        ],
      },
    },
    null,
    2,
  )}\n`;
}

function isOurVsCodeFile(text: string): boolean {
  return text.includes('agent-guard.cjs');
}

/** An install for VS Code's agent, as one more target of status, sync, uninstall and auto-sync. */
function vscodeScopeStatus(workspace: string, bundle: Bundle): ScopeStatus | null {
  const file = join(workspace, VSCODE_HOOKS_FILE);
  const text = readIfExistsQuiet(file);
  if (text === null || !isOurVsCodeFile(text)) return null;
  const problems: string[] = [];
  const parsed = parseStrict(text);
  if (!parsed.ok) problems.push(`${VSCODE_HOOKS_FILE} is not valid JSON (${parsed.message}); VS Code ignores it`);
  const hs = hookState(targetPaths({ workspace, scope: 'project', home: '' }).hookFile, bundle);
  if (hs.state === 'missing') problems.push(`${VSCODE_HOOKS_FILE} runs .claude/hooks/agent-guard.cjs, which does not exist: the guard is silently off`);
  problems.push(...vscodeNeutralizers(workspace));
  const entryCurrent = text === vscodeHooksFile();
  const notes = entryCurrent ? [] : [`${VSCODE_HOOKS_FILE} differs from what this version installs (run agent-guard sync)`];
  return {
    scope: 'vscode',
    settingsFile: file,
    label: VSCODE_HOOKS_FILE,
    installed: true,
    entryCurrent,
    hook: hs.state,
    hookVersion: hs.version,
    problems: [...problems, ...notes],
    backup: null,
  };
}

export function installVsCode(workspace: string, bundle: Bundle, opts: InstallOptions = {}): Report & { selfTest?: SelfTest } {
  const report: Report & { selfTest?: SelfTest } = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    if (!isDirectory(workspace)) throw new InstallError(`the workspace ${workspace} is not a folder`);
    const p = targetPaths({ workspace, scope: 'project', home: '' });
    // Every check before the first write.
    checkNoLinkOutside({ workspace, scope: 'project', home: '' }, p);
    const file = join(workspace, VSCODE_HOOKS_FILE);
    const existing = readIfExists(file);
    const wanted = vscodeHooksFile();
    if (existing !== null && !isOurVsCodeFile(existing))
      throw new InstallError(`${VSCODE_HOOKS_FILE} exists and is not Agent Guard's; refusing to overwrite it`);
    checkDirWritable(p.claudeDir, '.claude');
    checkDirWritable(dirname(p.hookFile), '.claude/hooks');
    if (existing !== wanted) checkDirWritable(dirname(file), '.github/hooks');
    cleanTemps(p);
    mkdirLevels([p.claudeDir, dirname(p.hookFile)]);
    writeHookFile(p, bundle, opts.force ?? false, report);
    if (existing !== wanted) {
      mkdirLevels([join(workspace, '.github'), join(workspace, '.github/hooks')]);
      writeAtomic(file, wanted);
      report.lines.push(`${existing === null ? 'wrote' : 'updated'} ${VSCODE_HOOKS_FILE}: VS Code's agent runs the hook before every tool call`);
      const state = readState(p.stateFile) ?? { version: bundle.version, settings: {} };
      state.settings[VSCODE_STATE_KEY] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
      writeState(p.stateFile, state);
    } else report.lines.push(`${VSCODE_HOOKS_FILE} is already in place`);
    if (opts.selfTest !== false) {
      report.selfTest = selfTest(p.hookFile, workspace);
      if (report.selfTest.problem) report.warnings.push(`self-test: ${report.selfTest.problem}`);
    }
    report.warnings.push(...vscodeNeutralizers(workspace));
  });
}

export function uninstallVsCode(workspace: string, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const p = targetPaths({ workspace, scope: 'project', home: '' });
    const file = join(workspace, VSCODE_HOOKS_FILE);
    const text = readIfExists(file);
    if (text !== null) {
      if (!isOurVsCodeFile(text) && !opts.force) throw new InstallError(`${VSCODE_HOOKS_FILE} is not Agent Guard's; left in place`);
      unlinkSync(file);
      removeIfEmpty(join(workspace, '.github/hooks'));
      removeIfEmpty(join(workspace, '.github'));
      report.lines.push(`removed ${VSCODE_HOOKS_FILE}`);
    }
    if (!forgetRecord(p.stateFile, readState(p.stateFile), VSCODE_STATE_KEY)) removeHookFile(p, bundle, opts.force ?? false, report);
  });
}

/** VS Code settings (workspace .vscode/settings.json) that keep its agent from running hooks. */
export function vscodeNeutralizers(workspace: string): string[] {
  const out: string[] = [];
  const s = readLoose(join(workspace, '.vscode', 'settings.json'));
  if (s?.['chat.useHooks'] === false) out.push(".vscode/settings.json sets chat.useHooks: false, so VS Code's agent runs no hooks");
  return out;
}

export interface HostStatus {
  host: 'claude' | 'vscode';
  /** Would the guard run for this host's agent? */
  runs: boolean;
  detail: string;
}

/** One line per host, as the CLI and the extension print it. */
export function describeHost(h: HostStatus): string {
  return `${h.host === 'claude' ? 'Claude Code' : 'VS Code agent'}: ${h.runs ? 'guarded' : 'NOT guarded'} (${h.detail})`;
}

/** Per host: whether its agent would run the guard, and why not. */
export function hostStatus(workspace: string, s: StatusReport, bundle: Bundle): HostStatus[] {
  const claudeInstalled = s.scopes.some((x) => x.scope !== 'vscode' && x.installed && x.hook !== 'missing');
  const vsText = readIfExistsQuiet(join(workspace, VSCODE_HOOKS_FILE));
  let vsOk = false;
  let vsDetail = `not installed (agent-guard install --host vscode writes ${VSCODE_HOOKS_FILE})`;
  if (vsText !== null) {
    const parsed = parseStrict(vsText);
    const hook = hookState(targetPaths({ workspace, scope: 'project', home: '' }).hookFile, bundle).state;
    if (!parsed.ok) vsDetail = `${VSCODE_HOOKS_FILE} is not valid JSON (${parsed.message})`;
    else if (hook === 'missing') vsDetail = `${VSCODE_HOOKS_FILE} runs .claude/hooks/agent-guard.cjs, which is missing`;
    else {
      vsOk = true;
      vsDetail = `${VSCODE_HOOKS_FILE} (hook ${hook}); needs a trusted workspace and chat.useHooks (on by default)`;
    }
  }
  const vsOff = vscodeNeutralizers(workspace);
  if (vsOff.length > 0) {
    vsOk = false;
    vsDetail = vsOff.join('; ');
  }
  const useClaudeHooks = readLoose(join(workspace, '.vscode', 'settings.json'))?.['chat.useClaudeHooks'] === true;
  if (!vsOk && claudeInstalled && useClaudeHooks && vsOff.length === 0) {
    vsOk = true;
    vsDetail = 'runs the .claude/settings.json hook (chat.useClaudeHooks is on)';
  } else if (!vsOk && claudeInstalled && vsText === null) {
    vsDetail = `VS Code's agent ignores the .claude hook unless chat.useClaudeHooks is on (off by default); agent-guard install --host vscode covers it`;
  }
  const claudeRuns = claudeInstalled && s.neutralizers.length === 0;
  return [
    {
      host: 'claude',
      runs: claudeRuns,
      detail: claudeRuns
        ? 'Claude Code runs the hook on every tool call'
        : claudeInstalled
          ? 'Claude Code does not run the hook (see the problems above)'
          : 'not installed (agent-guard install)',
    },
    { host: 'vscode', runs: vsOk, detail: vsDetail },
  ];
}

// The building blocks the other hosts' targets (hosts.ts) share with the ones above.
export {
  backUp,
  backupPath,
  checkNoLinkOutside,
  checkWritable,
  cleanTemps,
  forgetRecord,
  isDirectory,
  mkdirLevels,
  readIfExists,
  readIfExistsQuiet,
  readState,
  removeHookFile,
  runReport,
  writeAtomic,
  writeHookFile,
  writeState,
};
export type { State as InstallState };

// Claude Code: the PreToolUse hook entry in .claude/settings.json (project),
// .claude/settings.local.json (local) or ~/.claude/settings.json (user), edited surgically
// (settings.ts), with the deny rules for secret files; and the settings that switch it off.

import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { planInstall, planUninstall, findOurHandlers, SECRET_DENY_RULES, sha256, type SettingsRecord } from '../settings';
import { parseStrict } from '../json-edit';
import { STATE_DIR } from '../../state-dir';
import {
  backupPath,
  checkDirWritable,
  checkNoLinkOutside,
  checkWritable,
  hookState,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  legacyBackupPath,
  lstatOrNull,
  managedSettingsFiles,
  readIfExists,
  readIfExistsQuiet,
  readLoose,
  readState,
  relativeLabel,
  selfTest,
  targetPaths,
  type Bundle,
  type HookState,
  type InstallOptions,
  type Report,
  type SelfTest,
  type Target,
  type TargetPaths,
} from '../installer';
import {
  hookChanges,
  releaseChanges,
  stateWrite,
  type FileChange,
  type HostStatus,
  type InstallTarget,
  type Place,
  type ScopeStatus,
  type StatusView,
} from '../target';
import { runTarget } from '../apply';
import { describeSandboxRecord, mergeSandboxRecords } from '../sandbox';
import { sandboxPlanFor, sandboxStatus } from '../sandbox-files';
import { claudeHookEnv, claudeSessionCheck, probeOf, SESSION_CHECK_TIMEOUT_SECONDS, type LivenessProbe } from '../liveness';
import { CLAUDE_CANARY } from '../../liveness';

const SCOPES = ['project', 'local', 'user'] as const;

/** What install puts into a Claude Code settings file: the PreToolUse hook and the session-start check that runs it (liveness.ts). */
export function claudeEntries(p: Pick<TargetPaths, 'command'>) {
  return {
    command: p.command,
    timeout: HOOK_TIMEOUT_SECONDS,
    sessionStart: { command: claudeSessionCheck(p.command), timeout: SESSION_CHECK_TIMEOUT_SECONDS },
  };
}

function planClaudeInstall(target: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
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
    throw new InstallError(`${relativeLabel(p, STATE_DIR)} is a symbolic link; remove it (Agent Guard keeps its backup only in a real folder), then try again`);
  const before = readIfExists(p.settingsFile);
  const earlier = opts.sandbox === 'sync' ? readState(p.stateFile)?.settings[relativeKey(p)]?.sandbox : undefined;
  const sandbox = opts.sandbox === true || earlier ? sandboxPlanFor(target.workspace, target.scope, earlier) : undefined;
  const plan = planInstall(before, claudeEntries(p), opts.denyRules === false ? [] : SECRET_DENY_RULES, sandbox);
  if (!plan.ok) throw new InstallError(`refusing to change ${p.label}: ${plan.error}`);

  const changes: FileChange[] = [
    { kind: 'clean', paths: p },
    { kind: 'mkdir', dirs: [p.claudeDir, dirname(p.hookFile)] },
    ...hookChanges(p, bundle, opts.force ?? false),
  ];
  if (plan.changed) {
    if (before !== null) changes.push({ kind: 'backup', of: p, text: before });
    changes.push({ kind: 'write', file: p.settingsFile, text: plan.text });
    const state = readState(p.stateFile) ?? { version: bundle.version, settings: {} };
    const key = relativeKey(p);
    const previous = state.settings[key];
    state.settings[key] = previous ? mergeRecords(previous, plan.record, before, plan.text) : plan.record;
    state.version = bundle.version;
    changes.push(stateWrite(p.stateFile, state), {
      kind: 'note',
      line: `${before === null ? 'created' : 'updated'} ${p.label}: PreToolUse hook for every tool${plan.record.addedDenyRules.length > 0 ? `, ${plan.record.addedDenyRules.length} deny rules for secret files` : ''}${describeSandboxRecord(plan.record.sandbox) ? `, ${describeSandboxRecord(plan.record.sandbox)}` : ''}${before !== null ? ` (backup: ${relativeLabel(p, STATE_DIR)}/${basename(p.settingsFile)}.bak)` : ''}`,
    });
  } else changes.push({ kind: 'note', line: `${p.label} already has the Agent Guard entry` }, { kind: 'move-legacy-backup', of: p });
  for (const line of plan.notes) changes.push({ kind: 'note', line });
  return changes;
}

function planClaudeSync(target: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  const p = targetPaths(target);
  const text = readIfExists(p.settingsFile);
  const parsed = text !== null ? parseStrict(text) : null;
  if (!parsed?.ok || findOurHandlers(parsed.value).length === 0)
    throw new InstallError(`Agent Guard is not installed in ${p.label}; run agent-guard install first`);
  // Install is idempotent and updates what is outdated; deny rules are left as the user has them now.
  return planClaudeInstall(target, bundle, { denyRules: false, force: opts.force ?? false, sandbox: 'sync' });
}

/** A sync that changed nothing says so in one line. */
export function sayInSync(report: Report, line: string): void {
  if (report.lines.every((l) => l.includes('already has'))) report.lines = [line];
}

function planClaudeUninstall(target: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  const p = targetPaths(target);
  const state = readState(p.stateFile);
  const changes: FileChange[] = [{ kind: 'clean', paths: p }];
  const text = readIfExists(p.settingsFile);
  if (text !== null) {
    checkNoLinkOutside(target, p);
    checkWritable(p.settingsFile, p.label);
    const result = planUninstall(text, state?.settings[relativeKey(p)] ?? null);
    for (const warning of result.notes) changes.push({ kind: 'note', warning });
    if (result.text === null) changes.push({ kind: 'remove', file: p.settingsFile, line: `removed ${p.label} (Agent Guard had created it)` });
    else if (result.text !== text)
      changes.push(
        { kind: 'backup', of: p, text },
        { kind: 'write', file: p.settingsFile, text: result.text, line: `removed the Agent Guard entries from ${p.label}` },
      );
    else changes.push({ kind: 'note', line: `${p.label} had no Agent Guard entries` });
  }
  // The backups go with the hook: only when no other install uses it.
  changes.push(...releaseChanges(p, state, relativeKey(p), bundle, opts.force ?? false, [backupPath(p), legacyBackupPath(p.settingsFile)]));
  return changes;
}

/** The installs in Claude Code's settings scopes, as status shows them. */
function claudeInstalls(place: Place, bundle: Bundle): ScopeStatus[] {
  const scopes: ScopeStatus[] = [];
  for (const scope of SCOPES) {
    const p = targetPaths({ ...place, scope });
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
        const want = claudeEntries(p);
        entryCurrent =
          ours.some((o) => o.command === want.command && o.timeout === want.timeout) &&
          findOurHandlers(parsed.value, 'SessionStart').some((o) => o.command === want.sessionStart.command && o.timeout === want.sessionStart.timeout);
        if (installed && !entryCurrent)
          problems.push(`the hook entries in ${p.label} differ from what this version installs, which adds a session-start check; run agent-guard sync`);
        if (ours.length > 1) problems.push(`${p.label} has the Agent Guard entry ${ours.length} times`);
      }
    }
    const hs = installed ? hookState(p.hookFile, bundle) : { state: 'missing' as HookState, version: null };
    if (installed && hs.state === 'missing') problems.push(`${p.label} runs ${p.hookFile}, which does not exist: the guard is silently off`);
    const backup = [backupPath(p), legacyBackupPath(p.settingsFile)].find((b) => existsSync(b)) ?? null;
    if (installed || problems.length > 0)
      scopes.push({
        host: 'claude',
        scope,
        settingsFile: p.settingsFile,
        label: p.label,
        installed,
        entryCurrent,
        hook: hs.state,
        hookVersion: hs.version,
        problems,
        backup,
      });
  }
  return scopes;
}

/** Each Claude Code settings scope that holds the hook entry: its command, run as Claude Code runs it here. */
function claudeProbes(place: Place, bundle: Bundle): LivenessProbe[] {
  const out: LivenessProbe[] = [];
  const userSettings = targetPaths({ ...place, scope: 'user' }).settingsFile;
  const env = claudeHookEnv(place.workspace, userSettings, managedSettingsFiles());
  for (const scope of SCOPES) {
    const p = targetPaths({ ...place, scope });
    const parsed = parseStrict(readIfExistsQuiet(p.settingsFile) ?? '');
    const ours = parsed.ok ? findOurHandlers(parsed.value)[0] : undefined;
    if (!ours) continue;
    out.push(
      probeOf(
        p.label,
        {
          command: ours.command,
          expected: p.command,
          hookState: hookState(p.hookFile, bundle).state,
          hookFile: p.hookFile,
          fix: `agent-guard sync${scope === 'project' ? '' : ` --${scope}`}`,
        },
        CLAUDE_CANARY,
        place.workspace,
        env,
      ),
    );
  }
  return out;
}

/** Whether Claude Code runs the guard: an install with its hook file, and nothing switching hooks off. */
export function claudeHost(s: StatusView): HostStatus {
  const claudeInstalled = s.scopes.some((x) => x.host === 'claude' && x.installed && x.hook !== 'missing');
  const claudeRuns = claudeInstalled && s.neutralizers.length === 0;
  return {
    host: 'claude',
    runs: claudeRuns,
    detail: claudeRuns
      ? 'Claude Code runs the hook on every tool call'
      : claudeInstalled
        ? 'Claude Code does not run the hook (see the problems above)'
        : 'not installed; agent-guard install adds it',
  };
}

const claude: InstallTarget = {
  id: 'claude',
  name: 'Claude Code',
  order: 0,
  scopes: SCOPES,
  inAll: true,
  describe: (place) =>
    `the PreToolUse hook in ${targetPaths(place).label}${place.scope === 'local' ? ' (only on this machine)' : ''}, and deny rules for secret files`,
  files: (place) => [targetPaths(place).settingsFile],
  installed(place) {
    const parsed = parseStrict(readIfExistsQuiet(targetPaths(place).settingsFile) ?? '');
    return parsed.ok && findOurHandlers(parsed.value).length > 0;
  },
  planInstall: planClaudeInstall,
  planSync: planClaudeSync,
  planUninstall: planClaudeUninstall,
  verify(op, place, bundle, opts, report) {
    const p = targetPaths(place);
    if (op === 'sync') sayInSync(report, `${p.label} and ${p.hookFile} are in sync with agent-guard ${bundle.version}`);
    if (op !== 'install') return;
    if (opts.selfTest !== false) {
      report.selfTest = selfTest(p.hookFile, place.workspace, p.command, bundle);
      if (report.selfTest.problem) report.warnings.push(`self-test: ${report.selfTest.problem}`);
      else report.lines.push('self-test: the installed hook denies rm -rf ~ and stays silent for ls');
    }
    report.warnings.push(...neutralizers(place).map((n) => n.message));
    if (opts.sandbox === true) {
      const sb = sandboxStatus(place.workspace, place.home, place.configDir ? { configDir: place.configDir } : {});
      if (!sb.enabled)
        report.warnings.push(
          `the sandbox stays off: ${sb.enabledBy ?? 'a settings file'} sets sandbox.enabled: false (left as you set it; Agent Guard's read rules apply once it is true)`,
        );
      report.warnings.push(...sb.problems);
      if (place.scope === 'user')
        report.warnings.push(
          "user settings cover the home folder's credential files; .env files are covered per project (agent-guard install --sandbox in it)",
        );
    }
  },
  installs: claudeInstalls,
  host: (_place, _bundle, found) => claudeHost(found),
  probes: claudeProbes,
};
export default claude;

export function install(target: Target, bundle: Bundle, opts: InstallOptions = {}): Report & { selfTest?: SelfTest } {
  return runTarget(claude, 'install', target, bundle, opts);
}

export function uninstall(target: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(claude, 'uninstall', target, bundle, opts);
}

export function sync(target: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(claude, 'sync', target, bundle, opts);
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

export interface Neutralizer {
  source: string;
  message: string;
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

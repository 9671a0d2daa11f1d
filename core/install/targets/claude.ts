// Claude Code: the PreToolUse hook entry in .claude/settings.json (project),
// .claude/settings.local.json (local) or ~/.claude/settings.json (user), edited surgically
// (settings.ts), with the deny rules for secret files; and the settings that switch it off.

import { existsSync, realpathSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { planInstall, planUninstall, findOurHandlers, SECRET_DENY_RULES, sha256, type SettingsRecord } from '../settings';
import { parseStrict } from '../json-edit';
import { STATE_DIR } from '../../state-dir';
import {
  backUp,
  backupPath,
  checkDirWritable,
  checkNoLinkOutside,
  checkWritable,
  cleanTemps,
  forgetRecord,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  legacyBackupPath,
  lstatOrNull,
  managedSettingsFiles,
  mkdirLevels,
  moveLegacyBackup,
  readIfExists,
  readLoose,
  readState,
  relativeLabel,
  removeHookFile,
  runReport,
  selfTest,
  targetPaths,
  writeAtomic,
  writeHookFile,
  writeState,
  type Bundle,
  type InstallOptions,
  type Report,
  type SelfTest,
  type Target,
  type TargetPaths,
} from '../installer';

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
    const plan = planInstall(before, { command: p.command, timeout: HOOK_TIMEOUT_SECONDS }, opts.denyRules === false ? [] : SECRET_DENY_RULES);
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
        `${before === null ? 'created' : 'updated'} ${p.label}: PreToolUse hook for every tool${plan.record.addedDenyRules.length > 0 ? `, ${plan.record.addedDenyRules.length} deny rules for secret files` : ''}${before !== null ? ` (backup: ${relativeLabel(p, STATE_DIR)}/${basename(p.settingsFile)}.bak)` : ''}`,
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
  });
}

function mergeRecords(prev: SettingsRecord, next: SettingsRecord, before: string | null, after: string): SettingsRecord {
  const merged: SettingsRecord = {
    createdFile: prev.createdFile,
    createdPaths: [...new Set([...prev.createdPaths, ...next.createdPaths])],
    addedDenyRules: [...new Set([...prev.addedDenyRules, ...next.addedDenyRules])],
  };
  // The original bytes stay valid only while nobody else touched the file since.
  if (prev.restore && before !== null && sha256(before) === prev.restore.afterSha256)
    merged.restore = { before: prev.restore.before, afterSha256: sha256(after) };
  return merged;
}

function relativeKey(p: TargetPaths): string {
  return p.settingsFile.slice(p.claudeDir.length + 1);
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

export function sync(target: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const p = targetPaths(target);
  const text = readIfExists(p.settingsFile);
  const parsed = text !== null ? parseStrict(text) : null;
  if (!parsed?.ok || findOurHandlers(parsed.value).length === 0) {
    return { ok: false, lines: [], warnings: [], error: `Agent Guard is not installed in ${p.label}; run agent-guard install first` };
  }
  // Install is idempotent and updates what is outdated; deny rules are left as the user has them now.
  const result = install(target, bundle, { denyRules: false, selfTest: false, force: opts.force ?? false });
  if (result.ok && result.lines.every((l) => l.includes('already has')))
    result.lines = [`${p.label} and ${p.hookFile} are in sync with agent-guard ${bundle.version}`];
  return result;
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

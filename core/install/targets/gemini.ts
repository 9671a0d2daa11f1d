// Gemini CLI: hooks.BeforeTool in .gemini/settings.json (project) or ~/.gemini/settings.json
// (--user), edited surgically like Claude Code's settings (host-settings.ts). The hook file is the
// workspace's .claude/hooks/agent-guard.cjs (user scope: ~/.claude/hooks/), shared with the other
// targets through the install state: it goes with the last of them. What the CLI does with the
// hook's answer is checked with the real CLI in test/real-hosts.

import { existsSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { planHostInstall, planHostUninstall, findHostHandlers, parseHostSettings, type EventHookSpec } from '../host-settings';
import {
  backUp,
  backupPath,
  checkNoLinkOutside,
  checkWritable,
  cleanTemps,
  forgetRecord,
  hookCommand,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  mkdirLevels,
  readIfExists,
  readIfExistsQuiet,
  readState,
  removeHookFile,
  runReport,
  selfTestHost,
  targetPaths,
  writeAtomic,
  writeHookFile,
  writeState,
  type Bundle,
  type CliHost,
  type InstallOptions,
  type Report,
  type Target,
  type TargetPaths,
} from '../installer';

interface HostTarget {
  /** Where the hook file and the install state live. */
  paths: TargetPaths;
  file: string;
  label: string;
  /** The file's record in the install state. */
  key: string;
  /** The command line the host runs. */
  command: string;
}

function requireScope(host: CliHost, t: Target): void {
  if (t.scope === 'local')
    throw new InstallError(
      `${host === 'gemini' ? 'Gemini CLI' : 'the Copilot CLI'} has no personal per-project settings file; install for the project (the default) or with --user`,
    );
}

/** Gemini's timeout is in milliseconds. */
const GEMINI_TIMEOUT_MS = HOOK_TIMEOUT_SECONDS * 1000;

export function geminiTarget(t: Target): HostTarget {
  requireScope('gemini', t);
  if (t.scope === 'user') {
    const paths = targetPaths(t);
    return {
      paths,
      file: join(t.home, '.gemini', 'settings.json'),
      label: '~/.gemini/settings.json',
      key: 'gemini:~/.gemini/settings.json',
      command: hookCommand(paths.hookFile.replace(/\\/g, '/')),
    };
  }
  const paths = targetPaths({ ...t, scope: 'project' });
  // Gemini sets GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR) for hooks and runs them from the project root.
  return {
    paths,
    file: join(t.workspace, '.gemini', 'settings.json'),
    label: '.gemini/settings.json',
    key: '../.gemini/settings.json',
    command: hookCommand('${GEMINI_PROJECT_DIR:-.}/.claude/hooks/agent-guard.cjs'),
  };
}

/** The target as the shared helpers see it: the Gemini file in place of Claude Code's settings. */
function asSettings(h: HostTarget): TargetPaths {
  return { ...h.paths, settingsFile: h.file, label: h.label };
}

/** For the one backup, in .claude/agent-guard/ beside Claude Code's, under a name of its own. */
function backupView(h: HostTarget): TargetPaths {
  return { ...h.paths, settingsFile: join(h.paths.claudeDir, 'gemini-settings.json'), label: h.label };
}

export function geminiSpec(command: string): EventHookSpec {
  return {
    eventPath: ['hooks', 'BeforeTool'],
    group: { matcher: '.*', hooks: [{ name: 'agent-guard', type: 'command', command, timeout: GEMINI_TIMEOUT_MS }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'Gemini CLI',
  };
}

export function installGemini(t: Target, bundle: Bundle, opts: InstallOptions = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const h = geminiTarget(t);
    if (t.scope !== 'user' && !isDirectory(t.workspace)) throw new InstallError(`the workspace ${t.workspace} is not a folder`);
    cleanTemps(asSettings(h));
    checkNoLinkOutside(t, asSettings(h));
    checkWritable(h.file, h.label);
    const before = readIfExists(h.file);
    const plan = planHostInstall(before, geminiSpec(h.command));
    if (!plan.ok) throw new InstallError(`refusing to change ${h.label}: ${plan.error}`);
    mkdirLevels([h.paths.claudeDir, dirname(h.paths.hookFile)]);
    writeHookFile(h.paths, bundle, opts.force ?? false, report);
    if (plan.changed) {
      mkdirLevels([dirname(h.file)]);
      if (before !== null) backUp(backupView(h), before);
      writeAtomic(h.file, plan.text);
      const state = readState(h.paths.stateFile) ?? { version: bundle.version, settings: {} };
      const prev = state.settings[h.key];
      state.settings[h.key] = prev ? { ...prev, createdPaths: [...new Set([...prev.createdPaths, ...plan.record.createdPaths])] } : plan.record;
      state.version = bundle.version;
      writeState(h.paths.stateFile, state);
      report.lines.push(
        `${before === null ? 'created' : 'updated'} ${h.label}: BeforeTool hook for every tool${before !== null ? ` (backup: ${backupPath(backupView(h))})` : ''}`,
      );
    } else report.lines.push(`${h.label} already has the Agent Guard entry`);
    report.lines.push(...plan.notes);
    if (opts.selfTest !== false) selfTestHost('gemini', h.paths.hookFile, t.workspace, report);
    report.warnings.push(...geminiNeutralizers(t));
  });
}

export function uninstallGemini(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const h = geminiTarget(t);
    const state = readState(h.paths.stateFile);
    const text = readIfExists(h.file);
    if (text !== null) {
      checkNoLinkOutside(t, asSettings(h));
      checkWritable(h.file, h.label);
      const result = planHostUninstall(text, state?.settings[h.key] ?? null, geminiSpec(h.command));
      report.warnings.push(...result.notes);
      if (result.text === null) {
        unlinkSync(h.file);
        report.lines.push(`removed ${h.label} (Agent Guard had created it)`);
      } else if (result.text !== text) {
        backUp(backupView(h), text);
        writeAtomic(h.file, result.text);
        report.lines.push(`removed the Agent Guard entry from ${h.label}`);
      } else report.lines.push(`${h.label} had no Agent Guard entry`);
    }
    // The backup was of this install's edit: it goes with the entry.
    const backup = backupPath(backupView(h));
    if (existsSync(backup)) unlinkSync(backup);
    if (!forgetRecord(h.paths.stateFile, state, h.key)) removeHookFile(h.paths, bundle, opts.force ?? false, report);
  });
}

export function syncGemini(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const h = geminiTarget(t);
  const text = readIfExistsQuiet(h.file);
  const parsed = text !== null ? parseHostSettings(text, true) : null;
  if (!parsed?.ok || findHostHandlers(parsed.value, geminiSpec(h.command)).length === 0)
    return { ok: false, lines: [], warnings: [], error: `Agent Guard is not installed in ${h.label}; run agent-guard install --host gemini first` };
  const r = installGemini(t, bundle, { selfTest: false, force: opts.force ?? false });
  if (r.ok && r.lines.every((l) => l.includes('already has'))) r.lines = [`${h.label} and ${h.paths.hookFile} are in sync with agent-guard ${bundle.version}`];
  return r;
}

export function readObject(file: string): Record<string, unknown> | null {
  const text = readIfExistsQuiet(file);
  if (text === null) return null;
  const v = parseLoose(text) as unknown;
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** Gemini settings that keep its hooks, or ours, from running. */
export function geminiNeutralizers(t: Pick<Target, 'workspace' | 'home'>): string[] {
  const out: string[] = [];
  for (const [label, file] of [
    ['.gemini/settings.json', join(t.workspace, '.gemini', 'settings.json')],
    ['~/.gemini/settings.json', join(t.home, '.gemini', 'settings.json')],
  ] as const) {
    const hc = readObject(file)?.hooksConfig as Record<string, unknown> | undefined;
    if (hc?.enabled === false) out.push(`${label} sets hooksConfig.enabled: false, so Gemini CLI runs no hooks`);
    if (Array.isArray(hc?.disabled) && hc.disabled.includes('agent-guard')) out.push(`${label} lists agent-guard in hooksConfig.disabled`);
  }
  return out;
}

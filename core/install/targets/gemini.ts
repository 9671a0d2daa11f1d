// Gemini CLI: hooks.BeforeTool in .gemini/settings.json (project) or ~/.gemini/settings.json
// (--user), edited surgically like Claude Code's settings (host-settings.ts). The hook file is the
// workspace's .claude/hooks/agent-guard.cjs (user scope: ~/.claude/hooks/), shared with the other
// targets through the install state: it goes with the last of them. What the CLI does with the
// hook's answer is checked with the real CLI in test/real-hosts.

import { dirname, join } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { planHostInstall, planHostUninstall, findHostHandlers, parseHostSettings, type EventHookSpec } from '../host-settings';
import {
  backupPath,
  checkNoLinkOutside,
  checkWritable,
  hookCommand,
  hookPresent,
  installedAbove,
  hookState,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  readIfExists,
  readIfExistsQuiet,
  readState,
  selfTestHost,
  targetPaths,
  type Bundle,
  type CliHost,
  type InstallOptions,
  type Report,
  type Target,
  type TargetPaths,
} from '../installer';
import { hookChanges, releaseChanges, stateWrite, type FileChange, type HostStatus, type InstallTarget, type Place, type ScopeStatus } from '../target';
import { probeOf, type LivenessProbe } from '../liveness';
import { GEMINI_CANARY } from '../../liveness';
import { runTarget } from '../apply';
import { sayInSync } from './claude';

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
      command: hookCommand(paths.hookFile.replace(/\\/g, '/'), 'agent-guard sync --host gemini --user'),
    };
  }
  const paths = targetPaths({ ...t, scope: 'project' });
  // Gemini sets GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR) for hooks and runs them from the project root.
  return {
    paths,
    file: join(t.workspace, '.gemini', 'settings.json'),
    label: '.gemini/settings.json',
    key: '../.gemini/settings.json',
    command: hookCommand('${GEMINI_PROJECT_DIR:-.}/.claude/hooks/agent-guard.cjs', 'agent-guard sync --host gemini'),
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

function planGeminiInstall(t: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  const h = geminiTarget(t);
  if (t.scope !== 'user' && !isDirectory(t.workspace)) throw new InstallError(`the workspace ${t.workspace} is not a folder`);
  checkNoLinkOutside(t, asSettings(h));
  checkWritable(h.file, h.label);
  const before = readIfExists(h.file);
  const plan = planHostInstall(before, geminiSpec(h.command));
  if (!plan.ok) throw new InstallError(`refusing to change ${h.label}: ${plan.error}`);
  const changes: FileChange[] = [
    { kind: 'clean', paths: asSettings(h) },
    { kind: 'mkdir', dirs: [h.paths.claudeDir, dirname(h.paths.hookFile)] },
    ...hookChanges(h.paths, bundle, opts.force ?? false),
  ];
  if (plan.changed) {
    changes.push({ kind: 'mkdir', dirs: [dirname(h.file)] });
    if (before !== null) changes.push({ kind: 'backup', of: backupView(h), text: before });
    changes.push({ kind: 'write', file: h.file, text: plan.text });
    const state = readState(h.paths.stateFile) ?? { version: bundle.version, settings: {} };
    const prev = state.settings[h.key];
    state.settings[h.key] = prev ? { ...prev, createdPaths: [...new Set([...prev.createdPaths, ...plan.record.createdPaths])] } : plan.record;
    state.version = bundle.version;
    changes.push(stateWrite(h.paths.stateFile, state), {
      kind: 'note',
      line: `${before === null ? 'created' : 'updated'} ${h.label}: BeforeTool hook for every tool${before !== null ? ` (backup: ${backupPath(backupView(h))})` : ''}`,
    });
  } else changes.push({ kind: 'note', line: `${h.label} already has the Agent Guard entry` });
  for (const line of plan.notes) changes.push({ kind: 'note', line });
  return changes;
}

function planGeminiUninstall(t: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  const h = geminiTarget(t);
  const state = readState(h.paths.stateFile);
  const text = readIfExists(h.file);
  const changes: FileChange[] = [];
  if (text !== null) {
    checkNoLinkOutside(t, asSettings(h));
    checkWritable(h.file, h.label);
    const result = planHostUninstall(text, state?.settings[h.key] ?? null, geminiSpec(h.command));
    for (const warning of result.notes) changes.push({ kind: 'note', warning });
    // The project's .gemini/ goes with the file Agent Guard created in it, when nothing else is there (~/.gemini stays).
    if (result.text === null)
      changes.push({
        kind: 'remove',
        file: h.file,
        line: `removed ${h.label} (Agent Guard had created it)`,
        ...(t.scope === 'user' ? {} : { emptyDirs: [dirname(h.file)] }),
      });
    else if (result.text !== text)
      changes.push(
        { kind: 'backup', of: backupView(h), text },
        { kind: 'write', file: h.file, text: result.text, line: `removed the Agent Guard entry from ${h.label}` },
      );
    else changes.push({ kind: 'note', line: `${h.label} had no Agent Guard entry` });
  }
  // The backup was of this install's edit: it goes with the entry.
  changes.push({ kind: 'remove', file: backupPath(backupView(h)), ifExists: true });
  changes.push(...releaseChanges(h.paths, state, h.key, bundle, opts.force ?? false));
  return changes;
}

/** Our entry in this scope's Gemini settings, if there is one. */
function geminiEntry(t: Target): { h: HostTarget; handler: Record<string, unknown> | null; problem: string | null } | null {
  if (t.scope === 'local') return null;
  const h = geminiTarget(t);
  const text = readIfExistsQuiet(h.file);
  if (text === null) return null;
  const parsed = parseHostSettings(text, true);
  if (!parsed.ok) return { h, handler: null, problem: `${h.label} is not valid JSON (${parsed.message})` };
  const ours = findHostHandlers(parsed.value, geminiSpec(h.command));
  return ours.length > 0 ? { h, handler: ours[0]!.handlerValue, problem: null } : null;
}

/** Whether a Gemini CLI session started in the workspace runs the guard, and what to do if not. */
export function geminiHost(t: Target, bundle: Bundle): HostStatus {
  const where: string[] = [];
  const problems: string[] = [];
  for (const scope of ['project', 'user'] as const) {
    const h = geminiTarget({ ...t, scope });
    const text = readIfExistsQuiet(h.file);
    if (text === null) continue;
    const parsed = parseHostSettings(text, true);
    if (!parsed.ok) {
      problems.push(`${h.label} is not valid JSON (${parsed.message})`);
      continue;
    }
    if (findHostHandlers(parsed.value, geminiSpec(h.command)).length === 0) continue;
    if (!hookPresent(h.paths, bundle)) problems.push(`${h.label} runs ${h.paths.hookFile}, which is missing (run agent-guard sync --host gemini)`);
    else where.push(h.label);
  }
  const off = geminiNeutralizers(t);
  // Like Claude Code, Gemini CLI reads project settings only in the folder it starts in (0.61.0).
  const above = where.length === 0 ? installedAbove(t.workspace, t.home, ['.gemini/settings.json']) : null;
  if (above)
    problems.push(
      `Gemini CLI started here does not load ${join(above, '.gemini', 'settings.json')}: start it in ${above}, or install with --user (every folder)`,
    );
  const runs = where.length > 0 && off.length === 0;
  const detail = [...problems, ...off];
  if (runs)
    detail.unshift(
      `${where.join(' and ')}${where.includes('.gemini/settings.json') && !where.includes('~/.gemini/settings.json') ? '; project settings load only in a trusted folder (an untrusted --skip-trust session runs unguarded; --user covers it)' : ''}`,
    );
  else if (detail.length === 0) detail.push('not installed (agent-guard install --host gemini writes .gemini/settings.json; --user for every folder)');
  return { host: 'gemini', runs, detail: detail.join('; ') };
}

/** Each Gemini settings file with our BeforeTool entry: its command, run as Gemini CLI runs it (GEMINI_PROJECT_DIR set). */
function geminiProbes(place: Place, bundle: Bundle): LivenessProbe[] {
  const out: LivenessProbe[] = [];
  for (const scope of ['project', 'user'] as const) {
    const h = geminiTarget({ ...place, scope });
    const parsed = parseHostSettings(readIfExistsQuiet(h.file) ?? '', true);
    if (!parsed.ok) continue;
    const ours = findHostHandlers(parsed.value, geminiSpec(h.command))[0];
    if (!ours) continue;
    out.push(
      probeOf(
        h.label,
        {
          command: String(ours.handlerValue.command),
          expected: h.command,
          hookState: hookState(h.paths.hookFile, bundle).state,
          hookFile: h.paths.hookFile,
          fix: `agent-guard sync --host gemini${scope === 'user' ? ' --user' : ''}`,
        },
        GEMINI_CANARY,
        place.workspace,
        { env: { GEMINI_PROJECT_DIR: place.workspace, CLAUDE_PROJECT_DIR: place.workspace }, heldBack: [] },
      ),
    );
  }
  return out;
}

const gemini: InstallTarget = {
  id: 'gemini',
  name: 'Gemini CLI',
  order: 2,
  scopes: ['project', 'user'],
  inAll: true,
  describe: (place) => `hooks.BeforeTool in ${geminiTarget(place).label}`,
  files: (place) => [geminiTarget(place).file],
  installed: (place) => !!geminiEntry(place)?.handler,
  planInstall: planGeminiInstall,
  planSync(place, bundle, opts) {
    if (!geminiEntry(place)?.handler)
      throw new InstallError(`Agent Guard is not installed in ${geminiTarget(place).label}; run agent-guard install --host gemini first`);
    return planGeminiInstall(place, bundle, { force: opts.force ?? false });
  },
  planUninstall: planGeminiUninstall,
  verify(op, place, bundle, opts, report) {
    const h = geminiTarget(place);
    if (op === 'sync') sayInSync(report, `${h.label} and ${h.paths.hookFile} are in sync with agent-guard ${bundle.version}`);
    if (op !== 'install') return;
    if (opts.selfTest !== false) selfTestHost('gemini', h.paths.hookFile, place.workspace, report);
    report.warnings.push(...geminiNeutralizers(place));
  },
  installs(place, bundle) {
    const out: ScopeStatus[] = [];
    for (const scope of ['project', 'user'] as const) {
      const found = geminiEntry({ ...place, scope });
      if (!found) continue;
      const { h, handler } = found;
      const problems = found.problem ? [found.problem] : [];
      const wanted = geminiSpec(h.command).group.hooks[0]!;
      const entryCurrent = !!handler && Object.entries(wanted).every(([k, v]) => handler[k] === v);
      if (handler && !entryCurrent) problems.push(`the hook entry in ${h.label} differs from what this version installs (run agent-guard sync --host gemini)`);
      const hs = hookState(h.paths.hookFile, bundle);
      if (handler && hs.state === 'missing') problems.push(`${h.label} runs ${h.paths.hookFile}, which does not exist: the guard is silently off`);
      const backup = backupPath(backupView(h));
      out.push({
        host: 'gemini',
        scope,
        settingsFile: h.file,
        label: h.label,
        installed: !!handler,
        entryCurrent,
        hook: hs.state,
        hookVersion: hs.version,
        problems,
        backup: readIfExistsQuiet(backup) !== null ? backup : null,
      });
    }
    return out;
  },
  host: (place, bundle) => geminiHost(place, bundle),
  probes: geminiProbes,
};
export default gemini;

export function installGemini(t: Target, bundle: Bundle, opts: InstallOptions = {}): Report {
  return runTarget(gemini, 'install', t, bundle, opts);
}

export function uninstallGemini(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(gemini, 'uninstall', t, bundle, opts);
}

export function syncGemini(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(gemini, 'sync', t, bundle, opts);
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

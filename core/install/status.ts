// status: every install the targets find for a workspace (their installs), managed settings and
// the plugin, whether it all runs (active) and is up to date (current); and one line per host.

import { join } from 'node:path';
import { configStatus, type ConfigStatus } from './config-status';
import { pluginInstalls, type PluginInstall } from './targets/plugin';
import { managedStatus, type ManagedStatus } from './targets/managed';
import { installedAbove, managedSettingsFiles, readIfExistsQuiet, readLoose, type Bundle, type Target } from './installer';
import { neutralizers } from './targets/claude';
import { vscodeNeutralizers } from './targets/vscode';
import { TARGETS, targetById } from './registry';
import type { HostId, HostStatus, Place, StatusView } from './target';
import type { ScopeStatus } from './target';
import { runProbe, type ProbeResult } from './liveness';

export type { ScopeStatus };

export interface StatusReport {
  workspace: string;
  bundledVersion: string;
  scopes: ScopeStatus[];
  neutralizers: string[];
  config: ConfigStatus;
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
  const place: Place = { workspace, scope: 'project', home, ...(configDir ? { configDir } : {}) };
  // Every target's installs here, in the targets' order (Claude Code's scopes first).
  const scopes = TARGETS.flatMap((t) => t.installs(place, bundle));
  const vscode = scopes.find((s) => s.host === 'vscode');
  const neutral = neutralizers({ workspace, scope: 'project', home, ...(configDir ? { configDir } : {}) }, managedFiles).map((n) => n.message);
  // The configuration files, and what in them waits for the person's consent (core/install/config-status.ts).
  const config = configStatus(workspace);
  const installedScopes = scopes.filter((s) => s.installed);
  const plugins = pluginInstalls(workspace, configDir || join(home, '.claude'));
  // The plugin runs its own copy of the hook, updated with the plugin: it counts as current.
  const pluginRuns = plugins.some((p) => p.enabled && p.hookPresent);
  // A managed hook runs whatever user, project and local settings say; only managed disableAllHooks stops it.
  const managed = managedStatus(managedFiles, bundle);
  const managedOff = managedFiles.some((f) => readLoose(f)?.disableAllHooks === true);
  const managedRuns = managed !== null && managed.hook !== 'missing' && !managedOff;
  // Guarded: every host it is installed for runs it (Claude Code's settings, with the plugin, are one host).
  const claude = installedScopes.filter((s) => s.host === 'claude');
  const claudeInstalled = claude.length > 0 || pluginRuns;
  const claudeRuns = (claude.some((s) => s.hook !== 'missing') || pluginRuns) && neutral.length === 0;
  const vscodeRuns =
    !!vscode && vscode.hook !== 'missing' && vscodeNeutralizers(workspace).length === 0 && !vscode.problems.some((p) => p.includes('not valid JSON'));
  // A host's own file (Gemini CLI, the Copilot CLI's user file, Codex, Cursor, OpenCode): installed there, that host must run it.
  const clis = CLI_HOSTS.filter((h) => installedScopes.some((s) => s.host === h));
  const cliRuns = clis.length === 0 || cliHostStatus(place, bundle).every((c) => !clis.includes(c.host) || c.runs);
  const active = managedRuns || ((claudeInstalled || !!vscode || clis.length > 0) && (!claudeInstalled || claudeRuns) && (!vscode || vscodeRuns) && cliRuns);
  const current =
    (installedScopes.length > 0 || pluginRuns || managed !== null) &&
    installedScopes.every((s) => s.hook === 'current' && s.entryCurrent) &&
    (managed === null || managed.hook === 'current');
  return {
    workspace,
    bundledVersion: bundle.version,
    scopes,
    neutralizers: neutral,
    config,
    managed,
    plugins,
    active,
    current,
  };
}

export type { HostStatus };

/** The hosts with a file of their own (not Claude Code's settings, not VS Code's): installed there, that host must run it. */
const CLI_HOSTS: readonly HostId[] = ['gemini', 'copilot', 'codex', 'cursor', 'opencode'];

/** One line per host, as the CLI and the extension print it. */
export function describeHost(h: HostStatus): string {
  return `${targetById(h.host).name}: ${h.runs ? 'guarded' : 'NOT guarded'}; ${h.detail}`;
}

/** Every host's line (each target that has one, in the targets' order): would its agent run the guard here? */
export function hostLines(place: Place, bundle: Bundle, s: StatusView): HostStatus[] {
  return TARGETS.flatMap((t) => (t.host ? [t.host(place, bundle, s)] : []));
}

const lines = (ids: readonly HostId[], place: Place, bundle: Bundle, s: StatusView) =>
  TARGETS.flatMap((t) => (t.host && ids.includes(t.id) ? [t.host(place, bundle, s)] : []));

/** Claude Code's and VS Code's agent's lines (the hosts the extension's view lists). */
export function hostStatus(workspace: string, s: StatusReport, bundle: Bundle): HostStatus[] {
  return lines(['claude', 'vscode'], { workspace, scope: 'project', home: '' }, bundle, s);
}

/** Per CLI: whether a session started in `workspace` runs the guard, and what to do if not. */
export function cliHostStatus(t: Target, bundle: Bundle): HostStatus[] {
  return lines(CLI_HOSTS, t, bundle, { scopes: [], neutralizers: [] });
}

/**
 * Claude Code reads .claude/settings*.json only in the folder it starts in (seen with 2.1.332): a
 * session started in a subfolder of a guarded project runs without the guard. Said when `workspace`
 * has no install of its own but a folder above it has, and no --user install covers it.
 */
export function claudeSubfolderNote(workspace: string, home: string, userInstalled: boolean): string | null {
  if (userInstalled) return null;
  const files = ['.claude/settings.json', '.claude/settings.local.json'];
  if (files.some((f) => (readIfExistsQuiet(join(workspace, f)) ?? '').includes('agent-guard.cjs'))) return null;
  const dir = installedAbove(workspace, home, files);
  return dir
    ? `Claude Code started in ${workspace} does not load ${join(dir, '.claude')}/settings.json: such a session is NOT guarded. Start Claude Code in ${dir}, or install with --user (every folder)`
    : null;
}

// ---- the execution check (liveness.ts): proof, not configuration ----

export interface HostLiveness {
  host: HostId;
  /** Some hook command this host runs here stopped the canary. */
  guarded: boolean;
  results: ProbeResult[];
}

/** The managed settings and the plugin are Claude Code's too: their probes count for it. */
const PROBE_HOST: Partial<Record<HostId, HostId>> = { managed: 'claude', plugin: 'claude' };

/**
 * Runs every probe the targets give for this place (status's execution check) and groups them by
 * host. A command counts only where the host runs it at all: `off(target)` says a setting switches
 * that target's hooks off (Claude Code's neutralizers; managed disableAllHooks for managed ones).
 */
export function livenessCheck(place: Place, bundle: Bundle, off: (target: HostId) => boolean = () => false): HostLiveness[] {
  const byHost = new Map<HostId, { results: ProbeResult[]; guarded: boolean }>();
  for (const t of TARGETS) {
    const probes = t.probes?.(place, bundle) ?? [];
    if (probes.length === 0) continue;
    const host = PROBE_HOST[t.id] ?? t.id;
    const entry = byHost.get(host) ?? { results: [], guarded: false };
    for (const p of probes) {
      const r = runProbe(p);
      entry.results.push(r);
      if (r.liveness.guarded && !off(t.id)) entry.guarded = true;
    }
    byHost.set(host, entry);
  }
  return [...byHost].map(([host, e]) => ({ host, guarded: e.guarded, results: e.results }));
}

/** Which targets' hooks the settings switch off, from what status found. */
export function switchedOff(s: StatusReport, managedFiles: readonly string[]): (target: HostId) => boolean {
  const managedOff = managedFiles.some((f) => readLoose(f)?.disableAllHooks === true);
  return (t) => (t === 'managed' ? managedOff : t === 'claude' || t === 'plugin' ? s.neutralizers.length > 0 : false);
}

// status: every install found for a workspace (Claude Code's scopes, VS Code's agent, managed
// settings, the plugin) and, per host, whether its agent would run the guard.

import { join } from 'node:path';
import { parse as parseLoose, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseStrict } from './json-edit';
import { CONFIG_FILE, parseConfig } from '../config';
import { pluginInstalls, type PluginInstall } from './targets/plugin';
import { managedStatus, type ManagedStatus } from './targets/managed';
import {
  hookState,
  managedSettingsFiles,
  readIfExistsQuiet,
  readLoose,
  targetPaths,
  type Bundle,
  type CliHost,
  type Target,
  type TargetPaths,
} from './installer';
import { neutralizers } from './targets/claude';
import { vscodeNeutralizers, VSCODE_HOOKS_FILE } from './targets/vscode';
import { TARGETS } from './registry';
import type { Place } from './target';
import { geminiNeutralizers, geminiSpec, geminiTarget } from './targets/gemini';
import { copilotTrust, copilotUserHooksFile } from './targets/copilot';
import { findHostHandlers, parseHostSettings } from './host-settings';
import { dirname } from 'node:path';

import type { ScopeStatus } from './target';

export type { ScopeStatus };

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
  const place: Place = { workspace, scope: 'project', home, ...(configDir ? { configDir } : {}) };
  // Every target's installs here, in the targets' order (Claude Code's scopes first).
  const scopes = TARGETS.flatMap((t) => t.installs(place, bundle));
  const vscode = scopes.find((s) => s.host === 'vscode');
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
  const claude = installedScopes.filter((s) => s.host === 'claude');
  const claudeInstalled = claude.length > 0 || pluginRuns;
  const claudeRuns = (claude.some((s) => s.hook !== 'missing') || pluginRuns) && neutral.length === 0;
  const vscodeRuns =
    !!vscode && vscode.hook !== 'missing' && vscodeNeutralizers(workspace).length === 0 && !vscode.problems.some((p) => p.includes('not valid JSON'));
  // Gemini CLI's settings and the Copilot CLI's own file: installed there, that CLI must run it.
  const clis = (['gemini', 'copilot'] as const).filter((h) => installedScopes.some((s) => s.host === h));
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
    config: { file: configFile, exists: configText !== null, problems: configProblems, ...(exceptions.length > 0 ? { exceptions } : {}) },
    managed,
    plugins,
    active,
    current,
  };
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
  const claudeInstalled = s.scopes.some((x) => x.host === 'claude' && x.installed && x.hook !== 'missing');
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

export interface CliHostStatus {
  host: CliHost;
  runs: boolean;
  detail: string;
}

export function describeCliHost(h: CliHostStatus): string {
  return `${h.host === 'gemini' ? 'Gemini CLI' : 'Copilot CLI'}: ${h.runs ? 'guarded' : 'NOT guarded'} (${h.detail})`;
}

function hookPresent(paths: TargetPaths, bundle: Bundle): boolean {
  return hookState(paths.hookFile, bundle).state !== 'missing';
}

/** Per CLI: whether a session started in `workspace` runs the guard, and what to do if not. */
export function cliHostStatus(t: Target, bundle: Bundle): CliHostStatus[] {
  const out: CliHostStatus[] = [];
  // Gemini
  {
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
    out.push({ host: 'gemini', runs, detail: detail.join('; ') });
  }
  // Copilot
  {
    const where: string[] = [];
    const problems: string[] = [];
    const project = targetPaths({ ...t, scope: 'project' });
    if (readIfExistsQuiet(join(t.workspace, VSCODE_HOOKS_FILE)) !== null) {
      if (!hookPresent(project, bundle)) problems.push(`${VSCODE_HOOKS_FILE} runs .claude/hooks/agent-guard.cjs, which is missing`);
      else if (!copilotTrust(t.workspace, t.home))
        problems.push(
          `${VSCODE_HOOKS_FILE} is in place, but the Copilot CLI loads it only once the folder is trusted (accept its prompt, or add the folder to trustedFolders in ~/.copilot/config.json)`,
        );
      else where.push(VSCODE_HOOKS_FILE);
    }
    // The Copilot CLI runs Claude Code's project hooks too (seen with 1.0.102), in a trusted folder.
    for (const f of ['.claude/settings.json', '.claude/settings.local.json']) {
      if (!(readIfExistsQuiet(join(t.workspace, f)) ?? '').includes('agent-guard.cjs') || !hookPresent(project, bundle)) continue;
      if (copilotTrust(t.workspace, t.home)) where.push(`${f} (the Copilot CLI runs Claude Code's project hooks too)`);
      else if (!problems.some((p) => p.includes('trusted')))
        problems.push(`${f} would run, but the Copilot CLI loads project hooks only once the folder is trusted`);
    }
    const user = copilotUserHooksFile(t.home);
    if (readIfExistsQuiet(user) !== null) {
      if (!hookPresent(targetPaths({ ...t, scope: 'user' }), bundle)) problems.push(`${user} runs a hook file that is missing`);
      else where.push(user);
    }
    const runs = where.length > 0;
    const detail = runs
      ? [where.join(' and '), ...problems]
      : problems.length > 0
        ? problems
        : [`not installed (agent-guard install --host copilot writes ${VSCODE_HOOKS_FILE}; --user for every folder)`];
    out.push({ host: 'copilot', runs, detail: detail.join('; ') });
  }
  return out;
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

/** The nearest folder above `workspace` (below HOME) where one of `files` runs our hook. */
function installedAbove(workspace: string, home: string, files: string[]): string | null {
  let dir = dirname(workspace);
  for (let i = 0; i < 64 && dir !== dirname(dir) && dir !== home; i++, dir = dirname(dir)) {
    if (files.some((f) => (readIfExistsQuiet(join(dir, f)) ?? '').includes('agent-guard.cjs'))) return dir;
  }
  return null;
}

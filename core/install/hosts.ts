// Install targets for the other agent CLIs, beside Claude Code's and VS Code's (installer.ts):
//   Gemini CLI   hooks.BeforeTool in .gemini/settings.json (project) or ~/.gemini/settings.json (--user),
//                edited surgically like Claude Code's settings (host-settings.ts);
//   Copilot CLI  .github/hooks/agent-guard.json (project: the file VS Code's agent reads too, so one
//                file serves both and neither runs the hook twice), or Copilot's own hook file
//                ~/.copilot/hooks/agent-guard.json (--user: version 1, preToolUse, bash/powershell).
// The hook file is the workspace's .claude/hooks/agent-guard.cjs (user scope: ~/.claude/hooks/),
// shared with the other targets through the install state: it goes with the last of them.
// What each CLI does with the hook's answer is checked with the real CLIs in test/real-hosts.

import { spawnSync } from 'node:child_process';
import { existsSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { planHostInstall, planHostUninstall, findHostHandlers, parseHostSettings, type EventHookSpec } from './host-settings';
import {
  backUp,
  backupPath,
  checkNoLinkOutside,
  checkWritable,
  cleanTemps,
  forgetRecord,
  hookCommand,
  hookState,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  installVsCode,
  isDirectory,
  mkdirLevels,
  readIfExists,
  readIfExistsQuiet,
  readState,
  removeHookFile,
  runReport,
  targetPaths,
  uninstallVsCode,
  VSCODE_HOOKS_FILE,
  writeAtomic,
  writeHookFile,
  writeState,
  type Bundle,
  type InstallOptions,
  type Report,
  type Target,
  type TargetPaths,
} from './installer';

export type CliHost = 'gemini' | 'copilot';

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

// ---- Gemini CLI ----

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

function geminiSpec(command: string): EventHookSpec {
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

function readObject(file: string): Record<string, unknown> | null {
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

// ---- Copilot CLI ----

export function copilotUserHooksFile(home: string, copilotHome = process.env.COPILOT_HOME): string {
  return join(copilotHome || join(home, '.copilot'), 'hooks', 'agent-guard.json');
}

/** Copilot's own hook file format: version 1, camelCase event, a bash and a PowerShell form. */
export function copilotHooksFile(hookFile: string): string {
  const f = hookFile.replace(/\\/g, '/');
  return `${JSON.stringify(
    {
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: 'command',
            bash: hookCommand(f),
            powershell: `if (Test-Path '${f}') { node '${f}'; exit $LASTEXITCODE } else { [Console]::Error.WriteLine('agent-guard: ${f} not found; run: agent-guard sync --host copilot --user'); exit 1 }`,
            timeoutSec: HOOK_TIMEOUT_SECONDS,
          },
        ],
      },
    },
    null,
    2,
  )}\n`;
}

const COPILOT_USER_KEY = 'copilot:~/.copilot/hooks/agent-guard.json';

export function installCopilot(t: Target, bundle: Bundle, opts: InstallOptions = {}): Report {
  if (t.scope !== 'user') return copilotProjectOrError(t, bundle, opts);
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const paths = targetPaths(t);
    const file = copilotUserHooksFile(t.home);
    const existing = readIfExists(file);
    if (existing !== null && !existing.includes('agent-guard.cjs')) throw new InstallError(`${file} exists and is not Agent Guard's; refusing to overwrite it`);
    mkdirLevels([paths.claudeDir, dirname(paths.hookFile)]);
    writeHookFile(paths, bundle, opts.force ?? false, report);
    const wanted = copilotHooksFile(paths.hookFile);
    if (existing !== wanted) {
      mkdirLevels([dirname(dirname(file)), dirname(file)]);
      writeAtomic(file, wanted);
      report.lines.push(`${existing === null ? 'wrote' : 'updated'} ${file}: the Copilot CLI runs the hook before every tool call, in every folder`);
      const state = readState(paths.stateFile) ?? { version: bundle.version, settings: {} };
      state.settings[COPILOT_USER_KEY] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
      writeState(paths.stateFile, state);
    } else report.lines.push(`${file} is already in place`);
    if (opts.selfTest !== false) selfTestHost('copilot', paths.hookFile, t.workspace, report);
  });
}

/** Project scope: the .github/hooks file VS Code's agent reads too. */
function copilotProjectOrError(t: Target, bundle: Bundle, opts: InstallOptions): Report {
  if (t.scope === 'local')
    return {
      ok: false,
      lines: [],
      warnings: [],
      error: 'the Copilot CLI has no personal per-project settings file; install for the project (the default) or with --user',
    };
  const r = installVsCode(t.workspace, bundle, { ...opts, selfTest: false });
  if (!r.ok) return r;
  r.lines.push(`the Copilot CLI reads ${VSCODE_HOOKS_FILE} too, once the folder is trusted`);
  if (opts.selfTest !== false) selfTestHost('copilot', targetPaths({ ...t, scope: 'project' }).hookFile, t.workspace, r);
  const trust = copilotTrust(t.workspace, t.home);
  if (!trust)
    r.warnings.push(
      `the Copilot CLI loads ${VSCODE_HOOKS_FILE} only in a trusted folder: accept its trust prompt, or add ${t.workspace} to trustedFolders in ~/.copilot/config.json`,
    );
  return r;
}

export function uninstallCopilot(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  if (t.scope !== 'user') {
    if (t.scope === 'local') return { ok: false, lines: [], warnings: [], error: 'the Copilot CLI has no personal per-project settings file' };
    return uninstallVsCode(t.workspace, bundle, opts);
  }
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const paths = targetPaths(t);
    const file = copilotUserHooksFile(t.home);
    const text = readIfExists(file);
    if (text !== null) {
      if (!text.includes('agent-guard.cjs') && !opts.force) throw new InstallError(`${file} is not Agent Guard's; left in place`);
      unlinkSync(file);
      report.lines.push(`removed ${file}`);
    }
    if (!forgetRecord(paths.stateFile, readState(paths.stateFile), COPILOT_USER_KEY)) removeHookFile(paths, bundle, opts.force ?? false, report);
  });
}

export function syncCopilot(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const file = t.scope === 'user' ? copilotUserHooksFile(t.home) : join(t.workspace, VSCODE_HOOKS_FILE);
  if (readIfExistsQuiet(file) === null)
    return {
      ok: false,
      lines: [],
      warnings: [],
      error: `Agent Guard is not installed for the Copilot CLI (${file}); run agent-guard install --host copilot${t.scope === 'user' ? ' --user' : ''} first`,
    };
  return installCopilot(t, bundle, { selfTest: false, force: opts.force ?? false });
}

/** A folder path with forward slashes and no trailing ones (no regex: linear on any input). */
function folderKey(path: string): string {
  const p = path.split('\\').join('/');
  let end = p.length;
  while (end > 1 && p[end - 1] === '/') end--;
  return p.slice(0, end);
}

/** Whether ~/.copilot/config.json trusts the folder (or a folder above it). */
export function copilotTrust(workspace: string, home: string, copilotHome = process.env.COPILOT_HOME): boolean {
  const cfg = readObject(join(copilotHome || join(home, '.copilot'), 'config.json'));
  const trusted = Array.isArray(cfg?.trustedFolders) ? cfg.trustedFolders.filter((x): x is string => typeof x === 'string') : [];
  const ws = folderKey(workspace);
  return trusted.some((f) => {
    const d = folderKey(f);
    return ws === d || ws.startsWith(d === '/' ? '/' : `${d}/`);
  });
}

// ---- self-test and status ----

/** Runs the installed hook with the host's own payload: rm -rf ~ must be denied in its form, ls silent. */
function selfTestHost(host: CliHost, hookFile: string, workspace: string, report: Report): void {
  const payload = (command: string) =>
    host === 'gemini'
      ? { hook_event_name: 'BeforeTool', timestamp: new Date(0).toISOString(), tool_name: 'run_shell_command', tool_input: { command }, cwd: workspace }
      : { sessionId: 'self-test', timestamp: 0, cwd: workspace, toolName: 'bash', toolArgs: JSON.stringify({ command }) };
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
    denied = bad.status === 0 && (host === 'gemini' ? j.decision === 'deny' : j.permissionDecision === 'deny');
  } catch {
    denied = false;
  }
  const ok = run('ls');
  const silent = ok.status === 0 && ok.stdout === '';
  const name = host === 'gemini' ? 'Gemini CLI' : 'Copilot CLI';
  if (denied && silent) report.lines.push(`self-test: the installed hook denies rm -rf ~ in the ${name}'s form and stays silent for ls`);
  else
    report.warnings.push(
      `self-test: the installed hook ${denied ? '' : `did not deny rm -rf ~ in the ${name}'s form`}${!denied && !silent ? ' and ' : ''}${silent ? '' : 'was not silent for ls'}`,
    );
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

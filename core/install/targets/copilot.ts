// Copilot CLI: .github/hooks/agent-guard.json for the project (the file VS Code's agent reads too,
// so one file serves both and neither runs the hook twice), or Copilot's own hook file
// ~/.copilot/hooks/agent-guard.json (--user: version 1, preToolUse, bash/powershell). What the CLI
// does with the hook's answer is checked with the real CLI in test/real-hosts.

import { dirname, join } from 'node:path';
import { unlinkSync } from 'node:fs';
import {
  forgetRecord,
  hookCommand,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
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
  type InstallOptions,
  type Report,
  type Target,
} from '../installer';
import { installVsCode, uninstallVsCode, VSCODE_HOOKS_FILE } from './vscode';
import { readObject } from './gemini';

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

// Copilot CLI: .github/hooks/agent-guard.json for the project (the file VS Code's agent reads too,
// so one file serves both and neither runs the hook twice), or Copilot's own hook file
// ~/.copilot/hooks/agent-guard.json (--user: version 1, preToolUse, bash/powershell). What the CLI
// does with the hook's answer is checked with the real CLI in test/real-hosts.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { powershellHookCommand, shQuote } from '../quote';
import {
  hookCommandFor,
  hookPresent,
  HOOK_TIMEOUT_SECONDS,
  hookState,
  InstallError,
  readIfExists,
  readIfExistsQuiet,
  readState,
  selfTestHost,
  targetPaths,
  type Bundle,
  type InstallOptions,
  type Report,
  type Target,
} from '../installer';
import { hookChanges, releaseChanges, stateWrite, type FileChange, type HostStatus, type InstallTarget, type Place } from '../target';
import { runTarget } from '../apply';
import { planVsCodeInstall, planVsCodeUninstall, vscodeInstalled, vscodeNeutralizers, vscodeProbes, VSCODE_HOOKS_FILE } from './vscode';
import { readObject } from './gemini';
import { parseStrict } from '../json-edit';
import { probeOf, type LivenessProbe } from '../liveness';
import { COPILOT_CANARY } from '../../liveness';

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
            bash: hookCommandFor(shQuote(f), 'agent-guard sync --host copilot --user'),
            powershell: powershellHookCommand(f, 'agent-guard sync --host copilot --user'),
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

const NO_LOCAL = 'the Copilot CLI has no personal per-project settings file';

function planCopilotInstall(t: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  if (t.scope === 'local') throw new InstallError(`${NO_LOCAL}; install for the project (the default) or with --user`);
  // Project scope: the .github/hooks file VS Code's agent reads too.
  if (t.scope !== 'user')
    return [
      ...planVsCodeInstall(t.workspace, bundle, opts),
      { kind: 'note', line: `the Copilot CLI reads ${VSCODE_HOOKS_FILE} too, once the folder is trusted` },
    ];
  const paths = targetPaths(t);
  const file = copilotUserHooksFile(t.home);
  const existing = readIfExists(file);
  if (existing !== null && !existing.includes('agent-guard.cjs')) throw new InstallError(`${file} exists and is not Agent Guard's; refusing to overwrite it`);
  const changes: FileChange[] = [{ kind: 'mkdir', dirs: [paths.claudeDir, dirname(paths.hookFile)] }, ...hookChanges(paths, bundle, opts.force ?? false)];
  const wanted = copilotHooksFile(paths.hookFile);
  if (existing !== wanted) {
    const state = readState(paths.stateFile) ?? { version: bundle.version, settings: {} };
    state.settings[COPILOT_USER_KEY] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
    changes.push(
      { kind: 'mkdir', dirs: [dirname(dirname(file)), dirname(file)] },
      {
        kind: 'write',
        file,
        text: wanted,
        line: `${existing === null ? 'wrote' : 'updated'} ${file}: the Copilot CLI runs the hook before every tool call, in every folder`,
      },
      stateWrite(paths.stateFile, state),
    );
  } else changes.push({ kind: 'note', line: `${file} is already in place` });
  return changes;
}

function planCopilotUninstall(t: Target, bundle: Bundle, opts: InstallOptions): FileChange[] {
  if (t.scope === 'local') throw new InstallError(NO_LOCAL);
  if (t.scope !== 'user') return planVsCodeUninstall(t.workspace, bundle, opts);
  const paths = targetPaths(t);
  const file = copilotUserHooksFile(t.home);
  const text = readIfExists(file);
  const changes: FileChange[] = [];
  if (text !== null) {
    if (!text.includes('agent-guard.cjs') && !opts.force) throw new InstallError(`${file} is not Agent Guard's; left in place`);
    changes.push({ kind: 'remove', file, line: `removed ${file}` });
  }
  changes.push(...releaseChanges(paths, readState(paths.stateFile), COPILOT_USER_KEY, bundle, opts.force ?? false));
  return changes;
}

/** The file the Copilot CLI reads in this scope. */
function copilotFile(t: Place): string {
  return t.scope === 'user' ? copilotUserHooksFile(t.home) : join(t.workspace, VSCODE_HOOKS_FILE);
}

/** Whether a Copilot CLI session started in the workspace runs the guard, and what to do if not. */
export function copilotHost(t: Target, bundle: Bundle): HostStatus {
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
  // A Copilot CLI that never ran here has no ~/.copilot: the shared file is VS Code's, and nobody is left unguarded yet.
  const unused = !runs && !existsSync(copilotHomeDir(t.home));
  return { host: 'copilot', runs, detail: detail.join('; '), ...(unused ? { unused } : {}) };
}

/** Where the Copilot CLI keeps its configuration (COPILOT_HOME moves it). */
function copilotHomeDir(home: string, copilotHome = process.env.COPILOT_HOME): string {
  return copilotHome || join(home, '.copilot');
}

/** The commands the Copilot CLI runs here, on its own payload: the user hook file, and the repository's (VS Code's) once the folder is trusted. */
function copilotProbes(place: Place, bundle: Bundle): LivenessProbe[] {
  const out = copilotTrust(place.workspace, place.home)
    ? vscodeProbes(place.workspace, bundle, COPILOT_CANARY, `${VSCODE_HOOKS_FILE} for the Copilot CLI`)
    : [];
  const file = copilotUserHooksFile(place.home);
  const text = readIfExistsQuiet(file);
  if (text === null) return out;
  const parsed = parseStrict(text);
  const command = parsed.ok ? (parsed.value as { hooks?: { preToolUse?: { bash?: unknown }[] } }).hooks?.preToolUse?.[0]?.bash : undefined;
  if (typeof command !== 'string') return out;
  const paths = targetPaths({ ...place, scope: 'user' });
  const expected = (JSON.parse(copilotHooksFile(paths.hookFile)) as { hooks: { preToolUse: { bash: string }[] } }).hooks.preToolUse[0]!.bash;
  out.push(
    probeOf(
      file,
      { command, expected, hookState: hookState(paths.hookFile, bundle).state, hookFile: paths.hookFile, fix: 'agent-guard sync --host copilot --user' },
      COPILOT_CANARY,
      place.workspace,
      { env: {}, heldBack: [] },
    ),
  );
  return out;
}

const copilot: InstallTarget = {
  id: 'copilot',
  name: 'Copilot CLI',
  order: 3,
  scopes: ['project', 'user'],
  inAll: true,
  describe: (place) =>
    place.scope === 'user'
      ? `${copilotUserHooksFile(place.home)} (every folder)`
      : `${VSCODE_HOOKS_FILE} (read by VS Code's agent too), in a folder the Copilot CLI trusts`,
  files: (place) => [copilotFile(place)],
  installed: (place) =>
    place.scope === 'user' ? readIfExistsQuiet(copilotUserHooksFile(place.home)) !== null : place.scope === 'project' && vscodeInstalled(place.workspace),
  // The project file is VS Code's: asked for together, it is written once.
  sameAs: (place) => (place.scope === 'user' ? null : 'vscode'),
  planInstall: planCopilotInstall,
  planSync(place, bundle, opts) {
    const file = copilotFile(place);
    if (readIfExistsQuiet(file) === null)
      throw new InstallError(
        `Agent Guard is not installed for the Copilot CLI (${file}); run agent-guard install --host copilot${place.scope === 'user' ? ' --user' : ''} first`,
      );
    return planCopilotInstall(place, bundle, { force: opts.force ?? false });
  },
  planUninstall: planCopilotUninstall,
  verify(op, place, _bundle, opts, report) {
    if (op === 'uninstall') return;
    if (place.scope !== 'user') report.warnings.push(...vscodeNeutralizers(place.workspace));
    const hookFile = targetPaths(place.scope === 'user' ? place : { ...place, scope: 'project' }).hookFile;
    if (op === 'install' && opts.selfTest !== false) selfTestHost('copilot', hookFile, place.workspace, report);
    if (place.scope !== 'user' && !copilotTrust(place.workspace, place.home))
      report.warnings.push(
        `the Copilot CLI loads ${VSCODE_HOOKS_FILE} only in a trusted folder: accept its trust prompt, or add ${place.workspace} to trustedFolders in ~/.copilot/config.json`,
      );
  },
  // The project file is VS Code's install; the user file is the Copilot CLI's own.
  installs(place, bundle) {
    const file = copilotUserHooksFile(place.home);
    const text = readIfExistsQuiet(file);
    if (text === null || !text.includes('agent-guard.cjs')) return [];
    const paths = targetPaths({ ...place, scope: 'user' });
    const hs = hookState(paths.hookFile, bundle);
    const entryCurrent = text === copilotHooksFile(paths.hookFile);
    const problems = [
      ...(hs.state === 'missing' ? [`${file} runs ${paths.hookFile}, which does not exist: the guard is silently off`] : []),
      ...(entryCurrent ? [] : [`${file} differs from what this version installs (run agent-guard sync --host copilot --user)`]),
    ];
    return [
      {
        host: 'copilot',
        scope: 'user',
        settingsFile: file,
        label: file,
        installed: true,
        entryCurrent,
        hook: hs.state,
        hookVersion: hs.version,
        problems,
        backup: null,
      },
    ];
  },
  host: (place, bundle) => copilotHost(place, bundle),
  probes: copilotProbes,
};
export default copilot;

export function installCopilot(t: Target, bundle: Bundle, opts: InstallOptions = {}): Report {
  return runTarget(copilot, 'install', t, bundle, opts);
}

export function uninstallCopilot(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(copilot, 'uninstall', t, bundle, opts);
}

export function syncCopilot(t: Target, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(copilot, 'sync', t, bundle, opts);
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
  const cfg = readObject(join(copilotHomeDir(home, copilotHome), 'config.json'));
  const trusted = Array.isArray(cfg?.trustedFolders) ? cfg.trustedFolders.filter((x): x is string => typeof x === 'string') : [];
  const ws = folderKey(workspace);
  return trusted.some((f) => {
    const d = folderKey(f);
    return ws === d || ws.startsWith(d === '/' ? '/' : `${d}/`);
  });
}

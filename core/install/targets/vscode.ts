// VS Code's agent: .github/hooks/agent-guard.json, a file of Agent Guard's own, running the
// workspace's .claude/hooks/agent-guard.cjs.

import { dirname, join } from 'node:path';
import { parseStrict } from '../json-edit';
import { powershellHookCommand } from '../quote';
import {
  hookCommandFor,
  checkDirWritable,
  checkNoLinkOutside,
  hookState,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  readIfExists,
  readIfExistsQuiet,
  readLoose,
  readState,
  selfTest,
  targetPaths,
  type Bundle,
  type InstallOptions,
  type Report,
  type SelfTest,
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
import { probeOf, type LivenessProbe } from '../liveness';
import { CLAUDE_CANARY, type CanaryForm } from '../../liveness';

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
            command: hookCommandFor(hook, 'agent-guard sync --host vscode'),
            windows: powershellHookCommand(hook, 'agent-guard sync --host vscode'),
            timeout: HOOK_TIMEOUT_SECONDS,
          },
        ],
      },
    },
    null,
    2,
  )}\n`;
}

/** The command of .github/hooks/agent-guard.json, run on `form` (VS Code's agent and the Copilot CLI read the same file). */
export function vscodeProbes(workspace: string, bundle: Bundle, form: CanaryForm, label = VSCODE_HOOKS_FILE): LivenessProbe[] {
  const text = readIfExistsQuiet(join(workspace, VSCODE_HOOKS_FILE));
  if (text === null || !isOurVsCodeFile(text)) return [];
  const parsed = parseStrict(text);
  const command = parsed.ok ? (parsed.value as { hooks?: { PreToolUse?: { command?: unknown }[] } }).hooks?.PreToolUse?.[0]?.command : undefined;
  if (typeof command !== 'string') return [];
  const expected = (JSON.parse(vscodeHooksFile()) as { hooks: { PreToolUse: { command: string }[] } }).hooks.PreToolUse[0]!.command;
  return [
    probeOf(
      label,
      {
        command,
        expected,
        hookState: hookState(projectPaths(workspace).hookFile, bundle).state,
        hookFile: projectPaths(workspace).hookFile,
        fix: 'agent-guard sync --host vscode',
      },
      form,
      workspace,
      { env: {}, heldBack: [] },
    ),
  ];
}

function isOurVsCodeFile(text: string): boolean {
  return text.includes('agent-guard.cjs');
}

/** An install for VS Code's agent, as one more target of status, sync, uninstall and auto-sync. */
export function vscodeScopeStatus(workspace: string, bundle: Bundle): ScopeStatus | null {
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
    host: 'vscode',
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

/** The workspace's own hook and install state, whatever the scope asked for: VS Code reads only the workspace. */
const projectPaths = (workspace: string) => targetPaths({ workspace, scope: 'project', home: '' });

export function planVsCodeInstall(workspace: string, bundle: Bundle, opts: InstallOptions): FileChange[] {
  if (!isDirectory(workspace)) throw new InstallError(`the workspace ${workspace} is not a folder`);
  const p = projectPaths(workspace);
  // Every check before the first write.
  checkNoLinkOutside({ workspace, scope: 'project', home: '' }, p);
  const file = join(workspace, VSCODE_HOOKS_FILE);
  const existing = readIfExists(file);
  const wanted = vscodeHooksFile();
  if (existing !== null && !isOurVsCodeFile(existing)) throw new InstallError(`${VSCODE_HOOKS_FILE} exists and is not Agent Guard's; refusing to overwrite it`);
  checkDirWritable(p.claudeDir, '.claude');
  checkDirWritable(dirname(p.hookFile), '.claude/hooks');
  if (existing !== wanted) checkDirWritable(dirname(file), '.github/hooks');
  const changes: FileChange[] = [
    { kind: 'clean', paths: p },
    { kind: 'mkdir', dirs: [p.claudeDir, dirname(p.hookFile)] },
    ...hookChanges(p, bundle, opts.force ?? false),
  ];
  if (existing !== wanted) {
    const state = readState(p.stateFile) ?? { version: bundle.version, settings: {} };
    state.settings[VSCODE_STATE_KEY] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
    changes.push(
      { kind: 'mkdir', dirs: [join(workspace, '.github'), join(workspace, '.github/hooks')] },
      {
        kind: 'write',
        file,
        text: wanted,
        line: `${existing === null ? 'wrote' : 'updated'} ${VSCODE_HOOKS_FILE}: VS Code's agent runs the hook before every tool call`,
      },
      stateWrite(p.stateFile, state),
    );
  } else changes.push({ kind: 'note', line: `${VSCODE_HOOKS_FILE} is already in place` });
  return changes;
}

export function planVsCodeUninstall(workspace: string, bundle: Bundle, opts: InstallOptions): FileChange[] {
  const p = projectPaths(workspace);
  const file = join(workspace, VSCODE_HOOKS_FILE);
  const text = readIfExists(file);
  const changes: FileChange[] = [];
  if (text !== null) {
    if (!isOurVsCodeFile(text) && !opts.force) throw new InstallError(`${VSCODE_HOOKS_FILE} is not Agent Guard's; left in place`);
    changes.push({ kind: 'remove', file, line: `removed ${VSCODE_HOOKS_FILE}`, emptyDirs: [join(workspace, '.github/hooks'), join(workspace, '.github')] });
  }
  changes.push(...releaseChanges(p, readState(p.stateFile), VSCODE_STATE_KEY, bundle, opts.force ?? false));
  return changes;
}

/** Is there an Agent Guard file for VS Code's agent (or the Copilot CLI, which reads it too)? */
export function vscodeInstalled(workspace: string): boolean {
  const text = readIfExistsQuiet(join(workspace, VSCODE_HOOKS_FILE));
  return text !== null && isOurVsCodeFile(text);
}

/** Whether VS Code's agent runs the guard: its own file, or the .claude hook with chat.useClaudeHooks. */
export function vscodeHost(workspace: string, s: StatusView, bundle: Bundle): HostStatus {
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
  return { host: 'vscode', runs: vsOk, detail: vsDetail };
}

const vscode: InstallTarget = {
  id: 'vscode',
  name: 'VS Code agent',
  order: 1,
  // The file is the workspace's whatever the scope (--local or --user with --host all write it too).
  scopes: ['project', 'local', 'user'],
  inAll: true,
  describe: () => `${VSCODE_HOOKS_FILE} (VS Code ignores .claude hooks unless chat.useClaudeHooks is on)`,
  files: (place) => [join(place.workspace, VSCODE_HOOKS_FILE)],
  // Sync and uninstall without --host act on it at project scope (the default) only.
  installed: (place) => place.scope === 'project' && vscodeInstalled(place.workspace),
  planInstall: (place, bundle, opts) => planVsCodeInstall(place.workspace, bundle, opts),
  planSync(place, bundle, opts) {
    if (!vscodeInstalled(place.workspace))
      throw new InstallError(`Agent Guard is not installed for VS Code's agent (${VSCODE_HOOKS_FILE}); run agent-guard install --host vscode first`);
    return planVsCodeInstall(place.workspace, bundle, opts);
  },
  planUninstall: (place, bundle, opts) => planVsCodeUninstall(place.workspace, bundle, opts),
  verify(op, place, bundle, opts, report) {
    if (op !== 'install') return;
    if (opts.selfTest !== false) {
      report.selfTest = selfTest(
        projectPaths(place.workspace).hookFile,
        place.workspace,
        hookCommandFor('.claude/hooks/agent-guard.cjs', 'agent-guard sync --host vscode'),
        bundle,
      );
      if (report.selfTest.problem) report.warnings.push(`self-test: ${report.selfTest.problem}`);
    }
    report.warnings.push(...vscodeNeutralizers(place.workspace));
  },
  installs(place, bundle) {
    const s = vscodeScopeStatus(place.workspace, bundle);
    return s ? [s] : [];
  },
  host: (place, bundle, found) => vscodeHost(place.workspace, found, bundle),
  // VS Code runs the command from the workspace root, without CLAUDE_PROJECT_DIR, and reads Claude's reply.
  probes: (place, bundle) => vscodeProbes(place.workspace, bundle, CLAUDE_CANARY),
};
export default vscode;

const here = (workspace: string): Place => ({ workspace, scope: 'project', home: '' });

export function installVsCode(workspace: string, bundle: Bundle, opts: InstallOptions = {}): Report & { selfTest?: SelfTest } {
  return runTarget(vscode, 'install', here(workspace), bundle, opts);
}

export function uninstallVsCode(workspace: string, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  return runTarget(vscode, 'uninstall', here(workspace), bundle, opts);
}

/** VS Code settings (workspace .vscode/settings.json) that keep its agent from running hooks. */
export function vscodeNeutralizers(workspace: string): string[] {
  const out: string[] = [];
  const s = readLoose(join(workspace, '.vscode', 'settings.json'));
  if (s?.['chat.useHooks'] === false) out.push(".vscode/settings.json sets chat.useHooks: false, so VS Code's agent runs no hooks");
  return out;
}

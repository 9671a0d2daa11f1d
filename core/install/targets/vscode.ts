// VS Code's agent: .github/hooks/agent-guard.json, a file of Agent Guard's own, running the
// workspace's .claude/hooks/agent-guard.cjs.

import { dirname, join } from 'node:path';
import { unlinkSync } from 'node:fs';
import { parseStrict } from '../json-edit';
import {
  checkDirWritable,
  checkNoLinkOutside,
  cleanTemps,
  forgetRecord,
  hookState,
  HOOK_TIMEOUT_SECONDS,
  InstallError,
  isDirectory,
  mkdirLevels,
  readIfExists,
  readIfExistsQuiet,
  readLoose,
  readState,
  removeHookFile,
  removeIfEmpty,
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
} from '../installer';
import type { ScopeStatus } from '../status';

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
            command: `if [ -f ${hook} ]; then exec node ${hook}; else echo "agent-guard: ${hook} not found in $(pwd); run: agent-guard sync --host vscode" >&2; exit 1; fi`,
            windows: `if (Test-Path ${hook}) { node ${hook}; exit $LASTEXITCODE } else { [Console]::Error.WriteLine('agent-guard: ${hook} not found; run: agent-guard sync --host vscode'); exit 1 }`,
            timeout: HOOK_TIMEOUT_SECONDS,
          },
        ],
      },
    },
    null,
    2,
  )}\n`;
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

export function installVsCode(workspace: string, bundle: Bundle, opts: InstallOptions = {}): Report & { selfTest?: SelfTest } {
  const report: Report & { selfTest?: SelfTest } = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    if (!isDirectory(workspace)) throw new InstallError(`the workspace ${workspace} is not a folder`);
    const p = targetPaths({ workspace, scope: 'project', home: '' });
    // Every check before the first write.
    checkNoLinkOutside({ workspace, scope: 'project', home: '' }, p);
    const file = join(workspace, VSCODE_HOOKS_FILE);
    const existing = readIfExists(file);
    const wanted = vscodeHooksFile();
    if (existing !== null && !isOurVsCodeFile(existing))
      throw new InstallError(`${VSCODE_HOOKS_FILE} exists and is not Agent Guard's; refusing to overwrite it`);
    checkDirWritable(p.claudeDir, '.claude');
    checkDirWritable(dirname(p.hookFile), '.claude/hooks');
    if (existing !== wanted) checkDirWritable(dirname(file), '.github/hooks');
    cleanTemps(p);
    mkdirLevels([p.claudeDir, dirname(p.hookFile)]);
    writeHookFile(p, bundle, opts.force ?? false, report);
    if (existing !== wanted) {
      mkdirLevels([join(workspace, '.github'), join(workspace, '.github/hooks')]);
      writeAtomic(file, wanted);
      report.lines.push(`${existing === null ? 'wrote' : 'updated'} ${VSCODE_HOOKS_FILE}: VS Code's agent runs the hook before every tool call`);
      const state = readState(p.stateFile) ?? { version: bundle.version, settings: {} };
      state.settings[VSCODE_STATE_KEY] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
      writeState(p.stateFile, state);
    } else report.lines.push(`${VSCODE_HOOKS_FILE} is already in place`);
    if (opts.selfTest !== false) {
      report.selfTest = selfTest(p.hookFile, workspace);
      if (report.selfTest.problem) report.warnings.push(`self-test: ${report.selfTest.problem}`);
    }
    report.warnings.push(...vscodeNeutralizers(workspace));
  });
}

export function uninstallVsCode(workspace: string, bundle: Bundle, opts: { force?: boolean } = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  return runReport(report, () => {
    const p = targetPaths({ workspace, scope: 'project', home: '' });
    const file = join(workspace, VSCODE_HOOKS_FILE);
    const text = readIfExists(file);
    if (text !== null) {
      if (!isOurVsCodeFile(text) && !opts.force) throw new InstallError(`${VSCODE_HOOKS_FILE} is not Agent Guard's; left in place`);
      unlinkSync(file);
      removeIfEmpty(join(workspace, '.github/hooks'));
      removeIfEmpty(join(workspace, '.github'));
      report.lines.push(`removed ${VSCODE_HOOKS_FILE}`);
    }
    if (!forgetRecord(p.stateFile, readState(p.stateFile), VSCODE_STATE_KEY)) removeHookFile(p, bundle, opts.force ?? false, report);
  });
}

/** VS Code settings (workspace .vscode/settings.json) that keep its agent from running hooks. */
export function vscodeNeutralizers(workspace: string): string[] {
  const out: string[] = [];
  const s = readLoose(join(workspace, '.vscode', 'settings.json'));
  if (s?.['chat.useHooks'] === false) out.push(".vscode/settings.json sets chat.useHooks: false, so VS Code's agent runs no hooks");
  return out;
}

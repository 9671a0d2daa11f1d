// Managed settings: the org-wide, tamper-proof form. Claude Code reads a policy folder per OS
// (../shared/reference/claude-code.md §2.1): macOS /Library/Application Support/ClaudeCode,
// Linux/WSL /etc/claude-code, Windows C:\Program Files\ClaudeCode; managed-settings.json there and
// then managed-settings.d/*.json in name order. Managed hooks run whatever the user, project or
// local settings say (their disableAllHooks cannot switch them off), and allowManagedHooksOnly
// makes them the only hooks that run.
//
// Agent Guard writes a drop-in, managed-settings.d/agent-guard.json, never the org's own
// managed-settings.json, and the hook beside it in hooks/agent-guard.cjs, referenced by its
// absolute path (no CLAUDE_PROJECT_DIR: one copy serves every project on the machine).

import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync, chmodSync, rmdirSync, readdirSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { parseStrict } from '../json-edit';
import { findOurHandlers, SECRET_DENY_RULES } from '../settings';
import { shQuote } from '../quote';
import { HOOK_TIMEOUT_SECONDS, hookCommandFor, hookState, stampHook, type Bundle, type HookState, type Report } from '../installer';

export type ManagedPlatform = 'darwin' | 'linux' | 'win32';

export function policyDir(platform: ManagedPlatform): string {
  return platform === 'darwin' ? '/Library/Application Support/ClaudeCode' : platform === 'win32' ? 'C:\\Program Files\\ClaudeCode' : '/etc/claude-code';
}

export interface ManagedPaths {
  dir: string;
  /** The org's own file: read for status, never written. */
  settingsFile: string;
  dropIn: string;
  hookFile: string;
}

export function managedPaths(platform: ManagedPlatform, dir = policyDir(platform)): ManagedPaths {
  const p = platform === 'win32' ? win32 : posix;
  return {
    dir,
    settingsFile: p.join(dir, 'managed-settings.json'),
    dropIn: p.join(dir, 'managed-settings.d', 'agent-guard.json'),
    hookFile: p.join(dir, 'hooks', 'agent-guard.cjs'),
  };
}

export interface ManagedOptions {
  denyRules?: boolean;
  /** Add allowManagedHooksOnly: true (only managed hooks run: user, project, local and plugin hooks do not). */
  managedHooksOnly?: boolean;
}

/** The hook command at the absolute path, quoted for sh; a missing file names the managed fix. */
export function managedHookCommand(hookFile: string): string {
  return hookCommandFor(shQuote(hookFile.replace(/\\/g, '/'))).replace('run: agent-guard sync', 'run: sudo agent-guard install --managed --write');
}

/** The drop-in's text: the hook at its absolute path (forward slashes: sh and Git Bash both take them). */
export function managedSettingsText(paths: ManagedPaths, opts: ManagedOptions = {}): string {
  const settings: Record<string, unknown> = {
    hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: managedHookCommand(paths.hookFile), timeout: HOOK_TIMEOUT_SECONDS }] }] },
  };
  if (opts.denyRules !== false) settings.permissions = { deny: [...SECRET_DENY_RULES] };
  if (opts.managedHooksOnly) settings.allowManagedHooksOnly = true;
  return `${JSON.stringify(settings, null, 2)}\n`;
}

export const MANAGED_HOOKS_ONLY_NOTE =
  'allowManagedHooksOnly: true (add it with --managed-hooks-only) makes managed hooks the only ones that run: user, project, local and plugin hooks are ignored (plugins force-enabled in managed enabledPlugins excepted). Agent Guard still runs from here; a project copy of it becomes redundant, and so does any other hook your developers rely on.';

/** What `install --managed` explains (on stderr; stdout carries the file itself, for an MDM payload). */
export function describeManaged(paths: ManagedPaths, platform: ManagedPlatform, version: string): string {
  const os = platform === 'darwin' ? 'macOS' : platform === 'win32' ? 'Windows' : 'Linux/WSL';
  return [
    `Managed settings for ${os}: Claude Code reads ${paths.settingsFile}, then ${paths.dropIn.replace(/agent-guard\.json$/, '*.json')} in name order.`,
    `The settings printed on stdout go to ${paths.dropIn} (the org's own managed-settings.json is not touched);`,
    `it runs ${paths.hookFile}, a copy of the bundled hook (agent-guard ${version}), owned by root and not writable by users.`,
    `Write both with: sudo agent-guard install --managed --write   (or deploy them with your MDM).`,
    `Managed hooks run whatever the user, project or local settings say: their disableAllHooks does not switch them off,`,
    `so an agent that edits .claude/settings.json cannot turn the guard off.`,
    MANAGED_HOOKS_ONLY_NOTE,
    '',
  ].join('\n');
}

function writeFile(file: string, text: string, mode: number): void {
  const tmp = `${file}.agent-guard-${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode, flag: 'wx' }); // never through a link left at that name
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

function mkdirOne(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o755 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

function failure(err: unknown, paths: ManagedPaths): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM'
    ? `cannot write to ${paths.dir} (${code}): managed settings belong to root; run it with sudo (or as an administrator)`
    : `cannot write managed settings in ${paths.dir}: ${code ?? (err as Error).message}`;
}

export function installManaged(paths: ManagedPaths, bundle: Bundle, opts: ManagedOptions = {}): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  const existing = existsSync(paths.dropIn) ? readFileSync(paths.dropIn, 'utf8') : null;
  if (existing !== null && !existing.includes('agent-guard.cjs'))
    return { ...report, error: `${paths.dropIn} exists and is not Agent Guard's; refusing to overwrite it` };
  try {
    const p = paths.dir.includes('\\') ? win32 : posix;
    for (const d of [paths.dir, p.dirname(paths.hookFile), p.dirname(paths.dropIn)]) mkdirOne(d);
    if (hookState(paths.hookFile, bundle).state !== 'current') {
      writeFile(paths.hookFile, stampHook(bundle), 0o644);
      report.lines.push(`wrote ${paths.hookFile} (agent-guard ${bundle.version})`);
    }
    const text = managedSettingsText(paths, opts);
    if (existing !== text) {
      writeFile(paths.dropIn, text, 0o644);
      report.lines.push(
        `${existing === null ? 'wrote' : 'updated'} ${paths.dropIn}: a managed PreToolUse hook for every tool${opts.denyRules === false ? '' : `, ${SECRET_DENY_RULES.length} deny rules for secret files`}${opts.managedHooksOnly ? ', allowManagedHooksOnly' : ''}`,
      );
    } else report.lines.push(`${paths.dropIn} is already in place`);
  } catch (err) {
    return { ...report, error: failure(err, paths) };
  }
  if (!opts.managedHooksOnly) report.lines.push(`note: ${MANAGED_HOOKS_ONLY_NOTE}`);
  return { ...report, ok: true };
}

export function uninstallManaged(paths: ManagedPaths, bundle: Bundle): Report {
  const report: Report = { ok: false, lines: [], warnings: [] };
  try {
    const text = existsSync(paths.dropIn) ? readFileSync(paths.dropIn, 'utf8') : null;
    if (text !== null && !text.includes('agent-guard.cjs')) return { ...report, error: `${paths.dropIn} is not Agent Guard's; left in place` };
    if (text !== null) {
      unlinkSync(paths.dropIn);
      report.lines.push(`removed ${paths.dropIn}`);
    }
    const hs = hookState(paths.hookFile, bundle).state;
    if (hs === 'modified' || hs === 'foreign') report.warnings.push(`${paths.hookFile} was changed by hand; left in place`);
    else if (hs !== 'missing') {
      unlinkSync(paths.hookFile);
      report.lines.push(`removed ${paths.hookFile}`);
    }
    for (const d of [paths.hookFile, paths.dropIn].map((f) => (paths.dir.includes('\\') ? win32 : posix).dirname(f))) {
      try {
        if (readdirSync(d).length === 0) rmdirSync(d);
      } catch {
        /* not empty or gone */
      }
    }
  } catch (err) {
    return { ...report, error: failure(err, paths) };
  }
  if (report.lines.length === 0) report.lines.push(`no managed Agent Guard install in ${paths.dir}`);
  return { ...report, ok: true };
}

export interface ManagedStatus {
  /** The managed file that carries the Agent Guard hook. */
  file: string;
  hookFile: string | null;
  hook: HookState;
  hookVersion: string | null;
}

/** The Agent Guard hook in any managed settings file, and the state of the hook file it runs. */
export function managedStatus(files: string[], bundle: Bundle): ManagedStatus | null {
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const parsed = parseStrict(text);
    if (!parsed.ok) continue;
    const ours = findOurHandlers(parsed.value)[0];
    if (!ours) continue;
    const m = /^f=(?:"([^"]+agent-guard\.cjs)"|'((?:[^']|'\\'')+agent-guard\.cjs)');/.exec(ours.command);
    const hookFile = m ? (m[1] ?? m[2]!.replace(/'\\''/g, "'")) : null;
    const hs = hookFile ? hookState(hookFile, bundle) : { state: 'missing' as HookState, version: null };
    return { file, hookFile, hook: hs.state, hookVersion: hs.version };
  }
  return null;
}

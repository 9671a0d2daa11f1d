// Managed settings: the org-wide, tamper-proof form. Claude Code reads a policy folder per OS
// (Claude Code's managed-settings documentation, code.claude.com/docs/en/managed-settings): macOS /Library/Application Support/ClaudeCode,
// Linux/WSL /etc/claude-code, Windows C:\Program Files\ClaudeCode; managed-settings.json there and
// then managed-settings.d/*.json in name order. Managed hooks run whatever the user, project or
// local settings say (their disableAllHooks cannot switch them off), and allowManagedHooksOnly
// makes them the only hooks that run.
//
// Agent Guard writes a drop-in, managed-settings.d/agent-guard.json, never the org's own
// managed-settings.json, and the hook beside it in hooks/agent-guard.cjs, referenced by its
// absolute path (no CLAUDE_PROJECT_DIR: one copy serves every project on the machine).

import { existsSync, readFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { parseStrict } from '../json-edit';
import { findOurHandlers, SECRET_DENY_RULES } from '../settings';
import { shQuote } from '../quote';
import { HOOK_TIMEOUT_SECONDS, hookCommandFor, hookState, InstallError, stampHook, type Bundle, type HookState, type Report } from '../installer';
import type { FileChange, InstallTarget, ManagedPaths, Place } from '../target';
export type { ManagedPaths };
import { runTarget } from '../apply';
import { claudeHookEnv, claudeSessionCheck, probeOf, SESSION_CHECK_TIMEOUT_SECONDS } from '../liveness';
import { CLAUDE_CANARY } from '../../liveness';
import { managedSettingsFiles } from '../installer';

export type ManagedPlatform = 'darwin' | 'linux' | 'win32';

export function policyDir(platform: ManagedPlatform): string {
  return platform === 'darwin' ? '/Library/Application Support/ClaudeCode' : platform === 'win32' ? 'C:\\Program Files\\ClaudeCode' : '/etc/claude-code';
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
  return hookCommandFor(shQuote(hookFile.replace(/\\/g, '/')), 'sudo agent-guard install --managed --write');
}

/** The drop-in's text: the hook at its absolute path (forward slashes: sh and Git Bash both take them). */
export function managedSettingsText(paths: ManagedPaths, opts: ManagedOptions = {}): string {
  const settings: Record<string, unknown> = {
    hooks: {
      PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: managedHookCommand(paths.hookFile), timeout: HOOK_TIMEOUT_SECONDS }] }],
      // The session-start check (liveness.ts): a session whose hook cannot run says so at once.
      SessionStart: [{ hooks: [{ type: 'command', command: claudeSessionCheck(managedHookCommand(paths.hookFile)), timeout: SESSION_CHECK_TIMEOUT_SECONDS }] }],
    },
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

function failure(err: unknown, paths: ManagedPaths): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM'
    ? `cannot write to ${paths.dir} (${code}): managed settings belong to root; run it with sudo (or as an administrator)`
    : `cannot write managed settings in ${paths.dir}: ${code ?? (err as Error).message}`;
}

const pathApi = (paths: ManagedPaths) => (paths.dir.includes('\\') ? win32 : posix);

function readDropIn(paths: ManagedPaths): string | null {
  return existsSync(paths.dropIn) ? readFileSync(paths.dropIn, 'utf8') : null;
}

function planManagedInstall(paths: ManagedPaths, bundle: Bundle, opts: ManagedOptions): FileChange[] {
  const existing = readDropIn(paths);
  if (existing !== null && !existing.includes('agent-guard.cjs'))
    throw new InstallError(`${paths.dropIn} exists and is not Agent Guard's; refusing to overwrite it`);
  const p = pathApi(paths);
  // Root-owned: each temp name created fresh (never through a link left there), mode 0644.
  const changes: FileChange[] = [{ kind: 'mkdir', dirs: [paths.dir, p.dirname(paths.hookFile), p.dirname(paths.dropIn)], raw: true }];
  if (hookState(paths.hookFile, bundle).state !== 'current')
    changes.push({
      kind: 'write',
      file: paths.hookFile,
      text: stampHook(bundle),
      exclusive: { mode: 0o644 },
      line: `wrote ${paths.hookFile} (agent-guard ${bundle.version})`,
    });
  const text = managedSettingsText(paths, opts);
  if (existing !== text)
    changes.push({
      kind: 'write',
      file: paths.dropIn,
      text,
      exclusive: { mode: 0o644 },
      line: `${existing === null ? 'wrote' : 'updated'} ${paths.dropIn}: a managed PreToolUse hook for every tool${opts.denyRules === false ? '' : `, ${SECRET_DENY_RULES.length} deny rules for secret files`}${opts.managedHooksOnly ? ', allowManagedHooksOnly' : ''}`,
    });
  else changes.push({ kind: 'note', line: `${paths.dropIn} is already in place` });
  if (!opts.managedHooksOnly) changes.push({ kind: 'note', line: `note: ${MANAGED_HOOKS_ONLY_NOTE}` });
  return changes;
}

function planManagedUninstall(paths: ManagedPaths, bundle: Bundle): FileChange[] {
  const text = readDropIn(paths);
  if (text !== null && !text.includes('agent-guard.cjs')) throw new InstallError(`${paths.dropIn} is not Agent Guard's; left in place`);
  const p = pathApi(paths);
  const changes: FileChange[] = [];
  if (text !== null) changes.push({ kind: 'remove', file: paths.dropIn, line: `removed ${paths.dropIn}` });
  const hs = hookState(paths.hookFile, bundle).state;
  if (hs === 'modified' || hs === 'foreign') changes.push({ kind: 'note', warning: `${paths.hookFile} was changed by hand; left in place` });
  else if (hs !== 'missing') changes.push({ kind: 'remove', file: paths.hookFile, line: `removed ${paths.hookFile}` });
  if (!changes.some((c) => c.kind === 'remove')) changes.push({ kind: 'note', line: `no managed Agent Guard install in ${paths.dir}` });
  changes.push({ kind: 'prune', dirs: [p.dirname(paths.hookFile), p.dirname(paths.dropIn)] });
  return changes;
}

/** The options the drop-in was written with, so that a sync keeps them. */
function installedOptions(text: string): ManagedOptions {
  const parsed = parseStrict(text);
  const v = parsed.ok ? (parsed.value as Record<string, unknown>) : {};
  return { denyRules: typeof v.permissions === 'object' && v.permissions !== null, managedHooksOnly: v.allowManagedHooksOnly === true };
}

function need(place: Place): ManagedPaths {
  if (!place.managed) throw new InstallError('managed settings need their folder (install --managed --write)');
  return place.managed;
}

const managed: InstallTarget = {
  id: 'managed',
  name: 'managed settings',
  order: 10,
  scopes: [],
  inAll: false,
  describe: (place) => `${need(place).dropIn} and ${need(place).hookFile} (root-owned: every project on the machine)`,
  files: (place) => [need(place).dropIn, need(place).hookFile],
  installed: (place) => !!place.managed && (readDropIn(place.managed) ?? '').includes('agent-guard.cjs'),
  planInstall: (place, bundle, opts) => planManagedInstall(need(place), bundle, opts),
  planSync(place, bundle) {
    const paths = need(place);
    const text = readDropIn(paths);
    if (text === null || !text.includes('agent-guard.cjs'))
      throw new InstallError(`Agent Guard is not installed in managed settings (${paths.dropIn}); run sudo agent-guard install --managed --write first`);
    return planManagedInstall(paths, bundle, installedOptions(text));
  },
  planUninstall: (place, bundle) => planManagedUninstall(need(place), bundle),
  describeError: (err, place) => (err instanceof InstallError ? null : failure(err, need(place))),
  // Status reads every managed settings file (managedStatus), not only the drop-in.
  installs: () => [],
  // Managed hooks run in every project: run the managed entry's command here, as Claude Code would.
  probes(place, bundle) {
    const files = place.managed ? managedSettingsFiles(undefined, place.managed.dir) : managedSettingsFiles();
    const m = managedStatus(files, bundle);
    if (!m) return [];
    const parsed = parseStrict(readFileSync(m.file, 'utf8'));
    const ours = parsed.ok ? findOurHandlers(parsed.value)[0] : undefined;
    if (!ours || !m.hookFile) return [];
    return [
      probeOf(
        `managed settings ${m.file}`,
        {
          command: ours.command,
          expected: managedHookCommand(m.hookFile),
          hookState: m.hook,
          hookFile: m.hookFile,
          fix: 'sudo agent-guard install --managed --write',
        },
        CLAUDE_CANARY,
        place.workspace,
        claudeHookEnv(place.workspace, join(place.configDir || join(place.home, '.claude'), 'settings.json'), files),
      ),
    ];
  },
};
export default managed;

export function installManaged(paths: ManagedPaths, bundle: Bundle, opts: ManagedOptions = {}): Report {
  return runTarget(managed, 'install', { workspace: '', scope: 'user', home: '', managed: paths }, bundle, opts);
}

export function uninstallManaged(paths: ManagedPaths, bundle: Bundle): Report {
  return runTarget(managed, 'uninstall', { workspace: '', scope: 'user', home: '', managed: paths }, bundle);
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

// The Claude Code plugin form of Agent Guard (.claude-plugin/plugin.json + hooks/hooks.json at the
// package root), as `status` sees it: which agent-guard plugins Claude Code has installed
// (<config dir>/plugins/installed_plugins.json) and whether they are enabled (enabledPlugins in the
// user, project and local settings; later layers win) with their hook file in place.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { hookCommand, HOOK_TIMEOUT_SECONDS, InstallError, managedSettingsFiles } from '../installer';
import type { InstallTarget } from '../target';
import { claudeHookEnv, claudeSessionCheck, probeOf, SESSION_CHECK_TIMEOUT_SECONDS, type LivenessProbe } from '../liveness';
import { CLAUDE_CANARY } from '../../liveness';

export const PLUGIN_NAME = 'agent-guard';
/** Where the plugin's hook runs from, relative to the plugin root (hooks/hooks.json). */
export const PLUGIN_HOOK = 'dist/hook.cjs';

/** The plugin's PreToolUse command (hooks/hooks.json): the installer's hardened form, at the plugin's own copy of the hook. */
export const PLUGIN_HOOK_COMMAND = hookCommand(`\${CLAUDE_PLUGIN_ROOT}/${PLUGIN_HOOK}`, 'claude plugin marketplace update, then restart Claude Code');

/** hooks/hooks.json as this version ships it (a test holds the file to this): the hook and its session-start check. */
export function pluginHooksFile(): string {
  return `${JSON.stringify(
    {
      description: 'Agent Guard: every tool call goes through the bundled hook before it runs; each session starts by checking that it does.',
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: PLUGIN_HOOK_COMMAND, timeout: HOOK_TIMEOUT_SECONDS }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: claudeSessionCheck(PLUGIN_HOOK_COMMAND), timeout: SESSION_CHECK_TIMEOUT_SECONDS }] }],
      },
    },
    null,
    2,
  )}\n`;
}

/** An enabled plugin's hook, run as Claude Code runs it (CLAUDE_PLUGIN_ROOT set): only this version's command and bytes. */
function pluginProbes(workspace: string, claudeDir: string, hookSource: string): LivenessProbe[] {
  const out: LivenessProbe[] = [];
  for (const p of pluginInstalls(workspace, claudeDir)) {
    if (!p.enabled || !p.hookPresent) continue;
    const hooks = readJson(join(p.installPath, 'hooks', 'hooks.json'))?.hooks as { PreToolUse?: { hooks?: { command?: unknown }[] }[] } | undefined;
    const command = (hooks?.PreToolUse ?? [])
      .flatMap((g) => g.hooks ?? [])
      .find((h) => typeof h.command === 'string' && h.command.includes(PLUGIN_HOOK))?.command;
    if (typeof command !== 'string') continue;
    let same = false;
    try {
      same = readFileSync(join(p.installPath, PLUGIN_HOOK), 'utf8') === hookSource;
    } catch {
      same = false;
    }
    const env = claudeHookEnv(workspace, join(claudeDir, 'settings.json'), managedSettingsFiles());
    out.push(
      probeOf(
        `Claude Code plugin ${p.id}`,
        {
          command,
          expected: PLUGIN_HOOK_COMMAND,
          hookState: same ? 'current' : 'outdated',
          fix: PLUGIN_COMMANDS.updated!,
          hookFile: join(p.installPath, PLUGIN_HOOK),
        },
        CLAUDE_CANARY,
        workspace,
        { ...env, env: { ...env.env, CLAUDE_PLUGIN_ROOT: p.installPath } },
      ),
    );
  }
  return out;
}

export interface PluginInstall {
  /** `agent-guard@<marketplace>`. */
  id: string;
  scope: string;
  version: string | null;
  installPath: string;
  enabled: boolean;
  /** hooks/hooks.json and the hook file exist in the install. */
  hookPresent: boolean;
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const v = parseLoose(readFileSync(file, 'utf8')) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** enabledPlugins[id] across user < project < local settings: the last layer that says wins. */
function enabledIn(id: string, layers: (Record<string, unknown> | null)[]): boolean | undefined {
  let out: boolean | undefined;
  for (const l of layers) {
    const v = (l?.enabledPlugins as Record<string, unknown> | undefined)?.[id];
    if (typeof v === 'boolean') out = v;
  }
  return out;
}

export function pluginInstalls(workspace: string, claudeDir: string): PluginInstall[] {
  const registry = readJson(join(claudeDir, 'plugins', 'installed_plugins.json'));
  const plugins = registry?.plugins;
  if (typeof plugins !== 'object' || plugins === null) return [];
  const layers = [
    readJson(join(claudeDir, 'settings.json')),
    readJson(join(workspace, '.claude', 'settings.json')),
    readJson(join(workspace, '.claude', 'settings.local.json')),
  ];
  const out: PluginInstall[] = [];
  for (const [id, entries] of Object.entries(plugins as Record<string, unknown>)) {
    if (!id.startsWith(`${PLUGIN_NAME}@`) || !Array.isArray(entries)) continue;
    for (const e of entries as Record<string, unknown>[]) {
      const installPath = typeof e?.installPath === 'string' ? e.installPath : null;
      if (!installPath) continue;
      // A project-scoped install counts only in its own project.
      if (typeof e.projectPath === 'string' && e.projectPath !== workspace) continue;
      out.push({
        id,
        scope: typeof e.scope === 'string' ? e.scope : 'user',
        version: typeof e.version === 'string' ? e.version : null,
        installPath,
        enabled: enabledIn(id, layers) === true,
        hookPresent: existsSync(join(installPath, 'hooks', 'hooks.json')) && existsSync(join(installPath, PLUGIN_HOOK)),
      });
    }
  }
  return out;
}

export function describePlugin(p: PluginInstall): string {
  const state = !p.enabled
    ? `installed but disabled (claude plugin enable ${p.id})`
    : p.hookPresent
      ? 'enabled'
      : `enabled, but ${PLUGIN_HOOK} is missing from ${p.installPath}`;
  return `Claude Code plugin ${p.id}${p.version ? ` ${p.version}` : ''} (${p.scope} scope): ${state}`;
}

/** Claude Code installs, updates and removes the plugin itself: Agent Guard only says how. */
function byClaudeCode(what: string): never {
  throw new InstallError(`the Claude Code plugin is ${what} by Claude Code: ${PLUGIN_COMMANDS[what]}`);
}

const PLUGIN_COMMANDS: Record<string, string> = {
  installed: 'claude plugin install agent-guard --marketplace agent-guard/agent-guard',
  updated: 'claude plugin marketplace update, then restart Claude Code',
  removed: 'claude plugin uninstall agent-guard',
};

const plugin: InstallTarget = {
  id: 'plugin',
  name: 'Claude Code plugin',
  order: 11,
  scopes: [],
  inAll: false,
  describe: () => `the agent-guard plugin (${PLUGIN_COMMANDS.installed})`,
  files: () => [],
  installed: (place) => pluginInstalls(place.workspace, place.configDir || join(place.home, '.claude')).length > 0,
  planInstall: () => byClaudeCode('installed'),
  planSync: () => byClaudeCode('updated'),
  planUninstall: () => byClaudeCode('removed'),
  // Status lists the plugin's installs on their own (StatusReport.plugins).
  installs: () => [],
  probes: (place, bundle) => pluginProbes(place.workspace, place.configDir || join(place.home, '.claude'), bundle.hookSource),
};
export default plugin;

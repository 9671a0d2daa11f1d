// Where the guard's own files are for one call: the hook file, the settings files of every host
// and scope (project, local, user, managed and its drop-in folder), plugin installs, the
// configuration and decision log, each as an absolute path, built once per workspace and home.
// guard-tamper judges writes, deletes and moves against this layout.

import type { GuardContext } from '../types';
import { PLUGIN_ID } from '../hook-settings';
import { dirname, isSameOrAncestor } from '../../paths';

/** Where managed (org-wide) Claude Code settings live, per OS; a `managed-settings.d/` folder beside each. */
const MANAGED_DIRS = ['/etc/claude-code', '/Library/Application Support/ClaudeCode', 'C:/Program Files/ClaudeCode'];

export interface Layout {
  /** Files and folders that are part of the guard: any write or delete is tamper. */
  guard: string[];
  /** Settings files that hold (or can switch off) the hook entry: judged by what the change does to it. */
  settings: string[];
  /** `managed-settings.d/` folders: every file in them is a settings file. */
  settingsDirs: string[];
  /** The config folders around them: deleting or replacing a folder inside one that holds a guard file is tamper (deleting the project or home is rm-catastrophic's). */
  containers: string[];
  /** The protected paths and the folders leading to them inside their containers: what a glob or a find could select. */
  candidates: string[];
  /** The two .claude folders: the hook runs from one of them, so their guard files are taken to exist. */
  claude: string[];
  /** The hook's code cache: writes there are tamper, deleting it is not. */
  cache: string;
}

/** The last layout built: it depends on the folders in its key only, and lint judges hundreds of commands in one workspace. */
let lastLayout: { key: string; layout: Layout } | null = null;

/**
 * Where Claude Code keeps Agent Guard's plugin when it is installed as one:
 * ~/.claude/plugins/cache/<marketplace>/agent-guard (a folder listing, not a file read: lint keeps
 * verdicts that depend only on names).
 */
function pluginInstallPaths(marketplaceDirs: readonly string[]): string[] {
  return marketplaceDirs.slice(0, 32).map((m) => `${m}/${PLUGIN_ID.slice(0, -1)}`);
}

export function layout(ctx: GuardContext): Layout {
  const { trust, cache, claudeConfig } = ctx.places;
  // Claude Code's user folder: ~/.claude, and where CLAUDE_CONFIG_DIR moves it (the hook's environment is the agent's).
  const users = [...new Set([`${ctx.home}/.claude`, claudeConfig])];
  const marketplaces = users.flatMap((u) => ctx.listDir(`${u}/plugins/cache`).map((m) => `${u}/plugins/cache/${m}`));
  const key = [ctx.projectDir, ctx.home, trust, cache, claudeConfig, ...marketplaces].join('\0');
  if (lastLayout?.key !== key) lastLayout = { key, layout: buildLayout(ctx, users, marketplaces) };
  return lastLayout.layout;
}

function buildLayout(ctx: GuardContext, users: readonly string[], marketplaces: readonly string[]): Layout {
  const p = ctx.projectDir;
  const h = ctx.home;
  const guard: string[] = [];
  for (const base of [`${p}/.claude`, ...users]) {
    // agent-guard/: the decision log and install backups (a link planted there could redirect the log's writes).
    guard.push(`${base}/hooks/agent-guard.cjs`, `${base}/hooks/agent-guard.install.json`, `${base}/guards`, `${base}/agent-guard`);
  }
  guard.push(`${p}/.claude/agent-guard.json`);
  // The user's consent for workspace guards and configuration (core/trust.ts): where the hook reads
  // it (XDG_CONFIG_HOME, %APPDATA%), and the default place.
  guard.push(...new Set([ctx.places.trust, `${h}/.config/agent-guard`]));
  // The hook's compiled-code cache (scripts/code-cache-loader.js; XDG_CACHE_HOME moves it): V8 does
  // not check that cached code matches its source, so a planted cache file would run in the hook.
  const cache = ctx.places.cache;
  guard.push(cache);
  // The other hosts' hook files of Agent Guard's own (VS Code and the Copilot CLI; OpenCode's plugin),
  // and Codex's config, which holds the hook's trust record and the switch that turns hooks off.
  guard.push(
    `${p}/.github/hooks/agent-guard.json`,
    `${h}/.copilot/hooks/agent-guard.json`,
    `${p}/.opencode/plugins/agent-guard.js`,
    `${h}/.config/opencode/plugins/agent-guard.js`,
    `${p}/.kilo/plugins/agent-guard.js`,
    `${h}/.config/kilo/plugins/agent-guard.js`,
    // Cline runs every program named PreToolUse in its hook folders: ours is one of them.
    `${p}/.clinerules/hooks/PreToolUse`,
    `${h}/.cline/hooks/PreToolUse`,
    `${p}/.codex/config.toml`,
    `${h}/.codex/config.toml`,
  );
  // Claude Code's plugin registry: which plugins (Agent Guard's, when installed as one) load at all,
  // and the plugin itself.
  for (const u of users) guard.push(`${u}/plugins/installed_plugins.json`, `${u}/plugins/known_marketplaces.json`);
  guard.push(...pluginInstallPaths(marketplaces));
  const settings = [
    `${p}/.claude/settings.json`,
    `${p}/.claude/settings.local.json`,
    ...users.map((u) => `${u}/settings.json`),
    `${p}/.gemini/settings.json`,
    `${h}/.gemini/settings.json`,
    // Codex's and Cursor's hooks files: shared with the person's own hooks, judged like settings.
    `${p}/.codex/hooks.json`,
    `${h}/.codex/hooks.json`,
    `${p}/.cursor/hooks.json`,
    `${h}/.cursor/hooks.json`,
    // Qwen Code's settings and droid's hooks files hold Claude Code's form of the entry.
    `${p}/.qwen/settings.json`,
    `${h}/.qwen/settings.json`,
    `${p}/.factory/hooks.json`,
    `${h}/.factory/hooks.json`,
    ...MANAGED_DIRS.map((d) => `${d}/managed-settings.json`),
  ];
  const settingsDirs = MANAGED_DIRS.map((d) => `${d}/managed-settings.d`);
  const containers = [
    `${p}/.claude`,
    ...users,
    `${p}/.github`,
    `${h}/.copilot`,
    `${p}/.gemini`,
    `${h}/.gemini`,
    `${p}/.codex`,
    `${h}/.codex`,
    `${p}/.cursor`,
    `${h}/.cursor`,
    `${p}/.opencode`,
    `${h}/.config/opencode`,
    `${p}/.kilo`,
    `${h}/.config/kilo`,
    `${p}/.clinerules`,
    `${h}/.cline`,
    `${p}/.qwen`,
    `${h}/.qwen`,
    `${p}/.factory`,
    `${h}/.factory`,
    ...new Set([ctx.places.trust, `${h}/.config/agent-guard`]),
    ...MANAGED_DIRS,
  ];
  const l = { guard, settings, settingsDirs, containers, candidates: [] as string[], claude: [`${p}/.claude`, ...users], cache };
  l.candidates = candidates(l);
  return l;
}

export function isSettings(l: Layout, path: string): boolean {
  return l.settings.includes(path) || (path.endsWith('.json') && l.settingsDirs.some((d) => isSameOrAncestor(d, path) && path !== d));
}

/** Every protected path, guard files and settings alike. */
export function all(l: Pick<Layout, 'guard' | 'settings' | 'settingsDirs'>): string[] {
  return [...l.guard, ...l.settings, ...l.settingsDirs];
}

export function candidates(l: Omit<Layout, 'candidates' | 'claude'>): string[] {
  const out = new Set<string>();
  for (const p of all(l)) {
    const c = l.containers.find((d) => isSameOrAncestor(d, p));
    for (let q = p; c && isSameOrAncestor(c, q); q = dirname(q)) {
      out.add(q);
      if (q === c) break;
    }
    if (!c) out.add(p);
  }
  return [...out];
}

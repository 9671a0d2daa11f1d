// `.claude/agent-guard.json`: optional per-workspace settings. A bad file never breaks the hook:
// it is reported on one stderr line and the defaults apply.

export type GuardMode = 'deny' | 'ask' | 'off';

export interface GuardConfig {
  /** Per guard id: deny (default), ask (Claude Code asks the human), off. */
  guards: Record<string, GuardMode>;
  /** Branch names or globs (`release/*`) that must never be rewritten or deleted on a remote. */
  protectedBranches: string[];
  /** Extra secret-file globs (minimatch, matched against the path relative to the project and the basename); `!glob` exempts. */
  secretFiles: string[];
  /** Folders (relative to the project) whose committed files are applied migrations. */
  migrationDirs: string[];
  /** Folders outside the project where the agent may write (absolute or ~/…); /tmp is always allowed. */
  allowedWriteRoots: string[];
  /** open (default): an internal error or unreadable input is "no opinion". closed: it denies. */
  failMode: 'open' | 'closed';
}

export const DEFAULT_CONFIG: GuardConfig = {
  guards: {},
  protectedBranches: ['main', 'master', 'trunk', 'develop', 'development', 'production', 'prod', 'release/*', 'releases/*'],
  secretFiles: [],
  migrationDirs: ['migrations', 'db/migrate', 'db/migrations', 'prisma/migrations', 'alembic/versions', 'priv/repo/migrations', 'database/migrations', 'supabase/migrations', 'drizzle', 'src/migrations', 'migrate'],
  allowedWriteRoots: [],
  failMode: 'open',
};

export const CONFIG_FILE = '.claude/agent-guard.json';

/** Validates parsed JSON; returns the merged config and human-readable problems. */
export function parseConfig(raw: unknown): { config: GuardConfig; problems: string[] } {
  const problems: string[] = [];
  const config: GuardConfig = { ...DEFAULT_CONFIG, guards: {} };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { config, problems: ['the file must hold a JSON object'] };
  }
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!['$schema', 'guards', 'protectedBranches', 'secretFiles', 'migrationDirs', 'allowedWriteRoots', 'failMode'].includes(key)) problems.push(`unknown key "${key}"`);
  }
  if (o.guards !== undefined) {
    if (typeof o.guards !== 'object' || o.guards === null || Array.isArray(o.guards)) problems.push('"guards" must be an object of guard id → "deny" | "ask" | "off"');
    else
      for (const [id, mode] of Object.entries(o.guards)) {
        if (mode === 'deny' || mode === 'ask' || mode === 'off') config.guards[id] = mode;
        else problems.push(`guards.${id} must be "deny", "ask" or "off"`);
      }
  }
  for (const key of ['protectedBranches', 'secretFiles', 'migrationDirs', 'allowedWriteRoots'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
      config[key] = key === 'secretFiles' ? (v as string[]) : [...(v as string[])];
    } else problems.push(`"${key}" must be an array of strings`);
  }
  if (o.failMode !== undefined) {
    if (o.failMode === 'open' || o.failMode === 'closed') config.failMode = o.failMode;
    else problems.push('"failMode" must be "open" or "closed"');
  }
  return { config, problems };
}

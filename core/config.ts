// `.claude/agent-guard.json` (the team's) and `.claude/agent-guard/local.json` (the person's own):
// optional per-workspace settings. A bad file never breaks the hook: it is reported on one stderr
// line and the defaults apply. What loosens the guard applies only with consent (core/consent.ts).

/**
 * deny (the default): the call is stopped with the reason; ask: the host asks the person; monitor:
 * the call runs and the decision log records what the guard would have denied (a rollout starts
 * there); off: the guard is not run.
 */
export type GuardMode = 'deny' | 'ask' | 'monitor' | 'off';

export const GUARD_MODES: readonly GuardMode[] = ['deny', 'ask', 'monitor', 'off'];

/**
 * How strongly a mode stops a call. A mode below a guard's default loosens the guard (and waits for
 * the person's consent, core/consent.ts); `monitor` (record, do not stop) sits between off and ask.
 */
export const MODE_STRENGTH: Readonly<Record<string, number>> = { off: 0, monitor: 1, ask: 2, deny: 3 };

export interface GuardConfig {
  /** Per guard id: deny (default), ask (the host asks the human), monitor (runs, and the log records it), off. */
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
  /** Secret variable (name or `PREFIX_*` glob) → the hosts (or `*.domain` globs) it may be sent to. */
  keyHosts: Record<string, string[]>;
  /** `program flag` pairs the agent may not pass itself (`*` for any program); answered with ask. */
  humanFlags: string[];
  /**
   * Standing permissions a person gave (`agent-guard allow`, "Allow this here"): this guard lets
   * this exact command through in this workspace. Nothing broader: no patterns.
   */
  exceptions: GuardException[];
  /**
   * Entries of the workspace's configuration files that loosen the guard and wait for the person's
   * consent (core/consent.ts): they do not apply. Absent when there are none.
   */
  unconsented?: Unconsented;
}

export interface GuardException {
  guard: string;
  /** The command as the agent sends it; matched by its parsed form (core/shell/canonical.ts). */
  command: string;
  /** When it was added (ISO date), for status. */
  added?: string;
  /** Only in this agent session (the host's session id). */
  session?: string;
  /** Only until then (an ISO time). */
  until?: string;
  /** Only while this branch is checked out. */
  branch?: string;
}

/** Where an entry of the configuration comes from: the team's committed file, or the person's own local one. */
export type ConfigSource = 'team' | 'local';

/** One entry that loosens the guard relative to what applies without it. */
export interface Loosening {
  source: ConfigSource;
  /** What consent is recorded under: exact, and the same whatever else the file holds. */
  key: string;
  /** Where it is in its file (for the editor): the entry, or the list a default was removed from. */
  path: (string | number)[];
  /** In words: `turns rm-catastrophic off`. */
  what: string;
  /** The guard it is about (a mode or an exception). */
  guard?: string;
}

export interface Unconsented {
  items: Loosening[];
  /** The configuration with every item applied (what it would be after consent). */
  loosened: GuardConfig;
  /** Consent came from this base revision's configuration (lint --base), not the person's store. */
  base?: string;
}

/** Where the common providers' keys may go. A key not listed here is not judged by host. */
export const DEFAULT_KEY_HOSTS: Record<string, string[]> = {
  'GITHUB_*': ['github.com', '*.github.com', '*.githubusercontent.com', 'ghcr.io'],
  'GH_*': ['github.com', '*.github.com', '*.githubusercontent.com', 'ghcr.io'],
  'GITLAB_*': ['gitlab.com', '*.gitlab.com'],
  'OPENAI_*': ['api.openai.com', '*.openai.com'],
  'ANTHROPIC_*': ['api.anthropic.com', '*.anthropic.com'],
  'NPM_*': ['registry.npmjs.org', '*.npmjs.org', '*.npmjs.com'],
  'STRIPE_*': ['api.stripe.com', '*.stripe.com'],
  'SLACK_*': ['slack.com', '*.slack.com'],
  'HF_*': ['huggingface.co', '*.huggingface.co'],
  'HUGGINGFACE_*': ['huggingface.co', '*.huggingface.co'],
  'CLOUDFLARE_*': ['api.cloudflare.com', '*.cloudflare.com'],
  'VERCEL_*': ['api.vercel.com', '*.vercel.com'],
  'SENTRY_*': ['sentry.io', '*.sentry.io'],
  'DIGITALOCEAN_*': ['api.digitalocean.com'],
  'AWS_*': ['*.amazonaws.com'],
  'WB_*': ['*.wildberries.ru'],
};

/** Flags that confirm an irreversible step: the human passes them, not the agent. */
export const DEFAULT_HUMAN_FLAGS = [
  '* --apply',
  'terraform -auto-approve',
  'terraform --auto-approve',
  'tofu -auto-approve',
  'terragrunt -auto-approve',
  'terragrunt --terragrunt-non-interactive',
  'terragrunt --non-interactive',
  'atlas --auto-approve',
  'drizzle-kit --force',
  'firebase --force',
  'pulumi --yes',
  'pulumi -y',
  'pulumi --skip-preview',
  'cdk --require-approval never',
  'cdktf --auto-approve',
  'gh --yes',
  'fly --yes',
  'flyctl --yes',
  'heroku --confirm',
  'vercel --yes',
  'supabase --yes',
  'prisma --accept-data-loss',
  'prisma --force-reset',
];

export const DEFAULT_CONFIG: GuardConfig = {
  // These ask by design: the flag, or leaving the sandbox, is the human's call, so the human is asked.
  guards: { 'human-flags': 'ask', 'sandbox-escape': 'ask' },
  protectedBranches: ['main', 'master', 'trunk', 'develop', 'development', 'production', 'prod', 'release/*', 'releases/*'],
  secretFiles: [],
  migrationDirs: [
    'migrations',
    'Migrations',
    'db/migration',
    'db/migrate',
    'db/migrations',
    'prisma/migrations',
    'alembic/versions',
    'priv/repo/migrations',
    'database/migrations',
    'supabase/migrations',
    'drizzle',
    'src/migrations',
    'migrate',
  ],
  allowedWriteRoots: [],
  failMode: 'open',
  keyHosts: DEFAULT_KEY_HOSTS,
  humanFlags: DEFAULT_HUMAN_FLAGS,
  exceptions: [],
};

export const CONFIG_FILE = '.claude/agent-guard.json';

/** What one configuration file sets: only the keys it holds, each valid. */
export type ConfigLayer = Partial<Omit<GuardConfig, 'unconsented'>>;

const KEYS = [
  '$schema',
  'guards',
  'protectedBranches',
  'secretFiles',
  'migrationDirs',
  'allowedWriteRoots',
  'failMode',
  'keyHosts',
  'humanFlags',
  'exceptions',
] as const;

/** Validates parsed JSON; returns the merged config and human-readable problems. */
export function parseConfig(raw: unknown): { config: GuardConfig; problems: string[] } {
  const { layer, problems } = parseLayer(raw);
  return { config: withLayer(DEFAULT_CONFIG, layer), problems };
}

/** `base` with a team file's layer on top: its lists replace the base's, keyHosts and guards add per entry. */
export function withLayer(base: GuardConfig, layer: ConfigLayer): GuardConfig {
  const config: GuardConfig = { ...base, guards: { ...base.guards, ...layer.guards } };
  delete config.unconsented;
  for (const key of ['protectedBranches', 'secretFiles', 'migrationDirs', 'allowedWriteRoots', 'humanFlags', 'exceptions'] as const)
    if (layer[key]) config[key] = [...(layer[key] as never[])];
  if (layer.keyHosts) config.keyHosts = { ...base.keyHosts, ...layer.keyHosts };
  if (layer.failMode) config.failMode = layer.failMode;
  return config;
}

/** Validates parsed JSON: the keys it sets, and one problem per key it cannot use. */
export function parseLayer(raw: unknown): { layer: ConfigLayer; problems: string[] } {
  const problems: string[] = [];
  const layer: ConfigLayer = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { layer, problems: ['the file must hold a JSON object'] };
  }
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!(KEYS as readonly string[]).includes(key)) problems.push(`unknown key "${key}"`);
  if (o.guards !== undefined) {
    if (typeof o.guards !== 'object' || o.guards === null || Array.isArray(o.guards))
      problems.push('"guards" must be an object of guard id → "deny" | "ask" | "monitor" | "off"');
    else {
      layer.guards = {};
      for (const [id, mode] of Object.entries(o.guards)) {
        if ((GUARD_MODES as readonly unknown[]).includes(mode)) layer.guards[id] = mode as GuardMode;
        else problems.push(`guards.${id} must be "deny", "ask", "monitor" or "off"`);
      }
    }
  }
  for (const key of ['protectedBranches', 'secretFiles', 'migrationDirs', 'allowedWriteRoots', 'humanFlags'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) layer[key] = [...(v as string[])];
    else problems.push(`"${key}" must be an array of strings`);
  }
  if (o.keyHosts !== undefined) {
    const v = o.keyHosts;
    if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((h) => Array.isArray(h) && h.every((x) => typeof x === 'string'))) {
      // Added to the defaults: a workspace names its own keys; an entry for a default pattern replaces it.
      layer.keyHosts = { ...(v as Record<string, string[]>) };
    } else problems.push('"keyHosts" must be an object of variable pattern → array of hosts');
  }
  if (o.failMode !== undefined) {
    if (o.failMode === 'open' || o.failMode === 'closed') layer.failMode = o.failMode;
    else problems.push('"failMode" must be "open" or "closed"');
  }
  if (o.exceptions !== undefined) {
    if (!Array.isArray(o.exceptions)) problems.push('"exceptions" must be an array of { "guard": id, "command": exact command }');
    else {
      layer.exceptions = [];
      o.exceptions.forEach((e: unknown, i) => {
        const x = e as Record<string, unknown> | null;
        if (x && typeof x === 'object' && typeof x.guard === 'string' && x.guard && typeof x.command === 'string' && x.command.trim()) {
          const scope = ['session', 'until', 'branch'].filter((k) => x[k] !== undefined && (typeof x[k] !== 'string' || !(x[k] as string)));
          if (scope.length > 0) problems.push(`exceptions[${i}].${scope[0]} must be a non-empty string; the exception is ignored`);
          else if (typeof x.until === 'string' && Number.isNaN(Date.parse(x.until)))
            problems.push(`exceptions[${i}].until must be a time (ISO 8601); the exception is ignored`);
          else
            layer.exceptions!.push({
              guard: x.guard,
              command: x.command,
              ...(typeof x.added === 'string' ? { added: x.added } : {}),
              ...(typeof x.session === 'string' ? { session: x.session } : {}),
              ...(typeof x.until === 'string' ? { until: x.until } : {}),
              ...(typeof x.branch === 'string' ? { branch: x.branch } : {}),
            });
        } else problems.push(`exceptions[${i}] needs "guard" (a guard id) and "command" (the exact command)`);
      });
    }
  }
  return { layer, problems };
}

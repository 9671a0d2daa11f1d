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
  /** Secret variable (name or `PREFIX_*` glob) → the hosts (or `*.domain` globs) it may be sent to. */
  keyHosts: Record<string, string[]>;
  /** `program flag` pairs the agent may not pass itself (`*` for any program); answered with ask. */
  humanFlags: string[];
  /**
   * Standing permissions a person gave (`agent-guard allow`, "Allow this here"): this guard lets
   * this exact command through in this workspace. Nothing broader: no patterns.
   */
  exceptions: GuardException[];
}

export interface GuardException {
  guard: string;
  /** The command exactly as the agent sends it. */
  command: string;
  /** When it was added (ISO date), for status. */
  added?: string;
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

/** Validates parsed JSON; returns the merged config and human-readable problems. */
export function parseConfig(raw: unknown): { config: GuardConfig; problems: string[] } {
  const problems: string[] = [];
  const config: GuardConfig = { ...DEFAULT_CONFIG, guards: { ...DEFAULT_CONFIG.guards } };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { config, problems: ['the file must hold a JSON object'] };
  }
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (
      ![
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
      ].includes(key)
    )
      problems.push(`unknown key "${key}"`);
  }
  if (o.guards !== undefined) {
    if (typeof o.guards !== 'object' || o.guards === null || Array.isArray(o.guards))
      problems.push('"guards" must be an object of guard id → "deny" | "ask" | "off"');
    else
      for (const [id, mode] of Object.entries(o.guards)) {
        if (mode === 'deny' || mode === 'ask' || mode === 'off') config.guards[id] = mode;
        else problems.push(`guards.${id} must be "deny", "ask" or "off"`);
      }
  }
  for (const key of ['protectedBranches', 'secretFiles', 'migrationDirs', 'allowedWriteRoots', 'humanFlags'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
      config[key] = key === 'secretFiles' ? (v as string[]) : [...(v as string[])];
    } else problems.push(`"${key}" must be an array of strings`);
  }
  if (o.keyHosts !== undefined) {
    const v = o.keyHosts;
    if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((h) => Array.isArray(h) && h.every((x) => typeof x === 'string'))) {
      // Added to the defaults: a workspace names its own keys; an entry for a default pattern replaces it.
      config.keyHosts = { ...DEFAULT_KEY_HOSTS, ...(v as Record<string, string[]>) };
    } else problems.push('"keyHosts" must be an object of variable pattern → array of hosts');
  }
  if (o.failMode !== undefined) {
    if (o.failMode === 'open' || o.failMode === 'closed') config.failMode = o.failMode;
    else problems.push('"failMode" must be "open" or "closed"');
  }
  if (o.exceptions !== undefined) {
    if (!Array.isArray(o.exceptions)) problems.push('"exceptions" must be an array of { "guard": id, "command": exact command }');
    else {
      config.exceptions = [];
      o.exceptions.forEach((e: unknown, i) => {
        const x = e as Record<string, unknown> | null;
        if (x && typeof x === 'object' && typeof x.guard === 'string' && x.guard && typeof x.command === 'string' && x.command.trim()) {
          config.exceptions.push({ guard: x.guard, command: x.command, ...(typeof x.added === 'string' ? { added: x.added } : {}) });
        } else problems.push(`exceptions[${i}] needs "guard" (a guard id) and "command" (the exact command)`);
      });
    }
  }
  return { config, problems };
}

// The hook's environment is part of the guard. A host starts the hook command with its own
// environment plus every settings file's `env` (Claude Code: managed, local, project, user), and
// what is in it decides whether node starts at all (OPENSSL_CONF=/etc/hostname: exit 1, no
// output, every call runs), which code it runs (NODE_OPTIONS=--require, LD_PRELOAD, PATH), and
// where the hook reads its trust records and code cache from (HOME, XDG_*). So a settings `env`
// entry may change without the person only when its name is on a short allowlist: names the
// host and its model provider read, which neither node, the dynamic loader, the shell nor the hook
// look at. Everything else is judged as tamper (guard-tamper) and held back by `status`.
// Pure: data and name tests only.

/** Names read by Claude Code and its model providers only (their meaning is documented; none is read by node or the hook). */
const SAFE_NAMES = new Set([
  // Claude Code's limits, timeouts and feature switches.
  'BASH_DEFAULT_TIMEOUT_MS',
  'BASH_MAX_OUTPUT_LENGTH',
  'BASH_MAX_TIMEOUT_MS',
  'CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR',
  'CLAUDE_CODE_API_KEY_HELPER_TTL_MS',
  'CLAUDE_CODE_AUTO_CONNECT_IDE',
  'CLAUDE_CODE_DISABLE_AUTO_MEMORY',
  'CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY',
  'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC',
  'CLAUDE_CODE_DISABLE_TERMINAL_TITLE',
  'CLAUDE_CODE_EFFORT_LEVEL',
  'CLAUDE_CODE_ENABLE_TELEMETRY',
  'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS',
  'CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL',
  'CLAUDE_CODE_MAX_OUTPUT_TOKENS',
  'CLAUDE_CODE_SKIP_BEDROCK_AUTH',
  'CLAUDE_CODE_SKIP_VERTEX_AUTH',
  'CLAUDE_CODE_SUBAGENT_MODEL',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'DISABLE_AUTOUPDATER',
  'DISABLE_BUG_COMMAND',
  'DISABLE_COST_WARNINGS',
  'DISABLE_ERROR_REPORTING',
  'DISABLE_NON_ESSENTIAL_MODEL_CALLS',
  'DISABLE_PROMPT_CACHING',
  'DISABLE_TELEMETRY',
  'ENABLE_TOOL_SEARCH',
  'MAX_MCP_OUTPUT_TOKENS',
  'MAX_THINKING_TOKENS',
  'MCP_TIMEOUT',
  'MCP_TOOL_TIMEOUT',
  'SLASH_COMMAND_TOOL_CHAR_BUDGET',
  'USE_BUILTIN_RIPGREP',
  // Model providers' region and profile.
  'AWS_PROFILE',
  'AWS_REGION',
  'CLOUD_ML_REGION',
  // Proxies: the hook makes no network requests, and node reads these only when NODE_USE_ENV_PROXY is set.
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  // Read by applications and libraries, never by node itself or the hook.
  'NODE_ENV',
  'NO_COLOR',
  'FORCE_COLOR',
]);

/** Families read only by the host: the model API (ANTHROPIC_*), telemetry exporters (removed from hook processes), Vertex regions. */
const SAFE_PREFIXES = ['ANTHROPIC_', 'OTEL_', 'VERTEX_REGION_'];

/** Whether a settings `env` name may change without the person: it cannot change how the hook starts or what it reads. */
export function harmlessEnvName(name: string): boolean {
  return SAFE_NAMES.has(name) || SAFE_PREFIXES.some((p) => name.startsWith(p) && name.length > p.length);
}

/**
 * Variables the installed hook command removes before it starts node (core/install/installer.ts
 * `hookCommandFor`): node reads each at startup, the hook needs none, and each can stop it from
 * starting, hang it, crash it or run other code (all verified with node 20 here):
 * NODE_OPTIONS (--require any file), NODE_PATH, NODE_EXTRA_CA_CERTS (a FIFO hangs node before the
 * first line runs), NODE_ICU_DATA, NODE_CHANNEL_FD (=0 crashes the hook's stdin reader),
 * NODE_UNIQUE_ID, NODE_REDIRECT_WARNINGS (appends to any file), NODE_V8_COVERAGE (writes files),
 * NODE_COMPILE_CACHE (Node 22: compiled code from a folder), NODE_REPL_EXTERNAL_MODULE,
 * OPENSSL_CONF (/etc/hostname: "OpenSSL configuration error", exit 1), LD_PRELOAD and LD_AUDIT
 * (libraries loaded into node), DYLD_INSERT_LIBRARIES. Not PATH, HOME or LD_LIBRARY_PATH: node may
 * need them to start on the user's machine (they stay the settings guard's to judge).
 */
export const UNSET_BEFORE_NODE = [
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_EXTRA_CA_CERTS',
  'NODE_ICU_DATA',
  'NODE_CHANNEL_FD',
  'NODE_UNIQUE_ID',
  'NODE_REDIRECT_WARNINGS',
  'NODE_V8_COVERAGE',
  'NODE_COMPILE_CACHE',
  'NODE_REPL_EXTERNAL_MODULE',
  'OPENSSL_CONF',
  'LD_PRELOAD',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
] as const;

/** What a name not on the allowlist can do to the hook, for a reason or a status line. */
export function envRisk(name: string): string {
  const n = name.toUpperCase();
  if (n.startsWith('AGENT_GUARD_')) return "switches Agent Guard's own behaviour";
  if (n.startsWith('LD_') || n.startsWith('DYLD_') || n === 'GLIBC_TUNABLES' || n.startsWith('MALLOC_'))
    return "is read by the dynamic loader before the hook's node runs";
  if (n === 'OPENSSL_CONF' || n.startsWith('NODE_') || n.startsWith('UV_')) return 'is read by node when the hook starts';
  if (n.startsWith('OPENSSL_') || n.startsWith('SSL_')) return "is read by node's OpenSSL when the hook starts";
  if (n === 'PATH') return 'decides which node runs the hook';
  if (['HOME', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA'].includes(n) || n.startsWith('XDG_'))
    return 'moves where the hook looks for its trust records, code cache and home folder';
  if (['BASH_ENV', 'ENV', 'ZDOTDIR', 'SHELL', 'IFS', 'SHELLOPTS', 'BASHOPTS', 'CDPATH'].includes(n)) return "changes the shell that runs the hook's command";
  if (n.startsWith('CLAUDE_') || n.startsWith('GEMINI_') || n.startsWith('COPILOT_')) return 'is read by the host, and may change how it runs hooks';
  if (n.startsWith('GIT_')) return 'is read by git, which the hook runs';
  return 'is not one of the names known not to change how the hook starts or what it reads';
}

// Generated at build time by scripts/build.mjs from the files in guards/ (see guardDiscoveryPlugin).
declare module 'agent-guard:guards' {
  const guards: readonly import('../core/guards/types').Guard[];
  export default guards;
}

/** package.json "version", injected by the build. */
declare const AGENT_GUARD_VERSION: string;

/** The hook's internal deadline (2,500 ms), injected by the build; the bench's measuring copy lifts it. */
declare const AGENT_GUARD_HOOK_DEADLINE_MS: number;

declare module 'agent-guard:lint-rules' {
  const rules: readonly import('../core/lint/types').LintRule[];
  export default rules;
}

declare module 'agent-guard:install-targets' {
  const targets: readonly import('../core/install/target').InstallTarget[];
  export default targets;
}

// Generated at build time by scripts/build.mjs from the files in guards/ (see guardDiscoveryPlugin).
declare module 'agent-guard:guards' {
  const guards: readonly import('../core/guards/types').Guard[];
  export default guards;
}

/** package.json "version", injected by the build. */
declare const AGENT_GUARD_VERSION: string;

declare module 'agent-guard:lint-rules' {
  const rules: readonly import('../core/lint/types').LintRule[];
  export default rules;
}

declare module 'agent-guard:install-targets' {
  const targets: readonly import('../core/install/target').InstallTarget[];
  export default targets;
}

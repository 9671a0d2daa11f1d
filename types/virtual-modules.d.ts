// Generated at build time by scripts/build.mjs from the files in guards/ (see guardDiscoveryPlugin).
declare module 'agent-guard:guards' {
  import type { Guard } from '../core/guards/types';
  const guards: readonly Guard[];
  export default guards;
}

/** package.json "version", injected by the build. */
declare const AGENT_GUARD_VERSION: string;

declare module 'agent-guard:lint-rules' {
  import type { LintRule } from '../core/lint/types';
  const rules: readonly LintRule[];
  export default rules;
}

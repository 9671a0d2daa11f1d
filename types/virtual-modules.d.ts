// Generated at build time by scripts/build.mjs from the files in guards/ (see guardDiscoveryPlugin).
declare module 'agent-guard:guards' {
  import type { Guard } from '../core/guards/types';
  const guards: readonly Guard[];
  export default guards;
}

/** package.json "version", injected by the build. */
declare const AGENT_GUARD_VERSION: string;

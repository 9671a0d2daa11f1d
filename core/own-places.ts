// The folders outside every project that the hook reads on each call, where the hook's own
// environment puts them: the trust store (the person's consent; core/trust.ts), the compiled-code
// cache (scripts/code-cache-loader.js keeps the same rule: it runs before any of this code) and
// Claude Code's user folder (settings and the user-scope hook; CLAUDE_CONFIG_DIR moves it). The
// agent's shell has the same environment as the hook, so guard-tamper protects these places as
// they are here, not only their defaults. A relative XDG folder is invalid (XDG Base Directory
// spec) and would land in whatever folder the hook runs in: the default holds.
// Pure: the environment is passed in.

import { isAbsolutePath, normalizePath } from './paths';

export interface OwnPlaces {
  /** The folder of the trust store (trusted.json). */
  trust: string;
  /** The folder of the hook's code cache. */
  cache: string;
  /** Claude Code's user folder (settings.json, hooks/). */
  claudeConfig: string;
  /**
   * The variables that moved a place, with their values: the agent's shell has them too, so
   * `"$XDG_CONFIG_HOME/agent-guard/trusted.json"` names the trust store although the line never sets the variable.
   */
  vars: Readonly<Record<string, string>>;
}

type Env = Readonly<Record<string, string | undefined>>;

const absolute = (value: string | undefined): string | null => (value && isAbsolutePath(value) ? normalizePath(value) : null);

export function ownPlaces(env: Env, home: string, platform: NodeJS.Platform = process.platform): OwnPlaces {
  const h = normalizePath(home);
  const vars: Record<string, string> = {};
  /** The first of `names` set to an absolute folder (recorded in vars), else `fallback`. */
  const folder = (names: readonly string[], fallback: string): string => {
    for (const name of names) {
      const value = absolute(env[name]);
      if (value === null) continue;
      vars[name] = value;
      return value;
    }
    return fallback;
  };
  const win = platform === 'win32';
  const config = folder(win ? ['XDG_CONFIG_HOME', 'APPDATA'] : ['XDG_CONFIG_HOME'], `${h}/.config`);
  const cache = folder(win ? ['XDG_CACHE_HOME', 'LOCALAPPDATA'] : ['XDG_CACHE_HOME'], `${h}/.cache`);
  const claudeConfig = folder(['CLAUDE_CONFIG_DIR'], `${h}/.claude`);
  return { trust: `${config}/agent-guard`, cache: `${cache}/agent-guard`, claudeConfig, vars };
}

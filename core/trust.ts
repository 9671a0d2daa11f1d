// The user's consent for workspace guards (`.claude/guards/*.js`), the way direnv treats `.envrc`:
// a guard file runs only if its content hash is recorded in the user's own Agent Guard state,
// outside every repository ($XDG_CONFIG_HOME/agent-guard/trusted.json, ~/.config/… by default,
// %APPDATA%\agent-guard\… on Windows), by `agent-guard trust`. A changed file is untrusted again.
// The state is written atomically (temp file + rename) and never through a link.

import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ownPlaces } from './own-places';
import { homeDirectory } from './paths';
import { readRegularText } from './read-file';
import { removeStaleTemps } from './state-dir';

export const WORKSPACE_GUARDS_DIR = '.claude/guards';
/** Bigger than any reasonable one-file guard; a larger file is not read (and so not trusted). */
const MAX_GUARD_BYTES = 1024 * 1024;

export interface TrustStore {
  version: 1;
  /** Absolute path of a guard file → sha256 of the content the user trusted. */
  guards: Record<string, string>;
  /**
   * Absolute path of a configuration file (.claude/agent-guard.json, .claude/agent-guard/local.json)
   * → the keys of the loosening entries the user consented to (core/consent.ts). The keys are the
   * entries' exact canonical text, not hashes: comparing them needs no crypto on the hook's path.
   */
  config?: Record<string, string[]>;
}

/** The store is small; a larger one is not read (nothing is trusted) rather than read without bound. */
const MAX_STORE_BYTES = 4 * 1024 * 1024;

export function trustFile(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homeDirectory(env, homedir)): string {
  // The same place guard-tamper protects (core/own-places.ts); never relative to the folder the hook runs in.
  return join(ownPlaces(env, home, platform).trust, 'trusted.json');
}

export function readTrust(file: string): TrustStore {
  try {
    // Read without blocking and bounded: a FIFO or a device in its place must not hang the hook.
    const text = readRegularText(file, MAX_STORE_BYTES, true);
    const v = (text === null ? null : JSON.parse(text)) as Partial<TrustStore> | null;
    if (v && typeof v.guards === 'object' && v.guards !== null) {
      const guards: Record<string, string> = {};
      for (const [k, h] of Object.entries(v.guards)) if (typeof h === 'string') guards[k] = h;
      const store: TrustStore = { version: 1, guards };
      if (v.config && typeof v.config === 'object') {
        store.config = {};
        for (const [k, keys] of Object.entries(v.config)) if (Array.isArray(keys)) store.config[k] = keys.filter((x): x is string => typeof x === 'string');
      }
      return store;
    }
  } catch {
    /* none yet, or unreadable: nothing is trusted */
  }
  return { version: 1, guards: {} };
}

/** The loosening entries of a configuration file (its absolute, real path) the user consented to. */
export function consentedKeys(store: TrustStore, file: string): ReadonlySet<string> {
  return new Set(store.config?.[file] ?? []);
}

export class TrustWriteError extends Error {}

/** Atomic, and never through a link: the folder must be a real one; rename replaces the name, not a link's target. */
export function writeTrust(file: string, store: TrustStore): void {
  const dir = join(file, '..');
  const base = join(dir, '..');
  for (const d of [base, dir]) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new TrustWriteError(`cannot create ${d}: ${(e as NodeJS.ErrnoException).code}`);
    }
  }
  const st = lstatSync(dir);
  if (st.isSymbolicLink() || !st.isDirectory())
    throw new TrustWriteError(
      `${dir} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; Agent Guard keeps its trust records only in a real folder`,
    );
  removeStaleTemps(dir, /^\.trusted\.json\.(?<pid>\d+)\.[0-9a-z]+\.tmp$/);
  const tmp = join(dir, `.trusted.json.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    // wx: O_CREAT|O_EXCL, which never follows a link.
    writeFileSync(tmp, `${JSON.stringify(store, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw new TrustWriteError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export function sha256(text: string | Buffer): string {
  // Loaded on use: the hook needs it only when the workspace has guard files.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(text).digest('hex');
}

export type TrustState = 'trusted' | 'untrusted' | 'changed';

export interface GuardFile {
  /** `.claude/guards/x.js` */
  name: string;
  /** The absolute path it is recorded under (the project's real path). */
  path: string;
  /** Null when it cannot be read as a regular file of at most 1 MiB. */
  content: string | null;
  hash: string | null;
  state: TrustState;
}

/** The path a workspace file is recorded under in the store: the project's real path, then `rel`. */
export function storePath(projectDir: string, rel: string): string {
  return join(realOrSelf(projectDir), rel);
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** The guard files of a workspace, in name order (files starting with `_` are helpers, not guards). */
export function listGuardFiles(projectDir: string): string[] {
  try {
    return readdirSync(join(projectDir, WORKSPACE_GUARDS_DIR))
      .filter((f) => /\.c?js$/.test(f) && !f.startsWith('_'))
      .sort();
  } catch {
    return [];
  }
}

export function guardFile(projectDir: string, file: string, store: TrustStore, read: (path: string) => string | null = readSmall): GuardFile {
  const path = join(realOrSelf(projectDir), WORKSPACE_GUARDS_DIR, file);
  const content = read(path);
  const hash = content === null ? null : sha256(content);
  const recorded = store.guards[path];
  const state: TrustState = recorded === undefined ? 'untrusted' : recorded === hash ? 'trusted' : 'changed';
  return { name: `${WORKSPACE_GUARDS_DIR}/${file}`, path, content, hash, state };
}

export function guardFiles(projectDir: string, store: TrustStore): GuardFile[] {
  return listGuardFiles(projectDir).map((f) => guardFile(projectDir, f, store));
}

/** The one line a skipped guard file gets. */
export function untrustedNote(g: Pick<GuardFile, 'name' | 'state'>): string {
  return g.state === 'changed'
    ? `agent-guard: ${g.name} skipped: it changed since you trusted it; review it, then run: agent-guard trust ${g.name}`
    : `agent-guard: ${g.name} skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust ${g.name}`;
}

export function readSmall(path: string): string | null {
  return readRegularText(path, MAX_GUARD_BYTES, true);
}

/**
 * Records (or, with trust false, removes) the current content of the named guard files of a
 * workspace in the store at `file`. One line per file for people; failed when one could not be read.
 * Throws TrustWriteError when the store cannot be written.
 */
export function applyTrust(workspace: string, files: readonly string[], trust: boolean, file: string): { lines: string[]; failed: boolean } {
  const store = readTrust(file);
  const lines: string[] = [];
  let failed = false;
  for (const f of files) {
    const g = guardFile(workspace, f, store);
    if (!trust) {
      if (store.guards[g.path] !== undefined) {
        delete store.guards[g.path];
        lines.push(`untrusted ${g.name}: the hook no longer runs it`);
      } else lines.push(`${g.name} was not trusted`);
    } else if (g.hash === null) {
      lines.push(`cannot read ${g.name} (not a regular file of at most 1 MiB); not trusted`);
      failed = true;
    } else {
      store.guards[g.path] = g.hash;
      lines.push(`trusted ${g.name} (sha256 ${g.hash.slice(0, 12)}…): the hook runs it on every tool call until it changes`);
    }
  }
  writeTrust(file, store);
  return { lines, failed };
}

/**
 * Changes the loosening entries consented for configuration files (store paths) in the store at
 * `storeFile`: `add` adds keys to a file's, `set` replaces a file's keys (dropping those of entries
 * that are gone), and an empty `set` forgets the file. Throws TrustWriteError when the store cannot
 * be written.
 */
export function recordConsent(storeFile: string, changes: readonly { file: string; add?: readonly string[]; set?: readonly string[] }[]): void {
  const store = readTrust(storeFile);
  const config = { ...(store.config ?? {}) };
  for (const c of changes) {
    const next = new Set(c.set ?? config[c.file] ?? []);
    for (const k of c.add ?? []) next.add(k);
    if (next.size === 0) delete config[c.file];
    else config[c.file] = [...next].sort();
  }
  writeTrust(storeFile, { ...store, config });
}

// Where `agent-guard lint` keeps its guard verdicts between runs (core/lint/verdict-memo.ts): one
// file per workspace, configuration and build, in the user's private cache folder beside the
// code cache (scripts/code-cache-loader.js), under the same rules: a real folder owned by this user,
// writable by nobody else and outside the workspace (a repository must never be able to hand lint
// its verdicts); a private regular file with one name; written to a new file (O_EXCL, never
// through a link) and renamed into place. Any problem means judging every command afresh.
// AGENT_GUARD_NO_CACHE=1 turns it off.

import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { ownPlaces } from '../core/own-places';
import { digest, VerdictMemo } from '../core/lint/verdict-memo';
import type { GuardConfig } from '../core/config';

/** Set by the bundle's loader: a digest of this build's code (a new build never reuses old verdicts). */
function buildKey(): string | undefined {
  return (globalThis as { __agentGuardBuild?: { key?: unknown } }).__agentGuardBuild?.key as string | undefined;
}

const MAX_BYTES = 16 * 1024 * 1024;

export interface MemoPlace {
  base: string;
  dir: string;
  file: string;
}

export function memoPlace(env: NodeJS.ProcessEnv, home: string, root: string, config: GuardConfig): MemoPlace | null {
  const build = buildKey();
  if (!build || env.AGENT_GUARD_NO_CACHE) return null;
  // The folder guard-tamper protects, wherever the environment puts it (core/own-places.ts).
  const dir = ownPlaces(env, home).cache;
  const base = dirname(dir);
  const key = digest([build, root, home, JSON.stringify(config)]).replace(/\./g, '-');
  return { base, dir, file: join(dir, `lint-${key}.json`) };
}

function ownedAndPrivate(st: { uid: number; mode: number }): boolean {
  return process.platform === 'win32' || (st.uid === process.getuid!() && (st.mode & 0o022) === 0);
}

function trustedDir(dir: string, workspaces: string[]): boolean {
  const st = lstatSync(dir);
  if (!st.isDirectory() || !ownedAndPrivate(st)) return false;
  const real = realpathSync(dir);
  for (const w of workspaces) {
    let root: string;
    try {
      root = realpathSync(w);
    } catch {
      continue;
    }
    const rel = relative(root, real);
    if (rel === '' || !(rel === '..' || rel.startsWith('../') || isAbsolute(rel))) return false;
  }
  return true;
}

export function loadMemo(place: MemoPlace | null, workspaces: string[]): VerdictMemo {
  if (!place) return VerdictMemo.empty();
  try {
    if (!trustedDir(place.dir, workspaces)) return VerdictMemo.empty();
    const fd = openSync(place.file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.nlink !== 1 || !ownedAndPrivate(st) || st.size > MAX_BYTES) return VerdictMemo.empty();
      return VerdictMemo.parse(readFileSync(fd, 'utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    return VerdictMemo.empty(); // none yet
  }
}

export function saveMemo(place: MemoPlace | null, memo: VerdictMemo, workspaces: string[]): void {
  if (!place || !memo.dirty) return;
  const tmp = `${place.file}.${process.pid}.tmp`;
  let written = false;
  try {
    // One level at a time, never recursive (see scripts/code-cache-loader.js).
    for (const d of [place.base, place.dir]) {
      try {
        mkdirSync(d, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    if (!trustedDir(place.dir, workspaces)) return;
    const text = memo.serialize();
    if (text.length > MAX_BYTES) return;
    writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    written = true;
    renameSync(tmp, place.file);
  } catch {
    // A read-only or foreign cache folder is fine: the next run judges afresh.
    if (written)
      try {
        unlinkSync(tmp);
      } catch {
        /* gone already */
      }
  }
}

// The plain file-system answers the guard context gives (and lint asks again to see whether a kept
// verdict still holds): on their own, so lint can ask them without loading the shell analysis.

import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { readRegularText } from '../read-file';
import { normalizePath, resolvePath } from '../paths';

/** A file's identity and version without its content: size, modification and change times, inode ('-' when missing). */
export function fileStamp(path: string): string {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.dev}`;
  } catch {
    return '-';
  }
}

export function pathExists(path: string): boolean {
  try {
    return existsSync(path);
  } catch {
    return false;
  }
}

export function listNames(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** The first maxBytes of a regular file (a FIFO or device planted under a secret's name is not read: it would hang the hook). */
export function readHead(path: string, maxBytes: number): string | null {
  return readRegularText(path, maxBytes);
}

const MAX_LINK_HOPS = 40;

/**
 * Where a write to `path` really lands: the links of its existing components resolved (the real
 * path of the longest existing prefix, then the rest as written), a dangling link followed to its
 * target. One lstat per component. A path that cannot be resolved (another platform's, too many
 * links) is returned as it is.
 */
export function resolveLinks(path: string): string {
  return linkResolver()(path);
}

/** A folder's resolution: its real path and whether it exists there; null when it cannot be resolved (a link loop, an unreadable link). */
type Resolved = { real: string; exists: boolean } | null;

/**
 * resolveLinks that keeps what it learnt about each folder: a line naming 200 files in one folder
 * asks the file system about that folder once, then one lstat per file (a missing file is not an
 * exception either). For the answers of one moment (a call, a lint run).
 */
export function linkResolver(): (path: string) => string {
  const known = new Map<string, Resolved>();
  const resolve = (p: string, hops: { n: number }): Resolved => {
    if (p === '/') return { real: '/', exists: true };
    const kept = known.get(p);
    if (kept !== undefined) return kept;
    const slash = p.lastIndexOf('/');
    const parent = resolve(slash <= 0 ? '/' : p.slice(0, slash), hops);
    let r: Resolved;
    const before = hops.n;
    if (parent === null) r = null;
    else {
      const next = parent.real === '/' ? `/${p.slice(slash + 1)}` : `${parent.real}/${p.slice(slash + 1)}`;
      // Missing from here on: the rest is created as written.
      const st = parent.exists ? lstatOrNull(next) : null;
      if (st === null || !st.isSymbolicLink()) r = { real: next, exists: st !== null };
      else if (++hops.n > MAX_LINK_HOPS) r = null;
      else {
        let target: string | null = null;
        try {
          target = readlinkSync(next);
        } catch {
          /* unreadable: cannot be resolved */
        }
        // `~` in a link target is a folder named ~, not home.
        r = target === null ? null : resolve(resolvePath(parent.real, target, `${parent.real}/~`), hops);
      }
    }
    // A resolution holds whatever hops were spent before it; a failure only from a fresh start.
    if (r !== null || before === 0) known.set(p, r);
    return r;
  };
  return (path) => {
    const p = normalizePath(path);
    if (!p.startsWith('/')) return p;
    return resolve(p, { n: 0 })?.real ?? p;
  };
}

function lstatOrNull(path: string): import('node:fs').Stats | null {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null; // ENOTDIR, EACCES: missing for us too
  }
}

// The plain file-system answers the guard context gives (and lint asks again to see whether a kept
// verdict still holds): on their own, so lint can ask them without loading the shell analysis.

import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
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
  const p = normalizePath(path);
  if (!p.startsWith('/')) return p;
  try {
    return normalizePath(realpathSync.native(p));
  } catch {
    /* some component is missing, or a link dangles: walk it */
  }
  const hops = { n: 0 };
  return walk(p, hops) ?? p;
}

function walk(p: string, hops: { n: number }): string | null {
  const parts = p.split('/').filter(Boolean);
  let real = '/';
  for (let i = 0; i < parts.length; i++) {
    const next = real === '/' ? `/${parts[i]}` : `${real}/${parts[i]}`;
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Missing from here on: the rest is created as written.
      return [next, ...parts.slice(i + 1)].join('/');
    }
    if (!isLink) {
      real = next;
      continue;
    }
    if (++hops.n > MAX_LINK_HOPS) return null;
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      return null;
    }
    // `~` in a link target is a folder named ~, not home.
    const resolved = walk(resolvePath(real, target, `${real}/~`), hops);
    if (resolved === null) return null;
    real = resolved;
  }
  return real;
}

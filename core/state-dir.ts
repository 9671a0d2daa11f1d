// `.claude/agent-guard/`: Agent Guard's own folder in a workspace (the decision log, install
// backups). It ignores itself in git. Nothing is ever written there through a link: the agent
// controls the workspace and could point a name at ~/.bashrc (`ln -sf ~/.bashrc
// .claude/agent-guard/decisions.jsonl`), so every folder is lstat-checked and files are opened
// with O_NOFOLLOW; a hard-linked file (a second name of some other file) is refused too.

import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';

export const STATE_DIR = '.claude/agent-guard';

/** Writing there would follow a link, or the place is not what it should be: say why, write nothing. */
export class UnsafePathError extends Error {
  code = 'EUNSAFE';
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function inside(root: string, path: string): boolean {
  const r = relative(root, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/**
 * `<claudeDir>/agent-guard`, created (with its .gitignore) when missing. `claudeDir` must exist;
 * it may be a link only to somewhere inside `root` (the workspace, or home for ~/.claude).
 * Throws UnsafePathError when a folder is a link, or not a folder.
 */
export function ensureStateDir(claudeDir: string, root: string, show = STATE_DIR): string {
  const c = lstatOrNull(claudeDir);
  if (!c) throw new UnsafePathError(`${claudeDir} does not exist`);
  if (c.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(claudeDir);
    } catch {
      throw new UnsafePathError(`${show.replace(/\/agent-guard$/, '')} is a symbolic link that leads nowhere`);
    }
    let realRoot = root;
    try {
      realRoot = realpathSync(root);
    } catch {
      /* root as given */
    }
    if (!inside(realRoot, real))
      throw new UnsafePathError(`${show.replace(/\/agent-guard$/, '')} is a symbolic link to ${real}, outside ${root}; remove the link`);
  } else if (!c.isDirectory()) throw new UnsafePathError(`${show.replace(/\/agent-guard$/, '')} is not a folder`);
  const dir = join(claudeDir, 'agent-guard');
  const d = lstatOrNull(dir);
  if (!d) {
    try {
      mkdirSync(dir, { mode: 0o755 }); // never recursive (see scripts/code-cache-loader.js)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const again = lstatOrNull(dir);
    if (!again || again.isSymbolicLink() || !again.isDirectory()) throw new UnsafePathError(`${show} was replaced while it was being created`);
  } else if (d.isSymbolicLink())
    throw new UnsafePathError(`${show} is a symbolic link (to ${safeReal(dir)}); remove it, Agent Guard writes only into a real folder`);
  else if (!d.isDirectory()) throw new UnsafePathError(`${show} is not a folder; remove it`);
  try {
    // O_EXCL: never through a link, never over the user's own file.
    writeFileSync(join(dir, '.gitignore'), '# written by agent-guard: this folder stays local\n*\n', { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return dir;
}

function safeReal(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return 'nowhere';
  }
}

/**
 * Opens a file in a checked folder without following a link: O_NOFOLLOW, and a regular file with
 * one name only (a hard link would be another file's second name). O_NONBLOCK: a FIFO planted
 * there must not hang the caller.
 */
export function openNoFollow(file: string, flags: number, show: string): number {
  if (!O_NOFOLLOW) {
    // No O_NOFOLLOW (Windows): check first.
    if (lstatOrNull(file)?.isSymbolicLink()) throw new UnsafePathError(`${show} is a symbolic link; remove it`);
  }
  let fd: number;
  try {
    fd = openSync(file, flags | O_NOFOLLOW | O_NONBLOCK, 0o644);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new UnsafePathError(`${show} is a symbolic link (to ${safeReal(file)}); remove it`);
    if (code === 'ENXIO') throw new UnsafePathError(`${show} is not a regular file; remove it`);
    throw e;
  }
  const st = fstatSync(fd);
  if (!st.isFile() || st.nlink > 1) {
    closeSync(fd);
    throw new UnsafePathError(`${show} is ${st.isFile() ? 'a hard link to another file' : 'not a regular file'}; remove it`);
  }
  return fd;
}

export const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
export const READ_FLAGS = constants.O_RDONLY;

/**
 * Temp files (named by `pattern`, whose `pid` group is the writer's process id) of runs that died
 * between write and rename are removed; a live run's are left alone.
 */
export function removeStaleTemps(dir: string, pattern: RegExp): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const pid = Number(pattern.exec(n)?.groups?.pid);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      unlinkSync(join(dir, n));
    } catch {
      /* gone already */
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

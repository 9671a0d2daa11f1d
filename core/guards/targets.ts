// Paths whose loss is catastrophic, and paths that are scratch space. Shared by the guards that
// delete (rm-catastrophic, interpreter-destruction), change ownership (disk-and-system) or write.

import { isSameOrAncestor } from '../paths';
import type { GuardContext } from './types';

const SYSTEM_DIRS = new Set([
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
  '/Users',
  '/System',
  '/Library',
  '/Applications',
  '/Volumes',
  '/private',
  '/snap',
  '/mnt',
  '/media',
  '/usr/bin',
  '/usr/lib',
  '/usr/local',
  '/usr/share',
  '/var/lib',
  'C:/',
  'C:/Windows',
  'C:/Users',
  'C:/Program Files',
  'C:/Program Files (x86)',
  'C:/ProgramData',
]);
/** Directories in home whose loss is not recoverable from the project. */
const CRITICAL_HOME_DIRS = ['.ssh', '.gnupg', '.aws', '.kube', '.config', 'Documents', 'Desktop'];

/** Why deleting (or recursively re-owning) this absolute, normalised path is catastrophic, or null. */
export function catastrophe(path: string, ctx: Pick<GuardContext, 'home' | 'projectDir'>): string | null {
  if (path === '/' || /^[A-Z]:\/?$/.test(path)) return 'the root of the file system';
  if (path === ctx.home) return 'your home directory';
  if (SYSTEM_DIRS.has(path)) return `the system directory ${path}`;
  if (isSameOrAncestor(path, ctx.home)) return `${path}, which contains your home directory`;
  for (const d of CRITICAL_HOME_DIRS) if (path === `${ctx.home}/${d}`) return `~/${d}`;
  // Another user's home, beside ours (/home/alice when we are /home/user): `rm -rf ~alice`.
  const homes = ctx.home.slice(0, ctx.home.lastIndexOf('/'));
  if ((homes === '/home' || homes === '/Users') && path.startsWith(`${homes}/`) && !path.slice(homes.length + 1).includes('/'))
    return `the home directory ${path}`;
  if (path === ctx.projectDir) return 'the whole project, including its .git history';
  if (isSameOrAncestor(path, ctx.projectDir)) return `${path}, a parent of the project`;
  if (path === `${ctx.projectDir}/.git`) return "the project's .git directory (all local history, branches and stashes)";
  return null;
}

/** Scratch space where writing is always fine. */
export function isTempPath(path: string): boolean {
  return (
    /^(\/tmp|\/var\/tmp|\/private\/tmp|\/private\/var\/folders|\/var\/folders|\/dev\/shm)(\/|$)/.test(path) ||
    /^[A-Z]:\/(Windows\/Temp|Users\/[^/]+\/AppData\/Local\/Temp)(\/|$)/i.test(path)
  );
}

/** Device and pseudo files that output may always be sent to. */
export function isHarmlessDevice(path: string): boolean {
  return /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/\d+|pts\/\d+)$/.test(path) || /^(NUL|nul|CON|con)$/.test(path);
}

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
  // Anything under /boot is the boot loader, the kernels or the EFI partition: the machine no longer boots.
  if (path.startsWith('/boot/')) return `${path}, part of the boot files (the machine may no longer boot)`;
  if (isSameOrAncestor(path, ctx.home)) return `${path}, which contains your home directory`;
  for (const d of CRITICAL_HOME_DIRS) if (path === `${ctx.home}/${d}`) return `~/${d}`;
  // Any user's home, whoever the hook runs as (root's is /root, a system directory above), and the
  // critical folders in it: /home/alice, /Users/bob, C:/Users/carol, /home/alice/.ssh.
  const other = userHome(path);
  if (other?.rest === '') return `the home directory ${other.home}`;
  if (other && CRITICAL_HOME_DIRS.includes(other.rest)) return `${path}, in the home directory ${other.home}`;
  if (path === ctx.projectDir) return 'the whole project, including its .git history';
  if (isSameOrAncestor(path, ctx.projectDir)) return `${path}, a parent of the project`;
  if (path === `${ctx.projectDir}/.git`) return "the project's .git directory (all local history, branches and stashes)";
  return gitHistory(path, ctx);
}

/**
 * The parts of the project's .git that are its history: the object store (every commit), the
 * branch and tag refs, HEAD. Deleting any of them leaves a repository git no longer reads, with
 * every unpushed commit gone; `.git/refs/original` (filter-branch's backup) and the rest are not here.
 */
const GIT_HISTORY = ['objects', 'objects/pack', 'refs', 'refs/heads', 'refs/tags', 'HEAD', 'packed-refs'];

/** Why deleting this path loses the project's history (a part of its .git), or null. */
export function gitHistory(path: string, ctx: Pick<GuardContext, 'projectDir'>): string | null {
  const git = `${ctx.projectDir}/.git/`;
  if (!path.startsWith(git)) return null;
  const rest = path.slice(git.length);
  return GIT_HISTORY.includes(rest) ? `the project's .git/${rest} (its history: every commit, branch and tag git reads through it)` : null;
}

/**
 * The last names a catastrophic path can have: a deletion target `<anything>/<name>` with another
 * name (`"$d/node_modules"`) is never one of them, whatever `<anything>` is.
 */
export function catastrophicNames(ctx: Pick<GuardContext, 'home' | 'projectDir'>): Set<string> {
  const out = new Set<string>(['.git', 'Users', 'home', ...CRITICAL_HOME_DIRS, ...GIT_HISTORY.map((g) => g.slice(g.lastIndexOf('/') + 1))]);
  for (const d of SYSTEM_DIRS) out.add(d.slice(d.lastIndexOf('/') + 1));
  for (const p of [ctx.home, ctx.projectDir]) for (const part of p.split('/')) if (part) out.add(part);
  return out;
}

/** Folders whose children are users' homes: Linux, macOS, Windows (and its drive under WSL and Git Bash). */
const HOMES = /^(?:\/home|\/Users|[A-Za-z]:\/Users|\/mnt\/[a-z]\/Users|\/[a-z]\/Users)\/([^/]+)(?:\/(.*))?$/;

/** The user's home a path is in (`/home/alice/.ssh` → /home/alice and `.ssh`), or null. */
export function userHome(path: string): { home: string; rest: string } | null {
  const m = HOMES.exec(path);
  if (!m) return null;
  const rest = m[2] ?? '';
  return { home: rest === '' ? path : path.slice(0, path.length - rest.length - 1), rest };
}

/**
 * The names directly in `dir` whose deletion is catastrophic (for judging a glob such as /e?c or
 * ~/.[a-z]*): the system directories in it, the step towards home or the project, home's critical
 * folders, the project's .git.
 */
export function protectedChildren(dir: string, ctx: Pick<GuardContext, 'home' | 'projectDir'>): string[] {
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const out = new Set<string>();
  for (const d of SYSTEM_DIRS) if (d.startsWith(prefix) && !d.slice(prefix.length).includes('/') && d.length > prefix.length) out.add(d.slice(prefix.length));
  for (const p of [ctx.home, ctx.projectDir]) if (p.startsWith(prefix)) out.add(p.slice(prefix.length).split('/')[0]!);
  if (dir === ctx.home || userHome(dir)?.rest === '') for (const d of CRITICAL_HOME_DIRS) out.add(d);
  if (dir === ctx.projectDir) out.add('.git');
  out.delete('');
  return [...out];
}

/** Files the system cannot run without (deleting one, even without -r, breaks logins, boot or sudo). */
const SYSTEM_FILES = new Set([
  '/etc/passwd',
  '/etc/shadow',
  '/etc/group',
  '/etc/gshadow',
  '/etc/sudoers',
  '/etc/fstab',
  '/etc/hosts',
  '/etc/hostname',
  '/etc/resolv.conf',
  '/etc/nsswitch.conf',
  '/etc/pam.conf',
  '/etc/login.defs',
  '/etc/ld.so.conf',
  '/etc/ld.so.cache',
  '/etc/os-release',
  '/etc/crypttab',
  '/etc/inittab',
  '/etc/ssh/sshd_config',
]);
const SYSTEM_BIN_DIRS = new Set(['/bin', '/sbin', '/usr/bin', '/usr/sbin', '/lib', '/lib64', '/usr/lib', '/boot']);

/** Why deleting this single file breaks the system, or null. */
export function systemFile(path: string): string | null {
  if (SYSTEM_FILES.has(path)) return `the system file ${path}`;
  const slash = path.lastIndexOf('/');
  if (slash > 0 && SYSTEM_BIN_DIRS.has(path.slice(0, slash))) return `the system file ${path}`;
  if (/^\/etc\/(pam\.d|sudoers\.d)\/[^/]+$/.test(path)) return `the system file ${path}`;
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

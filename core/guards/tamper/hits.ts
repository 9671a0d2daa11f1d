// Which write, delete or mode change reaches Agent Guard: its files and settings entries (a folder
// that holds them, for recursive writes), the node that runs the hook, the files the hook opens on
// every call and the folders on the hook file's path (moved out of guards/guard-tamper.ts).
import type { GuardContext } from '../types';
import { basename, dirname, isSameOrAncestor } from '../../paths';
import { isDotenvName } from '../../secrets';
import { all, isSettings, type Layout } from './layout';

export type Hit = { path: string; settings: boolean };

/**
 * Is a write or delete of `path` one of the guard's? `tree`: it may replace or remove a whole
 * folder (rm -r, a recursive copy, an extraction): a folder inside a container that holds a
 * protected path counts (rm -rf .claude, cp -r x .claude/hooks). Outside the .claude folders (which
 * the hook runs from) the protected path must exist: `rm -rf .github` in a project without the VS
 * Code hook file removes nothing of the guard.
 */
export function hitOf(path: string, l: Layout, tree: boolean, ctx: GuardContext): Hit | null {
  const guard = l.guard.find((g) => isSameOrAncestor(g, path));
  if (guard) return { path: guard, settings: false };
  if (isSettings(l, path)) return { path, settings: true };
  if (!tree || !l.containers.some((c) => isSameOrAncestor(c, path))) return null;
  const inside = all(l).find((p) => isSameOrAncestor(path, p) && (l.claude.some((c) => isSameOrAncestor(c, p)) || ctx.exists(p)));
  return inside ? { path: inside, settings: isSettings(l, inside) } : null;
}

/** chmod that takes away the owner's read (or, on a folder, search) permission. */
export function removesRead(mode: string | null, folder: boolean): boolean {
  if (mode === null) return true;
  if (/^[0-7]{3,4}$/.test(mode)) {
    const owner = Number(mode[mode.length - 3]);
    return (owner & 4) === 0 || (folder && (owner & 1) === 0);
  }
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return true;
    const [, who, op, perms] = m;
    if (who && !/[ua]/.test(who)) return false; // group and others only: the hook runs as the owner
    if (op === '-') return perms!.includes('r') || (folder && perms!.includes('x'));
    if (op === '=') return !perms!.includes('r') || (folder && !perms!.includes('x'));
    return false;
  });
}

export const CHMOD_DASH_MODE = /^-[rwxXst]+(?:,[ugoa]*[-+=][rwxXst]*)*$/;

/** The node the hook command runs (`node …/agent-guard.cjs`, found on PATH): a bin folder's node. */
export const RUNTIME = /\/bin\/(?:node|nodejs)(?:\.exe)?$/i;

/** chmod that takes away the owner's execute (or read) permission from a program. */
export function removesExec(mode: string | null): boolean {
  if (mode === null) return true;
  if (/^[0-7]{3,4}$/.test(mode)) return (Number(mode[mode.length - 3]) & 5) !== 5;
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return true;
    const [, who, op, perms] = m;
    if (who && !/[ua]/.test(who)) return false;
    return (op === '-' && /[rxX]/.test(perms!)) || (op === '=' && !/[xX]/.test(perms!));
  });
}

/** Files the hook itself opens on every call (or every denial): the config, the settings, the project's .env files (for redaction). */
export function hookReads(path: string, l: Layout, ctx: GuardContext): boolean {
  return l.guard.includes(path) || isSettings(l, path) || (dirname(path) === ctx.projectDir && isDotenvName(basename(path)));
}

/** Folders the hook file's path runs through: without read and search permission there, the host cannot start it. */
export function onHookPath(path: string, l: Layout): boolean {
  return l.claude.some((c) => isSameOrAncestor(path, c));
}

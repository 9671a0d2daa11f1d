// Where an argument points: the absolute path a word names for a program run in a folder (its
// /proc and /dev/fd forms, remote and container paths as THERE), and the host of a URL. Shared by
// the effects of a signature row (derive.ts) and of interpreter code (code.ts).

import type { Invocation, Value } from '../shell/model';
import { isAbsolutePath, resolvePath } from '../paths';
import type { Target } from '../programs/types';

/**
 * The working folder of a command run in another environment (`heroku run cat .env`): unknown, so its
 * relative paths are taken under this placeholder, where a secret's name still shows.
 */
export const THERE = '/(there)';

/** Variables that hold a process id: `/proc/$$/environ` is a process's file whichever the id is. */
export const PID_VARIABLES = new Set(['$', 'BASHPID', 'PPID', '!']);

/** `/proc/$$/…` with the id left out (`self`: the same kind of file of a process of this session), else null. */
export function procPath(value: Value): string | null {
  let text = '';
  for (const p of value.word.parts) {
    if (p.type === 'lit') text += p.text;
    else if (p.type === 'param' && PID_VARIABLES.has(p.name) && p.op === '') text += 'self';
    else return null;
  }
  return text.startsWith('/proc/') ? text : null;
}

export function target(inv: Invocation, value: Value, home: string, dir?: string | null): Target {
  const proc = value.known === null ? procPath(value) : null;
  if (proc !== null) return { value, path: resolvePath('/', proc, home) };
  const t = value.known;
  if (t === null || t === '' || t === '-' || remoteOf(t)) return { value, path: null };
  // /dev/fd/3 with 3<.env (or /dev/stdin with < .env): the file opened on that descriptor.
  const fd = FD_PATH.exec(t);
  if (fd) {
    const n = Number(fd[1] ?? fd[2] ?? 0);
    const opened = openedOn(inv, n);
    if (opened) return target(inv, opened, home);
  }
  if (isAbsolutePath(t) || t.startsWith('~')) return { value, path: resolvePath('/', t, home) };
  const base = dir ?? inv.cwd ?? (inv.elsewhere !== undefined ? THERE : null);
  return { value, path: base ? resolvePath(base, t, home) : null };
}

/** `host:path` or `user@host:path` (scp, rsync), not a Windows drive. */
export function remoteOf(t: string | null): string | null {
  if (t === null || !t.includes(':')) return null;
  const m = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)/.exec(t);
  return m && m[1]!.length > 1 ? m[1]! : null;
}

export const URL_RE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)/i;

export function hostOf(url: string): string | null {
  const m = URL_RE.exec(url);
  if (m)
    return (
      m[2]!
        .replace(/^[^@]*@/, '')
        .replace(/:\d+$/, '')
        .toLowerCase() || null
    );
  const bare = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+|localhost)(?::\d+)?(?:[/?#]|$)/i.exec(url);
  return bare ? bare[1]!.toLowerCase() : null;
}

export const FD_PATH = /^\/(?:dev\/(?:stdin|fd\/(\d+))|proc\/(?:self|thread-self|\d+)\/fd\/(\d+))$/;

/** The file a redirection of this invocation opened for reading on descriptor `fd` (`3<.env`), if any. */
export function openedOn(inv: Invocation, fd: number): Value | null {
  let found: Value | null = null;
  for (const r of inv.redirects) if ((r.op === '<' || r.op === '<>') && (r.fd ?? 0) === fd && r.target) found = r.target;
  return found;
}

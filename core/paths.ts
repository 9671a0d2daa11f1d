// Path arithmetic that works the same for POSIX paths and Windows paths sent by Claude Code
// (`C:\Users\me\proj`), independent of the platform the hook runs on.

const NEEDS_NORMALIZING = /\\|\/\/|\/\.\.?(?:\/|$)|.\/$/;
/** The same for a relative path: also a leading `.`/`..` segment, a trailing slash, a drive (`C:`). */
const RELATIVE_NEEDS_NORMALIZING = /\\|\/\/|(?:^|\/)\.\.?(?:\/|$)|\/$|^[A-Za-z]:(?:\/|$)/;

/** Backslashes to slashes, duplicate slashes collapsed, `.`/`..` resolved, no trailing slash (except root). */
/**
 * The user's home directory, as every adapter looks it up: $HOME, then %USERPROFILE% (Windows),
 * then the OS's answer; normalised. The environment and the OS lookup are passed in: core reads no
 * process state.
 */
export function homeDirectory(env: Readonly<Record<string, string | undefined>>, osHomedir: () => string): string {
  return normalizePath(env.HOME || env.USERPROFILE || osHomedir());
}

export function normalizePath(path: string): string {
  // Fast path: already normal (the common case, and it keeps long chains of path joins linear).
  if (path.startsWith('/') ? !NEEDS_NORMALIZING.test(path) : path !== '' && !RELATIVE_NEEDS_NORMALIZING.test(path)) return path;
  let p = path.replace(/\\/g, '/');
  let prefix = '';
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) {
    prefix = `${drive[1]!.toUpperCase()}:/`;
    p = p.slice(drive[0].length);
  } else if (p.startsWith('/')) {
    prefix = '/';
    p = p.slice(1);
  }
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!prefix) out.push('..');
    } else out.push(seg);
  }
  const joined = out.join('/');
  if (prefix) return prefix + joined;
  return joined || '.';
}

export function isAbsolutePath(path: string): boolean {
  // Character tests, not patterns: this runs for every path argument of every command.
  const c = path.charCodeAt(0);
  if (c === 47 || c === 92) return true; // / \
  if (path.charCodeAt(1) !== 58 || !((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false; // X:
  const d = path.charCodeAt(2);
  return path.length === 2 || d === 47 || d === 92;
}

/** Resolves `path` against `base` (absolute, normalised), expanding a leading `~` to `home`. */
export function resolvePath(base: string, path: string, home: string): string {
  let p = path.includes('\\') ? path.replace(/\\/g, '/') : path;
  if (p === '~' || p.startsWith('~/')) p = home + p.slice(1);
  if (isAbsolutePath(p)) return normalizePath(p);
  // Normalise only the relative part, so the cost does not grow with the length of base.
  let rel = normalizePath(p);
  let b = base;
  while (rel === '..' || rel.startsWith('../')) {
    b = dirname(b);
    rel = rel === '..' ? '.' : rel.slice(3);
  }
  if (rel === '.') return b;
  return b.endsWith('/') ? b + rel : `${b}/${rel}`;
}

/** True when `ancestor` is `path` or one of its parent directories (both normalised). */
export function isSameOrAncestor(ancestor: string, path: string): boolean {
  if (ancestor === path) return true;
  // `ancestor` followed by a slash, without building that string (this runs for every protected path against every write).
  if (!path.startsWith(ancestor)) return false;
  return ancestor.endsWith('/') || path.charCodeAt(ancestor.length) === 47;
}

export function basename(path: string): string {
  const p = path.includes('\\') ? path.replace(/\\/g, '/') : path;
  let end = p.length;
  while (end > 1 && p[end - 1] === '/') end--;
  return p.slice(p.lastIndexOf('/', end - 1) + 1, end);
}

export function dirname(path: string): string {
  const p = normalizePath(path);
  const i = p.lastIndexOf('/');
  if (i < 0) return '.';
  if (i === 0) return '/';
  if (/^[A-Z]:$/.test(p.slice(0, i))) return p.slice(0, i + 1);
  return p.slice(0, i);
}

/** `path` relative to `root` when inside it, else null. */
export function relativeTo(root: string, path: string): string | null {
  if (path === root) return '';
  const r = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(r) ? path.slice(r.length) : null;
}

/**
 * `path` relative to a home folder: ours, or any user's by where systems keep them (/home/NAME,
 * /Users/NAME, C:/Users/NAME, /root), so that a credential file is one in every home. Null outside.
 */
export function homeRelative(path: string, home: string): string | null {
  const ours = relativeTo(home, path);
  if (ours !== null) return ours;
  const m = /^(?:\/home\/[^/]+|\/Users\/[^/]+|[A-Z]:\/Users\/[^/]+|\/root)\/(.+)$/.exec(path);
  return m ? m[1]! : null;
}

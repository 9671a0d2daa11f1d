// Which secret file a word of a command names, however the path is built: a plain path (links
// followed), a glob with wildcards in any part (`*/.env.production`, `~/.gnupg/private-keys-v1.d/*.key`),
// a folder that holds one (`rsync -a config/ host:`), or a variable whose value is a credential
// file's path (`"$GOOGLE_APPLICATION_CREDENTIALS"`, core/secrets.ts CREDENTIAL_PATH_VARIABLES).
// Bounded: a glob or a folder walk looks at most MAX_ENTRIES directory entries; past that the
// answer is 'limit', which the guards deny as unanalysable (what they did not list could be the secret).

import { minimatch } from 'minimatch';
import { CANONICAL_SECRET_NAMES, credentialPathVariable, knownHomeSecrets, secretKind, type SecretKind } from '../secrets';
import { basename, dirname, relativeTo, resolvePath } from '../paths';
import type { Invocation, Value } from '../shell/model';
import type { GuardContext } from './types';

export interface SecretHit {
  path: string;
  kind: SecretKind;
  /** The variable the path was named by (`$KUBECONFIG`), when it was. */
  variable?: string;
}

/** Directory entries one glob expansion or folder walk may look at. */
export const MAX_ENTRIES = 20_000;
const WILD = /[*?[]/;
const SKIPPED = new Set(['.git', 'node_modules']);
/** Expansions that are the variable's value when it is set (`${V:-default}`, `${V:?msg}`). */
const DEFAULTING = new Set(['', '-', ':-', '=', ':=', '?', ':?']);

/**
 * The secret a path names: by its own name, or, when that is not secret, by where its links lead
 * (`notes.txt` made a link to `.env` by an earlier call reads `.env`).
 */
export function secretPath(path: string, ctx: GuardContext): SecretHit | null {
  const lookup = { home: ctx.home, projectDir: ctx.projectDir, extraGlobs: ctx.config.secretFiles, peek: (p: string) => ctx.readText(p, 4096) };
  const kind = secretKind(path, lookup);
  if (kind) return { path, kind };
  const real = path.startsWith('/') ? ctx.realpath(path) : path;
  if (real === path) return null;
  const linked = secretKind(real, lookup);
  return linked ? { path: real, kind: linked } : null;
}

function join(dir: string, name: string): string {
  return `${dir === '/' ? '' : dir}/${name}`;
}

/**
 * The existing paths an absolute glob matches, every part expanded against the file system (as the
 * shell does; case-insensitively and with dot files, as a file system of macOS or Windows and a
 * careless pattern may). `listed` is false when the first wildcard's folder could not be listed.
 */
export function expandGlob(pattern: string, ctx: GuardContext): { paths: string[]; complete: boolean; listed: boolean } {
  const parts = pattern.split('/');
  let current = [parts[0] === '' ? '/' : parts[0]!];
  let seen = 0;
  let listed = true;
  let first = true;
  for (let k = 1; k < parts.length; k++) {
    const part = parts[k]!;
    if (part === '') continue;
    const last = k === parts.length - 1;
    const next: string[] = [];
    for (const dir of current) {
      if (!WILD.test(part)) {
        const p = join(dir, part);
        // A literal part after a wildcard must exist for the shell to keep the match.
        if (first || ctx.exists(p)) next.push(p);
        continue;
      }
      const names = ctx.listDir(dir);
      if (first && names.length === 0) listed = false;
      for (const name of names) {
        if (++seen > MAX_ENTRIES) return { paths: next, complete: false, listed };
        if (minimatch(name, part, { dot: true, nocase: true })) next.push(join(dir, name));
      }
    }
    if (WILD.test(part)) first = false;
    current = next;
    if (current.length === 0 && !last) break;
  }
  return { paths: first ? [] : current, complete: true, listed };
}

/** A name that the glob part matches, to stand for the files of a folder that cannot be listed (`*.key` → `x.key`). */
function probeName(part: string): string {
  let out = '';
  for (let i = 0; i < part.length; i++) {
    const c = part[i]!;
    const close = c === '[' ? part.indexOf(']', i + 2) : -1;
    if (close > 0) {
      const negated = part[i + 1] === '!' || part[i + 1] === '^';
      out += negated ? 'x' : part[i + 1]!;
      i = close;
    } else out += c === '*' || c === '?' ? 'x' : c;
  }
  return out;
}

/**
 * `cat *\/.env.production`, `head ~/.gnupg/private-keys-v1.d/*.key`: a secret file the glob reaches.
 * Checked against the file system; where the folder cannot be listed (another machine's home, a
 * folder not made yet), against the names secrets have there: the canonical names, the known
 * places in the home folder, and a name the pattern matches in a folder whose files are all secret.
 */
export function secretGlob(pattern: string, ctx: GuardContext): SecretHit | 'limit' | null {
  const expanded = expandGlob(pattern, ctx);
  for (const p of expanded.paths) {
    const hit = secretPath(p, ctx);
    if (hit) return hit;
  }
  if (!expanded.complete) return 'limit';
  if (expanded.listed) return null;
  const probe = pattern
    .split('/')
    .map((p) => (WILD.test(p) ? probeName(p) : p))
    .join('/');
  const byProbe = secretPath(probe, ctx);
  if (byProbe) return { ...byProbe, path: pattern };
  const rel = relativeTo(ctx.home, pattern);
  if (rel) {
    for (const known of knownHomeSecrets()) {
      if (minimatch(known, rel, { dot: true, nocase: true })) {
        const hit = secretPath(join(ctx.home, known), ctx);
        if (hit) return hit;
      }
    }
  }
  const dir = dirname(pattern);
  if (!WILD.test(dir)) {
    for (const name of CANONICAL_SECRET_NAMES) {
      if (!minimatch(name, basename(pattern), { dot: true, nocase: true })) continue;
      const hit = secretPath(join(dir, name), ctx);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * A secret file inside a folder (the folder itself when it is one), walked depth-first like the
 * copy or archive that sends it: `.git` and `node_modules` are skipped, `exclude` globs (rsync's
 * and tar's --exclude) leave out the names they match. 'limit' past MAX_ENTRIES entries.
 */
export function secretWithin(root: string, ctx: GuardContext, exclude: readonly string[] = []): SecretHit | 'limit' | null {
  const excluded = (name: string, path: string) =>
    exclude.some((g) => minimatch(name, g, { dot: true }) || minimatch(relativeTo(root, path) ?? path, g.replace(/^\//, ''), { dot: true }));
  const direct = secretPath(root, ctx);
  if (direct) return excluded(basename(root), root) ? null : direct;
  let seen = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const name of ctx.listDir(dir)) {
      if (++seen > MAX_ENTRIES) return 'limit';
      const path = join(dir, name);
      if (SKIPPED.has(name) || excluded(name, path)) continue;
      const hit = secretPath(path, ctx);
      if (hit) return hit;
      stack.push(path);
    }
  }
  return null;
}

/**
 * A word whose value starts with a variable naming a credential file's path (`"$KUBECONFIG"`,
 * `"$DOCKER_CONFIG/config.json"`, `$DB_PASSWORD_FILE`), set nowhere on the line: the secret it names.
 */
export function secretOfPathVariable(v: Value, ctx: GuardContext): SecretHit | null {
  const [head, ...rest] = v.word.parts;
  if (head?.type !== 'param' || !DEFAULTING.has(head.op) || head.index !== undefined) return null;
  // The analysis reads `${V:-default}` as its default; the variable, set in the environment, wins.
  if (head.op === '' ? v.known !== null || !v.unsetVars.includes(head.name) : false) return null;
  if (!rest.every((p) => p.type === 'lit')) return null;
  const tail = rest.map((p) => (p.type === 'lit' ? p.text : '')).join('');
  const row = credentialPathVariable(head.name);
  if (!row) return null;
  if (row.stands) {
    if (tail !== '' && !tail.startsWith('/')) return null;
    const path = resolvePath('/', row.stands + tail, ctx.home);
    const hit = secretPath(path, ctx);
    return hit ? { ...hit, variable: head.name } : null;
  }
  return tail === '' ? { path: `$${head.name}`, kind: 'credentials-file', variable: head.name } : null;
}

/** Options after which --exclude no longer says what is left out (an --include re-admits files; rules in a file are not read). */
const RULES = /^(?:--include|--filter|--exclude-from|--include-from|--files-from|-X$|--rules|--delete-excluded)/;

/** --exclude PATTERN / --exclude=PATTERN (rsync, tar, aws s3, zip -x): names the copy leaves out; none when other rules may re-admit them. */
export function copyExcludes(inv: Invocation): string[] {
  const out: string[] = [];
  const words = inv.args.map((a) => a.known ?? '');
  if (words.some((w) => RULES.test(w) || (inv.program === 'rsync' && w === '-f')) || inv.args.some((a) => a.known === null)) return [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--exclude' || (inv.program === 'zip' && w === '-x')) out.push(words[i + 1] ?? '');
    else if (w.startsWith('--exclude=')) out.push(w.slice('--exclude='.length));
  }
  return out.filter((g) => g !== '').map((g) => g.replace(/^['"]|['"]$/g, ''));
}

// Which secret file an effect's target names: a path, a glob, a variable, what find hands to {},
// names a producer prints (moved out of guards/secret-read.ts).
import { minimatch } from 'minimatch';
import type { GuardContext } from '../types';
import { secretPath } from '../helpers';
import { secretGlob, secretOfPathVariable, type SecretHit } from '../secret-paths';
import { findFiles } from '../file-changes';
import { UNKNOWN, type Invocation, type ShellAnalysis, type Value } from '../../shell/analyze';
import type { NameSource } from '../../effects/producers';
import { CANONICAL_SECRET_NAMES, type SecretKind } from '../../secrets';
import { basename, dirname, resolvePath } from '../../paths';
import type { Target } from '../../programs/types';

/** Why a file's name is unknown (an UNKNOWN part in its last name: "$f", "dir/$f"), or null. */
export function unknownName(v: Value): string | null {
  if (v.known !== null) return null;
  for (const p of v.possible) {
    let end = p.text.length;
    while (end > 1 && p.text[end - 1] === '/') end--;
    const last = p.text.slice(p.text.lastIndexOf('/', end - 1) + 1, end);
    if (last.includes(UNKNOWN)) return p.because.join('; ');
  }
  return null;
}

/**
 * A secret file named by the target: directly, via a glob (wildcards in any part), via a variable
 * naming a credential file (`"$KUBECONFIG"`), via what find hands to `{}`, or via a copy/link made
 * earlier on the line. A glob or find too large to list makes the line unanalysable.
 */
export function secretTarget(t: Target, ctx: GuardContext, analysis: ShellAnalysis, inv?: Invocation): SecretHit | null {
  const byVariable = secretOfPathVariable(t.value, ctx);
  if (byVariable || !t.path) return byVariable;
  if (inv?.findRoots && basename(t.path) === '{}') {
    const found = findFiles(inv, analysis, ctx);
    for (const p of found) {
      const hit = secretPath(p, ctx);
      if (hit) return hit;
    }
    return null;
  }
  if (t.value.glob) {
    const hit = secretGlob(t.path, ctx);
    if (hit === 'limit') {
      analysis.limit ??= 'files';
      return null;
    }
    return hit;
  }
  return secretPath(analysis.aliases.get(t.path) ?? t.path, ctx);
}

/** A secret file directly inside `dir` (optionally matching a glob); the canonical names when the directory cannot be read. */
export function secretEntry(dir: string, ctx: GuardContext, glob?: string): { path: string; kind: SecretKind } | null {
  const entries = ctx.listDir(dir);
  const candidates = entries.length > 0 ? entries : glob ? CANONICAL_SECRET_NAMES : [];
  for (const name of candidates.slice(0, 2000)) {
    if (glob && !minimatch(name, glob, { dot: true, nocase: true })) continue;
    const hit = secretPath(`${dir === '/' ? '' : dir}/${name}`, ctx);
    if (hit) return hit;
  }
  return null;
}

/** Names a glob may match that would be secret: when a producer's glob matches none of them, no walk is needed. */
export const SECRET_NAME_PROBES = [
  ...CANONICAL_SECRET_NAMES,
  '.envrc',
  '.env.test',
  'server.key',
  'server.pem',
  'key.pem',
  'keystore.p12',
  'master.key',
  'terraform.tfstate',
  'service-account.json',
  'id_ed25519',
];

const WALK_LIMIT = 3000;

/** A secret file among the names the source may print (checked on disk, bounded), or null. */
export function secretNamed(source: NameSource, base: string, ctx: GuardContext): { path: string; kind: SecretKind } | null {
  switch (source.kind) {
    case 'none':
      return null;
    case 'unknown':
      return secretEntry(base, ctx);
    case 'paths':
      for (const p of source.paths) {
        const path = resolvePath(base, p, ctx.home);
        const hit = /[*?[]/.test(p) ? secretGlob(path, ctx) : secretPath(path, ctx);
        if (hit === 'limit') {
          ctx.shell().limit ??= 'files';
          continue;
        }
        if (hit) return hit;
      }
      return null;
    case 'walk': {
      const globs = source.globs;
      if (globs && !globs.some((g) => SECRET_NAME_PROBES.some((n) => minimatch(n, g, { dot: true, nocase: true })))) return null;
      let seen = 0;
      const walk = (dir: string, depth: number): { path: string; kind: SecretKind } | null => {
        for (const name of ctx.listDir(dir)) {
          if (++seen > WALK_LIMIT) return secretEntry(base, ctx); // too many to look through: judged as names not known
          if (!source.hidden && name.startsWith('.')) continue;
          const path = `${dir === '/' ? '' : dir}/${name}`;
          if (!globs || globs.some((g) => minimatch(name, g, { dot: true, nocase: true }))) {
            const hit = secretPath(path, ctx);
            if (hit && (source.tracked !== 'only' || tracked(path, ctx))) return hit;
          }
          if (source.recursive && depth < 8 && name !== '.git' && name !== 'node_modules') {
            const below = walk(path, depth + 1);
            if (below) return below;
          }
        }
        return null;
      };
      for (const r of source.roots) {
        const root = resolvePath(base, r, ctx.home);
        const direct = secretPath(root, ctx);
        if (direct) return direct;
        const hit = walk(root, 0);
        if (hit) return hit;
      }
      return null;
    }
  }
}

/** Whether git tracks the file (unknown counts as tracked). */
function tracked(path: string, ctx: GuardContext): boolean {
  const r = ctx.git(['ls-files', '--', path], dirname(path));
  return r === null || !r.ok || r.stdout.trim() !== '';
}

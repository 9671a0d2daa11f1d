// Writes whose files the line does not name: what find selects and changes, archives extracted
// without member names, patches whose text cannot be read before they run (moved out of
// guards/guard-tamper.ts).
import { minimatch } from 'minimatch';
import type { GuardContext } from '../types';
import { parseGit } from '../helpers';
import { effectsOf, patchFiles, patchStrip } from '../../effects/derive';
import { matchRow, specFor } from '../../programs/match';
import type { Effect } from '../../programs/types';
import { basename, isSameOrAncestor, relativeTo, resolvePath } from '../../paths';
import { findStartingPoints, syntheticValue, type Invocation, type ShellAnalysis, type Value } from '../../shell/analyze';
import { all, isSettings, type Layout } from './layout';
import { hitOf, removesRead, type Hit } from './hits';

/** find's name and path tests, when the expression is a plain conjunction we can evaluate; null: it could select anything. */
function findTests(args: Value[]): { names: { glob: string; nocase: boolean }[]; paths: { glob: string; nocase: boolean }[] } | null {
  const names: { glob: string; nocase: boolean }[] = [];
  const paths: { glob: string; nocase: boolean }[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.known;
    if (a === null) continue;
    if (['-o', '-or', '!', '-not', ',', '-prune', '-regex', '-iregex'].includes(a)) return null;
    if (a === '-exec' || a === '-execdir' || a === '-ok' || a === '-okdir') {
      while (i < args.length && args[i]!.known !== ';' && args[i]!.known !== '+') i++;
      continue;
    }
    const v = args[i + 1]?.known;
    if (a === '-name' || a === '-iname') {
      if (v === null || v === undefined) return null;
      names.push({ glob: v, nocase: a === '-iname' });
      i++;
    } else if (a === '-path' || a === '-ipath' || a === '-wholename' || a === '-iwholename') {
      if (v === null || v === undefined) return null;
      paths.push({ glob: v, nocase: a.startsWith('-i') });
      i++;
    }
  }
  return { names, paths };
}

/** Does find (rooted at `rootText` = `root`) select `path` with these tests? */
function findSelects(tests: NonNullable<ReturnType<typeof findTests>>, rootText: string, root: string, path: string): boolean {
  const shown = `${rootText.replace(/\/$/, '')}${path === root ? '' : `/${relativeTo(root, path)}`}`;
  return (
    tests.names.every((t) => minimatch(basename(path), t.glob, { dot: true, nocase: t.nocase })) &&
    tests.paths.every((t) => minimatch(shown, t.glob, { dot: true, nocase: t.nocase, matchBase: false }))
  );
}

/** A command run on what find finds (`-exec rm {} +`, `| xargs rm`) that writes or deletes it. */
function changesFound(inv: Invocation, home: string): boolean {
  if (inv.program === 'chmod') return removesRead(inv.args.find((a) => a.known !== null && !a.known.startsWith('-'))?.known ?? null, true);
  if (inv.program === 'chown' || inv.program === 'chgrp') return true;
  const probe = syntheticValue('/agent-guard-probe/found');
  return effectsOf({ ...inv, args: [...inv.args, probe] }, home).effects.some((e) => (e.kind === 'write' || e.kind === 'delete') && e.target.value === probe);
}

export function judgeFind(find: Invocation, analysis: ShellAnalysis, l: Layout, ctx: GuardContext): Hit | null {
  const roots = findStartingPoints(find.args);
  const runsOnFound = analysis.invocations.some(
    (i) => i !== find && i.findRoots !== null && (roots.length === 0 ? i.findRoots.length === 0 : i.findRoots.includes(roots[0]!)) && changesFound(i, ctx.home),
  );
  if (!runsOnFound && !find.args.some((a) => a.known === '-delete')) return null;
  const tests = findTests(find.args);
  const depthAt = find.args.findIndex((a) => a.known === '-maxdepth');
  const maxDepth = depthAt >= 0 ? Number(find.args[depthAt + 1]?.known ?? Number.NaN) : Number.POSITIVE_INFINITY;
  for (const r of roots.length > 0 ? roots : [syntheticValue('.')]) {
    const root = r.known !== null && find.cwd ? resolvePath(find.cwd, r.known, ctx.home) : null;
    // From the project, home or / with no name or path test, find deletes everything: rm-catastrophic's to explain.
    if (root && !l.containers.some((c) => isSameOrAncestor(c, root)) && (!tests || (tests.names.length === 0 && tests.paths.length === 0))) continue;
    for (const c of l.candidates) {
      if (root === null) {
        if (r.known === null) continue; // a computed root: rm-catastrophic's question
        if (!c.endsWith(`/${r.known.replace(/^\.\//, '')}`)) continue;
      } else if (!isSameOrAncestor(root, c)) continue;
      else if (Number.isFinite(maxDepth) && (relativeTo(root, c) || '').split('/').filter(Boolean).length > maxDepth) continue;
      if (tests && root && !findSelects(tests, r.known!, root, c)) continue;
      // A folder found is deleted with what is in it only by a recursive command; -delete removes files and empty folders.
      const hit = hitOf(c, l, true, ctx);
      if (hit && (hit.path === c || runsOnFound)) return hit;
    }
  }
  return null;
}

/** tar x / unzip / 7z x without member names, into a folder that holds guard files: any member may replace one. */
export function judgeExtraction(inv: Invocation, l: Layout, ctx: GuardContext): Hit | null {
  const spec = inv.program ? specFor(inv.program) : undefined;
  const m = spec ? matchRow(inv, spec) : null;
  if (!m || !(m.row.how === 'tar x' || m.row.how === 'unzip' || (inv.program.startsWith('7z') && m.row.sub?.[0] === 'x'))) return null;
  const members = m.parsed.positional.slice(m.row.pos?.length ?? 0);
  if (members.length > 0) return null; // named members are write effects, judged with the others
  const dirValue = m.parsed.values.find((v) => m.row.dirOpt?.includes(v.opt))?.value;
  const dir = dirValue ? (dirValue.known !== null && inv.cwd ? resolvePath(inv.cwd, dirValue.known, ctx.home) : null) : inv.cwd;
  if (!dir || !l.containers.some((c) => isSameOrAncestor(c, dir))) return null;
  const inside = all(l).find((p) => isSameOrAncestor(dir, p));
  return inside ? { path: inside, settings: isSettings(l, inside) } : null;
}

/** Programs whose output on a pipe is the repository's own content (as `git checkout` writes it): a patch from them is not judged here. */
const GIT_PATCH_PRODUCERS = new Set(['diff', 'show', 'format-patch', 'log', 'stash', 'range-diff']);

/**
 * A patch program (git apply, git am, patch) whose patch text the line does not show: from a pipe
 * (`curl … | git apply`, `base64 -d x | patch -p1`), or a file that is not there yet (the line
 * writes it first: `curl -o p.diff … && git apply p.diff`). Its files are unknown, so where the
 * folder it applies in holds Agent Guard's files it may rewrite them. A `cat FILE |` pipe is read
 * as the file. A patch from git itself (`git diff main | git apply`) is the repository's own
 * content, as `git checkout` writes it, and is left alone.
 */
export function judgeUnreadPatch(inv: Invocation, effects: readonly Effect[], l: Layout, ctx: GuardContext): { how: 'unknown' | 'changes'; hit: Hit } | null {
  const spec = inv.program ? specFor(inv.program) : undefined;
  const m = spec ? matchRow(inv, spec) : null;
  if (!m?.row.stdinPatch || !inv.cwd || inv.stdinText !== null) return null;
  // `patch FILE fix.diff`, `patch -o out`: the file it writes is named (a write effect, judged with the others).
  if (effects.some((e) => e.kind === 'write')) return null;
  const files = effects.flatMap((e) => (e.kind === 'read' && e.source === 'file' && e.patch ? [e.target.path] : []));
  let unknown = false;
  if (files.length > 0) unknown = files.some((path) => !path || ctx.readText(path, 1) === null);
  else if (inv.pipeFrom) {
    const from = inv.pipeFrom;
    if (from.program === 'git' && GIT_PATCH_PRODUCERS.has(parseGit(from, ctx.home)?.sub ?? '')) return null;
    const catted = from.program === 'cat' && from.args.length > 0 && from.args.every((a) => a.known !== null && !a.known.startsWith('-'));
    const texts = catted && from.cwd ? from.args.map((a) => ctx.readText(resolvePath(from.cwd!, a.known!, ctx.home), MAX_PATCH_TEXT)) : [null];
    if (texts.some((t) => t === null)) unknown = true;
    else {
      for (const f of patchFiles(inv, texts.join('\n'), patchStrip(inv))) {
        const hit = hitOf(ctx.realpath(resolvePath(inv.cwd, f.path, ctx.home)), l, false, ctx);
        if (hit) return { how: 'changes', hit };
      }
      return null;
    }
  }
  if (!unknown) return null;
  const dirValue = m.parsed.values.find((v) => ['-d', '--directory'].includes(v.opt))?.value;
  const dir = dirValue ? (dirValue.known !== null ? resolvePath(inv.cwd, dirValue.known, ctx.home) : null) : inv.cwd;
  if (dir === null) return { how: 'unknown', hit: { path: `${ctx.projectDir}/.claude`, settings: false } };
  const inside = all(l).find((p) => isSameOrAncestor(dir, p) && ctx.exists(p));
  return inside ? { how: 'unknown', hit: { path: inside, settings: isSettings(l, inside) } } : null;
}

const MAX_PATCH_TEXT = 256 * 1024;

export function unreadPatchReason(inv: Invocation, path: string, show: (p: string) => string): string {
  const how = inv.program === 'git' ? 'git apply' : inv.program;
  return (
    `${how} here applies a patch whose text cannot be read before it runs (from a pipe, or a file the line writes first), so the files it changes are unknown, and this folder holds ${show(path)}, part of Agent Guard. ` +
    `Save the patch to a file in one step, then apply it by name in the next (${how === 'patch' ? 'patch -p1 -i fix.patch' : `${how} fix.patch`}), so its files can be checked.`
  );
}

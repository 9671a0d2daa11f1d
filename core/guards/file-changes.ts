// The files a shell line changes, each judged like an Edit of it (principle 5: everything that
// writes is a write). The effects layer (core/effects/) says what each program writes from the
// line alone; this adds what only the workspace can say: the files a glob or `find … -exec … {} +`
// reaches, and what a patch file applied by `git apply` / `patch` changes, hunk by hunk. Bounded:
// one directory listing per glob, a walk of at most MAX_WALK entries for find, patch files read up
// to MAX_PATCH bytes. Past either bound the line is unanalysable (limit 'files'): what the guards
// did not read could be a committed migration or the hook's own settings.

import { minimatch } from 'minimatch';
import type { Invocation, ShellAnalysis, Value } from '../shell/model';
import { analysisEffects, fileWritesOf, patchFiles, patchStrip } from '../effects/derive';
import { basename, dirname, resolvePath } from '../paths';
import type { GuardContext } from './types';

export interface FileChange {
  kind: 'write' | 'delete';
  /** Absolute path (links the same line made are followed). */
  path: string;
  /** The writer, for messages (`sed -i`, `git apply`, `redirection (>>)`). */
  how: string;
  /** The text replaced, when the line shows it (sed s///, a patch hunk, echo's appended text). */
  edit?: { oldText: string; newText: string };
  /** The write replaces the whole file with `edit.newText`. */
  replaces?: boolean;
  /** A copy or move onto the path (`cp SOURCE path`): the file whose content it gets. */
  from?: string;
  /** A delete that is a move (`mv`, `git mv`): where the file goes. */
  to?: string;
  inv: Invocation;
}

export const MAX_WALK = 20_000;
export const MAX_PATCH = 256 * 1024;
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

const cache = new WeakMap<ShellAnalysis, FileChange[]>();

function trimTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '/') end--;
  return s.slice(0, end);
}

/** Every file the call's shell line writes or deletes, globs and find's `{}` expanded, patch files read. Once per analysis. */
export function shellFileChanges(ctx: GuardContext): FileChange[] {
  const analysis = ctx.shell();
  const hit = cache.get(analysis);
  if (hit) return hit;
  const out: FileChange[] = [];
  // cp/mv/install SOURCE DEST: DEST gets SOURCE's content.
  const copiedFrom = new Map<Invocation, Map<string, string>>();
  for (const ie of analysisEffects(analysis, ctx.home)) {
    for (const e of ie.effects) {
      if (e.kind !== 'read' || e.source !== 'file' || !e.to?.path || !e.target.path) continue;
      const m = copiedFrom.get(ie.inv) ?? new Map<string, string>();
      m.set(e.to.path, e.target.path);
      copiedFrom.set(ie.inv, m);
    }
  }
  // What the line wrote earlier: `sed … f > /tmp/x && mv /tmp/x f` moves that edit onto f.
  const written = new Map<string, { edit: { oldText: string; newText: string }; replaces: boolean }>();
  for (let w of fileWritesOf(analysis, ctx.home)) {
    const from = copiedFrom.get(w.inv)?.get(w.path);
    const carried = !w.edit && from ? written.get(from) : undefined;
    if (carried) w = { ...w, edit: carried.edit, ...(carried.replaces ? { replaces: true } : {}) };
    if (w.edit) written.set(w.path, { edit: w.edit, replaces: !!w.replaces });
    for (const path of expand(w.path, w.inv, analysis, ctx))
      out.push({
        kind: 'write',
        path,
        how: w.how,
        ...(w.edit ? { edit: w.edit } : {}),
        ...(w.replaces ? { replaces: true } : {}),
        ...(from && !carried ? { from } : {}),
        inv: w.inv,
      });
  }
  for (const ie of analysisEffects(analysis, ctx.home)) {
    const moved = new Map<string, string>();
    for (const e of ie.effects) {
      if (e.kind === 'read' && e.source === 'file' && e.to?.path && e.target.path) moved.set(e.target.path, e.to.path);
      if (e.kind === 'delete' && e.target.path) {
        for (const path of expand(e.target.path, ie.inv, analysis, ctx)) {
          const to = moved.get(path);
          out.push({ kind: 'delete', path, how: ie.inv.program, ...(to ? { to } : {}), inv: ie.inv });
        }
      }
      if (e.kind === 'read' && e.source === 'file' && e.patch && e.target.path) out.push(...patchChanges(e.target.path, ie.inv, ctx));
    }
  }
  cache.set(analysis, out);
  return out;
}

/** A bound was hit: the changes listed are not all of them, which the dispatcher denies as unanalysable. */
function incomplete(analysis: ShellAnalysis): void {
  analysis.limit ??= 'files';
}

/** A patch file's changes: one Edit per file it touches, a delete for `+++ /dev/null`. */
function patchChanges(patchPath: string, inv: Invocation, ctx: GuardContext): FileChange[] {
  const text = ctx.readText(patchPath, MAX_PATCH + 1);
  if (text === null || !inv.cwd) return [];
  if (text.length > MAX_PATCH) incomplete(ctx.shell());
  const how = `${inv.program === 'git' ? 'git apply' : inv.program} ${basename(patchPath)}`;
  const dirArg = optionValue(inv, ['-d', '--directory']);
  const base = dirArg ? resolvePath(inv.cwd, dirArg, ctx.home) : inv.cwd;
  return patchFiles(inv, text, patchStrip(inv)).flatMap((f): FileChange[] => {
    const path = resolvePath(base, f.path, ctx.home);
    if (f.deleted) return [{ kind: 'delete', path, how, inv }];
    const write: FileChange = { kind: 'write', path, how, edit: { oldText: f.oldText, newText: f.newText }, inv };
    if (f.from === undefined) return [write];
    // git's rename or copy: the file gets the source's content (then the hunks); a rename removes the source.
    const from = resolvePath(base, f.from, ctx.home);
    const made: FileChange = f.oldText === '' && f.newText === '' ? { kind: 'write', path, how, from, inv } : { ...write, from };
    return f.copied ? [made] : [{ kind: 'delete', path: from, how, to: path, inv }, made];
  });
}

function optionValue(inv: Invocation, names: string[]): string | null {
  for (let i = 0; i < inv.args.length; i++) {
    const t = inv.args[i]!.known;
    if (t === null) continue;
    if (names.includes(t)) return inv.args[i + 1]?.known ?? null;
    for (const n of names) if (n.startsWith('--') && t.startsWith(`${n}=`)) return t.slice(n.length + 1);
  }
  return null;
}

/** The concrete files a written path stands for: itself, a glob's matches in its folder, or what find hands to `{}`. */
function expand(path: string, inv: Invocation, analysis: ShellAnalysis, ctx: GuardContext): string[] {
  if (basename(path) === '{}' && inv.findRoots) return findFiles(inv, analysis, ctx);
  if (!/[*?[]/.test(basename(path)) || /[*?[]/.test(dirname(path))) return [path];
  const dir = dirname(path);
  const pattern = basename(path);
  const names = ctx.listDir(dir).filter((n) => minimatch(n, pattern, { dot: pattern.startsWith('.') }));
  return names.length > 0 ? names.map((n) => `${dir === '/' ? '' : dir}/${n}`) : [path];
}

type FindTest = { glob: string; nocase: boolean };

/**
 * find's name and path tests (-name, -iname, -path, -ipath, -wholename), each a glob, and the ones
 * negated by `!` or `-not` (`-name '.env*' -not -name '*.example'`). A negation leaves files out only
 * when the expression has no -o: under an alternative it may not apply, and the files stay in.
 */
function findTests(find: Invocation): { names: FindTest[]; paths: FindTest[]; notNames: FindTest[]; notPaths: FindTest[]; maxDepth: number } {
  const names: FindTest[] = [];
  const paths: FindTest[] = [];
  const notNames: FindTest[] = [];
  const notPaths: FindTest[] = [];
  let maxDepth = 64;
  const a = find.args.map((v) => v.known);
  const alternatives = a.some((w) => w === '-o' || w === '-or');
  for (let i = 0; i < a.length; i++) {
    const v = a[i + 1];
    if (v === null || v === undefined) continue;
    const negated = !alternatives && (a[i - 1] === '!' || a[i - 1] === '-not');
    if (a[i] === '-name' || a[i] === '-iname') (negated ? notNames : names).push({ glob: v, nocase: a[i] === '-iname' });
    else if (a[i] === '-path' || a[i] === '-ipath' || a[i] === '-wholename' || a[i] === '-iwholename')
      (negated ? notPaths : paths).push({ glob: v, nocase: a[i]!.startsWith('-i') });
    else if (a[i] === '-maxdepth' && /^\d+$/.test(v)) maxDepth = Number(v);
  }
  return { names, paths, notNames, notPaths, maxDepth };
}

/** The files under find's starting points its -name/-path tests select (any of them: `-o` is common). Bounded walk. */
const foundCache = new WeakMap<Invocation, string[]>();

export function findFiles(inv: Invocation, analysis: ShellAnalysis, ctx: GuardContext): string[] {
  const cached = foundCache.get(inv);
  if (cached) return cached;
  const out = walkFound(inv, analysis, ctx);
  foundCache.set(inv, out);
  return out;
}

function walkFound(inv: Invocation, analysis: ShellAnalysis, ctx: GuardContext): string[] {
  const roots = inv.findRoots!;
  const find = analysis.invocations.find((i) => i.program === 'find' && roots.every((r: Value) => i.args.includes(r)));
  const tests = find ? findTests(find) : { names: [], paths: [], notNames: [], notPaths: [], maxDepth: 64 };
  const out: string[] = [];
  let seen = 0;
  const base = inv.cwd ?? ctx.projectDir;
  const starts = roots.length > 0 ? roots.map((r) => r.known) : ['.'];
  for (const start of starts) {
    if (start === null) continue;
    const root = resolvePath(base, start, ctx.home);
    const stack: { dir: string; shown: string; depth: number }[] = [{ dir: root, shown: trimTrailingSlashes(start) || '.', depth: 1 }];
    while (stack.length > 0 && seen < MAX_WALK) {
      const { dir, shown, depth } = stack.pop()!;
      for (const name of ctx.listDir(dir)) {
        if (++seen > MAX_WALK) {
          incomplete(analysis);
          break;
        }
        const path = `${dir}/${name}`;
        const shownPath = `${shown}/${name}`;
        const isDir = ctx.listDir(path).length > 0;
        if (isDir) {
          if (!SKIPPED_DIRS.has(name) && depth < tests.maxDepth) stack.push({ dir: path, shown: shownPath, depth: depth + 1 });
          continue;
        }
        const byName = tests.names.some((t) => minimatch(name, t.glob, { dot: true, nocase: t.nocase }));
        const byPath = tests.paths.some((t) => minimatch(shownPath, t.glob, { dot: true, nocase: t.nocase }));
        const left =
          tests.notNames.some((t) => minimatch(name, t.glob, { dot: true, nocase: t.nocase })) ||
          tests.notPaths.some((t) => minimatch(shownPath, t.glob, { dot: true, nocase: t.nocase }));
        if (((tests.names.length === 0 && tests.paths.length === 0) || byName || byPath) && !left) out.push(path);
      }
    }
  }
  return out;
}

/**
 * The file's text after a Write or Edit, when the edits apply to what is on disk; null when they do
 * not (the tool will fail) or the file cannot be read.
 */
export function textAfter(before: string | null, edits: { oldText: string; newText: string }[], whole: boolean): string | null {
  if (whole) return edits.map((e) => e.newText).join('');
  if (before === null) return null;
  let text = before;
  for (const e of edits) {
    if (e.oldText === '') return null;
    const at = text.indexOf(e.oldText);
    if (at < 0) return null;
    text = text.slice(0, at) + e.newText + text.slice(at + e.oldText.length);
  }
  return text;
}

/** Tracked by git? null when unknown (no repository, no git). A folder counts when it holds a tracked file. */
export function isTracked(path: string, ctx: GuardContext): boolean | null {
  const dir = ctx.exists(dirname(path)) ? dirname(path) : null;
  if (!dir) return false; // a folder that does not exist yet holds no committed files
  const r = ctx.git(['ls-files', '--error-unmatch', '--', path], dir);
  if (r === null) return null;
  if (r.ok) return true;
  const inRepo = ctx.git(['rev-parse', '--is-inside-work-tree'], dir);
  return inRepo?.ok ? false : null;
}

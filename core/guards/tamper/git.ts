// git stash / checkout / restore of Agent Guard's files: which pathspecs select them, and whether
// the version git puts back differs from what is there (moved out of guards/guard-tamper.ts).
import type { Denial, GuardContext } from '../types';
import { changedSinceHead, shq, type GitCall } from '../helpers';
import { isSameOrAncestor, relativeTo, resolvePath } from '../../paths';
import { all, type Layout } from './layout';
import { USE_EDIT } from './settings';

interface Pathspec {
  exclude: boolean;
  /** Absolute path the spec names, or null when it is a pattern we do not evaluate (globs, attr, icase). */
  path: string | null;
}

function parsePathspec(spec: string, cwd: string, top: string, home: string): Pathspec {
  let magic = '';
  let rest = spec;
  if (spec.startsWith(':(')) {
    const close = spec.indexOf(')');
    magic = close > 0 ? spec.slice(2, close) : '';
    rest = close > 0 ? spec.slice(close + 1) : '';
  } else if (spec.startsWith(':')) {
    let i = 1;
    while (i < spec.length && '/!^'.includes(spec[i]!)) i++;
    magic = spec.slice(1, i).replace(/\//g, 'top,').replace(/[!^]/g, 'exclude,');
    rest = spec.slice(i).replace(/^:/, '');
  }
  const words = magic.split(',').filter(Boolean);
  const exclude = words.includes('exclude');
  const base = words.includes('top') ? top : cwd;
  const literal = words.includes('literal');
  const judged = words.every((w) => w === 'top' || w === 'exclude' || w === 'literal') && (literal || !/[*?[]/.test(rest));
  return { exclude, path: judged ? resolvePath(base, rest === '' ? '.' : rest, home) : null };
}

/** Does the list of pathspecs select `target`? An empty list selects everything. Unjudged patterns select (and never exclude). */
function selects(specs: Pathspec[], target: string): boolean {
  const covers = (s: Pathspec) => s.path === null || isSameOrAncestor(s.path, target);
  const positive = specs.filter((s) => !s.exclude);
  if (positive.length > 0 && !positive.some(covers)) return false;
  return !specs.some((s) => s.exclude && s.path !== null && isSameOrAncestor(s.path, target));
}

/** The protected paths inside the project (the ones git can stash or check out). */
function repoTargets(l: Layout, ctx: GuardContext): string[] {
  return all(l).filter((p) => relativeTo(ctx.projectDir, p));
}

function gitTop(ctx: GuardContext, cwd: string): string {
  const r = ctx.git(['rev-parse', '--show-toplevel'], cwd);
  return r?.ok ? r.stdout.trim() || ctx.projectDir : ctx.projectDir;
}

const STASH_VALUE_OPTS = new Set(['-m', '--message']);

export function judgeGit(git: GitCall, l: Layout, ctx: GuardContext, show: (p: string) => string): Denial | null {
  if (!git.cwd || (git.sub !== 'stash' && git.sub !== 'checkout' && git.sub !== 'restore')) return null;
  const known = git.args.map((a) => a.known);
  const cwd = git.cwd;
  const targets = repoTargets(l, ctx);
  if (targets.length === 0) return null;
  const rel = (paths: string[]) => paths.map((p) => relativeTo(ctx.projectDir, p)!).filter(Boolean);

  if (git.sub === 'stash') {
    const first = known[0];
    if (!(first === undefined || first === 'push' || first?.startsWith('-'))) return null; // pop, apply, list, show, save <message>, …
    const args = first === 'push' ? known.slice(1) : known;
    const opts: string[] = [];
    const specs: string[] = [];
    let unknown = false;
    for (let i = 0, rest = false; i < args.length; i++) {
      const a = args[i];
      if (a === null || a === undefined) {
        unknown = true;
        continue;
      }
      if (rest || !a.startsWith('-')) specs.push(a);
      else if (a === '--') rest = true;
      else {
        opts.push(a);
        if (STASH_VALUE_OPTS.has(a) && args[i + 1] != null) opts.push(args[++i]!);
        if (a.startsWith('--pathspec-from-file')) unknown = true;
      }
    }
    const top = gitTop(ctx, cwd);
    const parsed = specs.map((s) => parsePathspec(s, cwd, top, ctx.home));
    const hit = unknown ? targets : targets.filter((t) => selects(parsed, t));
    if (hit.length === 0) return null;
    const flag = (short: string, long: string) => opts.some((o) => o === long || (/^-[a-zA-Z]+$/.test(o) && o.includes(short)));
    const untracked = flag('u', '--include-untracked');
    const everything = flag('a', '--all');
    const state = changedSinceHead(ctx, ctx.projectDir, rel(hit));
    if (state === null) return null; // git cannot say: a stash can be popped back, so no opinion
    const reverted = state.changed;
    let removed: string[] = [];
    if (untracked || everything) {
      const others = ctx.git(['ls-files', '-z', '--others', ...(everything ? [] : ['--exclude-standard']), '--', ...rel(hit)], ctx.projectDir);
      if (others?.ok) removed = others.stdout.split('\0').filter(Boolean);
    }
    if (reverted.length === 0 && removed.length === 0) return null;
    const list = (fs: string[]) => fs.map((f) => show(resolvePath(ctx.projectDir, f, ctx.home))).join(', ');
    const what = [reverted.length > 0 ? `put back the committed ${list(reverted)}` : '', removed.length > 0 ? `remove the untracked ${list(removed)}` : '']
      .filter(Boolean)
      .join(' and ');
    const lost = [...reverted, ...removed];
    // Leave them out: .claude as a whole when that is where they are, else each file.
    const excludes = cwd !== ctx.projectDir ? null : lost.every((f) => f.startsWith('.claude/')) ? [':!.claude'] : lost.map((f) => `:!${f}`);
    return {
      reason: `${['git stash', ...known].join(' ').trim()} would ${what}, which hold${lost.length > 1 ? '' : 's'} Agent Guard's hook or its settings entry: until the stash is popped the guard runs as it did before the change, or not at all. Leave ${lost.every((f) => f.startsWith('.claude/')) ? '.claude' : 'those files'} out of the stash${excludes ? ' as below' : ''}.`,
      ...(excludes && !unknown
        ? { instead: shq('git', ...git.globals, 'stash', 'push', ...opts, '--', ...(specs.length > 0 ? specs : ['.']), ...excludes) }
        : {}),
    };
  }

  // checkout [<tree-ish>] [--] <paths> / restore [--source=<tree>] [--staged] [--worktree] <paths>
  if (known.some((a) => a === null)) return null;
  const args = known as string[];
  const dd = args.indexOf('--');
  let source: string | null = null;
  let paths: string[];
  if (git.sub === 'checkout') {
    if (dd < 0 && args.some((a) => /^-[a-zA-Z]*[bB]/.test(a) || a === '--orphan')) return null;
    const before = (dd >= 0 ? args.slice(0, dd) : args).filter((a) => !a.startsWith('-'));
    if (dd >= 0) {
      source = before[0] ?? null;
      paths = args.slice(dd + 1);
    } else {
      // Without --, the words naming existing files are paths; a first word that does not is the tree-ish.
      paths = before.filter((a) => a === '.' || ctx.exists(resolvePath(cwd, a, ctx.home)));
      source = before.find((a) => !paths.includes(a)) ?? null;
    }
  } else {
    const staged = args.some((a) => a === '--staged' || (/^-[a-zA-Z]+$/.test(a) && a.includes('S')));
    const worktree = args.some((a) => a === '--worktree' || (/^-[a-zA-Z]+$/.test(a) && a.includes('W')));
    if (staged && !worktree) return null; // the index only
    paths = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '--') {
        paths.push(...args.slice(i + 1));
        break;
      }
      if (a === '-s' || a === '--source') source = args[++i] ?? null;
      else if (a.startsWith('--source=')) source = a.slice('--source='.length);
      else if (/^-s./.test(a)) source = a.slice(2);
      else if (!a.startsWith('-')) paths.push(a);
    }
  }
  if (paths.length === 0) return null;
  const top = gitTop(ctx, cwd);
  const parsed = paths.map((s) => parsePathspec(s, cwd, top, ctx.home));
  const hit = targets.filter((t) => selects(parsed, t) && ctx.exists(t));
  if (hit.length === 0) return null;
  const fromHead = source === null || source === 'HEAD' || source === '@';
  const state = fromHead ? changedSinceHead(ctx, ctx.projectDir, rel(hit)) : null;
  if (state && state.changed.length === 0) return null; // nothing to put back: the command changes nothing
  const files = (state ? state.changed.map((f) => resolvePath(ctx.projectDir, f, ctx.home)) : hit).map(show);
  return {
    reason: `git ${git.sub} ${args.join(' ')} replaces ${files.join(', ')} with the version in ${fromHead ? (source ?? 'the index') : source}; ${files.length > 1 ? 'they hold' : 'it holds'} Agent Guard's hook or settings entry, and whether that version keeps the hook running cannot be checked here. ${USE_EDIT}`,
  };
}

import { shellFileChanges } from '../core/guards/file-changes';
import { minimatch } from 'minimatch';
import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { changedSinceHead, parseGit, plausiblePaths, productCommand, runs, shq, type GitCall } from '../core/guards/helpers';
import { HOOK_MARK, hookChange, trimSlashes } from '../core/guards/hook-settings';
import { analysisEffects, effectsOf, patchFiles, patchStrip } from '../core/effects/derive';
import { matchRow, specFor } from '../core/programs/match';
import type { Effect, Target } from '../core/programs/types';
import { basename, dirname, isSameOrAncestor, normalizePath, relativeTo, resolvePath } from '../core/paths';
import { findStartingPoints, interpreterCode, syntheticValue, type Invocation, type ShellAnalysis, type Value } from '../core/shell/analyze';
import { literals } from '../core/effects/literals';
import { readCode } from '../core/shell/interpreters';
import { isDotenvName } from '../core/secrets';
import { nestedAgentWithoutGuard } from '../core/guards/nested-agents';
import { all, isSettings, layout, type Layout } from '../core/guards/tamper-layout';
import { ASK, newSettingsText, pluginChange, productChange } from '../core/guards/tamper-settings';

/** A settings file with Agent Guard's hook entry, for the examples. */
const HOOKED =
  '{\n  "permissions": { "allow": [] },\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n';

/** Codex's and Cursor's hooks files with Agent Guard's entry, for the examples. */
const CODEX_HOOKED =
  '{\n  "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ] }\n}\n';
const QWEN_HOOKED =
  '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ] }\n}\n';
const DROID_HOOKED =
  '{\n  "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ]\n}\n';
const CURSOR_HOOKED = '{\n  "version": 1,\n  "hooks": { "preToolUse": [ { "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] }\n}\n';

const USE_EDIT = 'Make settings changes with the Edit tool, which checks them against the hook entry, or ask the user to make this one.';

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

function judgeGit(git: GitCall, l: Layout, ctx: GuardContext, show: (p: string) => string): Denial | null {
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

// ---- writes, deletes and modes from the effects layer ----

/** A program's copy/move layout (cp, mv, install, rsync, git mv), or null. */
function copyLayout(inv: Invocation): boolean {
  const spec = inv.program ? specFor(inv.program) : undefined;
  const m = spec ? matchRow(inv, spec) : null;
  return m?.row.layout === 'copy' || m?.row.layout === 'move';
}

/** `sed -i 's/old/new/[g]' file` with a plain-text old and new: the edit it makes, so a settings change can be judged. */
function sedLiteralEdit(inv: Invocation): { oldText: string; newText: string; global: boolean } | null {
  if (inv.program !== 'sed' && inv.program !== 'gsed') return null;
  const spec = specFor(inv.program);
  const m = spec ? matchRow(inv, spec) : null;
  if (m?.row.how !== 'sed -i') return null;
  const scripts = m.parsed.values.filter((v) => v.opt === '-e' || v.opt === '--expression').map((v) => v.value);
  if (m.parsed.values.some((v) => v.opt === '-f' || v.opt === '--file')) return null;
  const script = scripts.length === 1 ? scripts[0]!.known : scripts.length === 0 ? (m.parsed.positional.find((v) => v.known !== '')?.known ?? null) : null;
  const s = script === null ? null : /^s\/([^/\\]+)\/([^/\\&]*)\/(g?)$/.exec(script);
  if (!s || /[.[\]*^$+?(){}|]/.test(s[1]!)) return null;
  return { oldText: s[1]!, newText: s[2]!, global: s[3] === 'g' };
}

function applySed(text: string, e: { oldText: string; newText: string; global: boolean }): string {
  return text
    .split('\n')
    .map((line) => (e.global ? line.split(e.oldText).join(e.newText) : line.replace(e.oldText, () => e.newText)))
    .join('\n');
}

/** The absolute paths an effect's target can name: the path, a glob's matches among the candidates, or the plausible values of a computed word. */
function pathsOf(t: Target, inv: Invocation, l: Layout, ctx: GuardContext): string[] {
  if (t.path && t.value.glob && /[*?[]/.test(t.path)) return l.candidates.filter((c) => minimatch(c, t.path!));
  if (t.path) return [t.path];
  if (t.value.known !== null && !inv.cwd && !t.value.known.startsWith('/')) {
    // Unknown folder: a relative name that ends like a protected path may be one.
    const tail = t.value.known.replace(/^\.\//, '');
    return tail.length > 0 ? l.candidates.filter((c) => c.endsWith(`/${tail}`)) : [];
  }
  return [...plausiblePaths(inv, t.value, ctx.home).map((p) => p.path), ...placedByEnvironment(t.value, ctx)];
}

/**
 * `"$XDG_CONFIG_HOME/agent-guard/trusted.json"`: a line that reads a variable which moved one of the
 * hook's places (core/own-places.ts) without setting it names that place, with the value the
 * hook's environment (the agent's too) gives it.
 */
function placedByEnvironment(v: Value, ctx: GuardContext): string[] {
  if (v.known !== null || v.unsetVars.length !== 1) return [];
  const base = ctx.places.vars[v.unsetVars[0]!];
  return base !== undefined && v.ifUnset.startsWith('/') ? [normalizePath(`${base}${v.ifUnset}`)] : [];
}

type Hit = { path: string; settings: boolean };

/**
 * Is a write or delete of `path` one of the guard's? `tree`: it may replace or remove a whole
 * folder (rm -r, a recursive copy, an extraction): a folder inside a container that holds a
 * protected path counts (rm -rf .claude, cp -r x .claude/hooks). Outside the .claude folders (which
 * the hook runs from) the protected path must exist: `rm -rf .github` in a project without the VS
 * Code hook file removes nothing of the guard.
 */
function hitOf(path: string, l: Layout, tree: boolean, ctx: GuardContext): Hit | null {
  const guard = l.guard.find((g) => isSameOrAncestor(g, path));
  if (guard) return { path: guard, settings: false };
  if (isSettings(l, path)) return { path, settings: true };
  if (!tree || !l.containers.some((c) => isSameOrAncestor(c, path))) return null;
  const inside = all(l).find((p) => isSameOrAncestor(path, p) && (l.claude.some((c) => isSameOrAncestor(c, p)) || ctx.exists(p)));
  return inside ? { path: inside, settings: isSettings(l, inside) } : null;
}

/** chmod that takes away the owner's read (or, on a folder, search) permission. */
function removesRead(mode: string | null, folder: boolean): boolean {
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

function judgeFind(find: Invocation, analysis: ShellAnalysis, l: Layout, ctx: GuardContext): Hit | null {
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
function judgeExtraction(inv: Invocation, l: Layout, ctx: GuardContext): Hit | null {
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
function judgeUnreadPatch(inv: Invocation, effects: readonly Effect[], l: Layout, ctx: GuardContext): { how: 'unknown' | 'changes'; hit: Hit } | null {
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

function unreadPatchReason(inv: Invocation, path: string, show: (p: string) => string): string {
  const how = inv.program === 'git' ? 'git apply' : inv.program;
  return (
    `${how} here applies a patch whose text cannot be read before it runs (from a pipe, or a file the line writes first), so the files it changes are unknown, and this folder holds ${show(path)}, part of Agent Guard. ` +
    `Save the patch to a file in one step, then apply it by name in the next (${how === 'patch' ? 'patch -p1 -i fix.patch' : `${how} fix.patch`}), so its files can be checked.`
  );
}

// ---- the hook's runtime, the files it reads, and code that writes where the line cannot see ----

const CHMOD_DASH_MODE = /^-[rwxXst]+(?:,[ugoa]*[-+=][rwxXst]*)*$/;

/** The node the hook command runs (`node …/agent-guard.cjs`, found on PATH): a bin folder's node. */
const RUNTIME = /\/bin\/(?:node|nodejs)(?:\.exe)?$/i;

/** chmod that takes away the owner's execute (or read) permission from a program. */
function removesExec(mode: string | null): boolean {
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
function hookReads(path: string, l: Layout, ctx: GuardContext): boolean {
  return l.guard.includes(path) || isSettings(l, path) || (dirname(path) === ctx.projectDir && isDotenvName(basename(path)));
}

/** Folders the hook file's path runs through: without read and search permission there, the host cannot start it. */
function onHookPath(path: string, l: Layout): boolean {
  return l.claude.some((c) => isSameOrAncestor(path, c));
}

/**
 * Interpreter calls that write, copy, move, delete or link a file, per language: `first` writes the
 * path in its first argument, `second` in its second (copies, moves, links). Python's and Ruby's
 * `open` write only with a w/a/x/+ mode. With code that also names one of Agent Guard's files, such
 * a call whose path argument is computed at run time (`open(p, 'w')`, `copyFileSync(src, dir + f)`)
 * may write that file.
 */
const WRITE_CALLS: Record<string, { first: RegExp; second: RegExp }> = {
  python: {
    first: /\b(?:open|os\.(?:remove|unlink|truncate|mkfifo|mknod|chmod)|shutil\.rmtree)\s*\(/g,
    second: /\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace|symlink|link))\s*\(/g,
  },
  js: {
    first: /\b(?:writeFile|appendFile|createWriteStream|truncate|unlink|rm|rmdir|chmod|writeTextFile)(?:Sync)?\s*\(/g,
    second: /\b(?:copyFile|cp|rename|symlink|link)(?:Sync)?\s*\(/g,
  },
  ruby: { first: /\bFile\.(?:write|open|delete|unlink|chmod|mkfifo)\s*\(/g, second: /\b(?:File\.(?:rename|symlink)|FileUtils\.(?:cp\w*|mv|ln\w*))\s*\(/g },
  php: { first: /\b(?:file_put_contents|fopen|unlink|chmod|posix_mkfifo)\s*\(/g, second: /\b(?:copy|rename|symlink)\s*\(/g },
};

/** The top-level arguments of the call whose `(` ends at `at` (bounded: 400 characters). */
function callArgs(code: string, at: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (let i = at; i < code.length && i < at + 400; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') {
        cur += c + (code[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        out.push(cur.trim());
        return out;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur.trim());
  return out;
}

const LITERAL_ARG = /^(['"])[^'"]*\1$|^`[^`$]*`$/;

/** Does the code write (copy, move, delete, link) a path it computes at run time? */
function computedWrite(lang: string, code: string): boolean {
  const calls = WRITE_CALLS[lang];
  if (!calls) return false;
  for (const [re, index] of [
    [calls.first, 0],
    [calls.second, 1],
  ] as const) {
    for (const m of code.matchAll(re)) {
      const args = callArgs(code, m.index! + m[0].length);
      if (/\bopen\s*\($/.test(m[0]) && !args.slice(1).some((a) => /^(?:mode\s*=\s*)?['"][^'"]*[wax+]/.test(a))) continue;
      const path = args[index];
      if (path !== undefined && path !== '' && !LITERAL_ARG.test(path)) return true;
    }
  }
  return false;
}

/** A FIFO or device node made by interpreter code at a literal path: os.mkfifo('x'), File.mkfifo('x'), posix_mkfifo('x'). */
const MKFIFO_CALL = /\b(?:mkfifo|mknod)\s*\(\s*(['"])([^'"\n]{1,400})\1/g;

/** The program text an invocation runs: a one-liner or heredoc, or the script file it names (read, never run). */
function programText(inv: Invocation, ctx: GuardContext): { lang: string; code: string; file: boolean } | null {
  const one = interpreterCode(inv);
  if (one) return { ...one, file: false };
  const lang = SCRIPT_LANGS[inv.program] ?? (/^python3?(\.\d+)?$/.test(inv.program) ? 'python' : undefined);
  if (!lang || !inv.cwd) return null;
  const args = inv.args.filter((a) => a.known !== null && !a.known.startsWith('-') && a.known !== 'run');
  const file = args[0]?.known;
  if (!file || !/\.(?:[cm]?[jt]s|py|rb|pl|php)$/.test(file)) return null;
  const code = ctx.readText(resolvePath(inv.cwd, file, ctx.home), 256 * 1024);
  return code === null ? null : { lang, code, file: true };
}
const HOME_REFERENCE = /\bhomedir\b|\bexpanduser\b|\bHOME\b|['"`]~\//;
const SCRIPT_LANGS: Record<string, string> = { node: 'js', bun: 'js', deno: 'js', tsx: 'js', 'ts-node': 'js', ruby: 'ruby', perl: 'perl', php: 'php' };

/** Code that names one of Agent Guard's files (as a string, or as pieces joined into one) and writes somewhere it computes. */
function codeTamper(inv: Invocation, l: Layout, ctx: GuardContext): { hit: Hit; fifo: boolean } | null {
  const program = programText(inv, ctx);
  if (!program) return null;
  const { lang, code, file } = program;
  const base = inv.cwd ?? ctx.projectDir;
  for (const m of code.matchAll(MKFIFO_CALL)) {
    const path = resolvePath(base, m[2]!, ctx.home);
    if (hookReads(path, l, ctx)) return { hit: { path, settings: isSettings(l, path) }, fifo: true };
  }
  if (!computedWrite(lang, code)) return null;
  // The program's own arguments too (`ruby -e 'File.write(ARGV[0], …)' .claude/settings.json`).
  const argv = inv.args.flatMap((a) => (a.known !== null && !a.known.startsWith('-') && a.known.length < 400 ? [a.known] : []));
  const texts = [...literals(code).map((x) => x.text), ...readCode(lang, code).strings, ...argv];
  // path.join(os.homedir(), '.cache', 'agent-guard'): the pieces, joined as the path they make.
  const joined = `/${texts.join('/')}/`;
  // A script file is tooling that often builds other workspaces (`join(tmp, '.claude/settings.json')`):
  // there only the guard's places under home outside .claude count, with the code reaching for home.
  if (file && !HOME_REFERENCE.test(code)) return null;
  for (const p of all(l)) {
    const fromHome = relativeTo(ctx.home, p);
    const fromProject = file ? null : relativeTo(ctx.projectDir, p);
    const tails = [fromProject, fromHome].filter((t): t is string => !!t && t.includes('/') && (!file || !t.startsWith('.claude/')));
    if (tails.some((t) => joined.includes(`/${t}/`) || texts.some((x) => trimSlashes(x).endsWith(t) || x.includes(`${t}/`))))
      return { hit: { path: p, settings: isSettings(l, p) }, fifo: false };
  }
  return null;
}

/** A write into Claude Code's env file ($CLAUDE_ENV_FILE), which is sourced before every later Bash command. */
function writesEnvFile(inv: Invocation, effects: ReturnType<typeof effectsOf>['effects']): boolean {
  const names = (v: Value) => v.word.parts.some((p) => p.type === 'param' && p.name === 'CLAUDE_ENV_FILE');
  return inv.redirects.some((r) => r.op !== '<' && r.target && names(r.target)) || effects.some((e) => e.kind === 'write' && names(e.target.value));
}

function judgeEffects(analysis: ShellAnalysis, l: Layout, ctx: GuardContext, show: (p: string) => string): Denial | null {
  const links = new Map<string, string>();
  const deny = (inv: Invocation, hit: Hit, verb: string): Denial => ({
    reason: hit.settings
      ? `${inv.program} ${verb} ${show(hit.path)}, which holds Agent Guard's hook entry, and what it leaves there cannot be checked here. ${USE_EDIT}`
      : `${inv.program} ${verb} ${show(hit.path)}, which is part of Agent Guard. ${ASK}`,
  });
  for (const ie of analysisEffects(analysis, ctx.home)) {
    const inv = ie.inv;
    if (inv.wrapper) continue;
    if (inv.program === 'ln') {
      // A link made on this line: a later write through it lands at its target.
      const pos = inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'));
      if (pos.length === 2 && inv.cwd) links.set(resolvePath(inv.cwd, pos[1]!.known!, ctx.home), resolvePath(inv.cwd, pos[0]!.known!, ctx.home));
    }
    if (writesEnvFile(inv, ie.effects))
      return {
        reason: `${inv.program} writes into $CLAUDE_ENV_FILE, Claude Code's env file, which is sourced before every later Bash command: what it sets (NODE_OPTIONS, PATH, …) changes how every later command runs, unseen. ${ASK}`,
      };
    // chmod -x /usr/bin/node: GNU chmod's -x is a mode, which the signature reads as an option.
    if (inv.program === 'chmod' || inv.program === 'setfacl') {
      const mode = inv.args.find((a) => a.known !== null && (!a.known.startsWith('-') || CHMOD_DASH_MODE.test(a.known)))?.known ?? null;
      const node = inv.args.find((a) => a.known !== null && a.known !== mode && RUNTIME.test(a.known) && a.known.startsWith('/'));
      if (node && (inv.program === 'setfacl' || removesExec(mode)))
        return {
          reason: `${inv.program} on ${node.known}, the node that runs Agent Guard's hook, can stop it from starting: a hook that cannot start blocks nothing. ${ASK}`,
        };
    }
    const code = codeTamper(inv, l, ctx);
    if (code)
      return code.fifo
        ? { reason: `${inv.program} code makes a FIFO or device at ${show(code.hit.path)}, which Agent Guard's hook opens. ${ASK}` }
        : {
            reason: `${inv.program} runs code that names ${show(code.hit.path)}, part of Agent Guard${code.hit.settings ? "'s settings entry" : ''}, and writes files at paths it computes when it runs, so whether it rewrites that one cannot be checked here. Write with literal paths, or ask the user.`,
          };
    const copies = copyLayout(inv);
    const sources = ie.effects.flatMap((e) => (e.kind === 'read' && e.source === 'file' && e.to ? [e.target] : []));
    const sed = sedLiteralEdit(inv);
    for (const e of ie.effects) {
      if ((e.kind === 'delete' || (e.kind === 'write' && e.how !== 'touch')) && e.target.path && RUNTIME.test(e.target.path))
        return {
          reason: `${inv.program} ${e.kind === 'delete' ? 'removes' : 'replaces'} ${e.target.path}, the node that runs Agent Guard's hook: a hook that cannot start blocks nothing. ${ASK}`,
        };
      if (e.kind === 'write' && (e.how === 'mkfifo' || e.how === 'mknod' || e.how === 'ln')) {
        const p = e.target.path;
        const source = inv.program === 'ln' ? inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'))[0]?.known : null;
        const special = e.how !== 'ln' || (source !== null && source !== undefined && /^\/(?:dev|proc|sys)\//.test(source));
        if (p && special && hookReads(p, l, ctx))
          return {
            reason: `${inv.program} puts a ${e.how === 'ln' ? `link to ${source}` : 'FIFO or device'} at ${show(p)}, which Agent Guard's hook opens on every call: a reader of it blocks or never ends. ${ASK}`,
          };
      }
      if (e.kind === 'delete') {
        for (const p of pathsOf(e.target, inv, l, ctx)) {
          const hit = hitOf(p, l, true, ctx);
          // Deleting the code cache only makes the next call compile again; planting in it is what matters.
          if (!hit || hit.path === l.cache) continue;
          // Deleting a settings file that has no hook entry and no switch in it changes nothing about the hook.
          if (hit.settings && hit.path === p) {
            const text = ctx.readText(p, 1024 * 1024);
            if (text !== null && !text.includes(HOOK_MARK) && !/disableAllHooks|allowManagedHooksOnly|hooksConfig/.test(text)) continue;
            if (text === null && !ctx.exists(p)) continue;
          }
          return deny(inv, hit, 'deletes');
        }
      } else if (e.kind === 'write' && e.how !== 'touch') {
        const redirect = e.how.startsWith('redirection');
        const tree = !redirect && (copies || /^(tar x|unzip|7z)/.test(e.how));
        for (const raw of pathsOf(e.target, inv, l, ctx)) {
          // A copy into a folder writes folder/<name of the source>; a folder copied recursively may replace a folder of ours.
          const dirLike =
            !redirect &&
            copies &&
            (sources.length > 1 ||
              (e.target.value.known ?? '').endsWith('/') ||
              ctx.listDir(raw).length > 0 ||
              l.candidates.some((c) => c !== raw && isSameOrAncestor(raw, c)));
          // `rsync src/ dest` and `cp -r src/. dest` merge the source's contents into dest itself; rsync --delete also empties it.
          const merges = (s: Target) => /\/\.?$/.test(s.value.known ?? '') && (inv.program === 'rsync' || s.value.known?.endsWith('/.'));
          const sync = inv.program === 'rsync' && inv.args.some((a) => a.known?.startsWith('--delete'));
          const written = dirLike && !sync ? sources.map((s) => (merges(s) ? raw : `${raw}/${basename(s.value.known ?? s.path ?? '')}`)) : [raw];
          for (const w of written) {
            const p = ctx.realpath(links.get(w) ?? w);
            const hit = hitOf(p, l, tree, ctx) ?? (p !== w ? hitOf(w, l, false, ctx) : null);
            if (!hit) continue;
            if (hit.settings && sed && hit.path === p) {
              const before = ctx.readText(p, 1024 * 1024);
              if (before !== null) {
                const change = hookChange(before, applySed(before, sed), ctx.home);
                if (change === null) continue;
                return { reason: `sed -i on ${show(p)} ${change}. ${ASK}` };
              }
            }
            return deny(inv, hit, e.how === 'ln' ? 'replaces' : 'rewrites');
          }
        }
      } else if (e.kind === 'read' && e.source === 'file' && e.mode === 'metadata' && ['chmod', 'chown', 'chgrp', 'setfacl'].includes(inv.program)) {
        // chmod's mode is its first operand; GNU chmod also takes `-x`, `-w` (options are -R, -c, -f, -v, --…).
        const mode = inv.args.find((a) => a.known !== null && (!a.known.startsWith('-') || CHMOD_DASH_MODE.test(a.known)))?.known ?? null;
        for (const p of pathsOf(e.target, inv, l, ctx)) {
          if (RUNTIME.test(p) && (inv.program !== 'chmod' || removesExec(mode)))
            return {
              reason: `${inv.program} on ${p}, the node that runs Agent Guard's hook, can stop it from starting: a hook that cannot start blocks nothing. ${ASK}`,
            };
          // chmod 000 . (or ~, or .claude/hooks): the host can no longer reach the hook file.
          if (inv.program === 'chmod' && onHookPath(p, l) && !l.candidates.includes(p) && removesRead(mode, true))
            return {
              reason: `${inv.program} on ${show(p) || 'this project'} takes away the access the host needs to reach Agent Guard's hook file under it: a hook that cannot start blocks nothing. ${ASK}`,
            };
          const hit = hitOf(p, l, false, ctx) ?? (l.candidates.includes(p) ? hitOf(p, l, true, ctx) : null);
          if (!hit) continue;
          if (inv.program === 'setfacl') {
            if (
              inv.args.some((a) => ['-b', '--remove-all', '-k', '--remove-default'].includes(a.known ?? '')) &&
              !inv.args.some((a) => /^-[mMs]|^--(?:modify|set)/.test(a.known ?? ''))
            )
              continue;
            return deny(inv, hit, 'changes the access list of');
          }
          if (inv.program === 'chmod' && !removesRead(mode, hit.path !== p)) continue;
          return deny(inv, hit, `${inv.program === 'chmod' ? 'takes the read permission off' : 'changes the owner of'}`);
        }
      }
    }
    // A patch file applied (git apply fix.patch, patch -p1 < fix.patch): the files its hunks write.
    if (ie.effects.some((e) => e.kind === 'read' && e.source === 'file' && e.patch)) {
      for (const c of shellFileChanges(ctx)) {
        const hit = c.inv === inv ? hitOf(ctx.realpath(c.path), l, false, ctx) : null;
        if (hit) return deny(inv, hit, c.kind === 'delete' ? 'deletes' : 'rewrites');
      }
    }
    const unread = judgeUnreadPatch(inv, ie.effects, l, ctx);
    if (unread) return unread.how === 'changes' ? deny(inv, unread.hit, 'rewrites') : { reason: unreadPatchReason(inv, unread.hit.path, show) };
    if (inv.program === 'find') {
      const hit = judgeFind(inv, analysis, l, ctx);
      if (hit) return deny(inv, hit, 'deletes or rewrites what it finds, including');
    }
    const extracted = judgeExtraction(inv, l, ctx);
    if (extracted) return deny(inv, extracted, 'extracts an archive whose members are not known here over');
  }
  return null;
}

export default defineGuard({
  id: 'guard-tamper',
  title: 'The guard protects its own hook file, configuration and settings entry',
  prevents:
    'An agent that was blocked edits settings.json to remove the hook, narrow its matcher or set disableAllHooks (or deletes the hook file, stashes the settings away, runs agent-guard uninstall, or starts a nested agent with its hooks off: claude --bare, --settings with disableAllHooks) and then runs the command anyway; the user never learns the guard was switched off.',
  tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', ...SHELL_TOOLS],
  // After rm-catastrophic and interpreter-destruction (5): `rm -rf .*` or `find ~ -exec rm -rf {} +`
  // also takes .claude with it, but losing the project or home is the story to tell. Before the rest.
  priority: 4.5,
  check(call, ctx) {
    const l = layout(ctx);
    const show = (p: string) => relativeTo(ctx.projectDir, p) ?? (relativeTo(ctx.home, p) !== null ? `~/${relativeTo(ctx.home, p)}` : p);
    if (call.edits && call.path) {
      for (const p of new Set([call.path, ctx.realpath(call.path)])) {
        if (l.guard.some((f) => isSameOrAncestor(f, p))) return { reason: `${call.tool} of ${show(p)} changes Agent Guard itself. ${ASK}` };
        // As for the shell's writes (judgeEffects): a `node` in a bin folder may be the one the hook command finds on PATH.
        if (RUNTIME.test(p))
          return {
            reason: `${call.tool} of ${show(p)} replaces a node that may be the one running Agent Guard's hook: a hook that cannot start blocks nothing. ${ASK}`,
          };
        if (!isSettings(l, p)) continue;
        const before = ctx.readText(p, 1024 * 1024);
        if (before === null && ctx.exists(p))
          return { reason: `${show(p)} holds Agent Guard's hook entry and cannot be read here to check what this ${call.tool} does to it. ${ASK}` };
        const after = newSettingsText(call, ctx);
        if (after === null) {
          // The edit does not apply to the file as it is (the tool will fail); say no more than that it names the hook.
          const touchesUs = call.edits.some((e) => e.oldText.includes(HOOK_MARK) || /disableAllHooks/.test(e.newText));
          return touchesUs ? { reason: `This edit of ${show(p)} changes Agent Guard's hook entry. ${ASK}` } : null;
        }
        const change = hookChange(before, after, ctx.home);
        if (change) return { reason: `This ${call.tool} of ${show(p)} ${change}. ${ASK}` };
      }
      return null;
    }
    if (!call.command) return null;
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const plugin = pluginChange(inv);
      if (plugin) return plugin;
      const nested = nestedAgentWithoutGuard(inv, analysis, ctx);
      if (nested) return nested;
      const product = productCommand(inv);
      if (product) {
        const d = productChange(product, inv, ctx, show);
        if (d) return d;
        continue;
      }
      const git = parseGit(inv, ctx.home, analysis);
      if (git) {
        const d = judgeGit(git, l, ctx, show);
        if (d) return d;
      }
    }
    return judgeEffects(analysis, l, ctx, show);
  },
  examples: {
    blocked: [
      { tool_name: 'Write', tool_input: { file_path: '.claude/hooks/agent-guard.cjs', content: '' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'bin/node', content: '#!/bin/sh\necho "{}"\n' },
        note: 'a fake node in a folder on PATH (direnv PATH_add bin): every hook run, the session check included, runs it instead',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/agent-guard.json', old_string: '"guards": {}', new_string: '"guards": { "rm-catastrophic": "off" }' },
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/settings.json', content: '{ "disableAllHooks": true }' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.json', content: '{}\n' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\""',
          new_string: '"command": "true"',
        },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"matcher": "*"', new_string: '"matcher": "Write"' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'a narrowed matcher lets every other tool through unchecked',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git stash' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
          untracked: { '.claude/settings.json': '{}\n' },
        },
        note: 'the stash puts back the committed settings; the instead leaves .claude out',
      },
      { tool_name: 'Bash', tool_input: { command: 'rm .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude' } },
      { tool_name: 'Bash', tool_input: { command: 'mv .claude/hooks/agent-guard.cjs /tmp/' } },
      { tool_name: 'Bash', tool_input: { command: 'git rm .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: "find .claude -name 'agent-guard*' -delete" } },
      { tool_name: 'Bash', tool_input: { command: ': > .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: `echo '{}' > .claude/settings.json` } },
      { tool_name: 'Bash', tool_input: { command: 'jq "del(.hooks)" .claude/settings.json | sponge .claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'tar xf /tmp/backup.tar -C .claude' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; os.remove(\'.claude/hooks/agent-guard.cjs\')"' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/evil.js .claude/guards/allow-all.js' } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/agent-guard.cjs/x.cjs/' .claude/settings.local.json" } },
      {
        tool_name: 'Bash',
        tool_input: { command: "perl -0pi -e 's/PreToolUse/PostToolUse/' .claude/settings.local.json" },
        note: '-0 takes only digits: -0pi is -0 -p -i',
      },
      { tool_name: 'Bash', tool_input: { command: "perl -0777 -pi.bak -e 's/PreToolUse/PostToolUse/' .claude/settings.local.json" } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'ln -sf ~/.bashrc .claude/agent-guard/decisions.jsonl' },
        note: 'a link in the log folder would send the next log line into the shell profile',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agent-guard/decisions.jsonl', content: '' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard uninstall' } },
      { tool_name: 'Bash', tool_input: { command: 'node node_modules/agent-guard/dist/cli.cjs uninstall' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'agent-guard trust .claude/guards/allow-all.js' },
        note: "consent to run a workspace guard is the user's to give",
      },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs trust .' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard trust' } },
      { tool_name: 'Write', tool_input: { file_path: '/home/user/.config/agent-guard/trusted.json', content: '{}' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/forged.agc2 ~/.cache/agent-guard/' } },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard allow "git push --force origin main"' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard allow --guard secret-read "cat .env"' } },
      { tool_name: 'Bash', tool_input: { command: 'node node_modules/agent-guard/dist/cli.cjs allow "rm -rf ~"' } },
      // The person's own configuration (exceptions, consented as they are written): the agent writes none of it.
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/agent-guard/local.json', content: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ] }' },
      },
      { tool_name: 'Bash', tool_input: { command: `printf '{"guards":{"secret-read":"off"}}' > .claude/agent-guard/local.json` } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/mine.json .claude/agent-guard/local.json' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm .claude/agent-guard/local.json' },
        note: 'its entries are the person’s; gone, they can only be given again by them',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/agent-guard.json',
          old_string: '{',
          new_string: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ],',
        },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import json;p='.claude/settings.json';d=json.load(open(p));d['hooks']={};json.dump(d,open(p,'w'))\"" },
        note: 'the path is a variable: the write is not a literal',
      },
      {
        tool_name: 'Bash',
        tool_input: {
          command:
            "node -e \"const fs=require('fs'),p=require('os').homedir()+'/.cache/agent-guard/';for(const f of fs.readdirSync(p))fs.copyFileSync('/tmp/evil.bin',p+f)\"",
        },
        note: 'a planted code cache runs in the hook',
      },
      {
        tool_name: 'Bash',
        tool_input: {
          command:
            "python3 -c \"import glob,shutil,os; [shutil.copy('/tmp/evil.bin', f) for f in glob.glob(os.path.expanduser('~/.cache/agent-guard/*.bin'))]\"",
        },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'node scripts/warm.js' },
        fixture: {
          committed: {
            'scripts/warm.js':
              "const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.cache', 'agent-guard');\nfor (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), 'x');\n",
          },
        },
        note: 'a script file the line runs is read (never run)',
      },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo .env.local' }, note: 'the hook opens the .env files to redact its messages' },
      { tool_name: 'Bash', tool_input: { command: 'mknod .env.local p' } },
      { tool_name: 'Bash', tool_input: { command: 'ln -s /dev/zero .env.local' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; os.mkfifo(\'.env.local\')"' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo .claude/agent-guard.json' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin disable agent-guard@agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin uninstall agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin marketplace remove agent-guard' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"permissions": { "allow": [] },',
          new_string: '"permissions": { "allow": [] }, "enabledPlugins": { "agent-guard@agent-guard": false },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'project settings can switch off a user-installed plugin',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": [], "additionalDirectories": ["/"]' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'every path would count as inside the workspace',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": [] },',
          new_string: '"allow": [] }, "env": { "OPENSSL_CONF": "/etc/hostname" },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'node cannot start with that OpenSSL configuration: the hook would answer nothing',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "LD_AUDIT": "/tmp/audit.so" } }\n' },
        note: "the local settings' env reaches the hook's process too",
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "HOME": "/tmp/elsewhere" } }\n' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "AGENT_GUARD_NO_WORKSPACE_GUARDS": "1" } }\n' },
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '/home/user/.claude/settings.json', content: '{ "env": { "XDG_CONFIG_HOME": "/tmp/c", "MY_TOOL_FLAG": "1" } }\n' },
        note: 'an allowlist: the user settings too, and any name not known to be harmless',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: ', "SessionStart": [ { "hooks": [ { "type": "command", "command": "sh check-agent-guard.cjs" } ] } ]',
          new_string: '',
        },
        fixture: {
          committed: {
            '.claude/settings.json': HOOKED.replace(
              '] } ] }',
              '] } ], "SessionStart": [ { "hooks": [ { "type": "command", "command": "sh check-agent-guard.cjs" } ] } ] }',
            ),
          },
        },
        note: 'the session-start check is how a broken hook gets noticed',
      },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.claude/plugins' } },
      { tool_name: 'Bash', tool_input: { command: `ruby -e 'File.write(ARGV[0], "")' .claude/settings.json` }, note: 'the path comes in as an argument' },
      { tool_name: 'Bash', tool_input: { command: 'chmod -x /usr/bin/node' } },
      { tool_name: 'Bash', tool_input: { command: 'mv /usr/local/bin/node /tmp/node.bak' } },
      { tool_name: 'Bash', tool_input: { command: 'setfacl -m u:$USER:--- .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod 000 .' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod u-x ~' } },
      { tool_name: 'Bash', tool_input: { command: 'export CLAUDE_ENV_FILE=/tmp/x; echo "export NODE_OPTIONS=--require=/tmp/e.js" >> "$CLAUDE_ENV_FILE"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "export PATH=/tmp/evil:$PATH" | tee -a "$CLAUDE_ENV_FILE"' } },
      // The other hosts' hook configuration: Codex, Cursor, OpenCode.
      {
        tool_name: 'Write',
        tool_input: { file_path: '.codex/hooks.json', content: '{ "hooks": {} }\n' },
        fixture: { committed: { '.codex/hooks.json': CODEX_HOOKED } },
        note: "Codex's hooks file loses Agent Guard's entry",
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.cursor/hooks.json', old_string: '"timeout": 10', new_string: '"timeout": 10, "matcher": "Read"' },
        fixture: { committed: { '.cursor/hooks.json': CURSOR_HOOKED } },
        note: "Cursor's entry narrowed to one tool",
      },
      { tool_name: 'Bash', tool_input: { command: 'rm .opencode/plugins/agent-guard.js' } },
      { tool_name: 'Bash', tool_input: { command: "printf '[features]\\nhooks = false\\n' >> ~/.codex/config.toml" }, note: 'switches every Codex hook off' },
      // A nested agent started without the hook (core/guards/nested-agents.ts).
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --bare' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'bare mode loads no hook from settings',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --setting-sources user' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'the project settings, which hold the hook, left out',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'codex exec -c features.hooks=false "clean up"' },
        fixture: { committed: { '.codex/hooks.json': CODEX_HOOKED } },
      },
      // Qwen Code, droid, Kilo, Cline.
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.qwen/settings.json', old_string: '"hooks"', new_string: '"disableAllHooks": true, "hooks"' },
        fixture: { committed: { '.qwen/settings.json': QWEN_HOOKED } },
        note: 'switches every Qwen Code hook off',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.factory/hooks.json', content: '{ "PreToolUse": [] }\n' },
        fixture: { committed: { '.factory/hooks.json': DROID_HOOKED } },
        note: "droid's hooks file loses Agent Guard's entry",
      },
      { tool_name: 'Bash', tool_input: { command: 'rm -f .kilo/plugins/agent-guard.js' } },
      { tool_name: 'Bash', tool_input: { command: 'echo exit 0 > .clinerules/hooks/PreToolUse' } },
    ],
    allowed: [
      { tool_name: 'Write', tool_input: { file_path: 'src/bin/node.ts', content: 'export {};\n' } },
      { tool_name: 'Bash', tool_input: { command: "perl -0pi -e 's/foo/bar/' src/a.ts" }, note: 'an in-place edit of an ordinary file' },
      { tool_name: 'Bash', tool_input: { command: 'cat .codex/hooks.json ~/.codex/config.toml' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.cursor/hooks.json',
          old_string: '"hooks": {',
          new_string: '"hooks": { "afterFileEdit": [ { "command": "npx prettier --write ." } ],',
        },
        fixture: { committed: { '.cursor/hooks.json': CURSOR_HOOKED } },
        note: 'a formatter after edits keeps the guard',
      },
      { tool_name: 'Bash', tool_input: { command: 'ls -la ~/.cache/agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.cache/agent-guard' }, note: 'the next call compiles again' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.cache/pip' } },
      { tool_name: 'Read', tool_input: { file_path: '.claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'jq .hooks .claude/settings.json' } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": ["Bash(npm test)"]' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "permissions": { "allow": [] },\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'other settings changes keep the guard',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"hooks": {',
          new_string: '"hooks": { "PostToolUse": [ { "matcher": "Write", "hooks": [ { "type": "command", "command": "npx prettier --write ." } ] } ],',
        },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'a PostToolUse hook cannot override a deny',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git stash' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
            'src/a.ts': 'a\n',
          },
          untracked: { 'src/a.ts': 'b\n' },
        },
        note: 'the settings are unchanged, so the stash leaves them as they are',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agents/reviewer.md', content: '---\nname: reviewer\ndescription: Reviews\n---\n' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .claude/settings.json /tmp/settings-backup.json' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/worktrees/old' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.pyc' -delete" } },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs status' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard lint .claude' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'node dist/cli.cjs install /tmp/scratch-workspace' },
        note: "another folder's install is not this session's guard",
      },
      { tool_name: 'Bash', tool_input: { command: 'tail -n 5 .claude/agent-guard/decisions.jsonl' } },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard untrust .claude/guards/old.js' } },
      { tool_name: 'Bash', tool_input: { command: 'echo trust me' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard explain "allow this"' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin list' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --dangerously-skip-permissions' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'PreToolUse hooks run in every permission mode',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --setting-sources project,local' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin disable other-plugin@market' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin install agent-guard@agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo /tmp/pipe' } },
      { tool_name: 'Bash', tool_input: { command: 'ln -s /dev/null build/log.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod +x script.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R u+w .' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod go-w .claude/settings.json' }, note: 'the hook runs as the owner' },
      { tool_name: 'Bash', tool_input: { command: 'chmod 755 ~' } },
      { tool_name: 'Bash', tool_input: { command: 'node --version' } },
      { tool_name: 'Bash', tool_input: { command: 'ls -l /usr/bin/node' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /usr/bin/node /tmp/node-copy' } },
      { tool_name: 'Bash', tool_input: { command: 'setfacl -m u:ci:r-- build/report.txt' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import json; print(json.load(open('.claude/settings.json'))['hooks'])\"" },
        note: 'reads only',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "node -e \"const fs=require('fs'); fs.writeFileSync('/tmp/hooks.json', fs.readFileSync('.claude/settings.json'))\"" },
        note: 'the only write has a literal path outside the guard',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import os; p=os.path.join('build','out.txt'); open(p,'w').write('x')\"" },
        note: 'a computed write that names nothing of the guard',
      },
      { tool_name: 'Bash', tool_input: { command: 'echo "$CLAUDE_ENV_FILE"' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": [] },',
          new_string: '"allow": [] }, "env": { "MAX_THINKING_TOKENS": "8000", "ANTHROPIC_MODEL": "claude-sonnet-4-5" },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'names only Claude Code reads are on the allowlist',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": [], "additionalDirectories": ["../shared-lib"]' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": []',
          new_string: '"allow": [], "enabledPlugins": { "prettier@market": false }',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
    ],
  },
});

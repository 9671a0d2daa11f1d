import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { changedSinceHead, isProtectedBranch, parseGit, runs, shq } from '../core/guards/helpers';
import { dirname, resolvePath } from '../core/paths';
import { parseGitConfig } from '../core/later/gitconfig';
import { lineEnv } from '../core/guards/line-env';
import type { Invocation, ShellAnalysis } from '../core/shell/model';
import { namesOnly } from '../core/programs/table';

/** Subcommands whose hooks protect the branch (what --no-verify skips). */
const HOOKED = new Set(['commit', 'push', 'merge', 'rebase', 'am']);

/**
 * Hook managers' own off switches, as data: variable → the values that switch the hooks off
 * (null: any non-empty value). HUSKY=0 (husky), SKIP=… (pre-commit skips the named hooks),
 * LEFTHOOK=0, SKIP_SIMPLE_GIT_HOOKS, OVERCOMMIT_DISABLE, HUSKY_SKIP_HOOKS (husky 4).
 */
const HOOK_SWITCHES: Record<string, readonly string[] | null> = {
  HUSKY: ['0', 'false'],
  HUSKY_SKIP_HOOKS: null,
  SKIP: null,
  LEFTHOOK: ['0', 'false'],
  SKIP_SIMPLE_GIT_HOOKS: null,
  OVERCOMMIT_DISABLE: null,
};
namesOnly(HOOK_SWITCHES);

/** A hooks path that holds no hooks: /dev/null, empty, NUL. */
const NO_HOOKS = /^(?:\/dev\/null|NUL|nul|)$/;

/** How this git call switches the project's hooks off, if it does (an environment switch or `-c core.hooksPath=/dev/null`). */
function hookBypass(inv: Invocation, analysis: ShellAnalysis): string | null {
  const env = lineEnv(analysis, inv);
  for (const [name, off] of Object.entries(HOOK_SWITCHES)) {
    const v = env.get(name);
    if (v === undefined || v === '') continue;
    if (off === null || v === null || off.includes(v.toLowerCase())) return `${name}=${v ?? '…'}`;
  }
  const config = [...(env.get('GIT_CONFIG_PARAMETERS') ?? '').matchAll(/'core\.hookspath=([^']*)'/gi)].map((m) => m[1]!);
  for (let i = 0; i < inv.args.length; i++) {
    const t = inv.args[i]!.known;
    if (t === '-c') config.push(...(/^core\.hookspath=([\s\S]*)$/i.exec(inv.args[i + 1]?.known ?? '')?.slice(1) ?? []));
    else if (t !== null && !t.startsWith('-')) break;
  }
  const n = Number(env.get('GIT_CONFIG_COUNT') ?? 0);
  for (let i = 0; i < n && i < 64; i++)
    if (/^core\.hookspath$/i.test(env.get(`GIT_CONFIG_KEY_${i}`) ?? '')) config.push(env.get(`GIT_CONFIG_VALUE_${i}`) ?? '');
  const off = config.find((v) => NO_HOOKS.test(v.trim()));
  return off !== undefined ? `core.hooksPath=${off || "''"}` : null;
}

const CLEAN = { committed: { 'src/app.ts': 'a\n' } };
const DIRTY = { committed: { 'src/app.ts': 'a\n' }, untracked: { 'src/app.ts': 'changed\n' } };

/** Pathspecs that name the whole work tree. */
const WHOLE_TREE = new Set(['.', ':/', '*', ':', './', ':/:', ':(top)']);

/** git <sub> args → a denial, or null. `args` are all known. */
function judge(sub: string, args: string[], prefix: string[], protectedBranches: readonly string[]): Denial | null {
  const dashdash = args.indexOf('--');
  // Options end at `--`: after it every word is a path or a name (`git switch -- -f` is a branch named -f).
  const options = dashdash >= 0 ? args.slice(0, dashdash) : args;
  // A cluster of short options stops at one that takes a value: -qbfeature is -q -b feature, no -f.
  const clusters = options.filter((a) => /^-[a-zA-Z]/.test(a)).map((a) => /^-[^bBcCe]*[bBcCe]?/.exec(a)![0]);
  const has = (...xs: string[]) => options.some((a) => xs.includes(a)) || clusters.some((c) => xs.some((x) => /^-[bBcC]$/.test(x) && c.endsWith(x[1]!)));
  const short = (c: string) => clusters.some((a) => a.includes(c));
  const pathspecs = dashdash >= 0 ? args.slice(dashdash + 1) : args.filter((a) => !a.startsWith('-'));
  const keep = 'git stash push --include-untracked -m "backup before discarding"';
  switch (sub) {
    case 'reset':
      if (has('--hard', '--merge')) {
        return {
          reason:
            'git reset --hard discards every uncommitted change in the working tree, with no undo. Keep the work first (stash it, or commit it on a backup branch), then reset.',
          instead: keep,
        };
      }
      return null;
    case 'checkout': {
      if (has('-b', '-B', '--orphan') && dashdash < 0 && !has('-f', '--force')) return null;
      const files = dashdash >= 0 ? args.slice(dashdash + 1) : args.filter((a) => a === '.' || a === ':/' || a === '*');
      if (files.length > 0 || has('-f', '--force') || short('f')) {
        return {
          reason: `git checkout ${args.join(' ')} overwrites uncommitted changes${files.length > 0 ? ` in ${files.join(' ')}` : ''} with no undo. Stash them first if they might matter.`,
          instead: keep,
        };
      }
      return null;
    }
    case 'restore':
      if ((has('--staged', '-S') || short('S')) && !has('--worktree', '-W') && !short('W')) return null;
      if (pathspecs.length === 0) return null;
      return {
        reason: `git restore ${pathspecs.join(' ')} discards uncommitted changes in the working tree with no undo. Stash them first if they might matter.`,
        instead: keep,
      };
    case 'switch':
      if (has('--discard-changes', '-f', '--force'))
        return { reason: 'git switch --discard-changes throws away uncommitted changes. Stash them first.', instead: keep };
      return null;
    case 'clean':
      if (has('-n', '--dry-run') || short('n')) return null;
      if (has('--force') || short('f'))
        return {
          reason: `git clean ${args.join(' ')} deletes untracked${short('x') || has('-x', '-X') ? ' and ignored (.env included)' : ''} files for good. See what it would delete first.`,
          instead: shq('git', ...prefix, 'clean', '-n', ...args.filter((a) => a !== '--force' && !/^-[a-zA-Z]*f/.test(a))),
        };
      return null;
    case 'stash':
      if (args[0] === 'clear')
        return {
          reason:
            'git stash clear drops every stash; they can only be dug out of the object database by hand. Look at them first and drop only what is no longer needed.',
          instead: 'git --no-pager stash list',
        };
      if (args[0] === 'drop')
        return {
          reason: 'git stash drop deletes a stash (recoverable only through git fsck). Check what it holds first.',
          instead: `git --no-pager stash show -p ${args[1] ?? ''}`.trim(),
        };
      return null;
    case 'branch': {
      // git branch -f main <rev>, -M/-C x main: the protected branch is moved or overwritten; its commits drop off it.
      const moved =
        has('-f', '--force') ||
        args.some((a) => /^-[a-zA-Z]*[MC]/.test(a)) ||
        ((has('-m', '-c', '--move', '--copy') || short('m') || short('c')) && short('f'));
      const names = args.filter((a) => !a.startsWith('-'));
      const overwritten =
        has('-f', '--force') && !args.some((a) => /^-[a-zA-Z]*[mMcCdD]/.test(a) || ['--move', '--copy', '--delete'].includes(a))
          ? names[0]
          : names[names.length - 1];
      if (
        moved &&
        overwritten &&
        names.length >= (has('-f', '--force') && overwritten === names[0] ? 1 : 2) &&
        isProtectedBranch(overwritten, protectedBranches)
      )
        return {
          reason: `git branch ${args.join(' ')} moves the protected branch ${overwritten} to another commit: the commits only it held drop off it, and the next push rewrites it for everyone. Ask the user.`,
        };
      const force = has('-D') || (has('-d', '--delete') && has('-f', '--force')) || args.some((a) => /^-[a-zA-Z]*D/.test(a));
      if (!force) return null;
      const branches = args.filter((a) => !a.startsWith('-'));
      const prot = branches.filter((b) => isProtectedBranch(b, protectedBranches));
      return {
        reason: `git branch -D ${branches.join(' ')} deletes ${prot.length > 0 ? `the protected branch ${prot.join(', ')}` : 'the branch even if its commits are merged nowhere'}; unmerged work is lost. git branch -d refuses when the branch is not merged.`,
        ...(prot.length === 0 ? { instead: shq('git', ...prefix, 'branch', '-d', ...branches) } : {}),
      };
    }
    case 'update-ref': {
      if (has('-d', '--delete'))
        return { reason: 'git update-ref -d deletes a ref directly, bypassing every safety check. Use git branch -d / git tag -d, or ask the user.' };
      const ref = args.find((a) => !a.startsWith('-'));
      if (ref && /^refs\/heads\//.test(ref))
        return {
          reason: `git update-ref ${ref} moves a branch without touching the working tree, silently dropping the commits it pointed to. Use git reset on a checked-out branch (after stashing), or ask the user.`,
        };
      return null;
    }
    case 'read-tree':
      if ((has('-u') || short('u')) && has('--reset'))
        return {
          reason: `git read-tree -u --reset ${pathspecs.join(' ')} overwrites the index and the work tree with that tree: uncommitted changes are lost, with no undo.`,
          instead: keep,
        };
      return null;
    case 'checkout-index':
      if ((has('-f', '--force') || short('f')) && (has('-a', '--all') || short('a') || pathspecs.length > 0))
        return {
          reason: `git checkout-index ${args.join(' ')} overwrites ${has('-a', '--all') || short('a') ? 'every tracked file' : pathspecs.join(' ')} with the index's version: uncommitted changes are lost, with no undo.`,
          instead: keep,
        };
      return null;
    case 'rm':
      // git rm -f removes files even with uncommitted changes; --cached leaves the work tree alone.
      if (!has('--cached') && (has('-f', '--force') || short('f')) && (has('-r') || short('r')) && pathspecs.some((p) => WHOLE_TREE.has(p)))
        return {
          reason: `git rm ${args.join(' ')} deletes every tracked file from the work tree, uncommitted changes included, with no undo. Stash the changes first; git rm -r --cached only untracks.`,
          instead: keep,
        };
      return null;
    case 'prune':
      if (has('-n', '--dry-run') || short('n')) return null;
      if (
        args.some((a) => /^--expire=/.test(a) && !/^--expire=(now|all)$/.test(a)) ||
        (has('--expire') && !['now', 'all'].includes(args[args.indexOf('--expire') + 1] ?? ''))
      )
        return null;
      return {
        reason:
          'git prune without a grace period deletes every unreachable object now, so lost commits can no longer be recovered from the reflog or fsck. Run git gc, which keeps them for two weeks.',
        instead: 'git gc',
      };
    case 'worktree':
      if (args[0] === 'remove' && (has('-f', '--force') || short('f'))) {
        const rest = args.slice(1).filter((a) => a !== '--force' && !/^-[a-zA-Z]*f/.test(a));
        return {
          reason: `git worktree remove --force deletes the worktree with its uncommitted and untracked files, with no undo. Without --force git refuses when there is something to lose.`,
          instead: shq('git', ...prefix, 'worktree', 'remove', ...rest),
        };
      }
      return null;
    case 'filter-branch':
    case 'filter-repo':
      return { reason: `git ${sub} rewrites the whole history; every clone and open branch diverges. This is for a human to decide; ask the user.` };
    case 'reflog': {
      // expire with git's own grace periods (90 days, 30 for unreachable entries, or longer) drops nothing recent: gc does the same.
      const now = (v: string | undefined) => v !== undefined && /^(?:now|all|0)$/i.test(v);
      const expiresNow = args.some(
        (a, i) => now(/^--expire(?:-unreachable)?=(.*)$/.exec(a)?.[1]) || ((a === '--expire' || a === '--expire-unreachable') && now(args[i + 1])),
      );
      if (args[0] === 'delete' || (args[0] === 'expire' && expiresNow))
        return { reason: 'git reflog expire/delete destroys the safety net that makes other git mistakes recoverable. Ask the user.' };
      return null;
    }
    case 'gc':
      if (args.some((a) => /^--prune=(now|all)$/.test(a)) || (has('--aggressive') && has('--prune')))
        return {
          reason:
            'git gc --prune=now deletes unreachable commits now, so lost work can no longer be recovered from the reflog. Run plain git gc, which keeps them for two weeks.',
          instead: 'git gc',
        };
      return null;
    case 'commit':
    case 'push':
    case 'merge':
    case 'rebase':
    case 'am': {
      const bundledN = (a: string) => /^-[a-zA-Z]+$/.test(a) && a.includes('n');
      const skip = has('--no-verify') || (sub === 'commit' && (has('-n') || args.some(bundledN)));
      if (!skip) return null;
      const rest = args
        .filter((a) => a !== '--no-verify' && a !== '-n')
        .map((a) => (sub === 'commit' && bundledN(a) ? a.replace('n', '') : a))
        .filter((a) => a !== '-');
      return {
        reason: `git ${sub} --no-verify skips the project's own hooks (tests, linters, secret scanners) that protect the branch. Fix what the hooks report instead.`,
        instead: shq('git', ...prefix, sub, ...rest),
      };
    }
    default:
      return null;
  }
}

/** Subcommands whose denial says uncommitted changes of the whole tree are lost. */
const FALSE = /^(?:false|no|off|0)$/i;

/**
 * clean.requireForce turned off (by -c, GIT_CONFIG_*, `git config` earlier on the line, the
 * repository's config or the user's): `git clean` then deletes without -f.
 */
function cleanNeedsNoForce(config: ReadonlyMap<string, (string | null)[]>, cwd: string | null, ctx: GuardContext): boolean {
  const line = config.get('clean.requireforce');
  if (line && line.length > 0) return line.some((v) => v === null || FALSE.test(v));
  const files = [`${ctx.home}/.gitconfig`, `${ctx.home}/.config/git/config`];
  for (let d = cwd, i = 0; d && i < 64; i++, d = d === '/' ? null : dirname(d)) {
    if (ctx.exists(`${d === '/' ? '' : d}/.git/config`)) {
      files.push(`${d === '/' ? '' : d}/.git/config`);
      break;
    }
  }
  let last: string | null = null;
  for (const f of files) {
    const text = ctx.readText(f, 64 * 1024);
    for (const e of text ? parseGitConfig(text) : []) if (e.key === 'clean.requireforce') last = e.value;
  }
  return last !== null && FALSE.test(last.trim());
}

/** Does `git diff` (of the work tree, not --cached) feed this apply: through a pipe, or a patch file it wrote earlier on the line? */
function reversesWorkTree(inv: Invocation, args: string[], analysis: ShellAnalysis, ctx: GuardContext): boolean {
  const worktreeDiff = (src: Invocation | null | undefined) => {
    const g = src ? parseGit(src, ctx.home, analysis) : null;
    return !!g && g.sub === 'diff' && !g.args.some((a) => ['--cached', '--staged', '--no-index'].includes(a.known ?? ''));
  };
  if (worktreeDiff(inv.pipeFrom)) return true;
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length === 0 || !inv.cwd) return false;
  const wanted = new Set(files.map((f) => resolvePath(inv.cwd!, f, ctx.home)));
  return analysis.invocations.some(
    (other) =>
      other !== inv &&
      worktreeDiff(other) &&
      other.redirects.some(
        (r) =>
          (r.op === '>' || r.op === '>|') &&
          (r.fd === null || r.fd === 1) &&
          r.target?.known &&
          other.cwd &&
          wanted.has(resolvePath(other.cwd, r.target.known, ctx.home)),
      ),
  );
}

const TREE_WIDE = new Set(['checkout', 'read-tree', 'checkout-index', 'rm']);
/** Beyond this many tracked files the hook does not hash the work tree to prove it clean. */
const MAX_CLEAN_CHECK = 2000;

/** The work tree has no uncommitted change to a tracked file (false when git cannot say or the tree is too big to check). */
function treeClean(ctx: GuardContext, cwd: string): boolean {
  const count = ctx.git(['ls-files', '-z'], cwd);
  if (!count?.ok || count.stdout.split('\0').length > MAX_CLEAN_CHECK) return false;
  const r = changedSinceHead(ctx, cwd, ['.']);
  return r !== null && r.tracked.length > 0 && r.changed.length === 0;
}

/** The file (or folder) at `path` is tracked and the same in the work tree, the index and HEAD, so discarding its changes loses nothing. */
function unchangedSinceHead(ctx: GuardContext, cwd: string, path: string): boolean {
  const r = changedSinceHead(ctx, cwd, [path]);
  return r !== null && r.tracked.length > 0 && r.changed.length === 0;
}

/** The ref is provably absent: no loose ref file and no line in packed-refs (false when git cannot say). */
function refAbsent(ctx: GuardContext, cwd: string, ref: string): boolean {
  if (!/^refs\/[A-Za-z0-9._/-]+$/.test(ref) || ref.includes('..')) return false;
  const dir = ctx.git(['rev-parse', '--git-common-dir'], cwd);
  if (!dir?.ok) return false;
  const gitDir = resolvePath(cwd, dir.stdout.trim(), ctx.home);
  if (!ctx.exists(gitDir) || ctx.exists(`${gitDir}/${ref}`) || ctx.exists(`${gitDir}/reftable`)) return false;
  const packed = ctx.readText(`${gitDir}/packed-refs`);
  return packed === null ? !ctx.exists(`${gitDir}/packed-refs`) : !packed.split('\n').some((l) => l.endsWith(` ${ref}`));
}

export default defineGuard({
  id: 'destructive-git',
  title: 'No git commands that throw away work or history',
  prevents:
    'git reset --hard, checkout ., clean -fdx or stash clear discard hours of uncommitted work in one step, with no undo; --no-verify skips the hooks that protect the branch.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const git = parseGit(inv, ctx.home, analysis);
      if (!git) continue;
      if (git.args.some((a) => a.known === null)) {
        // git branch -D $(git branch … | grep -v main): forced deletes of branches chosen when it runs.
        const known = git.args.flatMap((a) => (a.known === null ? [] : [a.known]));
        const forced =
          known.some((a) => /^-[a-zA-Z]*D/.test(a)) ||
          (known.some((a) => a === '--delete' || /^-[a-zA-Z]*d/.test(a)) && known.some((a) => a === '--force' || /^-[a-zA-Z]*f/.test(a)));
        if (git.sub === 'branch' && forced)
          return {
            reason: `git branch ${git.args.map((a) => a.word.raw).join(' ')} force-deletes branches chosen only when it runs, merged or not; their unmerged work is lost. List them first (git branch --no-merged), then delete the merged ones by name with git branch -d.`,
          };
        continue;
      }
      let args = git.args.map((a) => a.known!);
      // Hooks switched off by their manager's variable or an empty hooks path: --no-verify by another name.
      const bypass = HOOKED.has(git.sub) ? hookBypass(inv, analysis) : null;
      if (bypass)
        return {
          reason: `${bypass} makes git ${git.sub} skip the project's own hooks (tests, linters, secret scanners) that protect the branch, like --no-verify. Fix what the hooks report instead.`,
          instead: shq('git', ...git.globals, git.sub, ...args.filter((a) => a !== '--no-verify')),
        };
      // git config core.hooksPath /dev/null: every later commit skips them.
      if (git.sub === 'config') {
        const pos = args.filter((a) => !a.startsWith('-') && a !== 'set');
        if (/^core\.hookspath$/i.test(pos[0] ?? '') && pos[1] !== undefined && NO_HOOKS.test(pos[1].trim()))
          return {
            reason: `git config core.hooksPath ${pos[1] || "''"} switches off the project's hooks (tests, linters, secret scanners) for every later commit and push. Fix what the hooks report instead.`,
          };
      }
      // git diff | git apply -R: the work tree's own changes applied in reverse, i.e. discarded.
      if (
        git.sub === 'apply' &&
        args.some((a) => a === '-R' || a === '--reverse' || /^-[a-zA-Z]*R/.test(a)) &&
        !args.some((a) => ['--check', '--cached', '--stat', '--numstat', '--summary'].includes(a)) &&
        reversesWorkTree(inv, args, analysis, ctx) &&
        !(git.cwd && treeClean(ctx, git.cwd))
      )
        return {
          reason: `git apply -R of the work tree's own diff undoes every uncommitted change it holds, with no undo: git checkout -- . by another name. Stash the changes first if they might matter.`,
          instead: 'git stash push --include-untracked -m "backup before discarding"',
        };
      // git checkout [<ref>] <path>… without --: arguments naming existing files are pathspecs.
      if (git.sub === 'checkout' && !args.includes('--') && !args.some((a) => /^-[a-zA-Z]*[bB]/.test(a) || a === '--orphan') && git.cwd) {
        const paths = args.filter((a) => !a.startsWith('-') && a !== '.' && ctx.exists(resolvePath(git.cwd!, a, ctx.home)));
        if (paths.length > 0) args = [...args.filter((a) => !paths.includes(a)), '--', ...paths];
      }
      if (git.sub === 'clean' && !args.some((a) => a === '--force' || /^-[a-zA-Z]*f/.test(a)) && cleanNeedsNoForce(git.config, git.cwd, ctx))
        args = ['--force', ...args];
      const d = judge(git.sub, args, git.globals, ctx.config.protectedBranches);
      if (!d) continue;
      // Ask before claiming: git update-ref of a branch that does not exist yet creates it and drops nothing.
      if (git.sub === 'update-ref' && git.cwd && !args.some((a) => a === '-d' || a === '--delete' || a === '--stdin')) {
        const ref = args.find((a) => !a.startsWith('-'));
        if (ref && refAbsent(ctx, git.cwd, ref)) continue;
      }
      // Ask before claiming: overwriting a work tree with no uncommitted changes loses nothing
      // (git checkout -f main on a clean tree, git rm -rf . to start an orphan branch).
      if (git.cwd && TREE_WIDE.has(git.sub) && !(git.sub === 'checkout' && args.includes('--')) && treeClean(ctx, git.cwd)) continue;
      // Ask before claiming: discarding the changes of files that have none loses nothing.
      if ((git.sub === 'checkout' || git.sub === 'restore') && git.cwd && !args.some((a) => a === '-f' || a === '--force')) {
        const dd = args.indexOf('--');
        const paths = dd >= 0 ? args.slice(dd + 1) : args.filter((a) => !a.startsWith('-'));
        if (paths.length > 0 && paths.every((p) => !['.', ':/', '*', ':'].includes(p) && !/[*?[]/.test(p))) {
          if (paths.every((p) => unchangedSinceHead(ctx, git.cwd!, p))) continue;
        }
      }
      return d;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'git reset --hard HEAD~3' } },
      { tool_name: 'Bash', tool_input: { command: 'OVERRIDE=1 git reset --hard' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -- .' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout .' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout HEAD -- src/my-button.ts' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -f -b feature' } },
      { tool_name: 'Bash', tool_input: { command: 'git restore src/' } },
      { tool_name: 'Bash', tool_input: { command: 'git clean -fdx' } },
      { tool_name: 'Bash', tool_input: { command: 'git stash clear' } },
      { tool_name: 'Bash', tool_input: { command: 'git stash drop' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -D feature/old' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -D main' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git branch -D $(git branch --format="%(refname:short)" | grep -v main)' },
        note: 'branches chosen when it runs',
      },
      { tool_name: 'Bash', tool_input: { command: 'git update-ref refs/heads/main origin/main' } },
      { tool_name: 'Bash', tool_input: { command: 'git update-ref refs/heads/main HEAD' }, fixture: CLEAN, note: 'main exists: it moves' },
      { tool_name: 'Bash', tool_input: { command: 'git filter-branch --tree-filter "rm -f secrets.txt" HEAD' } },
      { tool_name: 'Bash', tool_input: { command: 'git reflog expire --expire=now --all && git gc --prune=now' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit --no-verify -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit -nm wip' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --no-verify origin feature/x' } },
      { tool_name: 'Bash', tool_input: { command: 'HUSKY=0 git commit -m wip' }, note: "husky's off switch" },
      { tool_name: 'Bash', tool_input: { command: 'export HUSKY=0; git commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'env SKIP=eslint,tests git commit -m wip' }, note: "pre-commit's SKIP" },
      { tool_name: 'Bash', tool_input: { command: 'LEFTHOOK=0 git push origin feature/x' } },
      { tool_name: 'Bash', tool_input: { command: 'git -c core.hooksPath=/dev/null commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'GIT_CONFIG_PARAMETERS="\'core.hooksPath=/dev/null\'" git commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/dev/null git commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'git config core.hooksPath /dev/null' } },
      { tool_name: 'Bash', tool_input: { command: 'git reset --har HEAD~1' }, note: 'git takes unique prefixes of long options' },
      { tool_name: 'Bash', tool_input: { command: 'git clean --forc -d' } },
      { tool_name: 'Bash', tool_input: { command: 'git -c clean.requireForce=false clean -d' }, note: 'no -f needed once requireForce is off' },
      { tool_name: 'Bash', tool_input: { command: 'git diff | git apply -R' }, fixture: DIRTY, note: "the work tree's diff reversed" },
      { tool_name: 'Bash', tool_input: { command: 'git config clean.requireForce false && git clean -dx' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit --no-verif -m wip' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git checkout src/app.ts' },
        fixture: { committed: { 'src/app.ts': 'a\n' }, untracked: { 'src/app.ts': 'changed\n' } },
        note: 'a path without --, with uncommitted changes',
      },
      { tool_name: 'Bash', tool_input: { command: 'git switch -f main' } },
      { tool_name: 'Bash', tool_input: { command: "git config alias.nuke 'reset --hard' && git nuke" }, note: 'an alias set earlier on the line' },
      { tool_name: 'Bash', tool_input: { command: 'git read-tree -u --reset HEAD' }, fixture: DIRTY, note: 'uncommitted changes are overwritten' },
      { tool_name: 'Bash', tool_input: { command: 'git checkout-index -f -a' }, fixture: DIRTY },
      { tool_name: 'Bash', tool_input: { command: 'git checkout-index --force --all' }, fixture: DIRTY },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -f main' }, fixture: DIRTY },
      { tool_name: 'Bash', tool_input: { command: 'git branch -f main HEAD~1' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -M wip main' }, note: 'renames over main' },
      { tool_name: 'Bash', tool_input: { command: 'git prune --expire=now' } },
      { tool_name: 'Bash', tool_input: { command: 'git prune' }, note: 'no grace period by default' },
      { tool_name: 'Bash', tool_input: { command: 'git branch --force main origin/main' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -C tmp main' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree remove -f ../wt' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree remove --force ../wt' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'git update-ref refs/heads/backup main' }, fixture: CLEAN, note: 'a new ref drops nothing' },
      { tool_name: 'Bash', tool_input: { command: 'git switch -- -f' }, note: 'after --, -f is a branch name' },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -qbfeature' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -b feature/x' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout main' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -b my-button' }, note: 'a -b in a name must not confuse the checkout rule' },
      { tool_name: 'Bash', tool_input: { command: 'git reset --soft HEAD~1' } },
      { tool_name: 'Bash', tool_input: { command: 'git reset HEAD src/app.ts' } },
      { tool_name: 'Bash', tool_input: { command: 'git clean -n' } },
      { tool_name: 'Bash', tool_input: { command: 'git -c clean.requireForce=false clean -n' } },
      { tool_name: 'Bash', tool_input: { command: 'git clean -d' }, note: 'refused by git without -f' },
      { tool_name: 'Bash', tool_input: { command: 'git restore --staged src/app.test.ts' } },
      { tool_name: 'Bash', tool_input: { command: 'git stash' } },
      { tool_name: 'Bash', tool_input: { command: 'git stash pop' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -d feature/old' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit -m "no --no-verify here"' } },
      { tool_name: 'Bash', tool_input: { command: 'git gc' } },
      { tool_name: 'Bash', tool_input: { command: 'ee preflight check --cmd "git reset --hard HEAD~5"' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -bfeature/x' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -qbfix/y' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git checkout -- src/app.ts' },
        fixture: { committed: { 'src/app.ts': 'a\n' } },
        note: 'no uncommitted changes: nothing to lose',
      },
      { tool_name: 'Bash', tool_input: { command: 'git config alias.st status && git st' } },
      { tool_name: 'Bash', tool_input: { command: 'HUSKY=1 git commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'HUSKY=0 npm ci' }, note: 'husky not installing its hooks in CI is not a commit' },
      { tool_name: 'Bash', tool_input: { command: 'git -c core.hooksPath=.githooks commit -m wip' }, note: 'other hooks, not none' },
      { tool_name: 'Bash', tool_input: { command: 'git config core.hooksPath .githooks' } },
      { tool_name: 'Bash', tool_input: { command: 'SKIP= git commit -m wip' } },
      { tool_name: 'Bash', tool_input: { command: 'git checkout -f main' }, fixture: CLEAN, note: 'a clean tree: nothing to lose' },
      { tool_name: 'Bash', tool_input: { command: 'git rm -r --cached .' }, note: 'untracks only' },
      { tool_name: 'Bash', tool_input: { command: 'git rm src/old.ts' } },
      { tool_name: 'Bash', tool_input: { command: 'git read-tree HEAD' }, note: 'the index only' },
      { tool_name: 'Bash', tool_input: { command: 'git checkout-index -a --prefix=export/' }, note: 'no -f: existing files are kept' },
      { tool_name: 'Bash', tool_input: { command: 'git branch -f feature HEAD' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -f feature origin/feature' } },
      { tool_name: 'Bash', tool_input: { command: 'git read-tree -m HEAD' } },
      { tool_name: 'Bash', tool_input: { command: 'git rm -r --cached node_modules' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree list' } },
      { tool_name: 'Bash', tool_input: { command: 'git branch -m old-name new-name' } },
      { tool_name: 'Bash', tool_input: { command: 'git prune --dry-run' } },
      { tool_name: 'Bash', tool_input: { command: 'git prune --expire=2.weeks.ago' } },
      { tool_name: 'Bash', tool_input: { command: 'git reflog expire --expire=90.days.ago --all' }, note: "git gc's own grace period" },
      { tool_name: 'Bash', tool_input: { command: 'git worktree prune' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree remove ../wt' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree add ../wt -b feature' } },
    ],
  },
});

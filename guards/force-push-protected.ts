import { defineGuard, SHELL_TOOLS, type Denial } from '../core/guards/types';
import { configValues, currentBranch, gitBool, isProtectedBranch, parseGit, runs, shq, type GitCall } from '../core/guards/helpers';
import { OPAQUE, type Invocation } from '../core/shell/model';
import { skeleton } from '../core/shell/interpreter-args';

/** A refspec pattern matches a ref: git allows one `*`, which matches any text, slashes included. */
function refMatches(pattern: string, ref: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === ref;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(pattern.lastIndexOf('*') + 1);
  return ref.length >= head.length + tail.length && ref.startsWith(head) && ref.endsWith(tail);
}

/**
 * A branch name, or a refspec glob (`refs/heads/*`, `refs/*`, `release/*`): does it name a
 * protected branch? A glob does when a protected name (a pattern's `*` filled in) fits it.
 */
function protectedRef(ref: string, patterns: readonly string[]): boolean {
  if (!ref.includes('*')) return isProtectedBranch(ref, patterns);
  const glob = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
  return patterns.some((p) => refMatches(glob, `refs/heads/${p.split('*').join('x')}`));
}

/** The branches a push rewrites, for messages: a name, or what a glob covers (`refs/heads/*`: every branch). */
function branches(list: string[]): string {
  const globs = list.filter((b) => b.includes('*'));
  const names = list.filter((b) => !b.includes('*'));
  const parts = [
    ...(names.length > 0 ? [`the protected branch ${names.join(', ')}`] : []),
    ...globs.map((g) => (g === 'refs/heads/*' || g === '*' ? 'every branch (protected ones included)' : `every branch ${g} covers (protected ones included)`)),
  ];
  return parts.join(' and ');
}

/** gh repo sync --force and gh api's ref updates: the same force push, by GitHub's API. */
function judgeGh(inv: Invocation, patterns: readonly string[]): Denial | null {
  if (inv.program !== 'gh') return null;
  const w = inv.args.map((a) => a.known);
  const opt = (names: string[]) => {
    for (let i = 0; i < w.length; i++) {
      const a = w[i];
      if (a === null || a === undefined) continue;
      if (names.includes(a)) return w[i + 1] ?? null;
      const eq = names.find((n) => a.startsWith(`${n}=`));
      if (eq) return a.slice(eq.length + 1);
    }
    return undefined;
  };
  if (w[0] === 'repo' && w[1] === 'sync' && w.includes('--force')) {
    const branch = opt(['-b', '--branch']);
    if (typeof branch === 'string' && !isProtectedBranch(branch, patterns)) return null;
    return {
      reason: `gh repo sync --force hard-resets ${branch ? `the branch ${branch}` : "the destination's default branch (main, most likely)"} to the source: commits only the destination had are gone. Sync without --force, which refuses when the branches diverged.`,
      ...(w.every((a) => a !== null) ? { instead: shq('gh', ...(w as string[]).filter((a) => a !== '--force')) } : {}),
    };
  }
  if (w[0] !== 'api') return null;
  const endpoint = w
    .slice(1)
    .find(
      (a, i) =>
        a !== null &&
        !a.startsWith('-') &&
        ![
          '-X',
          '--method',
          '-f',
          '-F',
          '--field',
          '--raw-field',
          '-H',
          '--header',
          '--input',
          '-q',
          '--jq',
          '-t',
          '--template',
          '--hostname',
          '--cache',
        ].includes(w[i] ?? ''),
    );
  const at = endpoint ? endpoint.indexOf('/git/refs/heads/') : -1;
  if (!endpoint || at < 0 || at + 16 >= endpoint.length) return null;
  const m = [endpoint, endpoint.slice(at + 16)] as const;
  const method = (opt(['-X', '--method']) ?? 'GET')?.toUpperCase();
  const branch = m[1]!;
  if (method === 'DELETE' && isProtectedBranch(branch, patterns))
    return {
      reason: `gh api -X DELETE …/git/refs/heads/${branch} deletes the protected branch ${branch} on GitHub. Deleting a shared branch is for a human to do; ask the user.`,
    };
  const forced = inv.args.some((a, i) => ['-f', '-F', '--field', '--raw-field'].includes(w[i - 1] ?? '') && /^force=(true|1)$/i.test(a.known ?? ''));
  if ((method === 'PATCH' || method === 'POST') && forced && isProtectedBranch(branch, patterns))
    return {
      reason: `gh api ${method} …/git/refs/heads/${branch} with force=true moves the protected branch ${branch} to any commit, dropping what others pushed: a force push by the API. Ask the user.`,
    };
  return null;
}

interface PushPlan {
  forced: string[];
  deleted: string[];
  unknownForced: boolean;
  /** true for --mirror; the setting's name when the line's configuration makes the remote a mirror. */
  mirror: boolean | string;
  dryRun: boolean;
  /** --prune: a refspec's destination pattern is deleted where no local ref matches. */
  pruned: boolean;
  /** The refspecs came from configuration the line sets, not from the push's own words. */
  configured: string | null;
}

/**
 * The push configuration the line itself sets for the remote (`-c remote.origin.mirror=true`,
 * `git config remote.origin.push '+refs/heads/*:refs/heads/*' && git push`, push.default=matching):
 * whether it mirrors, and the refspecs a push without refspecs uses. A push that names no remote
 * goes to the branch's remote or origin: each remote the line configures counts.
 */
function configuredPush(git: GitCall, remote: string | null): { mirror: string | null; refspecs: (string | null)[] | null; setting: string | null } {
  const names = remote !== null ? [remote] : [...new Set([...git.config.keys()].flatMap((k) => /^remote\.(.+)\.(?:push|mirror)$/.exec(k)?.[1] ?? []))];
  let mirror: string | null = null;
  let refspecs: (string | null)[] | null = null;
  let setting: string | null = null;
  for (const name of names) {
    const m = configValues(git, `remote.${name}.mirror`)?.at(-1);
    if (m !== undefined && gitBool(m) !== false) mirror = `remote.${name}.mirror`;
    const push = configValues(git, `remote.${name}.push`);
    if (push && push.length > 0) {
      refspecs = [...(refspecs ?? []), ...push];
      setting = `remote.${name}.push`;
    }
  }
  if (!refspecs) {
    const def = configValues(git, 'push.default')?.at(-1);
    // matching pushes every branch that exists on both sides, main included.
    if (def === null || def === 'matching') {
      refspecs = [':'];
      setting = 'push.default=matching';
    }
  }
  return { mirror, refspecs, setting };
}

export default defineGuard({
  id: 'force-push-protected',
  title: 'No force push or deletion of a protected branch',
  prevents: 'A stuck rebase "fixed" with git push --force origin main overwrites commits teammates already pushed.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const gh = judgeGh(inv, ctx.config.protectedBranches);
      if (gh) return gh;
      const git = parseGit(inv, ctx.home, analysis);
      if (git?.sub !== 'push') continue;
      // A refspec the line does not fix (`git push -f origin "$(git branch --show-current)"`) may name
      // a protected branch: it counts as an unknown target, like a bare `git push --force`.
      const args = git.args.map((a) => (a.known !== null ? a.known : skeleton(a).includes(OPAQUE) ? skeleton(a) : OPAQUE));
      const plan = planPush(args, () => currentBranch(ctx, git.cwd), git);
      if (plan.dryRun) continue;
      const isProtected = (b: string) => protectedRef(b, ctx.config.protectedBranches);
      const prefix = ['git', ...git.globals, 'push'];
      if (plan.mirror) {
        return {
          reason: `git push ${plan.mirror === true ? '--mirror' : `with ${plan.mirror}`} force-updates and deletes every ref on the remote, protected branches included. Push the branches you changed by name.`,
        };
      }
      const deleted = plan.deleted.filter(isProtected);
      if (deleted.length > 0) {
        return {
          reason: `This push deletes the protected branch ${deleted.join(', ')} on the remote${plan.pruned ? ' (--prune deletes every remote branch the refspec covers that has no local counterpart)' : ''}. Deleting a shared branch is for a human to do; ask the user.`,
        };
      }
      const forced = plan.forced.filter(isProtected);
      if (plan.configured && (forced.length > 0 || plan.unknownForced))
        return {
          reason: `git push here uses the refspec ${plan.configured}, which this line sets in the configuration (remote.<name>.push, push.default): it force-updates ${forced.length > 0 ? branches(forced) : 'branches that may be protected'} and overwrites commits others may have pushed. Push the branch you changed by name (git push origin <branch>).`,
        };
      if (forced.length > 0) {
        // Not --force-with-lease: that still rewrites the protected branch's history. A plain push
        // never does; git refuses it when the remote moved, and the agent integrates first.
        return {
          reason: `git push --force to ${branches(forced)} rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first.`,
          instead: [shq(...prefix), ...withoutForce(args).map((a, i) => (a.includes(OPAQUE) ? rawUnknown(git.args, args, i, withoutForce) : shq(a)))].join(' '),
        };
      }
      if (plan.unknownForced) {
        return {
          reason:
            'git push --force to a branch the command does not name (the current one, or one computed when it runs), which may be protected, overwrites commits others may have pushed. --force-with-lease refuses when the remote moved since you last fetched.',
          instead: [shq(...prefix), ...withLease(args).map((a, i) => (a.includes(OPAQUE) ? rawUnknown(git.args, args, i, withLease) : shq(a)))].join(' '),
        };
      }
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'git push --force origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --force' }, note: 'current branch unknown outside a repo' },
      { tool_name: 'Bash', tool_input: { command: 'git push --force' }, fixture: { committed: { 'a.txt': 'a' }, branch: 'main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -f origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push origin +main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -uf origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease --force origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git -C ../other push --force origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push origin --delete main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push origin :main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --mirror origin' } },
      { tool_name: 'Bash', tool_input: { command: "git -c alias.p='push --force' p origin main" } },
      { tool_name: 'Bash', tool_input: { command: 'git push origin HEAD:main --force' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -f origin release/2.0' } },
      { tool_name: 'Bash', tool_input: { command: 'rtk git push --force origin master' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -f origin "$(git branch --show-current)"' }, note: 'the branch is computed: it may be main' },
      { tool_name: 'Bash', tool_input: { command: 'git push --force origin "$BRANCH"' }, note: 'BRANCH is not set on the line' },
      { tool_name: 'Bash', tool_input: { command: 'git push origin "+HEAD:$TARGET"' } },
      { tool_name: 'Bash', tool_input: { command: "git push -f origin 'refs/heads/*:refs/heads/*'" }, note: 'a glob covers main' },
      { tool_name: 'Bash', tool_input: { command: "git push origin '+refs/heads/*:refs/heads/*'" } },
      { tool_name: 'Bash', tool_input: { command: "git push origin '+refs/*:refs/*'" }, note: 'a refspec * matches across slashes' },
      { tool_name: 'Bash', tool_input: { command: "git push origin --delete 'refs/heads/*'" } },
      { tool_name: 'Bash', tool_input: { command: 'gh repo sync o/fork --force' } },
      { tool_name: 'Bash', tool_input: { command: 'gh repo sync owner/repo --source upstream/repo --force' } },
      { tool_name: 'Bash', tool_input: { command: 'gh repo sync --branch main --force' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api -X PATCH /repos/o/r/git/refs/heads/main -f sha=abc -F force=true' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api repos/o/r/git/refs/heads/main --method DELETE' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "git push --prune origin 'refs/heads/*:refs/heads/*'" },
        note: '--prune deletes the remote branches the glob covers that have no local counterpart',
      },
      { tool_name: 'Bash', tool_input: { command: 'git push --all --prune origin' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "git config remote.origin.push '+refs/heads/*:refs/heads/*' && git push" },
        note: 'a forced refspec the line puts in the configuration',
      },
      { tool_name: 'Bash', tool_input: { command: 'git config --add remote.origin.push +HEAD:main; git push origin' } },
      { tool_name: 'Bash', tool_input: { command: 'git config set remote.origin.push +main:main && git push' } },
      { tool_name: 'Bash', tool_input: { command: "git -c 'remote.origin.push=+refs/heads/*:refs/heads/*' push" } },
      { tool_name: 'Bash', tool_input: { command: 'git -c remote.origin.mirror=true push origin' }, note: 'a mirror by configuration' },
      { tool_name: 'Bash', tool_input: { command: 'git remote add --mirror=push backup https://x.example.dev/r.git && git push backup' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.mirror GIT_CONFIG_VALUE_0=true git push origin' },
        note: 'configuration by the environment',
      },
      { tool_name: 'Bash', tool_input: { command: 'git -c push.default=matching push --force origin' }, note: 'matching pushes main too' },
      { tool_name: 'Bash', tool_input: { command: 'git push origin +:' }, note: 'the forced matching refspec' },
      { tool_name: 'Bash', tool_input: { command: "git config alias.p 'push --force' && git p origin main" } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'git config user.name x && git push origin feature' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git config remote.origin.push refs/heads/feature:refs/heads/feature && git push' },
        note: 'a configured refspec, not forced',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "git push --prune origin 'refs/heads/feature/*:refs/heads/feature/*'" },
        note: 'the pruned glob covers no protected branch',
      },
      { tool_name: 'Bash', tool_input: { command: 'git -c remote.origin.mirror=false push origin feature' } },
      { tool_name: 'Bash', tool_input: { command: 'git remote add upstream https://github.com/o/r && git push origin feature' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "git config remote.origin.push '+refs/heads/*:refs/heads/*' && git push upstream feature" },
        note: 'another remote, a refspec named',
      },
      { tool_name: 'Bash', tool_input: { command: 'git -c push.default=matching push origin' }, note: 'matching, not forced' },
      { tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease origin my-branch' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease origin feature/login' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -u origin feature/login' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --force origin feature/x' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git push --force' },
        fixture: { committed: { 'a.txt': 'a' }, branch: 'feature/x' },
        note: 'current branch is not protected',
      },
      { tool_name: 'Bash', tool_input: { command: 'git push origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git push --dry-run --force origin main' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit -m "never git push --force origin main"' } },
      { tool_name: 'Bash', tool_input: { command: 'git push origin --delete feature/old' } },
      { tool_name: 'Bash', tool_input: { command: 'git push -u origin "$(git branch --show-current)"' }, note: 'not forced' },
      { tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease origin "$BRANCH"' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "git push -f origin 'refs/heads/feature/*:refs/heads/feature/*'" },
        note: 'the glob covers no protected branch',
      },
      { tool_name: 'Bash', tool_input: { command: "git push origin 'refs/heads/*:refs/heads/*'" }, note: 'not forced' },
      { tool_name: 'Bash', tool_input: { command: 'gh repo sync o/fork' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api repos/o/r/pulls' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api repos/o/r/git/refs/heads/feature -X PATCH -F force=true' } },
      { tool_name: 'Bash', tool_input: { command: 'gh repo sync --branch feature/x --force' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api /repos/o/r/git/refs/heads/main' } },
      { tool_name: 'Bash', tool_input: { command: 'gh api -X PATCH /repos/o/r/git/refs/heads/main -f sha=abc' }, note: 'a fast-forward only' },
    ],
  },
});

function planPush(args: string[], branch: () => string | null, git: GitCall): PushPlan {
  let force = false;
  let del = false;
  let all = false;
  const plan: PushPlan = { forced: [], deleted: [], unknownForced: false, mirror: false, dryRun: false, pruned: false, configured: null };
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (a === '--force') force = true;
    else if (a === '--no-force') force = false;
    else if (a === '--mirror') plan.mirror = true;
    else if (a === '--delete') del = true;
    else if (a === '--prune') plan.pruned = true;
    else if (a === '--no-prune') plan.pruned = false;
    else if (a === '--all' || a === '--branches') all = true;
    else if (a === '--dry-run') plan.dryRun = true;
    else if (a === '--repo' || a === '--push-option' || a === '--receive-pack' || a === '--exec') i++;
    else if (a.startsWith('--')) continue;
    else if (a.startsWith('-') && a.length > 1) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k];
        if (c === 'f') force = true;
        else if (c === 'd') del = true;
        else if (c === 'n') plan.dryRun = true;
        else if (c === 'o') {
          if (k === a.length - 1) i++;
          break;
        }
      }
    } else positional.push(a);
  }
  let refspecs: string[] = positional.slice(1);
  const cfg = configuredPush(git, positional[0] ?? null);
  if (cfg.mirror && !plan.mirror) plan.mirror = cfg.mirror;
  if (refspecs.length === 0 && !all && cfg.refspecs) {
    // A computed refspec in the configuration may name anything.
    refspecs = cfg.refspecs.map((r) => r ?? `+${OPAQUE}`);
    plan.configured = cfg.refspecs.map((r) => r ?? '<computed>').join(' ');
  }
  // --all --prune: every remote branch without a local one of the same name is deleted.
  if (all && plan.pruned) plan.deleted.push('refs/heads/*');
  if (refspecs.length === 0) {
    if (force && all) plan.unknownForced = true;
    else if (force) {
      const b = branch();
      if (b) plan.forced.push(b);
      else plan.unknownForced = true;
    }
    return plan;
  }
  for (const spec of refspecs) {
    const plus = spec.startsWith('+');
    const s = plus ? spec.slice(1) : spec;
    // `:` (and `+:`) pushes the matching branches: every branch on both sides.
    if (s === ':') {
      if (force || plus) plan.forced.push('refs/heads/*');
      continue;
    }
    if (s.startsWith(':')) {
      plan.deleted.push(s.slice(1));
      continue;
    }
    if (del) {
      plan.deleted.push(s);
      continue;
    }
    let dst = s.includes(':') ? s.slice(s.indexOf(':') + 1) : s;
    if (dst.includes(OPAQUE)) {
      if (force || plus) plan.unknownForced = true;
      continue;
    }
    if (plan.pruned && dst.includes('*')) plan.deleted.push(dst);
    if (dst === 'HEAD' || dst === '@') {
      const b = branch();
      if (!b) {
        if (force || plus) plan.unknownForced = true;
        continue;
      }
      dst = b;
    }
    if (force || plus) plan.forced.push(dst.replace(/^refs\/heads\//, ''));
  }
  return plan;
}

/** The i-th word of the rewritten form, where it is an unknown argument: the same word as written. */
function rawUnknown(words: { word: { raw: string } }[], args: string[], leaseIndex: number, form: (args: string[]) => string[]): string {
  const lease = form(args);
  const nth = lease.slice(0, leaseIndex + 1).filter((a) => a.includes(OPAQUE)).length;
  let seen = 0;
  for (let i = 0; i < args.length; i++) if (args[i]!.includes(OPAQUE) && ++seen === nth) return words[i]!.word.raw.replace(/^(["']?)\+/, '$1');
  return '';
}

/** The same push with every force replaced by --force-with-lease. */
function withLease(args: string[]): string[] {
  return ['--force-with-lease', ...withoutForce(args)];
}

/** The same push without any force (--force, -f, --force-with-lease, --force-if-includes, a refspec's +). */
function withoutForce(args: string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (a === '--force' || a === '--force-with-lease' || a.startsWith('--force-with-lease=') || a === '--force-if-includes') continue;
    if (/^-[a-zA-Z]+$/.test(a) && a.includes('f')) {
      const rest = a.replace(/f/g, '');
      if (rest !== '-') out.push(rest);
      continue;
    }
    out.push(a.startsWith('+') ? a.slice(1) : a);
  }
  return out;
}

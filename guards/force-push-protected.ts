import { defineGuard, SHELL_TOOLS, type Denial } from '../core/guards/types';
import { currentBranch, isProtectedBranch, parseGit, runs, shq } from '../core/guards/helpers';
import { OPAQUE, skeleton, type Invocation } from '../core/shell/analyze';

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
  mirror: boolean;
  dryRun: boolean;
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
      const plan = planPush(args, () => currentBranch(ctx, git.cwd));
      if (plan.dryRun) continue;
      const isProtected = (b: string) => protectedRef(b, ctx.config.protectedBranches);
      const prefix = ['git', ...git.globals, 'push'];
      if (plan.mirror) {
        return {
          reason: 'git push --mirror force-updates and deletes every ref on the remote, protected branches included. Push the branches you changed by name.',
        };
      }
      const deleted = plan.deleted.filter(isProtected);
      if (deleted.length > 0) {
        return {
          reason: `This push deletes the protected branch ${deleted.join(', ')} on the remote. Deleting a shared branch is for a human to do; ask the user.`,
        };
      }
      const forced = plan.forced.filter(isProtected);
      if (forced.length > 0 || plan.unknownForced) {
        const target =
          forced.length > 0
            ? `the protected branch ${forced.join(', ')}`
            : 'a branch the command does not name (the current one, or one computed when it runs), which may be protected,';
        return {
          reason: `git push --force to ${target} overwrites commits others may have pushed. --force-with-lease refuses when the remote moved since you last fetched.`,
          instead: [shq(...prefix), ...withLease(args).map((a, i) => (a.includes(OPAQUE) ? rawUnknown(git.args, args, i) : shq(a)))].join(' '),
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
    ],
    allowed: [
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

function planPush(args: string[], branch: () => string | null): PushPlan {
  let force = false;
  let del = false;
  let all = false;
  const plan: PushPlan = { forced: [], deleted: [], unknownForced: false, mirror: false, dryRun: false };
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
  const refspecs = positional.slice(1);
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

/** The i-th word of the lease form, where it is an unknown argument: the same word as written. */
function rawUnknown(words: { word: { raw: string } }[], args: string[], leaseIndex: number): string {
  const lease = withLease(args);
  const nth = lease.slice(0, leaseIndex + 1).filter((a) => a.includes(OPAQUE)).length;
  let seen = 0;
  for (let i = 0; i < args.length; i++) if (args[i]!.includes(OPAQUE) && ++seen === nth) return words[i]!.word.raw.replace(/^(["']?)\+/, '$1');
  return '';
}

/** The same push with every force replaced by --force-with-lease. */
function withLease(args: string[]): string[] {
  const out: string[] = ['--force-with-lease'];
  for (const a of args) {
    if (a === '--force' || a === '--force-with-lease' || a.startsWith('--force-with-lease=')) continue;
    if (/^-[a-zA-Z]+$/.test(a) && a.includes('f')) {
      const rest = a.replace(/f/g, '');
      if (rest !== '-') out.push(rest);
      continue;
    }
    out.push(a.startsWith('+') ? a.slice(1) : a);
  }
  return out;
}

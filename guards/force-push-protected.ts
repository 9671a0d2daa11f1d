import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { currentBranch, isProtectedBranch, parseGit, runs, shq } from '../core/guards/helpers';
import { OPAQUE, skeleton } from '../core/shell/analyze';

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
      const git = parseGit(inv, ctx.home, analysis);
      if (git?.sub !== 'push') continue;
      // A refspec the line does not fix (`git push -f origin "$(git branch --show-current)"`) may name
      // a protected branch: it counts as an unknown target, like a bare `git push --force`.
      const args = git.args.map((a) => (a.known !== null ? a.known : skeleton(a).includes(OPAQUE) ? skeleton(a) : OPAQUE));
      const plan = planPush(args, () => currentBranch(ctx, git.cwd));
      if (plan.dryRun) continue;
      const isProtected = (b: string) => isProtectedBranch(b, ctx.config.protectedBranches);
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

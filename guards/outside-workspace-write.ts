import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { argPath, fileWrites, flags, parseGit, runs } from '../core/guards/helpers';
import { isHarmlessDevice, isTempPath } from '../core/guards/targets';
import type { Invocation } from '../core/shell/analyze';
import { isAbsolutePath, isSameOrAncestor, normalizePath, relativeTo, resolvePath } from '../core/paths';

const PROFILES =
  /^(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.config\/fish\/config\.fish|\.inputrc|Documents\/(Windows)?PowerShell\/.*profile\.ps1)$/i;

/** Where writing is fine: the project, the call's cwd, temp, configured roots, and Claude Code's additionalDirectories. */
function allowedRoots(ctx: GuardContext, cwd: string): string[] {
  const roots = [ctx.projectDir, cwd];
  for (const r of ctx.config.allowedWriteRoots) roots.push(resolvePath(ctx.projectDir, r, ctx.home));
  for (const file of [`${ctx.projectDir}/.claude/settings.json`, `${ctx.projectDir}/.claude/settings.local.json`, `${ctx.home}/.claude/settings.json`]) {
    try {
      const dirs = (JSON.parse(ctx.readText(file) ?? '{}') as { permissions?: { additionalDirectories?: unknown } }).permissions?.additionalDirectories;
      if (Array.isArray(dirs)) for (const d of dirs) if (typeof d === 'string') roots.push(resolvePath(ctx.projectDir, d, ctx.home));
    } catch {
      /* no such settings */
    }
  }
  return roots.map(normalizePath);
}

/** The target as written, or, for a write that leaves through a link, where it really lands. */
function where(path: string, lands: string, ctx: GuardContext): string {
  if (lands === path) return describe(path, ctx);
  return `${relativeTo(ctx.projectDir, path) ?? path}, a symbolic link to ${describe(lands, ctx)}`;
}

function describe(path: string, ctx: GuardContext): string {
  const inHome = relativeTo(ctx.home, path);
  if (inHome !== null) {
    if (PROFILES.test(inHome)) return `your shell profile ~/${inHome}, which runs in every new terminal`;
    if (inHome.startsWith('.ssh/')) return `~/${inHome}, which decides who can log in as you`;
    if (inHome === '.gitconfig' || inHome.startsWith('.config/git/')) return `your global git configuration ~/${inHome}`;
    return `~/${inHome}, outside the project`;
  }
  return `${path}, outside the project`;
}

function outsideAsWritten(path: string, roots: string[]): boolean {
  if (isTempPath(path) || isHarmlessDevice(path)) return false;
  return !roots.some((r) => isSameOrAncestor(r, path));
}

/**
 * Outside as written, or outside once links are followed: `ln -s ~ h` then a write to `h/.bashrc`
 * lands in home. Where the write lands is what counts: a link out of the project leads outside.
 */
function outside(path: string, roots: string[], ctx: GuardContext): string | null {
  if (outsideAsWritten(path, roots)) return path;
  if (isHarmlessDevice(path)) return null;
  const real = ctx.realpath(path);
  if (real === path) return null;
  return outsideAsWritten(
    real,
    roots.map((r) => ctx.realpath(r)),
  )
    ? real
    : null;
}

function shellWrites(inv: Invocation, home: string): { path: string; how: string }[] {
  const out = fileWrites(inv, home);
  if (['cp', 'mv', 'install', 'ln', 'rsync'].includes(inv.program)) {
    const f = flags(inv.args, ['-t', '--target-directory', '-S', '--suffix', '-m', '--mode', '-o', '-g', '-e']);
    const dest = f.positional[f.positional.length - 1];
    const path = dest && f.positional.length >= 2 ? argPath(inv, dest, home) : null;
    if (path && !/^[^/]+:/.test(dest!.known ?? '')) out.push({ path, how: inv.program });
  }
  return out;
}

export default defineGuard({
  id: 'outside-workspace-write',
  title: 'No writes outside the project (shell profiles, ~/.ssh, git config, system files)',
  prevents:
    'An agent appends to ~/.bashrc or ~/.ssh/authorized_keys, or edits /etc/hosts: changes that outlive the session, affect every other project, and nobody reviews.',
  tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', ...SHELL_TOOLS],
  check(call, ctx) {
    let roots: string[] | null = null;
    const rootsFor = () => (roots ??= allowedRoots(ctx, call.cwd));
    const advice = 'If this change is really wanted, ask the user to make it, or to add the folder to allowedWriteRoots in .claude/agent-guard.json.';
    if (call.edits && call.path) {
      const lands = isAbsolutePath(call.path) ? outside(call.path, rootsFor(), ctx) : null;
      if (lands === null) return null;
      return { reason: `${call.tool} of ${where(call.path, lands, ctx)}. ${advice}` };
    }
    if (!call.command) return null;
    for (const inv of runs(ctx.shell())) {
      const git = parseGit(inv, ctx.home);
      if (
        git?.sub === 'config' &&
        git.args.some((a) => a.known === '--global' || a.known === '--system') &&
        !git.args.some((a) => ['--get', '--list', '-l', '--get-all', '--get-regexp', '--show-origin'].includes(a.known ?? ''))
      ) {
        const key = git.args.find((a) => !(a.known ?? '').startsWith('-'))?.known ?? '';
        return {
          reason: `git config --global changes your git configuration for every repository on this machine. Set it for this repository only.`,
          instead: `git config --local ${key}`.trim(),
        };
      }
      for (const w of shellWrites(inv, ctx.home)) {
        const lands = outside(w.path, rootsFor(), ctx);
        if (lands !== null) return { reason: `${inv.program} writes ${where(w.path, lands, ctx)} (${w.how}). ${advice}` };
      }
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Edit', tool_input: { file_path: '/home/user/.bashrc', old_string: 'export PATH', new_string: 'export PATH=/opt/bin:$PATH\nexport PATH' } },
      { tool_name: 'Write', tool_input: { file_path: '/home/user/.ssh/authorized_keys', content: 'ssh-ed25519 AAAA attacker' } },
      { tool_name: 'Write', tool_input: { file_path: '/etc/hosts', content: '127.0.0.1 api.example.com\n' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "alias ll=\'ls -la\'" >> ~/.zshrc' } },
      { tool_name: 'Bash', tool_input: { command: 'cat key.pub | tee -a ~/.ssh/authorized_keys' } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/127.0.0.1/10.0.0.1/' /etc/hosts" } },
      { tool_name: 'Bash', tool_input: { command: 'git config --global user.email bot@example.com' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env ../other-project/.env' } },
      { tool_name: 'Edit', tool_input: { file_path: '../sibling/src/a.ts', old_string: 'a', new_string: 'b' } },
    ],
    allowed: [
      { tool_name: 'Write', tool_input: { file_path: 'src/new.ts', content: 'export {};\n' } },
      { tool_name: 'Write', tool_input: { file_path: '/tmp/scratch.txt', content: 'notes' } },
      { tool_name: 'Bash', tool_input: { command: 'npm test > /dev/null 2>&1' } },
      { tool_name: 'Bash', tool_input: { command: 'echo done >> build.log' } },
      { tool_name: 'Bash', tool_input: { command: 'git config user.email bot@example.com' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --global --get user.name' } },
      { tool_name: 'Bash', tool_input: { command: 'cp dist/app.js /tmp/app.js' } },
      { tool_name: 'Bash', tool_input: { command: 'scp dist/app.tar.gz deploy@host:/srv/' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --local core.hooksPath .githooks' } },
      { tool_name: 'Edit', tool_input: { file_path: '/home/user/project/.claude/worktrees/x/src/a.ts', old_string: 'a', new_string: 'b' } },
    ],
  },
});

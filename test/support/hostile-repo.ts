// A repository that carries every known way to make git execute something; each way writes a
// marker file into `markers`. Used by the hook, lint and language-server tests: whatever Agent
// Guard does in it, `markers()` must stay empty.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type HostileRepo = ReturnType<typeof hostileRepo>;

export function hostileRepo() {
  const BASE = mkdtempSync(join(tmpdir(), 'agent-guard-git-hostile-'));
  const MARKERS = join(BASE, 'markers');
  const HOME = join(BASE, 'home');
  const PROJECT = join(BASE, 'project');
  const HOSTILE_GITDIR = join(BASE, 'elsewhere.git');
  mkdirSync(MARKERS);
  mkdirSync(HOME);
  mkdirSync(PROJECT);

  const SETUP_ENV = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.invalid',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.invalid',
  };

  function git(cwd: string, args: string[], env: Record<string, string> = {}, input = '') {
    return spawnSync('git', args, { cwd, env: { ...SETUP_ENV, ...env }, encoding: 'utf8', input, timeout: 20000 });
  }
  function gitOk(cwd: string, ...args: string[]): string {
    const r = git(cwd, args);
    assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }
  function write(path: string, text: string, mode?: number) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (mode) chmodSync(path, mode);
  }
  const touch = (name: string) => `touch '${MARKERS}/${name}'`;
  /** A script that writes a marker and fails (git treats most failures as "no answer"). */
  function script(name: string): string {
    const path = join(BASE, 'scripts', name);
    write(path, `#!/bin/sh\n${touch(name)}\nexit 1\n`, 0o755);
    return path;
  }
  const markers = () => readdirSync(MARKERS).sort();
  const clearMarkers = () => {
    for (const m of readdirSync(MARKERS)) rmSync(join(MARKERS, m));
  };

  const HOOK_NAMES = [
    'pre-commit',
    'prepare-commit-msg',
    'commit-msg',
    'post-commit',
    'post-checkout',
    'post-index-change',
    'pre-push',
    'reference-transaction',
    'fsmonitor-watchman',
    'pre-auto-gc',
    'post-merge',
    'post-rewrite',
  ];

  /** Repository config that runs a marker for every known vector. */
  function plantConfig(gitDir: string, tag: string, worktree?: string) {
    const cfg = (k: string, v: string) => assert.equal(git(BASE, ['config', '--file', join(gitDir, 'config'), k, v]).status, 0);
    const hooks = join(BASE, `hooks-${tag}`);
    for (const h of HOOK_NAMES) {
      write(join(hooks, h), `#!/bin/sh\n${touch(`${tag}-hook-${h}`)}\n`, 0o755);
      write(join(gitDir, 'hooks', h), `#!/bin/sh\n${touch(`${tag}-default-hook-${h}`)}\n`, 0o755);
    }
    if (worktree) {
      cfg('core.bare', 'false');
      cfg('core.worktree', worktree);
    }
    cfg('core.fsmonitor', `${touch(`${tag}-fsmonitor`)}; false`);
    cfg('core.hooksPath', hooks);
    cfg('core.pager', touch(`${tag}-pager`));
    for (const sub of ['status', 'ls-files', 'rev-parse', 'symbolic-ref', 'diff', 'log']) cfg(`pager.${sub}`, touch(`${tag}-pager-${sub}`));
    cfg('core.sshCommand', script(`${tag}-ssh-command`));
    cfg('core.askPass', script(`${tag}-askpass`));
    cfg('credential.helper', `!${touch(`${tag}-credential-helper`)}; false`);
    cfg('core.editor', touch(`${tag}-editor`));
    cfg('sequence.editor', touch(`${tag}-sequence-editor`));
    cfg('gpg.program', script(`${tag}-gpg`));
    cfg('diff.external', script(`${tag}-diff-external`));
    cfg('diff.evil.textconv', script(`${tag}-textconv`));
    cfg('diff.evil.command', script(`${tag}-diff-driver`));
    cfg('filter.evil.clean', `${touch(`${tag}-filter-clean`)}; cat`);
    cfg('filter.evil.smudge', `${touch(`${tag}-filter-smudge`)}; cat`);
    cfg('filter.proc.process', script(`${tag}-filter-process`));
    cfg('remote.origin.url', 'ssh://git.example.invalid/repo.git');
    cfg('alias.status', `!${touch(`${tag}-alias`)}`);
    cfg('alias.ls-files', `!${touch(`${tag}-alias`)}`);
    // An included file: read like the repository's own config.
    write(join(BASE, `included-${tag}`), `[filter "inc"]\n\tclean = "${touch(`${tag}-included-filter-clean`)}; cat"\n`);
    cfg('include.path', join(BASE, `included-${tag}`));
  }

  // ---- the hostile project ----
  gitOk(PROJECT, 'init', '-q', '-b', 'main');
  write(join(PROJECT, '.gitattributes'), '* diff=evil filter=evil\n*.proc filter=proc\n*.inc filter=inc\n*.ext diff\n');
  write(join(PROJECT, 'a.txt'), 'one\n');
  // A long-running-process filter kills git when it fails, so its file is never stat-dirty.
  write(join(PROJECT, 'z.proc'), 'one\n');
  utimesSync(join(PROJECT, 'z.proc'), new Date('2001-01-01'), new Date('2001-01-01'));
  write(join(PROJECT, 'c.inc'), 'one\n');
  write(join(PROJECT, 'd.ext'), 'one\n');
  write(join(PROJECT, 'migrations/001_init.sql'), 'CREATE TABLE users (id int);\n');
  // An embedded repository committed as plain files: git discovers it as a git dir by default.
  const EMBEDDED = join(PROJECT, 'vendor/evil');
  write(join(EMBEDDED, 'HEAD'), 'ref: refs/heads/main\n');
  write(join(EMBEDDED, 'config'), '[core]\n\trepositoryformatversion = 0\n');
  write(join(EMBEDDED, 'objects/info/.keep'), '');
  write(join(EMBEDDED, 'refs/heads/.keep'), '');
  write(join(EMBEDDED, 'sub/migrations/001_init.sql'), 'CREATE TABLE t (id int);\n');
  plantConfig(EMBEDDED, 'embedded', '../..');
  // The planted config holds absolute paths of this machine; as committed it is just a file.
  gitOk(PROJECT, 'add', '-A');
  gitOk(PROJECT, 'commit', '-q', '-m', 'hostile');
  plantConfig(join(PROJECT, '.git'), 'repo');
  // Stat-dirty tracked files: `git status` hashes them again, through the clean filter.
  write(join(PROJECT, 'a.txt'), 'two\n');
  write(join(PROJECT, 'c.inc'), 'two\n');
  write(join(PROJECT, 'd.ext'), 'two\n');
  write(join(PROJECT, '.env'), 'API_KEY=sk-live-0000\n');
  // A gitfile the agent wrote, pointing at a git dir outside the project.
  gitOk(BASE, 'init', '-q', '--bare', HOSTILE_GITDIR);
  plantConfig(HOSTILE_GITDIR, 'gitfile', join(PROJECT, 'nested'));
  write(join(PROJECT, 'nested/.git'), `gitdir: ${HOSTILE_GITDIR}\n`);
  write(join(PROJECT, 'nested/.env'), 'TOKEN=x\n');
  // A git the repository ships, for a PATH that names it.
  write(join(PROJECT, 'bin/git'), `#!/bin/sh\n${touch('path-git')}\nexit 1\n`, 0o755);
  for (const d of ['a', 'b', 'c', 'd', 'e']) mkdirSync(join(PROJECT, 'many', d), { recursive: true });

  /** Environments a project's settings `env` could give the hook (a bad one makes git stop, so one trick each). */
  const ENV_TRICKS: Record<string, Record<string, string>> = {
    GIT_CONFIG_COUNT: { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: script('env-config-count') },
    GIT_CONFIG_PARAMETERS: { GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${script('env-config-parameters')}'` },
    'GIT_DIR and GIT_WORK_TREE': { GIT_DIR: HOSTILE_GITDIR, GIT_WORK_TREE: PROJECT },
    'GIT_CONFIG_GLOBAL and helpers': {
      GIT_CONFIG_GLOBAL: join(BASE, 'hostile-global'),
      GIT_EXTERNAL_DIFF: script('env-external-diff'),
      GIT_PAGER: script('env-pager'),
      GIT_SSH_COMMAND: script('env-ssh-command'),
      GIT_ASKPASS: script('env-askpass'),
    },
  };
  write(join(BASE, 'hostile-global'), `[core]\n\tfsmonitor = ${script('env-global-fsmonitor')}\n`);

  return { BASE, MARKERS, HOME, PROJECT, HOSTILE_GITDIR, EMBEDDED, SETUP_ENV, ENV_TRICKS, git, gitOk, write, script, markers, clearMarkers, touch };
}

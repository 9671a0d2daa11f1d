// Repository code never runs: a scratch repository carries every known way to make git execute
// something (each writes a marker file), and the repo-aware guards run through the real hook
// (dist/hook.cjs) against the real git on this machine. First each vector is shown to be live
// (plain git runs it), then the hook must leave no marker while its guards still answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, utimesSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ALLOWED, createGitRunner, findGit, refusal } from '../cli/git';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');

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

const HOOK_NAMES = ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'post-checkout', 'post-index-change', 'pre-push', 'reference-transaction', 'fsmonitor-watchman', 'pre-auto-gc', 'post-merge', 'post-rewrite'];

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
  'GIT_CONFIG_COUNT': { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: script('env-config-count') },
  'GIT_CONFIG_PARAMETERS': { GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${script('env-config-parameters')}'` },
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

interface Probe {
  what: string;
  cwd: string;
  payload: Record<string, unknown>;
  /** The guard that must still deny (git answered), or null when unknown is the right answer. */
  denies: string | null;
}
const bash = (command: string, cwd: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });
const edit = (file: string, cwd: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'int', new_string: 'bigint' }, cwd });
const PROBES: Probe[] = [
  { what: 'bulk git add at the root', cwd: PROJECT, payload: bash('git add -A', PROJECT), denies: 'bulk-add-secrets' },
  { what: 'bulk git add of a folder', cwd: PROJECT, payload: bash('git add .', PROJECT), denies: 'bulk-add-secrets' },
  { what: 'edit of a committed migration', cwd: PROJECT, payload: edit(join(PROJECT, 'migrations/001_init.sql'), PROJECT), denies: 'committed-migration' },
  { what: 'sed -i on a committed migration', cwd: PROJECT, payload: bash("sed -i 's/int/bigint/' migrations/001_init.sql", PROJECT), denies: 'committed-migration' },
  { what: 'force push (current branch)', cwd: PROJECT, payload: bash('git push --force', PROJECT), denies: 'force-push-protected' },
  { what: 'git add inside the embedded repository', cwd: join(EMBEDDED, 'sub'), payload: bash('git add -A', join(EMBEDDED, 'sub')), denies: null },
  { what: 'edit of a migration inside the embedded repository', cwd: join(EMBEDDED, 'sub'), payload: edit(join(EMBEDDED, 'sub/migrations/001_init.sql'), join(EMBEDDED, 'sub')), denies: null },
  { what: 'git add through the gitfile', cwd: join(PROJECT, 'nested'), payload: bash('git add -A', join(PROJECT, 'nested')), denies: 'bulk-add-secrets' },
  { what: 'force push through the gitfile', cwd: join(PROJECT, 'nested'), payload: bash('git push -f', join(PROJECT, 'nested')), denies: 'force-push-protected' },
  { what: 'many git calls in one command', cwd: PROJECT, payload: bash('cd many/a && git add .; cd ../b && git add .; cd ../c && git add .; cd ../d && git add .', PROJECT), denies: null },
];

function runHook(payload: Record<string, unknown>, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify(payload),
    encoding: 'utf8',
    timeout: 30000,
    env: { PATH: SETUP_ENV.PATH, HOME, CLAUDE_PROJECT_DIR: PROJECT, XDG_CACHE_HOME: join(BASE, 'cache'), AGENT_GUARD_NO_LOG: '1', ...env },
  });
  assert.equal(r.status, 0, r.stderr);
  const out = r.stdout ? JSON.parse(r.stdout) : null;
  const reason: string = out?.hookSpecificOutput?.permissionDecisionReason ?? '';
  return { guard: /\[agent-guard: ([\w-]+)\]$/.exec(reason)?.[1] ?? null, stderr: r.stderr };
}

test('every planted vector is live: plain git runs it', () => {
  // On a copy, so that commits and checkouts do not change the fixture the hook sees.
  const copy = join(BASE, 'copy');
  cpSync(PROJECT, copy, { recursive: true });
  gitOk(copy, 'config', '--unset', 'filter.proc.process'); // copied files are stat-dirty, and a failing process filter stops git
  const fired = (cwd: string, args: string[], env: Record<string, string> = {}, input = '') => {
    git(cwd, args, env, input);
    return markers();
  };
  clearMarkers();
  const seen = new Set<string>();
  const expect = (what: string, got: string[], want: string) => {
    assert.ok(got.includes(want), `${what} should run ${want}; markers: ${got.join(', ')}`);
    for (const m of got) seen.add(m);
    clearMarkers();
  };
  expect('git status', fired(PROJECT, ['status', '--porcelain']), 'repo-fsmonitor');
  expect('git status (stat-dirty file)', fired(PROJECT, ['status', '--porcelain']), 'repo-filter-clean');
  expect('git status (included config)', fired(PROJECT, ['status', '--porcelain']), 'repo-included-filter-clean');
  expect('git ls-files', fired(PROJECT, ['ls-files', '-o']), 'repo-fsmonitor');
  expect('git diff', fired(PROJECT, ['diff', '--', 'a.txt']), 'repo-diff-driver');
  expect('git diff (no driver)', fired(PROJECT, ['diff', '--', 'd.ext']), 'repo-diff-external');
  expect('git diff --no-ext-diff', fired(PROJECT, ['diff', '--no-ext-diff', '--', 'a.txt']), 'repo-textconv');
  expect('git cat-file --filters', fired(PROJECT, ['cat-file', '--filters', 'HEAD:a.txt']), 'repo-filter-smudge');
  expect('git cat-file --filters (process filter)', fired(PROJECT, ['cat-file', '--filters', 'HEAD:z.proc']), 'repo-filter-process');
  expect('git commit', fired(copy, ['commit', '-q', '--allow-empty', '-m', 'x']), 'repo-hook-pre-commit');
  // git pages only on a terminal: `script` gives it one.
  expect('git log on a terminal', (spawnSync('script', ['-qec', 'git log -1', '/dev/null'], { cwd: PROJECT, env: { ...SETUP_ENV, TERM: 'dumb' }, input: '' }), markers()), 'repo-pager-log');
  expect('git ls-remote', fired(PROJECT, ['ls-remote', 'origin']), 'repo-ssh-command');
  expect('git credential fill', fired(PROJECT, ['credential', 'fill'], { GIT_TERMINAL_PROMPT: '0' }, 'protocol=https\nhost=example.invalid\n\n'), 'repo-credential-helper');
  expect('git status in the embedded repository', fired(join(EMBEDDED, 'sub'), ['status']), 'embedded-fsmonitor');
  expect('git status through the gitfile', fired(join(PROJECT, 'nested'), ['status']), 'gitfile-fsmonitor');
  for (const [trick, env] of Object.entries(ENV_TRICKS).slice(0, 3)) expect(`git ls-files with ${trick}`, fired(join(PROJECT, 'migrations'), ['ls-files'], env), trick.startsWith('GIT_DIR') ? 'gitfile-fsmonitor' : `env-${trick.slice(4).toLowerCase().replace(/_/g, '-')}`);
  gitOk(BASE, 'init', '-q', join(BASE, 'plain'));
  expect('git ls-files with GIT_CONFIG_GLOBAL', fired(join(BASE, 'plain'), ['ls-files'], { GIT_CONFIG_GLOBAL: join(BASE, 'hostile-global') }), 'env-global-fsmonitor');
  expect('a PATH that names the project', (spawnSync('git', ['status'], { cwd: PROJECT, env: { ...SETUP_ENV, PATH: `${PROJECT}/bin:${SETUP_ENV.PATH}` } }), markers()), 'path-git');
  assert.deepEqual([...seen].sort(), [
    'embedded-fsmonitor', 'env-config-count', 'env-config-parameters', 'env-global-fsmonitor', 'gitfile-fsmonitor', 'path-git', 'repo-askpass', 'repo-credential-helper', 'repo-diff-driver',
    'repo-diff-external', 'repo-filter-clean', 'repo-filter-process', 'repo-filter-smudge', 'repo-fsmonitor', 'repo-hook-commit-msg',
    'repo-hook-post-commit', 'repo-hook-post-index-change', 'repo-hook-pre-commit', 'repo-hook-prepare-commit-msg', 'repo-hook-reference-transaction',
    'repo-included-filter-clean', 'repo-pager-log', 'repo-ssh-command', 'repo-textconv',
  ]);
  rmSync(copy, { recursive: true, force: true });
});

/** What ran, per probe: { probe: markers } (empty when nothing ran). */
function ranDuring(env: Record<string, string>, answers?: Record<string, string | null>): Record<string, string[]> {
  const ran: Record<string, string[]> = {};
  for (const p of PROBES) {
    clearMarkers();
    const r = runHook(p.payload, env);
    if (markers().length > 0) ran[p.what] = markers();
    if (answers) answers[p.what] = r.guard;
  }
  clearMarkers();
  return ran;
}

test('the hook runs none of them, and its repo-aware guards still answer', () => {
  const answers: Record<string, string | null> = {};
  assert.deepEqual(ranDuring({}, answers), {});
  assert.deepEqual(answers, Object.fromEntries(PROBES.map((p) => [p.what, p.denies])));
});

for (const [trick, env] of Object.entries(ENV_TRICKS)) {
  test(`the hook runs none of them with ${trick} from the environment`, () => {
    assert.deepEqual(ranDuring(env), {});
  });
}

test('the hook runs no git from inside the project, whatever PATH says', () => {
  assert.deepEqual(ranDuring({ PATH: `${PROJECT}/bin:bin:${SETUP_ENV.PATH}` }), {});
});

test('a git that hangs costs one call, not one per git question', () => {
  const fake = join(BASE, 'slow-bin');
  const count = join(BASE, 'slow-count');
  write(join(fake, 'git'), `#!/bin/sh\necho x >> '${count}'\nexec sleep 30\n`, 0o755);
  const r = runHook(PROBES.find((p) => p.what === 'many git calls in one command')!.payload, { PATH: `${fake}:${SETUP_ENV.PATH}` });
  assert.equal(readFileSync(count, 'utf8'), 'x\n', 'git was started once; after its timeout no more git for this call');
  assert.match(r.stderr, /^agent-guard: git did not answer within \d+ ms; repo-aware guards gave no opinion$/m);
  assert.equal(r.guard, null);
});

test('only read-only subcommands that run no filter, driver or hook are allowed', () => {
  assert.deepEqual(Object.keys(ALLOWED).sort(), ['ls-files', 'rev-parse', 'symbolic-ref']);
  assert.equal(refusal(['ls-files', '-z', '--others', '--exclude-standard', '--full-name', '--', '-m', ':/']), null);
  assert.equal(refusal(['rev-parse', '--show-toplevel']), null);
  assert.match(refusal(['status', '--porcelain'])!, /git status is not one of the subcommands/);
  assert.match(refusal(['diff'])!, /git diff is not one/);
  assert.match(refusal(['ls-files', '--modified'])!, /git ls-files --modified is not an option/);
  assert.match(refusal(['ls-files', 'pathspec-without-dashdash'])!, /not an option/);
  assert.match(refusal([])!, /git \(nothing\)/);
});

test('the runner: unknown outside the project, for refused commands, and a note for the refusal', () => {
  clearMarkers();
  const runner = createGitRunner({ projectDir: PROJECT, env: SETUP_ENV });
  assert.equal(runner.run(['status'], PROJECT), null);
  assert.deepEqual(runner.notes, ['agent-guard: git status is not one of the subcommands Agent Guard runs; no opinion']);
  assert.equal(runner.run(['rev-parse', '--show-toplevel'], BASE), null, 'outside the project: no git');
  assert.equal(runner.run(['rev-parse', '--show-toplevel'], join(PROJECT, 'missing')), null);
  assert.deepEqual(runner.run(['rev-parse', '--show-toplevel'], join(PROJECT, 'migrations')), { ok: true, stdout: `${PROJECT}\n` });
  assert.equal(runner.run(['rev-parse', '--show-toplevel'], join(EMBEDDED, 'sub'))?.ok, false, 'the embedded repository is refused');
  assert.deepEqual(markers(), []);
  assert.equal(findGit(`bin:${PROJECT}/bin:${SETUP_ENV.PATH}`, PROJECT)?.startsWith(`${PROJECT}/`), false);
  assert.equal(findGit(`${PROJECT}/bin`, PROJECT), null);
});

// Repository code never runs: a scratch repository carries every known way to make git execute
// something (each writes a marker file), and the repo-aware guards run through the real hook
// (dist/hook.cjs) against the real git on this machine. First each vector is shown to be live
// (plain git runs it), then the hook must leave no marker while its guards still answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOWED, createGitRunner, findGit, GIT_DEADLINE_MARGIN_MS, refusal } from '../cli/git';
import { runHook as runHookInProcess } from '../cli/run-hook';
import { deadlineIn } from '../core/guards/dispatch';
import { hostileRepo } from './support/hostile-repo';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');

const { BASE, HOME, PROJECT, EMBEDDED, SETUP_ENV, ENV_TRICKS, git, gitOk, write, markers, clearMarkers } = hostileRepo();

interface Probe {
  what: string;
  cwd: string;
  payload: Record<string, unknown>;
  /** The guard that must still deny (git answered), or null when unknown is the right answer. */
  denies: string | null;
}
const bash = (command: string, cwd: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });
const edit = (file: string, cwd: string) => ({
  hook_event_name: 'PreToolUse',
  tool_name: 'Edit',
  tool_input: { file_path: file, old_string: 'int', new_string: 'bigint' },
  cwd,
});
const PROBES: Probe[] = [
  { what: 'bulk git add at the root', cwd: PROJECT, payload: bash('git add -A', PROJECT), denies: 'bulk-add-secrets' },
  { what: 'bulk git add of a folder', cwd: PROJECT, payload: bash('git add .', PROJECT), denies: 'bulk-add-secrets' },
  { what: 'edit of a committed migration', cwd: PROJECT, payload: edit(join(PROJECT, 'migrations/001_init.sql'), PROJECT), denies: 'committed-migration' },
  {
    what: 'sed -i on a committed migration',
    cwd: PROJECT,
    payload: bash("sed -i 's/int/bigint/' migrations/001_init.sql", PROJECT),
    denies: 'committed-migration',
  },
  { what: 'force push (current branch)', cwd: PROJECT, payload: bash('git push --force', PROJECT), denies: 'force-push-protected' },
  { what: 'git add inside the embedded repository', cwd: join(EMBEDDED, 'sub'), payload: bash('git add -A', join(EMBEDDED, 'sub')), denies: null },
  {
    what: 'edit of a migration inside the embedded repository',
    cwd: join(EMBEDDED, 'sub'),
    payload: edit(join(EMBEDDED, 'sub/migrations/001_init.sql'), join(EMBEDDED, 'sub')),
    denies: null,
  },
  { what: 'git add through the gitfile', cwd: join(PROJECT, 'nested'), payload: bash('git add -A', join(PROJECT, 'nested')), denies: 'bulk-add-secrets' },
  {
    what: 'force push through the gitfile',
    cwd: join(PROJECT, 'nested'),
    payload: bash('git push -f', join(PROJECT, 'nested')),
    denies: 'force-push-protected',
  },
  {
    what: 'many git calls in one command',
    cwd: PROJECT,
    payload: bash('cd many/a && git add .; cd ../b && git add .; cd ../c && git add .; cd ../d && git add .', PROJECT),
    denies: null,
  },
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
  expect(
    'git log on a terminal',
    (() => {
      spawnSync('script', ['-qec', 'git log -1', '/dev/null'], { cwd: PROJECT, env: { ...SETUP_ENV, TERM: 'dumb' }, input: '' });
      return markers();
    })(),
    'repo-pager-log',
  );
  expect('git ls-remote', fired(PROJECT, ['ls-remote', 'origin']), 'repo-ssh-command');
  expect(
    'git credential fill',
    fired(PROJECT, ['credential', 'fill'], { GIT_TERMINAL_PROMPT: '0' }, 'protocol=https\nhost=example.invalid\n\n'),
    'repo-credential-helper',
  );
  expect('git status in the embedded repository', fired(join(EMBEDDED, 'sub'), ['status']), 'embedded-fsmonitor');
  expect('git status through the gitfile', fired(join(PROJECT, 'nested'), ['status']), 'gitfile-fsmonitor');
  for (const [trick, env] of Object.entries(ENV_TRICKS).slice(0, 3))
    expect(
      `git ls-files with ${trick}`,
      fired(join(PROJECT, 'migrations'), ['ls-files'], env),
      trick.startsWith('GIT_DIR') ? 'gitfile-fsmonitor' : `env-${trick.slice(4).toLowerCase().replace(/_/g, '-')}`,
    );
  gitOk(BASE, 'init', '-q', join(BASE, 'plain'));
  expect(
    'git ls-files with GIT_CONFIG_GLOBAL',
    fired(join(BASE, 'plain'), ['ls-files'], { GIT_CONFIG_GLOBAL: join(BASE, 'hostile-global') }),
    'env-global-fsmonitor',
  );
  expect(
    'a PATH that names the project',
    (() => {
      spawnSync('git', ['status'], { cwd: PROJECT, env: { ...SETUP_ENV, PATH: `${PROJECT}/bin:${SETUP_ENV.PATH}` } });
      return markers();
    })(),
    'path-git',
  );
  assert.deepEqual([...seen].sort(), [
    'embedded-fsmonitor',
    'env-config-count',
    'env-config-parameters',
    'env-global-fsmonitor',
    'gitfile-fsmonitor',
    'path-git',
    'repo-askpass',
    'repo-credential-helper',
    'repo-diff-driver',
    'repo-diff-external',
    'repo-filter-clean',
    'repo-filter-process',
    'repo-filter-smudge',
    'repo-fsmonitor',
    'repo-hook-commit-msg',
    'repo-hook-post-commit',
    'repo-hook-post-index-change',
    'repo-hook-pre-commit',
    'repo-hook-prepare-commit-msg',
    'repo-hook-reference-transaction',
    'repo-included-filter-clean',
    'repo-pager-log',
    'repo-ssh-command',
    'repo-textconv',
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

test('agent-guard explain and check ask git the same hardened way', () => {
  clearMarkers();
  const cli = join(ROOT, 'dist/cli.cjs');
  const env = { PATH: SETUP_ENV.PATH, HOME, CLAUDE_PROJECT_DIR: PROJECT, AGENT_GUARD_NO_LOG: '1' };
  const explain = spawnSync(process.execPath, [cli, 'explain', 'git add -A'], { cwd: PROJECT, env, encoding: 'utf8', timeout: 30000 });
  assert.match(explain.stdout, /decision: deny by bulk-add-secrets/);
  const check = spawnSync(process.execPath, [cli, 'check'], { cwd: PROJECT, env, encoding: 'utf8', timeout: 30000, input: JSON.stringify(PROBES[0]!.payload) });
  assert.match(check.stdout, /\[agent-guard: bulk-add-secrets\]/);
  assert.deepEqual(markers(), []);
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

test("git shares the hook's deadline: with too little time left it is not started", () => {
  const spy = join(BASE, 'spy-deadline-bin');
  const count = join(BASE, 'spy-deadline-count');
  write(join(spy, 'git'), `#!/bin/sh\necho x >> '${count}'\nexit 1\n`, 0o755);
  const env = { PATH: `${spy}:${SETUP_ENV.PATH}`, HOME, CLAUDE_PROJECT_DIR: PROJECT, AGENT_GUARD_NO_LOG: '1' };
  const r = runHookInProcess(JSON.stringify(PROBES[0]!.payload), env, deadlineIn(GIT_DEADLINE_MARGIN_MS));
  assert.equal(existsSync(count), false, 'git was not started');
  assert.ok(r.stderr.includes('agent-guard: git time budget (0 ms) spent; repo-aware guards gave no opinion'), r.stderr.join('\n'));
});

test('only read-only subcommands that run no filter, driver or hook are allowed', () => {
  assert.deepEqual(Object.keys(ALLOWED).sort(), ['cat-file', 'ls-files', 'ls-tree', 'rev-parse', 'symbolic-ref']);
  // cat-file: an object's raw bytes, or whether it exists; never --filters or --textconv, never an option as the object.
  assert.equal(refusal(['cat-file', 'blob', 'HEAD:./.claude/agent-guard.json']), null);
  assert.equal(refusal(['cat-file', '-e', 'origin/main^{commit}']), null);
  assert.match(refusal(['cat-file', '--filters', 'HEAD:a.txt'])!, /git cat-file --filters is not an option/);
  assert.match(refusal(['cat-file', '--textconv', 'HEAD:a.txt'])!, /git cat-file --textconv is not an option/);
  assert.match(refusal(['cat-file', 'blob', '--batch'])!, /git cat-file --batch is not an option/);
  assert.match(refusal(['cat-file', 'HEAD:a.txt'])!, /git cat-file HEAD:a.txt is not an option/);
  assert.match(refusal(['cat-file', 'blob', 'HEAD:a b'])!, /not an option/);
  assert.equal(refusal(['ls-tree', '-z', 'HEAD', '--', 'src/app.ts']), null);
  assert.equal(refusal(['ls-files', '-s', '-z', '--', 'src/app.ts']), null);
  assert.match(refusal(['ls-tree', '-r', 'HEAD'])!, /git ls-tree -r is not an option/);
  assert.equal(refusal(['ls-files', '-z', '--others', '--exclude-standard', '--full-name', '--', '-m', ':/']), null);
  assert.equal(refusal(['rev-parse', '--show-toplevel']), null);
  assert.match(refusal(['status', '--porcelain'])!, /git status is not one of the subcommands/);
  assert.match(refusal(['diff'])!, /git diff is not one/);
  assert.match(refusal(['ls-files', '--modified'])!, /git ls-files --modified is not an option/);
  assert.match(refusal(['ls-files', 'pathspec-without-dashdash'])!, /not an option/);
  assert.match(refusal([])!, /git \(nothing\)/);
});

test('cat-file blob through the runner reads the committed bytes and runs no filter (lint --base reads the base config so)', () => {
  clearMarkers();
  const runner = createGitRunner({ projectDir: PROJECT, env: SETUP_ENV });
  // a.txt has a smudge filter and z.proc a process filter in the repository's config and attributes.
  assert.deepEqual(runner.run(['cat-file', 'blob', 'HEAD:a.txt'], PROJECT), { ok: true, stdout: 'one\n' });
  assert.deepEqual(runner.run(['cat-file', 'blob', 'HEAD:./z.proc'], PROJECT), { ok: true, stdout: 'one\n' });
  assert.equal(runner.run(['cat-file', '-e', 'HEAD^{commit}'], PROJECT)?.ok, true);
  assert.equal(runner.run(['cat-file', 'blob', 'HEAD:missing.txt'], PROJECT)?.ok, false);
  assert.deepEqual(markers(), []);
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
  assert.equal(runner.spent, false);
  const spent = createGitRunner({ projectDir: PROJECT, env: SETUP_ENV, budgetMs: 0 });
  assert.equal(spent.run(['rev-parse', '--show-toplevel'], PROJECT), null);
  assert.equal(spent.spent, true);
  assert.deepEqual(spent.notes, ['agent-guard: git time budget (0 ms) spent; repo-aware guards gave no opinion']);
  assert.equal(findGit(`bin:${PROJECT}/bin:${SETUP_ENV.PATH}`, PROJECT)?.startsWith(`${PROJECT}/`), false);
  assert.equal(findGit(`${PROJECT}/bin`, PROJECT), null);
});

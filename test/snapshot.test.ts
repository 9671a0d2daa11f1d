// The hook's startup snapshot (scripts/code-cache-loader.js, "The startup snapshot"): a blob is
// code, so it is built only on request into the private cache folder, named by the code it holds,
// and used only for that code under the Node that built it; anything wrong with it means the plain
// hook answers (in the same process when the blob loads; by the command's fallback when Node
// cannot load it: it then stops before reading stdin, with an exit code that is neither 0 nor 2).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { hookCommandFor, snapshotFirst, stampHook } from '../core/install/installer';
import { shQuote } from '../core/install/quote';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
const snapshotsHere = process.platform !== 'win32' && Number(process.versions.node.split('.')[0]) >= 20;

/** The folder calls run in (outside the cache folder: a cache inside the workspace is never trusted). */
const WORK = mkdtempSync(join(tmpdir(), 'agent-guard-snap-ws-'));

function freshCache(): string {
  const home = mkdtempSync(join(tmpdir(), 'agent-guard-snap-'));
  chmodSync(home, 0o700);
  return home;
}

function env(cache: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: '/home/user',
    CLAUDE_PROJECT_DIR: '',
    AGENT_GUARD_NO_CACHE: '',
    AGENT_GUARD_NO_LOG: '1',
    XDG_CACHE_HOME: cache,
    // The snapshot's own path: each call in its own process (the resident analyser is
    // test/resident.test.ts's; on by default, it would answer the calls after the first).
    AGENT_GUARD_ANALYSER: 'process',
  };
  delete e.NODE_OPTIONS;
  return e;
}

function make(cache: string, file = HOOK) {
  return spawnSync(process.execPath, [file, '--agent-guard-make-snapshot'], { cwd: WORK, encoding: 'utf8', env: env(cache), timeout: 120000 });
}

function call(command: string, cache: string, file = HOOK, blob?: string, node = process.execPath) {
  const args = blob ? ['--snapshot-blob', blob, file] : [file];
  const r = spawnSync(node, args, {
    cwd: WORK,
    input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/home/user/project' }),
    encoding: 'utf8',
    env: { ...env(cache), AGENT_GUARD_SNAPSHOT_TRACE: '1' },
    timeout: 30000,
  });
  const trace = /agent-guard: snapshot (used|not used)\n/.exec(r.stderr)?.[1] ?? 'none';
  return { stdout: r.stdout, stderr: r.stderr.replace(/agent-guard: snapshot (used|not used)\n/, ''), status: r.status, signal: r.signal, trace };
}

function readKey(file = HOOK): string {
  const m = /const KEY = "([0-9a-f]{16})"/.exec(readFileSync(file, 'latin1').slice(0, 20000));
  assert.ok(m, 'the loader names its key');
  return m[1]!;
}

// One blob for the tests that only read it (building one costs about a second of CPU).
let shared: { cache: string; blob: string } | undefined;
function sharedBlob() {
  if (!shared) {
    const cache = freshCache();
    const r = make(cache);
    assert.equal(r.status, 0, r.stderr);
    shared = { cache, blob: r.stdout.trim() };
  }
  return shared;
}

const CALLS = ['rm -rf ~', 'npm test', 'git push --force origin main', 'cat .env'];

test('the blob is built on request into the private cache folder, named by its code, and answers every call as the plain hook does', {
  skip: !snapshotsHere,
}, () => {
  const { cache, blob } = sharedBlob();
  assert.equal(blob, join(cache, 'agent-guard', `${readKey()}.snap`));
  const st = lstatSync(blob);
  assert.ok(st.isFile() && st.nlink === 1);
  assert.equal(st.mode & 0o777, 0o600);
  assert.deepEqual(
    readdirSync(join(cache, 'agent-guard')).filter((n) => n.endsWith('.tmp') || n.endsWith('.entry.js')),
    [],
    "no unfinished file, and not the builder's entry file, is left",
  );
  for (const command of CALLS) {
    const plain = call(command, cache);
    const fromBlob = call(command, cache, HOOK, blob);
    assert.equal(fromBlob.trace, 'used', command);
    assert.deepEqual([fromBlob.stdout, fromBlob.stderr, fromBlob.status], [plain.stdout, plain.stderr, plain.status], command);
  }
  assert.match(call('rm -rf ~', cache, HOOK, blob).stdout, /"permissionDecision":"deny".*rm-catastrophic/);
});

test('the trial calls of a new blob start from it, under its unfinished name in the cache folder; no other name next to it is taken for a blob', {
  skip: !snapshotsHere,
}, () => {
  const cache = freshCache();
  const r = spawnSync(process.execPath, [HOOK, '--agent-guard-make-snapshot'], {
    cwd: WORK,
    encoding: 'utf8',
    env: { ...env(cache), AGENT_GUARD_SNAPSHOT_TRACE: '1' },
    timeout: 120000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, 'agent-guard: trial `rm -rf ~`: snapshot used\nagent-guard: trial `npm test`: snapshot used\n');
  const blob = r.stdout.trim();
  // The unfinished name the trial uses: `<blob>.<pid>.tmp`; any other name next to it is not ours.
  for (const [name, trace] of [
    [`${blob}.4242.tmp`, 'used'],
    [`${blob}.x.tmp`, 'not used'],
    [`${blob}.4242.tmp.old`, 'not used'],
    [`${blob}x`, 'not used'],
  ] as const) {
    copyFileSync(blob, name);
    chmodSync(name, 0o600);
    const fromIt = call('rm -rf ~', cache, HOOK, name);
    assert.equal(fromIt.trace, trace, name);
    assert.match(fromIt.stdout, /"permissionDecision":"deny".*rm-catastrophic/, name);
    rmSync(name);
  }
});

test('a blob Node cannot load (missing, truncated, foreign bytes) stops Node before any answer, with an exit code that is neither 0 nor 2', {
  skip: !snapshotsHere,
}, () => {
  const { cache, blob } = sharedBlob();
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-bad-'));
  const bytes = readFileSync(blob);
  const truncated = join(dir, 'truncated.snap');
  writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
  const foreign = join(dir, 'foreign.snap');
  writeFileSync(foreign, readFileSync(HOOK));
  for (const bad of [join(dir, 'missing.snap'), truncated, foreign]) {
    const r = call('rm -rf ~', cache, HOOK, bad);
    assert.equal(r.stdout, '', bad);
    assert.ok(r.status !== 0 && r.status !== 2, `${bad}: exit ${r.status} ${r.signal}`);
  }
});

test('a blob that is a link, outside the cache folder, or writable by others is not used: the hook file runs as it is, with the same answer', {
  skip: !snapshotsHere,
}, () => {
  const { cache, blob } = sharedBlob();
  const expected = call('rm -rf ~', cache);
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-elsewhere-'));
  const copy = join(dir, `${readKey()}.snap`);
  copyFileSync(blob, copy);
  chmodSync(copy, 0o600);
  const link = join(dir, 'link.snap');
  symlinkSync(blob, link);
  for (const other of [copy, link]) {
    const r = call('rm -rf ~', cache, HOOK, other);
    assert.equal(r.trace, 'not used', other);
    assert.deepEqual([r.stdout, r.stderr, r.status], [expected.stdout, expected.stderr, expected.status], other);
  }
  // The blob itself, made a link to a copy of it (the name the command uses, a target elsewhere).
  const c2 = freshCache();
  const made = make(c2);
  assert.equal(made.status, 0, made.stderr);
  const own = made.stdout.trim();
  renameSync(own, join(dir, 'moved.snap'));
  symlinkSync(join(dir, 'moved.snap'), own);
  assert.equal(call('rm -rf ~', c2, HOOK, own).trace, 'not used');
  // Writable by others.
  const c3 = freshCache();
  const made3 = make(c3);
  assert.equal(made3.status, 0, made3.stderr);
  chmodSync(made3.stdout.trim(), 0o666);
  assert.equal(call('npm test', c3, HOOK, made3.stdout.trim()).trace, 'not used');
  chmodSync(made3.stdout.trim(), 0o600);
  assert.equal(call('npm test', c3, HOOK, made3.stdout.trim()).trace, 'used');
});

test('a blob runs only the code it was built from: another hook file, or this one changed in place, runs its own code', { skip: !snapshotsHere }, () => {
  const { cache, blob } = sharedBlob();
  const genuine = readFileSync(HOOK, 'latin1');
  const at = genuine.indexOf('return"your home directory"');
  assert.ok(at > 0, 'the string to change is in the bundle');
  const forged = `${genuine.slice(0, at)}return"your HOME directory"${genuine.slice(at + 'return"your home directory"'.length)}`;
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-forged-'));
  const file = join(dir, 'hook.cjs');
  // A second copy of the genuine file (another project's): hashed once, then the blob runs it.
  writeFileSync(file, genuine, 'latin1');
  const copyRun = call('rm -rf ~', cache, file, blob);
  assert.equal(copyRun.trace, 'used');
  assert.match(copyRun.stdout, /your home directory/);
  // The same file rewritten in place with other code under the same key.
  writeFileSync(file, forged, 'latin1');
  for (let i = 0; i < 2; i++) {
    const r = call('rm -rf ~', cache, file, blob);
    assert.equal(r.trace, 'not used');
    assert.match(r.stdout, /your HOME directory/, 'the file ran its own code');
  }
  // And a forged file is never made into a blob.
  const c2 = freshCache();
  const made = make(c2, file);
  assert.equal(made.status, 1);
  assert.match(made.stderr, /not the code its key names/);
});

test('a blob started by another Node binary is not used: the hook file runs as it is', { skip: !snapshotsHere }, () => {
  const { cache, blob } = sharedBlob();
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-node-'));
  const otherNode = join(dir, 'node');
  copyFileSync(process.execPath, otherNode);
  chmodSync(otherNode, 0o755);
  const expected = call('rm -rf ~', cache);
  const r = call('rm -rf ~', cache, HOOK, blob, otherNode);
  assert.equal(r.trace, 'not used');
  assert.deepEqual([r.stdout, r.stderr, r.status], [expected.stdout, expected.stderr, expected.status]);
});

test('the blob freezes nothing of the environment, the clock or the folder: each call reads its own', { skip: !snapshotsHere }, () => {
  const { cache, blob } = sharedBlob();
  // The project folder and HOME come from the call, not from the build.
  for (const home of ['/home/alice', '/home/bob']) {
    const run = (blobArgs: string[]) =>
      spawnSync(process.execPath, [...blobArgs, HOOK], {
        cwd: WORK,
        input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /home/alice/*' }, cwd: '/tmp' }),
        encoding: 'utf8',
        env: { ...env(cache), HOME: home },
      });
    const plain = run([]);
    const fromBlob = run(['--snapshot-blob', blob]);
    assert.deepEqual([fromBlob.stdout, fromBlob.stderr, fromBlob.status], [plain.stdout, plain.stderr, plain.status], home);
  }
  // The loader refuses to build from a bundle whose load reads the environment or the clock: its
  // only random values at load are minimatch's brace-expansion placeholders; shell-quote (random
  // token, parses repository text) is loaded on first use.
  const code = readFileSync(HOOK, 'utf8');
  const randoms = code.match(/Math\.random\(\)/g) ?? [];
  assert.equal(randoms.length, 5 + 1, 'five brace-expansion placeholders and shell-quote');
  assert.match(code, /"\\0SLASH"\+Math\.random\(\)/);
  assert.doesNotMatch(code, /__MINIMATCH_TESTING_PLATFORM__/);
});

test("the command's start from the snapshot (snapshotFirst): the blob when it is there and ours, else the plain hook with the same answer; a call the failed run consumed is blocked", {
  skip: !snapshotsHere,
}, () => {
  const { cache } = sharedBlob();
  const script = (file: string) => `f='${file}'; ${snapshotFirst()}node "$f"`;
  const sh = (command: string, cacheHome: string, file = HOOK, input?: string) => {
    const r = spawnSync('/bin/sh', ['-c', script(file)], {
      cwd: WORK,
      input: input ?? JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/home/user/project' }),
      encoding: 'utf8',
      env: { ...env(cacheHome), AGENT_GUARD_SNAPSHOT_TRACE: '1' },
    });
    const trace = /agent-guard: snapshot (used|not used)\n/.exec(r.stderr)?.[1] ?? 'none';
    return { stdout: r.stdout, status: r.status, trace, stderr: r.stderr };
  };
  const expected = call('rm -rf ~', cache);
  const used = sh('rm -rf ~', cache);
  assert.equal(used.trace, 'used');
  assert.deepEqual([used.stdout, used.status], [expected.stdout, expected.status]);
  // No blob (a cache folder without one): the plain hook, no noise.
  const empty = freshCache();
  const none = sh('rm -rf ~', empty);
  assert.deepEqual([none.trace, none.stdout, none.status], ['none', expected.stdout, expected.status]);
  // Truncated, in place: Node stops before reading stdin; the plain hook answers the whole call.
  const c2 = freshCache();
  const made = make(c2);
  assert.equal(made.status, 0, made.stderr);
  const own = made.stdout.trim();
  const bytes = readFileSync(own);
  writeFileSync(own, bytes.subarray(0, bytes.length >> 1));
  for (const command of ['rm -rf ~', 'npm test']) {
    const plain = call(command, c2);
    const r = sh(command, c2);
    assert.deepEqual([r.stdout, r.status], [plain.stdout, plain.status], command);
  }
  // A link in its place is never named to Node.
  const c3 = freshCache();
  const made3 = make(c3);
  assert.equal(made3.status, 0, made3.stderr);
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-sh-'));
  renameSync(made3.stdout.trim(), join(dir, 'moved.snap'));
  symlinkSync(join(dir, 'moved.snap'), made3.stdout.trim());
  const linked = sh('rm -rf ~', c3);
  assert.deepEqual([linked.trace, linked.stdout], ['none', expected.stdout]);
  // The plain run after a failed start, with the call consumed (empty or cut input): blocked.
  for (const input of ['', '{"tool_name":"Bash","tool_in']) {
    const r = spawnSync(process.execPath, [HOOK], { cwd: WORK, input, encoding: 'utf8', env: { ...env(cache), AGENT_GUARD_AFTER_SNAPSHOT: '139' } });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /the hook stopped \(exit 139\) after it may have read this call, so this call is blocked/);
  }
});

// ---- The installed command (hookCommandFor) under real shells ----

const SHELLS = ['/bin/sh', '/usr/bin/dash', '/bin/bash'].filter((f) => existsSync(f));

/** A blob's mark as the builder leaves it (the loader's markBlob): a socket file that a process listened on and left. */
function markSocket(mark: string): void {
  const r = spawnSync(process.execPath, ['-e', "require('node:net').createServer().listen(process.argv[1], () => process.exit(0))", mark]);
  assert.equal(r.status, 0);
  assert.ok(lstatSync(mark).isSocket());
}

/** A blob put in place (`bytes`), dated before its mark, as the builder leaves it: the command then starts it. */
function plant(blob: string, bytes: Buffer): void {
  writeFileSync(blob, bytes, { mode: 0o600 });
  const before = lstatSync(blob.replace(/\.snap$/, '.mark')).mtimeMs / 1000 - 10;
  utimesSync(blob, before, before);
}

/** A hook file as install writes it (the stamp line, then the loader), in a folder of its own. */
function installedHook(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-snap-installed-'));
  const file = join(dir, 'agent-guard.cjs');
  writeFileSync(file, stampHook({ hookSource: readFileSync(HOOK, 'utf8'), version: '0.0.0-test' }));
  return file;
}

/** The installed command run by `shell -c`, as a host runs it; `build`: the background build is allowed. */
function installed(shell: string, file: string, command: string, cache: string, opts: { build?: boolean; path?: string } = {}) {
  const e: NodeJS.ProcessEnv = { ...env(cache), AGENT_GUARD_SNAPSHOT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: opts.build ? '' : '1' };
  if (opts.path) e.PATH = opts.path;
  const r = spawnSync(shell, ['-c', hookCommandFor(shQuote(file))], {
    cwd: WORK,
    input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/home/user/project' }),
    encoding: 'utf8',
    env: e,
    timeout: 30000,
  });
  const trace = /agent-guard: snapshot (used|not used)\n/.exec(r.stderr)?.[1] ?? 'none';
  return { stdout: r.stdout, stderr: r.stderr.replace(/agent-guard: snapshot (used|not used)\n/, ''), status: r.status, trace };
}

/** Waits (up to two minutes: a build is a few seconds of CPU on a busy machine) for the background build's blob. */
function awaitBlob(blob: string, moreThan = 0): boolean {
  const until = Date.now() + 120000;
  while (Date.now() < until) {
    try {
      // A build renames its blob into place whole; `moreThan`: longer than the truncated one it replaces.
      const st = lstatSync(blob);
      if (st.isFile() && st.size > moreThan) return true;
    } catch {
      /* not yet */
    }
    spawnSync('sleep', ['0.2']);
  }
  return false;
}

test('the installed command: no blob yet, the plain hook answers and builds one in the background; the next call starts from it, with the same answer, in every shell', {
  skip: !snapshotsHere,
}, () => {
  const file = installedHook();
  const cache = freshCache();
  const blob = join(cache, 'agent-guard', `${readKey(file)}.snap`);
  const expected = call('rm -rf ~', cache, file);
  const first = installed('/bin/sh', file, 'rm -rf ~', cache, { build: true });
  assert.deepEqual([first.trace, first.stdout, first.status], ['none', expected.stdout, expected.status]);
  assert.ok(awaitBlob(blob), 'the background build made the blob');
  assert.equal(lstatSync(blob).mode & 0o777, 0o600);
  for (const shell of SHELLS)
    for (const command of CALLS) {
      const plain = call(command, cache, file);
      const r = installed(shell, file, command, cache);
      assert.deepEqual([r.trace, r.stdout, r.stderr, r.status], ['used', plain.stdout, plain.stderr, plain.status], `${shell}: ${command}`);
    }
  // A build at most once an hour per key: the blob gone, the next plain run does not try again.
  const mark = join(cache, 'agent-guard', `${readKey(file)}.try`);
  const tried = statSync(mark).mtimeMs;
  renameSync(blob, `${blob}.away`);
  const again = installed('/bin/sh', file, 'npm test', cache, { build: true });
  assert.deepEqual([again.trace, again.status], ['none', 0]);
  assert.equal(statSync(mark).mtimeMs, tried, 'no second attempt within the hour');
  assert.ok(!existsSync(blob));
});

test('the installed command with a bad blob (truncated, foreign bytes, a link, another Node binary) gives the plain answer in every shell, and asks for a new blob where Node could not use it', {
  skip: !snapshotsHere,
}, () => {
  const file = installedHook();
  const key = readKey(file);
  const made = make(freshCache(), file);
  assert.equal(made.status, 0, made.stderr);
  const good = readFileSync(made.stdout.trim());
  const setUp = (bytes: Buffer) => {
    const cache = freshCache();
    mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
    const blob = join(cache, 'agent-guard', `${key}.snap`);
    markSocket(join(cache, 'agent-guard', `${key}.mark`));
    plant(blob, bytes);
    return { cache, blob };
  };
  const truncated = setUp(good.subarray(0, good.length >> 1));
  const foreign = setUp(readFileSync(HOOK));
  for (const { cache, blob } of [truncated, foreign]) {
    // With the build off, the blob Node could not start from is removed by the first plain run.
    const first = installed('/bin/sh', file, 'rm -rf ~', cache);
    assert.deepEqual([first.stdout, first.status], [call('rm -rf ~', cache, file).stdout, 0]);
    assert.ok(!existsSync(blob), 'the blob Node could not start from is gone');
    plant(blob, readFileSync(HOOK));
  }
  for (const [{ cache, blob }, bytes] of [
    [truncated, good.subarray(0, good.length >> 1)],
    [foreign, readFileSync(HOOK)],
  ] as const)
    for (const shell of SHELLS)
      for (const command of ['rm -rf ~', 'npm test']) {
        const plain = call(command, cache, file);
        plant(blob, bytes);
        const r = installed(shell, file, command, cache);
        assert.deepEqual([r.stdout, r.status], [plain.stdout, plain.status], `${shell}: ${command}`);
        assert.doesNotMatch(r.stderr, /agent-guard: node could not run the hook/);
      }
  // A link in the blob's place is never named to Node.
  const linked = setUp(good);
  renameSync(linked.blob, `${linked.blob}.real`);
  symlinkSync(`${linked.blob}.real`, linked.blob);
  const viaLink = installed('/bin/sh', file, 'rm -rf ~', linked.cache);
  assert.deepEqual([viaLink.trace, viaLink.stdout], ['none', call('rm -rf ~', linked.cache, file).stdout]);
  // Another Node binary first on PATH: the blob is refused in that process, the file runs as it is.
  const other = setUp(good);
  const bin = mkdtempSync(join(tmpdir(), 'agent-guard-snap-bin-'));
  copyFileSync(process.execPath, join(bin, 'node'));
  chmodSync(join(bin, 'node'), 0o755);
  const path = `${bin}:${process.env.PATH}`;
  const byOther = installed('/bin/sh', file, 'rm -rf ~', other.cache, { path });
  assert.deepEqual([byOther.trace, byOther.stdout], ['not used', call('rm -rf ~', other.cache, file).stdout]);
  // Node cannot load the truncated blob: the plain run asks for a new one, built by this Node.
  plant(truncated.blob, good.subarray(0, good.length >> 1));
  installed('/bin/sh', file, 'npm test', truncated.cache, { build: true });
  assert.ok(awaitBlob(truncated.blob, good.length >> 1), 'a new blob replaced the truncated one');
  assert.equal(installed('/bin/sh', file, 'rm -rf ~', truncated.cache).trace, 'used');
});

test("a blob the repository checked in is never started, however the cache folder is named into the repository (XDG_CACHE_HOME or HOME from a project's .env, through /proc/self/cwd, .., //, above the working folder), and with a mark that links to a socket elsewhere: the call answers in its own process", () => {
  // A blob whose start prints EVIL (code Node runs before any of ours: nothing it does could be checked).
  const made = mkdtempSync(join(tmpdir(), 'agent-guard-snap-evil-'));
  writeFileSync(join(made, 'evil.js'), "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => process.stdout.write('EVIL'));\n");
  const evil = join(made, 'evil.snap');
  const built = spawnSync(process.execPath, ['--snapshot-blob', evil, '--build-snapshot', join(made, 'evil.js')], {
    cwd: made,
    encoding: 'utf8',
    timeout: 120000,
  });
  assert.equal(built.status, 0, built.stderr);
  const file = installedHook();
  const name = `${readKey(file)}.snap`;
  // The workspace, with .cache/agent-guard/<key>.snap checked in (a checkout: the person's own files).
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-snap-repo-'));
  mkdirSync(join(ws, '.cache', 'agent-guard'), { recursive: true });
  mkdirSync(join(ws, 'sub'));
  writeFileSync(join(ws, '.cache', 'agent-guard', name), readFileSync(evil), { mode: 0o600 });
  const run = (cwd: string, more: NodeJS.ProcessEnv) => {
    const e: NodeJS.ProcessEnv = { ...env(WORK), AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', ...more };
    for (const [k, v] of Object.entries(more)) if (v === undefined) delete e[k];
    return spawnSync('/bin/sh', ['-c', hookCommandFor(shQuote(file))], {
      cwd,
      input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd }),
      encoding: 'utf8',
      env: e,
      timeout: 30000,
    });
  };
  // No checkout makes a socket: a mark that is a link to one elsewhere is not taken.
  const elsewhere = mkdtempSync(join(tmpdir(), 'agent-guard-snap-sock-'));
  markSocket(join(elsewhere, 'any.sock'));
  symlinkSync(join(elsewhere, 'any.sock'), join(ws, '.cache', 'agent-guard', name.replace(/\.snap$/, '.mark')));
  utimesSync(join(ws, '.cache', 'agent-guard', name), 1e9, 1e9);
  // A monorepo started in a subfolder whose .env names the root's .cache: outside both folders compared.
  mkdirSync(join(ws, 'packages', 'web'), { recursive: true });
  for (const [cwd, more] of [
    [join(ws, 'packages', 'web'), { XDG_CACHE_HOME: '/proc/self/cwd/../../.cache', CLAUDE_PROJECT_DIR: join(ws, 'packages', 'web') }],
    [ws, { XDG_CACHE_HOME: `/${join(ws, '.cache')}` }],
    [ws, { XDG_CACHE_HOME: join(ws, '.cache') }],
    [ws, { XDG_CACHE_HOME: '/proc/self/cwd/.cache' }],
    [ws, { XDG_CACHE_HOME: join(ws, 'sub', '..', '.cache') }],
    [ws, { XDG_CACHE_HOME: undefined, HOME: ws }],
    [join(ws, 'sub'), { XDG_CACHE_HOME: join(ws, '.cache'), CLAUDE_PROJECT_DIR: ws }],
  ] as const) {
    const r = run(cwd, more);
    assert.doesNotMatch(r.stdout, /EVIL/, JSON.stringify(more));
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /"permissionDecision":"deny"/, JSON.stringify(more));
  }
  // The control: the same blob in a private cache folder outside the workspace, dated before its
  // mark, is what the command starts; written over after its mark (a `git pull` into a folder a
  // repository names), it is not.
  const cache = mkdtempSync(join(tmpdir(), 'agent-guard-snap-cache-'));
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  markSocket(join(cache, 'agent-guard', name.replace(/\.snap$/, '.mark')));
  plant(join(cache, 'agent-guard', name), readFileSync(evil));
  assert.equal(run(ws, { XDG_CACHE_HOME: cache }).stdout, 'EVIL');
  writeFileSync(join(cache, 'agent-guard', name), readFileSync(evil), { mode: 0o600 });
  utimesSync(join(cache, 'agent-guard', name), Date.now() / 1000 + 5, Date.now() / 1000 + 5);
  assert.match(run(ws, { XDG_CACHE_HOME: cache }).stdout, /"permissionDecision":"deny"/);
});

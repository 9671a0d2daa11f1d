// The resident analyser (scripts/code-cache-loader.js, "The resident analyser"): the analysis kept
// loaded in `node <hook file> --agent-guard-serve`, asked over a private socket by the calls whose
// installed command found it. It must answer every call with the bytes the call's own process
// would write, keep nothing of one call for the next, and be used only where it is ours; anything
// wrong means the call is answered in its own process, with the stdin it read already.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server } from 'node:net';
import { join } from 'node:path';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import guards from 'agent-guard:guards';
import { answer } from '../cli/hook';
import { hookCommandFor, stampHook } from '../core/install/installer';
import { UNSET_BEFORE_NODE } from '../core/hook-env';
import { shQuote } from '../core/install/quote';
import { runProbe } from '../core/install/liveness';
import { CLAUDE_CANARY } from '../core/liveness';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
// Linux only: a call checks the analyser through /proc.
const here = process.platform === 'linux';

/** The folder calls run in: a git repository on main (outside the cache folder). */
const WORK = mkdtempSync(join(tmpdir(), 'agent-guard-resident-ws-'));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: WORK, stdio: 'ignore' });
git('init', '-q', '-b', 'main');
writeFileSync(join(WORK, 'a.txt'), 'a\n');
git('add', '-A');
git('commit', '-q', '-m', 'a');

function freshCache(): string {
  const home = mkdtempSync(join(tmpdir(), 'agent-guard-resident-'));
  chmodSync(home, 0o700);
  return home;
}

function env(cache: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: '/home/user',
    CLAUDE_PROJECT_DIR: '',
    AGENT_GUARD_NO_CACHE: '',
    AGENT_GUARD_NO_LOG: '1',
    XDG_CACHE_HOME: cache,
    ...more,
  };
  delete e.NODE_OPTIONS;
  for (const [k, v] of Object.entries(more)) if (v === undefined) delete e[k];
  return e;
}

function readKey(file = HOOK): string {
  const m = /const KEY = "([0-9a-f]{16})"/.exec(readFileSync(file, 'latin1').slice(0, 20000));
  assert.ok(m, 'the loader names its key');
  return m[1]!;
}

const socketOf = (cache: string, file = HOOK) => join(cache, 'agent-guard', `${readKey(file)}.sock`);

/** Waits (up to a minute) until `ready` holds. */
function waitFor(ready: () => boolean): boolean {
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    if (ready()) return true;
    spawnSync('sleep', ['0.1']);
  }
  return false;
}

const isSocket = (path: string) => {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
};

/** `node <hook file> --agent-guard-serve`, as requestResident starts it, without Node's startup variables (here not detached: the test ends it). */
function startAnalyser(cache: string, file = HOOK, more: NodeJS.ProcessEnv = {}): ChildProcess {
  mkdirSync(join(cache, 'agent-guard'), { recursive: true, mode: 0o700 });
  const e = env(cache);
  for (const name of UNSET_BEFORE_NODE) delete e[name];
  const child = spawn(process.execPath, [file, '--agent-guard-serve'], { cwd: WORK, env: { ...e, ...more }, stdio: 'ignore' });
  assert.ok(
    waitFor(() => isSocket(socketOf(cache, file))),
    'the analyser listens',
  );
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const payload = (command: string, cwd = WORK) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });

/** The line AGENT_GUARD_RESIDENT_TRACE adds: used or not, by which process, through which ask (the Node ask file, the Perl ask). */
const TRACE = /agent-guard: resident (used|not used)(?: \(pid (\d+)(?:, (ask file|perl))?\))?\n/;

/** A call through the hook file's loader: AGENT_GUARD_RESIDENT=ask asks the analyser (on by default; AGENT_GUARD_ANALYSER=process turns it off); without it the call answers in its own process. */
function call(input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) {
  const r = spawnSync(process.execPath, [file], {
    cwd: WORK,
    input,
    encoding: 'utf8',
    env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', ...more }),
    timeout: 30000,
  });
  const trace = TRACE.exec(r.stderr)?.[1] ?? 'none';
  return { stdout: r.stdout, stderr: r.stderr.replace(TRACE, ''), status: r.status, trace };
}

const asked = (input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) => call(input, cache, { AGENT_GUARD_RESIDENT: 'ask', ...more }, file);

/** perl, where it is: the installed command runs the Perl ask only then. */
const perl = here && spawnSync('perl', ['-e', '0']).status === 0;
const perlAskOf = (cache: string, file = HOOK) => join(cache, 'agent-guard', `${readKey(file)}.ask.pl`);

/** A call through the Perl ask the analyser wrote into `cache` (scripts/resident-ask.pl), as the installed command runs it. */
function askedPerl(input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) {
  const { via: _via, ...r } = askedPerlVia(input, cache, more, file);
  return r;
}

function askedPerlVia(input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) {
  const r = spawnSync('perl', ['-C0', '--', perlAskOf(cache, file), file], {
    cwd: WORK,
    input,
    encoding: 'utf8',
    env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', AGENT_GUARD_RESIDENT: 'ask', ...more }),
    timeout: 30000,
  });
  const trace = TRACE.exec(r.stderr);
  return { stdout: r.stdout, stderr: r.stderr.replace(TRACE, ''), status: r.status, trace: trace?.[1] ?? 'none', via: trace?.[3] ?? 'hook file' };
}

/** The clients a call asks through: the hook file itself (Node), and the Perl ask where perl is. */
const CLIENTS = perl ? (['hook file', 'perl'] as const) : (['hook file'] as const);
const askedVia = (via: (typeof CLIENTS)[number], input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) => {
  if (via === 'hook file') return asked(input, cache, more, file);
  const r = askedPerlVia(input, cache, more, file);
  assert.equal(r.trace === 'used' ? r.via : 'perl', 'perl', 'answered through the Perl ask');
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, trace: r.trace };
};

/** The Perl ask of this build, as an analyser writes it (the same for every cache folder), put into `cache` for a stand-in's socket. */
let perlAskText: string | null = null;
async function putPerlAsk(cache: string): Promise<string> {
  if (perlAskText === null) {
    const scratch = freshCache();
    const child = startAnalyser(scratch);
    try {
      assert.ok(
        waitFor(() => existsSync(perlAskOf(scratch))),
        'the analyser writes the Perl ask',
      );
      perlAskText = readFileSync(perlAskOf(scratch), 'utf8');
    } finally {
      await stop(child);
    }
  }
  writeFileSync(perlAskOf(cache), perlAskText, { mode: 0o600 });
  return perlAskOf(cache);
}

/** An answer in the analyser's frame (`<exit> <stdout bytes> <stderr bytes>\n<stdout><stderr>`), or the reply's text when it is not one. */
function unframe(reply: Buffer): { stdout: string; stderr: string; exitCode: number } | string {
  const nl = reply.indexOf(10);
  const m = /^([02]) (\d+) (\d+)$/.exec(reply.subarray(0, Math.max(0, nl)).toString('latin1'));
  if (!m || reply.length !== nl + 1 + Number(m[2]) + Number(m[3])) return reply.toString('utf8');
  const out = nl + 1 + Number(m[2]);
  return { stdout: reply.subarray(nl + 1, out).toString('utf8'), stderr: reply.subarray(out).toString('utf8'), exitCode: Number(m[1]) };
}
const own = (input: string, cache: string, more: NodeJS.ProcessEnv = {}, file = HOOK) => call(input, cache, { AGENT_GUARD_ANALYSER: 'process', ...more }, file);

/** One request in the analyser's protocol, as the loader sends it. */
function request(sock: string, body: Record<string, unknown>): Promise<ReturnType<typeof unframe>> {
  return new Promise((resolve, reject) => {
    const c = connect(sock);
    const chunks: Buffer[] = [];
    c.once('data', () => c.end(JSON.stringify(body)));
    c.on('data', (d: Buffer) => chunks.push(d));
    c.on('error', reject);
    c.on('close', () => {
      // After the analyser's first line (its pid).
      const reply = Buffer.concat(chunks);
      resolve(unframe(reply.subarray(reply.indexOf(10) + 1)));
    });
  });
}

const CALLS = ['rm -rf ~', 'npm test', 'git push --force', 'cat .env', `bash <<'EOF'\nmkdir -p build\ncp src/a build/\nEOF`];

test('the analyser answers every guard example (every tool, blocked and allowed) and input that is not a call with the bytes the call itself writes, in any order', {
  skip: !here,
}, async () => {
  const cache = freshCache();
  const child = startAnalyser(cache);
  try {
    const sock = socketOf(cache);
    const inputs: string[] = [];
    for (const g of guards)
      for (const ex of [...g.examples.blocked, ...g.examples.allowed]) {
        inputs.push(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: ex.tool_name, tool_input: ex.tool_input, cwd: WORK }));
      }
    inputs.push('', 'not json', '{"tool_name":');
    assert.ok(inputs.length > 500, `${inputs.length} calls`);
    const e = env(cache);
    const fromAnalyser: ReturnType<typeof unframe>[] = [];
    for (const stdin of inputs) {
      const r = await request(sock, { v: 2, key: readKey(), stdin, env: e, cwd: WORK, file: HOOK });
      fromAnalyser.push(r);
    }
    // The same calls in this process, in the opposite order: a call that left something behind in
    // the analyser for the next would show as a difference.
    const here = process.cwd();
    const fromHere: unknown[] = [];
    try {
      process.chdir(WORK);
      for (const stdin of [...inputs].reverse()) fromHere.unshift(answer(stdin, e, HOOK));
    } finally {
      process.chdir(here);
    }
    for (let i = 0; i < inputs.length; i++) assert.deepEqual(fromAnalyser[i], fromHere[i], inputs[i]);
    assert.ok(fromAnalyser.some((r) => typeof r !== 'string' && /"permissionDecision":"deny"/.test(r.stdout)));
    // A request of the protocol before answers were framed is not answered as one.
    assert.equal(await request(sock, { v: 1, key: readKey(), stdin: inputs[0], env: e, cwd: WORK, file: HOOK }), 'fallback\n');
  } finally {
    await stop(child);
  }
});

test('a call asked of the analyser writes what its own process writes, and sees the repository, the folder and the environment as they are at that call', {
  skip: !here,
}, async () => {
  const cache = freshCache();
  const child = startAnalyser(cache);
  try {
    if (perl)
      assert.ok(
        waitFor(() => existsSync(perlAskOf(cache))),
        'the Perl ask',
      );
    for (const via of CLIENTS) {
      // Text beyond ASCII, control characters and quotes on the way in and out.
      for (const command of [...CALLS, 'echo "h\u00e9llo \u2713 \\ \t" && rm -rf ~', 'cat "$(printf \'\\001\')" .env']) {
        const r = askedVia(via, payload(command), cache);
        const o = own(payload(command), cache);
        assert.deepEqual([r.trace, r.stdout, r.stderr, r.status], ['used', o.stdout, o.stderr, o.status], `${via}: ${command}`);
      }
      // The repository changes between calls: a force push of main is denied, of a feature branch not.
      assert.match(askedVia(via, payload('git push --force'), cache).stdout, /force-push-protected/);
      git('checkout', '-q', '-b', 'feature/x');
      try {
        const r = askedVia(via, payload('git push --force'), cache);
        assert.deepEqual([r.trace, r.stdout, r.status], ['used', '', 0]);
      } finally {
        git('checkout', '-q', 'main');
        git('branch', '-q', '-D', 'feature/x');
      }
      assert.match(askedVia(via, payload('git push --force'), cache).stdout, /force-push-protected/);
      // The environment is the call's: HOME decides what `rm -rf ~` names.
      const home = askedVia(via, payload('rm -rf /home/other'), cache, { HOME: '/home/other' });
      assert.deepEqual([home.trace, home.stdout], ['used', own(payload('rm -rf /home/other'), cache, { HOME: '/home/other' }).stdout]);
      assert.match(home.stdout, /rm-catastrophic/);
      // A call without HOME: its home is the password database's, not the analyser's own HOME.
      const unset = askedVia(via, payload('rm -rf /home/user'), cache, { HOME: undefined });
      assert.deepEqual([unset.trace, unset.stdout], ['used', own(payload('rm -rf /home/user'), cache, { HOME: undefined }).stdout]);
      // The folder is the call's: a payload without a cwd is judged in the folder the call runs in.
      const noCwd = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push --force' } });
      assert.deepEqual(askedVia(via, noCwd, cache).stdout, own(noCwd, cache).stdout);
      assert.match(askedVia(via, noCwd, cache).stdout, /force-push-protected/);
      // Input past the hook's limit: answered by the call itself, as its own process would.
      const huge = payload(`echo ${'x'.repeat(17 * 1024 * 1024)}`);
      const big = askedVia(via, huge, cache);
      const bigOwn = own(huge, cache);
      assert.deepEqual([big.trace, big.stdout, big.stderr, big.status], [via === 'perl' ? 'not used' : 'none', bigOwn.stdout, bigOwn.stderr, bigOwn.status]);
    }
  } finally {
    await stop(child);
  }
});

test('the installed command: no analyser yet, the call answers itself and starts one; the next calls ask it, with the same answers; it leaves when its socket goes', {
  skip: !here,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-resident-installed-'));
  const file = join(dir, 'agent-guard.cjs');
  writeFileSync(file, stampHook({ hookSource: readFileSync(HOOK, 'utf8'), version: '0.0.0-test' }));
  const cache = freshCache();
  const sock = socketOf(cache, file);
  const installed = (command: string, more: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync('/bin/sh', ['-c', hookCommandFor(shQuote(file))], {
      cwd: WORK,
      input: payload(command),
      encoding: 'utf8',
      env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '', ...more }),
      timeout: 30000,
    });
    const trace = TRACE.exec(r.stderr);
    const snapshot = /agent-guard: snapshot (used|not used)\n/.exec(r.stderr);
    return {
      stdout: r.stdout,
      stderr: r.stderr.replace(TRACE, '').replace(/agent-guard: snapshot (used|not used)\n/, ''),
      status: r.status,
      trace: trace?.[1] ?? 'none',
      pid: Number(trace?.[2]),
      via: trace?.[3] ?? 'hook file',
      snapshot: snapshot?.[1] ?? 'none',
    };
  };
  const first = installed('rm -rf ~');
  const expected = own(payload('rm -rf ~'), cache, {}, file);
  assert.deepEqual([first.trace, first.stdout, first.status], ['none', expected.stdout, expected.status]);
  assert.ok(
    waitFor(() => isSocket(sock)),
    'the call started the analyser',
  );
  assert.equal(lstatSync(sock).mode & 0o077, 0, 'a private socket');
  // The analyser wrote the ask file: the loader alone, private, which the command runs to ask.
  const askFile = join(cache, 'agent-guard', `${readKey(file)}.ask.js`);
  assert.ok(
    waitFor(() => existsSync(askFile)),
    'the ask file',
  );
  assert.equal(lstatSync(askFile).mode & 0o777, 0o600);
  assert.equal(readFileSync(askFile, 'utf8'), readFileSync(file, 'utf8').slice(0, readFileSync(file, 'utf8').indexOf('\n/*AGENT-GUARD-CODE\n')));
  // And the Perl ask (scripts/resident-ask.pl, its values filled in), private, which the command runs first.
  const perlAsk = perlAskOf(cache, file);
  if (perl) {
    assert.ok(
      waitFor(() => existsSync(perlAsk)),
      'the Perl ask',
    );
    assert.equal(lstatSync(perlAsk).mode & 0o777, 0o600);
    const text = readFileSync(perlAsk, 'utf8');
    assert.deepEqual(text.match(/@[A-Z_]+@/g), null, 'every value filled in');
    assert.ok(text.includes(`my $KEY = '${readKey(file)}';`));
    assert.equal(spawnSync('perl', ['-Mstrict', '-Mwarnings', '-c', perlAsk], { encoding: 'utf8' }).stderr, `${perlAsk} syntax OK\n`);
  }
  let pid = 0;
  for (const command of CALLS) {
    const r = installed(command);
    const o = own(payload(command), cache, {}, file);
    assert.deepEqual([r.trace, r.via, r.stdout, r.stderr, r.status], ['used', perl ? 'perl' : 'ask file', o.stdout, o.stderr, o.status], command);
    pid = r.pid;
  }
  assert.ok(pid > 0);
  // status's execution check says who answered it.
  const probe = (cacheDir: string) =>
    runProbe({ label: 'probe', command: hookCommandFor(shQuote(file)), form: CLAUDE_CANARY, cwd: WORK, env: {}, heldBack: [] }, env(cacheDir)).liveness;
  assert.deepEqual(probe(cache), {
    guarded: true,
    detail: `the installed hook command denied a test call (rm -rf ~), answered by the resident analyser (pid ${pid}, through the ${perl ? 'Perl ask' : 'Node ask file'})`,
  });
  if (perl) {
    // Perl loads no module: one that PERL5OPT names (on PERL5LIB) never runs, and the answer is the same.
    const lib = mkdtempSync(join(tmpdir(), 'agent-guard-resident-perl5lib-'));
    const marker = join(lib, 'ran');
    writeFileSync(join(lib, 'Planted.pm'), `package Planted; open(my $f, '>', '${marker}'); print {$f} 1; close $f; print STDOUT 'PLANTED'; 1;\n`);
    for (const more of [
      { PERL5OPT: '-MPlanted', PERL5LIB: lib },
      { PERLLIB: lib, PERL5OPT: '-MPlanted' },
      { PERLIO: ':utf8', PERL_UNICODE: 'SDA' },
    ]) {
      const r = spawnSync('/bin/sh', ['-c', hookCommandFor(shQuote(file))], {
        cwd: WORK,
        input: payload('rm -rf ~'),
        encoding: 'utf8',
        env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', ...more }),
        timeout: 30000,
      });
      assert.deepEqual([TRACE.exec(r.stderr)?.[3], r.stdout, r.status], ['perl', expected.stdout, expected.status], JSON.stringify(more));
      assert.ok(!existsSync(marker), 'the planted module did not run');
    }
    // A Perl ask that finds no analyser it believes (exit 3, nothing read): the call answers in its
    // own process from the startup snapshot (the Node ask would find what the Perl one found), and
    // no second analyser starts while this one is there (AGENT_GUARD_NO_SNAPSHOT_BUILD).
    const real = readFileSync(perlAsk);
    writeFileSync(perlAsk, 'exit 3;\n', { mode: 0o600 });
    const made = spawnSync(process.execPath, [file, '--agent-guard-make-snapshot'], { cwd: WORK, env: env(cache), encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const three = installed('rm -rf ~', { AGENT_GUARD_SNAPSHOT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1' });
    assert.deepEqual([three.trace, three.snapshot, three.stdout, three.status], ['none', 'used', expected.stdout, expected.status]);
    // Turned off (AGENT_GUARD_ANALYSER=process): the analyser is there, but never asked.
    writeFileSync(perlAsk, real, { mode: 0o600 });
    const off = installed('rm -rf ~', { AGENT_GUARD_SNAPSHOT_TRACE: '1', AGENT_GUARD_ANALYSER: 'process' });
    assert.deepEqual([off.trace, off.snapshot, off.stdout, off.status], ['none', 'used', expected.stdout, expected.status]);
    writeFileSync(perlAsk, 'exit 3;\n', { mode: 0o600 });
    // One that stops after it read the call (any status but 0 or 2): the call is blocked, not let through.
    for (const status of [3, 1]) {
      writeFileSync(perlAsk, `local $/; my $x = <STDIN>; exit ${status};\n`, { mode: 0o600 });
      const read = installed('npm test');
      assert.equal(read.status, 2, `exit ${status}`);
      assert.match(read.stderr, new RegExp(`the hook stopped \\(exit ${status}\\) after it may have read this call, so this call is blocked`));
    }
    writeFileSync(perlAsk, real, { mode: 0o600 });
    // A perl found on PATH is never the one run (only /usr/bin/perl): a relative entry after node's
    // folder (node_modules/.bin, filled by any dependency's "bin") must not answer the call.
    const bin = mkdtempSync(join(tmpdir(), 'agent-guard-resident-bin-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    mkdirSync(join(WORK, 'node_modules', '.bin'), { recursive: true });
    const planted = join(WORK, 'node_modules', '.bin', 'perl');
    writeFileSync(planted, '#!/bin/sh\ncat >/dev/null; exit 0\n', { mode: 0o755 });
    try {
      const onPath = spawnSync('/bin/sh', ['-c', hookCommandFor(shQuote(file))], {
        cwd: WORK,
        input: payload('rm -rf ~'),
        encoding: 'utf8',
        env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', PATH: `${bin}:node_modules/.bin:/usr/bin:/bin` }),
        timeout: 30000,
      });
      assert.deepEqual([TRACE.exec(onPath.stderr)?.[3], onPath.stdout], ['perl', expected.stdout], 'a perl planted on PATH');
    } finally {
      rmSync(join(WORK, 'node_modules'), { recursive: true, force: true });
    }
    rmSync(perlAsk);
  }
  // Without the Perl ask, the ask file asks; without either, the hook file.
  const nodeAsk = installed('rm -rf ~');
  assert.deepEqual([nodeAsk.trace, nodeAsk.via, nodeAsk.stdout], ['used', 'ask file', expected.stdout]);
  rmSync(askFile);
  const noAsk = installed('rm -rf ~');
  assert.deepEqual([noAsk.trace, noAsk.via, noAsk.stdout], ['used', 'hook file', expected.stdout]);
  // An ask file that stops after it may have read the call (exit 3): the call is blocked, not let through.
  writeFileSync(askFile, "require('fs').readFileSync(0); process.exit(3);\n", { mode: 0o600 });
  const stopped = installed('npm test');
  assert.equal(stopped.status, 2);
  assert.match(stopped.stderr, /the hook stopped \(exit 3\) after it may have read this call, so this call is blocked/);
  rmSync(askFile);
  // Its socket gone (a newer analyser, the folder removed): it leaves within seconds.
  rmSync(sock);
  assert.ok(
    waitFor(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }),
    'the analyser left',
  );
  // The call after: no socket, so it answers itself; no second analyser within the minute.
  const after = installed('npm test');
  assert.deepEqual([after.trace, after.status], ['none', 0]);
  spawnSync('sleep', ['1']);
  assert.ok(!isSocket(sock), 'at most one start a minute');
});

/**
 * A stand-in on the socket's name: it first says `hello` (the analyser's pid line; null: closes at
 * once), then answers every request with `reply`. `got` collects what it is sent.
 */
function standIn(sock: string, hello: string | null, reply = STAND_IN_ANSWER, got: Buffer[] = []): Promise<Server> {
  return new Promise((resolve) => {
    rmSync(sock, { force: true });
    const server = createServer((c) => {
      if (hello === null) return void c.destroy();
      c.write(hello);
      c.on('data', (d: Buffer) => got.push(d));
      c.on('end', () => c.end(reply));
      c.on('error', () => {});
    });
    server.listen(sock, () => {
      chmodSync(sock, 0o600);
      resolve(server);
    });
  });
}

/**
 * As `asked`, without blocking this process (where a stand-in answers); `askFile`: through the ask
 * file, or the Perl ask (`.ask.pl`), as the installed command runs them.
 */
function askedAsync(input: string, cache: string, askFile?: string): Promise<ReturnType<typeof asked>> {
  return new Promise((resolve) => {
    const [program, args] = askFile?.endsWith('.ask.pl') ? ['perl', ['-C0', '--', askFile, HOOK]] : [process.execPath, askFile ? [askFile, HOOK] : [HOOK]];
    const child = spawn(program, args, {
      cwd: WORK,
      env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', AGENT_GUARD_RESIDENT: 'ask' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => {
      resolve({ stdout, stderr: stderr.replace(TRACE, ''), status, trace: TRACE.exec(stderr)?.[1] ?? 'none' });
    });
    child.stdin.end(input);
  });
}

/** A stand-in's answer, framed as the analyser's: let through, with a word of its own. */
const STAND_IN_ANSWER = '0 8 0\nSTAND-IN';

/** What the Perl ask does where the process that answers is not the analyser: exit 3, having read and written nothing (but the trace line). */
const PERL_REFUSED = { stdout: '', stderr: '', status: 3, trace: 'not used' };

test('an answer is written only when it comes from the analyser itself: a stand-in on its socket, one naming a real analyser, or an analyser under startup variables or from another file is not believed', {
  skip: !here,
}, async () => {
  const input = payload('rm -rf ~');
  // A stand-in listening under the socket's name (anything running as this user can), naming itself.
  const cache = freshCache();
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  const expected = own(input, cache);
  const refused = { stdout: expected.stdout, stderr: expected.stderr, status: expected.status, trace: 'not used' };
  const got: Buffer[] = [];
  const perlAsk = perl ? await putPerlAsk(cache) : null;
  let server = await standIn(socketOf(cache), `${process.pid}\n`, STAND_IN_ANSWER, got);
  try {
    assert.deepEqual(await askedAsync(payload('cat secret-plan.txt'), cache).then((r) => r.trace), 'not used', 'a stand-in');
    assert.deepEqual(await askedAsync(input, cache), refused, 'a stand-in');
    if (perlAsk) assert.deepEqual(await askedAsync(input, cache, perlAsk), PERL_REFUSED, 'a stand-in (Perl)');
    // It was handed nothing of the calls: not their input, not their environment.
    assert.deepEqual(Buffer.concat(got).toString('utf8'), '');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  // A stand-in naming a real analyser (of another cache folder).
  const elsewhere = freshCache();
  const real = startAnalyser(elsewhere);
  try {
    for (const via of CLIENTS) assert.equal(askedVia(via, input, elsewhere).trace, 'used', 'the real analyser answers its own calls');
    server = await standIn(socketOf(cache), `${real.pid}\n`, STAND_IN_ANSWER);
    try {
      assert.deepEqual(await askedAsync(input, cache), refused, "a stand-in naming a real analyser's process");
      if (perlAsk) assert.deepEqual(await askedAsync(input, cache, perlAsk), PERL_REFUSED, "a stand-in naming a real analyser's process (Perl)");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await stop(real);
  }
  // The analyser's own program, started with a variable that changes what Node runs.
  const options = freshCache();
  const preloaded = startAnalyser(options, HOOK, { NODE_OPTIONS: '--no-warnings' });
  try {
    assert.deepEqual(asked(input, options), refused, 'an analyser started under NODE_OPTIONS');
    // status's execution check says the analyser did not answer it.
    const checked = runProbe(
      { label: 'probe', command: hookCommandFor(shQuote(HOOK)), form: CLAUDE_CANARY, cwd: WORK, env: {}, heldBack: [] },
      env(options),
    ).liveness;
    assert.deepEqual(checked, {
      guarded: true,
      detail:
        'the installed hook command denied a test call (rm -rf ~); the resident analyser did not answer it (not believed, or no answer in time), so the hook answered in its own process',
    });
    if (perl) {
      assert.ok(waitFor(() => existsSync(perlAskOf(options))));
      assert.deepEqual(askedPerl(input, options), PERL_REFUSED, 'an analyser started under NODE_OPTIONS (Perl)');
    }
  } finally {
    await stop(preloaded);
  }
  // The analyser of another hook file (the same code, other bytes: an installed copy with its stamp line).
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-resident-copy-'));
  const copy = join(dir, 'agent-guard.cjs');
  writeFileSync(copy, stampHook({ hookSource: readFileSync(HOOK, 'utf8'), version: '0.0.0-test' }));
  const other = freshCache();
  const fromCopy = startAnalyser(other, copy);
  try {
    for (const via of CLIENTS) assert.equal(askedVia(via, input, other, {}, copy).trace, 'used', 'it answers calls of its own file');
    assert.deepEqual(asked(input, other), refused, "a call of another file's bytes does not believe it");
    if (perl) assert.deepEqual(askedPerl(input, other), PERL_REFUSED, "a call of another file's bytes does not believe it (Perl)");
  } finally {
    await stop(fromCopy);
  }
});

test("the analyser is checked against the installed command's list of startup variables (the build puts it in the loader)", () => {
  const text = readFileSync(HOOK, 'utf8');
  const m = /const STARTUP_VARS = \[([^\]]*)\]/.exec(text);
  assert.ok(m);
  assert.deepEqual(
    [...m[1]!.matchAll(/["']([A-Z0-9_]+)["']/g)].map((x) => x[1]),
    [...UNSET_BEFORE_NODE],
  );
});

test('a socket that is not ours (a link, open to others, in a folder open to others, a plain file) is never asked: the call answers itself', {
  skip: !here,
}, async () => {
  const cache = freshCache();
  const child = startAnalyser(cache);
  const sock = socketOf(cache);
  try {
    const input = payload('rm -rf ~');
    const expected = own(input, cache);
    for (const via of CLIENTS) assert.equal(askedVia(via, input, cache).trace, 'used');
    const itself = { stdout: expected.stdout, stderr: expected.stderr, status: expected.status, trace: 'none' };
    const refused = (cache: string, why: string) => {
      assert.deepEqual(asked(input, cache), itself, why);
      if (perl) assert.deepEqual(askedPerl(input, cache), PERL_REFUSED, `${why} (Perl)`);
    };
    // A link to it, from another cache folder.
    const other = freshCache();
    mkdirSync(join(other, 'agent-guard'), { mode: 0o700 });
    if (perl) await putPerlAsk(other);
    symlinkSync(sock, socketOf(other));
    refused(other, 'a link');
    // Open to others.
    chmodSync(sock, 0o666);
    refused(cache, 'a socket open to others');
    chmodSync(sock, 0o600);
    // A plain file under its name.
    const plain = freshCache();
    mkdirSync(join(plain, 'agent-guard'), { mode: 0o700 });
    if (perl) await putPerlAsk(plain);
    writeFileSync(socketOf(plain), '', { mode: 0o600 });
    refused(plain, 'a plain file');
    // A cache folder inside the project (CLAUDE_PROJECT_DIR) or inside the folder the call runs in.
    assert.equal(asked(input, cache, { CLAUDE_PROJECT_DIR: cache }).trace, 'none', 'a cache folder in the project');
    if (perl) {
      assert.deepEqual(askedPerl(input, cache, { CLAUDE_PROJECT_DIR: cache }), PERL_REFUSED, 'a cache folder in the project (Perl)');
      const r = spawnSync('perl', ['-C0', '--', perlAskOf(cache), HOOK], { cwd: cache, input, encoding: 'utf8', env: env(cache) });
      assert.deepEqual([r.status, r.stdout, r.stderr], [3, '', ''], 'a cache folder in the working folder (Perl)');
    }
    // In a folder open to others (last: the analyser leaves when it sees its folder so).
    chmodSync(join(cache, 'agent-guard'), 0o777);
    refused(cache, 'a folder open to others');
  } finally {
    await stop(child);
  }
});

test('a socket that closes at once, or says something other than the analyser would: the call answers itself, with the stdin it read', {
  skip: !here,
}, async () => {
  const cache = freshCache();
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  const sock = socketOf(cache);
  // Closes at once; a first line that is not a pid; one too long; a pid that is not the analyser's.
  const replies = [null, 'garbage\n', `${'1'.repeat(40)}\n`, `${process.pid}\n`];
  // The ask file as the analyser writes it: the hook file's loader alone.
  const askFile = join(cache, 'agent-guard', `${readKey()}.ask.js`);
  const text = readFileSync(HOOK, 'utf8');
  writeFileSync(askFile, text.slice(0, text.indexOf('\n/*AGENT-GUARD-CODE\n')), { mode: 0o600 });
  const perlAsk = perl ? await putPerlAsk(cache) : null;
  for (const reply of replies) {
    const server = await standIn(sock, reply);
    try {
      for (const command of ['rm -rf ~', 'npm test']) {
        for (const via of [undefined, askFile]) {
          const o = own(payload(command), cache);
          const r = await askedAsync(payload(command), cache, via);
          assert.deepEqual(
            [r.trace, r.stdout, r.stderr, r.status],
            ['not used', o.stdout, o.stderr, o.status],
            `${reply}: ${command}${via ? ' (ask file)' : ''}`,
          );
        }
        if (perlAsk) assert.deepEqual(await askedAsync(payload(command), cache, perlAsk), PERL_REFUSED, `${reply}: ${command} (Perl)`);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

test("the analyser serves only its own build's code: a hook file whose code is not what its key names starts none", { skip: !here }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-resident-forged-'));
  const file = join(dir, 'agent-guard.cjs');
  const text = readFileSync(HOOK, 'utf8');
  // The code changed (one statement more at its end), the key kept.
  const end = text.lastIndexOf('\n*/');
  writeFileSync(file, `${text.slice(0, end)}\n;${text.slice(end)}`);
  const cache = freshCache();
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  const r = spawnSync(process.execPath, [file, '--agent-guard-serve'], { cwd: WORK, env: env(cache), encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 0);
  assert.ok(!existsSync(socketOf(cache, file)), 'no analyser for a forged file');
});

test('the analyser leaves within seconds when its hook file is removed or changed (uninstalled, updated)', { skip: !here }, async () => {
  for (const change of ['remove', 'rewrite'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'agent-guard-resident-gone-'));
    const file = join(dir, 'agent-guard.cjs');
    writeFileSync(file, readFileSync(HOOK));
    const cache = freshCache();
    const child = startAnalyser(cache, file);
    try {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (change === 'remove') rmSync(file);
      else writeFileSync(file, readFileSync(HOOK));
      const left = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20000))]);
      assert.ok(left, `the analyser left after its file was ${change === 'remove' ? 'removed' : 'rewritten'}`);
    } finally {
      await stop(child);
    }
  }
});

// ---- Taking the analyser's place (from an adversarial review) ----

test("an analyser handed a socket by whoever started it (a listener under the socket's name, as fd 3) refuses to run", { skip: !here }, async () => {
  const cache = freshCache();
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  const server = await standIn(socketOf(cache), null);
  try {
    const elsewhere = freshCache();
    mkdirSync(join(elsewhere, 'agent-guard'), { mode: 0o700 });
    const e = env(elsewhere);
    for (const name of UNSET_BEFORE_NODE) delete e[name];
    const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
    const r = spawnSync(process.execPath, [HOOK, '--agent-guard-serve'], { cwd: WORK, env: e, stdio: ['ignore', 'ignore', 'ignore', fd], timeout: 30000 });
    assert.equal(r.status, 0, 'it left at once');
    assert.ok(!existsSync(socketOf(elsewhere)), 'without listening');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** python3 with os.pidfd_open and a kernel with pidfd_getfd (5.6+), for the test below. */
const pidfdGetfd = (() => {
  if (!here || process.arch !== 'x64') return false;
  const r = spawnSync('python3', ['-c', 'import os,ctypes; p=os.pidfd_open(os.getpid()); fd=ctypes.CDLL(None).syscall(438,p,0,0); assert fd>=0'], {
    stdio: 'ignore',
  });
  return r.status === 0;
})();

test("a copy of the analyser's socket taken through ptrace-class access (pidfd_getfd): not believed while the analyser is stopped; once it runs again, the analyser finds the copy and leaves", {
  skip: !pidfdGetfd,
}, async () => {
  const input = payload('rm -rf ~');
  const cache = freshCache();
  const expected = own(input, cache);
  assert.match(expected.stdout, /rm-catastrophic/);
  const sock = socketOf(cache);
  const e = env(cache);
  for (const name of UNSET_BEFORE_NODE) delete e[name];
  // It starts the analyser itself (so that it may take from it even where Yama allows only that),
  // stops it, copies its listener, answers in its name; sent "cont" on stdin, lets it run again.
  const script = `
import ctypes, os, signal, socket, subprocess, sys, threading, time
hook, sock = sys.argv[1], sys.argv[2]
child = subprocess.Popen([sys.argv[3], hook, '--agent-guard-serve'], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
def held():
    ino = None
    for line in open('/proc/net/unix'):
        f = line.split()
        if len(f) >= 8 and f[7] == sock and int(f[3], 16) & 0x10000: ino = f[6]
    for d in os.listdir('/proc/%d/fd' % child.pid):
        try:
            if ino and os.readlink('/proc/%d/fd/%s' % (child.pid, d)) == 'socket:[%s]' % ino: return int(d)
        except OSError: pass
target = None
for _ in range(600):
    target = held()
    if target is not None: break
    time.sleep(0.1)
if target is None: sys.exit('no listener')
time.sleep(0.3)
os.kill(child.pid, signal.SIGSTOP)
fd = ctypes.CDLL(None).syscall(438, os.pidfd_open(child.pid), target, 0)
if fd < 0: sys.exit('pidfd_getfd failed')
srv = socket.socket(fileno=fd); srv.setblocking(True)
def cont():
    sys.stdin.readline(); os.kill(child.pid, signal.SIGCONT)
threading.Thread(target=cont, daemon=True).start()
print(child.pid, flush=True)
while True:
    c, _ = srv.accept()
    try:
        c.sendall(b'%d\\n' % child.pid)
        while c.recv(65536): pass
        c.sendall(b'0 0 0\\n')
    except OSError: pass
    c.close()
`;
  const attacker = spawn('python3', ['-c', script, HOOK, sock, process.execPath], { cwd: WORK, env: e, stdio: ['pipe', 'pipe', 'pipe'] });
  let genuine = 0;
  let why = '';
  attacker.stderr!.on('data', (d: Buffer) => {
    why += String(d);
  });
  // (Its line may come in pieces: "<pid>" then "\n".)
  let said = '';
  attacker.stdout!.on('data', (d: Buffer) => {
    said += String(d);
    if (said.endsWith('\n')) genuine = Number(said.trim());
  });
  try {
    const until = Date.now() + 60000;
    while (!genuine && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.ok(genuine > 0, `the analyser runs, stopped ${why}`);
    const refused = { stdout: expected.stdout, stderr: expected.stderr, status: expected.status, trace: 'not used' };
    for (let i = 0; i < 3; i++) assert.deepEqual(await askedAsync(input, cache), refused, 'the copy answered while the analyser was stopped');
    if (perl) {
      const perlAsk = await putPerlAsk(cache);
      for (let i = 0; i < 3; i++)
        assert.deepEqual(await askedAsync(input, cache, perlAsk), PERL_REFUSED, 'the copy answered the Perl ask while the analyser was stopped');
    }
    // Running again, the analyser sees its socket held elsewhere within seconds, and leaves.
    attacker.stdin!.write('cont\n');
    const left = Date.now() + 20000;
    let gone = false;
    while (!gone && Date.now() < left) {
      await askedAsync(payload('npm test'), cache);
      try {
        // Exited (a zombie until its parent, the taker, reaps it) or gone.
        gone = /^State:\s+[ZX]/m.test(readFileSync(`/proc/${genuine}/status`, 'latin1'));
      } catch {
        gone = true;
      }
      if (!gone) await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(gone, 'the analyser left');
    const after = await askedAsync(input, cache);
    assert.deepEqual([after.stdout, after.status], [expected.stdout, expected.status]);
  } finally {
    if (genuine)
      try {
        process.kill(genuine, 'SIGKILL');
      } catch {
        /* gone */
      }
    await stop(attacker);
  }
});

// ---- The Perl ask under review (attacks/ in the h-adv-perl branch) ----

/**
 * A listener bound under another name in the cache folder and renamed over `<key>.sock`: /proc/net/unix
 * still lists only the analyser's socket under that name, held by the analyser's pid, which the
 * impostor names. Resolves with the server and what it was sent.
 */
function renamedImpostor(sock: string, pid: number, got: Buffer[]): Promise<Server> {
  return new Promise((resolve) => {
    const tmp = `${sock}.impostor`;
    rmSync(tmp, { force: true });
    const server = createServer((c) => {
      c.write(`${pid}\n`);
      c.on('data', (d: Buffer) => got.push(d));
      c.on('end', () => c.end('0 0 0\n'));
      c.on('error', () => {});
    });
    const umask = process.umask(0o077);
    server.listen(tmp, () => {
      process.umask(umask);
      renameSync(tmp, sock);
      resolve(server);
    });
  });
}

/**
 * A real analyser in a fresh cache folder, its `askFile` written and its calls answered through
 * `ask`; then a renamed impostor on its socket's name, and `check` asks with it there. The impostor
 * must be sent nothing.
 */
async function underRenamedImpostor(
  askFile: (cache: string) => string,
  ask: (input: string, cache: string) => { trace: string },
  check: (input: string, cache: string) => Promise<void>,
): Promise<void> {
  const cache = freshCache();
  const real = startAnalyser(cache);
  const input = payload('rm -rf ~');
  try {
    assert.ok(waitFor(() => existsSync(askFile(cache))));
    assert.equal(ask(input, cache).trace, 'used', 'the real analyser answers');
    const got: Buffer[] = [];
    const server = await renamedImpostor(socketOf(cache), real.pid!, got);
    try {
      await check(input, cache);
      assert.equal(Buffer.concat(got).toString('utf8'), '', 'it was sent nothing');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await stop(real);
  }
}

test(
  "a listener renamed over the analyser's socket (bound under another name) is not believed by the Perl ask: it checks the peer of its own connection (SO_PEERCRED, getpeername)",
  {
    skip: !perl,
  },
  () =>
    underRenamedImpostor(
      perlAskOf,
      (input, cache) => askedPerl(input, cache),
      async (input, cache) => {
        assert.deepEqual(await askedAsync(input, cache, perlAskOf(cache)), PERL_REFUSED, 'a renamed impostor (Perl)');
      },
    ),
);

test("a listener renamed over the analyser's socket is not believed by the Node ask either: it connects through the socket file it checked, and the analyser must hold that file open", {
  skip: !here,
}, () => {
  const askFileOf = (cache: string) => join(cache, 'agent-guard', `${readKey()}.ask.js`);
  return underRenamedImpostor(
    askFileOf,
    (input, cache) => asked(input, cache),
    async (input, cache) => {
      const expected = own(input, cache);
      for (const via of [undefined, askFileOf(cache)]) {
        const r = await askedAsync(input, cache, via);
        assert.deepEqual(
          r,
          { stdout: expected.stdout, stderr: expected.stderr, status: expected.status, trace: 'not used' },
          `a renamed impostor (Node${via ? ' ask file' : ''})`,
        );
      }
    },
  );
});

test('the Perl ask writes its whole answer to a non-blocking stdout that is full, as the Node ask does (it does not exit 0 with the answer cut)', {
  skip: !perl || spawnSync('python3', ['-c', '0']).status !== 0,
}, async () => {
  const cache = freshCache();
  const real = startAnalyser(cache);
  try {
    assert.ok(waitFor(() => existsSync(perlAskOf(cache))));
    const input = payload('rm -rf ~');
    const expected = own(input, cache);
    const script = `
import fcntl, os, subprocess, sys, threading, time
r, w = os.pipe()
fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
size = fcntl.fcntl(w, 1032)
os.write(w, b'x' * (size - 16))
out = []
def drain():
    time.sleep(1.0)
    while True:
        b = os.read(r, 65536)
        if not b: break
        out.append(b)
t = threading.Thread(target=drain); t.start()
p = subprocess.run(sys.argv[1:], input=sys.stdin.buffer.read(), stdout=w, stderr=subprocess.DEVNULL)
os.close(w); t.join()
sys.stdout.buffer.write(b'%d\\n' % p.returncode + b''.join(out)[size - 16:])
`;
    const r = spawnSync('python3', ['-c', script, 'perl', '-C0', '--', perlAskOf(cache), HOOK], {
      cwd: WORK,
      input,
      encoding: 'utf8',
      env: env(cache, { AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', AGENT_GUARD_RESIDENT: 'ask' }),
      timeout: 30000,
    });
    assert.equal(r.stdout, `${expected.status}\n${expected.stdout}`);
  } finally {
    await stop(real);
  }
});

// ---- On by default (from an adversarial review of that change) ----

test("a listener that accepts nothing and whose queue is full (a stopped analyser, say): the Perl ask gives up at once (exit 3, nothing read) instead of waiting past the host's limit, and the installed command answers the call", {
  skip: !perl,
}, async () => {
  const cache = freshCache();
  mkdirSync(join(cache, 'agent-guard'), { mode: 0o700 });
  const sock = socketOf(cache);
  await putPerlAsk(cache);
  // A listener (backlog 0: one connection waits) that never accepts, and that one connection made.
  const holder = spawn(
    'perl',
    [
      '-e',
      'use Socket; socket(my $s, AF_UNIX, SOCK_STREAM, 0) or die; bind($s, pack_sockaddr_un($ARGV[0])) or die; chmod 0600, $ARGV[0]; listen($s, 0) or die; socket(my $c, AF_UNIX, SOCK_STREAM, 0) or die; connect($c, pack_sockaddr_un($ARGV[0])) or die; print "ready\\n"; $| = 1; sleep 120;',
      sock,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    // Bounded: a blocking connect would wait for ever here (spawnSync's limit then kills it: status null).
    const r = spawnSync('perl', ['-C0', '--', perlAskOf(cache), HOOK], {
      cwd: WORK,
      input: payload('rm -rf ~'),
      encoding: 'utf8',
      env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', AGENT_GUARD_RESIDENT: 'ask' }),
      timeout: 20000,
    });
    assert.deepEqual([r.status, r.stdout, r.stderr], [3, '', 'agent-guard: resident not used\n']);
    const installed = spawnSync('/bin/sh', ['-c', hookCommandFor(shQuote(HOOK))], {
      cwd: WORK,
      input: payload('rm -rf ~'),
      encoding: 'utf8',
      env: env(cache, { AGENT_GUARD_NO_SNAPSHOT_BUILD: '1' }),
      timeout: 20000,
    });
    assert.deepEqual([installed.status, installed.stdout], [0, own(payload('rm -rf ~'), cache).stdout]);
  } finally {
    holder.kill('SIGKILL');
  }
});

test('a second analyser leaves the name to one that runs (no two taking turns), and takes it from one that is stopped (which it ends)', {
  skip: !here,
}, async () => {
  const cache = freshCache();
  /** The pid of the analyser that answered a call (0: none did). */
  const answeredBy = () => {
    const r = spawnSync(process.execPath, [HOOK], {
      cwd: WORK,
      input: payload('rm -rf ~'),
      encoding: 'utf8',
      env: env(cache, { AGENT_GUARD_RESIDENT_TRACE: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1', AGENT_GUARD_RESIDENT: 'ask' }),
      timeout: 30000,
    });
    const m = TRACE.exec(r.stderr);
    return m?.[1] === 'used' ? Number(m[2]) : 0;
  };
  const first = startAnalyser(cache);
  try {
    const e = env(cache);
    for (const name of UNSET_BEFORE_NODE) delete e[name];
    const second = spawnSync(process.execPath, [HOOK, '--agent-guard-serve'], { cwd: WORK, env: e, stdio: 'ignore', timeout: 30000 });
    assert.equal(second.status, 0, 'it left at once');
    assert.equal(answeredBy(), first.pid, 'the running analyser keeps its name and answers');
    // Stopped, it is ended and replaced (while it held a socket listed under the name, no call would believe either).
    const ended = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    first.kill('SIGSTOP');
    const third = spawn(process.execPath, [HOOK, '--agent-guard-serve'], { cwd: WORK, env: e, stdio: 'ignore' });
    try {
      await ended;
      assert.ok(
        waitFor(() => answeredBy() === third.pid),
        'the new one answers',
      );
    } finally {
      await stop(third);
    }
  } finally {
    first.kill('SIGCONT');
    await stop(first);
  }
});

// The resident analyser in the real Claude Code (pinned devDependency, offline against the scripted
// model): on by default on Linux, it answers a session's calls once a call has started it, through
// the Perl ask where /usr/bin/perl is (the Node ask file elsewhere), with the answers a call's own
// process gives. Which process answered is read from the hook's own trace line
// (AGENT_GUARD_RESIDENT_TRACE, on stderr), which Claude Code reports per hook run with
// --include-hook-events; what the calls did is read from the world (the remote's ref, the file the
// ordinary command writes) and from what the model was sent.
// node on PATH is the binary itself here, as on a user's machine: the other suites' recording
// wrapper is a shell script, and the asks rightly believe only an analyser running the node that
// PATH names, so there every call answers in its own process.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeRun, hookResponses, installGuard, makeWorld, resultAfter, runHost, TOOLS } from './world.mjs';

const FORCE_PUSH = 'git push --force origin main';
const ORDINARY = 'echo ordinary > ordinary.txt';
const worlds = [];

after(() => {
  for (const w of worlds) w.dispose();
});

/** Waits (up to a minute) until `ready` holds. */
function waitFor(ready) {
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    if (ready()) return true;
    spawnSync('sleep', ['0.1']);
  }
  return false;
}

describe(`claude (${cli('claude').version}): the resident analyser, on by default`, { skip: process.platform !== 'linux' }, () => {
  test("a session's calls are answered by the analyser a call started, with the answers of a call's own process: the force push denied (not done, the model reads why), the ordinary command run", async () => {
    const w = makeWorld('resident');
    worlds.push(w);
    installGuard(w);
    const bin = join(w.root, 'bin-node');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const cache = join(w.root, 'cache');
    mkdirSync(cache, { mode: 0o700 });
    const env = { PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`, XDG_CACHE_HOME: cache, AGENT_GUARD_RESIDENT_TRACE: '1' };
    // A call before the session (as a session's first): no analyser yet, so it answers in its own
    // process and starts one after its answer.
    const settings = JSON.parse(readFileSync(join(w.ws, '.claude/settings.json'), 'utf8'));
    const command = settings.hooks.PreToolUse.flatMap((m) => m.hooks).find((h) => h.command.includes('agent-guard.cjs')).command;
    const first = spawnSync('/bin/sh', ['-c', command], {
      cwd: w.ws,
      input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, cwd: w.ws }),
      env: { ...env, HOME: w.home, CLAUDE_PROJECT_DIR: w.ws },
      encoding: 'utf8',
    });
    assert.deepEqual([first.status, first.stdout], [0, ''], first.stderr);
    assert.doesNotMatch(first.stderr, /resident used/);
    const folder = join(cache, 'agent-guard');
    const perl = existsSync('/usr/bin/perl');
    assert.ok(
      waitFor(() => existsSync(folder) && readdirSync(folder).some((f) => f.endsWith(perl ? '.ask.pl' : '.ask.js'))),
      'the call started the analyser, which wrote its ask',
    );
    const before = w.remoteMain();
    const run = await runHost('claude', w, {
      steps: [TOOLS.claude.shell(FORCE_PUSH), TOOLS.claude.shell(ORDINARY)],
      extraArgs: ['--include-hook-events'],
      env,
    });
    const hooks = hookResponses(run, 'PreToolUse');
    assert.equal(hooks.length, 2, describeRun(run));
    const pids = hooks.map((h) => /agent-guard: resident used \(pid (\d+), (perl|ask file)\)/.exec(h.stderr));
    assert.deepEqual(
      pids.map((m) => m?.[2]),
      [perl ? 'perl' : 'ask file', perl ? 'perl' : 'ask file'],
      `every call was answered by the analyser: ${JSON.stringify(hooks.map((h) => h.stderr))}`,
    );
    const pid = Number(pids[0][1]);
    assert.equal(Number(pids[1][1]), pid, 'the same analyser');
    assert.deepEqual(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1), [
      join(w.ws, '.claude/hooks/agent-guard.cjs'),
      '--agent-guard-serve',
      '',
    ]);
    // The force push: denied with our reason and alternative, and not done.
    assert.equal(w.remoteMain(), before, `the force push happened:\n${describeRun(run)}`);
    assert.equal(JSON.parse(hooks[0].stdout).hookSpecificOutput.permissionDecision, 'deny');
    const result = resultAfter(run, 0) ?? '';
    assert.ok(result.includes('[agent-guard: force-push-protected]') && result.includes('--force-with-lease'), `the model did not read our reason: ${result}`);
    // The ordinary command: silence, and it ran.
    assert.deepEqual([hooks[1].stdout, hooks[1].exit_code], ['', 0]);
    assert.equal(readFileSync(join(w.ws, 'ordinary.txt'), 'utf8'), 'ordinary\n');
  });
});

// The session-start check in the other real hosts with a session-start event in Claude Code's form
// (Gemini CLI, Qwen Code, Factory droid, Codex CLI; pinned devDependencies, offline against the
// scripted model): install writes it beside the hook; at every session start it runs the installed
// hook command on the canary call in the host's own form. A healthy session hears nothing from it; a
// session whose hook cannot run is told before its first turn: the warning reaches the model as the
// event's additionalContext in every one of them (what each hands the model is what the scripted
// server receives), and Gemini CLI also shows the person its systemMessage (on stderr, headless).
// Claude Code's own check is in liveness.test.mjs.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeRun, installGuard, makeWorld, runHost, TOOLS } from './world.mjs';

const HOSTS = ['gemini', 'qwen', 'droid', 'codex'];
const WARNING = 'Agent Guard: this session is NOT guarded. The installed hook was run on a test call (rm -rf ~) and did not deny it: ';
const ORDINARY = 'echo ordinary > ordinary.txt';
const worlds = [];

function world(name) {
  const w = makeWorld(name);
  worlds.push(w);
  return w;
}

after(() => {
  for (const w of worlds) w.dispose();
});

/** The first request the CLI sent the model: what the model reads before its first turn. */
const firstRequest = (run) => run.requests.find((r) => r.body.includes('Do the task.'))?.body ?? '';

describe('the session-start check in the other real hosts', { concurrency: 2 }, () => {
  for (const host of HOSTS) {
    describe(`${host} (${cli(host).version})`, { concurrency: 1 }, () => {
      test('a healthy session: the check runs the installed hook on the canary, which denies it; nothing reaches the model or the person', async () => {
        const w = world(`session-${host}`);
        installGuard(w, '--host', host);
        const run = await runHost(host, w, { steps: [TOOLS[host].shell(ORDINARY)] });
        assert.ok(run.canaryRuns.length >= 1, `the session-start check did not run the hook on the canary:\n${describeRun(run)}`);
        for (const c of run.canaryRuns) assert.match(c.stdout, /rm -rf ~ deletes your home directory/, 'the hook denied the canary');
        assert.ok(!run.requests.some((r) => r.body.includes('NOT guarded')), `the model was told something:\n${describeRun(run)}`);
        assert.doesNotMatch(run.stderr, /NOT guarded/);
      });

      test('the hook file gone: the model reads that the session is NOT guarded, and why, before its first turn', async () => {
        const w = world(`session-${host}-broken`);
        installGuard(w, '--host', host);
        rmSync(join(w.ws, '.claude/hooks/agent-guard.cjs'));
        const run = await runHost(host, w, { steps: [TOOLS[host].shell(ORDINARY)] });
        const first = firstRequest(run);
        assert.ok(first.includes(WARNING), `the first request did not carry the warning:\n${describeRun(run)}`);
        assert.ok(first.includes('.claude/hooks/agent-guard.cjs not found'), 'the warning says why');
        assert.ok(first.includes('Tell the person this before you run any command or change any file.'));
        if (host === 'gemini') assert.ok(run.stderr.includes(WARNING), `Gemini CLI shows the person the systemMessage:\n${run.stderr}`);
      });

      test('a hook that never answers: the check stops waiting at its own limit, and the model reads that the session is NOT guarded', async () => {
        const w = world(`session-${host}-hung`);
        installGuard(w, '--host', host);
        writeFileSync(join(w.ws, '.claude/hooks/agent-guard.cjs'), 'setTimeout(() => {}, 120000);\n');
        const run = await runHost(host, w, { steps: [] });
        const first = firstRequest(run);
        assert.ok(
          first.includes(`${WARNING}the hook gave no answer within 12 s, so the host runs every call unchecked.`),
          `the first request did not carry the warning:\n${describeRun(run)}`,
        );
      });
    });
  }
});

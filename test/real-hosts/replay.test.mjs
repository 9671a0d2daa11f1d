// Replay and monitor mode against the real hosts (#32). Each host's CLI runs a scripted session
// unguarded, so every call happens and the host writes its own transcript where it keeps them
// (Claude Code ~/.claude/projects, Codex ~/.codex/sessions, Gemini ~/.gemini/tmp, Copilot
// ~/.copilot/session-state); `agent-guard replay` then finds it under that HOME by itself and must
// report each dangerous call with the guard that would have stopped it, whether it ran, and no
// secret. A guard in monitor mode lets the real call run and the decision log records it.
// AGENT_GUARD_SAVE_TRANSCRIPTS=<dir> keeps the transcripts (the world's folder written as /__WORLD__):
// that is how test/fixtures/transcripts/ was made.
// Run: npm run test:hosts.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FAKE_KEY, ROOT, TOOLS, cli, describeRun, installGuard, makeWorld, modelSaw, resultAfter, runHost } from './world.mjs';

const HOSTS = ['claude', 'codex', 'gemini', 'copilot'];
const PARALLEL = Math.max(1, Number(process.env.AGENT_GUARD_HOSTS_PARALLEL) || 2);
const worlds = [];
after(() => {
  for (const w of worlds) w.dispose();
});

function world(name) {
  const w = makeWorld(name);
  worlds.push(w);
  return w;
}

/** The scripted session: what each call is, and what replay must say of it. */
function steps(host, w) {
  const t = TOOLS[host];
  const urlSecret = `${w.secret}-url`;
  return {
    urlSecret,
    calls: [
      t.shell('git push --force origin main'), // ran: a likely false block for force-push-protected
      t.shell('git reset --hard no-such-ref-xyz'), // fails: destructive-git
      t.shell('echo ok > ok.txt'), // nothing to say
      t.read(w.secretFile), // secret-read (Codex reads with cat)
      t.shell(`git push --force https://deploy:${urlSecret}@example.invalid/r.git main`), // fails; the password must not be printed
      // A file tool: counted; its verdict depends on the file as it is now (written by then), so none is asserted.
      t.write(join(w.ws, 'pay.js'), `export const key = '${FAKE_KEY}';\n`),
    ],
  };
}

function replay(w, ...args) {
  return spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'replay', ...args], {
    encoding: 'utf8',
    env: { ...process.env, HOME: w.home, XDG_CONFIG_HOME: join(w.home, '.config'), XDG_CACHE_HOME: join(w.home, '.cache') },
  });
}

function transcripts(dir) {
  const out = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.jsonl$/.test(n)) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

const HOMES = { claude: '.claude/projects', codex: '.codex/sessions', gemini: '.gemini/tmp', copilot: '.copilot/session-state' };

function save(host, w) {
  const dest = process.env.AGENT_GUARD_SAVE_TRANSCRIPTS;
  if (!dest) return;
  for (const f of transcripts(join(w.home, HOMES[host]))) {
    const rel = relative(w.home, f);
    const to = join(dest, rel.replace(w.root.replace(/\//g, '-'), '-__WORLD__'));
    mkdirSync(join(to, '..'), { recursive: true });
    // The fake key is written as a placeholder, as in test/fixtures/hosts (no scanner takes the fixture for a leak).
    writeFileSync(to, readFileSync(f, 'utf8').split(w.root).join('/__WORLD__').split(FAKE_KEY).join('__STRIPE_KEY__'));
  }
  const root = join(w.home, '.gemini/tmp');
  if (host === 'gemini')
    for (const n of readdirSync(root))
      if (existsSync(join(root, n, '.project_root')))
        writeFileSync(
          join(dest, '.gemini/tmp', n, '.project_root'),
          readFileSync(join(root, n, '.project_root'), 'utf8')
            .split(w.root)
            .join('/__WORLD__'),
        );
}

describe('replay: transcripts the real hosts wrote', { concurrency: PARALLEL }, () => {
  for (const host of HOSTS) {
    test(`${host} (${cli(host).version}): replay finds the session under HOME and reports each call the guards would stop, with its outcome`, async () => {
      const w = world(`replay-${host}`);
      const s = steps(host, w);
      const run = await runHost(host, w, { steps: s.calls });
      assert.equal(run.code, 0, describeRun(run));
      assert.equal(w.remoteMain(), w.localMain(), `unguarded, the force push should have happened:\n${describeRun(run)}`);
      assert.ok(transcripts(join(w.home, HOMES[host])).length >= 1, `${host} kept no transcript under ${HOMES[host]}`);
      save(host, w);
      const r = replay(w, '--format', 'json');
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.equal(report.calls, s.calls.length, r.stdout);
      assert.deepEqual(Object.keys(report.hosts), [host]);
      const group = (guard, text) => report.guards.find((g) => g.id === guard)?.commands.find((c) => c.target.includes(text));
      const push = group('force-push-protected', 'git push --force origin main');
      assert.deepEqual([push?.count, push?.ran], [1, 1], `the force push ran: a likely false block\n${r.stdout}`);
      const reset = group('destructive-git', 'git reset --hard no-such-ref-xyz');
      assert.deepEqual([reset?.count, reset?.failed], [1, 1], `the reset failed\n${r.stdout}`);
      assert.ok(group('secret-read', '.env.production'), r.stdout);
      assert.ok(group('force-push-protected', 'deploy:[REDACTED]@example.invalid'), r.stdout);
      assert.equal(r.stdout.includes(s.urlSecret), false, 'a password in a command is redacted');
      assert.equal(r.stdout.includes(w.secret), false);
      assert.equal(r.stdout.includes(FAKE_KEY), false);
      assert.equal(JSON.stringify(report).includes('echo ok'), false, 'an ordinary call is not reported');
      // The text report says the same, and that nothing was written: no decision log appeared.
      const text = replay(w);
      assert.match(text.stdout, /^force-push-protected: 2 denied; 1 likely false block/m);
      assert.equal(existsSync(join(w.ws, '.claude/agent-guard/decisions.jsonl')), false);
    });
  }
});

describe('monitor mode in the real host', () => {
  test('claude: with force-push-protected in monitor mode (consented), the force push runs, the model reads no reason, and the log records it', async () => {
    const w = world('monitor-claude');
    installGuard(w, '--no-deny-rules');
    writeFileSync(join(w.ws, '.claude/agent-guard.json'), '{ "guards": { "force-push-protected": "monitor" } }\n');
    const env = { ...process.env, HOME: w.home, XDG_CONFIG_HOME: join(w.home, '.config') };
    const trust = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'trust', w.ws], { encoding: 'utf8', env });
    assert.match(trust.stdout, /^consented: \.claude\/agent-guard\.json sets force-push-protected to "monitor" instead of "deny"$/m);
    const run = await runHost('claude', w, { steps: [TOOLS.claude.shell('git push --force origin main'), TOOLS.claude.shell('rm -rf ~/')] });
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(w.remoteMain(), w.localMain(), `the monitored force push did not run:\n${describeRun(run)}`);
    assert.equal(modelSaw(run, 'agent-guard: force-push-protected'), false, 'the model read a reason');
    // Another guard in deny mode still stops its call in the same session.
    assert.match(resultAfter(run, 1) ?? '', /\[agent-guard: rm-catastrophic\]/);
    const log = readFileSync(join(w.ws, '.claude/agent-guard/decisions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      log.map((e) => [e.decision, e.would ?? null, e.guard, e.target, e.host]),
      [
        ['monitor', 'deny', 'force-push-protected', 'git push --force origin main', 'claude'],
        ['deny', null, 'rm-catastrophic', 'rm -rf ~/', 'claude'],
      ],
    );
    // The OTLP form of the same log carries the decision and what it would have been.
    const otlp = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'log', '--format', 'otlp', w.ws], { encoding: 'utf8', env });
    assert.equal(otlp.status, 0, otlp.stderr);
    const records = JSON.parse(otlp.stdout).resourceLogs[0].scopeLogs[0].logRecords;
    assert.deepEqual(
      records.map((r) => r.attributes.find((a) => a.key === 'agent_guard.decision').value.stringValue),
      ['monitor', 'deny'],
    );
  });
});

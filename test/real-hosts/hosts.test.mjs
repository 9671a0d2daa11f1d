// The guard inside the real hosts: Claude Code, Gemini CLI and Copilot CLI from npm (pinned
// devDependencies), driven headless and offline against a scripted local model
// (model-server.mjs), each in a scratch HOME and workspace installed by our own installer.
// Per host: a dangerous call is denied and does not happen (a force push leaves the bare remote's
// ref where it was; the fake secret reaches no request to the model), the model's next request
// carries our reason and alternative, an ordinary call runs with the hook silent, every install
// form is honoured, and a control without the guard shows the same calls do happen.
// A CLI that is missing or at another version fails the suite; nothing is skipped.
// Run: npm run test:hosts (after npm install). How the CLIs are driven offline: model-server.mjs.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAKE_KEY, ROOT, RUN_SECONDS, TEST_FILE, TOOLS, cli, describeRun, installGuard, makeWorld, modelSaw, resultAfter, runHost } from './world.mjs';

const HOSTS = ['claude', 'gemini', 'copilot', 'codex', 'opencode', 'qwen', 'droid', 'kilo', 'cline'];
const FORCE_PUSH = 'git push --force origin main';
const ORDINARY = 'echo ordinary > ordinary.txt';
const hookTimes = Object.fromEntries(HOSTS.map((h) => [h, []]));
/** How many groups run at once (AGENT_GUARD_HOSTS_PARALLEL; 1: one after the other). */
const PARALLEL = Math.max(1, Number(process.env.AGENT_GUARD_HOSTS_PARALLEL) || 3);
const suiteStart = Date.now();
const worlds = [];

function world(name) {
  const w = makeWorld(name);
  worlds.push(w);
  return w;
}

after(() => {
  for (const w of worlds) w.dispose();
});

/** The three calls of one session: a force push, a read of the secret file, an ordinary command. */
function session(host, w) {
  const t = TOOLS[host];
  return [t.shell(FORCE_PUSH), t.read(w.secretFile), t.shell(ORDINARY)];
}

/**
 * Two file-tool calls: a credential written into a new source file, a skip added to a test. Qwen
 * Code edits only a file read in the session: it reads the test first (EDIT_STEP is the edit's step).
 */
function fileSteps(host, w) {
  const t = TOOLS[host];
  const test = join(w.ws, 'test/a.test.js');
  return [t.write(join(w.ws, 'pay.js'), `export const key = '${FAKE_KEY}';\n`), ...(host === 'qwen' ? [t.read(test)] : []), t.edit(test, 'it(', 'it.skip(')];
}
const EDIT_STEP = (host) => (host === 'qwen' ? 2 : 1);

function record(run) {
  hookTimes[run.host].push(...run.hookRuns.map((h) => h.ms));
}

/** How each host frames a hook's deny reason in the tool result (the README's host table quotes these). */
const DENY_FRAME = {
  claude: /^PreToolUse:Bash hook error: git push --force/,
  gemini: /^\{"error":"Tool execution blocked: git push --force/,
  copilot: /^Denied by preToolUse hook: git push --force/,
  // Codex puts the hook's reason first and appends the command.
  // OpenCode reads the plugin's error as the tool's error.
  opencode: /^git push --force to the protected branch main/,
  codex: /^Command blocked by PreToolUse hook: .*\[agent-guard: force-push-protected\]\. Command: git push --force origin main$/s,
  // Qwen Code: the reason as the tool's text.
  qwen: /^\[\{"type":"text","text":"git push --force to the protected branch main/,
  droid: /^Error: git push --force to the protected branch main/,
  kilo: /^git push --force to the protected branch main/,
  // Cline: the rewritten command's result, its stderr the reason (and the command it ran instead).
  cline: /"result":"\[Command exited with code 1\]\\n\\n\[stderr\]\\ngit push --force to the protected branch main/,
};

function assertPushDenied(run, w, before, step = 0) {
  assert.equal(w.remoteMain(), before, `the force push happened:\n${describeRun(run)}`);
  const result = resultAfter(run, step);
  assert.match(result ?? '', DENY_FRAME[run.host]);
  assert.ok(result?.includes('[agent-guard: force-push-protected]'), `the model did not read our reason: ${result}\n${describeRun(run)}`);
  assert.ok(result.includes('--force-with-lease'), `the model did not read our alternative: ${result}`);
}

function assertOrdinaryRanSilently(run, w, step) {
  assert.equal(readFileSync(join(w.ws, 'ordinary.txt'), 'utf8'), 'ordinary\n');
  const result = resultAfter(run, step);
  assert.ok(result !== null && !result.includes('agent-guard'), `ordinary call: ${result}`);
  const runs = run.hookRuns.filter((h) => h.input.includes('ordinary.txt'));
  assert.ok(runs.length >= 1, `the hook did not run for the ordinary call:\n${describeRun(run)}`);
  for (const h of runs) assert.deepEqual([h.stdout, h.exitCode], ['', 0], 'the hook is silent for an ordinary call');
}

// Each group runs its tests in order; the groups (a host, its install forms) run side by side, a few at
// a time: every run has its own scratch world and model server on its own port.
describe('real hosts', { concurrency: PARALLEL }, () => {
  for (const host of HOSTS) {
    describe(`${host} (${cli(host).version})`, { concurrency: 1 }, () => {
      test('control: without the guard the force push and the secret read happen', async () => {
        const w = world(`${host}-control`);
        const run = await runHost(host, w, { steps: session(host, w) });
        assert.equal(run.code, 0, describeRun(run));
        assert.equal(w.remoteMain(), w.localMain(), `the unguarded force push did not move the remote ref:\n${describeRun(run)}`);
        // droid masks what looks like a secret in what it sends the model (its "Droid Shield"), not
        // every time (the same fake secret, with another random tail, went through unmasked in CI on
        // 2026-12-04): either way the read ran.
        if (host === 'droid')
          assert.ok(
            ['*', w.secret].some((s) => (resultAfter(run, 1) ?? '').startsWith(`API_TOKEN=${s}`)),
            describeRun(run),
          );
        else assert.ok(modelSaw(run, w.secret), `the unguarded read did not reach the model:\n${describeRun(run)}`);
        assert.ok(existsSync(join(w.ws, 'ordinary.txt')));
        assert.equal(run.hookRuns.length, 0);
      });

      test('control: without the guard the file tools write and edit', async () => {
        const w = world(`${host}-file-control`);
        const run = await runHost(host, w, { steps: fileSteps(host, w) });
        assert.ok(existsSync(join(w.ws, 'pay.js')), describeRun(run));
        assert.match(readFileSync(join(w.ws, 'test/a.test.js'), 'utf8'), /it\.skip\(/);
      });

      const installArgs = host === 'claude' ? ['--no-deny-rules'] : ['--host', host];
      test(`guarded (install ${installArgs.join(' ')}): denied calls do not happen, the model reads why and what instead; an ordinary call runs`, async () => {
        const w = world(`${host}-guarded`);
        installGuard(w, ...installArgs);
        const before = w.remoteMain();
        const run = await runHost(host, w, { steps: session(host, w) });
        record(run);
        assert.equal(run.code, 0, describeRun(run));
        assertPushDenied(run, w, before, 0);
        assert.equal(modelSaw(run, w.secret), false, 'the secret reached the model');
        const read = resultAfter(run, 1);
        assert.ok(read?.includes('[agent-guard: secret-read]') && read.includes("grep -o '^[A-Z_]*=' .env.production"), `read: ${read}`);
        assertOrdinaryRanSilently(run, w, 2);
        // Exactly the two denied calls got an answer from the hook.
        assert.equal(run.hookRuns.filter((h) => h.stdout !== '').length, 2, run.hookRuns.map((h) => h.stdout).join('\n'));
      });

      test('guarded: the file tools (write a credential into a new file, add .skip to a test) are denied in the same form and change nothing', async () => {
        const w = world(`${host}-file-tools`);
        installGuard(w, ...installArgs);
        const run = await runHost(host, w, { steps: fileSteps(host, w) });
        record(run);
        assert.equal(existsSync(join(w.ws, 'pay.js')), false, `the write happened:\n${describeRun(run)}`);
        assert.equal(readFileSync(join(w.ws, 'test/a.test.js'), 'utf8'), TEST_FILE, 'the edit happened');
        for (const [step, guard, why] of [
          [0, 'secret-in-source', 'process.env.NAME'],
          [EDIT_STEP(host), 'test-skip', 'Fix the code or the test'],
        ]) {
          const result = resultAfter(run, step);
          assert.ok(result?.includes(`[agent-guard: ${guard}]`) && result.includes(why), `step ${step}: ${result}\n${describeRun(run)}`);
        }
      });
    });
  }

  describe('claude: install forms, deny rules, subfolders', { concurrency: 1 }, () => {
    for (const form of [[], ['--local'], ['--user']]) {
      test(`install ${form.join(' ') || '(project)'}: the force push is denied`, async () => {
        const w = world('claude-form');
        installGuard(w, ...form);
        const before = w.remoteMain();
        const run = await runHost('claude', w, { steps: [TOOLS.claude.shell(FORCE_PUSH)] });
        record(run);
        assertPushDenied(run, w, before);
      });
    }

    test("default install: permissions.deny stops Read(.env.production) before the hook, and the model reads Claude Code's generic text", async () => {
      const w = world('claude-deny-rules');
      installGuard(w);
      const run = await runHost('claude', w, { steps: [TOOLS.claude.read(w.secretFile)] });
      assert.equal(modelSaw(run, w.secret), false);
      const result = resultAfter(run, 0);
      assert.match(result ?? '', /denied by your permission settings/);
      assert.equal(result.includes('agent-guard'), false);
      assert.equal(run.hookRuns.filter((h) => h.input.includes('.env.production')).length, 0, 'the deny rule acts before the hook');
    });

    // Why the deny rules stay: an @-import in CLAUDE.md (and an @-mention in the prompt) loads the
    // file without any tool call, so the hook never sees it. The rules stop it; nothing else does.
    for (const [source, rules] of [
      ['CLAUDE.md "@.env"', true],
      ['CLAUDE.md "@.env"', false],
      ['the prompt "@.env"', true],
      ['the prompt "@.env"', false],
    ]) {
      test(`${source}: ${rules ? 'with the deny rules the secret stays out' : 'without them it reaches the model'}`, async () => {
        const w = world('claude-import');
        writeFileSync(join(w.ws, '.env'), readFileSync(w.secretFile, 'utf8'));
        const inPrompt = source.startsWith('the prompt');
        if (!inPrompt) writeFileSync(join(w.ws, 'CLAUDE.md'), '# Project\n\nConfiguration: @.env\n');
        installGuard(w, ...(rules ? [] : ['--no-deny-rules']));
        const run = await runHost('claude', w, { steps: [], ...(inPrompt ? { prompt: 'Summarise @.env please.' } : {}) });
        assert.ok(modelSaw(run, inPrompt ? 'Summarise @.env' : 'Configuration: @.env'), describeRun(run));
        assert.equal(modelSaw(run, w.secret), !rules, describeRun(run));
        assert.equal(run.hookRuns.length, 0, 'no tool call, so no hook run');
      });
    }

    test('started in a subfolder, Claude Code does not load the project install (status says so); --user covers it', async () => {
      const w = world('claude-subfolder');
      installGuard(w);
      const sub = join(w.ws, 'sub');
      let run = await runHost('claude', w, { steps: [TOOLS.claude.shell(FORCE_PUSH)], cwd: sub });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README and `status`');
      assert.equal(w.remoteMain(), w.localMain(), 'unguarded, the push happened');
      const w2 = world('claude-subfolder-user');
      installGuard(w2, '--user');
      const before = w2.remoteMain();
      run = await runHost('claude', w2, { steps: [TOOLS.claude.shell(FORCE_PUSH)], cwd: join(w2.ws, 'sub') });
      record(run);
      assertPushDenied(run, w2, before);
    });
  });

  describe('gemini: install forms', { concurrency: 1 }, () => {
    test('install --host gemini --user (~/.gemini/settings.json): the force push is denied', async () => {
      const w = world('gemini-user');
      installGuard(w, '--host', 'gemini', '--user');
      const before = w.remoteMain();
      const run = await runHost('gemini', w, { steps: [TOOLS.gemini.shell(FORCE_PUSH)] });
      record(run);
      assertPushDenied(run, w, before);
    });
  });

  describe('gemini: untrusted folders', { concurrency: 1 }, () => {
    test('run with --skip-trust in a folder it does not trust, Gemini CLI skips the project hooks (status says so); --user covers it', async () => {
      const w = world('gemini-untrusted');
      installGuard(w, '--host', 'gemini');
      let run = await runHost('gemini', w, { steps: [TOOLS.gemini.shell(FORCE_PUSH)], trustFolder: false, extraArgs: ['--skip-trust'] });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README and `status`');
      assert.equal(w.remoteMain(), w.localMain(), `unguarded, the push happened:\n${describeRun(run)}`);
      const w2 = world('gemini-untrusted-user');
      installGuard(w2, '--host', 'gemini', '--user');
      const before = w2.remoteMain();
      run = await runHost('gemini', w2, { steps: [TOOLS.gemini.shell(FORCE_PUSH)], trustFolder: false, extraArgs: ['--skip-trust'] });
      record(run);
      assertPushDenied(run, w2, before);
    });
  });

  describe('subfolders: where each CLI looks for the project install', { concurrency: 1 }, () => {
    test('Gemini CLI started in a subfolder skips the project .gemini/settings.json (status says so)', async () => {
      const w = world('gemini-subfolder');
      installGuard(w, '--host', 'gemini');
      const run = await runHost('gemini', w, { steps: [TOOLS.gemini.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README and `status`');
      assert.equal(w.remoteMain(), w.localMain(), `unguarded, the push happened:\n${describeRun(run)}`);
    });

    test("the Copilot CLI started in a subfolder finds the repository's .github/hooks", async () => {
      const w = world('copilot-subfolder');
      installGuard(w, '--host', 'copilot');
      const before = w.remoteMain();
      const run = await runHost('copilot', w, { steps: [TOOLS.copilot.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      record(run);
      assertPushDenied(run, w, before);
    });
  });

  describe('copilot: install forms', { concurrency: 1 }, () => {
    test("install --host vscode (VS Code's .github/hooks file): the Copilot CLI honours it", async () => {
      const w = world('copilot-vscode-file');
      installGuard(w, '--host', 'vscode');
      const before = w.remoteMain();
      const run = await runHost('copilot', w, { steps: [TOOLS.copilot.shell(FORCE_PUSH)] });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('install --host copilot --user (its own ~/.copilot/hooks file): the force push is denied', async () => {
      const w = world('copilot-user');
      installGuard(w, '--host', 'copilot', '--user');
      const before = w.remoteMain();
      const run = await runHost('copilot', w, { steps: [TOOLS.copilot.shell(FORCE_PUSH)], trustFolder: false });
      record(run);
      assertPushDenied(run, w, before);
    });

    test("Claude Code's project install alone: the Copilot CLI runs .claude/settings.json hooks too", async () => {
      const w = world('copilot-claude-settings');
      installGuard(w);
      const before = w.remoteMain();
      const run = await runHost('copilot', w, { steps: [TOOLS.copilot.shell(FORCE_PUSH)] });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('in a folder it does not trust, the Copilot CLI skips the project hooks (status says so)', async () => {
      const w = world('copilot-untrusted');
      installGuard(w, '--host', 'copilot');
      const run = await runHost('copilot', w, { steps: [TOOLS.copilot.shell(FORCE_PUSH)], trustFolder: false });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README and `status`');
      assert.equal(w.remoteMain(), w.localMain());
    });
  });

  describe('codex: install forms, trust, subfolders', { concurrency: 1 }, () => {
    const status = (w) =>
      spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'status', w.ws], { encoding: 'utf8', env: { ...process.env, HOME: w.home } }).stdout;

    test('install --host codex --user (~/.codex/hooks.json): the force push is denied in a project Codex was never told to trust', async () => {
      const w = world('codex-user');
      installGuard(w, '--host', 'codex', '--user');
      const before = w.remoteMain();
      const run = await runHost('codex', w, { steps: [TOOLS.codex.shell(FORCE_PUSH)], trustFolder: false });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('started in a subfolder, Codex loads the project install and the hook finds its file upwards', async () => {
      const w = world('codex-subfolder');
      installGuard(w, '--host', 'codex');
      const before = w.remoteMain();
      const run = await runHost('codex', w, { steps: [TOOLS.codex.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('in a project Codex does not trust, it skips the project hooks (status says so)', async () => {
      const w = world('codex-untrusted');
      installGuard(w, '--host', 'codex');
      const run = await runHost('codex', w, { steps: [TOOLS.codex.shell(FORCE_PUSH)], trustFolder: false });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README and `status`');
      assert.equal(w.remoteMain(), w.localMain(), `unguarded, the push happened:\n${describeRun(run)}`);
      assert.match(status(w), /Codex CLI: NOT guarded; Codex loads \.codex\/hooks\.json only in a trusted project/);
    });

    test('a hook entry changed after install is no longer trusted: Codex skips it without a word, status says so, sync trusts it again', async () => {
      const w = world('codex-changed');
      installGuard(w, '--host', 'codex');
      const file = join(w.ws, '.codex', 'hooks.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"timeout": 10', '"timeout": 11'));
      let run = await runHost('codex', w, { steps: [TOOLS.codex.shell(FORCE_PUSH)] });
      assert.equal(run.hookRuns.length, 0, 'Codex ran a changed hook: its trust check changed, update codex-trust.ts');
      assert.equal(w.remoteMain(), w.localMain());
      assert.match(status(w), /Codex does not run the hook of \.codex\/hooks\.json: it is changed since it was trusted/);
      const sync = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'sync', '--host', 'codex', w.ws], {
        encoding: 'utf8',
        env: { ...process.env, HOME: w.home },
      });
      assert.equal(sync.status, 0, sync.stderr);
      assert.match(status(w), /Codex CLI: guarded/);
      const before = w.remoteMain();
      run = await runHost('codex', w, { steps: [TOOLS.codex.shell(FORCE_PUSH)] });
      record(run);
      assertPushDenied(run, w, before);
    });
  });

  // The hosts added last: the user's install, and (where the project's hook file is found upwards) a
  // session started in a subfolder.
  for (const host of ['qwen', 'droid', 'kilo', 'cline']) {
    describe(`${host}: install forms`, { concurrency: 1 }, () => {
      test(`install --host ${host} --user: the force push is denied`, async () => {
        const w = world(`${host}-user`);
        installGuard(w, '--host', host, '--user');
        const before = w.remoteMain();
        const run = await runHost(host, w, { steps: [TOOLS[host].shell(FORCE_PUSH)] });
        record(run);
        assertPushDenied(run, w, before);
      });
    });
  }

  describe('subfolders: droid finds the project install from a subfolder, Qwen Code does not', { concurrency: 1 }, () => {
    test('droid started in a subfolder: the force push is denied', async () => {
      const w = world('droid-subfolder');
      installGuard(w, '--host', 'droid');
      const before = w.remoteMain();
      const run = await runHost('droid', w, { steps: [TOOLS.droid.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('Qwen Code started in a subfolder skips the project .qwen/settings.json (as Gemini CLI does); --user covers it', async () => {
      const w = world('qwen-subfolder');
      installGuard(w, '--host', 'qwen');
      const run = await runHost('qwen', w, { steps: [TOOLS.qwen.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      assert.equal(run.hookRuns.length, 0, 'the hook ran after all: update the README');
      assert.equal(w.remoteMain(), w.localMain(), `unguarded, the push happened:\n${describeRun(run)}`);
    });
  });

  describe('cline: its documented cancel ends the whole run (why Agent Guard answers Cline with overrideInput)', { concurrency: 1 }, () => {
    test('a PreToolUse hook answering {cancel: true} stops the call, and the run: the model is never asked again and never reads why', async () => {
      const w = world('cline-cancel');
      const hooks = join(w.ws, '.clinerules', 'hooks');
      mkdirSync(hooks, { recursive: true });
      writeFileSync(
        join(hooks, 'PreToolUse'),
        '#!/usr/bin/env node\nprocess.stdout.write(JSON.stringify({ cancel: true, errorMessage: "CANCEL-REASON use --force-with-lease" }));\n',
        { mode: 0o755 },
      );
      const before = w.remoteMain();
      const run = await runHost('cline', w, { steps: [TOOLS.cline.shell(FORCE_PUSH), TOOLS.cline.shell(ORDINARY)] });
      assert.equal(w.remoteMain(), before, 'the cancelled push happened');
      assert.equal(run.requests.filter((r) => r.main).length, 1, `the run went on after cancel:\n${describeRun(run)}`);
      assert.equal(modelSaw(run, 'CANCEL-REASON'), false, 'the model read the cancel reason after all: Cline can be answered with cancel now');
      assert.equal(existsSync(join(w.ws, 'ordinary.txt')), false);
    });
  });

  describe('opencode: install forms, subfolders', { concurrency: 1 }, () => {
    test('install --host opencode --user (~/.config/opencode/plugins/agent-guard.js): the force push is denied', async () => {
      const w = world('opencode-user');
      installGuard(w, '--host', 'opencode', '--user');
      const before = w.remoteMain();
      const run = await runHost('opencode', w, { steps: [TOOLS.opencode.shell(FORCE_PUSH)] });
      record(run);
      assertPushDenied(run, w, before);
    });

    test('started in a subfolder, OpenCode loads the project plugin and the plugin finds the hook upwards', async () => {
      const w = world('opencode-subfolder');
      installGuard(w, '--host', 'opencode');
      const before = w.remoteMain();
      const run = await runHost('opencode', w, { steps: [TOOLS.opencode.shell(FORCE_PUSH)], cwd: join(w.ws, 'sub') });
      record(run);
      assertPushDenied(run, w, before);
    });
  });
});

test('hook time inside each host (hook start to response, ms)', (t) => {
  const lines = [];
  for (const host of HOSTS) {
    const ms = [...hookTimes[host]].sort((a, b) => a - b);
    assert.ok(ms.length > 0, `no hook runs were timed for ${host}`);
    const median = ms.length % 2 ? ms[(ms.length - 1) / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
    lines.push(`${host}: ${ms.length} runs, median ${median.toFixed(1)} ms, worst ${ms.at(-1).toFixed(1)} ms`);
  }
  const cli = Object.entries(RUN_SECONDS).map(([h, sec]) => `${h} ${sec.toFixed(0)} s`);
  lines.push(`suite wall time ${((Date.now() - suiteStart) / 1000).toFixed(0)} s with ${PARALLEL} groups at a time; CLI run time per host: ${cli.join(', ')}`);
  for (const l of lines) t.diagnostic(l);
  console.log(`hook time per host\n  ${lines.join('\n  ')}`);
});

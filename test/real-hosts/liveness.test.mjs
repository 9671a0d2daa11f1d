// Proof of enforcement in the real Claude Code (pinned devDependency), offline against the scripted
// model: the session-start check that install writes runs the installed PreToolUse command on a
// canary call, and a session whose hook cannot run tells the person at once, in the terminal
// (Claude Code shows a SessionStart hook's systemMessage as "SessionStart:startup says: …"); a
// healthy session shows nothing. A hook that cannot run (its file missing, node not on the PATH the
// settings give it) no longer lets the call through: it is blocked, with the reason.
// The interactive screen is read through tmux (a terminal Claude Code draws into; Debian's tmux).

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeRun, hookResponses, installGuard, makeWorld, resultAfter, runHost, TOOLS } from './world.mjs';
import { startModelServer } from './model-server.mjs';

const FORCE_PUSH = 'git push --force origin main';
const WARNING = 'Agent Guard: this session is NOT guarded. The installed hook was run on a test call (rm -rf ~) and did not deny it: ';
const worlds = [];

function world(name) {
  const w = makeWorld(name);
  worlds.push(w);
  return w;
}

after(() => {
  for (const w of worlds) w.dispose();
});

/** The SessionStart hook responses in a stream-json run: Claude Code's own record of what each printed. */
const sessionStartOutputs = (run) => hookResponses(run, 'SessionStart');

/** A PATH with what a shell needs (and git) but no node, given to hooks through the settings' env. */
function settingsPathWithoutNode(w) {
  const bin = join(w.root, 'bin-without-node');
  mkdirSync(bin);
  for (const tool of ['sh', 'bash', 'date', 'sed', 'tr', 'cut', 'cat', 'git', 'ls']) {
    const found = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/')) symlinkSync(found, join(bin, tool));
  }
  const file = join(w.ws, '.claude/settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  settings.env = { PATH: bin };
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/**
 * An interactive Claude Code session in a tmux terminal, onboarding and folder trust already done
 * (as a returning user has them): the screen once its prompt is up and the session-start hooks ran.
 */
async function screenOfInteractiveSession(w) {
  const key = 'sk-ant-scripted-0123456789abcdefghij';
  writeFileSync(
    join(w.home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: 'dark',
      customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] },
      projects: { [w.ws]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
    }),
  );
  const server = await startModelServer({ steps: [] });
  const env = {
    PATH: w.path,
    HOME: w.home,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    IS_SANDBOX: '1',
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: key,
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  };
  const socket = join(w.root, 'tmux.sock');
  const tmux = (...args) => spawnSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
  const started = tmux(
    'new-session',
    '-d',
    '-x',
    '160',
    '-y',
    '50',
    '-c',
    w.ws,
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    cli('claude').file,
  );
  assert.equal(started.status, 0, `tmux could not start Claude Code (.ci/run installs Debian's tmux): ${started.stderr}`);
  let screen = '';
  try {
    // The prompt line is drawn once start-up (and its hooks) finished; then a moment for the last repaint.
    for (let waited = 0; waited < 60_000 && !screen.includes('❯'); waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      screen = tmux('capture-pane', '-p').stdout;
    }
    await new Promise((r) => setTimeout(r, 2000));
    screen = tmux('capture-pane', '-p', '-J').stdout;
  } finally {
    tmux('kill-server');
    server.stop();
  }
  rmSync(socket, { force: true });
  return screen;
}

describe(`claude (${cli('claude').version}): proof of enforcement`, () => {
  test('a healthy session: the session-start check runs and prints nothing; the person sees no warning', async () => {
    const w = world('live-healthy');
    installGuard(w, '--no-deny-rules');
    const run = await runHost('claude', w, { steps: [] });
    const starts = sessionStartOutputs(run);
    assert.equal(starts.length, 1, describeRun(run));
    assert.deepEqual([starts[0].exit_code, starts[0].stdout], [0, ''], 'silent while the guard runs');
    assert.equal(run.canaryRuns.length, 1, 'the canary went through the installed command');
    assert.equal(JSON.parse(run.canaryRuns[0].stdout).hookSpecificOutput.permissionDecision, 'deny');
    const screen = await screenOfInteractiveSession(w);
    assert.match(screen, /Claude Code v/, screen);
    assert.doesNotMatch(screen, /NOT guarded/, screen);
  });

  test('the hook file missing: the person sees NOT guarded and why at once, and the force push is blocked with the reason, not run', async () => {
    const w = world('live-missing');
    installGuard(w, '--no-deny-rules');
    rmSync(join(w.ws, '.claude/hooks/agent-guard.cjs'));
    const screen = await screenOfInteractiveSession(w);
    const shown = screen.replace(/\s*\n\s*/g, ' ');
    assert.ok(shown.includes(`SessionStart:startup says: ${WARNING}hook file ${w.ws}/.claude/hooks/agent-guard.cjs not found`), screen);
    assert.ok(shown.includes('to fix it, run: agent-guard sync. Run agent-guard status in the project folder to see why.'), screen);
    const before = w.remoteMain();
    const run = await runHost('claude', w, { steps: [TOOLS.claude.shell(FORCE_PUSH)] });
    assert.equal(w.remoteMain(), before, `the push happened:\n${describeRun(run)}`);
    const result = resultAfter(run, 0) ?? '';
    assert.match(result, /^PreToolUse:Bash hook error: /);
    assert.ok(
      result.includes(`agent-guard: hook file ${w.ws}/.claude/hooks/agent-guard.cjs not found, so Agent Guard checks nothing and blocks every call`),
      result,
    );
  });

  test('a hook that never answers: the check stops waiting at its own limit, inside the time Claude Code gives it, and says so', async () => {
    const w = world('live-hung');
    installGuard(w, '--no-deny-rules');
    writeFileSync(join(w.ws, '.claude/hooks/agent-guard.cjs'), 'setTimeout(() => {}, 120000);\n');
    const run = await runHost('claude', w, { steps: [] });
    const [start] = sessionStartOutputs(run);
    assert.equal(start?.exit_code, 0, describeRun(run));
    assert.equal(
      JSON.parse(start.stdout).systemMessage,
      `${WARNING}the hook gave no answer within 12 s, so the host runs every call unchecked. Run agent-guard status in the project folder to see why.`,
    );
  });

  test('node not on the PATH the settings give hooks: the check says so, and the call is blocked instead of run unchecked', async () => {
    const w = world('live-no-node');
    installGuard(w, '--no-deny-rules');
    settingsPathWithoutNode(w);
    const before = w.remoteMain();
    const run = await runHost('claude', w, { steps: [TOOLS.claude.shell(FORCE_PUSH)] });
    const [start] = sessionStartOutputs(run);
    assert.equal(start?.exit_code, 0, describeRun(run));
    const message = JSON.parse(start.stdout).systemMessage;
    assert.ok(message.startsWith(WARNING), message);
    assert.match(
      message,
      /node: not found node could not run the hook \(exit 127\), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status\./,
    );
    assert.equal(w.remoteMain(), before, `the push happened:\n${describeRun(run)}`);
    assert.match(resultAfter(run, 0) ?? '', /agent-guard: node could not run the hook \(exit 127\)/);
  });
});

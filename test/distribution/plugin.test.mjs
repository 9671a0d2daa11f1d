// The Claude Code plugin as users install it. The npm package is the plugin (.claude-plugin/plugin.json
// and hooks/hooks.json at its root run the bundled dist/hook.cjs through ${CLAUDE_PLUGIN_ROOT}); the
// repository's .claude-plugin/marketplace.json lists it with an npm source, so
// `/plugin marketplace add agent-guard/agent-guard` + `/plugin install agent-guard@agent-guard`
// fetch the published tarball. Here the real Claude Code (pinned devDependency, see
// ../real-hosts/world.mjs) validates the files, adds this repository as a marketplace, installs
// the plugin from a one-package local registry serving the packed tarball, and runs headless
// sessions against the scripted model: a force push is denied through the plugin (installed, and
// with --plugin-dir), and with a project install beside it the call is decided once and logged once.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bashPayload, cleanEnv, packed, run, scratch } from './support.mjs';
import { startRegistry } from './registry.mjs';
import { cli, describeRun, installGuard, makeWorld, resultAfter, runHost } from '../real-hosts/world.mjs';
import { startModelServer } from '../real-hosts/model-server.mjs';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const plugin = JSON.parse(readFileSync(join(ROOT, '.claude-plugin/plugin.json'), 'utf8'));
const marketplace = JSON.parse(readFileSync(join(ROOT, '.claude-plugin/marketplace.json'), 'utf8'));
const hooks = JSON.parse(readFileSync(join(ROOT, 'hooks/hooks.json'), 'utf8'));
const FORCE_PUSH = 'git push --force origin main';
const worlds = [];
after(() => {
  for (const w of worlds) w.dispose();
});

/** The tarball unpacked, as Claude Code's plugin cache holds it. */
function unpacked() {
  const dir = join(scratch('plugin'), 'agent-guard');
  mkdirSync(dir);
  const r = run('tar', ['-xzf', packed().tarball, '-C', dir, '--strip-components=1']);
  assert.equal(r.status, 0, r.stderr);
  return dir;
}

/** The CLI, asynchronously: the local registry answers from this process while it runs. */
function claude(args, { home, cwd = home }) {
  return new Promise((resolvePromise) => {
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      NO_COLOR: '1',
    };
    const p = spawn(cli('claude').file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), 120_000);
    p.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, out });
    });
  });
}

/** `claude plugin marketplace add <this repository>` + `claude plugin install`, npm pointed at the local registry. */
async function installPlugin(home, { oneStep = false } = {}) {
  const registry = await startRegistry(packed().tarball);
  try {
    writeFileSync(join(home, '.npmrc'), `registry=${registry.url}\n`);
    if (!oneStep) {
      const add = await claude(['plugin', 'marketplace', 'add', ROOT], { home });
      assert.equal(add.status, 0, add.out);
    }
    // The README's one line: claude plugin install agent-guard --marketplace agent-guard/agent-guard
    const inst = await claude(
      oneStep ? ['plugin', 'install', plugin.name, '--marketplace', ROOT] : ['plugin', 'install', `${plugin.name}@${marketplace.name}`],
      { home },
    );
    assert.equal(inst.status, 0, inst.out);
    assert.match(inst.out, /Successfully installed plugin: agent-guard@agent-guard/);
    assert.ok(registry.requests.includes(`GET /agent-guard/-/agent-guard-${pkg.version}.tgz`), `the tarball was not fetched: ${registry.requests}`);
  } finally {
    await registry.stop();
  }
}

function world(name) {
  const w = makeWorld(name);
  worlds.push(w);
  return w;
}

test('the manifests agree with the package: name, version, npm source, the hook through ${CLAUDE_PLUGIN_ROOT}', () => {
  assert.deepEqual([plugin.name, plugin.version, plugin.license], [pkg.name, pkg.version, pkg.license]);
  assert.equal(marketplace.plugins.length, 1);
  const [entry] = marketplace.plugins;
  assert.deepEqual([entry.name, entry.version, entry.source], [pkg.name, pkg.version, { source: 'npm', package: pkg.name, version: pkg.version }]);
  assert.deepEqual(Object.keys(hooks.hooks), ['PreToolUse', 'SessionStart']);
  const [pre] = hooks.hooks.PreToolUse;
  assert.deepEqual([pre.matcher, pre.hooks.length, pre.hooks[0].type, pre.hooks[0].timeout], ['*', 1, 'command', 10]);
  assert.ok(pre.hooks[0].command.startsWith('f="${CLAUDE_PLUGIN_ROOT}/dist/hook.cjs"; unset NODE_OPTIONS '), pre.hooks[0].command);
  assert.ok(hooks.hooks.SessionStart[0].hooks[0].command.includes(pre.hooks[0].command), 'the session-start check runs the same command');
  for (const f of ['.claude-plugin/plugin.json', 'hooks/hooks.json', 'dist/hook.cjs']) assert.ok(packed().files.includes(f), `${f} is not in the tarball`);
  assert.ok(!packed().files.includes('.claude-plugin/marketplace.json'), 'the marketplace lives in the repository, not in the plugin');
});

test('the hooks.json command, run as Claude Code runs it from the unpacked tarball, denies a force push and is silent for git status', () => {
  const root = unpacked();
  const home = scratch('plugin-sh');
  const { command } = hooks.hooks.PreToolUse[0].hooks[0];
  const env = { ...cleanEnv(home), CLAUDE_PLUGIN_ROOT: root, CLAUDE_PROJECT_DIR: home };
  const deny = run('sh', ['-c', command], { cwd: home, env, input: bashPayload(FORCE_PUSH, home) });
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, 'deny');
  const silent = run('sh', ['-c', command], { cwd: home, env, input: bashPayload('git status', home) });
  assert.deepEqual([silent.status, silent.stdout], [0, '']);
});

test(`claude plugin validate (Claude Code ${cli('claude').version}) passes the repository (marketplace) and the packed plugin`, async () => {
  const home = scratch('validate');
  for (const dir of [ROOT, unpacked()]) {
    const r = await claude(['plugin', 'validate', dir], { home });
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /✔ Validation passed/);
    assert.doesNotMatch(r.out, /⚠/, 'no warnings (the icon is there)');
    assert.match(r.out, /hooks: .*PreToolUse/);
  }
});

test('marketplace add + plugin install: the plugin is enabled, and agent-guard status counts it', async () => {
  const w = world('plugin-status');
  await installPlugin(w.home);
  const list = await claude(['plugin', 'list'], { home: w.home });
  assert.match(list.out, /agent-guard@agent-guard\n\s+Version: 0\.1\.0\n\s+Scope: user\n\s+Status: ✔ enabled/);
  const st = run(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'status', w.ws], { env: { PATH: process.env.PATH, HOME: w.home } });
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /installed: Claude Code plugin agent-guard@agent-guard 0\.1\.0 \(user scope\): enabled/);
  assert.match(st.stdout, /verdict: {3}guarded and current/);
  assert.match(st.stdout, /^check: {5}Claude Code plugin agent-guard@agent-guard: guarded; the installed hook command denied a test call/m);
  // Disabled, it no longer counts.
  assert.equal((await claude(['plugin', 'disable', 'agent-guard@agent-guard'], { home: w.home })).status, 0);
  const off = run(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'status', w.ws], { env: { PATH: process.env.PATH, HOME: w.home } });
  assert.equal(off.status, 1);
  assert.match(off.stdout, /installed but disabled/);
  assert.match(off.stdout, /verdict: {3}NOT guarded: Claude Code plugin agent-guard@agent-guard 0\.1\.0 \(user scope\): installed but disabled/);
});

function assertDenied(run, w) {
  assert.equal(w.remoteMain(), w.before, `the force push happened:\n${describeRun(run)}`);
  const result = resultAfter(run, 0) ?? '';
  assert.match(result, /^PreToolUse:Bash hook error: git push --force/);
  assert.ok(result.includes('[agent-guard: force-push-protected]') && result.includes('--force-with-lease'), `the model did not read our reason: ${result}`);
  return result;
}

test('installed in one step (install --marketplace): a headless session is guarded, the force push does not happen and the model reads why', async () => {
  const w = world('plugin-session');
  await installPlugin(w.home, { oneStep: true });
  w.before = w.remoteMain();
  const r = await runHost('claude', w, { steps: [{ tool: 'Bash', input: { command: FORCE_PUSH, description: 'scripted' } }] });
  assertDenied(r, w);
});

/** runHost's Claude Code session (../real-hosts/world.mjs), with extra command-line arguments. */
async function runClaudeWith(w, steps, extraArgs) {
  const server = await startModelServer({ steps });
  const env = {
    PATH: w.path,
    HOME: w.home,
    TERM: 'dumb',
    LANG: 'C.UTF-8',
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    IS_SANDBOX: '1',
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-scripted',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  };
  const result = await new Promise((res) => {
    const p = spawn(cli('claude').file, ['-p', 'Do the task.', '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', ...extraArgs], {
      cwd: w.ws,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), 120_000);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      res({ code, signal, stdout, stderr });
    });
  });
  server.stop();
  return { ...result, requests: server.requests, hookRuns: w.takeHookRuns(), host: 'claude' };
}

test('--plugin-dir <unpacked tarball>: the same, with nothing installed', async () => {
  const w = world('plugin-dir');
  w.before = w.remoteMain();
  const r = await runClaudeWith(w, [{ tool: 'Bash', input: { command: FORCE_PUSH, description: 'scripted' } }], ['--plugin-dir', unpacked()]);
  assertDenied(r, w);
});

test('plugin and project install together: both copies run, the model reads one reason, the decision log has one line', async () => {
  const w = world('plugin-and-project');
  await installPlugin(w.home);
  installGuard(w, '--no-deny-rules');
  w.before = w.remoteMain();
  const r = await runHost('claude', w, { steps: [{ tool: 'Bash', input: { command: FORCE_PUSH, description: 'scripted' } }] });
  const result = assertDenied(r, w);
  assert.equal(result.split('[agent-guard: force-push-protected]').length, 2, `one reason, not two: ${result}`);
  assert.equal(r.hookRuns.filter((h) => h.input.includes('git push')).length, 1, 'the project copy ran (the plugin copy is not traced)');
  const log = readFileSync(join(w.ws, '.claude/agent-guard/decisions.jsonl'), 'utf8').trim().split('\n');
  assert.equal(log.length, 1, log.join('\n'));
  assert.equal(JSON.parse(log[0]).guard, 'force-push-protected');
  assert.ok(existsSync(join(w.home, '.claude/plugins/installed_plugins.json')));
});

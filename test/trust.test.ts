// Workspace guards (.claude/guards/*.js) run only with the user's consent, recorded outside the
// repository by `agent-guard trust`: untrusted or changed files are skipped with one stderr line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { install } from '../core/install/targets/claude';
import { trustFile } from '../core/trust';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
const CLI = join(ROOT, 'dist/cli.cjs');

/** A guard that says so on stderr when it is loaded (it may not write files), and denies `make deploy-prod`. */
const LOADED = 'test-guard: deploy.js loaded\n';
const guardSource = (_marker: string, extra = '') => `process.stderr.write(${JSON.stringify(LOADED)});${extra}
module.exports = {
  id: 'no-prod-deploy', title: 'No prod deploys', prevents: 'shipping by accident', tools: ['Bash'],
  check(call) { return /deploy-prod/.test(call.command) ? { reason: 'Deploying to production is for a human.' } : null; },
  examples: { blocked: [{ tool_name: 'Bash', tool_input: { command: 'make deploy-prod' } }], allowed: [{ tool_name: 'Bash', tool_input: { command: 'make test' } }] },
};
`;

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-trust-')));
  const ws = join(root, 'ws');
  const config = join(root, 'config');
  const marker = join(root, 'marker');
  mkdirSync(join(ws, '.claude/guards'), { recursive: true });
  writeFileSync(join(ws, '.claude/guards/deploy.js'), guardSource(marker));
  const env = { ...process.env, HOME: join(root, 'home'), XDG_CONFIG_HOME: config, XDG_CACHE_HOME: join(root, 'cache'), AGENT_GUARD_NO_LOG: '1' };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  const hook = (command: string) =>
    spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws }),
      encoding: 'utf8',
      env: { ...env, CLAUDE_PROJECT_DIR: ws },
    });
  return { root, ws, config, marker, env, cli, hook };
}

test('an untrusted guard file is not run: one stderr line, and status says so', () => {
  const s = setup();
  const r = s.hook('make deploy-prod');
  assert.equal(r.stdout, '', 'not run, so no denial');
  assert.ok(!r.stderr.includes(LOADED), 'its code never ran');
  assert.equal(
    r.stderr,
    'agent-guard: .claude/guards/deploy.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/deploy.js\n',
  );
  assert.match(
    s.cli('status', s.ws).stdout,
    /^guard: {5}\.claude\/guards\/deploy\.js not trusted: not run \(review it, then: agent-guard trust \.claude\/guards\/deploy\.js\)$/m,
  );
  const t = s.cli('test', s.ws);
  assert.ok(!(t.stdout + t.stderr).includes(LOADED), 'agent-guard test does not run it either');
  assert.equal(t.status, 1);
});

test('trust records the content hash outside the repository; a change untrusts it; untrust undoes it', () => {
  const s = setup();
  const t = s.cli('trust', s.ws);
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /^trusted \.claude\/guards\/deploy\.js \(sha256 [0-9a-f]{12}…\): the hook runs it on every tool call until it changes\n$/);
  const store = JSON.parse(readFileSync(join(s.config, 'agent-guard/trusted.json'), 'utf8'));
  assert.deepEqual(Object.keys(store.guards), [join(s.ws, '.claude/guards/deploy.js')]);
  assert.equal(statSync(join(s.config, 'agent-guard')).mode & 0o777, 0o700);
  assert.equal(existsSync(join(s.ws, '.claude/agent-guard')), false, 'nothing of it in the workspace');
  const r = s.hook('make deploy-prod');
  assert.match(r.stdout, /\[agent-guard: no-prod-deploy\]/);
  assert.equal(r.stderr, LOADED, 'it ran, and nothing else was said');
  assert.match(s.cli('status', s.ws).stdout, /^guard: {5}\.claude\/guards\/deploy\.js trusted$/m);

  // One changed byte: skipped again, with its own reason.
  writeFileSync(join(s.ws, '.claude/guards/deploy.js'), guardSource(s.marker, ' '));
  const c = s.hook('make deploy-prod');
  assert.equal(c.stdout, '');
  assert.ok(!c.stderr.includes(LOADED), 'the changed file did not run');
  assert.equal(
    c.stderr,
    'agent-guard: .claude/guards/deploy.js skipped: it changed since you trusted it; review it, then run: agent-guard trust .claude/guards/deploy.js\n',
  );
  assert.match(s.cli('status', s.ws).stdout, /deploy\.js CHANGED since you trusted it: not run/);

  assert.equal(s.cli('trust', join(s.ws, '.claude/guards/deploy.js')).status, 0);
  assert.match(s.hook('make deploy-prod').stdout, /no-prod-deploy/);
  assert.match(s.cli('untrust', s.ws).stdout, /^untrusted \.claude\/guards\/deploy\.js: the hook no longer runs it\n$/);
  assert.equal(s.hook('make deploy-prod').stdout, '');
});

test('a trusted guard runs only what its hash covers: a helper file beside it cannot be loaded, by require or any other loader', () => {
  const s = setup();
  const helper = join(s.ws, '.claude/guards/_helper.js');
  writeFileSync(helper, `require('node:fs').writeFileSync(${JSON.stringify(s.marker)}, 'helper ran');`);
  const attempts: [string, string][] = [
    [
      "require('./_helper.js')",
      `it requires "./_helper.js", but a workspace guard is one file and may require only Node's built-in modules (the trust hash covers that one file)`,
    ],
    [
      `require('module').createRequire(__filename)('./_helper.js')`,
      'it requires "module", but a workspace guard may require only built-in modules that load no code and read no file',
    ],
    [`require('node:vm').runInThisContext('1')`, 'it requires "node:vm", but a workspace guard may require only built-in modules'],
    [
      `require('child_process').execFileSync('node', [${JSON.stringify(helper)}])`,
      'it requires "child_process", but a workspace guard may require only built-in modules',
    ],
    [`eval(require('fs').readFileSync(${JSON.stringify(helper)}, 'utf8'))`, 'it requires "fs", but a workspace guard may require only built-in modules'],
    [`process.mainModule.require(${JSON.stringify(helper)})`, "Cannot read properties of undefined (reading 'require')"],
    [
      `process.getBuiltinModule('module').createRequire(__filename)('./_helper.js')`,
      'it requires "module", but a workspace guard may require only built-in modules',
    ],
    [`process.dlopen({ exports: {} }, ${JSON.stringify(helper)})`, 'process.dlopen is not available to workspace guards'],
    [`process.binding('fs')`, 'process.binding is not available to workspace guards'],
  ];
  for (const [load, why] of attempts) {
    writeFileSync(join(s.ws, '.claude/guards/deploy.js'), `${load};\n${guardSource(s.marker)}`);
    s.cli('trust', join(s.ws, '.claude/guards/deploy.js'));
    const r = s.hook('make deploy-prod');
    assert.equal(existsSync(s.marker), false, `${load}: the helper ran`);
    assert.ok(r.stderr.startsWith(`agent-guard: .claude/guards/deploy.js skipped: ${why}`), `${load}: ${r.stderr}`);
  }
  // import() has no loader in the guard's script: it fails (asynchronously), and the helper does not run.
  writeFileSync(join(s.ws, '.claude/guards/deploy.js'), `import(${JSON.stringify(helper)}).catch(() => {});\n${guardSource(s.marker)}`);
  s.cli('trust', join(s.ws, '.claude/guards/deploy.js'));
  assert.match(s.hook('make deploy-prod').stdout, /no-prod-deploy/);
  assert.equal(existsSync(s.marker), false, 'import() ran the helper');
  // Pure built-ins still work.
  writeFileSync(join(s.ws, '.claude/guards/deploy.js'), `const path = require('node:path'); require('util'); require('crypto');\n${guardSource(s.marker)}`);
  s.cli('trust', join(s.ws, '.claude/guards/deploy.js'));
  assert.match(s.hook('make deploy-prod').stdout, /no-prod-deploy/);
});

test("install's self-test never loads workspace guards, even trusted ones", () => {
  const s = setup();
  s.cli('trust', s.ws);
  const saved = process.env.XDG_CONFIG_HOME;
  process.env.XDG_CONFIG_HOME = s.config; // the self-test's hook inherits this process's environment
  try {
    // A trusted guard that denies everything: loaded, it would deny the self-test's `ls`.
    writeFileSync(
      join(s.ws, '.claude/guards/deny-all.js'),
      "module.exports = { id: 'deny-all', title: 'x', prevents: 'x', tools: ['Bash'], check() { return { reason: 'no' }; }, examples: { blocked: [], allowed: [] } };\n",
    );
    s.cli('trust', s.ws);
    const r = install({ workspace: s.ws, scope: 'project', home: join(s.root, 'home') }, { hookSource: readFileSync(HOOK, 'utf8'), version: '9.9.9' });
    assert.ok(r.ok, r.error);
    assert.deepEqual([r.selfTest?.ran, r.selfTest?.dangerousDenied, r.selfTest?.harmlessSilent], [true, true, true], r.selfTest?.problem);
  } finally {
    process.env.XDG_CONFIG_HOME = saved;
  }
});

test('the trust store is written atomically and never through a link', () => {
  const s = setup();
  // trusted.json as a link: the link is replaced by the new file, its target untouched.
  mkdirSync(join(s.config, 'agent-guard'), { recursive: true });
  const elsewhere = join(s.root, 'elsewhere.json');
  writeFileSync(elsewhere, 'precious\n');
  symlinkSync(elsewhere, join(s.config, 'agent-guard/trusted.json'));
  assert.equal(s.cli('trust', s.ws).status, 0);
  assert.equal(readFileSync(elsewhere, 'utf8'), 'precious\n');
  assert.ok(lstatSync(join(s.config, 'agent-guard/trusted.json')).isFile());
  // the agent-guard folder as a link: refused, with the reason.
  const s2 = setup();
  mkdirSync(s2.config);
  mkdirSync(join(s2.root, 'other'));
  symlinkSync(join(s2.root, 'other'), join(s2.config, 'agent-guard'));
  const r = s2.cli('trust', s2.ws);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^agent-guard: .*config\/agent-guard is a symbolic link; Agent Guard keeps its trust records only in a real folder\n$/);
  assert.deepEqual(require('node:fs').readdirSync(join(s2.root, 'other')), []);
});

test('where the trust store lives: XDG_CONFIG_HOME, else ~/.config, APPDATA on Windows', () => {
  assert.equal(trustFile({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u'), '/x/agent-guard/trusted.json');
  assert.equal(trustFile({}, 'linux', '/home/u'), '/home/u/.config/agent-guard/trusted.json');
  assert.equal(trustFile({ APPDATA: '/appdata' }, 'win32', '/home/u'), join('/appdata', 'agent-guard', 'trusted.json'));
});

test("a temp file left by a killed trust run is removed by the next one; a live run's is kept", () => {
  const s = setup();
  mkdirSync(join(s.config, 'agent-guard'), { recursive: true });
  const dead = spawnSync('true').pid!;
  const stale = join(s.config, `agent-guard/.trusted.json.${dead}.abc.tmp`);
  const live = join(s.config, `agent-guard/.trusted.json.${process.pid}.abc.tmp`);
  writeFileSync(stale, '{');
  writeFileSync(live, '{');
  assert.equal(s.cli('trust', s.ws).status, 0);
  assert.equal(existsSync(stale), false);
  assert.equal(existsSync(live), true);
});

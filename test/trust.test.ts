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

/** A guard that leaves a marker when it is loaded, and denies `make deploy-prod`. */
const guardSource = (marker: string, extra = '') => `require('node:fs').appendFileSync(${JSON.stringify(marker)}, 'loaded\\n');${extra}
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
  assert.equal(existsSync(s.marker), false, 'its code never ran');
  assert.equal(
    r.stderr,
    'agent-guard: .claude/guards/deploy.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/deploy.js\n',
  );
  assert.match(
    s.cli('status', s.ws).stdout,
    /^guard: {5}\.claude\/guards\/deploy\.js not trusted: not run \(review it, then: agent-guard trust \.claude\/guards\/deploy\.js\)$/m,
  );
  const t = s.cli('test', s.ws);
  assert.equal(existsSync(s.marker), false, 'agent-guard test does not run it either');
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
  assert.equal(r.stderr, '');
  assert.match(s.cli('status', s.ws).stdout, /^guard: {5}\.claude\/guards\/deploy\.js trusted$/m);

  // One changed byte: skipped again, with its own reason.
  writeFileSync(join(s.ws, '.claude/guards/deploy.js'), guardSource(s.marker, ' '));
  const before = readFileSync(s.marker, 'utf8');
  const c = s.hook('make deploy-prod');
  assert.equal(c.stdout, '');
  assert.equal(readFileSync(s.marker, 'utf8'), before, 'the changed file did not run');
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

test('a trusted guard may require only built-in modules: the hash covers everything that runs', () => {
  const s = setup();
  writeFileSync(join(s.ws, '.claude/guards/_helper.js'), `require('node:fs').writeFileSync(${JSON.stringify(s.marker)}, 'helper ran');`);
  writeFileSync(join(s.ws, '.claude/guards/deploy.js'), `require('./_helper.js');\n${guardSource(s.marker)}`);
  s.cli('trust', s.ws);
  const r = s.hook('make deploy-prod');
  assert.equal(existsSync(s.marker), false);
  assert.equal(
    r.stderr,
    `agent-guard: .claude/guards/deploy.js skipped: it requires "./_helper.js", but a workspace guard is one file and may require only Node's built-in modules\n`,
  );
});

test("install's self-test never loads workspace guards, even trusted ones", () => {
  const s = setup();
  s.cli('trust', s.ws);
  const saved = process.env.XDG_CONFIG_HOME;
  process.env.XDG_CONFIG_HOME = s.config; // the self-test's hook inherits this process's environment
  try {
    const r = install({ workspace: s.ws, scope: 'project', home: join(s.root, 'home') }, { hookSource: readFileSync(HOOK, 'utf8'), version: '9.9.9' });
    assert.ok(r.ok, r.error);
    assert.equal(r.selfTest?.dangerousDenied, true);
  } finally {
    process.env.XDG_CONFIG_HOME = saved;
  }
  assert.equal(existsSync(s.marker), false);
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

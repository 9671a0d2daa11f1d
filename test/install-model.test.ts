// The installer model (core/install/target.ts): every host is a discovered target with the same
// four operations; plans write nothing; the orchestrator the CLI and the extension share treats
// an install for any one host as first-class in status, sync and uninstall.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle } from '../core/install/installer';
import { TARGETS } from '../core/install/registry';
import { installHosts, syncHosts, uninstallHosts, workspaceFiles } from '../core/install/orchestrate';
import { status } from '../core/install/status';
import { VSCODE_HOOKS_FILE } from '../core/install/targets/vscode';
import { managedPaths } from '../core/install/targets/managed';
import type { Place } from '../core/install/target';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(): { ws: string; home: string; place: (scope?: Place['scope']) => Place } {
  const base = mkdtempSync(join(tmpdir(), 'agent-guard-model-'));
  dirs.push(base);
  const ws = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  return { ws, home, place: (scope = 'project') => ({ workspace: ws, scope, home }) };
}

/** Every file under `dir` with its bytes (folders as "/"). */
function tree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (lstatSync(p).isDirectory()) Object.assign(out, { [`${prefix}${name}/`]: '' }, tree(p, `${prefix}${name}/`));
    else out[prefix + name] = readFileSync(p, 'utf8');
  }
  return out;
}

/** The files alone (uninstall leaves ~/.claude/ and ~/.gemini/, which it may not have created alone). */
const files = (dir: string) => Object.keys(tree(dir)).filter((k) => !k.endsWith('/'));

const outdatedHook = () => {
  const body = 'process.exit(0);\n';
  return `// agent-guard 0.0.1 sha256:${createHash('sha256').update(body).digest('hex')}\n${body}`;
};

test('the build discovers one target per host, each with the four operations', () => {
  assert.deepEqual(
    TARGETS.map((t) => [t.id, t.inAll, t.scopes.join()]),
    [
      ['claude', true, 'project,local,user'],
      ['vscode', true, 'project,local,user'],
      ['gemini', true, 'project,user'],
      ['copilot', true, 'project,user'],
      ['codex', true, 'project,user'],
      ['cursor', true, 'project,user'],
      ['opencode', true, 'project,user'],
      ['managed', false, ''],
      ['plugin', false, ''],
    ],
  );
  for (const t of TARGETS)
    for (const op of ['planInstall', 'planSync', 'planUninstall', 'installs', 'installed', 'describe', 'files'] as const)
      assert.equal(typeof t[op], 'function', `${t.id}.${op}`);
});

test('planning writes nothing: every target, every scope it has, into an empty workspace and home', () => {
  const { ws, home, place } = scratch();
  for (const t of TARGETS.filter((x) => x.inAll))
    for (const scope of t.scopes) {
      const changes = t.planInstall(place(scope), BUNDLE, { selfTest: false });
      assert.ok(
        changes.some((c) => c.kind === 'write'),
        `${t.id} ${scope}: plans a write`,
      );
      assert.deepEqual([tree(ws), tree(home)], [{}, {}], `${t.id} ${scope}: the plan changed a file`);
    }
  // Managed settings plan into their folder, and nothing is written there either.
  const managedDir = join(home, 'policy');
  mkdirSync(managedDir);
  const managed = TARGETS.find((t) => t.id === 'managed')!;
  assert.ok(managed.planInstall({ ...place(), managed: managedPaths('linux', managedDir) }, BUNDLE, {}).length > 0);
  assert.deepEqual(tree(managedDir), {});
});

test('each host alone: install, status counts it (active, current), sync updates its hook, uninstall leaves the folders as they were', () => {
  const cases: [string, Place['scope'], string][] = [
    ['claude', 'project', '.claude/settings.json'],
    ['claude', 'local', '.claude/settings.local.json'],
    ['vscode', 'project', VSCODE_HOOKS_FILE],
    ['gemini', 'project', '.gemini/settings.json'],
    ['gemini', 'user', '~/.gemini/settings.json'],
    ['copilot', 'user', 'hooks/agent-guard.json'],
  ];
  for (const [host, scope, label] of cases) {
    const { ws, home, place } = scratch();
    const name = `${host} ${scope}`;
    const r = installHosts(place(scope), BUNDLE, [host as never], { selfTest: false });
    assert.equal(r.error, undefined, name);
    let s = status(ws, home, BUNDLE);
    const entry = s.scopes.find((x) => x.host === host);
    assert.ok(entry?.label.endsWith(label), `${name}: ${JSON.stringify(s.scopes)}`);
    assert.deepEqual([s.active, s.current, entry?.installed, entry?.hook], [true, true, true, 'current'], `${name}: ${JSON.stringify(s)}`);
    // An older hook: not current; sync without --host finds this install and updates it.
    const hook = join(scope === 'user' ? home : ws, '.claude/hooks/agent-guard.cjs');
    writeFileSync(hook, outdatedHook());
    assert.equal(status(ws, home, BUNDLE).current, false, name);
    const synced = syncHosts(place(scope), BUNDLE);
    assert.equal(synced.error, undefined, name);
    assert.ok(
      // Named as the settings file is: relative to the folder, or from ~.
      synced.lines.some((l) => l.startsWith(`updated ${scope === 'user' ? '~/' : ''}.claude/hooks/agent-guard.cjs`)),
      `${name}: ${synced.lines.join('\n')}`,
    );
    s = status(ws, home, BUNDLE);
    assert.deepEqual([s.active, s.current], [true, true], name);
    const u = uninstallHosts(place(scope), BUNDLE);
    assert.equal(u.error, undefined, name);
    assert.deepEqual([files(ws), files(home)], [[], []], `${name}: uninstall left files`);
    // Nor the folders it created in the workspace (.claude/, .claude/hooks/, .gemini/, .github/hooks/).
    assert.deepEqual(tree(ws), {}, `${name}: uninstall left folders`);
  }
});

test('the CLI: install --host gemini only is guarded in status (exit 0), and sync and uninstall find it without --host', () => {
  const { ws, home } = scratch();
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), ...args], { encoding: 'utf8', env: { ...process.env, HOME: home, AGENT_GUARD_NO_LOG: '1' } });
  assert.equal(cli('install', '--host', 'gemini', '--no-self-test', ws).status, 0);
  let st = cli('status', ws);
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /^installed: \.gemini\/settings\.json \(hook file: current\)$/m);
  assert.match(st.stdout, /^host: {6}Gemini CLI: guarded; /m);
  assert.match(st.stdout, /^check: {5}\.gemini\/settings\.json: guarded; the installed hook command denied a test call \(rm -rf ~\), in \d+ ms$/m);
  writeFileSync(join(ws, '.claude/hooks/agent-guard.cjs'), outdatedHook());
  assert.equal(cli('status', ws).status, 1);
  const synced = cli('sync', ws);
  assert.equal(synced.status, 0, synced.stderr);
  st = cli('status', ws);
  assert.equal(st.status, 0, st.stdout);
  const un = cli('uninstall', ws);
  assert.equal(un.status, 0, un.stderr);
  assert.deepEqual(files(ws), []);
});

test('sync --host vscode where it was never installed is an error and writes nothing', () => {
  const { ws, place } = scratch();
  const r = syncHosts(place(), BUNDLE, { hosts: ['vscode'] });
  assert.equal(r.ok, false);
  assert.match(r.error!, /^Agent Guard is not installed for VS Code's agent/);
  assert.equal(existsSync(join(ws, '.github')), false);
  assert.deepEqual(tree(ws), {});
});

test("--host all: Copilot reads VS Code's project file, written once; sync --host all skips hosts never installed", () => {
  const { ws, place } = scratch();
  const r = installHosts(place(), BUNDLE, 'all', { selfTest: false });
  assert.equal(r.error, undefined);
  assert.equal(r.lines.filter((l) => l.includes(`wrote ${VSCODE_HOOKS_FILE}`)).length, 1, r.lines.join('\n'));
  assert.ok(existsSync(join(ws, '.gemini/settings.json')));
  rmSync(join(ws, '.gemini'), { recursive: true });
  const s = syncHosts(place(), BUNDLE, { hosts: 'all' });
  assert.equal(s.error, undefined);
  assert.equal(existsSync(join(ws, '.gemini')), false, 'sync does not install Gemini again');
});

test("the files installs write in a workspace (the extension's watcher follows these)", () => {
  assert.deepEqual(workspaceFiles(), [
    '.claude/hooks/agent-guard.cjs',
    '.claude/settings.json',
    '.claude/settings.local.json',
    '.codex/hooks.json',
    '.cursor/hooks.json',
    '.gemini/settings.json',
    '.github/hooks/agent-guard.json',
    '.opencode/plugins/agent-guard.js',
  ]);
});

test('--host all installs into the hosts found on this machine (a program on PATH or a config folder) and says which', () => {
  const { ws, home, place } = scratch();
  mkdirSync(join(home, '.codex'));
  mkdirSync(join(home, '.cursor'));
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    const r = installHosts(place(), BUNDLE, 'all', { selfTest: false });
    assert.equal(r.error, undefined);
    assert.deepEqual(r.lines.slice(0, 2), [
      'found on this machine: Codex CLI (~/.codex), Cursor (~/.cursor)',
      'not found, so not installed: OpenCode (install one anyway with --host <name>)',
    ]);
    assert.ok(existsSync(join(ws, '.codex/hooks.json')));
    assert.ok(existsSync(join(ws, '.cursor/hooks.json')));
    assert.equal(existsSync(join(ws, '.opencode')), false);
  } finally {
    process.env.PATH = path;
  }
});

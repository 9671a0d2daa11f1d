// Cursor's and OpenCode's installs: what they write, that status reads them back, and that
// uninstall gives every byte back. (Codex's is in codex-install.test.ts; what the real CLIs do with
// the files is in test/real-hosts.)

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'acorn';
import { installHosts, syncHosts, uninstallHosts } from '../core/install/orchestrate';
import { hostLines, status } from '../core/install/status';
import { opencodePlugin } from '../core/install/targets/opencode';
import type { Bundle } from '../core/install/installer';

const BUNDLE: Bundle = { hookSource: '// hook\n', version: '9.9.9' };
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch() {
  const base = mkdtempSync(join(tmpdir(), 'agent-guard-hosts-install-'));
  dirs.push(base);
  const ws = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  return { ws, home };
}

test("Cursor: the entry joins the person's hooks in Cursor's format; status reads it; uninstall gives the bytes back", () => {
  const { ws, home } = scratch();
  mkdirSync(join(ws, '.cursor'));
  const mine = '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./fmt.sh" }]\n  }\n}\n';
  writeFileSync(join(ws, '.cursor', 'hooks.json'), mine);
  const place = { workspace: ws, scope: 'project' as const, home };
  const r = installHosts(place, BUNDLE, ['cursor'], { selfTest: false });
  assert.equal(r.error, undefined, r.error);
  const written = JSON.parse(readFileSync(join(ws, '.cursor', 'hooks.json'), 'utf8'));
  assert.deepEqual(Object.keys(written.hooks), ['afterFileEdit', 'preToolUse']);
  assert.equal(written.hooks.preToolUse.length, 1);
  assert.equal(written.hooks.preToolUse[0].timeout, 10);
  assert.match(written.hooks.preToolUse[0].command, /\.claude\/hooks\/agent-guard\.cjs/);
  const line = hostLines(place, BUNDLE, status(ws, home, BUNDLE)).find((h) => h.host === 'cursor');
  assert.deepEqual(line, { host: 'cursor', runs: true, detail: '.cursor/hooks.json' });
  assert.equal(syncHosts(place, BUNDLE, { hosts: ['cursor'] }).ok, true);
  const u = uninstallHosts(place, BUNDLE, { hosts: ['cursor'] });
  assert.equal(u.error, undefined, u.error);
  assert.equal(readFileSync(join(ws, '.cursor', 'hooks.json'), 'utf8'), mine);
});

test('Cursor --user creates ~/.cursor/hooks.json with version 1 and removes it again; there is no --local', () => {
  const { ws, home } = scratch();
  const place = { workspace: ws, scope: 'user' as const, home };
  assert.equal(installHosts(place, BUNDLE, ['cursor'], { selfTest: false }).error, undefined);
  const file = join(home, '.cursor', 'hooks.json');
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(file, 'utf8'))), ['version', 'hooks']);
  assert.equal(uninstallHosts(place, BUNDLE, { hosts: ['cursor'] }).error, undefined);
  assert.equal(existsSync(file), false);
  assert.match(
    installHosts({ ...place, scope: 'local' }, BUNDLE, ['cursor'], { selfTest: false }).error ?? '',
    /Cursor has no personal per-project hooks file/,
  );
});

test('OpenCode: the plugin is one ES module of our own, rewritten by sync, refused over a file of the person', () => {
  const { ws, home } = scratch();
  const place = { workspace: ws, scope: 'project' as const, home };
  assert.equal(installHosts(place, BUNDLE, ['opencode'], { selfTest: false }).error, undefined);
  const file = join(ws, '.opencode', 'plugins', 'agent-guard.js');
  const text = readFileSync(file, 'utf8');
  assert.equal(text, opencodePlugin(null));
  assert.doesNotThrow(() => parse(text, { ecmaVersion: 'latest', sourceType: 'module' }));
  assert.equal(hostLines(place, BUNDLE, status(ws, home, BUNDLE)).find((h) => h.host === 'opencode')?.runs, true);
  writeFileSync(file, `${text}// changed\n`);
  assert.match(
    status(ws, home, BUNDLE)
      .scopes.find((s) => s.host === 'opencode')
      ?.problems.join() ?? '',
    /differs from what this version writes/,
  );
  assert.equal(syncHosts(place, BUNDLE, { hosts: ['opencode'] }).error, undefined);
  assert.equal(readFileSync(file, 'utf8'), text);
  assert.equal(uninstallHosts(place, BUNDLE, { hosts: ['opencode'] }).error, undefined);
  assert.equal(existsSync(join(ws, '.opencode')), false, 'the folders it created go too');
  mkdirSync(join(ws, '.opencode', 'plugins'), { recursive: true });
  writeFileSync(file, 'export default {};\n');
  assert.match(installHosts(place, BUNDLE, ['opencode'], { selfTest: false }).error ?? '', /is not Agent Guard's; refusing to overwrite it/);
  assert.equal(readFileSync(file, 'utf8'), 'export default {};\n');
});

test('OpenCode --user names the hook file by its absolute path', () => {
  const { ws, home } = scratch();
  const saved = process.env.XDG_CONFIG_HOME;
  delete process.env.XDG_CONFIG_HOME;
  try {
    const place = { workspace: ws, scope: 'user' as const, home };
    assert.equal(installHosts(place, BUNDLE, ['opencode'], { selfTest: false }).error, undefined);
    const text = readFileSync(join(home, '.config', 'opencode', 'plugins', 'agent-guard.js'), 'utf8');
    assert.equal(text, opencodePlugin(join(home, '.claude', 'hooks', 'agent-guard.cjs')));
  } finally {
    if (saved !== undefined) process.env.XDG_CONFIG_HOME = saved;
  }
});

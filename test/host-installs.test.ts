// Cursor's, OpenCode's, Qwen Code's, droid's, Kilo's and Cline's installs: what they write, that status reads them back, and that
// uninstall gives every byte back. (Codex's is in codex-install.test.ts; what the real CLIs do with
// the files is in test/real-hosts.)

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

// Qwen Code, droid, Kilo and Cline: project and user, status, sync, uninstall as the exact inverse.
const NEW_HOSTS = [
  // [host, project file, user file (HOME-relative)]
  ['qwen', '.qwen/settings.json', '.qwen/settings.json'],
  ['droid', '.factory/hooks.json', '.factory/hooks.json'],
  ['kilo', '.kilo/plugins/agent-guard.js', '.config/kilo/plugins/agent-guard.js'],
  ['cline', '.clinerules/hooks/PreToolUse', '.cline/hooks/PreToolUse'],
] as const;

for (const [host, projectFile, userFile] of NEW_HOSTS) {
  test(`${host}: install, status, sync and uninstall, for the project and the user; uninstall leaves no file behind`, () => {
    for (const scope of ['project', 'user'] as const) {
      const { ws, home } = scratch();
      const place = { workspace: ws, scope, home };
      const file = scope === 'user' ? join(home, userFile) : join(ws, projectFile);
      const r = installHosts(place, BUNDLE, [host], { selfTest: false });
      assert.equal(r.error, undefined, r.error);
      assert.ok(existsSync(file), `${scope}: ${file}`);
      const line = hostLines(place, BUNDLE, status(ws, home, BUNDLE)).find((h) => h.host === host);
      assert.equal(line?.runs, true, JSON.stringify(line));
      assert.equal(syncHosts(place, BUNDLE, { hosts: [host] }).ok, true);
      const u = uninstallHosts(place, BUNDLE, { hosts: [host] });
      assert.equal(u.error, undefined, u.error);
      assert.equal(existsSync(file), false);
      // Folders the person may keep using stay; no file of ours does.
      const left = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory());
      assert.deepEqual([left(ws), left(home)], [[], []], `${scope}: what uninstall left`);
    }
  });
}

test("Qwen Code and droid: the entry joins the person's hooks in Claude Code's form; uninstall gives the bytes back", () => {
  for (const [host, rel, mine, event] of [
    ['qwen', '.qwen/settings.json', '{\n  // mine\n  "model": { "name": "qwen3-coder" },\n  "hooks": { "Stop": [] }\n}\n', ['hooks', 'PreToolUse']],
    [
      'droid',
      '.factory/hooks.json',
      '{\n  "PostToolUse": [ { "matcher": "Edit", "hooks": [ { "type": "command", "command": "./fmt.sh" } ] } ]\n}\n',
      ['PreToolUse'],
    ],
  ] as const) {
    const { ws, home } = scratch();
    mkdirSync(join(ws, rel, '..'), { recursive: true });
    writeFileSync(join(ws, rel), mine);
    const place = { workspace: ws, scope: 'project' as const, home };
    assert.equal(installHosts(place, BUNDLE, [host], { selfTest: false }).error, undefined);
    const text = readFileSync(join(ws, rel), 'utf8');
    const written = JSON.parse(text.replace('// mine\n', '')) as Record<string, unknown>;
    const groups = event.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], written) as { matcher: string; hooks: Record<string, unknown>[] }[];
    assert.equal(groups.length, 1, text);
    assert.equal(groups[0]!.matcher, '*');
    assert.deepEqual([groups[0]!.hooks[0]!.type, groups[0]!.hooks[0]!.timeout], ['command', 10]);
    assert.match(String(groups[0]!.hooks[0]!.command), /\.claude\/hooks\/agent-guard\.cjs/);
    assert.equal(uninstallHosts(place, BUNDLE, { hosts: [host] }).error, undefined);
    assert.equal(readFileSync(join(ws, rel), 'utf8'), mine);
  }
});

test("Cline: the hook program is executable, runs with node (Cline reads its #! line), and a PreToolUse of the person's is never overwritten", () => {
  const { ws, home } = scratch();
  const place = { workspace: ws, scope: 'project' as const, home };
  assert.equal(installHosts(place, BUNDLE, ['cline'], { selfTest: false }).error, undefined);
  const file = join(ws, '.clinerules/hooks/PreToolUse');
  const text = readFileSync(file, 'utf8');
  assert.ok(text.startsWith('#!/usr/bin/env node\n// agent-guard: Cline hook'), text.slice(0, 80));
  assert.equal(statSync(file).mode & 0o111, 0o111);
  parse(text.replace(/^#!.*\n/, ''), { ecmaVersion: 'latest', sourceType: 'script' });
  assert.equal(uninstallHosts(place, BUNDLE, { hosts: ['cline'] }).error, undefined);
  mkdirSync(join(ws, '.clinerules/hooks'), { recursive: true });
  writeFileSync(file, '#!/bin/sh\necho {}\n');
  assert.match(installHosts(place, BUNDLE, ['cline'], { selfTest: false }).error ?? '', /exists and is not Agent Guard's; refusing to overwrite it/);
  assert.equal(readFileSync(file, 'utf8'), '#!/bin/sh\necho {}\n');
});

test('Cline: the hook program hands the payload to the hook and the answer to Cline; with the hook file gone it blocks the call and says why', () => {
  const { ws, home } = scratch();
  const place = { workspace: ws, scope: 'project' as const, home };
  const hook = `process.stdout.write(JSON.stringify({ got: JSON.parse(require('fs').readFileSync(0, 'utf8')).hookName }));\n`;
  assert.equal(installHosts(place, { hookSource: hook, version: '9.9.9' }, ['cline'], { selfTest: false }).error, undefined);
  const program = join(ws, '.clinerules/hooks/PreToolUse');
  const run = () => spawnSync('node', [program], { input: JSON.stringify({ hookName: 'tool_call' }), encoding: 'utf8' });
  assert.deepEqual(JSON.parse(run().stdout), { got: 'tool_call' });
  rmSync(join(ws, '.claude/hooks/agent-guard.cjs'));
  const answer = JSON.parse(run().stdout);
  assert.match(
    answer.context,
    /^agent-guard: the hook file \.claude\/hooks\/agent-guard\.cjs is missing \(run: agent-guard sync --host cline\), so this call was not run/,
  );
  assert.equal(answer.overrideInput, answer.context);
});

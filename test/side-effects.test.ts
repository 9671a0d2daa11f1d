// What the extension tells the user Install, Sync and Uninstall changed (client/side-effects.ts),
// taken from a real install into a scratch folder.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changes, describeChanges, snapshot } from '../client/side-effects';
import type { Bundle } from '../core/install/installer';
import { install, uninstall } from '../core/install/targets/claude';
import { installVsCode, uninstallVsCode } from '../core/install/targets/vscode';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };

test('install and uninstall: every file written or removed, relative to the folder', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-effects-'));
  mkdirSync(join(ws, '.claude'));
  writeFileSync(join(ws, '.claude/settings.json'), '{ "model": "opus" }\n');
  const target = { workspace: ws, scope: 'project' as const, home: ws };
  let before = snapshot(ws);
  assert.ok(install(target, BUNDLE, { selfTest: false }).ok);
  assert.ok(installVsCode(ws, BUNDLE, { selfTest: false }).ok);
  const made = changes(before, snapshot(ws));
  const rels = made.map((c) => `${c.how} ${c.rel}`);
  for (const want of [
    'created .claude/hooks/agent-guard.cjs',
    'created .claude/hooks/agent-guard.install.json',
    'updated .claude/settings.json',
    'created .github/hooks/agent-guard.json',
  ])
    assert.ok(rels.includes(want), `${want} in ${rels.join(', ')}`);
  assert.ok(
    made.every((c) => !c.rel.startsWith('/')),
    'relative paths only',
  );
  assert.match(describeChanges(made), /^created .*\.claude\/hooks\/agent-guard\.cjs.*; updated .*\.claude\/settings\.json/);
  // Nothing new: nothing said.
  before = snapshot(ws);
  assert.ok(install(target, BUNDLE, { selfTest: false }).ok);
  assert.deepEqual(changes(before, snapshot(ws)), []);
  assert.equal(describeChanges([]), 'nothing changed');
  before = snapshot(ws);
  assert.ok(uninstallVsCode(ws, BUNDLE).ok);
  assert.ok(uninstall(target, BUNDLE).ok);
  const gone = changes(before, snapshot(ws)).map((c) => `${c.how} ${c.rel}`);
  for (const want of ['removed .claude/hooks/agent-guard.cjs', 'removed .github/hooks/agent-guard.json', 'updated .claude/settings.json'])
    assert.ok(gone.includes(want), `${want} in ${gone.join(', ')}`);
});

test('the decision log is not a side effect of installing', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-effects-'));
  mkdirSync(join(ws, '.claude/agent-guard'), { recursive: true });
  const before = snapshot(ws);
  writeFileSync(join(ws, '.claude/agent-guard/decisions.jsonl'), '{}\n');
  assert.deepEqual(changes(before, snapshot(ws)), []);
});

// The plugin beside a project install: both copies of the hook run for one call (Claude Code keeps a
// plugin's handler separate from the settings' one), give the same decision, and log it once, even
// when they interleave; and `status` reads Claude Code's plugin registry.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendDecision } from '../core/guards/decision-log';
import { pluginInstalls } from '../core/install/targets/plugin';
import type { ToolCall } from '../core/guards/types';

const call = (command: string): ToolCall => ({ tool: 'Bash', input: { command }, cwd: '/w', command, path: null, edits: null });
const verdict = { decision: 'deny' as const, guardId: 'force-push-protected', reason: 'no' };

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-coexist-'));
  mkdirSync(join(dir, '.claude'));
  return dir;
}

const lines = (dir: string) =>
  readFileSync(join(dir, '.claude/agent-guard/decisions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).key);

test('one call logged once even when another call was logged between the two copies', () => {
  const dir = project();
  const now = new Date();
  // Copy 1 of call A, then call B, then copy 2 of call A: the last-line check alone would log A twice.
  appendDecision(dir, call('git push --force origin main'), verdict, 'toolu_A', [], now);
  appendDecision(dir, call('rm -rf ~'), verdict, 'toolu_B', [], now);
  appendDecision(dir, call('git push --force origin main'), verdict, 'toolu_A', [], now);
  assert.deepEqual(lines(dir), ['toolu_A', 'toolu_B']);
});

test('claims expire with the dedupe window and are cleaned up', () => {
  const dir = project();
  const t0 = new Date();
  appendDecision(dir, call('x'), verdict, 'toolu_A', [], t0);
  const old = (Date.now() - 60_000) / 1000;
  utimesSync(join(dir, '.claude/agent-guard/.call-toolu_A'), old, old);
  appendDecision(dir, call('y'), verdict, 'toolu_B', [], t0);
  assert.deepEqual(
    readdirSync(join(dir, '.claude/agent-guard')).filter((f) => f.startsWith('.call-')),
    ['.call-toolu_B'],
    'the stale claim of A is gone',
  );
  appendDecision(dir, call('x'), verdict, 'toolu_A', [], t0);
  assert.deepEqual(lines(dir), ['toolu_A', 'toolu_B', 'toolu_A'], 'A again after the window: a new line');
});

test('pluginInstalls: the agent-guard entries of installed_plugins.json, enabled by the last settings layer that says', () => {
  const home = mkdtempSync(join(tmpdir(), 'agent-guard-plugins-'));
  const claudeDir = join(home, '.claude');
  const ws = join(home, 'ws');
  const installPath = join(claudeDir, 'plugins/cache/agent-guard/agent-guard/0.1.0');
  mkdirSync(join(installPath, 'hooks'), { recursive: true });
  mkdirSync(join(installPath, 'dist'));
  mkdirSync(join(ws, '.claude'), { recursive: true });
  writeFileSync(join(installPath, 'hooks/hooks.json'), '{}');
  writeFileSync(join(installPath, 'dist/hook.cjs'), '');
  writeFileSync(
    join(claudeDir, 'plugins/installed_plugins.json'),
    JSON.stringify({
      version: 2,
      plugins: {
        'agent-guard@agent-guard': [{ scope: 'user', installPath, version: '0.1.0' }],
        'agent-guard@other': [{ scope: 'project', installPath: join(home, 'missing'), version: '0.0.9', projectPath: '/elsewhere' }],
        'other-plugin@x': [{ scope: 'user', installPath, version: '1.0.0' }],
      },
    }),
  );
  writeFileSync(join(claudeDir, 'settings.json'), '{ "enabledPlugins": { "agent-guard@agent-guard": true } }');
  assert.deepEqual(pluginInstalls(ws, claudeDir), [
    { id: 'agent-guard@agent-guard', scope: 'user', version: '0.1.0', installPath, enabled: true, hookPresent: true },
  ]);
  writeFileSync(join(ws, '.claude/settings.local.json'), '{ "enabledPlugins": { "agent-guard@agent-guard": false } }');
  assert.equal(pluginInstalls(ws, claudeDir)[0]!.enabled, false, 'the local layer switched it off');
  assert.deepEqual(pluginInstalls(ws, join(home, 'nothing')), []);
});

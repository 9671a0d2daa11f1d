// In a workspace with nothing for agents (no .claude, CLAUDE.md or AGENTS.md) the extension stays asleep.

import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { runAll, test } from './harness';

test('does not activate where there is nothing to guard', async () => {
  const ext = vscode.extensions.getExtension('agent-guard.agent-guard');
  assert.ok(ext, 'installed');
  await new Promise((r) => setTimeout(r, 3000));
  assert.equal(ext.isActive, false);
});

export function run(): Promise<void> {
  return runAll('inactive');
}

// VS Code workspace trust: what the manifest declares and what the command gate does. The same
// behaviour runs in a real VS Code (code-server, Restricted Mode) in test/e2e/suite/restricted.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESTRICTED_MODE_DESCRIPTION, TRUSTED_COMMANDS, TRUST_WHEN, requireTrust, restrictedMessage } from '../client/trust';

const manifest = JSON.parse(readFileSync(join(process.env.AGENT_GUARD_ROOT!, 'package.json'), 'utf8'));

test('the manifest declares limited support for untrusted workspaces, with the description the code uses', () => {
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces, { supported: 'limited', description: RESTRICTED_MODE_DESCRIPTION });
});

test('exactly install, sync, Check a Command and Replay Past Sessions are hidden from the Command Palette in Restricted Mode', () => {
  assert.deepEqual(Object.keys(TRUSTED_COMMANDS), ['agentGuard.install', 'agentGuard.sync', 'agentGuard.checkCommand', 'agentGuard.replay']);
  const palette = manifest.contributes.menus.commandPalette as { command: string; when: string }[];
  assert.deepEqual(
    palette.filter((m) => m.when !== 'false'),
    Object.keys(TRUSTED_COMMANDS).map((command) => ({ command, when: TRUST_WHEN })),
  );
  // The rest are internal (run from the view, a panel or a link), never from the palette.
  assert.deepEqual(
    palette
      .filter((m) => m.when === 'false')
      .map((m) => m.command)
      .sort(),
    [
      'agentGuard.allowBlockedCall',
      'agentGuard.applyPreviewed',
      'agentGuard.copyAlternative',
      'agentGuard.openRuleDocumentation',
      'agentGuard.refreshView',
      'agentGuard.replaceText',
      'agentGuard.showBlockedCall',
      'agentGuard.teachAgent',
    ],
  );
  const declared = new Set(manifest.contributes.commands.map((c: { command: string }) => c.command));
  for (const id of Object.keys(TRUSTED_COMMANDS)) assert.ok(declared.has(id), id);
});

test('a gated command refuses with a clear message while the folder is untrusted, and runs once it is trusted', () => {
  let trusted = false;
  const refusals: string[] = [];
  const calls: string[] = [];
  const install = requireTrust(
    'agentGuard.install',
    () => trusted,
    (m) => refusals.push(m),
    (folder: string) => {
      calls.push(folder);
      return true;
    },
  );
  assert.equal(install('/w'), undefined);
  assert.deepEqual(calls, []);
  assert.deepEqual(refusals, [
    'Agent Guard: Install Guards is not available in Restricted Mode, because it writes the hook into this folder and runs it, or runs git here. Trust the folder to use it; linting works either way.',
  ]);
  trusted = true;
  assert.equal(install('/w'), true);
  assert.deepEqual(calls, ['/w']);
  assert.equal(refusals.length, 1);
});

test('commands that only read or lint are not gated', () => {
  const status = () => 'status';
  for (const id of ['agentGuard.showStatus', 'agentGuard.showBlockedCalls', 'agentGuard.uninstall', 'agentGuard.restartServer']) {
    assert.equal(
      requireTrust(
        id,
        () => false,
        () => assert.fail('refused'),
        status,
      ),
      status,
      id,
    );
  }
  assert.match(restrictedMessage('Check a Command'), /^Agent Guard: Check a Command is not available in Restricted Mode/);
});

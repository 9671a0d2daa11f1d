// Restricted Mode in a real VS Code: a folder the user has not trusted, holding a hostile
// repository (git fsmonitor that writes a marker, a workspace guard that writes one when loaded)
// and an outdated Agent Guard install. The linter runs; install, sync, auto-sync and Check a
// Command do nothing and say why; nothing from the workspace runs. Then the folder is trusted:
// auto-sync catches up, and Check a Command runs git without running the repository's config.

import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAll, test, waitFor } from './harness';
import type { AgentGuardApi } from '../../../client/extension';

const EXTENSION_ID = 'agent-guard.agent-guard';
let api: AgentGuardApi;
const folder = () => vscode.workspace.workspaceFolders![0]!;
const root = () => folder().uri.fsPath;
const markers = () => readdirSync(`${root()}-markers`);
const HOOK = () => join(root(), '.claude/hooks/agent-guard.cjs');
let hookAtStart = '';

test('the folder is untrusted: VS Code runs in Restricted Mode', () => {
  assert.equal(vscode.workspace.isTrusted, false);
  hookAtStart = readFileSync(HOOK(), 'utf8');
});

test('the extension activates there (limited support)', async () => {
  const ext = vscode.extensions.getExtension<AgentGuardApi>(EXTENSION_ID);
  assert.ok(ext);
  assert.equal(ext.packageJSON.capabilities.untrustedWorkspaces.supported, 'limited');
  await waitFor('activation', () => ext.isActive);
  api = ext.exports;
});

test('the linter runs: CLAUDE.md gets its diagnostics', async () => {
  const uri = vscode.Uri.joinPath(folder().uri, 'CLAUDE.md');
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const ds = await waitFor('diagnostics', () => {
    const d = vscode.languages.getDiagnostics(uri);
    return d.some((x) => /force-push-protected/.test(x.message)) ? d : undefined;
  });
  assert.ok(
    ds.some((d) => /secret-read/.test(d.message)),
    ds.map((d) => d.message).join(' | '),
  );
});

test('auto-sync leaves the outdated hook alone; the status bar still reports it', async () => {
  await waitFor('status', () => /Guard outdated/.test(api.statusText(folder().uri) ?? ''));
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(readFileSync(HOOK(), 'utf8'), hookAtStart);
});

test('install, sync and Check a Command are unavailable and change nothing', async () => {
  const settings = readFileSync(join(root(), '.claude/settings.json'), 'utf8');
  assert.equal(await vscode.commands.executeCommand('agentGuard.install', { folder: folder().uri, scope: 'local', host: 'claude', quiet: true }), undefined);
  assert.equal(existsSync(join(root(), '.claude/settings.local.json')), false);
  assert.equal(await vscode.commands.executeCommand('agentGuard.sync', { folder: folder().uri, force: true, quiet: true }), undefined);
  assert.equal(await vscode.commands.executeCommand('agentGuard.checkCommand', 'git add -A'), undefined);
  assert.equal(readFileSync(HOOK(), 'utf8'), hookAtStart);
  assert.equal(readFileSync(join(root(), '.claude/settings.json'), 'utf8'), settings);
});

test('reading commands still work: status', async () => {
  const s = await vscode.commands.executeCommand<{ scopes: { installed: boolean; hook: string }[] }>('agentGuard.showStatus', {
    folder: folder().uri,
    quiet: true,
  });
  assert.ok(s?.scopes.some((x) => x.installed && x.hook === 'outdated'));
});

test('nothing from the workspace ran while restricted (git config, workspace guard)', () => {
  assert.deepEqual(markers(), []);
});

test('trusting the folder (in the Workspace Trust editor) brings the automatic sync', async () => {
  // The launcher clicks "Trust" when the editor shows up.
  await vscode.commands.executeCommand('workbench.trust.manage');
  await waitFor('trust', () => vscode.workspace.isTrusted, 120000);
  await waitFor('the automatic sync', () => /Guarded/.test(api.statusText(folder().uri) ?? ''), 30000);
  assert.notEqual(readFileSync(HOOK(), 'utf8'), hookAtStart);
});

test('trusted, Check a Command asks git through the hardened runner: the repository config does not run', async () => {
  const r = await vscode.commands.executeCommand<{ decision: string; guard?: string }>('agentGuard.checkCommand', 'git add -A');
  assert.deepEqual({ decision: r?.decision, guard: r?.guard }, { decision: 'deny', guard: 'bulk-add-secrets' });
  assert.deepEqual(markers(), []);
});

export function run(): Promise<void> {
  return runAll('restricted');
}

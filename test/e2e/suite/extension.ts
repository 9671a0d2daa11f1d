// The extension in a real VS Code (code-server's extension host, or a desktop VS Code via
// @vscode/test-electron): activation, diagnostics and quick fixes from the language server,
// install/status/uninstall through the commands, and the status bar.

import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runAll, test, waitFor } from './harness';
import type { AgentGuardApi } from '../../../client/extension';

const EXTENSION_ID = 'agent-guard.agent-guard';
let api: AgentGuardApi;
const folder = () => vscode.workspace.workspaceFolders![0]!;
const file = (rel: string) => vscode.Uri.joinPath(folder().uri, rel);
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const diagnostics = (uri: vscode.Uri, code: string) => vscode.languages.getDiagnostics(uri).filter((d) => codeOf(d) === code);

test('activates in a workspace with .claude, without being asked', async () => {
  const ext = vscode.extensions.getExtension<AgentGuardApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is installed`);
  assert.ok(!ext.packageJSON.activationEvents.includes('*'), 'never activates on *');
  await waitFor('activation', () => ext.isActive);
  api = ext.exports;
  assert.ok(api.activationMs < 2000, `activate() took ${api.activationMs} ms`);
});

async function fixAndCheck(rel: string, code: string, expectAfter: RegExp, title?: RegExp): Promise<void> {
  const uri = file(rel);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const [d] = await waitFor(`${code} on ${rel}`, () => {
    const ds = diagnostics(uri, code);
    return ds.length > 0 ? ds : undefined;
  });
  // Severity model: an instruction that leaks a secret if followed is an error.
  if (code === 'AG-CMD-001') assert.equal(d!.severity, vscode.DiagnosticSeverity.Error);
  // The code link opens the rule page shipped with the extension, as a Markdown preview.
  const target = (d!.code as { target: vscode.Uri }).target;
  assert.equal(target.scheme, 'command');
  assert.equal(target.path, 'agentGuard.openRuleDocumentation');
  assert.deepEqual(JSON.parse(decodeURIComponent(target.query)), [code]);
  // A request can be cancelled while the server re-lints the just-opened document; ask again, as the lightbulb does.
  const actions = await waitFor('code actions', async () => {
    const acts = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      d!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    return acts.some((a) => (title ? title.test(a.title) : a.isPreferred)) ? acts : undefined;
  });
  const fix = actions.find((a) => (title ? title.test(a.title) : a.isPreferred));
  assert.ok(fix?.edit, `a ${title ? 'matching' : 'preferred'} quick fix for ${code}: ${actions.map((a) => a.title).join(', ')}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.match(doc.getText(), expectAfter);
  await waitFor(`${code} to go away after the fix`, () => diagnostics(uri, code).length === 0);
  await doc.save();
}

test('CLAUDE.md that says `cat .env`: diagnostic, quick fix, diagnostic gone', () => fixAndCheck('CLAUDE.md', 'AG-CMD-001', /`grep -o '\^\[A-Z_\]\*=' \.env`/));

test('agent with a tools allowlist: diagnostic, fix to disallowedTools, diagnostic gone', () =>
  fixAndCheck('.claude/agents/analyzer.md', 'AG-AGT-004', /^disallowedTools: .*Bash/m, /disallowedTools/));

test('workflow script with an illegal export: diagnostic, fix drops export, diagnostic gone', () =>
  fixAndCheck('.claude/workflows/qa.js', 'AG-WF-001', /^function helper/m));

test('workflow script with new Date(): the quick fix takes the time from args, diagnostic gone', () =>
  fixAndCheck(
    '.claude/workflows/stamp.js',
    'AG-WF-003',
    /^if \(typeof A\.now !== 'number'\) throw .*\n.*\$\{new Date\(A\.now\)\.toISOString\(\)\}/m,
    /^Take the time from args\.now/,
  ));

test('the status bar says "Not guarded" before install', async () => {
  await api.refresh();
  assert.match(api.statusText(folder().uri) ?? '', /Not guarded/);
});

test('the rule page ships with the extension and opens as a Markdown preview (Problems link, hover, code action)', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  assert.ok(existsSync(join(ext.extensionPath, 'docs/rules/AG-CMD-001.md')));
  const opened = await vscode.commands.executeCommand<vscode.Uri>('agentGuard.openRuleDocumentation', 'AG-CMD-001');
  assert.equal(opened.fsPath, join(ext.extensionPath, 'docs/rules/AG-CMD-001.md'));
  const preview = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType) && /AG-CMD-001/.test(t.label));
  await waitFor('a Markdown preview of AG-CMD-001', preview);
  // The server's "Show documentation" action (window/showDocument) lands in the same preview.
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('agentGuard.showRuleDocumentation', 'AG-CMD-001');
  await waitFor('the preview again, from the code action', preview);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

const settingsUri = () => file('.claude/settings.json');
test('the closed settings file says "not installed" before install', async () => {
  await waitFor('AG-SET-008 on .claude/settings.json', () => diagnostics(settingsUri(), 'AG-SET-008').length === 1);
});

test('before install: the view offers Install in the folder, and "not installed" has a quick fix that runs it', async () => {
  const view = api.view();
  view.refresh();
  const [root] = view.getChildren();
  assert.equal(view.getTreeItem(root!).description, 'Not guarded');
  assert.equal(view.getTreeItem(root!).contextValue, 'folder.unguarded', 'the inline Install button shows on it');
  const [first] = view.getChildren(root);
  assert.equal(first!.kind, 'install');
  const item = view.getTreeItem(first!);
  assert.equal(item.label, 'Install the guards…');
  assert.equal(item.command?.command, 'agentGuard.install');
  const doc = await vscode.workspace.openTextDocument(settingsUri());
  await vscode.window.showTextDocument(doc);
  const [d] = await waitFor('AG-SET-008 on the open settings file', () => {
    const ds = diagnostics(settingsUri(), 'AG-SET-008');
    return ds.length > 0 ? ds : undefined;
  });
  let acts: vscode.CodeAction[] = [];
  for (let attempt = 0; attempt < 50 && !acts.some((a) => a.title === 'Install Agent Guard in this folder…'); attempt++) {
    try {
      acts = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        settingsUri(),
        d!.range,
        vscode.CodeActionKind.QuickFix.value,
      );
    } catch (err) {
      throw new Error(`code actions failed: ${(err as Error).stack}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const install = acts.find((a) => a.title === 'Install Agent Guard in this folder…');
  assert.ok(install?.command, acts.map((a) => a.title).join(', '));
  assert.equal(install.isPreferred, true);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('the manifest: Refresh stays out of the command palette; opening the view does not tick "See what a block looks like"', () => {
  const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
  const palette = pkg.contributes.menus.commandPalette as { command: string; when: string }[];
  assert.equal(palette.find((m) => m.command === 'agentGuard.refreshView')?.when, 'false');
  const steps = pkg.contributes.walkthroughs[0].steps as { id: string; completionEvents?: string[] }[];
  for (const st of steps) assert.ok(!(st.completionEvents ?? []).some((e) => e.startsWith('onView:')), st.id);
});

test('hover on a command: the verdict and a trusted [Replace] link that puts the alternative in place', async () => {
  const uri = file('.claude/rules/assist.md');
  await vscode.workspace.fs.writeFile(uri, Buffer.from('# Release\n\nPublish with `git push --force origin main`.\n'));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  await waitFor('AG-CMD-001 on the new rules file', () => diagnostics(uri, 'AG-CMD-001').length === 1);
  const hovers = await waitFor('our hover', async () => {
    const hs = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(2, 20));
    return hs.some((h) => h.contents.some((c) => (c as vscode.MarkdownString).value?.includes('force-push-protected'))) ? hs : undefined;
  });
  const md = hovers.flatMap((h) => h.contents as vscode.MarkdownString[]).find((c) => c.value.includes('force-push-protected'))!;
  assert.match(md.value, /Agent Guard would deny this command/);
  assert.match(md.value, /\*\*AG-CMD-001\*\* unsafe-command: /);
  const link = /\[Replace\]\(command:agentGuard\.replaceText\?([^ )]+)/.exec(md.value);
  assert.ok(link, md.value);
  assert.ok(md.isTrusted === true || (typeof md.isTrusted === 'object' && md.isTrusted.enabledCommands.includes('agentGuard.replaceText')), 'the link can run');
  const [arg] = JSON.parse(decodeURIComponent(link[1]!));
  assert.equal(await vscode.commands.executeCommand('agentGuard.replaceText', arg), true);
  assert.equal(doc.getText(), '# Release\n\nPublish with `git push origin main`.\n');
  await waitFor('the finding to go', () => diagnostics(uri, 'AG-CMD-001').length === 0);
  await doc.save();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.delete(uri);
});

test('code lenses: how many instructions the guard would block, and Fix all as one edit', async () => {
  const uri = file('.claude/rules/lens.md');
  await vscode.workspace.fs.writeFile(uri, Buffer.from('# Setup\n\nRun `cat .env`, then `git push --force origin main`.\n'));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const lenses = await waitFor('the lenses', async () => {
    const ls = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    return ls.length >= 2 ? ls : undefined;
  });
  assert.deepEqual(
    lenses.map((l) => [l.range.start.line, l.command?.title]),
    [
      [0, '2 instructions the guard would block'],
      [0, 'Fix all'],
    ],
  );
  const fix = lenses[1]!.command!;
  assert.equal(fix.command, 'agentGuard.applyPreviewed');
  const [arg] = fix.arguments as [Record<string, unknown>];
  // The lens previews the edit first (the Refactor Preview); here it is applied without the preview.
  assert.equal(await vscode.commands.executeCommand('agentGuard.applyPreviewed', { ...arg, preview: false }), true);
  assert.equal(doc.getText(), "# Setup\n\nRun `grep -o '^[A-Z_]*=' .env`, then `git push origin main`.\n");
  await doc.save();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.delete(uri);
});

test("completion in an agent's frontmatter, and What Claude Code reads beside it", async () => {
  const uri = file('.claude/agents/helper.md');
  await vscode.workspace.fs.writeFile(uri, Buffer.from('---\nname: helper\ndescription: Helps\ntools: Read, Gr\ncolour: red\n---\nYou help.\n'));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const list = await waitFor('completions', async () => {
    const l = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(3, 15));
    return l.items.some((i) => i.label === 'Grep') ? l : undefined;
  });
  assert.ok(list.items.some((i) => i.label === 'Grep'));
  const text = await vscode.commands.executeCommand<string>('agentGuard.showFrontmatter', uri);
  assert.match(text, /\ncolour: "red"\n\n# Notes\n# - colour: not an agent setting; Claude Code ignores it\.\n/);
  await waitFor('the view beside the file', () =>
    vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'agent-guard-frontmatter' && e.document.getText() === text),
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.delete(uri);
});

let originalSettings = '';
test('Install Guards writes the hook and the settings entry; the installed hook denies a dangerous call', async () => {
  const settings = join(folder().uri.fsPath, '.claude/settings.json');
  originalSettings = readFileSync(settings, 'utf8');
  const ok = await vscode.commands.executeCommand<boolean>('agentGuard.install', { folder: folder().uri, scope: 'project', host: 'all', quiet: true });
  assert.equal(ok, true);
  const hook = join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs');
  assert.ok(existsSync(hook));
  const parsed = JSON.parse(readFileSync(settings, 'utf8'));
  assert.match(JSON.stringify(parsed.hooks.PreToolUse), /agent-guard\.cjs/);
  assert.deepEqual(parsed.permissions.allow, JSON.parse(originalSettings).permissions.allow, "the user's rules are kept");
  // What was written, relative to the folder (the message and its "Open…" action list these).
  const changed = api.lastChanges().map((c) => `${c.how} ${c.rel}`);
  for (const want of ['created .claude/hooks/agent-guard.cjs', 'updated .claude/settings.json', 'created .github/hooks/agent-guard.json'])
    assert.ok(changed.includes(want), `${want} in ${changed.join(', ')}`);
  const r = spawnSync('node', [hook], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git push --force origin main' }, cwd: folder().uri.fsPath }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: folder().uri.fsPath },
  });
  assert.match(r.stdout, /"permissionDecision":"deny".*force-push-protected/);
});

test('after Install the "not installed" diagnostic on the closed settings file disappears', async () => {
  await waitFor('AG-SET-008 to go away', () => diagnostics(settingsUri(), 'AG-SET-008').length === 0);
});

test("Install for VS Code's agent writes a well-formed .github/hooks/agent-guard.json", () => {
  const file = join(folder().uri.fsPath, '.github/hooks/agent-guard.json');
  assert.ok(existsSync(file));
  const hooks = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse;
  assert.equal(hooks.length, 1);
  assert.equal(hooks[0].type, 'command');
  assert.match(hooks[0].command, /^f=\.claude\/hooks\/agent-guard\.cjs; unset NODE_OPTIONS .*node "\$f"/);
  assert.match(hooks[0].windows, /Test-Path/);
  assert.ok(hooks[0].timeout > 0);
  // VS Code runs it from the workspace root without CLAUDE_PROJECT_DIR: it must still deny.
  const r = spawnSync('sh', ['-c', hooks[0].command], {
    cwd: folder().uri.fsPath,
    input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal', tool_input: { command: 'rm -rf ~' }, cwd: folder().uri.fsPath }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: '' },
  });
  assert.match(r.stdout, /"permissionDecision":"deny"/);
});

test('the Agent Guard view lists the folder, its hosts and the blocked call; the panel shows reason and alternative', async () => {
  const view = api.view();
  view.refresh();
  const [root] = view.getChildren();
  assert.equal(root!.kind, 'folder');
  assert.equal(view.getTreeItem(root!).description, 'Guarded');
  const children = view.getChildren(root);
  assert.deepEqual(
    children.map((n) => (n.kind === 'host' ? `${n.host.host}:${n.host.runs}` : n.kind)),
    ['claude:true', 'vscode:true', 'calls', 'replay'],
  );
  // The installed hook denied `git push --force origin main` above and logged it (redacted).
  const calls = await waitFor('the blocked call in the view', () => {
    view.refresh();
    const cs = view.getChildren(view.getChildren(view.getChildren()[0])[2]);
    return cs.some((c) => c.kind === 'call' && c.entry.guard === 'force-push-protected') ? cs : undefined;
  });
  const call = calls.find((c) => c.kind === 'call' && c.entry.guard === 'force-push-protected')!;
  if (call.kind !== 'call') throw new Error('not a call');
  const item = view.getTreeItem(call);
  assert.match(String(item.label), /force-push-protected$/);
  assert.equal(item.description, 'Bash: git push --force origin main');
  assert.equal(item.command?.command, 'agentGuard.showBlockedCall');
  // The tooltip holds what the description cuts: the whole command, the reason, the alternative.
  const tip = (item.tooltip as vscode.MarkdownString).value;
  assert.ok(tip.includes('\n```shellscript\ngit push --force origin main\n```\n'), tip);
  assert.ok(tip.includes('\n```shellscript\ngit push origin main\n```\n'), tip);
  assert.match(tip, /^Denied(&nbsp;| )by/, tip);
  assert.equal(call.entry.instead, 'git push origin main');
  await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
  await waitFor('the blocked-call panel', () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find(
        (t) => t.input instanceof vscode.TabInputWebview && /agentGuard\.blockedCall/.test(t.input.viewType) && t.label === 'Blocked: force-push-protected',
      ),
  );
  assert.equal(await vscode.commands.executeCommand('agentGuard.copyAlternative'), 'git push origin main');
  assert.equal(await vscode.env.clipboard.readText(), 'git push origin main');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('Teach the agent: the blocked call becomes one line of CLAUDE.md, linted first, and the file stays clean', async () => {
  const view = api.view();
  view.refresh();
  const calls = view.getChildren(view.getChildren(view.getChildren()[0]).find((n) => n.kind === 'calls'));
  const call = calls.find((c) => c.kind === 'call' && c.entry.guard === 'force-push-protected');
  if (call?.kind !== 'call') throw new Error('no blocked call');
  const claude = join(folder().uri.fsPath, 'CLAUDE.md');
  const before = readFileSync(claude, 'utf8');
  const line = await vscode.commands.executeCommand<string>('agentGuard.teachAgent', { entry: call.entry, folder: folder().uri, preview: false });
  assert.equal(line, '- Do not run `git push --force origin main` (No force push or deletion of a protected branch); run `git push origin main` instead.');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(claude));
  assert.equal(doc.getText(), `${before}\n${line}\n`);
  await doc.save();
  // Lint reads it as a prohibition and an alternative: no warning or error on it (an information
  // hint may say the guard would deny the command if the agent ran it; that is not a finding).
  await new Promise((r) => setTimeout(r, 1500));
  const n = doc.getText().split('\n').indexOf(line);
  assert.deepEqual(
    vscode.languages
      .getDiagnostics(doc.uri)
      .filter((d) => d.range.start.line === n && d.severity <= vscode.DiagnosticSeverity.Warning)
      .map((d) => d.message),
    [],
  );
  // Asked again, it is already there.
  assert.equal(await vscode.commands.executeCommand<string>('agentGuard.teachAgent', { entry: call.entry, folder: folder().uri, preview: false }), line);
  assert.equal(doc.getText().split(line).length, 2);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test("Replay Past Sessions: the view shows, per guard, what the agents' past sessions in this folder would have been stopped for, with the commands", async () => {
  // A Claude Code transcript of a session in this folder (its cwd), and one of another project that must not count.
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-e2e-transcripts-'));
  const ws = folder().uri.fsPath;
  const line = (cwd: string, id: string, command: string, isError: boolean) =>
    `${JSON.stringify({ type: 'assistant', cwd, sessionId: `s-${cwd.length}`, message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } })}\n${JSON.stringify({ type: 'user', cwd, sessionId: `s-${cwd.length}`, message: { content: [{ type: 'tool_result', tool_use_id: id, is_error: isError }] } })}\n`;
  writeFileSync(
    join(dir, 'here.jsonl'),
    line(ws, 't1', 'git push --force origin main', false) + line(ws, 't2', 'git push --force origin main', true) + line(ws, 't3', 'ls -la', false),
  );
  writeFileSync(join(dir, 'elsewhere.jsonl'), line('/nonexistent/other-project', 't4', 'rm -rf ~', false));
  const report = await vscode.commands.executeCommand<{ calls: number; guards: { id: string }[] }>('agentGuard.replay', { folder: folder().uri, paths: [dir] });
  assert.deepEqual([report.calls, report.guards.map((g) => g.id)], [3, ['force-push-protected']]);
  const view = api.view();
  view.refresh();
  const replay = view.getChildren(view.getChildren()[0]).find((n) => n.kind === 'replay')!;
  assert.equal(view.getTreeItem(replay).description, '3 calls in 1 session: 2 would be denied or asked');
  const [guard] = view.getChildren(replay);
  assert.equal(view.getTreeItem(guard!).label, 'force-push-protected');
  assert.equal(view.getTreeItem(guard!).description, '2 denied; 1 likely false block');
  const [command] = view.getChildren(guard);
  const item = view.getTreeItem(command!);
  assert.deepEqual([item.label, item.description], ['2× git push --force origin main', 'ran 1, failed 1']);
  rmSync(dir, { recursive: true, force: true });
});

test('Allow this here: a personal exception for that command, consented as written, which the hook honours, the view lists and lint follows', async () => {
  // The same command as an instruction in a (closed) rules file: an error while the hook denies it.
  const rules = file('.claude/rules/release.md');
  await waitFor('AG-CMD-001 on the rules file', () => diagnostics(rules, 'AG-CMD-001').length === 1);
  const view = api.view();
  view.refresh();
  const calls = view.getChildren(view.getChildren(view.getChildren()[0]).find((n) => n.kind === 'calls'));
  const call = calls.find((c) => c.kind === 'call' && c.entry.guard === 'force-push-protected');
  if (call?.kind !== 'call') throw new Error('no blocked force push in the view');
  const message = await vscode.commands.executeCommand<string>('agentGuard.allowBlockedCall', { entry: call.entry, folder: folder().uri, confirmed: true });
  assert.match(
    message,
    /^allowed: force-push-protected lets exactly "git push --force origin main" through in this workspace \(\.claude\/agent-guard\/local\.json, yours only: git-ignored/,
  );
  const local = join(folder().uri.fsPath, '.claude/agent-guard/local.json');
  assert.deepEqual(
    JSON.parse(readFileSync(local, 'utf8')).exceptions.map((x: { guard: string; command: string }) => [x.guard, x.command]),
    [['force-push-protected', 'git push --force origin main']],
  );
  assert.equal(existsSync(join(folder().uri.fsPath, '.claude/agent-guard.json')), false, "the team's file is not touched");
  const hook = join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs');
  const run = (command: string) =>
    spawnSync('node', [hook], {
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: folder().uri.fsPath }),
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PROJECT_DIR: folder().uri.fsPath, AGENT_GUARD_NO_LOG: '1' },
    }).stdout;
  assert.equal(run('git push --force origin main'), '');
  assert.equal(run("git push  --force origin 'main'"), '', 'the command as parsed');
  assert.match(run('git push -f origin main'), /"permissionDecision":"deny"/);
  view.refresh();
  assert.ok(view.getChildren(view.getChildren()[0]).some((n) => n.kind === 'exception' && n.command === 'git push --force origin main' && !n.waiting));
  // Lint judges it as the hook now does: allowed here, so no finding; the exception gone, it is back.
  await waitFor('AG-CMD-001 to go with the exception', () => diagnostics(rules, 'AG-CMD-001').length === 0);
  rmSync(local);
  await waitFor('AG-CMD-001 back without the exception', () => diagnostics(rules, 'AG-CMD-001').length === 1);
});

test('the floor: a catastrophic-class denial has no "Allow" in the editor, and the command writes nothing', async () => {
  const hook = join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs');
  spawnSync('node', [hook], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' }, cwd: folder().uri.fsPath }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: folder().uri.fsPath },
  });
  const view = api.view();
  const entry = await waitFor('the rm -rf ~/ call in the view', () => {
    view.refresh();
    const calls = view.getChildren(view.getChildren(view.getChildren()[0]).find((n) => n.kind === 'calls'));
    const c = calls.find((x) => x.kind === 'call' && x.entry.guard === 'rm-catastrophic');
    return c?.kind === 'call' ? c.entry : undefined;
  });
  const r = await vscode.commands.executeCommand<string | undefined>('agentGuard.allowBlockedCall', { entry, folder: folder().uri, confirmed: true });
  assert.equal(r, undefined);
  assert.equal(existsSync(join(folder().uri.fsPath, '.claude/agent-guard/local.json')), false);
  assert.equal(existsSync(join(folder().uri.fsPath, '.claude/agent-guard.json')), false);
});

test('a committed config that loosens waits for consent: a diagnostic on the entry with the consent action, the status bar and the view say so; consent applies it', async () => {
  const configUri = file('.claude/agent-guard.json');
  await vscode.workspace.fs.writeFile(configUri, Buffer.from('{\n  "guards": { "destructive-git": "ask" }\n}\n'));
  const [d] = await waitFor('AG-CFG-001 on .claude/agent-guard.json', () => {
    const ds = diagnostics(configUri, 'AG-CFG-001');
    return ds.length === 1 ? ds : undefined;
  });
  assert.equal(d!.range.start.line, 1);
  assert.equal(d!.severity, vscode.DiagnosticSeverity.Warning);
  assert.match(d!.message, /^This entry loosens the guard \(it sets destructive-git to "ask" instead of "deny"\) and does not apply until you consent/);
  const doc = await vscode.workspace.openTextDocument(configUri);
  const actions = await waitFor('the consent action', async () => {
    const acts = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      configUri,
      d!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    return acts.some((a) => a.command?.command === 'agentGuard.trustWorkspaceGuards') ? acts : undefined;
  });
  assert.ok(!actions.some((a) => /^Disable AG-CFG-001/.test(a.title)), 'no comment hides it');
  assert.equal(doc.uri.toString(), configUri.toString());
  const hook = join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs');
  const decision = () =>
    spawnSync('node', [hook], {
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git reset --hard' }, cwd: folder().uri.fsPath }),
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PROJECT_DIR: folder().uri.fsPath, AGENT_GUARD_NO_LOG: '1' },
    }).stdout;
  assert.match(decision(), /"permissionDecision":"deny".*waits|"permissionDecision":"deny".*consent/);
  await api.refresh();
  assert.match(api.statusText(folder().uri) ?? '', /1 waiting for consent/);
  const view = api.view();
  view.refresh();
  assert.ok(view.getChildren(view.getChildren()[0]).some((n) => n.kind === 'consent'));
  // The consent command with the action's own arguments (as the lightbulb runs it), without the pick (confirm: false).
  const action = actions.find((a) => a.command?.command === 'agentGuard.trustWorkspaceGuards')!;
  const lines = await vscode.commands.executeCommand<string[]>(action.command!.command, { ...(action.command!.arguments?.[0] as object), confirm: false });
  assert.deepEqual(lines, ['consented: .claude/agent-guard.json sets destructive-git to "ask" instead of "deny"']);
  assert.match(decision(), /"permissionDecision":"ask"/);
  await waitFor('AG-CFG-001 to go once consented', () => diagnostics(configUri, 'AG-CFG-001').length === 0);
  await vscode.workspace.fs.delete(configUri);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('Show Guard Status reports it, and the status bar says "Guarded"', async () => {
  const s = await vscode.commands.executeCommand<{ active: boolean; current: boolean }>('agentGuard.showStatus', { folder: folder().uri, quiet: true });
  assert.deepEqual([s.active, s.current], [true, true]);
  assert.match(api.statusText(folder().uri) ?? '', /Guarded/);
});

test('Check a Command… gives the decision, the guard and its reason', async () => {
  const v = await vscode.commands.executeCommand<{ decision: string; guard: string; reason: string }>('agentGuard.checkCommand', 'rm -rf ~');
  assert.equal(v.decision, 'deny');
  assert.equal(v.guard, 'rm-catastrophic');
  const ok = await vscode.commands.executeCommand<{ decision: string }>('agentGuard.checkCommand', 'npm test');
  assert.equal(ok.decision, 'allow');
});

test('Check a Command… shows the whole answer in a panel: decision, reason, alternative, and what each program would do', async () => {
  await vscode.commands.executeCommand('agentGuard.checkCommand', 'git push --force origin main', { show: true });
  const tab = () =>
    vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && /agentGuard\.check/.test(t.input.viewType));
  await waitFor('the Check panel', tab);
  assert.equal(tab()!.label, 'Check: Denied by force-push-protected');
  const shown = api.checkPanel()!;
  assert.equal(shown.verdict?.guardId, 'force-push-protected');
  assert.equal(shown.verdict?.instead, 'git push origin main');
  assert.match(shown.verdict!.reason, /^git push --force to the protected branch main rewrites its history/);
  assert.deepEqual(
    shown.programs.map((p) => p.program),
    ['git'],
  );
  // A second check reuses the panel.
  await vscode.commands.executeCommand('agentGuard.checkCommand', 'cd src && pwd', { show: true });
  await waitFor('the panel to show the second check', () => api.checkPanel()?.command === 'cd src && pwd');
  await waitFor('the tab to say so', () => tab()?.label === 'Check: Allowed: no guard objects');
  assert.deepEqual(
    api.checkPanel()!.programs.map((p) => [p.program, p.effects, p.known]),
    [
      ['cd', [], true],
      ['pwd', [], true],
    ],
  );
  assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).length, 1);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('Uninstall restores the settings file byte for byte, and the status bar follows', async () => {
  const ok = await vscode.commands.executeCommand<boolean>('agentGuard.uninstall', { folder: folder().uri, quiet: true });
  assert.equal(ok, true);
  assert.equal(readFileSync(join(folder().uri.fsPath, '.claude/settings.json'), 'utf8'), originalSettings);
  assert.ok(!existsSync(join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs')));
  assert.ok(!existsSync(join(folder().uri.fsPath, '.github/hooks/agent-guard.json')));
  assert.match(api.statusText(folder().uri) ?? '', /Not guarded/);
});

test('after Uninstall the "not installed" diagnostic is back', async () => {
  await waitFor('AG-SET-008 again', () => diagnostics(settingsUri(), 'AG-SET-008').length === 1);
});

test("an install for VS Code's agent only: Guarded in status and the status bar; sync and uninstall act on it", async () => {
  assert.equal(
    await vscode.commands.executeCommand<boolean>('agentGuard.install', { folder: folder().uri, scope: 'project', host: 'vscode', quiet: true }),
    true,
  );
  assert.ok(existsSync(join(folder().uri.fsPath, '.github/hooks/agent-guard.json')));
  assert.equal(readFileSync(join(folder().uri.fsPath, '.claude/settings.json'), 'utf8'), originalSettings, 'Claude Code settings untouched');
  const s = await vscode.commands.executeCommand<{ active: boolean; current: boolean; scopes: { scope: string }[] }>('agentGuard.showStatus', {
    folder: folder().uri,
    quiet: true,
  });
  assert.deepEqual([s.active, s.current, s.scopes.map((x) => x.scope)], [true, true, ['vscode']]);
  assert.match(api.statusText(folder().uri) ?? '', /Guarded/);
  assert.equal(await vscode.commands.executeCommand<boolean>('agentGuard.sync', { folder: folder().uri, quiet: true }), true);
  assert.equal(await vscode.commands.executeCommand<boolean>('agentGuard.uninstall', { folder: folder().uri, quiet: true }), true);
  assert.ok(!existsSync(join(folder().uri.fsPath, '.github/hooks/agent-guard.json')));
  assert.ok(!existsSync(join(folder().uri.fsPath, '.claude/hooks/agent-guard.cjs')));
  assert.match(api.statusText(folder().uri) ?? '', /Not guarded/);
});

test('Open Configuration creates .claude/agent-guard.json from the template', async () => {
  const uri = await vscode.commands.executeCommand<vscode.Uri>('agentGuard.openConfiguration', { folder: folder().uri });
  assert.ok(existsSync(uri.fsPath));
  assert.match(readFileSync(uri.fsPath, 'utf8'), /"failMode": "open"/);
});

test('.claude/settings*.json are validated offline by the schema shipped with the extension', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  const mapping = (ext.packageJSON.contributes.jsonValidation as { fileMatch: string | string[]; url: string }[]).find((v) =>
    [v.fileMatch].flat().includes('**/.claude/settings.local.json'),
  )!;
  assert.equal(mapping.url, './dist/claude-settings.schema.json');
  assert.ok(existsSync(join(ext.extensionPath, 'dist/claude-settings.schema.json')));
  const uri = file('.claude/settings.local.json');
  await vscode.workspace.fs.writeFile(uri, Buffer.from('{\n  "permissions": { "defaultMode": "yolo" }\n}\n'));
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const fromSchema = await waitFor(
    'a schema diagnostic on "yolo"',
    () => {
      const ds = vscode.languages.getDiagnostics(uri).filter((d) => d.source !== 'agent-guard');
      return ds.some((d) => d.range.start.line === 1) ? ds : undefined;
    },
    30000,
  );
  assert.ok(
    fromSchema.every((d) => !/Unable to load schema/i.test(d.message)),
    fromSchema.map((d) => d.message).join('; '),
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.delete(uri);
});

test('the walkthrough: its pages ship with the extension, its links name real commands, it opens', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  const [walk] = ext.packageJSON.contributes.walkthroughs as { id: string; steps: { description: string; media: { markdown: string } }[] }[];
  assert.deepEqual(
    walk!.steps.map((st) => st.media.markdown),
    ['media/walkthrough/install.md', 'media/walkthrough/block.md', 'media/walkthrough/configure.md', 'media/walkthrough/ci.md'],
  );
  for (const st of walk!.steps) assert.ok(existsSync(join(ext.extensionPath, st.media.markdown)), st.media.markdown);
  const commands = new Set(await vscode.commands.getCommands(true));
  for (const st of walk!.steps) for (const m of st.description.matchAll(/\(command:([\w.]+)\)/g)) assert.ok(commands.has(m[1]!), m[1]);
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${walk!.id}`, false);
  await waitFor('the walkthrough editor', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => /Welcome|Walkthrough/i.test(t.label)));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('Bash(*) in an allow list: the lightbulb offers narrower rules to pick from', async () => {
  const uri = file('.claude/settings.local.json');
  await vscode.workspace.fs.writeFile(uri, Buffer.from('{ "permissions": { "allow": ["Bash(*)"] } }\n'));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const [d] = await waitFor('AG-SET-004', () => {
    const ds = diagnostics(uri, 'AG-SET-004');
    return ds.length > 0 ? ds : undefined;
  });
  const acts = await waitFor('narrowing actions', async () => {
    const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      d!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const narrow = all.filter((a) => a.title.startsWith('Allow only'));
    return narrow.length > 0 ? narrow : undefined;
  });
  assert.ok(
    acts.some((a) => a.title === 'Allow only Bash(npm test) instead of Bash(*)'),
    acts.map((a) => a.title).join(', '),
  );
  const pick = acts.find((a) => a.title === 'Allow only Bash(git status) instead of Bash(*)')!;
  assert.ok(await vscode.workspace.applyEdit(pick.edit!));
  assert.equal(doc.getText(), '{ "permissions": { "allow": ["Bash(git status)"] } }\n');
  await waitFor('AG-SET-004 to go away', () => diagnostics(uri, 'AG-SET-004').length === 0);
  await doc.save();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.delete(uri);
});

export function run(): Promise<void> {
  return runAll('extension', () => ({ activationMs: api?.activationMs, vscodeVersion: vscode.version }));
}

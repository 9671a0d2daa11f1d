// The language server over the real protocol: diagnostics for the workspace at start, on open and
// on change; quick fixes, disable comments and fix-all that make the diagnostics go away.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { applyEdits } from '../core/lint/engine';
import { narrowingFixes } from '../core/lint/narrow';
import { startServer, type LspSession } from './support/lsp-client';

const SERVER = join(process.env.AGENT_GUARD_ROOT!, 'dist/server.cjs');
let root: string;
let lsp: LspSession;

const FILES: Record<string, string> = {
  'CLAUDE.md': '# Project\n\nTo check the configuration, run `cat .env`.\n',
  '.claude/agents/analyzer.md': '---\nname: analyzer\ndescription: Analyzes articles\ntools: Read, WebSearch\n---\nYou analyze.\n',
  '.claude/workflows/qa.js': "export const meta = { name: 'qa', description: 'QA' };\nexport function helper() {}\nreturn helper();\n",
  'src/README.md': 'not an agent file: `cat .env`\n',
};

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'agent-guard-lsp-'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  lsp = await startServer(root, SERVER);
});
after(async () => lsp.close());

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const has = (code: string) => (ds: Diagnostic[]) => codes(ds).includes(code);

test('at start, every agent file of the workspace gets diagnostics, with code and documentation link', async () => {
  const md = await lsp.diagnostics(lsp.uri('CLAUDE.md'), has('AG-CMD-001'));
  assert.equal(md[0]!.source, 'agent-guard');
  // The page shipped beside the server: works offline, matches the installed version.
  assert.equal(md[0]!.codeDescription!.href, pathToFileURL(join(process.env.AGENT_GUARD_ROOT!, 'docs/rules/AG-CMD-001.md')).toString());
  assert.ok(existsSync(fileURLToPath(md[0]!.codeDescription!.href)));
  assert.deepEqual(md[0]!.range, { start: { line: 2, character: 33 }, end: { line: 2, character: 41 } });
  await lsp.diagnostics(lsp.uri('.claude/agents/analyzer.md'), has('AG-AGT-004'));
  await lsp.diagnostics(lsp.uri('.claude/workflows/qa.js'), has('AG-WF-001'));
});

async function open(rel: string, text: string, version = 1) {
  await lsp.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: lsp.uri(rel), languageId: rel.endsWith('.js') ? 'javascript' : 'markdown', version, text },
  });
}
async function change(rel: string, text: string, version: number) {
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: lsp.uri(rel), version }, contentChanges: [{ text }] });
}
async function actions(rel: string, d: Diagnostic, only?: string[]): Promise<CodeAction[]> {
  return lsp.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: lsp.uri(rel) },
    range: d.range,
    context: { diagnostics: [d], ...(only ? { only } : {}) },
  }) as Promise<CodeAction[]>;
}
function apply(rel: string, text: string, a: CodeAction): string {
  const edits = a.edit!.changes![lsp.uri(rel)] as TextEdit[];
  return applyEdits(text, edits);
}

test('the quick fix for an unsafe command replaces it, and the diagnostic goes away', async () => {
  const rel = 'CLAUDE.md';
  let text = FILES[rel]!;
  await open(rel, text);
  const [d] = await lsp.diagnostics(lsp.uri(rel), has('AG-CMD-001'));
  const acts = await actions(rel, d!);
  const fix = acts.find((a) => a.isPreferred)!;
  assert.match(fix.title, /^Replace with: grep -o/);
  assert.ok(acts.some((a) => a.title === 'Disable AG-CMD-001 for this line'));
  assert.ok(acts.some((a) => a.command?.command === 'agentGuard.showRuleDocumentation'));
  text = apply(rel, text, fix);
  await change(rel, text, 2);
  const after = await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-CMD-001')(ds));
  assert.deepEqual(codes(after), []);
});

test('the tools allowlist fix rewrites it as a disallowedTools blocklist', async () => {
  const rel = '.claude/agents/analyzer.md';
  let text = FILES[rel]!;
  await open(rel, text);
  const [d] = await lsp.diagnostics(lsp.uri(rel), has('AG-AGT-004'));
  const acts = await actions(rel, d!);
  const fix = acts.find((a) => /disallowedTools/.test(a.title))!;
  assert.equal(fix.isPreferred, false, 'it grants tools: offered, never preferred');
  assert.match(fix.title, /grants every other tool/);
  text = apply(rel, text, fix);
  assert.match(text, /^disallowedTools: .*\bBash\b.*$/m);
  assert.doesNotMatch(text, /^tools:/m);
  assert.doesNotMatch(text.match(/^disallowedTools: (.*)$/m)![1]!, /\b(Read|WebSearch)\b/);
  await change(rel, text, 2);
  await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-AGT-004')(ds));
});

test("disable-for-this-line writes a comment in the file's own syntax, and the diagnostic goes away", async () => {
  const rel = '.claude/workflows/qa.js';
  let text = FILES[rel]!;
  await open(rel, text);
  const [d] = await lsp.diagnostics(lsp.uri(rel), has('AG-WF-001'));
  const disable = (await actions(rel, d!)).find((a) => a.title === 'Disable AG-WF-001 for this line')!;
  text = apply(rel, text, disable);
  assert.match(text.split('\n')[1]!, /^\/\/ agent-guard-disable-next-line AG-WF-001 -- reason$/);
  await change(rel, text, 2);
  await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-WF-001')(ds));
});

test('source.fixAll.agentGuard fixes everything fixable in the document', async () => {
  const rel = '.claude/workflows/all.js';
  const text = "export const meta = { name: 'all', description: 'All' };\nexport const x = JSON.parse(args).title;\nexport function f() {}\n";
  await open(rel, text);
  const ds = await lsp.diagnostics(lsp.uri(rel), (x) => x.length >= 3);
  const [fixAll] = await actions(rel, ds[0]!, ['source.fixAll.agentGuard']);
  assert.equal(fixAll!.kind, 'source.fixAll.agentGuard');
  const fixed = apply(rel, text, fixAll!);
  await change(rel, fixed, 2);
  const after = await lsp.diagnostics(lsp.uri(rel), (x) => !has('AG-WF-001')(x));
  assert.deepEqual(
    codes(after).filter((c) => c === 'AG-WF-001'),
    [],
  );
});

test('files that are not agent-visible get no diagnostics', async () => {
  await open('src/README.md', FILES['src/README.md']!);
  assert.deepEqual(await lsp.diagnostics(lsp.uri('src/README.md')), []);
});

test('show-documentation asks the client to open the rule page', async () => {
  let shown: string | null = null;
  lsp.connection.onRequest('window/showDocument', (p: { uri: string }) => {
    shown = p.uri;
    return { success: true };
  });
  await lsp.connection.sendRequest('workspace/executeCommand', { command: 'agentGuard.showRuleDocumentation', arguments: ['AG-WF-004'] });
  assert.equal(shown!, pathToFileURL(join(process.env.AGENT_GUARD_ROOT!, 'docs/rules/AG-WF-004.md')).toString());
});

test('a settings file changed on disk (install by the CLI) re-lints the closed settings file', async () => {
  const settings = join(root, '.claude/settings.json');
  writeFileSync(settings, '{ "model": "opus" }\n');
  await lsp.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: lsp.uri('.claude/settings.json'), type: 1 }] });
  await lsp.diagnostics(lsp.uri('.claude/settings.json'), has('AG-SET-008'));
  mkdirSync(join(root, '.claude/hooks'), { recursive: true });
  writeFileSync(join(root, '.claude/hooks/agent-guard.cjs'), '// agent-guard\n');
  writeFileSync(settings, '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs" } ] } ] } }\n');
  await lsp.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: lsp.uri('.claude/settings.json'), type: 2 }] });
  const after = await lsp.diagnostics(lsp.uri('.claude/settings.json'), (ds) => !has('AG-SET-008')(ds));
  assert.deepEqual(codes(after), []);
});

test("Bash(*) in an allow list: one quick fix per narrower rule (the project's scripts first); picking one clears the warning", async () => {
  writeFileSync(join(root, 'package.json'), '{ "scripts": { "test": "node --test", "build": "tsc" } }\n');
  const rel = '.claude/settings.local.json';
  let text = '{ "permissions": { "allow": ["Bash(*)"] } }\n';
  await lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: lsp.uri(rel), languageId: 'json', version: 1, text } });
  const [d] = await lsp.diagnostics(lsp.uri(rel), has('AG-SET-004'));
  const acts = (await actions(rel, d!)).filter((a) => a.title.startsWith('Allow only'));
  assert.deepEqual(
    acts.map((a) => a.title),
    [
      'Allow only Bash(npm test) instead of Bash(*)',
      'Allow only Bash(npm run build) instead of Bash(*)',
      'Allow only Bash(git status) instead of Bash(*)',
      'Allow only Bash(git diff *) instead of Bash(*)',
      'Allow only Bash(git log *) instead of Bash(*)',
    ],
  );
  text = apply(rel, text, acts[1]!);
  assert.equal(text, '{ "permissions": { "allow": ["Bash(npm run build)"] } }\n');
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: lsp.uri(rel), version: 2 }, contentChanges: [{ text }] });
  await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-SET-004')(ds));
});

test('Bash(*) beside a narrower rule already allowed: no fix writes that rule twice; removing Bash(*) keeps the list valid', async () => {
  writeFileSync(join(root, 'package.json'), '{ "scripts": { "test": "node --test" } }\n');
  const rel = '.claude/settings.local.json';
  let text = '{ "permissions": { "allow": ["Bash(npm test)", "Bash(*)", "Read"] } }\n';
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: lsp.uri(rel), version: 3 }, contentChanges: [{ text }] });
  const [d] = await lsp.diagnostics(lsp.uri(rel), (ds) => ds.some((x) => x.code === 'AG-SET-004' && x.range.start.character === 48));
  const acts = (await actions(rel, d!)).filter((a) => /^(Allow only|Remove)/.test(a.title));
  assert.deepEqual(
    acts.map((a) => a.title),
    [
      'Allow only Bash(git status) instead of Bash(*)',
      'Allow only Bash(git diff *) instead of Bash(*)',
      'Allow only Bash(git log *) instead of Bash(*)',
      'Remove Bash(*): Bash(npm test) is already allowed',
    ],
  );
  text = apply(rel, text, acts[3]!);
  assert.equal(text, '{ "permissions": { "allow": ["Bash(npm test)", "Read"] } }\n');
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: lsp.uri(rel), version: 4 }, contentChanges: [{ text }] });
  await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-SET-004')(ds));
  // Alone in the list, removing it leaves an empty list.
  assert.deepEqual(narrowingFixes('["Bash(*)"]', 2, 9, []).at(-1), {
    title: 'Remove Bash(*) from the allow list',
    edits: [{ start: 0, end: 11, newText: '[]' }],
  });
});

test('new Date() in a workflow: a quick fix passes the time in through args (opt-in, not in Fix all); picking it clears the error', async () => {
  const rel = '.claude/workflows/stamp.js';
  let text = "export const meta = { name: 'stamp', description: 'S' };\nreturn await agent(`Report as of ${new Date().toISOString()}`);\n";
  await open(rel, text);
  const [d] = await lsp.diagnostics(lsp.uri(rel), has('AG-WF-003'));
  assert.equal(d!.message, 'new Date() without arguments throws in a workflow script. Pass the date in args.');
  const acts = await actions(rel, d!);
  assert.deepEqual(
    acts.map((a) => [a.title, a.isPreferred]),
    [
      ['Take the time from args.now (callers pass { now: Date.now() })', false],
      ['Disable AG-WF-003 for this line', undefined],
      ['Disable AG-WF-003 for the whole file', undefined],
      ['Show documentation for AG-WF-003 (workflow-sandbox)', undefined],
    ],
  );
  // It changes what the workflow needs from its callers: never applied by "Fix all".
  assert.deepEqual(await actions(rel, d!, ['source.fixAll.agentGuard']), []);
  text = apply(rel, text, acts[0]!);
  assert.equal(
    text,
    "export const meta = { name: 'stamp', description: 'S' };\n" +
      "const A = typeof args === 'string' ? JSON.parse(args) : (args || {});\n" +
      "if (typeof A.now !== 'number') throw new Error('args.now must be a number: pass { now: Date.now() } when starting this workflow');\n" +
      'return await agent(`Report as of ${new Date(A.now).toISOString()}`);\n',
  );
  await change(rel, text, 2);
  assert.deepEqual(codes(await lsp.diagnostics(lsp.uri(rel), (ds) => !has('AG-WF-003')(ds))), []);
});

test('"not installed": a quick fix runs the client\'s Install for this folder, offered only to a client that said it has that command', async () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-lsp-install-'));
  mkdirSync(join(ws, '.claude'));
  const text = '{ "model": "opus" }\n';
  writeFileSync(join(ws, '.claude/settings.json'), text);
  for (const [init, offered] of [
    [{ clientCommands: ['agentGuard.install'] }, true],
    [{}, false],
  ] as const) {
    const s = await startServer(ws, SERVER, init);
    try {
      const uri = s.uri('.claude/settings.json');
      await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
      const [d] = (await s.diagnostics(uri, has('AG-SET-008'))).filter((x) => x.code === 'AG-SET-008');
      const acts = (await s.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: d!.range,
        context: { diagnostics: [d] },
      })) as CodeAction[];
      const install = acts.find((a) => a.command?.command === 'agentGuard.install');
      if (!offered) {
        assert.equal(install, undefined, 'a client without the command (Neovim, say) is not offered it');
        continue;
      }
      assert.deepEqual(install, {
        title: 'Install Agent Guard in this folder…',
        kind: 'quickfix',
        diagnostics: [d],
        isPreferred: true,
        command: { title: 'Install Agent Guard', command: 'agentGuard.install', arguments: [{ folder: pathToFileURL(ws).toString() }] },
      });
    } finally {
      await s.close();
    }
  }
});

test('hover, completion, code lenses and the two requests over LSP, with the commands only for a client that declared them', async () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-lsp-assist-'));
  const md = '# Release\n\nPublish with `git push --force origin main`.\n';
  const agent = '---\nname: a\ndescription: A\ntools: Read, Gr\n---\n';
  for (const [rel, text] of [
    ['CLAUDE.md', md],
    ['.claude/agents/a.md', agent],
  ] as const) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  const all = ['agentGuard.replaceText', 'agentGuard.applyPreviewed', 'agentGuard.showFrontmatter', 'workbench.actions.view.problems'];
  for (const declared of [true, false]) {
    const s = await startServer(ws, SERVER, declared ? { clientCommands: all } : {});
    try {
      const uri = s.uri('CLAUDE.md');
      await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: md } });
      await s.diagnostics(uri, has('AG-CMD-001'));
      const h = (await s.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 20 } })) as {
        contents: { kind: string; value: string };
        range: unknown;
      };
      assert.equal(h.contents.kind, 'markdown');
      // The finding there says why already: the hover gives the verdict, the alternative and the rule.
      assert.match(h.contents.value, /^\*\*Agent Guard would deny this command\*\* \(`force-push-protected`\)\. Instead, run: `git push origin main`/);
      assert.match(h.contents.value, /\n\n---\n\n\*\*AG-CMD-001\*\* unsafe-command: /, "what the finding's rule is about");
      assert.deepEqual(h.range, { start: { line: 2, character: 14 }, end: { line: 2, character: 42 } });
      const link = /\[Replace\]\(command:agentGuard\.replaceText\?([^ )]+)/.exec(h.contents.value);
      if (declared)
        assert.deepEqual(JSON.parse(decodeURIComponent(link![1]!)), [
          { uri, range: { start: { line: 2, character: 14 }, end: { line: 2, character: 42 } }, newText: 'git push origin main' },
        ]);
      else assert.equal(link, null);
      const lenses = (await s.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
        command: { title: string; command: string; arguments?: unknown[] };
      }[];
      assert.deepEqual(
        lenses.map((l) => [l.command.title, l.command.command]),
        declared
          ? [
              ['1 instruction the guard would block', 'workbench.actions.view.problems'],
              ['Fix all', 'agentGuard.applyPreviewed'],
            ]
          : [],
      );
      if (declared) {
        const arg = lenses[1]!.command.arguments![0] as { uri: string; edits: TextEdit[] };
        assert.equal(arg.uri, uri);
        assert.equal(applyEdits(md, arg.edits), '# Release\n\nPublish with `git push origin main`.\n');
      }
      const auri = s.uri('.claude/agents/a.md');
      await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: auri, languageId: 'markdown', version: 1, text: agent } });
      const items = (await s.connection.sendRequest('textDocument/completion', { textDocument: { uri: auri }, position: { line: 3, character: 15 } })) as {
        label: string;
        textEdit: TextEdit;
      }[];
      assert.deepEqual(
        items.map((i) => [i.label, i.textEdit]),
        [['Grep', { range: { start: { line: 3, character: 13 }, end: { line: 3, character: 15 } }, newText: 'Grep' }]],
      );
      const view = (await s.connection.sendRequest('agentGuard/frontmatterView', { uri: auri })) as string;
      assert.match(view, /\nname: "a"\ndescription: "A"\ntools: \["Read","Gr"\] {2}# written as one string\n/);
      assert.equal(await s.connection.sendRequest('agentGuard/frontmatterView', { uri }), null, 'CLAUDE.md has no frontmatter to show');
      const linted = (await s.connection.sendRequest('agentGuard/lintText', { uri, text: '# P\n\nRun `cat .env`.\n' })) as Diagnostic[];
      assert.deepEqual(
        linted.map((d) => [d.code, d.range.start.line]),
        [['AG-CMD-001', 2]],
      );
    } finally {
      await s.close();
    }
  }
});

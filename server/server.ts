// dist/server.cjs: the Agent Guard language server. A thin LSP adapter around the lint core:
// diagnostics on open/change (debounced) and save, for the whole workspace at start; quick fixes,
// "disable for this line/file" comments, rule documentation, and source.fixAll.agentGuard.
// Transport (stdio or node IPC) is chosen from the command line by vscode-languageserver.

import { homedir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CodeAction,
  CodeActionKind,
  createConnection,
  DiagnosticSeverity,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  DidChangeWatchedFilesNotification,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import guards from 'agent-guard:guards';
import { disableComment, lintFile, nonOverlappingEdits, splitFrontmatter, type GuardSetup } from '../core/lint/engine';
import { classifyFile, findAgentFiles } from '../core/lint/files';
import { fsWorkspace } from '../core/lint/workspace';
import { rules, docsUrl, ruleByCode } from '../core/lint/index';
import { homeDirectory, normalizePath, relativeTo } from '../core/paths';
import type { Diagnostic, FileKind, Fix, WorkspaceView } from '../core/lint/types';
import type { Verdict } from '../core/guards/dispatch';
import { loadConfig } from '../core/guards/load-config';
import { CONFIG_FILE } from '../core/config';
import { LOCAL_CONFIG_FILE } from '../core/consent';
import { narrowerRules, packageScripts } from '../core/lint/narrow';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.agentGuard`;
const SHOW_DOCS = 'agentGuard.showRuleDocumentation';
const DEBOUNCE_MS = 150;

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
let roots: string[] = [];
let inlineConfig = true;
const home = homeDirectory(process.env, homedir);
const timers = new Map<string, NodeJS.Timeout>();

function pathOf(uri: string): string | null {
  try {
    return uri.startsWith('file:') ? normalizePath(fileURLToPath(uri)) : null;
  } catch {
    return null;
  }
}

/** The workspace folder holding a file (the longest matching root), and the file's place in it. */
function locate(path: string): { root: string; rel: string } | null {
  let best: { root: string; rel: string } | null = null;
  for (const root of roots) {
    const rel = relativeTo(root, path);
    if (rel !== null && (!best || root.length > best.root.length)) best = { root, rel };
  }
  // A file outside every folder still gets checked against its own folder.
  if (!best) {
    const i = path.lastIndexOf('/.claude/');
    const root = i >= 0 ? path.slice(0, i) : path.slice(0, path.lastIndexOf('/'));
    best = { root, rel: relativeTo(root, path) ?? path };
  }
  return best;
}

function diskText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function workspaceFor(root: string): WorkspaceView {
  // Open documents win over the disk, so cross-file checks see unsaved edits.
  return fsWorkspace(root, home, (p) => documents.get(pathToFileURL(p).toString())?.getText() ?? null);
}

/**
 * The rule page that ships beside this server (dist/server.cjs → docs/rules/<code>.md, in the
 * repository, the .vsix and the npm package), so links work offline and match the installed
 * version; the published page when the file is not there.
 */
const LOCAL_DOCS = join(__dirname, '..', 'docs', 'rules');
const docsHref = new Map<string, string>();
function ruleDocs(code: string): string {
  let href = docsHref.get(code);
  if (href === undefined) {
    const file = join(LOCAL_DOCS, `${code}.md`);
    href = existsSync(file) ? pathToFileURL(file).toString() : docsUrl(code);
    docsHref.set(code, href);
  }
  return href;
}

function toLsp(d: Diagnostic): LspDiagnostic {
  return {
    range: d.range,
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: d.code,
    codeDescription: { href: ruleDocs(d.code) },
    source: 'agent-guard',
    message: d.message,
    data: d.fix ? { fix: d.fix } : undefined,
  };
}

/** The file's kind: by its path, or as a component of the plugin (.claude-plugin/plugin.json) above it. */
function kindOf(where: { root: string; rel: string }) {
  return classifyFile(where.rel, (rel) => (rel.startsWith('/') ? diskText(rel) : diskText(`${where.root}/${rel}`)));
}

/**
 * Per folder: the guard setup commands are judged with (the built-in guards, and the folder's
 * .claude/agent-guard.json read by the hook's own loader, so the editor says what the hook would
 * do; workspace guards are repository code and are not loaded), and the verdicts by command text
 * under it, so a keystroke re-runs the guards only on commands that changed. Dropped when the
 * config file changes (file watcher, save) and read again on the next lint.
 */
interface FolderState extends GuardSetup {
  verdicts: Map<string, Verdict | null>;
}
const folderStates = new Map<string, FolderState>();
function folderState(root: string): FolderState {
  let st = folderStates.get(root);
  if (!st) {
    const { config, notes } = loadConfig(root);
    for (const n of notes) connection.console.warn(n);
    st = { guards, config, verdicts: new Map() };
    folderStates.set(root, st);
  }
  if (st.verdicts.size > 50000) st.verdicts.clear(); // bounded
  return st;
}

/** Forgets every folder's setup and verdicts (a config file changed: rare, and reading it again is cheap). */
function forgetVerdicts(): void {
  folderStates.clear();
}

function lintText(uri: string, text: string): Diagnostic[] {
  const path = pathOf(uri);
  if (!path) return [];
  const where = locate(path);
  if (!where) return [];
  const kind = kindOf(where);
  if (!kind) return [];
  const st = folderState(where.root);
  return lintFile({ path, rel: where.rel, kind, text }, workspaceFor(where.root), {
    rules,
    guards: st.guards,
    config: st.config,
    inlineConfig,
    verdictCache: st.verdicts,
  });
}

function validate(doc: TextDocument): void {
  const diagnostics = lintText(doc.uri, doc.getText()).map(toLsp);
  void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
}

function schedule(doc: TextDocument): void {
  clearTimeout(timers.get(doc.uri));
  timers.set(
    doc.uri,
    setTimeout(() => {
      timers.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (current) validate(current);
    }, DEBOUNCE_MS),
  );
}

/**
 * Every agent file of every folder, from disk, at start (the Problems panel shows them all): the
 * open documents first, then the rest in small batches, so a document opened meanwhile is not
 * queued behind the whole workspace.
 */
let workspacePass = 0;
function validateWorkspace(): void {
  const pass = ++workspacePass;
  for (const d of documents.all()) validate(d);
  const queue: string[] = [];
  for (const root of roots) for (const { rel } of findAgentFiles(root)) queue.push(`${root}/${rel}`);
  const step = () => {
    if (pass !== workspacePass) return; // a newer pass (folders changed) took over
    for (let n = 0; n < 20 && queue.length > 0; n++) {
      const path = queue.shift()!;
      const uri = pathToFileURL(path).toString();
      if (documents.get(uri)) continue;
      const text = diskText(path);
      if (text !== null) void connection.sendDiagnostics({ uri, diagnostics: lintText(uri, text).map(toLsp) });
    }
    if (queue.length > 0) setImmediate(step);
  };
  setImmediate(step);
}

connection.onInitialize((params: InitializeParams) => {
  const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  roots = folders.map(pathOf).filter((p): p is string => p !== null);
  folderEvents = params.capabilities.workspace?.workspaceFolders === true;
  watchRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
  const opts = params.initializationOptions as { inlineConfig?: boolean } | undefined;
  if (typeof opts?.inlineConfig === 'boolean') inlineConfig = opts.inlineConfig;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
      executeCommandProvider: { commands: [SHOW_DOCS] },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'agent-guard', version: AGENT_GUARD_VERSION },
  };
});

let folderEvents = false;
let watchRegistration = false;

/**
 * Files whose change makes other files' diagnostics stale: the settings (AG-SET-008 "not
 * installed", allow/deny shadowing across files), the hook file and VS Code's hooks file. Install,
 * sync and uninstall write them, by the CLI or the extension, usually while they are closed. And
 * .claude/agent-guard.json, which every command's verdict depends on (`agent-guard allow` writes it).
 */
const WATCHED = [
  '**/.claude/settings.json',
  '**/.claude/settings.local.json',
  '**/.claude/hooks/agent-guard.cjs',
  '**/.github/hooks/agent-guard.json',
  `**/${CONFIG_FILE}`,
  `**/${LOCAL_CONFIG_FILE}`,
];

/** Agent Guard's own configuration files: every verdict depends on them. */
const isConfigFile = (uri: string) => {
  const p = pathOf(uri);
  return !!p && (p.endsWith(`/${CONFIG_FILE}`) || p.endsWith(`/${LOCAL_CONFIG_FILE}`));
};

/** Re-lints every agent file: open documents from their text, the rest from disk. */
function revalidateAll(): void {
  validateWorkspace();
  for (const d of documents.all()) validate(d);
}

connection.onInitialized(() => {
  if (folderEvents) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => pathOf(f.uri)));
      roots = [...roots.filter((r) => !removed.has(r)), ...e.added.map((f) => pathOf(f.uri)).filter((p): p is string => p !== null)];
      validateWorkspace();
    });
  }
  // Any LSP client that can watch files (VS Code, Neovim 0.10+) tells us about install changes.
  if (watchRegistration) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED.map((globPattern) => ({ globPattern })) });
  setImmediate(validateWorkspace);
});

connection.onDidChangeWatchedFiles((e) => {
  if (e.changes.some((c) => isConfigFile(c.uri))) forgetVerdicts();
  revalidateAll();
});
// The same, asked for by a client that has just written those files itself (the VS Code extension
// after Install, Sync, Uninstall and "Allow this here"), without waiting for the file watcher.
connection.onNotification('agentGuard/revalidate', () => {
  forgetVerdicts();
  revalidateAll();
});

connection.onDidChangeConfiguration((change) => {
  const s = (change.settings as { agentGuard?: { lint?: { inlineConfig?: boolean } } } | null)?.agentGuard?.lint;
  if (typeof s?.inlineConfig === 'boolean') inlineConfig = s.inlineConfig;
  forgetVerdicts();
  for (const d of documents.all()) validate(d);
});

documents.onDidOpen((e) => validate(e.document));
documents.onDidChangeContent((e) => schedule(e.document));
documents.onDidSave((e) => {
  // A saved file may be what verdicts depend on (.env, agent-guard.json): then every agent file is stale.
  forgetVerdicts();
  if (isConfigFile(e.document.uri)) revalidateAll();
  else validate(e.document);
});
documents.onDidClose((e) => {
  // Closed files keep their on-disk diagnostics (as at start).
  const path = pathOf(e.document.uri);
  if (!path) return;
  const text = diskText(path);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: text === null ? [] : lintText(e.document.uri, text).map(toLsp) });
});

connection.onCodeAction((params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return [];
  const only = params.context.only;
  const actions: CodeAction[] = [];
  const wantsFixAll = only?.some((k) => FIX_ALL_KIND.startsWith(k) || k === CodeActionKind.Source);
  if (wantsFixAll) {
    const all = lintText(doc.uri, doc.getText()).filter((d) => d.fix && !d.fix.optIn);
    if (all.length > 0)
      actions.push({
        title: 'Fix all Agent Guard problems',
        kind: FIX_ALL_KIND,
        edit: { changes: { [doc.uri]: nonOverlappingEdits(all.flatMap((d) => d.fix!.edits)) } },
      });
    if (only?.every((k) => k !== CodeActionKind.QuickFix && !CodeActionKind.QuickFix.startsWith(k))) return actions;
  }
  const path = pathOf(doc.uri);
  const where = path ? locate(path) : null;
  const kind = where ? kindOf(where) : null;
  // The simple fixes first, then fixes that change what the file grants, then disable and docs.
  const later: CodeAction[] = [];
  const last: CodeAction[] = [];
  for (const d of params.context.diagnostics) {
    if (d.source !== 'agent-guard' || typeof d.code !== 'string') continue;
    const fix = (d.data as { fix?: Fix } | undefined)?.fix;
    if (fix)
      (fix.optIn ? later : actions).push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: !fix.optIn,
        edit: { changes: { [doc.uri]: fix.edits } },
      });
    if (d.code === 'AG-SET-004') actions.push(...narrowActions(doc, d));
    // Entries waiting for consent: the editor's consent command (the VS Code extension registers it).
    if (d.code === 'AG-CFG-001' && where)
      actions.push({
        title: 'Review and consent to the configuration (agent-guard trust)…',
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        command: { title: 'Trust', command: 'agentGuard.trustWorkspaceGuards', arguments: [{ folder: pathToFileURL(where.root).toString() }] },
      });
    if (kind && kind !== 'settings' && kind !== 'guard-config') {
      last.push(disableAction(doc, d, d.code, kind, 'line'));
      last.push(disableAction(doc, d, d.code, kind, 'file'));
    }
    last.push({
      title: `Show documentation for ${d.code} (${ruleByCode(d.code)?.name ?? 'rule'})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      command: { title: 'Show documentation', command: SHOW_DOCS, arguments: [d.code] },
    });
  }
  return [...actions, ...later, ...last];
});

/** `Bash(*)` and the like: one quick fix per narrower rule (the project's scripts, read-only git), for the user to pick. */
function narrowActions(doc: TextDocument, d: LspDiagnostic): CodeAction[] {
  const rule = doc.getText(d.range);
  const path = pathOf(doc.uri);
  const root = path ? locate(path)?.root : undefined;
  const scripts = packageScripts(
    root ? (documents.get(pathToFileURL(`${root}/package.json`).toString())?.getText() ?? diskText(`${root}/package.json`)) : null,
  );
  return narrowerRules(rule, scripts).map((narrower) => ({
    title: `Allow only ${narrower} instead of ${rule}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [doc.uri]: [{ range: d.range, newText: narrower.replace(/["\\]/g, (c) => `\\${c}`) }] } },
  }));
}

/** A comment in the file's own syntax: `<!-- … -->` in Markdown, `#` in frontmatter, `//` in scripts. */
function disableAction(doc: TextDocument, d: LspDiagnostic, code: string, kind: FileKind, scope: 'line' | 'file'): CodeAction {
  const text = doc.getText();
  const fm = kind === 'workflow' ? null : splitFrontmatter(text);
  const fmEndLine = fm ? doc.positionAt(fm.end).line : 0;
  const inFrontmatter = !!fm && scope === 'line' && d.range.start.line < fmEndLine;
  const comment = disableComment(kind, code, 'reason', scope === 'line' ? 'next-line' : 'file', inFrontmatter);
  const line = scope === 'line' ? d.range.start.line : kind === 'workflow' ? 0 : fmEndLine;
  const indent = scope === 'line' ? /^[ \t]*/.exec(text.split('\n')[line] ?? '')![0] : '';
  return {
    title: scope === 'line' ? `Disable ${code} for this line` : `Disable ${code} for the whole file`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [doc.uri]: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}${comment}\n` }] } },
  };
}

connection.onExecuteCommand(async (params) => {
  if (params.command !== SHOW_DOCS) return;
  const code = String(params.arguments?.[0] ?? '');
  if (!ruleByCode(code)) return;
  const uri = ruleDocs(code);
  // A shipped page opens in the editor; the published one in the browser.
  await connection.window.showDocument({ uri, external: !uri.startsWith('file:') });
});

documents.listen(connection);
connection.listen();

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
  type CodeLens,
  type CompletionItem,
  CompletionItemKind,
  MarkupKind,
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
import { createContext, disableComment, LineIndex, lintFile, nonOverlappingEdits, splitFrontmatter, type GuardSetup } from '../core/lint/engine';
import { hoverAt } from '../core/lint/hover';
import { completionsAt, type Completion } from '../core/lint/completion';
import { lensesFor } from '../core/lint/lenses';
import { frontmatterView } from '../core/lint/frontmatter-view';
import { classifyFile, findAgentFiles } from '../core/lint/files';
import { fsWorkspace } from '../core/lint/workspace';
import { rules, docsUrl, ruleByCode } from '../core/lint/index';
import { homeDirectory, normalizePath, relativeTo } from '../core/paths';
import type { Diagnostic, FileKind, Fix, WorkspaceView } from '../core/lint/types';
import type { Verdict } from '../core/guards/dispatch';
import { loadConfig } from '../core/guards/load-config';
import { CONFIG_FILE } from '../core/config';
import { LOCAL_CONFIG_FILE } from '../core/consent';
import { narrowingFixes, packageScripts } from '../core/lint/narrow';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.agentGuard`;
const SHOW_DOCS = 'agentGuard.showRuleDocumentation';
const INSTALL = 'agentGuard.install';
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

/**
 * `views`: one view per folder shared by a pass over many files (the start-up pass), so what rules
 * derive from many files (every agent name of a folder) is read once per pass, not once per file.
 */
function lintText(uri: string, text: string, views?: Map<string, WorkspaceView>): Diagnostic[] {
  const path = pathOf(uri);
  if (!path) return [];
  const where = locate(path);
  if (!where) return [];
  const kind = kindOf(where);
  if (!kind) return [];
  const st = folderState(where.root);
  let view = views?.get(where.root);
  if (!view) {
    view = workspaceFor(where.root);
    views?.set(where.root, view);
  }
  return lintFile({ path, rel: where.rel, kind, text }, view, {
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
  const views = new Map<string, WorkspaceView>();
  const step = () => {
    if (pass !== workspacePass) return; // a newer pass (folders changed) took over
    for (let n = 0; n < 20 && queue.length > 0; n++) {
      const path = queue.shift()!;
      const uri = pathToFileURL(path).toString();
      if (documents.get(uri)) continue;
      const text = diskText(path);
      if (text !== null) void connection.sendDiagnostics({ uri, diagnostics: lintText(uri, text, views).map(toLsp) });
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
  const opts = params.initializationOptions as { inlineConfig?: boolean; clientCommands?: unknown } | undefined;
  if (typeof opts?.inlineConfig === 'boolean') inlineConfig = opts.inlineConfig;
  if (Array.isArray(opts?.clientCommands)) clientCommands = new Set(opts.clientCommands.filter((c): c is string => typeof c === 'string'));
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' ', ',', '"', '|'], resolveProvider: false },
      codeLensProvider: { resolveProvider: false },
      executeCommandProvider: { commands: [SHOW_DOCS] },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'agent-guard', version: AGENT_GUARD_VERSION },
  };
});

let folderEvents = false;
let watchRegistration = false;
/** Commands the client runs itself (the VS Code extension's Install), which code actions may name. */
let clientCommands = new Set<string>();

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
    // "Not installed": install it, in the folder of this settings file (the extension asks for which agent).
    if (d.code === 'AG-SET-008' && String(d.message).startsWith('Agent Guard is not installed') && clientCommands.has(INSTALL) && where)
      actions.push({
        title: 'Install Agent Guard in this folder…',
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        command: { title: 'Install Agent Guard', command: INSTALL, arguments: [{ folder: pathToFileURL(where.root).toString() }] },
      });
    // Entries waiting for consent: the editor's consent command (the VS Code extension registers it).
    if (d.code === 'AG-CFG-001' && where)
      actions.push({
        title: 'Review and consent to the configuration (agent-guard trust)…',
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        command: { title: 'Trust', command: 'agentGuard.trustWorkspaceGuards', arguments: [{ folder: pathToFileURL(where.root).toString() }] },
      });
    if (kind && kind !== 'settings' && kind !== 'guard-config' && kind !== 'host-hooks') {
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

/** `Bash(*)` and the like: one quick fix per narrower rule (the project's scripts, read-only git) and one that removes it. */
function narrowActions(doc: TextDocument, d: LspDiagnostic): CodeAction[] {
  const path = pathOf(doc.uri);
  const root = path ? locate(path)?.root : undefined;
  const scripts = packageScripts(
    root ? (documents.get(pathToFileURL(`${root}/package.json`).toString())?.getText() ?? diskText(`${root}/package.json`)) : null,
  );
  return narrowingFixes(doc.getText(), doc.offsetAt(d.range.start), doc.offsetAt(d.range.end), scripts).map((fix) => ({
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: {
      changes: { [doc.uri]: fix.edits.map((e) => ({ range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, newText: e.newText })) },
    },
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

// ---- beyond diagnostics: hover, completion, code lenses (core/lint/hover.ts, completion.ts, lenses.ts) ----

const REPLACE_TEXT = 'agentGuard.replaceText';
const APPLY_PREVIEWED = 'agentGuard.applyPreviewed';
const SHOW_FRONTMATTER = 'agentGuard.showFrontmatter';
const SHOW_PROBLEMS = 'workbench.actions.view.problems';

/** A document's place, kind and the context the rules read it through (for hover). */
function contextOf(doc: TextDocument) {
  const path = pathOf(doc.uri);
  const where = path ? locate(path) : null;
  const kind = where ? kindOf(where) : null;
  if (!path || !where || !kind) return null;
  const text = doc.getText();
  const st = folderState(where.root);
  const file = { path, rel: where.rel, kind, text };
  return { where, kind, text, ctx: createContext(file, workspaceFor(where.root), new LineIndex(text), [], { rule: null }, st, st.verdicts) };
}

const commandLink = (command: string, arg: unknown) => `command:${command}?${encodeURIComponent(JSON.stringify([arg]))}`;

connection.onHover((params) => {
  const doc = documents.get(params.textDocument.uri);
  const c = doc ? contextOf(doc) : null;
  if (!doc || !c) return null;
  const offset = doc.offsetAt(params.position);
  const parts: string[] = [];
  let range: { start: number; end: number } | null = null;
  const h = hoverAt(c.ctx, offset);
  const findings = lintText(doc.uri, c.text).filter((d) => doc.offsetAt(d.range.start) <= offset && offset <= doc.offsetAt(d.range.end));
  if (h) {
    range = h;
    // A finding on the same span shows the reason already (the editor puts it above): not twice.
    let md = h.short && findings.some((d) => doc.offsetAt(d.range.start) === h.start) ? h.short : h.markdown;
    if (h.replace && clientCommands.has(REPLACE_TEXT))
      md += ` [Replace](${commandLink(REPLACE_TEXT, { uri: doc.uri, range: { start: doc.positionAt(h.replace.start), end: doc.positionAt(h.replace.end) }, newText: h.replace.newText })} "Put the alternative in its place")`;
    parts.push(md);
  }
  // What the rule of a finding here is about (the editor shows the finding's message itself).
  for (const code of new Set(findings.map((d) => d.code))) {
    const rule = ruleByCode(code);
    if (rule) parts.push(`**${rule.code}** ${rule.name}: ${rule.title}. ${rule.rationale} [Rule page](${ruleDocs(rule.code)})`);
  }
  if (parts.length === 0) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') },
    ...(range ? { range: { start: doc.positionAt(range.start), end: doc.positionAt(range.end) } } : {}),
  };
});

const COMPLETION_KIND: Record<Completion['kind'], CompletionItemKind> = {
  key: CompletionItemKind.Property,
  tool: CompletionItemKind.Function,
  model: CompletionItemKind.Value,
  value: CompletionItemKind.EnumMember,
  event: CompletionItemKind.Event,
};

connection.onCompletion((params): CompletionItem[] => {
  const doc = documents.get(params.textDocument.uri);
  const path = doc ? pathOf(doc.uri) : null;
  const where = path ? locate(path) : null;
  const kind = where ? kindOf(where) : null;
  if (!doc || !kind) return [];
  return completionsAt(kind, doc.getText(), doc.offsetAt(params.position)).map((c) => ({
    label: c.label,
    kind: COMPLETION_KIND[c.kind],
    detail: c.detail,
    textEdit: { range: { start: doc.positionAt(c.start), end: doc.positionAt(c.end) }, newText: c.insertText ?? c.label },
  }));
});

connection.onCodeLens((params): CodeLens[] => {
  const doc = documents.get(params.textDocument.uri);
  const path = doc ? pathOf(doc.uri) : null;
  const where = path ? locate(path) : null;
  const kind = where ? kindOf(where) : null;
  if (!doc || !where || !kind) return [];
  const scripts =
    kind === 'settings'
      ? packageScripts(documents.get(pathToFileURL(`${where.root}/package.json`).toString())?.getText() ?? diskText(`${where.root}/package.json`))
      : [];
  const out: CodeLens[] = [];
  for (const lens of lensesFor(kind, doc.getText(), lintText(doc.uri, doc.getText()), scripts)) {
    const range = { start: { line: lens.line, character: 0 }, end: { line: lens.line, character: 0 } };
    const a = lens.action;
    const command =
      a.kind === 'apply'
        ? { title: lens.title, command: APPLY_PREVIEWED, arguments: [{ uri: doc.uri, label: a.label, edits: a.edits }] }
        : a.kind === 'problems'
          ? { title: lens.title, command: SHOW_PROBLEMS }
          : { title: lens.title, command: SHOW_FRONTMATTER, arguments: [doc.uri] };
    // Only what the client said it can run (the VS Code extension); another client gets none.
    if (clientCommands.has(command.command)) out.push({ range, command });
  }
  return out;
});

/** How Claude Code reads an agent's, skill's or command's frontmatter (core/lint/frontmatter-view.ts). */
connection.onRequest('agentGuard/frontmatterView', (params: { uri: string }) => {
  const path = pathOf(params.uri);
  const where = path ? locate(path) : null;
  const kind = where ? kindOf(where) : null;
  if (!where || !(kind === 'agent' || kind === 'skill' || kind === 'command')) return null;
  const text = documents.get(params.uri)?.getText() ?? diskText(path!);
  return text === null ? null : frontmatterView(kind, where.rel, text);
});

/** Lints a text as if it were the document at `uri` (the extension checks an edit it proposes before offering it). */
connection.onRequest('agentGuard/lintText', (params: { uri: string; text: string }) => lintText(params.uri, params.text).map(toLsp));

documents.listen(connection);
connection.listen();

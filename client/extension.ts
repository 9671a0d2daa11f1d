// dist/extension.cjs: the VS Code extension. A thin client: at activation it starts the language
// server; the commands, the status bar item per folder, sync on update, the Agent Guard view and
// the notifications when the agent was blocked are client/features.ts.

import * as vscode from 'vscode';
import { LanguageClient, TransportKind, State, CloseAction, ErrorAction, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { commandArguments, requireTrust } from './trust';
import { OPEN_RULE_DOCS, openRuleDocs, ruleDocsMiddleware } from './rule-docs';
import { join } from 'node:path';
import type { Features, Shared } from './features';
import type { Change } from './side-effects';
import type { AgentGuardView } from './view';
import type { CheckAnswer } from './check-panel';

const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 3 * 60 * 1000;

export interface AgentGuardApi {
  /** Milliseconds activate() took (measured for the README). */
  activationMs: number;
  /** The status bar text shown for a folder. */
  statusText(folder: vscode.Uri): string | undefined;
  /** Recomputes the status of every folder. */
  refresh(): Promise<void>;
  client(): LanguageClient | undefined;
  /** What the last Install, Sync or Uninstall changed, relative to its folder. */
  lastChanges(): Change[];
  /** The Agent Guard view's data (folders, hosts, blocked calls). */
  view(): AgentGuardView;
  /** What the Check panel shows, while it is open. */
  checkPanel(): CheckAnswer | undefined;
}
let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;

/** The commands the features module runs (each registered at activation, so it is there at once). */
const FEATURE_COMMANDS = [
  'agentGuard.install',
  'agentGuard.sync',
  'agentGuard.uninstall',
  'agentGuard.showStatus',
  'agentGuard.checkCommand',
  'agentGuard.showBlockedCalls',
  'agentGuard.openConfiguration',
  'agentGuard.trustWorkspaceGuards',
  'agentGuard.showBlockedCall',
  'agentGuard.allowBlockedCall',
  'agentGuard.copyAlternative',
  'agentGuard.refreshView',
  'agentGuard.teachAgent',
  'agentGuard.replay',
];

const trusted = () => vscode.workspace.isTrusted;

function refuseUntrusted(message: string): void {
  output.appendLine(message);
  void vscode.window.showWarningMessage(message, 'Manage Workspace Trust').then((p) => p && vscode.commands.executeCommand('workbench.trust.manage'));
}

/**
 * The features, a bundle of their own (dist/extension-features.cjs: the guards, the installer, the
 * view), loaded when the language server has started or a command or the API needs them first.
 */
let features: Features | undefined;

// ---- what the server's hover links and code lenses run ----

const REPLACE_TEXT = 'agentGuard.replaceText';
const APPLY_PREVIEWED = 'agentGuard.applyPreviewed';
const SHOW_FRONTMATTER = 'agentGuard.showFrontmatter';
const FRONTMATTER_SCHEME = 'agent-guard-frontmatter';

interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
const toRange = (r: LspRange) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

/** The hover's [Replace]: the guard's alternative in place of the command. */
async function replaceText(arg?: { uri: string; range: LspRange; newText: string }): Promise<boolean> {
  if (!arg) return false;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(vscode.Uri.parse(arg.uri), toRange(arg.range), arg.newText);
  return vscode.workspace.applyEdit(edit);
}

/**
 * A code lens's edit (Fix all, Replace with this project's scripts): one change, shown in the
 * Refactor Preview first (`preview: false` applies it at once: tests, and callers that asked already).
 */
async function applyPreviewed(arg?: { uri: string; label: string; edits: { range: LspRange; newText: string }[]; preview?: boolean }): Promise<boolean> {
  if (!arg) return false;
  const edit = new vscode.WorkspaceEdit();
  const meta = { label: arg.label, needsConfirmation: arg.preview !== false };
  for (const e of arg.edits) edit.replace(vscode.Uri.parse(arg.uri), toRange(e.range), e.newText, meta);
  return vscode.workspace.applyEdit(edit);
}

/** "What Claude Code reads": the server's view of the frontmatter, in a read-only document beside the file. */
const frontmatterTexts = new Map<string, string>();
const frontmatterViews: vscode.TextDocumentContentProvider = { provideTextDocumentContent: (uri) => frontmatterTexts.get(uri.toString()) ?? '' };
async function showFrontmatter(given?: string | vscode.Uri): Promise<string | undefined> {
  const source = given === undefined ? vscode.window.activeTextEditor?.document.uri : typeof given === 'string' ? vscode.Uri.parse(given) : given;
  if (!source || !client) return undefined;
  const text = await client.sendRequest<string | null>('agentGuard/frontmatterView', { uri: source.toString() }).catch(() => null);
  if (text === null) {
    void vscode.window.showInformationMessage(
      'Agent Guard: What Claude Code reads is shown for agents, skills and commands (.claude/agents, .claude/skills, .claude/commands).',
    );
    return undefined;
  }
  const view = vscode.Uri.from({ scheme: FRONTMATTER_SCHEME, path: `${source.path}.claude-code.yaml` });
  frontmatterTexts.set(view.toString(), text);
  let doc = await vscode.workspace.openTextDocument(view);
  try {
    doc = await vscode.languages.setTextDocumentLanguage(doc, 'yaml');
  } catch {
    /* shown as plain text */
  }
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  return text;
}
function loadFeatures(context: vscode.ExtensionContext): Features {
  if (!features) {
    const started = Date.now();
    const mod = require(join(__dirname, 'extension-features.cjs')) as { start(shared: Shared): Features };
    const request = (method: string, params: unknown): Promise<unknown> =>
      client ? Promise.resolve(client.sendRequest(method, params)) : Promise.resolve(undefined);
    features = mod.start({ context, output, revalidate, refuseUntrusted, request });
    output.appendLine(`features loaded in ${Date.now() - started} ms`);
  }
  return features;
}

export async function activate(context: vscode.ExtensionContext): Promise<AgentGuardApi> {
  const started = Date.now();
  output = vscode.window.createOutputChannel('Agent Guard', { log: true });
  // Not among the subscriptions: the language client logs into it while it stops (deactivate).

  startClient(context);

  // Install, sync and Check a Command refuse in Restricted Mode (client/trust.ts); the rest reads only.
  const reg = (id: string, fn: (...args: never[]) => unknown) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, requireTrust(id, trusted, refuseUntrusted, fn as (...args: unknown[]) => unknown)));
  // What skips the person's pick is for the extension's own tests only (client/trust.ts commandArguments).
  const fromTests = context.extensionMode === vscode.ExtensionMode.Test;
  for (const id of FEATURE_COMMANDS) reg(id, (...args: never[]) => loadFeatures(context).commands[id]!(...(commandArguments(id, args, fromTests) as never[])));
  reg(OPEN_RULE_DOCS, (code?: string) => openRuleDocs(context, String(code ?? '')));
  reg(REPLACE_TEXT, (arg?: { uri: string; range: LspRange; newText: string }) => replaceText(arg));
  reg(APPLY_PREVIEWED, (arg?: { uri: string; label: string; edits: { range: LspRange; newText: string }[]; preview?: boolean }) => applyPreviewed(arg));
  reg(SHOW_FRONTMATTER, (uri?: string | vscode.Uri) => showFrontmatter(uri));
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(FRONTMATTER_SCHEME, frontmatterViews));
  reg('agentGuard.restartServer', async () => {
    stopping = true;
    await client?.stop().catch(() => undefined);
    stopping = false;
    startClient(context);
  });

  // The status bar, the view and the watchers come once the language server is starting (its
  // process loads and lints meanwhile), or at the latest a second after activation.
  let scheduled = false;
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => loadFeatures(context), 0);
  };
  client?.onDidChangeState((e) => e.newState === State.Running && later());
  setTimeout(later, 1000);

  const activationMs = Date.now() - started;
  // The times in the text (the channel stamps its lines when it writes them out, later).
  activatedAt = started;
  output.appendLine(`activated in ${activationMs} ms (started ${new Date(started).toISOString()})`);
  return {
    activationMs,
    statusText: (folder) => loadFeatures(context).statusText(folder),
    refresh: () => loadFeatures(context).refresh(),
    client: () => client,
    lastChanges: () => loadFeatures(context).lastChanges(),
    view: () => loadFeatures(context).view(),
    checkPanel: () => loadFeatures(context).checkPanel(),
  };
}

export async function deactivate(): Promise<void> {
  stopping = true;
  await client?.stop().catch(() => undefined);
  output?.dispose();
}

/** The window is closing or reloading: requests still in flight have no one to answer. */
let stopping = false;

/** When activate() started, and whether the server's first diagnostics came (for the reload timeline). */
let activatedAt = 0;
let firstDiagnostics = false;

// ---- language server ----

function startClient(context: vscode.ExtensionContext): void {
  const module = context.asAbsolutePath('dist/server.cjs');
  const serverOptions: ServerOptions = { run: { module, transport: TransportKind.ipc }, debug: { module, transport: TransportKind.ipc } };
  const crashes: number[] = [];
  const ruleDocs = ruleDocsMiddleware(context);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', pattern: '**/.claude/**' },
      { scheme: 'file', pattern: '**/CLAUDE*.md' },
      { scheme: 'file', pattern: '**/AGENTS.md' },
      // Other hosts' agent files (core/lint/files.ts otherHostKind): the server decides what each is.
      { scheme: 'file', pattern: '**/{GEMINI.md,AGENTS.override.md,.cursorrules}' },
      { scheme: 'file', pattern: '**/{.cursor,.codex,.gemini}/**' },
      { scheme: 'file', pattern: '**/.github/{copilot-instructions.md,instructions/**,prompts/**,agents/**,chatmodes/**,hooks/**}' },
    ],
    synchronize: { configurationSection: 'agentGuard' },
    initializationOptions: {
      inlineConfig: vscode.workspace.getConfiguration('agentGuard').get<boolean>('lint.inlineConfig', true),
      // Commands the server's code actions, code lenses and hover links may name (another LSP client
      // declares none, and gets none of them).
      clientCommands: ['agentGuard.install', REPLACE_TEXT, APPLY_PREVIEWED, SHOW_FRONTMATTER, 'workbench.actions.view.problems'],
    },
    // The hover's [Replace] link runs this one command (no other command link is trusted).
    markdown: { isTrusted: { enabledCommands: [REPLACE_TEXT] }, supportHtml: false },
    outputChannel: output,
    middleware: {
      ...ruleDocsMiddleware(context),
      handleDiagnostics(uri, diagnostics, next) {
        if (!firstDiagnostics && diagnostics.length > 0) {
          firstDiagnostics = true;
          output.appendLine(`first diagnostics ${Date.now() - activatedAt} ms after activation (${new Date().toISOString()})`);
        }
        ruleDocs.handleDiagnostics!(uri, diagnostics, next);
      },
      // While the server stops or restarts (a window reload, Restart Language Server), a lightbulb
      // request in flight fails with the connection: no actions then, rather than a provider error.
      async provideCodeActions(document, range, ctx, token, next) {
        try {
          return await next(document, range, ctx, token);
        } catch (err) {
          if (stopping || !client?.isRunning()) return undefined;
          throw err;
        }
      },
    },
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      closed: () => {
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
        if (crashes.length < CRASH_LIMIT) return { action: CloseAction.Restart };
        void vscode.window
          .showErrorMessage(
            `The Agent Guard language server stopped ${CRASH_LIMIT} times in 3 minutes and will not be restarted. The guards still work; only diagnostics are off.`,
            'Show Output',
            'Restart',
          )
          .then((pick) => {
            if (pick === 'Show Output') output.show();
            if (pick === 'Restart') void vscode.commands.executeCommand('agentGuard.restartServer');
          });
        return { action: CloseAction.DoNotRestart };
      },
    },
  };
  client = new LanguageClient('agentGuard', 'Agent Guard', serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Stopped) output.appendLine('language server stopped');
  });
  void client.start().catch((err: unknown) => output.appendLine(`language server failed to start: ${String(err)}`));
}

/**
 * Install, sync and uninstall change what other files' diagnostics say (AG-SET-008 "not installed"
 * on a closed settings file): ask the server to re-lint now rather than wait for the file watcher.
 */
function revalidate(): void {
  if (client?.isRunning()) void client.sendNotification('agentGuard/revalidate').catch(() => undefined);
}

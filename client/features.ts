// The extension's features beyond the language server: install, sync, uninstall and status with a
// status bar item per folder, sync on update, Check a Command, the Agent Guard view and the
// blocked-call panel, notifications when the agent was blocked. client/extension.ts starts the
// language server at activation and hands this module what it shares (start()).

import * as vscode from 'vscode';
import { execFile } from 'node:child_process';
import { readFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import guards from 'agent-guard:guards';
import type { Bundle, Scope } from '../core/install/installer';
import type { Place } from '../core/install/target';
import { installHosts, syncHosts, uninstallHosts, workspaceFiles } from '../core/install/orchestrate';
import { VSCODE_HOOKS_FILE } from '../core/install/targets/vscode';
import { describeHost, hostStatus, status, type StatusReport } from '../core/install/status';
import { evaluatePayload, reasonText } from '../core/guards/dispatch';
import { blockedOnly, readDecisions, LOG_FILE, type LogEntry } from '../core/guards/decision-log';
import type { ReplayReport } from '../core/replay/summary';
import { loadConfig } from '../core/guards/load-config';
import { CONFIG_TEMPLATE } from '../core/config-schema';
import { CONFIG_FILE, type Loosening } from '../core/config';
import { homeDirectory, normalizePath } from '../core/paths';
import { createGitRunner } from '../cli/git';
import { applyTrust, guardFiles, readTrust, trustFile, WORKSPACE_GUARDS_DIR } from '../core/trust';
import { allowHere, CATASTROPHIC, planAllow, previewLines, type AllowScope } from '../cli/allow-command';
import { isFloor, recordConfigConsent } from '../cli/workspace-commands';
import { CONFIG_FILES } from '../core/guards/load-config';
import { formatStatus } from '../cli/install-commands';
import { REDACTED, redact, redactVerdict } from '../core/redact';
import { teachable, teachAgent as teach } from './teach';
import { headline, programsOf, shownCheck, showCheck, type CheckAnswer } from './check-panel';
import { changes, describeChanges, snapshot, type Change } from './side-effects';
import {
  AgentGuardView,
  COPY_ALTERNATIVE,
  copyAlternative,
  oneLine,
  REPLAY,
  SHOW_BLOCKED_CALL,
  showBlockedCall,
  shownCall,
  VIEW_ID,
  type FolderState,
  type ReplayState,
} from './view';

/** What the activation shares with the features. */
export interface Shared {
  context: vscode.ExtensionContext;
  output: vscode.LogOutputChannel;
  /** Asks the language server to re-lint every agent file (install and allow change what they say). */
  revalidate(): void;
  /** Refuses a command in Restricted Mode (the message says why). */
  refuseUntrusted(message: string): void;
  /** A request to the language server (undefined when it is not running). */
  request(method: string, params: unknown): Promise<unknown>;
}

/** The commands (by id) and what the extension's API reads. */
export interface Features {
  commands: Record<string, (...args: never[]) => unknown>;
  statusText(folder: vscode.Uri): string | undefined;
  refresh(): Promise<void>;
  lastChanges(): Change[];
  view(): AgentGuardView;
  checkPanel(): CheckAnswer | undefined;
}

const statusItems = new Map<string, vscode.StatusBarItem>();
let output: vscode.LogOutputChannel;

let cachedBundle: Bundle | undefined;
let view: AgentGuardView;

let revalidate: () => void = () => undefined;

/** Teach the agent (client/teach.ts), with what it needs from here. */
const teachAgent = (opts?: { entry?: LogEntry; folder?: vscode.Uri; preview?: boolean }) =>
  teach({
    entry: opts?.entry ?? shownCall(),
    folder: () => pickFolder(opts?.folder),
    request,
    log: (l) => output.appendLine(l),
    preview: opts?.preview !== false,
  });
let request: Shared['request'] = () => Promise.resolve(undefined);
let refuseUntrusted: (message: string) => void = () => undefined;

/** Every folder's status, hosts and recent blocked calls, for the view. */
function folderStates(context: vscode.ExtensionContext): FolderState[] {
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => {
    const ws = normalizePath(folder.uri.fsPath);
    const s = status(ws, home(), bundle(context));
    return {
      folder,
      status: s,
      hosts: hostStatus(ws, s, bundle(context)),
      blocked: blockedOnly(readDecisions(ws, 200)),
      replay: replays.get(folder.uri.toString()) ?? { state: 'none' },
    };
  });
}

async function blockedCallAction(action: string, e: LogEntry, folder?: vscode.Uri): Promise<void> {
  if (action === 'copy') await copyAlternative(e);
  if (action === 'teach') await teachAgent({ entry: e, ...(folder ? { folder } : {}) });
  if (action === 'allow') await allowBlockedCall({ entry: e, ...(folder ? { folder } : {}) });
}

/** Why a logged call cannot become an exception from here, or null. */
function notAllowable(e: LogEntry): string | null {
  if (e.guard === 'unanalysable') return 'the guard could not analyse it completely; rephrase it instead';
  if (!['Bash', 'PowerShell', 'Monitor'].includes(e.tool) && !/terminal/i.test(e.tool)) return `it is a ${e.tool} call, not a command`;
  if (e.target.includes(REDACTED)) return 'the log holds it with a secret redacted, so the exact command is unknown; run agent-guard allow with it';
  if (e.target.length >= 500) return 'the log holds it shortened; run agent-guard allow with the whole command';
  // The floor: no one-click exception for the catastrophic class.
  if (CATASTROPHIC.has(e.guard)) return floorText(e);
  return null;
}

/** What the editor says instead of offering "Allow" for a catastrophic-class denial. */
function floorText(e: LogEntry): string {
  return `${e.guard} stops damage that cannot be undone, so it cannot be allowed from the editor. If you are sure, run in a terminal (you will type the command back): agent-guard allow '${e.target.replace(/'/g, "'\\''")}'`;
}

type AllowChoice = { scope: AllowScope; team?: boolean } | null;

/**
 * "Allow this here": a person's standing permission for this command and guard in this folder. The
 * person picks how far it reaches (this agent session, an hour, this branch, always for them, or for
 * the team) in a list whose first and default item keeps it blocked; the list says which recent
 * blocked calls it would have let through. Skipped only when called with `confirmed`, from code.
 */
async function allowBlockedCall(opts?: {
  entry?: LogEntry;
  folder?: vscode.Uri | string;
  confirmed?: boolean;
  scope?: AllowScope;
  team?: boolean;
}): Promise<string | undefined> {
  const e = opts?.entry ?? shownCall();
  if (!e) return undefined;
  const folder = await pickFolder(asUri(opts?.folder));
  if (!folder) return undefined;
  if (!trusted()) {
    refuseUntrusted('Agent Guard: Allow this here is not available in Restricted Mode. Trust the folder first.');
    return undefined;
  }
  const why = notAllowable(e);
  if (why) {
    void vscode.window.showWarningMessage(`Agent Guard: this call cannot be allowed from here: ${why}.`);
    return undefined;
  }
  const ws = normalizePath(folder.uri.fsPath);
  let choice: AllowChoice = { scope: opts?.scope ?? 'always', ...(opts?.team ? { team: true } : {}) };
  if (!opts?.confirmed) {
    choice = await pickAllowScope(e, ws, folder.name);
    if (!choice) return undefined;
  }
  const r = allowHere({
    command: e.target,
    workspace: ws,
    guard: e.guard,
    scope: choice.scope,
    team: choice.team ?? false,
    ...(e.session ? { session: e.session } : {}),
  });
  output.appendLine(`Allow: ${r.message}`);
  // The new exception changes verdicts: lint findings on that command go too, without waiting for the watcher.
  if (r.ok) revalidate();
  if (r.ok)
    void vscode.window.showInformationMessage(`Agent Guard: ${r.message}`, 'Open Configuration').then((p) => p && openConfiguration({ folder: folder.uri }));
  else void vscode.window.showErrorMessage(`Agent Guard: ${r.message}`);
  view?.refresh();
  return r.message;
}

/** The reach of an exception, picked by the person; the first item, the default, keeps the call blocked. */
async function pickAllowScope(e: LogEntry, ws: string, name: string): Promise<AllowChoice> {
  const plan = planAllow({ command: e.target, workspace: ws, guard: e.guard });
  if (!plan.ok) {
    void vscode.window.showErrorMessage(`Agent Guard: ${plan.message}`);
    return null;
  }
  const branchRun = createGitRunner({ projectDir: ws }).run(['symbolic-ref', '--quiet', '--short', 'HEAD'], ws);
  const branch = branchRun?.ok ? branchRun.stdout.trim() : '';
  type Item = vscode.QuickPickItem & { choice?: AllowChoice };
  const items: Item[] = [
    { label: KEEP_BLOCKING, description: 'nothing changes', choice: null },
    { label: 'Allow exactly this command', kind: vscode.QuickPickItemKind.Separator },
    ...(e.session
      ? [{ label: '$(history) For this agent session', description: `session ${e.session.slice(0, 12)}`, choice: { scope: 'session' as const } }]
      : []),
    { label: '$(clock) For one hour', choice: { scope: 'hour' } },
    ...(branch ? [{ label: `$(git-branch) On branch ${branch}`, choice: { scope: 'branch' as const } }] : []),
    { label: '$(unlock) Always, only for me', description: `${CONFIG_FILES.local} (git-ignored)`, choice: { scope: 'always' } },
    {
      label: '$(organization) Always, for the whole team',
      description: `${CONFIG_FILES.team} (each teammate consents with agent-guard trust)`,
      choice: { scope: 'always', team: true },
    },
  ];
  const preview = previewLines(plan.preview ?? []);
  output.appendLine(`Allow "${e.target}" past ${e.guard} in ${name}? ${preview.join('\n')}`);
  const n = plan.preview?.length ?? 0;
  const pick = await vscode.window.showQuickPick(items, {
    title: `Allow "${oneLine(e.target, 60)}" past ${e.guard} in ${name}?`,
    // What it would have let through, in short (the list itself goes to the Agent Guard output).
    placeHolder: `Enter keeps it blocked. It would have let through ${n === 0 ? 'none' : n} of the blocked calls recorded here${n > 0 ? ' (listed in Output › Agent Guard)' : ''}.`,
    ignoreFocusOut: true,
  });
  return pick?.choice ?? null;
}

const KEEP_BLOCKING = '$(circle-slash) Keep blocking it';

/** A folder passed as a Uri, or as a string (from a code action the language server sent). */
function asUri(folder: vscode.Uri | string | undefined): vscode.Uri | undefined {
  return typeof folder === 'string' ? vscode.Uri.parse(folder) : folder;
}

/** The hook this extension ships. Read once: an extension update restarts the extension host. */
/** The hook this extension ships. Read once: an extension update restarts the extension host. */
function bundle(context: vscode.ExtensionContext): Bundle {
  cachedBundle ??= { hookSource: readFileSync(context.asAbsolutePath('dist/hook.cjs'), 'utf8'), version: String(context.extension.packageJSON.version) };
  return cachedBundle;
}

const home = () => homeDirectory(process.env, homedir);
const trusted = () => vscode.workspace.isTrusted;

/**
 * Creates the view, the watchers and the status bar (after this returns: status is read on the
 * next turn), and returns the commands.
 */
export function start(shared: Shared): Features {
  const { context } = shared;
  output = shared.output;
  revalidate = shared.revalidate;
  request = shared.request;
  refuseUntrusted = shared.refuseUntrusted;

  // The Agent Guard view: folders, hosts, blocked calls; a call opens in a readable panel.
  view = new AgentGuardView(() => folderStates(context));
  context.subscriptions.push(vscode.window.createTreeView(VIEW_ID, { treeDataProvider: view, showCollapseAll: false }));
  context.subscriptions.push(vscode.workspace.onDidChangeWorkspaceFolders(() => void refreshAll(context)));
  watchDecisionLog(context);
  watchInstallState(context);
  watchConsent(context);

  // Status, and syncing an outdated hook (only in a trusted folder: syncing writes the hook there;
  // when trust is granted later, then).
  setTimeout(() => void refreshAll(context).then(() => (trusted() ? autoSync(context) : undefined)), 0);
  context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void refreshAll(context).then(() => autoSync(context))));

  const commands: Features['commands'] = {
    'agentGuard.install': (opts?: { folder?: vscode.Uri | string; scope?: Scope; quiet?: boolean }) => installCommand(context, opts),
    'agentGuard.sync': (opts?: { folder?: vscode.Uri; force?: boolean; quiet?: boolean }) => syncCommand(context, opts),
    'agentGuard.uninstall': (opts?: { folder?: vscode.Uri; scope?: Scope; quiet?: boolean; confirmed?: boolean }) => uninstallCommand(context, opts),
    'agentGuard.showStatus': (opts?: { folder?: vscode.Uri; quiet?: boolean }) => statusCommand(context, opts),
    'agentGuard.checkCommand': (command?: string, opts?: { show?: boolean }) => checkCommand(command, opts),
    'agentGuard.showBlockedCalls': (opts?: { folder?: vscode.Uri }) => showBlockedCalls(opts),
    'agentGuard.openConfiguration': (opts?: { folder?: vscode.Uri }) => openConfiguration(opts),
    'agentGuard.trustWorkspaceGuards': (opts?: { folder?: vscode.Uri | string; confirm?: boolean }) => trustGuardsCommand(opts),
    [SHOW_BLOCKED_CALL]: (entry?: LogEntry, folder?: vscode.Uri) =>
      entry
        ? showBlockedCall(
            entry,
            (action, e) => void blockedCallAction(action, e, folder),
            [
              ...(teachable(entry) ? [{ id: 'teach', label: 'Teach the agent…' }] : []),
              ...(notAllowable(entry) ? [] : [{ id: 'allow', label: 'Allow this here…' }]),
            ],
            // The floor: a catastrophic-class denial says why it has no "Allow" here, and what the terminal needs.
            CATASTROPHIC.has(entry.guard) ? floorText(entry) : undefined,
          )
        : undefined,
    'agentGuard.allowBlockedCall': (opts?: { entry?: LogEntry; folder?: vscode.Uri | string; confirmed?: boolean; scope?: AllowScope; team?: boolean }) =>
      allowBlockedCall(opts),
    [COPY_ALTERNATIVE]: (entry?: LogEntry | { kind: 'call'; entry: LogEntry }) =>
      copyAlternative(entry && 'kind' in entry ? entry.entry : (entry ?? shownCall())),
    'agentGuard.refreshView': () => view.refresh(),
    'agentGuard.teachAgent': (opts?: { entry?: LogEntry; folder?: vscode.Uri; preview?: boolean }) => teachAgent(opts),
    [REPLAY]: (opts?: { folder?: vscode.Uri; paths?: string[] }) => replayCommand(context, opts),
  };
  return {
    commands,
    statusText: (folder) => statusItems.get(folder.toString())?.text,
    refresh: () => refreshAll(context),
    lastChanges: () => lastChanges,
    view: () => view,
    checkPanel: () => shownCheck(),
  };
}

// ---- folders, targets, status ----

async function pickFolder(given?: vscode.Uri): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (given) return vscode.workspace.getWorkspaceFolder(given) ?? folders.find((f) => f.uri.toString() === given.toString());
  if (folders.length <= 1) {
    if (folders.length === 0) void vscode.window.showWarningMessage('Agent Guard: open a folder first.');
    return folders[0];
  }
  return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which folder should Agent Guard protect?' });
}

function placeFor(folder: vscode.WorkspaceFolder, scope: Scope): Place {
  return {
    workspace: normalizePath(folder.uri.fsPath),
    scope,
    home: home(),
    ...(process.env.CLAUDE_CONFIG_DIR ? { configDir: process.env.CLAUDE_CONFIG_DIR } : {}),
  };
}

async function refreshAll(context: vscode.ExtensionContext): Promise<void> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const keep = new Set(folders.map((f) => f.uri.toString()));
  for (const [k, item] of statusItems) {
    if (!keep.has(k)) {
      item.dispose();
      statusItems.delete(k);
    }
  }
  for (const f of folders) updateStatusItem(context, f, status(normalizePath(f.uri.fsPath), home(), bundle(context)));
  view?.refresh();
}

function updateStatusItem(context: vscode.ExtensionContext, folder: vscode.WorkspaceFolder, s: StatusReport): void {
  const key = folder.uri.toString();
  let item = statusItems.get(key);
  if (!item) {
    item = vscode.window.createStatusBarItem(`agentGuard.status.${key}`, vscode.StatusBarAlignment.Left, 50);
    item.name = `Agent Guard (${folder.name})`;
    statusItems.set(key, item);
    context.subscriptions.push(item);
  }
  const multi = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const suffix = multi ? ` ${folder.name}` : '';
  // A Claude Code plugin or managed settings guard the folder too (they run their own copy of the hook).
  const installed = s.scopes.some((x) => x.installed) || s.plugins.length > 0 || s.managed !== null;
  const args = [{ folder: folder.uri }];
  if (!installed) {
    item.text = `$(shield) Not guarded${suffix}`;
    item.tooltip = 'Agent Guard is not installed in this folder. Click to install.';
    item.command = { title: 'Install', command: 'agentGuard.install', arguments: args };
    item.backgroundColor = undefined;
  } else if (!s.active) {
    item.text = `$(error) Guard off${suffix}`;
    item.tooltip = `Agent Guard is installed but does not run: ${[...s.neutralizers, ...s.scopes.flatMap((x) => x.problems)].join('; ')}`;
    item.command = { title: 'Status', command: 'agentGuard.showStatus', arguments: args };
    item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
  } else if (!s.current) {
    item.text = `$(warning) Guard outdated${suffix}`;
    item.tooltip = 'The installed hook differs from this version of Agent Guard. Click to sync.';
    item.command = { title: 'Sync', command: 'agentGuard.sync', arguments: args };
    item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  } else {
    item.text = `$(shield) Guarded${suffix}`;
    item.tooltip = `Agent Guard ${s.bundledVersion} checks every tool call in ${s.scopes
      .filter((x) => x.installed)
      .map((x) => x.label)
      .join(', ')}.`;
    item.command = { title: 'Status', command: 'agentGuard.showStatus', arguments: args };
    item.backgroundColor = undefined;
  }
  // Workspace guards the hook skips until the user trusts them (read and hashed here, never run).
  const pending = guardFiles(normalizePath(folder.uri.fsPath), readTrust(trustFile())).filter((g) => g.state !== 'trusted');
  if (pending.length > 0) {
    item.tooltip = `${item.tooltip} Not run until you trust them: ${pending.map((g) => `${g.name}${g.state === 'changed' ? ' (changed)' : ''}`).join(', ')}.`;
    if (installed && s.active && s.current) {
      item.text = `$(shield) Guarded, ${pending.length} untrusted${suffix}`;
      item.command = { title: 'Trust Workspace Guards', command: 'agentGuard.trustWorkspaceGuards', arguments: args };
    }
  }
  // Configuration that loosens the guard and waits for consent: the defaults hold for it until then.
  const waiting = s.config.pending ?? [];
  if (waiting.length > 0) {
    item.tooltip = `${item.tooltip} Waiting for your consent (the defaults hold until then): ${waiting.map((w) => `${CONFIG_FILES[w.source]} ${w.what}`).join('; ')}.`;
    if (installed && s.active && s.current) {
      item.text = `$(shield) Guarded, ${waiting.length + pending.length} waiting for consent${suffix}`;
      item.command = { title: 'Trust Workspace Guards and Configuration', command: 'agentGuard.trustWorkspaceGuards', arguments: args };
    }
  }
  if (!trusted() && (item.command as vscode.Command).command !== 'agentGuard.showStatus') {
    item.tooltip = `${item.tooltip} Restricted Mode: trust this folder first (click to manage workspace trust).`;
    item.command = { title: 'Manage Workspace Trust', command: 'workbench.trust.manage' };
  }
  item.show();
}

// ---- commands ----

type HostChoice = 'claude' | 'vscode' | 'all';

async function installCommand(
  context: vscode.ExtensionContext,
  opts?: { folder?: vscode.Uri | string; scope?: Scope; host?: HostChoice; quiet?: boolean },
): Promise<boolean> {
  // A code action of the language server names the folder by its URI string.
  const folder = await pickFolder(typeof opts?.folder === 'string' ? vscode.Uri.parse(opts.folder) : opts?.folder);
  if (!folder) return false;
  let scope = opts?.scope;
  let host = opts?.host;
  if (!scope || !host) {
    const pick = await vscode.window.showQuickPick(
      [
        {
          label: 'Claude Code and VS Code agent',
          description: `.claude/settings.json and ${VSCODE_HOOKS_FILE}, shared with the team`,
          scope: 'project' as Scope,
          host: 'all' as HostChoice,
        },
        { label: 'Claude Code, project', description: '.claude/settings.json, shared with the team', scope: 'project' as Scope, host: 'claude' as HostChoice },
        {
          label: 'Claude Code, local',
          description: '.claude/settings.local.json, only on this machine',
          scope: 'local' as Scope,
          host: 'claude' as HostChoice,
        },
        {
          label: 'VS Code agent only',
          description: `${VSCODE_HOOKS_FILE} (VS Code ignores .claude hooks unless chat.useClaudeHooks is on)`,
          scope: 'project' as Scope,
          host: 'vscode' as HostChoice,
        },
      ],
      { placeHolder: `Install Agent Guard in ${folder.name}: for which agent, and where?` },
    );
    if (!pick) return false;
    scope = pick.scope;
    host = pick.host;
  }
  const before = snapshot(folder.uri.fsPath);
  // "Claude Code and VS Code agent" is those two (the CLI's --host all adds the agent CLIs).
  const r = installHosts(placeFor(folder, scope), bundle(context), host === 'all' ? ['claude', 'vscode'] : [host]);
  report('Install', r, opts?.quiet, { folder, changes: changes(before, snapshot(folder.uri.fsPath)) });
  await refreshAll(context);
  revalidate();
  return r.ok;
}

async function syncCommand(context: vscode.ExtensionContext, opts?: { folder?: vscode.Uri; force?: boolean; quiet?: boolean }): Promise<boolean> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return false;
  const before = snapshot(folder.uri.fsPath);
  // Every install of the folder, whatever the host and scope (an install for VS Code's agent only is one).
  const r = syncHosts(placeFor(folder, 'project'), bundle(context), { scopes: ['project', 'local', 'user'], force: opts?.force ?? false });
  const found = r.lines.length + r.warnings.length > 0 || r.error !== undefined;
  const ok = found && r.ok;
  if (found) report('Sync', r, opts?.quiet, { folder, changes: changes(before, snapshot(folder.uri.fsPath)) });
  if (!found && !opts?.quiet)
    void vscode.window
      .showWarningMessage(`Agent Guard is not installed in ${folder.name}.`, 'Install')
      .then((p) => p && vscode.commands.executeCommand('agentGuard.install', { folder: folder.uri }));
  await refreshAll(context);
  revalidate();
  return ok;
}

async function uninstallCommand(
  context: vscode.ExtensionContext,
  opts?: { folder?: vscode.Uri; scope?: Scope; quiet?: boolean; confirmed?: boolean },
): Promise<boolean> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return false;
  const s = status(normalizePath(folder.uri.fsPath), home(), bundle(context));
  // Uninstalling switches the guard off for every agent here: ask first (not when called from code).
  if (!opts?.quiet && !opts?.confirmed) {
    const where = s.scopes.filter((x) => x.installed && x.scope !== 'user').map((x) => x.label);
    const answer = await vscode.window.showWarningMessage(
      `Uninstall Agent Guard from ${folder.name}?`,
      {
        modal: true,
        detail: `${where.length > 0 ? `This removes the hook and its entries in ${where.join(', ')}.` : 'Agent Guard is not installed in this folder.'} The agent's tool calls are no longer checked here. Your own settings stay as they are.`,
      },
      'Uninstall',
    );
    if (answer !== 'Uninstall') return false;
  }
  const before = snapshot(folder.uri.fsPath);
  // Every install in the folder (user scope stays: it guards every other folder too).
  const r = uninstallHosts(placeFor(folder, opts?.scope ?? 'project'), bundle(context), { scopes: opts?.scope ? [opts.scope] : ['project', 'local'] });
  if (r.lines.length + r.warnings.length > 0 || r.error !== undefined)
    report('Uninstall', r, opts?.quiet, { folder, changes: changes(before, snapshot(folder.uri.fsPath)) });
  await refreshAll(context);
  revalidate();
  return r.ok;
}

async function statusCommand(context: vscode.ExtensionContext, opts?: { folder?: vscode.Uri; quiet?: boolean }): Promise<StatusReport | undefined> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return undefined;
  const s = status(normalizePath(folder.uri.fsPath), home(), bundle(context));
  const hosts = hostStatus(normalizePath(folder.uri.fsPath), s, bundle(context));
  // The lines `agent-guard status` prints (the JSON is one `agent-guard status --json` away).
  output.appendLine(`Status of ${folder.name}:`);
  for (const l of formatStatus(s).trimEnd().split('\n')) output.appendLine(`  ${l}`);
  for (const h of hosts) output.appendLine(`  host:      ${describeHost(h)}`);
  if (!opts?.quiet) {
    const installed = s.scopes.filter((x) => x.installed);
    const text =
      installed.length === 0
        ? `Agent Guard is not installed in ${folder.name}.`
        : s.active
          ? `Agent Guard ${s.current ? 'is guarding' : 'guards, but is outdated in'} ${folder.name} (${installed.map((x) => `${x.label}: hook ${x.hook}`).join(', ')}).`
          : `Agent Guard is installed in ${folder.name} but does NOT run: ${[...s.neutralizers, ...installed.flatMap((x) => x.problems)].join('; ')}`;
    void vscode.window.showInformationMessage(text, 'Show Details').then((p) => p && output.show());
  }
  updateStatusItem(context, folder, s);
  return s;
}

/**
 * Agent Guard: Trust Workspace Guards and Configuration — the consent `agent-guard trust` records:
 * workspace guard files to run, and entries of the configuration that loosen the guard. The person
 * ticks what they consent to in a list where nothing is ticked (Enter alone changes nothing), with a
 * button on each entry that opens its file. Entries about a catastrophic-class guard are not in the
 * list: they are consented only in a terminal (agent-guard trust, typed back). `confirm: false`
 * (from code) consents to everything the list would offer.
 */
async function trustGuardsCommand(opts?: { folder?: vscode.Uri | string; confirm?: boolean }): Promise<string[]> {
  const folder = await pickFolder(asUri(opts?.folder));
  if (!folder) return [];
  const ws = normalizePath(folder.uri.fsPath);
  const files = guardFiles(ws, readTrust(trustFile()));
  const pendingFiles = files.filter((f) => f.state !== 'trusted');
  const loaded = loadConfig(ws);
  const floor = loaded.pending.filter(isFloor);
  const entries = loaded.pending.filter((p) => !isFloor(p));
  const terminal =
    floor.length > 0 ? ` ${floor.length} more (about catastrophic-class guards) can only be consented in a terminal: agent-guard trust ${ws}` : '';
  if (pendingFiles.length === 0 && entries.length === 0) {
    void vscode.window.showInformationMessage(
      `Nothing in ${folder.name} waits for your consent${files.length > 0 ? ' (every workspace guard is trusted)' : ''}.${terminal}`,
    );
    return [];
  }
  type Item = vscode.QuickPickItem & { file?: string; entry?: Loosening; open: string };
  const items: Item[] = [
    ...pendingFiles.map((f) => ({
      label: `$(file-code) ${f.name}`,
      description: f.state === 'changed' ? 'changed since you trusted it' : 'runs on every tool call, as you',
      file: f.name.slice(WORKSPACE_GUARDS_DIR.length + 1),
      open: f.name,
      picked: false,
    })),
    ...entries.map((p) => ({ label: `$(unlock) ${p.what}`, description: CONFIG_FILES[p.source], entry: p, open: CONFIG_FILES[p.source], picked: false })),
  ];
  let chosen: Item[] = items;
  if (opts?.confirm !== false) {
    chosen = await new Promise<Item[]>((resolvePick) => {
      const qp = vscode.window.createQuickPick<Item>();
      qp.title = `Trust in ${folder.name}: tick what you consent to (nothing is ticked; Enter alone changes nothing)`;
      qp.placeholder = `Review each file first: guards run as you, and these entries loosen the guard.${terminal}`;
      qp.canSelectMany = true;
      qp.ignoreFocusOut = true;
      qp.items = items.map((i) => ({ ...i, buttons: [{ iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: `Open ${i.open}` }] }));
      qp.selectedItems = [];
      let done = false;
      qp.onDidTriggerItemButton(
        (b) => void vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, b.item.open), { preview: true, preserveFocus: true }),
      );
      qp.onDidAccept(() => {
        done = true;
        resolvePick([...qp.selectedItems]);
        qp.hide();
      });
      qp.onDidHide(() => {
        if (!done) resolvePick([]);
        qp.dispose();
      });
      qp.show();
    });
  }
  if (chosen.length === 0) return [];
  try {
    const lines: string[] = [];
    const guardNames = chosen.flatMap((c) => (c.file ? [c.file] : []));
    if (guardNames.length > 0) lines.push(...applyTrust(ws, guardNames, true, trustFile()).lines);
    const given = chosen.flatMap((c) => (c.entry ? [c.entry] : []));
    if (given.length > 0) {
      recordConfigConsent(ws, loaded.applied, given);
      lines.push(...given.map((g) => `consented: ${CONFIG_FILES[g.source]} ${g.what}`));
    }
    for (const l of lines) output.appendLine(l);
    void vscode.window.showInformationMessage(
      `Agent Guard: you consented to ${chosen.length} item${chosen.length === 1 ? '' : 's'} in ${folder.name}.${terminal}`,
    );
    // Verdicts depend on it: lint findings and the status follow now.
    revalidate();
    view?.refresh();
    return lines;
  } catch (err) {
    void vscode.window.showErrorMessage(`Agent Guard: ${(err as Error).message}`);
    return [];
  }
}

/**
 * Check a Command: the hook's verdict on a command in the first folder. Asked from the palette, the
 * whole answer opens in the Check panel (reason, alternative with Copy, what each program would do);
 * called with a command (tests, other extensions), it returns the answer and shows it only if asked.
 */
async function checkCommand(
  given?: string,
  opts?: { show?: boolean },
): Promise<{ decision: string; guard?: string; reason?: string; instead?: string } | undefined> {
  const command =
    given ?? (await vscode.window.showInputBox({ prompt: 'A shell command, as the agent would run it', placeHolder: 'git push --force origin main' }));
  if (!command) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const cwd = folder ? normalizePath(folder.uri.fsPath) : home();
  const { config } = loadConfig(cwd);
  const v = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command }, cwd },
    { guards, home: home(), projectDir: cwd, fallbackCwd: cwd, config, git: createGitRunner({ projectDir: cwd }), now: Date.now() },
  ).verdict;
  // A password argument or a token in the command is not shown (core/redact.ts).
  if (v) redactVerdict(v, []);
  if (!given || opts?.show) {
    const answer: CheckAnswer = { command: redact(command), cwd, verdict: v, ...programsOf(command, cwd, home()) };
    output.appendLine(`Check: ${redact(command)}: ${headline(answer)}${v ? `: ${reasonText(v)}` : ''}`);
    showCheck(answer, (action, a) => {
      if (action === 'copy' && a.verdict?.instead) {
        void vscode.env.clipboard.writeText(a.verdict.instead);
        void vscode.window.setStatusBarMessage('Agent Guard: alternative copied', 3000);
      }
      if (action === 'again') void vscode.commands.executeCommand('agentGuard.checkCommand');
    });
  }
  if (!v) return { decision: 'allow' };
  return { decision: v.decision, guard: v.guardId, reason: reasonText(v), ...(v.instead ? { instead: v.instead } : {}) };
}

/** Each folder's last replay (the view shows it). */
const replays = new Map<string, ReplayState>();

/**
 * Replays the agents' past sessions in a folder through the current guards: the CLI's replay
 * (dist/cli.cjs, worker threads), in its own process so the editor stays responsive. `paths`: the
 * transcripts to read instead of those under the home folder.
 */
async function replayCommand(context: vscode.ExtensionContext, opts?: { folder?: vscode.Uri; paths?: string[] }): Promise<ReplayReport | undefined> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return undefined;
  const key = folder.uri.toString();
  replays.set(key, { state: 'running' });
  view?.refresh();
  const args = [
    context.asAbsolutePath('dist/cli.cjs'),
    'replay',
    '--format',
    'json',
    '--no-progress',
    '--project',
    normalizePath(folder.uri.fsPath),
    ...(opts?.paths ?? []),
  ];
  try {
    const stdout = await new Promise<string>((resolvePromise, reject) =>
      execFile(process.execPath, args, { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, maxBuffer: 256 * 1024 * 1024 }, (err, out, errText) =>
        err ? reject(new Error(errText.trim() || err.message)) : resolvePromise(out),
      ),
    );
    const report = JSON.parse(stdout) as ReplayReport;
    replays.set(key, { state: 'done', report, at: new Date().toISOString() });
    output.appendLine(`replay ${folder.name}: ${report.calls} calls in ${report.sessions} sessions, ${report.guards.length} guards would have stopped some`);
    return report;
  } catch (err) {
    replays.set(key, { state: 'failed', error: (err as Error).message });
    void vscode.window.showErrorMessage(`Agent Guard: replay failed: ${(err as Error).message}`);
    return undefined;
  } finally {
    view?.refresh();
  }
}

async function showBlockedCalls(opts?: { folder?: vscode.Uri }): Promise<LogEntry[]> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return [];
  const entries = blockedOnly(readDecisions(normalizePath(folder.uri.fsPath), 200))
    .slice(-50)
    .reverse();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage(`No blocked calls recorded in ${folder.name} (${LOG_FILE}).`);
    return entries;
  }
  const pick = await vscode.window.showQuickPick(
    entries.map((e) => ({
      label: `$(circle-slash) ${e.guard}`,
      description: `${e.tool} ${e.target.replace(/\s+/g, ' ').slice(0, 80)}`,
      detail: `${new Date(e.time).toLocaleString()}: ${e.reason}`,
      entry: e,
    })),
    { placeHolder: 'Calls Agent Guard blocked, newest first', matchOnDescription: true, matchOnDetail: true },
  );
  if (pick) void vscode.commands.executeCommand(SHOW_BLOCKED_CALL, pick.entry);
  return entries;
}

async function openConfiguration(opts?: { folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
  const folder = await pickFolder(opts?.folder);
  if (!folder) return undefined;
  const file = join(folder.uri.fsPath, CONFIG_FILE);
  if (!existsSync(file)) {
    mkdirSync(join(folder.uri.fsPath, '.claude'), { recursive: true });
    writeFileSync(file, CONFIG_TEMPLATE);
  }
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri);
  return uri;
}

let lastChanges: Change[] = [];

function report(
  what: string,
  r: { ok: boolean; lines: string[]; warnings: string[]; error?: string },
  quiet?: boolean,
  effects?: { folder: vscode.WorkspaceFolder; changes: Change[] },
): void {
  for (const l of r.lines) output.appendLine(`${what}: ${l}`);
  for (const w of r.warnings) output.appendLine(`${what}: warning: ${w}`);
  if (r.error) output.appendLine(`${what}: ${r.error}`);
  if (effects) {
    lastChanges = effects.changes;
    output.appendLine(`${what} in ${effects.folder.name}: ${describeChanges(effects.changes)}`);
  }
  if (quiet) return;
  // Say what was written, relative to the folder, with an action that opens it.
  const written = effects?.changes.filter((c) => c.how !== 'removed') ?? [];
  const summary = effects ? ` in ${effects.folder.name}: ${describeChanges(effects.changes)}.` : '';
  const actions = [...(written.length > 0 ? ['Open…'] : []), 'Show Output'];
  const onPick = (p: string | undefined) => {
    if (p === 'Show Output') output.show();
    if (p === 'Open…' && effects) void openWritten(effects.folder, written);
  };
  if (!r.ok)
    void vscode.window.showErrorMessage(`Agent Guard: ${r.error}${summary ? ` (${what.toLowerCase()}${summary.slice(0, -1)})` : ''}`, ...actions).then(onPick);
  else if (r.warnings.length > 0)
    void vscode.window
      .showWarningMessage(`Agent Guard: ${what.toLowerCase()} done${summary || '.'} Warnings: ${r.warnings.join('; ')}`, ...actions)
      .then(onPick);
  else
    void vscode.window
      .showInformationMessage(effects ? `Agent Guard: ${what.toLowerCase()} done${summary}` : `Agent Guard: ${r.lines[0] ?? `${what} done`}`, ...actions)
      .then(onPick);
}

/** Opens the one file written, or lets the user pick among them. */
async function openWritten(folder: vscode.WorkspaceFolder, written: readonly Change[]): Promise<void> {
  const pick =
    written.length === 1
      ? written[0]
      : await vscode.window
          .showQuickPick(
            written.map((c) => ({ label: c.rel, description: c.how, change: c })),
            { placeHolder: `Files Agent Guard wrote in ${folder.name}` },
          )
          .then((p) => p?.change);
  if (pick) await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, pick.rel));
}

// ---- sync on update ----

async function autoSync(context: vscode.ExtensionContext): Promise<void> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const s = status(normalizePath(folder.uri.fsPath), home(), bundle(context));
    const outdated = s.scopes.filter((x) => x.installed && x.hook === 'outdated');
    const modified = s.scopes.filter((x) => x.installed && x.hook === 'modified');
    if (outdated.length > 0) {
      if (vscode.workspace.getConfiguration('agentGuard', folder.uri).get<boolean>('autoSync', true))
        await syncCommand(context, { folder: folder.uri, quiet: true });
      else
        void vscode.window
          .showInformationMessage(`Agent Guard: the hook in ${folder.name} is older than this extension.`, 'Sync')
          .then((p) => p && syncCommand(context, { folder: folder.uri }));
    }
    if (modified.length > 0) {
      void vscode.window
        .showWarningMessage(`Agent Guard: the hook in ${folder.name} was changed by hand, so it is not updated automatically.`, 'Replace with this version')
        .then((p) => p && syncCommand(context, { folder: folder.uri, force: true }));
    }
  }
}

// ---- watchers ----

function watchDecisionLog(context: vscode.ExtensionContext): void {
  const seen = new Map<string, string>();
  const watcher = vscode.workspace.createFileSystemWatcher(`**/${LOG_FILE}`);
  const onChange = (uri: vscode.Uri) => {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return;
    if (!vscode.workspace.getConfiguration('agentGuard', folder.uri).get<boolean>('notifyOnBlock', true)) return view?.refresh();
    const last = readDecisions(normalizePath(folder.uri.fsPath), 1)[0];
    if (!last || seen.get(folder.uri.toString()) === last.key + last.time) return;
    seen.set(folder.uri.toString(), last.key + last.time);
    view?.refresh();
    // A guard in monitor mode let the call run: nothing to tell the person now (the view and the log keep it).
    if (last.decision === 'monitor') return;
    // The alternative is part of the message (it used to be cut off), and one click away.
    const instead = last.instead ? ` Instead, run: ${last.instead}` : '';
    // A warning (the agent was stopped), not an info toast.
    void vscode.window
      .showWarningMessage(
        `Agent Guard blocked the agent (${last.guard}): ${last.reason}${instead}`,
        'Show',
        ...(last.instead ? ['Copy alternative'] : []),
        ...(notAllowable(last) ? [] : ['Allow this here…']),
      )
      .then((p) => {
        if (p === 'Show') void vscode.commands.executeCommand(SHOW_BLOCKED_CALL, last, folder.uri);
        if (p === 'Copy alternative') void copyAlternative(last);
        if (p === 'Allow this here…') void allowBlockedCall({ entry: last, folder: folder.uri });
      });
  };
  watcher.onDidChange(onChange);
  watcher.onDidCreate(onChange);
  context.subscriptions.push(watcher);
  // File events do not always arrive (a log folder created after start, watcher limits on Linux,
  // remote hosts): a cheap stat of each folder's log every 2 s catches what they miss.
  const mtimes = new Map<string, number>();
  const mtimeOf = (f: vscode.WorkspaceFolder) => {
    try {
      return statSync(join(f.uri.fsPath, LOG_FILE)).mtimeMs;
    } catch {
      return 0;
    }
  };
  for (const f of vscode.workspace.workspaceFolders ?? []) mtimes.set(f.uri.toString(), mtimeOf(f));
  const timer = setInterval(() => {
    for (const f of vscode.workspace.workspaceFolders ?? []) {
      const m = mtimeOf(f);
      if (m === (mtimes.get(f.uri.toString()) ?? 0)) continue;
      mtimes.set(f.uri.toString(), m);
      if (m !== 0) onChange(vscode.Uri.joinPath(f.uri, LOG_FILE));
    }
  }, 2000);
  context.subscriptions.push({ dispose: () => clearInterval(timer) });
}

/**
 * The user's trust store (outside every workspace): consent given or withdrawn in a terminal
 * (agent-guard trust) changes what applies, so the status, the view and lint follow. A watcher, and
 * a cheap stat every 2 s for where file events do not arrive.
 */
function watchConsent(context: vscode.ExtensionContext): void {
  const store = trustFile();
  let last = -1;
  const check = () => {
    let m = 0;
    try {
      m = statSync(store).mtimeMs;
    } catch {
      /* none yet */
    }
    if (last !== -1 && m !== last) {
      revalidate();
      void refreshAll(context);
    }
    last = m;
  };
  check();
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(store)), basename(store)));
  watcher.onDidChange(check);
  watcher.onDidCreate(check);
  watcher.onDidDelete(check);
  const timer = setInterval(check, 2000);
  context.subscriptions.push(watcher, { dispose: () => clearInterval(timer) });
}

function watchInstallState(context: vscode.ExtensionContext): void {
  // Settings or the hook changed outside the extension (CLI install, hand edits): refresh the status bar.
  const watcher = vscode.workspace.createFileSystemWatcher(`**/{${workspaceFiles().join(',')}}`);
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refreshAll(context), 300);
  };
  watcher.onDidChange(later);
  watcher.onDidCreate(later);
  watcher.onDidDelete(later);
  context.subscriptions.push(watcher);
}

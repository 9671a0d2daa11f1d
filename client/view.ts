// The Agent Guard view (Explorer): each folder with its hosts and their state, and the recent
// blocked calls (time, tool, guard, redacted command). Selecting a call opens a readable panel
// with the reason and the alternative, and "Copy alternative".

import * as vscode from 'vscode';
import { describeHost, type HostStatus, type StatusReport } from '../core/install/status';
import type { LogEntry } from '../core/guards/decision-log';
import type { CommandGroup, ReplayReport } from '../core/replay/summary';

export const VIEW_ID = 'agentGuard.view';
export const SHOW_BLOCKED_CALL = 'agentGuard.showBlockedCall';
export const COPY_ALTERNATIVE = 'agentGuard.copyAlternative';
export const REPLAY = 'agentGuard.replay';
const RECENT = 20;

export interface FolderState {
  folder: vscode.WorkspaceFolder;
  status: StatusReport;
  hosts: HostStatus[];
  blocked: LogEntry[];
  /** The last replay of the agents' past sessions in this folder (agent-guard replay --project). */
  replay: ReplayState;
}

export type ReplayState = { state: 'none' } | { state: 'running' } | { state: 'done'; report: ReplayReport; at: string } | { state: 'failed'; error: string };

type ReplayGuard = ReplayReport['guards'][number];

export type Node =
  | { kind: 'folder'; state: FolderState }
  | { kind: 'host'; state: FolderState; host: HostStatus }
  | { kind: 'calls'; state: FolderState }
  | { kind: 'exception'; state: FolderState; guard: string; command: string; detail: string; waiting: boolean }
  | { kind: 'consent'; state: FolderState }
  /** Shown in a folder nothing guards: one click installs. */
  | { kind: 'install'; state: FolderState }
  | { kind: 'waiting'; state: FolderState; what: string; file: string }
  | { kind: 'call'; state: FolderState; entry: LogEntry }
  | { kind: 'replay'; state: FolderState }
  | { kind: 'replayGuard'; state: FolderState; guard: ReplayGuard }
  | { kind: 'replayCommand'; state: FolderState; guard: ReplayGuard; command: CommandGroup };

/** "14:03:07" today, "Dec 1 14:03" before. */
export function when(iso: string, now = new Date()): string {
  const t = new Date(iso);
  const sameDay = t.toDateString() === now.toDateString();
  return sameDay
    ? t.toLocaleTimeString(undefined, { hour12: false })
    : t.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}

export function oneLine(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function verdictOf(s: StatusReport): string {
  // A Claude Code plugin or managed settings guard the folder too (as the status bar counts them).
  if (!s.scopes.some((x) => x.installed) && (s.plugins ?? []).length === 0 && !s.managed) return 'Not guarded';
  if (!s.active) return 'Guard off';
  return s.current ? 'Guarded' : 'Guard outdated';
}

/** A blocked call's tooltip: the whole command as a code block, then why, then what to run instead. */
export function callTooltip(e: LogEntry): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendText(`${e.decision === 'ask' ? 'Asked' : 'Denied'} by ${e.guard} (${e.tool})`);
  md.appendCodeblock(e.target, e.tool === 'PowerShell' ? 'powershell' : 'shellscript');
  md.appendText(e.reason);
  if (e.instead) {
    md.appendMarkdown('\n\n');
    md.appendText('Instead, run:');
    md.appendCodeblock(e.instead, 'shellscript');
  }
  return md;
}

export class AgentGuardView implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private states: FolderState[] = [];

  constructor(private readonly load: () => FolderState[]) {}

  refresh(): void {
    this.states = this.load();
    this.changed.fire(undefined);
  }

  getChildren(node?: Node): Node[] {
    if (!node) {
      if (this.states.length === 0) this.states = this.load();
      return this.states.map((state) => ({ kind: 'folder', state }));
    }
    if (node.kind === 'folder') {
      const exceptions = (node.state.status.config.exceptions ?? [])
        .filter((x) => !x.expired)
        .map((x) => ({
          kind: 'exception' as const,
          state: node.state,
          guard: x.guard,
          command: x.command,
          detail: [
            x.source === 'local' ? 'yours' : 'team',
            x.session ? 'this session' : '',
            x.until ? `until ${when(x.until)}` : '',
            x.branch ? `on ${x.branch}` : '',
          ]
            .filter(Boolean)
            .join(', '),
          waiting: x.waiting === true,
        }));
      const consent = (node.state.status.config.pending ?? []).length > 0 ? [{ kind: 'consent' as const, state: node.state }] : [];
      const install = verdictOf(node.state.status) === 'Not guarded' ? [{ kind: 'install' as const, state: node.state }] : [];
      return [
        ...install,
        ...node.state.hosts.map((host) => ({ kind: 'host' as const, state: node.state, host })),
        ...consent,
        ...exceptions,
        { kind: 'calls', state: node.state },
        { kind: 'replay', state: node.state },
      ];
    }
    if (node.kind === 'replay') {
      const r = node.state.replay;
      return r.state === 'done' ? r.report.guards.map((guard) => ({ kind: 'replayGuard' as const, state: node.state, guard })) : [];
    }
    if (node.kind === 'replayGuard')
      return node.guard.commands.slice(0, RECENT).map((command) => ({ kind: 'replayCommand' as const, state: node.state, guard: node.guard, command }));
    if (node.kind === 'consent')
      return (node.state.status.config.pending ?? [])
        .filter((p) => !p.exception)
        .map((p) => ({
          kind: 'waiting' as const,
          state: node.state,
          what: p.what,
          file: p.source === 'local' ? '.claude/agent-guard/local.json' : '.claude/agent-guard.json',
        }));
    if (node.kind === 'calls')
      return node.state.blocked
        .slice(-RECENT)
        .reverse()
        .map((entry) => ({ kind: 'call' as const, state: node.state, entry }));
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'folder': {
        const v = verdictOf(node.state.status);
        const item = new vscode.TreeItem(node.state.folder.name, vscode.TreeItemCollapsibleState.Expanded);
        item.description = v;
        item.iconPath = new vscode.ThemeIcon(v === 'Guarded' ? 'shield' : v === 'Guard off' ? 'error' : 'warning');
        item.contextValue = v === 'Not guarded' ? 'folder.unguarded' : 'folder';
        item.tooltip = `${node.state.folder.uri.fsPath}: ${v}`;
        return item;
      }
      case 'host': {
        const h = node.host;
        const item = new vscode.TreeItem(h.host === 'claude' ? 'Claude Code' : 'VS Code agent', vscode.TreeItemCollapsibleState.None);
        item.description = h.runs ? 'guarded' : 'not guarded';
        item.tooltip = describeHost(h);
        item.iconPath = new vscode.ThemeIcon(h.runs ? 'pass' : 'circle-slash');
        item.contextValue = `host.${h.runs ? 'guarded' : 'unguarded'}`;
        return item;
      }
      case 'install': {
        const item = new vscode.TreeItem('Install the guards…', vscode.TreeItemCollapsibleState.None);
        item.description = 'nothing checks the agent here';
        item.tooltip = "Adds Agent Guard's PreToolUse hook to this folder (you choose the agent and the settings file).";
        item.iconPath = new vscode.ThemeIcon('add');
        item.command = { title: 'Install', command: 'agentGuard.install', arguments: [{ folder: node.state.folder.uri }] };
        return item;
      }
      case 'exception': {
        const item = new vscode.TreeItem(`${node.waiting ? 'Waiting for consent' : 'Allowed'}: ${node.command}`, vscode.TreeItemCollapsibleState.None);
        item.description = `${node.guard} (${node.detail})`;
        item.tooltip = node.waiting
          ? `An exception (${node.detail}) that does not apply until you consent to it: review it, then Trust (agent-guard trust).`
          : `A standing permission (${node.detail}): ${node.guard} lets this command through here.`;
        item.iconPath = new vscode.ThemeIcon(node.waiting ? 'watch' : 'unlock');
        if (node.waiting) item.command = { title: 'Trust', command: 'agentGuard.trustWorkspaceGuards', arguments: [{ folder: node.state.folder.uri }] };
        return item;
      }
      case 'consent': {
        const n = (node.state.status.config.pending ?? []).length;
        const item = new vscode.TreeItem('Waiting for your consent', vscode.TreeItemCollapsibleState.Expanded);
        item.description = `${n} ${n === 1 ? 'entry loosens' : 'entries loosen'} the guard; the defaults hold`;
        item.tooltip = 'Configuration that loosens the guard applies only once you consent to it. Click to review and consent (agent-guard trust).';
        item.iconPath = new vscode.ThemeIcon('warning');
        item.command = { title: 'Trust', command: 'agentGuard.trustWorkspaceGuards', arguments: [{ folder: node.state.folder.uri }] };
        return item;
      }
      case 'waiting': {
        const item = new vscode.TreeItem(node.what, vscode.TreeItemCollapsibleState.None);
        item.description = node.file;
        item.iconPath = new vscode.ThemeIcon('watch');
        item.command = { title: 'Open', command: 'vscode.open', arguments: [vscode.Uri.joinPath(node.state.folder.uri, node.file)] };
        return item;
      }
      case 'calls': {
        const n = node.state.blocked.length;
        const item = new vscode.TreeItem('Blocked calls', n > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
        item.description = n === 0 ? 'none recorded' : n > RECENT ? `latest ${RECENT} of ${n}` : String(n);
        item.iconPath = new vscode.ThemeIcon('history');
        return item;
      }
      case 'replay':
        return replayItem(node.state);
      case 'replayGuard': {
        const g = node.guard;
        const item = new vscode.TreeItem(g.id, vscode.TreeItemCollapsibleState.Collapsed);
        item.description = replayCounts(g);
        item.tooltip = `${g.id} would have ${replayCounts(g)} in the agents' past sessions here. A likely false block ran without error then: review those before you turn the guard on (Allow this here, or "monitor" for the guard).`;
        item.iconPath = new vscode.ThemeIcon(g.likelyFalseBlocks > 0 ? 'warning' : 'circle-slash');
        item.contextValue = 'replayGuard';
        return item;
      }
      case 'replayCommand': {
        const c = node.command;
        const item = new vscode.TreeItem(
          `${c.count}× ${oneLine(c.tool === 'Bash' ? c.target : `${c.tool} ${c.target}`, 70)}`,
          vscode.TreeItemCollapsibleState.None,
        );
        item.description = [
          c.ran ? `ran ${c.ran}` : '',
          c.failed ? `failed ${c.failed}` : '',
          c.blocked ? `blocked ${c.blocked}` : '',
          c.unknown ? `unknown ${c.unknown}` : '',
        ]
          .filter(Boolean)
          .join(', ');
        item.tooltip = new vscode.MarkdownString().appendText(`${c.target}\n\n${c.reason}\n\nFirst at ${c.file}:${c.line}`);
        item.iconPath = new vscode.ThemeIcon(c.ran > 0 ? 'warning' : 'circle-slash');
        item.contextValue = 'replayCommand';
        item.command = { title: 'Open transcript', command: 'vscode.open', arguments: [vscode.Uri.file(c.file).with({ fragment: `L${c.line}` })] };
        return item;
      }
      case 'call': {
        const e = node.entry;
        const item = new vscode.TreeItem(`${when(e.time)}  ${e.guard}`, vscode.TreeItemCollapsibleState.None);
        item.description = `${e.tool}: ${oneLine(e.target, 60)}`;
        // The whole command (the description is cut to fit), the reason and the alternative.
        item.tooltip = callTooltip(e);
        item.iconPath = new vscode.ThemeIcon('circle-slash');
        item.contextValue = 'blockedCall';
        item.command = { title: 'Show', command: SHOW_BLOCKED_CALL, arguments: [e, node.state.folder.uri] };
        return item;
      }
    }
  }
}

/** "2 denied, 1 asked; 1 likely false block". */
export function replayCounts(g: ReplayGuard): string {
  const what = [g.deny ? `${g.deny} denied` : '', g.ask ? `${g.ask} asked` : ''].filter(Boolean).join(', ');
  const mon = g.monitor ? ` (${g.monitor} in monitor mode)` : '';
  return `${what}${mon}${g.likelyFalseBlocks ? `; ${g.likelyFalseBlocks} likely false block${g.likelyFalseBlocks === 1 ? '' : 's'}` : ''}`;
}

function replayItem(state: FolderState): vscode.TreeItem {
  const r = state.replay;
  const done = r.state === 'done';
  const item = new vscode.TreeItem(
    'Past sessions',
    done && r.report.guards.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  item.iconPath = new vscode.ThemeIcon(r.state === 'running' ? 'loading~spin' : 'history');
  item.contextValue = 'replay';
  if (r.state === 'none') {
    item.description = 'replay them through the guards';
    item.tooltip =
      'Run the calls the agents made in this folder (Claude Code, Codex, Gemini and Copilot transcripts) through the current guards: what each guard would have stopped, before you turn it on. Nothing is run or written.';
  } else if (r.state === 'running') item.description = 'replaying…';
  else if (r.state === 'failed') {
    item.description = 'replay failed';
    item.tooltip = r.error;
  } else {
    const stopped = r.report.guards.reduce((a, g) => a + g.deny + g.ask, 0);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    item.description = `${count(r.report.calls, 'call')} in ${count(r.report.sessions, 'session')}: ${stopped === 0 ? 'none would be stopped' : `${stopped} would be denied or asked`}`;
    item.tooltip = `${r.report.judged} Replayed ${when(r.at)}. Click to replay again.`;
  }
  if (r.state !== 'running') item.command = { title: 'Replay', command: REPLAY, arguments: [{ folder: state.folder.uri }] };
  return item;
}

// ---- the panel ----

let panel: vscode.WebviewPanel | undefined;
let shown: LogEntry | undefined;
let act: (action: string, e: LogEntry) => void = () => undefined;

/** The look of Agent Guard's panels (blocked call, Check a Command): the editor's own colours and fonts. */
export const PANEL_STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 20px 20px; max-width: 60em; line-height: 1.5; }
h1 { font-size: 1.4em; font-weight: 600; } h2 { font-size: 1.1em; margin-top: 1.4em; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; } dt { opacity: .75; } dd { margin: 0; }
pre { background: var(--vscode-textCodeBlock-background); padding: 8px 12px; border-radius: 4px; white-space: pre-wrap; word-break: break-all; font-family: var(--vscode-editor-font-family); }
button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: none; padding: 6px 14px; border-radius: 2px; cursor: pointer; }
button.secondary { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground); }
button:hover { background: var(--vscode-button-hoverBackground); }
`;

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function blockedCallHtml(e: LogEntry, nonce: string, extraActions: { id: string; label: string }[] = [], notice?: string): string {
  const alt = e.instead
    ? `<h2>Instead, run</h2><pre id="alt"><code>${esc(e.instead)}</code></pre><p><button id="copy" data-action="copy">Copy alternative</button>${extraActions.map((a) => ` <button data-action="${esc(a.id)}" class="secondary">${esc(a.label)}</button>`).join('')}</p>`
    : `<p>The guard suggests no alternative command for this one.</p>${extraActions.length ? `<p>${extraActions.map((a) => `<button data-action="${esc(a.id)}" class="secondary">${esc(a.label)}</button>`).join(' ')}</p>` : ''}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Blocked: ${esc(e.guard)}</title>
<style>${PANEL_STYLE}</style></head><body>
<h1>Agent Guard ${e.decision === 'ask' ? 'asked about' : 'blocked'} a ${esc(e.tool)} call</h1>
<dl><dt>When</dt><dd>${esc(new Date(e.time).toLocaleString())}</dd><dt>Guard</dt><dd><code>${esc(e.guard)}</code></dd><dt>Tool</dt><dd>${esc(e.tool)}</dd></dl>
<h2>What the agent tried</h2><pre><code>${esc(e.target)}</code></pre>
<h2>Why</h2><p id="reason">${esc(e.reason)}</p>
${alt}
${notice ? `<p id="notice">${esc(notice)}</p>` : ''}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
for (const b of document.querySelectorAll('button[data-action]')) b.addEventListener('click', () => vscode.postMessage({ action: b.dataset.action }));
</script></body></html>`;
}

export function showBlockedCall(
  e: LogEntry,
  onAction: (action: string, e: LogEntry) => void,
  extraActions: { id: string; label: string }[] = [],
  notice?: string,
): vscode.WebviewPanel {
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
  if (!panel) {
    panel = vscode.window.createWebviewPanel('agentGuard.blockedCall', `Blocked: ${e.guard}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => {
      panel = undefined;
      shown = undefined;
    });
    panel.webview.onDidReceiveMessage((m: { action?: string }) => shown && typeof m.action === 'string' && act(m.action, shown));
  }
  shown = e;
  act = onAction;
  panel.title = `Blocked: ${e.guard}`;
  panel.webview.html = blockedCallHtml(e, nonce, extraActions, notice);
  panel.reveal();
  return panel;
}

export function shownCall(): LogEntry | undefined {
  return shown;
}

export async function copyAlternative(e: LogEntry | undefined): Promise<string | undefined> {
  if (!e?.instead) return undefined;
  await vscode.env.clipboard.writeText(e.instead);
  void vscode.window.setStatusBarMessage('Agent Guard: alternative copied', 3000);
  return e.instead;
}

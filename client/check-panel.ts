// "Agent Guard: Check a Command…": the whole answer in a panel that can be read — the decision and
// the guard, the reason, the alternative (with Copy), and what each program of the command would
// do (the effects the guards judged) — instead of a one-line toast cut off mid-reason.

import * as vscode from 'vscode';
import { analyzeShell } from '../core/shell/analyze';
import { analysisEffects, render } from '../core/effects/derive';
import type { Verdict } from '../core/guards/dispatch';
import { esc, PANEL_STYLE } from './view';

export interface CheckAnswer {
  command: string;
  /** The folder it was judged in. */
  cwd: string;
  verdict: Verdict | null;
  /** Each program that would run, with what it would do. */
  programs: { program: string; via: string[]; effects: string[]; known: boolean }[];
  /** Why the analysis could not see everything, when it could not. */
  limit: string | null;
}

/** The programs and effects of a command, as `agent-guard explain` shows them. */
export function programsOf(command: string, cwd: string, home: string): Pick<CheckAnswer, 'programs' | 'limit'> {
  const analysis = analyzeShell(command, { cwd, home });
  const effects = analysisEffects(analysis, home);
  return {
    programs: analysis.invocations.map((inv, n) => ({
      program: inv.program || '(computed name)',
      via: inv.via,
      effects: effects[n]!.effects.map((e) => render(e, inv.cwd)),
      known: effects[n]!.row !== null,
    })),
    limit:
      analysis.limit === 'code'
        ? (analysis.opaqueCode ?? 'interpreter code could not be judged')
        : analysis.limit
          ? `the analysis hit a limit (${analysis.limit})`
          : null,
  };
}

export function headline(a: CheckAnswer): string {
  if (!a.verdict) return 'Allowed: no guard objects';
  return `${a.verdict.decision === 'deny' ? 'Denied' : 'Would ask'} by ${a.verdict.guardId}`;
}

export function checkHtml(a: CheckAnswer, nonce: string): string {
  const v = a.verdict;
  const programs =
    a.programs.length === 0
      ? '<p>No program would run.</p>'
      : `<ol id="programs">${a.programs
          .map(
            (p) =>
              `<li><code>${esc(p.program)}</code>${p.via.length > 0 ? ` <span class="dim">via ${esc(p.via.join(' → '))}</span>` : ''}: ${
                p.effects.length > 0 ? esc(p.effects.join(', ')) : 'no effects the guards track'
              }${p.known ? '' : ' <span class="dim">(unknown program: its arguments may be read as files)</span>'}</li>`,
          )
          .join('')}</ol>`;
  const body = v
    ? `<h2>Why</h2><p id="reason">${esc(v.reason)}</p>${
        v.instead
          ? `<h2>Instead, run</h2><pre id="alt"><code>${esc(v.instead)}</code></pre><p><button data-action="copy">Copy alternative</button> <button data-action="again" class="secondary">Check another command…</button></p>`
          : '<p>The guard suggests no alternative command for this one.</p><p><button data-action="again" class="secondary">Check another command…</button></p>'
      }`
    : `<p id="reason">No guard objects: the call would go on to the agent's own permission rules.</p><p><button data-action="again" class="secondary">Check another command…</button></p>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Check: ${esc(a.command)}</title>
<style>${PANEL_STYLE} .dim { opacity: .7; } li { margin: 2px 0; }</style></head><body>
<h1 id="verdict">${esc(headline(a))}</h1>
<pre id="command"><code>${esc(a.command)}</code></pre>
<p class="dim">Judged as the hook judges it in ${esc(a.cwd)} (this folder's .claude/agent-guard.json included).</p>
${body}
<h2>What would run</h2>${programs}${a.limit ? `<p id="limit">Note: ${esc(a.limit)}, so the call is denied as unanalysable.</p>` : ''}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
for (const b of document.querySelectorAll('button[data-action]')) b.addEventListener('click', () => vscode.postMessage({ action: b.dataset.action }));
</script></body></html>`;
}

let panel: vscode.WebviewPanel | undefined;
let current: CheckAnswer | undefined;
let act: (action: string, a: CheckAnswer) => void = () => undefined;

/** Shows the answer in the one Check panel (reused, so checks do not pile up tabs). */
export function showCheck(a: CheckAnswer, onAction: (action: string, a: CheckAnswer) => void): vscode.WebviewPanel {
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
  if (!panel) {
    panel = vscode.window.createWebviewPanel('agentGuard.check', 'Check', vscode.ViewColumn.Active, {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => {
      panel = undefined;
      current = undefined;
    });
    panel.webview.onDidReceiveMessage((m: { action?: string }) => current && typeof m.action === 'string' && act(m.action, current));
  }
  current = a;
  act = onAction;
  panel.title = `Check: ${headline(a)}`;
  panel.webview.html = checkHtml(a, nonce);
  panel.reveal();
  return panel;
}

/** The answer the Check panel shows, if it is open. */
export function shownCheck(): CheckAnswer | undefined {
  return current;
}

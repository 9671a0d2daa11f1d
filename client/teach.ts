// "Teach the agent…" on the blocked-call page: one line in the folder's CLAUDE.md (or
// .claude/CLAUDE.md when only that one exists) saying what not to run and what to run instead
// (core/lint/teach.ts). Linted by the language server first (the new line must not be a finding),
// then shown as a diff in the Refactor Preview before it is written.

import * as vscode from 'vscode';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import guards from 'agent-guard:guards';
import type { LogEntry } from '../core/guards/decision-log';
import { REDACTED } from '../core/redact';
import { teachingLine, withTeaching } from '../core/lint/teach';

function teachingFor(e: LogEntry): string | null {
  if (e.target.includes(REDACTED) || e.target.length >= 500) return null;
  const title = guards.find((g) => g.id === e.guard)?.title ?? e.guard;
  return teachingLine({ target: e.target, guard: e.guard, ...(e.instead ? { instead: e.instead } : {}) }, title);
}

/** A shell command the log holds whole, on one line. */
export const teachable = (e: LogEntry) => ['Bash', 'PowerShell', 'Monitor'].includes(e.tool) && teachingFor(e) !== null;

export interface TeachRequest {
  entry: LogEntry | undefined;
  folder(): Promise<vscode.WorkspaceFolder | undefined>;
  /** A request to the language server. */
  request(method: string, params: unknown): Promise<unknown>;
  log(line: string): void;
  /** Show the Refactor Preview first (false: write at once; tests). */
  preview: boolean;
}

/** The line written (or already there), or undefined when nothing was written. */
export async function teachAgent(r: TeachRequest): Promise<string | undefined> {
  const e = r.entry;
  if (!e) return undefined;
  const folder = await r.folder();
  if (!folder) return undefined;
  const line = teachable(e) ? teachingFor(e) : null;
  if (!line) {
    void vscode.window.showWarningMessage(
      'Agent Guard: this call cannot be written as one line of CLAUDE.md (a multi-line, shortened or redacted command, or not a shell command).',
    );
    return undefined;
  }
  const root = folder.uri.fsPath;
  const file = !existsSync(join(root, 'CLAUDE.md')) && existsSync(join(root, '.claude/CLAUDE.md')) ? join(root, '.claude/CLAUDE.md') : join(root, 'CLAUDE.md');
  const uri = vscode.Uri.file(file);
  const before =
    vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? (existsSync(file) ? readFileSync(file, 'utf8') : null);
  const after = withTeaching(before, line);
  if (after === null) {
    void vscode.window.showInformationMessage(`Agent Guard: ${vscode.workspace.asRelativePath(uri)} already says this.`);
    return line;
  }
  const lineNo = after.split(/\r?\n/).indexOf(line);
  const found = ((await r.request('agentGuard/lintText', { uri: uri.toString(), text: after })) ?? []) as {
    range: { start: { line: number } };
    severity?: number;
    message: string;
  }[];
  const onLine = found.filter((d) => d.range.start.line === lineNo && (d.severity ?? 1) <= 2);
  if (onLine.length > 0) {
    void vscode.window.showWarningMessage(
      `Agent Guard: the line for CLAUDE.md would itself be a finding (${onLine.map((d) => d.message).join('; ')}); not written.`,
    );
    return undefined;
  }
  const edit = new vscode.WorkspaceEdit();
  const meta = { label: `Teach the agent: ${line}`, needsConfirmation: r.preview };
  if (before === null) {
    edit.createFile(uri, { ignoreIfExists: true }, meta);
    edit.insert(uri, new vscode.Position(0, 0), after, meta);
  } else {
    const doc = await vscode.workspace.openTextDocument(uri);
    edit.insert(uri, doc.positionAt(doc.getText().length), after.slice(before.length), meta);
  }
  const ok = await vscode.workspace.applyEdit(edit);
  if (ok) r.log(`Teach the agent: ${vscode.workspace.asRelativePath(uri)}: ${line}`);
  return ok ? line : undefined;
}

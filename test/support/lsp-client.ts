// A real LSP client over stdio for tests and benchmarks: spawns dist/server.cjs and speaks the protocol.

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export interface LspSession {
  connection: ProtocolConnection;
  process: ChildProcess;
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  diagnostics(uri: string, accept?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  close(): Promise<void>;
  uri(rel: string): string;
}

export async function startServer(root: string, serverPath: string, init: Record<string, unknown> = {}, env: Record<string, string> = {}): Promise<LspSession> {
  const child = spawn(process.execPath, [serverPath, '--stdio'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, HOME: '/home/user', ...env },
  });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const latest = new Map<string, Diagnostic[]>();
  const waiters: { uri: string; accept: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    latest.set(p.uri, p.diagnostics);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.onRequest('window/showDocument', () => ({ success: true }));
  connection.listen();
  const rootUri = pathToFileURL(root).toString();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'ws' }],
    capabilities: { window: { showDocument: { support: true } } },
    initializationOptions: init,
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    process: child,
    uri: (rel) => pathToFileURL(join(root, rel)).toString(),
    diagnostics(uri, accept = () => true, timeoutMs = 60_000) {
      const have = latest.get(uri);
      if (have && accept(have)) return Promise.resolve(have);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(latest.get(uri)?.map((d) => d.code))}`)),
          timeoutMs,
        );
        const done = (d: Parameters<typeof resolve>[0]) => {
          clearTimeout(t);
          resolve(d);
        };
        waiters.push({ uri, accept, resolve: done });
      });
    },
    async close() {
      try {
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
      } catch {
        /* already gone */
      }
      connection.dispose();
      child.kill();
    },
  };
}

// A minimal MCP server (stdio, newline-delimited JSON-RPC) with one tool, `ping`, for the loader
// suite: Claude Code lists it as mcp__<name>__ping. Each call appends "<name> ping" to the log file.
// Usage: node mcp-server.mjs <name> <log file>

import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [name, log] = process.argv.slice(2);
const send = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...result })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  let m;
  try {
    m = JSON.parse(line);
  } catch {
    return;
  }
  if (m?.id === undefined) return; // a notification
  if (m.method === 'initialize')
    send(m.id, { result: { protocolVersion: m.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name, version: '1.0.0' } } });
  else if (m.method === 'tools/list')
    send(m.id, { result: { tools: [{ name: 'ping', description: `Ping ${name}`, inputSchema: { type: 'object', properties: {} } }] } });
  else if (m.method === 'tools/call') {
    appendFileSync(log, `${name} ${m.params?.name}\n`);
    send(m.id, { result: { content: [{ type: 'text', text: 'PONG' }] } });
  } else if (m.method === 'ping') send(m.id, { result: {} });
  else send(m.id, { error: { code: -32601, message: `no method ${m.method}` } });
});

// Text the agent sends out of the machine with a tool call that is not a shell command: a URL it
// fetches or opens, a search query, a websocket it watches, and every text field of a call to an MCP
// server's tool that is not mapped to a local built-in (a chat message, an issue body, a browser
// navigation, a query to a hosted service). A secret in that text is a leak like a curl upload.

import type { ToolCall } from './types';
import type { Invocation } from '../shell/model';
import { envValues } from '../redact';
import { isSecretVariableName } from '../secrets';
import { findCredentials } from '../secret-patterns';
import { namesOnly } from '../programs/table';

/** Strings taken from one call (the rest is not read): enough for any message, bounded in count and size. */
const MAX_TEXTS = 256;
const MAX_TEXT = 64 * 1024;
/** A workspace value shorter than this is too likely to be an ordinary word to count when it is sent. */
const MIN_VALUE = 8;

/** The texts this call sends out, with the field each came from; empty for calls that send nothing. */
export function outgoingTexts(call: ToolCall): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  const take = (field: string, v: unknown) => {
    if (typeof v === 'string' && v !== '' && out.length < MAX_TEXTS) out.push({ field, text: v.slice(0, MAX_TEXT) });
  };
  if (call.tool === 'WebFetch') take('url', call.input.url);
  else if (call.tool === 'WebSearch') take('query', call.input.query);
  else if (call.tool === 'Monitor') {
    const ws = call.input.ws;
    if (ws && typeof ws === 'object') take('ws.url', (ws as Record<string, unknown>).url);
    take('url', call.input.url);
  } else if (call.tool.startsWith('mcp__')) {
    // Every string leaf, depth-first, bounded: `text`, `body`, `url`, `files[0].content`, …
    const stack: [string, unknown][] = [['', call.input]];
    let seen = 0;
    while (stack.length > 0 && out.length < MAX_TEXTS && seen++ < 4 * MAX_TEXTS) {
      const [field, v] = stack.pop()!;
      if (typeof v === 'string') take(field, v);
      else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0 && stack.length < MAX_TEXTS; i--) stack.push([`${field}[${i}]`, v[i]]);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v).reverse()) if (stack.length < MAX_TEXTS) stack.push([field ? `${field}.${k}` : k, x]);
    }
  }
  return out;
}

/**
 * HTTP clients whose arguments (the URL, its query, the data fields) leave the machine, with the
 * options whose value authenticates to the host rather than being content for it (a header, a user,
 * a cookie: a key sent to its own service is that service's business, judged by key-hosts rules).
 */
const HTTP_CLIENTS: Readonly<Record<string, ReadonlySet<string>>> = {
  curl: new Set(['-H', '--header', '-u', '--user', '--oauth2-bearer', '-b', '--cookie', '--proxy-user', '-U', '-E', '--cert', '--key', '--pass']),
  wget: new Set(['--header', '--user', '--password', '--http-user', '--http-password', '--load-cookies']),
  http: new Set(['-a', '--auth']),
  https: new Set(['-a', '--auth']),
  xh: new Set(['-a', '--auth', '--bearer']),
  curlie: new Set(['-H', '--header', '-u', '--user']),
  aria2c: new Set(['--header', '--http-user', '--http-passwd']),
};
namesOnly(HTTP_CLIENTS);

/**
 * The texts a shell line's HTTP clients send out: every argument the line fixes (the URL, its
 * query, form and data fields) but the authentication options' values. A workspace secret value in
 * them is a leak like WebFetch of that URL (ADVERSARY.md Round 4, item 5).
 */
export function outgoingShellTexts(invocations: readonly Invocation[]): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  for (const inv of invocations) {
    const auth = HTTP_CLIENTS[inv.program];
    if (!auth) continue;
    for (let i = 0; i < inv.args.length && out.length < MAX_TEXTS; i++) {
      const t = inv.args[i]!.known;
      if (t === null) continue;
      if (auth.has(t)) {
        i++;
        continue;
      }
      // `--header=…`, and a short option with its value attached (`-HAuthorization: …`).
      const eq = t.indexOf('=');
      if ((t.startsWith('--') && eq > 0 && auth.has(t.slice(0, eq))) || (/^-[A-Za-z]./.test(t) && auth.has(t.slice(0, 2)))) continue;
      out.push({ field: `${inv.program}'s arguments`, text: t.slice(0, MAX_TEXT) });
    }
  }
  return out;
}

export interface OutgoingSecret {
  field: string;
  /** What it is, for the reason: "a GitHub token", "the value of SECRET_KEY in .env". Never the value. */
  what: string;
}

/**
 * The first secret in the texts a call sends out: a credential by its shape, or the value of a
 * variable named as a secret in the workspace's .env files (read through `io`).
 */
export function outgoingSecret(
  texts: { field: string; text: string }[],
  projectDir: string,
  io: { list(dir: string): readonly string[]; read(path: string): string | null },
  /** false: only the workspace's values (a credential by its shape in a shell line is key-own-host's to judge, by its host). */
  shapes = true,
): OutgoingSecret | null {
  if (texts.length === 0) return null;
  for (const t of shapes ? texts : []) {
    const found = findCredentials(t.text)[0];
    if (found) return { field: t.field, what: `a ${found.title}` };
  }
  const values = envValues(projectDir, io).filter((e) => e.value.length >= MIN_VALUE && isSecretVariableName(e.name));
  for (const t of texts) {
    const hit = values.find((e) => t.text.includes(e.value));
    if (hit) return { field: t.field, what: `the value of ${hit.name} in ${hit.file}` };
  }
  return null;
}

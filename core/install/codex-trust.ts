// Codex CLI runs a hook that is not managed only once it is trusted: `[hooks.state."<key>"]
// trusted_hash = "sha256:…"` in $CODEX_HOME/config.toml, where <key> is the hooks file's absolute
// path, the event and the handler's position (`<file>:pre_tool_use:<group>:<handler>`), and the
// hash is over the handler as Codex normalises it. An untrusted or changed hook is skipped without a
// word, in `codex exec` too (seen with 0.171.0). Installing the guard is the person's decision to
// run it, so the installer records that trust for the one entry it wrote, as Codex's own /hooks
// review would; status recomputes the hash and says when the record no longer matches.
// The hash is Codex's (codex-rs/hooks/src/engine/discovery.rs command_hook_hash and
// codex-rs/config fingerprint.rs version_for_toml): SHA-256 of the compact JSON, keys sorted, of
// { event_name, matcher?, hooks: [{ type, command, timeout, async, statusMessage? }] }, the timeout
// defaulted to 600 s. The real-host suite checks it: the pinned Codex runs the hook with no bypass.

import { createHash } from 'node:crypto';
import { parse as parseToml } from 'smol-toml';

/** What marks a trust record as Agent Guard's (the line above its table). */
export const TRUST_MARK = '# agent-guard: the PreToolUse hook trusted by `agent-guard install` (Codex runs a hook only once trusted)';

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, canonical(o[k])]),
    );
  }
  return v;
}

/** Codex's hash of one PreToolUse command handler in a group with this matcher. */
export function codexHookHash(matcher: string | undefined, handler: Record<string, unknown>): string {
  const timeout = typeof handler.timeout === 'number' ? Math.max(1, Math.trunc(handler.timeout)) : 600;
  const normal: Record<string, unknown> = { type: 'command', command: handler.command, timeout, async: handler.async === true };
  if (typeof handler.statusMessage === 'string') normal.statusMessage = handler.statusMessage;
  const identity: Record<string, unknown> = { event_name: 'pre_tool_use', hooks: [normal] };
  if (matcher !== undefined) identity.matcher = matcher;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex')}`;
}

/** The state key of the handler at (group, handler) of the PreToolUse event in `hooksFile` (an absolute path). */
export function codexHookKey(hooksFile: string, group: number, handler: number): string {
  return `${hooksFile}:pre_tool_use:${group}:${handler}`;
}

export type TomlRead = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export function readToml(text: string): TomlRead {
  try {
    return { ok: true, value: parseToml(text) as Record<string, unknown> };
  } catch (err) {
    return { ok: false, message: (err instanceof Error ? err.message : String(err)).split('\n')[0]! };
  }
}

function table(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** The hook states Codex reads (`[hooks.state."<key>"]`). */
export function hookStates(config: Record<string, unknown>): Record<string, { enabled?: unknown; trusted_hash?: unknown }> {
  return (table(table(config.hooks)?.state) ?? {}) as Record<string, { enabled?: unknown; trusted_hash?: unknown }>;
}

const quoteKey = (key: string) => JSON.stringify(key);

function block(key: string, hash: string, eol: string): string {
  return `${TRUST_MARK}${eol}[hooks.state.${quoteKey(key)}]${eol}trusted_hash = ${JSON.stringify(hash)}${eol}`;
}

export type TrustEdit = { ok: true; text: string; changed: boolean } | { ok: false; error: string };

/**
 * The config text with `key` trusted at `hash`: our record appended, or its hash line replaced when
 * the record is ours. Anything else (a record of the person's own with another hash, a file that
 * would not parse after the edit) is refused with what to do instead: nothing is guessed.
 */
export function trustHook(text: string | null, key: string, hash: string): TrustEdit {
  const before = text ?? '';
  const read = readToml(before);
  if (!read.ok) return { ok: false, error: `it is not valid TOML (${read.message})` };
  const state = hookStates(read.value)[key];
  if (state?.trusted_hash === hash && state.enabled !== false) return { ok: true, text: before, changed: false };
  if (state?.enabled === false) return { ok: false, error: 'it disables this hook (enabled = false); remove that, or trust the hook in Codex (/hooks)' };
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  let next: string;
  const header = `[hooks.state.${quoteKey(key)}]`;
  const at = before.indexOf(`${TRUST_MARK}${eol}${header}${eol}trusted_hash = `);
  if (state && at >= 0) {
    const start = at + TRUST_MARK.length + header.length + 2 * eol.length;
    const end = before.indexOf(eol, start);
    next = `${before.slice(0, start)}trusted_hash = ${JSON.stringify(hash)}${before.slice(end < 0 ? before.length : end)}`;
  } else if (state) {
    return { ok: false, error: `it already has a record for this hook (${header}) that Agent Guard did not write; trust the hook in Codex (/hooks)` };
  } else {
    const sep = before === '' || before.endsWith(eol + eol) ? '' : before.endsWith(eol) ? eol : eol + eol;
    next = `${before}${sep}${block(key, hash, eol)}`;
  }
  const check = readToml(next);
  if (!check.ok || hookStates(check.value)[key]?.trusted_hash !== hash)
    return {
      ok: false,
      error: `adding the trust record would not parse as Codex reads it (${check.ok ? 'the record is shadowed' : check.message}); trust the hook in Codex (/hooks)`,
    };
  return { ok: true, text: next, changed: true };
}

/** The config text without Agent Guard's trust records for handlers of `hooksFile` (null: nothing of ours in it). */
export function untrustHooks(text: string, hooksFile: string): string | null {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const header = `[hooks.state.${quoteKey(`${hooksFile}:pre_tool_use:`).slice(0, -1)}`;
  const lines = text.split(eol);
  const kept: string[] = [];
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    // Ours is exactly three lines: the mark, the header, the hash (and the blank line before it).
    if (lines[i] === TRUST_MARK && lines[i + 1]?.startsWith(header) && /^trusted_hash = "sha256:[0-9a-f]{64}"$/.test(lines[i + 2] ?? '')) {
      if (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
      i += 2;
      changed = true;
      continue;
    }
    kept.push(lines[i]!);
  }
  return changed ? kept.join(eol) : null;
}

/** Whether Codex would run the hooks of the project at `workspace`: its folder (or one above) is trusted in config.toml. */
export function projectTrusted(config: Record<string, unknown>, workspace: string): boolean {
  const projects = table(config.projects) ?? {};
  for (let dir = workspace; ; ) {
    if (table(projects[dir])?.trust_level === 'trusted') return true;
    const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
    if (up === dir) return false;
    dir = up;
  }
}

/** Settings in config.toml that keep Codex from running hooks at all. */
export function hooksSwitchedOff(config: Record<string, unknown>): string | null {
  const features = table(config.features) ?? {};
  if (features.hooks === false) return '[features] hooks = false';
  if (features.codex_hooks === false && features.hooks === undefined) return '[features] codex_hooks = false';
  return null;
}

// The decision log: one JSON line per denial (and per call a guard in monitor mode would have
// denied), under .claude/agent-guard/ (a folder that ignores itself in git). Its fields are
// documented in docs/decision-log.md; `agent-guard log --format otlp` maps them onto OpenTelemetry
// logs (cli/otlp.ts). Bounded (rotated at 512 KiB), deduplicated when a host runs the hook twice for
// one call, and redacted: no secret value ever reaches it.

import { closeSync, existsSync, fstatSync, lstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../redact';
import { APPEND_FLAGS, ensureStateDir, openNoFollow, READ_FLAGS, STATE_DIR } from '../state-dir';
import type { Verdict } from './dispatch';
import type { ToolCall } from './types';

export const LOG_DIR = STATE_DIR;
export const LOG_FILE = `${LOG_DIR}/decisions.jsonl`;
/** The previous log, after rotation. */
const ROTATED_LOG_FILE = `${LOG_DIR}/decisions.1.jsonl`;
const MAX_BYTES = 512 * 1024;
const DEDUPE_MS = 10_000;

export interface LogEntry {
  /** The schema version of the line (docs/decision-log.md); absent in lines written before it had one (version 0). */
  v?: 1;
  time: string;
  tool: string;
  guard: string;
  /** What the host was told: deny or ask; monitor: nothing (the call ran), `would` says what the guard would have said. */
  decision: 'deny' | 'ask' | 'monitor';
  /** For a monitor entry: the decision the guard would have given. */
  would?: 'deny' | 'ask';
  /** The host that ran the hook (claude, vscode, copilot, gemini, codex, cursor, opencode); absent before 0.1.1. */
  host?: string;
  /** The command (redacted, shortened) or the path. */
  target: string;
  reason: string;
  /** The guard's suggested alternative, redacted (absent in entries written before 0.1.1). */
  instead?: string;
  key: string;
  /** The host's session id, when it sent one: an exception can be given for that session only. */
  session?: string;
}

/**
 * Identifies one tool call, so a host that runs the hook twice logs it once. Hosts send a
 * tool_use_id; otherwise an FNV-1a hash of the call (no crypto: loading it costs milliseconds).
 */
export function callKey(payload: Record<string, unknown>): string {
  if (typeof payload.tool_use_id === 'string' && payload.tool_use_id) return payload.tool_use_id;
  const text = JSON.stringify([payload.session_id ?? '', payload.tool_name, payload.tool_input]);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `h${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}

/**
 * Appends one entry. Throws UnsafePathError (from ../state-dir) when the folder or the file is a
 * link or not what it should be: the hook then says why on stderr and writes nothing.
 */
export function appendDecision(
  projectDir: string,
  call: ToolCall,
  v: Verdict,
  key: string,
  secrets: readonly string[] = [],
  now = new Date(),
  session?: string,
  extra: { monitor?: boolean; host?: string } = {},
): void {
  const claudeDir = join(projectDir, '.claude');
  if (!existsSync(claudeDir)) return; // not a Claude Code project: leave no trace
  ensureStateDir(claudeDir, projectDir);
  const file = join(projectDir, LOG_FILE);
  const last = lastLine(file);
  if (last) {
    try {
      const prev = JSON.parse(last) as LogEntry;
      if (prev.key === key && now.getTime() - Date.parse(prev.time) < DEDUPE_MS) return;
    } catch {
      /* a torn line: just append */
    }
  }
  // Two copies running in parallel for one call (the Claude Code plugin and a project install, say)
  // can both pass the check above before either appends: the first to claim the call logs it.
  if (!claim(join(projectDir, STATE_DIR), key, now)) return;
  try {
    // lstat: the size of the file itself; rename moves a name, it never writes through a link.
    if (lstatSync(file).size > MAX_BYTES) renameSync(file, join(projectDir, ROTATED_LOG_FILE));
  } catch {
    /* no log yet */
  }
  const target = call.command !== null ? redact(call.command, secrets).slice(0, 500) : (call.path ?? call.tool);
  const entry: LogEntry = {
    v: 1,
    time: now.toISOString(),
    tool: call.tool,
    guard: v.guardId,
    decision: extra.monitor ? 'monitor' : v.decision,
    ...(extra.monitor ? { would: v.decision } : {}),
    ...(extra.host ? { host: extra.host } : {}),
    target,
    reason: redact(v.reason, secrets),
    ...(v.instead ? { instead: redact(v.instead, secrets) } : {}),
    key,
    ...(session ? { session } : {}),
  };
  const fd = openNoFollow(file, APPEND_FLAGS, LOG_FILE);
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  } finally {
    closeSync(fd);
  }
}

const CLAIM_PREFIX = '.call-';

/**
 * Creates `<dir>/.call-<key>` exclusively (O_EXCL: never through a link): true for the one process
 * that got it. Claims older than the dedupe window are removed (denials are rare, so the folder
 * stays a handful of files).
 */
function claim(dir: string, key: string, now: Date): boolean {
  const name = `${CLAIM_PREFIX}${key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)}`;
  const stale = (path: string) => now.getTime() - lstatSync(path).mtimeMs > DEDUPE_MS;
  try {
    for (const f of readdirSync(dir)) {
      if (!f.startsWith(CLAIM_PREFIX) || f === name) continue;
      try {
        if (stale(join(dir, f))) unlinkSync(join(dir, f));
      } catch {
        /* removed by the other copy */
      }
    }
  } catch {
    /* unreadable: claims only keep the log from doubling */
  }
  const path = join(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(path, 'wx'));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return true; // cannot claim: log rather than lose the line
      try {
        if (!stale(path)) return false;
        unlinkSync(path); // a stale claim of a reused key: take it anew
      } catch {
        return false;
      }
    }
  }
  return false;
}

function lastLine(file: string): string | null {
  let fd: number | null = null;
  try {
    fd = openNoFollow(file, READ_FLAGS, LOG_FILE);
    const size = fstatSync(fd).size;
    const len = Math.min(size, 4096);
    const buf = Buffer.alloc(len);
    readSync(fd, buf, 0, len, size - len);
    const lines = buf.toString('utf8').trimEnd().split('\n');
    return lines[lines.length - 1] ?? null;
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** The entries that stopped or questioned a call (not those a guard in monitor mode let run). */
export function blockedOnly(entries: readonly LogEntry[]): LogEntry[] {
  return entries.filter((e) => e.decision !== 'monitor');
}

/** How much of each log file the reader looks at: its last bytes (a log is rotated at MAX_BYTES; this is more than enough). */
const READ_TAIL_BYTES = 2 * MAX_BYTES;

/**
 * The most recent `limit` entries (Infinity: every entry the log keeps, the rotated file's first). The log is in the workspace, which a repository controls: each file is
 * opened without following a link and without blocking (a FIFO planted there returns at once), read
 * only when it is a regular file with one name, and only its last READ_TAIL_BYTES (a committed link
 * to /dev/zero read 16.8 GB; a FIFO hung `agent-guard log` and the editor's view). A linked
 * .claude/agent-guard folder is not read at all.
 */
export function readDecisions(projectDir: string, limit = 20): LogEntry[] {
  const out: LogEntry[] = [];
  const dir = lstatOrNull(join(projectDir, LOG_DIR));
  if (!dir || dir.isSymbolicLink() || !dir.isDirectory()) return out;
  for (const f of [ROTATED_LOG_FILE, LOG_FILE]) {
    for (const line of tail(join(projectDir, f), f, READ_TAIL_BYTES)) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as LogEntry);
      } catch {
        /* skip torn lines */
      }
    }
  }
  return limit === Number.POSITIVE_INFINITY ? out : out.slice(-limit);
}

/** The whole lines in the last `max` bytes of a regular file (none for anything else). */
function tail(file: string, show: string, max: number): string[] {
  let fd: number | null = null;
  try {
    fd = openNoFollow(file, READ_FLAGS, show);
    const size = fstatSync(fd).size;
    const len = Math.min(size, max);
    const buf = Buffer.alloc(len);
    let n = 0;
    while (n < len) {
      const r = readSync(fd, buf, n, len - n, size - len + n);
      if (r === 0) break;
      n += r;
    }
    const lines = buf.subarray(0, n).toString('utf8').split('\n');
    // Cut inside the file: the first line is a piece of one.
    return len < size ? lines.slice(1) : lines;
  } catch {
    return []; // missing, a link, a FIFO, a device: nothing to show
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

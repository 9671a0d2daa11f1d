// The hook protocol, shared by dist/hook.cjs and `agent-guard check`: stdin text in,
// stdout/stderr/exit code out. A deny travels as JSON on stdout with exit 0 for Claude Code and
// VS Code, and as exit 2 with the reason on stderr for the Copilot and Gemini CLIs (hookReply).

import { readdirSync, readSync } from 'node:fs';
import { readRegularText } from '../core/read-file';
import guards from 'agent-guard:guards';
import { deadlineIn, evaluatePayload, sessionId, hookOutput, hookReply, HOOK_DEADLINE_MS, unanalysable, type Deadline } from '../core/guards/dispatch';
import { loadWorkspaceGuards } from '../core/guards/workspace-guards';
import { appendDecision, callKey } from '../core/guards/decision-log';
import { UnsafePathError } from '../core/state-dir';
import { readTrust, trustFile } from '../core/trust';
import { escapeControl } from '../core/terminal';
import { envValues, redactVerdict, secretValues } from '../core/redact';
import { loadConfig } from '../core/guards/load-config';
import { homeDirectory, isAbsolutePath, normalizePath } from '../core/paths';
import { ownPlaces } from '../core/own-places';
import { createGitRunner, GIT_DEADLINE_MARGIN_MS } from './git';
import { CANARY_COMMAND, CANARY_FIELD } from '../core/liveness';
import { splitStamp } from '../core/stamp';
import type { GuardConfig } from '../core/config';
import { readRegular } from '../core/read-file';

export const MAX_STDIN_BYTES = 16 * 1024 * 1024;
const BUILT_IN_IDS = new Set(guards.map((g) => g.id));

export interface HookRun {
  stdout: string;
  stderr: string[];
  exitCode: number;
}

/**
 * `selfFile`: the hook file this process runs (dist/hook.cjs passes it), checked against its stamp
 * when the call is a liveness canary (core/liveness.ts).
 */
export function runHook(stdin: string, env: NodeJS.ProcessEnv = process.env, deadline: Deadline = deadlineIn(HOOK_DEADLINE_MS), selfFile?: string): HookRun {
  const home = homeDirectory(env, safeHomedir);
  const fallbackCwd = normalizePath(process.cwd());
  // The run after a start from the startup snapshot failed, or after an ask of the resident
  // analyser stopped (the command's fallbacks: see snapshotFirst in core/install/installer.ts):
  // Node that cannot load a blob stops before reading stdin, and an ask that read nothing says so
  // (the Perl ask's exit 3), so the call is here whole; empty or cut input means the step before
  // read it: blocked.
  const afterFailedStep = env.AGENT_GUARD_AFTER_SNAPSHOT || env.AGENT_GUARD_AFTER_ASK;
  if (afterFailedStep && !isJson(stdin))
    return {
      stdout: '',
      stderr: [
        `agent-guard: the hook stopped (exit ${afterFailedStep.slice(0, 8)}) after it may have read this call, so this call is blocked; to see why, run: agent-guard status`,
      ],
      exitCode: 2,
    };
  if (stdin.trim() === '') return { stdout: '', stderr: ['agent-guard: empty input; no opinion'], exitCode: 0 };
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch {
    const closed = readFailMode(env, fallbackCwd) === 'closed';
    const stderr = ['agent-guard: input is not JSON; no opinion'];
    if (!closed) return { stdout: '', stderr, exitCode: 0 };
    return {
      stdout: hookOutput({
        decision: 'deny',
        guardId: 'fail-closed',
        reason: 'Agent Guard could not read this tool call (input is not JSON), and failMode is "closed".',
      }),
      stderr,
      exitCode: 0,
    };
  }
  const projectDir = projectDirFor(payload, env, fallbackCwd);
  // A liveness canary (the session-start check, status): never logged; a reason when not denied.
  const canary = typeof payload === 'object' && payload !== null && (payload as Record<string, unknown>)[CANARY_FIELD] === true;
  if (canary && selfFile) {
    const changed = changedSinceInstall(selfFile);
    if (changed) return { stdout: '', stderr: [`agent-guard: ${changed}`], exitCode: 0 };
  }
  // The person's consent is read from their trust store, in this hook's environment.
  const { config, notes } = loadConfig(projectDir, { env });
  // Workspace guards run only with the user's consent (agent-guard trust); install's self-test never loads them.
  const workspace = env.AGENT_GUARD_NO_WORKSPACE_GUARDS
    ? { guards: [], notes: [] }
    : loadWorkspaceGuards(projectDir, BUILT_IN_IDS, () => readTrust(trustFile(env)));
  const all = workspace.guards.length > 0 ? [...guards, ...workspace.guards] : guards;
  // Git stops early enough for the guards to finish before the hook's own deadline.
  const git = createGitRunner({ projectDir, env, deadline: Date.now() + deadline.remaining() - GIT_DEADLINE_MARGIN_MS });
  // The time of the call: exceptions scoped to this session, an hour or a branch are in force now.
  const result = evaluatePayload(payload, { guards: all, home, places: ownPlaces(env, home), projectDir, fallbackCwd, config, deadline, git, now: Date.now() });
  const stderr = [...notes, ...workspace.notes, ...result.notes];
  let secretsForLog: string[] = [];
  const monitored = result.monitored ?? [];
  if (result.verdict || monitored.length > 0) {
    // Reasons quote the command's own words: no secret value may travel with them.
    secretsForLog = secretValues(envValues(projectDir, { list: safeList, read: safeRead }));
    if (result.verdict) redactVerdict(result.verdict, secretsForLog);
    for (const m of monitored) redactVerdict(m, secretsForLog);
  }
  if (canary && !result.verdict) stderr.unshift(`agent-guard: ${canaryLetThrough(config)}`);
  if ((result.verdict || monitored.length > 0) && result.call && !env.AGENT_GUARD_NO_LOG && !canary) {
    const key = callKey(payload as Record<string, unknown>);
    const now = new Date();
    const session = sessionId(payload);
    try {
      // Monitor mode: the call runs; the log says what each guard in that mode would have said.
      for (const m of monitored)
        appendDecision(projectDir, result.call, m, `${key}#${m.guardId}`, secretsForLog, now, session, { monitor: true, host: result.host });
      if (result.verdict) appendDecision(projectDir, result.call, result.verdict, key, secretsForLog, now, session, { host: result.host });
    } catch (err) {
      stderr.push(
        err instanceof UnsafePathError
          ? `agent-guard: not writing the decision log: ${err.message}`
          : `agent-guard: could not write the decision log (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  if (!result.verdict) return { stdout: '', stderr, exitCode: 0 };
  const reply = hookReply(result.host, result.verdict, result.call?.tool ?? null);
  // Where the reason travels on stderr, it must be the first line.
  return { stdout: reply.stdout, stderr: [...reply.stderr, ...stderr], exitCode: reply.exitCode };
}

/**
 * Why the canary passed, from the configuration as it applies (consented entries only): the one
 * thing that can switch guards off or except a command.
 */
function canaryLetThrough(config: GuardConfig): string {
  if (config.exceptions.some((x) => x.command === CANARY_COMMAND))
    return `an exception in the Agent Guard configuration lets "${CANARY_COMMAND}" through (agent-guard status lists the exceptions)`;
  const off = Object.entries(config.guards)
    .filter(([, mode]) => mode === 'off')
    .map(([id]) => id);
  if (off.length > 0) return `the Agent Guard configuration switches off ${off.join(', ')}`;
  return `no guard denied "${CANARY_COMMAND}"`;
}

/**
 * The hook file's stamp (its first line: version and sha256 of the rest) against its content: a
 * file edited after it was installed is not the guard that was installed. Null when it matches or
 * the file has no stamp (dist/hook.cjs itself, the plugin's copy).
 */
function changedSinceInstall(file: string): string | null {
  const read = readRegular(file, 64 * 1024 * 1024, true);
  if (!('text' in read)) return null;
  const stamp = splitStamp(read.text);
  if (!stamp) return null;
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  if (createHash('sha256').update(stamp.body).digest('hex') === stamp.sha256) return null;
  return 'the hook file was changed after it was installed (its content does not match the sha256 in its first line); to put back the installed one, run: agent-guard sync --force';
}

/**
 * Input over the stdin cap cannot be read, so nothing in it can be judged: denied as unanalysable in
 * every fail mode (no tool call an agent makes in earnest is 16 MiB).
 */
export function tooLargeReply(): HookRun {
  const verdict = unanalysable('size');
  verdict.reason = `Agent Guard cannot check this tool call: its input is larger than ${MAX_STDIN_BYTES / 1024 / 1024} MiB, so what it would do cannot be seen and it is not run. Split the work into smaller calls, and pass large data through a file.`;
  return { stdout: hookOutput(verdict), stderr: ['agent-guard: input larger than 16 MiB; denied as unanalysable'], exitCode: 0 };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The dotenv files whose values the log redacts: a FIFO or a link to /dev/zero under that name is skipped, not waited on. */
function safeRead(path: string): string | null {
  return readRegularText(path, 64 * 1024);
}

function projectDirFor(payload: unknown, env: NodeJS.ProcessEnv, fallbackCwd: string): string {
  const fromEnv = env.CLAUDE_PROJECT_DIR;
  if (fromEnv && isAbsolutePath(fromEnv)) return normalizePath(fromEnv);
  // Cline names no cwd: its workspace is the first of workspaceRoots.
  const p = payload as { cwd?: unknown; workspaceRoots?: unknown } | null;
  const cwd = p?.cwd ?? (Array.isArray(p?.workspaceRoots) ? p.workspaceRoots[0] : undefined);
  return typeof cwd === 'string' && isAbsolutePath(cwd) ? normalizePath(cwd) : fallbackCwd;
}

/** For input that is not JSON: there is no payload cwd, so the project is CLAUDE_PROJECT_DIR or the cwd. */
function readFailMode(env: NodeJS.ProcessEnv, fallbackCwd: string): 'open' | 'closed' {
  return loadConfig(projectDirFor(null, env, fallbackCwd), { env }).config.failMode;
}

function safeHomedir(): string {
  try {
    return (require('node:os') as typeof import('node:os')).homedir();
  } catch {
    return '/';
  }
}

/**
 * Reads all of stdin (bounded). Synchronous reads first: a stdin stream would load `net` and
 * cost milliseconds on every tool call. Falls back to the stream where fd 0 is non-blocking.
 */
export function readStdin(limit = MAX_STDIN_BYTES): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const buf = Buffer.allocUnsafe(64 * 1024);
    while (true) {
      const n = readSync(0, buf, 0, buf.length, null);
      if (n === 0) break;
      size += n;
      if (size > limit) return Promise.resolve({ text: '', tooLarge: true });
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Promise.resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: false });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EOF') return Promise.resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: false });
    if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') return Promise.resolve({ text: '', tooLarge: false });
  }
  return readStdinStream(limit, chunks, size);
}

function readStdinStream(limit: number, chunks: Buffer[], initial: number): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolvePromise) => {
    if (process.stdin.isTTY) return resolvePromise({ text: '', tooLarge: false });
    let size = initial;
    let tooLarge = false;
    process.stdin.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on('end', () => resolvePromise({ text: Buffer.concat(chunks).toString('utf8'), tooLarge }));
    process.stdin.on('error', () => resolvePromise({ text: '', tooLarge }));
  });
}

/** The bytes a run writes: stderr reaches a terminal (and the Copilot/Gemini CLIs show the reason from it), so it is escaped. */
export function render(run: HookRun): { stdout: string; stderr: string; exitCode: number } {
  return { stdout: run.stdout, stderr: run.stderr.map((line) => `${escapeControl(line, 'text')}\n`).join(''), exitCode: run.exitCode };
}

export function emit(run: HookRun): void {
  const out = render(run);
  if (out.stderr) process.stderr.write(out.stderr);
  if (out.stdout) process.stdout.write(out.stdout);
  process.exitCode = out.exitCode;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

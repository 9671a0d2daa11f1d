// One transcript through the guard set, exactly as the hook would judge each call now: the project's
// configuration with the person's consent, its trusted workspace guards, git through the hardened
// read-only runner, the hook's deadline per call. Nothing is written: no decision log, no git
// writes, no cache. Used in a worker thread (cli/replay-command.ts) or in process for small inputs.

import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { dirname, join } from 'node:path';
import guards from 'agent-guard:guards';
import { deadlineIn, evaluatePayload, HOOK_DEADLINE_MS } from '../core/guards/dispatch';
import { loadConfig } from '../core/guards/load-config';
import { loadWorkspaceGuards } from '../core/guards/workspace-guards';
import { readTrust, trustFile } from '../core/trust';
import { envValues, redact, secretValues } from '../core/redact';
import { readRegularText } from '../core/read-file';
import { normalizePath } from '../core/paths';
import { createParser, kindOfFirstLine, kindOfPath, type ReplayCall, type TranscriptKind } from '../core/replay/transcripts';
import type { ReplayFinding } from '../core/replay/summary';
import { DEFAULT_CONFIG, type GuardConfig } from '../core/config';
import type { GitRunner, Guard } from '../core/guards/types';
import { createGitRunner } from './git';

/** A line longer than this (a huge tool result) is skipped unread: no tool call an agent makes in earnest is this large. */
const MAX_LINE = 32 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const BUILT_IN_IDS = new Set(guards.map((g) => g.id));

export interface FileResult {
  calls: number;
  sessions: string[];
  kind: TranscriptKind | null;
  skippedLines: number;
  findings: ReplayFinding[];
  notes: string[];
  missingProjects: string[];
}

interface Project {
  config: GuardConfig;
  guards: readonly Guard[];
  secrets: string[];
  git: GitRunner;
  exists: boolean;
}

/** Per-process state: each project's setup, made once (its configuration, guards, secrets, git answers). */
export class Replayer {
  private readonly projects = new Map<string, Project>();
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly home: string,
    /** Only the calls of sessions in this project (or a folder inside it). */
    private readonly onlyProject?: string,
  ) {}

  private wanted(call: ReplayCall): boolean {
    const only = this.onlyProject;
    return !only || call.projectDir === only || call.projectDir.startsWith(`${only}/`);
  }

  private project(dir: string): Project {
    let p = this.projects.get(dir);
    if (p) return p;
    const exists = dir !== '' && existsSync(dir);

    const workspace =
      exists && !this.env.AGENT_GUARD_NO_WORKSPACE_GUARDS ? loadWorkspaceGuards(dir, BUILT_IN_IDS, () => readTrust(trustFile(this.env))) : { guards: [] };
    p = {
      config: exists ? loadConfig(dir, { env: this.env }).config : DEFAULT_CONFIG,
      guards: workspace.guards.length > 0 ? [...guards, ...workspace.guards] : guards,
      secrets: exists ? secretValues(envValues(dir, { list: safeList, read: (f) => readRegularText(f, 64 * 1024) })) : [],
      // One runner per project: its answers (the repository as it is now) are the same for every call.
      git: createGitRunner({ projectDir: dir || '/', env: this.env, budgetMs: 120_000 }),
      exists,
    };
    this.projects.set(dir, p);
    return p;
  }

  /** Judges one call; the findings (the verdict and what monitor mode recorded), redacted. */
  judge(call: ReplayCall, file: string): ReplayFinding[] {
    const p = this.project(call.projectDir);
    const projectDir = call.projectDir || this.home;
    const e = evaluatePayload(call.payload, {
      guards: p.guards,
      home: this.home,
      projectDir,
      fallbackCwd: projectDir,
      config: p.config,
      deadline: deadlineIn(HOOK_DEADLINE_MS),
      git: p.git,
      now: Date.now(),
    });
    const verdicts = [...(e.monitored ?? []).map((v) => ({ v, monitor: true })), ...(e.verdict ? [{ v: e.verdict, monitor: false }] : [])];
    if (verdicts.length === 0) return [];
    const c = e.call;
    // A file inside the project by its path there: the same file groups across sessions and machines.
    const path = c?.path?.startsWith(`${projectDir}/`) ? c.path.slice(projectDir.length + 1) : c?.path;
    const target = c?.command != null ? redact(c.command, p.secrets).slice(0, 2000) : redact(path ?? c?.tool ?? '', p.secrets);
    return verdicts.map(({ v, monitor }) => ({
      guard: v.guardId,
      decision: v.decision,
      ...(monitor ? { monitor } : {}),
      tool: c?.tool ?? String(call.payload.tool_name ?? call.payload.toolName ?? ''),
      target,
      reason: redact(v.reason, p.secrets).slice(0, 1000),
      outcome: call.outcome,
      kind: call.kind,
      file,
      line: call.line,
    }));
  }

  /** Reads one transcript line by line and judges its calls. `progress` is told the bytes read. */
  replayFile(path: string, progress: (bytes: number) => void = () => undefined): FileResult {
    const result: FileResult = { calls: 0, sessions: [], kind: kindOfPath(path), skippedLines: 0, findings: [], notes: [], missingProjects: [] };
    let fd: number;
    try {
      fd = openSync(path, 'r');
      if (!statSync(path).isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOTREG' });
    } catch (err) {
      result.notes.push(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      return result;
    }
    let parser: ReturnType<typeof createParser> | null = null;
    const sessions = new Set<string>();
    const onCalls = (calls: ReplayCall[]) => {
      for (const call of calls) {
        if (!this.wanted(call)) continue;
        result.calls++;
        if (call.session) sessions.add(call.session);
        if (call.projectDir && !existsSync(call.projectDir) && !result.missingProjects.includes(call.projectDir)) result.missingProjects.push(call.projectDir);
        result.findings.push(...this.judge(call, path));
      }
    };
    const onLine = (text: string, lineNo: number) => {
      if (!parser) {
        if (!text.trim()) return;
        let kind = result.kind;
        if (kind === null) {
          // The path says little for a file named by hand: the first line says which host wrote it.
          try {
            kind = kindOfFirstLine(JSON.parse(text) as Record<string, unknown>) ?? kind;
          } catch {
            /* not JSON: the parser counts it */
          }
        }
        if (!kind) {
          result.notes.push(`${path} is not a transcript of a known host; skipped`);
          return 'stop';
        }
        result.kind = kind;
        parser = createParser(kind, kind === 'gemini' ? { projectDir: geminiProjectRoot(path) } : {});
      }
      onCalls(parser.line(text, lineNo));
      return undefined;
    };
    try {
      const buf = Buffer.allocUnsafe(CHUNK);
      const decoder = new StringDecoder('utf8');
      let rest = '';
      let lineNo = 0;
      let tooLong = false;
      let stop = false;
      while (!stop) {
        const n = readSync(fd, buf, 0, CHUNK, null);
        if (n === 0) break;
        progress(n);
        let text = rest + decoder.write(buf.subarray(0, n));
        let start = 0;
        for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
          lineNo++;
          if (tooLong) {
            result.skippedLines++;
            tooLong = false;
          } else if (onLine(text.slice(start, nl), lineNo) === 'stop') {
            stop = true;
            break;
          }
          start = nl + 1;
        }
        text = text.slice(start);
        if (text.length > MAX_LINE) {
          tooLong = true;
          text = '';
        }
        rest = text;
      }
      if (!stop && !tooLong && rest.trim()) onLine(rest, lineNo + 1);
      if (parser) {
        const p: ReturnType<typeof createParser> = parser;
        onCalls(p.end());
        result.skippedLines += p.skipped;
      }
    } finally {
      closeSync(fd);
    }
    result.sessions = [...sessions];
    return result;
  }
}

/** Gemini keeps a project's chats in ~/.gemini/tmp/<name>/chats/ and the project's folder in ../.project_root. */
function geminiProjectRoot(path: string): string {
  const root = readRegularText(join(dirname(dirname(path)), '.project_root'), 4096);
  return root ? normalizePath(root.trim()) : '';
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

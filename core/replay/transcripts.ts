// The session transcripts agents keep, as the tool calls they hold: each call as the payload its host
// would have piped to the hook, and what became of it (it ran, it failed, a hook blocked it).
// One parser per file, fed line by line (every format here is JSON Lines), so a transcript of any
// size is read in bounded memory: a call waits only until its result line comes.
//
// Formats, as the real CLIs wrote them (test/real-hosts/replay.test.mjs makes them; fixtures in
// test/fixtures/transcripts/):
//   claude   ~/.claude/projects/<project>/<session>.jsonl: `assistant` lines whose message holds
//            `tool_use` blocks; `user` lines with `tool_result` blocks (is_error) answer them; every
//            line carries cwd and sessionId.
//   codex    ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl: `session_meta` (cwd, id), then
//            `response_item`s: function_call (name, arguments as JSON text, call_id) or
//            custom_tool_call (apply_patch: input is the patch), answered by *_output items whose
//            text says "Process exited with code N".
//   gemini   ~/.gemini/tmp/<project>/chats/session-*.jsonl: a header line (sessionId), then message
//            records; a `gemini` record's toolCalls (id, name, args, status, result) are complete
//            when written (a record is written again as it grows: the last copy of a call counts).
//            The project root is in ../.project_root (the caller passes it).
//   copilot  ~/.copilot/session-state/<id>/events.jsonl: session.start (context.cwd),
//            tool.execution_start (toolCallId, toolName, arguments) and tool.execution_complete
//            (success, shellExecution.exitCode).

export type TranscriptKind = 'claude' | 'codex' | 'gemini' | 'copilot';

/** What became of a call: it ran (exit 0, no error), it failed, a hook blocked it, or the transcript does not say. */
export type Outcome = 'ran' | 'failed' | 'blocked' | 'unknown';

export interface ReplayCall {
  kind: TranscriptKind;
  /** The payload the host would have sent the hook for this call. */
  payload: Record<string, unknown>;
  /** The project the session ran in (the hook's CLAUDE_PROJECT_DIR or the host's cwd). */
  projectDir: string;
  session: string;
  outcome: Outcome;
  /** The 1-based line of the transcript where the call is. */
  line: number;
  time?: string;
}

export interface TranscriptParser {
  /** One line of the file (without its newline); returns the calls it completed. */
  line(text: string, lineNo: number): ReplayCall[];
  /** At the end of the file: the calls still waiting for a result (outcome unknown). */
  end(): ReplayCall[];
  /** Lines that were not JSON or not of the format. */
  readonly skipped: number;
}

/** Where each host keeps its transcripts, relative to the home folder (for discovery and --host). */
export const TRANSCRIPT_HOMES: Readonly<Record<TranscriptKind, { dir: string; match: RegExp }>> = {
  claude: { dir: '.claude/projects', match: /\/[^/]+\.jsonl$/ },
  codex: { dir: '.codex/sessions', match: /\/rollout-[^/]*\.jsonl$/ },
  gemini: { dir: '.gemini/tmp', match: /\/chats\/session-[^/]*\.jsonl$/ },
  copilot: { dir: '.copilot/session-state', match: /\/events\.jsonl$/ },
};

/** The format of a transcript, from its path (the layout each host uses), or null. */
export function kindOfPath(path: string): TranscriptKind | null {
  const p = path.replace(/\\/g, '/');
  if (/\/\.codex\/sessions\//.test(p) || /\/rollout-[^/]*\.jsonl$/.test(p)) return 'codex';
  if (/\/chats\/session-[^/]*\.jsonl$/.test(p)) return 'gemini';
  if (/\/events\.jsonl$/.test(p)) return 'copilot';
  if (p.includes('/.claude/projects/') && p.endsWith('.jsonl')) return 'claude';
  // Anywhere else the first line says which host wrote it (kindOfFirstLine).
  return null;
}

/** The format of a transcript from its first JSON line, when its path does not say. */
export function kindOfFirstLine(o: Record<string, unknown>): TranscriptKind | null {
  if (o.type === 'session_meta') return 'codex';
  if (typeof o.type === 'string' && o.type.startsWith('session.') && obj(o.data)) return 'copilot';
  if (typeof o.sessionId === 'string' && typeof o.projectHash === 'string') return 'gemini';
  if (typeof o.sessionId === 'string' || ['user', 'assistant', 'queue-operation', 'summary', 'system'].includes(String(o.type))) return 'claude';
  return null;
}

/** Calls waiting for their result at once, per file; past it the oldest is let go with an unknown outcome. */
const MAX_PENDING = 4096;

export function createParser(kind: TranscriptKind, hints: { projectDir?: string } = {}): TranscriptParser {
  switch (kind) {
    case 'claude':
      return claudeParser();
    case 'codex':
      return codexParser();
    case 'gemini':
      return geminiParser(hints.projectDir ?? '');
    case 'copilot':
      return copilotParser();
  }
}

/** The calls waiting for a result, oldest first, bounded. */
class Pending {
  private readonly waiting = new Map<string, ReplayCall>();
  add(id: string, call: ReplayCall): ReplayCall[] {
    this.waiting.set(id, call);
    if (this.waiting.size <= MAX_PENDING) return [];
    const [first] = this.waiting;
    this.waiting.delete(first![0]);
    return [first![1]];
  }
  settle(id: string, outcome: Outcome): ReplayCall[] {
    const call = this.waiting.get(id);
    if (!call) return [];
    this.waiting.delete(id);
    return [{ ...call, outcome }];
  }
  rest(): ReplayCall[] {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    return all;
  }
}

function parse(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    return obj(JSON.parse(text));
  } catch {
    return null;
  }
}

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The frame every host's JSONL parser shares: a line that is not a JSON object counts as skipped
 * (a blank line does not); an object goes to the format's own reading.
 */
function jsonLines(format: { object(o: Record<string, unknown>, lineNo: number): ReplayCall[]; end(): ReplayCall[] }): TranscriptParser {
  let skipped = 0;
  return {
    get skipped() {
      return skipped;
    },
    line(text, lineNo) {
      const o = parse(text);
      if (!o) {
        if (text.trim()) skipped++;
        return [];
      }
      return format.object(o, lineNo);
    },
    end: () => format.end(),
  };
}

/** A hook's deny as each host words it in the result the model reads. */
const BLOCKED =
  /PreToolUse:\w+ hook error|hook (?:blocking )?error|blocked by (?:a )?PreToolUse hook|Tool execution blocked|Denied by preToolUse hook|\[agent-guard: [\w-]+\]/i;

function claudeParser(): TranscriptParser {
  const pending = new Pending();
  let projectDir = '';
  let session = '';
  return jsonLines({
    object(o, lineNo) {
      const cwd = str(o.cwd);
      // The session's first working folder is where Claude Code was started: the hook's project.
      if (!projectDir && cwd) projectDir = cwd;
      if (!session && str(o.sessionId)) session = str(o.sessionId);
      const message = obj(o.message);
      const content = Array.isArray(message?.content) ? (message.content as unknown[]) : [];
      const out: ReplayCall[] = [];
      if (o.type === 'assistant') {
        for (const block of content) {
          const b = obj(block);
          if (b?.type !== 'tool_use' || typeof b.name !== 'string') continue;
          const payload: Record<string, unknown> = {
            session_id: str(o.sessionId) || session,
            cwd: cwd || projectDir,
            hook_event_name: 'PreToolUse',
            tool_name: b.name,
            tool_input: obj(b.input) ?? {},
            tool_use_id: str(b.id),
          };
          const call: ReplayCall = {
            kind: 'claude',
            payload,
            projectDir: projectDir || cwd,
            session: str(payload.session_id),
            outcome: 'unknown',
            line: lineNo,
          };
          if (str(o.timestamp)) call.time = str(o.timestamp);
          out.push(...pending.add(str(b.id) || `line-${lineNo}`, call));
        }
      } else if (o.type === 'user') {
        for (const block of content) {
          const b = obj(block);
          if (b?.type !== 'tool_result') continue;
          const text = resultText(b.content);
          const outcome: Outcome = b.is_error === true ? (BLOCKED.test(text) ? 'blocked' : 'failed') : 'ran';
          out.push(...pending.settle(str(b.tool_use_id), outcome));
        }
      }
      return out;
    },
    end: () => pending.rest(),
  });
}

/** The text of a tool result (a string, or text blocks), its first 4 KiB: enough to recognise a hook's deny. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content.slice(0, 4096);
  if (Array.isArray(content))
    return content
      .map((c) => str(obj(c)?.text))
      .join('\n')
      .slice(0, 4096);
  return '';
}

function codexParser(): TranscriptParser {
  const pending = new Pending();
  let projectDir = '';
  let session = '';
  return jsonLines({
    object(o, lineNo) {
      const p = obj(o.payload);
      if (!p) return [];
      if (o.type === 'session_meta') {
        projectDir ||= str(p.cwd);
        session ||= str(p.id) || str(p.session_id);
        return [];
      }
      if (o.type === 'turn_context' && str(p.cwd)) {
        projectDir ||= str(p.cwd);
        return [];
      }
      if (o.type !== 'response_item') return [];
      const id = str(p.call_id);
      if (p.type === 'function_call' || p.type === 'custom_tool_call' || p.type === 'local_shell_call') {
        const tool = codexTool(p);
        if (!tool) return [];
        const payload: Record<string, unknown> = {
          session_id: session,
          turn_id: str(obj(p.internal_chat_message_metadata_passthrough)?.turn_id) || 'replay',
          cwd: tool.cwd || projectDir,
          hook_event_name: 'PreToolUse',
          tool_name: tool.name,
          tool_input: tool.input,
          tool_use_id: id,
        };
        const call: ReplayCall = { kind: 'codex', payload, projectDir, session, outcome: 'unknown', line: lineNo };
        if (str(o.timestamp)) call.time = str(o.timestamp);
        return pending.add(id || `line-${lineNo}`, call);
      }
      if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output' || p.type === 'local_shell_call_output') {
        const output = typeof p.output === 'string' ? p.output : JSON.stringify(p.output ?? '');
        return pending.settle(id, codexOutcome(output));
      }
      return [];
    },
    end: () => pending.rest(),
  });
}

/** A Codex tool call as the hook sees it: exec_command and shell arrive as Bash, apply_patch with the patch as `command`. */
function codexTool(p: Record<string, unknown>): { name: string; input: Record<string, unknown>; cwd: string } | null {
  const name = str(p.name);
  if (p.type === 'custom_tool_call') return { name, input: { command: str(p.input) }, cwd: '' };
  let args: Record<string, unknown> | null = null;
  if (p.type === 'local_shell_call') args = obj(p.action);
  else if (typeof p.arguments === 'string') {
    try {
      args = obj(JSON.parse(p.arguments));
    } catch {
      args = null;
    }
  }
  if (!args) return null;
  const cwd = str(args.workdir) || str(args.working_directory);
  if (name === 'exec_command' || name === 'shell' || name === 'shell_command' || p.type === 'local_shell_call') {
    const cmd = args.cmd ?? args.command;
    // The older shell tool: an argv, usually ["bash", "-lc", "<script>"].
    const command = Array.isArray(cmd) ? (cmd.length === 3 && /^-l?c$/.test(String(cmd[1])) ? String(cmd[2]) : cmd.map(String).join(' ')) : str(cmd);
    return command ? { name: 'Bash', input: { command }, cwd } : null;
  }
  if (name === 'apply_patch') return { name, input: { command: str(args.input) || str(args.patch) }, cwd };
  return { name, input: args, cwd };
}

function codexOutcome(output: string): Outcome {
  if (BLOCKED.test(output.slice(0, 4096))) return 'blocked';
  const code = /(?:exited with code|Exit code:|"exit_code":)\s*(-?\d+)/.exec(output.slice(0, 4096));
  if (code) return code[1] === '0' ? 'ran' : 'failed';
  if (/^(?:Success\b|Done!)/.test(output)) return 'ran';
  if (/^(?:error|apply_patch verification failed|Failed\b)/i.test(output)) return 'failed';
  return 'unknown';
}

function geminiParser(projectDir: string): TranscriptParser {
  // Gemini writes a record again as it grows: a call is taken once, from its copy with a final status.
  const seen = new Set<string>();
  let session = '';
  return jsonLines({
    object(o, lineNo) {
      if (!session && typeof o.sessionId === 'string') session = o.sessionId;
      if (o.type !== 'gemini' || !Array.isArray(o.toolCalls)) return [];
      const out: ReplayCall[] = [];
      for (const c of o.toolCalls) {
        const t = obj(c);
        const id = str(t?.id);
        if (!t || !id || seen.has(id) || typeof t.name !== 'string') continue;
        const status = str(t.status);
        if (status !== 'success' && status !== 'error' && status !== 'cancelled') continue;
        seen.add(id);
        if (seen.size > MAX_PENDING * 4) seen.clear();
        const output = JSON.stringify(t.result ?? '').slice(0, 4096);
        const exit = /Exit Code: (-?\d+)/.exec(output);
        const outcome: Outcome = BLOCKED.test(output) ? 'blocked' : status !== 'success' || (exit && exit[1] !== '0') ? 'failed' : 'ran';
        const payload: Record<string, unknown> = {
          session_id: session,
          cwd: projectDir,
          hook_event_name: 'BeforeTool',
          tool_name: t.name,
          tool_input: obj(t.args) ?? {},
        };
        const call: ReplayCall = { kind: 'gemini', payload, projectDir, session, outcome, line: lineNo };
        if (str(t.timestamp) || str(o.timestamp)) call.time = str(t.timestamp) || str(o.timestamp);
        out.push(call);
      }
      return out;
    },
    end: () => [],
  });
}

function copilotParser(): TranscriptParser {
  const pending = new Pending();
  let projectDir = '';
  let session = '';
  return jsonLines({
    object(o, lineNo) {
      const d = obj(o.data);
      if (!d) return [];
      if (o.type === 'session.start' || o.type === 'session.resume') {
        projectDir ||= str(obj(d.context)?.cwd);
        session ||= str(d.sessionId);
        return [];
      }
      const id = str(d.toolCallId);
      if (o.type === 'tool.execution_start' && typeof d.toolName === 'string') {
        // The Copilot CLI's hook payload: toolName and the arguments as JSON text (test/fixtures/hosts/copilot-cli-*.json).
        const payload: Record<string, unknown> = {
          sessionId: session,
          timestamp: Date.parse(str(o.timestamp)) || 0,
          cwd: projectDir,
          toolName: d.toolName,
          toolArgs: JSON.stringify(d.arguments ?? {}),
        };
        const call: ReplayCall = { kind: 'copilot', payload, projectDir, session, outcome: 'unknown', line: lineNo };
        if (str(o.timestamp)) call.time = str(o.timestamp);
        return pending.add(id || `line-${lineNo}`, call);
      }
      if (o.type === 'tool.execution_complete') {
        const exit = obj(d.shellExecution)?.exitCode;
        const text = JSON.stringify(d.result ?? d.error ?? '').slice(0, 4096);
        const outcome: Outcome = BLOCKED.test(text) ? 'blocked' : d.success === false || (typeof exit === 'number' && exit !== 0) ? 'failed' : 'ran';
        return pending.settle(id, outcome);
      }
      return [];
    },
    end: () => pending.rest(),
  });
}

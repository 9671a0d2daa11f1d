// Proof of enforcement: a configuration can say the guard is installed while no call is checked
// (node cannot start, the hook file is missing or modified, a setting switches guards off). The
// only proof is to run the installed hook command exactly as the host will (same command line,
// same settings env, same folder) on a canary call that must be stopped, and to look at the answer.
// This file is the host-neutral part: the canary, how an answer is judged, and the POSIX sh
// script a host's session-start hook runs (it needs no node: it must work when node does not).
// A host adapter (core/install/targets/claude.ts) gives its payload form, the strings that mean
// "stopped" in its reply, and how its session-start hook shows a warning to the person.
// Pure: no I/O.

/** The canary: a call every guard set must stop (rm-catastrophic denies it). */
export const CANARY_COMMAND = 'rm -rf ~';

/** A payload field that marks a canary: the hook keeps it out of the decision log and says on stderr why it did not deny it. */
export const CANARY_FIELD = 'agent_guard_canary';

/** The host's own time limit for one PreToolUse hook run (what install writes): an answer after it does not count. */
export const HOOK_LIMIT_SECONDS = 10;

export interface CanaryForm {
  /** The host's payload for the canary: one line of JSON without a single quote (a sh script embeds it in one). */
  payload: string;
  /** Substrings of the hook's stdout that mean the host stops the call (a deny, or an ask: the person is asked). */
  stops: readonly string[];
}

/** Claude Code's form (also VS Code's agent, which reads Claude's reply). */
export const CLAUDE_CANARY: CanaryForm = {
  payload: JSON.stringify({
    session_id: 'agent-guard-liveness',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"permissionDecision":"deny"', '"permissionDecision":"ask"'],
};

/** Gemini CLI's form: a BeforeTool payload; it honours only its own reply (`decision`). */
export const GEMINI_CANARY: CanaryForm = {
  payload: JSON.stringify({
    hook_event_name: 'BeforeTool',
    timestamp: '1970-01-01T00:00:00.000Z',
    tool_name: 'run_shell_command',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"decision":"deny"'],
};

/** The Copilot CLI's form: toolName and toolArgs (a JSON string); it reads a top-level permissionDecision. */
export const COPILOT_CANARY: CanaryForm = {
  payload: JSON.stringify({
    sessionId: 'agent-guard-liveness',
    timestamp: 0,
    toolName: 'bash',
    toolArgs: JSON.stringify({ command: CANARY_COMMAND }),
    [CANARY_FIELD]: true,
  }),
  stops: ['"permissionDecision":"deny"'],
};

/** Codex's form: Claude Code's envelope with its turn_id; it reads Claude's reply (only its documented fields). */
export const CODEX_CANARY: CanaryForm = {
  payload: JSON.stringify({
    session_id: 'agent-guard-liveness',
    turn_id: 'agent-guard-liveness',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"permissionDecision":"deny"'],
};

/** Cursor's form: a preToolUse payload with its Shell tool; it reads its own reply (`permission`). */
export const CURSOR_CANARY: CanaryForm = {
  payload: JSON.stringify({
    hook_event_name: 'preToolUse',
    conversation_id: 'agent-guard-liveness',
    generation_id: 'agent-guard-liveness',
    tool_name: 'Shell',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"permission":"deny"'],
};

/** Qwen Code's form: Claude Code's envelope with its tool_call_id and Gemini's shell tool; it reads Claude's reply. */
export const QWEN_CANARY: CanaryForm = {
  payload: JSON.stringify({
    session_id: 'agent-guard-liveness',
    hook_event_name: 'PreToolUse',
    tool_call_id: 'agent-guard-liveness',
    tool_name: 'run_shell_command',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"permissionDecision":"deny"'],
};

/** droid's form: Claude Code's envelope with its shell tool, Execute; it reads Claude's reply. */
export const DROID_CANARY: CanaryForm = {
  payload: JSON.stringify({
    session_id: 'agent-guard-liveness',
    hook_event_name: 'PreToolUse',
    tool_name: 'Execute',
    tool_input: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['"permissionDecision":"deny"'],
};

/** Cline's form: its tool_call payload; what stops a call there is an overrideInput (never cancel, which ends the run); the hook rewrites the shell call, while the Cline program's own answer when the hook cannot run is a bare overrideInput (blocked unchecked). */
export const CLINE_CANARY: CanaryForm = {
  payload: JSON.stringify({
    clineVersion: 'agent-guard-liveness',
    hookName: 'tool_call',
    taskId: 'agent-guard-liveness',
    tool_call: { id: 'agent-guard-liveness', name: 'run_commands', input: { commands: [CANARY_COMMAND] } },
    [CANARY_FIELD]: true,
  }),
  stops: ['"overrideInput":{"commands"'],
};

/**
 * OpenCode's (and Kilo's) form: a plugin is code the host imports, not a command, so the check runs
 * PLUGIN_RUNNER: it imports the installed plugin, calls its `tool.execute.before` on this call as
 * OpenCode does, and prints the error it throws (how the plugin stops a call).
 */
export const PLUGIN_CANARY: CanaryForm = {
  payload: JSON.stringify({
    tool: 'bash',
    sessionID: 'agent-guard-liveness',
    callID: 'agent-guard-liveness',
    args: { command: CANARY_COMMAND },
    [CANARY_FIELD]: true,
  }),
  stops: ['{"thrown":'],
};

/** The command that runs a plugin on PLUGIN_CANARY (no single quote: it is one sh word). */
export function pluginRunner(file: string): string {
  const script = [
    `const c = JSON.parse(require("node:fs").readFileSync(0, "utf8"));`,
    `import(require("node:url").pathToFileURL(process.argv[1]).href).then(async (m) => {`,
    `const hooks = await m.default.server({ directory: process.cwd() });`,
    `try { await hooks["tool.execute.before"]({ tool: c.tool, sessionID: c.sessionID, callID: c.callID, ${CANARY_FIELD}: true }, { args: c.args }); }`,
    `catch (e) { process.stdout.write(JSON.stringify({ thrown: String(e && e.message) })); } })`,
  ].join(' ');
  return `node -e '${script}' "${file}"`;
}

/** One run of the hook command on the canary. */
export interface CanaryRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The command could not be started (ENOENT: no sh). */
  error?: string;
  /** Milliseconds from start to exit. */
  ms?: number;
}

export interface Liveness {
  /** The host would stop the canary: the guard runs. */
  guarded: boolean;
  /** Not run at all (status runs only what it can vouch for): neither proven nor refuted. */
  unproven?: boolean;
  /** Why, in one sentence part (for "NOT guarded: …" and status lines). */
  detail: string;
}

/** The first line of `text` that says something, without control characters, at most `max` characters. */
export function firstLine(text: string, max = 300): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = line.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** What a canary run says: stopped, or why not (the hook's own line first: it names the cause). */
export function judgeCanary(form: CanaryForm, run: CanaryRun): Liveness {
  if (run.error) return { guarded: false, detail: `the hook command could not be started (${run.error})` };
  if (run.status === null) return { guarded: false, detail: `the hook gave no answer within ${HOOK_LIMIT_SECONDS} s, so the host runs the call unchecked` };
  const stopped = form.stops.some((s) => run.stdout.includes(s));
  if (stopped && run.ms !== undefined && run.ms >= HOOK_LIMIT_SECONDS * 1000)
    return {
      guarded: false,
      detail: `the hook answered after ${Math.round(run.ms / 1000)} s; the host stops waiting after ${HOOK_LIMIT_SECONDS} s and then runs the call unchecked`,
    };
  if (stopped) return { guarded: true, detail: `the installed hook command denied a test call (${CANARY_COMMAND})` };
  const ours = run.stderr.split('\n').find((l) => l.startsWith('agent-guard:'));
  const said = ours ? firstLine(ours.replace(/^agent-guard:\s*/, '')) : firstLine(run.stderr);
  if (run.status === 2) return { guarded: false, detail: `every call is blocked unchecked: ${said || 'the hook exited 2'}` };
  if (said) return { guarded: false, detail: `it did not deny a test call (${CANARY_COMMAND}): ${said}` };
  return { guarded: false, detail: `it let a test call (${CANARY_COMMAND}) through (exit ${run.status}, no answer)` };
}

/** How long the session-start check waits for the hook on the canary: the host's limit, and time to say it was passed. */
export const CHECK_LIMIT_SECONDS = HOOK_LIMIT_SECONDS + 2;

/**
 * `perl -e WATCHDOG SECONDS CMD…`: runs CMD in a process group of its own (perl leads it) and, after
 * SECONDS, kills the whole group (exit 137); else exits as CMD did. timeout(1) where there is no GNU
 * one (macOS has none; uutils' cannot kill the group).
 */
const WATCHDOG =
  'setpgrp(0,0); my $p = fork; defined $p or exit 125; if (!$p) { exec @ARGV[1..$#ARGV] or exit 127 } ' +
  '$SIG{ALRM} = sub { kill "KILL", -$$ }; alarm $ARGV[0]; waitpid($p, 0); exit($? & 127 ? 128 + ($? & 127) : $? >> 8)';

/** Characters the session check keeps of the hook's output in its warning: safe in JSON, in every shell, in a terminal. */
const SAFE_CHARS = 'A-Za-z0-9 ._:/,()=+@~;!?#%*&-';

/**
 * The POSIX sh script of a session-start check: runs `hookCommand` (verbatim, in a subshell: its
 * `exit` ends only that) on the canary, and when the answer does not stop it, prints what
 * `warn` makes of `$d` (the hook's first line and its own `agent-guard:` line, reduced to
 * SAFE_CHARS). Silent when the guard runs. Needs only printf, sed, tr, cut and date.
 */
export function sessionCheckScript(hookCommand: string, form: CanaryForm, warn: (detail: string) => string): string {
  if (form.payload.includes("'")) throw new Error('the canary payload must not contain a single quote');
  const stops = form.stops.map((s) => `*'${s}'*`).join('|');
  return [
    `t=$(date +%s)`,
    // Bounded: a hook that never answers would otherwise outlast the host's own limit for this check,
    // which then ends it without a word, and the session would start unguarded in silence. The bound
    // must end the hook's whole process group at once, TERM or not (what the hook started keeps the
    // output open): GNU timeout with KILL does (it dies with the group: 137). uutils' timeout (Ubuntu's
    // from 25.10) does not: its KILL never reaches the group (it first sets SIGKILL to ignored, which
    // fails), so only GNU's is used. Else perl does it (WATCHDOG: macOS); with neither, unbounded.
    `case $(timeout --version 2>/dev/null) in *'GNU coreutils'*) set -- timeout -s KILL ${CHECK_LIMIT_SECONDS};; *) if perl -e 1 >/dev/null 2>&1; then set -- perl -e '${WATCHDOG}' ${CHECK_LIMIT_SECONDS}; else set --; fi;; esac`,
    // The capture takes the hook's output and errors, nothing of the bound's own (perl's warning that
    // the locale is not installed): fd 3 takes the capture past the bound, to the hook's stderr. Nor
    // does the check's stderr get the shell's note on the job the bound killed (dash: "Killed").
    `if [ $# -gt 0 ]; then o=$({ printf '%s' '${form.payload}' | "$@" sh -c 'exec 2>&3 3>&-; ${hookCommand.replace(/'/g, `'\\''`)}' 3>&1; } 2>/dev/null); else o=$({ printf '%s' '${form.payload}' | (${hookCommand}) 2>&1; } 2>/dev/null); fi`,
    `r=$?`,
    `s=$(($(date +%s) - t))`,
    // The bound's status (137, both bounds) only once its time is up: a hook that itself exits so
    // sooner (its node killed) says so itself. Whole seconds: a bound that fired counts at least the limit.
    `[ $r -eq 137 ] && [ "$s" -ge ${CHECK_LIMIT_SECONDS} ] && o="agent-guard: the hook gave no answer within ${CHECK_LIMIT_SECONDS} s, so the host runs every call unchecked"`,
    `case "$o" in ${stops}) [ "$s" -lt ${HOOK_LIMIT_SECONDS} ] && exit 0; o="the hook took $s s, longer than the ${HOOK_LIMIT_SECONDS} s the host waits";; esac`,
    `d=$(printf '%s\\n' "$o" | sed -n -e '1{p;d;}' -e '/^agent-guard:/{p;q;}' | tr '\\n' ' ' | sed -e 's/agent-guard: //g' -e 's/ *$//' | LC_ALL=C tr -cd '${SAFE_CHARS}' | cut -c1-400)`,
    `[ -n "$d" ] || d="it answered nothing (exit $r)"`,
    warn('$d'),
  ].join('; ');
}

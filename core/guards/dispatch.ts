// The dispatcher: one payload in, at most one verdict out. Silence means "no opinion"; it never
// says allow (that would override the user's own permission settings).

import { escapeControl } from '../terminal';
import { deadlineIn, OutOfTime, withDeadline, type Deadline } from '../work';
export { deadlineIn, type Deadline };
import { DEFAULT_CONFIG, MODE_STRENGTH, type GuardConfig, type Loosening } from '../config';
import { CONSENT_COMMAND } from '../consent';
import { MAX_CARRIED, MAX_INVOCATIONS, MAX_REDIRECTS } from '../shell/analyze';
import { MAX_HEREDOC_VARIABLES } from '../shell/expand';
import { MAX_COMMAND_LENGTH } from '../shell/walk-state';
import { MAX_COMMANDS, MAX_NESTING } from '../shell/parse';
import type { Limit } from '../shell/ast';
import { createContext, type FsProbe, type SharedAnswers } from './context';
import { MAX_CALLS_PER_PAYLOAD, normalizeCall, type Host } from './normalize';
import { claudeForm, DIALECTS, type HookAnswer } from './host-dialects';
import { MAX_PATCH, MAX_WALK } from './file-changes';
import { matchingException, type ExceptionScope } from './exception-match';
import type { GitRunner, Guard, ToolCall } from './types';
import type { OwnPlaces } from '../own-places';

export interface Verdict {
  decision: 'deny' | 'ask';
  guardId: string;
  reason: string;
  instead?: string;
}

export interface Evaluation {
  verdict: Verdict | null;
  /**
   * What guards in monitor mode would have denied or asked (the call goes on as if they had said
   * nothing; the hook logs these). Absent when there are none.
   */
  monitored?: Verdict[];
  /** One line each, for stderr: guard failures, unreadable input. Never secret values. */
  notes: string[];
  /** The call the verdict is about (the first one when there is no verdict). */
  call: ToolCall | null;
  host: Host;
}

export interface DispatchOptions {
  guards: readonly Guard[];
  home: string;
  /** Where the hook's environment puts its trust store, code cache and Claude Code's user folder; default: under home. */
  places?: OwnPlaces;
  /** CLAUDE_PROJECT_DIR, when the host sets it. */
  projectDir?: string;
  /** Used when the payload has no cwd. */
  fallbackCwd: string;
  config?: GuardConfig;
  /** The hook's internal deadline; past it the call is denied as unanalysable. */
  deadline?: Deadline;
  /**
   * How guards run git: createGitRunner (cli/git.ts), one per hook call. Without it guards get no
   * git at all (lint, the language server): the repo-aware ones say nothing.
   */
  git?: GitRunner;
  /** Told every file-system answer the guards got (see FsProbe): lint keeps verdicts across runs with it. */
  observe?: (probe: FsProbe) => void;
  /** Answers shared by many calls judged against one unchanged file system (a lint run): see createContext. */
  answers?: SharedAnswers;
  /**
   * How the guards read a file's text, when not from the disk as it is (lint: Agent Guard's own
   * installed hook, verified by its stamp, reads as what it is; see core/lint/own-hook.ts).
   */
  readText?: (path: string, maxBytes: number) => string | null;
  /**
   * The time of the call (the hook, the CLI): exceptions scoped to a session, a time or a branch are
   * then in force when they match. Without it (lint, the language server, which judge what files
   * will run in sessions to come) only exceptions without a scope apply.
   */
  now?: number;
  /** The host's session id (taken from the payload by evaluatePayload). */
  session?: string;
}

/**
 * 2,500 ms, injected by the build; only the bench's measuring copy of the hook
 * (dist/bench/hook.cjs) lifts it, so that no measured run (under valgrind, say) is cut short.
 */
export const HOOK_DEADLINE_MS: number = AGENT_GUARD_HOOK_DEADLINE_MS;

export function evaluatePayload(payload: unknown, opts: DispatchOptions): Evaluation {
  return withDeadline(expiredOf(opts.deadline), () => {
    try {
      return evaluatePayloadNow(payload, opts);
    } catch (err) {
      // The deadline passed while the payload was read (each call's own guards catch theirs).
      if (err instanceof OutOfTime) return { verdict: unanalysable('deadline'), notes: [], call: null, host: 'claude' };
      throw err;
    }
  });
}

const expiredOf = (deadline: Deadline | undefined) => (deadline ? () => deadline.expired() : undefined);

function evaluatePayloadNow(payload: unknown, opts: DispatchOptions): Evaluation {
  const config = opts.config ?? DEFAULT_CONFIG;
  const normalized = normalizeCall(payload, opts.fallbackCwd, opts.home);
  if (!normalized.ok) {
    const note = `agent-guard: ${normalized.problem}; no opinion`;
    return config.failMode === 'closed'
      ? failClosed(`unreadable tool call (${normalized.problem})`, [note])
      : { verdict: null, notes: [note], call: null, host: 'claude' };
  }
  if (normalized.limit) return { verdict: unanalysable(normalized.limit), notes: [], call: normalized.calls[0] ?? null, host: normalized.host };
  // A payload may hold several calls (a multi-file replace or a patch): a deny for any denies it all.
  const notes: string[] = [];
  const monitored: Verdict[] = [];
  let ask: Evaluation | null = null;
  const withGitNotes = () => (opts.git && opts.git.notes.length > 0 ? [...notes, ...opts.git.notes] : notes);
  const withMonitored = (e: Evaluation): Evaluation => {
    const { monitored: _, ...rest } = e;
    return monitored.length > 0 ? { ...rest, monitored } : rest;
  };
  for (const call of normalized.calls) {
    if (opts.deadline?.expired()) return withMonitored({ verdict: unanalysable('deadline'), notes, call, host: normalized.host });
    const e = evaluateCall(call, { ...opts, config, ...(opts.session === undefined ? sessionOf(payload) : {}) });
    notes.push(...e.notes);
    if (e.monitored) monitored.push(...e.monitored);
    if (e.verdict?.decision === 'deny') return withMonitored({ ...e, notes: withGitNotes(), host: normalized.host });
    if (e.verdict && !ask) ask = e;
  }
  if (ask) return withMonitored({ ...ask, notes: withGitNotes(), host: normalized.host });
  return withMonitored({ verdict: null, notes: withGitNotes(), call: normalized.calls[0] ?? null, host: normalized.host });
}

/** The session id the host sends (Claude Code: session_id; Copilot and VS Code: sessionId), or undefined. */
export function sessionId(payload: unknown): string | undefined {
  const p = payload as { session_id?: unknown; sessionId?: unknown } | null;
  const id = typeof p?.session_id === 'string' ? p.session_id : typeof p?.sessionId === 'string' ? p.sessionId : '';
  return id ? id.slice(0, 200) : undefined;
}

function sessionOf(payload: unknown): { session?: string } {
  const id = sessionId(payload);
  return id ? { session: id } : {};
}

const ordered = new WeakMap<readonly Guard[], Guard[]>();

/** Guards by priority (higher first), then by id, so verdicts never depend on file order. */
export function orderGuards(guards: readonly Guard[]): Guard[] {
  let o = ordered.get(guards);
  if (!o) {
    o = [...guards].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    ordered.set(guards, o);
  }
  return o;
}

export function evaluateCall(call: ToolCall, opts: DispatchOptions): Evaluation {
  return withDeadline(expiredOf(opts.deadline), () => evaluateCallNow(call, opts));
}

function evaluateCallNow(call: ToolCall, opts: DispatchOptions): Evaluation {
  const config = opts.config ?? DEFAULT_CONFIG;
  const ctx = createContext(call, {
    home: opts.home,
    ...(opts.places ? { places: opts.places } : {}),
    projectDir: opts.projectDir ?? call.cwd,
    config,
    deadline: opts.deadline,
    ...(opts.git ? { git: opts.git } : {}),
    ...(opts.observe ? { observe: opts.observe } : {}),
    ...(opts.answers ? { answers: opts.answers } : {}),
    ...(opts.readText ? { readText: opts.readText } : {}),
  });
  const notes: string[] = [];
  let ask: Verdict | null = null;
  let judged = false;
  let scope: ExceptionScope | undefined;
  const monitored: Verdict[] = [];
  const done = (e: Evaluation): Evaluation => (monitored.length > 0 ? { ...e, monitored } : e);
  for (const guard of orderGuards(opts.guards)) {
    if (!guard.tools.includes(call.tool) && !guard.tools.includes('*')) continue;
    const mode = config.guards[guard.id] ?? 'deny';
    if (mode === 'off') continue;
    judged = true;
    if (opts.deadline?.expired()) return { verdict: unanalysable('deadline'), notes, call, host: 'claude' };
    let denial: ReturnType<Guard['check']>;
    try {
      denial = guard.check(call, ctx);
    } catch (err) {
      // Out of time inside a guard's loops: what it had not yet looked at is unseen.
      if (err instanceof OutOfTime) return { verdict: unanalysable('deadline'), notes, call, host: 'claude' };
      // Out of stack on input the agent shaped (brackets, JSON or blocks nested thousands deep): a limit of
      // the analysis, not a broken guard. As "no opinion" it let a settings env entry beside the nesting run.
      if (isStackOverflow(err)) return { verdict: tooDeep(), notes, call, host: 'claude' };
      // A broken guard must not break the agent: no opinion, one line on stderr.
      notes.push(`agent-guard: guard ${guard.id} failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); no opinion`);
      if (config.failMode === 'closed') return { ...failClosed(`guard ${guard.id} failed while checking this call`, notes), call };
      continue;
    }
    if (!denial) continue;
    // A rule of another guard found by this one (a script's command): that guard's id and mode.
    const by = denial.by ?? guard.id;
    const byMode = by === guard.id ? mode : (config.guards[by] ?? mode);
    if (byMode === 'off') continue;
    const unseen = denial.unanalysable === true || by === 'unanalysable';
    // A standing permission from a person: this guard, this command (parsed), in force here and now.
    // Never for what the guard could not see: an exception names a command, not what it might do.
    scope ??= exceptionScope(opts, call);
    const allowed = unseen ? null : matchingException(config.exceptions, [guard.id, by], call, scope);
    if (allowed) {
      notes.push(`agent-guard: ${by} would deny this; allowed by an exception (${JSON.stringify(allowed.command)})`);
      continue;
    }
    // What the guard could not see is unanalysable, in every mode but off (like the analysis's own limits).
    const verdict: Verdict = unseen
      ? { decision: 'deny', guardId: 'unanalysable', reason: denial.reason }
      : { decision: byMode === 'ask' ? 'ask' : 'deny', guardId: by, reason: denial.reason };
    if (denial.instead) verdict.instead = denial.instead;
    // Configuration that would let this through but waits for the person's consent: say so, and how it is given.
    if (!unseen && config.unconsented) {
      const waiting = waitingFor(config, guard, by, byMode, call, opts, scope);
      if (waiting) verdict.reason = `${verdict.reason} ${waiting}`;
    }
    // Monitor mode: what the guard would have said is recorded, and the call goes on as if it had said nothing.
    if (!unseen && byMode === 'monitor') {
      monitored.push({ ...verdict, decision: denialDecision(by) });
      continue;
    }
    if (verdict.decision === 'deny') return done({ verdict, notes, call, host: 'claude' });
    ask ??= verdict;
  }
  // What the analysis could not see completely is denied, in every fail mode: a limit was hit, so
  // silence here would mean "allowed unseen". Specific denials above explain themselves first.
  if (judged && call.command !== null) {
    const limit = call.command.length > MAX_COMMAND_LENGTH ? 'size' : (ctx.shell().limit ?? (opts.deadline?.expired() ? 'deadline' : null));
    if (limit) return done({ verdict: unanalysable(limit, limit === 'code' ? ctx.shell().opaqueCode : null), notes, call, host: 'claude' });
  }
  // A guard that stopped early for the deadline (and said nothing) did not see the whole call.
  if (judged && opts.deadline?.expired()) return done({ verdict: unanalysable('deadline'), notes, call, host: 'claude' });
  return done({ verdict: ask, notes, call, host: 'claude' });
}

/**
 * What a guard in monitor mode would have said without it: its default mode's decision (ask for the
 * guards that ask by design, deny otherwise).
 */
function denialDecision(id: string): 'deny' | 'ask' {
  return DEFAULT_CONFIG.guards[id] === 'ask' ? 'ask' : 'deny';
}

/** The scope scoped exceptions are checked against: only where the caller gave the time of the call. */
function exceptionScope(opts: DispatchOptions, call: ToolCall): ExceptionScope | undefined {
  if (opts.now === undefined) return undefined;
  let branch: string | null | undefined;
  return {
    ...(opts.session ? { session: opts.session } : {}),
    now: opts.now,
    branch: () => {
      if (branch === undefined) {
        const r = opts.git?.run(['symbolic-ref', '--quiet', '--short', 'HEAD'], opts.projectDir ?? call.cwd);
        branch = r?.ok ? r.stdout.trim() || null : null;
      }
      return branch;
    },
  };
}

/**
 * When entries of the workspace's configuration that wait for consent would let this denial
 * through: one sentence naming them and the command that gives consent (or, when consent comes from
 * a base revision, that they apply once merged). Null when none would.
 */
function waitingFor(
  config: GuardConfig,
  guard: Guard,
  by: string,
  byMode: string,
  call: ToolCall,
  opts: DispatchOptions,
  scope: ExceptionScope | undefined,
): string | null {
  const u = config.unconsented!;
  const loose = u.loosened;
  const strength = (m: string | undefined) => MODE_STRENGTH[m ?? 'deny'] ?? MODE_STRENGTH.deny!;
  let why: Loosening[] = [];
  const modeItem = (id: string) => u.items.filter((i) => i.path[0] === 'guards' && i.guard === id);
  // Off, or monitor (the call would run and be logged).
  if (strength(loose.guards[guard.id]) <= MODE_STRENGTH.monitor!) why = modeItem(guard.id);
  else if (strength(loose.guards[by]) < strength(byMode)) why = modeItem(by);
  else if (matchingException(loose.exceptions, [guard.id, by], call, scope))
    why = u.items.filter((i) => i.path[0] === 'exceptions' && (i.guard === guard.id || i.guard === by));
  else {
    // An option (a write root, a branch no longer protected, a key host): the guard under the loosened options.
    const options = u.items.filter((i) => i.path[0] !== 'guards' && i.path[0] !== 'exceptions');
    if (options.length === 0) return null;
    let again: ReturnType<Guard['check']>;
    try {
      again = guard.check(
        call,
        createContext(call, {
          home: opts.home,
          ...(opts.places ? { places: opts.places } : {}),
          projectDir: opts.projectDir ?? call.cwd,
          config: loose,
          deadline: opts.deadline,
          ...(opts.git ? { git: opts.git } : {}),
        }),
      );
    } catch {
      return null;
    }
    if (again && (again.by ?? guard.id) === by) return null;
    why = options;
  }
  if (why.length === 0) return null;
  const files = [...new Set(why.map((i) => (i.source === 'team' ? '.claude/agent-guard.json' : '.claude/agent-guard/local.json')))].join(' and ');
  const what = why
    .slice(0, 3)
    .map((i) => i.what)
    .join('; ');
  const more = why.length > 3 ? `; and ${why.length - 3} more` : '';
  return u.base
    ? `(This change's ${files} would let it through (${what}${more}), but configuration that loosens the guard applies only once it is merged: ${u.base}'s configuration applies here.)`
    : `(${files} would let it through (${what}${more}), but configuration that loosens the guard applies only with the user's consent, and it has not been given. Only the user can give it: they review ${files} and run ${CONSENT_COMMAND}.)`;
}

const LIMIT_TEXT: Record<Limit, string> = {
  nesting: `it nests substitutions, subshells or groups more than ${MAX_NESTING} levels deep, or wrappers more than 64`,
  commands: `it has more than ${MAX_COMMANDS} commands`,
  invocations: `it runs more than ${MAX_INVOCATIONS} programs`,
  size: `it is longer than ${MAX_COMMAND_LENGTH / 1024} KiB`,
  translation: 'part of its PowerShell or cmd.exe syntax could not be translated',
  deadline: "checking it took longer than the guard's time limit",
  calls: `the payload holds more than ${MAX_CALLS_PER_PAYLOAD} file changes, or a patch larger than the guards read`,
  failure: 'the analysis failed on it (please report this with `agent-guard explain`)',
  computed: 'a program name or a script in it is computed only when it runs ($cmd …, eval "$X", sh -c "$(…)")',
  files: `it changes files through find over more than ${MAX_WALK} entries, or applies a patch file larger than ${MAX_PATCH / 1024} KiB, and the guards read no further`,
  redirects: `one of its commands has more than ${MAX_REDIRECTS} redirections in force, a heredoc expands more than ${MAX_HEREDOC_VARIABLES} different variables, or its commands carry more than ${MAX_CARRIED} redirections and heredoc variables in all`,
  code: 'it runs interpreter code that reaches a dangerous operation (running a command, evaluating code, loading a module or native code, deleting a tree) with a value computed at run time',
};

/** Why the analysis is incomplete, in words ("it nests substitutions … more than 12 levels deep"). */
export function describeLimit(limit: Limit): string {
  return LIMIT_TEXT[limit];
}

/** What to do instead, per limit. */
const REPHRASE: Partial<Record<Limit, string>> = {
  calls: 'Apply the change in smaller parts, a few files per call.',
  files: 'Start find in a smaller folder or give it -maxdepth, or name the files; apply a large patch in parts.',
  computed: 'Write the program and its arguments out literally; for a script, write it to a file with the Write tool and run it (bash script.sh).',
  code: 'Write the command, code or path as a literal string in the code (pass values in as arguments: sys.argv, process.argv, ARGV, not by building the code from shell variables), or run the command as a shell command the guard can read.',
};

/** The verdict for a call the analysis could not see completely; `detail` says what, when the analysis knows. */
export function unanalysable(limit: Limit, detail?: string | null): Verdict {
  const rephrase =
    REPHRASE[limit] ??
    'Split it into smaller commands, or write a script with the Write tool and run it (bash script.sh); pass large data through a file instead of the command line.';
  const why = detail ? `its ${detail}` : LIMIT_TEXT[limit];
  return {
    decision: 'deny',
    guardId: 'unanalysable',
    reason: `Agent Guard cannot check this ${limit === 'calls' ? 'tool call' : 'command'} completely: ${why}, so what it would do cannot be seen and it is not run. ${rephrase}`,
  };
}

function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}

function tooDeep(): Verdict {
  return {
    decision: 'deny',
    guardId: 'unanalysable',
    reason:
      'Agent Guard cannot check this tool call completely: its input nests deeper than the guards can follow (brackets, JSON or blocks thousands of levels deep), so what it would do cannot be seen and it is not run. Write the data with less nesting, or in smaller parts.',
  };
}

function failClosed(what: string, notes: string[]): Evaluation {
  return {
    verdict: {
      decision: 'deny',
      guardId: 'fail-closed',
      reason: `Agent Guard could not check this call: ${what}, and failMode is "closed". Ask the user to look at the Agent Guard output, or to set failMode to "open" in .claude/agent-guard.json.`,
    },
    notes,
    call: null,
    host: 'claude',
  };
}

/** The text the agent reads: what is wrong, what to do instead, which guard said so. */
export function reasonText(v: Verdict): string {
  const instead = v.instead ? ` Instead, run: ${v.instead}` : '';
  return `${v.reason}${instead} [agent-guard: ${v.guardId}]`;
}

/** The PreToolUse JSON for a verdict (Claude Code's form, which VS Code's agent honours too). */
export function hookOutput(v: Verdict): string {
  return JSON.stringify(claudeForm(v.decision, reasonText(v)));
}

/**
 * The reply in the form the host honours (its row in host-dialects.ts, as the real CLIs showed in
 * test/real-hosts). An "ask" is a deny where the host has no ask. Never an allow.
 */
export function hookReply(host: Host, v: Verdict, tool: string | null = null): HookAnswer {
  // Each host shows the reason in its terminal as well as to the model: quoted commands keep no raw controls.
  return DIALECTS[host].reply(v, escapeControl(reasonText(v), 'text'), tool);
}

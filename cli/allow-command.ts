// agent-guard allow [--guard id] [--for session|hour|branch] [--team] "<command>": a standing
// permission from a person. Writes one exception (that guard, that command as parsed, maybe only
// for a session, an hour or a branch) to the person's own .claude/agent-guard/local.json (git-
// ignored), or with --team to .claude/agent-guard.json, and records the person's consent to it as
// it writes (core/consent.ts). Before writing it shows which recent blocked calls it would have let
// through. A denial in the catastrophic class (Guard.catastrophic) is allowed only in a terminal,
// with the exact command typed back. The agent cannot run this itself (guard-tamper denies it).

import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import guards from 'agent-guard:guards';
import { evaluatePayload, type Verdict } from '../core/guards/dispatch';
import { CONFIG_FILES, loadConfig } from '../core/guards/load-config';
import type { ConfigSource, GuardException } from '../core/config';
import { addException } from '../core/exceptions';
import { exceptionKey } from '../core/consent';
import { blockedOnly, readDecisions, type LogEntry } from '../core/guards/decision-log';
import { wouldHaveAllowed } from '../core/guards/exception-match';
import { sameCommand } from '../core/shell/canonical';
import { homeDirectory, normalizePath } from '../core/paths';
import { UnsafePathError } from '../core/state-dir';
import { recordConsent, storePath, trustFile, TrustWriteError } from '../core/trust';
import { escapeControl } from '../core/terminal';
import { readConfigText, writeConfigText } from './config-write';
import { createGitRunner } from './git';
import { typedBack } from './typed-back';

export type AllowScope = 'always' | 'session' | 'hour' | 'branch';
export const ALLOW_SCOPES: readonly AllowScope[] = ['always', 'session', 'hour', 'branch'];

/** The guards whose denials are in the catastrophic class: no exception without the command typed back. */
export const CATASTROPHIC = new Set(guards.filter((g) => g.catastrophic).map((g) => g.id));

/** The verdict on a command in a workspace, as the hook would give it now (config, consent and exceptions included). */
export function verdictHere(
  command: string,
  workspace: string,
  { withExceptions = true, session }: { withExceptions?: boolean; session?: string } = {},
): Verdict | null {
  const home = homeDirectory(process.env, homedir);
  const loaded = loadConfig(workspace).config;
  const config = withExceptions ? loaded : { ...loaded, exceptions: [] };
  return evaluatePayload(
    { tool_name: 'Bash', tool_input: { command }, cwd: workspace, ...(session ? { session_id: session } : {}) },
    { guards, home, projectDir: workspace, fallbackCwd: workspace, config, git: createGitRunner({ projectDir: workspace }), now: Date.now() },
  ).verdict;
}

export interface AllowRequest {
  command: string;
  workspace: string;
  /** The guard the person expects (refused when another one denies). */
  guard?: string;
  /** Where it applies: always (default), this agent session, an hour, this branch. */
  scope?: AllowScope;
  /** For scope "session": the session id (default: the newest blocked call of this command that names one). */
  session?: string;
  /** Write the team's .claude/agent-guard.json instead of the person's local file. */
  team?: boolean;
  /** The person typed the command back in a terminal: needed for the catastrophic class. */
  typedBack?: boolean;
  now?: Date;
}

export interface AllowPlan {
  ok: boolean;
  message: string;
  /** The exception that would be written, and where. */
  exception?: GuardException;
  source?: ConfigSource;
  /** The guard's denials are in the catastrophic class. */
  catastrophic?: boolean;
  /** Recent blocked calls it would have let through (from the decision log). */
  preview?: LogEntry[];
}

/** What `allow` would write, after checking that a guard really denies this command here; nothing is written. */
export function planAllow(req: AllowRequest): AllowPlan {
  const { command, workspace } = req;
  const now = req.now ?? new Date();
  const v = verdictHere(command, workspace, { withExceptions: false });
  if (!v) return { ok: false, message: `no guard denies "${command}" in ${workspace}; nothing to allow` };
  if (v.guardId === 'unanalysable')
    return { ok: false, message: `"${command}" cannot be analysed completely (${v.reason}); it cannot be allowed, rephrase it instead` };
  if (req.guard && req.guard !== v.guardId) return { ok: false, message: `"${command}" is denied by ${v.guardId}, not ${req.guard}` };
  const log = blockedOnly(readDecisions(workspace, 200));
  const x: GuardException = { guard: v.guardId, command, added: now.toISOString().slice(0, 10) };
  const scope = req.scope ?? 'always';
  if (scope === 'hour') x.until = new Date(now.getTime() + 60 * 60 * 1000).toISOString();
  if (scope === 'branch') {
    const r = createGitRunner({ projectDir: workspace }).run(['symbolic-ref', '--quiet', '--short', 'HEAD'], workspace);
    const branch = r?.ok ? r.stdout.trim() : '';
    if (!branch)
      return { ok: false, message: `${workspace} has no branch checked out (not a git repository, or a detached HEAD); use --for hour or --for session` };
    x.branch = branch;
  }
  if (scope === 'session') {
    const session =
      req.session ?? [...log].reverse().find((e) => e.session && e.guard === v.guardId && sameCommand(command, e.target, e.tool !== 'PowerShell'))?.session;
    if (!session)
      return {
        ok: false,
        message: `no blocked call of "${command}" in ${workspace}'s decision log names an agent session, so "this session" is unknown; use --for hour`,
      };
    x.session = session;
  }
  return {
    ok: true,
    message: '',
    exception: x,
    source: req.team ? 'team' : 'local',
    catastrophic: CATASTROPHIC.has(v.guardId),
    preview: wouldHaveAllowed(log, x),
  };
}

/** Adds the exception (checked by planAllow) and records the person's consent to it. */
export function allowHere(req: AllowRequest): AllowPlan {
  const plan = planAllow(req);
  if (!plan.ok || !plan.exception || !plan.source) return plan;
  const x = plan.exception;
  if (plan.catastrophic && !req.typedBack)
    return {
      ...plan,
      ok: false,
      message: `${x.guard} denies "${req.command}", and its denials are in the catastrophic class: an exception for one is given only in a terminal, with the command typed back. Run there: agent-guard allow ${shellQuote(req.command)}`,
    };
  const { workspace } = req;
  const rel = CONFIG_FILES[plan.source];
  let notes: string[] = [];
  let added: boolean;
  try {
    const r = addException(readConfigText(workspace, plan.source), x, (req.now ?? new Date()).getTime(), rel);
    if (!r.ok) return { ...plan, ok: false, message: r.error! };
    added = r.added!;
    if (added) notes = writeConfigText(workspace, plan.source, r.text!);
    // The person's own write is consented as it is written (on this machine; teammates consent with agent-guard trust).
    recordConsent(trustFile(), [{ file: storePath(workspace, rel), add: [exceptionKey(x)] }]);
  } catch (err) {
    if (err instanceof UnsafePathError || err instanceof TrustWriteError) return { ...plan, ok: false, message: `not written: ${err.message}` };
    throw err;
  }
  const still = verdictHere(req.command, workspace, x.session ? { session: x.session } : {});
  const rest = still ? ` It is still denied by ${still.guardId}: ${still.reason}` : '';
  const where =
    plan.source === 'local'
      ? `${rel}, yours only: git-ignored`
      : `${rel}, shared with the team: each teammate's hook applies it once they consent with agent-guard trust`;
  return {
    ...plan,
    message: `${added ? 'allowed' : 'already allowed'}: ${x.guard} lets exactly "${req.command}" through ${describeScope(x)} (${where}; remove the entry to undo).${rest}${notes.map((n) => `\nnote: ${n}`).join('')}`,
  };
}

export function describeScope(x: GuardException): string {
  if (x.session) return `in agent session ${x.session} only`;
  if (x.until) return `until ${x.until}`;
  if (x.branch) return `on branch ${x.branch} only`;
  return 'in this workspace';
}

/** The lines a person reads before an exception is written: which recent blocked calls it would have let through. */
export function previewLines(preview: readonly LogEntry[]): string[] {
  if (preview.length === 0) return ['It would have let through none of the blocked calls recorded here.'];
  return [
    `It would have let through ${preview.length} of the blocked calls recorded here:`,
    ...preview.slice(-5).map((e) => `  ${e.time}  ${e.tool}  ${e.target.replace(/\s+/g, ' ').slice(0, 100)}`),
  ];
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export async function runAllow(rest: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { guard: { type: 'string' }, cwd: { type: 'string' }, for: { type: 'string' }, session: { type: 'string' }, team: { type: 'boolean' } },
  });
  if (positionals.length !== 1)
    throw Object.assign(
      new Error(
        'allow needs one command, in quotes: agent-guard allow [--guard id] [--for session|hour|branch] [--team] [--cwd dir] "git push --force origin main"',
      ),
      { code: 'ERR_PARSE_ARGS_USAGE' },
    );
  const scope = (values.for ?? 'always') as AllowScope;
  if (!ALLOW_SCOPES.includes(scope))
    throw Object.assign(new Error(`--for takes session, hour or branch (got "${values.for}")`), { code: 'ERR_PARSE_ARGS_USAGE' });
  const req: AllowRequest = {
    command: positionals[0]!,
    workspace: normalizePath(resolve(values.cwd ?? process.cwd())),
    ...(values.guard ? { guard: values.guard } : {}),
    scope,
    ...(values.session ? { session: values.session } : {}),
    team: values.team ?? false,
  };
  const out = (line: string) => process.stdout.write(`${escapeControl(line, 'text')}\n`);
  const fail = (line: string) => {
    process.stderr.write(`agent-guard: ${escapeControl(line, 'text')}\n`);
    return 1;
  };
  const plan = planAllow(req);
  if (!plan.ok) return fail(plan.message);
  for (const l of previewLines(plan.preview ?? [])) out(l);
  if (plan.catastrophic) {
    // The floor: only a person at a terminal, who typed the command again.
    if (!process.stdin.isTTY)
      return fail(
        `${plan.exception!.guard} denies this, and its denials are in the catastrophic class: an exception for one is given only in a terminal, with the command typed back (stdin is not a terminal here)`,
      );
    const ok = await typedBack(
      req.command,
      `${plan.exception!.guard} stops this because it can do damage that cannot be undone. To allow it anyway, type the command again exactly:\n> `,
    );
    if (!ok) return fail('what was typed is not the command; nothing was allowed');
    req.typedBack = true;
  }
  const r = allowHere(req);
  if (!r.ok) return fail(r.message);
  out(r.message);
  return 0;
}

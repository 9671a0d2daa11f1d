// Which standing exception (core/config.ts "exceptions") lets a denied call through. An exception
// names a guard and a command, matched by the command's parsed form (core/shell/canonical.ts: other
// blanks or quoting that leaves the argv unchanged match; anything else does not), and may be
// scoped the way people bend a rule safely: one agent session, until a time, one branch.

import type { GuardException } from '../config';
import { sameCommand } from '../shell/canonical';
import type { ToolCall } from './types';

/**
 * What a scoped exception is checked against. Without a scope (lint, the language server: what a
 * file will run in sessions to come) only exceptions without session, time or branch apply.
 */
export interface ExceptionScope {
  /** The host's session id of this call, when it sends one. */
  session?: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** The branch checked out in the project (read once, only when an exception names a branch); null: unknown. */
  branch: () => string | null;
}

/** Whether an exception is in force for this call (its scope, not its command). */
export function inForce(x: GuardException, scope: ExceptionScope | undefined): boolean {
  if (!x.session && !x.until && !x.branch) return true;
  if (!scope) return false;
  if (x.session && x.session !== scope.session) return false;
  if (x.until && !(Date.parse(x.until) > scope.now)) return false;
  if (x.branch && x.branch !== scope.branch()) return false;
  return true;
}

/** The exception for one of `guards` that lets this call's command through, or null. */
export function matchingException(
  exceptions: readonly GuardException[],
  guards: readonly string[],
  call: Pick<ToolCall, 'tool' | 'command'>,
  scope: ExceptionScope | undefined,
): GuardException | null {
  const command = call.command;
  if (command === null) return null;
  const shell = call.tool !== 'PowerShell';
  for (const x of exceptions) if (guards.includes(x.guard) && sameCommand(x.command, command, shell) && inForce(x, scope)) return x;
  return null;
}

/** A blocked call as the decision log keeps it (core/guards/decision-log.ts LogEntry). */
interface Logged {
  tool: string;
  guard: string;
  target: string;
  session?: string;
}

/**
 * The logged blocked calls an exception would have let through: its guard, its command (parsed),
 * and its session when it names one. For the allow flow's preview, newest last, as the log lists them.
 */
export function wouldHaveAllowed<T extends Logged>(entries: readonly T[], x: GuardException): T[] {
  return entries.filter((e) => e.guard === x.guard && (!x.session || e.session === x.session) && sameCommand(x.command, e.target, e.tool !== 'PowerShell'));
}

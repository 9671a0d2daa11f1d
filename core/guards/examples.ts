// Runs guard examples through the whole guard set: the contract every guard is held to, by
// `npm test` for the built-in guards and by `agent-guard test` for a workspace's own guards.

import { buildFixture } from './fixture';
import { evaluatePayload, type Evaluation } from './dispatch';
import { interactiveProblem } from './interactive';
import type { GuardConfig } from '../config';
import type { GitRunner, Guard, GuardExample } from './types';

/** Where built-in examples run: they are written for this home and project (no such folders need to exist). */
export const REFERENCE_HOME = '/home/user';
export const REFERENCE_PROJECT = '/home/user/project';

export interface ExampleEnvironment {
  guards: readonly Guard[];
  home: string;
  /** Where examples without a fixture run. */
  defaultCwd: string;
  config?: GuardConfig;
  /** A fresh git runner for one call in this project (cli/git.ts createGitRunner); none: no git. */
  git?: (projectDir: string) => GitRunner;
}

export interface ExampleRun {
  evaluation: Evaluation;
  cwd: string;
  projectDir: string;
}

export interface ExampleResult {
  guard: string;
  kind: 'blocked' | 'allowed' | 'count';
  example: string;
  ok: boolean;
  problem?: string;
}

const fixtureCache = new Map<string, string>();

export function exampleCwd(example: GuardExample, defaultCwd: string): string {
  if (!example.fixture) return example.cwd ?? defaultCwd;
  const key = JSON.stringify(example.fixture);
  let root = fixtureCache.get(key);
  if (!root) {
    root = buildFixture(example.fixture);
    fixtureCache.set(key, root);
  }
  return example.cwd ? `${root}/${example.cwd}` : root;
}

export function evaluateAt(env: ExampleEnvironment, tool: string, input: Record<string, unknown>, cwd: string, projectDir: string): ExampleRun {
  const payload = { hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd };
  const evaluation = evaluatePayload(payload, {
    guards: env.guards,
    home: env.home,
    projectDir,
    fallbackCwd: env.defaultCwd,
    ...(env.config ? { config: env.config } : {}),
    ...(env.git ? { git: env.git(projectDir) } : {}),
  });
  return { evaluation, cwd, projectDir };
}

/** Like the hook without CLAUDE_PROJECT_DIR: the project is where the call starts (a fixture's root). */
export function evaluateExample(env: ExampleEnvironment, example: GuardExample): ExampleRun {
  const cwd = exampleCwd(example, env.defaultCwd);
  const projectDir = example.fixture ? exampleCwd({ ...example, cwd: undefined }, env.defaultCwd) : cwd;
  return evaluateAt(env, example.tool_name, example.tool_input, cwd, projectDir);
}

export function describeExample(example: GuardExample): string {
  const input = typeof example.tool_input.command === 'string' ? String(example.tool_input.command) : JSON.stringify(example.tool_input);
  const text = input.length > 90 ? `${input.slice(0, 87)}...` : input;
  return `${example.tool_name}: ${text.replace(/\n/g, '⏎')}${example.fixture ? ' (in a fixture repo)' : ''}`;
}

/** A blocked example: denied by this guard, and the suggested alternative passes the whole set. */
export function checkBlocked(env: ExampleEnvironment, guard: Guard, example: GuardExample): ExampleResult {
  const base = { guard: guard.id, kind: 'blocked' as const, example: describeExample(example) };
  const { evaluation, cwd, projectDir } = evaluateExample(env, example);
  const v = evaluation.verdict;
  if (!v)
    return {
      ...base,
      ok: false,
      problem: `expected a deny from ${guard.id}${example.note ? ` (${example.note})` : ''}, got no opinion${evaluation.notes.length ? `; ${evaluation.notes.join('; ')}` : ''}`,
    };
  if (v.guardId !== guard.id) return { ...base, ok: false, problem: `denied by ${v.guardId} instead: ${v.reason}` };
  if (v.instead) {
    const again = evaluateAt(env, 'Bash', { command: v.instead }, cwd, projectDir).evaluation.verdict;
    if (again) return { ...base, ok: false, problem: `the suggested alternative "${v.instead}" is itself denied by ${again.guardId}: ${again.reason}` };
    const person = interactiveProblem(v.instead, env.home, cwd);
    if (person) return { ...base, ok: false, problem: `the suggested alternative "${v.instead}" needs a person at the keyboard: ${person}` };
  }
  return { ...base, ok: true };
}

/** An allowed example: no guard in the set objects. */
export function checkAllowed(env: ExampleEnvironment, guard: Guard, example: GuardExample): ExampleResult {
  const base = { guard: guard.id, kind: 'allowed' as const, example: describeExample(example) };
  const { evaluation } = evaluateExample(env, example);
  const v = evaluation.verdict;
  if (v) return { ...base, ok: false, problem: `denied by ${v.guardId}: ${v.reason}${example.note ? ` (example: ${example.note})` : ''}` };
  if (evaluation.notes.length > 0) return { ...base, ok: false, problem: evaluation.notes.join('; ') };
  return { ...base, ok: true };
}

export function checkGuard(env: ExampleEnvironment, guard: Guard): ExampleResult[] {
  const results: ExampleResult[] = [];
  const { blocked, allowed } = guard.examples;
  if (blocked.length < 3 || allowed.length < 3) {
    results.push({
      guard: guard.id,
      kind: 'count',
      example: '',
      ok: false,
      problem: `needs at least 3 blocked and 3 allowed examples (has ${blocked.length} and ${allowed.length})`,
    });
  }
  for (const e of blocked) results.push(checkBlocked(env, guard, e));
  for (const e of allowed) results.push(checkAllowed(env, guard, e));
  return results;
}

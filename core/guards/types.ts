// The contract between the dispatcher and a guard. A guard is one file in guards/ that
// default-exports `defineGuard({...})`; the build discovers it (see scripts/build.mjs).

import type { ShellAnalysis } from '../shell/model';
import type { GuardConfig } from '../config';
import type { OwnPlaces } from '../own-places';

/** A tool call, normalised so that guards never see host-specific spellings. */
export interface ToolCall {
  /** Canonical tool name: Bash, PowerShell, Monitor, Read, Write, Edit, MultiEdit, NotebookEdit, Grep, Glob, … */
  tool: string;
  input: Record<string, unknown>;
  /** Absolute working directory, forward slashes. */
  cwd: string;
  /** The command for Bash, PowerShell and Monitor. */
  command: string | null;
  /** The absolute, normalised path for file tools (Read, Write, Edit, MultiEdit, NotebookEdit, Grep/Glob `path`). */
  path: string | null;
  /** Text replacements for Edit/MultiEdit; Write and NotebookEdit are a replacement of the whole file. */
  edits: { oldText: string; newText: string }[] | null;
}

export interface Denial {
  /** What is wrong and why it matters. The dispatcher adds the guard id. */
  reason: string;
  /** A concrete command to run instead, when there is one. It must pass the whole guard set. */
  instead?: string;
  /**
   * The guard whose rule this is, when a guard judged text that runs elsewhere with another guard's
   * rule (script-contents finding `rm -rf ~` in a make recipe: rm-catastrophic), or 'unanalysable'.
   * The verdict names it, and it is that guard's mode (off, ask, deny) that applies. Default: the guard itself.
   */
  by?: string;
  /**
   * The guard could not see what decides (a list of paths in a file it cannot read): reported as
   * unanalysable, in every mode but off, like the analysis's own limits.
   */
  unanalysable?: true;
}

export interface GitResult {
  ok: boolean;
  stdout: string;
}

/**
 * Runs git for the guards of one hook call. The only implementation is cli/git.ts
 * (createGitRunner), which neutralises repository config and shares one time budget; the hook,
 * `agent-guard explain` and the extension's "Check a Command" pass one in. Lint and the language
 * server pass none, so there `ctx.git` is always null (unknown) and nothing from the workspace runs.
 */
export interface GitRunner {
  /** null: unknown (no git, refused, outside the project, timed out, budget spent). */
  run(args: string[], cwd: string): GitResult | null;
  /** One line each for stderr (a timeout, a spent budget, a refused subcommand). */
  readonly notes: readonly string[];
  /** True once git timed out or the budget ran out: every later call is unknown. */
  readonly spent: boolean;
}

export interface GuardContext {
  home: string;
  /** Where the hook's environment puts the trust store, the code cache and Claude Code's user folder (core/own-places.ts). */
  places: OwnPlaces;
  /** The project root: CLAUDE_PROJECT_DIR when set, else the call's cwd. */
  projectDir: string;
  config: GuardConfig;
  /** The shell analysis of `call.command` (computed once per call, on first use). */
  shell(): ShellAnalysis;
  /**
   * Runs git in `cwd` (default: the call's cwd) through the hardened runner: only the read-only
   * subcommands cli/git.ts allows (rev-parse, symbolic-ref, ls-files; never status, diff or log).
   * null means unknown (no runner, as in lint and the language server; no git; slow; refused):
   * a guard then says nothing.
   */
  git(args: string[], cwd?: string): GitResult | null;
  /** Reads a text file (up to maxBytes); null when missing or unreadable. */
  readText(path: string, maxBytes?: number): string | null;
  exists(path: string): boolean;
  /** Where a write to `path` lands once the links of its existing components are followed. */
  realpath(path: string): string;
  /** Entry names of a directory; [] when unreadable. */
  listDir(path: string): readonly string[];
}

/** An example tool call. Relative paths are resolved against cwd, like the dispatcher does. */
export interface GuardExample {
  tool_name: string;
  tool_input: Record<string, unknown>;
  /** Absolute cwd, or relative to the fixture root. Default: the fixture root, or /home/user/project. */
  cwd?: string;
  /** A scratch git repository the test builds for this example. */
  fixture?: Fixture;
  /** Why this example matters (shown when it fails). */
  note?: string;
}

export interface Fixture {
  /** Files committed to git. */
  committed?: Record<string, string>;
  /** Files written but not committed. */
  untracked?: Record<string, string>;
  /** Branch to be on (default main). */
  branch?: string;
}

export interface Guard {
  id: string;
  title: string;
  /** The concrete thing that breaks when nobody watches. */
  prevents: string;
  /** Tool names the guard inspects. */
  tools: readonly string[];
  check(call: ToolCall, ctx: GuardContext): Denial | null;
  /** Higher runs first (default 0). A broad guard (sudo) runs after the specific ones, so the reason names the real danger. */
  priority?: number;
  /**
   * Its denials are in the catastrophic class (deleting root, home or the project, destroying a disk
   * or the system, running code from the network, sending secrets away): the floor under exceptions.
   * The editor offers no one-click "Allow" for them, and `agent-guard allow` and `agent-guard trust`
   * want the exact command (or the guard's id) typed back in a terminal.
   */
  catastrophic?: true;
  examples: { blocked: GuardExample[]; allowed: GuardExample[] };
}

export function defineGuard(guard: Guard): Guard {
  return guard;
}

/**
 * The tools whose input is a shell command (`call.command`): every host's shell tool is mapped onto
 * one of these by normalize.ts (VS Code's run_in_terminal, Gemini's run_shell_command, … → Bash).
 * A guard that reads `ctx.shell()` lists them all (`tools: [...SHELL_TOOLS]`), so a new shell tool
 * reaches every shell guard at once; test/guard-contracts.test.ts checks it.
 */
export const SHELL_TOOLS = ['Bash', 'PowerShell', 'Monitor'] as const;

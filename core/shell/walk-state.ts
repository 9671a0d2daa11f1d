// The state the walk of a command line carries (variables, functions, aliases, the working folder,
// the environment it runs in) and the shared budget of one analysis: the types every stage of
// analyze.ts, expansion included, reads and writes.

import type { Scope } from './scope';
import type { Command, Limit, Script } from './ast';
import type { Budget } from './parse';
import { OPAQUE, UNKNOWN, type EvaluatedRedirect, type Invocation, type Possibility, type ShellAnalysis, type Value } from './model';

/** The VarValue of a variable the model cannot compute (see UNKNOWN). */
export function unknownVar(because: string): VarValue {
  return { known: null, ifUnset: OPAQUE, possible: [{ text: UNKNOWN, because: [because], unset: [] }] };
}

/** Longest command line analysed; past it the line is cut there and unanalysable ('size'). */
export const MAX_COMMAND_LENGTH = 256 * 1024;

export const MAX_PATH = 4096;

/** Plausible values kept per word: enough for a few opaque parts, bounded so evaluation stays linear. */
export const MAX_POSSIBLE = 16;

export interface VarValue {
  known: string | null;
  ifUnset: string;
  /** When known is null: what it can plausibly be (see Value.possible). */
  possible?: Possibility[];
  /** For NAME=( … ): the elements (known is then "${NAME[*]}"). */
  array?: Value[];
  /** `declare -n NAME=OTHER`: a reference; reads and writes of NAME are of OTHER. */
  ref?: string;
  /** `for f in .env*`: the value is a file the pattern matches, so "$f" is that glob, quoted or not. */
  glob?: true;
}

export interface State {
  cwd: string | null;
  /** The directory before the last cd (`~-`, `cd -`); null when unknown. */
  oldCwd: string | null;
  vars: Scope<VarValue>;
  /** $0 $1 … inside a function body or a `sh -c '…' arg0 args` script; null at the top level. */
  params: Value[] | null;
  /** Functions and aliases defined earlier on the line: their bodies run where they are called. */
  functions: Scope<Command>;
  aliases: Scope<string>;
  /** `set -x` / `set -v` in force: every command and assignment is printed with its values. */
  xtrace: boolean;
  /** Running in another environment (see Invocation.elsewhere), with the host paths it mounts. */
  elsewhere?: string;
  container?: true;
  mounts?: Mount[];
  /** Secrets injected into the environment (see Invocation.injected). */
  injected?: string;
  relaunch?: string[];
}

/** A host folder mounted in a container: `inside` and `host` absolute and normalised. */
export interface Mount {
  inside: string;
  host: string;
}

export interface Walk {
  out: ShellAnalysis;
  depth: number;
  budget: Budget;
  projectDir: string;
  /** For each <( … ) walked: the invocation whose output it is (read by `sh < <(…)`, `source <(…)`). */
  producers: WeakMap<Script, Invocation>;
  /** Absolute paths this line writes by redirection (a script written, then put first on PATH). */
  written: Set<string>;
  /** Command lines found in unknown programs' arguments on the whole line (commandsInArguments), shared by every nested walk. */
  argumentCommands: { count: number };
  /** Redirections (and the variables their heredocs expand) carried by the commands so far (see withRedirects). */
  carried: { count: number };
  /** Characters of piped text computed through filters so far (see pipedText). */
  filtered: { count: number };
  /** The walk and the resolution, reached through this record (see Stages). */
  stages: Stages;
}

/**
 * The stages that call each other: walking a command resolves it, and resolving a wrapper, a shell
 * or a function walks the command line it runs. Each reaches the others through this record (set
 * once per analysis, in analyze.ts), so their files import each other in one direction only.
 */
export interface Stages {
  walkCommand(cmd: Command, state: State, w: Walk, meta: Meta): Invocation | null;
  walkSource(source: string, state: State, w: Walk, meta: Meta, label: string, findRoots?: Value[] | null, stdin?: boolean, outputOf?: Invocation): void;
  resolve(argv: Value[], state: State, w: Walk, meta: Meta): Invocation | null;
}

export interface Meta {
  via: string[];
  redirects: EvaluatedRedirect[];
  stdinText: string | null;
  pipeFrom: Invocation | null;
  findRoots: Value[] | null;
  assigns: Map<string, VarValue>;
}

export function markIncomplete(out: ShellAnalysis, limit: Limit): void {
  out.limit ??= limit;
}

export function baseMeta(via: string[]): Meta {
  return { via, redirects: [], stdinText: null, pipeFrom: null, findRoots: null, assigns: new Map() };
}

export function cloneState(s: State): State {
  return {
    cwd: s.cwd,
    oldCwd: s.oldCwd,
    vars: s.vars.copy(),
    params: s.params,
    functions: s.functions.copy(),
    aliases: s.aliases.copy(),
    xtrace: s.xtrace,
    ...(s.elsewhere !== undefined ? { elsewhere: s.elsewhere } : {}),
    ...(s.mounts !== undefined ? { mounts: s.mounts } : {}),
    ...(s.container ? { container: true as const } : {}),
    ...(s.injected !== undefined ? { injected: s.injected } : {}),
    ...(s.relaunch !== undefined ? { relaunch: s.relaunch } : {}),
  };
}

/** Function calls and aliases defined earlier on the line: the body runs with the call's arguments as $1 …. */
export const expansions = new WeakMap<ShellAnalysis, { count: number; active: Set<string> }>();

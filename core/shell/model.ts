// The command model: what the shell analysis (analyze.ts) gives every later stage — each program that
// would run, with its arguments as values the line does or does not determine. Types and markers only,
// below the program tables (core/programs) and the shell stages, so both can name them.

import type { Limit, Word } from './ast';

/** Stands for a value the command line does not determine but that is never empty (e.g. ${X:?}, $(mktemp)). */
export const OPAQUE = '\u0001';
/**
 * Stands for a value the model does not compute exactly and that can be anything, the values that
 * matter included: a substring or replacement it cannot take (`${HOME:$n}`), what `read` gets from
 * input the line does not show, the file entr names. Unlike OPAQUE it is judged: where it reaches a
 * delete target, a program name or a secret read, the call is unanalysable (guards/rm-catastrophic.ts).
 */
export const UNKNOWN = '\u0003';

/** A value the model does not compute: `because` says which expansion and why, for the reason shown. */
export function unknownValue(word: Word, because: string): Value {
  return { word, known: null, ifUnset: OPAQUE, unsetVars: [], glob: false, possible: [{ text: UNKNOWN, because: [because], unset: [] }] };
}

/** A value that is exactly this text (as if written in single quotes). */
export function syntheticValue(text: string): Value {
  return { word: { parts: [{ type: 'lit', text, quoted: true }], raw: text }, known: text, ifUnset: text, unsetVars: [], glob: false, possible: [] };
}

/** A value the word can plausibly take when the line does not determine it, and why. */
export interface Possibility {
  text: string;
  /** The opaque parts and what was assumed for each ("$BUILD_DIR is not set in this command"). */
  because: string[];
  /** Names of the unset variables assumed empty here. */
  unset: string[];
}

export interface Value {
  word: Word;
  /** The text the shell would pass, when the command line fully determines it; else null. */
  known: string | null;
  /** The text if every variable not set on this line were empty: how `"$DIR/"` becomes `/`. */
  ifUnset: string;
  /** Names of variables used here that this command line never sets (and are not HOME/PWD). */
  unsetVars: string[];
  /** Unquoted * ? or [ (the shell expands it against the file system). */
  glob: boolean;
  /**
   * When `known` is null: values the word can plausibly take, each with the assumption behind it
   * (an unset variable is empty, a substitution may print nothing, `$(git rev-parse --show-toplevel)`
   * is the project). Texts containing OPAQUE stand for values that are unknown but not judged.
   */
  possible: Possibility[];
}

export interface EvaluatedRedirect {
  op: string;
  fd: number | null;
  target: Value | null;
  /**
   * A heredoc whose delimiter is unquoted: the variables the shell expands into its body ($NAME and
   * ${NAME…}, not \$NAME, not ${NAME:+alt}), each once. Found once per heredoc, not once per command
   * that inherits it.
   */
  expandedNames?: string[];
}

export interface Invocation {
  /** argv[0] is the program as written; wrappers before it are peeled off (see `via`). */
  argv: Value[];
  /** Basename of the program, without `.exe`; '' when the name is computed at run time. */
  program: string;
  args: Value[];
  /** Working directory when it runs (absolute, normalised); null when the line makes it unknowable. */
  cwd: string | null;
  redirects: EvaluatedRedirect[];
  /** Text fed on stdin by a heredoc, a here-string or an echo/printf pipe, when known. */
  stdinText: string | null;
  /** The command whose output is piped into this one. */
  pipeFrom: Invocation | null;
  /** Wrappers and contexts this call was reached through, outermost first ('sudo', 'bash -c', '$()', 'xargs', …). */
  via: string[];
  /** True for a wrapper (sudo, env, timeout, …) that itself runs another command listed separately. */
  wrapper: boolean;
  /** For commands run by `find -exec` or fed by `find … | xargs`: find's starting points. */
  findRoots: Value[] | null;
  /** A shell/eval whose script is computed at run time (`sh -c "$(curl …)"`). */
  dynamicScript: boolean;
  /**
   * A shell whose script is the text of these files, read by `cat` on the line: `cat f | sh`,
   * `sh <<< "$(cat f)"`, `bash -c "$(cat f)"`. The analysis reads no file: the scripts guard does
   * (core/later/runs.ts), as for `bash f`.
   */
  scriptFiles?: Value[];
  /** Variables assigned for this call only (`HUSKY=0 git commit`, `env X=1 cmd`): name → known text or null. */
  assigns: ReadonlyMap<string, { known: string | null }>;
  /** Set when it runs under `set -x`/`set -v` (or `bash -x`): the shell prints what it runs and assigns, values included. */
  xtrace?: true;
  /**
   * Set when it runs in another environment (a container, a pod, a VM, a machine over ssh): the
   * launcher's label (`docker exec`, `ssh`). Its paths are that environment's, except `hostRoots`.
   */
  elsewhere?: string;
  /** What that environment is: a container (its root is the container's, not a machine's), or another machine. */
  container?: true;
  /** Host folders a container mounts (mapped already: its paths under them are this machine's). */
  hostRoots?: string[];
  /** Set when a secret injector put secrets in its environment (`doppler run`, `op run`): its label. */
  injected?: string;
  /** What it prints is printed by this invocation, the shell or launcher that ran it (`sh -c 'env' | cut -d= -f1`). */
  outputOf?: Invocation;
  /**
   * Under launchers: how to run another line where it runs, outermost first: each is a prefix to which
   * the line, quoted, is appended (`docker exec app sh -c ` + `'printenv | cut -d= -f1'`). See relaunched().
   */
  relaunch?: string[];
}

export interface ShellAnalysis {
  source: string;
  invocations: Invocation[];
  /** Functions defined on the line, with the programs their bodies call. */
  functions: { name: string; calls: string[] }[];
  /**
   * Set when a limit (size, nesting, command budget, invocations, a translator, the deadline) cut the
   * analysis short: part of the command was not seen, so the call is unanalysable.
   */
  limit: Limit | null;
  /**
   * With limit 'code': which interpreter code could not be judged and why
   * ("python3 code passes os.system a command computed at run time").
   */
  opaqueCode: string | null;
  /** A loop that never ends starts background jobs without bound (`while :; do bash -c ':& :&' & done`). */
  spawnsForever?: true;
  /** Paths created on this line as links or copies: alias → original. */
  aliases: Map<string, string>;
  home: string;
  /** The directory the command starts in. */
  startCwd: string;
}

// The syntax tree of a shell command line, as far as guards need it.
// It is deliberately lossy: it keeps what decides which programs run with which arguments,
// and drops the rest (arithmetic, most of `case`, job control).

export type WordPart =
  /** Literal text. `quoted` is true inside '…', "…", $'…' or after a backslash (no globbing). */
  | { type: 'lit'; text: string; quoted: boolean }
  /**
   * $NAME, ${NAME}, ${NAME:?msg}, ${NAME:-default}, ${NAME%pattern}, … `op` is the operator ('' for
   * plain; '%', '%%', '#', '##' for pattern removal; 'other' for forms not modelled).
   */
  | { type: 'param'; name: string; op: string; arg: Word | null; quoted: boolean; index?: string }
  /** $(…) or `…`: the inner script runs, even inside an echo. `raw` is its source text, for messages. */
  | { type: 'cmdsub'; script: Script; quoted: boolean; raw: string }
  /** <(…) or >(…). */
  | { type: 'procsub'; dir: '<' | '>'; script: Script }
  /**
   * $((…)): an arithmetic value, never a path; substitutions inside it still run (`subs`). `text` is
   * the expression: the variables it names are evaluated as expressions too (`a[$(…)]` in a value runs).
   */
  | { type: 'arith'; subs: Script[]; text: string };

export interface Word {
  parts: WordPart[];
  /** The source text of the word, for messages. */
  raw: string;
}

export interface Redirect {
  /** '<', '>', '>>', '>|', '<>', '&>', '&>>', '>&', '<&', '<<', '<<-', '<<<' */
  op: string;
  fd: number | null;
  target: Word | null;
  /** For '<<' and '<<-': the body; `expands` is false when the delimiter was quoted. */
  heredoc?: { body: string; expands: boolean; substitutions: Script[] };
}

export interface Assignment {
  name: string;
  value: Word;
  append: boolean;
}

export interface SimpleCommand {
  type: 'simple';
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
  /** The header of `for NAME in WORDS` / `select …`: the body's NAME takes each word (items null: `for NAME;`, the positional parameters). */
  loop?: { name: string; items: Word[] | null };
}

export interface CompoundCommand {
  type: 'subshell' | 'group';
  body: Script;
  redirects: Redirect[];
  /** For `(( … ))`: the arithmetic expression (bash evaluates it; dash runs it as nested subshells). */
  arith?: string;
}

export interface FunctionDef {
  type: 'function';
  name: string;
  body: Command;
}

export type Command = SimpleCommand | CompoundCommand | FunctionDef;

export interface Pipeline {
  commands: Command[];
}

export type ListOp = ';' | '&' | '&&' | '||' | '\n' | '';

/**
 * Why an analysis is incomplete: a nesting cap, the command budget, the size cap, the invocation
 * cap, a translator (PowerShell, cmd.exe) that gave up, the internal deadline, too many calls in one
 * payload, the analysis itself failing on the input, or a program name or script text computed only
 * when the command runs (`$c -rf ~`, `eval "$X"`, `sh -c "$(cat f)"`), or interpreter code that reaches
 * a dangerous operation with a value computed at run time ('code'). What the analysis
 * could not see is denied as unanalysable (never assumed harmless).
 */
export type Limit =
  | 'nesting'
  | 'commands'
  | 'size'
  | 'invocations'
  | 'translation'
  | 'deadline'
  | 'calls'
  | 'failure'
  | 'computed'
  | 'code'
  | 'files'
  | 'redirects';

export interface Script {
  items: { pipeline: Pipeline; op: ListOp }[];
  /** Set when a limit cut the parse short: the rest of the script was not seen. */
  limit: Limit | null;
  /** A loop in it never ends and only starts background jobs (`while :; do cmd & done`). */
  spawnsForever?: true;
}

/**
 * Marks a place where a translator (PowerShell, cmd.exe) gave up: a program of this name makes the
 * analysis incomplete. A control character, so no real command spells it by accident.
 */
export const UNTRANSLATED = '\u0002untranslated';

// The syntax tree of a shell command line, as far as guards need it.
// It is deliberately lossy: it keeps what decides which programs run with which arguments,
// and drops the rest (arithmetic, most of `case`, job control).

export type WordPart =
  /** Literal text. `quoted` is true inside '…', "…", $'…' or after a backslash (no globbing). */
  | { type: 'lit'; text: string; quoted: boolean }
  /** $NAME, ${NAME}, ${NAME:?msg}, ${NAME:-default}, … `op` is the operator ('' for plain). */
  | { type: 'param'; name: string; op: string; arg: Word | null; quoted: boolean }
  /** $(…) or `…`: the inner script runs, even inside an echo. */
  | { type: 'cmdsub'; script: Script; quoted: boolean }
  /** <(…) or >(…). */
  | { type: 'procsub'; dir: '<' | '>'; script: Script }
  /** $((…)): an arithmetic value, never a path. */
  | { type: 'arith' };

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
}

export interface CompoundCommand {
  type: 'subshell' | 'group';
  body: Script;
  redirects: Redirect[];
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

export interface Script {
  items: { pipeline: Pipeline; op: ListOp }[];
  /** True when limits (depth, size) cut the parse short; guards may treat the rest as unknown. */
  truncated: boolean;
}

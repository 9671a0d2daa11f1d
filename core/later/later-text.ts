// A command text that a file holds and a tool runs later, in its language: what every reader of
// core/later/ (places.ts, tasks.ts, …) gives the scripts guard to judge.

export type Lang = 'shell' | 'python' | 'js' | 'ruby' | 'perl' | 'git';

export interface LaterText {
  lang: Lang;
  text: string;
  /** Where in the file it is, for the reason: "the clean script", "the pre-commit hook". */
  where: string;
  /** The denial names the guard whose rule it breaks, not script-contents (a notebook's Python cell, a git alias). */
  inner?: boolean;
  /** A shell script run with `$0` and arguments (`bash run.sh a b`): shell words, as written. */
  argv?: string[];
  /** What it prints is kept and shown (a notebook cell's output is saved in the notebook): a secret it prints is read. */
  shows?: true;
  /** Stands for the rest of a file not read past a limit (`text` says which): what it runs is unseen. */
  unseen?: true;
}

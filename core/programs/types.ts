// The effect vocabulary and the shape of a program signature: what a program invocation *does*,
// as the tables of core/programs/ (one file per program family) state it and core/effects/derive.ts
// derives it. Guards judge effects, not spellings, so a reader, writer or launcher added to a table
// is covered by every guard at once.

import type { Value } from '../shell/model';

/**
 * How a read uses the content. Only `content`, `copy`, `search` and `search-visible` can reveal
 * values; the rest are the harmless operations (existence and metadata, names only, counts, hashes,
 * loading into a process's environment, opening in an editor).
 */
export type ReadMode = 'content' | 'copy' | 'search' | 'search-visible' | 'names' | 'count' | 'metadata' | 'hash' | 'load' | 'open';

export interface Target {
  /** The word as evaluated by the shell analysis. */
  value: Value;
  /** Absolute, normalised path when the line determines it. */
  path: string | null;
}

export type Effect =
  /** A file (or stdin redirected from a file) read. `to` is where a copy goes. */
  | {
      kind: 'read';
      source: 'file';
      target: Target;
      mode: ReadMode;
      to?: Target;
      pattern?: string | null;
      assumed?: boolean;
      /** The file is a unified diff the program applies: its `+++` files are written (read by core/guards/file-changes.ts). */
      patch?: boolean;
    }
  /** The environment as a whole (`env`, `export -p`, `os.environ`). */
  | { kind: 'read'; source: 'env'; mode: ReadMode }
  /**
   * One variable expanded into a command's arguments; `stdin` when it is expanded into a here-string
   * the program reads (`cat <<< "$T"`), `indirect` when `name` holds the name of the variable read
   * (`${!v}`), `printed` when the program prints it itself (jq's `$ENV.NAME`, awk's `ENVIRON["NAME"]`).
   */
  | {
      kind: 'read';
      source: 'variable';
      name: string;
      mode: ReadMode;
      stdin?: boolean;
      indirect?: boolean;
      printed?: boolean;
      /** The name is an expression the line cannot fix (`process.env[k]` with k unknown); `name` is its text. */
      computed?: boolean;
    }
  /** A stored credential printed by its tool (`gh auth token`). */
  | { kind: 'read'; source: 'credentials'; name: string; mode: ReadMode; secret: boolean }
  /**
   * `edit`: the text the line replaces, when it shows it (sed s///, an interpreter's .replace, the text
   * echo appends). `replaces`: the write replaces the whole file with `edit.newText` (`echo … > f`).
   */
  | { kind: 'write'; target: Target; how: string; edit?: { oldText: string; newText: string }; replaces?: boolean }
  | { kind: 'delete'; target: Target; recursive: boolean }
  /** Runs a program text: `lang` is shell, sql, python, … */
  /** `partial`: when the text is computed, the text with a placeholder for each computed part (`DROP TABLE $t` → `DROP TABLE _computed_`). */
  | { kind: 'execute'; lang: string; text: string | null; how: string; partial?: string }
  /** `via`: how the peer was chosen when it is not the URL's host (`proxy` sees plain http only, `resolve` the connection). */
  | { kind: 'send'; url: string | null; host: string | null; how: string; via?: 'proxy' | 'resolve' }
  | { kind: 'escalate'; how: string }
  /** A data store destroyed: `store` says what (for messages). `row` names the destroy-table row
   *  (core/programs/destroy.ts) for data stores; absent for devices and system state (core/programs/system.ts). */
  | { kind: 'destroy'; store: string; target: Target | null; row?: string; instead?: string; deploySource?: Value };

/** What an argument is to the program. */
export type Role =
  | 'read' // its content is read (the row's mode)
  | 'meta' // only looked at: existence, size, permissions, names
  | 'write' // written or created
  | 'touch' // created or its times changed, content untouched
  | 'delete'
  | 'dest' // copy/move destination (written)
  | 'code' // a program text in the row's language (grep pattern, sed script, awk program, SQL)
  | 'url' // a network address
  | 'exec' // a shell command line
  | 'arg' // unknown use: counts as a content read when it names a secret file
  | 'list' // a file of names the program reads; names it cannot open are quoted in its messages, so its content is printed
  | 'edit' // read into an editor's buffer and written back (ed): printed when its commands may print
  | 'load' // sourced into the environment of a process (`source .env`), not printed
  | 'var' // the name of a variable whose value is printed (`printenv NAME`)
  | 'cred' // the name of a stored setting the tool prints (`aws configure get NAME`)
  | 'cred-out' // the file a tool writes stored secrets to: a print when it is stdout (`vercel env pull /dev/stdout`), else a write
  | 'gitobj' // `rev:path` or `:path`: a file's content from git's object store
  | 'patch' // a unified diff the program applies (its `+++` files are written)
  | 'host' // a network peer (`nc host 9000`)
  | 'address' // a socat address TYPE:params: FILE:/OPEN:/GOPEN:/CREATE: name a file (read, or written), TCP:/UDP:/OPENSSL:… a peer
  | 'resolve' // curl --resolve HOST:PORT:ADDR: ADDR is the peer
  | 'connect-to' // curl --connect-to HOST:PORT:HOST2:PORT2: HOST2 is the peer
  | 'proxy' // a proxy (a URL or HOST:PORT): the peer of every request, which sees plain-http requests whole
  | 'none'; // a plain value (a number, a name)

export interface FixedEffect {
  /** read-file: a file the program reads by itself, relative to its cwd (`docker compose config` reads .env). */
  /** write-file: a file the program writes by itself (`pip config set` writes ~/.config/pip/pip.conf). */
  kind: 'read-credentials' | 'read-env' | 'read-file' | 'write-file' | 'escalate' | 'destroy';
  /** Credential name, file, escalation kind or data store. */
  what: string;
  /** Only when the row got no operand (`terraform output -json` prints every output; with a name, that one). */
  ifNoOperand?: boolean;
  /** Only when the row got an operand (`pass NAME` shows NAME; bare `pass` lists the names). */
  ifOperand?: boolean;
}

export interface Row {
  /** Leading words after the program (and its global options) that select this row: ['auth', 'token']. */
  sub?: string[];
  /** Options (with a value) that may come between the words of `sub`: `docker compose --env-file .env config`. */
  subTakes?: string[];
  /** The row applies only when one of these options is present (`-i` for sed -i). */
  when?: string[];
  /** …and, when given, also one of these. */
  also?: string[];
  /** …and none of these. */
  unless?: string[];
  /**
   * …and the value of the `when` option is none of these (`kubectl get secret -o name` prints names
   * only): a string is compared with the value before any `=`, a pattern with the whole value.
   */
  unlessValue?: (string | RegExp)[];
  /** …and the value of one of the `when` options matches (`vim -c wq`: a command that writes the file). */
  whenValue?: RegExp;
  /**
   * …and the value of one of these options (or, for the key `#N`, the Nth positional; `#` any
   * positional) is one of the listed words, case-insensitively, or matches one of the listed
   * patterns; each element of a comma-separated value counts (`usermod -aG adm,sudo`). The keys are
   * alternatives: one match is enough.
   */
  valueIs?: Record<string, (string | RegExp)[]>;
  /** …and no positional argument (`pkill -u USER`: no pattern, so every process of the user). */
  nopos?: boolean;
  /** …and no arguments at all (`set`, `export`). */
  bare?: boolean;
  /** Options that take a value (`-n 5`, `-n5`, `--lines=5`). */
  takes?: string[];
  /**
   * Options whose value is optional and only ever attached, never the next word (getopt's `::`):
   * 'digits' takes the octal or hex digits that follow (`perl -0777`, `-l0`, so `-0pi` is -0 -p -i),
   * 'rest' the rest of the word (`perl -i.bak`).
   */
  optional?: Record<string, 'digits' | 'rest'>;
  /** Roles of option values (options listed here take a value). */
  opts?: Record<string, Role>;
  /** `key=value` operands (dd's if= and of=). */
  operands?: Record<string, Role>;
  /** Roles of the first positionals, in order. */
  pos?: Role[];
  /** Role of the remaining positionals (default 'none'). */
  rest?: Role;
  /** The first positional is the program text (role 'code') unless an option with role 'code' gave it. */
  codeFirst?: boolean;
  /** copy/move: sources then one destination (cp, mv, install; `-t DIR` gives it first); move also deletes
   *  the sources. archive: the first positional is written from the others (zip out.zip files…).
   *  checkout: `REV [--] paths…` (git checkout): the paths are written with REV's version; without a REV
   *  (`git checkout -- f`, `--theirs f`) git restores what is staged, and no file changes to another version. */
  layout?: 'copy' | 'move' | 'archive' | 'checkout';
  /** `NAME:PATH` operands are PATH inside the container or pod NAME (docker cp, kubectl cp), not a remote host. */
  containerPaths?: boolean;
  /** checkout layout: options that name the version instead (`git restore --source REV`); every positional is a path. */
  revOpt?: string[];
  /** Reads are copies beside the file, with this suffix added (gzip: `.gz`), or removed when it starts with `-` (gunzip: `-.gz`). */
  copySuffix?: string;
  /** Options naming where the row's reads are copied to (tar -c -f ARCHIVE). */
  toOpt?: string[];
  /** Options naming the directory relative positionals are taken in (tar -C, unzip -d). */
  dirOpt?: string[];
  /** Options taking two values (jq --arg name value). */
  takes2?: string[];
  /** stdin (a heredoc or here-string) lists the files the program reads, one a line (cpio -o). */
  stdinNames?: boolean;
  /** stdin (a heredoc or here-string) is a unified diff whose `+++` files are written (patch, git apply). */
  stdinPatch?: boolean;
  /** Mode of reads (default 'content'). */
  mode?: ReadMode;
  /** Options that change the mode, first present wins; 'names-if-pattern' means names only when the pattern cannot match a value. */
  modes?: Record<string, ReadMode | 'names-if-pattern'>;
  /** Where a read-mode `search` looks when no path is given. */
  defaultPath?: string;
  /** Recursive deletes when one of these options is present. */
  recursive?: string[];
  /** Its deletes are recursive whatever the options (rimraf). */
  deletesTrees?: boolean;
  /** Options that make it delete its sources once copied or archived (tar --remove-files, zip -m, 7z -sdel, rsync --remove-source-files). */
  removes?: string[];
  /** How the write happens, for messages (default: the program name). */
  how?: string;
  /** Language of 'code' values and of stdin when it is a program (sql, awk, sed, …). */
  lang?: string;
  /** The program reads its program text from stdin when no 'code' value is given. */
  stdinCode?: boolean;
  /** The language (a key of CODE_ENV) whose environment reads the 'code' value makes (jq's `$ENV.T`, `env`). */
  codeEnv?: string;
  effects?: FixedEffect[];
  /** Each example is a command and the effects it must yield (see render()). */
  examples: { command: string; effects: string[] }[];
}

export interface ProgramSpec {
  /** Program names (basenames) this entry covers. */
  names: string[];
  /** Global options before the subcommand that take a value (`git -C dir`). */
  globalTakes?: string[];
  /** Roles of global options' values (`dotenv -f .env -- cmd` loads .env); the option must be in globalTakes. */
  globalOpts?: Record<string, Role>;
  /** Long options may be abbreviated to any unique prefix (git, GNU getopt_long). */
  abbreviations?: boolean;
  /** Options are single-dash words (`find -name`), never bundles of letters. */
  singleDashLong?: boolean;
  /**
   * A PowerShell cmdlet kept as written by the translation: its name and its parameters are
   * case-insensitive and a parameter may be any unambiguous prefix (`-AsP` is `-AsPlainText`), as
   * PowerShell binds them. Rows list each parameter once, in its canonical spelling.
   */
  powershell?: boolean;
  /** The first argument may be a bundle without its dash (`tar xzf`). */
  dashlessFirst?: boolean;
  /** A first argument of letters without a dash is BSD-style options, kept as flags without a dash (`ps eww` has flag `e`; `ps -e` is another option). */
  bsdFirst?: boolean;
  /** Role of the positionals when no row matches (default: the conservative default for unknown programs). */
  otherwise?: Role;
  /** Rows, first match wins (put the more specific rows first). A program none of whose rows match gets the default for unknown programs. */
  rows: Row[];
}

// From the syntax tree to what guards ask about: every program that would run, with its arguments
// evaluated as far as the command line itself determines them.
//
// It sees through lists, pipelines, subshells, $( ), backticks, `bash -c`, `eval`, heredocs and
// pipes fed to a shell, transparent wrappers (sudo, env, timeout, xargs, find -exec, …), leading
// assignments, variables assigned earlier on the same line, `cd`, and `ln -s`/`cp` aliases.

import { Scope } from './scope';
import { filterOutput } from './filters';
import { UNTRANSLATED, type Command, type Limit, type Script, type SimpleCommand, type Word } from './ast';

import { MAX_NESTING, parseShell, type Budget } from './parse';
import { basename, isAbsolutePath, resolvePath } from '../paths';
import { FRESH_TMP, printsSetupCode } from './substitutions';
import { readCode } from './interpreters';
import { isPowerShellCmdlet, translateCmd, translatePowerShell } from './powershell';
import { deletingProgram, describedProgram, destroyTableProgram, EMBEDDED_SHELL, launcherFor, PROSE_OPTION, signatureRuns, type Launcher } from './launchers';
import { execArgv } from '../programs/match';
import {
  AWK_OTHER_SYSTEM,
  AWK_RUNS_LINES,
  COMMAND_STRINGS,
  commandStrings,
  gitCommandStrings,
  sedExecutes,
  SHELLS,
  shellPartOf,
  shellQuote,
  SQL_SHELLS,
  WRAPPERS,
} from '../programs/command-strings';
import { launched, type Launch } from './elsewhere';
import { arrayElements, arrayExpansion, braceExpandQuoted, evalRedirect, evalWord, fieldSplit, lookupVar, MAX_HEREDOC_VARIABLES } from './expand';
import {
  baseMeta,
  cloneState,
  expansions,
  markIncomplete,
  MAX_PATH,
  MAX_POSSIBLE,
  unknownVar,
  type Meta,
  type Mount,
  type State,
  type VarValue,
  type Walk,
} from './walk-state';
import { braceExpand, literalText, programName } from './words';
import {
  findStartingPoints,
  fromDownload,
  heredocText,
  pipedItems,
  procsubOf,
  readOptionValue,
  skipOptions,
  subscriptSubstitution,
  unseenItems,
  xargsUnknownItem,
} from './arguments';
import { AWKS, INTERPRETER_FLAGS, interpreterCode, interpreterProgram, positional, skeleton, type InterpreterProgram } from './interpreter-args';
import { OutOfTime, withDeadline, work } from '../work';
import {
  OPAQUE,
  syntheticValue,
  UNKNOWN,
  unknownValue,
  type EvaluatedRedirect,
  type Invocation,
  type Possibility,
  type ShellAnalysis,
  type Value,
} from './model';

// What the later stages read from the analysis, kept importable from here.
export { UNTRANSLATED };
export { programName };
export { findStartingPoints };
export { interpreterCode, interpreterProgram, skeleton, type InterpreterProgram };
export { OPAQUE, syntheticValue, UNKNOWN, unknownValue, type EvaluatedRedirect, type Invocation, type Possibility, type ShellAnalysis, type Value };
export { FRESH_TMP };
export { MAX_HEREDOC_VARIABLES };

export const MAX_COMMAND_LENGTH = 256 * 1024;
export const MAX_INVOCATIONS = 4000;
/** Wrappers and contexts one command is reached through (sudo, env, bash -c, $( ), …). */
const MAX_WRAPPERS = 64;
/** Redirections in force for one command (see withRedirects). */
export const MAX_REDIRECTS = 64;
/** Redirections and heredoc variables carried by all the commands of a line, together. */
export const MAX_CARRIED = 8192;

export interface AnalyzeOptions {
  cwd: string;
  home: string;
  /** The project root, for substitutions that name it (`$(git rev-parse --show-toplevel)`); default cwd. */
  projectDir?: string;
  /** The caller's deadline: when it returns true the analysis stops and is marked incomplete. */
  expired?: () => boolean;
}

export function analyzeShell(command: string, opts: AnalyzeOptions): ShellAnalysis {
  return withDeadline(opts.expired, () => analyzeNow(command, opts));
}

function analyzeNow(command: string, opts: AnalyzeOptions): ShellAnalysis {
  let source = command;
  let limit: Limit | null = null;
  if (source.length > MAX_COMMAND_LENGTH) {
    source = source.slice(0, MAX_COMMAND_LENGTH);
    limit = 'size';
  }
  const out: ShellAnalysis = {
    source,
    invocations: [],
    functions: [],
    limit,
    opaqueCode: null,
    aliases: new Map(),
    home: opts.home,
    startCwd: opts.cwd,
  };
  // A translator gave up in this text (see UNTRANSLATED; nested translations go through walkSource).
  if (source.includes(UNTRANSLATED)) markIncomplete(out, 'translation');
  const budget: Budget = { commands: MAX_COMMANDS_PER_CALL, expired: opts.expired };
  try {
    const script = parseShell(source, 0, budget);
    walkScript(
      script,
      { cwd: opts.cwd, oldCwd: null, vars: Scope.empty(), params: null, functions: Scope.empty(), aliases: Scope.empty(), xtrace: false },
      {
        out,
        depth: 0,
        budget,
        projectDir: opts.projectDir ?? opts.cwd,
        producers: new WeakMap(),
        written: new Set(),
        argumentCommands: { count: 0 },
        carried: { count: 0 },
        filtered: { count: 0 },
      },
      baseMeta([]),
    );
  } catch (err) {
    // Past the deadline (work() checks it in every loop that grows): what was seen so far, marked incomplete.
    if (!(err instanceof OutOfTime)) throw err;
    markIncomplete(out, 'deadline');
  }
  return out;
}

/** Simple commands parsed per call, shared by every nested parse (bash -c, eval, heredocs). */
const MAX_COMMANDS_PER_CALL = 4000;

function walkScript(script: Script, state: State, w: Walk, meta: Meta): void {
  if (script.limit) markIncomplete(w.out, script.limit);
  if (script.spawnsForever) w.out.spawnsForever = true;
  for (const item of script.items) {
    const cmds = item.pipeline.commands;
    let prev: Invocation | null = meta.pipeFrom;
    for (let i = 0; i < cmds.length; i++) {
      // Each element of a multi-command pipeline runs in its own subshell.
      const st = cmds.length > 1 ? cloneState(state) : state;
      const produced = walkCommand(cmds[i]!, st, w, { ...meta, pipeFrom: i === 0 ? meta.pipeFrom : prev });
      prev = produced ?? prev;
      // `… | while read -r d; do rm -rf "$d"; done`: the loop body (parsed after the pipeline) runs in
      // the subshell read ran in, so what read assigned is what the body sees.
      if (st !== state) for (const name of readTargets(cmds[i]!)) setVar(state, name, st.vars.get(name) ?? unknownVar(`$${name} is read from input`));
      // `… | for d in ~; do rm -rf "$d"; done`: likewise the loop's variable, bound by its header in that subshell.
      const cmd = cmds[i]!;
      const loop = st !== state && cmd.type === 'simple' ? cmd.loop : undefined;
      if (loop) setVar(state, loop.name, st.vars.get(loop.name) ?? unknownVar(`$${loop.name} ${LOOP_WORD}`));
    }
  }
}

/** The variables a simple `read`/`mapfile` command assigns, by their literal names (none for anything else). */
function readTargets(cmd: Command): string[] {
  if (cmd.type !== 'simple' || cmd.words.length < 2) return [];
  const lits = cmd.words.map(literalText);
  if (lits[0] !== 'read' && lits[0] !== 'mapfile' && lits[0] !== 'readarray') return [];
  return lits.slice(1).filter((t, i): t is string => t !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(t) && !readOptionValue(lits[0]!, lits[i] ?? null));
}

/** Walks one command; returns the invocation whose stdout is the command's output, if any. */
function walkCommand(cmd: Command, state: State, w: Walk, meta: Meta): Invocation | null {
  work();
  const count = w.out.invocations.length;
  if (count >= MAX_INVOCATIONS) {
    markIncomplete(w.out, 'invocations');
    return null;
  }
  if ((count & 63) === 63 && w.budget.expired?.()) {
    markIncomplete(w.out, 'deadline');
    return null;
  }
  switch (cmd.type) {
    case 'simple':
      return walkSimple(cmd, state, w, meta);
    case 'subshell':
    case 'group': {
      if (cmd.arith !== undefined) arithmeticVariables(cmd.arith, state, w);
      const own = cmd.redirects.map((r) => evalRedirect(r, state, w));
      noteWritten(own, state, w);
      const redirects = withRedirects(meta.redirects, own, w);
      const st = cmd.type === 'subshell' ? cloneState(state) : state;
      const before = w.out.invocations.length;
      walkScript(cmd.body, st, w, { ...meta, redirects, stdinText: heredocText(cmd.redirects) ?? meta.stdinText });
      return w.out.invocations.length > before ? w.out.invocations[w.out.invocations.length - 1]! : null;
    }
    case 'function': {
      const before = w.out.invocations.length;
      const limit = w.out.limit;
      walkCommand(cmd.body, cloneState(state), w, { ...meta, via: [...meta.via, `function ${cmd.name}`] });
      // Its "$@" and "$1" are computed here; each call walks the body again with its arguments.
      if (limit === null && w.out.limit === 'computed') w.out.limit = null;
      const calls = w.out.invocations.slice(before).map((i) => i.program);
      // The body runs only when called: keep what it calls (fork bombs), not the invocations themselves.
      w.out.invocations.length = before;
      w.out.functions.push({ name: cmd.name, calls });
      state.functions.set(cmd.name, cmd.body);
      // bash runs command_not_found_handle (zsh command_not_found_handler) for any name it cannot
      // find, which no analysis can tell in advance: its body is judged as running.
      if (cmd.name === 'command_not_found_handle' || cmd.name === 'command_not_found_handler')
        walkCommand(cmd.body, cloneState(state), w, { ...meta, via: [...meta.via, cmd.name] });
      return null;
    }
  }
}

function walkSimple(cmd: SimpleCommand, state: State, w: Walk, meta: Meta): Invocation | null {
  if (cmd.loop) {
    bindLoop(cmd.loop, state, w, meta);
    return null;
  }
  // `> >(sh)`: the process substitution reads the command's output; it is walked once the command is known.
  // So does `tee >(sh)`: an argument that is a `>(…)` is a file the program writes (tee copies its stdin there).
  const fedByOutput = cmd.redirects.flatMap((r) => (OUTPUT_OPS.has(r.op) && r.target ? procsubOf(r.target, '>') : []));
  const writtenArgs = cmd.words.filter((word) => procsubOf(word, '>').length > 0);
  fedByOutput.push(...writtenArgs.flatMap((word) => procsubOf(word, '>')));
  // Substitutions anywhere in the command run first, in the current directory.
  for (const word of [...cmd.words, ...cmd.assigns.map((a) => a.value), ...cmd.redirects.flatMap((r) => (r.target ? [r.target] : []))]) {
    if (fedByOutput.length > 0 && procsubOf(word, '>').length > 0 && (cmd.redirects.some((r) => r.target === word) || writtenArgs.includes(word))) continue;
    walkSubstitutions(word, state, w, meta.via);
  }
  // `sh < <(echo …)`: stdin is the output of the process substitution.
  const fromProcsub = cmd.redirects.flatMap((r) => (r.op === '<' && (r.fd === null || r.fd === 0) && r.target ? procsubOf(r.target, '<') : []))[0];
  const producer = fromProcsub ? (w.producers.get(fromProcsub) ?? null) : null;
  if (producer) meta = { ...meta, pipeFrom: producer, stdinText: null };
  for (const r of cmd.redirects) for (const s of r.heredoc?.substitutions ?? []) walkNested(s, cloneState(state), w, [...meta.via, '$()'], null);

  const assigned = new Map<string, VarValue>();
  for (const a of cmd.assigns) {
    const array = arrayElements(a.value, state, w);
    if (array) {
      const known = array.every((e) => e.known !== null) ? array.map((e) => e.known).join(' ') : null;
      assigned.set(a.name, { known, ifUnset: known ?? OPAQUE, array });
      continue;
    }
    const v = evalWord(a.value, state, w);
    assigned.set(a.name, { known: v.known, ifUnset: v.ifUnset, possible: v.possible });
  }
  if (cmd.words.length === 0) {
    for (const [k, v] of assigned) {
      setVar(state, k, v);
      hookVariable(k, v, state, w, meta, true);
    }
    // A redirection with no command (`> file` truncates it; `done < .env` feeds a whole loop) is `:` with it.
    if (cmd.redirects.some((r) => r.target && !r.heredoc)) {
      const redirects = withRedirects(
        meta.redirects,
        cmd.redirects.map((r) => evalRedirect(r, state, w)),
        w,
      );
      return resolve([syntheticValue(':')], state, w, { ...meta, redirects, via: [...meta.via, 'redirection only'] });
    }
    return null;
  }
  const argv: Value[] = [];
  for (const word of cmd.words) {
    // "$@" and $* are the positional parameters, one word each; {a,b} is one word per alternative.
    const only = word.parts.length === 1 ? word.parts[0]! : null;
    if (only?.type === 'param' && (only.name === '@' || only.name === '*') && only.op === '' && state.params) argv.push(...state.params.slice(1));
    else if (only?.type === 'param' && only.op === '' && state.vars.get(only.name)?.array)
      argv.push(...arrayExpansion(state.vars.get(only.name)!.array!, only.index));
    else {
      const v = evalWord(word, state, w);
      const fields = fieldSplit(word, v, state, w);
      if (fields) argv.push(...fields);
      else if (!braceExpandQuoted(word, v, state, w, argv)) braceExpand(v, argv);
    }
  }
  const own = cmd.redirects.map((r) => evalRedirect(r, state, w));
  const mounts = state.mounts;
  // Inside a container, the paths under a host folder it mounts are that folder's.
  if (mounts?.length) argv.splice(0, argv.length, ...argv.map((v) => mountedValue(v, mounts)));
  const mine = mounts?.length ? own.map((r) => (r.target ? { ...r, target: mountedValue(r.target, mounts) } : r)) : own;
  noteWritten(mine, state, w);
  const redirects = withRedirects(meta.redirects, mine, w);
  const stdinText = heredocText(cmd.redirects) ?? hereString(redirects) ?? meta.stdinText ?? pipedText(meta.pipeFrom, w);
  // GIT_PAGER='…' git log, PAGER='…' man ls: variables whose value the program runs as a command.
  for (const [name, v] of assigned) hookVariable(name, v, state, w, meta);
  const inv = resolve(argv, state, w, { ...meta, redirects, stdinText, assigns: assigned });
  for (const script of fedByOutput) walkScript(script, cloneState(state), { ...w, depth: w.depth + 1 }, { ...baseMeta([...meta.via, '>()']), pipeFrom: inv });
  return inv;
}

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>']);

/** Prompts the shell expands each time it shows them (PS4 before every command under `set -x`): their substitutions run. */
const PROMPT_VARIABLES = new Set(['PS0', 'PS1', 'PS2', 'PS4']);

/**
 * A variable whose value the shell or a program runs: a command line (GIT_PAGER, PROMPT_COMMAND,
 * BASH_ENV) or a prompt whose substitutions run (`PS4='$(rm -rf ~)' bash -xc true`). Judged where it
 * is set: for one command, or (`standalone`) for the rest of the line.
 */
function hookVariable(name: string, v: VarValue, state: State, w: Walk, meta: Meta, standalone = false): void {
  // Set for the rest of the line (`X=…;`, `export X=…`): only what the shell itself runs, and only a value the line fixes.
  if (standalone && name !== 'PROMPT_COMMAND' && !PROMPT_VARIABLES.has(name)) return;
  if (COMMAND_VARIABLES.has(name)) {
    if (v.known === null && standalone) return;
    if (v.known === null) markIncomplete(w.out, 'computed');
    else if (v.known !== '') walkSource(v.known, cloneState(state), w, meta, name);
  } else if (PROMPT_VARIABLES.has(name) && v.known !== null && /[$`]/.test(v.known)) {
    // Expanded as in double quotes: the text inside a double-quoted word (a final backslash kept literal).
    const text = v.known.replace(/["\\]/g, (c) => (c === '"' ? '\\"' : '\\\\'));
    walkSource(`: "${text}"`, cloneState(state), w, meta, name);
  }
}

/** Files a command's own redirections write (the ones it inherits were noted where they were written). */
function noteWritten(redirects: EvaluatedRedirect[], state: State, w: Walk): void {
  for (const r of redirects) {
    const t = r.target?.known;
    if (t && OUTPUT_OPS.has(r.op) && (state.cwd || isAbsolutePath(t))) w.written.add(resolvePath(state.cwd ?? '/', t, w.out.home));
  }
}

/** Assigns NAME, or what a `declare -n` reference NAME stands for. */
function setVar(state: State, name: string, value: VarValue): void {
  let n = name;
  for (let i = 0; i < 8; i++) {
    const ref = state.vars.get(n)?.ref;
    if (ref === undefined) break;
    n = ref;
  }
  state.vars.set(n, value);
}

/**
 * Arithmetic evaluates the variables it names as expressions, so `x='a[$(rm -rf ~)]'; echo $((x))`
 * runs the substitution in x's value: a command the line hides in a string. Unanalysable.
 */
function arithmeticVariables(text: string, state: State, w: Walk, depth = 0): void {
  let seen = 0;
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (++seen > 64) break;
    const v = lookupVar(m[0], state, w)?.known;
    if (!v) continue;
    if (subscriptSubstitution(v)) {
      markIncomplete(w.out, 'computed');
      return;
    }
    if (depth < 4 && /[A-Za-z_]/.test(v)) arithmeticVariables(v, state, w, depth + 1);
  }
}

/** Builtins that take variable names (and so evaluate their subscripts) or arithmetic expressions as arguments. */
const NAME_BUILTINS = new Set([
  '[[',
  'test',
  '[',
  'let',
  'declare',
  'typeset',
  'local',
  'readonly',
  'export',
  'unset',
  'read',
  'mapfile',
  'readarray',
  'wait',
  'getopts',
]);

/** `printf '%s' a b`: the text printf prints, for the formats paths are built with (%s, %d, %%, \n, \t); else null. */
function printfText(format: string, args: string[]): string | null {
  if (/%[^sdi%]/.test(format) || format.length > MAX_PATH) return null;
  const escaped = format.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c === '\\' ? '\\' : `\\${c}`));
  const slots = (escaped.match(/%[sdi]/g) ?? []).length;
  let out = '';
  let i = 0;
  do {
    out += escaped.replace(/%([sdi%])/g, (_, c: string) => (c === '%' ? '%' : (args[i++] ?? '')));
    if (out.length > MAX_PATH) return null;
  } while (slots > 0 && i < args.length);
  return out;
}

/** Environment variables whose value programs run as a shell command (pagers, editors, git's ssh). */
const COMMAND_VARIABLES = new Set([
  'PAGER',
  'MANPAGER',
  'GIT_PAGER',
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_SSH_COMMAND',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'LESSOPEN',
  'BROWSER',
  'PROMPT_COMMAND',
  'BASH_ENV',
  'ENV',
]);

function walkSubstitutions(word: Word, state: State, w: Walk, via: string[]): void {
  for (const p of word.parts) {
    if (p.type === 'cmdsub') walkNested(p.script, cloneState(state), w, [...via, '$()'], null);
    else if (p.type === 'procsub') {
      const before = w.out.invocations.length;
      walkNested(p.script, cloneState(state), w, [...via, `${p.dir}()`], null);
      if (w.out.invocations.length > before) w.producers.set(p.script, w.out.invocations[w.out.invocations.length - 1]!);
    } else if (p.type === 'arith') {
      arithmeticVariables(p.text, state, w);
      for (const s of p.subs) walkNested(s, cloneState(state), w, [...via, '$(())'], null);
    } else if (p.type === 'param' && p.arg) walkSubstitutions(p.arg, state, w, via);
  }
}

function walkNested(script: Script, state: State, w: Walk, via: string[], stdinText: string | null): void {
  walkScript(script, state, { ...w, depth: w.depth + 1 }, { ...baseMeta(via), stdinText });
}

/**
 * Walks a command line run by another program. `findRoots`: the files a find -exec hands the script
 * as `{}`. `stdin`: the script's commands read the caller's stdin (`curl … | sh -c 'cat | bash'`: cat
 * reads the download). `outputOf`: that program, when what the line prints is what it prints (`sh -c`,
 * `eval`, a launcher): the line's commands' output goes where its does.
 */
function walkSource(
  source: string,
  state: State,
  w: Walk,
  meta: Meta,
  label: string,
  findRoots: Value[] | null = null,
  stdin = false,
  outputOf?: Invocation,
): void {
  if (w.depth + 1 > MAX_NESTING) {
    markIncomplete(w.out, 'nesting');
    return;
  }
  if (source.includes(UNTRANSLATED)) markIncomplete(w.out, 'translation');
  const script = parseShell(source, w.depth + 1, w.budget);
  const inherited = stdin ? { pipeFrom: meta.pipeFrom, stdinText: meta.stdinText } : {};
  const via = [...meta.via, label];
  const before = w.out.invocations.length;
  walkScript(script, state, { ...w, depth: w.depth + 1 }, { ...baseMeta(via), redirects: meta.redirects, findRoots, ...inherited });
  if (!outputOf) return;
  for (let i = before; i < w.out.invocations.length; i++) {
    const inv = w.out.invocations[i]!;
    // Not a substitution's commands: their output is a word of the line, not its output.
    if (inv.outputOf || inv.via.slice(via.length).some((v) => v === '$()' || v === '<()' || v === '>()')) continue;
    inv.outputOf = outputOf;
  }
}

// ---- programs and wrappers ----

/** `"$(ssh-agent -s)"`, `$(pyenv init -)`: one substitution of a program that prints its own setup code. */
function isSetupCode(v: Value): boolean {
  const parts = v.word.parts;
  const sub = parts.length === 1 ? parts[0]! : null;
  if (sub?.type !== 'cmdsub' || sub.script.items.length !== 1) return false;
  const cmds = sub.script.items[0]!.pipeline.commands;
  const cmd = cmds.length === 1 ? cmds[0]! : null;
  if (cmd?.type !== 'simple' || cmd.assigns.length > 0) return false;
  const argv = cmd.words.map(literalText);
  return argv.every((a) => a !== null) && printsSetupCode(argv as string[]);
}

/**
 * A script whose text exists only when the command runs (eval "$X", sh -c "$(cat f)"): nothing of
 * it can be seen, so the whole command is unanalysable, unless every computed part is a known
 * program's setup code (eval "$(ssh-agent -s)"). Guards with a more specific reason (curl … | sh)
 * still answer first.
 */
function computedScript(inv: Invocation, parts: Value[], w: Walk): void {
  inv.dynamicScript = true;
  if (!parts.every((a) => a.known !== null || isSetupCode(a))) markIncomplete(w.out, 'computed');
}

/**
 * A container path under a host folder the container mounts, as that host path (`/w/.env` with
 * `-v "$PWD":/w` is the project's `.env`); a folder above one mount (`/mnt` over `/mnt/w`) as that
 * mount's host folder, since what is done to it reaches the host's files. `/` stays `/`.
 */
function mountedValue(v: Value, mounts: Mount[]): Value {
  const t = v.known;
  if (t === null || !t.startsWith('/')) return v;
  const p = resolvePath('/', t, '/');
  for (const m of mounts) {
    if (p === m.inside || p.startsWith(`${m.inside}/`)) {
      const host = m.host + p.slice(m.inside.length);
      return { ...v, known: host, ifUnset: host, possible: [] };
    }
  }
  if (p === '/') return v;
  const below = mounts.filter((m) => m.inside.startsWith(`${p}/`));
  return below.length === 1 ? { ...v, known: below[0]!.host, ifUnset: below[0]!.host, possible: [] } : v;
}

/**
 * A launcher (core/shell/elsewhere.ts) runs its command, here or in another environment: the command
 * is analysed like any other, with no folder of ours when it runs elsewhere. The launcher's own
 * redirections are ours (made absolute, so they stay ours); stdin reaches the command only when the
 * launcher forwards it.
 */
function runLaunched(inv: Invocation, launch: Launch, state: State, w: Walk, meta: Meta): Invocation {
  const st = cloneState(state);
  const home = w.out.home;
  if (launch.row.where !== 'here') {
    const mounts: Mount[] = [];
    for (const m of launch.mounts) {
      const host = m.host.known;
      if (host === null || !m.inside.startsWith('/')) continue;
      if (!(isAbsolutePath(host) || host.startsWith('~')) && !state.cwd) continue;
      mounts.push({ inside: resolvePath('/', m.inside, '/'), host: resolvePath(state.cwd ?? '/', host, home) });
    }
    st.elsewhere = launch.label;
    st.mounts = mounts;
    if (launch.row.where === 'container') st.container = true;
    else delete st.container;
    const dir = launch.workdir?.startsWith('/') ? mountedValue(syntheticValue(launch.workdir), mounts).known : null;
    st.cwd = dir !== null && mounts.some((m) => dir === m.host || dir.startsWith(`${m.host}/`)) ? dir : null;
  }
  if (launch.row.secrets) st.injected = launch.label;
  // Nested launchers (`docker exec app doppler run -- env`): the inner one runs inside the outer.
  st.relaunch = [...(state.relaunch ?? []), launch.relaunch];
  const absolute = (r: EvaluatedRedirect): EvaluatedRedirect => {
    const t = r.target?.known;
    if (!r.target || t === null || t === undefined || isAbsolutePath(t) || /^\d+$/.test(t) || !state.cwd) return r;
    const path = resolvePath(state.cwd, t, home);
    return { ...r, target: { ...r.target, known: path, ifUnset: path, possible: [] } };
  };
  const input = (r: EvaluatedRedirect) => r.op === '<' || r.op === '<<<' || r.op === '<>' || r.op === '<&';
  const redirects = meta.redirects.filter((r) => launch.stdin || !input(r)).map(absolute);
  const inner: Meta = {
    ...meta,
    redirects,
    stdinText: launch.stdin ? meta.stdinText : null,
    pipeFrom: launch.stdin ? meta.pipeFrom : null,
    findRoots: null,
  };
  if (launch.row.where === 'here') inv.wrapper = true;
  for (const text of launch.texts) {
    if (text.known === null) computedScript(inv, [text], w);
    else walkSource(text.known, cloneState(st), w, inner, launch.label, null, launch.stdin, inv);
  }
  if (launch.computed) computedScript(inv, [launch.computed], w);
  if (!launch.argv) return inv;
  const argv = st.mounts?.length ? launch.argv.map((v) => mountedValue(v, st.mounts!)) : launch.argv;
  return resolve(argv, st, w, { ...inner, via: [...meta.via, launch.label] }) ?? inv;
}

function resolve(argv: Value[], state: State, w: Walk, meta: Meta): Invocation | null {
  if (argv.length === 0) return null;
  work(argv.length);
  // Wrappers around wrappers (`nice nice … rm`): real chains are a few deep; past this, stop looking.
  if (meta.via.length >= MAX_WRAPPERS) {
    markIncomplete(w.out, 'nesting');
    return null;
  }
  const program = programName(argv[0]);
  // The program's name exists only when the command runs ($c -rf ~, $(printf 'r%s' m), "$@"):
  // whatever it is cannot be judged.
  if (program === '' && argv[0]!.known === null) markIncomplete(w.out, 'computed');
  const inv: Invocation = {
    argv,
    program,
    args: argv.slice(1),
    cwd: state.cwd,
    redirects: meta.redirects,
    stdinText: meta.stdinText,
    pipeFrom: meta.pipeFrom,
    via: meta.via,
    wrapper: false,
    findRoots: meta.findRoots,
    dynamicScript: false,
    assigns: meta.assigns,
  };
  if (state.xtrace) inv.xtrace = true;
  if (state.elsewhere !== undefined) inv.elsewhere = state.elsewhere;
  if (state.container) inv.container = true;
  if (state.mounts?.length) inv.hostRoots = state.mounts.map((m) => m.host);
  if (state.injected !== undefined) inv.injected = state.injected;
  if (state.relaunch !== undefined) inv.relaunch = state.relaunch;
  w.out.invocations.push(inv);
  const args = inv.args;
  if (renamedProgram(argv[0]!, state, w, meta)) markIncomplete(w.out, 'computed');
  if (NAME_BUILTINS.has(program) || (program === 'printf' && args[0]?.known === '-v')) {
    // [[ -v 'a[$(…)]' ]], printf -v 'a[$(…)]': the subscript of a name is evaluated, and runs.
    const names = program === 'printf' ? args.slice(1, 2) : args;
    if (names.some((a) => a.known !== null && subscriptSubstitution(a.known))) markIncomplete(w.out, 'computed');
    if (program === 'let' || program === '[[') for (const a of args) if (a.known) arithmeticVariables(a.known, state, w);
  }
  if (callDefined(inv, argv, state, w, meta)) return inv;
  const inner = (rest: Value[], label: string, extra: Partial<Meta> = {}) => {
    inv.wrapper = rest.length > 0;
    return resolve(rest, state, w, { ...meta, via: [...meta.via, label], ...extra });
  };

  if (program === 'cd' || program === 'pushd') {
    const next = changeDir(state, args, w);
    state.oldCwd = state.cwd;
    // Longer than PATH_MAX cannot exist; treating it as unknown also keeps chained cd linear.
    state.cwd = next !== null && next.length <= MAX_PATH ? next : null;
    return inv;
  }
  if (['export', 'declare', 'typeset', 'local', 'readonly'].includes(program)) {
    // declare -n NAME=OTHER: NAME is a reference to OTHER.
    const nameref = args.some((a) => /^-[a-zA-Z]*n/.test(a.known ?? ''));
    for (const a of args) {
      const m = a.known !== null ? /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(a.known) : null;
      if (m && nameref) state.vars.set(m[1]!, { known: null, ifUnset: OPAQUE, ref: m[2]! });
      else if (m) {
        setVar(state, m[1]!, { known: m[2]!, ifUnset: m[2]! });
        hookVariable(m[1]!, { known: m[2]!, ifUnset: m[2]! }, state, w, meta, true);
      } else if (nameref && a.known === null) markIncomplete(w.out, 'computed');
      else {
        const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(a.ifUnset)?.[1];
        const strip = (t: string) => t.slice(t.indexOf('=') + 1);
        if (name) setVar(state, name, { known: null, ifUnset: strip(a.ifUnset), possible: a.possible.map((p) => ({ ...p, text: strip(p.text) })) });
      }
    }
    return inv;
  }
  if (program === 'unset') {
    for (const a of args) if (a.known) state.vars.delete(a.known);
    return inv;
  }
  if (program === 'set') {
    setBuiltin(args, state);
    return inv;
  }
  if (program === 'printf' && args[0]?.known === '-v' && args[1]) {
    // printf -v NAME FORMAT ARGS: NAME gets the text printf would print.
    const rest = args.slice(2).map((a) => a.known);
    const text = rest.every((t) => t !== null) && rest.length > 0 ? printfText(rest[0]!, rest.slice(1) as string[]) : null;
    if (args[1].known === null) markIncomplete(w.out, 'computed');
    else setVar(state, args[1].known, text !== null ? { known: text, ifUnset: text } : { known: null, ifUnset: OPAQUE });
    return inv;
  }
  if (program === 'read' || program === 'mapfile' || program === 'readarray') {
    // The variables read gets are what its stdin says: a here-string or heredoc the line fixes, else unknown.
    const names = args.filter((a, i) => a.known !== null && !a.known.startsWith('-') && !readOptionValue(program, args[i - 1]?.known ?? null));
    const line = program === 'read' && names.length === 1 && inv.stdinText !== null ? inv.stdinText.split('\n')[0]!.trim() : null;
    // Input nobody can see is any text, the paths that matter included: an unknown value. The names
    // find prints under a filter (`find . -name x | while read -r d`) stay unjudged, as xargs's are.
    const producer = inv.pipeFrom;
    const fromFind = producer?.program === 'find' && producer.args.some((a) => /^-i?(?:name|path|wholename|regex)$/.test(a.known ?? ''));
    for (const n of names)
      setVar(
        state,
        n.known!,
        line !== null && args.some((a) => a.known === '-r')
          ? { known: line, ifUnset: line }
          : fromFind
            ? { known: null, ifUnset: OPAQUE }
            : unknownVar(`$${n.known} is read from input the command line does not show`),
      );
    return inv;
  }
  if (program === 'ln') {
    const pos = positional(args);
    if (args.some((a) => /^-[a-zA-Z]*s/.test(a.known ?? '')) && pos.length === 2) recordAlias(w, state, pos[1]!, pos[0]!);
    return inv;
  }
  if (program === 'cp' || program === 'mv' || program === 'install') {
    const pos = positional(args);
    if (pos.length === 2) recordAlias(w, state, pos[1]!, pos[0]!);
    return inv;
  }
  if (program === 'env') return resolveEnv(inv, args, state, w, meta, inner);
  if (program === 'command' && args.some((a) => a.known === '-v' || a.known === '-V')) return inv;
  // npx -c 'cmd', npm exec -c 'cmd' (also --call): the string is a command line.
  if (['npx', 'pnpx', 'bunx'].includes(program) || (program === 'npm' && ['exec', 'x'].includes(args[0]?.known ?? ''))) {
    const at = args.findIndex((a) => a.known === '-c' || a.known === '--call' || (a.known ?? '').startsWith('--call='));
    if (at >= 0) {
      const v = args[at]!.known!.startsWith('--call=') ? syntheticValue(args[at]!.known!.slice(7)) : args[at + 1];
      inv.wrapper = true;
      if (v && v.known === null) computedScript(inv, [v], w);
      else if (v?.known) walkSource(v.known, cloneState(state), w, meta, `${program} -c`);
      return inv;
    }
  }
  // Programs that run a command in another environment or under a secret injector (elsewhere.ts).
  const elsewhere = launched(program, args);
  if (elsewhere) return runLaunched(inv, elsewhere, state, w, meta);
  const launcher = launcherFor(program);
  // A launcher that also takes command strings (gdb --args … and -ex 'shell …') reads both.
  if (launcher && launch(inv, launcher, state, w, meta) && !Object.hasOwn(COMMAND_STRINGS, program)) return inv;
  const wrapper = WRAPPERS[program];
  if (wrapper) {
    const rest = skipOptions(args, wrapper.argOpts, wrapper.leadingArgs ?? 0);
    if (program === 'sudo' && args.some((a) => a.known === '-e' || a.known === '--edit' || a.known === '-l' || a.known === '--list')) return inv;
    return inner(rest, program) ?? inv;
  }
  if (SHELLS.has(program)) return resolveShell(inv, program, args, state, w, meta);
  if (program === 'powershell' || program === 'pwsh' || program === 'cmd') return resolveWindowsShell(inv, program, args, state, w, meta);
  if (isPowerShellCmdlet(program)) {
    // PowerShell labelled as Bash (some hosts do): read this command as PowerShell.
    inv.wrapper = true;
    walkSource(translatePowerShell(argv.map((a) => a.word.raw).join(' ')), state, w, meta, 'powershell');
    return inv;
  }
  if (program === 'eval') {
    if (args.every((a) => a.known !== null)) walkSource(args.map((a) => a.known).join(' '), state, w, meta, 'eval', null, false, inv);
    else computedScript(inv, args, w);
    return inv;
  }
  if (program === 'watch') {
    const rest = skipOptions(args, ['-n', '-d', '--interval', '--differences'], 0);
    if (rest.length > 0 && rest.every((a) => a.known !== null)) {
      inv.wrapper = true;
      walkSource(rest.map((a) => a.known).join(' '), cloneState(state), w, meta, 'watch');
    }
    return inv;
  }
  if (program === 'xargs') {
    const rest = skipOptions(
      args,
      ['-I', '-L', '-n', '-P', '-d', '-E', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--replace', '--max-lines'],
      0,
    );
    // xargs -a <(echo ~), --arg-file=<(find …): the items come from the process substitution, not stdin.
    const fileAt = args.findIndex((a) => a.known === '-a' || a.known === '--arg-file');
    const argFile = fileAt >= 0 ? args[fileAt + 1] : undefined;
    const fromFile = argFile ? procsubOf(argFile.word, '<')[0] : undefined;
    const source = argFile ? ((fromFile && w.producers.get(fromFile)) ?? null) : meta.pipeFrom;
    const roots = source && source.program === 'find' ? findStartingPoints(source.args) : meta.findRoots;
    // Items piped in by echo/printf become arguments (with -I, they replace the placeholder).
    // Items piped in by echo/printf, or given as a here-string (xargs … <<< ~), become arguments.
    const piped = pipedItems(source);
    const items =
      piped.length > 0 || inv.stdinText === null || source || argFile
        ? piped
        : inv.stdinText
            .split(/\s+/)
            .filter(Boolean)
            .map((t) => syntheticValue(t));
    const iAt = args.findIndex((a) => a.known === '-I' || a.known === '--replace' || (a.known ?? '').startsWith('-I'));
    const placeholder =
      iAt < 0 ? null : args[iAt]!.known === '-I' || args[iAt]!.known === '--replace' ? (args[iAt + 1]?.known ?? '{}') : args[iAt]!.known!.slice(2);
    let cmd = rest.length > 0 ? rest : [syntheticValue('echo')];
    if (placeholder && items.length === 0 && (source || argFile || inv.stdinText === null)) {
      // Items nobody can tell (`ls -A ~ | xargs -I% rm -rf ~/%`): each is some name, never empty and
      // never assumed harmless; the word is judged as if the placeholder matched every name there.
      // A word that is the placeholder alone is the item itself (other rules judge `sh -c {}`).
      cmd = cmd.map((v) => (v.known !== placeholder && v.known?.includes(placeholder) ? xargsUnknownItem(v, placeholder) : v));
      // `ls -d ~ | xargs -I{} rm -rf {}`: a deleter given the item itself, from output nobody can see.
      if (unseenItems(source, cmd))
        cmd = cmd.map((v) =>
          v.known === placeholder ? unknownValue(v.word, `${placeholder} is a line of xargs's input, which the command line does not show`) : v,
        );
    } else if (items.length === 0 && unseenItems(source, cmd)) {
      // `ls -d ~ | xargs rm -rf`: the deleter's targets are that output.
      cmd = [...cmd, unknownValue(syntheticValue('{}').word, "xargs's input, which the command line does not show, gives the paths")];
    } else if (items.length > 0) {
      // -I{} replaces the placeholder inside words too (sh -c 'rm -rf {}'); one run per item.
      if (placeholder)
        cmd = cmd.flatMap((v) =>
          v.known === placeholder
            ? items
            : v.known?.includes(placeholder)
              ? items.map((it) => (it.known === null ? it : syntheticValue(v.known!.split(placeholder).join(it.known))))
              : [v],
        );
      else cmd = [...cmd, ...items];
    }
    return inner(cmd, 'xargs', { findRoots: roots }) ?? inv;
  }
  if (program === 'parallel') {
    // parallel CMD ::: ARGS (each ARG appended), or parallel ::: CMD… (each argument a command line).
    const sep = args.findIndex((a) => a.known === ':::' || a.known === '::::');
    const cmd = skipOptions(
      sep >= 0 ? args.slice(0, sep) : args,
      ['-j', '--jobs', '-S', '--sshlogin', '--joblog', '--results', '-N', '--delay', '--timeout', '--tmpdir', '-a', '--arg-file'],
      0,
    );
    // Without ::: the items are stdin's lines: echo/printf or a here-string the line fixes, else unknown names.
    const fromStdin = sep < 0 && !args.some((a) => a.known === '-a' || a.known === '--arg-file');
    const piped = fromStdin ? pipedItems(inv.pipeFrom) : [];
    const stdinItems =
      piped.length > 0
        ? piped
        : fromStdin && inv.stdinText !== null
          ? inv.stdinText
              .split('\n')
              .filter((t) => t.trim() !== '')
              .slice(0, 64)
              .map((t) => syntheticValue(t.trim()))
          : fromStdin && inv.pipeFrom && inv.pipeFrom.program !== 'find'
            ? [unknownValue(syntheticValue('{}').word, "{} is a line of parallel's input, which the command line does not show")]
            : [];
    const items = sep >= 0 && args[sep]!.known === ':::' ? args.slice(sep + 1).filter((a) => a.known !== ':::') : stdinItems;
    if (cmd.length === 0) {
      for (const it of items) if (it.known !== null) walkSource(it.known, cloneState(state), w, meta, 'parallel');
      const computed = items.filter((it) => it.known === null);
      if (computed.length > 0) computedScript(inv, computed, w);
      inv.wrapper = items.length > 0;
      return inv;
    }
    const first = cmd.findIndex((v) => v.known === '{}');
    // `find … | parallel rm -rf`: the items are found under find's starting points, as with xargs.
    const roots = fromStdin && inv.pipeFrom?.program === 'find' ? { findRoots: findStartingPoints(inv.pipeFrom.args) } : {};
    return inner(first >= 0 ? cmd.flatMap((v) => (v.known === '{}' ? items : [v])) : [...cmd, ...items], 'parallel', roots) ?? inv;
  }
  // trap 'cmd' SIGNAL…: the command runs when the signal (or EXIT) comes, so it is judged now.
  if (program === 'trap') {
    const [action, ...signals] = args;
    if (action && signals.length > 0 && action.known !== '-' && action.known !== '') {
      inv.wrapper = true;
      if (action.known === null) computedScript(inv, [action], w);
      else walkSource(action.known, cloneState(state), w, meta, 'trap');
    }
    return inv;
  }
  // hash -p /bin/rm ls: from now on `ls` runs /bin/rm (kept like an alias).
  if (program === 'hash' && args[0]?.known === '-p' && args[1] && args[2]?.known) {
    if (args[1].known === null) markIncomplete(w.out, 'computed');
    else state.aliases.set(args[2].known, shellQuote(args[1].known));
    return inv;
  }
  // . /dev/stdin <<< '…', source /dev/stdin: the shell runs its stdin.
  if ((program === '.' || program === 'source') && /^\/dev\/(stdin|fd\/0)$/.test(args[0]?.known ?? '') && inv.stdinText !== null) {
    inv.wrapper = true;
    walkSource(inv.stdinText, cloneState(state), w, meta, `${program} /dev/stdin`);
    return inv;
  }
  // source <(echo …): the shell runs the process substitution's output.
  const sourced = (program === '.' || program === 'source') && args[0] ? procsubOf(args[0].word, '<')[0] : undefined;
  const sourcedFrom = sourced ? w.producers.get(sourced) : undefined;
  // (Other producers, `source <(kubectl completion bash)`, are setup code or the network guards' concern.)
  const sourcedText = sourcedFrom ? pipedText(sourcedFrom, w) : null;
  if (sourcedText !== null) {
    inv.wrapper = true;
    walkSource(sourcedText, cloneState(state), w, meta, `${program} <()`);
    return inv;
  }
  if (program === 'alias') {
    for (const a of args) {
      const m = a.known !== null ? /^([A-Za-z0-9_.:-]+)=([\s\S]*)$/.exec(a.known) : null;
      if (m) state.aliases.set(m[1]!, m[2]!);
    }
    return inv;
  }
  if (program === 'find') {
    resolveFindExec(args, state, w, meta);
    return inv;
  }
  if (['uv', 'poetry', 'pipenv', 'pdm', 'hatch', 'rye'].includes(program) && args[0]?.known === 'run') {
    return (
      inner(skipOptions(args.slice(1), ['--with', '--python', '-p', '--env', '-e', '--directory', '--project', '--group', '--extra'], 0), `${program} run`) ??
      inv
    );
  }
  if (program === 'bundle' && args[0]?.known === 'exec') return inner(args.slice(1), 'bundle exec') ?? inv;
  // at and batch read the commands to schedule from stdin.
  if ((program === 'at' || program === 'batch') && inv.stdinText !== null && !args.some((a) => a.known === '-f' || a.known === '-l' || a.known === '-r')) {
    inv.wrapper = true;
    walkSource(inv.stdinText, cloneState(state), w, meta, program);
    return inv;
  }
  const carried = Object.hasOwn(COMMAND_STRINGS, program) ? commandStrings(program, args) : program === 'git' ? gitCommandStrings(args) : [];
  if (carried.length > 0) {
    // Only hyperfine, concurrently and watchexec are wrappers (their operands are the command): git
    // and ssh still act themselves (guards skip wrappers), vim -c '!ls' .env still opens .env.
    const operands = COMMAND_STRINGS[program]?.operands;
    if (operands === 'each' || operands === 'joined') inv.wrapper = true;
    for (const { value, label } of carried) {
      const text = value.known === null ? null : shellPartOf(program, value.known);
      if (text === '') continue;
      if (text === null && value.known !== null) markIncomplete(w.out, 'computed');
      else if (text === null && SQL_SHELLS.has(program) && value.word.parts.every((p) => p.type === 'lit' || p.type === 'param')) {
        // SQL with variables in it (`psql -c "SELECT * FROM $T"`): the meta-commands that run a shell
        // are read from the written text; a variable's value is the user's environment, not new
        // program text (a command substitution, which can be anything, stays computed).
        const written = shellPartOf(program, value.ifUnset);
        if (written) walkSource(written, cloneState(state), w, meta, label);
      } else if (text === null) computedScript(inv, [value], w);
      else {
        const st = cloneState(state);
        // The remote side's folder is not ours, nor are its files; what it prints, ssh prints.
        const remote = program === 'ssh' && label === 'ssh';
        if (remote) {
          st.cwd = null;
          st.elsewhere = 'ssh';
          st.mounts = undefined;
          delete st.container;
        }
        // script -c CMD runs CMD on a terminal fed by script's own stdin (curl … | script -qc bash /dev/null).
        walkSource(text, st, w, meta, label, null, program === 'script', remote ? inv : undefined);
      }
    }
  }

  // ed, and ex or vim -e, reading their commands on stdin: `!cmd` (also `r !cmd`, `w !cmd`, `e !cmd`) runs a shell command.
  if (inv.stdinText !== null && (program === 'ed' || program === 'ex' || (VIS.has(program) && args.some((a) => /^-[a-zA-Z]*[eE]/.test(a.known ?? ''))))) {
    const lines = inv.stdinText.split('\n');
    work(lines.length);
    for (const line of lines) {
      const m = ED_SHELL.exec(line);
      if (m?.[1]?.trim()) walkSource(m[1], cloneState(state), w, meta, `${program} !`);
    }
  }
  // psql/mysql/sqlite3 reading their script from stdin: its meta-commands that run a shell.
  if (SQL_SHELLS.has(program) && inv.stdinText !== null) {
    const text = shellPartOf(program, inv.stdinText);
    if (text) walkSource(text, cloneState(state), w, meta, `${program} stdin`);
  }
  if (program === 'sed' || program === 'gsed') {
    const run = sedExecutes(args, inv.stdinText);
    if (run === null) markIncomplete(w.out, 'computed');
    else if (run) walkSource(run, cloneState(state), w, meta, 'sed e');
  }

  // Interpreter one-liners that shell out: python -c "os.system('…')", perl -e "system(q{…})", …
  // Code that reaches a dangerous operation with a computed value cannot be judged: unanalysable.
  const code = interpreterProgram(inv);
  // awk '{system($0)}' <<< 'cmd': each input line is run; the input is the line's own text.
  if (
    code &&
    code.lang === 'awk' &&
    inv.stdinText !== null &&
    AWK_RUNS_LINES.test(code.code) &&
    !AWK_OTHER_SYSTEM.test(code.code.replace(AWK_RUNS_LINES, ''))
  ) {
    walkSource(inv.stdinText, cloneState(state), w, meta, 'awk system($0)');
  } else if (code) {
    const reading = readCode(code.lang, code.code);
    for (const s of reading.shell) walkSource(s, cloneState(state), w, meta, `${program} shell-out`);
    if (reading.opaque !== null && w.out.opaqueCode === null) {
      w.out.opaqueCode = `${program} code ${reading.opaque}`;
      markIncomplete(w.out, 'code');
    }
  }
  // A shell fed a script on stdin (bash <<EOF, echo … | sh) was handled above; other interpreters reading
  // their program from stdin are handled by the guards that care (interpreterCode covers them).
  embeddedShell(inv, state, w, meta);
  if (carried.length === 0 && !code && program !== '' && !knownProgram(program)) commandsInArguments(inv, state, w, meta);
  else if (carried.length === 0 && !code && signatureRuns(program) && !HANDLED.has(program)) {
    // A signature row with an `exec` role (dotenv -- CMD, direnv exec . CMD): CMD runs here, judged as a command.
    const words = execArgv(inv);
    if (words) {
      inv.wrapper = true;
      resolve(words, state, w, { ...meta, via: [...meta.via, program] });
    }
  }
  return inv;
}

/** Programs resolve() or the tables know: their arguments are judged by what they are, not by the default below. */
const HANDLED = new Set([
  'cd',
  'pushd',
  'popd',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
  'unset',
  'set',
  'read',
  'mapfile',
  'readarray',
  'ln',
  'cp',
  'mv',
  'install',
  'env',
  'eval',
  'watch',
  'xargs',
  'parallel',
  'trap',
  'source',
  '.',
  'alias',
  'find',
  'uv',
  'poetry',
  'pipenv',
  'pdm',
  'hatch',
  'rye',
  'bundle',
  'at',
  'batch',
  'sed',
  'gsed',
  'exec',
  'git',
]);

function knownProgram(name: string): boolean {
  return (
    HANDLED.has(name) ||
    NAME_BUILTINS.has(name) ||
    SHELLS.has(name) ||
    Object.hasOwn(WRAPPERS, name) ||
    Object.hasOwn(COMMAND_STRINGS, name) ||
    Object.hasOwn(INTERPRETER_FLAGS, name) ||
    AWKS.has(name) ||
    describedProgram(name)
  );
}

/** Shell builtins: a launcher cannot exec them, so as an argument they are a word, not a command (`bore local -t …`). */
const BUILTINS = new Set(
  [...HANDLED]
    .filter(
      (n) =>
        ![
          'env',
          'watch',
          'xargs',
          'parallel',
          'find',
          'uv',
          'poetry',
          'pipenv',
          'pdm',
          'hatch',
          'rye',
          'bundle',
          'at',
          'batch',
          'sed',
          'gsed',
          'git',
          'cp',
          'mv',
          'ln',
          'install',
        ].includes(n),
    )
    .concat([...NAME_BUILTINS]),
);

/**
 * A program name that starts a command (`sh`, `rm`): the head of a command line inside an argument
 * list. As an unknown program's first argument a known name is as often its subcommand (`xml ed`,
 * `duc ls`), so there only what runs another program or destroys counts: a shell, a wrapper, an
 * interpreter, a deleter (rm, shred, rimraf: derived from the signatures), a program of the destroy
 * table (`tsh kubectl delete …`, `foo terraform destroy`).
 */
function commandHead(v: Value | undefined, first: boolean, shell: boolean): boolean {
  const t = v?.known;
  if (!t || t.startsWith('-') || t.includes('=')) return false;
  const name = programName(v);
  if (name === '' || !knownProgram(name) || (!shell && BUILTINS.has(name))) return false;
  if (!first) return true;
  return SHELLS.has(name) || Object.hasOwn(WRAPPERS, name) || Object.hasOwn(INTERPRETER_FLAGS, name) || deletingProgram(name) || destroyTableProgram(name);
}

/** At most this many command lines are looked for in one unknown program's arguments, and on the whole line: the
 *  found ones may hold unknown programs again (`foo x env foo x env …`), so without the line's cap it would grow
 *  exponentially. Past it the line is unanalysable. */
const MAX_ARGUMENT_COMMANDS = 8;
const MAX_LINE_ARGUMENT_COMMANDS = 64;

/**
 * The conservative default for a program the analysis does not know (issue #13): an argument list
 * that contains a command line is an execution of it. Every run of arguments that starts with a
 * known program (`screen -dmS x sh -c …`, `foo run rm -rf ~`) is walked as that command, and so is
 * one argument with blanks whose first word is a known program (`foo --exec 'rm -rf ~'`); option
 * values that are prose (`--message`, `--title`) are not. The guards then judge what was found, so
 * an argument that is a harmless command line (`foo run make test`) changes nothing. A text the
 * analysis cannot see through (`foo 'ls $(pwd)'`) is not counted as unanalysable: it may not be a
 * command at all.
 */
function commandsInArguments(inv: Invocation, state: State, w: Walk, meta: Meta): void {
  const args = inv.args;
  let found = 0;
  for (let i = 0; i < args.length && found < MAX_ARGUMENT_COMMANDS; i++) {
    if (w.argumentCommands.count >= MAX_LINE_ARGUMENT_COMMANDS) {
      markIncomplete(w.out, 'invocations');
      return;
    }
    const a = args[i]!;
    const prev = args[i - 1]?.known ?? '';
    if (PROSE_OPTION.test(prev) || (a.known !== null && PROSE_OPTION.test(a.known.split('=')[0]!) && a.known.includes('='))) continue;
    const t = a.known;
    if (t === null) continue;
    const text = t.includes('=') && t.startsWith('-') ? t.slice(t.indexOf('=') + 1) : t;
    if (/\s/.test(text.trim())) {
      if (!commandHead(syntheticValue(text.trim().split(/\s+/)[0]!), false, true)) continue;
      found++;
      w.argumentCommands.count++;
      const limit = w.out.limit;
      walkSource(text, cloneState(state), w, meta, `${inv.program} argument`);
      if (limit === null && (w.out.limit === 'computed' || w.out.limit === 'code')) w.out.limit = null;
      continue;
    }
    if (!commandHead(a, i === 0, false)) continue;
    const rest = args.slice(i);
    // A lone name is a topic or a package as often as a command (`hf env`, `apt install sudo`), unless
    // it is a shell or an interpreter given this program's piped input (`curl … | foo sh`).
    const lone = programName(a);
    if (rest.length === 1 && !(inv.pipeFrom && (SHELLS.has(lone) || Object.hasOwn(INTERPRETER_FLAGS, lone)))) continue;
    // An interpreter counts with code on the line (`python3 -c …`): `-l python src` names a language.
    const lang = INTERPRETER_FLAGS[programName(a)];
    const next = rest[1]?.known ?? '';
    if (lang && !(lang.flags.includes(next) || lang.bundle?.test(next))) continue;
    // A wrapper runs its operand: `sudo 1.8.27` (a version searched for) runs nothing known.
    const wrapped = WRAPPERS[programName(a)];
    if (wrapped) {
      const target = skipOptions(rest.slice(1), wrapped.argOpts, wrapped.leadingArgs ?? 0)[0];
      if (!target || !(commandHead(target, false, false) || (target.known ?? '').includes('/'))) continue;
    }
    found++;
    w.argumentCommands.count++;
    resolve(rest, state, w, { ...meta, via: [...meta.via, `${inv.program} argument`] });
  }
}

/** AppleScript's `do shell script "…"`, expect's `spawn …` (launchers.ts EMBEDDED_SHELL): walked as shell command lines. */
function embeddedShell(inv: Invocation, state: State, w: Walk, meta: Meta): void {
  const row = EMBEDDED_SHELL.find((r) => r.names.includes(inv.program));
  if (!row) return;
  let found = 0;
  for (const a of inv.args) {
    if (a.known === null || a.known.length > MAX_EMBEDDED_SCRIPT) continue;
    // Statement by statement (split first, so the pattern is anchored and linear).
    for (const part of row.split ? a.known.split(row.split) : [a.known]) {
      for (const m of part.matchAll(row.pattern)) {
        if (found++ >= MAX_ARGUMENT_COMMANDS) return;
        const text = inv.program === 'osascript' ? m[1]!.replace(/\\(.)/g, '$1') : m[1]!;
        walkSource(text, cloneState(state), w, meta, `${inv.program} script`);
      }
    }
  }
}
const MAX_EMBEDDED_SCRIPT = 64 * 1024;

/** A launcher (launchers.ts): the command it runs, resolved as a command of its own. False when `inv` is not this launcher (another subcommand). */
function launch(inv: Invocation, l: Launcher, state: State, w: Walk, meta: Meta): boolean {
  let args = inv.args;
  if (l.sub) {
    const at = skipOptions(args, l.argOpts, 0);
    if (!l.sub.includes(at[0]?.known ?? '')) return false;
    args = at.slice(1);
  }
  let rest: Value[] | null = null;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) break;
    const name = t.includes('=') ? t.slice(0, t.indexOf('=')) : t;
    if (l.programOpts?.includes(name)) {
      const prog = t.includes('=') ? syntheticValue(t.slice(t.indexOf('=') + 1)) : args[i + 1];
      const dash = args.findIndex((a) => a.known === '--');
      if (prog) rest = [prog, ...(dash >= 0 ? args.slice(dash + 1) : [])];
      break;
    }
    if (l.commandOpts?.includes(name)) {
      const v = t.includes('=') ? syntheticValue(t.slice(t.indexOf('=') + 1)) : args[i + 1];
      if (v) rest = [v];
      break;
    }
    if (l.commandAfter?.includes(t)) {
      rest = args.slice(i + 1);
      break;
    }
    if (t === '--' || !t.startsWith('-') || t === '-') {
      if (l.onlyAfter) continue; // operands before -e/--command are not the command (nix shell PKG --command …)
      const from = t === '--' ? i + 1 : i;
      // Leading operands (flock's lock file), then a commandOpts option may still follow (flock LOCK -c CMD).
      const after = args.slice(from + (l.leading ?? 0));
      const opt = after[0]?.known;
      if (opt && l.commandOpts?.includes(opt)) rest = after.slice(1, 2);
      else rest = skipOptions(after, l.argOpts, 0);
      break;
    }
    if (l.argOpts.includes(name) && !t.includes('=')) i++;
  }
  if (!rest || rest.length === 0) return true;
  inv.wrapper = true;
  // entr's `/_`: a name read on stdin, from echo/printf or a here-string when the line fixes them, else unknown.
  const placeholder = l.placeholder;
  if (placeholder && rest.some((v) => v.known === placeholder)) {
    const piped = pipedItems(inv.pipeFrom);
    const items =
      piped.length > 0 ? piped : inv.stdinText !== null && inv.stdinText.trim() !== '' ? [syntheticValue(inv.stdinText.split('\n')[0]!.trim())] : [];
    const item =
      items.length === 1
        ? items[0]!
        : unknownValue(rest.find((v) => v.known === placeholder)!.word, `${placeholder} is a file ${inv.program} reads on its input`);
    rest = rest.map((v) => (v.known === placeholder ? item : v));
  }
  const only = rest.length === 1 ? rest[0]! : null;
  if (only && only.known === null) computedScript(inv, [only], w);
  else if (only && /\s/.test(only.known!.trim())) walkSource(only.known!, cloneState(state), w, meta, inv.program, null, true);
  else resolve(rest, state, w, { ...meta, via: [...meta.via, inv.program] });
  return true;
}

/**
 * A program this line copied or linked under another name (`cp /bin/rm /tmp/ls; /tmp/ls -rf ~`), or
 * a name looked up on a PATH this line changed to reach a file it wrote or copied there
 * (`printf … > /tmp/ls; PATH=/tmp:$PATH ls`): what runs is not what the name says.
 */
function renamedProgram(word: Value, state: State, w: Walk, meta: Meta): boolean {
  const name = word.known;
  if (name === null || name === '') return false;
  if (name.includes('/')) {
    if (!isAbsolutePath(name) && !name.startsWith('~') && !state.cwd) return false;
    const path = resolvePath(state.cwd ?? '/', name, w.out.home);
    const original = w.out.aliases.get(path);
    return original !== undefined && basename(original) !== basename(path);
  }
  if (w.written.size === 0 && w.out.aliases.size === 0) return false;
  const path = meta.assigns.get('PATH') ?? state.vars.get('PATH');
  if (!path) return false;
  for (const dir of (path.known ?? path.ifUnset).split(':')) {
    if (dir === '' || dir.includes(OPAQUE) || (!isAbsolutePath(dir) && !state.cwd)) continue;
    const candidate = resolvePath(state.cwd ?? '/', `${dir}/${name}`, w.out.home);
    const original = w.out.aliases.get(candidate);
    if (w.written.has(candidate) || (original !== undefined && basename(original) !== name)) return true;
  }
  return false;
}

/** `set -- a b` (the positional parameters), `set -x` / `set -o xtrace` / `set -v` (tracing on; `+x` off). */
function setBuiltin(args: Value[], state: State): void {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) return;
    if (t === '--' || !/^[-+]/.test(t)) {
      const list = t === '--' ? args.slice(i + 1) : args.slice(i);
      state.params = [state.params?.[0] ?? syntheticValue('bash'), ...list];
      return;
    }
    if (t === '-o' || t === '+o') {
      const opt = args[++i]?.known;
      if (opt === 'xtrace' || opt === 'verbose') state.xtrace = t === '-o';
      continue;
    }
    if (/[xv]/.test(t.slice(1))) state.xtrace = t.startsWith('-');
    if (t.endsWith('o') && t.length > 2) i++; // -euo pipefail
  }
}

function resolveEnv(
  inv: Invocation,
  args: Value[],
  state: State,
  w: Walk,
  meta: Meta,
  inner: (rest: Value[], label: string, extra?: Partial<Meta>) => Invocation | null,
): Invocation {
  let i = 0;
  let cwd = state.cwd;
  const assigns = new Map(meta.assigns);
  while (i < args.length) {
    const a = args[i]!.known ?? '';
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-S' || a === '--split-string' || /^-S.|^--split-string=/.test(a)) {
      const attached = a.startsWith('--split-string=') ? a.slice(15) : a.startsWith('-S') && a.length > 2 ? a.slice(2) : null;
      const script = [...(attached !== null ? [attached] : []), ...args.slice(i + 1).map((x) => x.known ?? '')].join(' ');
      inv.wrapper = true;
      walkSource(script, cloneState(state), w, meta, 'env -S');
      return inv;
    }
    if (a === '-C' || a === '--chdir' || a.startsWith('--chdir=') || (a.startsWith('-C') && a.length > 2)) {
      const attached = a.startsWith('--chdir=') ? a.slice(8) : a.startsWith('-C') && a.length > 2 ? a.slice(2) : null;
      const dir = attached ?? args[i + 1]?.known;
      cwd = dir && cwd ? resolvePath(cwd, dir, w.out.home) : dir && isAbsolutePath(dir) ? resolvePath('/', dir, w.out.home) : null;
      i += attached !== null ? 1 : 2;
      continue;
    }
    if (a === '-u' || a === '--unset') {
      i += 2;
      continue;
    }
    if (a.startsWith('-')) {
      i++;
      continue;
    }
    // NAME=value, also when the value is computed (env -i PATH="$PATH" npm test).
    const text = args[i]!.known ?? args[i]!.ifUnset;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(text);
    if (m) {
      const value = text.slice(m[0].length);
      assigns.set(m[1]!, args[i]!.known !== null ? { known: value, ifUnset: value } : { known: null, ifUnset: value });
      i++;
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return inv;
  const saved = state.cwd;
  state.cwd = cwd;
  const result = inner(rest, 'env', { assigns });
  state.cwd = saved;
  return result ?? inv;
}

function resolveShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  let list = args;
  if (program === 'busybox' || program === 'toybox') {
    if (!args[0]) return inv;
    if (!SHELLS.has(programName(args[0]))) {
      // busybox rm -rf ~, toybox rm -rf ~: every other applet is a program of the same name.
      inv.wrapper = true;
      resolve(args, state, w, { ...meta, via: [...meta.via, program] });
      return inv;
    }
    list = args.slice(1);
  }
  let hasC = false;
  let hasS = false;
  // SHELLOPTS=xtrace in the shell's environment turns tracing on as -x does.
  let xtrace = state.xtrace || /(?:^|:)xtrace(?::|$)/.test(meta.assigns.get('SHELLOPTS')?.known ?? '');
  let i = 0;
  for (; i < list.length; i++) {
    const a = list[i]!.known;
    if (a === null) break;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (/^-[a-zA-Z]+$/.test(a) || /^\+[a-zA-Z]+$/.test(a)) {
      if (a.startsWith('-') && a.includes('c')) hasC = true;
      if (a.startsWith('-') && a.includes('s')) hasS = true;
      if (a.startsWith('-') && /[xv]/.test(a)) xtrace = true;
      // -o NAME and -O NAME take the next word, inside a cluster too (`bash -euo pipefail -c …`).
      for (let n = (a.match(/[oO]/g) ?? []).length; n > 0; n--) {
        if (a.startsWith('-') && list[i + 1]?.known === 'xtrace') xtrace = true;
        i++;
      }
      continue;
    }
    if (a.startsWith('--')) {
      if (a === '--rcfile' || a === '--init-file') i++;
      continue;
    }
    break;
  }
  // sh -s ARGS: the words are its arguments; the script comes on stdin.
  const first = hasS && !hasC ? undefined : list[i];
  if (hasC) {
    if (!first) return inv;
    if (first.known === null) {
      // bash -c "$(cat setup.sh)": the script is the file's text, which the scripts guard reads.
      const file = catFile(first.word, state, w);
      if (file && inProject(file, state, w)) inv.scriptFiles = [file];
      else computedScript(inv, [first], w);
      return inv;
    }
    inv.wrapper = true;
    // sh -c 'script' arg0 arg1 …: $0 is arg0, $1 arg1, …
    const st = cloneState(state);
    st.params = [list[i + 1] ?? syntheticValue(program), ...list.slice(i + 2)];
    st.xtrace = xtrace;
    // Under find -exec (`sh -c 'cat "$1"' _ {}`), the `{}` the script is given still stands for each file found.
    const found = meta.findRoots && list.slice(i + 1).some((a) => a.known === '{}') ? meta.findRoots : null;
    walkSource(first.known, st, w, meta, `${program} -c`, found, true, inv);
    return inv;
  }
  // bash <(echo …): the script file is a process substitution's output.
  const fromProcsub = first && !hasC ? procsubOf(first.word, '<')[0] : undefined;
  const producer = fromProcsub ? w.producers.get(fromProcsub) : undefined;
  const script = first ? (producer ? pipedText(producer, w) : null) : inv.stdinText;
  if (script !== null) {
    inv.wrapper = true;
    const st = cloneState(state);
    st.xtrace = xtrace;
    // The heredoc or here-string the shell read its script from is spent: its commands do not inherit it.
    const redirects = first ? meta.redirects : meta.redirects.filter((r) => !(r.op.startsWith('<<') && (r.fd ?? 0) === 0));
    walkSource(script, st, w, { ...meta, redirects }, `${program} ${first ? '<()' : 'stdin'}`, null, false, inv);
    return inv;
  }
  if (first && !fromProcsub) return inv;
  // The script comes from a pipe, a here-string or <( ) whose text the line does not fix.
  const files = scriptFilesOf(inv, producer ?? meta.pipeFrom, state, w);
  if (files?.every((f) => inProject(f, state, w))) inv.scriptFiles = files;
  else if (files || fromProcsub || meta.pipeFrom || inv.redirects.some((r) => r.op === '<<<')) {
    // `printf "$X" | sh`, `sed … | sh`, `sh <<< "$(…)"`, `cat /tmp/x | sh`: a program nobody can read
    // now. (A download is the network guard's to judge, in the mode it is given: `curl … | sh`.)
    inv.dynamicScript = true;
    if (!fromDownload(producer ?? meta.pipeFrom)) markIncomplete(w.out, 'computed');
  }
  return inv;
}

/**
 * A file the project holds: its text on disk is what runs (the scripts guard reads it, and sees what
 * the line writes into it first). A file elsewhere is text nobody here vouches for.
 */
function inProject(file: Value, state: State, w: Walk): boolean {
  const t = file.known;
  if (t === null || (!isAbsolutePath(t) && !t.startsWith('~') && !state.cwd)) return false;
  const path = resolvePath(state.cwd ?? '/', t, w.out.home);
  return path === w.projectDir || path.startsWith(`${w.projectDir}/`);
}

/** The file of a word that is exactly `$(cat FILE)` or `$(< FILE)`, FILE fixed by the line. */
function catFile(word: Word, state: State, w: Walk): Value | null {
  const only = word.parts.length === 1 ? word.parts[0]! : null;
  if (only?.type !== 'cmdsub') return null;
  const items = only.script.items;
  const cmd = items.length === 1 && items[0]!.pipeline.commands.length === 1 ? items[0]!.pipeline.commands[0]! : null;
  if (cmd?.type !== 'simple' || cmd.assigns.length > 0) return null;
  const words = cmd.words;
  let file: Word | null = null;
  if (words.length === 2 && literalText(words[0]!) === 'cat' && cmd.redirects.length === 0) file = words[1]!;
  else if (words.length === 0 && cmd.redirects.length === 1 && cmd.redirects[0]!.op === '<') file = cmd.redirects[0]!.target;
  if (!file) return null;
  const v = evalWord(file, state, w);
  return v.known !== null && !v.known.startsWith('-') && !v.glob ? v : null;
}

/** The files a shell's stdin script is the text of: `cat f g | sh`, `sh <<< "$(cat f)"`, `sh < <(cat f)`. */
function scriptFilesOf(inv: Invocation, producer: Invocation | null | undefined, state: State, w: Walk): Value[] | null {
  const here = inv.redirects.find((r) => r.op === '<<<');
  if (here?.target) {
    const file = catFile(here.target.word, state, w);
    return file ? [file] : null;
  }
  if (producer?.program !== 'cat' || producer.args.length === 0) return null;
  return producer.args.every((a) => a.known !== null && !a.known.startsWith('-') && !a.glob) ? producer.args : null;
}

function resolveWindowsShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  const known = args.map((a) => a.known);
  if (program === 'cmd') {
    const i = known.findIndex((a) => a !== null && /^\/[ck]$/i.test(a));
    if (i < 0) return inv;
    const rest = known.slice(i + 1);
    if (rest.some((a) => a === null)) computedScript(inv, args.slice(i + 1), w);
    else {
      inv.wrapper = true;
      walkSource(translateCmd(rest.join(' ')), cloneState(state), w, meta, 'cmd /c');
    }
    return inv;
  }
  const i = known.findIndex((a) => a !== null && /^-(c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand)$/i.test(a));
  if (i < 0) return inv; // -File script.ps1 and friends run a file
  const rest = known.slice(i + 1);
  if (rest.some((a) => a === null)) {
    computedScript(inv, args.slice(i + 1), w);
    return inv;
  }
  let script = rest.join(' ');
  if (/^-e/i.test(known[i]!)) script = Buffer.from(script, 'base64').toString('utf16le');
  inv.wrapper = true;
  walkSource(translatePowerShell(script), cloneState(state), w, meta, `${program} -Command`);
  return inv;
}

function resolveFindExec(args: Value[], state: State, w: Walk, meta: Meta): void {
  const roots = findStartingPoints(args);
  const names = args
    .map((a, i) => (['-name', '-iname'].includes(a.known ?? '') ? (args[i + 1]?.known ?? null) : null))
    .filter((n): n is string => n !== null && !/[*?[]/.test(n));
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!.known;
    if (flag !== '-exec' && flag !== '-execdir' && flag !== '-ok' && flag !== '-okdir') continue;
    let j = i + 1;
    const cmd: Value[] = [];
    while (j < args.length && args[j]!.known !== ';' && args[j]!.known !== '+') {
      const a = args[j]!;
      // {} stands for each file found; with a single literal -name it is that file name.
      cmd.push(a.known === '{}' ? syntheticValue(names.length === 1 ? names[0]! : '{}') : a);
      j++;
    }
    i = j;
    if (cmd.length > 0) resolve(cmd, state, w, { ...meta, via: [...meta.via, `find ${flag}`], findRoots: roots });
  }
}

function changeDir(state: State, args: Value[], w: Walk): string | null {
  const target = positional(args)[0];
  if (!target) return w.out.home;
  if (target.known === '-') return state.oldCwd;
  if (target.known === null) {
    // `cd $UNSET` is `cd`, which goes home.
    if (target.ifUnset === '' && !target.word.parts.some((p) => p.type !== 'lit' && 'quoted' in p && p.quoted)) return w.out.home;
    return plausibleDir(state, target, w);
  }
  if (isAbsolutePath(target.known) || target.known.startsWith('~')) return resolvePath('/', target.known, w.out.home);
  return state.cwd ? resolvePath(state.cwd, target.known, w.out.home) : null;
}

/**
 * Where a `cd` to a computed folder plausibly lands, so that what follows is judged there rather than
 * nowhere: a folder the line names however it is reached (`$(git rev-parse --show-toplevel)`), a
 * fresh temporary folder for `$(mktemp -d)` (a path under /tmp that nothing names, so `cd ../..` from
 * it is `/`), and otherwise the project root, where a script's own folder (`$(dirname "$0")`, `$DIR`)
 * or its parent lies: `cd "$(…)" && cat .env` reads the project's .env.
 */
function plausibleDir(state: State, target: Value, w: Walk): string | null {
  const texts = target.possible.map((p) => p.text).filter((t) => t !== '');
  const known = texts.find((t) => (!t.includes(OPAQUE) || t.startsWith(FRESH_TMP)) && isAbsolutePath(t));
  if (known !== undefined) return resolvePath('/', known, w.out.home);
  return state.cwd === null ? null : w.projectDir;
}

/** The assumption a loop variable's plausible values carry ("$d takes each word of its for list"). */
export const LOOP_WORD = 'takes each word of its for list';

/**
 * `for NAME in WORDS`: the words' substitutions run, and NAME holds each word in turn, so the body is
 * judged on every one of them (`for d in ~ /; do rm -rf "$d"; done` deletes your home). A loop over
 * words the line does not fix holds values nobody can know: never empty, never assumed harmless.
 */
function bindLoop(loop: NonNullable<SimpleCommand['loop']>, state: State, w: Walk, meta: Meta): void {
  let vals: Value[];
  if (loop.items === null) vals = state.params ? state.params.slice(1) : [];
  else {
    vals = [];
    for (const word of loop.items) {
      walkSubstitutions(word, state, w, meta.via);
      const v = evalWord(word, state, w);
      const fields = fieldSplit(word, v, state, w);
      if (fields) vals.push(...fields);
      else braceExpand(v, vals);
    }
  }
  const because = `$${loop.name} ${LOOP_WORD}`;
  const possible: Possibility[] = [];
  for (const v of vals) {
    if (possible.length >= MAX_POSSIBLE) break;
    if (v.known !== null) possible.push({ text: v.known, because: [because], unset: [] });
    else
      for (const p of v.possible.length > 0 ? v.possible : [{ text: OPAQUE, because: [], unset: [] }])
        possible.push({ ...p, because: [...p.because, because] });
  }
  const only = vals.length === 1 ? vals[0]! : null;
  const glob = vals.some((v) => v.glob) ? { glob: true as const } : {};
  if (only && only.known !== null) setVar(state, loop.name, { known: only.known, ifUnset: only.known, ...glob });
  else
    setVar(state, loop.name, {
      known: null,
      ifUnset: OPAQUE,
      possible: possible.length > 0 ? possible.slice(0, MAX_POSSIBLE) : [{ text: OPAQUE, because: [], unset: [] }],
      ...glob,
    });
}

function recordAlias(w: Walk, state: State, alias: Value, original: Value): void {
  if (alias.known === null || original.known === null || !state.cwd) return;
  let aliasPath = resolvePath(state.cwd, alias.known, w.out.home);
  const originalPath = resolvePath(state.cwd, original.known, w.out.home);
  if (alias.known.endsWith('/')) aliasPath = `${aliasPath}/${basename(originalPath)}`;
  w.out.aliases.set(aliasPath, originalPath);
}

// ---- words ----

/**
 * The redirections in force for one command: those of the groups, loops and scripts around it, then
 * its own. Every command carries the list (and every variable an inherited heredoc expands), so the
 * model is the commands times what they carry: bounded per command and per line, past which the
 * line is unanalysable, so the work stays linear in the line.
 */
function withRedirects(inherited: EvaluatedRedirect[], own: EvaluatedRedirect[], w: Walk): EvaluatedRedirect[] {
  let all = own.length === 0 ? inherited : inherited.length === 0 ? own : [...inherited, ...own];
  if (all.length > MAX_REDIRECTS) {
    markIncomplete(w.out, 'redirects');
    all = all.slice(0, MAX_REDIRECTS);
  }
  if (all.length === 0 || w.carried.count > MAX_CARRIED) return all.length === 0 ? all : [];
  let weight = 0;
  for (const r of all) weight += 1 + (r.expandedNames?.length ?? 0);
  w.carried.count += weight;
  if (w.carried.count > MAX_CARRIED) {
    markIncomplete(w.out, 'redirects');
    return [];
  }
  work(weight);
  return all;
}

function hereString(redirects: EvaluatedRedirect[]): string | null {
  const h = redirects.find((r) => r.op === '<<<');
  return h?.target?.known ?? null;
}

/**
 * What a producer prints into the pipe, when the line fixes it: echo, printf, cat passing its input
 * on, and the decoders and filters of filters.ts (`… | base64 -d`, `rev`, `tr a-z n-za-m`), each
 * computed from its own input. The texts a line computes this way are bounded together
 * (MAX_FILTERED), so a long chain of filters stays linear; past that the text is unknown.
 */
function pipedText(from: Invocation | null, w: Walk): string | null {
  if (!from) return null;
  const room = Math.min(MAX_COMMAND_LENGTH, MAX_FILTERED - w.filtered.count);
  if (room <= 0) return null;
  const out = filterOutput(
    from.program,
    from.args.map((a) => a.known),
    from.stdinText,
    room,
  );
  if (out !== null) w.filtered.count += out.length;
  return out;
}

/** Characters of piped text the filters may compute for one line. */
const MAX_FILTERED = 1024 * 1024;

// ---- interpreters ----

const VIS = new Set(['vim', 'vi', 'nvim']);
/** An ed/ex command line that runs a shell command: an address, maybe e/r/w, then `!` and the command. */
const ED_SHELL = /^[ \t]*:?(?:[\d.$,;+-]|'[a-z])*(?:[erwW][ \t]*)?!(.*)$/;
const MAX_EXPANSIONS = 256;

function callDefined(inv: Invocation, argv: Value[], state: State, w: Walk, meta: Meta): boolean {
  const name = inv.program;
  if (!name) return false;
  const body = state.functions.get(name);
  const alias = body ? undefined : state.aliases.get(argv[0]?.known ?? '');
  if (!body && alias === undefined) return false;
  let e = expansions.get(w.out);
  if (!e) {
    e = { count: 0, active: new Set() };
    expansions.set(w.out, e);
  }
  if (e.active.has(name)) return false; // recursion: the call itself is what the guards see (fork bombs)
  if (++e.count > MAX_EXPANSIONS) {
    markIncomplete(w.out, 'size');
    return false;
  }
  e.active.add(name);
  inv.wrapper = true;
  if (body) {
    const st = cloneState(state);
    st.params = argv;
    walkCommand(body, st, { ...w, depth: w.depth + 1 }, { ...meta, via: [...meta.via, `function ${name}`] });
  } else {
    walkSource(
      `${alias} ${argv
        .slice(1)
        .map((a) => a.word.raw)
        .join(' ')}`,
      cloneState(state),
      w,
      meta,
      `alias ${name}`,
    );
  }
  e.active.delete(name);
  return true;
}

/** `line` run where `inv` runs (inside the launchers that ran it), or null when it runs here. */
export function relaunched(inv: Invocation, line: string): string | null {
  if (!inv.relaunch?.length) return null;
  let out = line;
  for (let i = inv.relaunch.length - 1; i >= 0; i--) out = `${inv.relaunch[i]}${shellQuote(out)}`;
  return out;
}

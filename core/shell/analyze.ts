// From the syntax tree to what guards ask about: every program that would run, with its arguments
// evaluated as far as the command line itself determines them.
//
// It sees through lists, pipelines, subshells, $( ), backticks, `bash -c`, `eval`, heredocs and
// pipes fed to a shell, transparent wrappers (sudo, env, timeout, xargs, find -exec, …), leading
// assignments, variables assigned earlier on the same line, `cd`, and `ln -s`/`cp` aliases.

import { Scope } from './scope';
import { UNTRANSLATED, type Command, type Limit, type Script, type SimpleCommand, type Word } from './ast';

import { MAX_NESTING, parseShell, type Budget } from './parse';
import { isAbsolutePath, resolvePath } from '../paths';
import { arrayElements, arrayExpansion, braceExpandQuoted, evalRedirect, evalWord, fieldSplit } from './expand';
import {
  baseMeta,
  MAX_COMMAND_LENGTH,
  cloneState,
  markIncomplete,
  MAX_POSSIBLE,
  unknownVar,
  type Meta,
  type Stages,
  type State,
  type VarValue,
  type Walk,
} from './walk-state';
import { braceExpand, literalText } from './words';
import { findStartingPoints, heredocText, procsubOf, readOptionValue } from './arguments';
import { interpreterCode } from './interpreter-args';
import { OutOfTime, withDeadline, work } from '../work';
import { resolve } from './resolve';
import { arithmeticVariables, hookVariable, setVar } from './builtins';
import { mountedValue, relaunched } from './resolve-launch';
import { pipedText } from './script-text';
import { OPAQUE, syntheticValue, UNKNOWN, type EvaluatedRedirect, type Invocation, type Possibility, type ShellAnalysis, type Value } from './model';

// guards/guard-tamper.ts and guards/secret-read.ts still import these from here (other work is
// changing those files now); every other importer takes them from where they live. Drop this line
// once those two do the same.
export { findStartingPoints, interpreterCode, relaunched, syntheticValue, UNKNOWN, type Invocation, type ShellAnalysis, type Value };

export const MAX_INVOCATIONS = 4000;
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
        stages: STAGES,
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

/** How the stages reach each other (walk-state.ts Stages). */
const STAGES: Stages = { walkCommand, walkSource, resolve };

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
  // (Loops, not lists built per command: this runs for every command of a script.)
  const fedByOutput: Script[] = [];
  for (const r of cmd.redirects) if (OUTPUT_OPS.has(r.op) && r.target) fedByOutput.push(...procsubOf(r.target, '>'));
  const writtenArgs: Word[] = [];
  for (const word of cmd.words) if (procsubOf(word, '>').length > 0) writtenArgs.push(word);
  for (const word of writtenArgs) fedByOutput.push(...procsubOf(word, '>'));
  // Substitutions anywhere in the command run first, in the current directory: the words', then the
  // assignments', then the redirections' (a `>(…)` fed by the output waits for the command).
  const fed = (word: Word) =>
    fedByOutput.length > 0 && procsubOf(word, '>').length > 0 && (cmd.redirects.some((r) => r.target === word) || writtenArgs.includes(word));
  for (const word of cmd.words) if (!fed(word)) walkSubstitutions(word, state, w, meta.via);
  for (const a of cmd.assigns) if (!fed(a.value)) walkSubstitutions(a.value, state, w, meta.via);
  for (const r of cmd.redirects) if (r.target && !fed(r.target)) walkSubstitutions(r.target, state, w, meta.via);
  // `sh < <(echo …)`: stdin is the output of the process substitution (the first such redirection's).
  let fromProcsub: Script | undefined;
  for (const r of cmd.redirects) {
    const from = r.op === '<' && (r.fd === null || r.fd === 0) && r.target ? procsubOf(r.target, '<') : NO_SCRIPTS;
    if (from.length > 0) {
      fromProcsub = from[0];
      break;
    }
  }
  const producer = fromProcsub ? (w.producers.get(fromProcsub) ?? null) : null;
  if (producer) meta = { ...meta, pipeFrom: producer, stdinText: null };
  for (const r of cmd.redirects) if (r.heredoc) for (const s of r.heredoc.substitutions) walkNested(s, cloneState(state), w, [...meta.via, '$()'], null);

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
const NO_SCRIPTS: readonly Script[] = [];

/** Files a command's own redirections write (the ones it inherits were noted where they were written). */
function noteWritten(redirects: EvaluatedRedirect[], state: State, w: Walk): void {
  for (const r of redirects) {
    const t = r.target?.known;
    if (t && OUTPUT_OPS.has(r.op) && (state.cwd || isAbsolutePath(t))) w.written.add(resolvePath(state.cwd ?? '/', t, w.out.home));
  }
}

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

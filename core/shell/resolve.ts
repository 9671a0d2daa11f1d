// Resolution: what one command runs, from its argument list. Builtins that change the walk's state
// (cd, declare, read, set, alias), transparent wrappers (sudo, env, timeout, xargs, find -exec, …),
// shells and interpreters given a script, launchers that run a command elsewhere, functions and
// aliases defined earlier on the line. A command line a program runs is walked again through the
// walk's Stages (walk-state.ts), so this file does not import analyze.ts.

import { isAbsolutePath, resolvePath } from '../paths';
import { readCode } from './interpreters';
import { isPowerShellCmdlet, translatePowerShell } from './powershell';
import { launcherFor, signatureRuns } from './launchers';
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
import { launched } from './elsewhere';
import { cloneState, expansions, markIncomplete, type Meta, type State, type Walk } from './walk-state';
import { programName } from './words';
import { findStartingPoints, pipedItems, procsubOf, skipOptions, subscriptSubstitution, unseenItems, xargsUnknownItem } from './arguments';
import { interpreterProgram } from './interpreter-args';
import { work } from '../work';
import { syntheticValue, unknownValue, type Invocation, type Value } from './model';
import { NAME_BUILTINS, arithmeticVariables, renamedProgram, resolveBuiltin } from './builtins';
import { computedScript, pipedText } from './script-text';
import { resolveShell, resolveWindowsShell } from './resolve-shells';
import { HANDLED, commandsInArguments, embeddedShell, knownProgram, launch, resolveFindExec, runLaunched } from './resolve-launch';

/** Wrappers and contexts one command is reached through (sudo, env, bash -c, $( ), …). */
const MAX_WRAPPERS = 64;
export function resolve(argv: Value[], state: State, w: Walk, meta: Meta): Invocation | null {
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
  for (const step of STEPS) {
    const resolved = step(inv, state, w, meta);
    if (resolved !== undefined) return resolved;
  }
  const carried = commandTexts(inv, state, w, meta);
  const code = interpreterCodeRuns(inv, state, w, meta);
  // A shell fed a script on stdin (bash <<EOF, echo … | sh) was handled above; other interpreters reading
  // their program from stdin are handled by the guards that care (interpreterCode covers them).
  embeddedShell(inv, state, w, meta);
  if (carried === 0 && !code && program !== '' && !knownProgram(program)) commandsInArguments(inv, state, w, meta);
  else if (carried === 0 && !code && signatureRuns(program) && !HANDLED.has(program)) {
    // A signature row with an `exec` role (dotenv -- CMD, direnv exec . CMD): CMD runs here, judged as a command.
    const words = execArgv(inv);
    if (words) {
      inv.wrapper = true;
      resolve(words, state, w, { ...meta, via: [...meta.via, program] });
    }
  }
  return inv;
}

/**
 * One step of resolution: what `inv` resolves to when its program is one the step knows, else
 * undefined and the next step looks. Tried in the order of STEPS; a program none of them takes still
 * has its command strings, interpreter code and arguments read (commandTexts, interpreterCodeRuns,
 * commandsInArguments).
 */
type Step = (inv: Invocation, state: State, w: Walk, meta: Meta) => Invocation | undefined;

/** `rest` resolved as the command `inv` wraps (sudo, env, xargs, uv run, …), reached through `label`. */
export function wrapped(inv: Invocation, rest: Value[], label: string, state: State, w: Walk, meta: Meta, extra: Partial<Meta> = {}): Invocation | null {
  inv.wrapper = rest.length > 0;
  return resolve(rest, state, w, { ...meta, via: [...meta.via, label], ...extra });
}

/** Package runners that take `-c 'command line'` (npx -c, also npm exec -c). */
const PACKAGE_RUNNERS = new Set(['npx', 'pnpx', 'bunx']);

/** Wrappers, launchers, shells and eval: programs that run the command line or argument list they are given. */
function resolveWrapper(inv: Invocation, state: State, w: Walk, meta: Meta): Invocation | undefined {
  const program = inv.program;
  const args = inv.args;
  const argv = inv.argv;
  if (program === 'env') return resolveEnv(inv, args, state, w, meta);
  if (program === 'command' && args.some((a) => a.known === '-v' || a.known === '-V')) return inv;
  // npx -c 'cmd', npm exec -c 'cmd' (also --call): the string is a command line.
  if (PACKAGE_RUNNERS.has(program) || (program === 'npm' && (args[0]?.known === 'exec' || args[0]?.known === 'x'))) {
    const at = args.findIndex((a) => a.known === '-c' || a.known === '--call' || (a.known ?? '').startsWith('--call='));
    if (at >= 0) {
      const v = args[at]!.known!.startsWith('--call=') ? syntheticValue(args[at]!.known!.slice(7)) : args[at + 1];
      inv.wrapper = true;
      if (v && v.known === null) computedScript(inv, [v], w);
      else if (v?.known) w.stages.walkSource(v.known, cloneState(state), w, meta, `${program} -c`);
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
    return wrapped(inv, rest, program, state, w, meta) ?? inv;
  }
  if (SHELLS.has(program)) return resolveShell(inv, program, args, state, w, meta);
  if (program === 'powershell' || program === 'pwsh' || program === 'cmd') return resolveWindowsShell(inv, program, args, state, w, meta);
  if (isPowerShellCmdlet(program)) {
    // PowerShell labelled as Bash (some hosts do): read this command as PowerShell.
    inv.wrapper = true;
    w.stages.walkSource(translatePowerShell(argv.map((a) => a.word.raw).join(' ')), state, w, meta, 'powershell');
    return inv;
  }
  if (program === 'eval') {
    if (args.every((a) => a.known !== null)) w.stages.walkSource(args.map((a) => a.known).join(' '), state, w, meta, 'eval', null, false, inv);
    else computedScript(inv, args, w);
    return inv;
  }
  if (program === 'watch') {
    const rest = skipOptions(args, ['-n', '-d', '--interval', '--differences'], 0);
    if (rest.length > 0 && rest.every((a) => a.known !== null)) {
      inv.wrapper = true;
      w.stages.walkSource(rest.map((a) => a.known).join(' '), cloneState(state), w, meta, 'watch');
    }
    return inv;
  }
  return undefined;
}

/** xargs: its command, run with the items its input or argument file gives (each in place of -I's placeholder). */
function resolveXargs(inv: Invocation, state: State, w: Walk, meta: Meta): Invocation | undefined {
  const program = inv.program;
  const args = inv.args;
  if (program !== 'xargs') return undefined;
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
  return wrapped(inv, cmd, 'xargs', state, w, meta, { findRoots: roots }) ?? inv;
}

/** GNU parallel: its command with each item of `:::` or of its input, or each item as a command line. */
function resolveParallel(inv: Invocation, state: State, w: Walk, meta: Meta): Invocation | undefined {
  const program = inv.program;
  const args = inv.args;
  if (program !== 'parallel') return undefined;
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
    for (const it of items) if (it.known !== null) w.stages.walkSource(it.known, cloneState(state), w, meta, 'parallel');
    const computed = items.filter((it) => it.known === null);
    if (computed.length > 0) computedScript(inv, computed, w);
    inv.wrapper = items.length > 0;
    return inv;
  }
  const first = cmd.findIndex((v) => v.known === '{}');
  // `find … | parallel rm -rf`: the items are found under find's starting points, as with xargs.
  const roots = fromStdin && inv.pipeFrom?.program === 'find' ? { findRoots: findStartingPoints(inv.pipeFrom.args) } : {};
  return wrapped(inv, first >= 0 ? cmd.flatMap((v) => (v.known === '{}' ? items : [v])) : [...cmd, ...items], 'parallel', state, w, meta, roots) ?? inv;
}

/** Builtins and tools that run a command they are handed: trap, hash -p, source, alias, find -exec, `uv run`, `bundle exec`, at. */
function resolveRunner(inv: Invocation, state: State, w: Walk, meta: Meta): Invocation | undefined {
  const program = inv.program;
  const args = inv.args;
  // trap 'cmd' SIGNAL…: the command runs when the signal (or EXIT) comes, so it is judged now.
  if (program === 'trap') {
    const [action, ...signals] = args;
    if (action && signals.length > 0 && action.known !== '-' && action.known !== '') {
      inv.wrapper = true;
      if (action.known === null) computedScript(inv, [action], w);
      else w.stages.walkSource(action.known, cloneState(state), w, meta, 'trap');
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
    w.stages.walkSource(inv.stdinText, cloneState(state), w, meta, `${program} /dev/stdin`);
    return inv;
  }
  // source <(echo …): the shell runs the process substitution's output.
  const sourced = (program === '.' || program === 'source') && args[0] ? procsubOf(args[0].word, '<')[0] : undefined;
  const sourcedFrom = sourced ? w.producers.get(sourced) : undefined;
  // (Other producers, `source <(kubectl completion bash)`, are setup code or the network guards' concern.)
  const sourcedText = sourcedFrom ? pipedText(sourcedFrom, w) : null;
  if (sourcedText !== null) {
    inv.wrapper = true;
    w.stages.walkSource(sourcedText, cloneState(state), w, meta, `${program} <()`);
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
      wrapped(
        inv,
        skipOptions(args.slice(1), ['--with', '--python', '-p', '--env', '-e', '--directory', '--project', '--group', '--extra'], 0),
        `${program} run`,
        state,
        w,
        meta,
      ) ?? inv
    );
  }
  if (program === 'bundle' && args[0]?.known === 'exec') return wrapped(inv, args.slice(1), 'bundle exec', state, w, meta) ?? inv;
  // at and batch read the commands to schedule from stdin.
  if ((program === 'at' || program === 'batch') && inv.stdinText !== null && !args.some((a) => a.known === '-f' || a.known === '-l' || a.known === '-r')) {
    inv.wrapper = true;
    w.stages.walkSource(inv.stdinText, cloneState(state), w, meta, program);
    return inv;
  }
  return undefined;
}

const STEPS: Step[] = [resolveBuiltin, resolveWrapper, resolveXargs, resolveParallel, resolveRunner];

/**
 * The command lines a program carries in its arguments (git's aliases and -c, ssh's command, vim -c)
 * or reads on stdin (ed's `!cmd`, psql's meta-commands, sed's `e`): walked. Returns how many argument
 * strings it carried (none: the program's arguments are still read by the default).
 */
function commandTexts(inv: Invocation, state: State, w: Walk, meta: Meta): number {
  const program = inv.program;
  const args = inv.args;
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
        if (written) w.stages.walkSource(written, cloneState(state), w, meta, label);
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
        w.stages.walkSource(text, st, w, meta, label, null, program === 'script', remote ? inv : undefined);
      }
    }
  }

  // ed, and ex or vim -e, reading their commands on stdin: `!cmd` (also `r !cmd`, `w !cmd`, `e !cmd`) runs a shell command.
  if (inv.stdinText !== null && (program === 'ed' || program === 'ex' || (VIS.has(program) && args.some((a) => /^-[a-zA-Z]*[eE]/.test(a.known ?? ''))))) {
    const lines = inv.stdinText.split('\n');
    work(lines.length);
    for (const line of lines) {
      const m = ED_SHELL.exec(line);
      if (m?.[1]?.trim()) w.stages.walkSource(m[1], cloneState(state), w, meta, `${program} !`);
    }
  }
  // psql/mysql/sqlite3 reading their script from stdin: its meta-commands that run a shell.
  if (SQL_SHELLS.has(program) && inv.stdinText !== null) {
    const text = shellPartOf(program, inv.stdinText);
    if (text) w.stages.walkSource(text, cloneState(state), w, meta, `${program} stdin`);
  }
  if (program === 'sed' || program === 'gsed') {
    const run = sedExecutes(args, inv.stdinText);
    if (run === null) markIncomplete(w.out, 'computed');
    else if (run) w.stages.walkSource(run, cloneState(state), w, meta, 'sed e');
  }

  return carried.length;
}

/** Interpreter one-liners (python -c, perl -e, awk): the shell commands their code runs. True when `inv` is one. */
function interpreterCodeRuns(inv: Invocation, state: State, w: Walk, meta: Meta): boolean {
  const program = inv.program;
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
    w.stages.walkSource(inv.stdinText, cloneState(state), w, meta, 'awk system($0)');
  } else if (code) {
    const reading = readCode(code.lang, code.code);
    for (const s of reading.shell) w.stages.walkSource(s, cloneState(state), w, meta, `${program} shell-out`);
    if (reading.opaque !== null && w.out.opaqueCode === null) {
      w.out.opaqueCode = `${program} code ${reading.opaque}`;
      markIncomplete(w.out, 'code');
    }
  }
  return code !== null;
}

function resolveEnv(inv: Invocation, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
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
      w.stages.walkSource(script, cloneState(state), w, meta, 'env -S');
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
  const result = wrapped(inv, rest, 'env', state, w, meta, { assigns });
  state.cwd = saved;
  return result ?? inv;
}

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
    w.stages.walkCommand(body, st, { ...w, depth: w.depth + 1 }, { ...meta, via: [...meta.via, `function ${name}`] });
  } else {
    w.stages.walkSource(
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

// Programs that run a command they are handed (resolution, resolve.ts): launchers of
// launchers.ts, programs that run a command in another environment (elsewhere.ts, with a container's
// mounts mapped back), find -exec, script languages that embed shell lines, and the conservative
// default for unknown programs (a command line in their arguments runs). What they run is resolved
// again through the walk's Stages (walk-state.ts), so this file does not import resolve.ts.

import { isAbsolutePath, resolvePath } from '../paths';
import { deletingProgram, describedProgram, destroyTableProgram, EMBEDDED_SHELL, PROSE_OPTION, type Launcher } from './launchers';
import { COMMAND_STRINGS, SHELLS, shellQuote, WRAPPERS } from '../programs/command-strings';
import type { Launch } from './elsewhere';
import { cloneState, markIncomplete, type Meta, type Mount, type State, type Walk } from './walk-state';
import { programName } from './words';
import { findStartingPoints, pipedItems, skipOptions } from './arguments';
import { AWKS, INTERPRETER_FLAGS } from './interpreter-args';
import { syntheticValue, unknownValue, type EvaluatedRedirect, type Invocation, type Value } from './model';
import { NAME_BUILTINS } from './builtins';
import { computedScript } from './script-text';

/**
 * A container path under a host folder the container mounts, as that host path (`/w/.env` with
 * `-v "$PWD":/w` is the project's `.env`); a folder above one mount (`/mnt` over `/mnt/w`) as that
 * mount's host folder, since what is done to it reaches the host's files. `/` stays `/`.
 */
export function mountedValue(v: Value, mounts: Mount[]): Value {
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
export function runLaunched(inv: Invocation, launch: Launch, state: State, w: Walk, meta: Meta): Invocation {
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
    else w.stages.walkSource(text.known, cloneState(st), w, inner, launch.label, null, launch.stdin, inv);
  }
  if (launch.computed) computedScript(inv, [launch.computed], w);
  if (!launch.argv) return inv;
  const argv = st.mounts?.length ? launch.argv.map((v) => mountedValue(v, st.mounts!)) : launch.argv;
  return w.stages.resolve(argv, st, w, { ...inner, via: [...meta.via, launch.label] }) ?? inv;
}

/** Programs resolve() or the tables know: their arguments are judged by what they are, not by the default below. */
export const HANDLED = new Set([
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

export function knownProgram(name: string): boolean {
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
export function commandsInArguments(inv: Invocation, state: State, w: Walk, meta: Meta): void {
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
      w.stages.walkSource(text, cloneState(state), w, meta, `${inv.program} argument`);
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
    w.stages.resolve(rest, state, w, { ...meta, via: [...meta.via, `${inv.program} argument`] });
  }
}

/** AppleScript's `do shell script "…"`, expect's `spawn …` (launchers.ts EMBEDDED_SHELL): walked as shell command lines. */
export function embeddedShell(inv: Invocation, state: State, w: Walk, meta: Meta): void {
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
        w.stages.walkSource(text, cloneState(state), w, meta, `${inv.program} script`);
      }
    }
  }
}
const MAX_EMBEDDED_SCRIPT = 64 * 1024;

/** A launcher (launchers.ts): the command it runs, resolved as a command of its own. False when `inv` is not this launcher (another subcommand). */
export function launch(inv: Invocation, l: Launcher, state: State, w: Walk, meta: Meta): boolean {
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
  else if (only && /\s/.test(only.known!.trim())) w.stages.walkSource(only.known!, cloneState(state), w, meta, inv.program, null, true);
  else w.stages.resolve(rest, state, w, { ...meta, via: [...meta.via, inv.program] });
  return true;
}

export function resolveFindExec(args: Value[], state: State, w: Walk, meta: Meta): void {
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
    if (cmd.length > 0) w.stages.resolve(cmd, state, w, { ...meta, via: [...meta.via, `find ${flag}`], findRoots: roots });
  }
}

/** `line` run where `inv` runs (inside the launchers that ran it), or null when it runs here. */
export function relaunched(inv: Invocation, line: string): string | null {
  if (!inv.relaunch?.length) return null;
  let out = line;
  for (let i = inv.relaunch.length - 1; i >= 0; i--) out = `${inv.relaunch[i]}${shellQuote(out)}`;
  return out;
}

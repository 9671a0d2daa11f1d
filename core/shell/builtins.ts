// Builtins that change the walk's state (cd, declare, read, printf -v, set, ln/cp/mv as a name for
// another file) and the variables the shell or a program runs (GIT_PAGER, PROMPT_COMMAND, PS4): a
// step of resolution (resolve.ts) and the helpers the walk shares with it.

import { basename, isAbsolutePath, resolvePath } from '../paths';
import { FRESH_TMP } from './substitutions';
import { lookupVar } from './expand';
import { cloneState, markIncomplete, MAX_PATH, unknownVar, type Meta, type State, type VarValue, type Walk } from './walk-state';
import { readOptionValue, subscriptSubstitution } from './arguments';
import { positional } from './interpreter-args';
import { OPAQUE, syntheticValue, type Invocation, type Value } from './model';

/** Prompts the shell expands each time it shows them (PS4 before every command under `set -x`): their substitutions run. */
const PROMPT_VARIABLES = new Set(['PS0', 'PS1', 'PS2', 'PS4']);

/**
 * A variable whose value the shell or a program runs: a command line (GIT_PAGER, PROMPT_COMMAND,
 * BASH_ENV) or a prompt whose substitutions run (`PS4='$(rm -rf ~)' bash -xc true`). Judged where it
 * is set: for one command, or (`standalone`) for the rest of the line.
 */
export function hookVariable(name: string, v: VarValue, state: State, w: Walk, meta: Meta, standalone = false): void {
  // Set for the rest of the line (`X=…;`, `export X=…`): only what the shell itself runs, and only a value the line fixes.
  if (standalone && name !== 'PROMPT_COMMAND' && !PROMPT_VARIABLES.has(name)) return;
  if (COMMAND_VARIABLES.has(name)) {
    if (v.known === null && standalone) return;
    if (v.known === null) markIncomplete(w.out, 'computed');
    else if (v.known !== '') w.stages.walkSource(v.known, cloneState(state), w, meta, name);
  } else if (PROMPT_VARIABLES.has(name) && v.known !== null && /[$`]/.test(v.known)) {
    // Expanded as in double quotes: the text inside a double-quoted word (a final backslash kept literal).
    const text = v.known.replace(/["\\]/g, (c) => (c === '"' ? '\\"' : '\\\\'));
    w.stages.walkSource(`: "${text}"`, cloneState(state), w, meta, name);
  }
}

/** Assigns NAME, or what a `declare -n` reference NAME stands for. */
export function setVar(state: State, name: string, value: VarValue): void {
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
export function arithmeticVariables(text: string, state: State, w: Walk, depth = 0): void {
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
export const NAME_BUILTINS = new Set([
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

/** Builtins that change the walk's state: the folder (cd), variables (declare, read, printf -v, set), names (ln, cp). */
export function resolveBuiltin(inv: Invocation, state: State, w: Walk, meta: Meta): Invocation | undefined {
  const program = inv.program;
  const args = inv.args;
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
  return undefined;
}

/**
 * A program this line copied or linked under another name (`cp /bin/rm /tmp/ls; /tmp/ls -rf ~`), or
 * a name looked up on a PATH this line changed to reach a file it wrote or copied there
 * (`printf … > /tmp/ls; PATH=/tmp:$PATH ls`): what runs is not what the name says.
 */
export function renamedProgram(word: Value, state: State, w: Walk, meta: Meta): boolean {
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

function recordAlias(w: Walk, state: State, alias: Value, original: Value): void {
  if (alias.known === null || original.known === null || !state.cwd) return;
  let aliasPath = resolvePath(state.cwd, alias.known, w.out.home);
  const originalPath = resolvePath(state.cwd, original.known, w.out.home);
  if (alias.known.endsWith('/')) aliasPath = `${aliasPath}/${basename(originalPath)}`;
  w.out.aliases.set(aliasPath, originalPath);
}

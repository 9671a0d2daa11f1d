// Word expansion: a word of the syntax tree → the Value the shell would pass, with what it can
// plausibly be when the line does not fix it. Parameters and their operators, tilde, command and
// arithmetic substitutions whose output the line fixes, arrays, field splitting, quoted brace
// groups, redirection targets. Linear: each part is combined once (see combine), and every loop
// over input-sized data counts its steps.

import { Scope } from './scope';
import type { Redirect, Script, SimpleCommand, Word } from './ast';
import { parseShell } from './parse';
import { basename, dirname, isAbsolutePath, resolvePath } from '../paths';
import { substitutionMeaning } from './substitutions';
import { markIncomplete, MAX_PATH, MAX_POSSIBLE, type State, type VarValue, type Walk } from './walk-state';
import { braceExpand, braceGroup, otherOp, printfEscapes, rawBraceGroup, removePattern } from './words';
import { HEREDOC_VARIABLE, locatedProgram, singleCommandWords } from './arguments';
import { work } from '../work';
import { OPAQUE, syntheticValue, UNKNOWN, type EvaluatedRedirect, type Possibility, type Value } from './model';

/** Different variables one heredoc expands: each command inheriting it reads them all. */
export const MAX_HEREDOC_VARIABLES = 1024;

/** One way a part of a word can come out, and the assumption behind it (null for a literal). */
interface Option {
  text: string;
  because: string | null;
  unset: string | null;
}

export function evalWord(word: Word, state: State, w: Walk): Value {
  let known: string | null = '';
  let ifUnset = '';
  let glob = false;
  const unsetVars: string[] = [];
  // Per part, the values it can take when the line does not fix it: a part whose value is known is
  // kept as its text (no option object per argument; combine() reads it only when some part is not).
  const options: (string | Option[])[] = [];
  work(word.parts.length);
  word.parts.forEach((p, index) => {
    switch (p.type) {
      case 'lit': {
        let text = p.text;
        if (index === 0 && !p.quoted && text.startsWith('~')) {
          const t = expandTilde(text, state, w);
          if (t === null) {
            // ~- before any cd on the line: the previous directory is not known.
            known = null;
            ifUnset += OPAQUE;
            options.push([{ text: OPAQUE, because: null, unset: null }]);
            break;
          }
          text = t;
        }
        if (!p.quoted && /[*?[]|[+@!]\(/.test(text)) glob = true;
        if (known !== null) known += text;
        ifUnset += text;
        options.push(text);
        break;
      }
      case 'param': {
        // ${c[0]} inside a longer word ("${c[0]}${c[1]}"): that element of the array.
        const array = p.index !== undefined && p.op === '' ? state.vars.get(p.name)?.array : undefined;
        const element = array ? arrayExpansion(array, p.index) : null;
        if (element && element.length === 1 && element[0]!.known !== null) {
          const text = element[0]!.known;
          if (known !== null) known += text;
          ifUnset += text;
          options.push(text);
          break;
        }
        const v = evalParam(p.name, p.op, p.arg, state, w, unsetVars);
        if (v.glob && p.op === '') glob = true;
        known = known !== null && v.known !== null ? known + v.known : null;
        ifUnset += v.ifUnset;
        options.push(v.known !== null ? v.known : v.options);
        break;
      }
      case 'cmdsub': {
        const out = staticOutput(p.script, state, w);
        known = known !== null && out !== null ? known + out : null;
        ifUnset += out ?? OPAQUE;
        options.push(out !== null ? out : substitutionOptions(p.script, p.raw, state, w));
        break;
      }
      default:
        known = null;
        ifUnset += OPAQUE;
        options.push([{ text: OPAQUE, because: null, unset: null }]);
    }
  });
  return { word, known, ifUnset, unsetVars, glob, possible: known === null ? combine(options) : [] };
}

/** A list shared while combining (newest first): a part appends in O(1) instead of copying the list. */
interface Chain {
  item: string;
  rest: Chain | null;
}

/** The chain's items, oldest first, each once (an assumption repeated across a word is one assumption). */
function chainItems(c: Chain | null): string[] {
  const out: string[] = [];
  for (let x = c; x; x = x.rest) out.push(x.item);
  work(out.length);
  return [...new Set(out.reverse())];
}

/**
 * Every combination of the parts' options, at most MAX_POSSIBLE of them. Linear in the word: the
 * assumption lists are chains shared between the combinations and become arrays once, at the end.
 */
function combine(options: (string | Option[])[]): Possibility[] {
  let acc: { text: string; because: Chain | null; unset: Chain | null }[] = [{ text: '', because: null, unset: null }];
  for (const part of options) {
    if (typeof part === 'string') {
      for (const a of acc) a.text = appendText(a.text, part);
      continue;
    }
    const next: typeof acc = [];
    work(acc.length * part.length);
    for (const a of acc) {
      for (const o of part) {
        if (next.length >= MAX_POSSIBLE) break;
        next.push({
          text: appendText(a.text, o.text),
          because: o.because ? { item: o.because, rest: a.because } : a.because,
          unset: o.unset ? { item: o.unset, rest: a.unset } : a.unset,
        });
      }
    }
    acc = next;
  }
  return acc.map((a) => ({ text: a.text, because: chainItems(a.because), unset: chainItems(a.unset) }));
}

/** A plausible value past MAX_PATH is not a path: it ends in one OPAQUE and grows no further. */
function appendText(text: string, more: string): string {
  if (text.length + more.length <= MAX_PATH) return text + more;
  return text.endsWith(OPAQUE) ? text : text + OPAQUE;
}

/** `~`, `~/x`, `~+` (the cwd), `~-` (the previous cwd), `~name` (that user's home, beside ours). */
function expandTilde(text: string, state: State, w: Walk): string | null {
  const m = /^~([^/]*)/.exec(text)!;
  const name = m[1]!;
  const rest = text.slice(m[0].length);
  if (name === '') return w.out.home + rest;
  if (name === '+') return state.cwd === null ? null : state.cwd + rest;
  if (name === '-') return state.oldCwd === null ? null : state.oldCwd + rest;
  if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(name)) return text;
  if (name === 'root') return `/root${rest}`;
  // Beside ours when ours is in a folder of homes; else (the hook runs as root, HOME=/root) where
  // this system keeps them.
  const homes = dirname(w.out.home);
  const folder = /^(?:\/home|\/Users|[A-Za-z]:\/Users)$/.test(homes) ? homes : w.out.home.startsWith('/Users/') ? '/Users' : '/home';
  return `${folder}/${name}${rest}`;
}

function evalParam(name: string, op: string, arg: Word | null, state: State, w: Walk, unsetVars: string[]): VarValue & { options: Option[] } {
  const set = lookupVar(name, state, w);
  const setOptions = (v: VarValue): Option[] =>
    v.known !== null ? [{ text: v.known, because: null, unset: null }] : (v.possible ?? [{ text: OPAQUE, because: [], unset: [] }]).map(fromPossibility);
  const unset = (): Option[] => [{ text: '', because: `$${name} is not set in this command`, unset: name }];
  if (op === '') {
    if (set) return { ...set, options: setOptions(set) };
    unsetVars.push(name);
    return { known: null, ifUnset: '', options: unset() };
  }
  if (op === ':?' || op === '?')
    return set ? { ...set, options: setOptions(set) } : { known: null, ifUnset: OPAQUE, options: [{ text: OPAQUE, because: null, unset: null }] };
  if (op === ':-' || op === '-' || op === ':=' || op === '=') {
    if (set && set.known !== null && set.known !== '') return { ...set, options: setOptions(set) };
    const d = arg ? evalWord(arg, state, w) : null;
    const dOptions = d ? optionsOf(d) : [{ text: '', because: null, unset: null }];
    return { known: set ? null : (d?.known ?? ''), ifUnset: d ? d.ifUnset : '', options: set ? [...setOptions(set), ...dOptions] : dOptions };
  }
  if (op === ':+' || op === '+') {
    if (!set) return { known: null, ifUnset: '', options: unset() };
    const d = arg ? evalWord(arg, state, w) : null;
    return { known: d?.known ?? null, ifUnset: d?.ifUnset ?? '', options: d ? optionsOf(d) : [{ text: '', because: null, unset: null }] };
  }
  if (op === '%' || op === '%%' || op === '#' || op === '##') {
    if (!set) {
      unsetVars.push(name);
      return { known: null, ifUnset: '', options: unset() };
    }
    const pattern = arg ? evalWord(arg, state, w).known : null;
    if (pattern === null) return { known: null, ifUnset: OPAQUE, options: [{ text: OPAQUE, because: null, unset: null }] };
    const shown = `\${${name}${op}${arg?.raw ?? ''}}`;
    if (set.known !== null) {
      const v = removePattern(set.known, op, pattern);
      return { known: v, ifUnset: v ?? OPAQUE, options: [{ text: v ?? OPAQUE, because: null, unset: null }] };
    }
    const options = setOptions(set).map((o) => {
      const v = o.text.includes(OPAQUE) ? null : removePattern(o.text, op, pattern);
      return { text: v ?? OPAQUE, because: v === null ? null : `${shown} is ${v || 'empty'}${o.because ? ` when ${o.because}` : ''}`, unset: o.unset };
    });
    return { known: null, ifUnset: OPAQUE, options };
  }
  // ${!v}: the variable whose name is v's value.
  if (op === 'indirect' && set?.known && /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+)$/.test(set.known)) return evalParam(set.known, '', null, state, w, unsetVars);
  if (!set && op !== 'length') return { known: null, ifUnset: '', options: unset() };
  // A length is a number, never a path or a program.
  if (op === 'length' || !set) return { known: null, ifUnset: OPAQUE, options: [{ text: OPAQUE, because: null, unset: null }] };
  const shown = `\${${op === 'indirect' ? '!' : ''}${name}${arg?.raw ?? ''}}`;
  const unknown = (when: string | null): VarValue & { options: Option[] } => ({
    known: null,
    ifUnset: OPAQUE,
    options: [{ text: UNKNOWN, because: `${shown} is not computed${when ? ` (${when})` : ''}`, unset: null }],
  });
  // ${!v} of a name the line does not fix: which variable it reads is not known.
  if (op === 'indirect') return unknown(null);
  // Substrings, replacements, case changes: computed when the value and the operation are literal.
  const spec = arg ? evalWord(arg, state, w).known : null;
  if (spec === null || arg === null || /['"\\]/.test(arg.raw)) return unknown(null);
  if (set.known !== null) {
    const v = otherOp(set.known, spec);
    return v === null ? unknown(null) : { known: v, ifUnset: v, options: [{ text: v, because: null, unset: null }] };
  }
  // A value known only as what it can plausibly be: the operation on each (an opaque one stays opaque).
  const options = setOptions(set).map((o): Option => {
    if (o.text.includes(OPAQUE)) return o;
    const v = o.text.includes(UNKNOWN) ? null : otherOp(o.text, spec);
    return v === null
      ? { text: UNKNOWN, because: `${shown} is not computed`, unset: null }
      : { text: v, because: o.because ?? `${shown} is ${v || 'empty'}`, unset: o.unset };
  });
  return { known: null, ifUnset: OPAQUE, options };
}

function fromPossibility(p: Possibility): Option {
  return { text: p.text, because: p.because.length > 0 ? p.because.join(', ') : null, unset: p.unset[0] ?? null };
}

function optionsOf(v: Value): Option[] {
  return v.known !== null ? [{ text: v.known, because: null, unset: null }] : v.possible.map(fromPossibility);
}

export function lookupVar(name: string, state: State, w: Walk): VarValue | null {
  let v = state.vars.get(name);
  // declare -n references: the variable they name (a bounded chain; a loop is unknown).
  for (let i = 0; v?.ref !== undefined; i++) {
    if (i >= 8) return { known: null, ifUnset: OPAQUE };
    const target = v.ref;
    v = state.vars.get(target);
    if (!v) return /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) ? lookupVar(target, { ...state, vars: Scope.empty() }, w) : { known: null, ifUnset: OPAQUE };
  }
  if (v) return v;
  if (state.params && /^(\d+|[@*#])$/.test(name)) {
    if (name === '#') return { known: String(state.params.length - 1), ifUnset: String(state.params.length - 1) };
    const list = name === '@' || name === '*' ? state.params.slice(1) : [state.params[Number(name)]].filter((x): x is Value => x !== undefined);
    if (list.length === 0) return null;
    const known = list.every((x) => x.known !== null) ? list.map((x) => x.known).join(' ') : null;
    return { known, ifUnset: list.map((x) => x.ifUnset).join(' '), possible: known === null && list.length === 1 ? list[0]!.possible : undefined };
  }
  if (name === 'HOME' || name === 'USERPROFILE') return { known: w.out.home, ifUnset: w.out.home };
  // The host sets it to the project for every hook and tool call.
  if (name === 'CLAUDE_PROJECT_DIR') return { known: w.projectDir, ifUnset: w.projectDir };
  if (name === 'PWD' && state.cwd) return { known: state.cwd, ifUnset: state.cwd };
  if (name === 'OLDPWD' && state.oldCwd) return { known: state.oldCwd, ifUnset: state.oldCwd };
  return null;
}

/** The output of a substitution the line fully determines: $(echo x), $(echo "$HOME"), $(pwd). */
function staticOutput(script: Script, state: State, w: Walk): string | null {
  const words = singleCommandWords(script);
  if (!words || words.length === 0) return null;
  const prog = words[0]!.parts.length === 1 && words[0]!.parts[0]!.type === 'lit' ? (words[0]!.parts[0] as { text: string }).text : null;
  if (prog === 'pwd') return words.length === 1 || words.slice(1).every((x) => /^-[LP]$/.test(x.raw)) ? state.cwd : null;
  // $(which rm), $(command -v rm), $(type -P rm): where the program is, which runs the same program.
  const located = locatedProgram(words);
  if (located !== null) return located;
  if (prog === 'cat' && words.length === 1) {
    // $(cat <<EOF … EOF): the heredoc's text, when nothing in it is expanded.
    const h = (script.items[0]!.pipeline.commands[0] as SimpleCommand).redirects.find((r) => r.heredoc)?.heredoc;
    return h && (!h.expands || !/[$`\\]/.test(h.body)) ? h.body.replace(/\n$/, '') : null;
  }
  if (prog === 'printf') return printfOutput(words.slice(1), state, w);
  // $(dirname P), $(realpath P), $(readlink -f P), $(basename P) of a path the line fixes: path arithmetic.
  if (prog === 'dirname' || prog === 'realpath' || prog === 'basename' || prog === 'readlink') {
    const rest = words.slice(1).map((x) => (x.parts.some((p) => p.type === 'cmdsub' || p.type === 'procsub') ? null : evalWord(x, state, w).known));
    if (rest.some((x) => x === null)) return null;
    const opts = (rest as string[]).filter((x) => x.startsWith('-'));
    const args = (rest as string[]).filter((x) => !x.startsWith('-'));
    if (args.length !== 1) return null;
    const arg = args[0]!;
    if (prog === 'dirname' && opts.length === 0) return dirname(arg);
    if (prog === 'basename' && opts.length === 0) return basename(arg);
    const canonical = prog === 'realpath' ? opts.every((o) => /^-[esLPmq]+$/.test(o)) : opts.length > 0 && opts.every((o) => /^-[fem]+$/.test(o));
    if (!canonical) return null;
    if (isAbsolutePath(arg) || arg.startsWith('~')) return resolvePath('/', arg, w.out.home);
    return state.cwd ? resolvePath(state.cwd, arg, w.out.home) : null;
  }
  if (prog !== 'echo') return null;
  const rest: string[] = [];
  for (const wd of words.slice(1)) {
    if (wd.parts.some((p) => p.type === 'cmdsub' || p.type === 'procsub')) return null;
    const v = evalWord(wd, state, w);
    if (v.known === null) return null;
    if (v.known !== '-n' && v.known !== '-e') rest.push(v.known);
  }
  return rest.join(' ');
}

/**
 * What `printf FORMAT ARGS…` prints when the line fixes every word and the format holds only %s
 * (and %%) with the escapes printf reads (\n, \t, \\, \xHH, \NNN, \uHHHH): `$(printf '%s' ~)` is
 * your home. The format is reused while arguments remain, as printf does. Else null.
 */
function printfOutput(words: Word[], state: State, w: Walk): string | null {
  const vals: string[] = [];
  for (const wd of words) {
    if (wd.parts.some((p) => p.type === 'cmdsub' || p.type === 'procsub')) return null;
    const v = evalWord(wd, state, w);
    if (v.known === null) return null;
    vals.push(v.known);
  }
  let format = vals.shift();
  if (format === '--') format = vals.shift();
  if (format === undefined || format.startsWith('-') || /%(?!%|s)/.test(format.replace(/%%/g, ''))) return null;
  const fmt = printfEscapes(format);
  if (fmt === null) return null;
  const slots = (fmt.match(/%s/g) ?? []).length;
  let out = '';
  let k = 0;
  do {
    out += fmt.replace(/%s|%%/g, (m) => (m === '%%' ? '%' : (vals[k++] ?? '')));
  } while (slots > 0 && k < vals.length && out.length <= MAX_PATH);
  if (out.length > MAX_PATH) return null;
  let end = out.length;
  while (end > 0 && out[end - 1] === '\n') end--;
  return out.slice(0, end);
}

/**
 * What a substitution whose output the line does not fix can plausibly print: its known meaning
 * (`git rev-parse --show-toplevel` is the project, `whoami` your user name, `mktemp` a fresh path),
 * else possibly nothing at all — the case that turns `"$(cmd)/"` into `/`.
 */
function substitutionOptions(script: Script, raw: string, state: State, w: Walk): Option[] {
  const words = singleCommandWords(script);
  const argv = words?.map((x) => evalWord(x, state, w).known);
  if (argv?.every((a): a is string => a !== null)) {
    const meaning = substitutionMeaning(argv, { cwd: state.cwd, home: w.out.home, projectDir: w.projectDir });
    if (meaning) return [{ text: meaning.value ?? OPAQUE, because: meaning.value === null ? null : `${raw} is ${meaning.describe}`, unset: null }];
  }
  return [{ text: '', because: `${raw} may print nothing`, unset: null }];
}

export function evalRedirect(r: Redirect, state: State, w: Walk): EvaluatedRedirect {
  const out: EvaluatedRedirect = { op: r.op, fd: r.fd, target: r.target && !r.heredoc ? evalWord(r.target, state, w) : null };
  if (r.heredoc?.expands) {
    const names = new Set<string>();
    for (const m of r.heredoc.body.matchAll(HEREDOC_VARIABLE)) names.add((m[1] ?? m[2])!);
    // Every command that inherits the heredoc reads them: bounded, so that stays linear.
    if (names.size > MAX_HEREDOC_VARIABLES) markIncomplete(w.out, 'redirects');
    out.expandedNames = [...names].slice(0, MAX_HEREDOC_VARIABLES);
  }
  return out;
}

/**
 * `{rm,-rf,"$HOME"}`, `"$f"{,.bak}`: a brace group whose braces are unquoted but whose word has quoted
 * or expanded parts (braceExpand reads one literal part). Brace expansion comes first in bash, so
 * each alternative is a word of its own source, parsed and evaluated: appended to `out`, true. False
 * when the word has no such group (one level, at most 32 alternatives).
 */
export function braceExpandQuoted(word: Word, v: Value, state: State, w: Walk, out: Value[]): boolean {
  if (word.parts.length < 2 && !word.parts.some((p) => p.type === 'lit' && p.quoted)) return false;
  if (v.known !== null && word.parts.some((p) => p.type === 'lit' && !p.quoted && braceGroup(p.text) !== null)) return false;
  const group = rawBraceGroup(word.raw);
  if (!group) return false;
  const [open, commas, close] = group;
  const raw = word.raw;
  const bounds = [open, ...commas, close];
  const alternatives: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) alternatives.push(raw.slice(0, open) + raw.slice(bounds[k]! + 1, bounds[k + 1]) + raw.slice(close + 1));
  work(alternatives.length);
  const words: Word[] = [];
  for (const alt of alternatives) {
    if (alt === '') continue;
    const script = parseShell(alt, w.depth + 1, w.budget);
    const cmd = script.items.length === 1 && script.items[0]!.pipeline.commands.length === 1 ? script.items[0]!.pipeline.commands[0]! : null;
    if (script.limit || cmd?.type !== 'simple' || cmd.words.length !== 1 || cmd.assigns.length > 0 || cmd.redirects.length > 0) return false;
    words.push(cmd.words[0]!);
  }
  for (const wd of words) braceExpand(evalWord(wd, state, w), out);
  return true;
}

/** NAME=( a b "c d" ): the elements, evaluated; null when the value is not an array. */
export function arrayElements(value: Word, state: State, w: Walk): Value[] | null {
  const first = value.parts[0];
  if (first?.type !== 'lit' || value.parts.length !== 1 || !first.text.startsWith('(') || !first.text.endsWith(')')) return null;
  const inner = parseShell(first.text.slice(1, -1), w.depth + 1, w.budget);
  if (inner.limit) markIncomplete(w.out, inner.limit);
  const out: Value[] = [];
  for (const item of inner.items) for (const c of item.pipeline.commands) if (c.type === 'simple') for (const wd of c.words) out.push(evalWord(wd, state, w));
  return out.length <= 256 ? out : null;
}

/** ${x[@]} / ${x[*]}: every element; ${x[n]} / $x: one. */
export function arrayExpansion(array: Value[], index: string | undefined): Value[] {
  if (index === '@' || index === '*') return array;
  const n = index === undefined ? 0 : /^\d+$/.test(index) ? Number(index) : null;
  if (n === null) return [{ ...syntheticValue(''), known: null, ifUnset: OPAQUE, possible: [] }];
  return array[n] ? [array[n]!] : [];
}

/**
 * Field splitting: the results of unquoted expansions are split at IFS characters (`c="rm -rf ~";
 * $c` runs rm). Null when nothing splits (the word stays one argument). Every IFS character is
 * treated like whitespace (runs collapse), which is what matters for guards: which words there are.
 */
export function fieldSplit(word: Word, v: Value, state: State, w: Walk): Value[] | null {
  if (v.known === null || !word.parts.some((p) => (p.type === 'param' || p.type === 'cmdsub') && !p.quoted)) return null;
  const ifsVar = lookupVar('IFS', state, w);
  const ifs = ifsVar ? ifsVar.known : ' \t\n';
  if (ifs === null || ifs === '') return null;
  const isSep = (c: string) => ifs.includes(c);
  const fields: string[] = [''];
  let pendingBreak = false;
  word.parts.forEach((p, index) => {
    const text = evalWord({ parts: [p], raw: word.raw }, state, w).known ?? '';
    const literal = index === 0 && p.type === 'lit' ? (evalWord({ parts: [p], raw: word.raw }, state, w).known ?? p.text) : p.type === 'lit' ? p.text : text;
    const splits = (p.type === 'param' || p.type === 'cmdsub') && !p.quoted;
    if (!splits) {
      if (pendingBreak && literal !== '') fields.push('');
      pendingBreak = false;
      fields[fields.length - 1] += literal;
      return;
    }
    let current = '';
    for (const c of text) {
      if (isSep(c)) {
        if (current !== '') {
          if (pendingBreak) fields.push('');
          fields[fields.length - 1] += current;
          current = '';
        }
        pendingBreak = fields[fields.length - 1] !== '';
      } else current += c;
    }
    if (current !== '') {
      if (pendingBreak) fields.push('');
      fields[fields.length - 1] += current;
      pendingBreak = false;
    }
  });
  const kept = fields.filter((f) => f !== '');
  if (kept.length === 1 && kept[0] === v.known) return null;
  return kept.map((f) => ({ ...v, known: f, ifUnset: f, possible: [], glob: v.glob || /[*?[]/.test(f) }));
}

// Shells given a script (resolution, resolve.ts): `sh -c`, a script on stdin, a heredoc or a
// here-string, `bash <(…)`, busybox applets, cmd.exe and PowerShell command lines (translated to
// POSIX). A command line they run is walked again through the walk's Stages (walk-state.ts).

import type { Word } from './ast';

import { isAbsolutePath, resolvePath } from '../paths';
import { translateCmd, translatePowerShell } from './powershell';
import { SHELLS } from '../programs/command-strings';
import { evalWord } from './expand';
import { cloneState, markIncomplete, type Meta, type State, type Walk } from './walk-state';
import { literalText, programName } from './words';
import { fromDownload, procsubOf } from './arguments';
import { syntheticValue, type Invocation, type Value } from './model';
import { computedScript, pipedText } from './script-text';

export function resolveShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  let list = args;
  if (program === 'busybox' || program === 'toybox') {
    if (!args[0]) return inv;
    if (!SHELLS.has(programName(args[0]))) {
      // busybox rm -rf ~, toybox rm -rf ~: every other applet is a program of the same name.
      inv.wrapper = true;
      w.stages.resolve(args, state, w, { ...meta, via: [...meta.via, program] });
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
    w.stages.walkSource(first.known, st, w, meta, `${program} -c`, found, true, inv);
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
    w.stages.walkSource(script, st, w, { ...meta, redirects }, `${program} ${first ? '<()' : 'stdin'}`, null, false, inv);
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

export function resolveWindowsShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  const known = args.map((a) => a.known);
  if (program === 'cmd') {
    const i = known.findIndex((a) => a !== null && /^\/[ck]$/i.test(a));
    if (i < 0) return inv;
    const rest = known.slice(i + 1);
    if (rest.some((a) => a === null)) computedScript(inv, args.slice(i + 1), w);
    else {
      inv.wrapper = true;
      w.stages.walkSource(translateCmd(rest.join(' ')), cloneState(state), w, meta, 'cmd /c');
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
  w.stages.walkSource(translatePowerShell(script), cloneState(state), w, meta, `${program} -Command`);
  return inv;
}

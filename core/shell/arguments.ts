// What the resolution reads off an argument list or the text fed to a program, without a walk or
// state: options to skip before a wrapped command, find's starting points, an option's value, the
// items xargs gets, a process substitution's script, a heredoc's text, a download piped on.

import type { Redirect, Script, SimpleCommand, Word } from './ast';
import { deletingProgram } from './launchers';
import { NETWORK_SOURCES, STREAM_FILTERS } from '../programs/network';
import { programName } from './words';
import type { Invocation, Value } from './model';

/** Whether the word after `option` is that option's value, not a variable name (`read -p PROMPT`, `mapfile -u FD`; `read -a NAME` names one). */
export function readOptionValue(program: string, option: string | null): boolean {
  if (option === null) return false;
  return program === 'read' ? /^-[a-zA-Z]*[dnNptu]$/.test(option) : /^-[a-zA-Z]*[dnOsuCc]$/.test(option);
}

/** The script of a word that is one process substitution `<(…)` or `>(…)` (none: one shared empty list, for every other word). */
export function procsubOf(word: Word, dir: '<' | '>'): readonly Script[] {
  const only = word.parts.length === 1 ? word.parts[0]! : null;
  return only?.type === 'procsub' && only.dir === dir ? [only.script] : NO_SCRIPTS;
}

const NO_SCRIPTS: readonly Script[] = [];

/** A subscript that runs a command when bash evaluates it as an array index: `a[$(…)]`, ``a[`…`]``. One pass. */
export function subscriptSubstitution(text: string): boolean {
  for (let open = text.indexOf('['); open >= 0; ) {
    const close = text.indexOf(']', open);
    const inside = text.slice(open, close < 0 ? text.length : close);
    if (inside.includes('$(') || inside.includes('`')) return true;
    if (close < 0) return false;
    open = text.indexOf('[', close);
  }
  return false;
}

const DOWNLOADS = new Set(NETWORK_SOURCES.flatMap((s) => s.names));

/** Programs a download's text passes through on its way to a shell: filters and decoders. */
const PASSING = new Set([...STREAM_FILTERS.flatMap((f) => f.names), 'base64', 'base32', 'xxd', 'openssl', 'gunzip', 'zcat', 'uudecode']);

/** `curl … | sh`, `wget -O- … | tail -n +2 | sh`: a download (through filters) is what the shell reads. */
export function fromDownload(p: Invocation | null | undefined): boolean {
  for (let hops = 0; p && hops < 16; hops++, p = p.pipeFrom) {
    if (DOWNLOADS.has(p.program)) return true;
    if (!PASSING.has(p.program)) return false;
  }
  return false;
}

/** find's starting points: the arguments before the first expression token. */
export function findStartingPoints(args: Value[]): Value[] {
  const roots: Value[] = [];
  for (const a of args) {
    const t = a.known ?? a.ifUnset;
    if (t.startsWith('-') || t === '(' || t === '!' || t === ')') {
      if (['-H', '-L', '-P'].includes(t)) continue;
      break;
    }
    roots.push(a);
  }
  return roots;
}

export function skipOptions(args: Value[], argOpts: string[], leadingArgs: number): Value[] {
  let i = 0;
  while (i < args.length) {
    const a = args[i]!.known;
    if (a === null) break;
    if (a === '--') {
      i++;
      break;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
      i++; // sudo VAR=value cmd
      continue;
    }
    if (!a.startsWith('-') || a === '-') break;
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (argOpts.includes(name) && !a.includes('=')) i += 2;
    else if (argOpts.some((o) => o.length === 2 && a.startsWith(o) && a.length > 2))
      i++; // -n5, -oL
    else i++;
  }
  return args.slice(Math.min(args.length, i + leadingArgs));
}

export function singleCommandWords(script: Script): Word[] | null {
  if (script.items.length !== 1) return null;
  const cmds = script.items[0]!.pipeline.commands;
  if (cmds.length !== 1 || cmds[0]!.type !== 'simple') return null;
  return (cmds[0] as SimpleCommand).words;
}

export const HEREDOC_VARIABLE = /(?<!\\)\$(?:\{([A-Za-z_]\w*)(?!\w|:?\+)|([A-Za-z_]\w*))/g;

export function heredocText(redirects: Redirect[]): string | null {
  const h = redirects.find((r) => r.heredoc);
  return h ? h.heredoc!.body : null;
}

/**
 * A word holding xargs's placeholder for items the line does not fix: each item is some name, never
 * empty, so the word is judged as the glob that matches every name there (`~/%` is `~/*`); inside a
 * script (`sh -c 'wc -l {}'`) it is that glob too.
 */
export function xargsUnknownItem(v: Value, placeholder: string): Value {
  const text = v.known!.split(placeholder).join('*');
  return { ...v, known: text, ifUnset: text, glob: true, possible: [] };
}

/**
 * Items xargs reads from a command whose output the line does not fix (not find's: those are judged
 * by its starting points), handed to a program that deletes what it is given.
 */
export function unseenItems(source: Invocation | null, cmd: Value[]): boolean {
  return source !== null && source.program !== 'find' && deletingProgram(programName(cmd[0]));
}

/** The words echo/printf pipe into xargs (printf's format excluded), when the line fixes them. */
export function pipedItems(from: Invocation | null): Value[] {
  if (!from || (from.program !== 'echo' && from.program !== 'printf')) return [];
  const words = from.args.filter((a) => !/^-[neE]+$/.test(a.known ?? ''));
  const items = from.program === 'printf' ? words.slice(1) : words;
  return items.length <= 64 ? items : [];
}

/** `which X`, `command -v X`, `type -P X`, `whence -p X`: the program X (its path has the same name). */
export function locatedProgram(words: Word[]): string | null {
  const lits = words.map((wd) => (wd.parts.every((p) => p.type === 'lit') ? wd.parts.map((p) => (p as { text: string }).text).join('') : null));
  if (lits.some((l) => l === null)) return null;
  const [prog, ...rest] = lits as string[];
  const names = rest.filter((a) => !a.startsWith('-'));
  const flagsOk = rest.filter((a) => a.startsWith('-')).every((f) => /^-[avpPs]+$/.test(f));
  if (names.length !== 1 || !flagsOk) return null;
  if (prog === 'which' || prog === 'whence') return names[0]!;
  if (prog === 'command' && rest.some((f) => /^-[vV]$/.test(f))) return names[0]!;
  if (prog === 'type' && rest.some((f) => /^-[pP]$/.test(f))) return names[0]!;
  return null;
}

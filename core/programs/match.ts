// How an argument list matches a program's signature: the signature of a program by name, its
// arguments split into options, values and positionals by the row's option lists, and the row that
// applies. Below the shell analysis (which asks what a launcher runs: execArgv) and the effects
// (which derive a row's effects from the same match). Linear: one pass over the arguments per
// candidate row; rows are looked up by program name and compiled once per row on first use.

import type { Invocation, Value } from '../shell/model';
import type { ProgramSpec, Role, Row } from './types';
import { FAMILIES } from './index';

let index: Map<string, ProgramSpec> | null = null;

/** The signature of a program, or undefined for a program the tables do not know. */
export function specFor(program: string): ProgramSpec | undefined {
  if (!index) {
    index = new Map();
    for (const family of Object.values(FAMILIES)) for (const spec of family) for (const n of spec.names) index.set(spec.powershell ? n.toLowerCase() : n, spec);
  }
  // A cmdlet's name (Verb-Noun) is case-insensitive: GET-SECRET is Get-Secret.
  if (program.includes('-')) {
    const cmdlet = index.get(program.toLowerCase());
    if (cmdlet?.powershell) return cmdlet;
  }
  // The name itself first (asked for every command by the effects and several guards); then without a version.
  const named = index.get(program);
  if (named) return named;
  let end = program.length;
  while (end > 0 && /[\d.]/.test(program[end - 1]!)) end--; // python3.12 → python
  return index.get(program.slice(0, end)) ?? (program.includes('.') ? index.get(program.slice(0, program.indexOf('.'))) : undefined);
}

interface Compiled {
  takes: Set<string>;
  takes2: Set<string>;
  longs: string[];
  /** Every option the row names (a PowerShell cmdlet's parameters, matched by prefix). */
  all: string[];
  /** Index of the positional that starts a command line (options after it belong to that command); -1 for none. */
  execAt: number;
}
const compiled = new WeakMap<Row, Compiled>();

function compile(row: Row): Compiled {
  let c = compiled.get(row);
  if (c) return c;
  const takes = new Set([...(row.takes ?? []), ...Object.keys(row.opts ?? {})]);
  const takes2 = new Set(row.takes2 ?? []);
  const all = [
    ...takes,
    ...takes2,
    ...Object.keys(row.modes ?? {}),
    ...(row.when ?? []),
    ...(row.also ?? []),
    ...(row.unless ?? []),
    ...(row.recursive ?? []),
    ...(row.removes ?? []),
  ];
  const execPos = row.pos?.indexOf('exec') ?? -1;
  const execAt = execPos >= 0 ? execPos : row.rest === 'exec' ? (row.pos?.length ?? 0) : -1;
  c = { takes, takes2, longs: all.filter((o) => o.startsWith('--')), all, execAt };
  compiled.set(row, c);
  return c;
}

export interface Parsed {
  flags: Set<string>;
  /** `role` is set for a global option's value (the spec's globalOpts). */
  values: { opt: string; value: Value; role?: Role }[];
  positional: Value[];
}

/** A value cut out of another (`--header=VALUE`, `if=PATH`); unknown when the original was. */
export function synthetic(text: string, like?: Value): Value {
  return {
    word: like?.word ?? { parts: [{ type: 'lit', text, quoted: true }], raw: text },
    known: like && like.known === null ? null : text,
    ifUnset: text,
    unsetVars: like?.unsetVars ?? [],
    glob: like ? /[*?[]/.test(text) && like.glob : false,
    possible: [],
  };
}

/** getopt-style parse of `args` by the row's option table. */
export function parseArgs(args: Value[], row: Row, spec: ProgramSpec | null): Parsed {
  const c = compile(row);
  const flags = new Set<string>();
  const values: Parsed['values'] = [];
  const positional: Value[] = [];
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // A computed word that starts as an option (`--header="X: $T"`) is still that option.
    let t = a.known ?? (a.ifUnset.startsWith('-') && !rest ? a.ifUnset : null);
    if (i === 0 && spec?.bsdFirst && t !== null && /^[A-Za-z]+$/.test(t)) {
      for (const letter of t) flags.add(letter);
      continue;
    }
    if (i === 0 && spec?.dashlessFirst && t !== null && /^[A-Za-z]+$/.test(t)) t = `-${t}`;
    if (rest || t === null || !t.startsWith('-') || t === '-') {
      positional.push(a);
      if (c.execAt >= 0 && positional.length > c.execAt) rest = true;
      continue;
    }
    if (t === '--') {
      rest = true;
      continue;
    }
    if (/^-\d+$/.test(t)) {
      flags.add(t); // head -5, env -0
      continue;
    }
    if (spec?.powershell) {
      // -Name:value and -Name value; the name case-insensitive, by unambiguous prefix.
      const colon = t.indexOf(':');
      const name = cmdletParameter(colon > 0 ? t.slice(0, colon) : t, c.all);
      if (colon > 0 && !c.takes.has(name) && /^(?:\$false|0)$/i.test(t.slice(colon + 1))) continue; // -Switch:$false
      flags.add(name);
      if (c.takes.has(name)) {
        if (colon > 0) values.push({ opt: name, value: synthetic(t.slice(colon + 1), a) });
        else if (i + 1 < args.length) values.push({ opt: name, value: args[++i]! });
      }
      continue;
    }
    if (t.startsWith('--') || spec?.singleDashLong) {
      // A switch with its value attached (7-Zip's -oDIR): a row's `optional` key that starts the word.
      const attached =
        spec?.singleDashLong && !t.startsWith('--') ? Object.keys(row.optional ?? {}).find((o) => t.length > o.length && t.startsWith(o)) : undefined;
      if (attached) {
        flags.add(attached);
        values.push({ opt: attached, value: synthetic(t.slice(attached.length), a) });
        continue;
      }
      const eq = t.indexOf('=');
      let name = eq > 0 ? t.slice(0, eq) : t;
      if (spec?.abbreviations && name.startsWith('--') && !c.takes.has(name) && !c.longs.includes(name)) {
        const hits = c.longs.filter((l) => l.startsWith(name));
        if (hits.length === 1) name = hits[0]!;
      }
      flags.add(name);
      if (c.takes2.has(name)) {
        // NAME VALUE: only the second is ever a file (jq --rawfile x FILE).
        if (i + 2 < args.length) values.push({ opt: name, value: args[i + 2]! });
        i += 2;
      } else if (c.takes.has(name)) {
        if (eq > 0) values.push({ opt: name, value: synthetic(t.slice(eq + 1), a) });
        else if (i + 1 < args.length) values.push({ opt: name, value: args[++i]! });
      }
      continue;
    }
    for (let k = 1; k < t.length; k++) {
      const name = `-${t[k]}`;
      flags.add(name);
      const optional = row.optional?.[name];
      if (optional === 'rest') break;
      if (optional === 'digits') {
        // Octal digits, or x and hex digits (`-0x1F`).
        const hex = t[k + 1] === 'x' || t[k + 1] === 'X';
        if (hex) k++;
        while (k + 1 < t.length && (hex ? /[0-9a-fA-F]/ : /[0-7]/).test(t[k + 1]!)) k++;
        continue;
      }
      if (c.takes.has(name)) {
        const attached = t.slice(k + 1);
        if (attached) values.push({ opt: name, value: synthetic(attached, a) });
        else if (i + 1 < args.length) values.push({ opt: name, value: args[++i]! });
        break;
      }
    }
  }
  return { flags, values, positional };
}

/** The parameter a PowerShell word names among a row's: exact or the one that starts with it, case-insensitively; else the word. */
function cmdletParameter(word: string, params: readonly string[]): string {
  const w = word.toLowerCase();
  const exact = params.find((p) => p.toLowerCase() === w);
  if (exact) return exact;
  const hits = params.filter((p) => p.toLowerCase().startsWith(w));
  return hits.length === 1 ? hits[0]! : word;
}

export function anyOf(flags: Set<string>, list: string[] | undefined): boolean {
  return !!list && list.some((f) => flags.has(f));
}

/** Does an option value or positional named in `valueIs` hold one of its words? */
function valueMatches(valueIs: Record<string, (string | RegExp)[]>, parsed: Parsed): boolean {
  const hit = (v: Value, words: (string | RegExp)[]) =>
    !!v.known?.split(',').some((part) => words.some((w) => (typeof w === 'string' ? w.toLowerCase() === part.trim().toLowerCase() : w.test(part.trim()))));
  for (const [key, words] of Object.entries(valueIs)) {
    if (key === '#') {
      if (parsed.positional.some((v) => hit(v, words))) return true;
    } else if (key.startsWith('#')) {
      const v = parsed.positional[Number(key.slice(1))];
      if (v && hit(v, words)) return true;
    } else if (parsed.values.some((v) => v.opt === key && hit(v.value, words))) return true;
  }
  return false;
}

type Match = { row: Row; parsed: Parsed } | null;

/**
 * The last match per invocation: the effects, guard-tamper (copies, sed -i, archives, patches),
 * rm-catastrophic and privilege-escalation each ask for the same invocation's row, and a 200-command
 * script parsed each argument list once per asker. Keyed by the invocation object (one call's
 * analysis owns it; an invocation's arguments never change once resolved); callers only read it.
 */
const matches = new WeakMap<Invocation, { spec: ProgramSpec; match: Match }>();

/** The row of the spec that applies, with the arguments after its subcommand parsed. */
export function matchRow(inv: Invocation, spec: ProgramSpec): Match {
  const kept = matches.get(inv);
  if (kept?.spec === spec) return kept.match;
  const match = matchRowNow(inv, spec);
  matches.set(inv, { spec, match });
  return match;
}

function matchRowNow(inv: Invocation, spec: ProgramSpec): Match {
  let args = inv.args;
  const globals: Parsed['values'] = [];
  if (spec.globalTakes) {
    let i = 0;
    while (i < args.length) {
      const t = args[i]!.known;
      if (t === null || !t.startsWith('-') || t === '--') break;
      const takes = spec.globalTakes.includes(t);
      const role = spec.globalOpts?.[t];
      if (takes && role && args[i + 1]) globals.push({ opt: t, value: args[i + 1]!, role });
      i += takes ? 2 : 1;
    }
    args = args.slice(i);
  }
  for (const row of spec.rows) {
    const sub = row.sub ?? [];
    let rest: Value[];
    if (row.subTakes) {
      // The sub's words with options between them (docker compose -f x.yml config): the options go to the row.
      const between: Value[] = [];
      let j = 0;
      let k = 0;
      for (; j < args.length && k < sub.length; j++) {
        const t = args[j]!.known;
        if (t === sub[k]) k++;
        else if (k > 0 && t?.startsWith('-')) {
          between.push(args[j]!);
          if (row.subTakes.includes(t) && j + 1 < args.length) between.push(args[++j]!);
        } else break;
      }
      if (k < sub.length) continue;
      rest = [...between, ...args.slice(j)];
    } else {
      if (sub.length > args.length || sub.some((s, k) => args[k]!.known !== s)) continue;
      rest = args.slice(sub.length);
    }
    if (row.bare && rest.length > 0) continue;
    const parsed = parseArgs(rest, row, spec);
    parsed.values.unshift(...globals);
    if (row.when && !anyOf(parsed.flags, row.when)) continue;
    if (row.also && !anyOf(parsed.flags, row.also)) continue;
    if (row.unless && anyOf(parsed.flags, row.unless)) continue;
    if (row.unlessValue && parsed.values.some((v) => row.when?.includes(v.opt) && harmlessValue(v.value, row.unlessValue!))) continue;
    if (row.whenValue && !parsed.values.some((v) => row.when?.includes(v.opt) && v.value.known !== null && row.whenValue!.test(v.value.known))) continue;
    if (row.valueIs && !valueMatches(row.valueIs, parsed)) continue;
    if (row.nopos && parsed.positional.length > 0) continue;
    return { row, parsed };
  }
  return null;
}

function harmlessValue(v: Value, list: (string | RegExp)[]): boolean {
  const t = v.known;
  return t !== null && list.some((h) => (typeof h === 'string' ? h === t.split('=')[0] : h.test(t)));
}

/** `a:b:[::1]:d` → ['a', 'b', '[::1]', 'd']: colon-separated fields, brackets kept whole. One pass. */
export function colonFields(text: string): string[] {
  const out = [''];
  let inBrackets = false;
  for (const c of text) {
    if (c === '[') inBrackets = true;
    else if (c === ']') inBrackets = false;
    if (c === ':' && !inBrackets) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

/** Names of the standard output as a file (`vercel env pull /dev/stdout`). */

/**
 * The command line a program's signature says it runs (role `exec`: `dotenv -e .env -- CMD`,
 * `direnv exec . CMD`, `env-cmd -f .env CMD`), as its words; null when the matching row runs none.
 */
export function execArgv(inv: Invocation): Value[] | null {
  const spec = inv.program ? specFor(inv.program) : undefined;
  const match = spec ? matchRow(inv, spec) : null;
  if (!match) return null;
  const at = compile(match.row).execAt;
  const words = at >= 0 ? match.parsed.positional.slice(at) : [];
  return words.length > 0 ? words : null;
}

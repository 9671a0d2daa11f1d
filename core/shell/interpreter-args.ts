// Interpreter invocations as data: which option or operand of python, node, ruby, perl, php, awk, …
// holds the program text (`python -c CODE`, `node -e CODE`, an awk program), read as code by
// interpreters.ts. Pure functions of an invocation: no walk, no state.

import { OPAQUE, type Invocation, type Value } from './model';
import { namesOnly } from '../programs/table';

export function positional(args: Value[]): Value[] {
  return args.filter((a) => !(a.known ?? '').startsWith('-'));
}

/** The word's literal text with OPAQUE for every part the line does not fix: `"+HEAD:$X"` → `+HEAD:\u0001`. */
export function skeleton(v: Value): string {
  if (v.known !== null) return v.known;
  return v.word.parts.map((p) => (p.type === 'lit' ? p.text : OPAQUE)).join('');
}

export interface InterpreterSpec {
  lang: string;
  /** Options whose value is code (each may repeat; the pieces are joined by newlines). */
  flags: string[];
  /** Bundled short options that end in the code flag: perl -lane, ruby -ne, python -Ic. */
  bundle?: RegExp;
  /** Options that take the next argument as their value (not code). */
  takes?: string[];
  /** A subcommand before the code: deno eval CODE. */
  sub?: string;
}

const PYTHON: InterpreterSpec = { lang: 'python', flags: ['-c'], bundle: /^-(?![WXmQ-])[a-zA-Z]*c$/, takes: ['-W', '-X'] };

const NODE: InterpreterSpec = {
  lang: 'js',
  flags: ['-e', '-p', '-pe', '--eval', '--print'],
  takes: [
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '--env-file',
    '--inspect-port',
    '-C',
    '--conditions',
    '--input-type',
    '--title',
    '--snapshot-blob',
    '--build-snapshot-config',
  ],
};

export const INTERPRETER_FLAGS: Record<string, InterpreterSpec> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  node: NODE,
  nodejs: NODE,
  bun: { ...NODE, flags: ['-e', '--eval', '-p', '--print'] },
  deno: { lang: 'js', flags: [], sub: 'eval', takes: ['--ext', '--location', '--seed', '--config', '-c', '--import-map', '--env-file'] },
  perl: { lang: 'perl', flags: ['-e', '-E'], bundle: /^-(?![MmIFxCd])[a-zA-Z0-9]*[eE]$/ },
  ruby: { lang: 'ruby', flags: ['-e'], bundle: /^-(?![rICFEKTxW])[a-zA-Z0-9]*e$/, takes: ['-r', '-I', '-C', '-E', '-F'] },
  php: { lang: 'php', flags: ['-r', '-R', '-B', '-E'], takes: ['-d', '-c', '-z'] },
  Rscript: { lang: 'r', flags: ['-e'] },
  lua: { lang: 'lua', flags: ['-e'], takes: ['-l'] },
  luajit: { lang: 'lua', flags: ['-e'], takes: ['-l'] },
};
namesOnly(INTERPRETER_FLAGS);

export const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk']);

/** awk options that take a value (the program is the first other operand). */
const AWK_VALUE_OPTS = new Set(['-F', '-v', '-f', '-i', '-l', '-E', '--field-separator', '--assign', '--file', '--include', '--load', '--exec']);

/** What of a value the line fixes, with OPAQUE where it does not (`print('$X')` → `print('\u0001')`). */
function codeText(v: Value): { text: string; computed: boolean } {
  return v.known !== null ? { text: v.known, computed: false } : { text: skeleton(v), computed: true };
}

/** An awk program: the first operand, unless it comes from a file (-f). */
function awkProgram(inv: Invocation): InterpreterProgram | null {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!.known;
    if (a === '--') return inv.args[i + 1] ? { lang: 'awk', ...codeOf(inv.args[i + 1]!) } : null;
    if (a === null) return { lang: 'awk', ...codeOf(inv.args[i]!) };
    if (/^(-f|--file|-E|--exec)$/.test(a) || /^-f./.test(a)) return null;
    if (AWK_VALUE_OPTS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    return { lang: 'awk', code: a, computed: false };
  }
  return null;
}

const codeOf = (v: Value) => {
  const t = codeText(v);
  return { code: t.text, computed: t.computed };
};

export interface InterpreterProgram {
  lang: string;
  /** The program text; where the line does not fix part of it, OPAQUE stands in (computed is then true). */
  code: string;
  computed: boolean;
}

/**
 * The program of an interpreter one-liner (`python3 -c CODE`, `perl -lane CODE`, `node -pe CODE`,
 * `deno eval CODE`, an awk program) or of one fed on stdin (a heredoc, a here-string, echo/cat | …).
 */
export function interpreterProgram(inv: Invocation): InterpreterProgram | null {
  if (AWKS.has(inv.program)) return awkProgram(inv);
  // Asked for every command by several guards: the version pattern only for names that can match it.
  const spec = INTERPRETER_FLAGS[inv.program] ?? (inv.program.startsWith('python3') && /^python3(\.\d+)?$/.test(inv.program) ? PYTHON : undefined);
  if (!spec) return null;
  const pieces: string[] = [];
  let computed = false;
  let positional = 0;
  for (let i = 0; i < inv.args.length; i++) {
    const arg = inv.args[i]!;
    const a = arg.known;
    if (a === '--') break;
    if (spec.sub && positional === 0 && a === spec.sub) {
      positional++;
      // deno eval [options] CODE
      let j = i + 1;
      while (j < inv.args.length && (inv.args[j]!.known ?? '').startsWith('-')) j += spec.takes?.includes(inv.args[j]!.known!) ? 2 : 1;
      const v = inv.args[j];
      if (!v) return null;
      const t = codeText(v);
      return { lang: spec.lang, code: t.text, computed: t.computed };
    }
    if (a === null) {
      if (pieces.length > 0) break;
      return null;
    }
    if (spec.lang === 'perl' && /^-[eE]./.test(a)) {
      pieces.push(a.slice(2));
      continue;
    }
    if (spec.flags.includes(a) || spec.bundle?.test(a)) {
      const v = inv.args[i + 1];
      if (!v) break;
      const t = codeText(v);
      pieces.push(t.text);
      computed ||= t.computed;
      i++;
      // python -c CODE ends python's options: the rest is the program's argv.
      if (spec.lang === 'python' || spec.lang === 'js') break;
      continue;
    }
    if (spec.takes?.includes(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      if (spec.lang === 'python' && a === '-m') return null;
      continue;
    }
    // The first operand: a script file (no code flag seen yet) or the data the code reads.
    break;
  }
  if (pieces.length > 0) return { lang: spec.lang, code: pieces.join('\n'), computed };
  if (spec.sub) return null;
  const positionalArgs = inv.args.filter((a) => !(a.known ?? '').startsWith('-') || a.known === '-');
  if (positionalArgs.length === 0 || positionalArgs[0]!.known === '-') {
    if (inv.stdinText !== null) return { lang: spec.lang, code: inv.stdinText, computed: false };
    // echo "$CODE" | python3: the program is text the line does not fix.
    const from = inv.pipeFrom;
    if (from && (from.program === 'echo' || from.program === 'printf')) return { lang: spec.lang, code: OPAQUE, computed: true };
  }
  return null;
}

/** The program text of an interpreter one-liner when the line fixes all of it (see interpreterProgram). */
export function interpreterCode(inv: Invocation): { lang: string; code: string } | null {
  const p = interpreterProgram(inv);
  return p && !p.computed ? { lang: p.lang, code: p.code } : null;
}

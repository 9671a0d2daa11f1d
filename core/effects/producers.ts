// Commands whose output is a list of file names (`ls`, `find`, `git ls-files`, …), as data: what a
// reader fed those names (`ls .env | xargs cat`, `cat $(find . -name '.env*')`) may end up reading.
// Pure: the secret guard checks the description against the file system.

import type { Invocation } from '../shell/model';
import type { Script } from '../shell/ast';
import { basename } from '../paths';

/** What a pipeline of commands prints as file names. */
export type NameSource =
  /** Never a file's name (which, mktemp, pwd, date, …). */
  | { kind: 'none' }
  /** These names (possibly globs), relative to the cwd. */
  | { kind: 'paths'; paths: string[] }
  /** Entries under these roots: `hidden` includes dot files, `recursive` goes below the first level, `globs` restricts the base names (null: any). */
  | { kind: 'walk'; roots: string[]; hidden: boolean; recursive: boolean; globs: string[] | null; tracked?: 'only' | 'untracked' }
  /** Cannot be told from the command line. */
  | { kind: 'unknown'; what: string };

/** One stage of the pipeline: the program and its words (null for a computed word). */
export interface Stage {
  program: string;
  args: (string | null)[];
}

/** Programs that print something other than file names of the project. */
const NOT_NAMES = new Set([
  'which',
  'whereis',
  'type',
  'mktemp',
  'pwd',
  'date',
  'uname',
  'hostname',
  'whoami',
  'id',
  'nproc',
  'tty',
  'dirname',
  'seq',
  'true',
  'false',
]);
/** Filters that print a subset of their input lines, unchanged. */
const SUBSET_FILTERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'head', 'tail', 'sort', 'uniq', 'tac', 'shuf', 'cat']);

/** Examples: a pipeline and the source it describes (test/secret-files.test.ts checks them). */
export const PRODUCER_EXAMPLES: { stages: Stage[]; source: NameSource }[] = [
  { stages: [{ program: 'ls', args: ['.env'] }], source: { kind: 'paths', paths: ['.env'] } },
  { stages: [{ program: 'ls', args: ['-a'] }], source: { kind: 'walk', roots: ['.'], hidden: true, recursive: false, globs: null } },
  {
    stages: [{ program: 'find', args: ['.', '-name', '*.ts'] }],
    source: { kind: 'walk', roots: ['.'], hidden: true, recursive: true, globs: ['*.ts'] },
  },
  { stages: [{ program: 'which', args: ['node'] }], source: { kind: 'none' } },
  { stages: [{ program: 'my-script', args: [] }], source: { kind: 'unknown', what: 'my-script' } },
];

/** The names a pipeline (first stage first) prints. Linear in the words. */
export function namesProduced(stages: Stage[]): NameSource {
  let i = stages.length - 1;
  // Subset filters at the end pass on what came before them (grep '^\.env$', head -1).
  while (i > 0 && SUBSET_FILTERS.has(stages[i]!.program) && stages[i]!.args.every((a) => a !== null)) i--;
  const s = stages[i]!;
  if (i > 0 && SUBSET_FILTERS.has(s.program)) return { kind: 'unknown', what: s.program };
  if (NOT_NAMES.has(s.program) || (s.program === 'command' && s.args[0] === '-v')) return { kind: 'none' };
  if (s.args.some((a) => a === null)) return { kind: 'unknown', what: s.program };
  const args = s.args as string[];
  const options = args.filter((a) => a.startsWith('-'));
  const operands = args.filter((a) => !a.startsWith('-'));
  switch (s.program) {
    case 'echo':
    case 'printf':
      return s.program === 'echo' ? { kind: 'paths', paths: operands } : { kind: 'unknown', what: 'printf' };
    case 'ls':
    case 'exa':
    case 'eza': {
      const hidden = options.some((o) => !o.startsWith('--') && /[aA]/.test(o)) || options.includes('--all') || options.includes('--almost-all');
      const recursive = options.some((o) => (!o.startsWith('--') && o.includes('R')) || o === '--recursive');
      if (operands.length > 0 && !recursive) return { kind: 'paths', paths: operands };
      return { kind: 'walk', roots: operands.length > 0 ? operands : ['.'], hidden, recursive, globs: null };
    }
    case 'find': {
      const at = args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
      const roots = (at < 0 ? args : args.slice(0, at)).filter((a) => a !== '');
      const expr = at < 0 ? [] : args.slice(at);
      const globs: string[] = [];
      let restricted = !expr.some((a) => ['-o', '-or', '!', '-not'].includes(a));
      for (let k = 0; k < expr.length; k++) {
        if (expr[k] === '-name' || expr[k] === '-iname') globs.push(expr[k + 1] ?? '*');
        else if (['-path', '-ipath', '-regex', '-iregex', '-wholename'].includes(expr[k]!)) restricted = false;
      }
      return { kind: 'walk', roots: roots.length > 0 ? roots : ['.'], hidden: true, recursive: true, globs: restricted && globs.length > 0 ? globs : null };
    }
    case 'fd':
    case 'fdfind': {
      const hidden = options.some((o) => o === '-H' || o === '--hidden' || o === '-u' || o === '--unrestricted');
      return { kind: 'walk', roots: operands.slice(1).length > 0 ? operands.slice(1) : ['.'], hidden, recursive: true, globs: null };
    }
    case 'rg':
      if (!options.includes('--files')) return { kind: 'unknown', what: 'rg' };
      return {
        kind: 'walk',
        roots: operands.length > 0 ? operands : ['.'],
        hidden: options.some((o) => o === '--hidden' || o === '-uu' || o === '-uuu'),
        recursive: true,
        globs: null,
      };
    case 'git': {
      const sub = operands[0];
      const paths = operands.slice(1);
      const roots = paths.length > 0 ? paths : ['.'];
      if (sub === 'ls-files') {
        const others = options.some((o) => o === '-o' || o === '--others');
        return { kind: 'walk', roots, hidden: true, recursive: true, globs: null, tracked: others ? 'untracked' : 'only' };
      }
      if (sub === 'diff' || sub === 'show' || sub === 'log') return { kind: 'walk', roots: ['.'], hidden: true, recursive: true, globs: null, tracked: 'only' };
      if (sub === 'status') return { kind: 'walk', roots, hidden: true, recursive: true, globs: null };
      return { kind: 'unknown', what: `git ${sub ?? ''}`.trim() };
    }
    default:
      return { kind: 'unknown', what: s.program };
  }
}

/** The stages of the pipeline that ends with `last` (first stage first), at most 16. */
export function stagesOf(last: Invocation): Stage[] {
  const out: Stage[] = [];
  for (let s: Invocation | null = last; s && out.length < 16; s = s.pipeFrom) out.unshift({ program: s.program, args: s.args.map((a) => a.known) });
  return out;
}

/** The stages of a command substitution's script when it is one pipeline (`$(git ls-files -o | grep x)`); else one unknown stage. */
export function stagesOfScript(script: Script): Stage[] {
  const item = script.items.length === 1 ? script.items[0]! : null;
  if (!item) return [{ program: '', args: [] }];
  return item.pipeline.commands.map((c) => {
    if (c.type !== 'simple' || c.words.length === 0) return { program: '', args: [] };
    const words = c.words.map((w) => (w.parts.every((p) => p.type === 'lit') ? w.parts.map((p) => (p.type === 'lit' ? p.text : '')).join('') : null));
    return { program: words[0] ? basename(words[0]) : '', args: words.slice(1) };
  });
}

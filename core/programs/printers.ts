// What programs do with the text they are given, for judging where a secret value ends up:
// programs that pass their input through, print their arguments, only reorder lines, hash, or
// assign (moved out of guards/secret-read.ts).
import { READER_NAMES } from './files';
import { namesOnly } from './table';

/** Programs that pass their input through to their output: piping a secret into them still prints it. */
export const PASS_THROUGH = new Set([
  ...READER_NAMES,
  'tee',
  'tr',
  'sed',
  'gsed',
  'awk',
  'gawk',
  'grep',
  'egrep',
  'rg',
  'jq',
  'yq',
  'xargs',
  'echo',
  'printf',
  'openssl',
  'gpg',
]);

/** Programs that print what they are given as arguments. */
export const PRINTERS = new Set(['echo', 'printf', 'print', 'printenv']);

/** How to test that a variable is set without printing it, per interpreter language (the advice of a computed-name denial). */
export const TEST_INSTEAD: Record<string, string> = {
  python: "print('set' if os.environ.get('NAME') else 'unset')",
  js: "console.log(process.env.NAME ? 'set' : 'unset')",
  ruby: "puts(ENV['NAME'] ? 'set' : 'unset')",
  perl: "print defined $ENV{NAME} ? 'set' : 'unset'",
  php: "echo getenv('NAME') !== false ? 'set' : 'unset';",
};
namesOnly(TEST_INSTEAD);

/** Programs that only reorder or cut lines: what leaves them is what their own consumers make of it (env | sort | cut -d= -f1). */
export const REORDERERS = new Set(['sort', 'uniq', 'head', 'tail', 'tac']);

export const HASHERS = new Set([
  'md5',
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
  'b2sum',
  'b3sum',
  'cksum',
  'sum',
  'shasum',
  'xxhsum',
]);

/** Filters whose output is a part of their input: harmless when their own output is. (tee and sponge copy it to a file.) */
export const FILTERS = new Set([...PASS_THROUGH].filter((p) => !['tee', 'sponge', 'echo', 'printf', 'openssl', 'gpg'].includes(p)));

/** Builtins whose NAME=value arguments are assignments: a substitution's output given to them is loaded, not printed. */
export const ASSIGNERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

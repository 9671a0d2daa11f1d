// What a command substitution prints when its meaning is known but its value is not on the line.
// Destructive guards judge `rm -rf "$(git rev-parse --show-toplevel)"` by what it is (the project),
// not as an unknown and therefore harmless word. Data: one row per program form, with an example.

import { basename } from '../paths';

export interface SubstitutionContext {
  cwd: string | null;
  home: string;
  projectDir: string;
}

export interface SubstitutionRow {
  /** Does this argv (all words known) have this meaning? */
  matches(argv: string[]): boolean;
  /** The value it prints here, or null for "a fresh, never empty value we do not judge" (mktemp). */
  value(ctx: SubstitutionContext): string | null;
  /** For messages: "$(whoami) is <describe>". */
  describe: string;
  example: string;
}

const is =
  (...forms: string[][]) =>
  (argv: string[]) =>
    forms.some((f) => f.length === argv.length && f.every((w, i) => w === argv[i]));

export const SUBSTITUTIONS: SubstitutionRow[] = [
  {
    matches: is(['git', 'rev-parse', '--show-toplevel']),
    value: (c) => c.projectDir,
    describe: 'the root of the repository, here the project',
    example: 'rm -rf "$(git rev-parse --show-toplevel)"',
  },
  {
    matches: is(['git', 'rev-parse', '--git-dir'], ['git', 'rev-parse', '--absolute-git-dir'], ['git', 'rev-parse', '--git-common-dir']),
    value: (c) => `${c.projectDir}/.git`,
    describe: "the project's .git directory",
    example: 'rm -rf "$(git rev-parse --git-dir)"',
  },
  {
    matches: is(['whoami'], ['id', '-un'], ['id', '-nu'], ['id', '-u', '-n'], ['id', '-n', '-u'], ['logname']),
    value: (c) => basename(c.home),
    describe: 'your user name',
    example: 'rm -rf /home/$(whoami)',
  },
  {
    matches: (argv) => argv[0] === 'mktemp',
    value: () => null,
    describe: 'a fresh temporary path',
    example: 'rm -rf "$(mktemp -d)"',
  },
];

export function substitutionMeaning(argv: string[], ctx: SubstitutionContext): { value: string | null; describe: string } | null {
  for (const row of SUBSTITUTIONS) if (row.matches(argv)) return { value: row.value(ctx), describe: row.describe };
  return null;
}

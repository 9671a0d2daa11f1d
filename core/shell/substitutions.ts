// What a command substitution prints when its meaning is known but its value is not on the line.
// Destructive guards judge `rm -rf "$(git rev-parse --show-toplevel)"` by what it is (the project),
// not as an unknown and therefore harmless word. Data: one row per program form, with an example.

import { basename } from '../paths';

/** What `$(mktemp -d)` prints: a path under /tmp whose last segment nothing names (analyze.ts's OPAQUE). */
export const FRESH_TMP = '/tmp/\u0001';

export interface SubstitutionContext {
  cwd: string | null;
  home: string;
  projectDir: string;
}

export interface SubstitutionRow {
  /** Does this argv (all words known) have this meaning? */
  matches(argv: string[]): boolean;
  /** The value it prints here, or null for "a fresh, never empty value we do not judge" (mktemp). */
  value(ctx: SubstitutionContext, argv: string[]): string | null;
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
    // In the system's temporary folder (no template, no -p): a path under /tmp that nothing names
    // (the analysis's OPAQUE), so `"$(mktemp -d)/../.."` is `/`. Elsewhere: fresh, never empty, not judged.
    matches: (argv) => argv[0] === 'mktemp',
    value: (_c, argv) => (argv.slice(1).every((a) => /^-[dqu]+$/.test(a) || a === '--directory' || a === '--quiet' || a === '--dry-run') ? FRESH_TMP : null),
    describe: 'a fresh temporary folder in /tmp',
    example: 'rm -rf "$(mktemp -d)"',
  },
];

export function substitutionMeaning(argv: string[], ctx: SubstitutionContext): { value: string | null; describe: string } | null {
  for (const row of SUBSTITUTIONS) if (row.matches(argv)) return { value: row.value(ctx, argv), describe: row.describe };
  return null;
}

/**
 * Programs whose output is shell code that sets up the environment, run with `eval "$(…)"` in
 * every install guide: what they print is the tool's own setup, not text the line controls. Any
 * other script computed at run time is unanalysable. One row per program (its basename), with the
 * subcommand forms that print setup code.
 */
export interface SetupProducerRow {
  program: string;
  /** The first argument(s) that make it print setup code; [] when the bare program does. */
  forms: string[][];
  example: string;
}

export const SHELL_SETUP_PRODUCERS: SetupProducerRow[] = [
  { program: 'ssh-agent', forms: [[], ['-s'], ['-c']], example: 'eval "$(ssh-agent -s)"' },
  { program: 'direnv', forms: [['hook'], ['export']], example: 'eval "$(direnv hook bash)"' },
  { program: 'pyenv', forms: [['init'], ['virtualenv-init'], ['sh-shell']], example: 'eval "$(pyenv init -)"' },
  { program: 'rbenv', forms: [['init']], example: 'eval "$(rbenv init - bash)"' },
  { program: 'nodenv', forms: [['init']], example: 'eval "$(nodenv init -)"' },
  { program: 'goenv', forms: [['init']], example: 'eval "$(goenv init -)"' },
  { program: 'jenv', forms: [['init']], example: 'eval "$(jenv init -)"' },
  { program: 'fnm', forms: [['env']], example: 'eval "$(fnm env --use-on-cd)"' },
  { program: 'brew', forms: [['shellenv']], example: 'eval "$(/opt/homebrew/bin/brew shellenv)"' },
  {
    program: 'conda',
    forms: [
      ['shell.bash', 'hook'],
      ['shell.zsh', 'hook'],
      ['shell.posix', 'hook'],
    ],
    example: 'eval "$(conda shell.bash hook)"',
  },
  { program: 'micromamba', forms: [['shell', 'hook']], example: 'eval "$(micromamba shell hook --shell bash)"' },
  { program: 'mise', forms: [['activate'], ['env']], example: 'eval "$(mise activate bash)"' },
  { program: 'opam', forms: [['env']], example: 'eval "$(opam env)"' },
  { program: 'luarocks', forms: [['path']], example: 'eval "$(luarocks path --bin)"' },
  { program: 'zoxide', forms: [['init']], example: 'eval "$(zoxide init bash)"' },
  { program: 'starship', forms: [['init']], example: 'eval "$(starship init bash)"' },
  { program: 'dircolors', forms: [[], ['-b']], example: 'eval "$(dircolors -b)"' },
  { program: 'keychain', forms: [['--eval']], example: 'eval "$(keychain --eval --quiet id_ed25519)"' },
  { program: 'minikube', forms: [['docker-env'], ['podman-env']], example: 'eval "$(minikube docker-env)"' },
  { program: 'docker-machine', forms: [['env']], example: 'eval "$(docker-machine env default)"' },
  { program: 'gh', forms: [['completion']], example: 'eval "$(gh completion -s bash)"' },
  { program: 'kubectl', forms: [['completion']], example: 'eval "$(kubectl completion bash)"' },
];

/** Does this argv (every word known) print environment setup code (SHELL_SETUP_PRODUCERS)? */
export function printsSetupCode(argv: string[]): boolean {
  const program = basename(argv[0] ?? '');
  const row = SHELL_SETUP_PRODUCERS.find((r) => r.program === program);
  return !!row && row.forms.some((f) => f.every((w, i) => argv[i + 1] === w));
}

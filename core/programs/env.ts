// Programs that print the environment, whole or by name.
import type { ProgramSpec } from './types';

/**
 * Per language: how program text reads one variable (group `a`, `b`, … holds its name), how it
 * reads the whole environment when that is not one of the interpreter's own dumps (CODE_APIS), and
 * which calls print their arguments: the name of the call the read sits in, or (for languages whose
 * print takes no parentheses) the statement up to the read, from the last `;`, `{`, `}` or newline. `printsAll`: the program prints the value
 * of its code (jq).
 */
export const CODE_ENV: Record<
  string,
  {
    variable: RegExp;
    /** Where a read takes its name as an expression (ending at the opening bracket): `process.env[`, `os.getenv(`; the name is folded (core/effects/code.ts). */
    keyed?: RegExp;
    dump?: RegExp;
    printCall: RegExp;
    printStatement?: RegExp;
    printsAll?: boolean;
    examples: string[];
  }
> = {
  python: {
    // Also python-decouple's config('NAME') and environs / django-environ's env('NAME'), env.str('NAME'): the variable, or the .env line of that name.
    variable:
      /\b(?:os\.)?(?:environ\s*\[\s*|environ\.get\s*\(\s*|getenv\s*\(\s*)['"](?<a>[A-Za-z_]\w*)['"]|(?<![.\w])(?:decouple\.)?(?:config|env(?:\.(?:str|int|bool|url|db_url|json))?)\s*\(\s*['"](?<b>[A-Z_][A-Z0-9_]*)['"]/g,
    keyed: /\b(?:os\.)?(?:environ\s*\[|environ\.get\s*\(|getenv\s*\()/g,
    printCall: /^(?:print|pprint|pprint\.pprint|sys\.stdout\.write|sys\.stderr\.write)$/,
    examples: [
      'python3 -c "import os; print(os.environ[\'GITHUB_TOKEN\'])"',
      "python3 -c 'import os,sys; print(os.environ[sys.argv[1]])' OPENAI_API_KEY",
      `python3 -c "from decouple import config; print(config('SECRET_KEY'))"`,
    ],
  },
  js: {
    variable:
      /\bprocess\.env(?:\??\.(?<a>[A-Za-z_$][\w$]*)|\s*\[\s*['"`](?<b>[A-Za-z_]\w*)['"`]\s*\])|\bDeno\.env\.get\s*\(\s*['"`](?<c>[A-Za-z_]\w*)['"`]|\bBun\.env\.(?<d>[A-Za-z_]\w*)/g,
    keyed: /\bprocess\.env\s*\[|\bDeno\.env\.get\s*\(|\bBun\.env\s*\[/g,
    printCall: /^(?:console\.(?:log|error|info|warn|debug|dir)|process\.std(?:out|err)\.write)$/,
    examples: ['node -e "console.log(process.env.GITHUB_TOKEN)"', `node -e "console.log(process.env['DB_'+'PASSWORD'])"`],
  },
  ruby: {
    variable: /\bENV(?:\s*\[\s*|\.fetch\s*\(\s*)['"](?<a>[A-Za-z_]\w*)['"]/g,
    printCall: /^(?:puts|print|p|pp|warn|\$stdout\.puts|STDOUT\.puts)$/,
    keyed: /\bENV(?:\s*\[|\.fetch\s*\()/g,
    printStatement: /^\s*(?:puts|print|p|pp|warn)\s+$/,
    examples: ['ruby -e "puts ENV[\'GITHUB_TOKEN\']"', "ruby -e 'puts ENV[ARGV[0]]' GH_TOKEN"],
  },
  perl: {
    variable: /\$ENV\s*\{\s*['"]?(?<a>[A-Za-z_]\w*)['"]?\s*\}/g,
    keyed: /\$ENV\s*\{/g,
    printCall: /^(?:print|say|printf)$/,
    printStatement: /^\s*(?:print|say|printf)\s+(?:STD(?:OUT|ERR)\s+)?$/,
    examples: ["perl -e 'print $ENV{GITHUB_TOKEN}'"],
  },
  php: {
    variable: /\bgetenv\s*\(\s*['"](?<a>[A-Za-z_]\w*)['"]|\$_(?:ENV|SERVER)\s*\[\s*['"](?<b>[A-Za-z_]\w*)['"]/g,
    keyed: /\bgetenv\s*\(|\$_(?:ENV|SERVER)\s*\[/g,
    dump: /\bphpinfo\s*\(/,
    printCall: /^(?:print|printf|var_dump|print_r|var_export|echo)$/,
    printStatement: /^\s*(?:echo|print)\s+$/,
    examples: ['php -r \'echo getenv("GITHUB_TOKEN");\'', "php -r 'phpinfo();'"],
  },
  awk: {
    variable: /\bENVIRON\s*\[\s*"(?<a>[A-Za-z_]\w*)"\s*\]/g,
    // ENVIRON indexed by a computed name: `for (k in ENVIRON) print k "=" ENVIRON[k]` (`print k` alone is names).
    dump: /\bENVIRON\s*\[\s*(?!")/,
    keyed: /\bENVIRON\s*\[/g,
    printCall: /^(?:print|printf)$/,
    printStatement: /^\s*(?:print|printf)\b/,
    examples: ['awk \'BEGIN{for(k in ENVIRON) print k"="ENVIRON[k]}\'', 'awk \'BEGIN{print ENVIRON["GITHUB_TOKEN"]}\''],
  },
  jq: {
    // $ENV.NAME, env.NAME, $ENV["NAME"]; a bare `env` or `$ENV` is the whole environment (not `.env`, a field).
    variable: /(?:\$ENV|(?<![.$\w])env)\s*(?:\.\s*(?<a>[A-Za-z_]\w*)|\[\s*"(?<b>[A-Za-z_]\w*)"\s*\])/g,
    dump: /\$ENV\b|(?<![.$\w])env\b/,
    printCall: /(?!)/,
    printsAll: true,
    examples: ['jq -n env', "jq -n '$ENV.GITHUB_TOKEN'"],
  },
};

const dump = [{ kind: 'read-env' as const, what: 'environment' }];

export const ENV: ProgramSpec[] = [
  {
    names: ['env'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'env', effects: ['read(env)'] }] },
      {
        when: ['-0', '--null'],
        takes: ['-u', '--unset', '-C', '--chdir'],
        rest: 'exec',
        effects: dump,
        examples: [{ command: 'env -0', effects: ['read(env)'] }],
      },
      {
        takes: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'],
        rest: 'exec',
        examples: [{ command: 'env NODE_ENV=test npm test', effects: ['execute(shell: NODE_ENV=test npm test)'] }],
      },
    ],
  },
  {
    names: ['printenv'],
    rows: [
      {
        // No name: every variable (`printenv -0` too).
        nopos: true,
        unless: ['--help', '--version'],
        effects: dump,
        examples: [
          { command: 'printenv', effects: ['read(env)'] },
          { command: 'printenv -0', effects: ['read(env)'] },
        ],
      },
      { rest: 'var', examples: [{ command: 'printenv HOME', effects: ['read($HOME)'] }] },
    ],
  },
  {
    names: ['export', 'declare', 'typeset', 'readonly', 'local'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'export', effects: ['read(env)'] }] },
      // bash's `export -n` with no name lists the exported variables with their values, like `export -p`.
      { when: ['-n'], nopos: true, effects: dump, examples: [{ command: 'export -n', effects: ['read(env)'] }] },
      {
        when: ['-p', '-x'],
        unless: ['-f', '-F'],
        rest: 'var',
        effects: dump,
        examples: [
          { command: 'export -p', effects: ['read(env)'] },
          { command: 'declare -x', effects: ['read(env)'] },
        ],
      },
      { rest: 'none', examples: [{ command: 'export NODE_ENV=test', effects: [] }] },
    ],
  },
  {
    // launchd's environment (macOS): `launchctl export` prints it as shell assignments, getenv one variable.
    names: ['launchctl'],
    otherwise: 'none',
    rows: [
      { sub: ['export'], effects: dump, examples: [{ command: 'launchctl export', effects: ['read(env)'] }] },
      { sub: ['getenv'], rest: 'var', examples: [{ command: 'launchctl getenv AWS_SECRET_ACCESS_KEY', effects: ['read($AWS_SECRET_ACCESS_KEY)'] }] },
      // The whole system domain or a user's session booted out (every service in it stops), or a reboot.
      {
        sub: ['bootout'],
        valueIs: { '#1': [/./] },
        rest: 'none',
        examples: [{ command: 'launchctl bootout gui/501 ~/Library/LaunchAgents/x.plist', effects: [] }],
      },
      {
        sub: ['bootout'],
        valueIs: { '#0': [/^(?:system|gui\/\d+|user\/\d+|login\/\d+)$/] },
        rest: 'none',
        effects: [{ kind: 'destroy', what: 'every service and program of the domain (a logout, or the system services stopped)' }],
        examples: [
          { command: 'launchctl bootout system', effects: ['destroy(every service and program of the domain (a logout, or the system services stopped))'] },
        ],
      },
      {
        sub: ['reboot'],
        rest: 'none',
        effects: [{ kind: 'destroy', what: 'the running system (launchd reboots it, or ends every session)' }],
        examples: [{ command: 'launchctl reboot', effects: ['destroy(the running system (launchd reboots it, or ends every session))'] }],
      },
    ],
  },
  {
    names: ['set'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'set', effects: ['read(env)'] }] },
      { rest: 'none', examples: [{ command: 'set -euo pipefail', effects: [] }] },
    ],
  },
  {
    // BSD-style `e` (ps eww, ps auxe) and macOS -E print each process's environment; `ps -e` is "every process".
    names: ['ps'],
    bsdFirst: true,
    otherwise: 'none',
    rows: [
      {
        when: ['e', '-E'],
        takes: ['-o', '-p', '-u', '-U', '-g', '-G', '-t', '-C', '--pid', '--ppid', '--sort', '-O'],
        effects: dump,
        examples: [
          { command: 'ps eww $$', effects: ['read(env)'] },
          { command: 'ps auxe', effects: ['read(env)'] },
        ],
      },
      {
        takes: ['-o', '-p', '-u', '-U', '-g', '-G', '-t', '-C', '--pid', '--ppid', '--sort', '-O'],
        examples: [
          { command: 'ps -ef', effects: [] },
          { command: 'ps aux', effects: [] },
        ],
      },
    ],
  },
  {
    names: ['echo', 'printf', 'print'],
    rows: [
      {
        rest: 'none',
        examples: [
          { command: 'echo "$API_TOKEN"', effects: ['read($API_TOKEN)'] },
          { command: 'echo ${#API_TOKEN}', effects: [] },
        ],
      },
    ],
  },
  {
    // Shell builtins that only move or name the working folder, or set an exit status: the
    // analysis follows the folder itself (cwd of the commands after them); they read nothing.
    names: ['cd', 'pwd', 'pushd', 'popd', 'true', 'false', ':'],
    rows: [
      {
        rest: 'none',
        examples: [
          { command: 'cd src', effects: [] },
          { command: 'pwd', effects: [] },
          { command: 'cd ~/.ssh', effects: [] },
        ],
      },
    ],
  },
];

/** dotenv CLIs: `run` loads the file for one process; `list` and `get` print values. */
export const DOTENV: ProgramSpec[] = [
  {
    names: ['dotenv', 'dotenvx'],
    globalTakes: ['-f', '--file', '-e', '--env-file'],
    globalOpts: { '-f': 'load', '--file': 'load', '-e': 'load', '--env-file': 'load' },
    otherwise: 'none',
    rows: [
      {
        sub: ['run'],
        takes: ['-e', '--env'],
        opts: { '-f': 'load', '--env-file': 'load' },
        rest: 'exec',
        examples: [{ command: 'dotenvx run -f .env -- npm start', effects: ['read(.env, load)', 'execute(shell: npm start)'] }],
      },
      {
        sub: ['list'],
        takes: ['--format'],
        effects: [{ kind: 'read-file', what: '.env' }],
        examples: [{ command: 'dotenv list', effects: ['read(.env, content)'] }],
      },
      { sub: ['get'], takes: ['-f'], effects: [{ kind: 'read-file', what: '.env' }], examples: [{ command: 'dotenvx get', effects: ['read(.env, content)'] }] },
      { sub: ['--'], rest: 'exec', examples: [{ command: 'dotenv -e .env -- npm start', effects: ['read(.env, load)', 'execute(shell: npm start)'] }] },
    ],
  },
];

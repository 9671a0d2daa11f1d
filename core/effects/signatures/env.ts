// Programs that print the environment, whole or by name.
import type { ProgramSpec } from '../types';

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
      { bare: true, effects: dump, examples: [{ command: 'printenv', effects: ['read(env)'] }] },
      { rest: 'var', examples: [{ command: 'printenv HOME', effects: ['read($HOME)'] }] },
    ],
  },
  {
    names: ['export', 'declare', 'typeset', 'readonly', 'local'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'export', effects: ['read(env)'] }] },
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
    names: ['set'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'set', effects: ['read(env)'] }] },
      { rest: 'none', examples: [{ command: 'set -euo pipefail', effects: [] }] },
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
];

/** dotenv CLIs: `run` loads the file for one process; `list` and `get` print values. */
export const DOTENV: ProgramSpec[] = [
  {
    names: ['dotenv', 'dotenvx'],
    globalTakes: ['-f', '--file', '-e', '--env-file'],
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
      { sub: ['--'], rest: 'exec', examples: [{ command: 'dotenv -e .env -- npm start', effects: ['execute(shell: npm start)'] }] },
    ],
  },
];

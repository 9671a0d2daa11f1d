// Programs that print the environment, whole or by name.
import type { ProgramSpec } from '../types';

const dump = [{ kind: 'read-env' as const, what: 'environment' }];

export const ENV: ProgramSpec[] = [
  {
    names: ['env'],
    rows: [
      { bare: true, effects: dump, examples: [{ command: 'env', effects: ['read(env)'] }] },
      { when: ['-0', '--null'], takes: ['-u', '--unset', '-C', '--chdir'], rest: 'exec', effects: dump, examples: [{ command: 'env -0', effects: ['read(env)'] }] },
      { takes: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'], rest: 'exec', examples: [{ command: 'env NODE_ENV=test npm test', effects: ['execute(shell: NODE_ENV=test npm test)'] }] },
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
      { when: ['-p', '-x'], unless: ['-f', '-F'], rest: 'var', effects: dump, examples: [{ command: 'export -p', effects: ['read(env)'] }, { command: 'declare -x', effects: ['read(env)'] }] },
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
    rows: [{ rest: 'none', examples: [{ command: 'echo "$API_TOKEN"', effects: ['read($API_TOKEN)'] }, { command: 'echo ${#API_TOKEN}', effects: [] }] }],
  },
];

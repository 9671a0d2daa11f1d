// Programs that load an env file into the environment of a command they run (nothing printed by
// themselves; the secret guard judges what that command prints). `load` reads are harmless alone.
import type { ProgramSpec } from './types';

export const LOADERS: ProgramSpec[] = [
  {
    // direnv exec DIR CMD loads DIR's .envrc (and the .env it may dotenv) for CMD; export and dump print it.
    names: ['direnv'],
    otherwise: 'none',
    rows: [
      { sub: ['exec'], pos: ['load'], rest: 'exec', examples: [{ command: 'direnv exec . npm test', effects: ['read(., load)', 'execute(shell: npm test)'] }] },
      {
        sub: ['export'],
        effects: [{ kind: 'read-file', what: '.envrc' }],
        examples: [{ command: 'direnv export json', effects: ['read(.envrc, content)'] }],
      },
      { sub: ['dump'], effects: [{ kind: 'read-env', what: 'environment' }], examples: [{ command: 'direnv dump', effects: ['read(env)'] }] },
      { sub: ['allow'], rest: 'meta', examples: [{ command: 'direnv allow .', effects: ['read(., metadata)'] }] },
    ],
  },
  {
    names: ['env-cmd'],
    rows: [
      {
        takes: ['-e', '--environments', '-r', '--rc-file'],
        opts: { '-f': 'load', '--file': 'load' },
        rest: 'exec',
        examples: [{ command: 'env-cmd -f .env node server.js', effects: ['read(.env, load)', 'execute(shell: node server.js)'] }],
      },
    ],
  },
  {
    names: ['foreman', 'honcho', 'forego', 'overmind', 'nf'],
    rows: [
      {
        takes: ['-f', '--procfile', '-d', '--root', '-p', '--port', '-m', '--formation', '-t', '--timeout'],
        opts: { '-e': 'load', '--env': 'load' },
        pos: ['none'],
        rest: 'exec',
        examples: [{ command: 'foreman start -e .env', effects: ['read(.env, load)'] }],
      },
    ],
  },
  {
    names: ['uvicorn', 'gunicorn', 'hypercorn', 'fastapi', 'flask'],
    rows: [
      {
        takes: [
          '--host',
          '--port',
          '-b',
          '--bind',
          '-w',
          '--workers',
          '--log-level',
          '--root-path',
          '--app-dir',
          '-k',
          '--worker-class',
          '--timeout',
          '-c',
          '--config',
          '--app',
        ],
        opts: { '--env-file': 'load' },
        rest: 'none',
        examples: [{ command: 'uvicorn app.main:app --reload --env-file .env', effects: ['read(.env, load)'] }],
      },
    ],
  },
];

// Tools that write their own configuration file when told to change a setting: the file is fixed by
// the tool (most in the user's home, so the change outlives the project and affects every other one),
// not named on the command line. Each row is the subcommand that writes and the file it writes;
// the options that keep the change in the project (`--local`, `--site`, `--file F`, `--env`) make the row not
// apply. One row per tool, with examples.
import type { FixedEffect, ProgramSpec } from './types';

const writes = (what: string): FixedEffect[] => [{ kind: 'write-file', what }];

export const CONFIG_FILES: ProgramSpec[] = [
  {
    // pip config set/unset/edit: the user file unless --site (the active environment's) or --global (the system's).
    names: ['pip', 'pip3'],
    otherwise: 'none',
    rows: [
      ...['set', 'unset', 'edit'].map((sub) => ({
        sub: ['config', sub],
        // pip config --user set …: the scope options may come before the action.
        subTakes: ['--editor'],
        unless: ['--site'],
        when: ['--global'],
        takes: ['--editor'],
        effects: writes('/etc/xdg/pip/pip.conf'),
        examples: [
          {
            command: `pip config ${sub} --global global.index-url${sub === 'set' ? ' https://x.example.dev/simple' : ''}`,
            effects: ['write(/etc/xdg/pip/pip.conf, pip)'],
          },
        ],
      })),
      ...['set', 'unset', 'edit'].map((sub) => ({
        sub: ['config', sub],
        subTakes: ['--editor'],
        unless: ['--site'],
        takes: ['--editor'],
        effects: writes('~/.config/pip/pip.conf'),
        examples: [
          {
            command: `pip config ${sub} global.index-url${sub === 'set' ? ' https://x.example.dev/simple' : ''}`,
            effects: ['write(/home/user/.config/pip/pip.conf, pip)'],
          },
        ],
      })),
      { sub: ['config'], examples: [{ command: 'pip config list', effects: [] }] },
    ],
  },
  {
    // conda config --set/--add/--append/--prepend/--remove: ~/.condarc unless --file or --env.
    names: ['conda', 'mamba', 'micromamba'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config'],
        when: ['--set', '--add', '--append', '--prepend', '--remove', '--remove-key'],
        unless: ['--file', '--env'],
        takes2: ['--set', '--add', '--append', '--prepend', '--remove'],
        takes: ['--remove-key'],
        effects: writes('~/.condarc'),
        examples: [{ command: 'conda config --add channels conda-forge', effects: ['write(/home/user/.condarc, conda)'] }],
      },
      { sub: ['config'], examples: [{ command: 'conda config --show channels', effects: [] }] },
    ],
  },
  {
    // bundle config [set] KEY VALUE: ~/.bundle/config unless --local (the project's .bundle/config).
    names: ['bundle', 'bundler'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config', 'set'],
        unless: ['--local'],
        effects: writes('~/.bundle/config'),
        examples: [{ command: 'bundle config set path vendor/bundle', effects: ['write(/home/user/.bundle/config, bundle)'] }],
      },
      { sub: ['config', 'set'], examples: [{ command: 'bundle config set --local path vendor/bundle', effects: [] }] },
    ],
  },
  {
    // go env -w / -u: the user's go/env file.
    names: ['go'],
    otherwise: 'none',
    rows: [
      {
        sub: ['env'],
        when: ['-w', '-u'],
        effects: writes('~/.config/go/env'),
        examples: [{ command: 'go env -w GOPROXY=https://x.example.dev', effects: ['write(/home/user/.config/go/env, go)'] }],
      },
    ],
  },
  {
    // composer config --global KEY VALUE: the user's composer config.
    names: ['composer'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config'],
        when: ['-g', '--global'],
        unless: ['-l', '--list'],
        effects: writes('~/.config/composer/config.json'),
        examples: [
          {
            command: 'composer config -g repo.packagist composer https://x.example.dev',
            effects: ['write(/home/user/.config/composer/config.json, composer)'],
          },
        ],
      },
      { sub: ['config'], examples: [{ command: 'composer config repositories.x vcs https://github.com/o/r', effects: [] }] },
    ],
  },
];

// Programs that run a command line handed to them, as data, and the conservative default for
// programs the analysis does not know (issue #13: "an argument list that contains a known dangerous
// command line is an execution of it"). core/shell/analyze.ts reads these tables; the examples are
// tests (test/launchers.test.ts runs every one through the whole guard set).
import { FAMILIES } from '../programs';
import { DESTROY } from '../programs/destroy';

/**
 * A launcher: its options (those that take a value), what comes before the command, and where the
 * command is. The command is the operands after the options (as an argv: `screen -dmS x rm -rf ~`),
 * or, after one of `commandAfter`, everything that follows (`xterm -e rm -rf ~`). A command given as
 * one word with blanks in it is a shell command line (`entr -s 'make test'`, `gnome-terminal -e 'htop -d 5'`).
 */
export interface Launcher {
  names: string[];
  /** The launcher is this subcommand of the program (`pnpm exec`, `mise exec`); options may come before it. */
  sub?: string[];
  /** Options that take a value. */
  argOpts: string[];
  /** Operands before the command (dtach's socket is an option value; flock's lock file is one of these). */
  leading?: number;
  /** Options after which the rest of the line is the command (`-e`, `--`, `-x`). */
  commandAfter?: string[];
  /** Options whose value is a shell command line (`flock LOCK -c 'cmd'`). */
  commandOpts?: string[];
  /** Options whose value is the program, its arguments after `--` (`start-stop-daemon --start --exec /bin/rm -- -rf ~`). */
  programOpts?: string[];
  /** With commandAfter given, the operands are not a command unless one of those options is present (alacritty's operands are not a command). */
  onlyAfter?: boolean;
  /** A word of the command that stands for one of the names the launcher reads on stdin (entr's `/_`). */
  placeholder?: string;
  examples: { blocked: string[]; allowed: string[] };
}

const TERMINAL_OPTS = [
  '-T',
  '-title',
  '--title',
  '-t',
  '-n',
  '-name',
  '--name',
  '-geometry',
  '--geometry',
  '-g',
  '-fn',
  '-fa',
  '-fs',
  '-bg',
  '-fg',
  '-class',
  '--class',
  '-d',
  '--working-directory',
  '--workdir',
  '--directory',
  '-D',
  '--config-file',
  '--config',
  '-c',
  '-o',
  '--option',
  '--profile',
  '-p',
  '--role',
  '--display',
];

export const LAUNCHERS: Launcher[] = [
  {
    // screen -dmS NAME CMD…: a detached session running CMD; `screen -S NAME -X stuff TEXT` types TEXT
    // into a session (the default below reads TEXT as a command line).
    names: ['screen'],
    argOpts: ['-S', '-c', '-e', '-h', '-p', '-T', '-t', '-s', '-Logfile', '-X'],
    examples: {
      blocked: ["screen -dmS x sh -c 'rm -rf ~'", 'screen -dm rm -rf ~', "screen -S s -X stuff 'rm -rf ~\\n'"],
      allowed: ['screen -ls', 'screen -r build', 'screen -dmS build make test', "screen -S s -X stuff 'npm test\\n'"],
    },
  },
  {
    // dtach -n SOCKET CMD…, -A/-c/-N likewise; -a SOCKET attaches.
    names: ['dtach'],
    argOpts: ['-a', '-A', '-c', '-n', '-N', '-p', '-e', '-r', '-E', '-z'],
    examples: { blocked: ['dtach -n /tmp/s rm -rf ~', "dtach -A /tmp/s sh -c 'rm -rf /'"], allowed: ['dtach -a /tmp/s', 'dtach -n /tmp/s make watch'] },
  },
  {
    // abduco -c NAME CMD…, -n, -A; -a NAME attaches.
    names: ['abduco'],
    argOpts: ['-c', '-n', '-A', '-a', '-e'],
    examples: { blocked: ['abduco -c s rm -rf ~', "abduco -n s bash -c 'rm -rf ~'"], allowed: ['abduco', 'abduco -a s', 'abduco -c s npm run dev'] },
  },
  {
    // zellij run -- CMD…, byobu new-session 'cmd' (tmux's syntax): the default reads the rest.
    // entr runs CMD when a file named on its stdin changes; `/_` in CMD is that file.
    names: ['entr'],
    argOpts: [],
    placeholder: '/_',
    examples: {
      blocked: [
        'ls | entr rm -rf ~',
        "ls *.c | entr -s 'rm -rf ~'",
        "find . | entr -r sh -c 'rm -rf /'",
        'ls -d ~ | entr -n rm -rf /_',
        'echo ~ | entr -p rm -rf /_',
      ],
      allowed: ['ls *.c | entr make', "ls src/*.ts | entr -c -s 'npm test'", 'ls | entr -r node server.js', 'ls src/*.ts | entr -p npx prettier --check /_'],
    },
  },
  {
    // Debuggers run the program they debug: gdb … --args PROG ARGS (its -ex commands are read as
    // command strings too: `-ex 'shell …'`), lldb … -- PROG ARGS.
    names: ['gdb', 'gdb-multiarch', 'cgdb'],
    argOpts: [
      '-ex',
      '--ex',
      '-iex',
      '--eval-command',
      '-x',
      '--command',
      '-ix',
      '-p',
      '--pid',
      '-d',
      '--directory',
      '-cd',
      '-s',
      '--symbols',
      '-e',
      '--exec',
      '-se',
      '-c',
      '--core',
      '-tty',
      '-i',
      '--interpreter',
      '-D',
      '--data-directory',
      '-b',
      '-l',
    ],
    commandAfter: ['--args'],
    onlyAfter: true,
    examples: {
      blocked: ['gdb -q -batch -ex run --args rm -rf /home/user', "gdb --batch -ex run --args sh -c 'rm -rf ~'"],
      allowed: ['gdb -q -batch -ex bt ./build/app core', 'gdb --args ./build/app --port 8080', 'gdb -p 1234 -batch -ex "thread apply all bt"'],
    },
  },
  {
    names: ['lldb'],
    argOpts: [
      '-o',
      '--one-line',
      '-O',
      '--one-line-before-file',
      '-k',
      '--one-line-on-crash',
      '-s',
      '--source',
      '-S',
      '-c',
      '--core',
      '-p',
      '--attach-pid',
      '-n',
      '--attach-name',
      '-a',
      '--arch',
      '-f',
      '--file',
    ],
    commandAfter: ['--'],
    onlyAfter: true,
    examples: {
      blocked: ['lldb -b -o run -- rm -rf ~'],
      allowed: ['lldb -b -o run -- ./build/app --port 8080', 'lldb ./build/app'],
    },
  },
  {
    // flock LOCK CMD… or flock LOCK -c 'cmd'; flock FD (a number) takes no command.
    names: ['flock'],
    argOpts: ['-w', '-E', '--timeout', '--conflict-exit-code'],
    leading: 1,
    commandOpts: ['-c', '--command'],
    examples: {
      blocked: ["flock /tmp/l -c 'rm -rf ~'", 'flock -x /tmp/l rm -rf ~'],
      allowed: ["flock /tmp/build.lock -c 'make all'", 'flock -n /tmp/l npm test', 'flock 9'],
    },
  },
  {
    // Job queues and spoolers: nq CMD…, tsp CMD… (task-spooler), sem CMD… (GNU parallel's), pueue is the default's.
    names: ['nq', 'tsp', 'ts', 'sem'],
    argOpts: ['-L', '-D', '-N', '-j', '--jobs', '--id', '-E'],
    examples: { blocked: ['nq rm -rf ~', 'tsp rm -rf /', "sem -j 2 sh -c 'rm -rf ~'"], allowed: ['nq make', 'tsp -l', 'sem --wait'] },
  },
  {
    // Wrappers that change how the command does I/O.
    names: ['eatmydata', 'nocache', 'trickle', 'chpst', 'softlimit', 'setlock', 'su-exec', 'gosu', 'keep-one-running', 'run-one', 'run-this-one'],
    argOpts: ['-u', '-d', '-w', '-t', '-l', '-n', '-U', '-e', '-/', '-m', '-o', '-p', '-f', '-c', '-L', '-a', '-s', '-r'],
    examples: { blocked: ['eatmydata rm -rf ~', 'trickle -d 100 rm -rf /', 'run-one rm -rf ~'], allowed: ['eatmydata apt-get install -y git', 'run-one make'] },
  },
  {
    // Terminal emulators: -e CMD… (xterm and most), -x CMD… (xfce4, mate), -- CMD… (gnome-terminal),
    // or the operands (kitty, foot, wezterm start).
    names: [
      'xterm',
      'uxterm',
      'urxvt',
      'rxvt',
      'st',
      'alacritty',
      'konsole',
      'gnome-terminal',
      'xfce4-terminal',
      'mate-terminal',
      'lxterminal',
      'terminator',
      'tilix',
      'qterminal',
      'sakura',
      'terminology',
      'guake',
      'x-terminal-emulator',
      'cool-retro-term',
      'kgx',
      'ptyxis',
    ],
    argOpts: TERMINAL_OPTS,
    commandAfter: ['-e', '-x', '--command', '--execute', '--', '--exec'],
    onlyAfter: true,
    examples: {
      blocked: ["xterm -e 'rm -rf ~'", "gnome-terminal -- sh -c 'rm -rf ~'", 'alacritty -e rm -rf ~', "xfce4-terminal -x bash -c 'rm -rf /'"],
      allowed: ['xterm -e htop', 'gnome-terminal --tab --title build -- npm run dev', 'alacritty --working-directory /tmp', "konsole -e 'vim notes.md'"],
    },
  },
  {
    // Package managers and tool-version managers running a program: pnpm exec/dlx, yarn exec/dlx, npm exec/x -- …,
    // bun x, mise exec/x, asdf exec, rtx exec, conda/mamba run, pixi run, devbox run.
    // (`npm run`, `bun run` run the project's scripts: core/later/runs.ts reads those.)
    names: ['pnpm', 'yarn', 'npm', 'bun', 'mise', 'rtx', 'asdf'],
    sub: ['exec', 'dlx', 'x'],
    argOpts: [
      '--filter',
      '-F',
      '-C',
      '--dir',
      '--cwd',
      '-p',
      '--package',
      '-n',
      '--name',
      '--prefix',
      '-e',
      '--environment',
      '--workspace',
      '-w',
      '--env',
      '-c',
      '--config',
    ],
    examples: {
      blocked: ['pnpm exec rm -rf ~', 'yarn dlx rimraf ~', 'npm exec -- rm -rf ~', 'mise exec -- rm -rf ~', 'bun x rimraf ~'],
      allowed: ['pnpm exec tsc --noEmit', 'yarn dlx create-vite app', 'npm exec -- eslint .', 'mise exec node@20 -- node -v', 'npm run build'],
    },
  },
  {
    names: ['conda', 'mamba', 'micromamba', 'pixi', 'devbox'],
    sub: ['run'],
    argOpts: ['-n', '--name', '-p', '--prefix', '-e', '--environment', '--manifest-path', '-c', '--config'],
    examples: { blocked: ['conda run -n base rm -rf ~', 'pixi run rm -rf ~'], allowed: ['conda run -n base python -V', 'pixi run test'] },
  },
  {
    // nix develop / nix shell … -c CMD (--command): CMD runs in the environment.
    names: ['nix'],
    sub: ['develop', 'shell'],
    argOpts: ['-f', '--file', '--expr', '--override-input', '-I', '--profile', '--arg', '--argstr', '--option'],
    commandAfter: ['-c', '--command'],
    onlyAfter: true,
    examples: {
      blocked: ['nix develop -c rm -rf ~', "nix shell nixpkgs#hello --command sh -c 'rm -rf ~'"],
      allowed: ['nix develop -c npm test', 'nix shell nixpkgs#jq'],
    },
  },
  {
    // pm2 start 'CMD' or pm2 start PROGRAM -- ARGS: the process manager runs it.
    names: ['pm2'],
    sub: ['start'],
    argOpts: ['--name', '-n', '-i', '--instances', '--cwd', '--interpreter', '--log', '-o', '-e', '--watch', '--max-memory-restart', '--cron', '--env'],
    examples: {
      blocked: ["pm2 start 'rm -rf ~'", 'pm2 start --name x \'sh -c "rm -rf /"\''],
      allowed: ['pm2 start server.js --name api', 'pm2 start npm -- start'],
    },
  },
  {
    // Debian's daemon starter: --exec/--startas PROGRAM, its arguments after `--`.
    names: ['start-stop-daemon'],
    argOpts: [
      '-p',
      '--pidfile',
      '-n',
      '--name',
      '-u',
      '--user',
      '-g',
      '--group',
      '-c',
      '--chuid',
      '-r',
      '--chroot',
      '-d',
      '--chdir',
      '-N',
      '--nicelevel',
      '-R',
      '--retry',
      '-s',
      '--signal',
      '-k',
      '--umask',
      '-P',
      '--procsched',
      '-I',
      '--iosched',
      '--output',
      '--notify-timeout',
    ],
    programOpts: ['-x', '--exec', '-a', '--startas'],
    examples: {
      blocked: ['start-stop-daemon --start --exec /bin/rm -- -rf ~', "start-stop-daemon -S -b -x /bin/sh -- -c 'rm -rf /'"],
      allowed: ['start-stop-daemon --stop --pidfile /run/app.pid', 'start-stop-daemon --start --background --exec /usr/bin/node -- server.js'],
    },
  },
  {
    names: ['kitty', 'foot', 'footclient'],
    argOpts: [...TERMINAL_OPTS, '--session', '--listen-on', '-w', '--window-size-pixels'],
    examples: { blocked: ['kitty rm -rf ~', "foot sh -c 'rm -rf ~'"], allowed: ['kitty htop', 'foot --title logs tail -f app.log'] },
  },
];

/**
 * Programs whose arguments are data, not command lines (a message, a package, a topic, a VM's
 * name): the default below does not read their arguments as commands. Programs with a signature
 * (core/programs) or a destroy row are known already.
 */
/**
 * Programs whose script, in a language the analysis does not read, hands a shell command line to the
 * system in a form that can be seen: AppleScript's `do shell script "…"`, expect's and Tcl's
 * `spawn …`/`exec …`. The command line found in the option's value (or any argument) is walked as a
 * shell command; the rest of the script is not judged.
 */
export const EMBEDDED_SHELL: { names: string[]; split?: RegExp; pattern: RegExp; examples: { blocked: string[]; allowed: string[] } }[] = [
  {
    names: ['osascript'],
    pattern: /do\s+shell\s+script\s+"((?:[^"\\]|\\.){0,4000})"/g,
    examples: { blocked: [`osascript -e 'do shell script "rm -rf ~"'`], allowed: [`osascript -e 'do shell script "ls ~/Desktop"'`] },
  },
  {
    names: ['expect', 'tclsh', 'wish'],
    split: /[;\n[\]{}]/,
    pattern: /^\s*(?:spawn|exec)\s+(\S.{0,4000})$/g,
    examples: { blocked: ['expect -c "spawn rm -rf /home/user; expect eof"'], allowed: ['expect -c "spawn ssh-add key.pem; expect eof"'] },
  },
];

export const DATA_ARGUMENTS: { names: string[]; example: string }[] = [
  {
    names: ['echo', 'printf', 'print', 'logger', 'notify-send', 'say', 'espeak', 'figlet', 'toilet', 'cowsay', 'banner', 'wall', 'zenity', 'osd_cat'],
    example: 'notify-send "done: rm -rf build"',
  },
  {
    names: [
      'man',
      'tldr',
      'tealdeer',
      'cheat',
      'info',
      'whatis',
      'apropos',
      'help',
      'type',
      'which',
      'whereis',
      'command',
      'hash',
      'compgen',
      'complete',
      'bropages',
      'navi',
      'howdoi',
    ],
    example: 'tldr rm -rf',
  },
  {
    names: [
      'apt',
      'apt-get',
      'apt-cache',
      'aptitude',
      'dpkg',
      'dnf',
      'yum',
      'rpm',
      'zypper',
      'pacman',
      'yay',
      'paru',
      'apk',
      'emerge',
      'xbps-install',
      'nix-env',
      'brew',
      'port',
      'snap',
      'flatpak',
      'pkg',
      'pkgin',
      'choco',
      'winget',
      'scoop',
      'pip',
      'pip3',
      'pipx',
      'gem',
      'cargo',
      'go',
      'npm',
      'pnpm',
      'yarn',
      'composer',
      'conda',
      'mamba',
      'micromamba',
      'asdf',
      'mise',
      'rtx',
      'nvm',
      'volta',
      'fnm',
      'pyenv',
      'rbenv',
      'sdk',
      'rustup',
      'opam',
      'cabal',
      'stack',
      'luarocks',
      'cpan',
      'cpanm',
      'julia',
      'R',
      'update-alternatives',
      'alternatives',
    ],
    example: 'apt-get remove -y sudo bash',
  },
  {
    // Virtual machines, containers and services named with verbs that are also program names (halt, shutdown, kill).
    names: [
      'vagrant',
      'virsh',
      'VBoxManage',
      'vboxmanage',
      'multipass',
      'lxc',
      'incus',
      'lxd',
      'qm',
      'pct',
      'prlctl',
      'utmctl',
      'limactl',
      'colima',
      'podman-machine',
      'supervisorctl',
      'service',
      'rc-service',
      'sv',
      'launchctl',
      'brew-services',
      'gcloud',
      'az',
      'aws',
      'doctl',
      'hcloud',
      'flyctl',
      'fly',
      'heroku',
    ],
    example: 'vagrant halt',
  },
  {
    // Version control and review tools: their arguments are messages, refs and paths.
    names: ['hg', 'svn', 'jj', 'sl', 'fossil', 'bzr', 'darcs', 'gh', 'glab', 'tea', 'hub', 'git-lfs', 'pre-commit', 'commitizen', 'cz'],
    example: 'jj describe -m "rm -rf / was a bad idea"',
  },
  {
    // Checkers given a command line to judge, not to run (reference corpus case 154; Agent Guard's own explain).
    names: ['ee', 'agent-guard', 'shellcheck', 'shfmt', 'checkbashisms', 'explainshell'],
    example: 'ee preflight check --cmd "rm -rf /"',
  },
  {
    // Text search and processing that take a pattern or text, not a command.
    names: [
      'ag',
      'ack',
      'ugrep',
      'fzf',
      'sk',
      'column',
      'fmt',
      'wc',
      'nl',
      'tr',
      'expr',
      'bc',
      'dc',
      'seq',
      'yes',
      'sleep',
      'date',
      'cal',
      'true',
      'false',
      'xdg-open',
      'open',
    ],
    example: "fzf --query 'rm -rf'",
  },
];

/** Option names whose value is prose (a message, a title), never a command line. */
export const PROSE_OPTION =
  /^--?(?:m|message|msg|title|body|description|desc|subject|comment|note|notes|summary|text|reason|label|name|header|footer|prompt|query|help)$/i;

let known: Set<string> | null = null;

/** A program the tables describe: its arguments are read by its own signature, not by the default. */
export function describedProgram(name: string): boolean {
  if (!known) {
    known = new Set();
    for (const family of Object.values(FAMILIES)) for (const spec of family) for (const n of spec.names) known.add(n);
    for (const row of DESTROY) for (const n of row.names) known.add(n);
    for (const d of DATA_ARGUMENTS) for (const n of d.names) known.add(n);
    for (const l of LAUNCHERS) for (const n of l.names) known.add(n);
  }
  return known.has(name);
}

let destroyers: Set<string> | null = null;

/** Programs with a row in the destroy table (kubectl, terraform, aws, docker, …): their destructive forms are data. */
export function destroyTableProgram(name: string): boolean {
  if (!destroyers) {
    destroyers = new Set();
    for (const row of DESTROY) for (const n of row.names) destroyers.add(n);
  }
  return destroyers.has(name);
}

let running: Set<string> | null = null;

/**
 * Programs a signature row says run a command (role `exec`) on this machine: the analysis walks that
 * command. Container and remote runners (docker run, kubectl exec, ssh) are their guards' concern,
 * and programs resolve() already unwraps (sudo, env, xargs) are left to it.
 */
export function signatureRuns(name: string): boolean {
  if (!running) {
    running = new Set();
    for (const [family, specs] of Object.entries(FAMILIES)) {
      if (family === 'DOCKER') continue;
      for (const spec of specs) if (spec.rows.some((r) => r.rest === 'exec' || r.pos?.includes('exec'))) for (const n of spec.names) running.add(n);
    }
    for (const n of ['ssh', 'sudo', 'doas', 'pkexec', 'run0', 'su', 'systemd-run', 'env', 'xargs', 'runuser', 'setpriv', 'sg']) running.delete(n);
  }
  return running.has(name);
}

let deleting: Set<string> | null = null;

/** Programs whose signature deletes what it is given (rm, shred, rimraf, gio trash): derived from the signatures. */
export function deletingProgram(name: string): boolean {
  if (!deleting) {
    deleting = new Set();
    for (const family of Object.values(FAMILIES))
      for (const spec of family)
        if (spec.rows.some((r) => r.rest === 'delete' || r.pos?.includes('delete') || r.deletesTrees)) for (const n of spec.names) deleting.add(n);
  }
  return deleting.has(name);
}

export function launcherFor(name: string): Launcher | undefined {
  return LAUNCHERS.find((l) => l.names.includes(name));
}

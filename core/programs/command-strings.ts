// Programs that run a command line they are given, as data: transparent wrappers (sudo, env,
// timeout, …) and the options they skip, the shells, and the programs whose options or operands
// hold a shell command (COMMAND_STRINGS: ssh, watch, git's command settings, editors, SQL clients,
// make --eval, …) with how to take the shell text out of each. Read by the shell analysis
// (core/shell/analyze.ts), which resolves what they run.

import { syntheticValue, type Value } from '../shell/model';
import { namesOnly } from './table';

/** git -c NAME=VALUE settings whose value git runs as a command (alias.x only when it starts with !). */
export const GIT_COMMAND_SETTINGS =
  /^(?:core\.(?:pager|editor|fsmonitor|sshcommand|askpass)|sequence\.editor|pager\.[\w.-]+|diff\.external|diff\.[\w.-]+\.(?:command|textconv)|merge\.[\w.-]+\.driver|filter\.[\w.-]+\.(?:clean|smudge|process)|credential\.helper|gpg\.program|gpg\.[\w.-]+\.program|uploadpack\.packobjectshook|remote\.[\w.-]+\.(?:uploadpack|receivepack)|sendemail\.smtpserver)$/i;

/** The command lines a git invocation runs: -c settings, GIT_* done above, rebase --exec, submodule foreach, bisect run, --upload-pack. */
export function gitCommandStrings(args: Value[]): { value: Value; label: string }[] {
  const out: { value: Value; label: string }[] = [];
  let i = 0;
  // git's own options before the subcommand.
  for (; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) break;
    if (t === '-c' || t === '--config-env') {
      const kv = args[++i];
      if (!kv) break;
      const text = kv.known ?? kv.ifUnset;
      const eq = text.indexOf('=');
      const key = eq < 0 ? text : text.slice(0, eq);
      const value = eq < 0 ? '' : text.slice(eq + 1);
      if (/^alias\./i.test(key) && (kv.known === null || value.startsWith('!')))
        out.push({ value: kv.known === null ? kv : syntheticValue(value.slice(1)), label: `git -c ${key}` });
      else if (GIT_COMMAND_SETTINGS.test(key)) out.push({ value: kv.known === null ? kv : syntheticValue(value), label: `git -c ${key}` });
      continue;
    }
    if (['-C', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix'].includes(t)) {
      i++;
      continue;
    }
    if (!t.startsWith('-')) break;
  }
  const sub = args[i]?.known;
  const rest = args.slice(i + 1);
  if (sub === 'rebase') {
    for (let j = 0; j < rest.length; j++) {
      const t = rest[j]!.known ?? '';
      if (t === '--exec' || t === '-x') rest[j + 1] && out.push({ value: rest[++j]!, label: 'git rebase --exec' });
      else if (t.startsWith('--exec=')) out.push({ value: syntheticValue(t.slice(7)), label: 'git rebase --exec' });
    }
  } else if (sub === 'submodule' && rest.some((a) => a.known === 'foreach')) {
    const words = rest.slice(rest.findIndex((a) => a.known === 'foreach') + 1).filter((a) => !['--recursive', '-q', '--quiet'].includes(a.known ?? ''));
    if (words.length > 0)
      out.push({
        value: words.every((a) => a.known !== null) ? syntheticValue(words.map((a) => a.known).join(' ')) : words.find((a) => a.known === null)!,
        label: 'git submodule foreach',
      });
  } else if (sub === 'bisect' && rest[0]?.known === 'run' && rest.length > 1) {
    const words = rest.slice(1);
    out.push({
      value: words.every((a) => a.known !== null) ? syntheticValue(words.map((a) => shellQuote(a.known!)).join(' ')) : words.find((a) => a.known === null)!,
      label: 'git bisect run',
    });
  }
  for (let j = 0; j < rest.length; j++) {
    const t = rest[j]!.known ?? '';
    for (const opt of ['--upload-pack', '--receive-pack', '--exec']) {
      if (sub === 'rebase' && opt === '--exec') continue;
      if (t === opt && rest[j + 1]) out.push({ value: rest[j + 1]!, label: `git ${sub} ${opt}` });
      else if (t.startsWith(`${opt}=`)) out.push({ value: syntheticValue(t.slice(opt.length + 1)), label: `git ${sub} ${opt}` });
    }
  }
  return out;
}

export const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'tcsh', 'csh', 'busybox', 'toybox']);

/** Wrappers whose options we skip to find the command they run. Value: options that take an argument. */
export const WRAPPERS: Record<string, { argOpts: string[]; leadingArgs?: number }> = {
  sudo: {
    argOpts: [
      '-u',
      '-g',
      '-p',
      '-C',
      '-h',
      '-D',
      '-T',
      '-R',
      '-U',
      '-r',
      '-t',
      '--user',
      '--group',
      '--prompt',
      '--chdir',
      '--host',
      '--close-from',
      '--role',
      '--type',
      '--other-user',
      '--command-timeout',
    ],
  },
  doas: { argOpts: ['-u', '-C'] },
  command: { argOpts: [] },
  builtin: { argOpts: [] },
  exec: { argOpts: ['-a'] },
  nohup: { argOpts: [] },
  nice: { argOpts: ['-n', '--adjustment'] },
  ionice: { argOpts: ['-c', '-n', '--class', '--classdata'] },
  timeout: { argOpts: ['-s', '-k', '--signal', '--kill-after'], leadingArgs: 1 },
  time: { argOpts: ['-f', '-o', '--format', '--output'] },
  stdbuf: { argOpts: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  setsid: { argOpts: [] },
  noglob: { argOpts: [] },
  nocorrect: { argOpts: [] },
  rtk: { argOpts: [] },
  // Package runners: the package's binary is the program (npx dotenv -e .env -- npm start).
  npx: { argOpts: ['-p', '--package', '-c', '--call', '--cache', '--registry'] },
  bunx: { argOpts: ['-p', '--package'] },
  pnpx: { argOpts: ['-p', '--package'] },
  caffeinate: { argOpts: ['-t', '-w'] },
  unbuffer: { argOpts: [] },
  proxychains: { argOpts: ['-f'] },
  proxychains4: { argOpts: ['-f'] },
  torsocks: { argOpts: [] },
  chronic: { argOpts: [] },
  pkexec: { argOpts: ['--user'] },
  runuser: { argOpts: ['-u', '-g', '-G', '--user', '--group'] },
  // Process, namespace and tracing wrappers: the operands after their options are the command.
  chroot: { argOpts: ['--userspec', '--groups'], leadingArgs: 1 },
  taskset: { argOpts: ['-c', '--cpu-list'], leadingArgs: 0 },
  fakeroot: { argOpts: ['-l', '--lib', '--faked', '-s', '-i'] },
  strace: { argOpts: ['-o', '-e', '-p', '-s', '-E', '-u', '-P', '-a', '-I', '-b', '-X', '-O', '-S'] },
  ltrace: { argOpts: ['-o', '-e', '-p', '-s', '-u', '-n', '-a', '-A', '-D', '-F', '-l', '-L'] },
  valgrind: { argOpts: [] },
  nsenter: { argOpts: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-w', '--wd', '-r', '--root'] },
  unshare: { argOpts: ['--propagation', '--setgroups', '-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd'] },
  'systemd-run': {
    argOpts: [
      '-u',
      '--unit',
      '-p',
      '--property',
      '--description',
      '--slice',
      '-E',
      '--setenv',
      '--uid',
      '--gid',
      '-M',
      '--machine',
      '-H',
      '--host',
      '--on-calendar',
      '--on-active',
      '--working-directory',
      '--nice',
    ],
  },
  firejail: { argOpts: [] },
  chrt: { argOpts: ['-T', '-P', '-D'], leadingArgs: 1 },
  numactl: { argOpts: ['-C', '-N', '-m', '-p', '-i', '--physcpubind', '--cpunodebind', '--membind', '--preferred', '--interleave'] },
  prlimit: { argOpts: ['-p', '--pid', '-o', '--output'] },
  setarch: { argOpts: [], leadingArgs: 1 },
  faketime: { argOpts: ['-f'], leadingArgs: 1 },
  'xvfb-run': { argOpts: ['-n', '--server-num', '-s', '--server-args', '-e', '--error-file', '-f', '--auth-file', '-p', '--xauth-protocol', '-w', '--wait'] },
  'dbus-run-session': { argOpts: ['--config-file', '--dbus-daemon'] },
  'systemd-inhibit': { argOpts: ['--what', '--who', '--why', '--mode'] },
  cgexec: { argOpts: ['-g'] },
  tini: { argOpts: ['-s', '-e', '-p'] },
  'dumb-init': { argOpts: ['-r', '--rewrite'] },
  catchsegv: { argOpts: [] },
  linux32: { argOpts: [] },
  linux64: { argOpts: [] },
  coproc: { argOpts: [] },
};
namesOnly(WRAPPERS);

/**
 * Programs that run a shell command line given as an option's value (`script -c 'rm -rf ~'`,
 * `tar --to-command=…`, `rsync -e …`) or as each of their operands (`hyperfine 'make'`,
 * `concurrently 'npm:a' 'b'`); ssh runs its operands after the host (remotely, still judged).
 * Each such text is analysed as a command of its own; a computed one is unanalysable.
 */
export const COMMAND_STRINGS: Record<string, { opts: string[]; operands?: 'each' | 'joined' | 'after-host' | 'after-first'; argOpts?: string[] }> = {
  script: { opts: ['-c', '--command'] },
  // tmux new-session/new-window/split-window/respawn-pane/run-shell 'cmd': the shell runs it (send-keys
  // types its operands into one).
  tmux: { opts: [], operands: 'after-first', argOpts: ['-s', '-n', '-t', '-c', '-x', '-y', '-F', '-e', '-f', '-L', '-S', '-l'] },
  // Editors and debuggers given an ex or gdb command that shells out: `vim -c '!cmd'`, `gdb -ex 'shell cmd'`
  // (their other commands are not shell; the prefix is stripped in exCommand below).
  vim: { opts: ['-c', '--cmd'] },
  nvim: { opts: ['-c', '--cmd'] },
  vi: { opts: ['-c'] },
  ex: { opts: ['-c'] },
  gdb: { opts: ['-ex', '--ex', '-iex', '--eval-command'] },
  man: { opts: ['-P', '--pager'] },
  ansible: { opts: ['-a', '--args'] },
  at: { opts: [] },
  batch: { opts: [] },
  su: { opts: ['-c', '--command', '--session-command'] },
  'nix-shell': { opts: ['--run', '--command'] },
  nodemon: { opts: ['-x', '--exec'] },
  tar: { opts: ['--to-command', '--use-compress-program', '-I', '--checkpoint-action=exec', '--info-script', '-F', '--new-volume-script'] },
  rsync: { opts: ['-e', '--rsh', '--rsync-path'] },
  // zip -T -TT CMD: CMD tests the archive.
  zip: { opts: ['-TT', '--unzip-command'] },
  // SQL shells whose meta-commands run a shell command: psql's \!, mysql's \! and system, sqlite3's
  // .shell and .system (each operand after the database is a command); see shellPartOf.
  psql: { opts: ['-c', '--command'], argOpts: ['-d', '-h', '-p', '-U', '-f', '-o', '-v', '--set', '-P', '-F', '-R', '-T', '-L'] },
  mysql: { opts: ['-e', '--execute'], argOpts: ['-u', '-h', '-P', '-D', '-S'] },
  mariadb: { opts: ['-e', '--execute'], argOpts: ['-u', '-h', '-P', '-D', '-S'] },
  sqlite3: {
    opts: ['-cmd'],
    operands: 'after-first',
    argOpts: ['-separator', '-nullvalue', '-newline', '-init', '-vfs', '-maxsize', '-mmap', '-pagecache', '-lookaside', '-heap'],
  },
  duckdb: { opts: ['-c', '-cmd', '-s'], operands: 'after-first' },
  // Editors and build tools evaluating code that shells out: emacs --eval '(shell-command …)', make --eval 'x: ; cmd'.
  emacs: { opts: ['--eval', '-eval', '--execute'] },
  make: { opts: ['--eval', '-E'], argOpts: ['-f', '--file', '--makefile', '-C', '--directory', '-j', '--jobs', '-I', '--include-dir', '-o', '-W', '-l'] },
  gmake: { opts: ['--eval', '-E'], argOpts: ['-f', '--file', '--makefile', '-C', '--directory', '-j', '--jobs', '-I', '--include-dir', '-o', '-W', '-l'] },
  hyperfine: {
    opts: ['-p', '--prepare', '-c', '--cleanup', '-s', '--setup', '--conclude'],
    operands: 'each',
    argOpts: [
      '-w',
      '--warmup',
      '-r',
      '--runs',
      '-m',
      '--min-runs',
      '-M',
      '--max-runs',
      '-n',
      '--command-name',
      '-S',
      '--shell',
      '--export-json',
      '--export-markdown',
      '--export-csv',
      '-P',
      '--parameter-scan',
      '-L',
      '--parameter-list',
      '-u',
      '--time-unit',
      '--style',
      '-o',
      '--output',
      '--input',
    ],
  },
  concurrently: {
    opts: [],
    operands: 'each',
    argOpts: [
      '-n',
      '--names',
      '-c',
      '--prefix-colors',
      '-p',
      '--prefix',
      '-l',
      '--prefix-length',
      '-t',
      '--timestamp-format',
      '--name-separator',
      '-s',
      '--success',
      '--restart-tries',
      '--restart-after',
      '-m',
      '--max-processes',
      '--default-input-target',
      '--handle-input-target',
      '-P',
      '--passthrough-arguments',
    ],
  },
  watchexec: {
    opts: [],
    operands: 'joined',
    argOpts: [
      '-e',
      '--exts',
      '-w',
      '--watch',
      '-i',
      '--ignore',
      '-d',
      '--debounce',
      '-s',
      '--signal',
      '--shell',
      '-f',
      '--filter',
      '--stop-signal',
      '--stop-timeout',
      '-E',
      '--env',
      '--workdir',
    ],
  },
  ssh: {
    opts: [],
    operands: 'after-host',
    argOpts: ['-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w', '-B'],
  },
};
namesOnly(COMMAND_STRINGS);

/** ssh -o options whose value is a command run on this machine. */
export const SSH_LOCAL_COMMANDS = /^(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)(?:=|\s+)([\s\S]*)$/i;

/** The command lines a COMMAND_STRINGS program runs, as the values that carry them. */
export function commandStrings(program: string, args: Value[]): { value: Value; label: string }[] {
  const spec = COMMAND_STRINGS[program]!;
  const out: { value: Value; label: string }[] = [];
  const operands: Value[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const t = a.known;
    if (t === null) {
      if (spec.operands) operands.push(a);
      continue;
    }
    if (t === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if ((program === 'vim' || program === 'nvim' || program === 'vi' || program === 'ex') && t.length > 1 && t.startsWith('+')) {
      out.push({ value: syntheticValue(t.slice(1)), label: `${program} +` });
      continue;
    }
    if (program === 'ssh' && (t === '-o' || t.startsWith('-o'))) {
      const v = t === '-o' ? args[++i] : syntheticValue(t.slice(2));
      const m = v?.known !== null && v?.known !== undefined ? SSH_LOCAL_COMMANDS.exec(v.known) : null;
      if (m) out.push({ value: syntheticValue(m[1]!), label: 'ssh -o' });
      else if (v && v.known === null && /command/i.test(v.ifUnset)) out.push({ value: v, label: 'ssh -o' });
      continue;
    }
    const opt = spec.opts.find(
      (o) => t === o || t.startsWith(`${o}=`) || (o.length === 2 && !o.includes('=') && t.startsWith(o) && t.length > 2 && !t.startsWith('--')),
    );
    // -qc 'cmd': the option letter last in a cluster of flags takes the next word.
    const clustered = spec.opts.find((o) => o.length === 2 && /^-[a-zA-Z]{2,}$/.test(t) && t.endsWith(o[1]!));
    if (clustered) {
      const value = args[++i];
      if (value) out.push({ value, label: `${program} ${clustered}` });
      continue;
    }
    if (opt) {
      const value = t === opt ? args[++i] : syntheticValue(t.slice(t.startsWith(`${opt}=`) ? opt.length + 1 : opt.length));
      if (value) out.push({ value, label: `${program} ${opt}` });
      continue;
    }
    if (t.startsWith('-') && t !== '-' && operands.length === 0) {
      if (spec.argOpts?.includes(t)) i++;
      continue;
    }
    operands.push(a);
  }
  if (spec.operands === 'each') for (const v of operands) out.push({ value: v, label: program });
  else if (spec.operands === 'after-first') for (const v of operands.slice(1)) out.push({ value: v, label: program });
  else if (spec.operands && operands.length > (spec.operands === 'after-host' ? 1 : 0)) {
    const words = spec.operands === 'after-host' ? operands.slice(1) : operands;
    const known = words.every((v) => v.known !== null);
    out.push({ value: known ? syntheticValue(words.map((v) => v.known).join(' ')) : words.find((v) => v.known === null)!, label: program });
  }
  return out;
}

/** A word quoted for the shell, so a path with spaces stays one word when an alias is expanded. */
export function shellQuote(t: string): string {
  return /^[\w./+-]+$/.test(t) ? t : `'${t.replace(/'/g, "'\\''")}'`;
}

/**
 * The shell part of a command an editor or debugger is given: `!cmd` (vim, ex), `shell cmd` / `!cmd`
 * (gdb); '' when it is one of their own commands. Other programs' strings are shell as they are.
 */
export function shellPartOf(program: string, text: string): string | null {
  const t = text.trimStart();
  if (SQL_SHELLS.has(program)) {
    // psql and mysql: \! CMD (to the end of the line); mysql: system CMD; sqlite3, duckdb: .shell / .system CMD.
    const out: string[] = [];
    for (const line of text.split('\n')) {
      const l = line.trimStart();
      const bang = program === 'psql' || program === 'mysql' || program === 'mariadb' ? l.indexOf('\\!') : -1;
      if (bang >= 0) out.push(l.slice(bang + 2));
      else if ((program === 'mysql' || program === 'mariadb') && /^system\s/i.test(l)) out.push(l.slice(7));
      else if (/^\.(shell|system)\s/.test(l)) out.push(l.slice(l.indexOf(' ') + 1));
    }
    return out.join('\n');
  }
  if (program === 'emacs') return elispShell(t);
  if (program === 'make' || program === 'gmake') return makefileRecipes(text);
  if (['vim', 'nvim', 'vi', 'ex'].includes(program)) {
    // :!cmd, :silent !cmd, :1,5!cmd (a range filtered through cmd); :call system('cmd').
    const bang = t
      .replace(/^silent!?/, '')
      .trimStart()
      .replace(/^[\d,.$%]*/, '');
    if (bang.startsWith('!')) return bang.slice(1);
    const call = /^(?:call )?system\((['"])/.exec(t);
    if (call) {
      const end = t.indexOf(call[1]!, call[0].length);
      return end < 0 ? t.slice(call[0].length) : t.slice(call[0].length, end);
    }
    return '';
  }
  if (program === 'gdb') {
    if (t.startsWith('!')) return t.slice(1);
    if (t.startsWith('shell ')) return t.slice(6);
    if (t.startsWith('pipe ')) {
      const bar = t.indexOf('|');
      return bar < 0 ? '' : t.slice(bar + 1);
    }
    return '';
  }
  return text;
}

/** Emacs Lisp's shell calls with a literal command: (shell-command "…"), (call-process-shell-command "…"), …; null when one gets a computed command. */
export function elispShell(code: string): string | null {
  const out: string[] = [];
  let calls = 0;
  for (const m of code.matchAll(ELISP_SHELL)) {
    calls++;
    // (start-process-shell-command NAME BUFFER COMMAND): the command is the third argument.
    const lit = m[1]!.startsWith('start')
      ? /^\s*(?:"(?:[^"\\]|\\.)*"|nil)\s+(?:"(?:[^"\\]|\\.)*"|nil)\s+"((?:[^"\\]|\\.)*)"/.exec(m[2]!)
      : /^\s*"((?:[^"\\]|\\.)*)"/.exec(m[2]!);
    if (!lit) return null;
    out.push(lit[1]!.replace(/\\(.)/g, '$1'));
  }
  if (calls === 0 && /\b(?:call-process|start-process|make-process|process-lines)\b/.test(code)) return null;
  return out.join('\n');
}

export const ELISP_SHELL =
  /\((async-shell-command|shell-command-to-string|shell-command|call-process-shell-command|start-process-shell-command|process-lines-shell)\b([^)]*)/g;

/**
 * The recipes of a makefile text (`x: ; cmd`, tab-indented lines) and its $(shell …) calls: what
 * make runs, with make's own references expanded as make would before the shell sees them: $$ is $,
 * $(RM) is `rm -f`, any other $(VAR), ${VAR} or $@ a plain word.
 */
export function makefileRecipes(text: string): string {
  const out: string[] = [];
  const expand = (recipe: string) =>
    recipe.replace(/\$(?:\$|\(([^()]*)\)|\{([^{}]*)\}|[@<^*?%+|])/g, (ref, paren?: string, brace?: string) =>
      ref === '$$' ? '$' : (paren ?? brace) === 'RM' ? 'rm -f' : 'MAKEVALUE',
    );
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) out.push(expand(line.slice(1).replace(/^[@+-]+/, '')));
    else {
      const colon = line.indexOf(':');
      const semi = colon >= 0 ? line.indexOf(';', colon) : -1;
      if (colon >= 0 && semi > colon && line[colon + 1] !== '=') out.push(expand(line.slice(semi + 1).replace(/^\s*[@+-]*/, '')));
    }
    for (const m of line.matchAll(/\$\(shell(\s[^()]*)\)/g)) out.push(expand(m[1]!.trim()));
  }
  return out.join('\n');
}

/** awk's system($0): the input line as a shell command. */
export const AWK_RUNS_LINES = /system\(\s*\$0\s*\)/g;

export const AWK_OTHER_SYSTEM = /system\s*\(|\|\s*"|\|\s*getline/;

export const SQL_SHELLS = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb']);

/**
 * What a sed script runs as shell commands: the `e COMMAND` command, and the `e` flag of `s`, which
 * runs the pattern space after the substitution (the replacement itself when the regex is the whole
 * line, `s/.*\/cmd/e`). '' when it runs nothing; null when what it runs is computed.
 */
export function sedExecutes(args: Value[], stdin: string | null): string | null {
  const scripts: string[] = [];
  let fromOption = false;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === '-e' || t === '--expression') {
      fromOption = true;
      const v = args[++i];
      if (!v) break;
      if (v.known === null) return /e/.test(v.ifUnset) ? null : '';
      scripts.push(v.known);
    } else if (t?.startsWith('--expression=')) {
      fromOption = true;
      scripts.push(t.slice(13));
    } else if (t === '-f' || t === '--file') return '';
  }
  if (!fromOption) {
    const first = args.find((a) => a.known === null || !a.known.startsWith('-'));
    if (!first) return '';
    if (first.known === null) return '';
    scripts.push(first.known);
  }
  const out: string[] = [];
  for (const script of scripts) {
    const r = sedScriptExecutes(script, stdin);
    if (r === null) return null;
    out.push(...r);
  }
  return out.join('\n');
}

export function sedScriptExecutes(script: string, stdin: string | null): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = script.length;
  const skipAddress = () => {
    // line numbers, $, /regex/, \cregexc, ranges (addr,addr), steps (first~step), negation (!)
    for (let k = 0; k < 2 && i < n; k++) {
      if (/\d/.test(script[i]!)) while (i < n && /[\d~]/.test(script[i]!)) i++;
      else if (script[i] === '$') i++;
      else if (script[i] === '/' || script[i] === '\\') {
        const d = script[i] === '\\' ? script[++i] : '/';
        i++;
        while (i < n && script[i] !== d) i += script[i] === '\\' ? 2 : 1;
        i++;
        while (i < n && /[IM]/.test(script[i]!)) i++;
      }
      if (script[i] === ',') i++;
      else break;
    }
    while (i < n && (script[i] === '!' || script[i] === ' ')) i++;
  };
  while (i < n) {
    while (i < n && /[\s;{}]/.test(script[i]!)) i++;
    if (i >= n) break;
    skipAddress();
    const c = script[i];
    if (c === undefined) break;
    if (c === 'e') {
      const end = script.indexOf('\n', i);
      const cmd = script.slice(i + 1, end < 0 ? n : end).trim();
      // A bare `e` runs the pattern space: the input lines.
      if (cmd) out.push(cmd);
      else if (stdin !== null) out.push(stdin);
      else return null;
      i = end < 0 ? n : end + 1;
    } else if (c === 's' || c === 'y') {
      const d = script[i + 1];
      if (d === undefined) break;
      const parts: string[] = [];
      let j = i + 2;
      let cur = '';
      while (j < n && parts.length < 2) {
        if (script[j] === '\\' && j + 1 < n) {
          cur += script[j + 1] === d ? d : script.slice(j, j + 2);
          j += 2;
        } else if (script[j] === d) {
          parts.push(cur);
          cur = '';
          j++;
        } else cur += script[j++];
      }
      let flags = '';
      while (j < n && /[gpiImMe\dw]/.test(script[j]!)) {
        if (script[j] === 'w') break;
        flags += script[j++];
      }
      if (c === 's' && flags.includes('e')) {
        const [re, repl] = parts;
        if (re === undefined || repl === undefined) return null;
        if (/^\^?\.\*\$?$/.test(re) && !/[&\\]/.test(repl)) out.push(repl);
        else return null;
      }
      i = j;
    } else if ('aicrRwW:btTqQlL'.includes(c)) {
      // commands whose argument runs to the end of the line
      const end = script.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else i++;
  }
  return out;
}

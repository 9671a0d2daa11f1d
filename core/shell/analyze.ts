// From the syntax tree to what guards ask about: every program that would run, with its arguments
// evaluated as far as the command line itself determines them.
//
// It sees through lists, pipelines, subshells, $( ), backticks, `bash -c`, `eval`, heredocs and
// pipes fed to a shell, transparent wrappers (sudo, env, timeout, xargs, find -exec, …), leading
// assignments, variables assigned earlier on the same line, `cd`, and `ln -s`/`cp` aliases.

import type { Command, Redirect, Script, SimpleCommand, Word } from './ast';
import { MAX_NESTING, parseShell } from './parse';
import { basename, isAbsolutePath, resolvePath } from '../paths';
import { shellStringsInCode } from './interpreters';
import { isPowerShellCmdlet, translateCmd, translatePowerShell } from './powershell';

/** Stands for a value the command line does not determine but that is never empty (e.g. ${X:?}, $(mktemp)). */
export const OPAQUE = '\u0001';

export const MAX_COMMAND_LENGTH = 256 * 1024;
const MAX_INVOCATIONS = 4000;
const MAX_PATH = 4096;

export interface Value {
  word: Word;
  /** The text the shell would pass, when the command line fully determines it; else null. */
  known: string | null;
  /** The text if every variable not set on this line were empty: how `"$DIR/"` becomes `/`. */
  ifUnset: string;
  /** Names of variables used here that this command line never sets (and are not HOME/PWD). */
  unsetVars: string[];
  /** Unquoted * ? or [ (the shell expands it against the file system). */
  glob: boolean;
}

export interface EvaluatedRedirect {
  op: string;
  fd: number | null;
  target: Value | null;
}

export interface Invocation {
  /** argv[0] is the program as written; wrappers before it are peeled off (see `via`). */
  argv: Value[];
  /** Basename of the program, without `.exe`; '' when the name is computed at run time. */
  program: string;
  args: Value[];
  /** Working directory when it runs (absolute, normalised); null when the line makes it unknowable. */
  cwd: string | null;
  redirects: EvaluatedRedirect[];
  /** Text fed on stdin by a heredoc, a here-string or an echo/printf pipe, when known. */
  stdinText: string | null;
  /** The command whose output is piped into this one. */
  pipeFrom: Invocation | null;
  /** Wrappers and contexts this call was reached through, outermost first ('sudo', 'bash -c', '$()', 'xargs', …). */
  via: string[];
  /** True for a wrapper (sudo, env, timeout, …) that itself runs another command listed separately. */
  wrapper: boolean;
  /** For commands run by `find -exec` or fed by `find … | xargs`: find's starting points. */
  findRoots: Value[] | null;
  /** A shell/eval whose script is computed at run time (`sh -c "$(curl …)"`). */
  dynamicScript: boolean;
}

export interface ShellAnalysis {
  source: string;
  invocations: Invocation[];
  /** Functions defined on the line, with the programs their bodies call. */
  functions: { name: string; calls: string[] }[];
  /** Analysis stopped early (size or nesting cap); absence of findings is weaker evidence. */
  truncated: boolean;
  /** Paths created on this line as links or copies: alias → original. */
  aliases: Map<string, string>;
  home: string;
  /** The directory the command starts in. */
  startCwd: string;
}

interface VarValue {
  known: string | null;
  ifUnset: string;
}

interface State {
  cwd: string | null;
  vars: Map<string, VarValue>;
}

interface Walk {
  out: ShellAnalysis;
  depth: number;
}

interface Meta {
  via: string[];
  redirects: EvaluatedRedirect[];
  stdinText: string | null;
  pipeFrom: Invocation | null;
  findRoots: Value[] | null;
  assigns: Map<string, VarValue>;
}

export function analyzeShell(command: string, opts: { cwd: string; home: string }): ShellAnalysis {
  let source = command;
  let truncated = false;
  if (source.length > MAX_COMMAND_LENGTH) {
    source = source.slice(0, MAX_COMMAND_LENGTH);
    truncated = true;
  }
  const out: ShellAnalysis = {
    source,
    invocations: [],
    functions: [],
    truncated,
    aliases: new Map(),
    home: opts.home,
    startCwd: opts.cwd,
  };
  const script = parseShell(source);
  walkScript(script, { cwd: opts.cwd, vars: new Map() }, { out, depth: 0 }, baseMeta([]));
  return out;
}

function baseMeta(via: string[]): Meta {
  return { via, redirects: [], stdinText: null, pipeFrom: null, findRoots: null, assigns: new Map() };
}

function cloneState(s: State): State {
  return { cwd: s.cwd, vars: new Map(s.vars) };
}

function walkScript(script: Script, state: State, w: Walk, meta: Meta): void {
  if (script.truncated) w.out.truncated = true;
  for (const item of script.items) {
    const cmds = item.pipeline.commands;
    let prev: Invocation | null = meta.pipeFrom;
    for (let i = 0; i < cmds.length; i++) {
      // Each element of a multi-command pipeline runs in its own subshell.
      const st = cmds.length > 1 ? cloneState(state) : state;
      const produced = walkCommand(cmds[i]!, st, w, { ...meta, pipeFrom: i === 0 ? meta.pipeFrom : prev });
      prev = produced ?? prev;
    }
  }
}

/** Walks one command; returns the invocation whose stdout is the command's output, if any. */
function walkCommand(cmd: Command, state: State, w: Walk, meta: Meta): Invocation | null {
  if (w.out.invocations.length >= MAX_INVOCATIONS) {
    w.out.truncated = true;
    return null;
  }
  switch (cmd.type) {
    case 'simple':
      return walkSimple(cmd, state, w, meta);
    case 'subshell':
    case 'group': {
      const redirects = [...meta.redirects, ...cmd.redirects.map((r) => evalRedirect(r, state, w))];
      const st = cmd.type === 'subshell' ? cloneState(state) : state;
      const before = w.out.invocations.length;
      walkScript(cmd.body, st, w, { ...meta, redirects, stdinText: heredocText(cmd.redirects) ?? meta.stdinText });
      return w.out.invocations.length > before ? w.out.invocations[w.out.invocations.length - 1]! : null;
    }
    case 'function': {
      const before = w.out.invocations.length;
      walkCommand(cmd.body, cloneState(state), w, { ...meta, via: [...meta.via, `function ${cmd.name}`] });
      const calls = w.out.invocations.slice(before).map((i) => i.program);
      // The body runs only when called: keep what it calls (fork bombs), not the invocations themselves.
      w.out.invocations.length = before;
      w.out.functions.push({ name: cmd.name, calls });
      return null;
    }
  }
}

function walkSimple(cmd: SimpleCommand, state: State, w: Walk, meta: Meta): Invocation | null {
  // Substitutions anywhere in the command run first, in the current directory.
  for (const word of [...cmd.words, ...cmd.assigns.map((a) => a.value), ...cmd.redirects.flatMap((r) => (r.target ? [r.target] : []))]) {
    walkSubstitutions(word, state, w, meta.via);
  }
  for (const r of cmd.redirects) for (const s of r.heredoc?.substitutions ?? []) walkNested(s, cloneState(state), w, [...meta.via, '$()'], null);

  const assigned = new Map<string, VarValue>();
  for (const a of cmd.assigns) {
    const v = evalWord(a.value, state, w);
    assigned.set(a.name, { known: v.known, ifUnset: v.ifUnset });
  }
  if (cmd.words.length === 0) {
    for (const [k, v] of assigned) state.vars.set(k, v);
    return null;
  }
  const argv = cmd.words.map((word) => evalWord(word, state, w));
  const redirects = [...meta.redirects, ...cmd.redirects.map((r) => evalRedirect(r, state, w))];
  const stdinText = heredocText(cmd.redirects) ?? hereString(redirects) ?? meta.stdinText ?? pipedText(meta.pipeFrom);
  return resolve(argv, state, w, { ...meta, redirects, stdinText, assigns: assigned });
}

function walkSubstitutions(word: Word, state: State, w: Walk, via: string[]): void {
  for (const p of word.parts) {
    if (p.type === 'cmdsub') walkNested(p.script, cloneState(state), w, [...via, '$()'], null);
    else if (p.type === 'procsub') walkNested(p.script, cloneState(state), w, [...via, `${p.dir}()`], null);
    else if (p.type === 'param' && p.arg) walkSubstitutions(p.arg, state, w, via);
  }
}

function walkNested(script: Script, state: State, w: Walk, via: string[], stdinText: string | null): void {
  walkScript(script, state, { out: w.out, depth: w.depth + 1 }, { ...baseMeta(via), stdinText });
}

function walkSource(source: string, state: State, w: Walk, meta: Meta, label: string): void {
  if (w.depth + 1 > MAX_NESTING) {
    w.out.truncated = true;
    return;
  }
  const script = parseShell(source, w.depth + 1);
  walkScript(script, state, { out: w.out, depth: w.depth + 1 }, { ...baseMeta([...meta.via, label]), redirects: meta.redirects });
}

// ---- programs and wrappers ----

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'busybox']);
/** Wrappers whose options we skip to find the command they run. Value: options that take an argument. */
const WRAPPERS: Record<string, { argOpts: string[]; leadingArgs?: number }> = {
  sudo: { argOpts: ['-u', '-g', '-p', '-C', '-h', '-D', '-T', '-R', '-U', '-r', '-t', '--user', '--group', '--prompt', '--chdir', '--host', '--close-from', '--role', '--type', '--other-user', '--command-timeout'] },
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
  caffeinate: { argOpts: ['-t', '-w'] },
  unbuffer: { argOpts: [] },
  proxychains: { argOpts: ['-f'] },
  proxychains4: { argOpts: ['-f'] },
  torsocks: { argOpts: [] },
  chronic: { argOpts: [] },
  flock: { argOpts: ['-w', '-E', '--timeout', '--conflict-exit-code'], leadingArgs: 1 },
  pkexec: { argOpts: ['--user'] },
  runuser: { argOpts: ['-u', '-g', '-G', '--user', '--group'] },
};

export function programName(v: Value | undefined): string {
  if (!v || v.known === null) return '';
  return basename(v.known).replace(/\.exe$/i, '');
}

function resolve(argv: Value[], state: State, w: Walk, meta: Meta): Invocation | null {
  if (argv.length === 0) return null;
  const program = programName(argv[0]);
  const inv: Invocation = {
    argv,
    program,
    args: argv.slice(1),
    cwd: state.cwd,
    redirects: meta.redirects,
    stdinText: meta.stdinText,
    pipeFrom: meta.pipeFrom,
    via: meta.via,
    wrapper: false,
    findRoots: meta.findRoots,
    dynamicScript: false,
  };
  w.out.invocations.push(inv);
  const args = inv.args;
  const inner = (rest: Value[], label: string, extra: Partial<Meta> = {}) => {
    inv.wrapper = rest.length > 0;
    return resolve(rest, state, w, { ...meta, via: [...meta.via, label], ...extra });
  };

  if (program === 'cd' || program === 'pushd') {
    const next = changeDir(state, args, w);
    // Longer than PATH_MAX cannot exist; treating it as unknown also keeps chained cd linear.
    state.cwd = next !== null && next.length <= MAX_PATH ? next : null;
    return inv;
  }
  if (['export', 'declare', 'typeset', 'local', 'readonly'].includes(program)) {
    for (const a of args) {
      const m = a.known !== null ? /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(a.known) : null;
      if (m) state.vars.set(m[1]!, { known: m[2]!, ifUnset: m[2]! });
      else {
        const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(a.ifUnset)?.[1];
        if (name) state.vars.set(name, { known: null, ifUnset: OPAQUE });
      }
    }
    return inv;
  }
  if (program === 'unset') {
    for (const a of args) if (a.known) state.vars.delete(a.known);
    return inv;
  }
  if (program === 'ln') {
    const pos = positional(args);
    if (args.some((a) => /^-[a-zA-Z]*s/.test(a.known ?? '')) && pos.length === 2) recordAlias(w, state, pos[1]!, pos[0]!);
    return inv;
  }
  if (program === 'cp' || program === 'mv' || program === 'install') {
    const pos = positional(args);
    if (pos.length === 2) recordAlias(w, state, pos[1]!, pos[0]!);
    return inv;
  }
  if (program === 'env') return resolveEnv(inv, args, state, w, meta, inner);
  if (program === 'command' && args.some((a) => a.known === '-v' || a.known === '-V')) return inv;
  const wrapper = WRAPPERS[program];
  if (wrapper) {
    const rest = skipOptions(args, wrapper.argOpts, wrapper.leadingArgs ?? 0);
    if (program === 'sudo' && args.some((a) => a.known === '-e' || a.known === '--edit' || a.known === '-l' || a.known === '--list')) return inv;
    return inner(rest, program) ?? inv;
  }
  if (SHELLS.has(program)) return resolveShell(inv, program, args, state, w, meta);
  if (program === 'powershell' || program === 'pwsh' || program === 'cmd') return resolveWindowsShell(inv, program, args, state, w, meta);
  if (isPowerShellCmdlet(program)) {
    // PowerShell labelled as Bash (some hosts do): read this command as PowerShell.
    inv.wrapper = true;
    walkSource(translatePowerShell(argv.map((a) => a.word.raw).join(' ')), state, w, meta, 'powershell');
    return inv;
  }
  if (program === 'eval') {
    if (args.every((a) => a.known !== null)) walkSource(args.map((a) => a.known).join(' '), state, w, meta, 'eval');
    else inv.dynamicScript = true;
    return inv;
  }
  if (program === 'watch') {
    const rest = skipOptions(args, ['-n', '-d', '--interval', '--differences'], 0);
    if (rest.length > 0 && rest.every((a) => a.known !== null)) {
      inv.wrapper = true;
      walkSource(rest.map((a) => a.known).join(' '), cloneState(state), w, meta, 'watch');
    }
    return inv;
  }
  if (program === 'xargs') {
    const rest = skipOptions(args, ['-I', '-L', '-n', '-P', '-d', '-E', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--replace', '--max-lines'], 0);
    const source = meta.pipeFrom;
    const roots = source && source.program === 'find' ? findStartingPoints(source.args) : meta.findRoots;
    return inner(rest.length > 0 ? rest : [syntheticValue('echo')], 'xargs', { findRoots: roots }) ?? inv;
  }
  if (program === 'find') {
    resolveFindExec(args, state, w, meta);
    return inv;
  }
  if (['uv', 'poetry', 'pipenv', 'pdm', 'hatch', 'rye'].includes(program) && args[0]?.known === 'run') {
    return inner(skipOptions(args.slice(1), ['--with', '--python', '-p', '--env', '-e', '--directory', '--project', '--group', '--extra'], 0), `${program} run`) ?? inv;
  }
  if (program === 'bundle' && args[0]?.known === 'exec') return inner(args.slice(1), 'bundle exec') ?? inv;

  // Interpreter one-liners that shell out: python -c "os.system('…')", perl -e "system(q{…})", …
  const code = interpreterCode(inv);
  if (code) for (const s of shellStringsInCode(code.lang, code.code)) walkSource(s, cloneState(state), w, meta, `${program} shell-out`);
  // A shell fed a script on stdin (bash <<EOF, echo … | sh) was handled above; other interpreters reading
  // their program from stdin are handled by the guards that care (interpreterCode covers them).
  return inv;
}

function resolveEnv(inv: Invocation, args: Value[], state: State, w: Walk, meta: Meta, inner: (rest: Value[], label: string, extra?: Partial<Meta>) => Invocation | null): Invocation {
  let i = 0;
  let cwd = state.cwd;
  const assigns = new Map(meta.assigns);
  while (i < args.length) {
    const a = args[i]!.known ?? '';
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-S' || a === '--split-string') {
      const script = args.slice(i + 1).map((x) => x.known ?? '').join(' ');
      inv.wrapper = true;
      walkSource(script, cloneState(state), w, meta, 'env -S');
      return inv;
    }
    if (a === '-C' || a === '--chdir') {
      const dir = args[i + 1]?.known;
      cwd = dir && cwd ? resolvePath(cwd, dir, w.out.home) : dir && isAbsolutePath(dir) ? resolvePath('/', dir, w.out.home) : null;
      i += 2;
      continue;
    }
    if (a === '-u' || a === '--unset') {
      i += 2;
      continue;
    }
    if (a.startsWith('-')) {
      i++;
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(a);
    if (m) {
      assigns.set(m[1]!, { known: a.slice(m[0].length), ifUnset: a.slice(m[0].length) });
      i++;
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return inv;
  const saved = state.cwd;
  state.cwd = cwd;
  const result = inner(rest, 'env', { assigns });
  state.cwd = saved;
  return result ?? inv;
}

function resolveShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  let list = args;
  if (program === 'busybox') {
    if (!args[0] || !SHELLS.has(programName(args[0]))) return inv;
    list = args.slice(1);
  }
  let hasC = false;
  let i = 0;
  for (; i < list.length; i++) {
    const a = list[i]!.known;
    if (a === null) break;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (/^-[a-zA-Z]+$/.test(a) || /^\+[a-zA-Z]+$/.test(a)) {
      if (a.startsWith('-') && a.includes('c')) hasC = true;
      if (/^[-+]o$/.test(a) || a === '-O' || a === '+O') i++;
      continue;
    }
    if (a.startsWith('--')) {
      if (a === '--rcfile' || a === '--init-file') i++;
      continue;
    }
    break;
  }
  const first = list[i];
  if (hasC) {
    if (!first) return inv;
    if (first.known === null) {
      inv.dynamicScript = true;
      return inv;
    }
    inv.wrapper = true;
    walkSource(first.known, cloneState(state), w, meta, `${program} -c`);
    return inv;
  }
  if (!first && inv.stdinText !== null) {
    inv.wrapper = true;
    walkSource(inv.stdinText, cloneState(state), w, meta, `${program} stdin`);
  }
  return inv;
}

function resolveWindowsShell(inv: Invocation, program: string, args: Value[], state: State, w: Walk, meta: Meta): Invocation {
  const known = args.map((a) => a.known);
  if (program === 'cmd') {
    const i = known.findIndex((a) => a !== null && /^\/[ck]$/i.test(a));
    if (i < 0) return inv;
    const rest = known.slice(i + 1);
    if (rest.some((a) => a === null)) inv.dynamicScript = true;
    else {
      inv.wrapper = true;
      walkSource(translateCmd(rest.join(' ')), cloneState(state), w, meta, 'cmd /c');
    }
    return inv;
  }
  const i = known.findIndex((a) => a !== null && /^-(c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand)$/i.test(a));
  if (i < 0) return inv; // -File script.ps1 and friends run a file
  const rest = known.slice(i + 1);
  if (rest.some((a) => a === null)) {
    inv.dynamicScript = true;
    return inv;
  }
  let script = rest.join(' ');
  if (/^-e/i.test(known[i]!)) script = Buffer.from(script, 'base64').toString('utf16le');
  inv.wrapper = true;
  walkSource(translatePowerShell(script), cloneState(state), w, meta, `${program} -Command`);
  return inv;
}

function resolveFindExec(args: Value[], state: State, w: Walk, meta: Meta): void {
  const roots = findStartingPoints(args);
  const names = args
    .map((a, i) => (['-name', '-iname'].includes(a.known ?? '') ? args[i + 1]?.known ?? null : null))
    .filter((n): n is string => n !== null && !/[*?[]/.test(n));
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!.known;
    if (flag !== '-exec' && flag !== '-execdir' && flag !== '-ok' && flag !== '-okdir') continue;
    let j = i + 1;
    const cmd: Value[] = [];
    while (j < args.length && args[j]!.known !== ';' && args[j]!.known !== '+') {
      const a = args[j]!;
      // {} stands for each file found; with a single literal -name it is that file name.
      cmd.push(a.known === '{}' ? syntheticValue(names.length === 1 ? names[0]! : '{}') : a);
      j++;
    }
    i = j;
    if (cmd.length > 0) resolve(cmd, state, w, { ...meta, via: [...meta.via, `find ${flag}`], findRoots: roots });
  }
}

/** find's starting points: the arguments before the first expression token. */
export function findStartingPoints(args: Value[]): Value[] {
  const roots: Value[] = [];
  for (const a of args) {
    const t = a.known ?? a.ifUnset;
    if (t.startsWith('-') || t === '(' || t === '!' || t === ')') {
      if (['-H', '-L', '-P'].includes(t)) continue;
      break;
    }
    roots.push(a);
  }
  return roots;
}

function skipOptions(args: Value[], argOpts: string[], leadingArgs: number): Value[] {
  let i = 0;
  while (i < args.length) {
    const a = args[i]!.known;
    if (a === null) break;
    if (a === '--') {
      i++;
      break;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
      i++; // sudo VAR=value cmd
      continue;
    }
    if (!a.startsWith('-') || a === '-') break;
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (argOpts.includes(name) && !a.includes('=')) i += 2;
    else if (argOpts.some((o) => o.length === 2 && a.startsWith(o) && a.length > 2)) i++; // -n5, -oL
    else i++;
  }
  return args.slice(Math.min(args.length, i + leadingArgs));
}

function positional(args: Value[]): Value[] {
  return args.filter((a) => !(a.known ?? '').startsWith('-'));
}

function changeDir(state: State, args: Value[], w: Walk): string | null {
  const target = positional(args)[0];
  if (!target) return w.out.home;
  if (target.known === '-') return null;
  if (target.known === null) {
    // `cd $UNSET` is `cd`, which goes home; anything else computed is unknowable here.
    return target.ifUnset === '' && !target.word.parts.some((p) => p.type !== 'lit' && 'quoted' in p && p.quoted) ? w.out.home : null;
  }
  if (isAbsolutePath(target.known) || target.known.startsWith('~')) return resolvePath('/', target.known, w.out.home);
  return state.cwd ? resolvePath(state.cwd, target.known, w.out.home) : null;
}

function recordAlias(w: Walk, state: State, alias: Value, original: Value): void {
  if (alias.known === null || original.known === null || !state.cwd) return;
  let aliasPath = resolvePath(state.cwd, alias.known, w.out.home);
  const originalPath = resolvePath(state.cwd, original.known, w.out.home);
  if (alias.known.endsWith('/')) aliasPath = `${aliasPath}/${basename(originalPath)}`;
  w.out.aliases.set(aliasPath, originalPath);
}

// ---- words ----

function syntheticValue(text: string): Value {
  return { word: { parts: [{ type: 'lit', text, quoted: true }], raw: text }, known: text, ifUnset: text, unsetVars: [], glob: false };
}

function evalWord(word: Word, state: State, w: Walk): Value {
  let known: string | null = '';
  let ifUnset = '';
  let glob = false;
  const unsetVars: string[] = [];
  word.parts.forEach((p, index) => {
    switch (p.type) {
      case 'lit': {
        let text = p.text;
        if (index === 0 && !p.quoted && (text === '~' || text.startsWith('~/'))) text = w.out.home + text.slice(1);
        if (!p.quoted && /[*?[]/.test(text)) glob = true;
        if (known !== null) known += text;
        ifUnset += text;
        break;
      }
      case 'param': {
        const v = evalParam(p.name, p.op, p.arg, state, w, unsetVars);
        known = known !== null && v.known !== null ? known + v.known : null;
        ifUnset += v.ifUnset;
        break;
      }
      case 'cmdsub': {
        const out = staticOutput(p.script, state);
        known = known !== null && out !== null ? known + out : null;
        ifUnset += out ?? OPAQUE;
        break;
      }
      default:
        known = null;
        ifUnset += OPAQUE;
    }
  });
  return { word, known, ifUnset, unsetVars, glob };
}

function evalParam(name: string, op: string, arg: Word | null, state: State, w: Walk, unsetVars: string[]): VarValue {
  const set = lookupVar(name, state, w);
  if (op === '' ) {
    if (set) return set;
    unsetVars.push(name);
    return { known: null, ifUnset: '' };
  }
  if (op === ':?' || op === '?') return set ?? { known: null, ifUnset: OPAQUE };
  if (op === ':-' || op === '-' || op === ':=' || op === '=') {
    if (set && set.known !== null && set.known !== '') return set;
    const d = arg ? evalWord(arg, state, w) : null;
    return { known: set ? null : d?.known ?? '', ifUnset: d ? d.ifUnset : '' };
  }
  if (op === ':+' || op === '+') {
    if (!set) return { known: null, ifUnset: '' };
    const d = arg ? evalWord(arg, state, w) : null;
    return { known: d?.known ?? null, ifUnset: d?.ifUnset ?? '' };
  }
  return { known: null, ifUnset: OPAQUE };
}

function lookupVar(name: string, state: State, w: Walk): VarValue | null {
  const v = state.vars.get(name);
  if (v) return v;
  if (name === 'HOME' || name === 'USERPROFILE') return { known: w.out.home, ifUnset: w.out.home };
  if (name === 'PWD' && state.cwd) return { known: state.cwd, ifUnset: state.cwd };
  return null;
}

/** The output of a substitution the line fully determines: $(echo x), $(pwd), $(mktemp) (never empty). */
function staticOutput(script: Script, state: State): string | null {
  if (script.items.length !== 1) return null;
  const cmds = script.items[0]!.pipeline.commands;
  if (cmds.length !== 1 || cmds[0]!.type !== 'simple') return null;
  const words = (cmds[0] as SimpleCommand).words;
  const lits = words.map((wd) => wd.parts.every((p) => p.type === 'lit') ? wd.parts.map((p) => (p as { text: string }).text).join('') : null);
  if (lits.some((l) => l === null)) return null;
  const [prog, ...rest] = lits as string[];
  if (prog === 'echo') return rest.filter((r) => r !== '-n' && r !== '-e').join(' ');
  if (prog === 'pwd') return state.cwd;
  if (prog === 'mktemp') return null; // opaque: a fresh path, never empty
  return null;
}

function evalRedirect(r: Redirect, state: State, w: Walk): EvaluatedRedirect {
  return { op: r.op, fd: r.fd, target: r.target && !r.heredoc ? evalWord(r.target, state, w) : null };
}

function heredocText(redirects: Redirect[]): string | null {
  const h = redirects.find((r) => r.heredoc);
  return h ? h.heredoc!.body : null;
}

function hereString(redirects: EvaluatedRedirect[]): string | null {
  const h = redirects.find((r) => r.op === '<<<');
  return h?.target?.known ?? null;
}

function pipedText(from: Invocation | null): string | null {
  if (!from || (from.program !== 'echo' && from.program !== 'printf')) return null;
  if (from.args.some((a) => a.known === null)) return null;
  const words = from.args.map((a) => a.known!).filter((a) => !/^-[neE]+$/.test(a));
  return `${words.join(' ')}\n`;
}

// ---- interpreters ----

const INTERPRETER_FLAGS: Record<string, { lang: string; flags: string[] }> = {
  python: { lang: 'python', flags: ['-c'] },
  python2: { lang: 'python', flags: ['-c'] },
  python3: { lang: 'python', flags: ['-c'] },
  pypy: { lang: 'python', flags: ['-c'] },
  pypy3: { lang: 'python', flags: ['-c'] },
  node: { lang: 'js', flags: ['-e', '-p', '--eval', '--print'] },
  nodejs: { lang: 'js', flags: ['-e', '-p', '--eval', '--print'] },
  bun: { lang: 'js', flags: ['-e', '--eval', '-p', '--print'] },
  deno: { lang: 'js', flags: ['eval'] },
  perl: { lang: 'perl', flags: ['-e', '-E'] },
  ruby: { lang: 'ruby', flags: ['-e'] },
  php: { lang: 'php', flags: ['-r'] },
  Rscript: { lang: 'r', flags: ['-e'] },
  lua: { lang: 'lua', flags: ['-e'] },
};

/** The program text of an interpreter one-liner (`python3 -c CODE`, `node -e CODE`, heredoc on stdin). */
export function interpreterCode(inv: Invocation): { lang: string; code: string } | null {
  const spec = INTERPRETER_FLAGS[inv.program] ?? (/^python3(\.\d+)?$/.test(inv.program) ? INTERPRETER_FLAGS.python3 : undefined);
  if (!spec) return null;
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!.known ?? '';
    const attached = spec.flags.find((f) => f.length === 2 && a.startsWith(f) && a.length > 2 && f !== '-p');
    if (attached && spec.lang === 'perl') return { lang: spec.lang, code: a.slice(2) };
    if (spec.flags.includes(a)) {
      const code = inv.args[i + 1]?.known;
      return code !== null && code !== undefined ? { lang: spec.lang, code } : null;
    }
  }
  const positionalArgs = inv.args.filter((a) => !(a.known ?? '').startsWith('-'));
  if (inv.stdinText !== null && (positionalArgs.length === 0 || positionalArgs[0]!.known === '-')) return { lang: spec.lang, code: inv.stdinText };
  return null;
}

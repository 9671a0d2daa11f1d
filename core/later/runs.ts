// Project scripts a command runs: `bash scripts/a.sh`, `sh < build.sh`, `python3 scripts/clean.py`,
// `npm run clean` (with its pre and post scripts), `make clean` (the recipes of the goal and its
// prerequisites), `just build`, `git nuke` (an alias in the repository's config). One row per
// runner; each yields the texts that will run, read from disk through the reader passed in
// (bounded, never executed). The caller judges the texts and follows the scripts they run in turn.

import { work } from '../work';
import type { Invocation, Value } from '../shell/model';
import { argPath, parseGit } from '../guards/helpers';
import { dirname, resolvePath } from '../paths';
import { GIT_BUILTINS, parseGitConfig } from './gitconfig';
import type { Lang, LaterText } from './places';
import { notebookCell, notebookFile, PLACES, scriptLang } from './places';
import { printed } from './written';
import { justBodies, makeRecipes, parseJustfile, parseMakefile } from './make';
import { rustCommands } from './rust';
import { stripJsonComments } from './jsonc';
import {
  cargoConfigCommands,
  goGenerateCommands,
  gradleCommands,
  parseCargoMake,
  parseMiseToml,
  parsePyprojectTasks,
  parseRakefile,
  parseTaskfile,
  parseToxIni,
  pythonTaskCommands,
  shellTexts,
  taskCommands,
  toxEnvs,
  type Tasks,
} from './tasks';
import { namesOnly } from '../programs/table';

export interface Reader {
  /** The file's text (at most `max` characters and one more, so that a longer file shows), or null when it cannot be read. */
  read(path: string): string | null;
  exists(path: string): boolean;
  /** The names in a folder (go generate ./... walks them); absent where the caller cannot list. */
  list?(path: string): readonly string[];
  home: string;
  projectDir: string;
}

export interface ScriptRun {
  /** The file read (for messages and for each file once); null for text from the command line (make -f -). */
  path: string | null;
  texts: LaterText[];
  /** A file that exists but cannot be read (a FIFO, no permission). */
  unreadable?: boolean;
  /** Run by name by a shell (`bash run.sh`, `./run.sh`, `. run.sh`): the script itself, not a runner's entry. */
  direct?: boolean;
  /** The folder its commands run in. */
  cwd: string | null;
  /**
   * Run by a tool on its own (a git hook on commit): what can be seen is judged, what cannot is not
   * held against the call (hook managers' own hooks compute their paths; the agent did not name them).
   */
  lenient?: boolean;
}

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);
const PYTHON = /^python(?:\d+(?:\.\d+)?)?$|^pypy3?$/;
const JS = new Set(['node', 'nodejs', 'tsx', 'ts-node', 'bun']);

const known = (v: Value | undefined) => v?.known ?? null;

function fileRun(inv: Invocation, v: Value, lang: Lang | null, r: Reader, direct: boolean, argv?: string[]): ScriptRun | null {
  const path = argPath(inv, v, r.home);
  if (!path) return null;
  const text = r.read(path);
  if (text === null) return r.exists(path) ? { path, texts: [], unreadable: true, cwd: inv.cwd } : null;
  // A program file (ELF, a compiled binary) is not a script.
  if (text.includes('\u0000')) return null;
  return { path, texts: [{ lang: lang ?? scriptLang(path, text), text, where: 'the script', ...(argv ? { argv } : {}) }], direct, cwd: inv.cwd };
}

/** `cat a b | sh`, `bash -c "$(cat a)"`: the files' texts, in order, as one script. */
function cattedRun(inv: Invocation, files: Value[], r: Reader): ScriptRun {
  let text = '';
  let path: string | null = null;
  for (const v of files) {
    const run = fileRun(inv, v, 'shell', r, false);
    // A file that is not there (or not a text) leaves the script unknown: unreadable.
    if (!run || run.unreadable || run.texts.length === 0) return { path: argPath(inv, v, r.home), texts: [], unreadable: true, cwd: inv.cwd };
    path ??= run.path;
    text += run.texts[0]!.text;
  }
  return { path, texts: [{ lang: 'shell', text, where: 'the script' }], cwd: inv.cwd };
}

/** The first argument that is not an option (options taking a value skip it). */
function operand(args: Value[], takes: string[] = []): { at: number; v: Value } | null {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) return { at: i, v: args[i]! };
    if (t === '--') return args[i + 1] ? { at: i + 1, v: args[i + 1]! } : null;
    if (takes.includes(t)) {
      i++;
      continue;
    }
    if (!t.startsWith('-') || t === '-') return { at: i, v: args[i]! };
  }
  return null;
}

/** package.json upwards from `dir` (npm, yarn, pnpm and bun run the scripts of the nearest one). */
function packageJson(dir: string, r: Reader): { path: string; text: string } | null {
  let d = dir;
  for (let i = 0; i < 32; i++) {
    const path = `${d === '/' ? '' : d}/package.json`;
    const text = r.read(path);
    if (text !== null) return { path, text };
    if (d === '/' || d === r.projectDir || !d.startsWith(`${r.projectDir}/`)) return null;
    d = dirname(d);
  }
  return null;
}

const NPM_ALIASES: Record<string, string> = { t: 'test', tst: 'test', test: 'test', start: 'start', stop: 'stop', restart: 'restart' };
namesOnly(NPM_ALIASES);
const INSTALL = new Set(['install', 'i', 'ci', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isntall', 'add']);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
const PM_OPTS = ['--prefix', '-C', '--dir', '--cwd', '-w', '--workspace', '--filter', '-F'];

/** `npm run X`, `npm test`, `yarn X`, `pnpm X`, `bun run X`, `npm install` (the lifecycle scripts). */
function packageRun(inv: Invocation, r: Reader): ScriptRun | null {
  const p = inv.program;
  if (!['npm', 'yarn', 'pnpm', 'bun'].includes(p) || !inv.cwd) return null;
  const args = inv.args;
  const first = operand(args, PM_OPTS);
  if (!first) return null;
  const cmd = known(first.v);
  if (cmd === null) return null;
  let dir = inv.cwd;
  const prefix = args.findIndex((a) => ['--prefix', '-C', '--dir', '--cwd'].includes(a.known ?? ''));
  if (prefix >= 0 && prefix < first.at) {
    const d = known(args[prefix + 1]);
    if (d === null) return null;
    dir = resolvePath(inv.cwd, d, r.home);
  }
  let names: string[];
  const rest = args.slice(first.at + 1);
  if (['run', 'run-script', 'rum', 'urn'].includes(cmd)) {
    const script = operand(rest, PM_OPTS);
    if (!script || script.v.known === null) return null;
    names = [`pre${script.v.known}`, script.v.known, `post${script.v.known}`];
  } else if (NPM_ALIASES[cmd] && (p !== 'bun' || cmd === 'test')) {
    if (p === 'bun') return null; // bun test is its own runner
    const s = NPM_ALIASES[cmd]!;
    names = [`pre${s}`, s, `post${s}`];
  } else if (INSTALL.has(cmd) && !(p === 'npm' && cmd === 'add') && rest.every((a) => (a.known ?? '').startsWith('-'))) {
    // A bare install (no package named) runs the project's own lifecycle scripts, unless told not to.
    if (args.some((a) => a.known === '--ignore-scripts')) return null;
    names = INSTALL_SCRIPTS;
  } else if ((p === 'yarn' || p === 'pnpm') && !/^-/.test(cmd)) names = [cmd];
  else return null;
  const pkg = packageJson(dir, r);
  if (!pkg) return null;
  let scripts: Record<string, unknown> = {};
  try {
    const json = JSON.parse(pkg.text) as { scripts?: Record<string, unknown> };
    scripts = json.scripts && typeof json.scripts === 'object' ? json.scripts : {};
  } catch {
    return { path: pkg.path, texts: [], unreadable: true, cwd: dir };
  }
  const texts: LaterText[] = [];
  for (const n of names) {
    const s = scripts[n];
    if (typeof s === 'string') texts.push({ lang: 'shell', text: s, where: `the ${n} script` });
  }
  return texts.length > 0 ? { path: `${pkg.path}#${names.join(',')}`, texts, cwd: dirname(pkg.path) } : null;
}

const MAKE_TAKES = [
  '-f',
  '--file',
  '--makefile',
  '-C',
  '--directory',
  '-I',
  '--include-dir',
  '-o',
  '--old-file',
  '-W',
  '--what-if',
  '--assume-new',
  '-E',
  '--eval',
];

/** `make [-C dir] [-f file] [VAR=value] [goal…]`, `make -f -` with the makefile on stdin, `make --eval=TEXT`. */
function makeRun(inv: Invocation, r: Reader): ScriptRun | null {
  if (!['make', 'gmake', 'gnumake'].includes(inv.program) || !inv.cwd) return null;
  let dir = inv.cwd;
  let file: string | null = null;
  let text = '';
  const goals: string[] = [];
  const overrides: string[] = [];
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) return { path: null, texts: [], unreadable: true, cwd: dir };
    const value = (long: string, short: string) =>
      t === long || t === short
        ? (known(args[++i]) ?? '')
        : t.startsWith(`${long}=`)
          ? t.slice(long.length + 1)
          : t.startsWith(short) && short.length === 2
            ? t.slice(2)
            : null;
    const f = value('--file', '-f') ?? value('--makefile', '-f');
    if (f !== null) {
      file = f;
      continue;
    }
    const c = value('--directory', '-C');
    if (c !== null) {
      dir = resolvePath(dir, c, r.home);
      continue;
    }
    const e = value('--eval', '-E');
    if (e !== null) {
      text += `\n${e}`;
      continue;
    }
    if (MAKE_TAKES.includes(t)) {
      i++;
      continue;
    }
    if (t.startsWith('-')) continue;
    if (/^[A-Za-z_][\w.]*:?=/.test(t)) overrides.push(t);
    else goals.push(t);
  }
  let path: string | null = null;
  if (file === '-') text = `${(inv.pipeFrom ? printed(inv.pipeFrom, (p) => r.read(p), r.home) : null) ?? inv.stdinText ?? ''}${text}`;
  else {
    const candidates = file !== null ? [resolvePath(dir, file, r.home)] : ['GNUmakefile', 'makefile', 'Makefile'].map((n) => `${dir}/${n}`);
    for (const c of candidates) {
      const t = r.read(c);
      if (t !== null) {
        path = c;
        text = t + text;
        break;
      }
      if (r.exists(c)) return { path: c, texts: [], unreadable: true, cwd: dir };
    }
    if (path === null && text === '') return null;
  }
  const model = parseMakefile(`${text}\n${overrides.join('\n')}`);
  const recipes = makeRecipes(model, goals, dir);
  return recipes ? { path: `${path ?? 'make -f -'}#${goals.join(',')}`, texts: [{ lang: 'shell', text: recipes, where: 'a recipe' }], cwd: dir } : null;
}

/** `just [recipe…]`: the recipes and their dependencies. */
function justRun(inv: Invocation, r: Reader): ScriptRun | null {
  if (inv.program !== 'just' || !inv.cwd) return null;
  if (inv.args.some((a) => /^--(list|summary|show|dump|evaluate|fmt|choose|edit|init|variables)$|^-l$/.test(a.known ?? ''))) return null;
  for (const n of ['justfile', 'Justfile', '.justfile']) {
    const path = `${inv.cwd}/${n}`;
    const text = r.read(path);
    if (text === null) continue;
    const names = inv.args.map((a) => a.known).filter((a): a is string => a !== null && !a.startsWith('-') && !a.includes('='));
    const texts = justBodies(parseJustfile(text), names).map((body) => ({
      lang: body[0]?.startsWith('#!') ? scriptLang('', body.join('\n')) : ('shell' as Lang),
      text: body.join('\n'),
      where: 'a recipe',
    }));
    return { path: `${path}#${names.join(',')}`, texts, cwd: inv.cwd };
  }
  return null;
}

/** The config file of the repository at `dir` (through a worktree's `.git` file to the common folder). */
function gitConfigPath(dir: string, r: Reader): string | null {
  let d = dir;
  for (let i = 0; i < 64; i++) {
    const dotgit = `${d === '/' ? '' : d}/.git`;
    const asFile = r.read(dotgit);
    if (asFile !== null) {
      const gitdir = /^gitdir:\s*(.+)$/m.exec(asFile)?.[1]?.trim();
      if (!gitdir) return null;
      const g = resolvePath(d, gitdir, r.home);
      const common = r.read(`${g}/commondir`)?.trim();
      return `${common ? resolvePath(g, common, r.home) : g}/config`;
    }
    if (r.exists(`${dotgit}/config`)) return `${dotgit}/config`;
    if (d === '/') return null;
    d = dirname(d);
  }
  return null;
}

/** The hooks a git subcommand runs (githooks(5)), unless --no-verify. */
const SUB_HOOKS: Record<string, string[]> = {
  commit: ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit'],
  push: ['pre-push', 'reference-transaction'],
  merge: ['pre-merge-commit', 'commit-msg', 'post-merge'],
  checkout: ['post-checkout'],
  switch: ['post-checkout'],
  rebase: ['pre-rebase', 'post-rewrite'],
  am: ['applypatch-msg', 'pre-applypatch', 'post-applypatch'],
  pull: ['post-merge'],
};
namesOnly(SUB_HOOKS);

/** `git commit` and friends: the hooks in the repository's hooks folder (core.hooksPath when set), read as data. */
function gitHookRun(inv: Invocation, r: Reader): ScriptRun | null {
  const git = parseGit(inv, r.home);
  const names = git ? SUB_HOOKS[git.sub] : undefined;
  if (!git || !names || !git.cwd || git.args.some((a) => a.known === '--no-verify' || a.known === '-n')) return null;
  const config = gitConfigPath(git.cwd, r);
  if (!config) return null;
  const gitDir = dirname(config);
  const hooksPath = parseGitConfig(r.read(config) ?? '')
    .filter((e) => e.key === 'core.hookspath')
    .pop()?.value;
  const dir = hooksPath ? resolvePath(dirname(gitDir), hooksPath, r.home) : `${gitDir}/hooks`;
  const texts: LaterText[] = [];
  for (const n of names) {
    const t = r.read(`${dir}/${n}`);
    if (t !== null && !t.includes('\u0000')) texts.push({ lang: scriptLang(n, t), text: t, where: `the ${n} hook` });
  }
  return texts.length > 0 ? { path: `${dir}#${git.sub}`, texts, cwd: dirname(gitDir), lenient: true } : null;
}

/** Tools that load a file of the project as code when they start: program → the files, in its folder. */
const LOADS: Record<string, { files: string[]; lang: Lang }> = {
  pytest: { files: ['conftest.py', 'tests/conftest.py', 'test/conftest.py'], lang: 'python' },
  'py.test': { files: ['conftest.py', 'tests/conftest.py', 'test/conftest.py'], lang: 'python' },
  nox: { files: ['noxfile.py'], lang: 'python' },
  invoke: { files: ['tasks.py'], lang: 'python' },
  inv: { files: ['tasks.py'], lang: 'python' },
  fab: { files: ['fabfile.py'], lang: 'python' },
  direnv: { files: ['.envrc'], lang: 'shell' },
};
namesOnly(LOADS);
const JS_TOOLS = ['jest', 'vitest', 'vite', 'webpack', 'rollup', 'eslint', 'prettier', 'next', 'nuxt', 'astro', 'playwright', 'cypress', 'tsup', 'svelte-kit'];
for (const t of JS_TOOLS) LOADS[t] = { files: ['js', 'cjs', 'mjs', 'ts', 'mts', 'cts'].map((x) => `${t}.config.${x}`), lang: 'js' };

/** `pytest`, `npx vitest`, `direnv allow`: the project files the tool loads as code. */
function loadRun(inv: Invocation, r: Reader): ScriptRun | null {
  let p = inv.program;
  let args = inv.args;
  // npx vitest, pnpm exec jest, python -m pytest
  if ((p === 'npx' || p === 'bunx' || p === 'pnpx') && args[0]?.known) [p, args] = [args[0].known, args.slice(1)];
  else if ((p === 'pnpm' || p === 'yarn' || p === 'npm') && (args[0]?.known === 'exec' || args[0]?.known === 'dlx') && args[1]?.known)
    [p, args] = [args[1].known, args.slice(2)];
  else if (PYTHON.test(p) && args[0]?.known === '-m' && args[1]?.known) [p, args] = [args[1].known, args.slice(2)];
  const row = Object.hasOwn(LOADS, p) ? LOADS[p] : undefined;
  if (!row || !inv.cwd) return null;
  if (p === 'direnv' && !['allow', 'exec', 'reload', 'permit', 'grant'].includes(args[0]?.known ?? '')) return null;
  const texts: LaterText[] = [];
  for (const f of row.files) {
    const t = r.read(`${inv.cwd}/${f}`);
    if (t === null) continue;
    texts.push({ lang: row.lang, text: t, where: f });
    // nox sessions and invoke tasks run command lines through their context (session.run, c.run).
    if (p === 'nox' || p === 'invoke' || p === 'inv' || p === 'fab') texts.push(...shellTexts(taskCommands(pythonTaskCommands(t), 'all'), `a task in ${f}`));
  }
  return texts.length > 0 ? { path: `${inv.cwd}#${p}`, texts, cwd: inv.cwd, lenient: true } : null;
}

/** `pre-commit run`: the local hooks' entries in .pre-commit-config.yaml. */
function preCommitRun(inv: Invocation, r: Reader): ScriptRun | null {
  if (inv.program !== 'pre-commit' || !inv.cwd || !['run', 'try-repo'].includes(inv.args[0]?.known ?? '')) return null;
  const path = `${inv.cwd}/.pre-commit-config.yaml`;
  const text = r.read(path);
  const place = text === null ? null : PLACES.find((p) => p.id === 'pre-commit');
  return place && text !== null ? { path, texts: place.extract(text, path), cwd: inv.cwd, lenient: true } : null;
}

/**
 * Notebooks run: `jupyter nbconvert --execute NB`, `jupyter execute NB`, `papermill NB OUT`, their
 * `python -m` forms, and IPython (`ipython NB.ipynb`, `ipython -c CODE`): the cells, as a notebook's.
 */
function notebookRun(inv: Invocation, r: Reader): ScriptRun | null {
  let p = inv.program;
  let args = inv.args;
  if (PYTHON.test(p) && args[0]?.known === '-m' && args[1]?.known) [p, args] = [args[1].known, args.slice(2)];
  if (p === 'jupyter' && args[0]?.known) [p, args] = [`jupyter-${args[0].known}`, args.slice(1)];
  if (!inv.cwd) return null;
  if (p === 'ipython' || p === 'ipython3') {
    const c = args.findIndex((a) => a.known === '-c');
    if (c >= 0) {
      const code = args[c + 1]?.known;
      return code === null || code === undefined ? null : { path: null, texts: notebookCell(code), cwd: inv.cwd };
    }
  }
  const executes =
    p === 'jupyter-execute' ||
    p === 'papermill' ||
    p === 'ipython' ||
    p === 'ipython3' ||
    ((p === 'jupyter-nbconvert' || p === 'nbconvert') && args.some((a) => a.known === '--execute'));
  if (!executes) return null;
  const nb = args.find((a) => a.known !== null && /\.ipynb$/i.test(a.known));
  const path = nb ? argPath(inv, nb, r.home) : null;
  if (!path) return null;
  const text = r.read(path);
  if (text === null) return r.exists(path) ? { path, texts: [], unreadable: true, cwd: inv.cwd } : null;
  return { path, texts: notebookFile(text), cwd: inv.cwd };
}

/** The positional words of a task runner's command line: task names (options, VAR=value and what follows `--` left out). */
function taskNames(args: Value[], takes: string[] = []): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) return null;
    if (t === '--') break;
    if (takes.includes(t)) {
      i++;
      continue;
    }
    if (t.startsWith('-') || /^[A-Za-z_][\w.]*=/.test(t)) continue;
    const bracket = t.indexOf('[');
    out.push(bracket >= 0 ? t.slice(0, bracket) : t);
  }
  return out;
}

/** The first of `names` in `dir` that can be read: its path and text. */
function firstFile(dir: string, names: string[], r: Reader): { path: string; text: string } | null {
  for (const n of names) {
    const path = `${dir}/${n}`;
    const text = r.read(path);
    if (text !== null) return { path, text };
  }
  return null;
}

/** A task runner's run: the commands of the named tasks (or its default) in its recipe file. */
function tasksRun(path: string, tasks: Tasks, names: string[] | 'all', cwd: string, where: string): ScriptRun {
  const texts = shellTexts(taskCommands(tasks, names), where);
  return { path: `${path}#${names === 'all' ? '*' : names.join(',')}`, texts, cwd };
}

const LISTING = /^(?:-l|--list|--list-all|-T|--tasks|-P|--prereqs|--help|-h|--version|--summary|--dry|--dry-run|-n|-W|--where|--listenvs|-a)$/;

/**
 * Task runners whose recipe is in the project: go-task (Taskfile.yml), rake (Rakefile), tox,
 * mise run, cargo make, poe, pdm run, hatch run, taskipy, deno task, composer scripts, gradle,
 * cargo (its configured runners and the build script), go generate, nox and invoke task
 * functions, and pip installing a local folder (its setup.py).
 */
function taskRunnerRun(inv: Invocation, r: Reader): ScriptRun | null {
  const cwd = inv.cwd;
  if (!cwd) return null;
  let p = inv.program;
  let args = inv.args;
  if (PYTHON.test(p) && args[0]?.known === '-m' && args[1]?.known) [p, args] = [args[1].known, args.slice(2)];
  if (args.some((a) => LISTING.test(a.known ?? ''))) return null;
  const sub = args[0]?.known ?? null;
  const py = () => firstFile(cwd, ['pyproject.toml'], r);
  // pdm run NAME, hatch run [ENV:]NAME, rye run NAME: the analysis unwrapped the runner; NAME may be a script of pyproject.toml.
  const via = inv.via[inv.via.length - 1];
  if (via === 'pdm run' || via === 'hatch run' || via === 'rye run') {
    const f = py();
    const name = p.replace(/^[\w-]+:/, '');
    const tasks = f ? parsePyprojectTasks(f.text) : null;
    if (f && tasks?.has(name)) return tasksRun(f.path, tasks, [name], cwd, 'a script');
  }
  switch (p) {
    case 'task':
    case 'go-task': {
      const f = firstFile(cwd, ['Taskfile.yml', 'Taskfile.yaml', 'taskfile.yml', 'taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml'], r);
      const names = taskNames(args, ['-d', '--dir', '-t', '--taskfile', '-o', '--output', '-C', '--concurrency']);
      if (names === null) return null;
      if (f) return tasksRun(f.path, parseTaskfile(f.text), names.length > 0 ? names : ['default'], cwd, 'a task');
      // taskipy: `task NAME` with [tool.taskipy.tasks] in pyproject.toml.
      const t = p === 'task' ? py() : null;
      return t && names.length > 0 ? tasksRun(t.path, parsePyprojectTasks(t.text), names, cwd, 'a task') : null;
    }
    case 'rake': {
      const f = firstFile(cwd, ['Rakefile', 'rakefile', 'Rakefile.rb', 'rakefile.rb'], r);
      const names = taskNames(args, ['-f', '--rakefile', '-I', '--libdir', '-r', '--require', '-R', '--rakelibdir', '-e', '--execute', '-j', '--jobs']);
      return f && names ? tasksRun(f.path, parseRakefile(f.text), names.length > 0 ? names : ['default'], cwd, 'a rake task') : null;
    }
    case 'tox': {
      if (sub === 'list' || sub === 'config' || sub === 'l' || sub === 'c') return null;
      const f = firstFile(cwd, ['tox.ini'], r);
      if (!f) return null;
      const e = args.findIndex((a) => a.known === '-e' || a.known === '--env');
      const envs = e >= 0 ? (args[e + 1]?.known?.split(',') ?? null) : null;
      const tasks = parseToxIni(f.text);
      return tasksRun(f.path, tasks, toxEnvs(tasks, envs), cwd, 'a tox environment');
    }
    case 'mise': {
      if (sub !== 'run' && sub !== 'r') return null;
      const f = firstFile(cwd, ['mise.toml', '.mise.toml', 'mise.local.toml', '.config/mise.toml', 'mise/config.toml'], r);
      const names = taskNames(args.slice(1), ['-C', '--cd', '-j', '--jobs', '-t', '--tool']);
      return f && names && names.length > 0 ? tasksRun(f.path, parseMiseToml(f.text), [names[0]!], cwd, 'a mise task') : null;
    }
    case 'makers':
    case 'cargo-make':
    case 'cargo': {
      if (p === 'cargo' && sub === 'make') args = args.slice(1);
      else if (p === 'cargo') return cargoRun(args, cwd, r);
      const f = firstFile(cwd, ['Makefile.toml'], r);
      const names = taskNames(args, ['--makefile', '-p', '--profile', '-e', '--env', '--cwd']);
      return f && names ? tasksRun(f.path, parseCargoMake(f.text), names.length > 0 ? [names[0]!] : ['default'], cwd, 'a cargo-make task') : null;
    }
    case 'poe':
    case 'pdm':
    case 'hatch': {
      const rest = p === 'poe' ? args : sub === 'run' ? args.slice(1) : null;
      const names = rest ? taskNames(rest, ['-e', '--env', '-C', '--root', '-p', '--project']) : null;
      const f = py();
      // hatch run ENV:SCRIPT
      return f && names && names.length > 0 ? tasksRun(f.path, parsePyprojectTasks(f.text), [names[0]!.replace(/^[\w-]+:/, '')], cwd, 'a script') : null;
    }
    case 'deno': {
      if (sub !== 'task') return null;
      const f = firstFile(cwd, ['deno.json', 'deno.jsonc'], r);
      const names = taskNames(args.slice(1), ['--config', '-c', '--cwd', '-f', '--filter']);
      if (!f || !names || names.length === 0) return null;
      return jsonScripts(f, 'tasks', names[0]!, cwd);
    }
    case 'composer': {
      const f = firstFile(cwd, ['composer.json'], r);
      if (!f || sub === null) return null;
      const name = sub === 'run-script' || sub === 'run' ? (taskNames(args.slice(1)) ?? [])[0] : sub;
      const events: Record<string, string[]> = {
        install: ['pre-install-cmd', 'post-install-cmd', 'post-autoload-dump'],
        update: ['pre-update-cmd', 'post-update-cmd', 'post-autoload-dump'],
        'dump-autoload': ['pre-autoload-dump', 'post-autoload-dump'],
      };
      if (!name) return null;
      return jsonScripts(f, 'scripts', events[name] ?? [name], cwd);
    }
    case 'gradle':
    case 'gradlew': {
      if (args.length === 0 || args.every((a) => ['tasks', 'help', 'projects', 'properties', 'dependencies', '--version', '-v'].includes(a.known ?? '')))
        return null;
      const texts = ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts']
        .map((n) => r.read(`${cwd}/${n}`))
        .filter((t): t is string => t !== null)
        .flatMap((t) => shellTexts(gradleCommands(t), 'an exec task'));
      return texts.length > 0 ? { path: `${cwd}/build.gradle#gradle`, texts, cwd } : null;
    }
    case 'go': {
      if (sub !== 'generate') return null;
      return goGenerateRun(args.slice(1), cwd, r);
    }
    case 'pip':
    case 'pip3':
    case 'uv': {
      // pip install [-e] DIR (uv pip install too): the folder's setup.py runs.
      const rest = p === 'uv' ? (sub === 'pip' ? args.slice(1) : null) : args;
      if (rest?.[0]?.known !== 'install') return null;
      const dirs = rest.slice(1).filter((a) => a.known !== null && (a.known === '.' || a.known.startsWith('./') || a.known.startsWith('../')));
      const texts = dirs
        .map((d) => r.read(resolvePath(cwd, `${d.known!}/setup.py`, r.home)))
        .filter((t): t is string => t !== null)
        .map((text) => ({ lang: 'python' as const, text, where: 'setup.py' }));
      return texts.length > 0 ? { path: `${cwd}#pip-install`, texts, cwd } : null;
    }
  }
  return null;
}

/** package.json-like scripts (deno.json's tasks, composer.json's scripts): the named ones, `@other` references followed. */
function jsonScripts(f: { path: string; text: string }, key: string, names: string | string[], cwd: string): ScriptRun | null {
  let table: Record<string, unknown> = {};
  try {
    const json = JSON.parse(stripJsonComments(f.text)) as Record<string, unknown>;
    const t = json[key];
    if (t && typeof t === 'object' && !Array.isArray(t)) table = t as Record<string, unknown>;
  } catch {
    return { path: f.path, texts: [], unreadable: true, cwd };
  }
  const texts: LaterText[] = [];
  const seen = new Set<string>();
  const visit = (n: string, depth: number) => {
    work();
    if (depth > 16) {
      texts.push({ lang: 'shell', text: 'its scripts call each other more than 16 deep', where: `the ${n} script`, unseen: true });
      return;
    }
    if (seen.has(n)) return;
    seen.add(n);
    const v = table[n];
    const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : v && typeof v === 'object' ? [(v as Record<string, unknown>).command] : [];
    for (const c of list) {
      if (typeof c !== 'string') continue;
      if (c.startsWith('@') && !/^@(?:php|composer|putenv)\b/.test(c)) visit(c.slice(1).split(/\s/)[0]!, depth + 1);
      else texts.push({ lang: 'shell', text: c.replace(/^@(?:php|composer)\s+/, (m) => `${m.slice(1)}`), where: `the ${n} script` });
    }
  };
  for (const n of Array.isArray(names) ? names : [names]) visit(n, 0);
  return texts.length > 0 ? { path: `${f.path}#${Array.isArray(names) ? names.join(',') : names}`, texts, cwd } : null;
}

const CARGO_BUILDS = new Set(['build', 'b', 'run', 'r', 'test', 't', 'bench', 'check', 'c', 'install', 'clippy', 'doc', 'd', 'rustc']);

/** cargo build/run/test…: the build script, and the runners and wrappers .cargo/config.toml names (here or in a folder above). */
function cargoRun(args: Value[], cwd: string, r: Reader): ScriptRun | null {
  const sub = args.find((a) => !(a.known ?? '-').startsWith('-'))?.known;
  if (!sub || !CARGO_BUILDS.has(sub)) return null;
  const texts: LaterText[] = [];
  for (let d = cwd, i = 0; i < 16; i++) {
    for (const n of ['.cargo/config.toml', '.cargo/config']) {
      const t = r.read(`${d === '/' ? '' : d}/${n}`);
      if (t !== null) texts.push(...shellTexts(cargoConfigCommands(t), "cargo's configured runner"));
    }
    if (d === '/' || d === r.projectDir || !d.startsWith(`${r.projectDir}/`)) break;
    d = dirname(d);
  }
  const build = r.read(`${cwd}/build.rs`);
  if (build !== null) texts.push(...rustCommands(build).map((text) => ({ lang: 'shell' as const, text, where: 'the build script' })));
  return texts.length > 0 ? { path: `${cwd}#cargo-${sub}`, texts, cwd, lenient: true } : null;
}

const MAX_GO_FILES = 2000;

/** go generate [packages]: the //go:generate lines of the Go files (./... walks the folders below, bounded). */
function goGenerateRun(args: Value[], cwd: string, r: Reader): ScriptRun | null {
  if (!r.list) return null;
  const pkgs = args.filter((a) => a.known !== null && !a.known.startsWith('-')).map((a) => a.known!);
  const roots = (pkgs.length > 0 ? pkgs : ['.']).map((p) => ({ dir: resolvePath(cwd, p.replace(/\/\.\.\.$/, '') || '.', r.home), deep: p.endsWith('...') }));
  const texts: LaterText[] = [];
  let seen = 0;
  for (const root of roots) {
    const stack = [root.dir];
    while (stack.length > 0 && seen < MAX_GO_FILES) {
      const dir = stack.pop()!;
      for (const name of r.list(dir)) {
        work();
        if (++seen > MAX_GO_FILES) return { path: `${cwd}#go-generate`, texts: [], unreadable: true, cwd };
        const path = `${dir}/${name}`;
        if (name.endsWith('.go')) {
          const t = r.read(path);
          if (t !== null) texts.push(...shellTexts(goGenerateCommands(t), 'a //go:generate line'));
        } else if (root.deep && !name.startsWith('.') && name !== 'vendor' && name !== 'testdata' && !name.includes('.')) stack.push(path);
      }
    }
  }
  return texts.length > 0 ? { path: `${cwd}#go-generate`, texts, cwd } : null;
}

/** `git ALIAS args`: the alias from the repository's config (then the user's), as git expands it. */
function gitAliasRun(inv: Invocation, r: Reader): ScriptRun | null {
  const git = parseGit(inv, r.home);
  if (!git || GIT_BUILTINS.has(git.sub) || !git.cwd) return null;
  // An alias given with -c on this line was expanded by parseGit already (its sub is the alias's first word).
  const sub = inv.args.find((a) => a.known === git.sub);
  if (!sub) return null;
  for (const path of [gitConfigPath(git.cwd, r), `${r.home}/.gitconfig`, `${r.home}/.config/git/config`]) {
    if (!path) continue;
    const text = r.read(path);
    if (text === null) continue;
    const entry = parseGitConfig(text)
      .filter((e) => e.key === `alias.${git.sub}`)
      .pop();
    if (!entry) continue;
    const args = git.args.map((a) => a.known ?? a.word.raw);
    const quoted = args.map((a) => (/^[\w./:=@%+-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(' ');
    const v = entry.value;
    const texts: LaterText[] = v.startsWith('!')
      ? [{ lang: 'shell', text: `${v.slice(1)} ${quoted}`.trim(), where: `the alias ${git.sub}` }]
      : [{ lang: 'git', text: `${v} ${quoted}`.trim(), where: `the alias ${git.sub}` }];
    return { path: `${path}#alias.${git.sub}`, texts, cwd: git.cwd };
  }
  return null;
}

/** The project scripts `inv` runs, read through `r`. */
export function scriptRun(inv: Invocation, r: Reader): ScriptRun | null {
  const p = inv.program;
  const args = inv.args;
  if (SHELLS.has(p) && inv.scriptFiles) return cattedRun(inv, inv.scriptFiles, r);
  if (SHELLS.has(p)) {
    if (args.some((a) => /^-[a-zA-Z]+$/.test(a.known ?? '') && a.known!.includes('c'))) return null;
    const file = operand(args, ['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
    // $0 is the script as named, "$@" the words after it.
    if (file)
      return fileRun(
        inv,
        file.v,
        null,
        r,
        true,
        args.slice(file.at).map((a) => a.word.raw),
      );
    // sh < script.sh, bash -s < script.sh: the shell reads its commands from the file.
    const input = inv.redirects.find((x) => x.op === '<' && (x.fd === null || x.fd === 0) && x.target);
    return input?.target ? fileRun(inv, input.target, 'shell', r, false) : null;
  }
  if (p === 'source' || p === '.') {
    const file = args[0];
    return file && !/^\/dev\/(stdin|fd\/0)$/.test(file.known ?? '') ? fileRun(inv, file, 'shell', r, true) : null;
  }
  if ((p === 'pwsh' || p === 'powershell') && args.some((a) => /^-f(ile)?$/i.test(a.known ?? ''))) {
    const v = args[args.findIndex((a) => /^-f(ile)?$/i.test(a.known ?? '')) + 1];
    return v ? fileRun(inv, v, 'shell', r, true) : null;
  }
  const notebook = notebookRun(inv, r);
  if (notebook) return notebook;
  if (PYTHON.test(p)) {
    if (args[0]?.known === '-m') return loadRun(inv, r);
    if (args.some((a) => /^-[a-zA-Z]*[cm]$/.test(a.known ?? ''))) return null;
    const file = operand(args, ['-W', '-X', '-Q']);
    return file && file.v.known !== '-' ? fileRun(inv, file.v, 'python', r, false) : null;
  }
  if (JS.has(p) || (p === 'deno' && args[0]?.known === 'run')) {
    if (args.some((a) => /^(-e|-p|--eval|--print|--test|-r|--require|--import)$/.test(a.known ?? ''))) return null;
    const from = p === 'deno' || (p === 'bun' && args[0]?.known === 'run') ? args.slice(1) : args;
    const file = operand(from);
    if (!file || file.v.known === null || !/\.[cm]?[jt]sx?$/.test(file.v.known)) return null;
    return fileRun(inv, file.v, 'js', r, false);
  }
  if (p === 'ruby' || p === 'perl') {
    if (args.some((a) => /^-[a-zA-Z]*e$/.test(a.known ?? ''))) return null;
    const file = operand(args, ['-I', '-r', '-M']);
    return file ? fileRun(inv, file.v, p, r, false) : null;
  }
  if (p === 'git') return gitAliasRun(inv, r) ?? gitHookRun(inv, r);
  if (p === 'pre-commit') return preCommitRun(inv, r);
  if (p === 'make' || p === 'gmake' || p === 'gnumake') return makeRun(inv, r);
  if (p === 'just') return justRun(inv, r);
  const task = taskRunnerRun(inv, r);
  if (task) return task;
  const pkg = packageRun(inv, r) ?? loadRun(inv, r);
  if (pkg) return pkg;
  // ./run.sh, scripts/deploy: a file run by its path.
  const name = inv.argv[0]?.known;
  if (name?.includes('/')) {
    const run = fileRun(
      inv,
      inv.argv[0]!,
      null,
      r,
      true,
      inv.argv.map((a) => a.word.raw),
    );
    // A program (not a script) or a file that cannot be read is not ours to judge, unless it is named a script.
    const script = /\.(sh|bash|zsh|ksh)$/.test(name);
    if (run?.unreadable && !script) return null;
    if (run && !run.unreadable && !/^#!/.test(run.texts[0]?.text ?? '') && !script) return null;
    return run;
  }
  return null;
}

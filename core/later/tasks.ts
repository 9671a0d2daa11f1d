// Task runners' recipe files read as the command lines each task runs: go-task's Taskfile, Rake,
// tox, mise, cargo-make, poe / pdm / hatch / taskipy scripts in pyproject.toml, Gradle's exec tasks,
// nox / invoke / fabric task functions, devcontainer lifecycle commands, Jenkins pipelines, Cargo's
// configured runners and wrappers, and `//go:generate` lines. Each parser is a linear, line-based
// reading of the subset these files use for commands (no YAML or TOML library is loaded by the
// hook); nothing is run. places.ts judges a write of such a file by all its commands; runs.ts
// judges running a task by the commands of that task and of the tasks it depends on.

import { work } from '../work';
import { yamlValues } from './ci';
import { stripJsonComments } from './jsonc';
import type { LaterText } from './later-text';

export interface Task {
  commands: string[];
  deps: string[];
}
export type Tasks = Map<string, Task>;

const MAX_TASKS = 512;
const MAX_COMMANDS = 2048;
/** Tasks deeper than this in a chain of dependencies are not followed (the chain is then unseen). */
const MAX_DEPTH = 32;
/**
 * Stands for the commands past a limit (tasks, commands, dependency depth): the file or the task
 * is not seen whole, and shellTexts makes it an unseen text (judged unanalysable), never dropped.
 */
export const UNSEEN = '\u0000commands past what the guards read';
/** The task that holds UNSEEN once a file defines more than MAX_TASKS tasks. */
const OVERFLOW = '\u0000overflow';

const indentOf = (line: string) => line.length - line.trimStart().length;

function task(tasks: Tasks, name: string): Task {
  work();
  const t = tasks.get(name);
  if (t) return t;
  if (tasks.size < MAX_TASKS) {
    const created = { commands: [], deps: [] };
    tasks.set(name, created);
    return created;
  }
  // Past the limit: what this task runs is not kept, and the file says so.
  if (!tasks.has(OVERFLOW)) tasks.set(OVERFLOW, { commands: [UNSEEN], deps: [] });
  return { commands: [], deps: [] };
}

/** A list cut at MAX_COMMANDS, UNSEEN standing for the rest. */
function capped(list: string[]): string[] {
  return list.length > MAX_COMMANDS ? [...list.slice(0, MAX_COMMANDS), UNSEEN] : list;
}

/** The commands of the named tasks (and, first, of the tasks they depend on); 'all' for every task. */
export function taskCommands(tasks: Tasks, names: readonly string[] | 'all'): string[] {
  if (names === 'all') return capped([...tasks.values()].flatMap((t) => t.commands));
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (n: string, depth: number) => {
    work();
    const t = tasks.get(n);
    if (depth > MAX_DEPTH) out.push(UNSEEN);
    // A task the file names past MAX_TASKS was not kept: what it runs is unseen.
    if (!t && tasks.has(OVERFLOW)) out.push(UNSEEN);
    if (!t || seen.has(n) || depth > MAX_DEPTH) return;
    seen.add(n);
    for (const d of t.deps) visit(d, depth + 1);
    out.push(...t.commands);
  };
  for (const n of names) visit(n, 0);
  return capped(out);
}

/** Command lines as shell texts run from `where`; UNSEEN becomes an unseen text (the guards deny what they cannot read). */
export function shellTexts(commands: readonly string[], where: string): LaterText[] {
  return commands.map((text) =>
    text === UNSEEN ? { lang: 'shell', text: `it has more commands than the guards read (${where})`, where, unseen: true } : { lang: 'shell', text, where },
  );
}

// ---- strings as the languages write them ----

/** A quoted string literal at the start of `s` (single, double or backtick; escapes undone): its text and length. */
function quoted(s: string): { text: string; end: number } | null {
  const q = s[0];
  if (q !== '"' && q !== "'" && q !== '`') return null;
  const triple = s.startsWith(q.repeat(3));
  const open = triple ? 3 : 1;
  let text = '';
  for (let i = open; i < s.length; i++) {
    work();
    const c = s[i]!;
    if (c === '\\' && q !== "'" && i + 1 < s.length) {
      const e = s[++i]!;
      text += e === 'n' ? '\n' : e === 't' ? '\t' : e;
      continue;
    }
    if (triple ? s.startsWith(q.repeat(3), i) : c === q) return { text, end: i + open };
    text += c;
  }
  return null;
}

/** The string literals of a list `'a', "b"` at the start of `s` (up to the first non-literal): their texts. */
function literalList(s: string): string[] {
  const out: string[] = [];
  let rest = s;
  for (let k = 0; k < 64; k++) {
    rest = rest.trimStart();
    const lit = quoted(rest);
    if (!lit) break;
    out.push(lit.text);
    rest = rest.slice(lit.end).trimStart();
    if (!rest.startsWith(',')) break;
    rest = rest.slice(1);
  }
  return out;
}

/** Shell words joined into a command line (an argv list). */
export function argvLine(words: string[]): string {
  return words.map((w) => (/^[\w./:=@%+,~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

// ---- go-task's Taskfile ----

const TASKFILE_KEYS = new Set(['cmds', 'cmd', 'deps', 'task']);

/** Taskfile.yml: each task's cmds (strings, `- cmd: …`), its deps and the tasks its cmds call (`- task: x`). */
export function parseTaskfile(text: string): Tasks {
  const tasks: Tasks = new Map();
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => /^tasks:\s*$/.test(l));
  if (start < 0) return tasks;
  let nameIndent = -1;
  let current: { name: string; from: number } | null = null;
  const close = (to: number) => {
    if (!current) return;
    const t = task(tasks, current.name);
    for (const v of yamlValues(lines.slice(current.from, to), TASKFILE_KEYS)) {
      if (v.key === 'deps' || v.key === 'task') t.deps.push(...v.text.split(',').map((d) => d.trim().replace(/^['"]|['"]$/g, '')));
      else t.commands.push(v.text);
    }
    current = null;
  };
  let i = start + 1;
  for (; i < lines.length; i++) {
    work();
    const line = lines[i]!;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const n = indentOf(line);
    if (n === 0) break;
    if (nameIndent < 0) nameIndent = n;
    // `name:` (a task's name may hold colons: `db:migrate:`), then what follows on the line.
    const t = line.trim();
    const colon = n === nameIndent ? (t.endsWith(':') ? t.length - 1 : t.indexOf(': ')) : -1;
    const name = colon > 0 ? t.slice(0, colon).replace(/^(['"])(.*)\1$/, '$2') : '';
    if (name && /^[\w:.-]+$/.test(name)) {
      close(i);
      current = { name, from: i + 1 };
      // `name: cmd` or `name: [cmd, …]` (the short forms).
      const inline = t.slice(colon + 1).trim();
      if (inline && !inline.startsWith('#')) for (const v of yamlValues([`cmds: ${inline}`], TASKFILE_KEYS)) task(tasks, name).commands.push(v.text);
    }
  }
  close(i);
  return tasks;
}

// ---- Rake ----

/** Rakefile: `task :name => [:deps] do … end` blocks, the commands of `sh`, `system`, backticks and %x{} in each. */
export function parseRakefile(text: string): Tasks {
  const tasks: Tasks = new Map();
  const lines = text.split(/\r?\n/);
  let current: { name: string; indent: number } | null = null;
  for (const line of lines) {
    work();
    const head = /^([ \t]*)(?:multi)?task\b[ \t]*(?:\([ \t]*)?(?::(\w+)|['"]([\w:.-]+)['"]|(\w+):)/.exec(line);
    if (head && !/^\s*#/.test(line)) {
      const name = head[2] ?? head[3] ?? head[4]!;
      const t = task(tasks, name);
      const rest = line.slice(head[0].length);
      const block = /\bdo\b|\{/.exec(rest);
      const deps = block ? rest.slice(0, block.index) : rest;
      for (const d of deps.matchAll(/:(\w+)|['"]([\w:.-]+)['"]/g)) t.deps.push(d[1] ?? d[2]!);
      const body = block ? rest.slice(block.index) : '';
      t.commands.push(...rubyCommands(body));
      // A block that does not close on its line runs to its `end` (or `}`).
      current = block && !/\bend\b|\}/.test(body) ? { name, indent: head[1]!.length } : null;
      continue;
    }
    if (!current) continue;
    if (indentOf(line) <= current.indent && /^\s*(?:end\b|\})/.test(line)) {
      current = null;
      continue;
    }
    task(tasks, current.name).commands.push(...rubyCommands(line));
  }
  return tasks;
}

/** The command lines a line of Ruby runs: sh/system/exec with literal arguments, backticks, %x{…}. */
export function rubyCommands(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/\b(?:sh|system|exec|spawn|ruby)\b\s*\(?\s*/g)) {
    const words = literalList(line.slice(m.index + m[0].length));
    if (words.length === 0) continue;
    const argv = m[0].startsWith('ruby') ? ['ruby', ...words] : words;
    out.push(argv.length === 1 ? argv[0]! : argvLine(argv));
  }
  // `cmd` and %x{cmd}: found by position, pair by pair.
  for (let at = line.indexOf('`'); at >= 0; ) {
    const close = line.indexOf('`', at + 1);
    if (close < 0) break;
    out.push(line.slice(at + 1, close));
    at = line.indexOf('`', close + 1);
  }
  for (let at = line.indexOf('%x{'); at >= 0; at = line.indexOf('%x{', at + 3)) {
    const close = line.indexOf('}', at);
    if (close < 0) break;
    out.push(line.slice(at + 3, close));
  }
  return out;
}

// ---- tox ----

/** tox.ini: each [testenv] / [testenv:NAME] section's commands (and commands_pre, commands_post), continuation lines joined. */
export function parseToxIni(text: string): Tasks {
  const tasks: Tasks = new Map();
  let section: string | null = null;
  let inCommands = false;
  for (const line of text.split(/\r?\n/)) {
    work();
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      const h = header[1]!.trim();
      section = h === 'testenv' ? 'testenv' : h.startsWith('testenv:') ? h.slice(8) : null;
      inCommands = false;
      continue;
    }
    if (!section) continue;
    const key = /^([\w-]+)[ \t]*=(.*)$/.exec(line);
    if (key) {
      inCommands = /^commands(?:_pre|_post)?$/.test(key[1]!);
      if (inCommands && key[2]!.trim()) task(tasks, section).commands.push(toxSubstituted(key[2]!.trim()));
      continue;
    }
    if (inCommands && /^\s+\S/.test(line) && !line.trim().startsWith('#')) task(tasks, section).commands.push(toxSubstituted(line.trim()));
    else if (line.trim() !== '') inCommands = false;
  }
  return tasks;
}

/**
 * tox's substitutions as the shell would see their values: `{env:NAME}` and `{env:NAME:default}` are
 * the variable, `{homedir}` is home, `{toxinidir}` the project (tox runs commands there).
 */
function toxSubstituted(command: string): string {
  return command
    .replace(/\{env:([A-Za-z_]\w*)(?::([^{}]*))?\}/g, (_m, name: string, def?: string) => (def === undefined ? `\${${name}}` : `\${${name}:-${def}}`))
    .replace(/\{homedir\}/g, '$HOME')
    .replace(/\{toxinidir\}/g, '.');
}

/** The tox environments a command line runs: the base [testenv] and each env named (-e a,b), or all of them. */
export function toxEnvs(tasks: Tasks, envs: string[] | null): string[] {
  if (envs === null) return [...tasks.keys()];
  return ['testenv', ...envs];
}

// ---- TOML (mise, cargo-make, pyproject's task tables, .cargo/config.toml) ----

export interface TomlEntry {
  /** The table header the key is in (`tasks.clean`, `tool.poe.tasks`), '' at the top. */
  table: string;
  key: string;
  /** The string values: the string, each string of an array, or the values of an inline table's keys. */
  strings: string[];
  /** An inline table's string values by key (`{ cmd = "…", help = "…" }`). */
  inline?: Record<string, string[]>;
}

/** A TOML text's key = value lines whose values are strings, arrays of strings or inline tables of them (multi-line forms included). */
export function tomlEntries(text: string): TomlEntry[] {
  const out: TomlEntry[] = [];
  let table = '';
  let i = 0;
  while (i < text.length) {
    work();
    const eol = text.indexOf('\n', i);
    const line = text.slice(i, eol < 0 ? text.length : eol);
    const trimmed = line.trim();
    if (trimmed.startsWith('[')) {
      const close = trimmed.indexOf(']');
      if (close > 0) {
        table = trimmed
          .slice(trimmed.startsWith('[[') ? 2 : 1, close)
          .split('.')
          .map((part) => part.trim().replace(/"/g, ''))
          .join('.');
        i = eol < 0 ? text.length : eol + 1;
        continue;
      }
    }
    const kv = /^\s*(["']?)([\w.-]+)\1\s*=\s*/.exec(line);
    if (!kv) {
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    const at = i + kv[0].length;
    const rest = text.slice(at, at + 64 * 1024);
    let consumed = 0;
    const entry: TomlEntry = { table, key: kv[2]!, strings: [] };
    if (rest.startsWith('[')) {
      // An array, possibly over several lines: its string elements.
      let k = 1;
      while (k < rest.length && rest[k] !== ']') {
        const lit = quoted(rest.slice(k));
        if (lit) {
          entry.strings.push(lit.text);
          k += lit.end;
        } else if (rest[k] === '#') {
          const nl = rest.indexOf('\n', k);
          k = nl < 0 ? rest.length : nl;
        } else k++;
      }
      consumed = k + 1;
    } else if (rest.startsWith('{')) {
      entry.inline = {};
      let k = 1;
      while (k < rest.length && rest[k] !== '}' && rest[k] !== '\n') {
        const m = /^[ \t]*(?:,[ \t]*)?(["']?)([\w.-]+)\1[ \t]*=[ \t]*/.exec(rest.slice(k));
        if (!m) break;
        k += m[0].length;
        const values = rest[k] === '[' ? literalList(rest.slice(k + 1)) : [];
        const lit = rest[k] === '[' ? null : quoted(rest.slice(k));
        if (lit) values.push(lit.text);
        entry.inline[m[2]!] = values;
        entry.strings.push(...values);
        if (rest[k] === '[') {
          const close = rest.indexOf(']', k);
          k = close < 0 ? rest.length : close + 1;
        } else if (lit) k += lit.end;
        else {
          const next = rest.slice(k).search(/[,}\n]/);
          k += next < 0 ? rest.length - k : next;
        }
      }
      consumed = k + 1;
    } else {
      const lit = quoted(rest);
      if (lit) {
        entry.strings.push(lit.text);
        consumed = lit.end;
      }
    }
    if (entry.strings.length > 0 || entry.inline) out.push(entry);
    const after = at + consumed;
    const next = text.indexOf('\n', Math.max(after, i));
    i = next < 0 ? text.length : next + 1;
  }
  return out;
}

/** mise.toml: `[tasks.NAME]` run = "…" (or a list), depends = […]; `[tasks]` NAME = "…". */
export function parseMiseToml(text: string): Tasks {
  const tasks: Tasks = new Map();
  for (const e of tomlEntries(text)) {
    if (e.table === 'tasks') {
      const t = task(tasks, e.key);
      t.commands.push(...(e.inline ? [...(e.inline.run ?? []), ...(e.inline.script ?? [])] : e.strings));
      t.deps.push(...(e.inline?.depends ?? []));
    } else if (e.table.startsWith('tasks.')) {
      const t = task(tasks, e.table.slice(6));
      if (e.key === 'run' || e.key === 'script') t.commands.push(...e.strings);
      else if (e.key === 'depends') t.deps.push(...e.strings);
    }
  }
  return tasks;
}

/** cargo-make's Makefile.toml: `[tasks.NAME]` command + args, script (a string or lines), dependencies. */
export function parseCargoMake(text: string): Tasks {
  const tasks: Tasks = new Map();
  const commands = new Map<string, { command?: string; args: string[] }>();
  for (const e of tomlEntries(text)) {
    if (!e.table.startsWith('tasks.')) continue;
    const name = e.table.slice(6);
    const t = task(tasks, name);
    const c = commands.get(name) ?? { args: [] };
    if (e.key === 'command') c.command = e.strings[0];
    else if (e.key === 'args') c.args = e.strings;
    else if (e.key === 'script') t.commands.push(e.strings.join('\n'));
    else if (e.key === 'dependencies') t.deps.push(...e.strings);
    commands.set(name, c);
  }
  for (const [name, c] of commands) if (c.command) task(tasks, name).commands.push(argvLine([c.command, ...c.args]));
  return tasks;
}

/** Keys of a task table that are not commands (poe, pdm, hatch: help text, environment, working folder…). */
const TASK_META = new Set([
  'help',
  'env',
  'envfile',
  'env_file',
  'cwd',
  'deps',
  'args',
  'executor',
  'use_exec',
  'capture_stdout',
  'interpreter',
  'description',
]);

/**
 * pyproject.toml's task tables: [tool.poe.tasks], [tool.pdm.scripts], [tool.hatch.envs.*.scripts],
 * [tool.taskipy.tasks]. A string or list value is the command (a list runs in turn); an inline table
 * gives it as cmd, shell or script; `[tool.poe.tasks.NAME]` tables likewise.
 */
export function parsePyprojectTasks(text: string): Tasks {
  const tasks: Tasks = new Map();
  const TABLE = /^tool\.(?:poe\.tasks|pdm\.scripts|rye\.scripts|hatch\.envs\.[\w-]+\.scripts|taskipy\.tasks)(?:\.([\w:.-]+))?$/;
  for (const e of tomlEntries(text)) {
    const m = TABLE.exec(e.table);
    if (!m) continue;
    if (m[1]) {
      // [tool.poe.tasks.NAME]: cmd = "…", shell = "…", deps = […]
      const t = task(tasks, m[1]);
      if (['cmd', 'shell', 'script', 'call'].includes(e.key)) t.commands.push(...e.strings);
      else if (e.key === 'deps' || e.key === 'sequence') t.deps.push(...e.strings);
      continue;
    }
    const t = task(tasks, e.key);
    if (e.inline) {
      for (const k of ['cmd', 'shell', 'script', 'composite']) t.commands.push(...(e.inline[k] ?? []));
      t.deps.push(...(e.inline.deps ?? []));
    } else if (!TASK_META.has(e.key)) t.commands.push(...e.strings);
  }
  return tasks;
}

/** .cargo/config.toml: the programs cargo runs itself (target runners, rustc wrappers, linkers), as command lines. */
export function cargoConfigCommands(text: string): string[] {
  const out: string[] = [];
  for (const e of tomlEntries(text)) {
    if (!['runner', 'rustc-wrapper', 'rustc-workspace-wrapper', 'linker', 'rustc', 'rustdoc'].includes(e.key)) continue;
    // A string is a command line; an array is the program and its arguments.
    out.push(e.strings.length === 1 ? e.strings[0]! : argvLine(e.strings));
  }
  return out;
}

// ---- code-defined tasks ----

/** Gradle (Groovy or Kotlin): exec tasks' commandLine lists, `"…".execute()`, Runtime.exec and ProcessBuilder with literals. */
export function gradleCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:commandLine|executable)\b\s*(?:=\s*)?\(?\s*(?:listOf\s*\(\s*)?\[?/g)) {
    const words = literalList(text.slice(m.index + m[0].length, m.index + m[0].length + 4000));
    if (words.length > 0) out.push(argvLine(words));
  }
  // "…".execute() and ['a', 'b'].execute(): the string or list just before the call.
  for (const m of text.matchAll(/\.execute\s*\(/g)) {
    const before = text.slice(Math.max(0, m.index - 2000), m.index).trimEnd();
    const last = before[before.length - 1];
    if (last === '"' || last === "'") {
      const open = before.lastIndexOf(last, before.length - 2);
      if (open >= 0) out.push(before.slice(open + 1, -1));
    } else if (last === ']') {
      const open = before.lastIndexOf('[');
      const words = open >= 0 ? literalList(before.slice(open + 1, -1)) : [];
      if (words.length > 0) out.push(argvLine(words));
    }
  }
  for (const m of text.matchAll(/\b(?:Runtime\.getRuntime\(\)\.exec|ProcessBuilder)\s*\(\s*/g)) {
    const words = literalList(text.slice(m.index + m[0].length, m.index + m[0].length + 4000).replace(/^listOf\s*\(\s*|^(?:new\s+String\s*\[\]\s*)?\{\s*/, ''));
    if (words.length > 0) out.push(words.length === 1 ? words[0]! : argvLine(words));
  }
  return capped(out);
}

/**
 * nox, invoke and fabric task functions: `session.run('rm', '-rf', …)` (argv), `c.run('…')` /
 * `c.local` / `c.sudo` (a command line), each under the `def` it is in (the task's name).
 */
export function pythonTaskCommands(text: string): Tasks {
  const tasks: Tasks = new Map();
  let name = '';
  for (const line of text.split(/\r?\n/)) {
    work();
    const def = /^def\s+(\w+)\s*\(/.exec(line);
    if (def) {
      name = def[1]!;
      task(tasks, name);
      continue;
    }
    for (const m of line.matchAll(/\.(run|run_always|run_install|local|sudo|conda_install)\s*\(\s*/g)) {
      const words = literalList(line.slice(m.index + m[0].length));
      if (words.length === 0) continue;
      task(tasks, name).commands.push(words.length === 1 ? words[0]! : argvLine(words));
    }
  }
  return tasks;
}

/** devcontainer.json's lifecycle commands (initializeCommand runs on this machine; the others in the container, with the workspace). */
export function devcontainerCommands(text: string): string[] {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stripJsonComments(text)) as Record<string, unknown>;
  } catch {
    return [];
  }
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v) && v.every((w) => typeof w === 'string')) out.push(argvLine(v as string[]));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) add(x);
  };
  for (const k of ['initializeCommand', 'onCreateCommand', 'updateContentCommand', 'postCreateCommand', 'postStartCommand', 'postAttachCommand']) add(json[k]);
  return out;
}

/**
 * The servers of an MCP configuration (`.mcp.json`'s `mcpServers`, VS Code's and Cursor's
 * `servers`/`mcpServers`) that the agent host starts itself: each stdio server's command and arguments.
 */
export function mcpServerCommands(text: string): string[] {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stripJsonComments(text)) as Record<string, unknown>;
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const key of ['mcpServers', 'servers']) {
    const servers = json[key];
    if (!servers || typeof servers !== 'object') continue;
    for (const server of Object.values(servers)) {
      work();
      const { command, args } = (server ?? {}) as { command?: unknown; args?: unknown };
      if (typeof command !== 'string') continue;
      const argv = Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [];
      out.push(argvLine([command, ...argv]));
    }
  }
  return capped(out);
}

/** A Jenkins pipeline's sh / bat / powershell steps with a literal script. */
export function jenkinsCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:sh|bat|powershell|pwsh)\b\s*\(?\s*(?:script\s*:\s*)?/g)) {
    const lit = quoted(text.slice(m.index + m[0].length, m.index + m[0].length + 64 * 1024));
    if (lit) out.push(lit.text);
  }
  return capped(out);
}

/** `//go:generate CMD` lines of a Go file. */
export function goGenerateCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\/\/go:generate[ \t]+(.+)$/gm)) out.push(m[1]!.trim());
  return capped(out);
}

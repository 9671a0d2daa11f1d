// Turns any host's PreToolUse payload into the one ToolCall shape guards see, so no guard knows
// about hosts (VS Code's hooks documentation and source, the Copilot and Gemini CLIs' hook docs):
//   Claude Code           tool_name/tool_input, Bash, Write, Edit, …
//   VS Code agent (Local) run_in_terminal, create_file, replace_string_in_file, multi_replace_string_in_file,
//                         apply_patch, read_file, … with camelCase inputs (filePath, oldString); older builds
//                         send hookEventName/toolName/toolInput
//   Copilot CLI           toolName/toolArgs (a JSON string) with bash, powershell, view, create, edit, …
//   Gemini CLI            BeforeTool: run_shell_command, read_file, write_file, replace, grep_search, glob
//   Cursor                preToolUse (Shell, Read, Write, StrReplace, Delete, MCP:<tool>, …); the older
//                         beforeShellExecution, beforeReadFile (top-level command, file_path) and
//                         beforeMCPExecution (tool_input a JSON string)
//   Codex CLI             PreToolUse with a turn_id: Bash, apply_patch (the patch as `command`),
//                         view_image, mcp__<server>__<tool>
//   OpenCode, Kilo        Agent Guard's plugin: tool.execute.before with OpenCode's tool and args
//                         (bash, read, write, edit, patch, grep, glob, list; camelCase filePath)
//   Qwen Code             PreToolUse with a tool_call_id: Gemini's tool names (run_shell_command,
//                         read_file, write_file, grep_search, glob) and its own `edit`
//   Factory droid         PreToolUse: Execute, Create, and Claude Code's Read, Edit, Grep, Glob, LS
//   Cline CLI             hookName tool_call with clineVersion: tool_call {name, input} (run_commands
//                         with a list of commands, read_files, editor, search_codebase, …), workspaceRoots
// One payload can be several calls (a multi-file replace, a patch touching several files).

import { isAbsolutePath, normalizePath, resolvePath } from '../paths';
import { parsePatch } from '../effects/patch';
import { PATH_FIELDS, shapeOf } from './file-tools';
import { COMMAND_FIELDS, expandTemplate, interpreterCommand, mcpRow, parseMcpName, shellWord, sqlCommand, uploadHost } from './mcp-tools';
import { SHELL_TOOLS, type ToolCall } from './types';
import { work } from '../work';
import { DIALECTS, type Host } from './host-dialects';
import { contentGrepInput, hostToolNames, hostToolRow } from './host-tools';
import { namesOnly } from '../programs/table';

export type { Host };
/** `limit` is set when the payload was larger than what is read of it (a patch over MAX_PATCH_BYTES). */
export type Normalized = { ok: true; calls: ToolCall[]; host: Host; limit?: 'calls' } | { ok: false; problem: string };

const MAX_PATCH_BYTES = 4 * 1024 * 1024;
/** File changes in one payload (a patch, a multi-file replace). Real work stays far below; past it the payload is unanalysable. */
export const MAX_CALLS_PER_PAYLOAD = 500;

const COMMAND_TOOLS = new Set<string>(SHELL_TOOLS);
/** Claude Code's own tools: their input is read as Claude Code spells it (file-tools.ts reads the others by shape). */
const BUILT_IN_TOOLS = new Set([
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Grep',
  'Glob',
  'LS',
  'ReadMany',
  'WebFetch',
  'WebSearch',
  'Task',
  'Agent',
  'TodoWrite',
  'TodoRead',
  'ExitPlanMode',
  'BashOutput',
  'KillShell',
  'SlashCommand',
  'Skill',
  'AskUserQuestion',
]);

/**
 * Host tool name → the Claude Code tool it is, per host (host-dialects.ts). Several hosts share a
 * name (`read_file` is VS Code's and Gemini's, `edit` is the Copilot CLI's and OpenCode's), so the
 * host comes from the payload's envelope first (hostOf) and the tool name is read in that host's table.
 */
export const TOOL_ALIASES: Readonly<Record<Host, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(DIALECTS).map(([host, d]) => [host, d.aliases]),
) as Record<Host, Readonly<Record<string, string>>>;

/** Tool names only one host uses: the host when the envelope does not say (hand-written payloads). */
const NAME_ONLY_HOST: Record<string, Host> = {};
namesOnly(NAME_ONLY_HOST);
// Codex and OpenCode always come with their envelope; Claude Code's own names (Cursor's Read) say nothing.
for (const host of ['cursor', 'gemini', 'copilot-cli', 'vscode', 'droid'] as Host[]) {
  for (const [name, tool] of Object.entries(TOOL_ALIASES[host])) if (name !== tool) NAME_ONLY_HOST[name] = host;
  for (const name of hostToolNames(host)) NAME_ONLY_HOST[name] ??= host;
}
/** VS Code's own tool names that are not aliases (host-tools.ts rows): the host when the envelope is Claude Code's. */
const VSCODE_TOOLS = new Set(hostToolNames('vscode'));

/**
 * Which host sent the payload, from its envelope: Gemini CLI names its event `BeforeTool`, Cursor
 * its events in camelCase (`preToolUse`, `beforeReadFile`, …), Agent Guard's OpenCode plugin
 * `tool.execute.before`; Codex sends a `turn_id` that no other host does; the Copilot CLI's
 * camelCase dialect sends `toolName`/`toolArgs`, VS Code's older builds `toolName`/`toolInput`;
 * with `PreToolUse`, a VS Code tool name is VS Code's agent, and a Claude tool name with a
 * `timestamp` is the Copilot runtime (the CLI's PascalCase dialect, VS Code's Agent Host) — Claude
 * Code sends none. The tool name alone decides only when the envelope is silent.
 */
function hostOf(p: Record<string, unknown>, name: string): Host {
  const event = str(p.hook_event_name, p.hookEventName);
  if (event === 'BeforeTool') return 'gemini';
  if (CURSOR_EVENTS.has(event)) return 'cursor';
  if (event === OPENCODE_EVENT) return 'opencode';
  if (event === 'PreToolUse' && typeof p.turn_id === 'string') return 'codex';
  // Qwen Code names the call twice (tool_use_id as Claude Code does, and tool_call_id).
  if (event === 'PreToolUse' && typeof p.tool_call_id === 'string') return 'qwen';
  // droid sends Claude Code's envelope; its shell and create tools have names of their own.
  if ((event === 'PreToolUse' || event === '') && NAME_ONLY_HOST[name] === 'droid') return 'droid';
  if (p.toolName !== undefined && p.tool_name === undefined) return p.toolArgs !== undefined ? 'copilot-cli' : 'vscode';
  if (event === 'PreToolUse' || event === '') {
    if (TOOL_ALIASES.vscode[name] !== undefined || VSCODE_TOOLS.has(name) || name === 'multi_replace_string_in_file' || name === 'apply_patch') return 'vscode';
    if (event === 'PreToolUse' && p.timestamp !== undefined) return 'copilot-cli';
    if (event === 'PreToolUse') return 'claude';
  }
  return NAME_ONLY_HOST[name] ?? (p.timestamp !== undefined ? 'copilot-cli' : 'claude');
}

/** Cursor's events that can block a call (its preToolUse and the older per-kind events). */
const CURSOR_EVENTS = new Set(['preToolUse', 'beforeShellExecution', 'beforeReadFile', 'beforeMCPExecution']);
/** The event Agent Guard's OpenCode plugin names its payload with (the OpenCode hook it runs in). */
export const OPENCODE_EVENT = 'tool.execute.before';

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function str(...vs: unknown[]): string {
  for (const v of vs) if (typeof v === 'string') return v;
  return '';
}

export function normalizeCall(payload: unknown, fallbackCwd: string, home: string): Normalized {
  const p = obj(payload);
  if (!p) return { ok: false, problem: 'payload is not a JSON object' };
  const roots = Array.isArray(p.workspace_roots) ? p.workspace_roots : Array.isArray(p.workspaceRoots) ? p.workspaceRoots : [];
  const rawCwd = typeof p.cwd === 'string' && p.cwd !== '' ? p.cwd : typeof roots[0] === 'string' && roots[0] !== '' ? roots[0] : fallbackCwd;
  const cwd = isAbsolutePath(rawCwd) ? normalizePath(rawCwd) : resolvePath(fallbackCwd, rawCwd, home);

  // Cursor's older per-kind events: the command or the file is top level.
  if (p.hook_event_name === 'beforeShellExecution' && typeof p.command === 'string') {
    return { ok: true, host: 'cursor', calls: [commandCall('Bash', p.command, cwd, { command: p.command })] };
  }
  if (p.hook_event_name === 'beforeReadFile' && typeof p.file_path === 'string' && p.file_path !== '') {
    return { ok: true, host: 'cursor', calls: [single('Read', { file_path: p.file_path }, cwd, home)] };
  }
  if (isCline(p)) return clineCalls(p, cwd, home);
  const name = str(p.tool_name, p.toolName);
  if (!name) return { ok: false, problem: 'payload has no tool_name' };
  let input = obj(p.tool_input) ?? obj(p.toolInput) ?? obj(p.toolArgs);
  // The Copilot CLI's toolArgs, and Cursor's beforeMCPExecution tool_input, are JSON strings.
  const encoded = typeof p.toolArgs === 'string' ? p.toolArgs : typeof p.tool_input === 'string' ? p.tool_input : null;
  if (!input && encoded !== null) {
    try {
      input = obj(JSON.parse(encoded));
    } catch {
      input = null;
    }
  }
  input ??= {};
  const host = hostOf(p, name);
  // Cursor names an MCP tool `MCP:<tool>` in preToolUse, and sends the bare tool name (its input
  // often a JSON string, parsed above) in beforeMCPExecution: both are judged as an MCP call of an
  // unknown server, whose command line, if it has one, is judged as one.
  if (host === 'cursor' && (p.hook_event_name === 'beforeMCPExecution' || name.startsWith('MCP:'))) {
    const calls = mcpCalls('', name.startsWith('MCP:') ? name.slice(4) : name, input, cwd, home);
    return { ok: true, host, calls: calls ?? [single(name, input, cwd, home)] };
  }
  if (host === 'cursor' && name === 'Delete') {
    const target = str(input.path, input.file_path, input.target_file);
    if (target) return { ok: true, host, calls: [commandCall('Bash', `rm -- ${shellWord(target)}`, cwd, { command: `rm -- ${shellWord(target)}` })] };
  }
  // A host tool that is other calls than its name says (a prompt's URLs fetched, a task's command run): host-tools.ts.
  const row = hostToolRow(host, name);
  const made = row?.calls(input) ?? null;
  if (made)
    return limited({
      ok: true,
      host,
      calls: made.map((c) => single(c.tool, c.input, c.cwd ? resolvePath(cwd, c.cwd, home) : cwd, home)),
    });
  input = contentGrepInput(host, name, input) ?? input;
  const tool = TOOL_ALIASES[host][name] ?? name;
  // Gemini's shell tool runs in `dir_path` when given; its search tools name their folder so too.
  if (host === 'gemini' && typeof input.dir_path === 'string' && input.dir_path !== '') {
    if (tool === 'Bash') return { ok: true, host, calls: [single(tool, input, resolvePath(cwd, input.dir_path, home), home)] };
    if (input.path === undefined) input = { ...input, path: input.dir_path };
  }
  // The shell runs in the folder the call names: Qwen's `directory`, OpenCode's and Kilo's `workdir`.
  const workdir = host === 'qwen' ? input.directory : host === 'opencode' ? input.workdir : undefined;
  if (tool === 'Bash' && typeof workdir === 'string' && workdir !== '')
    return { ok: true, host, calls: [single(tool, input, resolvePath(cwd, workdir, home), home)] };

  if (name === 'multi_replace_string_in_file') {
    const all = Array.isArray(input.replacements) ? input.replacements : [];
    const reps = all
      .slice(0, MAX_CALLS_PER_PAYLOAD)
      .map(obj)
      .filter((r): r is Record<string, unknown> => r !== null);
    const normalized: Normalized = {
      ok: true,
      host: 'vscode',
      calls: reps.map((r) => editCall('Edit', r, cwd, home, [{ oldText: str(r.oldString, r.old_string), newText: str(r.newString, r.new_string) }])),
    };
    if (all.length > MAX_CALLS_PER_PAYLOAD) normalized.limit = 'calls';
    return normalized;
  }
  if (name === 'apply_patch' || (host === 'opencode' && name === 'patch')) {
    // Hosts name the patch field differently: VS Code `input`, Codex's hook `command`, OpenCode `patchText`, others `patch`.
    const patch =
      host === 'codex'
        ? str(input.command, input.input, input.patch, input.patchText, input.diff, p.input)
        : str(input.input, input.patch, input.patchText, input.command, input.diff, p.input);
    const calls = patchCalls(patch, cwd, home, input);
    const normalized: Normalized = { ok: true, host, calls };
    if (patch.length > MAX_PATCH_BYTES || calls.length > MAX_CALLS_PER_PAYLOAD) normalized.limit = 'calls';
    return normalized;
  }
  if (tool === 'ReadMany') return limited({ ok: true, host, calls: readMany(input, cwd, home) });
  const mcp = parseMcpName(name);
  if (mcp) {
    const calls = mcpCalls(mcp.server, mcp.tool, input, cwd, home);
    if (calls) return limited({ ok: true, host, calls });
  }
  // A file tool no table names (or the text editor's input under an alias): judged by its input's shape.
  // An MCP server's tool only when its name says it is about files: elsewhere a `path` may name a note or a page.
  const shapeable = mcp ? /file/i.test(mcp.tool) : !BUILT_IN_TOOLS.has(tool) || (tool !== 'NotebookEdit' && typeof input.command === 'string');
  if (!COMMAND_TOOLS.has(tool) && shapeable) {
    const shaped = shapeOf(mcp?.tool ?? name, input);
    if (shaped)
      return {
        ok: true,
        host,
        calls: [shaped.edits ? editCall(shaped.tool, shaped.input, cwd, home, shaped.edits) : single(shaped.tool, shaped.input, cwd, home)],
      };
  }
  // A tool no table names, from any host, with a command line in a command field (`command`, `cmd`,
  // …): judged as that command line, as an unknown MCP tool's is (mcp-tools.ts). A text that is not a
  // command line parses as a program with arguments, which no guard denies.
  if (!mcp && tool === name && !BUILT_IN_TOOLS.has(tool) && !COMMAND_TOOLS.has(tool)) {
    const command = commandText(COMMAND_FIELDS.map((f) => input[f]).find((v) => v !== undefined));
    if (command !== null && command.trim() !== '') {
      const dir = str(input.cwd, input.workdir, input.working_directory, input.directory, input.workingDirectory);
      return { ok: true, host, calls: [commandCall('Bash', command, dir ? resolvePath(cwd, dir, home) : cwd, { ...input, command })] };
    }
  }
  return { ok: true, host, calls: [single(tool, input, cwd, home)] };
}

/** A command line given as a string, or as an argv array (its words shell-quoted); null otherwise. */
function commandText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string') ? v.map((x) => shellWord(x as string)).join(' ') : null;
}

function limited(n: Normalized & { ok: true }): Normalized {
  if (n.calls.length <= MAX_CALLS_PER_PAYLOAD) return n;
  return { ...n, calls: n.calls.slice(0, MAX_CALLS_PER_PAYLOAD), limit: 'calls' };
}

/** Cline's payload: hookName `tool_call` with the call under `tool_call` (and a stringified copy under `preToolUse`). */
function isCline(p: Record<string, unknown>): boolean {
  return p.hookName === 'tool_call' && (typeof p.clineVersion === 'string' || obj(p.tool_call) !== null);
}

/**
 * Cline's tools as calls: each of run_commands' commands is a Bash call; each file read_files names a
 * Read; the editor writes a new file, replaces `old_text` or inserts at `insert_line` (an Edit of
 * nothing into the text); each search_codebase query a Grep of the workspace; each fetch a WebFetch.
 */
function clineCalls(p: Record<string, unknown>, cwd: string, home: string): Normalized {
  const call = obj(p.tool_call);
  const pre = obj(p.preToolUse);
  const name = str(call?.name, pre?.toolName);
  if (!name) return { ok: false, problem: 'payload has no tool_call name' };
  const input = obj(call?.input) ?? {};
  const host: Host = 'cline';
  const list = (v: unknown) => (Array.isArray(v) ? v : [v]).slice(0, MAX_CALLS_PER_PAYLOAD + 1);
  const many = (all: unknown[], calls: ToolCall[]): Normalized => {
    const n: Normalized = { ok: true, host, calls: calls.slice(0, MAX_CALLS_PER_PAYLOAD) };
    if (all.length > MAX_CALLS_PER_PAYLOAD) n.limit = 'calls';
    return n;
  };
  switch (name) {
    case 'run_commands': {
      const all = list(input.commands);
      return many(
        all,
        all.filter((c): c is string => typeof c === 'string').map((command) => commandCall('Bash', command, cwd, { command })),
      );
    }
    case 'read_files': {
      const all = list(input.files);
      const paths = all.map((f) => (typeof f === 'string' ? f : str(obj(f)?.path))).filter((f) => f !== '');
      return many(
        all,
        paths.map((file_path) => single('Read', { file_path }, cwd, home)),
      );
    }
    case 'editor': {
      const file_path = str(input.path);
      const newText = str(input.new_text);
      const oldText = str(input.old_text);
      if (oldText !== '' || input.insert_line !== undefined)
        return { ok: true, host, calls: [single('Edit', { file_path, old_string: oldText, new_string: newText }, cwd, home)] };
      return { ok: true, host, calls: [single('Write', { file_path, content: newText }, cwd, home)] };
    }
    case 'search_codebase': {
      const all = list(input.queries);
      return many(
        all,
        all.filter((q): q is string => typeof q === 'string').map((pattern) => single('Grep', { pattern, path: cwd }, cwd, home)),
      );
    }
    case 'fetch_web_content': {
      const all = list(input.requests);
      return many(
        all,
        all.map((r) => single('WebFetch', { url: str(obj(r)?.url), prompt: str(obj(r)?.prompt) }, cwd, home)),
      );
    }
  }
  const mcp = parseMcpName(name);
  const calls = mcp ? mcpCalls(mcp.server, mcp.tool, input, cwd, home) : null;
  return limited({ ok: true, host, calls: calls ?? [single(name, input, cwd, home)] });
}

function strings(v: unknown): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

/**
 * Gemini's read_many_files (paths and include: files or globs; exclude; useDefaultExcludes): each
 * file is a Read; each glob a Grep that prints the content of the files it matches, in the folder
 * before its first wildcard. Default excludes are not counted on: a secret is judged either way.
 */
function readMany(input: Record<string, unknown>, cwd: string, home: string): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const p of [...strings(input.paths), ...strings(input.include)]) {
    const wild = p.search(/[*?[{]/);
    // A folder (named with its slash) is every file under it, as Gemini expands it (`dir/**`).
    // Judged as its shell twin, `grep -r` of the folder, which reads the files the folder holds.
    if (wild < 0 && /[/\\]$/.test(p)) {
      const command = `grep -r -e '' -- ${shellWord(p)}`;
      calls.push({ tool: 'Bash', input: { ...input, command }, cwd, command, path: null, edits: null });
      continue;
    }
    if (wild < 0) {
      calls.push(single('Read', { ...input, file_path: p }, cwd, home));
      continue;
    }
    const cut = p.lastIndexOf('/', wild);
    const dir = cut < 0 ? cwd : resolvePath(cwd, p.slice(0, cut) || '/', home);
    const glob = p.slice(cut + 1);
    calls.push({ tool: 'Grep', input: { ...input, pattern: '', glob, output_mode: 'content', path: dir }, cwd, command: null, path: dir, edits: null });
  }
  return calls;
}

/** An MCP tool that behaves like a built-in tool (core/guards/mcp-tools.ts), as the calls of that tool; null: no opinion. */
function mcpCalls(server: string, tool: string, input: Record<string, unknown>, cwd: string, home: string): ToolCall[] | null {
  const row = mcpRow(server, tool);
  const field = (names: readonly string[]) => {
    for (const n of names) if (input[n] !== undefined) return input[n];
    return undefined;
  };
  const bash = (command: string, dir = cwd): ToolCall => ({ tool: 'Bash', input: { ...input, command }, cwd: dir, command, path: null, edits: null });
  const commandOf = (v: unknown): string | null =>
    typeof v === 'string' ? v : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string') ? v.map((x) => shellWord(x)).join(' ') : null;
  const dirOf = () => {
    const d = str(input.cwd, input.workdir, input.working_directory, input.directory, input.workingDirectory);
    return d ? resolvePath(cwd, d, home) : cwd;
  };
  if (!row) {
    // An unknown tool with a command line: judged as one (see mcp-tools.ts).
    const command = commandOf(field(COMMAND_FIELDS));
    return command !== null ? [bash(command, dirOf())] : null;
  }
  const first = str(field(row.fields));
  switch (row.does) {
    case 'read':
      if (input.isUrl === true || !first) return null;
      return [single('Read', { ...input, file_path: first }, cwd, home)];
    case 'read-many':
      return strings(field(row.fields)).map((p) => single('Read', { ...input, file_path: p }, cwd, home));
    case 'write':
      if (!first) return null;
      return [editCall('Write', { ...input, file_path: first }, cwd, home, [{ oldText: '', newText: str(input.content, input.text) }])];
    case 'edit': {
      if (!first) return null;
      const edits = (Array.isArray(input.edits) ? input.edits : [])
        .map(obj)
        .filter((e): e is Record<string, unknown> => e !== null)
        .map((e) => ({ oldText: str(e.oldText, e.old_text, e.old_string), newText: str(e.newText, e.new_text, e.new_string) }));
      return [editCall(edits.length === 1 ? 'Edit' : 'MultiEdit', { ...input, file_path: first }, cwd, home, edits)];
    }
    case 'edit-block':
      if (!first) return null;
      return [
        editCall('Edit', { ...input, file_path: first }, cwd, home, [
          {
            oldText: str(input.old_string, input.oldText, input.old_str, input.regex, input.needle),
            newText: str(input.new_string, input.newText, input.new_str, input.repl, input.content, input.body),
          },
        ]),
      ];
    case 'notebook': {
      // A cell: judged as NotebookEdit of the kernel's notebook (its path when the input names it).
      const source = str(field(row.fields));
      if (!source || str(input.cell_type) === 'markdown') return null;
      const nb = str(input.notebook_path, input.notebook, input.path) || 'notebook.ipynb';
      return [editCall('NotebookEdit', { ...input, notebook_path: nb, new_source: source, cell_type: 'code' }, cwd, home, [{ oldText: '', newText: source }])];
    }
    case 'code': {
      const code = str(field(row.fields));
      const lang = str(input.language, input.languageId, input.lang) || (/python/i.test(tool) ? 'python' : /javascript|_js$/i.test(tool) ? 'js' : 'python');
      return code ? [bash(interpreterCommand(lang, code))] : null;
    }
    case 'navigate': {
      const url = str(field(row.fields));
      if (!url) return null;
      if (/^file:\/\//i.test(url))
        return [single('Read', { ...input, file_path: decodeURIComponent(url.replace(/^file:\/\/(?:localhost)?/i, '')) }, cwd, home)];
      // A page opened is a URL fetched: WebFetch, whose URL is judged as text sent out (outgoing.ts).
      return [single('WebFetch', { ...input, url }, cwd, home)];
    }
    case 'container': {
      const image = str(input.image);
      if (!image) return null;
      const raw = input.volumes ?? input.binds ?? input.mounts;
      const mounts = Array.isArray(raw)
        ? raw.filter((v): v is string => typeof v === 'string')
        : Object.entries(obj(raw) ?? {}).map(([host, v]) => `${host}:${typeof v === 'string' ? v : str(obj(v)?.bind, obj(v)?.target)}`);
      const command = field(row.fields);
      const inside = typeof command === 'string' ? `sh -c ${shellWord(command)}` : commandOf(command);
      const words = ['docker run --rm', ...mounts.map((m) => `-v ${shellWord(m)}`), shellWord(image), ...(inside ? [inside] : [])];
      return [bash(words.join(' '))];
    }
    case 'mongo-delete': {
      const filter = input.filter;
      const empty = filter === undefined || filter === null || (typeof filter === 'object' && Object.keys(filter).length === 0) || filter === '{}';
      const db = str(input.database, input.db);
      return empty && db ? [bash(`mongosh ${shellWord(db)} --eval 'db.collection.deleteMany({})'`)] : null;
    }
    case 'move': {
      const from = str(input.source, input.from, input.old_path);
      const to = str(input.destination, input.to, input.new_path);
      return from && to ? [bash(`mv -- ${shellWord(from)} ${shellWord(to)}`)] : null;
    }
    case 'mkdir':
      return first ? [bash(`mkdir -p -- ${shellWord(first)}`)] : null;
    case 'search': {
      if (!first) return null;
      const path = resolvePath(cwd, first, home);
      const glob = str(input.filePattern, input.file_pattern);
      return [
        {
          tool: 'Grep',
          input: { ...input, pattern: str(input.pattern), output_mode: 'content', ...(glob ? { glob } : {}) },
          cwd,
          command: null,
          path,
          edits: null,
        },
      ];
    }
    case 'shell': {
      const command = commandOf(field(row.fields));
      return command !== null ? [bash(command, dirOf())] : null;
    }
    case 'sql': {
      const sql = str(field(row.fields));
      return sql ? [bash(sqlCommand(server, sql))] : null;
    }
    case 'command': {
      const command = row.template ? expandTemplate(row.template, input) : null;
      return command !== null ? [bash(command)] : null;
    }
    case 'upload': {
      if (row.servers?.some((x) => ['playwright', 'puppeteer', 'browser', 'chrome'].includes(x))) {
        // A browser's upload: the local files go to the site the page is on.
        const paths = strings(field(row.fields));
        return paths.length > 0 ? paths.map((p) => bash(`curl -sS -F ${shellWord(`file=@${p}`)} https://the-open-page.invalid/`)) : null;
      }
      // Each file (its path in the repository) sent to the service, as curl would upload it.
      const files = Array.isArray(input.files) ? input.files.map(obj).filter((f): f is Record<string, unknown> => f !== null) : [input];
      const repo = `${str(input.owner, input.namespace) || 'owner'}/${str(input.repo, input.project, input.project_id) || 'repo'}`;
      const calls = files
        .map((f) => str(f.path, f.file_path))
        .filter((p) => p !== '')
        .map((p) =>
          bash(
            `curl -sS -T ${shellWord(p)} ${shellWord(`https://${uploadHost(server)}/repos/${repo}/contents/${p.split('/').map(encodeURIComponent).join('/')}`)}`,
          ),
        );
      return calls.length > 0 ? calls : null;
    }
  }
}

function commandCall(tool: string, command: string, cwd: string, input: Record<string, unknown>): ToolCall {
  return { tool, input, cwd, command, path: null, edits: null };
}

function single(tool: string, input: Record<string, unknown>, cwd: string, home: string): ToolCall {
  if (COMMAND_TOOLS.has(tool)) {
    // A command given as an argv array (Codex's shell tool, `["bash", "-lc", "…"]`) is that argv as shell words.
    const argv =
      Array.isArray(input.command) && input.command.length > 0 && input.command.every((x) => typeof x === 'string') ? (input.command as string[]) : null;
    const command = typeof input.command === 'string' ? input.command : argv ? argv.map((x) => shellWord(x)).join(' ') : null;
    return { tool, input: argv && command !== null ? { ...input, command } : input, cwd, command, path: null, edits: null };
  }
  switch (tool) {
    case 'Edit':
      return editCall(tool, input, cwd, home, [
        { oldText: str(input.old_string, input.oldString, input.old_str), newText: str(input.new_string, input.newString, input.new_str, input.code) },
      ]);
    case 'MultiEdit':
      return editCall(
        tool,
        input,
        cwd,
        home,
        (Array.isArray(input.edits) ? input.edits : [])
          .map(obj)
          .filter((e): e is Record<string, unknown> => e !== null)
          .map((e) => ({ oldText: str(e.old_string, e.oldString, e.old_str, e.oldText), newText: str(e.new_string, e.newString, e.new_str, e.newText) })),
      );
    case 'Write':
      return editCall(tool, input, cwd, home, [{ oldText: '', newText: str(input.content, input.file_text, input.contents) }]);
    case 'NotebookEdit':
      return editCall(tool, input, cwd, home, [{ oldText: '', newText: str(input.new_source, input.newCode) }]);
    default: {
      const call: ToolCall = { tool, input, cwd, command: null, path: null, edits: null };
      const pathField =
        tool === 'Read'
          ? PATH_FIELDS.map((f) => input[f]).find((v) => typeof v === 'string')
          : (input.file_path ?? input.filePath ?? input.notebook_path ?? input.target_file ?? (tool === 'Grep' || tool === 'Glob' ? input.path : undefined));
      if (typeof pathField === 'string' && pathField !== '') call.path = resolvePath(cwd, pathField, home);
      return call;
    }
  }
}

function editCall(tool: string, input: Record<string, unknown>, cwd: string, home: string, edits: { oldText: string; newText: string }[]): ToolCall {
  const raw = str(...PATH_FIELDS.map((f) => input[f]));
  const path = raw ? resolvePath(cwd, raw, home) : null;
  // Guards read file_path/content from `input` for some checks; give them the Claude spelling.
  const canonical: Record<string, unknown> = { ...input };
  if (raw) canonical.file_path = raw;
  if (tool === 'Write') canonical.content = edits[0]?.newText ?? '';
  // The guards read each edit's text a bounded number of times: counted per 64 characters.
  for (const e of edits) work(1 + ((e.oldText.length + e.newText.length) >> 6));
  return { tool, input: canonical, cwd, command: null, path, edits };
}

/**
 * The files an apply_patch text changes, each as the call that changes it the same way. Two formats:
 * the `*** Begin Patch` envelope (Codex, VS Code: `*** Add/Update/Delete File:`, `*** Move to:` after an
 * update) and unified diffs (core/effects/patch.ts: `+++ b/path<TAB>timestamp`, quoted names, git's
 * renames and deletions). Line ends may be CRLF. An updated file is an Edit of its old lines to its
 * new ones; an added file a Write; a deleted one a Write of nothing; a move or a rename is `mv` (so
 * what leaves a name is judged as a shell move is), then the Edit of the new name.
 */
function patchCalls(text: string, cwd: string, home: string, input: Record<string, unknown>): ToolCall[] {
  const body = text.slice(0, MAX_PATCH_BYTES);
  const calls: ToolCall[] = [];
  const edit = (path: string, oldText: string, newText: string, tool = 'Edit') =>
    calls.push(editCall(tool, { ...input, file_path: path }, cwd, home, [{ oldText, newText }]));
  const move = (from: string, to: string, copy = false) => {
    const command = `${copy ? 'cp' : 'mv'} -- ${shellWord(from)} ${shellWord(to)}`;
    calls.push({ tool: 'Bash', input: { ...input, command }, cwd, command, path: null, edits: null });
  };
  if (!/^\*\*\* (?:Begin Patch|(?:Add|Update|Delete) File:)/m.test(body)) {
    for (const f of parsePatch(body)) {
      if (calls.length > MAX_CALLS_PER_PAYLOAD) break;
      if (f.deleted) edit(f.path, '', '', 'Write');
      else {
        if (f.from !== undefined) move(f.from, f.path, f.copied);
        if (f.from === undefined || f.oldText !== '' || f.newText !== '') edit(f.path, f.oldText, f.newText);
      }
    }
    return calls;
  }
  let current: { path: string; kind: 'add' | 'update' | 'delete'; to: string | null; removed: string[]; added: string[] } | null = null;
  const flush = () => {
    const c = current;
    current = null;
    if (!c || calls.length > MAX_CALLS_PER_PAYLOAD) return;
    const oldText = c.removed.join('\n');
    const newText = c.added.join('\n');
    if (c.kind === 'delete') edit(c.path, '', '', 'Write');
    else if (c.kind === 'add') edit(c.path, oldText, newText, 'Write');
    else if (c.to === null) edit(c.path, oldText, newText);
    else {
      move(c.path, c.to);
      if (oldText !== '' || newText !== '') edit(c.to, oldText, newText);
    }
  };
  for (const line of body.split(/\r?\n/)) {
    work();
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header) {
      flush();
      current = { path: header[2]!.trim(), kind: header[1] === 'Add' ? 'add' : header[1] === 'Delete' ? 'delete' : 'update', to: null, removed: [], added: [] };
      continue;
    }
    const moveTo = /^\*\*\* Move to: (.+)$/.exec(line);
    if (moveTo && current?.kind === 'update') {
      current.to = moveTo[1]!.trim();
      continue;
    }
    if (!current || line.startsWith('@@') || line.startsWith('*** ')) continue;
    if (line.startsWith('+')) current.added.push(line.slice(1));
    else if (line.startsWith('-')) current.removed.push(line.slice(1));
    else if (line.startsWith(' ')) {
      current.removed.push(line.slice(1));
      current.added.push(line.slice(1));
    }
  }
  flush();
  return calls;
}

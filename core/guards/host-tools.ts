// Host tools whose input is not one built-in tool's input under other names: a fetch whose URLs are
// inside a prompt, a task or a terminal sequence that runs a command line, keys typed into a running
// shell, a search whose glob is called `include`. Each row says which host sends the tool, where
// that is documented, and which calls of Claude Code's tools (in Claude Code's spelling) it is, so
// every guard judges it as those calls: every command it runs is a Bash call, every URL it fetches a
// WebFetch, every search a Grep. Aliases that only rename a tool stay in host-dialects.ts.

import type { Host } from './host-dialects';
import { shellWord } from './mcp-tools';
import { work } from '../work';

/** A call a host tool makes, as Claude Code's tool and input; `cwd` when it runs in another folder. */
export interface HostCall {
  tool: string;
  input: Record<string, unknown>;
  cwd?: string;
}

export interface HostToolRow {
  hosts: readonly Host[];
  tools: readonly string[];
  /** Where the tool's input is documented. */
  source: string;
  calls(input: Record<string, unknown>): HostCall[] | null;
}

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
function str(...vs: unknown[]): string {
  for (const v of vs) if (typeof v === 'string') return v;
  return '';
}
function strings(v: unknown): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

/** At most this many URLs are read out of one prompt (Gemini takes 20). */
const MAX_URLS = 64;

/** The URLs in a prompt, as Gemini's web_fetch finds them (`extractUrls`: `https?://` up to a blank). */
export function urlsIn(text: string): string[] {
  const out: string[] = [];
  const re = /https?:\/\/\S+/gi;
  for (let m = re.exec(text); m && out.length < MAX_URLS; m = re.exec(text)) {
    work();
    out.push(m[0]);
  }
  return out;
}

/**
 * The command lines a text typed into a terminal runs. `{enter}` (the Copilot CLI's write_bash) and a
 * line end or carriage return (a terminal sequence) end a line; `{backspace}`, `{left}` and `{right}`
 * edit the line being typed, as a line editor does; `{up}`/`{down}` recall a history line the guard
 * judged when it ran, so only what is typed after them is new. Text left without an end is judged
 * too: a later `{enter}` alone runs it.
 */
export function typedLines(text: string): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  let at = 0;
  const end = () => {
    const s = line.join('');
    if (s.trim() !== '') lines.push(s);
    line = [];
    at = 0;
  };
  const re = /\{(enter|backspace|left|right|up|down|tab|esc|escape)\}|\r\n|[\r\n]|[^{\r\n]+|\{/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    work();
    const key = m[1]?.toLowerCase();
    if (key === 'enter' || m[0] === '\n' || m[0] === '\r' || m[0] === '\r\n') end();
    else if (key === 'backspace') {
      if (at > 0) line.splice(--at, 1);
    } else if (key === 'left') at = Math.max(0, at - 1);
    else if (key === 'right') at = Math.min(line.length, at + 1);
    else if (key === 'up' || key === 'down') {
      line = [];
      at = 0;
    } else if (key === 'tab' || key === 'esc' || key === 'escape') {
      // Completion or a key binding: what it inserts is not in the payload; the typed text is still judged.
    } else {
      const chars = [...m[0]];
      line.splice(at, 0, ...chars);
      at += chars.length;
    }
  }
  end();
  return lines;
}

/** A VS Code task's command line: a shell task's `command` is a line, a process task's a program; `args` follow, one word each. */
function taskCommand(task: Record<string, unknown>): string | null {
  const command = str(task.command);
  if (!command) return null;
  const args = (Array.isArray(task.args) ? task.args : []).map((a) => (typeof a === 'string' ? a : str(obj(a)?.value)));
  const head = str(task.type) === 'process' ? shellWord(command) : command;
  return [head, ...args.map((a) => shellWord(a))].join(' ');
}

export const HOST_TOOLS: readonly HostToolRow[] = [
  {
    hosts: ['gemini', 'qwen'],
    tools: ['web_fetch'],
    source: 'Gemini CLI docs/tools/web-fetch.md: `prompt` holds up to 20 URLs and the instructions; packages/core/src/tools/web-fetch.ts extractUrls',
    calls: (input) => {
      const prompt = str(input.prompt);
      const urls = urlsIn(prompt);
      return urls.length > 0 ? urls.map((url) => ({ tool: 'WebFetch', input: { url, prompt } })) : null;
    },
  },
  {
    hosts: ['vscode'],
    tools: ['fetch_webpage'],
    source: 'vscode-copilot-chat fetchWebPageTool (`urls`, `query`: the query picks what of the pages the model reads, locally)',
    calls: (input) => {
      const urls = strings(input.urls);
      return urls.length > 0 ? urls.map((url) => ({ tool: 'WebFetch', input: { url, prompt: str(input.query) } })) : null;
    },
  },
  {
    hosts: ['vscode'],
    tools: ['create_and_run_task'],
    source:
      '../shared/reference/vscode-agent-hooks.md §2 ("other tools that run code"); the task is a tasks.json entry (`type`, `command`, `args`, `options.cwd`)',
    calls: (input) => {
      const task = obj(input.task);
      const command = task ? taskCommand(task) : null;
      if (!task || command === null) return null;
      const cwd = str(obj(task.options)?.cwd, input.workspaceFolder);
      return [{ tool: 'Bash', input: { command }, ...(cwd ? { cwd } : {}) }];
    },
  },
  {
    hosts: ['vscode'],
    tools: ['run_vscode_command'],
    source: "../shared/reference/vscode-agent-hooks.md §2; VS Code's workbench.action.terminal.sendSequence types `args.text` into the active terminal",
    calls: (input) => {
      const id = str(input.commandId, input.command);
      if (id !== 'workbench.action.terminal.sendSequence') return null;
      const args = Array.isArray(input.args) ? obj(input.args[0]) : obj(input.args);
      const lines = typedLines(str(args?.text));
      return lines.map((command) => ({ tool: 'Bash', input: { command } }));
    },
  },
  {
    hosts: ['copilot-cli'],
    tools: ['write_bash'],
    source:
      'Copilot CLI tool list (write_bash: sessionId, input with {enter}, {up}, {down}, {left}, {right}, {backspace}), e.g. raymondclowe/github-copilot-agent-prompts-tools Functions.md',
    calls: (input) => typedLines(str(input.input)).map((command) => ({ tool: 'Bash', input: { command } })),
  },
];

/** The Grep tools that print the matching lines, with the fields their glob and pattern come in. */
export const CONTENT_GREPS: readonly { hosts: readonly Host[]; tools: readonly string[]; source: string }[] = [
  {
    hosts: ['gemini', 'qwen'],
    tools: ['search_file_content', 'grep_search'],
    source: 'Gemini CLI docs/tools/file-system.md (pattern, dir_path, include): prints each matching line',
  },
  {
    hosts: ['vscode'],
    tools: ['grep_search'],
    source: '../shared/reference/vscode-agent-hooks.md §2 (query, isRegexp, includePattern): returns the matching lines',
  },
  { hosts: ['opencode'], tools: ['grep'], source: 'OpenCode packages/opencode/src/tool/grep.ts (pattern, path, include): prints each match with its line' },
];

const MATCH_ALL = new Set(['*', '**', '**/*', '**/**']);

/** A content Grep's input in Claude Code's spelling (pattern, glob, output_mode content); null for other tools. */
export function contentGrepInput(host: Host, name: string, input: Record<string, unknown>): Record<string, unknown> | null {
  if (!CONTENT_GREPS.some((r) => r.hosts.includes(host) && r.tools.includes(name))) return null;
  let glob = str(input.glob, input.include, input.includePattern);
  let path = str(input.path, input.dir_path);
  // A glob's folders without wildcards are where the search runs (`src/**` searches src): the path,
  // as Claude Code's Grep names it. What is left matching every name is no filter at all.
  const wild = glob.search(/[*?[{]/);
  const cut = glob.lastIndexOf('/', wild < 0 ? glob.length : wild);
  const prefix = cut > 0 ? glob.slice(0, cut) : '';
  if (prefix && !prefix.startsWith('/') && !prefix.split('/').includes('..')) {
    let base = path;
    while (base.endsWith('/')) base = base.slice(0, -1);
    path = base ? `${base}/${prefix}` : prefix;
    glob = glob.slice(cut + 1);
  }
  if (MATCH_ALL.has(glob)) glob = '';
  const out: Record<string, unknown> = { ...input, pattern: str(input.pattern, input.query), output_mode: str(input.output_mode) || 'content' };
  delete out.glob;
  if (glob) out.glob = glob;
  if (path) out.path = path;
  return out;
}

/** The row for a host's tool; null when none. */
export function hostToolRow(host: Host, name: string): HostToolRow | null {
  return HOST_TOOLS.find((r) => r.hosts.includes(host) && r.tools.includes(name)) ?? null;
}

/** Every tool name a row gives for a host (the host of a payload whose envelope does not say). */
export function hostToolNames(host: Host): string[] {
  return HOST_TOOLS.filter((r) => r.hosts.includes(host)).flatMap((r) => [...r.tools]);
}

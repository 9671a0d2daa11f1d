// File tools that the hosts' alias tables (normalize.ts TOOL_ALIASES) do not name, recognised by the
// shape of their input, so that every write a payload implies is judged as a write and every read as
// a read, whatever the host calls the tool or its fields:
//   Anthropic's text editor (`str_replace_editor`, `str_replace_based_edit_tool`), Kiro's and
//   Amazon Q's `fs_write`: a `command` (create, view, str_replace, insert, append, undo_edit) with
//   `path`, `file_text`, `old_str`, `new_str`; the Copilot CLI sends the same input under `Edit`.
//   Cline's and Roo's write_to_file / replace_in_file / apply_diff (`path`, `content`, a `diff` of
//   SEARCH/REPLACE blocks), Continue's create_new_file (`filepath`, `contents`), Cursor's edit_file
//   (`target_file`, `code_edit`), Gemini's read_file (`absolute_path`).
// A tool with a path and a text to put there is a Write; with an old and a new text an Edit; with a
// path alone and a name that reads, a Read. Input naming a remote repository (owner, repo, branch)
// is about that repository, not this machine's files.

import { work } from '../work';

/** A canonical tool call made of the input: the tool and the input in Claude Code's spelling. */
export interface Shaped {
  tool: 'Read' | 'Write' | 'Edit' | 'MultiEdit';
  input: Record<string, unknown>;
  edits?: { oldText: string; newText: string }[];
}

export const PATH_FIELDS = [
  'file_path',
  'filePath',
  'path',
  'target_file',
  'targetFile',
  'filepath',
  'filename',
  'absolute_path',
  'absolutePath',
  'relative_path',
  'relativePath',
  'notebook_path',
] as const;
const TEXT_FIELDS = ['file_text', 'fileText', 'content', 'contents', 'code_edit', 'codeEdit', 'new_source', 'newCode', 'text', 'code'] as const;
const OLD_FIELDS = ['old_string', 'old_str', 'oldString', 'oldText', 'old_text'] as const;
const NEW_FIELDS = ['new_string', 'new_str', 'newString', 'newText', 'new_text'] as const;
/** Fields that say the path is in a remote repository or service. */
const REMOTE_FIELDS = ['owner', 'repo', 'repository', 'project_id', 'projectId', 'branch', 'bucket'] as const;

/** The text editor tools' commands. */
const EDITOR_COMMANDS = new Set(['create', 'view', 'str_replace', 'insert', 'append', 'undo_edit']);
/** Words of tools that only look: a path with no text to write is a Read for a name that reads; never a Write. */
const LOOKS = new Set(['read', 'view', 'open', 'cat', 'show', 'search', 'find', 'grep', 'list', 'get', 'stat', 'info', 'exists', 'glob', 'ls']);
const READS = new Set(['read', 'view', 'open', 'cat', 'show']);

/** The words of a tool name: `read_file`, `readFile`, `fs-read` → read, file / fs, read. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function first(input: Record<string, unknown>, names: readonly string[]): string | null {
  for (const n of names) if (typeof input[n] === 'string') return input[n] as string;
  return null;
}

/** SEARCH/REPLACE blocks (Cline's replace_in_file, Roo's apply_diff, aider's edit format) as edits; null when the text has none. */
export function searchReplaceBlocks(diff: string): { oldText: string; newText: string }[] | null {
  const out: { oldText: string; newText: string }[] = [];
  const lines = diff.split(/\r?\n/);
  let state: 'out' | 'search' | 'replace' = 'out';
  let old: string[] = [];
  let neu: string[] = [];
  for (const line of lines) {
    work();
    if (state === 'out' && /^<{5,}\s*SEARCH\b/.test(line)) {
      state = 'search';
      old = [];
      neu = [];
    } else if (state === 'search' && /^={5,}\s*$/.test(line)) state = 'replace';
    else if (state === 'search') {
      // Roo's apply_diff puts `:start_line:N` and a `-------` line before the searched text.
      if (!(old.length === 0 && (/^:(?:start|end)_line:\d*\s*$/.test(line) || /^-{5,}\s*$/.test(line)))) old.push(line);
    } else if (state === 'replace' && /^>{5,}\s*REPLACE\b/.test(line)) {
      out.push({ oldText: old.join('\n'), newText: neu.join('\n') });
      state = 'out';
    } else if (state === 'replace') neu.push(line);
  }
  return out.length > 0 ? out : null;
}

/** The file tool a payload's input is, or null when its shape says nothing. `tool` is the name after the host's aliases. */
export function shapeOf(tool: string, input: Record<string, unknown>): Shaped | null {
  const path = first(input, PATH_FIELDS);
  if (path === null || path === '') return null;
  const at = { ...input, file_path: path };
  const command = typeof input.command === 'string' ? input.command : null;
  if (command !== null && EDITOR_COMMANDS.has(command)) {
    const newText = first(input, NEW_FIELDS) ?? '';
    switch (command) {
      case 'create':
        return { tool: 'Write', input: at, edits: [{ oldText: '', newText: first(input, TEXT_FIELDS) ?? '' }] };
      case 'view':
        return { tool: 'Read', input: at };
      case 'str_replace':
        return { tool: 'Edit', input: at, edits: [{ oldText: first(input, OLD_FIELDS) ?? '', newText }] };
      case 'undo_edit':
        // Puts back an earlier version the payload does not show: an edit of unknown text.
        return { tool: 'Edit', input: at, edits: [{ oldText: '', newText: '' }] };
      default:
        return { tool: 'Edit', input: at, edits: [{ oldText: '', newText }] };
    }
  }
  if (REMOTE_FIELDS.some((f) => input[f] !== undefined)) return null;
  const oldText = first(input, OLD_FIELDS);
  const newText = first(input, NEW_FIELDS);
  if (oldText !== null && newText !== null) return { tool: 'Edit', input: at, edits: [{ oldText, newText }] };
  const diff = typeof input.diff === 'string' ? searchReplaceBlocks(input.diff) : null;
  if (diff) return { tool: diff.length === 1 ? 'Edit' : 'MultiEdit', input: at, edits: diff };
  const text = first(input, TEXT_FIELDS);
  if (text !== null && !words(tool).some((w) => LOOKS.has(w))) return { tool: 'Write', input: at, edits: [{ oldText: '', newText: text }] };
  if (text === null && words(tool).some((w) => READS.has(w))) return { tool: 'Read', input: at };
  return null;
}

export const FILE_TOOL_EXAMPLES: readonly { tool: string; input: Record<string, unknown>; reads: string }[] = [
  { tool: 'str_replace_editor', input: { command: 'create', path: 'src/a.ts', file_text: 'x' }, reads: 'Write src/a.ts' },
  { tool: 'str_replace_based_edit_tool', input: { command: 'view', path: 'README.md' }, reads: 'Read README.md' },
  { tool: 'str_replace_editor', input: { command: 'insert', path: 'a.py', insert_line: 3, new_str: 'x = 1' }, reads: 'Edit a.py' },
  { tool: 'fs_write', input: { command: 'append', path: 'notes.md', new_str: 'x' }, reads: 'Edit notes.md' },
  { tool: 'write_to_file', input: { path: 'src/a.ts', content: 'x' }, reads: 'Write src/a.ts' },
  { tool: 'create_new_file', input: { filepath: 'src/a.ts', contents: 'x' }, reads: 'Write src/a.ts' },
  { tool: 'edit_file', input: { target_file: 'src/a.ts', instructions: 'x', code_edit: 'y' }, reads: 'Write src/a.ts' },
  { tool: 'replace_in_file', input: { path: 'a.ts', diff: '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE' }, reads: 'Edit a.ts' },
  { tool: 'read_file', input: { absolute_path: '/home/user/project/README.md' }, reads: 'Read README.md' },
  { tool: 'search_files', input: { path: 'src', regex: 'x', text: 'y' }, reads: 'search_files' },
];

// Completion in agent files: frontmatter keys of agents and skills, tool names in tool lists,
// models, the enumerated values, hook events under `hooks:`; in settings, tool names in permission
// rules and hook matchers (the settings schema the extension ships completes the keys and enums
// there). Pure: the language server turns the items into LSP completions.

import { getLocation } from 'jsonc-parser';
import { splitFrontmatter } from './frontmatter';
import { AGENT_ENUMS, HOOK_EVENTS, KNOWN_TOOLS, MODEL_ALIASES, subagentTools } from '../claude-code';
import { AGENT_KEY_DOCS, HOOK_EVENT_WHEN, MODEL_DOCS, SKILL_KEY_DOCS, TOOL_DOCS } from './claude-code-docs';
import type { FileKind } from './types';

export interface Completion {
  label: string;
  kind: 'key' | 'tool' | 'model' | 'value' | 'event';
  detail: string;
  /** What replaces [start, end) (the label when absent). */
  insertText?: string;
  start: number;
  end: number;
}

const SKILL_ENUMS: Record<string, readonly string[]> = { context: ['fork'], shell: ['bash', 'powershell'], effort: AGENT_ENUMS.effort! };
const TOOL_LIST_KEYS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);
/** Tools whose permission rules take a specifier: completed as `Tool(`. */
const WITH_SPECIFIER = new Set(['Bash', 'PowerShell', 'Monitor', 'Read', 'Edit', 'WebFetch', 'Skill', 'Agent']);

export function completionsAt(kind: FileKind, text: string, offset: number): Completion[] {
  if (kind === 'settings') return settingsCompletions(text, offset);
  if (kind !== 'agent' && kind !== 'skill' && kind !== 'command') return [];
  const fm = splitFrontmatter(text);
  if (!fm || offset < fm.offset || offset > fm.end) return [];
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  let from = before.length;
  while (from > 0 && /[\w:.-]/.test(before[from - 1]!)) from--;
  const word = before.slice(from);
  const start = offset - word.length;
  const present = new Set([...text.slice(fm.offset, fm.end).matchAll(/^([A-Za-z_][\w-]*)[ \t]*:/gm)].map((m) => m[1]!));
  const docs = kind === 'agent' ? AGENT_KEY_DOCS : SKILL_KEY_DOCS;

  // A key at the start of a line.
  if (/^[A-Za-z_-]*$/.test(before))
    return Object.entries(docs)
      .filter(([k]) => !present.has(k) && k.startsWith(word))
      .map(([k, d]) => ({ label: k, kind: 'key' as const, detail: d, insertText: `${k}: `, start, end: offset }));

  // The key this line's value belongs to: on the line, or the top-level key above a `  - item` / nested line.
  const own = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(before);
  let key = own?.[1];
  let nested = false;
  if (!own && /^[ \t]/.test(before)) {
    const above = text.slice(fm.offset, lineStart).split('\n').reverse();
    key = above.map((l) => /^([A-Za-z_][\w-]*)[ \t]*:/.exec(l)?.[1]).find((k) => k !== undefined);
    nested = true;
  }
  if (!key) return [];
  if (TOOL_LIST_KEYS.has(key)) {
    const listed = new Set(
      text
        .slice(lineStart, offset)
        .split(/[\s,]+/)
        .map((t) => t.split('(')[0]!),
    );
    const names = kind === 'agent' && key === 'tools' ? subagentTools() : [...KNOWN_TOOLS];
    return names
      .filter((t) => t.startsWith(word) && !listed.has(t))
      .map((t) => ({
        label: t,
        kind: 'tool' as const,
        detail: TOOL_DOCS[t] ?? '',
        ...(key === 'allowed-tools' && WITH_SPECIFIER.has(t) ? { insertText: `${t}(` } : {}),
        start,
        end: offset,
      }));
  }
  if (key === 'hooks' && nested && /^[ \t]{1,4}[A-Za-z]*$/.test(before))
    return [...HOOK_EVENTS]
      .filter((e) => e.startsWith(word))
      .map((e) => ({ label: e, kind: 'event' as const, detail: `Runs ${HOOK_EVENT_WHEN[e] ?? ''}`, insertText: `${e}:`, start, end: offset }));
  if (key === 'model' && !nested)
    return MODEL_ALIASES.filter((m) => m.startsWith(word)).map((m) => ({ label: m, kind: 'model' as const, detail: MODEL_DOCS[m] ?? '', start, end: offset }));
  const values = (kind === 'agent' ? AGENT_ENUMS : SKILL_ENUMS)[key];
  if (values && !nested)
    return values.filter((v) => v.startsWith(word)).map((v) => ({ label: v, kind: 'value' as const, detail: `${key}: ${v}`, start, end: offset }));
  return [];
}

function settingsCompletions(text: string, offset: number): Completion[] {
  const loc = getLocation(text, offset);
  const node = loc.previousNode;
  if (node?.type !== 'string' || loc.isAtPropertyKey) return [];
  const path = loc.path;
  const start = node.offset + 1;
  const typed = text.slice(start, offset);
  // Inside a rule's parentheses there is nothing to complete from a list.
  if (typed.includes('(')) return [];
  const rules = path.length === 3 && path[0] === 'permissions' && ['allow', 'ask', 'deny'].includes(String(path[1]));
  const matcher = path.length === 4 && path[0] === 'hooks' && path[3] === 'matcher';
  if (!rules && !matcher) return [];
  const prefix = matcher ? typed.slice(Math.max(typed.lastIndexOf('|'), typed.lastIndexOf(',')) + 1).trimStart() : typed;
  const from = offset - prefix.length;
  return KNOWN_TOOLS.filter((t) => t.startsWith(prefix)).map((t) => ({
    label: t,
    kind: 'tool' as const,
    detail: TOOL_DOCS[t] ?? '',
    ...(rules && WITH_SPECIFIER.has(t) ? { insertText: `${t}(` } : {}),
    start: from,
    end: offset,
  }));
}

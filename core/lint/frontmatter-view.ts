// "What Claude Code reads": an agent's, skill's or command's frontmatter as Claude Code's loader
// takes it (frontmatter.ts reads it the same way: the loader suite checks both against the real
// CLI), with what it drops, ignores or reads otherwise than it looks made visible. Pure.

import { LOADER_VERIFIED } from '../claude-code';
import { AGENT_KEY_DOCS, SKILL_KEY_DOCS } from './claude-code-docs';
import { readFrontmatter } from './frontmatter';
import { toolEntries } from './helpers';

const TOOL_LIST_KEYS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);
import type { FileKind } from './types';

export function frontmatterView(kind: FileKind, rel: string, text: string): string {
  const what = kind === 'agent' ? 'agent' : kind === 'skill' ? 'skill' : 'command';
  const head = [`# What Claude Code ${LOADER_VERIFIED} reads from ${rel}`, '# (Agent Guard: its frontmatter, parsed as Claude Code parses it; read-only)', ''];
  const fm = readFrontmatter(text);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  if (!fm) {
    const none =
      kind === 'agent'
        ? 'No frontmatter: Claude Code does not load this file as an agent (it needs name and description).'
        : `No frontmatter: the ${what} loads with its body only (no description, no allowed-tools).`;
    return `${[...head, `# ${none}`].join('\n')}\n`;
  }
  const notes: string[] = [];
  const skipped = kind === 'agent' ? 'skips this agent' : `loads the ${what} without any of these settings`;
  if (fm.error) notes.push(`line ${lineOf(fm.error.offset)}: the frontmatter does not parse (${fm.error.message}): Claude Code ${skipped}.`);
  if (fm.dropped.length > 0) {
    for (const d of fm.dropped)
      notes.push(`line ${lineOf(d.start)}: ${JSON.stringify(text.slice(d.start, d.end))} continues the value above it without indentation.`);
    notes.push(`Claude Code cannot parse a frontmatter with such lines, so it ${skipped}. Below: what it would read with them indented.`);
  }
  const docs = kind === 'agent' ? AGENT_KEY_DOCS : SKILL_KEY_DOCS;
  const data = fm.data ?? {};
  for (const key of Object.keys(data))
    if (!(key in docs)) notes.push(`${key}: not ${what === 'agent' ? 'an agent' : `a ${what}`} setting; Claude Code ignores it.`);
  for (const at of fm.lenient) {
    const key = /^([\w.-]+)/.exec(text.slice(text.lastIndexOf('\n', at - 1) + 1))?.[1];
    notes.push(`line ${lineOf(at)}: ${key ?? 'this value'} is not valid YAML as written; Claude Code reads it as the plain text shown below.`);
  }
  if (fm.crlf) notes.push('CRLF (Windows) line endings: read as LF by this version; earlier ones (2.1.197) lost the frontmatter.');
  if (kind === 'agent' && fm.data && typeof data.name !== 'string') notes.push('No name: Claude Code does not load this file as an agent.');
  if (kind === 'agent' && fm.data && typeof data.description !== 'string') notes.push('No description: Claude Code skips this agent.');
  if (kind === 'agent' && fm.data && data.tools === undefined)
    notes.push('No tools key: the agent gets every tool available to subagents, MCP tools included.');
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  const command =
    kind === 'skill' ? /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(rel)?.[1] : kind === 'command' && base.endsWith('.md') ? base.slice(0, -3) : undefined;
  const body = fm.error
    ? []
    : Object.entries(data).map(([k, v]) => {
        // A tool list written as one string: the entries Claude Code takes from it.
        if (TOOL_LIST_KEYS.has(k) && typeof v === 'string')
          return `${k}: ${JSON.stringify(toolEntries(fm, k, text).map((e) => e.value))}  # written as one string`;
        return `${k}: ${JSON.stringify(v)}`;
      });
  return `${[
    ...head,
    ...(command
      ? [
          `# command: /${command} (the ${kind === 'skill' ? 'folder' : 'file'} name${typeof data.name === 'string' && data.name !== command ? `; name: ${data.name} is how it is listed` : ''})`,
          '',
        ]
      : []),
    ...body,
    ...(notes.length > 0 ? ['', '# Notes', ...notes.map((n) => `# - ${n}`)] : []),
  ].join('\n')}\n`;
}

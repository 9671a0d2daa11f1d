// The frontmatter of agent, skill and command files, read the way Claude Code's loader reads it
// (observed with the real CLI; the loader suite, test/loader/, checks it), not as a stricter YAML would:
//  - strict YAML first;
//  - where that fails, a top-level `key: value` line whose value is not valid YAML on its own is read
//    as a plain string (so `description: Use this agent: …`, `argument-hint: [a] [b]` and `tools: *`
//    load, as they do in Claude Code);
//  - an unindented line that continues the previous value is dropped and recorded (Claude Code
//    2.1.332 rejects such frontmatter; 2.1.197 kept only the first line of the value);
//  - what still does not parse is a real YAML error: Claude Code skips the file.
// CRLF line endings are read like LF (as Claude Code 2.1.332 does) and recorded (2.1.197 did not read them).
// The loader suite (test/loader/) checks these against the pinned real CLI.
// Offsets of every node are mapped back to the file text, so ranges stay exact.

import type { Document } from 'yaml';
import { yaml } from './libraries';
import type { Frontmatter } from './types';

/** The frontmatter block of a Markdown file: `---` on the first line up to the next `---` line. */
export function splitFrontmatter(text: string): { yaml: string; offset: number; end: number } | null {
  const m = /^---[ \t]*\r?\n/.exec(text);
  if (!m) return null;
  const close = /^---[ \t]*(\r?\n|$)/m;
  const rest = text.slice(m[0].length);
  const c = close.exec(rest);
  if (!c) return { yaml: rest, offset: m[0].length, end: text.length };
  return { yaml: rest.slice(0, c.index), offset: m[0].length, end: m[0].length + c.index + c[0].length };
}

// The value runs to its last non-blank character: `\S(?:.*\S)?` backtracks once from the end (linear), where
// a lazy `.*?` before `[ \t]*$` rescans every run of blanks (quadratic).
const TOP_LEVEL_PAIR = /^([A-Za-z_][\w.-]*)[ \t]*:[ \t]+(\S(?:.*\S)?)[ \t]*$/;
const TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]|$)/;

/** Frontmatter keys of agents, skills and commands (reference §4, §5): in the last, line-by-line pass, other top-level lines continue a value. */
const KNOWN_KEYS = new Set([
  'name',
  'description',
  'tools',
  'disallowedTools',
  'model',
  'permissionMode',
  'maxTurns',
  'skills',
  'mcpServers',
  'hooks',
  'memory',
  'background',
  'effort',
  'isolation',
  'color',
  'initialPrompt',
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'allowed-tools',
  'disallowed-tools',
  'context',
  'agent',
  'paths',
  'shell',
  'metadata',
  'license',
  'compatibility',
  'version',
]);

function parse(text: string) {
  // logLevel 'error': the library's warnings (a template's `name: {{SKILL_NAME}}` is a map used as a
  // key) would go to process.emitWarning, printing "(node:123) Warning: …" under lint's output.
  return yaml().parseDocument(text, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
}

/** A value that YAML does not take on its own line (`Use this: x`, `[a] [b]`, `*`). */
function badValue(key: string, value: string): boolean {
  if (value.startsWith('"') || value.startsWith("'")) return false;
  return parse(`${key}: ${value}`).errors.length > 0;
}

/** Text rewritten line by line, with, for each rewritten offset, the offset it came from. */
class Rewrite {
  out = '';
  origin: number[] = [];
  keep(s: string, from: number): void {
    for (let i = 0; i < s.length; i++) this.origin.push(from + i);
    this.out += s;
  }
  insert(s: string, at: number): void {
    for (let i = 0; i < s.length; i++) this.origin.push(at);
    this.out += s;
  }
  map(o: number, fallback: number): number {
    return o < this.origin.length ? this.origin[o]! : fallback;
  }
}

export function readFrontmatter(text: string): Frontmatter | null {
  const split = splitFrontmatter(text);
  if (!split) return null;
  const crlf = /\r\n/.test(text.slice(0, split.end));
  const raw = split.yaml;
  const lines: { text: string; start: number }[] = [];
  for (let at = 0; at <= raw.length; ) {
    const nl = raw.indexOf('\n', at);
    const end = nl < 0 ? raw.length : nl;
    lines.push({ text: raw.slice(at, end).replace(/\r$/, ''), start: at });
    if (nl < 0) break;
    at = nl + 1;
  }
  const lenient: number[] = [];
  const dropped: { start: number; end: number }[] = [];
  const rewrite = (quote: boolean, drop: boolean) => {
    const w = new Rewrite();
    let inBlock = false; // inside an indented value (list, map, block scalar) of the previous key
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      const nl = i < lines.length - 1 ? '\n' : '';
      const m = TOP_LEVEL_PAIR.exec(l.text);
      const key = TOP_LEVEL_KEY.exec(l.text)?.[1];
      const continuation = drop && !!key && (!KNOWN_KEYS.has(key) || seen.has(key)) && !inBlock;
      if (key && !continuation) seen.add(key);
      if (m && quote && !continuation && badValue(m[1]!, m[2]!)) {
        const valueAt = l.text.trimEnd().length - m[2]!.length;
        w.keep(l.text.slice(0, valueAt), l.start);
        w.insert('"', l.start + valueAt);
        for (let k = 0; k < m[2]!.length; k++) {
          const ch = m[2]![k]!;
          if (ch === '"' || ch === '\\') w.insert('\\', l.start + valueAt + k);
          w.keep(ch, l.start + valueAt + k);
        }
        w.insert('"', l.start + valueAt + m[2]!.length);
        w.keep(nl, l.start + l.text.length);
        if (!lenient.includes(split.offset + l.start + valueAt)) lenient.push(split.offset + l.start + valueAt);
        inBlock = false;
        return;
      }
      const indented = /^[ \t]/.test(l.text) || l.text.startsWith('-');
      if (key && !continuation)
        inBlock = /:[ \t]*(?:[|>][-+0-9]*[ \t]*)?$/.test(l.text); // one blank run per colon: linear
      else if (continuation || (drop && l.text.trim() !== '' && !indented && !l.text.startsWith('#') && !inBlock)) {
        dropped.push({ start: split.offset + l.start, end: split.offset + l.start + l.text.length });
        w.keep(nl, l.start + l.text.length);
        return;
      }
      w.keep(l.text + nl, l.start);
    });
    return w;
  };

  let w = rewrite(false, false);
  let doc: Document = parse(w.out);
  if (doc.errors.length > 0) {
    w = rewrite(true, false);
    doc = parse(w.out);
  }
  if (doc.errors.length > 0) {
    w = rewrite(true, true);
    doc = parse(w.out);
  }
  const err = doc.errors[0];
  const at = (o: number) => split.offset + w.map(o, raw.length);
  if (!err) {
    yaml().visit(doc, (_key, node) => {
      const n = node as { range?: [number, number, number] };
      if (n && Array.isArray(n.range)) n.range = [w.map(n.range[0], raw.length), w.map(n.range[1], raw.length), w.map(n.range[2], raw.length)];
    });
  }
  let data: unknown = null;
  if (!err) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch {
      data = null;
    }
  }
  return {
    doc: err ? null : doc,
    data: !err && typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null,
    offset: split.offset,
    end: split.end,
    error: err ? { message: err.message.split('\n')[0]!, offset: at(err.pos?.[0] ?? 0) } : null,
    crlf,
    lenient,
    dropped: err ? [] : dropped,
  };
}

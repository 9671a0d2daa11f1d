// Code spans and prose of a Markdown file, found by mdast-util-from-markdown, but only where it can
// matter, and cached by chunk text:
//  - the text is cut into chunks at boundaries where CommonMark starts over at the top level (a
//    blank line followed by an unindented line, outside fences and HTML blocks; before and after a
//    fenced block that starts in column 0), so parsing a chunk alone gives the same nodes as parsing
//    the whole file; a chunk whose fence runs unclosed to its end takes in the next chunk and is
//    parsed again, so a wrong guess costs time, never a wrong answer;
//  - a chunk without ` ~ < [ ] and without indented lines has no code and no links: its lines are
//    prose as they stand, and the parser is not run;
//  - two more shapes are read without the parser, because what it would find is certain (and
//    test/lint-markdown.test.ts checks so against it on generated chunks): paragraphs, headings and
//    list items whose inline code spans each open and close on one line (quickInline), and one
//    fenced block starting in column 0 that the chunk ends with (quickFence); most chunks of a real
//    CLAUDE.md are one or the other, and micromark costs ~0.3 ms per chunk in a cold process;
//  - parsed chunks are remembered by their text (bounded), so a keystroke in the language server
//    re-parses one chunk, not the file.
// The parse of each chunk is micromark's; the chunking is one pass over the lines.

import { markdown } from './libraries';
import type { CodeSpan } from './types';

export interface MarkdownView {
  code: CodeSpan[];
  prose: { value: string; start: number }[];
  /** A fenced block runs unclosed to the end of the text (a chunk boundary was wrong: merge and retry). */
  open?: boolean;
}

// No `$`: the rest of the line is `[^\n]*`, which always matches, so nothing backtracks (linear).
const FENCE = /^([ \t]*)(`{3,}|~{3,})([^\n]*)/;
const HTML_MULTILINE = /^ {0,3}<(script|pre|style|textarea|!--|\?|![A-Za-z]|!\[CDATA\[)/i;
const HTML_END = /<\/(script|pre|style|textarea)>|-->|\?>|\]\]>|>/i;
/** An HTML block that ends at the next blank line (CommonMark types 6 and 7): no fences inside. */
const HTML_UNTIL_BLANK = /^ {0,3}<\/?[A-Za-z][A-Za-z0-9-]*(\s|\/?>|$)/;
/** CommonMark type-6 tag names: such an HTML block may start without a blank line before it. */
const HTML_BLOCK_6 =
  /^ {0,3}<\/?(address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(\s|\/?>|$)/i;
const SPECIAL = /[`~<[\]]|^(?: {4}|\t)/m;

/** Offsets where a chunk starts (0 first). */
export function chunkStarts(text: string): number[] {
  const starts = [0];
  let fence: { ch: string; len: number; col0: boolean } | null = null;
  let html = false;
  let htmlUntilBlank = false;
  let prevBlank = true;
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf('\n', at);
    const raw = text.slice(at, nl < 0 ? text.length : nl);
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    // Each pattern below needs a fence character or `<`: a line without them skips the regexes.
    const fenceChars = line.includes('`') || line.includes('~');
    const next = nl < 0 ? -1 : nl + 1;
    const blank = line.trim() === '';
    if (fence) {
      const m = fenceChars ? FENCE.exec(line) : null;
      if (m && m[1]!.replace(/\t/g, '    ').length <= 3 && m[2]![0] === fence.ch && m[2]!.length >= fence.len && m[3]!.trim() === '') {
        if (fence.col0 && next > 0 && next < text.length) starts.push(next);
        fence = null;
      }
    } else if (html) {
      if (HTML_END.test(line)) html = false;
    } else if (htmlUntilBlank && !blank) {
      // inside an HTML block: nothing starts here
    } else {
      htmlUntilBlank = false;
      const col0 = line.length > 0 && line[0] !== ' ' && line[0] !== '\t';
      const m = fenceChars ? FENCE.exec(line) : null;
      const opens = !!m && !(m[2]![0] === '`' && m[3]!.includes('`'));
      if (at > 0 && col0 && (prevBlank || opens) && starts[starts.length - 1] !== at) starts.push(at);
      if (opens) fence = { ch: m![2]![0]!, len: m![2]!.length, col0 };
      else if (!line.includes('<')) {
        // no HTML block starts here
      } else if (HTML_MULTILINE.test(line) && !HTML_END.test(line.slice(line.indexOf('<') + 2))) html = true;
      else if (HTML_BLOCK_6.test(line) || (prevBlank && HTML_UNTIL_BLANK.test(line))) htmlUntilBlank = true;
    }
    prevBlank = blank;
    if (next < 0) break;
    at = next;
  }
  return starts;
}

/**
 * What could make a backtick something other than a code span delimiter, or a line something other
 * than inline content: links, HTML and autolinks (`[ ] <`), escapes, fences (three backticks, `~`),
 * indented code (a tab or four spaces, also after a list marker or `>`), CR line ends.
 */
const NOT_QUICK_INLINE = /[~<[\]\\\t\r]| {4}|```/;
/** Where an `@` could start a text node that the raw line does not show (emphasis, a `>` quote marker). */
const SPLITS_TEXT = /[*_>]/;

/**
 * The code spans and prose of a chunk that only holds inline code, each span opening and closing on
 * one line; null when the chunk is not that simple (then the parser reads it). A backtick run whose
 * closer is not on its line could pair on a later line of the same paragraph, so it means null;
 * when every run pairs on its line, pairing the paragraph's runs left to right (CommonMark's rule)
 * finds the same pairs, whatever the block structure around the lines. Prose is each line's text
 * outside code spans: every `@` there sits in a text node, and whether it is at a word start is
 * the same (SPLITS_TEXT excludes what would start a text node mid-line).
 */
export function quickInline(text: string): MarkdownView | null {
  if (NOT_QUICK_INLINE.test(text) || (SPLITS_TEXT.test(text) && text.includes('@'))) return null;
  const code: CodeSpan[] = [];
  const prose: { value: string; start: number }[] = [];
  const addProse = (from: number, to: number) => {
    const value = text.slice(from, to);
    if (value.trim() !== '') prose.push({ value, start: from });
  };
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf('\n', at);
    const eol = nl < 0 ? text.length : nl;
    let from = at;
    for (let open = text.indexOf('`', at); open >= 0 && open < eol; ) {
      let afterOpen = open;
      while (text.charCodeAt(afterOpen) === 96) afterOpen++;
      const ticks = afterOpen - open;
      let close = -1;
      let afterClose = afterOpen;
      for (let k = text.indexOf('`', afterOpen); k >= 0 && k < eol; k = text.indexOf('`', afterClose)) {
        afterClose = k;
        while (text.charCodeAt(afterClose) === 96) afterClose++;
        if (afterClose - k === ticks) {
          close = k;
          break;
        }
      }
      if (close < 0) return null;
      let value = text.slice(afterOpen, close);
      if (value.length > 1 && value[0] === ' ' && value[value.length - 1] === ' ' && value.trim() !== '') value = value.slice(1, -1);
      // Offsets exactly as parseChunk computes them from the parser's node.
      const raw = text.slice(open, afterClose);
      const valueStart = open + Math.max(ticks, raw.indexOf(value, ticks));
      const bang = text[open - 1] === '!' && (open - 2 < 0 || /\s/.test(text[open - 2]!));
      addProse(from, open);
      code.push({ value, start: valueStart, end: valueStart + value.length, lang: null, inline: true, bang });
      from = afterClose;
      open = text.indexOf('`', afterClose);
    }
    addProse(from, eol);
    if (nl < 0) break;
    at = nl + 1;
  }
  return { code, prose };
}

const FENCE_OPEN = /^(`{3,}|~{3,})/;

/**
 * A chunk that is one fenced block opening in column 0 and closed by its last line (blank lines
 * after it aside): its code, read without the parser; null for anything else. Column 0 means the
 * content lines are the code as they stand; an info string with escapes or character references
 * (`\\`, `&`) is left to the parser, which decodes them.
 */
export function quickFence(text: string): MarkdownView | null {
  const m = FENCE_OPEN.exec(text);
  const firstEnd = text.indexOf('\n');
  if (!m || firstEnd < 0 || text.includes('\r')) return null;
  const fence = m[1]!;
  const info = text.slice(fence.length, firstEnd);
  if ((fence[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return null;
  const bodyStart = firstEnd + 1;
  let at = bodyStart;
  for (;;) {
    const nl = text.indexOf('\n', at);
    const eol = nl < 0 ? text.length : nl;
    const line = text.slice(at, eol);
    const c = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
    if (c && c[1]![0] === fence[0] && c[1]!.length >= fence.length) {
      if (!/^\n*$/.test(text.slice(eol))) return null;
      const value = at > bodyStart ? text.slice(bodyStart, at - 1) : '';
      const lang = /^[ \t]*([^ \t]+)/.exec(info)?.[1] ?? null;
      return { code: [{ value, start: bodyStart, end: bodyStart + value.length, lang, inline: false, bang: lang === '!' }], prose: [] };
    }
    if (nl < 0) return null;
    at = nl + 1;
  }
}

function parseChunk(text: string, force = false): MarkdownView {
  const code: CodeSpan[] = [];
  const prose: { value: string; start: number }[] = [];
  if (!force && !SPECIAL.test(text)) {
    let at = 0;
    for (const line of text.split('\n')) {
      if (line.trim() !== '') prose.push({ value: line, start: at });
      at += line.length + 1;
    }
    return { code, prose };
  }
  if (!force) {
    const quick = quickInline(text) ?? quickFence(text);
    if (quick) return quick;
  }
  let tree: ReturnType<ReturnType<typeof markdown>['fromMarkdown']>;
  try {
    tree = markdown().fromMarkdown(text);
  } catch {
    return { code, prose };
  }
  let open = false;
  const contentEnd = text.trimEnd().length;
  type N = { type: string; value?: string; lang?: string | null; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] };
  const visit = (node: N) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    if (node.type === 'code' && typeof node.value === 'string') {
      const fence = /^[ \t]*(`{3,}|~{3,})/.exec(text.slice(start, start + 64))?.[1];
      if (fence && end >= contentEnd) {
        const last = text.slice(text.lastIndexOf('\n', contentEnd - 1) + 1, contentEnd).trim();
        if (
          !(
            last.length >= fence.length &&
            last === last[0]!.repeat(last.length) &&
            last[0] === fence[0] &&
            text.indexOf('\n', start) < contentEnd - last.length
          )
        )
          open = true;
      }
      const nl = text.indexOf('\n', start);
      const valueStart = nl < 0 ? end : nl + 1;
      code.push({ value: node.value, start: valueStart, end: valueStart + node.value.length, lang: node.lang ?? null, inline: false, bang: node.lang === '!' });
    } else if (node.type === 'inlineCode' && typeof node.value === 'string') {
      const raw = text.slice(start, end);
      const ticks = /^`+/.exec(raw)?.[0].length ?? 1;
      const valueStart = start + Math.max(ticks, raw.indexOf(node.value, ticks));
      const bang = text[start - 1] === '!' && (start - 2 < 0 || /\s/.test(text[start - 2]!));
      code.push({ value: node.value, start: valueStart, end: valueStart + node.value.length, lang: null, inline: true, bang });
    } else if (node.type === 'text' && typeof node.value === 'string') {
      prose.push({ value: text.slice(start, end), start });
    }
    for (const c of node.children ?? []) visit(c as N);
  };
  visit(tree as unknown as N);
  return { code, prose, open };
}

const cache = new Map<string, MarkdownView>();
const CACHE_LIMIT = 4000;

function cachedChunk(text: string): MarkdownView {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text); // most recently used last
    cache.set(text, hit);
    return hit;
  }
  const view = parseChunk(text);
  if (text.length > 64) {
    cache.set(text, view);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return view;
}

/** Code spans and prose of a Markdown body (offsets into it). */
export function scanMarkdown(body: string): MarkdownView {
  const starts = chunkStarts(body);
  const out: MarkdownView = { code: [], prose: [] };
  for (let i = 0; i < starts.length; ) {
    const s = starts[i]!;
    let j = i + 1;
    let view = cachedChunk(body.slice(s, j < starts.length ? starts[j] : body.length));
    // An unclosed fence means a boundary inside it was wrong: take in the next chunk and parse again.
    while (view.open && j < starts.length) {
      j++;
      view = cachedChunk(body.slice(s, j < starts.length ? starts[j] : body.length));
    }
    for (const c of view.code) out.code.push({ ...c, start: c.start + s, end: c.end + s });
    for (const p of view.prose) out.prose.push({ value: p.value, start: p.start + s });
    i = j;
  }
  return out;
}

/** The whole body through the parser at once: the reference scanMarkdown is tested against. */
export function parseMarkdownWhole(body: string): MarkdownView {
  const { code, prose } = parseChunk(body, true);
  return { code, prose };
}

/** Forget the parsed chunks (benchmarks measure a first parse with it). */
export function clearMarkdownCache(): void {
  cache.clear();
}

// Whether the Markdown around a command tells the agent to run it, as a person reads it. A command
// is an instruction unless its context says otherwise:
//  - a prohibition whose scope covers it: "Never run `x`", "**Never:**" above a list that holds it,
//    "Don't do this:" before a block, a heading "## Anti-patterns" or "### ❌ Don't";
//  - a counter-example right before it ("instead of `x`", "rather than `x`", "`y`, not `x`") or
//    a warning right after it ("`git clean -fdx` will destroy …", "`x` (blocked)");
//  - a "Bad" / "❌" label on its line or its list item;
//  - a catalogue: a table of what a tool blocks or detects (its header, lead-in or heading says so).
// A prohibition inside a condition does not forbid what follows the condition: "If you don't have
// it: `curl … | bash`" is an instruction (an if-clause is dropped before the cues are read). An
// approval ("✅", "Good:", "Instead, run", "Do:") close to the command wins over a heading's cue.

/** Cues that make what they scope over a prohibition or a counter-example. */
const PROHIBITION =
  /\b(?:never|don'?t|do not|must not|mustn'?t|shouldn'?t|should not|avoid|not allowed|forbidden|prohibited|blocked|blocks|denied|denies|rejects?|dangerous|destructive|unsafe|bad|wrong|incorrect|anti-?patterns?|pitfalls?|mistakes?|bypass(?:es)?|triggers? on|detects?|catch(?:es)?|flags?|warns? (?:on|about)|guards? against|what not to)\b|\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718/i;
/** The same for headings: narrower (a "Common problems" section holds the fixes to run). */
const HEADING_PROHIBITION =
  /\b(?:never|don'?t|do not|must not|avoid|not allowed|forbidden|prohibited|blocked|blocks|denied|dangerous|destructive|unsafe|bad|wrong|anti-?patterns?|pitfalls?|mistakes?|detects?|catch(?:es)?|what not to|what to look for|red flags|warning signs|signals|symptoms)\b|\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718/i;
/** Headings about putting things right: "Undoing mistakes", "Fixing common problems" hold the commands to run. */
const REMEDY = /\b(?:undo(?:ing)?|fix(?:ing|es)?|recover(?:ing|y)?(?: from)?|resolv(?:e|ing)|handl(?:e|ing)|troubleshoot(?:ing)?)\b/i;
/** Cues that make the command right before or after them an example to follow. */
const APPROVAL = /\b(?:good|correct|right|safe|instead|do this|better|recommended|preferred|use this)\b|\u2705|\u2714|\*\*do\*\*/i;
/** Right before the command: it is the thing replaced or contrasted. */
const CONTRAST_BEFORE =
  /(?:\binstead of|\brather than|\bover|\bnot|\bvs\.?|\bversus|\bunlike|\bwithout)\s*(?:[*_]{1,2})?\s*(?:running|using|calling|doing)?\s*$/i;
/** Right after the command: a warning about it. */
const WARNING_AFTER =
  /^[^.;\n]{0,40}?(?:\(\s*(?:blocked|denied|dangerous|destructive|never|don'?t|bad|wrong|forbidden|unsafe)\b|\bwill (?:destroy|delete|wipe|erase|lose|remove everything)|\b(?:destroys|wipes|erases)\b|\bis (?:dangerous|destructive|irreversible|blocked|forbidden|not allowed|never|unsafe)|\bare (?:dangerous|destructive|blocked|forbidden|not allowed)|\bcan(?:'t|not) be undone|\birreversibl|\u274C|\u26D4|\uD83D\uDEAB)/i;
/**
 * An if-clause up to its comma or colon (or the end): its negation conditions what follows, it does
 * not forbid it. And "is never", "are not" describe, they do not forbid.
 */
const CONDITION = /\b(?:if|when|whenever|unless|in case|once|where)\b[^.;:!?,\n]*(?:[,:]|$)|\b(?:is|are|was|were|be|been|it'?s|that'?s)\s+(?:never|not)\b/gi;
/** A table of commands that a tool blocks, detects or rates: a catalogue, not steps to run. */
const CATALOGUE = /\b(?:blocks?|blocked|denied|detects?|pattern|severity|risk|dangerous|destructive|forbidden|prohibited|matches|caught|rule id)\b/i;

export type Role = { instruction: true } | { instruction: false; why: string };

const INSTRUCTION: Role = { instruction: true };

/** The text near a command that cues are read in: bounded, so every cue regex runs on a short string. */
const NEAR = 400;

/** The cues of a text once its if-clauses are dropped. */
function prohibits(text: string, cues = PROHIBITION): boolean {
  return cues.test(text.slice(-NEAR).replace(CONDITION, ' '));
}

/** `s` without the trailing characters in `chars` (and whitespace): a loop, not a backtracking regex. */
function trimTrailing(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && (chars.includes(s[end - 1]!) || /\s/.test(s[end - 1]!))) end--;
  return s.slice(0, end);
}

/** Offsets of line starts, for finding a line and the lines above it. */
export interface TextLines {
  text: string;
  starts: number[];
}

export function textLines(text: string): TextLines {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return { text, starts };
}

function lineIndex(t: TextLines, at: number): number {
  let lo = 0;
  let hi = t.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lineText(t: TextLines, i: number): string {
  const end = i + 1 < t.starts.length ? t.starts[i + 1]! - 1 : t.text.length;
  return t.text.slice(t.starts[i]!, end);
}

const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+/;
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * What introduces line `i`: for a list item (or an indented line inside one), its parent items and
 * the paragraph right before the list, nearest first.
 */
function leadIns(t: TextLines, i: number): string[] {
  const out: string[] = [];
  const own = lineText(t, i);
  let level = indentOf(own);
  if (!LIST_ITEM.test(own) && level === 0) return out;
  let blanks = 0;
  for (let j = i - 1; j >= 0 && i - j < 80; j--) {
    const line = lineText(t, j);
    if (line.trim() === '') {
      if (++blanks > 1) break;
      continue;
    }
    blanks = 0;
    const ind = indentOf(line);
    if (LIST_ITEM.test(line)) {
      if (ind < level) {
        out.push(line); // a parent item
        level = ind;
      }
      continue; // a sibling, or an item nested deeper
    }
    if (level > 0 && ind >= level) continue; // the text of an item above
    if (/^\s*(?:#|```|~~~)/.test(line)) break;
    out.push(line); // the paragraph before the list
    break;
  }
  return out;
}

/**
 * Approval or prohibition in a label of the line itself: "❌ Bad:", "**Don't**:", "✅", "Good:". A
 * condition ("If you don't have it:") is not a label.
 */
function labelOf(before: string): 'counter' | 'approve' | null {
  const bare = before.slice(0, NEAR).replace(/^\s*(?:[-*+]|\d+[.)])?\s*/, '');
  if (/^(?:\u2705|\u2714)/.test(bare)) return 'approve';
  if (/^(?:\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718)/.test(bare)) return 'counter';
  const m = /^(?:\*\*|__)?([^`*_:]{1,30}?)(?:\*\*|__)?\s*[:\u2013\u2014]/.exec(bare);
  if (!m) return null;
  const label = m[1]!.trim();
  if (/^(?:if|when|whenever|unless|in case|once|where)\b/i.test(label)) return null;
  if (/\b(?:good|correct|do|right|better|instead|yes|safe)\b/i.test(label) && !/\bdon'?t\b/i.test(label)) return 'approve';
  if (/\b(?:bad|wrong|incorrect|never|don'?t|avoid|no|forbidden|dangerous)\b/i.test(label)) return 'counter';
  return null;
}

/** The clause of a line before a position: from the last sentence boundary. */
function clauseBefore(line: string): string {
  const cut = Math.max(line.lastIndexOf('. '), line.lastIndexOf('; '), line.lastIndexOf('! '), line.lastIndexOf('? '));
  return cut >= 0 ? line.slice(cut + 2) : line;
}

export interface RoleContext {
  lines: TextLines;
  /** The headings above an offset: the nearest, then each enclosing one (fewer #). */
  headings(at: number): string[];
}

/** A section whose heading (or an enclosing one) is about what not to run or what to look for. */
function forbiddenSection(ctx: RoleContext, at: number): boolean {
  return ctx.headings(at).some((h) => !REMEDY.test(h) && HEADING_PROHIBITION.test(h));
}

/** The role of inline code at [start, end). */
export function inlineRole(ctx: RoleContext, start: number, end: number): Role {
  const t = ctx.lines;
  const i = lineIndex(t, start);
  const line = lineText(t, i);
  const col = start - t.starts[i]!;
  const beforeOnLine = line.slice(0, Math.max(0, col - 1));
  const afterOnLine = line.slice(Math.min(line.length, end - t.starts[i]! + 1));
  // A table row: a catalogue when its header, lead-in or heading says so; otherwise a row of steps.
  if (/^\s*\|/.test(line)) {
    const header = tableHeader(t, i);
    if (CATALOGUE.test(header) || prohibits(header)) return { instruction: false, why: 'a table of what a tool blocks or detects' };
    const cell = beforeOnLine.slice(beforeOnLine.lastIndexOf('|') + 1);
    if (prohibits(beforeOnLine) || prohibits(cell)) return { instruction: false, why: 'a table row that forbids it' };
    const lead = tableLeadIn(t, i);
    if (prohibits(lead)) return { instruction: false, why: 'a table introduced as what not to run' };
    if (forbiddenSection(ctx, start)) return { instruction: false, why: 'a section about what not to run' };
    return INSTRUCTION;
  }
  const label = labelOf(beforeOnLine);
  if (label === 'counter') return { instruction: false, why: 'marked as a bad example' };
  if (CONTRAST_BEFORE.test(trimTrailing(beforeOnLine, '`*_').slice(-60))) return { instruction: false, why: 'the command it replaces' };
  if (WARNING_AFTER.test(afterOnLine.slice(0, NEAR))) return { instruction: false, why: 'a warning about it' };
  const clause = clauseBefore(beforeOnLine);
  if (prohibits(clause)) return { instruction: false, why: 'a prohibition' };
  if (label === 'approve' || APPROVAL.test(clause)) return INSTRUCTION;
  for (const lead of leadIns(t, i)) {
    const l = labelOf(lead);
    if (l === 'approve') return INSTRUCTION;
    if (l === 'counter' || (introduces(lead) && prohibits(lastSentence(lead)))) return { instruction: false, why: 'a list introduced as what not to do' };
    if (APPROVAL.test(lead)) return INSTRUCTION;
  }
  if (forbiddenSection(ctx, start)) return { instruction: false, why: 'a section about what not to run or look out for' };
  return INSTRUCTION;
}

/** The role of a fenced block whose fence line is line `fence` (index) of the text. */
export function blockRole(ctx: RoleContext, fenceLine: number, at: number): Role {
  const t = ctx.lines;
  // The paragraph right before the fence (up to 3 lines), read from its last sentence back.
  const para: string[] = [];
  let j = fenceLine - 1;
  while (j >= 0 && lineText(t, j).trim() === '') j--;
  for (; j >= 0 && para.length < 3; j--) {
    const line = lineText(t, j);
    if (line.trim() === '' || /^\s*(?:#|```|~~~)/.test(line)) break;
    para.unshift(line);
  }
  const paragraph = para.join(' ');
  const sentences = paragraph.split(/(?<=[.!?])\s+/).reverse();
  for (const s of sentences) {
    const label = labelOf(s);
    if (label === 'counter') return { instruction: false, why: 'marked as a bad example' };
    if (label === 'approve') return INSTRUCTION;
    if (prohibits(s)) return { instruction: false, why: 'introduced as what not to run' };
    if (APPROVAL.test(s)) return INSTRUCTION;
  }
  // A block inside a list item: the item and the list's lead-in.
  for (const lead of leadIns(t, fenceLine)) {
    const l = labelOf(lead);
    if (l === 'approve') return INSTRUCTION;
    if (l === 'counter' || (introduces(lead) && prohibits(lastSentence(lead)))) return { instruction: false, why: 'in a list of what not to do' };
  }
  if (forbiddenSection(ctx, at)) return { instruction: false, why: 'a section about what not to run or look out for' };
  return INSTRUCTION;
}

/** A line that introduces what follows it: it ends with a colon (bold or not). */
function introduces(line: string): boolean {
  return trimTrailing(line, '*_').endsWith(':') || trimTrailing(line, '').endsWith(':**') || trimTrailing(line, '').endsWith(':__');
}

function lastSentence(text: string): string {
  const parts = text.trim().split(/(?<=[.!?])\s+/);
  return parts[parts.length - 1] ?? '';
}

/** The header row of the table holding line i. */
function tableHeader(t: TextLines, i: number): string {
  let j = i;
  while (j > 0 && /^\s*\|/.test(lineText(t, j - 1))) j--;
  return lineText(t, j);
}

/** The paragraph line right above the table holding line i. */
function tableLeadIn(t: TextLines, i: number): string {
  let j = i;
  while (j > 0 && /^\s*\|/.test(lineText(t, j - 1))) j--;
  j--;
  while (j >= 0 && lineText(t, j).trim() === '') j--;
  const line = j >= 0 ? lineText(t, j) : '';
  return /^\s*#/.test(line) ? '' : line;
}

export { lineIndex };

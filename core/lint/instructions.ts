// What in a Markdown file is an instruction to run a command, and what is prose about one.
// Agents follow instructions literally, so a command the guard set denies is worth a warning only
// where the text tells the agent to run it: a shell block, a `$ ` prompt line, a !`cmd` line, or
// inline code that reads as a command line. Not: a prohibition ("never run …", "do not …", "❌",
// a "Bad"/"Blocked" example), a template with <placeholders>, a regular expression, a file tree, or
// an English sentence that happens to sit in backticks.

import type { RuleContext } from './types';

const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'terminal', 'ps1', 'powershell', 'pwsh']);
const PROMPT_LANGS = new Set(['console', 'shell-session', 'terminal']);

/** Words that turn what follows into a counter-example. */
const PROHIBITION =
  /\b(never|don'?t|do not|does not|must not|mustn'?t|shouldn'?t|should not|cannot|can'?t|avoid|not allowed|forbidden|prohibited|instead of|rather than|no longer|blocked|blocks|denied|denies|rejects?|dangerous|destructive|unsafe|bad|wrong|anti-?patterns?|pitfalls?|mistakes?|bypass(es)?|problem|triggers? on|detects?|catch(es)?|flags?|warns? (on|about)|guards? against)\b|\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718/i;
/** Words that turn a block back into an example to follow, after a counter-example. */
const APPROVAL = /\b(good|correct|right|safe|instead|do this|better|recommended|preferred)\b|\u2705|\u2714/i;

/** `<name>`, `<run-id>`, `<file path>`: a template, not a command line. */
const PLACEHOLDER = /<[A-Za-z_{][\w{}.:\- ]*>/;
/** A regular expression in an argument (`rm\s+-rf`, `import\.meta\.env`): data, not a path. */
const REGEX_ESCAPE = /\\[.sdwbSDWB()[\]{}+*?|^$]/;
/** Common words of English sentences (a backticked sentence is prose). */
const STOPWORDS = /\b(the|a|an|and|or|is|are|to|of|for|with|that|this|it|be|when|if|your|you|we|not)\b/gi;

export interface InstructedCommand {
  command: string;
  start: number;
  end: number;
}

/** Is this command text a template, a regex or a sentence rather than something to run? */
export function notACommand(cmd: string): boolean {
  if (PLACEHOLDER.test(cmd) || REGEX_ESCAPE.test(cmd)) return true;
  if (/^[A-Z][a-z]+\b/.test(cmd) && (cmd.match(STOPWORDS)?.length ?? 0) >= 2) return true;
  if (/^[\u2502\u251C\u2514\u2500\u252C\u2534\u253C|`\s-]*[\u2502\u251C\u2514]/.test(cmd)) return true; // a file tree
  return false;
}

/** Inline code that reads as a command line: a program name and at least one argument. */
function commandLike(code: string): boolean {
  const t = code.trim();
  const first = /^\S+/.exec(t)?.[0] ?? '';
  if (!/\s/.test(t)) return false;
  // Inline code that a paragraph wraps (`quantized-⏎export`) is a name, not a command line: an
  // instruction in backticks is written on one line.
  if (t.includes('\n')) return false;
  if (!/^(?:[a-z][\w.+-]*|\.{0,2}\/[\w./-]+|~\/[\w./-]+|[A-Z]+=\S*)$/.test(first)) return false;
  if (first.endsWith('/') || /\.(md|json|ya?ml|ts|js|py|txt|toml)$/.test(first)) return false;
  return (t.match(STOPWORDS)?.length ?? 0) < 3;
}

/** The paragraph (up to 3 non-blank lines) before the line holding `at`. */
function paragraphBefore(text: string, at: number): string {
  const lines = text.slice(Math.max(0, at - 2000), at).split('\n');
  lines.pop(); // what follows the last newline (nothing: `at` starts the block's first line)
  lines.pop(); // the fence line itself
  const para: string[] = [];
  let i = lines.length - 1;
  while (i >= 0 && lines[i]!.trim() === '') i--;
  for (; i >= 0 && lines[i]!.trim() !== '' && para.length < 3; i--) para.unshift(lines[i]!);
  return para.join('\n');
}

/** The headings of a text (offset and line), so the nearest one above a span is a binary search. */
function headingsOf(text: string): { at: number; line: string }[] {
  const out: { at: number; line: string }[] = [];
  for (const m of text.matchAll(/^#{1,6}[ \t].*$/gm)) out.push({ at: m.index!, line: m[0] });
  return out;
}
function headingBefore(headings: { at: number; line: string }[], at: number): string {
  let lo = 0;
  let hi = headings.length - 1;
  let best = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid]!.at < at) {
      best = headings[mid]!.line;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** Text on the same line before an inline span (from the start of its sentence). */
function sentenceBefore(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 160), at);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('; '));
  return cut >= 0 ? before.slice(cut + 2) : before;
}

/** A parenthetical right after an inline span: "`git push -f` (blocked)". */
function parentheticalAfter(text: string, at: number): string {
  const m = /^[ \t]*[\u2014\u2013-]?[ \t]*(\([^)\n]{0,60}\)|[^\n.;]{0,40})/.exec(text.slice(at, at + 80));
  return m?.[1] ?? '';
}

/** Commands the agent is told to run (bang: the !`cmd` forms that run when a skill is invoked). */
export function commandsIn(ctx: RuleContext, bang: boolean): InstructedCommand[] {
  const out: InstructedCommand[] = [];
  const text = ctx.file.text;
  let headings: { at: number; line: string }[] | undefined;
  const spans = ctx.code();
  // Headings outside code blocks (a `# comment` in a shell block is not one).
  const blocks = spans.filter((c) => !c.inline);
  const heading = (at: number) => {
    headings ??= headingsOf(text).filter((h) => !blocks.some((b) => h.at >= b.start && h.at < b.end));
    return headingBefore(headings, at);
  };
  for (const c of spans) {
    if (c.bang !== bang) continue;
    if (c.inline) {
      if (!bang) {
        if (!commandLike(c.value) || notACommand(c.value)) continue;
        if (PROHIBITION.test(sentenceBefore(text, c.start - 1)) || PROHIBITION.test(parentheticalAfter(text, c.end + 1)) || PROHIBITION.test(heading(c.start)))
          continue;
      }
      out.push({ command: c.value, start: c.start, end: c.end });
      continue;
    }
    const lang = c.lang?.toLowerCase() ?? null;
    if (!c.bang && (lang === null ? false : !SHELL_LANGS.has(lang))) continue;
    if (!bang) {
      if (PROHIBITION.test(paragraphBefore(text, c.start)) || PROHIBITION.test(heading(c.start))) continue;
    }
    // One command per line; prompt blocks (and blocks without a language) only count `$ ` lines.
    const promptOnly = !c.bang && (lang === null || PROMPT_LANGS.has(lang));
    let offset = c.start;
    let counter = false; // after a "# ❌ …" / "# Bad" comment, until a "# ✅" / blank line
    for (const line of c.value.split('\n')) {
      const t = line.trim();
      if (t === '') counter = false;
      else if (t.startsWith('#') && !/^#\s*\S+\s*[$>]/.test(t)) {
        if (!bang && PROHIBITION.test(t)) counter = true;
        else if (APPROVAL.test(t)) counter = false;
      }
      const isPrompt = t.length > 1 && '$>'.includes(t[0]!) && /\s/.test(t[1]!);
      const cmd = promptOnly ? (isPrompt ? t.slice(1).trim() : '') : t;
      const hash = cmd.search(/ #\s/);
      const comment = hash < 0 ? '' : cmd.slice(hash);
      if (cmd && !cmd.startsWith('#') && !counter && !(bang ? false : notACommand(cmd) || PROHIBITION.test(comment))) {
        const at = offset + line.indexOf(cmd);
        out.push({ command: cmd, start: at, end: at + cmd.length });
      }
      offset += line.length + 1;
    }
  }
  return out;
}

export interface CommandSpan extends InstructedCommand {
  /** The text tells the agent to run it (commandsIn lists it); otherwise a counter-example or prose. */
  instructed: boolean;
}

/**
 * Every command the file shows, told to run or not: inline code that reads as a command line, the
 * lines of shell blocks (the `$ ` lines of prompt blocks), and !`cmd`. For the editor's hover,
 * which says what the guard would do with any of them.
 */
export function commandSpans(ctx: RuleContext): CommandSpan[] {
  const instructed = new Set([...commandsIn(ctx, false), ...commandsIn(ctx, true)].map((c) => c.start));
  const out: CommandSpan[] = [];
  for (const c of ctx.code()) {
    if (c.inline) {
      if (c.bang || (commandLike(c.value) && !notACommand(c.value)))
        out.push({ command: c.value, start: c.start, end: c.end, instructed: instructed.has(c.start) });
      continue;
    }
    const lang = c.lang?.toLowerCase() ?? null;
    if (!c.bang && (lang === null ? false : !SHELL_LANGS.has(lang))) continue;
    const promptOnly = !c.bang && (lang === null || PROMPT_LANGS.has(lang));
    let offset = c.start;
    for (const line of c.value.split('\n')) {
      const t = line.trim();
      const isPrompt = t.length > 1 && '$>'.includes(t[0]!) && /\s/.test(t[1]!);
      const cmd = promptOnly ? (isPrompt ? t.slice(1).trim() : '') : t;
      if (cmd && !cmd.startsWith('#')) {
        const at = offset + line.indexOf(cmd);
        out.push({ command: cmd, start: at, end: at + cmd.length, instructed: instructed.has(at) });
      }
      offset += line.length + 1;
    }
  }
  return out;
}

// What in a Markdown file is a command, and whether the text tells the agent to run it. Agents
// follow instructions literally, so a command the guard set denies is an error where the text tells
// the agent to run it: a shell block, a `$ ` prompt line, a !`cmd` line, or inline code that reads
// as a command line (core/lint/prose-role.ts reads the sentence, list, table and heading around
// it). Where the text forbids it, warns about it or lists it in a catalogue, it is not an
// instruction (the rule may say, as a hint, that the guard would deny it). Not a command at all: a
// template with <placeholders>, a regular expression, a file tree, an English sentence in backticks.
//
// Blocks are read command by command (core/lint/shell-block.ts: a heredoc, a continued line or an
// if … fi is one command), each in its own language: PowerShell as PowerShell.

import { blockCommands, looksLikePowerShell, startsCommand } from './shell-block';
import { blockRole, inlineRole, lineIndex, textLines, type Role, type RoleContext } from './prose-role';
import type { RuleContext } from './types';

const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'terminal', 'ps1', 'powershell', 'pwsh', 'ps']);
const PROMPT_LANGS = new Set(['console', 'shell-session', 'terminal']);

/** `<name>`, `<run-id>`, `<file path>`: a template, not a command line. */
const PLACEHOLDER = /<[A-Za-z_{][\w{}.:\- ]*>/;
/** A regular expression in an argument (`rm\s+-rf`, `import\.meta\.env`): data, not a path. */
const REGEX_ESCAPE = /\\[.sdwbSDWB()[\]{}+*?|^$]/;
/** Common words of English sentences (a backticked sentence is prose). */
const STOPWORDS = /\b(the|a|an|and|or|is|are|to|of|for|with|that|this|it|be|when|if|your|you|we|not)\b/gi;

/**
 * Programs common enough in instructions that two words in backticks starting with one are a
 * command line (`git status`, `npm test`); other two-word spans need a shell-looking argument (a
 * flag, a path, a pipe) to count: `pass rate` is prose, not `pass show`.
 */
const EVERYDAY = new Set(
  (
    'git npm npx pnpm yarn bun bunx node deno python python3 pip pip3 pipx uv poetry pytest cargo rustup go make cmake ' +
    'docker podman kubectl helm terraform tofu pulumi aws gcloud az gh glab curl wget rm cp mv ln mkdir rmdir touch cat ' +
    'head tail grep rg find sed awk xargs chmod chown sudo ssh scp rsync tar zip unzip kill pkill killall ps ls echo ' +
    'export source env psql mysql redis-cli mongosh sqlite3 brew apt apt-get dnf yum pacman systemctl dd mkfs shutdown ' +
    'reboot eval exec bash sh zsh pwsh powershell mvn gradle dotnet composer gem bundle rails rake jest vitest tsc eslint ' +
    'prettier biome ruff mypy black jq yq flux argocd vercel netlify heroku flyctl wrangler supabase prisma alembic ' +
    'firebase claude codex gemini'
  ).split(' '),
);

export interface InstructedCommand {
  command: string;
  start: number;
  end: number;
}

export interface CommandOccurrence extends InstructedCommand {
  shell: 'bash' | 'powershell';
  role: Role;
  /** File offsets of each physical line of a command that spans lines (one entry for one line). */
  lines: { start: number; end: number }[];
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
  const words = t.split(/\s+/);
  const first = words[0] ?? '';
  if (words.length < 2) return false;
  // Inline code that a paragraph wraps (`quantized-⏎export`) is a name, not a command line: an
  // instruction in backticks is written on one line.
  if (t.includes('\n')) return false;
  if (looksLikePowerShell(t)) return true;
  if (!/^(?:[a-z][\w.+-]*|\.{0,2}\/[\w./-]+|~\/[\w./-]+|[A-Z]+=\S*)$/.test(first)) return false;
  if (first.endsWith('/') || /\.(md|json|ya?ml|ts|js|py|txt|toml)$/.test(first)) return false;
  if ((t.match(STOPWORDS)?.length ?? 0) >= 3) return false;
  const program = first.includes('=') ? (words[1] ?? '') : first;
  return EVERYDAY.has(program.replace(/^.*\//, '')) || words.slice(1).some((w) => /^-|[/.~=$*|<>&;]/.test(w));
}

/** The headings of a text (offset and line), outside code blocks, for the nearest one above a span. */
function headingsOf(text: string, blocks: { start: number; end: number }[]): { at: number; line: string }[] {
  const out: { at: number; line: string }[] = [];
  for (const m of text.matchAll(/^#{1,6}[ \t].*$/gm)) if (!blocks.some((b) => m.index! >= b.start && m.index! < b.end)) out.push({ at: m.index!, line: m[0] });
  return out;
}
/**
 * The nearest heading before `at`, then each enclosing one (a heading with fewer #) down to level 2:
 * a document's # title names the whole file ("Destructive Command Guard"), not a section of it.
 */
function headingsBefore(headings: { at: number; line: string }[], at: number): string[] {
  let lo = 0;
  let hi = headings.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid]!.at < at) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const out: string[] = [];
  let level = 7;
  for (let i = best; i >= 0 && level > 1 && out.length < 6; i--) {
    const h = headings[i]!.line;
    const l = h.length - h.replace(/^#+/, '').length;
    if (l < level) {
      if (out.length === 0 || l > 1) out.push(h);
      level = l;
    }
  }
  return out;
}

/**
 * Maps an offset in a block's value to the file: a fenced block inside a list item has its lines'
 * indentation removed from the value, so each value line sits at the end of its file line.
 */
function valueToFile(text: string, lines: ReturnType<typeof textLines>, blockStart: number, value: string): (v: number) => number {
  const first = lineIndex(lines, blockStart);
  const valueStarts = [0];
  for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) valueStarts.push(i + 1);
  return (v: number) => {
    let k = valueStarts.length - 1;
    while (k > 0 && valueStarts[k]! > v) k--;
    const fileStart = lines.starts[first + k];
    if (fileStart === undefined) return blockStart + v;
    const fileEnd = first + k + 1 < lines.starts.length ? lines.starts[first + k + 1]! - 1 : text.length;
    const valueEnd = k + 1 < valueStarts.length ? valueStarts[k + 1]! - 1 : value.length;
    const shift = fileEnd - fileStart - (valueEnd - valueStarts[k]!);
    return fileStart + Math.max(0, shift) + (v - valueStarts[k]!);
  };
}

/** Every command in the file with its role; bang: only the !`cmd` forms that run when a skill is invoked. */
export function commandOccurrences(ctx: RuleContext, bang: boolean): CommandOccurrence[] {
  const out: CommandOccurrence[] = [];
  const text = ctx.file.text;
  const spans = ctx.code();
  const blocks = spans.filter((c) => !c.inline);
  let headings: { at: number; line: string }[] | undefined;
  let lines: ReturnType<typeof textLines> | undefined;
  const roles = (): RoleContext => {
    lines ??= textLines(text);
    return {
      lines,
      headings: (at) => {
        headings ??= headingsOf(text, blocks);
        return headingsBefore(headings, at);
      },
    };
  };
  for (const c of spans) {
    if (c.bang !== bang) continue;
    if (c.inline) {
      if (!bang && (!commandLike(c.value) || notACommand(c.value))) continue;
      const role = bang ? ({ instruction: true } as const) : inlineRole(roles(), c.start, c.end);
      out.push({
        command: c.value,
        start: c.start,
        end: c.end,
        shell: looksLikePowerShell(c.value) ? 'powershell' : 'bash',
        role,
        lines: [{ start: c.start, end: c.end }],
      });
      continue;
    }
    const lang = c.lang?.toLowerCase() ?? null;
    if (!c.bang && (lang === null ? false : !SHELL_LANGS.has(lang))) continue;
    const promptOnly = !c.bang && (lang === null || PROMPT_LANGS.has(lang));
    const commands = blockCommands(c.value, c.bang ? 'bash' : lang, promptOnly);
    if (commands.length === 0) continue;
    const r = roles();
    const toFile = valueToFile(text, r.lines, c.start, c.value);
    const role = bang ? ({ instruction: true } as const) : blockRole(r, lineIndex(r.lines, c.start) - 1, c.start);
    for (const cmd of commands) {
      if (!bang && notACommand(cmd.text)) continue;
      const own: Role = bang || !cmd.counter ? role : { instruction: false, why: 'marked as a bad example' };
      out.push({
        command: cmd.text,
        start: toFile(cmd.start),
        end: toFile(cmd.end),
        shell: cmd.shell,
        role: own,
        lines: cmd.lines.map((l) => ({ start: toFile(l.start), end: toFile(l.end) })),
      });
    }
  }
  return out;
}

/** Commands the agent is told to run, in POSIX shell (bang: the !`cmd` forms). */
export function commandsIn(ctx: RuleContext, bang: boolean): InstructedCommand[] {
  return commandOccurrences(ctx, bang)
    .filter((c) => c.role.instruction && (bang || c.shell === 'bash'))
    .map(({ command, start, end }) => ({ command, start, end }));
}

export { startsCommand };

export interface CommandSpan extends InstructedCommand {
  shell: 'bash' | 'powershell';
  /** The text tells the agent to run it; otherwise a counter-example, a prohibition or prose. */
  instructed: boolean;
}

/**
 * Every command the file shows, told to run or not (inline code that reads as a command line, a
 * shell block's commands, !`cmd`), in its own language. For the editor's hover, which says what the
 * guard would do with any of them.
 */
export function commandSpans(ctx: RuleContext): CommandSpan[] {
  return [...commandOccurrences(ctx, false), ...commandOccurrences(ctx, true)].map((c) => ({
    command: c.command,
    start: c.start,
    end: c.end,
    shell: c.shell,
    instructed: c.role.instruction,
  }));
}

// The commands of a shell code block, as a person reads them: one command per logical line, not
// per physical line. A command continues across a trailing backslash, an open quote, a heredoc body,
// a compound command (if … fi, for … done, case … esac, { … }, ( … )) and a line that ends with (or
// a next line that starts with) a pipe or && / ||. Before, each physical line was judged alone: the
// body of `python << 'EOF'` read as shell (`load_dotenv(".env")` as a read of .env), and the tail
// of a multi-line curl as a command whose program is computed.
//
// Also: which lines are PowerShell (a ```powershell block, or the lines after a "# Windows
// (PowerShell)" comment in a bash block, or a line that is plainly PowerShell: `$env:X = …`,
// Verb-Noun cmdlets); which commands a comment marks as a counter-example ("# ❌ Bad", "# DON'T");
// and what is not a command at all (prose and Markdown that an unclosed fence swallowed, YAML,
// output lines of a console block).
//
// A scanner for where commands end, not a parser: what each command does is the shell analysis's
// job (core/shell), through the guard verdict. One pass over the text.

export interface BlockCommand {
  /** The command text to judge (may span lines). */
  text: string;
  /** Offsets of the text in the block's value. */
  start: number;
  end: number;
  shell: 'bash' | 'powershell';
  /** A comment marks it as a counter-example (what not to do). */
  counter: boolean;
  /** Start offsets (in the value) of each physical line of the command, for finding the line at fault. */
  lines: { start: number; end: number }[];
}

/**
 * A comment line that labels the commands after it as a counter-example: it starts with the cue
 * ("# ❌ …", "# Bad:", "# Don't do this", "# Never run this") and is short or says "this"; a longer
 * note ("# Do not store private keys in version control") forbids something else.
 */
function counterLabel(comment: string): boolean {
  const t = comment.replace(/^#+\s*/, '');
  if (/^(?:\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718)/.test(t)) return true;
  if (!/^(?:bad|wrong|incorrect|never|don'?t|do not|avoid|dangerous|danger|destructive|unsafe|anti-?pattern|not this|no\b)/i.test(t)) return false;
  return t.split(/\s+/).length <= 6 || /\b(?:this|these|that)\b/i.test(t);
}

/** Words that turn a command into a counter-example in a comment on its own line. */
const COUNTER_COMMENT =
  /\b(?:never|don'?t|do not|must not|avoid|bad|wrong|incorrect|dangerous|destructive|unsafe|forbidden|prohibited|not allowed|blocked|anti-?pattern|will (?:destroy|delete|wipe|lose))\b|\u274C|\u26D4|\uD83D\uDEAB|\u2717|\u2718/i;
/** Words that turn them back into an example to follow. */
const APPROVE_COMMENT = /\b(?:good|correct|right|safe|instead|better|recommended|preferred|do this)\b|\u2705|\u2714/i;
/** A comment naming the shell of the lines after it. */
const POWERSHELL_COMMENT = /\b(?:powershell|pwsh|windows)\b/i;
const POSIX_COMMENT = /\b(?:bash|zsh|posix|unix|linux|macos|mac os|os x|wsl|git bash)\b/i;

const OPENERS = new Set(['if', 'for', 'while', 'until', 'case', 'select']);
const CLOSERS = new Set(['fi', 'done', 'esac']);

/** A PowerShell line: `$env:X = …`, a Verb-Noun cmdlet, `irm … | iex`, the call operator. */
export function looksLikePowerShell(line: string): boolean {
  const t = line.trim();
  return (
    /^\$env:[A-Za-z_]/i.test(t) ||
    /^[A-Z][a-z]+-[A-Z][A-Za-z]+(?:\s|$)/.test(t) ||
    /\|\s*(?:iex|Invoke-Expression)\b/i.test(t) ||
    /^(?:irm|iwr)\s/i.test(t) ||
    /^&\s*["'$]/.test(t)
  );
}

/**
 * Whether a line can start a shell command: a program name, a path, an assignment, a keyword or a
 * grouping. Not: Markdown (bullets, emphasis, tables, headings, quotes), a YAML `key: value`, a
 * JSON or HTML line, a file tree, a numbered step.
 */
export function startsCommand(line: string): boolean {
  const t = line.trimStart();
  if (t === '') return false;
  if (/^(?:[-*+]\s|\*\*|__|\||>\s|<[A-Za-z!/]|[{}[\]"'`]|\d+[.)]\s|[\u2500-\u257F])/.test(t)) return t.startsWith('{ ') || t === '{';
  // `key: value` (YAML, a label) is not a command; `a:b` (a scp target, a port) can be an argument only.
  if (/^[A-Za-z_][\w.-]*:(?:\s|$)/.test(t)) return false;
  return /^(?:[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=|[A-Za-z0-9_.~/$@%+-]|\(|!\s|\[\[?\s)/.test(t);
}

interface State {
  quote: '' | "'" | '"';
  depth: number;
  heredocs: { delim: string; strip: boolean }[];
}

/**
 * Scans one physical line, updating quote, nesting and heredoc state. `continues`: the command goes
 * on (an open quote, a trailing operator, a backslash); `backslash`: the next line continues this
 * line's words (so it does not start a command).
 */
function scanLine(line: string, st: State, atCommandStart: boolean): { continues: boolean; backslash: boolean } {
  let i = 0;
  let wordStart = atCommandStart;
  const n = line.length;
  while (i < n) {
    const c = line[i]!;
    if (st.quote === "'") {
      if (c === "'") st.quote = '';
      i++;
      continue;
    }
    if (st.quote === '"') {
      if (c === '\\') i += 2;
      else {
        if (c === '"') st.quote = '';
        i++;
      }
      continue;
    }
    if (c === '\\') {
      if (i === n - 1) return { continues: true, backslash: true };
      i += 2;
      wordStart = false;
      continue;
    }
    if (c === "'" || c === '"') {
      st.quote = c;
      i++;
      wordStart = false;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) break; // a comment to the end of the line
    if (c === '<' && line[i + 1] === '<' && line[i + 2] !== '<') {
      const m = /^<<(-?)\s*(['"]?)([A-Za-z_][\w.-]*)\2/.exec(line.slice(i));
      if (m) {
        st.heredocs.push({ delim: m[3]!, strip: m[1] === '-' });
        i += m[0].length;
        continue;
      }
    }
    if (c === '(' || c === '{') {
      if (c === '(' || (wordStart && (line[i + 1] === undefined || /\s/.test(line[i + 1]!)))) st.depth++;
      i++;
      wordStart = true;
      continue;
    }
    if (c === ')' || (c === '}' && (i === 0 || /[\s;]/.test(line[i - 1]!)))) {
      st.depth = Math.max(0, st.depth - 1);
      i++;
      continue;
    }
    if (/[;&|]/.test(c)) {
      wordStart = true;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // A word: a keyword counts only where a command starts.
    const m = /^[^\s;&|()<>'"\\]+/.exec(line.slice(i));
    const word = m ? m[0] : c;
    if (wordStart) {
      if (OPENERS.has(word)) st.depth++;
      else if (CLOSERS.has(word)) st.depth = Math.max(0, st.depth - 1);
    }
    wordStart = word === 'then' || word === 'do' || word === 'else' || word === 'elif' || word === '!' || word === 'time';
    i += word.length;
  }
  const code = line.slice(0, i).trimEnd(); // the scan stopped at a comment, or at the end
  return { continues: st.quote !== '' || code.endsWith('|') || code.endsWith('|&') || code.endsWith('&&'), backslash: false };
}

/**
 * The commands of a shell block's value. `lang` is the info string's language (null: none);
 * `promptOnly`: only `$ ` lines are commands (console blocks and blocks without a language).
 */
export function blockCommands(value: string, lang: string | null, promptOnly: boolean): BlockCommand[] {
  const out: BlockCommand[] = [];
  const blockShell = lang !== null && /^(?:powershell|ps1|pwsh|ps)$/i.test(lang) ? 'powershell' : 'bash';
  // A bash block written as a session (`$ npm test` then its output): only the prompt lines run.
  if (blockShell === 'bash' && /^[ \t]*\$[ \t]+\S/m.test(value)) promptOnly = true;
  const physical: { text: string; start: number }[] = [];
  for (let at = 0; at <= value.length; ) {
    const nl = value.indexOf('\n', at);
    const end = nl < 0 ? value.length : nl;
    physical.push({ text: value.slice(at, end).replace(/\r$/, ''), start: at });
    if (nl < 0) break;
    at = nl + 1;
  }
  let counter = false;
  let sectionShell: 'bash' | 'powershell' = blockShell;
  let current: { lines: { start: number; end: number; text: string }[]; counter: boolean; shell: 'bash' | 'powershell' } | null = null;
  const st: State = { quote: '', depth: 0, heredocs: [] };
  let pendingHeredocs: { delim: string; strip: boolean }[] = [];
  // The next line continues the words of this one (a trailing backslash): it starts no command.
  let midWords = false;
  const finish = () => {
    if (!current) return;
    const first = current.lines[0]!;
    const last = current.lines[current.lines.length - 1]!;
    const text = current.lines.map((l) => l.text).join('\n');
    out.push({
      text,
      start: first.start,
      end: last.end,
      shell: current.shell,
      counter: current.counter,
      lines: current.lines.map(({ start, end }) => ({ start, end })),
    });
    current = null;
  };
  for (let k = 0; k < physical.length; k++) {
    const { text: raw, start } = physical[k]!;
    // Inside a heredoc body: part of the command, up to the delimiter line.
    if (pendingHeredocs.length > 0) {
      const h = pendingHeredocs[0]!;
      const body = h.strip ? raw.replace(/^\t+/, '') : raw;
      current?.lines.push({ start, end: start + raw.length, text: raw });
      if (body.trim() === h.delim) pendingHeredocs.shift();
      if (pendingHeredocs.length === 0 && st.depth === 0 && st.quote === '') finish();
      continue;
    }
    if (current) {
      // A continuation line of the open command.
      current.lines.push({ start, end: start + raw.length, text: raw });
      const r = scanLine(raw, st, !midWords && st.quote === '');
      midWords = r.backslash;
      pendingHeredocs = st.heredocs.splice(0);
      if (!r.continues && pendingHeredocs.length === 0 && st.depth === 0 && st.quote === '' && !nextContinues(physical, k)) finish();
      continue;
    }
    let line = raw;
    let lineStart = start;
    const trimmed = raw.trim();
    if (trimmed === '') {
      counter = false;
      sectionShell = blockShell;
      continue;
    }
    if (promptOnly) {
      const m = /^(\s*[$]\s+)/.exec(raw);
      if (!m) continue; // output, not a command
      line = raw.slice(m[1]!.length);
      lineStart = start + m[1]!.length;
    } else if (trimmed.startsWith('#')) {
      if (counterLabel(trimmed)) counter = true;
      else if (APPROVE_COMMENT.test(trimmed)) counter = false;
      if (POWERSHELL_COMMENT.test(trimmed) && !POSIX_COMMENT.test(trimmed)) sectionShell = 'powershell';
      else if (POSIX_COMMENT.test(trimmed)) sectionShell = 'bash';
      continue;
    }
    const lead = line.length - line.trimStart().length;
    const body = line.slice(lead);
    if (!startsCommand(body) && !(blockShell === 'powershell' && /^\$/.test(body))) continue;
    const shell = blockShell === 'powershell' || sectionShell === 'powershell' || looksLikePowerShell(body) ? 'powershell' : 'bash';
    // A trailing comment on the line itself can mark it too: `git reset --hard  # ❌ loses work`.
    const hash = body.search(/\s#\s/);
    const lineCounter = counter || (hash >= 0 && COUNTER_COMMENT.test(body.slice(hash)));
    current = { lines: [{ start: lineStart + lead, end: lineStart + line.length, text: body }], counter: lineCounter, shell };
    st.quote = '';
    st.depth = 0;
    st.heredocs = [];
    if (shell === 'powershell') {
      // PowerShell: one line is one command (its continuation is a backtick; rare in docs).
      finish();
      continue;
    }
    const r = scanLine(body, st, true);
    midWords = r.backslash;
    pendingHeredocs = st.heredocs.splice(0);
    if (!r.continues && pendingHeredocs.length === 0 && st.depth === 0 && st.quote === '' && !nextContinues(physical, k)) finish();
  }
  finish();
  return out;
}

/** Whether the next line continues this command (it starts with a pipe, && or ||). */
function nextContinues(lines: { text: string }[], k: number): boolean {
  const t = lines[k + 1]?.text.trim() ?? '';
  return t.startsWith('|') || t.startsWith('&&');
}

// A small recursive-descent parser for POSIX/bash command lines.
//
// Why not a library: shell-quote tokenises but has no command substitution, heredocs, subshells or
// newline lists; tree-sitter-bash costs ~0.5 s of wasm compilation per process (too slow for a hook
// that runs on every tool call); the pure-JS bash parsers on npm are unmaintained. This parser is
// written for guards: single pass, linear in the input, depth- and size-capped, and it never throws
// (malformed input yields a best-effort tree; where a limit cut it short, `limit` says which) but
// OutOfTime, past the deadline (core/work.ts).

import type { Assignment, Command, Limit, ListOp, Pipeline, Redirect, Script, SimpleCommand, Word, WordPart } from './ast';
import { work } from '../work';

export const MAX_NESTING = 12;
/** Simple commands in one call. Real work never needs thousands; past this the call is unanalysable. */
export const MAX_COMMANDS = 4000;

export interface Budget {
  commands: number;
  /** Consulted every few commands: the hook's internal deadline. */
  expired?: () => boolean;
}

interface PendingHeredoc {
  redirect: Redirect;
  delimiter: string;
  stripTabs: boolean;
}

/** Words that start or end compound commands; at command position they are skipped so the commands inside are seen. */
const SKIPPED_RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '!', 'time', 'in', 'esac']);

export function parseShell(source: string, depth = 0, budget: Budget = { commands: MAX_COMMANDS }): Script {
  return new Parser(source, depth, budget).parseTop();
}

/** The literal value of a word when it has no expansions, else null. */
export function literalValue(word: Word): string | null {
  let out = '';
  for (const p of word.parts) {
    if (p.type !== 'lit') return null;
    out += p.text;
  }
  return out;
}

class Parser {
  private pos = 0;
  private pending: PendingHeredoc[] = [];
  private limit: Limit | null = null;
  /** Open while/until loops: whether the condition is always true, and the body's jobs in the foreground and background. */
  private loops: { forever: boolean; body: boolean; fg: number; bg: number }[] = [];
  /** A loop that never ends and only starts background jobs (`while :; do cmd & done`): processes without bound. */
  private spawnsForever = false;

  constructor(
    private readonly src: string,
    private depth: number,
    private readonly budget: Budget,
  ) {}

  parseTop(): Script {
    const script = this.parseList(null);
    script.limit ??= this.limit;
    return script;
  }

  // ---- lists, pipelines, commands ----

  /** closer: ')' for $( ) and ( ), '}' for { }, 'esac' for a case arm, null at top level. */
  private parseList(closer: ')' | '}' | 'esac' | null): Script {
    const items: Script['items'] = [];
    while (true) {
      const start = this.pos;
      this.skipSeparators(closer);
      if (this.eof()) break;
      const c = this.peek();
      if (closer === ')' && c === ')') break;
      if (closer === '}' && c === '}') break;
      if (closer === 'esac' && (this.startsWith(';;') || this.startsWith(';&') || this.atKeyword('esac'))) break;
      if (c === ')' || c === '}') {
        this.pos++; // stray closer at this level: skip it rather than loop
        continue;
      }
      const outOfTime = (this.budget.commands & 63) === 0 && this.budget.expired?.() === true;
      if (this.budget.commands <= 0 || outOfTime) {
        this.limit ??= outOfTime ? 'deadline' : 'commands';
        this.pos = this.src.length;
        break;
      }
      work();
      const pipeline = this.parsePipeline(closer);
      const op = this.readListOp(closer);
      if (pipeline.commands.length > 0) items.push({ pipeline, op });
      const loop = this.loops[this.loops.length - 1];
      // (`do` alone on its line leaves an empty command: no job.)
      if (loop?.body && pipeline.commands.some((c) => c.type !== 'simple' || c.words.length + c.assigns.length + c.redirects.length > 0)) {
        if (op === '&') loop.bg++;
        else loop.fg++;
      }
      if (this.pos === start) this.pos++; // guarantee progress on input we do not understand
    }
    return this.spawnsForever ? { items, limit: this.limit, spawnsForever: true } : { items, limit: this.limit };
  }

  private skipSeparators(closer: string | null): void {
    while (!this.eof()) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (c === '\n') this.consumeNewline();
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else if (c === '#') this.skipComment();
      else if (c === ';' && !(closer === 'esac' && (this.startsWith(';;') || this.startsWith(';&')))) this.pos++;
      else break;
    }
  }

  private readListOp(closer: string | null): ListOp {
    this.skipSpaces();
    if (this.startsWith('&&')) {
      this.pos += 2;
      this.skipNewlines();
      return '&&';
    }
    if (this.startsWith('||')) {
      this.pos += 2;
      this.skipNewlines();
      return '||';
    }
    if (closer === 'esac' && (this.startsWith(';;') || this.startsWith(';&'))) return '';
    const c = this.peek();
    if (c === ';') {
      this.pos++;
      return ';';
    }
    if (c === '&' && this.src[this.pos + 1] !== '>') {
      this.pos++;
      return '&';
    }
    if (c === '\n') {
      this.consumeNewline();
      return '\n';
    }
    return '';
  }

  private parsePipeline(closer: string | null): Pipeline {
    const commands: Command[] = [];
    const first = this.parseCommand(closer);
    if (first) commands.push(first);
    while (true) {
      this.skipSpaces();
      if (this.peek() === '|' && this.src[this.pos + 1] !== '|') {
        this.pos += this.src[this.pos + 1] === '&' ? 2 : 1;
        this.skipNewlines();
        const next = this.parseCommand(closer);
        if (next) commands.push(next);
        else break;
      } else break;
    }
    return { commands };
  }

  private parseCommand(closer: string | null): Command | null {
    this.skipSpaces();
    if (this.eof()) return null;
    this.budget.commands--;
    const c = this.peek();

    if (c === '(') {
      if (this.src[this.pos + 1] === '(') {
        // (( … )) is arithmetic in bash and zsh, but nested subshells in dash (`sh -c '((rm -rf ~))'`
        // runs it), and the hook cannot know the shell: the substitutions inside run either way, and
        // the text is also read as a subshell. Arithmetic read as commands names no program a guard knows.
        // (Its substitutions are seen as words of that subshell.)
        const from = this.pos;
        this.skipBalanced('(', ')');
        const end = this.pos;
        this.pos = from + 1;
        const body = this.nested(() => this.parseList(')'), ')');
        this.pos = end;
        return { type: 'subshell', body, redirects: this.parseRedirectsOnly(), arith: this.src.slice(from + 2, Math.max(from + 2, end - 2)) };
      }
      this.pos++;
      const body = this.nested(() => this.parseList(')'), ')');
      return { type: 'subshell', body, redirects: this.parseRedirectsOnly() };
    }
    if (c === '{' && this.isDelimiter(this.src[this.pos + 1])) {
      this.pos++;
      const body = this.nested(() => this.parseList('}'), '}');
      return { type: 'group', body, redirects: this.parseRedirectsOnly() };
    }
    return this.parseSimple(closer);
  }

  /** Follows while/until … do … done (the words themselves run nothing) for loops that spawn without bound. */
  private loopWord(word: string): void {
    if (word === 'while' || word === 'until') {
      const rest = this.src.slice(this.pos, this.pos + 40);
      const forever = word === 'while' ? /^\s*(?::|true|\[\s*1\s*\]|\(\(\s*1\s*\)\))[ \t]*[;\n]\s*do\b/.test(rest) : /^\s*false[ \t]*[;\n]\s*do\b/.test(rest);
      if (this.loops.length < 64) this.loops.push({ forever, body: false, fg: 0, bg: 0 });
    } else if (word === 'do') {
      const loop = this.loops[this.loops.length - 1];
      if (loop) loop.body = true;
    } else if (word === 'done') {
      const loop = this.loops.pop();
      if (loop?.forever && loop.bg > 0 && loop.fg === 0) this.spawnsForever = true;
    }
  }

  private parseSimple(closer: string | null): Command | null {
    const cmd: SimpleCommand = { type: 'simple', assigns: [], words: [], redirects: [] };
    while (true) {
      this.skipSpaces();
      if (this.eof()) break;
      // Inside [[ … ]]: && || ( ) < > ! are the test's own operators, not a list, a subshell or
      // redirections (`[[ -z "$R" || "$R" == */* ]]` is one command); newlines may continue it.
      if (cmd.words.length > 0 && this.inConditional(cmd)) {
        const op = /^(?:&&|\|\||[()<>!])/.exec(this.src.slice(this.pos, this.pos + 2));
        if (op && !((op[0] === '<' || op[0] === '>') && this.src[this.pos + 1] === '(')) {
          this.pos += op[0].length;
          cmd.words.push({ parts: [{ type: 'lit', text: op[0], quoted: false }], raw: op[0] });
          continue;
        }
        if (this.peek() === '\n') {
          this.consumeNewline();
          continue;
        }
      }
      const c = this.peek();
      if (c === '\n' || c === ';' || c === '|' || c === ')') break;
      if (c === '&' && this.src[this.pos + 1] !== '>') break;
      if (c === '}' && closer === '}' && cmd.words.length === 0 && cmd.assigns.length === 0) break;
      if (c === '#' && cmd.words.length + cmd.assigns.length > 0 && /\s/.test(this.src[this.pos - 1] ?? ' ')) {
        this.skipComment();
        break;
      }
      const redirect = this.tryParseRedirect();
      if (redirect) {
        cmd.redirects.push(redirect);
        continue;
      }
      if (c === '(') {
        // name() { …; } defines a function; anything else here is a syntax error we step over.
        if (cmd.words.length === 1 && cmd.assigns.length === 0 && /^\(\s*\)/.test(this.src.slice(this.pos, this.pos + 8))) {
          this.pos = this.src.indexOf(')', this.pos) + 1;
          this.skipNewlinesAndSpaces();
          const body = this.parseCommand(closer);
          const name = literalValue(cmd.words[0]!) ?? '';
          return body ? { type: 'function', name, body } : null;
        }
        this.pos++;
        continue;
      }
      // In command position `!(…)` is `!` and a subshell, not an extended glob.
      const word = this.parseWord(cmd.words.length + cmd.assigns.length > 0);
      if (!word) {
        this.pos++;
        continue;
      }
      if (cmd.words.length === 0) {
        const assign = asAssignment(word);
        if (assign) {
          cmd.assigns.push(assign);
          continue;
        }
        const lit = literalValue(word);
        if (lit !== null && word.parts.every((p) => p.type === 'lit' && !p.quoted)) {
          if (SKIPPED_RESERVED.has(lit)) {
            this.loopWord(lit);
            continue;
          }
          if (lit === 'function') {
            const nameWord = this.parseWordAfterSpaces();
            this.skipSpaces();
            if (this.startsWith('()')) this.pos += 2;
            this.skipNewlinesAndSpaces();
            const body = this.parseCommand(closer);
            return body ? { type: 'function', name: nameWord ? (literalValue(nameWord) ?? '') : '', body } : null;
          }
          if (lit === 'case') return this.parseCaseRest();
          if (lit === 'for' || lit === 'select') {
            // `for x in a b c` runs nothing itself (its substitutions do); the body follows `do`, with x bound.
            const header = this.wordsToListEnd();
            const name = header[0] ? literalValue(header[0]) : null;
            if (name !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
              const hasIn = header[1] !== undefined && literalValue(header[1]) === 'in';
              cmd.loop = { name, items: hasIn ? header.slice(2) : null };
            }
            return cmd;
          }
        }
      }
      cmd.words.push(word);
    }
    return cmd;
  }

  /** Whether the command is a `[[` test not yet closed by `]]`. */
  private inConditional(cmd: SimpleCommand): boolean {
    const first = cmd.words[0]!;
    if (first.raw !== '[[') return false;
    const last = cmd.words[cmd.words.length - 1]!;
    return cmd.words.length === 1 || last.raw !== ']]';
  }

  /** After `case`: the subject, `in`, then arms `pattern) list ;;` until `esac`. Returns the arms as a group. */
  private parseCaseRest(): Command {
    const items: Script['items'] = [];
    this.parseWordAfterSpaces(); // subject
    this.skipNewlinesAndSpaces();
    if (this.atKeyword('in')) this.pos += 2;
    while (!this.eof()) {
      this.skipNewlinesAndSpaces();
      if (this.atKeyword('esac')) {
        this.pos += 4;
        break;
      }
      if (this.peek() === '(') this.pos++;
      // the pattern, up to the unquoted ')'
      while (!this.eof() && this.peek() !== ')') {
        if (!this.parseWord()) this.pos++;
      }
      this.pos++;
      const arm = this.nested(() => this.parseList('esac'), null);
      items.push(...arm.items);
      if (this.startsWith(';;&')) this.pos += 3;
      else if (this.startsWith(';;') || this.startsWith(';&')) this.pos += 2;
    }
    return { type: 'group', body: { items, limit: null }, redirects: [] };
  }

  /** The words up to the end of the list (`;`, newline, `&`, `|`, `)`). */
  private wordsToListEnd(): Word[] {
    const words: Word[] = [];
    while (!this.eof()) {
      const c = this.peek();
      if (c === ';' || c === '\n' || c === '&' || c === '|' || c === ')') return words;
      const w = this.parseWord();
      if (w) words.push(w);
      else this.pos++;
      this.skipSpaces();
    }
    return words;
  }

  private parseRedirectsOnly(): Redirect[] {
    const out: Redirect[] = [];
    while (true) {
      this.skipSpaces();
      const r = this.tryParseRedirect();
      if (!r) return out;
      out.push(r);
    }
  }

  private tryParseRedirect(): Redirect | null {
    // Every operator starts with a digit (the descriptor), `<`, `>` or `&`: any other character starts none.
    const first = this.src.charCodeAt(this.pos);
    if (!((first >= 48 && first <= 57) || first === 60 || first === 62 || first === 38)) return null;
    const m = /^(\d{1,2})?(&>>|&>|>>|>\||>&|<&|<<<|<<-|<<|<>|>|<)/.exec(this.src.slice(this.pos, this.pos + 6));
    if (!m) return null;
    const op = m[2]!;
    // <( and >( are process substitutions, not redirections.
    if ((op === '<' || op === '>') && this.src[this.pos + m[0].length] === '(') return null;
    this.pos += m[0].length;
    const fd = m[1] ? Number(m[1]) : null;
    const target = this.parseWordAfterSpaces();
    const redirect: Redirect = { op, fd, target };
    if ((op === '<<' || op === '<<-') && target) {
      const delimiter = target.parts.map((p) => (p.type === 'lit' ? p.text : '')).join('');
      const expands = target.parts.every((p) => p.type !== 'lit' || !p.quoted);
      redirect.heredoc = { body: '', expands, substitutions: [] };
      this.pending.push({ redirect, delimiter, stripTabs: op === '<<-' });
    }
    return redirect;
  }

  // ---- words ----

  private parseWordAfterSpaces(): Word | null {
    this.skipSpaces();
    return this.parseWord();
  }

  private parseWord(extglob = false): Word | null {
    const start = this.pos;
    const parts: WordPart[] = [];
    let lit = '';
    let litQuoted = false;
    const flush = () => {
      if (lit) parts.push({ type: 'lit', text: lit, quoted: litQuoted });
      lit = '';
    };
    const addLit = (text: string, quoted: boolean) => {
      if (lit && litQuoted !== quoted) flush();
      litQuoted = quoted;
      lit += text;
    };

    // <(…) and >(…) stand alone as words.
    if ((this.peek() === '<' || this.peek() === '>') && this.src[this.pos + 1] === '(') {
      const dir = this.peek() as '<' | '>';
      this.pos += 2;
      const script = this.nested(() => this.parseList(')'), ')');
      return { parts: [{ type: 'procsub', dir, script }], raw: this.src.slice(start, this.pos) };
    }

    while (!this.eof()) {
      work();
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ';' || c === '&' || c === '|' || c === '<' || c === '>' || c === ')') break;
      if (c === '(') {
        // NAME=( … ) array assignments keep their parentheses inside the word.
        if (parts.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(lit)) {
          const from = this.pos;
          this.skipBalanced('(', ')');
          addLit(this.src.slice(from, this.pos), true);
          continue;
        }
        // Extended globs ?( ) *( ) +( ) @( ) !( ): one word, a pattern the shell expands (under
        // `shopt -s extglob`; without it the line is a syntax error, so reading it as a glob is safe).
        if (extglob && /[?*+@!]$/.test(lit) && !litQuoted) {
          const from = this.pos;
          this.skipBalanced('(', ')');
          addLit(this.src.slice(from, this.pos), false);
          continue;
        }
        break;
      }
      if (c === '\\') {
        const next = this.src[this.pos + 1];
        if (next === '\n') this.pos += 2;
        else if (next === undefined) this.pos++;
        else {
          addLit(next, true);
          this.pos += 2;
        }
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        const stop = end < 0 ? this.src.length : end;
        work(1 + ((stop - this.pos) >> 4));
        addLit(this.src.slice(this.pos + 1, stop), true);
        this.pos = end < 0 ? this.src.length : end + 1;
      } else if (c === '"') {
        this.pos++;
        flush();
        this.parseDoubleQuoted(parts, '"');
      } else if (c === '$' && this.src[this.pos + 1] === "'") {
        this.pos += 2;
        addLit(this.readAnsiC(), true);
      } else if (c === '$' && this.src[this.pos + 1] === '"') {
        this.pos += 2;
        flush();
        this.parseDoubleQuoted(parts, '"');
      } else if (c === '$' || c === '`') {
        const part = c === '$' ? this.parseDollar(false) : this.parseBacktick(false);
        if (part) {
          flush();
          parts.push(part);
        } else {
          addLit('$', false);
          this.pos++;
        }
      } else {
        // A run of ordinary characters is one piece of literal text (counted per character, as before).
        const end = plainRunEnd(this.src, this.pos + 1, WORD_SPECIAL);
        if (end > this.pos + 1) work(end - this.pos - 1);
        addLit(this.src.slice(this.pos, end), false);
        this.pos = end;
      }
    }
    flush();
    if (this.pos === start) return null;
    // '' and "" are real (empty) arguments.
    if (parts.length === 0) parts.push({ type: 'lit', text: '', quoted: true });
    return { parts, raw: this.src.slice(start, this.pos) };
  }

  /** Inside "…" (or an expanding heredoc body when terminator is null). */
  private parseDoubleQuoted(parts: WordPart[], terminator: '"' | null): void {
    let lit = '';
    const flush = () => {
      if (lit) parts.push({ type: 'lit', text: lit, quoted: true });
      lit = '';
    };
    while (!this.eof()) {
      work();
      const c = this.peek();
      if (c === terminator) {
        this.pos++;
        break;
      }
      if (c === '\\') {
        const next = this.src[this.pos + 1];
        if (next !== undefined && (next === '$' || next === '`' || next === '"' || next === '\\' || next === '\n')) {
          if (next !== '\n') lit += next;
          this.pos += 2;
        } else {
          lit += c;
          this.pos++;
        }
      } else if (c === '$' || c === '`') {
        const part = c === '$' ? this.parseDollar(true) : this.parseBacktick(true);
        if (part) {
          flush();
          parts.push(part);
        } else {
          lit += '$';
          this.pos++;
        }
      } else {
        const end = plainRunEnd(this.src, this.pos + 1, QUOTED_SPECIAL);
        if (end > this.pos + 1) work(end - this.pos - 1);
        lit += this.src.slice(this.pos, end);
        this.pos = end;
      }
    }
    flush();
  }

  private parseDollar(quoted: boolean): WordPart | null {
    const next = this.src[this.pos + 1];
    const start = this.pos;
    if (next === '(') {
      if (this.src[this.pos + 2] === '(') {
        this.pos++;
        const from = this.pos;
        const subs = this.skipArithmetic();
        return { type: 'arith', subs, text: this.src.slice(from + 2, Math.max(from + 2, this.pos - 2)) };
      }
      this.pos += 2;
      const script = this.nested(() => this.parseList(')'), ')');
      return { type: 'cmdsub', script, quoted, raw: this.src.slice(start, this.pos) };
    }
    if (next === '{') {
      const open = this.pos + 1;
      this.pos = open;
      this.skipBalanced('{', '}');
      const inner = this.src.slice(open + 1, Math.max(open + 1, this.pos - 1));
      return this.paramFromBraces(inner, quoted);
    }
    if (next === '[') {
      this.pos++;
      const from = this.pos;
      this.skipBalanced('[', ']');
      const text = this.src.slice(from + 1, this.pos - 1);
      return { type: 'arith', subs: this.substitutionsIn(text), text };
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(this.src.slice(this.pos + 1, this.pos + 257));
    if (!m) return null;
    this.pos += 1 + m[0].length;
    return { type: 'param', name: m[0], op: '', arg: null, quoted };
  }

  private paramFromBraces(inner: string, quoted: boolean): WordPart {
    const m = /^([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?/.exec(inner);
    if (!m) return { type: 'param', name: '', op: 'other', arg: null, quoted };
    const name = m[2]!;
    const rest = inner.slice(m[0].length);
    // ${x[@]}, ${x[*]}, ${x[1]}: an array element or all of them.
    const index = m[3] ? m[3].slice(1, -1) : undefined;
    if (index !== undefined && m[1] === '' && rest === '') return { type: 'param', name, op: '', arg: null, quoted, index };
    if (m[1] === '#') return { type: 'param', name, op: 'length', arg: null, quoted };
    if (m[1] === '!') return { type: 'param', name, op: 'indirect', arg: null, quoted };
    const opMatch = /^(:[-=?+]|[-=?+]|%%|%|##|#)/.exec(rest);
    if (!opMatch) {
      if (!rest) return { type: 'param', name, op: '', arg: null, quoted };
      // ${x:0:2}, ${x/a/b}, ${x^^}, ${x@Q}: the rest as text (its substitutions run; analyze.ts computes
      // the forms it can, and what it cannot is an unknown value).
      if (this.depth + 1 > MAX_NESTING) {
        this.limit ??= 'nesting';
        return { type: 'param', name, op: 'other', arg: null, quoted };
      }
      const parts: WordPart[] = [];
      const sub = new Parser(rest, this.depth + 1, this.budget);
      sub.parseDoubleQuoted(parts, null);
      this.limit ??= sub.limit;
      return { type: 'param', name, op: 'other', arg: { parts, raw: rest }, quoted };
    }
    const argText = rest.slice(opMatch[0].length);
    let arg: Word | null = null;
    if (this.depth + 1 <= MAX_NESTING) {
      const sub = new Parser(argText, this.depth + 1, this.budget);
      arg = sub.parseWord() ?? { parts: [], raw: '' };
      this.limit ??= sub.limit;
    } else this.limit ??= 'nesting';
    return { type: 'param', name, op: opMatch[0], arg, quoted };
  }

  private parseBacktick(quoted: boolean): WordPart {
    const start = this.pos;
    let body = '';
    this.pos++;
    while (!this.eof() && this.peek() !== '`') {
      work();
      const c = this.peek();
      if (c === '\\' && /[`\\$]/.test(this.src[this.pos + 1] ?? '')) {
        body += this.src[this.pos + 1];
        this.pos += 2;
      } else {
        body += c;
        this.pos++;
      }
    }
    this.pos++;
    const raw = this.src.slice(start, this.pos);
    if (this.depth + 1 > MAX_NESTING) {
      this.limit ??= 'nesting';
      return { type: 'cmdsub', script: { items: [], limit: 'nesting' }, quoted, raw };
    }
    return { type: 'cmdsub', script: parseShell(body, this.depth + 1, this.budget), quoted, raw };
  }

  private readAnsiC(): string {
    let out = '';
    while (!this.eof() && this.peek() !== "'") {
      work();
      const c = this.peek();
      if (c === '\\') {
        const n = this.src[this.pos + 1] ?? '';
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          e: '\x1b',
          E: '\x1b',
          a: '\x07',
          b: '\b',
          f: '\f',
          v: '\v',
          '?': '?',
        };
        if (n in simple) {
          out += simple[n];
          this.pos += 2;
        } else if (n === 'x') {
          const hex = /^[0-9a-fA-F]{1,2}/.exec(this.src.slice(this.pos + 2, this.pos + 4));
          out += hex ? String.fromCharCode(parseInt(hex[0], 16)) : 'x';
          this.pos += 2 + (hex ? hex[0].length : 0);
        } else if (n === 'u' || n === 'U') {
          // \uHHHH and \UHHHHHHHH: a Unicode code point (`$'\u0072m'` is rm).
          const hex = (n === 'u' ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(this.src.slice(this.pos + 2, this.pos + (n === 'u' ? 6 : 10)));
          const code = hex ? parseInt(hex[0], 16) : -1;
          out += code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : `\\${n}`;
          this.pos += 2 + (hex ? hex[0].length : 0);
        } else if (n === 'c' && this.pos + 2 < this.src.length) {
          // \cX: the control character X & 0x1f.
          out += String.fromCharCode(this.src.charCodeAt(this.pos + 2) & 0x1f);
          this.pos += 3;
        } else if (/[0-7]/.test(n)) {
          const oct = /^[0-7]{1,3}/.exec(this.src.slice(this.pos + 1, this.pos + 4))!;
          out += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
          this.pos += 1 + oct[0].length;
        } else {
          // An escape bash does not know keeps its backslash ($'\q' is \q).
          out += `\\${n}`;
          this.pos += 2;
        }
      } else {
        out += c;
        this.pos++;
      }
    }
    this.pos++;
    return out;
  }

  // ---- nesting, heredocs and low-level scanning ----

  /** Runs an inner parse one level deeper, or skips the construct when the nesting cap is reached. */
  private nested(inner: () => Script, close: ')' | '}' | null): Script {
    if (this.depth + 1 > MAX_NESTING) {
      // Too deep to analyse: step over it in linear time and mark the result as incomplete.
      if (close) {
        this.pos--; // back onto the opening bracket
        this.skipBalanced(close === ')' ? '(' : '{', close);
      }
      this.limit ??= 'nesting';
      return { items: [], limit: 'nesting' };
    }
    this.depth++;
    try {
      const script = inner();
      if (close && this.peek() === close) this.pos++;
      return script;
    } finally {
      this.depth--;
    }
  }

  /** At the outer '(' of `((…))`: steps over the arithmetic and returns the substitutions inside it. */
  private skipArithmetic(): Script[] {
    const from = this.pos;
    this.skipBalanced('(', ')');
    const inner = this.src.slice(from + 2, Math.max(from + 2, this.pos - 2));
    return this.substitutionsIn(inner);
  }

  /** The $( ) and backtick substitutions in a text read like a double-quoted string. */
  private substitutionsIn(text: string): Script[] {
    if (!/[$`]/.test(text)) return [];
    if (this.depth + 1 > MAX_NESTING) {
      this.limit ??= 'nesting';
      return [];
    }
    const parts: WordPart[] = [];
    const sub = new Parser(text, this.depth + 1, this.budget);
    sub.parseDoubleQuoted(parts, null);
    this.limit ??= sub.limit;
    const out: Script[] = [];
    for (const p of parts) {
      if (p.type === 'cmdsub') out.push(p.script);
      else if (p.type === 'arith') out.push(...p.subs);
    }
    return out;
  }

  /** From an opening bracket at pos, moves past its matching closer, honouring quotes. Linear. */
  private skipBalanced(open: string, close: string): void {
    let level = 0;
    while (!this.eof()) {
      work();
      const c = this.src[this.pos]!;
      if (c === '\\') {
        this.pos += 2;
        continue;
      }
      if (c === "'" && open !== '[') {
        const end = this.src.indexOf("'", this.pos + 1);
        this.pos = end < 0 ? this.src.length : end + 1;
        continue;
      }
      if (c === '"') {
        this.pos++;
        while (!this.eof() && this.src[this.pos] !== '"') this.pos += this.src[this.pos] === '\\' ? 2 : 1;
        this.pos++;
        continue;
      }
      this.pos++;
      if (c === open) level++;
      else if (c === close && --level <= 0) return;
    }
  }

  private consumeNewline(): void {
    this.pos++;
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    for (const h of pending) {
      const lines: string[] = [];
      while (!this.eof()) {
        let end = this.src.indexOf('\n', this.pos);
        if (end < 0) end = this.src.length;
        work(1 + ((end - this.pos) >> 4));
        let line = this.src.slice(this.pos, end);
        this.pos = Math.min(end + 1, this.src.length);
        if (h.stripTabs) line = line.replace(/^\t+/, '');
        if (line.replace(/\r$/, '') === h.delimiter) break;
        lines.push(line);
      }
      const doc = h.redirect.heredoc!;
      doc.body = lines.join('\n');
      if (doc.expands) doc.substitutions.push(...this.substitutionsIn(doc.body));
    }
  }

  private skipComment(): void {
    const end = this.src.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.src.length : end;
  }

  private skipSpaces(): void {
    while (!this.eof()) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else break;
    }
  }

  private skipNewlines(): void {
    while (!this.eof()) {
      this.skipSpaces();
      if (this.peek() === '\n') this.consumeNewline();
      else if (this.peek() === '#') this.skipComment();
      else break;
    }
  }

  private skipNewlinesAndSpaces(): void {
    this.skipNewlines();
    this.skipSpaces();
  }

  private atKeyword(word: string): boolean {
    return this.startsWith(word) && this.isDelimiter(this.src[this.pos + word.length]);
  }

  private isDelimiter(c: string | undefined): boolean {
    return c === undefined || c === ' ' || c === '\t' || c === '\n' || c === ';' || c === '&' || c === '|' || c === ')' || c === '\r';
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }

  private peek(): string {
    return this.src[this.pos] ?? '';
  }

  private eof(): boolean {
    return this.pos >= this.src.length;
  }
}

/** Characters a word's loop in parseWord treats on their own (everything else is literal text). */
const WORD_SPECIAL = specials(' \t\n\r;&|<>)(\\\'"$`');
/** The same inside double quotes (and an expanding heredoc body): escapes, substitutions and the closing quote. */
const QUOTED_SPECIAL = specials('\\$`"');

function specials(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const ch of chars) table[ch.charCodeAt(0)] = 1;
  return table;
}

/** The end of the run of ordinary characters that starts at `from`: the first special character's index, or the text's end. */
function plainRunEnd(src: string, from: number, special: Uint8Array): number {
  let i = from;
  for (; i < src.length; i++) {
    const code = src.charCodeAt(i);
    if (code < 128 && special[code] === 1) break;
  }
  return i;
}

function asAssignment(word: Word): Assignment | null {
  const first = word.parts[0];
  if (first?.type !== 'lit' || first.quoted) return null;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(first.text);
  if (!m) return null;
  const restText = first.text.slice(m[0].length);
  const valueParts: WordPart[] = restText ? [{ ...first, text: restText }] : [];
  valueParts.push(...word.parts.slice(1));
  return { name: m[1]!, append: m[2] === '+', value: { parts: valueParts, raw: word.raw.slice(m[0].length) } };
}

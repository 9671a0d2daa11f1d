// Runs the rules on one file: builds the parsed views once (lazily), collects diagnostics, applies
// inline suppressions, and applies fixes. Pure apart from the workspace view it is given.

import type { Program } from 'acorn';
import { acorn } from './libraries';
import { parseTree, getNodeValue, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { readFrontmatter, splitFrontmatter } from './frontmatter';
import { scanMarkdown } from './markdown';
import type { Verdict } from '../guards/dispatch';
import type { Guard } from '../guards/types';
import type { SharedAnswers } from '../guards/context';
import { envValues, redactVerdict, secretValues } from '../redact';
import { CONFIG_FILE, type GuardConfig } from '../config';
import { LOCAL_CONFIG_FILE } from '../consent';
import type { FsAnswers, VerdictMemo } from './verdict-memo';
import { readOwnHookAware } from './own-hook';
export { splitFrontmatter };
import type { CodeSpan, Diagnostic, Frontmatter, LintFile, LintRule, Range, RuleContext, TextEdit, WorkspaceView } from './types';

export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    // indexOf, not a loop over every character: in a fresh process (the CLI) that loop runs
    // interpreted and cost ~15 ms on a 5,000-line file.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  position(offset: number): { line: number; character: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo]! };
  }
  offset(line: number, character: number): number {
    if (line >= this.starts.length) return this.text.length;
    return Math.min(this.text.length, this.starts[Math.max(0, line)]! + character);
  }
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }
  get lineCount(): number {
    return this.starts.length;
  }
}

/**
 * What a guard verdict depends on besides the command: the guard set and the workspace's
 * `.claude/agent-guard.json` (disabled guards, protected branches, exceptions, …). The adapters
 * read the file with the hook's own loader (`loadConfig`); the engine reads nothing. Lint and the
 * language server pass the built-in guards only: workspace guards are code from the repository,
 * and lint runs none.
 */
export interface GuardSetup {
  guards: readonly Guard[];
  config: GuardConfig;
}

export interface LintOptions extends GuardSetup {
  rules: readonly LintRule[];
  /** Honour agent-guard-disable comments (off in CI with --no-inline-config: agent files are attacker-editable). */
  inlineConfig?: boolean;
  /**
   * lint --base: the file's text at the base revision (null: not there). Only the disable comments
   * the base already had are honoured; one a change adds applies once it is merged, so a change
   * cannot switch off its own findings. Asked only for files that hold such a comment.
   */
  baseText?: (rel: string) => string | null;
  /**
   * Guard verdicts by command text, kept across runs (the language server keeps one per workspace
   * folder, so a keystroke re-lints only the commands that changed). Whoever keeps it keeps one per
   * GuardSetup and clears it when what verdicts depend on changes (.env files, .claude/agent-guard.json).
   */
  verdictCache?: Map<string, Verdict | null>;
  /** Verdicts kept from an earlier run (the CLI), reused while what they were judged from is unchanged. */
  verdictMemo?: { memo: VerdictMemo; fs: FsAnswers };
  /** Told each command whose verdict the lint used (the CLI keeps a file's result with what it depended on). */
  onVerdict?: (command: string) => void;
  /** File-system answers shared by every verdict of one run (the CLI: the files do not change while it runs). */
  answers?: SharedAnswers;
  /** How the guards read files for this run's verdicts (lintPaths: runReader, each file read once a run). */
  readText?: (path: string, maxBytes: number) => string | null;
}

/**
 * The guard dispatcher, loaded when the first command is judged: it brings the shell analysis and
 * every signature table, which a lint whose verdicts are all kept (the CLI's memo) never needs.
 */
let dispatch: typeof import('../guards/dispatch') | undefined;
/** Verdict caches and the memo keep a PowerShell command under this prefix (no command text starts with NUL). */
const POWERSHELL_KEY = '\0PowerShell\0';
function dispatcher(): typeof import('../guards/dispatch') {
  dispatch ??= require('../guards/dispatch') as typeof import('../guards/dispatch');
  return dispatch;
}

export function createContext(
  file: LintFile,
  workspace: WorkspaceView,
  lines: LineIndex,
  sink: Diagnostic[],
  currentRule: { rule: LintRule | null },
  setup: GuardSetup & Pick<LintOptions, 'verdictMemo' | 'onVerdict' | 'answers' | 'readText'>,
  verdictCache?: Map<string, Verdict | null>,
): RuleContext {
  let fm: Frontmatter | null | undefined;
  let codeSpans: CodeSpan[] | undefined;
  let proseNodes: { value: string; start: number }[] | undefined;
  let jsonView: ReturnType<RuleContext['json']> | undefined;
  let jsView: ReturnType<RuleContext['js']> | undefined;
  const verdicts = verdictCache ?? new Map<string, Verdict | null>();
  // The workspace's secret values, read once per file: a verdict's reason never shows them.
  let secrets: ReturnType<typeof secretValues> | undefined;
  const fileSecrets = () => (secrets ??= secretValues(envValues(workspace.root, workspace)));

  const markdown = () => {
    if (codeSpans) return;
    codeSpans = [];
    proseNodes = [];
    const split = file.kind === 'workflow' || file.kind === 'settings' ? null : splitFrontmatter(file.text);
    // Blank out the frontmatter (keeping offsets) so Markdown does not read it as a heading.
    const body = split ? file.text.slice(0, split.end).replace(/[^\n]/g, ' ') + file.text.slice(split.end) : file.text;
    const view = scanMarkdown(body);
    codeSpans = view.code;
    proseNodes = view.prose;
  };

  return {
    file,
    workspace,
    offsetAt: (line, character) => lines.offset(line, character),
    report(d) {
      const rule = currentRule.rule!;
      const diagnostic: Diagnostic = { code: rule.code, severity: d.severity ?? rule.severity, message: d.message, range: lines.range(d.start, d.end) };
      if (d.fix)
        diagnostic.fix = {
          title: d.fix.title,
          edits: d.fix.edits.map((e) => ({ range: lines.range(e.start, e.end), newText: e.newText })),
          ...(d.fix.optIn ? { optIn: true } : {}),
        };
      sink.push(diagnostic);
    },
    frontmatter() {
      if (fm === undefined) fm = readFrontmatter(file.text);
      return fm;
    },
    code() {
      markdown();
      return codeSpans!;
    },
    prose() {
      markdown();
      return proseNodes!;
    },
    json() {
      if (jsonView) return jsonView;
      const errors: ParseError[] = [];
      const tree = parseTree(file.text, errors, { disallowComments: true, allowTrailingComma: false });
      const e = errors[0];
      jsonView = { tree, value: tree ? getNodeValue(tree) : undefined, error: e ? { message: printParseErrorCode(e.error), offset: e.offset } : null };
      return jsonView;
    },
    js() {
      if (jsView) return jsView;
      try {
        const program = acorn().parse(file.text, {
          ecmaVersion: 'latest',
          sourceType: 'module',
          allowReturnOutsideFunction: true,
          allowAwaitOutsideFunction: true,
          allowHashBang: true,
        }) as Program;
        jsView = { program, error: null };
      } catch (err) {
        const e = err as { message: string; pos?: number };
        jsView = { program: null, error: { message: e.message.replace(/ \(\d+:\d+\)$/, ''), offset: e.pos ?? 0 } };
      }
      return jsView;
    },
    pendingConsent() {
      const u = setup.config.unconsented;
      const source = file.rel === CONFIG_FILE ? 'team' : file.rel === LOCAL_CONFIG_FILE ? 'local' : null;
      if (!u || !source) return { items: [] };
      return { items: u.items.filter((i) => i.source === source), ...(u.base ? { base: u.base } : {}) };
    },
    guardVerdict(command, shell = 'bash') {
      // No git runner: lint and the language server run on untrusted checkouts (CI on pull
      // requests, a fresh clone in the editor) and start no process; repo-aware guards say nothing.
      // A PowerShell command is kept under its own key (the same text means something else there).
      const key = shell === 'powershell' ? `${POWERSHELL_KEY}${command}` : command;
      setup.onVerdict?.(key);
      if (verdicts.has(key)) {
        const v = verdicts.get(key)!;
        // Redacted already (by an earlier file of this run); asked again so that this file's kept
        // result also depends on the .env files the redaction read.
        if (v) fileSecrets();
        return v;
      }
      const memo = setup.verdictMemo;
      const kept = memo?.memo.lookup(key, memo.fs);
      if (kept !== undefined) {
        // Kept as judged (redaction changed nothing in it); a copy is redacted with today's .env
        // values (redacted in place, the kept one would be saved so and still read redacted once
        // a value leaves .env).
        const v = kept ? { ...kept } : null;
        if (v) redactVerdict(v, fileSecrets());
        verdicts.set(key, v);
        return v;
      }
      const recorder = memo?.memo.recorder();
      const call = { tool: shell === 'powershell' ? 'PowerShell' : 'Bash', input: { command }, cwd: workspace.root, command, path: null, edits: null };
      const v = dispatcher().evaluateCall(call, {
        guards: setup.guards,
        home: workspace.home,
        projectDir: workspace.root,
        fallbackCwd: workspace.root,
        config: setup.config,
        ...(recorder ? { observe: recorder.observe } : {}),
        ...(setup.answers ? { answers: setup.answers } : {}),
        readText: setup.readText ?? readOwnHookAware,
      }).verdict;
      // Only a verdict that redaction leaves as it is is kept across runs: then the kept one, redacted
      // with a later run's .env values, reads exactly as a fresh one. (Kept redacted, it would still
      // read redacted once the value leaves .env, where a fresh lint shows it.)
      let redacted = false;
      if (v) {
        const { reason, instead } = v;
        redactVerdict(v, fileSecrets());
        redacted = v.reason !== reason || v.instead !== instead;
      }
      if (!redacted) recorder?.keep(key, v);
      verdicts.set(key, v);
      return v;
    },
  };
}

// ---- suppressions ----

const DIRECTIVE = /agent-guard-disable(-next-line|-line)?[ \t]+([A-Z]+-[A-Z]+-\d{3}(?:[ \t]*,[ \t]*[A-Z]+-[A-Z]+-\d{3})*)/;

interface Suppression {
  codes: Set<string>;
  /** 0-based line it applies to, or -1 for the whole file. */
  line: number;
}

function suppressions(text: string): Suppression[] {
  const out: Suppression[] = [];
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    if (!l.includes('agent-guard-disable')) return;
    const m = DIRECTIVE.exec(l);
    if (!m) return;
    const codes = new Set(m[2]!.split(',').map((c) => c.trim()));
    out.push({ codes, line: m[1] === '-next-line' ? i + 1 : m[1] === '-line' ? i : -1 });
  });
  return out;
}

/** The suppressions of `now` that `base` already had: the same kind and codes, as many times as there (lines move). */
function agreed(now: Suppression[], base: Suppression[]): Suppression[] {
  const key = (s: Suppression) => `${s.line === -1 ? 'file' : 'line'}:${[...s.codes].sort().join(',')}`;
  const left = new Map<string, number>();
  for (const b of base) left.set(key(b), (left.get(key(b)) ?? 0) + 1);
  return now.filter((s) => {
    const n = left.get(key(s)) ?? 0;
    if (n === 0) return false;
    left.set(key(s), n - 1);
    return true;
  });
}

export function lintFile(file: LintFile, workspace: WorkspaceView, opts: LintOptions): Diagnostic[] {
  const lines = new LineIndex(file.text);
  const sink: Diagnostic[] = [];
  const current: { rule: LintRule | null } = { rule: null };
  const ctx = createContext(file, workspace, lines, sink, current, opts, opts.verdictCache);
  for (const rule of opts.rules) {
    if (!rule.appliesTo.includes(file.kind)) continue;
    current.rule = rule;
    try {
      rule.check(ctx);
    } catch (err) {
      // A broken rule must not take the others down: report it once, at the top of the file.
      sink.push({
        code: rule.code,
        severity: 'info',
        message: `rule ${rule.code} failed on this file (${(err as Error).message}); please report it`,
        range: lines.range(0, 0),
      });
    }
  }
  let active = opts.inlineConfig === false ? [] : suppressions(file.text);
  if (active.length > 0 && opts.baseText) active = agreed(active, suppressions(opts.baseText(file.rel) ?? ''));
  const fixed = new Set(opts.rules.filter((r) => r.inlineDisable === false).map((r) => r.code));
  const kept = sink.filter((d) => fixed.has(d.code) || !active.some((s) => s.codes.has(d.code) && (s.line === -1 || s.line === d.range.start.line)));
  return kept.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code));
}

const before = (a: TextEdit['range']['start'], b: TextEdit['range']['start']) => a.line - b.line || a.character - b.character;

/**
 * The edits that can be applied together, in document order: sorted by start (then end, so an
 * insertion comes before a replacement at the same place); one that overlaps an earlier one is dropped.
 * `--fix` and the editor's "Fix all" both use it, so they change a file the same way.
 */
export function nonOverlappingEdits(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => before(a.range.start, b.range.start) || before(a.range.end, b.range.end));
  const out: TextEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && before(e.range.start, last.range.end) < 0) continue;
    out.push(e);
  }
  return out;
}

/** Applies non-overlapping edits (later ones first). Overlapping edits after the first are skipped. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  let out = text;
  for (const e of nonOverlappingEdits(edits).reverse()) {
    const start = lines.offset(e.range.start.line, e.range.start.character);
    out = out.slice(0, start) + e.newText + out.slice(lines.offset(e.range.end.line, e.range.end.character));
  }
  return out;
}

/** Applies every fix in the diagnostics (opt-in ones aside), in one pass. */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): string {
  return applyEdits(
    text,
    diagnostics.flatMap((d) => (d.fix && !d.fix.optIn ? d.fix.edits : [])),
  );
}

/**
 * The comment that disables a rule on the next line or in the whole file, in the syntax of where it
 * goes: `//` in scripts, `#` in YAML frontmatter, `<!-- … -->` in Markdown. The one place that
 * writes the directive DIRECTIVE reads.
 */
export function disableComment(kind: LintFile['kind'], code: string, reason: string, where: 'next-line' | 'file', inFrontmatter = false): string {
  const directive = `agent-guard-disable${where === 'next-line' ? '-next-line' : ''} ${code} -- ${reason}`;
  if (kind === 'workflow') return `// ${directive}`;
  if (inFrontmatter) return `# ${directive}`;
  return `<!-- ${directive} -->`;
}

// Guard verdicts kept from one lint run to the next (the CLI). Judging a few hundred commands is
// most of a cold lint of a big CLAUDE.md, and most commands are the same as last time. A verdict is
// reused only while everything it was judged from is unchanged: the command text (the key), the
// guard set and configuration (the caller keys the whole memo by them), and every answer the
// guards got from the file system (which paths exist, where links lead, what a folder holds, the
// stamp of each file read: size, modification time and inode, as make and ESLint's cache judge a
// file unchanged), asked again before the verdict is reused. Nothing of a file's content is kept:
// no digest of, say, .env outside the workspace.
//
// The same memo keeps each file's whole result (its diagnostics), reused while the file's stamp is
// unchanged and so is every answer its lint got: what the rules asked the workspace (paths that
// exist, files read, folder names) and everything the guard verdicts it used depended on. A file
// whose lint used a verdict with no recorded answers is not kept (it is simply linted next time).
//
// No secret is kept verbatim: a command, verdict or file result that holds anything the redaction
// recognises as a secret (a token format, a secret-named VAR=value, a URL password, a bearer token,
// a password argument) is not kept, only judged afresh each run; .env values never reach a kept
// verdict (lintFile keeps only verdicts its redaction left unchanged).
//
// Pure: the caller loads and saves the memo and passes the file-system answers in.

import { redact } from '../redact';
import type { Verdict } from '../guards/dispatch';
import type { FsProbe } from '../guards/context';
import type { Diagnostic } from './types';

/** How to ask the file system again (the same functions the guard context uses). */
export interface FsAnswers {
  exists(path: string): boolean;
  realpath(path: string): string;
  list(path: string): string[];
  stamp(path: string): string;
}

/** How the lint rules' workspace view is asked again (its own semantics: `exists` follows links). */
export interface WorkspaceAnswers {
  exists(path: string): boolean;
  stamp(path: string): string;
  list(path: string): string[];
  /** A workspace fact's digest (`id\0arg`, see core/lint/facts.ts); null: no such fact. */
  fact(key: string): string | null;
}

/**
 * One file-system answer a result depends on: `[op, path, answer]` (a folder's names as a digest).
 * Lower case: asked through the guard context (FsAnswers); upper case: through the rules'
 * workspace view (WorkspaceAnswers).
 */
export type Dependency =
  | ['e', string, boolean]
  | ['r', string, string]
  | ['l', string, string]
  | ['s', string, string]
  | ['E', string, boolean]
  | ['S', string, string]
  | ['L', string, string]
  /** A workspace fact (core/lint/facts.ts) by `id\0arg`, and a digest of its value. */
  | ['D', string, string];

interface Entry {
  verdict: Verdict | null;
  deps: Dependency[];
}

/**
 * A diagnostic as kept: `[code, severity, message, startLine, startChar, endLine, endChar]`, then
 * for a fix `title, optIn (0|1), edits` with the edits flat (`startLine, startChar, endLine,
 * endChar, newText` each). Flat arrays: a big file's thousands of findings load several times faster.
 */
type KeptDiagnostic = (string | number | (string | number)[])[];

interface FileEntry {
  /** The linted file's stamp, taken before it was read. */
  stamp: string;
  deps: Dependency[];
  diagnostics: KeptDiagnostic[];
}

function keptDiagnostic(d: Diagnostic): KeptDiagnostic {
  const r = d.range;
  const out: KeptDiagnostic = [d.code, d.severity, d.message, r.start.line, r.start.character, r.end.line, r.end.character];
  if (d.fix) {
    const edits: (string | number)[] = [];
    for (const e of d.fix.edits) edits.push(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.newText);
    out.push(d.fix.title, d.fix.optIn ? 1 : 0, edits);
  }
  return out;
}

const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const range = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });

/** The diagnostic back, or null when the kept form is malformed (then the file is linted afresh). */
function restoredDiagnostic(k: unknown): Diagnostic | null {
  if (!Array.isArray(k) || (k.length !== 7 && k.length !== 10)) return null;
  const [code, severity, message, a, b, c, d] = k as unknown[];
  if (typeof code !== 'string' || (severity !== 'error' && severity !== 'warning' && severity !== 'info') || typeof message !== 'string') return null;
  if (!int(a) || !int(b) || !int(c) || !int(d)) return null;
  const out: Diagnostic = { code, severity, message, range: range(a, b, c, d) };
  if (k.length === 10) {
    const [title, optIn, flat] = k.slice(7) as unknown[];
    if (typeof title !== 'string' || (optIn !== 0 && optIn !== 1) || !Array.isArray(flat) || flat.length % 5 !== 0) return null;
    const edits = [];
    for (let i = 0; i < flat.length; i += 5) {
      const [ea, eb, ec, ed, newText] = flat.slice(i, i + 5) as unknown[];
      if (!int(ea) || !int(eb) || !int(ec) || !int(ed) || typeof newText !== 'string') return null;
      edits.push({ range: range(ea, eb, ec, ed), newText });
    }
    out.fix = { title, edits, ...(optIn === 1 ? { optIn: true } : {}) };
  }
  return out;
}

export interface MemoFile {
  format: typeof FORMAT;
  entries: Record<string, Entry>;
  files?: Record<string, FileEntry>;
}

// 4: nothing secret-looking kept (a memo written before may hold one: it is dropped, not read).
const FORMAT = 'agent-guard-lint-verdicts-4';

/** Whether a text holds something the redaction would remove. */
function holdsSecret(text: string): boolean {
  return redact(text) !== text;
}

function diagnosticHoldsSecret(d: Diagnostic): boolean {
  return holdsSecret(d.message) || (!!d.fix && (holdsSecret(d.fix.title) || d.fix.edits.some((e) => holdsSecret(e.newText))));
}
/** Entries kept: those used by the last run first, then the newest of the rest. */
const MAX_ENTRIES = 20_000;
const MAX_FILES = 5_000;

/**
 * A short digest of some strings, in order (two 32-bit FNV-1a lanes and the count): a cache key,
 * not a defence (who may write the memo is the folder rules' job). Plain JavaScript: loading
 * node:crypto costs a cold CLI more than everything this digest is used for.
 */
export function digest(parts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const n of parts) {
    for (let i = 0; i < n.length; i++) {
      const c = n.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    a = Math.imul(a ^ 0xffff, 0x01000193);
  }
  return `${(a >>> 0).toString(16)}.${(b >>> 0).toString(16)}.${parts.length}`;
}

/** Names of a folder, order-free. */
export function namesDigest(names: readonly string[]): string {
  return digest([...names].sort());
}

/** Whether a dependency's answer is still the same. */
function holds(d: Dependency, fs: FsAnswers, ws: WorkspaceAnswers | null): boolean {
  const [op, path, answer] = d;
  switch (op) {
    case 'e':
      return fs.exists(path) === answer;
    case 'r':
      return fs.realpath(path) === answer;
    case 's':
      return fs.stamp(path) === answer;
    case 'l':
      return namesDigest(fs.list(path)) === answer;
    case 'E':
      return ws !== null && ws.exists(path) === answer;
    case 'S':
      return ws !== null && ws.stamp(path) === answer;
    case 'L':
      return ws !== null && namesDigest(ws.list(path)) === answer;
    case 'D':
      return ws !== null && ws.fact(path) === answer;
  }
}

const CHANGED_KEY = '\0changed';
/** A dependency that never holds: recorded when one question got two answers in one run. */
const CHANGED: Dependency = ['S', '', 'changed during the run'];

/**
 * Records one answer. A second, different answer to the same question means the file system
 * changed while the run looked at it: then the record never holds (which answer the result was
 * judged from is not known), and the next run judges afresh.
 */
export function addDep(deps: Map<string, Dependency>, d: Dependency): void {
  const key = `${d[0]}${d[1]}`;
  const prev = deps.get(key);
  if (prev !== undefined && prev[2] !== d[2]) deps.set(CHANGED_KEY, CHANGED);
  else deps.set(key, d);
}

/**
 * Whether a file stamp is too recent to vouch for the content (git's "racily clean" files): a
 * rewrite of the same size within the file system's time granularity of the last one leaves the
 * stamp as it was; one after that moves the modification time. So a file modified in the last two
 * seconds (or "in the future": a skewed clock) is not relied on.
 */
export function racyStamp(stamp: string, now: number): boolean {
  const modified = Number(stamp.split(':')[1]);
  return !Number.isFinite(modified) || modified > now - RACY_MS;
}
const RACY_MS = 2000;

/** Whether any file-content answer among these is racy (see racyStamp). */
function anyRacy(deps: Iterable<Dependency>, now: number | undefined): boolean {
  if (now === undefined) return false;
  for (const d of deps) if ((d[0] === 's' || d[0] === 'S') && d[2] !== '-' && d[1] !== '' && racyStamp(d[2], now)) return true;
  return false;
}

/** Records what one file's lint asked its workspace view (see VerdictMemo.observedWorkspace). */
export interface FileRecorder {
  deps: Map<string, Dependency>;
  /** Commands whose verdicts the file's lint used. */
  commands: Set<string>;
}

export class VerdictMemo {
  private readonly entries: Map<string, Entry>;
  private readonly files: Map<string, FileEntry>;
  private readonly used = new Set<string>();
  private readonly usedFiles = new Set<string>();
  private changed = false;
  /**
   * The time of this run (set by the caller: the core reads no clock). With it, nothing judged
   * from a file changed in the last moments is kept (racyStamp).
   */
  now: number | undefined;

  private constructor(entries: Map<string, Entry>, files: Map<string, FileEntry> = new Map()) {
    this.entries = entries;
    this.files = files;
  }

  static empty(): VerdictMemo {
    return new VerdictMemo(new Map());
  }

  /** A memo from its saved form; anything malformed gives an empty memo (it is only a cache). */
  static parse(text: string | null): VerdictMemo {
    if (!text) return VerdictMemo.empty();
    try {
      const v = JSON.parse(text) as Partial<MemoFile>;
      if (v.format !== FORMAT || typeof v.entries !== 'object' || v.entries === null) return VerdictMemo.empty();
      // Entries are checked when used (most runs use a few of thousands).
      const entries = new Map(Object.entries(v.entries) as [string, Entry][]);
      const files = new Map(typeof v.files === 'object' && v.files !== null ? (Object.entries(v.files) as [string, FileEntry][]) : []);
      return new VerdictMemo(entries, files);
    } catch {
      return VerdictMemo.empty();
    }
  }

  /** The kept verdict (null: allowed) when every answer it depends on is unchanged; undefined otherwise. */
  lookup(command: string, fs: FsAnswers): Verdict | null | undefined {
    const e = this.entries.get(command);
    if (!e) return undefined;
    if (!validEntry(e)) {
      this.entries.delete(command);
      this.changed = true;
      return undefined;
    }
    for (const d of e.deps)
      if (!holds(d, fs, null)) {
        this.entries.delete(command);
        this.changed = true;
        return undefined;
      }
    this.used.add(command);
    return e.verdict;
  }

  /**
   * A file's kept diagnostics, when its stamp (taken before reading it) and every answer its lint
   * got are unchanged; undefined otherwise. `key` names the file and how it was linted.
   */
  fileResult(key: string, stamp: string, fs: FsAnswers, ws: WorkspaceAnswers): Diagnostic[] | undefined {
    const f = this.files.get(key);
    if (!f) return undefined;
    const stale = () => {
      this.files.delete(key);
      this.changed = true;
      return undefined;
    };
    if (!validFileEntry(f) || f.stamp !== stamp || f.deps.some((d) => !holds(d, fs, ws))) return stale();
    const diagnostics: Diagnostic[] = [];
    for (const k of f.diagnostics) {
      const d = restoredDiagnostic(k);
      if (!d) return stale();
      diagnostics.push(d);
    }
    this.usedFiles.add(key);
    return diagnostics;
  }

  /** A recorder for one file's lint (fill it through observe / the verdicts used). */
  fileRecorder(): FileRecorder {
    return { deps: new Map(), commands: new Set() };
  }

  /**
   * Keeps a file's result with everything it depended on: the recorded workspace answers and the
   * answers of each verdict it used. Not kept when a verdict it used has no entry (nothing known
   * about what that verdict depended on).
   */
  keepFile(key: string, stamp: string, rec: FileRecorder, diagnostics: Diagnostic[]): void {
    const deps = new Map(rec.deps);
    for (const command of rec.commands) {
      const e = this.entries.get(command);
      if (!e || !validEntry(e)) return;
      for (const d of e.deps) addDep(deps, d);
    }
    if (stamp === '-') return;
    if (this.now !== undefined && (racyStamp(stamp, this.now) || anyRacy(deps.values(), this.now))) return;
    if (diagnostics.some(diagnosticHoldsSecret)) return;
    this.files.set(key, { stamp, deps: [...deps.values()], diagnostics: diagnostics.map(keptDiagnostic) });
    this.usedFiles.add(key);
    this.changed = true;
  }

  /** A recorder for one evaluation, and the function that keeps its verdict afterwards. */
  recorder(): { observe: (probe: FsProbe) => void; keep: (command: string, verdict: Verdict | null) => void } {
    const deps = new Map<string, Dependency>();
    return {
      observe: (p) => {
        if (p.op === 'read') addDep(deps, ['s', p.path, p.stamp]);
        else if (p.op === 'exists') addDep(deps, ['e', p.path, p.result]);
        else if (p.op === 'realpath') addDep(deps, ['r', p.path, p.result]);
        else addDep(deps, ['l', p.path, namesDigest(p.result)]);
      },
      keep: (command, verdict) => {
        if (anyRacy(deps.values(), this.now)) return;
        if (holdsSecret(command) || (verdict && (holdsSecret(verdict.reason) || (verdict.instead !== undefined && holdsSecret(verdict.instead))))) return;
        this.entries.set(command, { verdict, deps: [...deps.values()] });
        this.used.add(command);
        this.changed = true;
      },
    };
  }

  /** Whether saving would write anything new. */
  get dirty(): boolean {
    return this.changed;
  }

  /** The saved form: this run's entries first, then older ones up to the cap. */
  serialize(): string {
    const entries: Record<string, Entry> = {};
    let n = 0;
    for (const command of this.used) {
      const e = this.entries.get(command);
      if (e && n++ < MAX_ENTRIES) entries[command] = e;
    }
    for (const [command, e] of this.entries) if (!(command in entries) && n++ < MAX_ENTRIES) entries[command] = e;
    const files: Record<string, FileEntry> = {};
    let m = 0;
    for (const key of this.usedFiles) {
      const f = this.files.get(key);
      if (f && m++ < MAX_FILES) files[key] = f;
    }
    for (const [key, f] of this.files) if (!(key in files) && m++ < MAX_FILES) files[key] = f;
    const file: MemoFile = { format: FORMAT, entries, files };
    return JSON.stringify(file);
  }
}

const OPS = new Set(['e', 'r', 'l', 's', 'E', 'S', 'L', 'D']);

function validDeps(deps: unknown): deps is Dependency[] {
  if (!Array.isArray(deps)) return false;
  for (const d of deps)
    if (
      !Array.isArray(d) ||
      d.length !== 3 ||
      typeof d[1] !== 'string' ||
      !OPS.has(d[0] as string) ||
      (d[0] === 'e' || d[0] === 'E' ? typeof d[2] !== 'boolean' : typeof d[2] !== 'string')
    )
      return false;
  return true;
}

function validFileEntry(f: unknown): f is FileEntry {
  if (typeof f !== 'object' || f === null) return false;
  const { stamp, deps, diagnostics } = f as Partial<FileEntry>;
  return typeof stamp === 'string' && validDeps(deps) && Array.isArray(diagnostics);
}

function validEntry(e: unknown): e is Entry {
  if (typeof e !== 'object' || e === null) return false;
  const { verdict, deps } = e as Partial<Entry>;
  if (!validDeps(deps)) return false;
  if (verdict === null) return true;
  if (typeof verdict !== 'object' || verdict === undefined) return false;
  const v = verdict as Partial<Verdict>;
  return (
    typeof v.reason === 'string' &&
    typeof v.guardId === 'string' &&
    (v.decision === 'deny' || v.decision === 'ask') &&
    (v.instead === undefined || typeof v.instead === 'string')
  );
}

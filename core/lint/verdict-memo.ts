// Guard verdicts kept from one lint run to the next (the CLI). Judging a few hundred commands is
// most of a cold lint of a big CLAUDE.md, and most commands are the same as last time. A verdict is
// reused only while everything it was judged from is unchanged: the command text (the key), the
// guard set and configuration (the caller keys the whole memo by them), and every answer the
// guards got from the file system (which paths exist, where links lead, what a folder holds, the
// stamp of each file read: size, modification time and inode, as make and ESLint's cache judge a
// file unchanged), asked again before the verdict is reused. Nothing of a file's content is kept:
// no digest of, say, .env outside the workspace.
//
// Pure: the caller loads and saves the memo and passes the file-system answers in.

import type { Verdict } from '../guards/dispatch';
import type { FsProbe } from '../guards/context';

/** How to ask the file system again (the same functions the guard context uses). */
export interface FsAnswers {
  exists(path: string): boolean;
  realpath(path: string): string;
  list(path: string): string[];
  stamp(path: string): string;
}

/** One file-system answer a verdict depends on: `[op, path, answer]` (a folder's names as a digest). */
type Dependency = ['e', string, boolean] | ['r', string, string] | ['l', string, string] | ['s', string, string];

interface Entry {
  verdict: Verdict | null;
  deps: Dependency[];
}

export interface MemoFile {
  format: typeof FORMAT;
  entries: Record<string, Entry>;
}

const FORMAT = 'agent-guard-lint-verdicts-2';
/** Entries kept: those used by the last run first, then the newest of the rest. */
const MAX_ENTRIES = 20_000;

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
function namesDigest(names: readonly string[]): string {
  return digest([...names].sort());
}

export class VerdictMemo {
  private readonly entries: Map<string, Entry>;
  private readonly used = new Set<string>();
  private changed = false;

  private constructor(entries: Map<string, Entry>) {
    this.entries = entries;
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
      const entries = new Map<string, Entry>();
      for (const [command, e] of Object.entries(v.entries)) if (validEntry(e)) entries.set(command, e);
      return new VerdictMemo(entries);
    } catch {
      return VerdictMemo.empty();
    }
  }

  /** The kept verdict (null: allowed) when every answer it depends on is unchanged; undefined otherwise. */
  lookup(command: string, fs: FsAnswers): Verdict | null | undefined {
    const e = this.entries.get(command);
    if (!e) return undefined;
    for (const [op, path, answer] of e.deps) {
      const now = op === 'e' ? fs.exists(path) : op === 'r' ? fs.realpath(path) : op === 's' ? fs.stamp(path) : namesDigest(fs.list(path));
      if (now !== answer) {
        this.entries.delete(command);
        this.changed = true;
        return undefined;
      }
    }
    this.used.add(command);
    return e.verdict;
  }

  /** A recorder for one evaluation, and the function that keeps its verdict afterwards. */
  recorder(): { observe: (probe: FsProbe) => void; keep: (command: string, verdict: Verdict | null) => void } {
    const deps = new Map<string, Dependency>();
    return {
      observe: (p) => {
        if (p.op === 'read') deps.set(`s${p.path}`, ['s', p.path, p.stamp]);
        else if (p.op === 'exists') deps.set(`e${p.path}`, ['e', p.path, p.result]);
        else if (p.op === 'realpath') deps.set(`r${p.path}`, ['r', p.path, p.result]);
        else deps.set(`l${p.path}`, ['l', p.path, namesDigest(p.result)]);
      },
      keep: (command, verdict) => {
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
    const file: MemoFile = { format: FORMAT, entries };
    return JSON.stringify(file);
  }
}

function validEntry(e: unknown): e is Entry {
  if (typeof e !== 'object' || e === null) return false;
  const { verdict, deps } = e as Partial<Entry>;
  if (!Array.isArray(deps)) return false;
  for (const d of deps)
    if (
      !Array.isArray(d) ||
      d.length !== 3 ||
      typeof d[1] !== 'string' ||
      !['e', 'r', 'l', 's'].includes(d[0] as string) ||
      (d[0] === 'e' ? typeof d[2] !== 'boolean' : typeof d[2] !== 'string')
    )
      return false;
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

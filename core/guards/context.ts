// The I/O a guard may do. Guards never touch fs or child_process directly, so a guard cannot hang
// the hook and tests see the same behaviour. Git goes through the runner the caller passes in
// (cli/git.ts: repository config neutralised, one time budget); without one there is no git.

import { OutOfTime } from '../work';
import { fileStamp, linkResolver, listNames, pathExists, readHead } from './fs-answers';
import { analyzeShell } from '../shell/analyze';
import type { ShellAnalysis } from '../shell/model';
import { translatePowerShell } from '../shell/powershell';
import type { GuardConfig } from '../config';
import { ownPlaces, type OwnPlaces } from '../own-places';
import type { Deadline } from '../work';
import type { GitRunner, GuardContext, ToolCall } from './types';

/**
 * What a guard learned from the file system, reported to whoever keeps verdicts across runs (the
 * CLI's lint): a verdict stays valid while every probe gives the same answer. A read of a file's
 * content is reported by the file's stamp (size, modification time, inode), never its content.
 */
export type FsProbe =
  | { op: 'exists'; path: string; result: boolean }
  | { op: 'realpath'; path: string; result: string }
  | { op: 'list'; path: string; result: readonly string[] }
  | { op: 'read'; path: string; stamp: string };

/**
 * File-system answers kept across calls by a caller that judges many commands against one
 * unchanged file system (a lint run: hundreds of a CLAUDE.md's commands list the same folders).
 */
export interface SharedAnswers {
  exists(path: string): boolean;
  realpath(path: string): string;
  list(path: string): readonly string[];
}

export function createContext(
  call: ToolCall,
  opts: {
    home: string;
    /** Default: each at its place under home (no XDG_*, CLAUDE_CONFIG_DIR). */
    places?: OwnPlaces;
    projectDir: string;
    config: GuardConfig;
    git?: GitRunner;
    deadline?: Deadline;
    observe?: (probe: FsProbe) => void;
    answers?: SharedAnswers;
    /** Reads a file's text instead of the disk read (see DispatchOptions.readText). */
    readText?: (path: string, maxBytes: number) => string | null;
  },
): GuardContext {
  const observe = opts.observe;
  const shared = opts.answers;
  const expired = opts.deadline ? () => opts.deadline!.expired() : undefined;
  let analysis: ShellAnalysis | null = null;
  // One call sees the file system as it is before the command runs: each question is asked once
  // (an argument list of 128,000 names must not cost 128,000 readdir calls per guard).
  const realCache = new Map<string, string>();
  let resolver: ((path: string) => string) | undefined;
  const existsCache = new Map<string, boolean>();
  const listCache = new Map<string, readonly string[]>();
  return {
    home: opts.home,
    places: opts.places ?? ownPlaces({}, opts.home),
    projectDir: opts.projectDir,
    config: opts.config,
    shell() {
      if (!analysis) {
        // The PowerShell tool's commands are read through their POSIX translation (once per call: guards call shell() often).
        const command = call.tool === 'PowerShell' ? translatePowerShell(call.command ?? '') : (call.command ?? '');
        try {
          analysis = analyzeShell(command, { cwd: call.cwd, home: opts.home, projectDir: opts.projectDir, expired });
        } catch (err) {
          // The analysis itself failed: nothing of the command was seen, which is unanalysable, not "no opinion".
          analysis = {
            source: command,
            invocations: [],
            functions: [],
            limit: err instanceof OutOfTime ? 'deadline' : 'failure',
            opaqueCode: null,
            aliases: new Map(),
            home: opts.home,
            startCwd: call.cwd,
          };
        }
      }
      return analysis;
    },
    git(args, cwd = call.cwd) {
      // Past the deadline git is not asked; the dispatcher then denies the call as unanalysable.
      if (opts.deadline?.expired()) return null;
      return opts.git ? opts.git.run(args, cwd) : null;
    },
    readText(path, maxBytes = 256 * 1024) {
      if (observe) observe({ op: 'read', path, stamp: fileStamp(path) });
      return opts.readText ? opts.readText(path, maxBytes) : readHead(path, maxBytes);
    },
    exists(path) {
      let result = existsCache.get(path);
      if (result === undefined) {
        result = shared ? shared.exists(path) : pathExists(path);
        if (existsCache.size < CACHE_LIMIT) existsCache.set(path, result);
      }
      observe?.({ op: 'exists', path, result });
      return result;
    },
    realpath(path) {
      let r = realCache.get(path);
      if (r === undefined) {
        if (shared) r = shared.realpath(path);
        else {
          resolver ??= linkResolver();
          r = resolver(path);
        }
        realCache.set(path, r);
      }
      observe?.({ op: 'realpath', path, result: r });
      return r;
    },
    listDir(path) {
      let result = listCache.get(path);
      if (result === undefined) {
        result = shared ? shared.list(path) : listNames(path);
        if (listCache.size < CACHE_LIMIT) listCache.set(path, result);
      }
      observe?.({ op: 'list', path, result });
      return result;
    },
  };
}

/** Answers kept per call, at most (a bound on memory for a pathological line). */
const CACHE_LIMIT = 100_000;

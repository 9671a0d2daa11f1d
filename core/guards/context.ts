// The I/O a guard may do. Guards never touch fs or child_process directly, so a guard cannot hang
// the hook and tests see the same behaviour. Git goes through the runner the caller passes in
// (cli/git.ts: repository config neutralised, one time budget); without one there is no git.

import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { analyzeShell, type ShellAnalysis } from '../shell/analyze';
import { translatePowerShell } from '../shell/powershell';
import type { GuardConfig } from '../config';
import type { Deadline } from './dispatch';
import type { GitRunner, GuardContext, ToolCall } from './types';

export function createContext(call: ToolCall, opts: { home: string; projectDir: string; config: GuardConfig; git?: GitRunner; deadline?: Deadline }): GuardContext {
  const expired = opts.deadline ? () => opts.deadline!.expired() : undefined;
  let analysis: ShellAnalysis | null = null;
  return {
    home: opts.home,
    projectDir: opts.projectDir,
    config: opts.config,
    shell() {
      if (!analysis) {
        // The PowerShell tool's commands are read through their POSIX translation (once per call: guards call shell() often).
        const command = call.tool === 'PowerShell' ? translatePowerShell(call.command ?? '') : call.command ?? '';
        try {
          analysis = analyzeShell(command, { cwd: call.cwd, home: opts.home, projectDir: opts.projectDir, expired });
        } catch {
          // The analysis itself failed: nothing of the command was seen, which is unanalysable, not "no opinion".
          analysis = { source: command, invocations: [], functions: [], limit: 'failure', aliases: new Map(), home: opts.home, startCwd: call.cwd };
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
      return readHead(path, maxBytes);
    },
    exists(path) {
      try {
        return existsSync(path);
      } catch {
        return false;
      }
    },
    listDir(path) {
      try {
        return readdirSync(path);
      } catch {
        return [];
      }
    },
  };
}

export function readHead(path: string, maxBytes: number): string | null {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(maxBytes);
    const n = readSync(fd, buf, 0, maxBytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

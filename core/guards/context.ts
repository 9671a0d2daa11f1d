// The I/O a guard may do, memoised per call and bounded in time. Guards never touch fs or
// child_process directly, so a guard cannot hang the hook and tests see the same behaviour.

import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { analyzeShell, type ShellAnalysis } from '../shell/analyze';
import { translatePowerShell } from '../shell/powershell';
import type { GuardConfig } from '../config';
import type { Deadline } from './dispatch';
import type { GitResult, GuardContext, ToolCall } from './types';

const GIT_TIMEOUT_MS = 1500;

export function createContext(call: ToolCall, opts: { home: string; projectDir: string; config: GuardConfig; deadline?: Deadline }): GuardContext {
  const expired = opts.deadline ? () => opts.deadline!.expired() : undefined;
  let analysis: ShellAnalysis | null = null;
  const gitCache = new Map<string, GitResult | null>();
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
      const key = `${cwd}\0${args.join('\0')}`;
      if (gitCache.has(key)) return gitCache.get(key)!;
      let result: GitResult | null;
      if (!existsSync(cwd) || opts.deadline?.expired()) result = null;
      else {
        try {
          // Loaded on first use: child_process pulls in net and costs ~5 ms of start-up on every call otherwise.
          const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
          const stdout = execFileSync('git', args, {
            cwd,
            encoding: 'utf8',
            timeout: Math.max(1, Math.min(GIT_TIMEOUT_MS, opts.deadline?.remaining() ?? GIT_TIMEOUT_MS)),
            stdio: ['ignore', 'pipe', 'ignore'],
            maxBuffer: 4 * 1024 * 1024,
            env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
          });
          result = { ok: true, stdout };
        } catch (err) {
          const e = err as { code?: string; status?: number | null; stdout?: string };
          result = e.code === 'ENOENT' || e.code === 'ETIMEDOUT' || e.status === null ? null : { ok: false, stdout: e.stdout ?? '' };
        }
      }
      gitCache.set(key, result);
      return result;
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

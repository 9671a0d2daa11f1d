// The one way Agent Guard runs git. The repository is attacker-controlled (a fresh clone, a file
// the agent just wrote), and PreToolUse fires before the user approves anything, so git runs here
// with everything the repository could use to execute code neutralised:
//
// - Only read-only subcommands that never run a filter, diff driver, textconv, hook or transport
//   (ALLOWED below; `git status` is NOT on it: it runs `filter.<x>.clean` for any file whose stat
//   changed, and a driver name comes from .gitattributes, so it cannot be switched off by name).
// - Command-line `-c` settings (they win over every config file) switch off what those commands
//   could still reach: fsmonitor (runs on every index read), hooks, pager, ssh/credential/askpass
//   helpers, external diff, every transport (so a partial clone cannot fetch lazily), and implicit
//   bare repositories (`safe.bareRepository=explicit`: a bare repository committed as plain files
//   is otherwise discovered, config and all).
// - No GIT_* variable from our own environment reaches git (GIT_DIR, GIT_CONFIG_PARAMETERS,
//   GIT_CONFIG_COUNT/KEY/VALUE, GIT_EXEC_PATH, GIT_SSH_COMMAND, …: a project's settings `env` can
//   set them); discovery stops at the project root (GIT_CEILING_DIRECTORIES is its parent), and git
//   never runs outside the project.
// - The git executable is looked up on PATH, skipping relative entries and folders inside the
//   project (a `bin/git` the repository ships never runs).
// - One time budget for all git calls of one hook call, each call capped; when git is slow or the
//   budget is spent, the answer is "unknown" (null) and the repo-aware guard says nothing.
//
// The user's own system and global git config stay in force (core.excludesFile decides what
// `git add -A` would stage); they are the user's, not the repository's.

import { statSync } from 'node:fs';
import type { GitResult, GitRunner } from '../core/guards/types';
import { dirname, isAbsolutePath, isSameOrAncestor, normalizePath } from '../core/paths';

/** All git calls of one hook call together. */
export const GIT_BUDGET_MS = 1500;
/** One git call. */
export const GIT_CALL_MS = 1000;
/** Git stops this long before the hook's own deadline, so the guards can still answer. */
export const GIT_DEADLINE_MARGIN_MS = 300;

/**
 * Subcommands a guard may run, with the options each may take before `--` (anything after `--`
 * is a pathspec). None of them runs filters, diff drivers, textconv, hooks, a pager or a transport.
 */
export const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  'rev-parse': new Set([
    '--show-toplevel',
    '--is-inside-work-tree',
    '--is-bare-repository',
    '--git-dir',
    '--absolute-git-dir',
    '--git-common-dir',
    '--show-prefix',
    '--show-cdup',
  ]),
  'symbolic-ref': new Set(['--quiet', '-q', '--short', 'HEAD']),
  // Reads the index and walks the work tree; never hashes file contents (no clean filter).
  // -s prints the index's blob ids; it never reads the work tree's contents.
  'ls-files': new Set([
    '-z',
    '--others',
    '-o',
    '--cached',
    '-c',
    '--exclude-standard',
    '--full-name',
    '--error-unmatch',
    '--directory',
    '--no-empty-directory',
    '-s',
    '--stage',
  ]),
  // Reads tree objects only: no work tree, no filters.
  'ls-tree': new Set(['-z', '--full-name', 'HEAD']),
  // An object's raw bytes (`blob`) or whether it exists (`-e`): never a filter or textconv (those
  // need --filters or --textconv). The object name is checked by OBJECT_NAME.
  'cat-file': new Set(['blob', '-e']),
};

/** Subcommands that take one object name (`<rev>:<path>`, `<rev>^{commit}`) after their options. */
const TAKES_OBJECT = new Set(['cat-file']);
/** An object name: not an option, no blanks or control characters. */
const OBJECT_NAME = /^[^-\s\p{Cc}][^\s\p{Cc}]*$/u;

/** `-c` settings that neutralise repository config; command-line config overrides every file. */
export const NEUTRAL_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  `core.hooksPath=${process.platform === 'win32' ? 'NUL' : '/dev/null'}`,
  'core.pager=cat',
  'core.sshCommand=false',
  'core.askPass=',
  'credential.helper=',
  'diff.external=',
  'protocol.allow=never',
  'safe.bareRepository=explicit',
  'submodule.recurse=false',
  'gc.auto=0',
  'maintenance.auto=false',
];

/** Why a git call is refused, or null when it may run. */
export function refusal(args: readonly string[]): string | null {
  const [sub, ...rest] = args;
  const allowed = sub === undefined ? undefined : ALLOWED[sub];
  if (!allowed) return `git ${sub ?? '(nothing)'} is not one of the subcommands Agent Guard runs`;
  for (const [i, a] of rest.entries()) {
    if (a === '--') return null;
    // The last word of a subcommand that reads one object is the object's name.
    if (TAKES_OBJECT.has(sub!) && i === rest.length - 1 && i > 0 && OBJECT_NAME.test(a)) return null;
    if (!allowed.has(a)) return `git ${sub} ${a} is not an option Agent Guard runs`;
  }
  return null;
}

/** The full argv for git: no pager, no replace objects, the neutral config, then the call. */
export function hardenedArgs(args: readonly string[]): string[] {
  return ['--no-pager', '--no-replace-objects', ...NEUTRAL_CONFIG.flatMap((c) => ['-c', c]), ...args];
}

/** Our environment without any GIT_* variable, plus the settings that keep git quiet and local. */
export function hardenedEnv(env: NodeJS.ProcessEnv, projectDir: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    const key = k.toUpperCase();
    if (key.startsWith('GIT_') || key === 'PAGER' || key === 'SSH_ASKPASS') continue;
    out[k] = v;
  }
  const parent = dirname(projectDir);
  Object.assign(out, {
    GIT_CEILING_DIRECTORIES: parent === projectDir ? '' : parent,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_NO_LAZY_FETCH: '1',
    GIT_PROTOCOL_FROM_USER: '0',
    LC_ALL: 'C',
  });
  return out;
}

/** The first git on PATH that is absolute and not inside the project; null when there is none. */
export function findGit(pathVar: string | undefined, projectDir: string): string | null {
  const exe = process.platform === 'win32' ? 'git.exe' : 'git';
  const sep = process.platform === 'win32' ? ';' : ':';
  for (const entry of (pathVar ?? '').split(sep)) {
    if (!entry || !isAbsolutePath(entry)) continue;
    const dir = normalizePath(entry);
    if (isSameOrAncestor(projectDir, dir)) continue;
    const candidate = `${dir}/${exe}`;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface GitRunnerOptions {
  /** The project root: git runs only inside it, and discovery stops there. */
  projectDir: string;
  /** Total for all calls (default GIT_BUDGET_MS). */
  budgetMs?: number;
  /** Per call (default GIT_CALL_MS). */
  callMs?: number;
  /** An absolute deadline (Date.now() ms) the budget must also respect, e.g. the hook's own. */
  deadline?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * A git runner for one hook call (or one `agent-guard explain`, one "Check a Command"): answers are
 * memoised, and all calls share one time budget. `run` returns null for "unknown": git missing or
 * not started, a refused subcommand, a cwd outside the project or missing, a timeout, the budget spent.
 */
export function createGitRunner(opts: GitRunnerOptions): GitRunner {
  const projectDir = normalizePath(opts.projectDir);
  const start = Date.now();
  const deadline = Math.min(start + (opts.budgetMs ?? GIT_BUDGET_MS), opts.deadline ?? Infinity);
  const callMs = opts.callMs ?? GIT_CALL_MS;
  const env = opts.env ?? process.env;
  const cache = new Map<string, GitResult | null>();
  const notes: string[] = [];
  let exe: string | null | undefined;
  let spent = false;
  const note = (line: string) => {
    if (!notes.includes(line)) notes.push(line);
  };
  return {
    notes,
    get spent() {
      return spent;
    },
    run(args, rawCwd) {
      const cwd = normalizePath(rawCwd);
      const key = `${cwd}\0${args.join('\0')}`;
      if (cache.has(key)) return cache.get(key)!;
      const result = runOnce(args, cwd);
      cache.set(key, result);
      return result;
    },
  };

  function runOnce(args: string[], cwd: string): GitResult | null {
    const refused = refusal(args);
    if (refused) {
      note(`agent-guard: ${refused}; no opinion`);
      return null;
    }
    if (!isSameOrAncestor(projectDir, cwd)) return null;
    if (spent) return null;
    const left = deadline - Date.now();
    if (left <= 0) {
      spent = true;
      note(`agent-guard: git time budget (${Math.max(0, deadline - start)} ms) spent; repo-aware guards gave no opinion`);
      return null;
    }
    try {
      if (!statSync(cwd).isDirectory()) return null;
    } catch {
      return null;
    }
    exe ??= findGit(env.PATH ?? env.Path, projectDir);
    if (!exe) return null;
    try {
      // Loaded on first use: child_process pulls in net and costs ~5 ms of start-up on every call otherwise.
      const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
      const stdout = execFileSync(exe, hardenedArgs(args), {
        cwd,
        encoding: 'utf8',
        timeout: Math.max(1, Math.min(callMs, left)),
        killSignal: 'SIGKILL',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 4 * 1024 * 1024,
        windowsHide: true,
        env: hardenedEnv(env, projectDir),
      });
      return { ok: true, stdout };
    } catch (err) {
      const e = err as { code?: string; status?: number | null; stdout?: string };
      if (e.code === 'ETIMEDOUT') {
        // A git that hung once will hang again: no more git for this call.
        spent = true;
        note(`agent-guard: git did not answer within ${Math.min(callMs, left)} ms; repo-aware guards gave no opinion`);
        return null;
      }
      if (e.code === 'ENOENT' || e.code === 'ENOBUFS' || e.status === null || e.status === undefined) return null;
      return { ok: false, stdout: e.stdout ?? '' };
    }
  }
}

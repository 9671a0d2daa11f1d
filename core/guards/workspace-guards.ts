// `.claude/guards/*.js`: guards a team writes for its own repository, in the same one-file format.
// Loaded by the hook on each call (a readdir when the folder is missing), but only with the
// user's consent: a file runs only if its content hash is in the user's trust store (core/trust.ts,
// `agent-guard trust`). An untrusted or changed file, one that fails to load or has the wrong shape
// is skipped with one stderr line, never a crash. What runs is exactly the bytes that were hashed:
// a guard may require only Node's built-in modules that load no code and touch no file (a guard reads
// through its context), and the other ways to load a file are cut off before it runs (require of
// `module`, `vm`, `child_process` or `worker_threads`; process.mainModule.require,
// process.getBuiltinModule, process.dlopen, process.binding; import() from it fails, as vm gives it
// no loader). So a `_helpers.js` beside it cannot run unhashed. This is not a sandbox against a
// guard written to escape one: the guard is code the person reviewed and trusted.

import { dirname } from 'node:path';
import type { Guard } from './types';
import { guardFile, listGuardFiles, readSmall, storePath, untrustedNote, WORKSPACE_GUARDS_DIR, type TrustStore } from '../trust';

export { WORKSPACE_GUARDS_DIR };

/** `trust` is read only when the workspace has guard files (most have none: one readdir). */
export function loadWorkspaceGuards(
  projectDir: string,
  builtInIds: ReadonlySet<string>,
  trust: () => TrustStore,
  read: (path: string) => string | null = readSmall,
): { guards: Guard[]; notes: string[] } {
  const names = listGuardFiles(projectDir);
  if (names.length === 0) return { guards: [], notes: [] };
  const store = trust();
  const guards: Guard[] = [];
  const notes: string[] = [];
  const unrecorded: string[] = [];
  for (const name of names) {
    // A file the person never trusted is untrusted by its name alone: reading and hashing it would
    // let a repository that ships thousands of large guard files slow every call past the host's
    // timeout, and a timed-out hook lets the call run.
    if (store.guards[storePath(projectDir, `${WORKSPACE_GUARDS_DIR}/${name}`)] === undefined) {
      unrecorded.push(name);
      continue;
    }
    const f = guardFile(projectDir, name, store, read);
    if (f.state !== 'trusted' || f.content === null) {
      notes.push(untrustedNote(f));
      continue;
    }
    try {
      const g = compile(f.content, f.path) as Partial<Guard>;
      const problem = shapeProblem(g);
      if (problem) notes.push(`agent-guard: ${f.name} skipped: ${problem}`);
      else if (builtInIds.has(g.id!)) notes.push(`agent-guard: ${f.name} skipped: id "${g.id}" is a built-in guard`);
      else guards.push(g as Guard);
    } catch (err) {
      notes.push(`agent-guard: ${f.name} skipped: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return { guards, notes: [...notes, ...unrecordedNotes(unrecorded)] };
}

/** One line per untrusted file, up to a few; then one line for the rest (stderr is the host's debug log, not a dump). */
const MAX_NOTED = 5;

function unrecordedNotes(names: readonly string[]): string[] {
  const lines = names.slice(0, MAX_NOTED).map((n) => untrustedNote({ name: `${WORKSPACE_GUARDS_DIR}/${n}`, state: 'untrusted' }));
  if (names.length > MAX_NOTED)
    lines.push(`agent-guard: ${names.length - MAX_NOTED} more workspace guard files skipped: not trusted; review them, then run: agent-guard trust`);
  return lines;
}

/**
 * Built-in modules a workspace guard may require: computation only. Not `fs` (a guard reads through
 * ctx.readText), nor anything that loads or runs other code (`module`, `vm`, `child_process`,
 * `worker_threads`, `cluster`, `inspector`, `repl`, `wasi`, `v8`), nor the network.
 */
const PURE_BUILTINS = new Set([
  'assert',
  'assert/strict',
  'buffer',
  'crypto',
  'events',
  'os',
  'path',
  'path/posix',
  'path/win32',
  'querystring',
  'string_decoder',
  'url',
  'util',
  'util/types',
]);

function requireProblem(id: string): string | null {
  const bare = id.replace(/^node:/, '');
  if (PURE_BUILTINS.has(bare)) return null;
  const { builtinModules } = require('node:module') as typeof import('node:module');
  return builtinModules.includes(bare)
    ? `it requires ${JSON.stringify(id)}, but a workspace guard may require only built-in modules that load no code and read no file (${[...PURE_BUILTINS].join(', ')}); read files through ctx.readText`
    : `it requires ${JSON.stringify(id)}, but a workspace guard is one file and may require only Node's built-in modules (the trust hash covers that one file)`;
}

let sealed = false;
/** Once per process, before the first workspace guard runs: the ways to load a file that bypass `require`. */
function sealLoaders(): void {
  if (sealed) return;
  sealed = true;
  const refuse = (what: string) => () => {
    throw new Error(`${what} is not available to workspace guards (the trust hash covers only the guard file)`);
  };
  const p = process as unknown as Record<string, unknown>;
  p.mainModule = undefined;
  for (const name of ['dlopen', 'binding', '_linkedBinding']) if (typeof p[name] === 'function') p[name] = refuse(`process.${name}`);
  const original = p.getBuiltinModule as ((id: string) => unknown) | undefined;
  if (typeof original === 'function')
    p.getBuiltinModule = (id: string) => {
      const problem = requireProblem(String(id));
      if (problem) throw new Error(problem);
      return original.call(process, id);
    };
}

/** Runs the trusted bytes as a CommonJS module; require is limited to the pure built-in modules. */
function compile(content: string, path: string): unknown {
  const vm = require('node:vm') as typeof import('node:vm');
  const ownRequire = (id: string): unknown => {
    const problem = requireProblem(String(id));
    if (problem) throw new Error(problem);
    return require(id);
  };
  sealLoaders();
  const fn = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${content}\n})`, { filename: path }) as (
    ...a: unknown[]
  ) => void;
  const mod = { exports: {} as Record<string, unknown> };
  fn(mod.exports, ownRequire, mod, path, dirname(path));
  const e = mod.exports as { default?: unknown };
  return e.default ?? e;
}

function shapeProblem(g: Partial<Guard>): string | null {
  if (typeof g !== 'object' || g === null) return 'it must export a guard object';
  if (typeof g.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(g.id)) return 'id must be lower-case letters, digits and dashes';
  if (typeof g.check !== 'function') return 'check(call, ctx) must be a function';
  if (!Array.isArray(g.tools) || g.tools.some((t) => typeof t !== 'string')) return 'tools must be an array of tool names';
  if (typeof g.title !== 'string' || typeof g.prevents !== 'string') return 'title and prevents must be strings';
  if (!g.examples || !Array.isArray(g.examples.blocked) || !Array.isArray(g.examples.allowed)) return 'examples must have blocked and allowed arrays';
  return null;
}

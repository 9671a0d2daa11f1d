// `.claude/guards/*.js`: guards a team writes for its own repository, in the same one-file format.
// Loaded by the hook on each call (a readdir when the folder is missing), but only with the
// user's consent: a file runs only if its content hash is in the user's trust store (core/trust.ts,
// `agent-guard trust`). An untrusted or changed file, one that fails to load or has the wrong shape
// is skipped with one stderr line, never a crash. What runs is exactly the bytes that were hashed,
// and a guard may require only Node's built-in modules (it is one file: the hash covers all of it).

import { dirname } from 'node:path';
import type { Guard } from './types';
import { guardFiles, listGuardFiles, untrustedNote, WORKSPACE_GUARDS_DIR, type TrustStore } from '../trust';

export { WORKSPACE_GUARDS_DIR };

/** `trust` is read only when the workspace has guard files (most have none: one readdir). */
export function loadWorkspaceGuards(projectDir: string, builtInIds: ReadonlySet<string>, trust: () => TrustStore): { guards: Guard[]; notes: string[] } {
  if (listGuardFiles(projectDir).length === 0) return { guards: [], notes: [] };
  const files = guardFiles(projectDir, trust());
  const guards: Guard[] = [];
  const notes: string[] = [];
  for (const f of files) {
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
  return { guards, notes };
}

/** Runs the trusted bytes as a CommonJS module; require is limited to Node's built-in modules. */
function compile(content: string, path: string): unknown {
  const vm = require('node:vm') as typeof import('node:vm');
  const { builtinModules } = require('node:module') as typeof import('node:module');
  const builtins = new Set(builtinModules);
  const ownRequire = (id: string): unknown => {
    if (builtins.has(id.replace(/^node:/, ''))) return require(id);
    throw new Error(`it requires ${JSON.stringify(id)}, but a workspace guard is one file and may require only Node's built-in modules`);
  };
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

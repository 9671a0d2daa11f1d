// `.claude/guards/*.js`: guards a team writes for its own repository, in the same one-file format.
// Loaded by the hook on each call (a readdir when the folder is missing); a file that fails to
// load or has the wrong shape is skipped with one stderr line, never a crash.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Guard } from './types';

export const WORKSPACE_GUARDS_DIR = '.claude/guards';

export function loadWorkspaceGuards(projectDir: string, builtInIds: ReadonlySet<string>): { guards: Guard[]; notes: string[] } {
  const dir = join(projectDir, WORKSPACE_GUARDS_DIR);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.(c?js)$/.test(f) && !f.startsWith('_')).sort();
  } catch {
    return { guards: [], notes: [] };
  }
  const guards: Guard[] = [];
  const notes: string[] = [];
  for (const f of files) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(dir, f)) as { default?: unknown } & Record<string, unknown>;
      const g = (mod.default ?? mod) as Partial<Guard>;
      const problem = shapeProblem(g);
      if (problem) notes.push(`agent-guard: ${WORKSPACE_GUARDS_DIR}/${f} skipped: ${problem}`);
      else if (builtInIds.has(g.id!)) notes.push(`agent-guard: ${WORKSPACE_GUARDS_DIR}/${f} skipped: id "${g.id}" is a built-in guard`);
      else guards.push(g as Guard);
    } catch (err) {
      notes.push(`agent-guard: ${WORKSPACE_GUARDS_DIR}/${f} skipped: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return { guards, notes };
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

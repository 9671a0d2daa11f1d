// Which files are agent-visible, and what kind each is.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FileKind } from './types';

/** Classifies a path relative to the workspace root (forward slashes). null: not an agent file. */
export function fileKind(rel: string): FileKind | null {
  const r = rel.replace(/\\/g, '/').replace(/^\.\//, '');
  const name = r.slice(r.lastIndexOf('/') + 1);
  if (/^CLAUDE(\.local)?\.md$/.test(name) || name === 'AGENTS.md') return 'claude-md';
  if (/(^|\/)\.claude\/rules\/.+\.md$/.test(r)) return 'rules-md';
  if (/(^|\/)\.claude\/agents\/.+\.md$/.test(r)) return 'agent';
  if (/(^|\/)\.claude\/skills\/[^/]+\/SKILL\.md$/.test(r)) return 'skill';
  if (/(^|\/)\.claude\/commands\/.+\.md$/.test(r)) return 'command';
  if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(r) || /(^|\/)managed-settings\.json$/.test(r)) return 'settings';
  if (/(^|\/)\.claude\/workflows\/[^/]+\.js$/.test(r)) return 'workflow';
  return null;
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next', 'vendor', 'target', '.venv', 'venv', '__pycache__', 'worktrees']);

/** Every agent-visible file under root (relative paths), bounded. */
export function findAgentFiles(root: string, limit = 20000): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string, depth: number) => {
    if (out.length >= limit || depth > 12) return;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries.sort()) {
      if (SKIP_DIRS.has(e)) continue;
      const abs = join(dir, e);
      const r = rel ? `${rel}/${e}` : e;
      let isDir = false;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        continue;
      }
      if (isDir) {
        if (e.startsWith('.') && e !== '.claude') continue;
        walk(abs, r, depth + 1);
      } else if (fileKind(r)) out.push(r);
    }
  };
  walk(root, '', 0);
  return out;
}

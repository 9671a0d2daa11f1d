// Workspace views for the lint core: the real file system (CLI, language server) or a map of
// files (rule examples, tests).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { normalizePath, relativeTo } from '../paths';
import type { WorkspaceView } from './types';

export function fsWorkspace(root: string, home: string, overlay?: (path: string) => string | null): WorkspaceView {
  return {
    root: normalizePath(root),
    home: normalizePath(home),
    exists: (p) => overlay?.(p) != null || existsSync(p),
    read: (p) => {
      const o = overlay?.(p);
      if (o != null) return o;
      try {
        return statSync(p).size > 2 * 1024 * 1024 ? null : readFileSync(p, 'utf8');
      } catch {
        return null;
      }
    },
    list: (d) => {
      try {
        return readdirSync(d);
      } catch {
        return [];
      }
    },
  };
}

export function memoryWorkspace(root: string, files: Record<string, string>, home = '/home/user'): WorkspaceView {
  const abs = new Map(Object.entries(files).map(([rel, text]) => [normalizePath(`${root}/${rel}`), text]));
  return {
    root,
    home,
    exists: (p) => abs.has(p) || [...abs.keys()].some((k) => k.startsWith(`${p}/`)),
    read: (p) => abs.get(p) ?? null,
    list: (d) => {
      const names = new Set<string>();
      for (const k of abs.keys()) {
        const rel = relativeTo(d, k);
        if (rel) names.add(rel.split('/')[0]!);
      }
      return [...names];
    },
  };
}

// Workspace views for the lint core: the real file system (CLI, language server) or a map of
// files (rule examples, tests).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, normalizePath, relativeTo } from '../paths';
import { fileStamp, listNames, pathExists, resolveLinks } from '../guards/fs-answers';
import type { WorkspaceView } from './types';
import { addDep, digest, namesDigest, type Dependency, type FsAnswers } from './verdict-memo';
import { FACTS, factCache } from './facts';

/**
 * The real file system. `exists` remembers folders found missing (one view is one lint run, or
 * one re-lint in the server): a CLAUDE.md with thousands of @imports into a missing folder costs
 * one check per folder, not one per import.
 */
export function fsWorkspace(root: string, home: string, overlay?: (path: string) => string | null): WorkspaceView {
  const missingDirs = new Set<string>();
  const exists = (p: string): boolean => {
    const dir = dirname(p);
    if (missingDirs.has(dir)) return false;
    if (existsSync(p)) return true;
    if (dir !== p && !existsSync(dir)) missingDirs.add(dir);
    return false;
  };
  const view: WorkspaceView = {
    root: normalizePath(root),
    home: normalizePath(home),
    exists: (p) => overlay?.(p) != null || exists(p),
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
    fact: factCache(() => view),
  };
  return view;
}

export function memoryWorkspace(root: string, files: Record<string, string>, home = '/home/user'): WorkspaceView {
  const abs = new Map(Object.entries(files).map(([rel, text]) => [normalizePath(`${root}/${rel}`), text]));
  const view: WorkspaceView = {
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
    fact: factCache(() => view),
  };
  return view;
}

/** The guard context's file-system answers, each asked once per run (many verdicts depend on the same folders). */
export function fsAnswers(): FsAnswers {
  const exists = new Map<string, boolean>();
  const real = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const stamps = new Map<string, string>();
  const once = <T>(m: Map<string, T>, key: string, ask: (k: string) => T): T => {
    let v = m.get(key);
    if (v === undefined) {
      v = ask(key);
      m.set(key, v);
    }
    return v;
  };
  return {
    exists: (p) => once(exists, p, pathExists),
    realpath: (p) => once(real, p, resolveLinks),
    list: (p) => once(lists, p, listNames),
    stamp: (p) => once(stamps, p, fileStamp),
  };
}

/**
 * The same view, recording each answer it gives (for a file's kept result: core/lint/verdict-memo.ts).
 * A file is stamped before it is read, so a change in between shows as a changed stamp next time.
 */
export function observedWorkspace(ws: WorkspaceView, deps: Map<string, Dependency>): WorkspaceView {
  const missingDirs = new Set<string>();
  return {
    root: ws.root,
    home: ws.home,
    exists: (p) => {
      const found = ws.exists(p);
      if (!found) {
        // A missing folder stands for everything under it: one answer for a CLAUDE.md's thousand
        // @imports into it, and still sound (when it appears, everything is asked again).
        const dir = dirname(p);
        if (dir !== p && (missingDirs.has(dir) || !ws.exists(dir))) {
          missingDirs.add(dir);
          addDep(deps, ['E', dir, false]);
          return false;
        }
      }
      addDep(deps, ['E', p, found]);
      return found;
    },
    read: (p) => {
      addDep(deps, ['S', p, fileStamp(p)]);
      return ws.read(p);
    },
    list: (d) => {
      const names = ws.list(d);
      addDep(deps, ['L', d, namesDigest(names)]);
      return names;
    },
    // The fact's value, not every file behind it: n files that each ask for their folder's agent
    // names keep n small records, not n copies of the folder.
    fact: (f, arg) => {
      const value = ws.fact(f, arg);
      addDep(deps, ['D', `${f.id}\0${arg}`, factDigest(value)]);
      return value;
    },
  };
}

/** A fact's value as a kept result records it. */
export function factDigest(value: unknown): string {
  return digest([JSON.stringify(value) ?? 'undefined']);
}

/** A recorded fact (`id\0arg`), asked again through a view: its digest, or null for an unknown id. */
export function factAgain(view: WorkspaceView, key: string): string | null {
  const cut = key.indexOf('\0');
  const fact = FACTS.get(cut < 0 ? key : key.slice(0, cut));
  return fact && cut >= 0 ? factDigest(view.fact(fact, key.slice(cut + 1))) : null;
}

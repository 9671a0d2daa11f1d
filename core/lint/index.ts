// The lint core's entry: lint files of a workspace, fix them, and describe the rule set.

import rules from 'agent-guard:lint-rules';
import { lintFile, applyFixes, type GuardSetup } from './engine';
import { classifyFile, findAgentFiles } from './files';
import { factAgain, fsAnswers, fsWorkspace, observedWorkspace } from './workspace';
import { runReader } from './own-hook';
import type { VerdictMemo } from './verdict-memo';
import { fileStamp } from '../guards/fs-answers';
import { normalizePath, relativeTo, resolvePath } from '../paths';
import type { Verdict } from '../guards/dispatch';
import { DOCS_BASE, type Diagnostic, type FileKind, type LintRule } from './types';

export { rules };

export interface FileResult {
  path: string;
  rel: string;
  kind: FileKind;
  diagnostics: Diagnostic[];
  /** The fixed text, when fixing changed something. */
  fixed?: string;
}

export interface LintRun {
  files: FileResult[];
  /** Paths given that are not agent-visible files (skipped). */
  skipped: string[];
  /** Paths given that do not exist (an error: a typo must not pass as "no problems"). */
  missing: string[];
}

export function ruleByCode(code: string): LintRule | undefined {
  return rules.find((r) => r.code === code);
}

export function docsUrl(code: string): string {
  return `${DOCS_BASE}${code}.md`;
}

/**
 * Lints the given paths (files or folders) of a workspace, or all agent-visible files when none are
 * given. Commands are judged by `opts.guards` under `opts.config` (the workspace's
 * `.claude/agent-guard.json`, read by the caller with the hook's loader), so lint and the hook agree.
 */
export function lintPaths(
  root: string,
  paths: string[],
  opts: GuardSetup & {
    home: string;
    fix?: boolean;
    inlineConfig?: boolean;
    read: (abs: string) => string | null;
    verdictMemo?: VerdictMemo;
    /** Told after each file (the CLI shows a progress line on a terminal). */
    onProgress?: (done: number, total: number) => void;
    /** lint --base: the revision, and a file's text there (see LintOptions.baseText). */
    base?: { rev: string; text: (rel: string) => string | null };
  },
): LintRun {
  const ws = fsWorkspace(root, opts.home);
  const wanted = new Map<string, FileKind>();
  const skipped: string[] = [];
  const missing: string[] = [];
  if (paths.length === 0) for (const f of findAgentFiles(root)) wanted.set(f.rel, f.kind);
  const readRel = (rel: string) => opts.read(rel.startsWith('/') ? rel : `${ws.root}/${rel}`);
  for (const p of paths) {
    const abs = resolvePath(normalizePath(process.cwd()), p, opts.home);
    const rel = relativeTo(ws.root, abs) ?? abs;
    if (!ws.exists(abs)) {
      missing.push(p);
      continue;
    }
    const kind = classifyFile(rel, readRel);
    if (kind) wanted.set(rel, kind);
    else if (ws.list(abs).length > 0) {
      // A folder: walked, each file classified by its path from the workspace root (`lint .claude`).
      const inside = relativeTo(ws.root, abs);
      if (inside !== null) for (const f of findAgentFiles(root, undefined, inside)) wanted.set(f.rel, f.kind);
      else for (const f of findAgentFiles(abs)) wanted.set(`${abs}/${f.rel}`, f.kind);
    } else skipped.push(p);
  }
  const files: FileResult[] = [];
  // One run, one guard setup: a command that appears in several files is judged once.
  const verdictCache = new Map<string, Verdict | null>();
  const answers = fsAnswers();
  const readText = runReader();
  // A file's whole result is kept between runs (not when fixing: that rewrites files).
  // Nor with --base: what a file's result depends on then includes its text at the base revision.
  const memo = opts.fix || opts.base ? undefined : opts.verdictMemo;
  // Kept results are checked against a fresh view with the rules' own semantics (built once).
  const fresh = memo ? fsWorkspace(root, opts.home) : null;
  const recheck = fresh ? { exists: fresh.exists, stamp: fileStamp, list: fresh.list, fact: (key: string) => factAgain(fresh, key) } : null;
  const inline = opts.inlineConfig ?? true;
  let done = 0;
  for (const [rel, kind] of wanted) {
    opts.onProgress?.(done++, wanted.size);
    const path = rel.startsWith('/') ? rel : `${ws.root}/${rel}`;
    // The stamp before the read: a change during this run makes the kept result stale next time.
    const stamp = memo ? fileStamp(path) : '';
    const key = `${rel}\0${kind}\0${inline ? 1 : 0}`;
    const kept = memo && recheck ? memo.fileResult(key, stamp, answers, recheck) : undefined;
    if (kept) {
      files.push({ path, rel, kind, diagnostics: kept });
      continue;
    }
    const text = opts.read(path);
    if (text === null) {
      skipped.push(rel);
      continue;
    }
    const recorder = memo?.fileRecorder();
    const lintOpts = {
      rules,
      // Read when a command is judged, not now: the CLI loads the guard set only then.
      get guards() {
        return opts.guards;
      },
      config: opts.config,
      inlineConfig: inline,
      ...(opts.base ? { baseText: opts.base.text } : {}),
      verdictCache,
      answers,
      readText,
      ...(opts.verdictMemo ? { verdictMemo: { memo: opts.verdictMemo, fs: answers } } : {}),
      ...(recorder ? { onVerdict: (command: string) => recorder.commands.add(command) } : {}),
    };
    let diagnostics = lintFile({ path, rel, kind, text }, recorder ? observedWorkspace(ws, recorder.deps) : ws, lintOpts);
    if (memo && recorder) memo.keepFile(key, stamp, recorder, diagnostics);
    const result: FileResult = { path, rel, kind, diagnostics };
    if (opts.fix && diagnostics.some((d) => d.fix && !d.fix.optIn)) {
      // Fix to a fixed point (a few passes: one fix can reveal or settle another).
      let current = text;
      for (let pass = 0; pass < 5; pass++) {
        const next = applyFixes(current, diagnostics);
        if (next === current) break;
        current = next;
        diagnostics = lintFile({ path, rel, kind, text: current }, ws, lintOpts);
        if (!diagnostics.some((d) => d.fix && !d.fix.optIn)) break;
      }
      if (current !== text) {
        result.fixed = current;
        result.diagnostics = diagnostics;
      }
    }
    files.push(result);
  }
  return { files, skipped, missing };
}

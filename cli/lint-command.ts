// agent-guard lint [paths…]: the lint core from the command line and in CI.
// Exit: 0 clean (or only warnings within --max-warnings), 1 errors or too many warnings, 2 usage/internal error.

import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { layerFromText, loadConfig, storeConsent, type ConsentLookup } from '../core/guards/load-config';
import { CONFIG_FILE, DEFAULT_CONFIG, type GuardConfig } from '../core/config';
import { applyLayers } from '../core/consent';
import { createGitRunner } from './git';
import { lintPaths } from '../core/lint/index';
import { format, type Format } from '../core/lint/formatters';
import { homeDirectory, normalizePath } from '../core/paths';
import { escapeControl } from '../core/terminal';
import { loadMemo, memoPlace, saveMemo } from './lint-memo';
import type { Guard } from '../core/guards/types';

/**
 * The guard set, loaded when a command must be judged: a run whose verdicts and results are all
 * kept (cli/lint-memo.ts) never initialises the guards' modules, a tenth of a repeat lint.
 */
let guardSet: readonly Guard[] | undefined;
function loadGuards(): readonly Guard[] {
  guardSet ??= (require('agent-guard:guards') as { default: readonly Guard[] }).default;
  return guardSet;
}

/**
 * A progress line on a terminal for long runs (stderr, rewritten in place, erased at the end):
 * shown only after a second, so a usual lint prints nothing extra; never in a pipe or a CI log.
 */
export function progressLine(
  out: { isTTY?: boolean; write(s: string): unknown },
  now: () => number = Date.now,
): { update: (done: number, total: number) => void; done: () => void } {
  if (!out.isTTY) return { update: () => {}, done: () => {} };
  const started = now();
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const t = now();
      if (t - started < 1000 || t - last < 100) return;
      last = t;
      shown = true;
      out.write(`\ragent-guard: linting ${done} of ${total} files\x1b[K`);
    },
    done() {
      if (shown) out.write('\r\x1b[K');
    },
  };
}

export function runLint(rest: string[]): number {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f', default: 'stylish' },
      fix: { type: 'boolean' },
      'max-warnings': { type: 'string' },
      'no-inline-config': { type: 'boolean' },
      root: { type: 'string' },
      'output-file': { type: 'string', short: 'o' },
      base: { type: 'string' },
    },
  });
  const fmt = values.format as Format;
  if (!['stylish', 'json', 'sarif', 'github'].includes(fmt))
    throw Object.assign(new Error(`--format must be stylish, json, sarif or github (got "${fmt}")`), { code: 'ERR_PARSE_ARGS_USAGE' });
  const maxWarnings = values['max-warnings'] === undefined ? -1 : Number(values['max-warnings']);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1)
    throw Object.assign(new Error('--max-warnings takes a whole number'), { code: 'ERR_PARSE_ARGS_USAGE' });
  const root = normalizePath(resolve(values.root ?? process.cwd()));
  // The workspace's .claude/agent-guard.json, read as the hook reads it, so a command is judged as
  // the hook would judge it; the built-in guards only (workspace guards are repository code: not run).
  // With --base (CI on a pull request): the base revision's configuration is what was agreed; what
  // the change loosens relative to it is reported (AG-CFG-001) and does not apply.
  let against: { consent: ConsentLookup; against: string; start: GuardConfig } | undefined;
  let base: { rev: string; text: (rel: string) => string | null } | undefined;
  if (values.base !== undefined) {
    const b = baseConsent(root, values.base);
    if ('error' in b) {
      process.stderr.write(`agent-guard: ${escapeControl(b.error, 'text')}\n`);
      return 2;
    }
    const store = storeConsent();
    against = { consent: (source, file) => (source === 'team' ? b.keys : store(source, file)), against: values.base, start: b.config };
    base = { rev: values.base, text: b.text };
  }
  const { config, notes } = loadConfig(root, against ?? {});
  for (const n of notes) process.stderr.write(`${escapeControl(n, 'text')}\n`);
  const home = homeDirectory(process.env, homedir);
  // Verdicts kept from the last run in this workspace (cli/lint-memo.ts): a few hundred commands
  // are most of a cold lint, and they are usually the ones judged last time.
  const workspaces = [root, process.cwd(), ...(process.env.CLAUDE_PROJECT_DIR ? [process.env.CLAUDE_PROJECT_DIR] : [])];
  const place = memoPlace(process.env, home, root, config);
  // No place (AGENT_GUARD_NO_CACHE=1, no private cache folder): no memo at all, so nothing records
  // what each file depended on only to drop it at the end.
  const verdictMemo = place ? loadMemo(place, workspaces) : undefined;
  if (verdictMemo) verdictMemo.now = Date.now();
  const progress = progressLine(process.stderr);
  const run = lintPaths(root, positionals, {
    get guards() {
      return loadGuards();
    },
    config,
    ...(verdictMemo ? { verdictMemo } : {}),
    home,
    fix: values.fix ?? false,
    inlineConfig: !values['no-inline-config'],
    ...(base ? { base } : {}),
    read: (p) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return null;
      }
    },
    onProgress: progress.update,
  });
  progress.done();
  if (run.missing.length > 0) {
    // A typo in a path must not read as "no problems" (nor pass a CI step).
    for (const m of run.missing) process.stderr.write(`agent-guard: ${escapeControl(m, 'text')}: no such file or folder\n`);
    return 2;
  }
  if (verdictMemo) saveMemo(place, verdictMemo, workspaces);
  for (const f of run.files) if (f.fixed !== undefined) writeFileSync(f.path, f.fixed);
  for (const s of run.skipped) process.stderr.write(`agent-guard: ${s} is not an agent-visible file (CLAUDE.md, AGENTS.md, .claude/…); skipped\n`);
  // Messages quote the files' own text (commands from CLAUDE.md, say): no raw control characters.
  const out = escapeControl(format(run, fmt, AGENT_GUARD_VERSION), fmt === 'json' || fmt === 'sarif' ? 'json' : 'text');
  if (values['output-file']) writeFileSync(values['output-file'], out);
  else process.stdout.write(out);
  const all = run.files.flatMap((f) => f.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  if (errors > 0) return 1;
  if (maxWarnings >= 0 && warnings > maxWarnings) {
    process.stderr.write(`agent-guard: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return 0;
}

/**
 * The loosening entries of `.claude/agent-guard.json` at a base revision: what the project agreed to
 * by merging it. Read through the hardened git runner (`cat-file`, no filters, no repository config).
 */
export function baseConsent(
  root: string,
  rev: string,
): { keys: ReadonlySet<string>; config: GuardConfig; text: (rel: string) => string | null } | { error: string } {
  const git = createGitRunner({ projectDir: root, budgetMs: 60000, callMs: 10000 });
  const commit = git.run(['cat-file', '-e', `${rev}^{commit}`], root);
  if (!commit?.ok)
    return {
      error: `--base ${rev}: no such commit here${commit === null ? ' (or git could not run)' : ''}; fetch it first (git fetch origin <branch>) or name another revision`,
    };
  const file = git.run(['cat-file', 'blob', `${rev}:./${CONFIG_FILE}`], root);
  // Absent at the base: nothing loosening was agreed.
  const layer = file?.ok ? layerFromText(file.stdout).layer : null;
  // What the base applies (its tightenings too), and the keys of what it loosens (its exceptions are consented by key).
  const atBase = layer ? applyLayers(DEFAULT_CONFIG, [{ source: 'team', layer }], () => true) : { config: DEFAULT_CONFIG, applied: [] };
  const agreed = atBase.applied;
  // A linted file's text at the base (its disable comments are what was agreed): null when absent there.
  const text = (rel: string) => {
    if (rel.startsWith('/')) return null;
    const r = git.run(['cat-file', 'blob', `${rev}:./${rel}`], root);
    return r?.ok ? r.stdout : null;
  };
  return { keys: new Set(agreed.map((i) => i.key)), config: atBase.config, text };
}

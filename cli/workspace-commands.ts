// agent-guard test | log: a workspace's own guards and its decision log.

import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import guards from 'agent-guard:guards';
import { checkGuard, REFERENCE_HOME, REFERENCE_PROJECT } from '../core/guards/examples';
import { loadWorkspaceGuards, WORKSPACE_GUARDS_DIR } from '../core/guards/workspace-guards';
import { loadConfig } from '../core/guards/load-config';
import { readDecisions, LOG_FILE } from '../core/guards/decision-log';
import { normalizePath } from '../core/paths';
import { createGitRunner } from './git';

export function runTest(rest: string[]): number {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { all: { type: 'boolean' }, json: { type: 'boolean' } } });
  const workspace = normalizePath(resolve(positionals[0] ?? process.cwd()));
  const { guards: own, notes } = loadWorkspaceGuards(workspace, new Set(guards.map((g) => g.id)));
  for (const n of notes) process.stderr.write(`${n}\n`);
  const all = [...guards, ...own];
  // The workspace's guards run in the workspace; the built-in ones in the environment their examples describe.
  const git = (projectDir: string) => createGitRunner({ projectDir });
  const ownEnv = { guards: all, home: normalizePath(process.env.HOME || homedir()), defaultCwd: workspace, config: loadConfig(workspace).config, git };
  const builtInEnv = { guards: all, home: REFERENCE_HOME, defaultCwd: REFERENCE_PROJECT, git };
  const tested = values.all ? all : own;
  if (tested.length === 0) {
    process.stdout.write(`no guards in ${WORKSPACE_GUARDS_DIR}/ (use --all to test the built-in guards too)\n`);
    return notes.length > 0 ? 1 : 0;
  }
  const results = tested.flatMap((g) => checkGuard(own.includes(g) ? ownEnv : builtInEnv, g));
  const failed = results.filter((r) => !r.ok);
  if (values.json) process.stdout.write(`${JSON.stringify({ passed: results.length - failed.length, failed }, null, 2)}\n`);
  else {
    for (const f of failed) process.stdout.write(`✖ ${f.guard} ${f.kind}${f.example ? ` ${f.example}` : ''}\n    ${f.problem}\n`);
    process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed (${tested.length} guards)\n`);
  }
  return failed.length > 0 || notes.length > 0 ? 1 : 0;
}

export function runLog(rest: string[]): number {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean' }, n: { type: 'string', short: 'n' } } });
  const workspace = resolve(positionals[0] ?? process.cwd());
  const limit = Number(values.n ?? 20);
  if (!Number.isInteger(limit) || limit <= 0) throw Object.assign(new Error('-n takes a positive whole number'), { code: 'ERR_PARSE_ARGS_USAGE' });
  const entries = readDecisions(workspace, limit);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  if (entries.length === 0) {
    process.stdout.write(`no blocked calls recorded in ${LOG_FILE}\n`);
    return 0;
  }
  for (const e of entries) process.stdout.write(`${e.time}  ${e.decision.padEnd(4)} ${e.guard.padEnd(24)} ${e.tool.padEnd(6)} ${e.target.replace(/\s+/g, ' ').slice(0, 100)}\n`);
  return 0;
}

// agent-guard test | log: a workspace's own guards and its decision log.

import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import guards from 'agent-guard:guards';
import { checkGuard, REFERENCE_HOME, REFERENCE_PROJECT } from '../core/guards/examples';
import { loadWorkspaceGuards, WORKSPACE_GUARDS_DIR } from '../core/guards/workspace-guards';
import { loadConfig } from '../core/guards/load-config';
import { readDecisions, LOG_FILE } from '../core/guards/decision-log';
import { homeDirectory, normalizePath } from '../core/paths';
import { createGitRunner } from './git';
import { escapeControl } from '../core/terminal';
import { applyTrust, guardFiles, listGuardFiles, readTrust, trustFile, TrustWriteError, type GuardFile } from '../core/trust';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';

export function runTest(rest: string[]): number {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { all: { type: 'boolean' }, json: { type: 'boolean' } } });
  const workspace = normalizePath(resolve(positionals[0] ?? process.cwd()));
  // The same consent as the hook: only trusted guard files run, here too.
  const { guards: own, notes } = loadWorkspaceGuards(workspace, new Set(guards.map((g) => g.id)), () => readTrust(trustFile()));
  for (const n of notes) process.stderr.write(`${escapeControl(n)}\n`);
  const all = [...guards, ...own];
  // The workspace's guards run in the workspace; the built-in ones in the environment their examples describe.
  const git = (projectDir: string) => createGitRunner({ projectDir });
  const ownEnv = { guards: all, home: homeDirectory(process.env, homedir), defaultCwd: workspace, config: loadConfig(workspace).config, git };
  const builtInEnv = { guards: all, home: REFERENCE_HOME, defaultCwd: REFERENCE_PROJECT, git };
  const tested = values.all ? all : own;
  if (tested.length === 0) {
    process.stdout.write(`no guards in ${WORKSPACE_GUARDS_DIR}/ (use --all to test the built-in guards too)\n`);
    return notes.length > 0 ? 1 : 0;
  }
  const results = tested.flatMap((g) => checkGuard(own.includes(g) ? ownEnv : builtInEnv, g));
  const failed = results.filter((r) => !r.ok);
  if (values.json) process.stdout.write(escapeControl(`${JSON.stringify({ passed: results.length - failed.length, failed }, null, 2)}\n`, 'json'));
  else {
    for (const f of failed)
      process.stdout.write(`✖ ${escapeControl(f.guard)} ${f.kind}${f.example ? ` ${escapeControl(f.example)}` : ''}\n    ${escapeControl(f.problem ?? '')}\n`);
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
    process.stdout.write(escapeControl(`${JSON.stringify(entries, null, 2)}\n`, 'json'));
    return 0;
  }
  if (entries.length === 0) {
    process.stdout.write(`no blocked calls recorded in ${LOG_FILE}\n`);
    return 0;
  }
  // Every field is the log's, and the target is a command the agent chose: escaped, one line each.
  const field = (v: unknown) => escapeControl(String(v ?? ''));
  for (const e of entries)
    process.stdout.write(
      `${field(e.time)}  ${field(e.decision).padEnd(4)} ${field(e.guard).padEnd(24)} ${field(e.tool).padEnd(6)} ${escapeControl(
        String(e.target ?? '')
          .replace(/[ \t]+/g, ' ')
          .slice(0, 100),
      )}\n`,
    );
  return 0;
}

/** `agent-guard trust|untrust [file|workspace]`: the guard files it names (one file, or all of a workspace's). */
function namedGuards(arg: string | undefined): { workspace: string; files: string[] } {
  const path = resolve(arg ?? process.cwd());
  if (existsSync(path) && statSync(path).isFile()) {
    const dir = dirname(path);
    if (!normalizePath(dir).endsWith(`/${WORKSPACE_GUARDS_DIR}`))
      throw Object.assign(new Error(`${arg} is not in a ${WORKSPACE_GUARDS_DIR}/ folder`), { code: 'ERR_PARSE_ARGS_USAGE' });
    return { workspace: resolve(dir, '..', '..'), files: [basename(path)] };
  }
  if (!existsSync(path)) throw Object.assign(new Error(`${arg} does not exist`), { code: 'ERR_PARSE_ARGS_USAGE' });
  return { workspace: path, files: listGuardFiles(path) };
}

export function runTrust(rest: string[], trust: boolean): number {
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  const { workspace, files } = namedGuards(positionals[0]);
  if (files.length === 0) {
    process.stdout.write(`no guard files in ${join(workspace, WORKSPACE_GUARDS_DIR)}\n`);
    return 0;
  }
  let result: ReturnType<typeof applyTrust>;
  try {
    result = applyTrust(workspace, files, trust, trustFile());
  } catch (err) {
    if (err instanceof TrustWriteError) {
      process.stderr.write(`agent-guard: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  for (const l of result.lines) process.stdout.write(`${escapeControl(l)}\n`);
  return result.failed ? 1 : 0;
}

/** Trust state of a workspace's guard files, for `status`. */
export function workspaceGuardStatus(workspace: string): Pick<GuardFile, 'name' | 'state'>[] {
  const files = listGuardFiles(workspace);
  if (files.length === 0) return [];
  return guardFiles(workspace, readTrust(trustFile())).map((g) => ({ name: g.name, state: g.state }));
}

export function describeGuardTrust(g: Pick<GuardFile, 'name' | 'state'>): string {
  return g.state === 'trusted'
    ? `${g.name} trusted`
    : g.state === 'changed'
      ? `${g.name} CHANGED since you trusted it: not run (review it, then: agent-guard trust ${g.name})`
      : `${g.name} not trusted: not run (review it, then: agent-guard trust ${g.name})`;
}

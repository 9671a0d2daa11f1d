// agent-guard allow [--guard id] "<command>": a standing permission from a person. Writes one
// exception (that guard, that exact command) to .claude/agent-guard.json, keeping its comments.
// The hook honours it; the agent cannot run this itself (guard-tamper denies it).

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import guards from 'agent-guard:guards';
import { evaluatePayload, type Verdict } from '../core/guards/dispatch';
import { loadConfig } from '../core/guards/load-config';
import { CONFIG_FILE } from '../core/config';
import { addException } from '../core/exceptions';
import { normalizePath } from '../core/paths';
import { createGitRunner } from './git';

/** The verdict on a command in a workspace, as the hook would give it (config and exceptions included). */
export function verdictHere(command: string, workspace: string, { withExceptions = true } = {}): Verdict | null {
  const home = normalizePath(process.env.HOME || homedir());
  const loaded = loadConfig(workspace).config;
  const config = withExceptions ? loaded : { ...loaded, exceptions: [] };
  return evaluatePayload(
    { tool_name: 'Bash', tool_input: { command }, cwd: workspace },
    { guards, home, projectDir: workspace, fallbackCwd: workspace, config, git: createGitRunner({ projectDir: workspace }) },
  ).verdict;
}

/** Adds the exception after checking that this guard really denies this command here. */
export function allowHere(command: string, workspace: string, guard?: string, now = new Date()): { ok: boolean; message: string } {
  const v = verdictHere(command, workspace, { withExceptions: false });
  if (!v) return { ok: false, message: `no guard denies "${command}" in ${workspace}; nothing to allow` };
  if (v.guardId === 'unanalysable')
    return { ok: false, message: `"${command}" cannot be analysed completely (${v.reason}); it cannot be allowed, rephrase it instead` };
  if (guard && guard !== v.guardId) return { ok: false, message: `"${command}" is denied by ${v.guardId}, not ${guard}` };
  const file = join(workspace, CONFIG_FILE);
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = null;
  }
  const r = addException(text, { guard: v.guardId, command, added: now.toISOString().slice(0, 10) });
  if (!r.ok) return { ok: false, message: r.error! };
  if (r.added) {
    mkdirSync(join(workspace, '.claude'), { recursive: true });
    writeFileSync(file, r.text!);
  }
  const still = verdictHere(command, workspace);
  const rest = still ? ` It is still denied by ${still.guardId}: ${still.reason}` : '';
  return {
    ok: true,
    message: `${r.added ? 'allowed' : 'already allowed'}: ${v.guardId} lets exactly "${command}" through in this workspace (${CONFIG_FILE}, "exceptions"; remove the entry to undo).${rest}`,
  };
}

export function runAllow(rest: string[]): number {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { guard: { type: 'string' }, cwd: { type: 'string' } } });
  if (positionals.length !== 1)
    throw Object.assign(new Error('allow needs one command, in quotes: agent-guard allow [--guard id] [--cwd dir] "git push --force origin main"'), {
      code: 'ERR_PARSE_ARGS_USAGE',
    });
  const r = allowHere(positionals[0]!, normalizePath(resolve(values.cwd ?? process.cwd())), values.guard);
  (r.ok ? process.stdout : process.stderr).write(`${r.ok ? '' : 'agent-guard: '}${r.message}\n`);
  return r.ok ? 0 : 1;
}

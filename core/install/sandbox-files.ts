// The file-system side of `install --sandbox` and of the sandbox lines of `status`: which rules
// a target gets (the workspace's extra secret globs), which settings files decide, and whether
// the programs Claude Code's sandbox needs are on this machine. Nothing here runs a program.

import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { CONFIG_FILE, parseConfig, type GuardMode } from '../config';
import { sandboxRules, sandboxState, type SandboxLayer, type SandboxPlan, type SandboxRecord, type SandboxScope, type SandboxState } from './sandbox';

function readObject(file: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = parseLoose(text, [], { allowTrailingComma: true }) as unknown;
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function workspaceConfig(workspace: string) {
  return parseConfig(readObject(join(workspace, CONFIG_FILE)) ?? {}).config;
}

/**
 * The plan for one settings file. `install --sandbox` asks for every rule (and `enabled: true`);
 * sync (`previous` given) keeps an earlier `--sandbox` install current, adding only rules it did
 * not add before. User scope takes no workspace's config: it covers every project.
 */
export function sandboxPlanFor(workspace: string, scope: SandboxScope, previous?: SandboxRecord): SandboxPlan {
  const secretFiles = scope === 'user' ? [] : workspaceConfig(workspace).secretFiles;
  return { rules: sandboxRules(scope, secretFiles), enable: true, ...(previous ? { skip: previous } : {}) };
}

const STANDARD_DIRS = ['/usr/local/bin', '/usr/bin', '/bin'];

/** The programs Claude Code's sandbox needs here that are not on PATH (Linux: bubblewrap and socat; macOS has sandbox-exec). */
export function missingSandboxPrograms(platform: NodeJS.Platform = process.platform, pathVar = process.env.PATH ?? '', standardDirs = STANDARD_DIRS): string[] {
  if (platform === 'darwin') return onPath('sandbox-exec', '/usr/bin') ? [] : ['sandbox-exec'];
  if (platform !== 'linux') return [];
  // Claude Code found socat in /usr/bin with a PATH that lacked it (2.1.332): the usual folders count too.
  const dirs = [...pathVar.split(delimiter), ...standardDirs];
  const found = (name: string) => dirs.some((d) => d !== '' && onPath(name, d));
  return [...(found('bwrap') ? [] : ['bubblewrap (bwrap)']), ...(found('socat') ? [] : ['socat'])];
}

function onPath(name: string, dir: string): boolean {
  const file = join(dir, name);
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface SandboxStatus extends SandboxState {
  /** The sandbox-escape guard's mode in this workspace's config. */
  escapeGuard: GuardMode;
}

/** The sandbox as Claude Code would run it in this workspace: managed, local, project, user settings. */
export function sandboxStatus(
  workspace: string,
  home: string,
  opts: { configDir?: string; managedFiles?: readonly string[]; platform?: NodeJS.Platform; pathVar?: string; standardDirs?: string[] } = {},
): SandboxStatus {
  const userFile = join(opts.configDir || join(home, '.claude'), 'settings.json');
  const layers: SandboxLayer[] = [
    ...(opts.managedFiles ?? []).map((f): SandboxLayer => ({ label: f, kind: 'managed', settings: readObject(f) })),
    { label: '.claude/settings.local.json', kind: 'local', settings: readObject(join(workspace, '.claude', 'settings.local.json')) },
    { label: '.claude/settings.json', kind: 'project', settings: readObject(join(workspace, '.claude', 'settings.json')) },
    { label: '~/.claude/settings.json', kind: 'user', settings: readObject(userFile) },
  ];
  const config = workspaceConfig(workspace);
  const state = sandboxState(layers, sandboxRules('project', config.secretFiles), missingSandboxPrograms(opts.platform, opts.pathVar, opts.standardDirs));
  return { ...state, escapeGuard: config.guards['sandbox-escape'] ?? 'deny' };
}

// The installer model: one InstallTarget per host (Claude Code, VS Code's agent, Gemini CLI,
// Copilot CLI, managed settings, the Claude Code plugin), each a file in targets/ that the build
// discovers (agent-guard:install-targets; nothing to register). A target plans: reading the files
// it manages and every check (links, permissions, a parseable file) happen in its plan, which
// returns the file changes; apply.ts writes them (atomic writes, backups, temp cleanup), so no
// target writes a file itself. The orchestrator (orchestrate.ts) picks targets for a request and
// is the one entry point of the CLI and the VS Code extension.

import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { STATE_DIR } from '../state-dir';
import type { Bundle, HookState, InstallOptions, InstallState, Report, Scope, SelfTest, Target, TargetPaths } from './installer';
import { hookState, stampHook } from './installer';
import type { LivenessProbe } from './liveness';

export type HostId = 'claude' | 'vscode' | 'gemini' | 'copilot' | 'codex' | 'cursor' | 'opencode' | 'qwen' | 'droid' | 'kilo' | 'cline' | 'managed' | 'plugin';

/** Where an install goes: a workspace, a scope and the home folder; managed settings add their policy folder. */
export interface Place extends Target {
  managed?: ManagedPaths;
}

/** What a target asks the adapter (apply.ts) to do, in order. */
export type FileChange =
  /** Remove what killed runs left (`*.agent-guard-<pid>.tmp`) in the folders of these paths. */
  | { kind: 'clean'; paths: TargetPaths }
  /** Create each folder in turn (an existing one is fine); `raw`: a failure is the file system's error as it is. */
  | { kind: 'mkdir'; dirs: string[]; raw?: boolean }
  /** Remove each of the folders that is empty. */
  | { kind: 'prune'; dirs: string[] }
  /** The one backup of a settings file, in the self-ignoring .claude/agent-guard/. */
  | { kind: 'backup'; of: TargetPaths; text: string }
  /** An older version's backup beside the settings file moves into .claude/agent-guard/. */
  | { kind: 'move-legacy-backup'; of: TargetPaths }
  /**
   * Write the file atomically (a temp file in the same folder, then rename; a symlinked file's
   * target is written, its mode kept). `exclusive`: never follow a link left at the temp name and
   * set `mode` (managed settings, root-owned).
   */
  | { kind: 'write'; file: string; text: string; line?: string; exclusive?: { mode: number } }
  /** Delete the file (only if it still exists, with `ifExists`), then each of `emptyDirs` that is empty. */
  | { kind: 'remove'; file: string; line?: string; ifExists?: boolean; emptyDirs?: string[] }
  /** Only a line or a warning for the report, where it belongs among the changes. */
  | { kind: 'note'; line?: string; warning?: string };

export type Operation = 'install' | 'sync' | 'uninstall';

export interface TargetOptions extends InstallOptions {
  /** Managed settings: add allowManagedHooksOnly. */
  managedHooksOnly?: boolean;
}

/** One install of a target, as status shows it (a Claude Code settings scope, VS Code's hooks file, …). */
export interface ScopeStatus {
  /** The host whose agent runs it. */
  host: HostId;
  /** A Claude Code, Gemini or Copilot settings scope, or VS Code's agent (.github/hooks/agent-guard.json). */
  scope: Scope | 'vscode';
  settingsFile: string;
  label: string;
  installed: boolean;
  entryCurrent: boolean;
  hook: HookState;
  hookVersion: string | null;
  problems: string[];
  /** The backup of the settings file, where there is one (.claude/agent-guard/, or beside the file where older versions kept it). */
  backup: string | null;
}

export interface HostStatus {
  host: HostId;
  /** Would the guard run for this host's agent? */
  runs: boolean;
  detail: string;
  /** The host's program has left no trace on this machine (no config home): its line is shown, but the verdict does not count it. */
  unused?: boolean;
}

/** What status found, as a host's line reads it (Claude Code's installs, the settings that switch hooks off). */
export interface StatusView {
  scopes: readonly ScopeStatus[];
  neutralizers: readonly string[];
}

export interface InstallTarget {
  id: HostId;
  /** How the host is named to people ("Claude Code", "VS Code agent"). */
  name: string;
  /** Install and sync run targets in this order, uninstall in the reverse (the shared hook goes with the last). */
  order: number;
  /** The scopes it can be installed in; `--host all` takes the targets with `inAll` that have the scope. */
  scopes: readonly Scope[];
  inAll: boolean;
  /**
   * Whether the host is on this machine, and how that was seen ("codex on PATH", "~/.cursor"); null:
   * not found. `--host all` installs into a host that has no such check, or that was found.
   */
  found?(place: Place): string | null;
  /** What an install in this place writes, in a sentence (help text, the extension's picker). */
  describe(place: Place): string;
  /** The files an install in this place writes besides the shared hook (watchers, tests). */
  files(place: Place): string[];
  /** Is there an install of this target in this place? (sync and uninstall without --host act on those.) */
  installed(place: Place): boolean;
  /**
   * Another target that owns the same file in this place: the Copilot CLI's project file is VS
   * Code's. When both are asked for, only that one runs.
   */
  sameAs?(place: Place): HostId | null;
  /** The changes an install makes; throws InstallError when it must not (every check happens here). */
  planInstall(place: Place, bundle: Bundle, opts: TargetOptions): FileChange[];
  /** Bring an existing install up to date; throws InstallError("Agent Guard is not installed …") when there is none. */
  planSync(place: Place, bundle: Bundle, opts: TargetOptions): FileChange[];
  planUninstall(place: Place, bundle: Bundle, opts: TargetOptions): FileChange[];
  /** After the changes are written: the self-test, and warnings about settings that keep the hook from running. */
  verify?(op: Operation, place: Place, bundle: Bundle, opts: TargetOptions, report: Report & { selfTest?: SelfTest }): void;
  /** What the adapter's raw errors mean for this target (managed settings: run it with sudo). */
  describeError?(err: unknown, place: Place): string | null;
  /** The installs found in this place, for status. */
  installs(place: Place, bundle: Bundle): ScopeStatus[];
  /** Whether this host's agent would run the guard in this place, and why not (status prints one line per host). */
  host?(place: Place, bundle: Bundle, found: StatusView): HostStatus;
  /**
   * The hook commands this host would run here, for the execution check (liveness.ts): status runs
   * each on a canary call exactly as the host would. Absent: the host has no execution check yet.
   */
  probes?(place: Place, bundle: Bundle): LivenessProbe[];
}

// ---- plan helpers the targets share ----

/** The shared hook file: written unless current; a hand-edited one stays unless forced. */
export function hookChanges(p: TargetPaths, bundle: Bundle, force: boolean): FileChange[] {
  const state = hookState(p.hookFile, bundle).state;
  if (state === 'current') return [];
  if ((state === 'modified' || state === 'foreign') && !force)
    return [{ kind: 'note', warning: `${p.hookLabel} was changed by hand; left as it is (use --force to replace it)` }];
  return [
    {
      kind: 'write',
      file: p.hookFile,
      text: stampHook(bundle),
      line: `${state === 'missing' ? 'wrote' : 'updated'} ${p.hookLabel} (agent-guard ${bundle.version})`,
    },
  ];
}

/** The install state with one record set (the whole file, as a write). */
export function stateWrite(stateFile: string, state: InstallState): FileChange {
  return { kind: 'write', file: stateFile, text: `${JSON.stringify(state, null, 2)}\n` };
}

/**
 * Drops one file's record from the install state; when no record is left, the state file goes and
 * so does the shared hook (a hand-edited one stays unless forced), and with it `withHook` (the
 * backups of that install).
 */
export function releaseChanges(p: TargetPaths, state: InstallState | null, key: string, bundle: Bundle, force: boolean, withHook: string[] = []): FileChange[] {
  const out: FileChange[] = [];
  if (state) {
    delete state.settings[key];
    if (Object.keys(state.settings).length > 0) return [stateWrite(p.stateFile, state)];
    out.push({ kind: 'remove', file: p.stateFile });
  }
  const hs = hookState(p.hookFile, bundle).state;
  if (hs === 'missing') return out;
  if ((hs === 'modified' || hs === 'foreign') && !force)
    return [...out, { kind: 'note', warning: `${p.hookLabel} was changed by hand; left in place (use --force to remove it)` }];
  out.push({ kind: 'remove', file: p.hookFile, line: `removed ${p.hookLabel}`, emptyDirs: [dirname(p.hookFile)] });
  for (const f of withHook) out.push({ kind: 'remove', file: f, ifExists: true });
  out.push(...stateDirRelease(p));
  return out;
}

/**
 * The last install of a place is gone: Agent Guard's own folder (.claude/agent-guard/) goes too,
 * with the claim files the hook leaves beside its log and the .gitignore it wrote, unless the log
 * of blocked calls is there: that stays (with the .gitignore that keeps it out of git), and the
 * report says so. Then the workspace's .claude/, if nothing else is in it (never ~/.claude).
 */
function stateDirRelease(p: TargetPaths): FileChange[] {
  const dir = join(p.claudeDir, 'agent-guard');
  const shown = p.label.startsWith('~') ? '~/.claude/agent-guard' : STATE_DIR;
  const out: FileChange[] = [];
  const st = lstatOrNull(dir);
  if (st?.isDirectory() && !st.isSymbolicLink()) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      /* unreadable: left as it is */
    }
    for (const n of names) if (n.startsWith('.call-')) out.push({ kind: 'remove', file: join(dir, n), ifExists: true });
    const logs = names.filter((n) => /^decisions(\.\d+)?\.jsonl$/.test(n));
    if (logs.length > 0)
      out.push({
        kind: 'note',
        line: `kept the log of blocked calls, ${shown}/decisions.jsonl (git ignores that folder; delete it when you no longer need the log)`,
      });
    else if (names.includes('.gitignore') && readOrNull(join(dir, '.gitignore'))?.startsWith('# written by agent-guard'))
      out.push({ kind: 'remove', file: join(dir, '.gitignore'), ifExists: true, emptyDirs: [dir] });
    else out.push({ kind: 'prune', dirs: [dir] });
  }
  if (!p.label.startsWith('~')) out.push({ kind: 'prune', dirs: [p.claudeDir] });
  return out;
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Where the managed (organisation-wide) install writes, per platform (targets/managed.ts computes them). */
export interface ManagedPaths {
  dir: string;
  /** The org's own file: read for status, never written. */
  settingsFile: string;
  dropIn: string;
  hookFile: string;
}

// The installer model: one InstallTarget per host (Claude Code, VS Code's agent, Gemini CLI,
// Copilot CLI, managed settings, the Claude Code plugin), each a file in targets/ that the build
// discovers (agent-guard:install-targets; nothing to register). A target plans: reading the files
// it manages and every check (links, permissions, a parseable file) happen in its plan, which
// returns the file changes; apply.ts writes them (atomic writes, backups, temp cleanup), so no
// target writes a file itself. The orchestrator (orchestrate.ts) picks targets for a request and
// is the one entry point of the CLI and the VS Code extension.

import { dirname } from 'node:path';
import type { Bundle, HookState, InstallOptions, InstallState, Report, Scope, SelfTest, Target, TargetPaths } from './installer';
import { hookState, stampHook } from './installer';
import type { ManagedPaths } from './targets/managed';

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
}

// ---- plan helpers the targets share ----

/** The shared hook file: written unless current; a hand-edited one stays unless forced. */
export function hookChanges(p: TargetPaths, bundle: Bundle, force: boolean): FileChange[] {
  const state = hookState(p.hookFile, bundle).state;
  if (state === 'current') return [];
  if ((state === 'modified' || state === 'foreign') && !force)
    return [{ kind: 'note', warning: `${p.hookFile} was changed by hand; left as it is (use --force to replace it)` }];
  return [
    {
      kind: 'write',
      file: p.hookFile,
      text: stampHook(bundle),
      line: `${state === 'missing' ? 'wrote' : 'updated'} ${p.hookFile} (agent-guard ${bundle.version})`,
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
    return [...out, { kind: 'note', warning: `${p.hookFile} was changed by hand; left in place (use --force to remove it)` }];
  out.push({ kind: 'remove', file: p.hookFile, line: `removed ${p.hookFile}`, emptyDirs: [dirname(p.hookFile)] });
  for (const f of withHook) out.push({ kind: 'remove', file: f, ifExists: true });
  return out;
}

// The install target of a host whose hooks live in a JSON file of its own (Codex CLI's
// hooks.json, Cursor's hooks.json, and the hosts of the exit-2 family that read Claude-like files):
// our handler is added to and removed from that file surgically (host-settings.ts), for the project
// and for the user; the hook file is the shared .claude/hooks/agent-guard.cjs (~/.claude/hooks/ for
// the user), released with the last install that uses it. A host adds what is its own (Codex's
// trust record) through the extension points of HooksFileHost.

import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { findHostHandlers, hasCurrentHandler, parseHostSettings, planHostInstallAll, planHostUninstall, type EventHookSpec } from './host-settings';
import {
  backupPath,
  checkNoLinkOutside,
  checkWritable,
  hardenedRun,
  hookPresent,
  hookState,
  InstallError,
  isDirectory,
  readIfExists,
  readIfExistsQuiet,
  readState,
  selfTestHost,
  targetPaths,
  type Bundle,
  type CliHost,
  type Scope,
  type Target,
  type TargetPaths,
} from './installer';
import {
  hookChanges,
  releaseChanges,
  stateWrite,
  type FileChange,
  type HostId,
  type HostStatus,
  type InstallTarget,
  type Place,
  type ScopeStatus,
} from './target';
import { sayInSync } from './targets/claude';
import type { CanaryForm } from '../liveness';
import { probeOf, type LivenessProbe } from './liveness';

/** One scope's hooks file. */
export interface HooksFile {
  /** Where the hook file and the install state live. */
  paths: TargetPaths;
  file: string;
  label: string;
  /** The file's record in the install state. */
  key: string;
  /** The command line the host runs. */
  command: string;
}

export interface HooksFileHost {
  id: HostId;
  name: string;
  order: number;
  /** The self-test's payload form. */
  selfTest: CliHost;
  /** The scope's file (project or user). */
  file(place: Place): HooksFile;
  spec(command: string): EventHookSpec;
  /** The event and the tools the entry covers, for the report ("PreToolUse hook for every tool"). */
  what: string;
  /** How people find the host on a machine: its programs on PATH and its config folders (HOME-relative). */
  found: { programs: string[]; folders: string[] };
  /** More changes after the file is written (Codex: its trust record); `text` is the file as it will be. */
  afterInstall?(place: Place, h: HooksFile, text: string, bundle: Bundle): FileChange[];
  /** More changes before the entry is removed; `text` is the file as it is. */
  beforeUninstall?(place: Place, h: HooksFile, text: string): FileChange[];
  /** Why the host would not run the installed hook (trust, a switch, a folder it does not load). */
  problems?(place: Place, h: HooksFile, text: string): string[];
  /** What a project install needs from the person besides (Codex: a trusted project). */
  projectNote?(place: Place): string | null;
  /**
   * The host's canary payload for status's execution check (core/liveness.ts) and the variables it
   * gives the hook; without one, status runs nothing for this host.
   */
  canary?: { form: CanaryForm; env(place: Place): Record<string, string> };
  /**
   * The host's session-start event in the same file, given the PreToolUse command: where the
   * session-start check (core/install/liveness.ts) runs that command on the canary and tells the
   * person at once when the session is not guarded. Installed, synced and removed with the hook.
   */
  sessionStart?(command: string): EventHookSpec;
}

/** Every entry install puts into the host's file: the PreToolUse hook first, then the session-start check. */
function specsOf(host: HooksFileHost, command: string): EventHookSpec[] {
  return [host.spec(command), ...(host.sessionStart ? [host.sessionStart(command)] : [])];
}

const SCOPES = ['project', 'user'] as const;

function asSettings(h: HooksFile): TargetPaths {
  return { ...h.paths, settingsFile: h.file, label: h.label };
}

/** The one backup, in .claude/agent-guard/ beside Claude Code's, under a name of its own. */
function backupView(host: HooksFileHost, h: HooksFile): TargetPaths {
  return { ...h.paths, settingsFile: join(h.paths.claudeDir, `${host.id}-${h.file.endsWith('.json') ? 'hooks.json' : 'hooks'}`), label: h.label };
}

function requireScope(host: HooksFileHost, t: Target): void {
  if (t.scope === 'local') throw new InstallError(`${host.name} has no personal per-project hooks file; install for the project (the default) or with --user`);
}

function planInstall(host: HooksFileHost, t: Place, bundle: Bundle, force: boolean): FileChange[] {
  requireScope(host, t);
  const h = host.file(t);
  if (t.scope !== 'user' && !isDirectory(t.workspace)) throw new InstallError(`the workspace ${t.workspace} is not a folder`);
  checkNoLinkOutside(t, asSettings(h));
  checkWritable(h.file, h.label);
  const before = readIfExists(h.file);
  const plan = planHostInstallAll(before, specsOf(host, h.command));
  if (!plan.ok) throw new InstallError(`refusing to change ${h.label}: ${plan.error}`);
  const changes: FileChange[] = [
    { kind: 'clean', paths: asSettings(h) },
    { kind: 'mkdir', dirs: [h.paths.claudeDir, dirname(h.paths.hookFile)] },
    ...hookChanges(h.paths, bundle, force),
  ];
  if (plan.changed) {
    changes.push({ kind: 'mkdir', dirs: [dirname(h.file)] });
    if (before !== null) changes.push({ kind: 'backup', of: backupView(host, h), text: before });
    changes.push({ kind: 'write', file: h.file, text: plan.text });
    const state = readState(h.paths.stateFile) ?? { version: bundle.version, settings: {} };
    const prev = state.settings[h.key];
    state.settings[h.key] = prev ? { ...prev, createdPaths: [...new Set([...prev.createdPaths, ...plan.record.createdPaths])] } : plan.record;
    state.version = bundle.version;
    changes.push(stateWrite(h.paths.stateFile, state), {
      kind: 'note',
      line: `${before === null ? 'created' : 'updated'} ${h.label}: ${host.what}${before !== null ? ` (backup: ${backupPath(backupView(host, h))})` : ''}`,
    });
  } else changes.push({ kind: 'note', line: `${h.label} already has the Agent Guard entry` });
  for (const line of plan.notes) changes.push({ kind: 'note', line });
  changes.push(...(host.afterInstall?.(t, h, plan.text, bundle) ?? []));
  return changes;
}

function planUninstall(host: HooksFileHost, t: Place, bundle: Bundle, force: boolean): FileChange[] {
  requireScope(host, t);
  const h = host.file(t);
  const state = readState(h.paths.stateFile);
  const text = readIfExists(h.file);
  const changes: FileChange[] = [];
  if (text !== null) {
    checkNoLinkOutside(t, asSettings(h));
    checkWritable(h.file, h.label);
    changes.push(...(host.beforeUninstall?.(t, h, text) ?? []));
    const result = planHostUninstall(text, state?.settings[h.key] ?? null, specsOf(host, h.command));
    for (const warning of result.notes) changes.push({ kind: 'note', warning });
    if (result.text === null) changes.push({ kind: 'remove', file: h.file, line: `removed ${h.label} (Agent Guard had created it)` });
    else if (result.text !== text)
      changes.push(
        { kind: 'backup', of: backupView(host, h), text },
        { kind: 'write', file: h.file, text: result.text, line: `removed the Agent Guard entry from ${h.label}` },
      );
    else changes.push({ kind: 'note', line: `${h.label} had no Agent Guard entry` });
  }
  changes.push({ kind: 'remove', file: backupPath(backupView(host, h)), ifExists: true });
  changes.push(...releaseChanges(h.paths, state, h.key, bundle, force));
  return changes;
}

/** Our entry in this scope's file, if there is one. */
function entry(host: HooksFileHost, t: Place): { h: HooksFile; text: string; handler: Record<string, unknown> | null; problem: string | null } | null {
  if (t.scope === 'local') return null;
  const h = host.file(t);
  const text = readIfExistsQuiet(h.file);
  if (text === null) return null;
  const spec = host.spec(h.command);
  const parsed = parseHostSettings(text, spec.allowComments);
  if (!parsed.ok) return { h, text, handler: null, problem: `${h.label} is not valid JSON (${parsed.message}); ${host.name} ignores it` };
  const ours = findHostHandlers(parsed.value, spec);
  return ours.length > 0 ? { h, text, handler: ours[0]!.handlerValue, problem: null } : null;
}

/** The installed commands, as status's execution check runs them (only where the host would run them at all). */
function probes(host: HooksFileHost, place: Place, bundle: Bundle): LivenessProbe[] {
  const canary = host.canary;
  if (!canary) return [];
  const out: LivenessProbe[] = [];
  for (const scope of SCOPES) {
    const found = entry(host, { ...place, scope });
    if (!found?.handler) continue;
    const { h, handler } = found;
    const fix = `agent-guard sync --host ${host.id}${scope === 'user' ? ' --user' : ''}`;
    const probe = probeOf(
      h.label,
      { command: String(handler.command), expected: h.command, hookState: hookState(h.paths.hookFile, bundle).state, hookFile: h.paths.hookFile, fix },
      canary.form,
      place.workspace,
      { env: canary.env(place), heldBack: [] },
    );
    const off = host.problems?.({ ...place, scope }, h, found.text) ?? [];
    out.push(off.length > 0 ? { ...probe, command: null, notRun: `${host.name} would not run it: ${off[0]}` } : probe);
  }
  return out;
}

/** Where the host is on this machine: a program on PATH or a config folder; null when neither. */
export function foundOn(found: HooksFileHost['found'], home: string, path = process.env.PATH ?? ''): string | null {
  for (const program of found.programs)
    for (const dir of path.split(delimiter))
      if (dir !== '' && (existsSync(join(dir, program)) || existsSync(join(dir, `${program}.exe`)))) return `${program} on PATH`;
  for (const folder of found.folders) if (isDirectory(join(home, folder))) return `~/${folder}`;
  return null;
}

export function hooksFileTarget(host: HooksFileHost): InstallTarget {
  const hostLine = (t: Place, bundle: Bundle): HostStatus => {
    const where: string[] = [];
    const problems: string[] = [];
    for (const scope of SCOPES) {
      const found = entry(host, { ...t, scope });
      if (!found) continue;
      if (found.problem) {
        problems.push(found.problem);
        continue;
      }
      const own = host.problems?.({ ...t, scope }, found.h, found.text) ?? [];
      if (!hookPresent(found.h.paths, bundle))
        problems.push(`${found.h.label} runs ${found.h.paths.hookFile}, which is missing (run agent-guard sync --host ${host.id})`);
      else if (own.length > 0) problems.push(...own);
      else where.push(found.h.label);
    }
    const runs = where.length > 0;
    const detail = runs
      ? [where.join(' and '), ...problems]
      : problems.length > 0
        ? problems
        : [`not installed (agent-guard install --host ${host.id}; --user for every folder)`];
    return { host: host.id, runs, detail: detail.join('; ') };
  };
  const target: InstallTarget = {
    id: host.id,
    name: host.name,
    order: host.order,
    scopes: [...SCOPES],
    inAll: true,
    found: (place) => foundOn(host.found, place.home),
    describe: (place) => `${host.what} in ${host.file(place).label}`,
    files: (place) => (place.scope === 'local' ? [] : [host.file(place).file]),
    installed: (place) => !!entry(host, place)?.handler,
    planInstall: (place, bundle, opts) => planInstall(host, place, bundle, opts.force ?? false),
    planSync(place, bundle, opts) {
      if (!entry(host, place)?.handler)
        throw new InstallError(
          `Agent Guard is not installed in ${place.scope === 'local' ? 'this scope' : host.file(place).label}; run agent-guard install --host ${host.id}${place.scope === 'user' ? ' --user' : ''} first`,
        );
      return planInstall(host, place, bundle, opts.force ?? false);
    },
    planUninstall: (place, bundle, opts) => planUninstall(host, place, bundle, opts.force ?? false),
    verify(op, place, bundle, opts, report) {
      const h = host.file(place);
      if (op === 'sync') sayInSync(report, `${h.label} and ${h.paths.hookFile} are in sync with agent-guard ${bundle.version}`);
      if (op !== 'install') return;
      if (opts.selfTest !== false) selfTestHost(host.selfTest, h.paths.hookFile, place.workspace, report);
      const text = readIfExistsQuiet(h.file);
      if (text !== null) report.warnings.push(...(host.problems?.(place, h, text) ?? []));
      const note = place.scope === 'project' ? host.projectNote?.(place) : null;
      if (note) report.warnings.push(note);
    },
    installs(place, bundle) {
      const out: ScopeStatus[] = [];
      for (const scope of SCOPES) {
        const found = entry(host, { ...place, scope });
        if (!found) continue;
        const { h, handler } = found;
        const problems = found.problem ? [found.problem] : [];
        const wanted = host.spec(h.command).group.hooks[0]!;
        const session = host.sessionStart?.(h.command);
        const sessionCurrent = !session || hasCurrentHandler(session, found.text);
        const entryCurrent = !!handler && Object.entries(wanted).every(([k, v]) => handler[k] === v) && sessionCurrent;
        if (handler && !entryCurrent)
          problems.push(
            `the hook entr${session ? 'ies' : 'y'} in ${h.label} differ${session ? '' : 's'} from what this version installs${sessionCurrent ? '' : ', which adds a session-start check'} (run agent-guard sync --host ${host.id})`,
          );
        const hs = hookState(h.paths.hookFile, bundle);
        if (handler && hs.state === 'missing') problems.push(`${h.label} runs ${h.paths.hookFile}, which does not exist: the guard is silently off`);
        if (handler) problems.push(...(host.problems?.({ ...place, scope }, h, found.text) ?? []));
        const backup = backupPath(backupView(host, h));
        out.push({
          host: host.id,
          scope: scope as Scope,
          settingsFile: h.file,
          label: h.label,
          installed: !!handler,
          entryCurrent,
          hook: hs.state,
          hookVersion: hs.version,
          problems,
          backup: readIfExistsQuiet(backup) !== null ? backup : null,
        });
      }
      return out;
    },
    host: (place, bundle) => hostLine(place, bundle),
    probes: (place, bundle) => probes(host, place, bundle),
  };
  return target;
}

/**
 * A project's hook file, found from wherever in the project the host starts the hook (hosts that set
 * no project variable), then run as hookCommand runs it: hardened against node's startup variables
 * and failing closed (exit 2 with the reason), so a missing hook file or a node that cannot start
 * blocks the call instead of being a non-blocking hook error that lets it run.
 */
export function walkUpCommand(host: string): string {
  const rel = '.claude/hooks/agent-guard.cjs';
  return (
    `d=$PWD; f=; while [ -n "$d" ]; do if [ -f "$d/${rel}" ]; then f="$d/${rel}"; break; fi; d=\${d%/*}; done; ` +
    hardenedRun(`${rel} not found in $PWD or above`, `agent-guard sync --host ${host}`)
  );
}

/** The shared user hook file (~/.claude/hooks/agent-guard.cjs), as the user scope's files name it. */
export function userPaths(t: Place): TargetPaths {
  return targetPaths({ ...t, scope: 'user' });
}

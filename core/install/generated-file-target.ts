// The install target of a host whose hook is a file Agent Guard writes whole (OpenCode's and Kilo's
// plugin, Cline's PreToolUse script): the host finds the file by its place, the file runs the shared
// hook (.claude/hooks/agent-guard.cjs; ~/.claude/hooks/ for the user) and hands the host its answer.
// The file is Agent Guard's only while its first line is our mark: a file of the person's at that
// place is never overwritten (unless forced) nor removed; uninstall removes ours and the folders it
// created when they are empty.

import { dirname, join } from 'node:path';
import {
  checkDirWritable,
  checkNoLinkOutside,
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
  type Target,
  type TargetPaths,
} from './installer';
import { foundOn } from './hooks-file-target';
import type { CanaryForm } from '../liveness';
import { probeOf, type LivenessProbe } from './liveness';
import { hookChanges, releaseChanges, stateWrite, type FileChange, type HostStatus, type InstallTarget, type Place, type ScopeStatus } from './target';

export interface GeneratedFileHost {
  id: CliHost;
  name: string;
  order: number;
  found: { programs: string[]; folders: string[] };
  /** The file's first line starts with this: what makes it ours. */
  mark: string;
  /** The file's place in the project, `/`-separated. */
  project: string;
  /** The user's file, its label, and how many folders above it an install may create (removed again when empty). */
  user(home: string): { file: string; label: string; created: number };
  /** The file's text; `hook` is the user's hook file, null for the project's (found upwards). */
  text(hook: string | null): string;
  /** What the host does with the file, for the report ("runs the hook before every tool call"). */
  does: string;
  /** Said in status beside a working install: what would still keep the host from running it. */
  runsUnless?: string;
  /** The file must be executable (the host runs it as a program). */
  executable?: boolean;
  /**
   * Status's execution check: the canary, and how the host runs the file (`node <file>` on its
   * payload for Cline; a plugin is imported and its hook called, as OpenCode does). Without one,
   * status runs nothing for this host.
   */
  canary?: { form: CanaryForm; command(file: string): string };
}

interface FilePlace {
  paths: TargetPaths;
  file: string;
  label: string;
  key: string;
  hook: string | null;
  /** The folders an install creates, innermost first. */
  dirs: string[];
}

function place(h: GeneratedFileHost, t: Place): FilePlace {
  if (t.scope === 'local')
    throw new InstallError(`${h.name} has no personal per-project place for hooks; install for the project (the default) or with --user`);
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    const u = h.user(t.home);
    const dirs: string[] = [];
    for (let d = dirname(u.file), i = 0; i < u.created; i++, d = dirname(d)) dirs.push(d);
    return { paths, file: u.file, label: u.label, key: `${h.id}:${u.label}`, hook: paths.hookFile.replace(/\\/g, '/'), dirs };
  }
  const parts = h.project.split('/');
  const dirs: string[] = [];
  for (let i = parts.length - 1; i >= 1; i--) dirs.push(join(t.workspace, ...parts.slice(0, i)));
  return { paths: targetPaths({ ...t, scope: 'project' }), file: join(t.workspace, ...parts), label: h.project, key: `../${h.project}`, hook: null, dirs };
}

const isOurs = (h: GeneratedFileHost, text: string) => text.startsWith(h.mark) || text.startsWith(`#!/usr/bin/env node\n${h.mark}`);

function planInstall(h: GeneratedFileHost, t: Place, bundle: Bundle, force: boolean): FileChange[] {
  const p = place(h, t);
  if (t.scope !== 'user' && !isDirectory(t.workspace)) throw new InstallError(`the workspace ${t.workspace} is not a folder`);
  checkNoLinkOutside(t as Target, { ...p.paths, settingsFile: p.file, label: p.label });
  const existing = readIfExists(p.file);
  if (existing !== null && !isOurs(h, existing) && !force) throw new InstallError(`${p.label} exists and is not Agent Guard's; refusing to overwrite it`);
  const wanted = h.text(p.hook);
  checkDirWritable(p.paths.claudeDir, p.paths.claudeDir);
  if (existing !== wanted) checkDirWritable(dirname(p.file), dirname(p.label));
  const changes: FileChange[] = [
    { kind: 'clean', paths: p.paths },
    { kind: 'mkdir', dirs: [p.paths.claudeDir, dirname(p.paths.hookFile)] },
    ...hookChanges(p.paths, bundle, force),
  ];
  if (existing === wanted) return [...changes, { kind: 'note', line: `${p.label} is already in place` }];
  const state = readState(p.paths.stateFile) ?? { version: bundle.version, settings: {} };
  state.settings[p.key] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
  const line = `${existing === null ? 'wrote' : 'updated'} ${p.label}: ${h.name} ${h.does}`;
  return [
    ...changes,
    { kind: 'mkdir', dirs: [...p.dirs].reverse() },
    h.executable ? { kind: 'write', file: p.file, text: wanted, line, exclusive: { mode: 0o755 } } : { kind: 'write', file: p.file, text: wanted, line },
    stateWrite(p.paths.stateFile, state),
  ];
}

function planUninstall(h: GeneratedFileHost, t: Place, bundle: Bundle, force: boolean): FileChange[] {
  const p = place(h, t);
  const text = readIfExists(p.file);
  const changes: FileChange[] = [];
  if (text !== null) {
    if (!isOurs(h, text) && !force) throw new InstallError(`${p.label} is not Agent Guard's; left in place`);
    changes.push({ kind: 'remove', file: p.file, line: `removed ${p.label}`, emptyDirs: p.dirs.slice(0, 2) });
  }
  changes.push(...releaseChanges(p.paths, readState(p.paths.stateFile), p.key, bundle, force));
  return changes;
}

function installedAt(h: GeneratedFileHost, t: Place): FilePlace | null {
  if (t.scope === 'local') return null;
  const p = place(h, t);
  const text = readIfExistsQuiet(p.file);
  return text !== null && isOurs(h, text) ? p : null;
}

function hostLine(h: GeneratedFileHost, t: Place, bundle: Bundle): HostStatus {
  const where: string[] = [];
  const problems: string[] = [];
  for (const scope of ['project', 'user'] as const) {
    const p = installedAt(h, { ...t, scope });
    if (!p) continue;
    if (!hookPresent(p.paths, bundle)) problems.push(`${p.label} runs ${p.paths.hookFile}, which is missing (run agent-guard sync --host ${h.id})`);
    else where.push(p.label);
  }
  const runs = where.length > 0;
  if (runs && h.runsUnless) where.push(h.runsUnless);
  const detail = runs
    ? [where.join('; '), ...problems]
    : problems.length > 0
      ? problems
      : [`not installed (agent-guard install --host ${h.id}; --user for every folder)`];
  return { host: h.id, runs, detail: detail.join('; ') };
}

export function generatedFileTarget(h: GeneratedFileHost): InstallTarget {
  return {
    id: h.id,
    name: h.name,
    order: h.order,
    scopes: ['project', 'user'],
    inAll: true,
    found: (p) => foundOn(h.found, p.home),
    describe: (p) => `${place(h, p).label}, where ${h.name} ${h.does}`,
    files: (p) => (p.scope === 'local' ? [] : [place(h, p).file]),
    installed: (p) => installedAt(h, p) !== null,
    planInstall: (p, bundle, opts) => planInstall(h, p, bundle, opts.force ?? false),
    planSync(p, bundle, opts) {
      if (!installedAt(h, p))
        throw new InstallError(
          `Agent Guard is not installed for ${h.name} here; run agent-guard install --host ${h.id}${p.scope === 'user' ? ' --user' : ''} first`,
        );
      return planInstall(h, p, bundle, opts.force ?? false);
    },
    planUninstall: (p, bundle, opts) => planUninstall(h, p, bundle, opts.force ?? false),
    verify(op, p, _bundle, opts, report) {
      if (op === 'install' && opts.selfTest !== false) selfTestHost(h.id, place(h, p).paths.hookFile, p.workspace, report);
    },
    installs(p, bundle) {
      const out: ScopeStatus[] = [];
      for (const scope of ['project', 'user'] as const) {
        const at = installedAt(h, { ...p, scope });
        if (!at) continue;
        const hs = hookState(at.paths.hookFile, bundle);
        const entryCurrent = readIfExistsQuiet(at.file) === h.text(at.hook);
        out.push({
          host: h.id,
          scope,
          settingsFile: at.file,
          label: at.label,
          installed: true,
          entryCurrent,
          hook: hs.state,
          hookVersion: hs.version,
          problems: [
            ...(hs.state === 'missing' ? [`${at.label} runs ${at.paths.hookFile}, which does not exist: the guard is silently off`] : []),
            ...(entryCurrent ? [] : [`${at.label} differs from what this version writes (run agent-guard sync --host ${h.id})`]),
          ],
          backup: null,
        });
      }
      return out;
    },
    host: (p, bundle) => hostLine(h, p, bundle),
    probes: (p, bundle) => probes(h, p, bundle),
  };
}

/** The installed file, run as the host runs it, when it is exactly what this version writes. */
function probes(h: GeneratedFileHost, t: Place, bundle: Bundle): LivenessProbe[] {
  const canary = h.canary;
  if (!canary) return [];
  const out: LivenessProbe[] = [];
  for (const scope of ['project', 'user'] as const) {
    const at = installedAt(h, { ...t, scope });
    if (!at) continue;
    const command = canary.command(at.file.replace(/\\/g, '/'));
    const fix = `agent-guard sync --host ${h.id}${scope === 'user' ? ' --user' : ''}`;
    const current = readIfExistsQuiet(at.file) === h.text(at.hook);
    out.push(
      probeOf(
        at.label,
        {
          command: current ? command : `${command} (changed)`,
          expected: command,
          hookState: hookState(at.paths.hookFile, bundle).state,
          // Where there is no sh, a `node "<file>"` command is run with node directly: the same run.
          ...(command.startsWith('node "') ? { hookFile: at.file } : {}),
          fix,
        },
        canary.form,
        t.workspace,
        { env: {}, heldBack: [] },
      ),
    );
  }
  return out;
}

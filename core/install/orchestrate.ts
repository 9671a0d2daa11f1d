// The one place that decides which targets an install, sync or uninstall acts on, used by the CLI
// (cli/install-commands.ts) and the VS Code extension alike; they add only arguments and UI.

import { join, relative, sep } from 'node:path';
import { mergeReports, targetPaths, type Bundle, type Report, type Scope, type SelfTest } from './installer';
import { runTarget } from './apply';
import { TARGETS } from './registry';
import type { HostId, InstallTarget, Operation, Place, TargetOptions } from './target';

/** The hosts a request names: a list, or every target that takes part in `--host all`. */
export type HostRequest = readonly HostId[] | 'all';

/** Where a target runs: the place, at a scope. */
interface Job {
  target: InstallTarget;
  place: Place;
}

/** A target that writes another chosen target's file (Copilot's project file is VS Code's) runs once, as that one. */
function dedupe(jobs: Job[]): Job[] {
  return jobs.filter((j) => {
    const same = j.target.sameAs?.(j.place);
    return !same || !jobs.some((o) => o.target.id === same && o.place.scope === j.place.scope);
  });
}

/** The targets `--host` names, at the place's scope ('all': those in `--host all` that have the scope). */
function named(place: Place, hosts: HostRequest): Job[] {
  const picked =
    hosts === 'all'
      ? TARGETS.filter((t) => t.inAll && t.scopes.includes(place.scope) && (!t.found || t.found(place) !== null))
      : TARGETS.filter((t) => hosts.includes(t.id));
  return dedupe(picked.map((target) => ({ target, place })));
}

/** For `--host all`: which of the hosts that are looked for were found on this machine, and how. */
export function foundHosts(place: Place): string[] {
  const found: string[] = [];
  const missing: string[] = [];
  for (const t of TARGETS) {
    if (!t.inAll || !t.found || !t.scopes.includes(place.scope)) continue;
    const how = t.found(place);
    if (how) found.push(`${t.name} (${how})`);
    else missing.push(t.name);
  }
  const lines = found.length > 0 ? [`found on this machine: ${found.join(', ')}`] : [];
  if (missing.length > 0) lines.push(`not found, so not installed: ${missing.join(', ')} (install one anyway with --host <name>)`);
  return lines;
}

/** Every install found at these scopes (the hosts of `--host all`; managed settings and the plugin are asked for by name). */
function installedJobs(place: Place, scopes: readonly Scope[]): Job[] {
  const jobs: Job[] = [];
  for (const target of TARGETS) {
    if (!target.inAll) continue;
    for (const scope of scopes) if (target.installed({ ...place, scope })) jobs.push({ target, place: { ...place, scope } });
  }
  return dedupe(jobs);
}

function run(op: Operation, jobs: Job[], bundle: Bundle, opts: TargetOptions): Report & { selfTest?: SelfTest } {
  // One self-test is enough: the first target's (they share the hook file).
  return mergeReports(...jobs.map((j, i) => runTarget(j.target, op, j.place, bundle, i === 0 ? opts : { ...opts, selfTest: false })));
}

export function installHosts(place: Place, bundle: Bundle, hosts: HostRequest, opts: TargetOptions = {}): Report & { selfTest?: SelfTest } {
  const report = run('install', named(place, hosts), bundle, opts);
  if (hosts === 'all') report.lines.unshift(...foundHosts(place));
  return report;
}

export interface SelectOptions {
  /** The hosts to act on; without, every install found at `scopes` (and, when there is none, Claude Code's at the place's scope). */
  hosts?: HostRequest;
  /** Where to look for installs when no host is named (default: the place's scope). */
  scopes?: readonly Scope[];
  force?: boolean;
}

function select(place: Place, sel: SelectOptions): Job[] {
  if (sel.hosts) return named(place, sel.hosts);
  const found = installedJobs(place, sel.scopes ?? [place.scope]);
  return found.length > 0 || sel.scopes ? found : named(place, ['claude']);
}

/** Brings installs up to date. With `--host all`, a host that was never installed is skipped (unless none is). */
export function syncHosts(place: Place, bundle: Bundle, sel: SelectOptions = {}): Report {
  const jobs = select(place, sel);
  const reports = jobs.map((j) => runTarget(j.target, 'sync', j.place, bundle, { force: sel.force ?? false }));
  const present = reports.filter((r) => r.ok || !r.error?.startsWith('Agent Guard is not installed'));
  return mergeReports(...(sel.hosts === 'all' && present.length > 0 ? present : reports));
}

/** Removes installs, last target first (the shared hook file goes with the last install that uses it). */
export function uninstallHosts(place: Place, bundle: Bundle, sel: SelectOptions = {}): Report {
  const jobs = select(place, sel).reverse();
  return run('uninstall', jobs, bundle, { force: sel.force ?? false });
}

/** The files installs write inside a workspace, relative to it with forward slashes (what a file watcher should follow). */
export function workspaceFiles(): string[] {
  const ws = join(sep, 'ws');
  const place = (scope: Scope): Place => ({ workspace: ws, scope, home: join(sep, 'home') });
  const files = TARGETS.flatMap((t) => t.scopes.flatMap((scope) => [...t.files(place(scope)), targetPaths(place(scope)).hookFile]));
  return [...new Set(files.filter((f) => f.startsWith(ws + sep)).map((f) => relative(ws, f).split(sep).join('/')))].sort();
}

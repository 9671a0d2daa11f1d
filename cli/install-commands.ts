// agent-guard install | status | sync | uninstall: argument parsing and printing around core/install.

import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { homeDirectory } from '../core/paths';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { escapeControl } from '../core/terminal';
import { describeGuardTrust, workspaceGuardStatus } from './workspace-commands';
import { describePlugin } from '../core/install/targets/plugin';
import { describeManaged, installManaged, managedPaths, managedSettingsText, uninstallManaged, type ManagedPlatform } from '../core/install/targets/managed';
import {
  claudeSubfolderNote,
  describeHost,
  hostLines,
  livenessCheck,
  status,
  switchedOff,
  type HostLiveness,
  type HostStatus,
  type StatusReport,
} from '../core/install/status';
import { installedAbove, managedSettingsFiles, type Bundle, type Report, type Scope } from '../core/install/installer';
import { describeProbe } from '../core/install/liveness';
import { installHosts, syncHosts, uninstallHosts, type HostRequest } from '../core/install/orchestrate';
import { TARGETS, targetById } from '../core/install/registry';
import type { HostId } from '../core/install/target';
import { describeSandbox } from '../core/install/sandbox';
import { sandboxStatus } from '../core/install/sandbox-files';

export function bundledHook(): Bundle {
  // dist/cli.cjs and dist/hook.cjs sit side by side.
  const hookSource = readFileSync(join(__dirname, 'hook.cjs'), 'utf8');
  return { hookSource, version: AGENT_GUARD_VERSION };
}

const OPTIONS = {
  local: { type: 'boolean' },
  user: { type: 'boolean' },
  json: { type: 'boolean' },
  force: { type: 'boolean' },
  'no-deny-rules': { type: 'boolean' },
  'no-self-test': { type: 'boolean' },
  host: { type: 'string' },
  managed: { type: 'boolean' },
  write: { type: 'boolean' },
  platform: { type: 'string' },
  'managed-dir': { type: 'string' },
  'managed-hooks-only': { type: 'boolean' },
  sandbox: { type: 'boolean' },
} as const;

/** --host: every target of `--host all` (the hosts the CLI installs for), or all of them. */
const HOSTS = [...TARGETS.filter((t) => t.inAll).map((t) => t.id), 'all'];

function hostRequest(host: string | undefined): HostRequest | undefined {
  return host === undefined ? undefined : host === 'all' ? 'all' : [host as HostId];
}

function managedTarget(values: { platform?: string; 'managed-dir'?: string; write?: boolean }) {
  const platform = (values.platform ?? (process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux')) as ManagedPlatform;
  if (!['darwin', 'linux', 'win32'].includes(platform))
    throw Object.assign(new Error('--platform is darwin, linux or win32'), { code: 'ERR_PARSE_ARGS_USAGE' });
  const own = process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  if (values.write && platform !== own && !values['managed-dir'])
    throw Object.assign(new Error(`--write installs for this machine (${own}); to stage files for ${platform}, add --managed-dir <folder>`), {
      code: 'ERR_PARSE_ARGS_USAGE',
    });
  return { platform, paths: managedPaths(platform, values['managed-dir'] ? resolve(values['managed-dir']) : undefined) };
}

/** install --managed: prints the managed settings for the OS, or writes them with --write. */
function runManagedInstall(values: Record<string, unknown>): number {
  const { platform, paths } = managedTarget(values);
  const opts = { denyRules: !values['no-deny-rules'], managedHooksOnly: values['managed-hooks-only'] === true };
  const bundle = bundledHook();
  if (!values.write) {
    process.stderr.write(describeManaged(paths, platform, bundle.version));
    process.stdout.write(managedSettingsText(paths, opts));
    return 0;
  }
  return print(installManaged(paths, bundle, opts), values.json === true);
}

function target(rest: string[]) {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: OPTIONS });
  if (positionals.length > 1) throw Object.assign(new Error('give at most one workspace folder'), { code: 'ERR_PARSE_ARGS_USAGE' });
  if (values.local && values.user) throw Object.assign(new Error('--local and --user exclude each other'), { code: 'ERR_PARSE_ARGS_USAGE' });
  const scope: Scope = values.user ? 'user' : values.local ? 'local' : 'project';
  if (!HOSTS.includes(values.host ?? 'claude'))
    throw Object.assign(new Error(`--host is ${HOSTS.slice(0, -1).join(', ')} or all`), { code: 'ERR_PARSE_ARGS_USAGE' });
  const workspace = resolve(positionals[0] ?? process.cwd());
  const home = homeDirectory(process.env, homedir);
  return { values, t: { workspace, scope, home, ...(process.env.CLAUDE_CONFIG_DIR ? { configDir: process.env.CLAUDE_CONFIG_DIR } : {}) } };
}

function print(r: Report, json: boolean): number {
  if (json) process.stdout.write(escapeControl(`${JSON.stringify(r, null, 2)}\n`, 'json'));
  else {
    for (const l of r.lines) process.stdout.write(`${escapeControl(l, 'text')}\n`);
    for (const w of r.warnings) process.stderr.write(`warning: ${escapeControl(w, 'text')}\n`);
    if (r.error) process.stderr.write(`agent-guard: ${escapeControl(r.error, 'text')}\n`);
  }
  return r.ok ? 0 : 2;
}

export function runInstall(rest: string[]): number {
  const { values, t } = target(rest);
  if (values.managed) return runManagedInstall(values);
  if (values.sandbox && values.host !== undefined && values.host !== 'claude' && values.host !== 'all')
    throw Object.assign(new Error("--sandbox is Claude Code's sandbox: use it with --host claude (the default) or all"), { code: 'ERR_PARSE_ARGS_USAGE' });
  const opts = { denyRules: !values['no-deny-rules'], selfTest: !values['no-self-test'], force: values.force ?? false };
  const r = installHosts(t, bundledHook(), hostRequest(values.host) ?? ['claude'], { ...opts, sandbox: values.sandbox === true });
  const code = print(r, values.json ?? false);
  if (code === 0 && !values.json)
    process.stdout.write(
      `\nAgent Guard is installed. Undo with: ${invokedAs()} uninstall${t.scope === 'project' ? '' : ` --${t.scope}`}${rest.find((a) => !a.startsWith('-')) ? ` ${JSON.stringify(t.workspace)}` : ''}\n`,
    );
  return code === 0 && r.warnings.some((w) => w.startsWith('self-test')) ? 1 : code;
}

/**
 * How the person ran this command, for the hints it prints: `npx agent-guard` when npm exec
 * started it (npm sets npm_command=exec; the package then sits in npm's _npx cache), since a bare
 * `agent-guard` would not be found on their PATH.
 */
export function invokedAs(env: NodeJS.ProcessEnv = process.env, dir = __dirname): string {
  return env.npm_command === 'exec' || /[\\/]_npx[\\/]/.test(dir) ? 'npx agent-guard' : 'agent-guard';
}

export function runUninstall(rest: string[]): number {
  const { values, t } = target(rest);
  if (values.managed) return print(uninstallManaged(managedTarget(values).paths, bundledHook()), values.json ?? false);
  // Without --host: every install found at the scope (one for VS Code's agent only is as much a target as Claude Code's).
  const hosts = hostRequest(values.host);
  return print(uninstallHosts(t, bundledHook(), { ...(hosts ? { hosts } : {}), force: values.force ?? false }), values.json ?? false);
}

export function runSync(rest: string[]): number {
  const { values, t } = target(rest);
  const hosts = hostRequest(values.host);
  return print(syncHosts(t, bundledHook(), { ...(hosts ? { hosts } : {}), force: values.force ?? false }), values.json ?? false);
}

export function runStatus(rest: string[]): number {
  const { values, t } = target(rest);
  const bundle = bundledHook();
  const managedFiles = values['managed-dir'] ? managedSettingsFiles(undefined, resolve(values['managed-dir'])) : managedSettingsFiles();
  const s = status(t.workspace, t.home, bundle, t.configDir, managedFiles);
  // The execution check: each installed hook command run on a canary call, as its host would.
  const place = values['managed-dir'] ? { ...t, managed: managedTarget(values).paths } : t;
  const liveness = livenessCheck(place, bundle, switchedOff(s, managedFiles));
  const proven = liveness.length > 0 && liveness.every((h) => h.guarded);
  const hosts = hostLines(t, bundle, s).map((h) => withLiveness(h, liveness));
  // Hosts never set up here are one line, not a list of NOT guarded.
  const chosen = hosts.filter((h) => h.runs || targetById(h.host).installed(t) || liveness.some((l) => l.host === h.host));
  // A host set up here whose agent would not run the hook (the Copilot CLI in a folder it has not trusted) leaves its sessions
  // unguarded while another host's check passes: that is not "guarded", however the other host fares.
  const left = chosen.filter((h) => !h.runs && !h.unused);
  const guarded = s.active && proven && left.length === 0;
  const partly = s.active && proven ? left : [];
  const workspaceGuards = workspaceGuardStatus(t.workspace);
  const claudeUser = s.scopes.some((x) => x.host === 'claude' && x.scope === 'user' && x.installed);
  const above = claudeProjectAbove(t.workspace, t.home, claudeUser);
  const sandbox = sandboxStatus(t.workspace, t.home, { ...(t.configDir ? { configDir: t.configDir } : {}), managedFiles });
  const unguarded = [
    ...(above ? [claudeSubfolderNote(t.workspace, t.home, claudeUser)!] : []),
    ...(guarded && !claudeUser && s.scopes.some((x) => x.host === 'claude' && x.installed)
      ? [
          'Claude Code reads .claude/ only in the folder it starts in: a session started in a subfolder of this one is not guarded; install with --user to cover it',
        ]
      : []),
  ];
  if (values.json)
    process.stdout.write(
      escapeControl(
        `${JSON.stringify({ ...s, active: guarded, configActive: s.active, liveness, hosts, unguarded, workspaceGuards, sandbox }, null, 2)}\n`,
        'json',
      ),
    );
  else {
    const others = hosts.filter((h) => !chosen.includes(h)).map((h) => targetById(h.host).name);
    process.stdout.write(
      escapeControl(
        `${formatStatus(s, { above, liveness })}${chosen
          .map(describeHost)
          .map((l) => `host:      ${l}\n`)
          .join('')}${others.length > 0 ? `others:    not set up for ${others.join(', ')}; agent-guard install --host all adds every host\n` : ''}${unguarded
          .slice(above ? 1 : 0)
          .map((u) => `note:      ${u}\n`)
          .join('')}${describeSandbox(sandbox, sandbox.escapeGuard)
          .map((l) => `sandbox:   ${l}\n`)
          .join('')}${workspaceGuards.map((g) => `guard:     ${describeGuardTrust(g)}\n`).join('')}${verdictLine(s, guarded, liveness, above, partly)}`,
        'text',
      ),
    );
  }
  return guarded && s.current ? 0 : 1;
}

/** A host's line with what its execution check showed: the proof beats the configuration. */
function withLiveness(h: HostStatus, liveness: readonly HostLiveness[]): HostStatus {
  const live = liveness.find((l) => l.host === h.host);
  if (!live) return h;
  if (live.guarded) {
    if (h.runs) return h;
    const through = live.results.find((r) => r.liveness.guarded)!;
    return { ...h, runs: true, detail: `through ${through.label}, which passed the execution check` };
  }
  if (!h.runs) return h;
  const ran = live.results.some((r) => !r.liveness.unproven);
  return {
    ...h,
    runs: false,
    detail: ran
      ? 'its hook failed the execution check (the check line above says how)'
      : 'not proven: status did not run its hook (the check line above says why)',
  };
}

/** Where the guarded project is, when this folder is a subfolder of it (Claude Code does not look up). */
function claudeProjectAbove(workspace: string, home: string, userInstalled: boolean): string | null {
  return claudeSubfolderNote(workspace, home, userInstalled) ? installedAbove(workspace, home, ['.claude/settings.json', '.claude/settings.local.json']) : null;
}

function verdictLine(s: StatusReport, guarded: boolean, liveness: readonly HostLiveness[], above: string | null, left: readonly HostStatus[]): string {
  if (left.length > 0) return `verdict:   partly guarded: NOT guarded in ${left.map((h) => `${targetById(h.host).name}: ${h.detail}`).join('; and in ')}\n`;
  const installed = s.scopes.some((x) => x.installed) || (s.plugins ?? []).length > 0 || !!s.managed;
  const results = liveness.flatMap((l) => l.results);
  const failed = results.find((r) => !r.liveness.guarded && !r.liveness.unproven);
  const unproven = results.find((r) => r.liveness.unproven);
  const verdict = guarded
    ? s.current
      ? 'guarded and current'
      : 'guarded, but not current; agent-guard sync updates it'
    : installed
      ? failed || s.neutralizers.length > 0 || !unproven
        ? `NOT guarded: ${failed ? `${failed.label}: ${failed.liveness.detail}` : (s.neutralizers[0] ?? notRunning(s))}`
        : `not proven guarded: ${unproven.label}: ${unproven.liveness.detail}`
      : above
        ? `not guarded here; Agent Guard guards ${above}`
        : 'not guarded';
  return `verdict:   ${verdict}\n`;
}

/** Why nothing runs the hook although something is installed, when no setting switches it off. */
function notRunning(s: StatusReport): string {
  const disabled = (s.plugins ?? []).find((p) => !p.enabled);
  if (disabled) return describePlugin(disabled);
  const missing = s.scopes.find((x) => x.installed && x.hook === 'missing');
  if (missing) return `${missing.label} runs a hook file that is missing; agent-guard sync writes it`;
  return 'a host it is installed for does not run it; the host lines above say which';
}

export function formatStatus(s: StatusReport, extra: { above?: string | null; liveness?: readonly HostLiveness[] } = {}): string {
  const lines = [`workspace: ${s.workspace}`];
  if (extra.above)
    lines.push(
      `project:   ${extra.above} is the guarded project; start Claude Code there, since a session started in this subfolder does not load its settings and is NOT guarded, or install with --user to cover every folder`,
    );
  lines.push(`bundled:   agent-guard ${s.bundledVersion}`);
  const installed = s.scopes.filter((x) => x.installed);
  const plugins = s.plugins ?? [];
  if (installed.length === 0 && plugins.length === 0 && !s.managed)
    lines.push(extra.above ? 'state:     nothing installed in this folder itself' : 'state:     not installed; agent-guard install adds it');
  for (const p of plugins) lines.push(`installed: ${describePlugin(p)}`);
  if (s.managed) {
    const m = s.managed;
    const hook =
      m.hook === 'current'
        ? 'current'
        : m.hook === 'outdated'
          ? `outdated (${m.hookVersion}; run sudo agent-guard install --managed --write)`
          : m.hook === 'missing'
            ? `MISSING (${m.hookFile ?? 'no path in the entry'})`
            : m.hook === 'modified'
              ? 'modified by hand'
              : 'not written by agent-guard';
    lines.push(`installed: managed settings ${m.file} (hook file: ${hook}); user, project and local settings cannot switch it off`);
  }
  for (const sc of s.scopes) {
    if (sc.installed) {
      const hook =
        sc.hook === 'current'
          ? 'current'
          : sc.hook === 'outdated'
            ? `outdated (${sc.hookVersion}; run agent-guard sync)`
            : sc.hook === 'modified'
              ? 'modified by hand'
              : sc.hook === 'missing'
                ? 'MISSING'
                : 'not written by agent-guard';
      lines.push(`installed: ${sc.label} (hook file: ${hook})`);
      if (sc.backup)
        lines.push(
          `backup:    ${sc.backup}${sc.backup.endsWith('.agent-guard.bak') ? ' (where older versions kept it, outside the git-ignored .claude/agent-guard/; the next install or sync moves it there)' : ''}`,
        );
    }
    for (const p of sc.problems) lines.push(`problem:   ${p}`);
  }
  for (const n of s.neutralizers) lines.push(`off:       ${n}`);
  lines.push(`config:    ${s.config.exists ? s.config.file : 'defaults (no .claude/agent-guard.json)'}`);
  if (s.config.local?.exists) lines.push(`config:    ${s.config.local.file} (yours, git-ignored)`);
  for (const p of s.config.problems) lines.push(`config:    ${p}`);
  for (const x of s.config.exceptions ?? []) {
    const scope = [x.session ? `agent session ${x.session} only` : '', x.until ? `until ${x.until}` : '', x.branch ? `on branch ${x.branch} only` : '']
      .filter(Boolean)
      .join(', ');
    const state = x.waiting ? 'WAITING FOR YOUR CONSENT: ' : x.expired ? 'EXPIRED: ' : '';
    const details = [x.source === 'local' ? 'yours' : 'team', scope, x.added ? `since ${x.added}` : ''].filter(Boolean).join(', ');
    lines.push(`allowed:   ${state}${x.guard} lets exactly ${JSON.stringify(x.command)} through (${details})`);
  }
  // Configuration that loosens the guard but does not apply yet: what, and the one command that gives consent.
  for (const p of (s.config.pending ?? []).filter((x) => !x.exception))
    lines.push(
      `consent:   WAITING: ${p.source === 'local' ? '.claude/agent-guard/local.json' : '.claude/agent-guard.json'} ${p.what}; the defaults hold until you consent`,
    );
  if (s.config.consentCommand) lines.push(`consent:   review the entries above, then run: ${s.config.consentCommand}`);
  // The execution check's results; the verdict line comes after the hosts (runStatus).
  for (const l of extra.liveness ?? []) for (const r of l.results) lines.push(`check:     ${describeProbe(r)}`);
  return `${lines.join('\n')}\n`;
}

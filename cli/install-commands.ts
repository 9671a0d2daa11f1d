// agent-guard install | status | sync | uninstall: argument parsing and printing around core/install.

import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { homeDirectory } from '../core/paths';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { escapeControl } from '../core/terminal';
import { describeGuardTrust, workspaceGuardStatus } from './workspace-commands';
import { describeHost, hostStatus, install, installVsCode, mergeReports, status, sync, uninstall, uninstallVsCode, type Bundle, type Report, type Scope, type StatusReport } from '../core/install/installer';

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
  host: { type: 'string', default: 'claude' },
} as const;

function target(rest: string[]) {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: OPTIONS });
  if (positionals.length > 1) throw Object.assign(new Error('give at most one workspace folder'), { code: 'ERR_PARSE_ARGS_USAGE' });
  if (values.local && values.user) throw Object.assign(new Error('--local and --user exclude each other'), { code: 'ERR_PARSE_ARGS_USAGE' });
  const scope: Scope = values.user ? 'user' : values.local ? 'local' : 'project';
  if (!['claude', 'vscode', 'all'].includes(values.host ?? 'claude')) throw Object.assign(new Error('--host is claude, vscode or all'), { code: 'ERR_PARSE_ARGS_USAGE' });
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
  const opts = { denyRules: !values['no-deny-rules'], selfTest: !values['no-self-test'], force: values.force ?? false };
  const bundle = bundledHook();
  const r = mergeReports(
    ...(values.host === 'vscode' ? [] : [install(t, bundle, opts)]),
    ...(values.host === 'claude' ? [] : [installVsCode(t.workspace, bundle, { ...opts, selfTest: values.host === 'vscode' && opts.selfTest })]),
  );
  const code = print(r, values.json ?? false);
  if (code === 0 && !values.json) process.stdout.write(`\nAgent Guard is installed. Undo with: agent-guard uninstall${t.scope === 'project' ? '' : ` --${t.scope}`}${rest.find((a) => !a.startsWith('-')) ? ` ${JSON.stringify(t.workspace)}` : ''}\n`);
  return code === 0 && r.warnings.some((w) => w.startsWith('self-test')) ? 1 : code;
}

export function runUninstall(rest: string[]): number {
  const { values, t } = target(rest);
  const force = values.force ?? false;
  const bundle = bundledHook();
  const r = mergeReports(...(values.host === 'claude' ? [] : [uninstallVsCode(t.workspace, bundle, { force })]), ...(values.host === 'vscode' ? [] : [uninstall(t, bundle, { force })]));
  return print(r, values.json ?? false);
}

export function runSync(rest: string[]): number {
  const { values, t } = target(rest);
  const force = values.force ?? false;
  const bundle = bundledHook();
  const r = mergeReports(...(values.host === 'vscode' ? [] : [sync(t, bundle, { force })]), ...(values.host === 'claude' ? [] : [installVsCode(t.workspace, bundle, { force, selfTest: false })]));
  return print(r, values.json ?? false);
}

export function runStatus(rest: string[]): number {
  const { values, t } = target(rest);
  const bundle = bundledHook();
  const s = status(t.workspace, t.home, bundle, t.configDir);
  const hosts = hostStatus(t.workspace, s, bundle);
  const workspaceGuards = workspaceGuardStatus(t.workspace);
  if (values.json) process.stdout.write(escapeControl(`${JSON.stringify({ ...s, hosts, workspaceGuards }, null, 2)}\n`, 'json'));
  else process.stdout.write(escapeControl(`${formatStatus(s)}${hosts.map((h) => `host:      ${describeHost(h)}\n`).join('')}${workspaceGuards.map((g) => `guard:     ${describeGuardTrust(g)}\n`).join('')}`, 'text'));
  return s.active && s.current ? 0 : 1;
}

export function formatStatus(s: StatusReport): string {
  const lines = [`workspace: ${s.workspace}`, `bundled:   agent-guard ${s.bundledVersion}`];
  const installed = s.scopes.filter((x) => x.installed);
  if (installed.length === 0) lines.push('state:     not installed (run agent-guard install)');
  for (const sc of s.scopes) {
    if (sc.installed) {
      const hook = sc.hook === 'current' ? 'current' : sc.hook === 'outdated' ? `outdated (${sc.hookVersion}; run agent-guard sync)` : sc.hook === 'modified' ? 'modified by hand' : sc.hook === 'missing' ? 'MISSING' : 'not written by agent-guard';
      lines.push(`installed: ${sc.label} (hook file: ${hook})`);
      if (sc.backup) lines.push(`backup:    ${sc.backup}${sc.backup.endsWith('.agent-guard.bak') ? ' (where older versions kept it, outside the git-ignored .claude/agent-guard/; the next install or sync moves it there)' : ''}`);
    }
    for (const p of sc.problems) lines.push(`problem:   ${p}`);
  }
  for (const n of s.neutralizers) lines.push(`off:       ${n}`);
  lines.push(`config:    ${s.config.exists ? s.config.file : 'defaults (no .claude/agent-guard.json)'}`);
  for (const p of s.config.problems) lines.push(`config:    ${p}`);
  lines.push(`verdict:   ${s.active ? (s.current ? 'guarded and current' : 'guarded, but not current') : installed.length > 0 ? 'installed but NOT active' : 'not guarded'}`);
  return `${lines.join('\n')}\n`;
}

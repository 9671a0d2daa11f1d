// Claude Code's own OS sandbox (bubblewrap on Linux, Seatbelt on macOS) as a second wall behind
// the guard. `install --sandbox` turns it on and adds read rules for the secret files the guard
// knows (core/secrets.ts), so that a command the guard misjudges still cannot read them; writes
// outside the workspace are the sandbox's own default. What the keys mean, and what was checked
// against the pinned Claude Code, is in docs/sandbox.md. Pure: the installer runs the step
// (settings.ts), status passes the settings files in.

import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { braceExpand } from 'minimatch';
import { HOME_CLOUD_CREDENTIALS, HOME_TOKEN_FILES } from '../secrets';
import { addPropertiesEdits, appendToArrayEdit, type Edit, type JsonStyle } from './json-edit';
import type { SandboxRecord, SettingsRecord } from './records';
export type { SandboxRecord };
import type { GuardMode } from '../config';

/** Suffixes that make a `.env.*` file a template (`isDotenvName` in core/secrets.ts): readable again. */
export const DOTENV_TEMPLATE_SUFFIXES = ['example', 'sample', 'template', 'tmpl', 'dist', 'default', 'defaults', 'schema', 'skeleton'] as const;

/** Private key files by name, wherever they are (`KEY_NAMES` in core/secrets.ts). */
export const PRIVATE_KEY_NAMES = ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk'] as const;

const MAX_SPELLINGS = 32;

export type SandboxScope = 'project' | 'local' | 'user';

/** Entries of `sandbox.filesystem.denyRead` and `allowRead` (re-allowed inside a denied region). */
export interface SandboxRules {
  denyRead: string[];
  allowRead: string[];
}

export type RuleKey = keyof SandboxRules;
const RULE_KEYS: readonly RuleKey[] = ['denyRead', 'allowRead'];

/**
 * The read rules for one settings scope. In project and local settings a relative entry is
 * relative to the project root and `**` matches at any depth (checked with the real CLI: a
 * `Read(.env)` permission rule reaches the sandbox as the root's .env only, hence the globs). In
 * user settings a relative entry is relative to ~/.claude, so only the home folder's files are
 * listed there. Content-decided secrets (a `.pem` that holds a private key) have no path rule.
 * `secretFiles` are the config's extra globs; their `!` exemptions are left out (the sandbox stays
 * the stricter wall: a user re-allows a path in `allowRead` by hand). Claude Code's sandbox takes
 * `*`, `**`, `?` and `[…]` but silently ignores an entry with braces (observed with 2.1.332), so
 * braces are expanded here (minimatch's own expansion; a glob of more than 32 spellings is left
 * out rather than written as dozens of entries).
 */
export function sandboxRules(scope: SandboxScope, secretFiles: readonly string[] = []): SandboxRules {
  const homeDeny = ['~/.ssh/id_*', '~/.gnupg/private-keys-v1.d', ...HOME_CLOUD_CREDENTIALS.map((f) => `~/${f}`), ...HOME_TOKEN_FILES.map((f) => `~/${f}`)];
  const homeAllow = ['~/.ssh/id_*.pub'];
  if (scope === 'user') return { denyRead: homeDeny, allowRead: homeAllow };
  const configured = secretFiles
    .filter((g) => g !== '' && !g.startsWith('!'))
    .flatMap((g) => {
      const spellings = braceExpand(g);
      return spellings.length > MAX_SPELLINGS ? [] : spellings;
    })
    .map((g) => (g.includes('/') ? g.replace(/^\.\//, '') : `**/${g}`));
  const workspaceDeny = ['**/.env', '**/.env.*', ...PRIVATE_KEY_NAMES.map((n) => `**/${n}`), '**/ssh_host_*_key', ...configured];
  const workspaceAllow = DOTENV_TEMPLATE_SUFFIXES.map((s) => `**/.env*.${s}`);
  return { denyRead: unique([...workspaceDeny, ...homeDeny]), allowRead: unique([...workspaceAllow, ...homeAllow]) };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

export interface SandboxPlan {
  rules: SandboxRules;
  /** Add `enabled: true` where `enabled` is absent. An explicit `false` is the user's and stays. */
  enable: boolean;
  /** What earlier installs added: sync adds only newer rules, so one the user removed stays removed. */
  skip?: SandboxRecord;
}

export interface StepContext {
  style: JsonStyle;
  record: SettingsRecord;
}

type Obj = Record<string, unknown>;

function objectAt(value: unknown, label: string): Obj | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(
      `"${label}" is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}, where Claude Code expects an object; fix it, then install again`,
    );
  return value as Obj;
}

/** The install step (see planInstall): merges the plan into whatever `sandbox` the file has. */
export function sandboxStep(plan: SandboxPlan, ctx: StepContext): (text: string, tree: Node, value: unknown) => Edit[] {
  return (text, tree, value) => {
    const rec: SandboxRecord = { enabled: false, denyRead: [], allowRead: [] };
    ctx.record.sandbox = rec;
    const created = (path: string) => ctx.record.createdPaths.push(path);
    const sb = objectAt((value as Obj).sandbox, 'sandbox');
    const fs = objectAt(sb?.filesystem, 'sandbox.filesystem');
    if (sb?.enabled !== undefined && typeof sb.enabled !== 'boolean')
      throw new Error(`"sandbox.enabled" is ${typeof sb.enabled}, where Claude Code expects true or false; fix it, then install again`);
    for (const key of RULE_KEYS) {
      const have = fs?.[key];
      if (have !== undefined && !Array.isArray(have))
        throw new Error(`"sandbox.filesystem.${key}" is ${typeof have}, where Claude Code expects an array of paths; fix it, then install again`);
      const present = new Set((have ?? []).filter((x): x is string => typeof x === 'string'));
      rec[key] = plan.rules[key].filter((r) => !present.has(r) && !plan.skip?.[key].includes(r));
    }
    rec.enabled = plan.enable && sb?.enabled === undefined && !plan.skip?.enabled;
    const fsWanted: [string, unknown][] = RULE_KEYS.filter((k) => rec[k].length > 0).map((k) => [k, rec[k]]);
    const sbWanted: [string, unknown][] = rec.enabled ? [['enabled', true]] : [];
    if (sb === undefined) {
      if (fsWanted.length > 0) sbWanted.push(['filesystem', Object.fromEntries(fsWanted)]);
      if (sbWanted.length === 0) return [];
      created('sandbox');
      if (fsWanted.length > 0) created('sandbox.filesystem');
      for (const [k] of fsWanted) created(`sandbox.filesystem.${k}`);
      return addPropertiesEdits(text, tree, [], [['sandbox', Object.fromEntries(sbWanted)]], ctx.style);
    }
    const edits: Edit[] = [];
    if (fs === undefined) {
      if (fsWanted.length > 0) {
        sbWanted.push(['filesystem', Object.fromEntries(fsWanted)]);
        created('sandbox.filesystem');
        for (const [k] of fsWanted) created(`sandbox.filesystem.${k}`);
      }
    } else {
      const missing: [string, unknown][] = [];
      for (const key of RULE_KEYS) {
        if (rec[key].length === 0) continue;
        if (fs[key] === undefined) {
          missing.push([key, rec[key]]);
          created(`sandbox.filesystem.${key}`);
        } else edits.push(appendToArrayEdit(text, tree, ['sandbox', 'filesystem', key], rec[key], ctx.style));
      }
      edits.push(...addPropertiesEdits(text, tree, ['sandbox', 'filesystem'], missing, ctx.style));
    }
    edits.push(...addPropertiesEdits(text, tree, ['sandbox'], sbWanted, ctx.style));
    return edits;
  };
}

/** The nodes uninstall removes for this record: our `enabled: true` (if still true) and our rules (the last copy of each). */
export function sandboxRemovals(tree: Node, rec: SandboxRecord | undefined, removed: Set<Node>): void {
  if (!rec) return;
  if (rec.enabled) {
    const n = findNodeAtLocation(tree, ['sandbox', 'enabled']);
    if (n?.type === 'boolean' && n.value === true) removed.add(n);
  }
  for (const key of RULE_KEYS) {
    const arr = findNodeAtLocation(tree, ['sandbox', 'filesystem', key]);
    if (arr?.type !== 'array') continue;
    const items = arr.children ?? [];
    for (const rule of rec[key]) {
      for (let i = items.length - 1; i >= 0; i--) {
        if (items[i]!.type === 'string' && items[i]!.value === rule && !removed.has(items[i]!)) {
          removed.add(items[i]!);
          break;
        }
      }
    }
  }
}

export function mergeSandboxRecords(prev: SandboxRecord | undefined, next: SandboxRecord | undefined): SandboxRecord | undefined {
  if (!prev) return next;
  if (!next) return prev;
  return {
    enabled: prev.enabled || next.enabled,
    denyRead: unique([...prev.denyRead, ...next.denyRead]),
    allowRead: unique([...prev.allowRead, ...next.allowRead]),
  };
}

/** For the install report: "the sandbox on, 31 read rules". */
export function describeSandboxRecord(rec: SandboxRecord | undefined): string | null {
  if (!rec) return null;
  const n = rec.denyRead.length + rec.allowRead.length;
  if (!rec.enabled && n === 0) return null;
  return [rec.enabled ? "Claude Code's sandbox on" : '', n > 0 ? `${n} sandbox read rules for secret files` : ''].filter(Boolean).join(', ');
}

// ---- status: what the sandbox does here, from the settings files ----

export interface SandboxLayer {
  /** As shown: `.claude/settings.local.json`, `~/.claude/settings.json`, a managed file's path. */
  label: string;
  kind: 'managed' | 'local' | 'project' | 'user';
  settings: Record<string, unknown> | null;
}

export interface SandboxState {
  enabled: boolean;
  /** The file that decides `enabled` (null: none sets it; the default is off). */
  enabledBy: string | null;
  /** Agent Guard's rules for this workspace, by whether some settings file has them. */
  rules: { present: string[]; missing: string[] };
  /** Some file lets sandboxed commands skip the filesystem rules (`filesystem.disabled`). */
  filesystemDisabledBy: string | null;
  /** False: `dangerouslyDisableSandbox` is ignored, every command stays inside. */
  allowUnsandboxedCommands: boolean;
  excludedCommands: string[];
  /** Why the sandbox would not start on this machine (missing programs), when it is on. */
  problems: string[];
}

const sandboxOf = (l: SandboxLayer): Obj | undefined => {
  const s = l.settings?.sandbox;
  return typeof s === 'object' && s !== null && !Array.isArray(s) ? (s as Obj) : undefined;
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The sandbox as Claude Code would run it. `layers` highest precedence first (managed, local,
 * project, user). Arrays merge across files; a workspace rule (relative path) counts only from
 * project or local settings, where it means this workspace. `filesystem.disabled` is honoured only
 * from user or managed settings; a false `allowUnsandboxedCommands` anywhere holds.
 */
export function sandboxState(layers: readonly SandboxLayer[], wanted: SandboxRules, missingPrograms: readonly string[]): SandboxState {
  let enabledBy: string | null = null;
  let enabled = false;
  for (const l of layers) {
    const e = sandboxOf(l)?.enabled;
    if (typeof e === 'boolean') {
      enabled = e;
      enabledBy = l.label;
      break;
    }
  }
  const have: Record<RuleKey, Set<string>> = { denyRead: new Set(), allowRead: new Set() };
  let filesystemDisabledBy: string | null = null;
  let allowUnsandboxedCommands = true;
  const excluded: string[] = [];
  for (const l of layers) {
    const sb = sandboxOf(l);
    if (!sb) continue;
    const fs = typeof sb.filesystem === 'object' && sb.filesystem !== null ? (sb.filesystem as Obj) : {};
    for (const key of RULE_KEYS)
      for (const r of strings(fs[key])) if (r.startsWith('~/') || r.startsWith('/') || l.kind === 'project' || l.kind === 'local') have[key].add(r);
    if (fs.disabled === true && (l.kind === 'user' || l.kind === 'managed') && !filesystemDisabledBy) filesystemDisabledBy = l.label;
    if (sb.allowUnsandboxedCommands === false) allowUnsandboxedCommands = false;
    excluded.push(...strings(sb.excludedCommands));
  }
  const all = RULE_KEYS.flatMap((k) => wanted[k].map((r) => [k, r] as const));
  return {
    enabled,
    enabledBy,
    rules: {
      present: all.filter(([k, r]) => have[k].has(r)).map(([, r]) => r),
      missing: all.filter(([k, r]) => !have[k].has(r)).map(([, r]) => r),
    },
    filesystemDisabledBy,
    allowUnsandboxedCommands,
    excludedCommands: unique(excluded),
    problems: enabled
      ? missingPrograms.map((p) => `${p} is not installed, so Claude Code runs Bash commands unsandboxed (on Debian/Ubuntu: apt-get install bubblewrap socat)`)
      : [],
  };
}

/** The status lines (without the `sandbox:` prefix). `escapeGuard` is the sandbox-escape guard's mode. */
export function describeSandbox(s: SandboxState, escapeGuard: GuardMode): string[] {
  const lines: string[] = [];
  if (!s.enabled)
    lines.push(
      s.enabledBy
        ? `off: ${s.enabledBy} sets sandbox.enabled: false (Agent Guard's rules apply once it is true)`
        : "off (agent-guard install --sandbox turns on Claude Code's sandbox with read rules for secret files)",
    );
  else lines.push(`on (${s.enabledBy}): Bash commands run in Claude Code's OS sandbox; writes outside the workspace fail there`);
  const total = s.rules.present.length + s.rules.missing.length;
  if (s.enabled || s.rules.present.length > 0)
    lines.push(
      `Agent Guard's read rules: ${s.rules.present.length} of ${total} present${s.rules.missing.length > 0 ? `; missing: ${s.rules.missing.join(', ')}` : ''}`,
    );
  if (s.filesystemDisabledBy) lines.push(`problem: ${s.filesystemDisabledBy} sets sandbox.filesystem.disabled: the read rules do nothing`);
  for (const p of s.problems) lines.push(`problem: ${p}`);
  if (s.enabled) {
    if (!s.allowUnsandboxedCommands) lines.push('leaving it: refused (allowUnsandboxedCommands: false)');
    else if (escapeGuard === 'off' || escapeGuard === 'monitor')
      lines.push(
        `leaving it: a call with dangerouslyDisableSandbox: true runs outside unasked (the sandbox-escape guard is ${escapeGuard === 'off' ? 'off' : 'in monitor mode: logged only'})`,
      );
    else lines.push(`leaving it: a call with dangerouslyDisableSandbox: true is ${escapeGuard === 'ask' ? 'asked' : 'denied'} (sandbox-escape guard)`);
    if (s.excludedCommands.length > 0) lines.push(`outside it (excludedCommands): ${s.excludedCommands.join(', ')}`);
  }
  return lines;
}

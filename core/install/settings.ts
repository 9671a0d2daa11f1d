// What the installer does to one settings file, as pure text → text functions. The file system
// side (atomic writes, backups, the hook file) lives in installer.ts.

import { createHash } from 'node:crypto';
import { addProperty, appendToArray, detectStyle, parseStrict, removeAt, replaceValue, type JsonPath } from './json-edit';

/** Our handler is recognised by the hook file it runs. */
export const HOOK_FILE_NAME = 'agent-guard.cjs';

export interface HookEntry {
  command: string;
  timeout: number;
}

/** What an install added to one settings file, so uninstall removes exactly that. */
export interface SettingsRecord {
  /** The file did not exist before. */
  createdFile: boolean;
  /** Containers we created (dotted paths): removed again when they end up empty. */
  createdPaths: string[];
  addedDenyRules: string[];
  /** Original bytes, kept only when removing our additions would not give them back exactly. */
  restore?: { before: string; afterSha256: string };
}

export type PlanResult = { ok: true; text: string; changed: boolean; record: SettingsRecord; notes: string[] } | { ok: false; error: string };

/**
 * Deny rules for secret files, so the file tools are stopped even where the hook cannot see
 * (`@` mentions). Bare names match at any depth. None of them matches `.env.example`.
 */
export const SECRET_DENY_RULES = [
  'Read(.env)',
  'Read(.env.local)',
  'Read(.env.*.local)',
  'Read(.env.production)',
  'Read(.env.prod)',
  'Read(.env.staging)',
  'Read(.env.development)',
  'Read(.env.dev)',
  'Read(.env.test)',
  'Read(~/.ssh/id_rsa)',
  'Read(~/.ssh/id_ed25519)',
  'Read(~/.ssh/id_ecdsa)',
  'Read(~/.aws/credentials)',
];

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

interface Located {
  group: number;
  handler: number;
  command: string;
  timeout: unknown;
  groupSize: number;
}

/** Our handlers under hooks.PreToolUse, wherever they are. */
export function findOurHandlers(settings: unknown): Located[] {
  const out: Located[] = [];
  const groups = (settings as { hooks?: { PreToolUse?: unknown } })?.hooks?.PreToolUse;
  if (!Array.isArray(groups)) return out;
  groups.forEach((g, gi) => {
    const hooks = (g as { hooks?: unknown })?.hooks;
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, hi) => {
      const cmd = (h as { command?: unknown })?.command;
      const args = (h as { args?: unknown })?.args;
      const text = [cmd, ...(Array.isArray(args) ? args : [])].filter((x) => typeof x === 'string').join(' ');
      if (text.includes(HOOK_FILE_NAME)) out.push({ group: gi, handler: hi, command: String(cmd), timeout: (h as { timeout?: unknown }).timeout, groupSize: hooks.length });
    });
  });
  return out;
}

const normalizeRule = (r: string) => r.replace(/\(\.\//, '(').replace(/\s+/g, '');

function isEmptyContainer(v: unknown): boolean {
  return (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
}

function get(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const k of path) v = (v as Record<string | number, unknown> | undefined)?.[k];
  return v;
}

/** Install (or update) our entry and deny rules in `text` (null: the file does not exist). */
export function planInstall(text: string | null, entry: HookEntry, denyRules: readonly string[]): PlanResult {
  const notes: string[] = [];
  const original = text ?? '';
  const blank = original.trim() === '';
  let t = blank ? '{}' : original;
  const style = detectStyle(blank ? '' : original);
  const parsed = parseStrict(t);
  if (!parsed.ok) return { ok: false, error: `it is not valid JSON: ${parsed.message}. Claude Code reads settings as strict JSON (no comments, no trailing commas); fix the file, then install again` };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return { ok: false, error: `its top level is ${Array.isArray(parsed.value) ? 'an array' : typeof parsed.value}, not an object; Claude Code would ignore it, and so will we rather than overwrite it` };
  }
  const record: SettingsRecord = { createdFile: text === null, createdPaths: [], addedDenyRules: [] };
  const value = () => (parseStrict(t) as { value: unknown }).value;

  // containers, created one level at a time so each insertion is laid out in the file's style
  const ensure = (path: string[], leaf: unknown): boolean => {
    for (let i = 0; i < path.length; i++) {
      const sub = path.slice(0, i + 1);
      const v = get(value(), sub);
      if (v === undefined) {
        // Create the missing level with everything below it in one insertion.
        let nested: unknown = leaf;
        for (let j = path.length - 1; j > i; j--) nested = { [path[j]!]: nested };
        t = addProperty(t, sub.slice(0, -1), path[i]!, nested, style);
        for (let j = i; j < path.length; j++) record.createdPaths.push(path.slice(0, j + 1).join('.'));
        return true;
      }
      const wantArray = i === path.length - 1 && Array.isArray(leaf);
      if (wantArray ? !Array.isArray(v) : typeof v !== 'object' || v === null || Array.isArray(v)) {
        throw new Error(`"${sub.join('.')}" is ${Array.isArray(v) ? 'an array' : typeof v}, where Claude Code expects ${wantArray ? 'an array' : 'an object'}; fix it, then install again`);
      }
    }
    return false;
  };

  try {
    const group = { matcher: '*', hooks: [{ type: 'command', command: entry.command, timeout: entry.timeout }] };
    const ours = findOurHandlers(value());
    if (ours.length === 0) {
      if (!ensure(['hooks', 'PreToolUse'], [group])) t = appendToArray(t, ['hooks', 'PreToolUse'], group, style);
    } else {
      const first = ours[0]!;
      const base: JsonPath = ['hooks', 'PreToolUse', first.group, 'hooks', first.handler];
      if (first.command !== entry.command) t = replaceValue(t, [...base, 'command'], entry.command);
      if (first.timeout !== entry.timeout) {
        if (first.timeout === undefined) t = addProperty(t, base, 'timeout', entry.timeout, style);
        else t = replaceValue(t, [...base, 'timeout'], entry.timeout);
      }
      // Our entry present more than once: keep the first.
      for (const dup of ours.slice(1).reverse()) {
        t = removeAt(t, dup.groupSize === 1 ? ['hooks', 'PreToolUse', dup.group] : ['hooks', 'PreToolUse', dup.group, 'hooks', dup.handler]);
        notes.push('removed a duplicate Agent Guard hook entry');
      }
    }
    const existing = get(value(), ['permissions', 'deny']);
    const have = new Set(Array.isArray(existing) ? existing.filter((r): r is string => typeof r === 'string').map(normalizeRule) : []);
    const missing = denyRules.filter((r) => !have.has(normalizeRule(r)));
    for (const rule of missing) {
      if (!ensure(['permissions', 'deny'], [rule])) t = appendToArray(t, ['permissions', 'deny'], rule, style);
      record.addedDenyRules.push(rule);
    }
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }

  if (blank && t === '{}') t = original;
  if (!blank && t === original) return { ok: true, text: original, changed: false, record, notes };
  if (record.createdFile) t = `${t}${style.eol}`;
  else if (blank) t = `${t}${style.eol}`;
  // Uninstall must give back the original bytes; where the inverse edit cannot, keep them.
  const undone = planUninstall(t, record);
  if (undone.text !== (text ?? null)) record.restore = { before: original, afterSha256: sha256(t) };
  return { ok: true, text: t, changed: true, record, notes };
}

/** Removes what install added. Returns null when the file should be deleted (we created it and it is empty again). */
export function planUninstall(text: string, record: SettingsRecord | null): { text: string | null; removedHandlers: number; notes: string[] } {
  const notes: string[] = [];
  if (record?.restore && sha256(text) === record.restore.afterSha256) {
    return { text: record.createdFile ? null : record.restore.before, removedHandlers: 1, notes };
  }
  const parsed = parseStrict(text);
  if (!parsed.ok) return { text, removedHandlers: 0, notes: [`left as is: ${parsed.message}`] };
  let t = text;
  const value = () => (parseStrict(t) as { value: unknown }).value;
  const ours = findOurHandlers(parsed.value);
  for (const h of [...ours].reverse()) {
    const groupOnlyOurs = findOurHandlers(value()).filter((o) => o.group === h.group).length === h.groupSize;
    t = removeAt(t, groupOnlyOurs ? ['hooks', 'PreToolUse', h.group] : ['hooks', 'PreToolUse', h.group, 'hooks', h.handler]);
  }
  if (record) {
    for (const rule of record.addedDenyRules) {
      const deny = get(value(), ['permissions', 'deny']);
      const idx = Array.isArray(deny) ? deny.lastIndexOf(rule) : -1;
      if (idx >= 0) t = removeAt(t, ['permissions', 'deny', idx]);
    }
    for (const path of [...record.createdPaths].sort((a, b) => b.split('.').length - a.split('.').length)) {
      const p = path.split('.');
      if (isEmptyContainer(get(value(), p))) t = removeAt(t, p);
    }
    const root = value();
    if (record.createdFile && isEmptyContainer(root)) return { text: null, removedHandlers: ours.length, notes };
  } else if (ours.length > 0) {
    notes.push('no install record was found, so deny rules Agent Guard may have added were left in place');
  }
  return { text: t, removedHandlers: ours.length, notes };
}

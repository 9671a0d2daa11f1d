// What the installer does to one settings file, as pure text → text functions. The file system
// side (atomic writes, backups, the hook file) lives in installer.ts.

import { findNodeAtLocation, type Node } from 'jsonc-parser';
import {
  addPropertyEdit,
  appendToArrayEdit,
  applyEdits,
  detectStyle,
  duplicateKey,
  parseStrict,
  removalEdits,
  replaceValueEdit,
  type Edit,
  type JsonPath,
} from './json-edit';
import { sandboxRemovals, sandboxStep, type SandboxPlan } from './sandbox';
import type { SettingsRecord } from './records';
export type { SettingsRecord };

/** Our handler is recognised by the hook file it runs. */
export const HOOK_FILE_NAME = 'agent-guard.cjs';

export interface HookEntry {
  command: string;
  timeout: number;
}

/** What install puts into a settings file: the PreToolUse handler and, where the host has one, the session-start check (core/liveness.ts). */
export interface HookEntries extends HookEntry {
  sessionStart?: HookEntry;
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
  // Loaded on first use: `agent-guard lint` reads settings through this module and needs no crypto.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(text).digest('hex');
}

interface Located {
  group: number;
  handler: number;
  command: string;
  timeout: unknown;
  groupSize: number;
}

/** Our handlers under hooks.<event> (PreToolUse, or SessionStart for the liveness check), wherever they are. */
export function findOurHandlers(settings: unknown, event = 'PreToolUse'): Located[] {
  const out: Located[] = [];
  const groups = (settings as { hooks?: Record<string, unknown> })?.hooks?.[event];
  if (!Array.isArray(groups)) return out;
  groups.forEach((g, gi) => {
    const hooks = (g as { hooks?: unknown })?.hooks;
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, hi) => {
      const cmd = (h as { command?: unknown })?.command;
      const args = (h as { args?: unknown })?.args;
      const text = [cmd, ...(Array.isArray(args) ? args : [])].filter((x) => typeof x === 'string').join(' ');
      if (text.includes(HOOK_FILE_NAME))
        out.push({ group: gi, handler: hi, command: String(cmd), timeout: (h as { timeout?: unknown }).timeout, groupSize: hooks.length });
    });
  });
  return out;
}

/** The events install puts a handler under. */
export const OUR_EVENTS = ['PreToolUse', 'SessionStart'] as const;

const normalizeRule = (r: string) => r.replace(/\(\.\//, '(').replace(/\s+/g, '');

function get(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const k of path) v = (v as Record<string | number, unknown> | undefined)?.[k];
  return v;
}

/** One step of an install, computed against one parse of the text. */
type Step = (text: string, tree: Node, value: unknown) => Edit[];

/** Install (or update) our entry and deny rules, and the sandbox when asked, in `text` (null: the file does not exist). */
export function planInstall(text: string | null, entry: HookEntries, denyRules: readonly string[], sandbox?: SandboxPlan): PlanResult {
  const notes: string[] = [];
  const original = text ?? '';
  const blank = original.trim() === '';
  let t = blank ? '{}' : original;
  const style = detectStyle(blank ? '' : original);
  const parsed = parseStrict(t);
  if (!parsed.ok)
    return {
      ok: false,
      error: `it is not valid JSON: ${parsed.message}. Claude Code reads settings as strict JSON (no comments, no trailing commas); fix the file, then install again`,
    };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return {
      ok: false,
      error: `its top level is ${Array.isArray(parsed.value) ? 'an array' : typeof parsed.value}, not an object; Claude Code would ignore it, and so will we rather than overwrite it`,
    };
  }
  const dup = duplicateKey(t, parsed.tree);
  if (dup) {
    return {
      ok: false,
      error: `the key ${JSON.stringify(dup.key)} appears twice in one object (the second at line ${dup.line}, column ${dup.column}); Claude Code keeps only the last one, so an entry added to the other would be lost. Merge them, then install again`,
    };
  }
  const record: SettingsRecord = { createdFile: text === null, createdPaths: [], addedDenyRules: [] };

  /**
   * The edit that puts `leaf` at `path`: the first missing level is created with everything below
   * it in one insertion (laid out in the file's style); null when the whole path exists.
   */
  const ensure = (tx: string, tree: Node, value: unknown, path: string[], leaf: unknown): Edit | null => {
    for (let i = 0; i < path.length; i++) {
      const sub = path.slice(0, i + 1);
      const v = get(value, sub);
      if (v === undefined) {
        let nested: unknown = leaf;
        for (let j = path.length - 1; j > i; j--) nested = { [path[j]!]: nested };
        for (let j = i; j < path.length; j++) record.createdPaths.push(path.slice(0, j + 1).join('.'));
        return addPropertyEdit(tx, tree, sub.slice(0, -1), path[i]!, nested, style);
      }
      const wantArray = i === path.length - 1 && Array.isArray(leaf);
      if (wantArray ? !Array.isArray(v) : typeof v !== 'object' || v === null || Array.isArray(v)) {
        throw new Error(
          `"${sub.join('.')}" is ${Array.isArray(v) ? 'an array' : typeof v}, where Claude Code expects ${wantArray ? 'an array' : 'an object'}; fix it, then install again`,
        );
      }
    }
    return null;
  };

  /** Our handler under one event: added in its own group, or the first copy updated (and any other removed). */
  const eventEdits = (tx: string, tree: Node, value: unknown, event: string, group: Record<string, unknown>, want: HookEntry): Edit[] => {
    const ours = findOurHandlers(value, event);
    if (ours.length === 0) return [ensure(tx, tree, value, ['hooks', event], [group]) ?? appendToArrayEdit(tx, tree, ['hooks', event], [group], style)];
    const edits: Edit[] = [];
    const first = ours[0]!;
    const base: JsonPath = ['hooks', event, first.group, 'hooks', first.handler];
    if (first.command !== want.command) edits.push(replaceValueEdit(tree, [...base, 'command'], want.command));
    if (first.timeout !== want.timeout)
      edits.push(
        first.timeout === undefined
          ? addPropertyEdit(tx, tree, base, 'timeout', want.timeout, style)
          : replaceValueEdit(tree, [...base, 'timeout'], want.timeout),
      );
    // Our entry present more than once: keep the first.
    const dups = ours
      .slice(1)
      .map((d) => findNodeAtLocation(tree, d.groupSize === 1 ? ['hooks', event, d.group] : ['hooks', event, d.group, 'hooks', d.handler])!);
    for (let k = 0; k < dups.length; k++) notes.push('removed a duplicate Agent Guard hook entry');
    return [...edits, ...removalEdits(dups)];
  };

  const hookStep: Step = (tx, tree, value) => {
    const handler = (e: HookEntry) => ({ type: 'command', command: e.command, timeout: e.timeout });
    const wanted: [string, Record<string, unknown>, HookEntry][] = [['PreToolUse', { matcher: '*', hooks: [handler(entry)] }, entry]];
    if (entry.sessionStart) wanted.push(['SessionStart', { hooks: [handler(entry.sessionStart)] }, entry.sessionStart]);
    // No hooks yet: every event in one insertion (two insertions at one place would conflict).
    if (get(value, ['hooks']) === undefined && wanted.length > 1) {
      record.createdPaths.push('hooks', ...wanted.map(([event]) => `hooks.${event}`));
      return [addPropertyEdit(tx, tree, [], 'hooks', Object.fromEntries(wanted.map(([event, group]) => [event, [group]])), style)];
    }
    return eventEdits(tx, tree, value, 'PreToolUse', wanted[0]![1], entry);
  };

  // Its own step: where its edit and the PreToolUse one meet (an empty `hooks` object), runSteps applies them one after the other.
  const sessionStep: Step = (tx, tree, value) =>
    entry.sessionStart && get(value, ['hooks']) !== undefined
      ? eventEdits(
          tx,
          tree,
          value,
          'SessionStart',
          { hooks: [{ type: 'command', command: entry.sessionStart.command, timeout: entry.sessionStart.timeout }] },
          entry.sessionStart,
        )
      : [];

  const denyStep: Step = (tx, tree, value) => {
    const existing = get(value, ['permissions', 'deny']);
    const have = new Set(Array.isArray(existing) ? existing.filter((r): r is string => typeof r === 'string').map(normalizeRule) : []);
    const missing = [...new Set(denyRules.filter((r) => !have.has(normalizeRule(r))))];
    if (missing.length === 0) return [];
    record.addedDenyRules.push(...missing);
    return [ensure(tx, tree, value, ['permissions', 'deny'], missing) ?? appendToArrayEdit(tx, tree, ['permissions', 'deny'], missing, style)];
  };

  let onlyAppends = false;
  try {
    const steps = [hookStep, sessionStep, denyStep, ...(sandbox ? [sandboxStep(sandbox, { style, record })] : [])];
    const run = runSteps(t, parsed, steps, record, notes);
    t = run.text;
    onlyAppends = run.onlyAppends;
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }

  if (blank && t === '{}') t = original;
  if (!blank && t === original) return { ok: true, text: original, changed: false, record, notes };
  if (record.createdFile) t = `${t}${style.eol}`;
  else if (blank) t = `${t}${style.eol}`;
  // Uninstall must give back the original bytes; where the inverse edit cannot, keep them. Items
  // appended after a sibling come off exactly (the property tests hold this), so only other edits
  // need the check, which costs a second parse of the file.
  if (!onlyAppends || blank) {
    const undone = planUninstall(t, record);
    if (undone.text !== (text ?? null)) record.restore = { before: original, afterSha256: sha256(t) };
  }
  return { ok: true, text: t, changed: true, record, notes };
}

/**
 * Runs the steps against one parse and applies their edits together: a settings file of any size
 * is parsed once here, however many rules are added (a parse per edit made a 10 MB file take 25 s).
 * Where two steps' edits overlap (both fill an empty top-level object), they run one after
 * another, the record and notes starting afresh.
 */
function runSteps(
  text: string,
  parsed: { tree: Node; value: unknown },
  steps: Step[],
  record: SettingsRecord,
  notes: string[],
): { text: string; onlyAppends: boolean } {
  const all = steps.flatMap((s) => s(text, parsed.tree, parsed.value));
  const together = applyEdits(text, all);
  if (together !== null) return { text: together, onlyAppends: all.every((e) => e.append) };
  record.createdPaths.length = 0;
  record.addedDenyRules.length = 0;
  delete record.sandbox;
  notes.length = 0;
  let t = text;
  for (const step of steps) {
    const p = parseStrict(t) as { tree: Node; value: unknown };
    t = applyEdits(t, step(t, p.tree, p.value))!;
  }
  return { text: t, onlyAppends: false };
}

/** Removes what install added. Returns null when the file should be deleted (we created it and it is empty again). One parse. */
export function planUninstall(text: string, record: SettingsRecord | null): { text: string | null; removedHandlers: number; notes: string[] } {
  const notes: string[] = [];
  if (record?.restore && sha256(text) === record.restore.afterSha256) {
    return { text: record.createdFile ? null : record.restore.before, removedHandlers: 1, notes };
  }
  const parsed = parseStrict(text);
  if (!parsed.ok) return { text, removedHandlers: 0, notes: [`left as is: ${parsed.message}`] };
  const tree = parsed.tree;
  const removed = new Set<Node>();
  let count = 0;
  for (const event of OUR_EVENTS) {
    const ours = findOurHandlers(parsed.value, event);
    if (event === 'PreToolUse') count = ours.length;
    const byGroup = new Map<number, number>();
    for (const h of ours) byGroup.set(h.group, (byGroup.get(h.group) ?? 0) + 1);
    for (const h of ours) {
      const whole = byGroup.get(h.group) === h.groupSize;
      removed.add(findNodeAtLocation(tree, whole ? ['hooks', event, h.group] : ['hooks', event, h.group, 'hooks', h.handler])!);
    }
  }
  if (record) {
    const deny = findNodeAtLocation(tree, ['permissions', 'deny']);
    if (deny?.type === 'array') {
      const items = deny.children ?? [];
      for (const rule of record.addedDenyRules) {
        // The last remaining copy, as removing them one by one would.
        for (let i = items.length - 1; i >= 0; i--) {
          if (items[i]!.type === 'string' && items[i]!.value === rule && !removed.has(items[i]!)) {
            removed.add(items[i]!);
            break;
          }
        }
      }
    }
    sandboxRemovals(tree, record.sandbox, removed);
    // Containers we created go too when nothing else is left in them (deepest first).
    const isGone = (n: Node): boolean => {
      for (let p: Node | undefined = n; p; p = p.parent) if (removed.has(p) || (p.parent?.type === 'property' && removed.has(p.parent))) return true;
      return false;
    };
    const emptied = (n: Node): boolean =>
      (n.type === 'object' || n.type === 'array') && (n.children ?? []).every((c) => isGone(c.type === 'property' ? (c.children?.[1] ?? c) : c) || isGone(c));
    for (const path of [...record.createdPaths].sort((a, b) => b.split('.').length - a.split('.').length)) {
      const node = findNodeAtLocation(tree, path.split('.'));
      if (node && !isGone(node) && emptied(node)) removed.add(node);
    }
    if (record.createdFile && emptied(tree)) return { text: null, removedHandlers: count, notes };
  } else if (count > 0) {
    notes.push('no install record was found, so deny rules Agent Guard may have added were left in place');
  }
  return { text: applyEdits(text, removalEdits([...removed]))!, removedHandlers: count, notes };
}

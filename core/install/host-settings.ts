// Our hook entry in another host's settings file (Gemini CLI's settings.json: hooks.BeforeTool),
// as pure text → text functions with the same guarantees as the Claude Code settings edit
// (settings.ts): every other byte stays, insertions are appends in the file's own style, and
// uninstall is their exact inverse (or gives back the original bytes when it cannot be).

import { getNodeValue, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { addProperty, appendToArray, detectStyle, lineColumn, removeAt, replaceValue, type JsonPath } from './json-edit';
import { HOOK_FILE_NAME, sha256, type SettingsRecord } from './settings';

export interface EventHookSpec {
  /** Where the host keeps the event's groups, e.g. ["hooks", "BeforeTool"]. */
  eventPath: string[];
  /** The group to append: `{ matcher, hooks: [handler] }` (no matcher: every tool). */
  group: { matcher?: string; hooks: Record<string, unknown>[] };
  /** The event's array holds the handlers themselves, not groups of them (Cursor's hooks.json). */
  flat?: boolean;
  /** Top-level members the host needs in the file, added when missing (Cursor's `version: 1`). */
  required?: Record<string, string | number | boolean>;
  /** The handler field that holds the command line. */
  commandField: string;
  /** The host reads comments in this file (Gemini does). */
  allowComments: boolean;
  /** How the host is named in messages. */
  hostName: string;
}

export type HostPlan = { ok: true; text: string; changed: boolean; record: SettingsRecord; notes: string[] } | { ok: false; error: string };

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

export function parseHostSettings(text: string, allowComments: boolean): Parsed {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: !allowComments, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    const { line, column } = lineColumn(text, errors[0]?.offset ?? 0);
    return { ok: false, message: `${errors[0] ? printParseErrorCode(errors[0].error) : 'no JSON value'} at line ${line}, column ${column}` };
  }
  return { ok: true, value: getNodeValue(tree) };
}

function get(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const k of path) v = (v as Record<string | number, unknown> | undefined)?.[k];
  return v;
}

interface Located {
  group: number;
  handler: number;
  groupSize: number;
  handlerValue: Record<string, unknown>;
}

/** Our handlers (they run agent-guard.cjs) under the event, wherever they are. */
export function findHostHandlers(settings: unknown, spec: Pick<EventHookSpec, 'eventPath' | 'commandField' | 'flat'>): Located[] {
  const out: Located[] = [];
  const groups = get(settings, spec.eventPath);
  if (!Array.isArray(groups)) return out;
  if (spec.flat) {
    groups.forEach((h, i) => {
      const cmd = (h as Record<string, unknown>)?.[spec.commandField];
      if (typeof cmd === 'string' && cmd.includes(HOOK_FILE_NAME))
        out.push({ group: i, handler: -1, groupSize: 1, handlerValue: h as Record<string, unknown> });
    });
    return out;
  }
  groups.forEach((g, gi) => {
    const hooks = (g as { hooks?: unknown })?.hooks;
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, hi) => {
      const cmd = (h as Record<string, unknown>)?.[spec.commandField];
      if (typeof cmd === 'string' && cmd.includes(HOOK_FILE_NAME))
        out.push({ group: gi, handler: hi, groupSize: hooks.length, handlerValue: h as Record<string, unknown> });
    });
  });
  return out;
}

/** Where a located handler is in the file, and what removing it removes (its group, when only ours is in it). */
function handlerPath(spec: Pick<EventHookSpec, 'eventPath' | 'flat'>, h: Located): JsonPath {
  return spec.flat ? [...spec.eventPath, h.group] : [...spec.eventPath, h.group, 'hooks', h.handler];
}

const isEmptyContainer = (v: unknown) =>
  (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** Install (or update) our handler; `text` null: the file does not exist. */
export function planHostInstall(text: string | null, spec: EventHookSpec): HostPlan {
  const original = text ?? '';
  const blank = original.trim() === '';
  let t = blank ? '{}' : original;
  const style = detectStyle(blank ? '' : original);
  const parsed = parseHostSettings(t, spec.allowComments);
  if (!parsed.ok) return { ok: false, error: `it is not valid JSON (${parsed.message}); fix the file, then install again` };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    return { ok: false, error: `its top level is not an object; ${spec.hostName} would ignore it, and so will we rather than overwrite it` };
  const record: SettingsRecord = { createdFile: text === null, createdPaths: [], addedDenyRules: [] };
  const notes: string[] = [];
  const value = () => (parseHostSettings(t, true) as { value: unknown }).value;
  const handler = spec.group.hooks[0]!;
  try {
    for (const [k, v] of Object.entries(spec.required ?? {})) {
      if ((value() as Record<string, unknown>)[k] !== undefined) continue;
      t = addProperty(t, [], k, v, style);
      record.createdPaths.push(k);
    }
    const ours = findHostHandlers(value(), spec);
    if (ours.length === 0) {
      let done = false;
      for (let i = 0; i < spec.eventPath.length && !done; i++) {
        const sub = spec.eventPath.slice(0, i + 1);
        const v = get(value(), sub);
        const last = i === spec.eventPath.length - 1;
        if (v === undefined) {
          let nested: unknown = [spec.flat ? handler : spec.group];
          for (let j = spec.eventPath.length - 1; j > i; j--) nested = { [spec.eventPath[j]!]: nested };
          t = addProperty(t, sub.slice(0, -1), spec.eventPath[i]!, nested, style);
          for (let j = i; j < spec.eventPath.length; j++) record.createdPaths.push(spec.eventPath.slice(0, j + 1).join('.'));
          done = true;
        } else if (last ? !Array.isArray(v) : typeof v !== 'object' || v === null || Array.isArray(v)) {
          throw new Error(
            `"${sub.join('.')}" is ${Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `a ${typeof v}`}, where ${spec.hostName} expects ${last ? 'an array' : 'an object'}; fix it, then install again`,
          );
        }
      }
      if (!done) t = appendToArray(t, spec.eventPath, spec.flat ? handler : spec.group, style);
    } else {
      const first = ours[0]!;
      const base = handlerPath(spec, first);
      for (const [k, v] of Object.entries(handler)) {
        if (first.handlerValue[k] === v) continue;
        if (first.handlerValue[k] === undefined) t = addProperty(t, base, k, v, style);
        else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') t = replaceValue(t, [...base, k], v);
      }
      for (const dup of ours.slice(1).reverse()) {
        t = removeAt(t, dup.groupSize === 1 ? [...spec.eventPath, dup.group] : handlerPath(spec, dup));
        notes.push('removed a duplicate Agent Guard hook entry');
      }
    }
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  if (!blank && t === original) return { ok: true, text: original, changed: false, record, notes };
  if (blank) t = `${t}${style.eol}`;
  const undone = planHostUninstall(t, record, spec);
  if (undone.text !== (text ?? null)) record.restore = { before: original, afterSha256: sha256(t) };
  return { ok: true, text: t, changed: true, record, notes };
}

/** Removes what install added; null: delete the file (we created it and it is empty again). */
export function planHostUninstall(
  text: string,
  record: SettingsRecord | null,
  spec: Pick<EventHookSpec, 'eventPath' | 'commandField' | 'allowComments' | 'flat' | 'required'>,
): { text: string | null; notes: string[] } {
  if (record?.restore && sha256(text) === record.restore.afterSha256) return { text: record.createdFile ? null : record.restore.before, notes: [] };
  const parsed = parseHostSettings(text, spec.allowComments);
  if (!parsed.ok) return { text, notes: [`left as is: ${parsed.message}`] };
  let t = text;
  const value = () => (parseHostSettings(t, true) as { value: unknown }).value;
  for (const h of [...findHostHandlers(parsed.value, spec)].reverse()) {
    const groupOnlyOurs = findHostHandlers(value(), spec).filter((o) => o.group === h.group).length === h.groupSize;
    t = removeAt(t, groupOnlyOurs ? [...spec.eventPath, h.group] : handlerPath(spec, h));
  }
  if (record) {
    for (const path of [...record.createdPaths].sort((a, b) => b.split('.').length - a.split('.').length)) {
      const p = path.split('.');
      if (isEmptyContainer(get(value(), p))) t = removeAt(t, p);
    }
    // A file we created holding nothing but what the host requires of it (Cursor's version) goes too.
    const left = value() as Record<string, unknown>;
    const onlyRequired = Object.keys(left).every((k) => spec.required?.[k] !== undefined && record.createdPaths.includes(k));
    if (record.createdFile && (isEmptyContainer(left) || onlyRequired)) return { text: null, notes: [] };
  }
  return { text: t, notes: [] };
}

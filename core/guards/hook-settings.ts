// What a settings file says about how Agent Guard's hook runs, compared semantically (JSONC parsed,
// not substrings): the entry's event, matcher and handler, the switches that turn hooks off, the
// hooks that could rewrite a tool call after the guard judged it, and the environment the hook
// process inherits. Pure: the texts are passed in.

import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { envRisk, harmlessEnvName } from '../hook-env';

/** How Agent Guard's handler is recognised: its command (or args) runs the hook file. */
export const HOOK_MARK = 'agent-guard.cjs';

/**
 * Events whose hooks can change a tool call after Agent Guard has judged it: a PreToolUse or
 * PermissionRequest hook may answer with `updatedInput`, which replaces the whole input (the last
 * hook to finish wins, and all run in parallel), so a new one is a way around the guard. Gemini
 * CLI's BeforeTool and Cursor's preToolUse (with its updated_input) are the same event. A deny cannot be overridden (deny > ask > allow), so other
 * events' hooks (PostToolUse formatters, SessionStart, …) are the user's business.
 */
export const GATE_EVENTS = ['PreToolUse', 'PermissionRequest', 'BeforeTool', 'preToolUse'];

/** Top-level keys that switch hooks off as a whole (Claude Code; allowManagedHooksOnly acts in managed settings). */
const OFF_SWITCHES = ['disableAllHooks', 'allowManagedHooksOnly'];

/** Which tool names a matcher selects: all of them, an exact list, or an (unanchored) regular expression. */
type Coverage = { all: true } | { names: Set<string> } | { regex: string };

function coverage(matcher: unknown): Coverage {
  if (matcher === undefined || matcher === null || matcher === '' || matcher === '*') return { all: true };
  const m = String(matcher);
  // Claude Code: only letters, digits, _, -, spaces, `,` and `|` is an exact list; anything else a RegExp.
  if (/^[A-Za-z0-9_\- ,|]+$/.test(m))
    return {
      names: new Set(
        m
          .split(/[|,]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    };
  return { regex: m };
}

/** Does `after` select every tool `before` did? A changed regex is not judged (running it would be the agent's code): no. */
function covers(after: Coverage, before: Coverage): boolean {
  if ('all' in after) return true;
  if ('all' in before) return false;
  if ('names' in after && 'names' in before) return [...before.names].every((n) => after.names.has(n));
  if ('regex' in after && 'regex' in before) return after.regex === before.regex;
  return false;
}

function showCoverage(c: Coverage): string {
  return 'all' in c ? '"*"' : 'names' in c ? `"${[...c.names].join('|')}"` : `"${c.regex}"`;
}

/** JSON with sorted keys, so key order and whitespace do not count as changes. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

interface Handler {
  event: string;
  cover: Coverage;
  handler: Record<string, unknown>;
  key: string;
}

export interface HookModel {
  /** False when the text is not valid JSON(C): the host would not read the file. */
  parsed: boolean;
  ours: Handler[];
  /** Every other handler under GATE_EVENTS, as `event matcher handler` keys. */
  gate: Map<string, Handler>;
  off: Record<string, boolean>;
  /** Every `env` entry, its value canonical (the hook's environment: core/hook-env.ts). */
  env: Record<string, string>;
  /** Gemini CLI's hook switches (`hooksConfig`), compared as a whole. */
  hooksConfig: string;
  /** enabledPlugins ids of Agent Guard's plugin (`agent-guard@<marketplace>`) set to false. */
  pluginsOff: Set<string>;
  /** permissions.additionalDirectories: folders Claude Code (and outside-workspace-write) count as the workspace. */
  extraDirs: Set<string>;
}

/** The plugin id prefix of Agent Guard's Claude Code plugin. */
export const PLUGIN_ID = 'agent-guard@';

/** The path without its trailing slashes (a loop: the regex form is polynomial on long runs of slashes). */
export function trimSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/**
 * additionalDirectories entries that make every path (or every path of the user) count as inside
 * the workspace: the root, a drive, the home folder and the folders that hold homes.
 */
function everywhere(dir: string, home: string | undefined): boolean {
  const d = trimSlashes(dir.trim().replace(/\\/g, '/')) || '/';
  if (['/', '~', '$HOME', '${HOME}', '/home', '/Users', '/root', '..'].includes(d) || /^[A-Za-z]:$/.test(d) || /^(\.\.\/)+\.\.$/.test(d)) return true;
  if (!home) return false;
  const h = trimSlashes(home);
  return d === h || h.startsWith(`${d}/`);
}

export function hookModel(text: string | null): HookModel {
  const model: HookModel = { parsed: true, ours: [], gate: new Map(), off: {}, env: {}, hooksConfig: 'null', pluginsOff: new Set(), extraDirs: new Set() };
  if (text === null || text.trim() === '') return model;
  const errors: ParseError[] = [];
  const root = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (errors.length > 0 || !root || typeof root !== 'object' || Array.isArray(root)) {
    model.parsed = false;
    return model;
  }
  const o = root as Record<string, unknown>;
  for (const k of OFF_SWITCHES) model.off[k] = o[k] === true || o[k] === 'true';
  const env = o.env && typeof o.env === 'object' && !Array.isArray(o.env) ? (o.env as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(env)) model.env[k] = canonical(v);
  model.hooksConfig = canonical(o.hooksConfig ?? null);
  const plugins = o.enabledPlugins && typeof o.enabledPlugins === 'object' ? (o.enabledPlugins as Record<string, unknown>) : {};
  for (const [id, on] of Object.entries(plugins)) if (id.startsWith(PLUGIN_ID) && (on === false || on === 'false')) model.pluginsOff.add(id);
  const perms = o.permissions && typeof o.permissions === 'object' ? (o.permissions as Record<string, unknown>) : {};
  if (Array.isArray(perms.additionalDirectories)) for (const d of perms.additionalDirectories) if (typeof d === 'string') model.extraDirs.add(d);
  const hooks = o.hooks && typeof o.hooks === 'object' ? (o.hooks as Record<string, unknown>) : {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!group || typeof group !== 'object') continue;
      const g = group as Record<string, unknown>;
      const cover = coverage(g.matcher);
      // Cursor's hooks.json lists the handlers themselves under an event, each with its own matcher.
      for (const h of Array.isArray(g.hooks) ? g.hooks : typeof g.command === 'string' ? [g] : []) {
        if (!h || typeof h !== 'object') continue;
        const handler = h as Record<string, unknown>;
        const key = `${event} ${showCoverage(cover)} ${canonical(handler)}`;
        const entry = { event, cover, handler, key };
        if (JSON.stringify(handler).includes(HOOK_MARK)) model.ours.push(entry);
        else if (GATE_EVENTS.includes(event)) model.gate.set(key, entry);
      }
    }
  }
  return model;
}

function brief(h: Record<string, unknown>): string {
  const what = typeof h.command === 'string' ? h.command : typeof h.url === 'string' ? h.url : typeof h.prompt === 'string' ? h.prompt : String(h.type);
  return what.length > 60 ? `${what.slice(0, 57)}…` : what;
}

/**
 * How the change from `before` to `after` changes the way Agent Guard's hook runs, as a phrase
 * ("narrows its matcher from "*" to "Write""), or null when it runs exactly as before. `before` is
 * null for a file that does not exist yet.
 */
export function hookChange(before: string | null, after: string, home?: string): string | null {
  const b = hookModel(before);
  const a = hookModel(after);
  if (!a.parsed && b.ours.length > 0) return 'leaves the file unreadable as JSON, so the host ignores it and the hook entry with it';
  for (const k of OFF_SWITCHES) if (a.off[k] && !b.off[k]) return `sets ${k}, which switches the hook off`;
  for (const o of b.ours) {
    const h = canonical(o.handler);
    if (a.ours.some((x) => x.event === o.event && canonical(x.handler) === h && covers(x.cover, o.cover))) continue;
    const same = a.ours.filter((x) => canonical(x.handler) === h);
    const here = same.find((x) => x.event === o.event);
    if (here) return `narrows the hook's matcher from ${showCoverage(o.cover)} to ${showCoverage(here.cover)}, so some tool calls are no longer checked`;
    if (same.length > 0) return `moves the hook from ${o.event} to ${same[0]!.event}, where it can no longer stop a call`;
    const changed = a.ours.find((x) => x.event === o.event);
    if (changed) {
      const keys = [...new Set([...Object.keys(o.handler), ...Object.keys(changed.handler)])].filter(
        (k) => canonical(o.handler[k]) !== canonical(changed.handler[k]),
      );
      return `changes the hook's ${keys.join(', ')}`;
    }
    return `removes Agent Guard's ${o.event} hook entry`;
  }
  for (const [key, g] of a.gate) {
    if (!b.gate.has(key))
      return `adds a ${g.event} hook (${brief(g.handler)}), which runs on every matching tool call and can rewrite the call after Agent Guard has judged it`;
  }
  // Added or changed, unless the name cannot change how the hook starts or what it reads (an allowlist).
  for (const [k, v] of Object.entries(a.env)) if (v !== b.env[k] && !harmlessEnvName(k)) return `sets env ${k}, which ${envRisk(k)}`;
  if (a.hooksConfig !== b.hooksConfig) return 'changes hooksConfig, which turns hooks on and off';
  for (const id of a.pluginsOff)
    if (!b.pluginsOff.has(id)) return `sets enabledPlugins "${id}" to false, which switches Agent Guard's plugin (and its hook) off`;
  for (const d of a.extraDirs)
    if (!b.extraDirs.has(d) && everywhere(d, home))
      return `adds "${d}" to additionalDirectories, so every path counts as inside the workspace and writes anywhere pass as the project's`;
  return null;
}

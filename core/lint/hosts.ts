// Other hosts' hook configuration: which events each dispatches, where its matchers apply, the
// unit of its timeouts, and which fields hold the command it runs. From each host's own
// documentation and source (cited per host), as read in 2026-12; Claude Code's own settings are in
// claude-code.ts (checked against the real CLI by the loader suite). These hosts do not run here,
// so the rules that use this table are contract checks against the cited sources.

import type { Node as JsonNode } from 'jsonc-parser';
import { jsonChild } from './helpers';

export type HookHost = 'codex' | 'cursor' | 'gemini' | 'copilot';

export interface HostHookSpec {
  host: HookHost;
  /** How the host is named in messages. */
  label: string;
  events: ReadonlySet<string>;
  /** Events that ignore a matcher (the hook runs on every one of them). */
  matcherIgnored: ReadonlySet<string>;
  /** Handler fields that hold a timeout, and its unit. */
  timeout: { fields: readonly string[]; unit: 's' | 'ms' };
  /** Handler fields that hold a command line, and its shell. */
  commands: readonly { field: string; shell: 'bash' | 'powershell' }[];
  /** 'groups': `{ matcher, hooks: [handler…] }` per event (Claude's shape); 'flat': handlers listed per event. */
  layout: 'groups' | 'flat';
  /** Where the facts come from. */
  source: string;
}

const CODEX: HostHookSpec = {
  host: 'codex',
  label: 'Codex',
  // codex-rs/config/src/hook_config.rs (HookEventsToml): an unknown key is dropped without a word.
  events: new Set([
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PreCompact',
    'PostCompact',
    'SessionStart',
    'SessionEnd',
    'UserPromptSubmit',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'Interrupt',
  ]),
  // developers.openai.com/codex/hooks ("Only some current Codex events honor matcher"); codex PR
  // #22882: "UserPromptSubmit still ignores matchers".
  matcherIgnored: new Set(['UserPromptSubmit', 'Stop']),
  timeout: { fields: ['timeout'], unit: 's' },
  commands: [
    { field: 'command', shell: 'bash' },
    { field: 'commandWindows', shell: 'powershell' },
    { field: 'command_windows', shell: 'powershell' },
  ],
  layout: 'groups',
  source: 'developers.openai.com/codex/hooks; openai/codex codex-rs/config/src/hook_config.rs',
};

const CURSOR: HostHookSpec = {
  host: 'cursor',
  label: 'Cursor',
  // cursor.com/docs/hooks ("Agent and Tab Support"): camelCase names; Claude's PascalCase ones are not dispatched here.
  events: new Set([
    'sessionStart',
    'sessionEnd',
    'preToolUse',
    'postToolUse',
    'postToolUseFailure',
    'subagentStart',
    'subagentStop',
    'beforeShellExecution',
    'afterShellExecution',
    'beforeMCPExecution',
    'afterMCPExecution',
    'beforeReadFile',
    'afterFileEdit',
    'beforeSubmitPrompt',
    'preCompact',
    'stop',
    'afterAgentResponse',
    'afterAgentThought',
    'beforeTabFileRead',
    'afterTabFileEdit',
  ]),
  matcherIgnored: new Set(),
  timeout: { fields: ['timeout'], unit: 's' },
  commands: [{ field: 'command', shell: 'bash' }],
  layout: 'flat',
  source: 'cursor.com/docs/hooks',
};

const GEMINI: HostHookSpec = {
  host: 'gemini',
  label: 'Gemini CLI',
  // google-gemini/gemini-cli docs/hooks/reference.md: events, and `timeout` in milliseconds (default 60000).
  events: new Set([
    'BeforeTool',
    'AfterTool',
    'BeforeAgent',
    'AfterAgent',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
    'SessionStart',
    'SessionEnd',
    'PreCompress',
    'Notification',
  ]),
  matcherIgnored: new Set(),
  timeout: { fields: ['timeout'], unit: 'ms' },
  commands: [{ field: 'command', shell: 'bash' }],
  layout: 'groups',
  source: 'google-gemini/gemini-cli docs/hooks/reference.md',
};

const COPILOT: HostHookSpec = {
  host: 'copilot',
  label: 'Copilot CLI and VS Code',
  // github/docs copilot hooks reference (camelCase, `timeoutSec`, `bash`/`powershell`); VS Code reads
  // the same files and converts camelCase to its PascalCase events (vscode-docs hooks.md).
  events: new Set([
    'sessionStart',
    'sessionEnd',
    'userPromptSubmitted',
    'preToolUse',
    'postToolUse',
    'errorOccurred',
    'agentStop',
    'subagentStop',
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'PreCompact',
    'SubagentStart',
    'SubagentStop',
    'Stop',
  ]),
  matcherIgnored: new Set(),
  timeout: { fields: ['timeoutSec', 'timeout'], unit: 's' },
  commands: [
    { field: 'command', shell: 'bash' },
    { field: 'bash', shell: 'bash' },
    { field: 'linux', shell: 'bash' },
    { field: 'osx', shell: 'bash' },
    { field: 'powershell', shell: 'powershell' },
    { field: 'windows', shell: 'powershell' },
  ],
  layout: 'flat',
  source: 'github/docs copilot hooks reference; microsoft/vscode-docs agent hooks',
};

export const HOST_HOOKS: Readonly<Record<HookHost, HostHookSpec>> = { codex: CODEX, cursor: CURSOR, gemini: GEMINI, copilot: COPILOT };

/** The host whose hook configuration a file is (by its path), or null. */
export function hookHostOf(path: string): HostHookSpec | null {
  if (/(^|\/)\.codex\/hooks\.json$/.test(path)) return CODEX;
  if (/(^|\/)\.cursor\/hooks\.json$/.test(path)) return CURSOR;
  if (/(^|\/)\.gemini\/settings\.json$/.test(path)) return GEMINI;
  if (/(^|\/)\.github\/hooks\/[^/]+\.json$/.test(path)) return COPILOT;
  return null;
}

export interface HostHandler {
  event: string;
  /** The event's key node (for reports on the event name). */
  eventKey: JsonNode;
  /** The matcher that applies to the handler (its group's, or its own in a flat layout). */
  matcher: JsonNode | undefined;
  handler: JsonNode;
}

/** Every hook handler of a host's file, with its event and matcher. */
export function hostHandlers(tree: JsonNode | undefined, spec: HostHookSpec): HostHandler[] {
  const hooks = tree?.type === 'object' ? jsonChild(tree, 'hooks') : undefined;
  const out: HostHandler[] = [];
  if (hooks?.type !== 'object') return out;
  for (const prop of hooks.children ?? []) {
    const [k, list] = prop.children ?? [];
    if (!k || typeof k.value !== 'string' || list?.type !== 'array') continue;
    for (const entry of list.children ?? []) {
      if (entry.type !== 'object') continue;
      if (spec.layout === 'flat') {
        out.push({ event: k.value, eventKey: k, matcher: jsonChild(entry, 'matcher'), handler: entry });
        continue;
      }
      const inner = jsonChild(entry, 'hooks');
      for (const h of inner?.type === 'array' ? (inner.children ?? []) : [])
        if (h.type === 'object') out.push({ event: k.value, eventKey: k, matcher: jsonChild(entry, 'matcher'), handler: h });
    }
  }
  return out;
}

/** The events of a host's file: each event key, whether or not it holds handlers. */
export function hostEvents(tree: JsonNode | undefined): JsonNode[] {
  const hooks = tree?.type === 'object' ? jsonChild(tree, 'hooks') : undefined;
  if (hooks?.type !== 'object') return [];
  return (hooks.children ?? []).map((p) => p.children?.[0]).filter((k): k is JsonNode => k !== undefined && typeof k.value === 'string');
}

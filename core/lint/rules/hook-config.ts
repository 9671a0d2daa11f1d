import { defineRule } from '../types';
import { jsonNode } from '../helpers';
import { HANDLER_REQUIRED, HOOK_EVENTS } from '../../claude-code';
import type { Node } from 'jsonc-parser';

export default defineRule({
  code: 'AG-SET-002',
  name: 'hook-config',
  severity: 'error',
  title: 'A hook entry Claude Code cannot run: unknown event, bad handler, or a matcher that matches nothing',
  rationale:
    'Malformed hook entries are skipped with a debug-log line at best: the hook you rely on never runs. An unknown event name or a handler without its required field is skipped; an unknown handler `type` or a `timeout` ≤ 0 makes Claude Code skip the whole settings file, every hook and permission rule in it. Async PreToolUse hooks cannot block, and `mcp__server` matchers match no tool.',
  otherSeverities: ['warning', 'info'],
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const hooks = jsonNode(ctx.json().tree, ['hooks']);
    if (hooks?.type !== 'object') return;
    for (const prop of hooks.children ?? []) {
      const [k, groups] = prop.children ?? [];
      if (!k || !groups) continue;
      const event = k.value as string;
      if (!HOOK_EVENTS.has(event)) {
        ctx.report({
          start: k.offset,
          end: k.offset + k.length,
          severity: 'warning',
          message: `"${event}" is not a hook event; Claude Code skips it. Events: PreToolUse, PostToolUse, Stop, SessionStart, …`,
        });
        continue;
      }
      if (groups.type !== 'array') continue;
      for (const group of groups.children ?? []) {
        const matcher = child(group, 'matcher');
        const m = matcher?.value;
        if (typeof m === 'string' && /^mcp__[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/.test(m)) {
          ctx.report({
            start: matcher!.offset,
            end: matcher!.offset + matcher!.length,
            severity: 'warning',
            message: `The matcher "${m}" is an exact tool name and matches no tool: MCP tools are named ${m}__<tool>.`,
            fix: {
              title: `Match every tool of the server: ${m}__.*`,
              edits: [{ start: matcher!.offset, end: matcher!.offset + matcher!.length, newText: JSON.stringify(`${m}__.*`) }],
            },
          });
        }
        const list = child(group, 'hooks');
        if (list?.type !== 'array') {
          ctx.report({ start: group.offset, end: group.offset + 1, message: 'A matcher group needs a "hooks" array.' });
          continue;
        }
        for (const handler of list.children ?? []) {
          const type = child(handler, 'type');
          const t = type?.value;
          if (typeof t !== 'string' || !(t in HANDLER_REQUIRED)) {
            ctx.report({
              start: (type ?? handler).offset,
              end: (type ?? handler).offset + (type ?? handler).length,
              message: `Handler type must be one of ${Object.keys(HANDLER_REQUIRED).join(', ')}; Claude Code skips this whole settings file for it, every hook and permission rule in it.`,
            });
            continue;
          }
          const required = HANDLER_REQUIRED[t]!;
          const field = child(handler, required);
          if (typeof field?.value !== 'string' || field.value === '')
            ctx.report({ start: type!.offset, end: type!.offset + type!.length, message: `A ${t} handler needs "${required}"; Claude Code skips this hook.` });
          const timeout = child(handler, 'timeout');
          if (timeout && (typeof timeout.value !== 'number' || timeout.value <= 0))
            ctx.report({
              start: timeout.offset,
              end: timeout.offset + timeout.length,
              message:
                'timeout is in seconds and must be more than 0; Claude Code skips this whole settings file for it, every hook and permission rule in it.',
            });
          const async = child(handler, 'async');
          if (event === 'PreToolUse' && async?.value === true)
            ctx.report({
              start: async.offset,
              end: async.offset + async.length,
              severity: 'info',
              message: 'An async PreToolUse hook cannot block anything: its decision is ignored. Fine for an observer (logging); a guard must not be async.',
            });
        }
      }
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "hooks": { "PreToolUsage": [ { "hooks": [ { "type": "command", "command": "x" } ] } ] } }' },
      { path: '.claude/settings.json', text: '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "shell", "command": "x" } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "matcher": "mcp__github", "hooks": [ { "type": "command", "command": "audit" } ] } ] } }',
      },
      { path: '.claude/settings.json', text: '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command" } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "g", "async": true, "timeout": 0 } ] } ] } }',
      },
    ],
    correct: [
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "matcher": "mcp__github__.*", "hooks": [ { "type": "command", "command": "audit", "timeout": 10 } ] } ] } }',
      },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "Stop": [ { "hooks": [ { "type": "prompt", "prompt": "Check the work" } ] } ], "PostToolUse": [ { "matcher": "Edit|Write", "hooks": [ { "type": "command", "command": "prettier --write" } ] } ] } }',
      },
      { path: '.claude/settings.json', text: '{ "model": "opus" }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PreToolUse": [ { "matcher": "mcp__github__create_issue|mcp__my_server__run", "hooks": [ { "type": "command", "command": "audit" } ] } ] } }',
      },
    ],
  },
});

function child(obj: Node, key: string): Node | undefined {
  if (obj.type !== 'object') return undefined;
  return obj.children?.find((c) => c.children?.[0]?.value === key)?.children?.[1];
}

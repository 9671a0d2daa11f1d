import { defineRule } from '../types';
import { jsonChild } from '../helpers';
import { hookHostOf, hostEvents, hostHandlers } from '../hosts';

export default defineRule({
  code: 'AG-HST-001',
  name: 'host-hook-config',
  severity: 'warning',
  otherSeverities: ['info'],
  title: "Another host's hook that never runs, runs on everything, or has a timeout in the wrong unit",
  rationale:
    "Codex (.codex/hooks.json), Cursor (.cursor/hooks.json), the Gemini CLI (.gemini/settings.json) and the Copilot CLI and VS Code (.github/hooks/*.json) each read hook configuration in their own dialect, and each ignores what it does not know without a word. An event name from another host (Claude's `PreToolUse` in Cursor's camelCase file, Cursor's `beforeShellExecution` in Codex's) is never dispatched: the guard or formatter it names never runs. A matcher on an event that ignores matchers does not narrow anything. Timeouts are in seconds for Codex, Cursor and Copilot and in milliseconds for the Gemini CLI: `\"timeout\": 5000` holds a Codex session for 83 minutes on a stuck hook, `\"timeout\": 10` kills a Gemini hook after 10 ms. VS Code's agent ignores matchers in .github/hooks (the Copilot CLI honours them): an info hint says so. Sources: developers.openai.com/codex/hooks and codex-rs/config/src/hook_config.rs; cursor.com/docs/hooks; gemini-cli docs/hooks/reference.md; GitHub's Copilot hooks reference and VS Code's agent hooks docs.",
  appliesTo: ['host-hooks'],
  check(ctx) {
    const spec = hookHostOf(ctx.file.path);
    if (!spec) return;
    const tree = ctx.json().tree;
    for (const k of hostEvents(tree)) {
      const event = k.value as string;
      if (spec.events.has(event)) continue;
      const other = [...spec.events].find((e) => e.toLowerCase() === event.toLowerCase());
      ctx.report({
        start: k.offset,
        end: k.offset + k.length,
        message: `${spec.label} has no "${event}" hook event: these hooks never run.${other ? ` Its event is "${other}".` : ''}`,
        ...(other ? { fix: { title: `Rename to ${other}`, edits: [{ start: k.offset, end: k.offset + k.length, newText: JSON.stringify(other) }] } } : {}),
      });
    }
    const seenMatchers = new Set<number>();
    for (const h of hostHandlers(tree, spec)) {
      if (!spec.events.has(h.event)) continue;
      const m = h.matcher;
      if (m && typeof m.value === 'string' && m.value !== '' && m.value !== '*' && !seenMatchers.has(m.offset)) {
        seenMatchers.add(m.offset);
        if (spec.matcherIgnored.has(h.event))
          ctx.report({
            start: m.offset,
            end: m.offset + m.length,
            message: `${spec.label} ignores a matcher on ${h.event}: "${m.value}" narrows nothing, and this hook runs on every ${h.event}.`,
          });
        else if (spec.host === 'copilot' && /^(?:pre|post)ToolUse$/i.test(h.event))
          ctx.report({
            start: m.offset,
            end: m.offset + m.length,
            severity: 'info',
            message: `VS Code's agent ignores matcher in .github/hooks: there this hook runs on every tool call, not only "${m.value}" (the Copilot CLI honours it).`,
          });
      }
      for (const field of spec.timeout.fields) {
        const t = jsonChild(h.handler, field);
        if (t?.type !== 'number' || typeof t.value !== 'number' || t.value <= 0) continue;
        if (spec.timeout.unit === 's' && t.value >= 1000) {
          const seconds = Math.max(1, Math.round(t.value / 1000));
          ctx.report({
            start: t.offset,
            end: t.offset + t.length,
            message: `${spec.label}'s ${field} is in seconds: ${t.value} is ${t.value >= 3600 ? `${(t.value / 3600).toFixed(1)} hours` : `${Math.round(t.value / 60)} minutes`}. For ${seconds} seconds write ${seconds}.`,
            fix: { title: `Use ${seconds} (seconds)`, edits: [{ start: t.offset, end: t.offset + t.length, newText: String(seconds) }] },
          });
        } else if (spec.timeout.unit === 'ms' && t.value < 100) {
          ctx.report({
            start: t.offset,
            end: t.offset + t.length,
            message: `${spec.label}'s ${field} is in milliseconds: ${t.value} stops the hook after ${t.value} ms, before it can answer. For ${t.value} seconds write ${t.value * 1000}.`,
            fix: { title: `Use ${t.value * 1000} (milliseconds)`, edits: [{ start: t.offset, end: t.offset + t.length, newText: String(t.value * 1000) }] },
          });
        }
      }
    }
  },
  examples: {
    problematic: [
      {
        path: '.cursor/hooks.json',
        text: '{\n  "version": 1,\n  "hooks": {\n    "PreToolUse": [{ "command": "./guard.sh" }]\n  }\n}\n',
        expect: [
          {
            line: 4,
            message: 'Cursor has no "PreToolUse" hook event: these hooks never run. Its event is "preToolUse".',
            fixed: '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "command": "./guard.sh" }]\n  }\n}\n',
          },
        ],
      },
      {
        path: '.codex/hooks.json',
        text: '{\n  "hooks": {\n    "beforeShellExecution": [{ "hooks": [{ "type": "command", "command": "./guard.sh" }] }],\n    "Stop": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./notify.sh", "timeout": 5000 }] }]\n  }\n}\n',
        expect: [
          { line: 3, message: 'Codex has no "beforeShellExecution" hook event: these hooks never run.', fixed: null },
          { line: 4, message: 'Codex ignores a matcher on Stop: "Bash" narrows nothing, and this hook runs on every Stop.' },
          { line: 4, message: "Codex's timeout is in seconds: 5000 is 1.4 hours. For 5 seconds write 5." },
        ],
      },
      {
        path: '.gemini/settings.json',
        text: '{\n  "hooks": {\n    "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10 }] }]\n  }\n}\n',
        expect: [
          {
            line: 3,
            message: "Gemini CLI's timeout is in milliseconds: 10 stops the hook after 10 ms, before it can answer. For 10 seconds write 10000.",
            fixed:
              '{\n  "hooks": {\n    "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10000 }] }]\n  }\n}\n',
          },
        ],
      },
      {
        path: '.github/hooks/guard.json',
        text: '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "type": "command", "bash": "./guard.sh", "matcher": "bash", "timeoutSec": 30 }]\n  }\n}\n',
        expect: [
          {
            line: 4,
            severity: 'info',
            message:
              'VS Code\'s agent ignores matcher in .github/hooks: there this hook runs on every tool call, not only "bash" (the Copilot CLI honours it).',
          },
        ],
      },
    ],
    correct: [
      { path: '.cursor/hooks.json', text: '{ "version": 1, "hooks": { "beforeShellExecution": [{ "command": "./guard.sh", "timeout": 10 }] } }' },
      {
        path: '.codex/hooks.json',
        text: '{ "hooks": { "PreToolUse": [{ "matcher": "Bash|apply_patch", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10 }] }] } }',
      },
      {
        path: '.gemini/settings.json',
        text: '{ "hooks": { "BeforeTool": [{ "matcher": ".*", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10000 }] }] } }',
      },
      {
        path: '.github/hooks/guard.json',
        text: '{ "version": 1, "hooks": { "preToolUse": [{ "type": "command", "bash": "./guard.sh", "timeoutSec": 10 }] } }',
      },
    ],
  },
});

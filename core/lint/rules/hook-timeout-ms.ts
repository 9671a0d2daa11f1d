import { defineRule } from '../types';
import { hookGroups, jsonChild } from '../helpers';

export default defineRule({
  code: 'AG-SET-011',
  name: 'hook-timeout-ms',
  severity: 'warning',
  title: 'A hook `timeout` that looks like milliseconds: it is in seconds',
  rationale:
    'A hook handler\'s `timeout` is in seconds (the Bash tool\'s timeout is in milliseconds, which is where the habit comes from). `"timeout": 5000` lets a stuck hook hold the session for 83 minutes instead of 5 seconds, and a timed-out PreToolUse hook does not block anyway. The fix divides by 1,000.',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    for (const g of hookGroups(ctx.json().tree)) {
      for (const h of g.handlers) {
        const t = jsonChild(h, 'timeout');
        if (t?.type !== 'number' || typeof t.value !== 'number' || t.value < 1000) continue;
        const seconds = Math.max(1, Math.round(t.value / 1000));
        ctx.report({
          start: t.offset,
          end: t.offset + t.length,
          message: `timeout is in seconds: ${t.value} is ${t.value >= 3600 ? `${(t.value / 3600).toFixed(1)} hours` : `${Math.round(t.value / 60)} minutes`}. For ${seconds} seconds write ${seconds}.`,
          fix: { title: `Use ${seconds} (seconds)`, edits: [{ start: t.offset, end: t.offset + t.length, newText: String(seconds) }] },
        });
      }
    }
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "guard", "timeout": 5000 } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PostToolUse": [ { "matcher": "Edit", "hooks": [ { "type": "command", "command": "fmt", "timeout": 30000 } ] } ] } }',
      },
      {
        path: '.claude/settings.local.json',
        text: '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "say done", "timeout": 1000 } ] } ] } }',
      },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "guard", "timeout": 10 } ] } ] } }' },
      {
        path: '.claude/settings.json',
        text: '{ "hooks": { "PostToolUse": [ { "hooks": [ { "type": "command", "command": "slow-check", "timeout": 600 } ] } ] } }',
      },
      { path: '.claude/settings.json', text: '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ] } }' },
    ],
  },
});

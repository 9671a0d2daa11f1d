// Contract tests for the hosts that cannot run here, and for the answer each host gets.
// Cursor has no CLI on npm: its payloads below are the documented ones, from
//   - Cursor's hook reference as Cupcake's Cursor harness copies it
//     (cupcake.eqtylab.io/reference/harnesses/cursor: beforeShellExecution {command, cwd},
//     beforeReadFile {file_path, content}, beforeMCPExecution {tool_name, tool_input as a JSON
//     string, url | command}; answered with permission, user_message, agent_message), and
//   - preToolUse {tool_name, tool_input} with Cursor's tool names (Shell, Read, Write, StrReplace,
//     Delete, Grep, Task, `MCP:<tool>`) as context-mode's Cursor adapter records them
//     (context-mode 1.0.168, build/adapters/cursor/hooks.d.ts: "Cursor MCP wire shape: MCP:<tool>")
//     and the host matrix in ../shared/reference/hosts-2026-12.md §3b.
// Codex's answer form is the one its hook engine parses (openai/codex codex-rs/hooks,
// output_parser.rs: permissionDecision "ask" and "allow" without updatedInput are rejected as
// unsupported, and a rejected answer lets the call run); the real CLI confirms it in
// test/real-hosts/hosts.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { evaluatePayload, hookReply, type Verdict } from '../core/guards/dispatch';
import { DIALECTS, type Host } from '../core/guards/host-dialects';
import { HOME, PROJECT } from './support/run';

const cursor = { conversation_id: 'conv-123', generation_id: 'gen-456', workspace_roots: [PROJECT], cursor_version: '2.0.77' };

function verdictOf(payload: Record<string, unknown>) {
  const e = evaluatePayload(payload, { guards, home: HOME, fallbackCwd: PROJECT });
  return { host: e.host, guard: e.verdict?.guardId ?? null, call: e.call };
}

test('Cursor: every documented blocking event is read as the call it is', () => {
  const cases: [Record<string, unknown>, string | null][] = [
    [{ hook_event_name: 'beforeShellExecution', command: 'git push --force origin main', cwd: PROJECT }, 'force-push-protected'],
    [{ hook_event_name: 'beforeShellExecution', command: 'npm test', cwd: PROJECT }, null],
    [{ hook_event_name: 'beforeReadFile', file_path: `${PROJECT}/.env`, content: 'API_KEY=x', attachments: [] }, 'secret-read'],
    [{ hook_event_name: 'beforeReadFile', file_path: `${PROJECT}/README.md`, content: '# x' }, null],
    [{ hook_event_name: 'beforeMCPExecution', tool_name: 'run_command', tool_input: '{"command":"rm -rf ~"}', command: 'npx mcp-server' }, 'rm-catastrophic'],
    [{ hook_event_name: 'beforeMCPExecution', tool_name: 'database_query', tool_input: '{"query":"SELECT 1"}', url: 'http://localhost:3000' }, null],
    [{ hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'rm -rf ~' } }, 'rm-catastrophic'],
    [{ hook_event_name: 'preToolUse', tool_name: 'Read', tool_input: { file_path: `${PROJECT}/.env.production` } }, 'secret-read'],
    [{ hook_event_name: 'preToolUse', tool_name: 'Write', tool_input: { file_path: `${PROJECT}/.claude/hooks/agent-guard.cjs`, content: '' } }, 'guard-tamper'],
    [
      {
        hook_event_name: 'preToolUse',
        tool_name: 'StrReplace',
        tool_input: { file_path: `${PROJECT}/test/a.test.js`, old_string: 'it(', new_string: 'it.skip(' },
      },
      'test-skip',
    ],
    [{ hook_event_name: 'preToolUse', tool_name: 'Delete', tool_input: { path: `${PROJECT}/.claude/hooks/agent-guard.cjs` } }, 'guard-tamper'],
    [{ hook_event_name: 'preToolUse', tool_name: 'MCP:run_command', tool_input: { command: 'git push --force origin main' } }, 'force-push-protected'],
    [{ hook_event_name: 'preToolUse', tool_name: 'Grep', tool_input: { pattern: 'TODO', path: PROJECT } }, null],
    [{ hook_event_name: 'preToolUse', tool_name: 'Task', tool_input: { description: 'explore' } }, null],
  ];
  for (const [payload, expected] of cases) {
    const v = verdictOf({ ...cursor, ...payload });
    assert.equal(v.host, 'cursor', JSON.stringify(payload));
    assert.equal(v.guard, expected, JSON.stringify(payload));
  }
});

test('Cursor: a payload without a tool name or with an unknown event is no opinion, not a guess', () => {
  const e = evaluatePayload({ ...cursor, hook_event_name: 'preToolUse', tool_input: { command: 'rm -rf ~' } }, { guards, home: HOME, fallbackCwd: PROJECT });
  assert.equal(e.verdict, null);
  assert.deepEqual(e.notes, ['agent-guard: payload has no tool_name; no opinion']);
});

const deny: Verdict = { decision: 'deny', guardId: 'force-push-protected', reason: 'It rewrites main.', instead: 'git push --force-with-lease origin main' };
const ask: Verdict = { ...deny, decision: 'ask' };
const REASON = 'It rewrites main. Instead, run: git push --force-with-lease origin main [agent-guard: force-push-protected]';

test('each host gets exactly its own answer form (the answer table), on stdout with exit 0', () => {
  const expected: Record<Host, [unknown, unknown]> = {
    claude: [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: REASON } },
    ],
    vscode: [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: REASON } },
    ],
    'copilot-cli': [
      {
        permissionDecision: 'deny',
        permissionDecisionReason: REASON,
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON },
      },
      {
        permissionDecision: 'deny',
        permissionDecisionReason: REASON,
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON },
      },
    ],
    gemini: [
      { decision: 'deny', reason: REASON },
      { decision: 'deny', reason: REASON },
    ],
    cursor: [
      { permission: 'deny', user_message: REASON, agent_message: REASON },
      { permission: 'ask', user_message: REASON, agent_message: REASON },
    ],
    // Codex rejects "ask" (and then runs the call): an ask is a deny.
    codex: [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
    ],
    opencode: [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
    ],
  };
  assert.deepEqual(Object.keys(expected).sort(), Object.keys(DIALECTS).sort(), 'every host in the table is tested');
  for (const host of Object.keys(DIALECTS) as Host[]) {
    for (const [i, v] of [deny, ask].entries()) {
      const r = hookReply(host, v);
      assert.deepEqual([JSON.parse(r.stdout), r.stderr, r.exitCode], [expected[host][i], [], 0], `${host} ${v.decision}`);
      assert.doesNotMatch(r.stdout, /"allow"/, 'never an allow');
    }
  }
});

test('the host comes from the envelope: Codex by its turn_id, Cursor by its camelCase events, the OpenCode plugin by its event', () => {
  const host = (p: Record<string, unknown>) => verdictOf({ cwd: PROJECT, ...p }).host;
  assert.equal(host({ hook_event_name: 'PreToolUse', turn_id: 't', tool_name: 'Bash', tool_input: { command: 'ls' } }), 'codex');
  assert.equal(host({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }), 'claude');
  assert.equal(host({ hook_event_name: 'preToolUse', tool_name: 'Read', tool_input: { file_path: 'a' } }), 'cursor');
  assert.equal(host({ tool_name: 'Read', tool_input: { file_path: 'a' } }), 'claude', "Cursor's Read is Claude Code's name: it says nothing alone");
  assert.equal(host({ hook_event_name: 'tool.execute.before', tool_name: 'bash', tool_input: { command: 'ls' } }), 'opencode');
  assert.equal(host({ tool_name: 'bash', tool_input: { command: 'ls' } }), 'copilot-cli');
});

test("OpenCode's patch tool (patchText) is read as the file changes it makes", () => {
  const v = verdictOf({
    hook_event_name: 'tool.execute.before',
    cwd: PROJECT,
    tool_name: 'patch',
    tool_input: { patchText: '*** Begin Patch\n*** Add File: .claude/hooks/agent-guard.cjs\n+x\n*** End Patch' },
  });
  assert.deepEqual([v.host, v.guard], ['opencode', 'guard-tamper']);
});

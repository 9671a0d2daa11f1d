// One hook for every host: payloads from VS Code's agent, the Copilot CLI, Gemini CLI and Cursor
// get the same decisions as the equivalent Claude Code payloads, for every guard example; and
// each host gets its reply in the form it honours.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import guards from 'agent-guard:guards';
import { evaluatePayload } from '../core/guards/dispatch';
import type { GuardExample } from '../core/guards/types';
import { exampleCwd } from '../core/guards/examples';
import { HOME, PROJECT, ENV } from './support/run';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The same call as VS Code's agent sends it (null: the host has no such tool). */
function asVsCode(tool: string, input: Record<string, unknown>, camel: boolean): Record<string, unknown> | null {
  let name: string;
  let args: Record<string, unknown>;
  switch (tool) {
    case 'Bash':
      [name, args] = ['run_in_terminal', { command: input.command, explanation: 'x', goal: 'y', mode: 'sync' }];
      break;
    case 'Write':
      [name, args] = ['create_file', { filePath: input.file_path, content: input.content }];
      break;
    case 'Edit':
      [name, args] = ['replace_string_in_file', { filePath: input.file_path, oldString: input.old_string, newString: input.new_string }];
      break;
    case 'MultiEdit':
      [name, args] = [
        'multi_replace_string_in_file',
        {
          replacements: (input.edits as Record<string, unknown>[]).map((e) => ({
            filePath: input.file_path,
            oldString: e.old_string,
            newString: e.new_string,
          })),
        },
      ];
      break;
    case 'Read':
      [name, args] = ['read_file', { filePath: input.file_path, startLine: 1, endLine: 100 }];
      break;
    default:
      return null;
  }
  return camel
    ? { hookEventName: 'PreToolUse', sessionId: 's', toolName: name, toolInput: args }
    : { hook_event_name: 'PreToolUse', session_id: 's', timestamp: '2026-11-30T00:00:00Z', tool_name: name, tool_input: args, tool_use_id: 'call_x' };
}

/** As the Copilot CLI's camelCase dialect sends it: toolArgs is a JSON string. */
function asCopilotCli(tool: string, input: Record<string, unknown>): Record<string, unknown> | null {
  const map: Record<string, [string, Record<string, unknown>]> = {
    Bash: ['bash', { command: input.command }],
    Write: ['create', { path: input.file_path, file_text: input.content }],
    Edit: ['edit', { path: input.file_path, old_str: input.old_string, new_str: input.new_string }],
    Read: ['view', { path: input.file_path }],
  };
  const m = map[tool];
  return m ? { sessionId: 'c', timestamp: Date.now(), toolName: m[0], toolArgs: JSON.stringify(m[1]) } : null;
}

/** An edit as an apply_patch text. */
function asPatch(tool: string, input: Record<string, unknown>): Record<string, unknown> | null {
  if (tool !== 'Edit' && tool !== 'Write') return null;
  const lines = (s: string, sign: string) =>
    s
      .split('\n')
      .map((l) => `${sign}${l}`)
      .join('\n');
  const body =
    tool === 'Write'
      ? `*** Add File: ${str(input.file_path)}\n${lines(str(input.content), '+')}`
      : `*** Update File: ${str(input.file_path)}\n@@\n${lines(str(input.old_string), '-')}\n${lines(str(input.new_string), '+')}`;
  return { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: `*** Begin Patch\n${body}\n*** End Patch` }, tool_use_id: 'call_p' };
}

/** As Codex CLI sends it (recorded from 0.171.0): Bash as is, file changes as an apply_patch whose text is `command`. */
function asCodex(tool: string, input: Record<string, unknown>): Record<string, unknown> | null {
  const envelope = { session_id: 's', turn_id: 't', hook_event_name: 'PreToolUse', model: 'gpt-5.5', permission_mode: 'default', tool_use_id: 'call_1' };
  if (tool === 'Bash') return { ...envelope, tool_name: 'Bash', tool_input: { command: input.command } };
  const patch = asPatch(tool, input);
  return patch ? { ...envelope, tool_name: 'apply_patch', tool_input: { command: (patch.tool_input as { input: string }).input } } : null;
}

/**
 * As Cursor's preToolUse sends it (no CLI here: the shape of Cursor's hook docs as third-party
 * adapters record it — see test/host-contracts.test.ts for the sources).
 */
function asCursor(tool: string, input: Record<string, unknown>): Record<string, unknown> | null {
  const map: Record<string, [string, Record<string, unknown>]> = {
    Bash: ['Shell', { command: input.command }],
    Read: ['Read', { file_path: input.file_path }],
    Write: ['Write', { file_path: input.file_path, content: input.content }],
    Edit: ['StrReplace', { file_path: input.file_path, old_string: input.old_string, new_string: input.new_string }],
  };
  const m = map[tool];
  return m ? { hook_event_name: 'preToolUse', conversation_id: 'c', generation_id: 'g', workspace_roots: [PROJECT], tool_name: m[0], tool_input: m[1] } : null;
}

/** As Agent Guard's OpenCode plugin sends it: OpenCode's tool name and its own (camelCase) arguments. */
function asOpenCode(tool: string, input: Record<string, unknown>): Record<string, unknown> | null {
  const map: Record<string, [string, Record<string, unknown>]> = {
    Bash: ['bash', { command: input.command, description: 'x' }],
    Read: ['read', { filePath: input.file_path }],
    Write: ['write', { filePath: input.file_path, content: input.content }],
    Edit: ['edit', { filePath: input.file_path, oldString: input.old_string, newString: input.new_string }],
  };
  const m = map[tool];
  return m ? { hook_event_name: 'tool.execute.before', session_id: 's', call_id: 'c', tool_name: m[0], tool_input: m[1] } : null;
}

function decide(payload: Record<string, unknown>, example: GuardExample): string | null {
  const cwd = exampleCwd(example, PROJECT);
  const projectDir = example.fixture ? exampleCwd({ ...example, cwd: undefined }, PROJECT) : cwd;
  const v = evaluatePayload({ ...payload, cwd }, { guards, home: HOME, projectDir, fallbackCwd: PROJECT }).verdict;
  return v ? v.guardId : null;
}

const variants: [string, (e: GuardExample) => Record<string, unknown> | null][] = [
  ['VS Code agent', (e) => asVsCode(e.tool_name, e.tool_input, false)],
  ['VS Code agent (older camelCase envelope)', (e) => asVsCode(e.tool_name, e.tool_input, true)],
  ['Copilot CLI', (e) => asCopilotCli(e.tool_name, e.tool_input)],
  ['apply_patch', (e) => asPatch(e.tool_name, e.tool_input)],
  ['Codex CLI', (e) => asCodex(e.tool_name, e.tool_input)],
  ['Cursor (preToolUse)', (e) => asCursor(e.tool_name, e.tool_input)],
  ['OpenCode (Agent Guard plugin)', (e) => asOpenCode(e.tool_name, e.tool_input)],
];

describe('every guard example decides the same on every host', () => {
  for (const [host, convert] of variants) {
    test(host, () => {
      let compared = 0;
      const differences: string[] = [];
      for (const g of guards) {
        for (const e of [...g.examples.blocked, ...g.examples.allowed]) {
          // Claude Code's sandbox flag has no counterpart on the other hosts.
          if ('dangerouslyDisableSandbox' in e.tool_input) continue;
          const converted = convert(e);
          if (!converted) continue;
          const expected = decide({ hook_event_name: 'PreToolUse', tool_name: e.tool_name, tool_input: e.tool_input }, e);
          const got = decide(converted, e);
          compared++;
          if (got !== expected)
            differences.push(`${g.id}: ${e.tool_name} ${JSON.stringify(e.tool_input).slice(0, 80)} → Claude Code: ${expected}, ${host}: ${got}`);
        }
      }
      assert.deepEqual(differences, []);
      assert.ok(compared > (host === 'apply_patch' ? 50 : 150), `${compared} examples compared`);
    });
  }
});

describe('recorded host payloads (test/fixtures/hosts)', () => {
  const dir = join(ROOT, 'test/fixtures/hosts');
  const key = ['sk', 'live', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'].join('_');
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.json'))
    .sort()) {
    test(f, () => {
      const { expect, payload } = JSON.parse(readFileSync(join(dir, f), 'utf8').replace('__STRIPE_KEY__', key)) as {
        expect: string | null;
        payload: Record<string, unknown>;
      };
      const v = evaluatePayload(payload, { guards: ENV.guards, home: HOME, fallbackCwd: PROJECT }).verdict;
      assert.equal(v?.guardId ?? null, expect, v?.reason);
    });
  }
});

function hook(payload: unknown) {
  return spawnSync(process.execPath, [join(ROOT, 'dist/hook.cjs')], {
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: { ...process.env, HOME: HOME, AGENT_GUARD_NO_CACHE: '1' },
  });
}

test('each host gets the deny in the form it honours, never an allow', () => {
  const deny = 'rm -rf ~';
  const claude = hook({ tool_name: 'Bash', tool_input: { command: deny }, cwd: PROJECT });
  assert.equal(claude.status, 0);
  assert.equal(JSON.parse(claude.stdout).hookSpecificOutput.permissionDecision, 'deny');
  const vscode = hook({ hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal', tool_input: { command: deny }, cwd: PROJECT });
  assert.equal(vscode.status, 0);
  assert.equal(JSON.parse(vscode.stdout).hookSpecificOutput.permissionDecision, 'deny');
  // Copilot CLI: exit 2 loses the reason ("hook exited with code 2"); a JSON deny with exit 0 carries it,
  // top level for its camelCase dialect, Claude's form for its PascalCase one.
  const copilot = hook({ sessionId: 'c', timestamp: 1, toolName: 'bash', toolArgs: JSON.stringify({ command: deny }), cwd: PROJECT });
  assert.equal(copilot.status, 0);
  const cj = JSON.parse(copilot.stdout);
  assert.equal(cj.permissionDecision, 'deny');
  assert.match(cj.permissionDecisionReason, /rm-catastrophic/);
  assert.equal(cj.hookSpecificOutput.permissionDecision, 'deny');
  const copilotPascal = hook({
    hook_event_name: 'PreToolUse',
    timestamp: '2026-12-01T07:41:06.725Z',
    tool_name: 'Read',
    tool_input: { path: `${PROJECT}/.env` },
    cwd: PROJECT,
  });
  assert.equal(copilotPascal.status, 0);
  assert.equal(JSON.parse(copilotPascal.stdout).hookSpecificOutput.permissionDecision, 'deny');
  // Gemini CLI ignores Claude's JSON: its own form, for its read_file too (not VS Code's, whose tool has the same name).
  for (const [tool_name, tool_input, pattern] of [
    ['run_shell_command', { command: deny }, /deletes your home directory/],
    ['read_file', { file_path: `${PROJECT}/.env` }, /secret-read/],
  ] as const) {
    const gemini = hook({ hook_event_name: 'BeforeTool', timestamp: '2026-12-01T07:40:10.412Z', tool_name, tool_input, cwd: PROJECT });
    assert.equal(gemini.status, 0);
    const gj = JSON.parse(gemini.stdout);
    assert.deepEqual(Object.keys(gj), ['decision', 'reason']);
    assert.equal(gj.decision, 'deny');
    assert.match(gj.reason, pattern);
  }
  const cursor = hook({ hook_event_name: 'beforeShellExecution', command: deny, cwd: PROJECT });
  assert.equal(JSON.parse(cursor.stdout).permission, 'deny');
  for (const payload of [
    { tool_name: 'run_in_terminal', tool_input: { command: 'ls' }, cwd: PROJECT },
    { toolName: 'bash', toolArgs: '{"command":"ls"}', cwd: PROJECT },
    { hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: { file_path: `${PROJECT}/README.md` }, cwd: PROJECT },
    { tool_name: 'run_vscode_command', tool_input: {}, cwd: PROJECT },
  ]) {
    const r = hook(payload);
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '', 'silence means no opinion');
  }
});

test('the host comes from the envelope, not from the tool name alone', () => {
  const host = (payload: Record<string, unknown>) => evaluatePayload({ cwd: PROJECT, ...payload }, { guards, home: HOME, fallbackCwd: PROJECT }).host;
  const read = { file_path: `${PROJECT}/.env` };
  assert.equal(host({ hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: read }), 'gemini');
  assert.equal(host({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath: read.file_path }, tool_use_id: 'call_1' }), 'vscode');
  assert.equal(host({ hook_event_name: 'BeforeTool', tool_name: 'glob', tool_input: { pattern: '*' } }), 'gemini');
  assert.equal(host({ sessionId: 's', toolName: 'glob', toolArgs: { pattern: '*' } }), 'copilot-cli');
  assert.equal(
    host({ hook_event_name: 'PreToolUse', timestamp: '2026-12-01T00:00:00Z', tool_name: 'Read', tool_input: { path: read.file_path } }),
    'copilot-cli',
  );
  assert.equal(host({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: read, tool_use_id: 'toolu_1' }), 'claude');
  assert.equal(host({ hook_event_name: 'PreToolUse', timestamp: '2026-12-01T00:00:00Z', tool_name: 'apply_patch', tool_input: { input: '' } }), 'vscode');
});

test("Gemini's shell tool runs in its dir_path", () => {
  const call = { hook_event_name: 'BeforeTool', cwd: PROJECT, tool_name: 'run_shell_command', tool_input: { command: 'rm -rf .', dir_path: HOME } };
  assert.match(evaluatePayload(call, { guards, home: HOME, fallbackCwd: PROJECT }).verdict?.reason ?? '', /deletes your home directory/);
  const inProject = { ...call, tool_input: { command: 'rm -rf .' } };
  assert.doesNotMatch(evaluatePayload(inProject, { guards, home: HOME, fallbackCwd: PROJECT }).verdict?.reason ?? '', /home directory/);
});

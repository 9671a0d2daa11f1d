// Installing for VS Code's agent: .github/hooks/agent-guard.json in the shape VS Code reads,
// a command that works without CLAUDE_PROJECT_DIR, clear errors when the hook is missing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import type { Bundle } from '../core/install/installer';
import { install, uninstall } from '../core/install/targets/claude';
import { installVsCode, uninstallVsCode, VSCODE_HOOKS_FILE } from '../core/install/targets/vscode';
import { status, hostStatus } from '../core/install/status';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };

/** VS Code's hook file, per its hookSchema (microsoft/vscode, the chat hooks' JSON schema). */
const VSCODE_HOOK_SCHEMA = {
  type: 'object',
  required: ['hooks'],
  properties: {
    version: { type: 'number' },
    hooks: {
      type: 'object',
      propertyNames: { enum: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'SubagentStart', 'SubagentStop', 'Stop'] },
      additionalProperties: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['command'],
          properties: {
            type: { const: 'command' },
            command: { type: 'string', minLength: 1 },
            windows: { type: 'string' },
            linux: { type: 'string' },
            osx: { type: 'string' },
            bash: { type: 'string' },
            powershell: { type: 'string' },
            cwd: { type: 'string' },
            env: { type: 'object', additionalProperties: { type: 'string' } },
            timeout: { type: 'number', exclusiveMinimum: 0 },
            timeoutSec: { type: 'number', exclusiveMinimum: 0 },
          },
        },
      },
    },
  },
};

const workspace = () => {
  const d = mkdtempSync(join(tmpdir(), 'agent-guard-vscode-'));
  return d;
};
const run = (cmd: string, cwd: string, payload: unknown, env: Record<string, string> = {}) =>
  spawnSync('sh', ['-c', cmd], {
    cwd,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: '', AGENT_GUARD_NO_LOG: '1', ...env },
  });

test("install --host vscode writes a hooks file VS Code's schema accepts; the command denies without CLAUDE_PROJECT_DIR", () => {
  const ws = workspace();
  const r = installVsCode(ws, BUNDLE);
  assert.ok(r.ok, r.error);
  const file = JSON.parse(readFileSync(join(ws, VSCODE_HOOKS_FILE), 'utf8')) as { hooks: { PreToolUse: { command: string }[] } };
  const validate = new Ajv({ strict: false }).compile(VSCODE_HOOK_SCHEMA);
  assert.ok(validate(file), JSON.stringify(validate.errors));
  const cmd = file.hooks.PreToolUse[0]!.command;
  const denied = run(cmd, ws, { hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal', tool_input: { command: 'git push -f origin main' }, cwd: ws });
  assert.match(denied.stdout, /"permissionDecision":"deny"/);
  assert.equal(run(cmd, ws, { tool_name: 'run_in_terminal', tool_input: { command: 'ls' }, cwd: ws }).stdout, '');
  // idempotent
  const before = readFileSync(join(ws, VSCODE_HOOKS_FILE), 'utf8');
  assert.ok(installVsCode(ws, BUNDLE).ok);
  assert.equal(readFileSync(join(ws, VSCODE_HOOKS_FILE), 'utf8'), before);
});

test('a missing hook file gives a clear error, not a silent pass (both commands)', () => {
  const ws = workspace();
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, BUNDLE, { selfTest: false }).ok);
  assert.ok(installVsCode(ws, BUNDLE, { selfTest: false }).ok);
  renameSync(join(ws, '.claude/hooks/agent-guard.cjs'), join(ws, 'moved.cjs'));
  const vs = run(JSON.parse(readFileSync(join(ws, VSCODE_HOOKS_FILE), 'utf8')).hooks.PreToolUse[0].command, ws, {});
  // Exit 2 with the reason: every host blocks the call and shows why (exit 1 would let it run).
  assert.equal(vs.status, 2);
  assert.equal(
    vs.stderr,
    'agent-guard: hook file .claude/hooks/agent-guard.cjs not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync --host vscode\n',
  );
  const claude = run(JSON.parse(readFileSync(join(ws, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command, ws, {});
  assert.equal(claude.status, 2);
  assert.match(
    claude.stderr,
    /^agent-guard: hook file \.\/\.claude\/hooks\/agent-guard\.cjs not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync\n$/,
  );
});

test('the .claude settings command works with CLAUDE_PROJECT_DIR (from any cwd) and without it (from the workspace)', () => {
  const ws = workspace();
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, BUNDLE, { selfTest: false }).ok);
  const cmd = JSON.parse(readFileSync(join(ws, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command;
  const payload = { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: ws };
  mkdirSync(join(ws, 'sub'));
  assert.match(run(cmd, join(ws, 'sub'), payload, { CLAUDE_PROJECT_DIR: ws }).stdout, /rm-catastrophic/);
  assert.match(run(cmd, ws, payload).stdout, /rm-catastrophic/);
});

test('uninstall removes the VS Code file and, when nothing else uses it, the hook; a foreign file is left alone', () => {
  const ws = workspace();
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, BUNDLE, { selfTest: false }).ok);
  assert.ok(installVsCode(ws, BUNDLE, { selfTest: false }).ok);
  assert.ok(uninstallVsCode(ws, BUNDLE).ok);
  assert.ok(!existsSync(join(ws, VSCODE_HOOKS_FILE)));
  assert.ok(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')), 'still used by .claude/settings.json');
  assert.ok(uninstall({ workspace: ws, scope: 'project', home: ws }, BUNDLE).ok);
  assert.ok(!existsSync(join(ws, '.claude/hooks/agent-guard.cjs')));
  assert.ok(!existsSync(join(ws, '.github')), 'the .github folder we created is gone again');
  const other = workspace();
  mkdirSync(join(other, '.github/hooks'), { recursive: true });
  writeFileSync(join(other, VSCODE_HOOKS_FILE), '{ "hooks": { "PreToolUse": [ { "type": "command", "command": "my-own-audit" } ] } }');
  const r = installVsCode(other, BUNDLE, { selfTest: false });
  assert.equal(r.ok, false);
  assert.match(r.error!, /exists and is not Agent Guard's/);
});

test('status per host: VS Code ignores .claude hooks unless chat.useClaudeHooks, and chat.useHooks: false turns it off', () => {
  const ws = workspace();
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, BUNDLE, { selfTest: false }).ok);
  let hosts = hostStatus(ws, status(ws, ws, BUNDLE), BUNDLE);
  assert.deepEqual(
    hosts.map((h) => [h.host, h.runs]),
    [
      ['claude', true],
      ['vscode', false],
    ],
  );
  assert.match(hosts[1]!.detail, /chat\.useClaudeHooks/);
  mkdirSync(join(ws, '.vscode'));
  writeFileSync(join(ws, '.vscode/settings.json'), '{ "chat.useClaudeHooks": true }');
  assert.equal(hostStatus(ws, status(ws, ws, BUNDLE), BUNDLE)[1]!.runs, true);
  assert.ok(installVsCode(ws, BUNDLE, { selfTest: false }).ok);
  writeFileSync(join(ws, '.vscode/settings.json'), '{ "chat.useHooks": false }');
  hosts = hostStatus(ws, status(ws, ws, BUNDLE), BUNDLE);
  assert.equal(hosts[1]!.runs, false);
  assert.match(hosts[1]!.detail, /chat\.useHooks: false/);
});

test('the self-test does not write to the decision log', () => {
  const ws = workspace();
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, BUNDLE).ok);
  assert.ok(!existsSync(join(ws, '.claude/agent-guard/decisions.jsonl')));
});

test("an install for VS Code's agent only is a first-class target: status exit 0, sync, uninstall", () => {
  const ws = workspace();
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), ...args], { encoding: 'utf8', env: { ...process.env, HOME: ws, AGENT_GUARD_NO_LOG: '1' } });
  assert.equal(cli('install', '--host', 'vscode', '--no-self-test', ws).status, 0);
  assert.ok(!existsSync(join(ws, '.claude/settings.json')), 'nothing for Claude Code');
  let st = cli('status', ws);
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /^installed: \.github\/hooks\/agent-guard\.json \(hook file: current\)$/m);
  assert.match(st.stdout, /^verdict: {3}guarded and current$/m);
  const json = JSON.parse(cli('status', '--json', ws).stdout) as { active: boolean; current: boolean; hosts: { host: string; runs: boolean }[] };
  assert.deepEqual(
    [json.active, json.current, json.hosts.filter((h) => h.host === 'claude' || h.host === 'vscode').map((h) => [h.host, h.runs])],
    [
      true,
      true,
      [
        ['claude', false],
        ['vscode', true],
      ],
    ],
  );
  // An older, unmodified hook: status says so, sync (no --host) updates it.
  const hook = join(ws, '.claude/hooks/agent-guard.cjs');
  const body = 'process.exit(0);\n';
  writeFileSync(hook, `// agent-guard 0.0.1 sha256:${createHash('sha256').update(body).digest('hex')}\n${body}`);
  st = cli('status', ws);
  assert.equal(st.status, 1);
  assert.match(st.stdout, /hook file: outdated/);
  const synced = cli('sync', ws);
  assert.equal(synced.status, 0, synced.stderr);
  assert.match(synced.stdout, /updated .*agent-guard\.cjs/);
  assert.equal(cli('status', ws).status, 0);
  assert.equal(
    status(ws, ws, BUNDLE)
      .scopes.map((s) => s.scope)
      .join(),
    'vscode',
  );
  // Uninstall (no --host) removes what is installed: the VS Code file and the hook.
  const un = cli('uninstall', ws);
  assert.equal(un.status, 0, un.stderr);
  assert.ok(!existsSync(join(ws, VSCODE_HOOKS_FILE)));
  assert.ok(!existsSync(hook));
  assert.equal(cli('status', ws).status, 1);
});

test('status: a VS Code install whose hook file is gone is installed but not active', () => {
  const ws = workspace();
  assert.ok(installVsCode(ws, BUNDLE, { selfTest: false }).ok);
  renameSync(join(ws, '.claude/hooks/agent-guard.cjs'), join(ws, 'elsewhere.cjs'));
  const s = status(ws, ws, BUNDLE);
  assert.equal(s.active, false);
  assert.match(s.scopes[0]!.problems.join('\n'), /does not exist: the guard is silently off/);
});

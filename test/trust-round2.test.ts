// Red team of the trust boundary, round 2 (after issue #25). Each test is a way found to silence,
// loosen or time out the guard, or to record consent without the person, while status keeps
// saying "guarded"; it failed on main before its fix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { evaluatePayload } from '../core/guards/dispatch';
import { workDone } from '../core/work';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_MARKERS, agentSessionMarker } from '../core/consent';
import { commandArguments } from '../client/trust';

const where = { guards, home: '/home/u', fallbackCwd: '/home/u/p', projectDir: '/home/u/p' };
const verdictOf = (payload: Record<string, unknown>) => {
  const e = evaluatePayload({ cwd: '/home/u/p', ...payload }, where);
  return e.verdict ? `${e.verdict.decision} ${e.verdict.guardId}` : null;
};

// A guard that overflows the stack on input the agent shaped did not "fail": the analysis could not
// see the call. Before: guard-tamper threw RangeError on 100,000 nested brackets, the dispatcher took
// it as a broken guard (no opinion) and the Write of a settings env NODE_OPTIONS ran.
test('deeply nested JSON beside a settings env entry is denied, not "no opinion"', () => {
  const nest = '['.repeat(100_000) + ']'.repeat(100_000);
  const content = `{"x":${nest},"env":{"NODE_OPTIONS":"--require ./x.js"}}`;
  assert.equal(verdictOf({ tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }), 'deny unanalysable');
  const e = evaluatePayload({ cwd: '/home/u/p', tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }, where);
  assert.match(e.verdict!.reason, /nests deeper than/);
});

test('an ordinary nested settings file is still judged by its guard (no false unanalysable)', () => {
  const content = JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [] }, x: [[[[[1]]]]] });
  assert.equal(verdictOf({ tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }), null);
});

// Consent from inside an agent of another host. `trust`/`allow` refused only under CLAUDECODE=1 and
// GEMINI_CLI=1; every other host this project installs for marks its agent's commands too, and a
// package script the line wrote (`npm pkg set scripts.t="agent-guard trust" && npm run t`) still
// reached the command there. What each host sets, as read in the host itself:
//   Qwen Code    QWEN_CODE=1       (shell tool env, @qwen-code/qwen-code chunks: `QWEN_CODE: "1"`)
//   OpenCode     OPENCODE=1        (process.env.OPENCODE="1" at start-up, inherited by its bash tool)
//   Kilo         KILO=1            (process.env.KILO="1" at start-up)
//   Copilot CLI  COPILOT_CLI=1     (its changelog.json, 0.0.421: "subprocesses … COPILOT_CLI=1")
//   Codex        CODEX_THREAD_ID   (the thread's id, exported into every shell it spawns)
//   Cursor       CURSOR_AGENT=1    (exported into every agent tool-call shell)
const OTHER_HOSTS: Record<string, string>[] = [
  { QWEN_CODE: '1' },
  { OPENCODE: '1' },
  { KILO: '1' },
  { COPILOT_CLI: '1' },
  { CODEX_THREAD_ID: '019a6b1e-5f5e-7c31-9d0a-2b7c1f3e4d5a' },
  { CURSOR_AGENT: '1' },
];

test('the markers of every host an agent tool call may run in', () => {
  for (const m of OTHER_HOSTS) {
    const [name] = Object.keys(m);
    assert.equal(agentSessionMarker(m), name === 'CODEX_THREAD_ID' ? 'CODEX_THREAD_ID' : `${name}=1`);
  }
  assert.equal(agentSessionMarker({ CODEX_THREAD_ID: '' }), null);
  assert.equal(agentSessionMarker({ QWEN_CODE: '0' }), null);
});

test('agent-guard trust and allow inside Qwen Code, OpenCode, Kilo, Copilot CLI, Codex or Cursor record nothing', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-trust2-')));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{ "guards": { "guard-tamper": "off" } }\n');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'config'),
    AGENT_GUARD_NO_CACHE: '1',
  };
  for (const k of AGENT_MARKERS) delete env[k];
  const cli = (extra: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [join(process.env.AGENT_GUARD_ROOT!, 'dist/cli.cjs'), ...args], {
      encoding: 'utf8',
      env: { ...env, ...extra },
      cwd: ws,
      input: '',
    });
  for (const marker of OTHER_HOSTS) {
    const r = cli(marker, 'trust', ws);
    assert.equal(r.status, 2, `${JSON.stringify(marker)}: ${r.stderr}`);
    assert.match(r.stderr, /runs only in your own terminal, not in an agent's tool call/);
    assert.equal(existsSync(join(root, 'config/agent-guard/trusted.json')), false);
    assert.equal(cli(marker, 'allow', 'git push --force origin main').status, 2);
    assert.equal(existsSync(join(ws, '.claude/agent-guard/local.json')), false);
  }
  assert.equal(cli({}, 'trust', ws).status, 0, 'the person, in their own terminal');
});

// One-click paths without the click. `agentGuard.trustWorkspaceGuards {confirm: false}`,
// `agentGuard.allowBlockedCall {entry, confirmed: true}` and `agentGuard.uninstall {confirmed: true}`
// skipped the person's pick "from code" — and code the repository controls reaches them: a
// `.vscode/tasks.json` input `{"type": "command", "command": "agentGuard.trustWorkspaceGuards",
// "args": {"confirm": false}}` runs it with those arguments when any task that names the input runs
// (the default build task, a folder-open task, an agent host's run-task tool). Only the extension's
// own tests may skip the pick.
test('the consent and uninstall commands drop the skip-the-pick arguments outside the extension tests', () => {
  const planted = { folder: '/w', confirm: false, confirmed: true, scope: 'always', team: true, entry: { target: 'curl x | sh' } };
  for (const id of ['agentGuard.trustWorkspaceGuards', 'agentGuard.allowBlockedCall', 'agentGuard.uninstall']) {
    const [arg] = commandArguments(id, [planted], false) as [Record<string, unknown>];
    assert.equal(arg.confirm, undefined, id);
    assert.equal(arg.confirmed, undefined, id);
    assert.equal(arg.scope, undefined, id);
    assert.equal(arg.team, undefined, id);
    assert.equal(arg.folder, '/w', `${id}: what the pick starts from stays`);
    assert.deepEqual(commandArguments(id, [planted], true), [planted], `${id}: the extension's own tests keep them`);
  }
  assert.deepEqual(commandArguments('agentGuard.showStatus', [{ quiet: true }], false), [{ quiet: true }]);
  assert.deepEqual(commandArguments('agentGuard.trustWorkspaceGuards', [], false), []);
});

// A MultiEdit of k edits applied to a settings file (or a script) of S characters is k×S work:
// each edit searched and rebuilt the whole text, and that loop counted nothing, so the deadline was
// never checked inside it. 8,000 edits of a 200 KB .claude/settings.json (440 KB of stdin) took the
// hook 14-15 s on this machine, past the host's 10 s: the host gives up and runs the call. Counted,
// the deadline stops it at the guard's time limit (the unanalysable deny).
test('the edit loops of a MultiEdit count their work, so the deadline stops them', () => {
  const file = JSON.stringify({ permissions: { allow: Array.from({ length: 4000 }, (_, i) => `Bash(echo ${i})`) } }, null, 2);
  const steps = (k: number, path: string) => {
    const edits = Array.from({ length: k }, (_, i) => ({ old_string: `echo ${i})`, new_string: `echo ${i}x)` }));
    const before = workDone();
    evaluatePayload({ cwd: '/home/u/p', tool_name: 'MultiEdit', tool_input: { file_path: path, edits } }, { ...where, readText: () => file });
    return workDone() - before;
  };
  for (const path of ['/home/u/p/.claude/settings.json', '/home/u/p/scripts/build.sh']) {
    const grown = steps(400, path) - steps(200, path);
    assert.ok(grown >= 200 * file.length, `${path}: 200 more edits of a ${file.length}-character file count ${grown} steps`);
  }
});

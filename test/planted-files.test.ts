// Files the agent can plant where Agent Guard reads: a FIFO blocks an ordinary open until someone
// writes to it, and a link to /dev/zero never ends. A hook that hangs times out, and a timed-out
// hook lets the call through (found by the adversary run: mkfifo .env.local turned every deny
// into an allow). Each case runs the real hook process; spawnSync's timeout turns a hang into a
// failure instead of a stuck suite.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadConfig } from '../core/guards/load-config';
import { readRegular } from '../core/read-file';

const HOOK = join(process.env.AGENT_GUARD_ROOT!, 'dist/hook.cjs');

function project(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-planted-')));
  mkdirSync(join(dir, '.claude'));
  return dir;
}

const fifo = (path: string) => assert.equal(spawnSync('mkfifo', [path]).status, 0, 'mkfifo');

function hook(dir: string, command: string) {
  const r = spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: dir }),
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, CLAUDE_PROJECT_DIR: dir, AGENT_GUARD_NO_CACHE: '1' },
    timeout: 15_000,
  });
  assert.equal(r.error, undefined, `the hook did not answer: ${r.error?.message}`);
  return r;
}

// FIFOs are only ever opened in a child process here: a regression would block this process for good.
test('readRegular does not read a device, bounds what it reads, and says why it read nothing', () => {
  const dir = project();
  symlinkSync('/dev/zero', join(dir, 'zero'));
  assert.deepEqual(readRegular(join(dir, 'zero'), 100), { error: 'ENOTREG' });
  writeFileSync(join(dir, 'big'), 'x'.repeat(300));
  assert.deepEqual(readRegular(join(dir, 'big'), 100), { text: 'x'.repeat(100), size: 300 });
  assert.deepEqual(readRegular(join(dir, 'big'), 100, true), { error: 'EFBIG' });
  assert.deepEqual(readRegular(join(dir, 'missing'), 100), { error: 'ENOENT' });
});

test('a directory in place of .claude/agent-guard.json: the defaults apply, with one note', () => {
  const dir = project();
  mkdirSync(join(dir, '.claude/agent-guard.json'));
  const { config, notes } = loadConfig(dir);
  assert.equal(config.failMode, 'open');
  assert.deepEqual(notes, ['agent-guard: cannot read .claude/agent-guard.json (not a regular file); using defaults']);
});

test('a FIFO planted as .claude/agent-guard.json: the hook still answers, with the defaults and one note', () => {
  const dir = project();
  fifo(join(dir, '.claude/agent-guard.json'));
  const r = hook(dir, 'git push --force origin main');
  assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'deny');
  assert.match(r.stderr, /cannot read \.claude\/agent-guard\.json \(not a regular file\); using defaults/);
});

for (const [what, plant] of [
  ['a FIFO', (p: string) => fifo(p)],
  ['a link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p)],
] as const) {
  test(`${what} planted as .env.local: a deny is still answered`, () => {
    const dir = project();
    plant(join(dir, '.env.local'));
    writeFileSync(join(dir, '.env'), 'API_TOKEN=abc123abc123\n');
    const r = hook(dir, 'git push --force origin main');
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'deny');
    const secret = hook(dir, 'cat .env.local');
    assert.equal(JSON.parse(secret.stdout).hookSpecificOutput.permissionDecision, 'deny');
  });
}

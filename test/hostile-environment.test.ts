// The hook in a hostile environment behaves as documented: a missing cwd, no git on PATH, a
// `.claude` that is not a folder, no HOME, Windows paths. Always exit 0, never a stack trace.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOOK = join(process.env.AGENT_GUARD_ROOT!, 'dist/hook.cjs');

function hook(payload: unknown, env: Record<string, string | undefined> = {}) {
  const full: Record<string, string> = { ...process.env, HOME: '/home/user', AGENT_GUARD_NO_CACHE: '1' } as Record<string, string>;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete full[k];
    else full[k] = v;
  }
  const r = spawnSync(process.execPath, [HOOK], { input: JSON.stringify(payload), encoding: 'utf8', env: full });
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  return { status: r.status, guard: /\[agent-guard: ([a-z-]+)\]/.exec(r.stdout)?.[1] ?? null, stderr: r.stderr };
}

test('a cwd that does not exist: harmless calls pass, dangerous ones are still denied', () => {
  const cwd = '/nonexistent/agent-guard/cwd';
  assert.deepEqual(hook({ tool_name: 'Bash', tool_input: { command: 'ls' }, cwd }), { status: 0, guard: null, stderr: '' });
  assert.equal(hook({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd }).guard, 'rm-catastrophic');
  assert.equal(
    hook({ tool_name: 'Edit', tool_input: { file_path: `${cwd}/migrations/001.sql`, old_string: 'a', new_string: 'b' }, cwd }).guard,
    null,
    'no repository: no opinion',
  );
});

test('no git on PATH: repository checks have no opinion, an unverifiable force push is denied', () => {
  const repo = mkdtempSync(join(tmpdir(), 'agent-guard-nogit-'));
  writeFileSync(join(repo, '.env'), 'K=v\n');
  const env = { PATH: '/nonexistent-bin' };
  assert.equal(hook({ tool_name: 'Bash', tool_input: { command: 'git add -A' }, cwd: repo }, env).guard, null);
  assert.equal(
    hook({ tool_name: 'Bash', tool_input: { command: 'git push --force' }, cwd: repo }, env).guard,
    'force-push-protected',
    'the branch cannot be verified: deny, suggesting --force-with-lease',
  );
  assert.equal(hook({ tool_name: 'Bash', tool_input: { command: 'git push --force-with-lease' }, cwd: repo }, env).guard, null);
});

test('.claude that is a file, not a folder: defaults, guards work, a note about the log', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-notdir-'));
  writeFileSync(join(ws, '.claude'), 'not a folder');
  const r = hook({ tool_name: 'Bash', tool_input: { command: 'cat .env' }, cwd: ws }, { CLAUDE_PROJECT_DIR: ws });
  assert.equal(r.status, 0);
  assert.equal(r.guard, 'secret-read');
  assert.match(r.stderr, /^agent-guard: not writing the decision log: \.claude is not a folder\n$/);
});

test('HOME unset: home comes from the system, ~ still means home', () => {
  const r = hook({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: '/tmp' }, { HOME: undefined, USERPROFILE: undefined });
  assert.equal(r.status, 0);
  assert.equal(r.guard, 'rm-catastrophic');
});

test('Windows paths in payloads are normalised', () => {
  const cwd = 'C:\\Users\\me\\project';
  assert.equal(
    hook({ tool_name: 'Edit', tool_input: { file_path: 'C:\\Users\\me\\project\\package-lock.json', old_string: 'a', new_string: 'b' }, cwd }).guard,
    'lockfile-hand-edit',
  );
  assert.equal(hook({ tool_name: 'Read', tool_input: { file_path: 'C:\\Users\\me\\project\\config\\.env.production' }, cwd }).guard, 'secret-read');
  assert.equal(hook({ tool_name: 'PowerShell', tool_input: { command: 'Remove-Item -Recurse -Force C:\\' }, cwd }).guard, 'rm-catastrophic');
  assert.equal(hook({ tool_name: 'Read', tool_input: { file_path: 'C:\\Users\\me\\project\\src\\app.ts' }, cwd }).guard, null);
});

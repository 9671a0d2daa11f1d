// Standing permissions: `agent-guard allow` writes one exception (guard + exact command) to
// .claude/agent-guard.json, keeping comments; the hook honours exactly that command and nothing
// else; status lists it; the agent cannot grant one (guard-tamper, see its examples).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addException } from '../core/exceptions';
import { parseConfig } from '../core/config';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');

test('addException keeps comments and formatting, appends once, and creates the file', () => {
  const text = '{\n  // team policy\n  "guards": { "kubectl-context": "off" }\n}\n';
  const r = addException(text, { guard: 'force-push-protected', command: 'git push --force origin main' });
  assert.ok(r.ok && r.added);
  assert.match(r.text!, /\/\/ team policy/);
  assert.match(r.text!, /"kubectl-context": "off"/);
  assert.deepEqual(parseConfig(JSON.parse(r.text!.replace('  // team policy\n', ''))).config.exceptions, [
    { guard: 'force-push-protected', command: 'git push --force origin main' },
  ]);
  const again = addException(r.text!, { guard: 'force-push-protected', command: 'git push --force origin main' });
  assert.deepEqual([again.ok, again.added, again.text], [true, false, r.text]);
  const fresh = addException(null, { guard: 'secret-read', command: 'cat .env' });
  assert.deepEqual(JSON.parse(fresh.text!), { exceptions: [{ guard: 'secret-read', command: 'cat .env' }] });
  assert.equal(addException('[1]', { guard: 'x', command: 'y' }).ok, false);
  assert.equal(addException(null, { guard: 'x', command: 'a\nb' }).ok, false);
});

test('agent-guard allow: the hook then passes exactly that command, for that guard, and status lists it', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-allow-'));
  mkdirSync(join(ws, '.claude'));
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{\n  // ours\n  "failMode": "open"\n}\n');
  const env = { ...process.env, HOME: ws, AGENT_GUARD_NO_LOG: '1' };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ws, encoding: 'utf8', env });
  const hook = (command: string) =>
    spawnSync(process.execPath, [CLI, 'check'], {
      cwd: ws,
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws }),
      encoding: 'utf8',
      env: { ...env, CLAUDE_PROJECT_DIR: ws },
    }).stdout;
  assert.match(hook('git push --force origin main'), /"permissionDecision":"deny"/);
  const r = cli('allow', 'git push --force origin main');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^allowed: force-push-protected lets exactly "git push --force origin main" through/);
  assert.match(readFileSync(join(ws, '.claude/agent-guard.json'), 'utf8'), /\/\/ ours/);
  assert.equal(hook('git push --force origin main'), '');
  // Nothing broader: another spelling, another branch, another command stay denied.
  for (const other of [
    'git push -f origin main',
    'git push --force origin main ',
    'git push --force origin master',
    'git push --force origin main && rm -rf ~',
  ])
    assert.match(hook(other), /"permissionDecision":"deny"/, other);
  const st = spawnSync(process.execPath, [CLI, 'status', ws], { encoding: 'utf8', env });
  assert.match(st.stdout, /^allowed: {3}force-push-protected lets exactly "git push --force origin main" through \(since \d{4}-\d\d-\d\d\)$/m);
  assert.equal(cli('allow', 'git push --force origin main').stdout.startsWith('already allowed'), true);
  // Nothing to allow, or the wrong guard: refused, file unchanged.
  const before = readFileSync(join(ws, '.claude/agent-guard.json'), 'utf8');
  const none = cli('allow', 'npm test');
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no guard denies "npm test"/);
  const wrong = cli('allow', '--guard', 'secret-read', 'rm -rf ~');
  assert.equal(wrong.status, 1);
  assert.match(wrong.stderr, /denied by rm-catastrophic, not secret-read/);
  assert.equal(readFileSync(join(ws, '.claude/agent-guard.json'), 'utf8'), before);
});

test('the agent cannot grant itself an exception: running agent-guard allow and editing the file are denied', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-allow-'));
  mkdirSync(join(ws, '.claude'));
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{}\n');
  const env = { ...process.env, HOME: ws, AGENT_GUARD_NO_LOG: '1', CLAUDE_PROJECT_DIR: ws };
  const hook = (payload: unknown) => spawnSync(process.execPath, [CLI, 'check'], { cwd: ws, input: JSON.stringify(payload), encoding: 'utf8', env }).stdout;
  assert.match(hook({ tool_name: 'Bash', tool_input: { command: 'npx agent-guard allow "rm -rf ~"' }, cwd: ws }), /"permissionDecision":"deny".*guard-tamper/);
  assert.match(
    hook({
      tool_name: 'Write',
      tool_input: { file_path: join(ws, '.claude/agent-guard.json'), content: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ] }' },
      cwd: ws,
    }),
    /"permissionDecision":"deny".*guard-tamper/,
  );
  assert.match(
    hook({ tool_name: 'Bash', tool_input: { command: `echo '{"exceptions":[]}' > .claude/agent-guard.json` }, cwd: ws }),
    /"permissionDecision":"deny".*guard-tamper/,
  );
});

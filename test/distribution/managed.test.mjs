// Managed settings as an administrator deploys them: `agent-guard install --managed` prints the
// drop-in for each OS's policy folder with the hook at an absolute path there; --write writes it
// and the hook; status recognises it and knows that project settings cannot switch it off. Then
// the real Claude Code reads it from /etc/claude-code (inside a private mount namespace with /etc
// overlaid, so the machine's own /etc is untouched): a project's disableAllHooks does not stop it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bashPayload, run, scratch } from './support.mjs';
import { cli as hostCli } from '../real-hosts/world.mjs';

const CLI = join(ROOT, 'dist/cli.cjs');
const ag = (args, opts = {}) => run(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, HOME: opts.home ?? scratch('managed-home') }, ...opts });

const POLICY = {
  linux: ['/etc/claude-code', '/etc/claude-code/hooks/agent-guard.cjs', '/etc/claude-code/managed-settings.d/agent-guard.json'],
  darwin: [
    '/Library/Application Support/ClaudeCode',
    '/Library/Application Support/ClaudeCode/hooks/agent-guard.cjs',
    '/Library/Application Support/ClaudeCode/managed-settings.d/agent-guard.json',
  ],
  win32: [
    'C:\\Program Files\\ClaudeCode',
    'C:/Program Files/ClaudeCode/hooks/agent-guard.cjs',
    'C:\\Program Files\\ClaudeCode\\managed-settings.d\\agent-guard.json',
  ],
};

for (const [platform, [dir, hook, dropIn]] of Object.entries(POLICY)) {
  test(`install --managed --platform ${platform}: the drop-in on stdout, the hook at ${hook}, where it goes on stderr`, () => {
    const r = ag(['install', '--managed', '--platform', platform]);
    assert.equal(r.status, 0, r.stderr);
    const settings = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(settings), ['hooks', 'permissions']);
    const [group] = settings.hooks.PreToolUse;
    assert.equal(group.matcher, '*');
    assert.equal(group.hooks[0].timeout, 10);
    assert.ok(group.hooks[0].command.startsWith(`f="${hook}"; unset NODE_OPTIONS `), group.hooks[0].command);
    assert.match(group.hooks[0].command, /; to fix it, run: sudo agent-guard install --managed --write" >&2; exit 2$/);
    assert.ok(settings.hooks.SessionStart[0].hooks[0].command.includes(group.hooks[0].command), 'the session-start check runs the same command');
    assert.ok(settings.permissions.deny.includes('Read(.env)'));
    assert.ok(r.stderr.includes(`Claude Code reads ${dir}${platform === 'win32' ? '\\' : '/'}managed-settings.json`), r.stderr);
    assert.ok(r.stderr.includes(`go to ${dropIn} (the org's own managed-settings.json is not touched)`), r.stderr);
    assert.match(r.stderr, /allowManagedHooksOnly: true \(add it with --managed-hooks-only\) makes managed hooks the only ones that run/);
  });
}

test('--managed-hooks-only adds allowManagedHooksOnly; --no-deny-rules leaves the permissions out; --write for another OS needs --managed-dir', () => {
  const r = ag(['install', '--managed', '--managed-hooks-only', '--no-deny-rules']);
  assert.deepEqual(Object.keys(JSON.parse(r.stdout)), ['hooks', 'allowManagedHooksOnly']);
  assert.equal(JSON.parse(r.stdout).allowManagedHooksOnly, true);
  const other = process.platform === 'darwin' ? 'linux' : 'darwin';
  const w = ag(['install', '--managed', '--write', '--platform', other]);
  assert.equal(w.status, 2);
  assert.match(w.stderr, /--write installs for this machine/);
});

test('--write (staged with --managed-dir): hook and drop-in written, status counts it, a project disableAllHooks does not switch it off, uninstall removes it', () => {
  const home = scratch('managed-write');
  const dir = join(home, 'ClaudeCode');
  const ws = join(home, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  const w = ag(['install', '--managed', '--write', '--managed-dir', dir], { home });
  assert.equal(w.status, 0, w.stderr);
  const dropIn = join(dir, 'managed-settings.d/agent-guard.json');
  const hookFile = join(dir, 'hooks/agent-guard.cjs');
  assert.equal(statSync(hookFile).mode & 0o777, 0o644);
  assert.ok(!existsSync(join(dir, 'managed-settings.json')), 'the org file is not created');
  const { command } = JSON.parse(readFileSync(dropIn, 'utf8')).hooks.PreToolUse[0].hooks[0];
  assert.ok(command.includes(`f="${hookFile}"`));
  const deny = run('sh', ['-c', command], { cwd: ws, env: { PATH: process.env.PATH, HOME: home }, input: bashPayload('rm -rf ~', ws) });
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, 'deny');

  writeFileSync(join(ws, '.claude/settings.json'), '{ "disableAllHooks": true }\n');
  const st = ag(['status', ws, '--managed-dir', dir], { home });
  assert.equal(st.status, 0, st.stdout);
  assert.match(
    st.stdout,
    new RegExp(
      `installed: managed settings ${dropIn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(hook file: current\\); user, project and local settings cannot switch it off`,
    ),
  );
  assert.match(st.stdout, /off: {7}\.claude\/settings\.json sets disableAllHooks: true/);
  assert.match(st.stdout, /verdict: {3}guarded and current/);
  assert.match(st.stdout, /^check: {5}managed settings .*: guarded; the installed hook command denied a test call \(rm -rf ~\), in \d+ ms$/m);
  // Managed disableAllHooks does switch it off.
  writeFileSync(join(dir, 'managed-settings.json'), '{ "disableAllHooks": true }\n');
  const off = ag(['status', ws, '--managed-dir', dir], { home });
  assert.equal(off.status, 1);
  assert.match(off.stdout, /verdict: {3}NOT guarded: managed settings \(.*\) set disableAllHooks: no hook runs, Agent Guard included/);

  const u = ag(['uninstall', '--managed', '--managed-dir', dir], { home });
  assert.equal(u.status, 0, u.stderr);
  assert.ok(!existsSync(dropIn) && !existsSync(hookFile));
  assert.equal(readFileSync(join(dir, 'managed-settings.json'), 'utf8'), '{ "disableAllHooks": true }\n', 'the org file is left as it was');
});

test('a drop-in that is not ours is not overwritten', () => {
  const home = scratch('managed-foreign');
  const dir = join(home, 'ClaudeCode');
  mkdirSync(join(dir, 'managed-settings.d'), { recursive: true });
  writeFileSync(join(dir, 'managed-settings.d/agent-guard.json'), '{ "model": "x" }\n');
  const w = ag(['install', '--managed', '--write', '--managed-dir', dir], { home });
  assert.equal(w.status, 2);
  assert.match(w.stderr, /exists and is not Agent Guard's; refusing to overwrite it/);
  assert.equal(readFileSync(join(dir, 'managed-settings.d/agent-guard.json'), 'utf8'), '{ "model": "x" }\n');
});

test(`real Claude Code (${hostCli('claude').version}) reads the written /etc/claude-code drop-in: a project's disableAllHooks does not stop the guard`, () => {
  assert.equal(process.getuid?.(), 0, 'this test writes /etc/claude-code inside a private mount namespace, which needs root (CI runs as root)');
  const ov = mkdtempSync(join(scratch('managed-ns'), 'ov-'));
  mkdirSync(join(ov, 'upper'));
  mkdirSync(join(ov, 'work'));
  const script = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${ov}/upper,workdir=${ov}/work /etc && exec "${process.execPath}" "${join(ROOT, 'test/distribution/managed-session.mjs')}"`;
  const r = run('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], { env: process.env, timeout: 180_000 });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1));
  assert.equal(out.written.status, 0, out.written.stderr);
  assert.deepEqual(out.files, ['/etc/claude-code/managed-settings.d/agent-guard.json', '/etc/claude-code/hooks/agent-guard.cjs']);
  assert.match(out.status.stdout, /installed: managed settings \/etc\/claude-code\/managed-settings\.d\/agent-guard\.json \(hook file: current\)/);
  assert.equal(out.pushed, false, `the force push happened: ${JSON.stringify(out)}`);
  assert.match(out.result ?? '', /\[agent-guard: force-push-protected\]/);
  assert.ok(!existsSync('/etc/claude-code'), "the machine's own /etc is untouched");
});

test('a staging folder with $, quotes and spaces: the command quotes it for sh, status reads it back, a missing hook names the managed fix', () => {
  const home = scratch('managed-quote');
  const dir = join(home, `it's $HOME "x"`, 'ClaudeCode');
  const ws = join(home, 'ws');
  mkdirSync(ws);
  mkdirSync(join(home, `it's $HOME "x"`)); // the policy folder's parent exists (/etc, /Library/Application Support, C:\Program Files)
  assert.equal(ag(['install', '--managed', '--write', '--managed-dir', dir], { home }).status, 0);
  const { command } = JSON.parse(readFileSync(join(dir, 'managed-settings.d/agent-guard.json'), 'utf8')).hooks.PreToolUse[0].hooks[0];
  const deny = run('sh', ['-c', command], { cwd: ws, env: { PATH: process.env.PATH, HOME: home }, input: bashPayload('rm -rf ~', ws) });
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, 'deny');
  assert.match(ag(['status', ws, '--managed-dir', dir], { home }).stdout, /\(hook file: current\)/);
  rmSync(join(dir, 'hooks/agent-guard.cjs'));
  const missing = run('sh', ['-c', command], { cwd: ws, env: { PATH: process.env.PATH, HOME: home }, input: '' }); // it reads no input
  assert.equal(missing.status, 2, 'a block with the reason, not a pass');
  assert.match(
    missing.stderr,
    /agent-guard: hook file .*agent-guard\.cjs not found, so Agent Guard checks nothing and blocks every call; to fix it, run: sudo agent-guard install --managed --write/,
  );
  const st = ag(['status', ws, '--managed-dir', dir], { home });
  assert.equal(st.status, 1);
  assert.match(st.stdout, /hook file: MISSING/);
});

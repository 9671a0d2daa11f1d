// dist/hook.cjs and `agent-guard check` as Claude Code runs them: a process, JSON on stdin.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
const CLI = join(ROOT, 'dist/cli.cjs');
const CACHE = mkdtempSync(join(tmpdir(), 'agent-guard-cache-'));

function run(file: string, stdin: string, args: string[] = [], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [file, ...args], {
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, HOME: '/home/user', CLAUDE_PROJECT_DIR: '', XDG_CACHE_HOME: CACHE, ...env },
    timeout: 20000,
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const payload = (command: string) =>
  JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/home/user/project' });

for (const [name, file, args] of [
  ['hook', HOOK, []],
  ['agent-guard check', CLI, ['check']],
] as const) {
  test(`${name}: a dangerous call gets exactly one deny JSON, exit 0`, () => {
    const r = run(file, payload('git push --force origin main'), [...args]);
    assert.equal(r.status, 0);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out), ['hookSpecificOutput']);
    assert.equal(out.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /--force-with-lease.*\[agent-guard: force-push-protected\]/);
  });

  test(`${name}: a harmless call gets silence, never "allow"`, () => {
    const r = run(file, payload('npm test'), [...args]);
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, '');
  });

  for (const [what, stdin] of [
    ['empty input', ''],
    ['input that is not JSON', 'not json {'],
    ['a JSON array', '[1,2]'],
    ['a payload without tool_name', '{"tool_input":{}}'],
  ] as const) {
    test(`${name}: ${what} is no opinion with one clear stderr line`, () => {
      const r = run(file, stdin, [...args]);
      assert.equal(r.status, 0);
      assert.equal(r.stdout, '');
      const lines = r.stderr.trim().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      assert.match(lines[0]!, /^agent-guard: .*no opinion$/);
      assert.doesNotMatch(r.stderr, /at .*\.cjs:\d+/, 'no stack trace');
    });
  }
}

test('hook: unknown tools and tools without a command are no opinion', () => {
  for (const p of [
    { tool_name: 'mcp__memory__store', tool_input: { key: 'rm -rf /' }, cwd: '/tmp' },
    { tool_name: 'Bash', tool_input: {}, cwd: '/tmp' },
    { tool_name: 'Bash', tool_input: { command: 42 }, cwd: '/tmp' },
    { tool_name: 'Read', tool_input: { file_path: null }, cwd: '/tmp' },
  ]) {
    const r = run(HOOK, JSON.stringify(p));
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '');
  }
});

test('hook: a 1 MB command is analysed up to the cap and still answers', () => {
  const big = `rm -rf / ; ${'echo hello && '.repeat(80_000)}true`;
  const r = run(HOOK, payload(big));
  assert.equal(r.status, 0);
  assert.match(r.stdout, /rm-catastrophic/);
});

test('hook: deeply nested substitutions after rm -rf / are denied, not timed out', () => {
  const r = run(HOOK, payload(`rm -rf / ${'$('.repeat(5000)}${')'.repeat(5000)}`));
  assert.equal(r.status, 0);
  assert.match(r.stdout, /rm-catastrophic/);
});

test('hook bundle is self-contained: no require of anything outside node built-ins', async () => {
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(HOOK, 'utf8');
  // the loader's own requires, and the embedded code's (escaped inside the string)
  const requires = [...text.matchAll(/require\((?:'|\\?")([^'"\\]+)(?:'|\\?")\)/g)].map((m) => m[1]!);
  assert.ok(requires.length > 3);
  for (const r of requires)
    assert.match(r, /^(node:)?(fs|path|os|vm|child_process|util|crypto|url|events|stream|buffer|assert|string_decoder|tty|module|zlib|v8|net)$/, r);
  assert.doesNotMatch(text, /examples:\{blocked:\[\{/, 'examples are stripped from the hook');
});

test('hook keeps V8 code cache in a private folder, and works without it', () => {
  const cache = mkdtempSync(join(tmpdir(), 'agent-guard-cache-'));
  const first = run(HOOK, payload('rm -rf ~'), [], { XDG_CACHE_HOME: cache });
  // The compiled code, and the seal that binds it to this file's code (test/code-cache.test.ts).
  const files = readdirSync(join(cache, 'agent-guard')).sort();
  assert.deepEqual(
    files.map((f) => f.replace(/^[0-9a-f]{16}/, 'KEY')),
    [`KEY-${process.versions.v8}-${process.arch}.agc3`, 'KEY.seal'],
  );
  for (const f of files) assert.equal(statSync(join(cache, 'agent-guard', f)).mode & 0o077, 0, `${f} is private`);
  const second = run(HOOK, payload('rm -rf ~'), [], { XDG_CACHE_HOME: cache });
  const off = run(HOOK, payload('rm -rf ~'), [], { AGENT_GUARD_NO_CACHE: '1' });
  const readOnly = run(HOOK, payload('rm -rf ~'), [], { XDG_CACHE_HOME: '/proc/no-such-place' });
  for (const r of [first, second, off, readOnly]) {
    assert.equal(r.status, 0);
    assert.match(r.stdout, /rm-catastrophic/);
    assert.equal(r.stderr, '');
  }
});

test('agent-guard explain shows the programs and the decision', () => {
  const r = run(CLI, '', ['explain', 'FOO=1 sudo rm -rf /']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /rm\s+via sudo/);
  assert.match(r.stdout, /decision: deny by rm-catastrophic/);
  assert.match(r.stdout, /effects: delete\(\/, recursive\)/);
  assert.match(r.stdout, /effects: execute\(shell: rm -rf \/\), escalate\(sudo\)/);
  const cp = run(CLI, '', ['explain', '--cwd', '/home/user/project', 'cp .env /tmp/e.txt && mytool x.txt']);
  assert.match(cp.stdout, /effects: read\(\.env, copy → \/tmp\/e\.txt\), write\(\/tmp\/e\.txt, cp\)/);
  assert.match(cp.stdout, /effects \(unknown program: positionals may be read\): read\?\(x\.txt, content\)/);
  const ok = run(CLI, '', ['explain', 'ls -la']);
  assert.equal(ok.status, 0);
  assert.match(ok.stdout, /no opinion/);
});

test('agent-guard with an unknown command prints usage and exits 2', () => {
  const r = run(CLI, '', ['frobnicate']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown command "frobnicate"/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('agent-guard --version (and version, -V) prints the package version and exits 0', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const arg of ['--version', 'version', '-V']) {
    const r = run(CLI, '', [arg]);
    assert.equal(r.status, 0, arg);
    assert.equal(r.stdout, `agent-guard ${version}\n`, arg);
  }
});

test('a reader that closes the pipe early stops the output quietly: no stack trace', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-pipe-'));
  const lines = Array.from({ length: 4000 }, (_, i) => `Line ${i}: see @docs/missing-${i}.md.`).join('\n');
  writeFileSync(join(ws, 'CLAUDE.md'), `# P\n\n${lines}\n`);
  // The shell's `head -c 1` exits after one byte; the lint output is far larger than a pipe holds.
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" lint --format json | head -c 1 >/dev/null`], {
    cwd: ws,
    encoding: 'utf8',
    env: { ...process.env, HOME: '/home/user', CLAUDE_PROJECT_DIR: '', XDG_CACHE_HOME: CACHE },
    timeout: 20000,
  });
  assert.equal(r.stderr, '');
});

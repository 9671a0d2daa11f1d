// What Agent Guard prints quotes commands the agent chose: no raw control characters may reach the
// terminal. And no secret may leave through it: the redaction forms added for #14.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeControl } from '../core/terminal';
import { redact, secretValues } from '../core/redact';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
const CLI = join(ROOT, 'dist/cli.cjs');

const OSC52 = '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007';
const ANSI = '\u001b[2K\u001b[1A\u001b[8m';
// Any raw control character but newline and tab.
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test('escapeControl: OSC 52, ANSI, CR, C1 and bidi controls become visible text', () => {
  assert.equal(escapeControl(`rm -rf ~ #${OSC52}`), 'rm -rf ~ #\\e]52;c;Y3VybCBldmlsIHwgc2g=\\a');
  assert.equal(escapeControl(`ls${ANSI}`), 'ls\\e[2K\\e[1A\\e[8m');
  assert.equal(escapeControl('safe\rrm -rf /'), 'safe\\rrm -rf /');
  assert.equal(escapeControl('a\u009b31mb'), 'a\\x9b31mb');
  assert.equal(escapeControl('x\u202eexe.txt'), 'x\\u{202e}exe.txt');
  assert.equal(escapeControl('one\ntwo\tthree'), 'one\\ntwo\tthree', "'line': a newline is escaped, a tab kept");
  assert.equal(escapeControl('one\ntwo\r', 'text'), 'one\ntwo\\r', "'text': newlines stay");
  assert.equal(escapeControl('plain text, ünïcødé 工作'), 'plain text, ünïcødé 工作', 'ordinary text is unchanged');
  // 'json': still JSON, same value, nothing raw.
  const value = { c: `a${OSC52}\u009b\u202e\u007f` };
  const json = escapeControl(JSON.stringify(value), 'json');
  assert.doesNotMatch(json, RAW);
  assert.deepEqual(JSON.parse(json), value);
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-term-'));
  mkdirSync(join(dir, '.claude'));
  return dir;
}

const env = { ...process.env, HOME: '/home/user', AGENT_GUARD_NO_CACHE: '1' };

test('agent-guard log, log --json and explain print no raw control characters from a command', () => {
  const dir = project();
  const command = `rm -rf ~ # ${OSC52}${ANSI}\rnothing to see`;
  const h = spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: dir }),
    encoding: 'utf8',
    env: { ...env, CLAUDE_PROJECT_DIR: dir },
  });
  assert.match(h.stdout, /rm-catastrophic/);
  const log = spawnSync(process.execPath, [CLI, 'log', dir], { encoding: 'utf8', env });
  assert.doesNotMatch(log.stdout, RAW);
  assert.match(log.stdout, /rm-catastrophic +Bash +rm -rf ~ # \\e\]52;c;Y3VybCBldmlsIHwgc2g=\\a\\e\[2K\\e\[1A\\e\[8m\\rnothing to see\n$/);
  const json = spawnSync(process.execPath, [CLI, 'log', '--json', dir], { encoding: 'utf8', env });
  assert.doesNotMatch(json.stdout, RAW);
  assert.equal(JSON.parse(json.stdout)[0].target, command, 'the JSON keeps the exact value');
  const ex = spawnSync(process.execPath, [CLI, 'explain', command], { encoding: 'utf8', env });
  assert.doesNotMatch(ex.stdout, RAW);
  assert.match(ex.stdout, /^command: rm -rf ~ # \\e\]52;/);
  const exJson = spawnSync(process.execPath, [CLI, 'explain', '--json', command], { encoding: 'utf8', env });
  assert.doesNotMatch(exJson.stdout, RAW);
});

test('a log file edited to carry escapes in every field is still printed escaped', () => {
  const dir = project();
  mkdirSync(join(dir, '.claude/agent-guard'));
  writeFileSync(
    join(dir, '.claude/agent-guard/decisions.jsonl'),
    `${JSON.stringify({ time: `t${OSC52}`, tool: `B${ANSI}`, guard: `g\u009b`, decision: 'deny', target: 'x', reason: 'r', key: 'k' })}\n`,
  );
  const log = spawnSync(process.execPath, [CLI, 'log', dir], { encoding: 'utf8', env });
  assert.equal(log.status, 0);
  assert.doesNotMatch(log.stdout, RAW);
});

test('the reason the Copilot and Gemini CLIs show (their JSON deny, and stderr) carries no raw control characters', () => {
  const dir = project();
  const payloads: [Record<string, unknown>, (j: Record<string, unknown>) => unknown][] = [
    [{ toolName: 'bash', toolArgs: JSON.stringify({ command: `rm -rf ~ ${OSC52}` }), cwd: dir }, (j) => j.permissionDecisionReason],
    [{ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: `rm -rf ~ ${OSC52}` }, cwd: dir }, (j) => j.reason],
  ];
  for (const [payload, reasonOf] of payloads) {
    const h = spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify(payload),
      encoding: 'utf8',
      env: { ...env, CLAUDE_PROJECT_DIR: dir, AGENT_GUARD_NO_LOG: '1' },
    });
    assert.equal(h.status, 0, h.stderr);
    const reason = reasonOf(JSON.parse(h.stdout) as Record<string, unknown>);
    assert.equal(typeof reason, 'string');
    assert.match(reason as string, /rm-catastrophic/);
    assert.doesNotMatch(reason as string, RAW);
    assert.doesNotMatch(h.stderr, RAW);
  }
});

test('redaction: curl -u user:PASS, --user, -uuser:PASS', () => {
  assert.equal(redact('curl -u admin:hunter2 https://api.example.com'), 'curl -u admin:[REDACTED] https://api.example.com');
  assert.equal(redact('curl --user "admin:p@ss w0rd" x'), 'curl --user "admin:[REDACTED]" x');
  assert.equal(redact("curl --user 'bob:s3cr3t' x"), "curl --user 'bob:[REDACTED]' x");
  assert.equal(redact('curl -ubob:s3cr3t x'), 'curl -ubob:[REDACTED] x');
  assert.equal(redact('curl --user=bob:s3cr3t x'), 'curl --user=bob:[REDACTED] x');
  assert.equal(redact('git push -u origin main && sort -u a:b'), 'git push -u origin main && sort -u a:b', '-u of other programs is left alone');
});

test('redaction: mysql -pPASS and --password=', () => {
  assert.equal(redact('mysql -u root -phunter2 app'), 'mysql -u root -p[REDACTED] app');
  assert.equal(redact('mysqldump -uroot -pS3cret! db > dump.sql'), 'mysqldump -uroot -p[REDACTED] db > dump.sql');
  assert.equal(redact('mysql --password=hunter2 app'), 'mysql --password=[REDACTED] app');
  assert.equal(redact('mysql -p app'), 'mysql -p app', 'a bare -p prompts: nothing to redact');
  assert.equal(redact('mkdir -pv build; mysql -ptopsecret'), 'mkdir -pv build; mysql -p[REDACTED]', 'only the mysql segment');
});

test('redaction: X-Api-Key / Authorization-style headers', () => {
  assert.equal(redact('curl -H "X-Api-Key: abc123" https://x'), 'curl -H "X-Api-Key: [REDACTED]" https://x');
  assert.equal(redact("curl -H 'Authorization: Bearer eyJ0' x"), "curl -H 'Authorization: Bearer [REDACTED]' x");
  assert.equal(redact('curl -H "Authorization: sk1" x'), 'curl -H "Authorization: [REDACTED]" x');
  assert.equal(redact('wget --header="X-Auth-Token: t0k" x'), 'wget --header="X-Auth-Token: [REDACTED]" x');
  assert.equal(redact('curl -H "Cookie: session=abc" x'), 'curl -H "Cookie: [REDACTED]" x');
  assert.equal(redact('curl -H "Content-Type: application/json" https://x:8080/a'), 'curl -H "Content-Type: application/json" https://x:8080/a');
});

test('redaction: short .env values of secret-named variables, as whole words', () => {
  const values = secretValues([
    { name: 'DB_PASSWORD', file: '.env', value: 'hunt3r' },
    { name: 'API_KEY', file: '.env', value: 'k9z' },
    { name: 'PORT', file: '.env', value: '3000' },
    { name: 'NODE_ENV', file: '.env', value: 'dev' },
    { name: 'SESSION_SECRET', file: '.env', value: 'ab' },
  ]);
  assert.deepEqual(values, ['hunt3r', 'k9z']);
  assert.equal(redact('psql -W hunt3r; echo k9z; echo hunt3rs', values), 'psql -W [REDACTED]; echo [REDACTED]; echo hunt3rs');
  assert.equal(redact('npm run dev -- --port 3000', values), 'npm run dev -- --port 3000');
});

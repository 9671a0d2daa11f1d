// .claude/agent-guard.json: modes per guard, fail-closed, workspace guards, the decision log.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import guards from 'agent-guard:guards';
import { DEFAULT_CONFIG, parseConfig } from '../core/config';
import { evaluatePayload } from '../core/guards/dispatch';
import { defineGuard } from '../core/guards/types';
import { readDecisions } from '../core/guards/decision-log';
import { redact } from '../core/redact';
import { evaluateAt, PROJECT } from './support/run';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const HOOK = join(ROOT, 'dist/hook.cjs');
const CLI = join(ROOT, 'dist/cli.cjs');
const CACHE = mkdtempSync(join(tmpdir(), 'agent-guard-cache-'));
// The user's trust store (workspace guards run only when trusted): a scratch one for every process started here.
process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'agent-guard-config-home-'));

function project(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-config-'));
  mkdirSync(join(dir, '.claude'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

function hook(dir: string, command: string, extra: Record<string, unknown> = {}) {
  const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: dir, session_id: 's1', ...extra });
  const r = spawnSync(process.execPath, [HOOK], {
    input,
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: dir, HOME: '/home/user', XDG_CACHE_HOME: CACHE },
  });
  return { out: r.stdout ? JSON.parse(r.stdout).hookSpecificOutput : null, stderr: r.stderr, status: r.status };
}

/** The person's consent to what the workspace's configuration loosens (the CLI, as they would run it). */
function consent(dir: string): void {
  const r = spawnSync(process.execPath, [CLI, 'trust', dir], { encoding: 'utf8', env: { ...process.env, HOME: '/home/user' } });
  assert.equal(r.status, 0, r.stdout + r.stderr);
}

test('a guard set to "ask" asks, "off" is silent, and deny stays the default', () => {
  const dir = project({ '.claude/agent-guard.json': '{ "guards": { "destructive-git": "ask", "force-push-protected": "off" } }' });
  // Both loosen the guard: until the person consents, the defaults hold.
  assert.equal(hook(dir, 'git reset --hard').out.permissionDecision, 'deny');
  assert.notEqual(hook(dir, 'git push --force origin main').out, null);
  consent(dir);
  assert.equal(hook(dir, 'git reset --hard').out.permissionDecision, 'ask');
  assert.equal(hook(dir, 'git push --force origin main').out, null);
  assert.equal(hook(dir, 'rm -rf ~').out.permissionDecision, 'deny');
});

test('config accepts comments and trailing commas; a broken config means defaults and one stderr line', () => {
  const commented = project({ '.claude/agent-guard.json': '{\n  // teams that want a prompt instead\n  "guards": { "destructive-git": "ask", },\n}\n' });
  consent(commented);
  assert.equal(hook(commented, 'git reset --hard').out.permissionDecision, 'ask');
  const broken = project({ '.claude/agent-guard.json': '{ "guards": ' });
  const r = hook(broken, 'git reset --hard');
  assert.equal(r.out.permissionDecision, 'deny');
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.match(r.stderr, /agent-guard\.json is not valid JSON .*using defaults/);
});

test('config validation names each problem', () => {
  const { config, problems } = parseConfig({ guards: { 'rm-catastrophic': 'maybe' }, protectedBranches: 'main', failMode: 'shut', extra: 1 });
  assert.deepEqual(problems, [
    'unknown key "extra"',
    'guards.rm-catastrophic must be "deny", "ask", "monitor" or "off"',
    '"protectedBranches" must be an array of strings',
    '"failMode" must be "open" or "closed"',
  ]);
  assert.deepEqual(config.protectedBranches, DEFAULT_CONFIG.protectedBranches);
  assert.deepEqual(parseConfig({ protectedBranches: ['main', 'stable/*'] }).config.protectedBranches, ['main', 'stable/*']);
});

test('configured protected branches and secret files are honoured', () => {
  const config = parseConfig({ protectedBranches: ['stable/*'], secretFiles: ['config/credentials.yml', '!**/*.example.yml'] }).config;
  assert.equal(evaluateAt('Bash', { command: 'git push -f origin stable/2' }, PROJECT, PROJECT, config).evaluation.verdict?.guardId, 'force-push-protected');
  assert.equal(evaluateAt('Bash', { command: 'git push -f origin main' }, PROJECT, PROJECT, config).evaluation.verdict, null);
  assert.equal(evaluateAt('Bash', { command: 'cat config/credentials.yml' }, PROJECT, PROJECT, config).evaluation.verdict?.guardId, 'secret-read');
  assert.equal(evaluateAt('Bash', { command: 'cat config/credentials.example.yml' }, PROJECT, PROJECT, config).evaluation.verdict, null);
});

const broken = defineGuard({
  id: 'always-throws',
  title: 'A guard with a bug in it',
  prevents: 'nothing; it exists to test isolation',
  tools: ['Bash'],
  check() {
    throw new Error('boom');
  },
  examples: { blocked: [], allowed: [] },
});

test('fail-open (default): a guard exception is no opinion plus one note; other guards still run', () => {
  const set = [broken, ...guards];
  const ok = evaluatePayload({ tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: PROJECT }, { guards: set, home: '/home/user', fallbackCwd: PROJECT });
  assert.equal(ok.verdict, null);
  assert.deepEqual(ok.notes, ['agent-guard: guard always-throws failed (boom); no opinion']);
  const bad = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: PROJECT },
    { guards: set, home: '/home/user', fallbackCwd: PROJECT },
  );
  assert.equal(bad.verdict?.guardId, 'rm-catastrophic');
});

test('fail-closed: a guard exception, unreadable input and an oversize command each deny with a clear reason', () => {
  const closed = { ...DEFAULT_CONFIG, failMode: 'closed' as const };
  const e = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: PROJECT },
    { guards: [broken, ...guards], home: '/home/user', fallbackCwd: PROJECT, config: closed },
  );
  assert.equal(e.verdict?.decision, 'deny');
  assert.match(e.verdict!.reason, /guard always-throws failed .*failMode is "closed"/);
  const shapeless = evaluatePayload({ nope: 1 }, { guards, home: '/home/user', fallbackCwd: PROJECT, config: closed });
  assert.match(shapeless.verdict!.reason, /unreadable tool call \(payload has no tool_name\)/);
  const huge = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: `echo ${'a'.repeat(300_000)}` }, cwd: PROJECT },
    { guards, home: '/home/user', fallbackCwd: PROJECT, config: closed },
  );
  assert.match(huge.verdict!.reason, /longer than 256 KiB/);
  // An oversize command is unanalysable, which is denied in every fail mode (soundness), not only "closed".
  const open = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: `echo ${'a'.repeat(300_000)}` }, cwd: PROJECT },
    { guards, home: '/home/user', fallbackCwd: PROJECT },
  );
  assert.equal(open.verdict?.guardId, 'unanalysable');
  const dir = project({ '.claude/agent-guard.json': '{ "failMode": "closed" }' });
  const r = spawnSync(process.execPath, [HOOK], {
    input: 'not json',
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: dir, XDG_CACHE_HOME: CACHE },
  });
  assert.match(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason, /input is not JSON.*"closed"/);
});

const WORKSPACE_GUARD = `module.exports = {
  id: 'no-prod-deploy',
  title: 'No deploys to production from the agent',
  prevents: 'make deploy-prod ships whatever is on disk to customers',
  tools: ['Bash'],
  check(call, ctx) {
    for (const inv of ctx.shell().invocations) {
      if (inv.program === 'make' && inv.args.some((a) => a.known === 'deploy-prod')) return { reason: 'Deploying to production is for a human.', instead: 'make deploy-staging' };
    }
    return null;
  },
  examples: {
    blocked: [{ tool_name: 'Bash', tool_input: { command: 'make deploy-prod' } }, { tool_name: 'Bash', tool_input: { command: 'FOO=1 make deploy-prod' } }, { tool_name: 'Bash', tool_input: { command: 'npm run build && make deploy-prod' } }],
    allowed: [{ tool_name: 'Bash', tool_input: { command: 'make deploy-staging' } }, { tool_name: 'Bash', tool_input: { command: 'make test' } }, { tool_name: 'Bash', tool_input: { command: 'echo make deploy-prod' } }],
  },
};
`;

test('workspace guards: loaded by the hook, tested by agent-guard test, broken ones skipped with a note', () => {
  const dir = project({
    '.claude/guards/no-prod-deploy.js': WORKSPACE_GUARD,
    '.claude/guards/broken.js': 'module.exports = { id: "Bad Id" };',
    '.claude/guards/throws.js': 'throw new Error("syntax is fine, load fails")',
  });
  assert.equal(spawnSync(process.execPath, [CLI, 'trust', dir], { encoding: 'utf8' }).status, 0);
  const r = hook(dir, 'make deploy-prod');
  assert.equal(r.out.permissionDecision, 'deny');
  assert.match(r.out.permissionDecisionReason, /\[agent-guard: no-prod-deploy\]/);
  assert.match(r.stderr, /broken\.js skipped: id must be/);
  assert.match(r.stderr, /throws\.js skipped: syntax is fine, load fails/);
  const t = spawnSync(process.execPath, [CLI, 'test', dir], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: CACHE } });
  assert.match(t.stdout, /6 passed, 0 failed \(1 guards\)/);
  assert.equal(t.status, 1, 'broken guard files make the run fail');
  // a guard whose own example does not hold fails the run
  const wrong = project({
    '.claude/guards/g.js': WORKSPACE_GUARD.replace(
      "allowed: [{ tool_name: 'Bash', tool_input: { command: 'make deploy-staging' } }",
      "allowed: [{ tool_name: 'Bash', tool_input: { command: 'make deploy-prod now' } }",
    ),
  });
  spawnSync(process.execPath, [CLI, 'trust', join(wrong, '.claude/guards/g.js')], { encoding: 'utf8' });
  const t2 = spawnSync(process.execPath, [CLI, 'test', wrong], { encoding: 'utf8' });
  assert.equal(t2.status, 1);
  assert.match(t2.stdout, /✖ no-prod-deploy allowed Bash: make deploy-prod now\n\s+denied by no-prod-deploy/);
});

test('decision log: one redacted line per denial, deduplicated, in a folder git ignores', () => {
  const dir = project();
  const key = ['ghp', 'k3Jd8Fh2Lm9Qx4Rv7Tz1Wb6Yn0Pc5Se8Ug2A'].join('_');
  hook(dir, `GITHUB_TOKEN=${key} git push --force origin main`, { tool_use_id: 'toolu_1' });
  hook(dir, `GITHUB_TOKEN=${key} git push --force origin main`, { tool_use_id: 'toolu_1' }); // the same call, seen twice
  hook(dir, 'ls -la');
  hook(dir, 'rm -rf ~', { tool_use_id: 'toolu_2' });
  const log = readFileSync(join(dir, '.claude/agent-guard/decisions.jsonl'), 'utf8');
  assert.equal(log.trim().split('\n').length, 2);
  assert.doesNotMatch(log, new RegExp(key));
  assert.match(log, /GITHUB_TOKEN=\[REDACTED\]/);
  assert.equal(readFileSync(join(dir, '.claude/agent-guard/.gitignore'), 'utf8').split('\n')[1], '*');
  assert.deepEqual(
    readDecisions(dir).map((e) => e.guard),
    ['force-push-protected', 'rm-catastrophic'],
  );
  const cli = spawnSync(process.execPath, [CLI, 'log', dir], { encoding: 'utf8' });
  assert.match(cli.stdout, /deny force-push-protected/);
  // outside a Claude Code project nothing is written
  const plain = mkdtempSync(join(tmpdir(), 'agent-guard-plain-'));
  spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: plain }),
    env: { ...process.env, CLAUDE_PROJECT_DIR: plain, XDG_CACHE_HOME: CACHE },
  });
  assert.equal(existsSync(join(plain, '.claude')), false);
});

test('redaction removes token formats, secret assignments, URL passwords and bearer tokens', () => {
  const tok = ['xoxb', '2839475610-8473625190-q7W3e9R2t5Y8u1I4o6P0a3S5'].join('-');
  const text = redact(`curl -H "Authorization: Bearer abc.def.ghi123" https://u:hunter2@db.example.com ${tok} API_KEY=12345678 PORT=3000 --password=s3cret`);
  for (const secret of ['abc.def.ghi123', 'hunter2', tok, '12345678', 's3cret']) assert.ok(!text.includes(secret), `${secret} in ${text}`);
  assert.match(text, /PORT=3000/);
});

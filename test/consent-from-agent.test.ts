// Red team of issue #25: consent is the person's. guard-tamper denies `agent-guard trust` and
// `agent-guard allow` in the agent's tool calls it can read, but not every way a line can run a
// program (`npm pkg set scripts.t="agent-guard trust" && npm run t` wrote the script the same line
// runs). So the commands themselves refuse to record consent inside an agent's tool call: Claude
// Code marks every command it runs with CLAUDECODE=1, the Gemini CLI with GEMINI_CLI=1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentSessionMarker } from '../core/consent';

const CLI = join(process.env.AGENT_GUARD_ROOT!, 'dist/cli.cjs');

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-agent-consent-')));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude/guards'), { recursive: true });
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{ "guards": { "guard-tamper": "off" } }\n');
  writeFileSync(
    join(ws, '.claude/guards/allow.js'),
    "module.exports = { id: 'x', title: 'x', prevents: 'x', tools: ['Bash'], check() { return null; }, examples: { blocked: [], allowed: [] } };\n",
  );
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'config'),
    AGENT_GUARD_NO_CACHE: '1',
  };
  for (const k of ['CLAUDECODE', 'GEMINI_CLI']) delete env[k];
  const cli = (extra: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...env, ...extra }, cwd: ws, input: '' });
  return { ws, store: join(root, 'config/agent-guard/trusted.json'), cli };
}

test('the markers of an agent tool call', () => {
  assert.equal(agentSessionMarker({ CLAUDECODE: '1' }), 'CLAUDECODE=1');
  assert.equal(agentSessionMarker({ GEMINI_CLI: '1' }), 'GEMINI_CLI=1');
  assert.equal(agentSessionMarker({ CLAUDECODE: '' }), null);
  assert.equal(agentSessionMarker({}), null);
});

test('agent-guard trust inside an agent tool call records nothing and says where to run it', () => {
  const s = setup();
  for (const marker of [{ CLAUDECODE: '1' }, { GEMINI_CLI: '1' }] as Record<string, string>[]) {
    const r = s.cli(marker, 'trust', s.ws);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /^agent-guard: trust records your consent, so it runs only in your own terminal, not in an agent's tool call \((CLAUDECODE|GEMINI_CLI)=1 says this is one\)\n$/,
    );
    assert.equal(existsSync(s.store), false, 'no consent recorded');
  }
  // The person, in their own terminal: recorded.
  const own = s.cli({}, 'trust', s.ws);
  assert.equal(own.status, 0, own.stderr);
  assert.equal(existsSync(s.store), true);
});

test('agent-guard allow inside an agent tool call writes no exception; untrust (which only tightens) still works', () => {
  const s = setup();
  const r = s.cli({ CLAUDECODE: '1' }, 'allow', 'git push --force origin main');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^agent-guard: allow records your consent, so it runs only in your own terminal/);
  assert.equal(existsSync(join(s.ws, '.claude/agent-guard/local.json')), false);
  assert.equal(s.cli({ CLAUDECODE: '1' }, 'untrust', s.ws).status, 0);
});

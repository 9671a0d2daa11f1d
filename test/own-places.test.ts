// Red team of issue #25: the folders the hook reads outside the project (its trust store, its code
// cache, Claude Code's user settings and hook) are where the hook's environment puts them
// (XDG_CONFIG_HOME, XDG_CACHE_HOME, CLAUDE_CONFIG_DIR), not only at their defaults. An agent whose
// shell has the same environment as the hook must not be able to write a consent record, a code
// cache file or the user settings there: guard-tamper judges the places the hook really uses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownPlaces } from '../core/own-places';
import { trustFile } from '../core/trust';

const HOOK = join(process.env.AGENT_GUARD_ROOT!, 'dist/hook.cjs');

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-places-')));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  // The moved folders sit in the workspace's neighbourhood the agent may write to (/tmp is always allowed).
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'xdg-config'),
    XDG_CACHE_HOME: join(root, 'xdg-cache'),
    CLAUDE_CONFIG_DIR: join(root, 'claude-config'),
    AGENT_GUARD_NO_LOG: '1',
    AGENT_GUARD_NO_CACHE: '1',
  };
  const guard = (tool: string, input: Record<string, unknown>) => {
    const r = spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify({ tool_name: tool, tool_input: input, cwd: ws }),
      encoding: 'utf8',
      env: { ...env, CLAUDE_PROJECT_DIR: ws },
    });
    return /\[agent-guard: ([a-z-]+)\]/.exec(r.stdout)?.[1] ?? null;
  };
  return { root, ws, env, guard };
}

test('ownPlaces: the trust store, the code cache and Claude Code user folder as the environment places them', () => {
  assert.deepEqual(ownPlaces({}, '/home/u', 'linux'), {
    trust: '/home/u/.config/agent-guard',
    cache: '/home/u/.cache/agent-guard',
    claudeConfig: '/home/u/.claude',
    vars: {},
  });
  assert.deepEqual(ownPlaces({ XDG_CONFIG_HOME: '/x/c', XDG_CACHE_HOME: '/x/k', CLAUDE_CONFIG_DIR: '/x/cl' }, '/home/u', 'linux'), {
    trust: '/x/c/agent-guard',
    cache: '/x/k/agent-guard',
    claudeConfig: '/x/cl',
    vars: { XDG_CONFIG_HOME: '/x/c', XDG_CACHE_HOME: '/x/k', CLAUDE_CONFIG_DIR: '/x/cl' },
  });
  assert.deepEqual(ownPlaces({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'C:/Users/u', 'win32'), {
    trust: 'C:/Users/u/AppData/Roaming/agent-guard',
    cache: 'C:/Users/u/AppData/Local/agent-guard',
    claudeConfig: 'C:/Users/u/.claude',
    vars: { APPDATA: 'C:/Users/u/AppData/Roaming', LOCALAPPDATA: 'C:/Users/u/AppData/Local' },
  });
  // A relative XDG folder is invalid (XDG Base Directory spec) and would put the store inside the
  // workspace the agent writes: the default holds.
  assert.equal(ownPlaces({ XDG_CONFIG_HOME: '.cfg', XDG_CACHE_HOME: 'k' }, '/home/u', 'linux').trust, '/home/u/.config/agent-guard');
  assert.equal(ownPlaces({ XDG_CONFIG_HOME: '.cfg', XDG_CACHE_HOME: 'k' }, '/home/u', 'linux').cache, '/home/u/.cache/agent-guard');
  assert.equal(trustFile({ XDG_CONFIG_HOME: '.cfg', HOME: '/home/u' }, 'linux'), '/home/u/.config/agent-guard/trusted.json');
});

test('a consent record written where XDG_CONFIG_HOME puts the trust store is tamper', () => {
  const { env, guard } = setup();
  const store = join(env.XDG_CONFIG_HOME!, 'agent-guard', 'trusted.json');
  assert.equal(guard('Write', { file_path: store, content: '{"version":1,"guards":{},"config":{}}' }), 'guard-tamper');
  assert.equal(guard('Bash', { command: 'cp /tmp/t.json "$XDG_CONFIG_HOME/agent-guard/trusted.json"' }), 'guard-tamper');
  assert.equal(guard('Bash', { command: `cp /tmp/t.json ${store}` }), 'guard-tamper');
  assert.equal(guard('Bash', { command: `ln -sfn /tmp/mine ${join(env.XDG_CONFIG_HOME!, 'agent-guard')}` }), 'guard-tamper');
  assert.equal(guard('Bash', { command: `cat ${store}` }), null, 'reading it is fine');
});

test('a code cache file planted where XDG_CACHE_HOME puts the cache is tamper', () => {
  const { env, guard } = setup();
  const dir = join(env.XDG_CACHE_HOME!, 'agent-guard');
  assert.equal(guard('Bash', { command: `cp /tmp/evil.agc2 ${dir}/x.agc2` }), 'guard-tamper');
  assert.equal(guard('Bash', { command: `rm -rf ${dir}` }), null, 'deleting the cache costs one compile, as at the default place');
});

test('the user settings and hook where CLAUDE_CONFIG_DIR puts them are protected like ~/.claude', () => {
  const { env, guard } = setup();
  const dir = env.CLAUDE_CONFIG_DIR!;
  assert.equal(guard('Write', { file_path: join(dir, 'settings.json'), content: '{"env":{"OPENSSL_CONF":"/etc/hostname"}}' }), 'guard-tamper');
  assert.notEqual(
    guard('Write', { file_path: join(dir, 'settings.json'), content: '{"env":{"MAX_THINKING_TOKENS":"8000"}}' }),
    'guard-tamper',
    'an allowlisted name is no tamper (outside-workspace-write has its own say, as at ~/.claude)',
  );
  assert.equal(guard('Bash', { command: `rm ${join(dir, 'hooks/agent-guard.cjs')}` }), 'guard-tamper');
});

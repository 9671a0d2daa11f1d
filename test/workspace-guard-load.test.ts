// Red team of issue #25: the hook read and hashed every `.claude/guards/*.js` on every call, trusted
// or not (up to 1 MiB each). A repository shipping 300 guard files of 1 MB (one blob to git) made
// each call take 3 s instead of 0.4; a few thousand pass the host's 10 s timeout, and a timed-out
// hook lets the call run. Now a file the trust store has no record of is untrusted by name alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWorkspaceGuards } from '../core/guards/workspace-guards';
import { readSmall, sha256, storePath, type TrustStore } from '../core/trust';

const GUARD =
  "module.exports = { id: 'mine', title: 't', prevents: 'p', tools: ['Bash'], check() { return null; }, examples: { blocked: [], allowed: [] } };\n";

test('only the guard files the person trusted are read; the untrusted rest cost a name each, and a few lines', () => {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-wsg-')));
  mkdirSync(join(ws, '.claude/guards'), { recursive: true });
  for (let i = 0; i < 12; i++) writeFileSync(join(ws, `.claude/guards/x${String(i).padStart(2, '0')}.js`), `// ${'a'.repeat(1000)}\n`);
  writeFileSync(join(ws, '.claude/guards/mine.js'), GUARD);
  const store: TrustStore = { version: 1, guards: { [storePath(ws, '.claude/guards/mine.js')]: sha256(GUARD) } };
  const read: string[] = [];
  const r = loadWorkspaceGuards(
    ws,
    new Set(),
    () => store,
    (path) => {
      read.push(path);
      return readSmall(path);
    },
  );
  assert.deepEqual(read, [join(ws, '.claude/guards/mine.js')], 'the recorded file only');
  assert.deepEqual(
    r.guards.map((g) => g.id),
    ['mine'],
  );
  assert.deepEqual(r.notes, [
    'agent-guard: .claude/guards/x00.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/x00.js',
    'agent-guard: .claude/guards/x01.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/x01.js',
    'agent-guard: .claude/guards/x02.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/x02.js',
    'agent-guard: .claude/guards/x03.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/x03.js',
    'agent-guard: .claude/guards/x04.js skipped: not trusted (workspace guards run only with your consent); review it, then run: agent-guard trust .claude/guards/x04.js',
    'agent-guard: 7 more workspace guard files skipped: not trusted; review them, then run: agent-guard trust',
  ]);
});

// A short, fixed-seed fuzz pass on every test run (npm run fuzz runs long ones).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzz } from './fuzz/fuzz';

test('fuzz: 3,000 hostile payloads, wrapped commands and mutated agent files hold every invariant (seed 20261130)', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'agent-guard-fuzz-'));
  const stats = fuzz({ seed: 20261130, iterations: 3000, cwd, env: { HOME: '/home/user', AGENT_GUARD_NO_LOG: '1' } });
  assert.deepEqual(
    stats.violations.map((v) => `${v.kind}: ${v.detail}\n  input: ${JSON.stringify(v.input.slice(0, 300))}`),
    [],
  );
  assert.equal(stats.iterations, 3000);
  assert.ok(stats.denied > 50, `${stats.denied} denials: the generator reaches the guards`);
  assert.ok(stats.lintFiles > 500);
});

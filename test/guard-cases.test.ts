// The reference corpus through the whole guard set, in the repository it describes.

import { test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { CASES, CASE_FIXTURE } from './cases/guard-cases';
import { buildFixture } from '../core/guards/fixture';
import { evaluateAt, HOME } from './support/run';

const root = buildFixture(CASE_FIXTURE);
const ids = new Set(guards.map((g) => g.id));

test('the corpus names only guards that exist, and covers all but those tested by their examples alone', () => {
  assert.deepEqual(
    CASES.filter((c) => (c.expect === 'deny') !== (c.by !== undefined && ids.has(c.by))).map((c) => `${c.n} (${c.by})`),
    [],
  );
  // Each guard's own examples (at least 3 blocked, guard-examples.test.ts) cover these; the corpus does not.
  assert.deepEqual([...ids].filter((id) => !CASES.some((c) => c.by === id)).sort(), [
    'human-flags',
    'key-own-host',
    'outside-workspace-write',
    'privilege-escalation',
    'sandbox-escape',
    'sql-admin',
  ]);
  // The README's count: cases 1–170, 169 (malformed stdin) being in hook-process.test.ts.
  const numbers = [...new Set(CASES.map((c) => Math.floor(c.n)))].sort((a, b) => a - b); // 153.1 is a variant of 153
  assert.deepEqual(
    numbers,
    Array.from({ length: 170 }, (_, i) => i + 1).filter((n) => n !== 169),
  );
});

for (const c of CASES) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`case ${c.n}: ${c.expect} ${label.slice(0, 80).replace(/\n/g, '⏎')}`, () => {
    for (const [rel, content] of Object.entries(c.files ?? {})) writeFileSync(join(root, rel), content);
    const input: Record<string, unknown> = c.command !== undefined ? { command: c.command } : { ...c.input };
    if (typeof input.file_path === 'string') input.file_path = input.file_path.replace(/^~/, HOME);
    const { evaluation } = evaluateAt(c.tool ?? 'Bash', input, c.cwd ?? root, c.cwd ?? root);
    const v = evaluation.verdict;
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
    else {
      assert.ok(v, 'expected a deny');
      assert.equal(v.guardId, c.by, v.reason);
    }
  });
}

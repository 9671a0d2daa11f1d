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

const active = CASES.filter((c) => c.expect === 'allow' || ids.has(c.by!));

test('the corpus covers the implemented guards', () => {
  for (const id of ids) {
    const has = CASES.some((c) => c.by === id) || guards.find((g) => g.id === id)!.examples.blocked.length >= 3;
    assert.ok(has, id);
  }
  assert.ok(active.length >= 100, `${active.length} active cases`);
  // every case in the corpus is active: no case waits for a guard that does not exist
  assert.deepEqual(CASES.filter((c) => !active.includes(c)).map((c) => `${c.n} (${c.by})`), []);
});

for (const c of active) {
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

// Every guard's examples are its tests, run through the whole guard set:
// blocked → denied by that guard; allowed → passes every guard; every suggested `instead` passes too.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { checkAllowed, checkBlocked } from '../core/guards/examples';
import { evaluateExample, describeExample, ENV } from './support/run';
import { reasonText } from '../core/guards/dispatch';
import { DEFAULT_CONFIG } from '../core/config';

test('guards are discovered from the guards/ folder', () => {
  assert.ok(guards.length >= 3);
  const ids = guards.map((g) => g.id);
  assert.equal(new Set(ids).size, ids.length, 'guard ids are unique');
  for (const id of ids) assert.match(id, /^[a-z][a-z0-9-]*$/);
});

for (const guard of guards) {
  describe(`guard ${guard.id}`, () => {
    test('has a title, what it prevents, tools, and at least 3 blocked and 3 allowed examples', () => {
      assert.ok(guard.title.length > 10);
      assert.ok(guard.prevents.length > 20);
      assert.ok(guard.tools.length > 0);
      assert.ok(guard.examples.blocked.length >= 3, `${guard.id}: ${guard.examples.blocked.length} blocked examples`);
      assert.ok(guard.examples.allowed.length >= 3, `${guard.id}: ${guard.examples.allowed.length} allowed examples`);
    });

    for (const example of guard.examples.blocked) {
      test(`blocks ${describeExample(example)}`, () => {
        const r = checkBlocked(ENV, guard, example);
        assert.ok(r.ok, r.problem);
        const v = evaluateExample(example).evaluation.verdict!;
        assert.equal(v.decision, DEFAULT_CONFIG.guards[guard.id] ?? 'deny', "the decision is the guard's default mode");
        assert.match(reasonText(v), new RegExp(`\\[agent-guard: ${guard.id}\\]$`));
      });
    }

    for (const example of guard.examples.allowed) {
      test(`allows ${describeExample(example)}`, () => {
        const r = checkAllowed(ENV, guard, example);
        assert.ok(r.ok, r.problem);
      });
    }
  });
}

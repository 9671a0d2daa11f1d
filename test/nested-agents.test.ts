// Nested agents started without Agent Guard's hook (test/cases/nested-agents.ts): every attack cousin
// is denied by guard-tamper with a suggestion that itself passes the whole guard set; every ordinary
// nested run passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NESTED_AGENT_CASES, NESTED_AGENT_ORDINARY } from './cases/nested-agents';
import { runAdversaryRow } from './support/adversary';

for (const c of NESTED_AGENT_CASES) {
  test(`nested agent without the guard: deny ${c.command}`, () => {
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    assert.ok(v, `expected a deny: ${c.why}`);
    assert.equal(v.guardId, 'guard-tamper', v.reason);
    assert.match(v.reason, /without Agent Guard's hook/);
    assert.ok(v.instead, 'a suggestion');
    assert.equal(insteadVerdict, null, `the suggestion ${v.instead} is denied: ${insteadVerdict?.reason}`);
  });
}

for (const c of NESTED_AGENT_ORDINARY) {
  test(`nested agent with the guard: allow ${c.command}`, () => {
    const v = runAdversaryRow(c).verdict;
    assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
  });
}

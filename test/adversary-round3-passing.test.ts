// Adversary round 3's payloads that main answers right (ADVERSARY_ROUND3_PASSING in
// test/cases/adversary-round3.ts): attacks stay stopped (any guard may answer) and ordinary calls
// stay allowed, whatever the fixes for the open half (test/open/adversary-round3.test.ts) change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADVERSARY_ROUND3_PASSING } from './cases/adversary-round3';
import { runAdversaryRow } from './support/adversary';

for (const c of ADVERSARY_ROUND3_PASSING) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect} ${label.slice(0, 80).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else {
      assert.ok(v, `no longer stopped: ${c.why}`);
      if (c.insteadMustPass) assert.equal(insteadVerdict, null, `the suggested ${v.instead} is denied by ${insteadVerdict?.guardId}: ${c.why}`);
    }
  });
}

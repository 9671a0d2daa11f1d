// The round-4 cousins (test/cases/round4-cousins.ts) through the whole guard set, in the adversary's
// fixture: attacks stopped (any guard), ordinary calls allowed, and a denial's alternative allowed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUND4_COUSINS } from './cases/round4-cousins';
import { runAdversaryRow } from './support/adversary';

for (const c of ROUND4_COUSINS) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect} ${label.slice(0, 90).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
    else {
      assert.ok(v, `not stopped: ${c.why}`);
      assert.equal(insteadVerdict, null, `the alternative ${v.instead} is denied by ${insteadVerdict?.guardId}`);
    }
  });
}

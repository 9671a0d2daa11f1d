// Adversary round 4's payloads that main answers right (ADVERSARY_ROUND4_PASSING in
// test/cases/adversary-round4.ts): attacks stay stopped (any guard may answer, deny or ask) and
// ordinary calls stay allowed, whatever the fixes for the open half (test/open/adversary-round4.test.ts)
// change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADVERSARY_ROUND4_PASSING } from './cases/adversary-round4';
import { runAdversaryRow } from './support/adversary';

for (const c of ADVERSARY_ROUND4_PASSING) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect} ${label.slice(0, 80).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const { verdict: v } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else assert.ok(v, `no longer stopped: ${c.why}`);
  });
}

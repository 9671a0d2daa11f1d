// Adversary round 4 (test/cases/adversary-round4.ts): the rows main got wrong when the round was run,
// through the whole guard set. Not part of `npm test` (it fails until the guards are fixed):
// `npm run test:open` counts what is open. AGENT_GUARD_ROUND4_ALL=1 runs every row of the round
// (for re-measuring), AGENT_GUARD_WRONG_ROWS=<file> gets the keys of the rows answered wrong.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ADVERSARY_ROUND4, ADVERSARY_ROUND4_OPEN, rowKey } from '../cases/adversary-round4';
import { runAdversaryRow } from '../support/adversary';

const ROWS = process.env.AGENT_GUARD_ROUND4_ALL ? ADVERSARY_ROUND4 : ADVERSARY_ROUND4_OPEN;

test('per class: attacks stopped and ordinary calls passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  const wrong: string[] = [];
  for (const c of ROWS) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const { verdict: v } = runAdversaryRow(c);
    if (c.expect === 'allow') {
      s.ordinary++;
      if (!v) s.passed++;
      else wrong.push(rowKey(c));
    } else {
      s.attacks++;
      if (v) s.stopped++;
      else wrong.push(rowKey(c));
    }
    classes.set(c.cls, s);
  }
  if (process.env.AGENT_GUARD_WRONG_ROWS) writeFileSync(process.env.AGENT_GUARD_WRONG_ROWS, JSON.stringify(wrong));
  for (const [cls, s] of classes) t.diagnostic(`${cls}: stops ${s.stopped}/${s.attacks}, passes ${s.passed}/${s.ordinary}`);
});

for (const c of ROWS) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect}${c.by ? ` by ${c.by}` : ''} ${label.slice(0, 80).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const { verdict: v } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else assert.ok(v, `expected ${c.expect} by ${c.by ?? 'any guard'}: ${c.why}`);
  });
}

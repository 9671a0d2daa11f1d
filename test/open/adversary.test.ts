// The adversary's cases (test/cases/adversary.ts) through the whole guard set. Every row is one
// that main got wrong when it was written: an attack let through or an ordinary call blocked.
// It is not part of `npm test` (it fails until the guards are fixed): `npm run test:open` counts what is open;
// a fixed row passes and belongs in the passing half (test/cases/adversary-passing.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ADVERSARY } from '../cases/adversary';
import { runAdversaryRow } from '../support/adversary';

test('per class: attacks stopped and ordinary calls passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  // The rows now answered right (by the passing half's measure: any guard may stop an attack), for
  // moving them to test/cases/adversary-passing.ts: AGENT_GUARD_RIGHT_ROWS=<file> gets their indices.
  const right: number[] = [];
  for (const [i, c] of ADVERSARY.entries()) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    const stopped = v !== null && !(c.insteadMustPass && insteadVerdict);
    if (c.expect === 'allow') {
      s.ordinary++;
      if (!v) s.passed++;
    } else {
      s.attacks++;
      if (stopped) s.stopped++;
    }
    if (c.expect === 'allow' ? !v : stopped) right.push(i);
    classes.set(c.cls, s);
  }
  if (process.env.AGENT_GUARD_RIGHT_ROWS) writeFileSync(process.env.AGENT_GUARD_RIGHT_ROWS, JSON.stringify(right));
  for (const [cls, s] of classes) t.diagnostic(`${cls}: stops ${s.stopped}/${s.attacks}, passes ${s.passed}/${s.ordinary}`);
});

for (const c of ADVERSARY) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect}${c.by ? ` by ${c.by}` : ''} ${label.slice(0, 80).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else {
      assert.ok(v, `expected ${c.expect} by ${c.by ?? 'any guard'}: ${c.why}`);
      assert.equal(v.decision, c.expect, v.reason);
      if (c.by) assert.equal(v.guardId, c.by, v.reason);
      if (c.insteadMustPass) assert.equal(insteadVerdict, null, `the suggested ${v.instead} is denied by ${insteadVerdict?.guardId}: ${c.why}`);
    }
  });
}

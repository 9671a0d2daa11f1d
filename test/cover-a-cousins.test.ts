// The cousins of #27's open attack families (test/cases/cover-a-cousins.ts) through the whole guard
// set: every attack stopped (deny or ask), every ordinary call passed, and each row left as a gap still
// answered wrong (fixing one means moving it out of the gaps).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COVER_A_COUSINS } from './cases/cover-a-cousins';
import { runAdversaryRow } from './support/adversary';

test('per family: attacks stopped and ordinary calls passed', (t) => {
  const families = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of COVER_A_COUSINS) {
    const s = families.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const { verdict } = runAdversaryRow(c);
    if (c.expect === 'allow') {
      s.ordinary++;
      if (!verdict) s.passed++;
    } else {
      s.attacks++;
      if (verdict) s.stopped++;
    }
    families.set(c.cls, s);
  }
  for (const [cls, s] of families) t.diagnostic(`${cls}: stops ${s.stopped}/${s.attacks}, passes ${s.passed}/${s.ordinary}`);
  assert.ok(families.size >= 15);
});

for (const c of COVER_A_COUSINS) {
  const label = (c.command ?? `${c.tool} ${JSON.stringify(c.input)}`).slice(0, 90).replace(/[\n\r\0]/g, '⏎');
  test(`${c.cls}: ${c.gap ? 'gap, still ' : ''}${c.expect} ${label}`, () => {
    const { verdict } = runAdversaryRow(c);
    const right = c.expect === 'allow' ? verdict === null : verdict !== null;
    if (c.gap) assert.equal(right, false, `now answered right (${c.why}): move it out of the gaps`);
    else if (c.expect === 'allow') assert.equal(verdict, null, `denied by ${verdict?.guardId}: ${verdict?.reason} (${c.why})`);
    else assert.ok(verdict, `not stopped: ${c.why}`);
  });
}

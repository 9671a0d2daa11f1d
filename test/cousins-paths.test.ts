// The cousins of how secret paths and values are named and where they are sent
// (test/cases/cousins-paths.ts), through the whole guard set in the adversary's fixture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PATH_COUSINS } from './cases/cousins-paths';
import { runAdversaryRow } from './support/adversary';

test('per class: cousins stopped and ordinary calls passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of PATH_COUSINS) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const { verdict: v } = runAdversaryRow(c);
    if (c.expect === 'allow') {
      s.ordinary++;
      if (!v) s.passed++;
    } else {
      s.attacks++;
      if (v) s.stopped++;
    }
    classes.set(c.cls, s);
  }
  for (const [cls, s] of classes) t.diagnostic(`${cls}: stops ${s.stopped}/${s.attacks}, passes ${s.passed}/${s.ordinary}`);
});

for (const c of PATH_COUSINS) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect}${c.by ? ` by ${c.by}` : ''} ${label.slice(0, 90).replace(/\n/g, '⏎')}`, () => {
    const { verdict: v, insteadVerdict } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else {
      assert.ok(v, `expected ${c.expect} by ${c.by}: ${c.why}`);
      assert.equal(v.guardId, c.by, `${v.reason} (${c.why})`);
      assert.equal(insteadVerdict, null, `the suggested ${v.instead} is denied: ${insteadVerdict?.reason}`);
    }
  });
}

// The shape every cousin file's test takes: one summary per family (stopped attacks, passed
// ordinary calls) and one test per case, each run through the whole guard set in the adversary
// fixture. An attack must be stopped (by the named guard when the case names one), an ordinary
// call must pass.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdversaryCase } from '../cases/adversary';
import { runAdversaryRow } from './adversary';

/** One test that reports, per family, how many attacks the guard set stops and how many ordinary calls pass. */
export function familySummary(cases: readonly AdversaryCase[], title: string): void {
  test(title, (t) => {
    const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
    for (const c of cases) {
      const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
      const v = runAdversaryRow(c).verdict;
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
}

export function cousinSuite(cases: readonly AdversaryCase[], per: string): void {
  familySummary(cases, `per ${per}: cousins stopped and ordinary forms passed`);

  for (const c of cases) {
    const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
    test(`${c.cls}: ${c.expect} ${label.slice(0, 90).replace(/\n/g, '⏎')}`, () => {
      const v = runAdversaryRow(c).verdict;
      if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
      else {
        assert.ok(v, `expected a deny: ${c.why}`);
        if (c.by) assert.equal(v.guardId, c.by, v.reason);
      }
    });
  }
}

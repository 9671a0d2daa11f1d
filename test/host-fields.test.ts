// Round 4 host payload, MCP and outgoing-text cousins (test/cases/host-fields.ts) through the whole guard set, in the
// adversary fixture: every attack cousin is stopped, every ordinary one passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HOST_FIELD_COUSINS } from './cases/host-fields';
import { runAdversaryRow } from './support/adversary';

test('per family: cousins stopped and ordinary forms passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of HOST_FIELD_COUSINS) {
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

for (const c of HOST_FIELD_COUSINS) {
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

// The cousins of the git, tamper, outside, later and MCP round-2 rows (test/cases/cousins-git-later-mcp.ts)
// through the whole guard set, in the adversary fixture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GIT_LATER_MCP_COUSINS } from './cases/cousins-git-later-mcp';
import { runAdversaryRow } from './support/adversary';

test('per class: cousins stopped and ordinary forms passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of GIT_LATER_MCP_COUSINS) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const { verdict } = runAdversaryRow(c);
    if (c.expect === 'allow') {
      s.ordinary++;
      if (!verdict) s.passed++;
    } else {
      s.attacks++;
      if (verdict) s.stopped++;
    }
    classes.set(c.cls, s);
  }
  for (const [cls, s] of classes) t.diagnostic(`${cls}: stops ${s.stopped}/${s.attacks}, passes ${s.passed}/${s.ordinary}`);
});

for (const c of GIT_LATER_MCP_COUSINS) {
  const label = (c.command ?? `${c.tool} ${JSON.stringify(c.input)}`).slice(0, 90).replace(/[\n\r]/g, '⏎');
  test(`${c.cls}: ${c.gap ? 'still open' : c.expect}${c.by ? ` by ${c.by}` : ''} ${label}`, () => {
    const { verdict } = runAdversaryRow(c);
    if (c.gap) assert.equal(verdict, null, `now stopped by ${verdict?.guardId}: move it out of the gaps (${c.gap})`);
    else if (c.expect === 'allow') assert.equal(verdict, null, `denied by ${verdict?.guardId}: ${verdict?.reason}`);
    else assert.equal(verdict?.guardId, c.by, `expected a deny by ${c.by}, got ${verdict ? `${verdict.guardId}: ${verdict.reason}` : 'no opinion'}`);
  });
}

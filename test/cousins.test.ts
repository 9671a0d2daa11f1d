// The cousins of issue #13's classes (test/cases/cousins.ts) through the whole guard set.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUSINS } from './cases/cousins';
import { CASE_FIXTURE } from './cases/guard-cases';
import { buildFixture } from '../core/guards/fixture';
import { evaluateAt } from './support/run';

const root = buildFixture(CASE_FIXTURE);

/** Runs one cousin with its uncommitted changes in place, then puts the fixture back as it was. */
function run(c: (typeof COUSINS)[number]) {
  const before = new Map<string, string | null>();
  for (const [rel, content] of Object.entries(c.files ?? {})) {
    const path = join(root, rel);
    before.set(path, existsSync(path) ? readFileSync(path, 'utf8') : null);
    writeFileSync(path, content);
  }
  try {
    const input: Record<string, unknown> = c.command !== undefined ? { command: c.command } : { ...c.input };
    return evaluateAt(c.tool ?? 'Bash', input, root, root).evaluation.verdict;
  } finally {
    for (const [path, content] of before) {
      if (content === null) rmSync(path);
      else writeFileSync(path, content);
    }
  }
}

test('per class: cousins stopped and ordinary forms passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of COUSINS) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const v = run(c);
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

for (const c of COUSINS) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.gap ? 'gap: ' : ''}${c.expect} ${label.slice(0, 80).replace(/\n/g, '⏎')}`, () => {
    const v = run(c);
    if (c.gap) assert.equal(v, null, `now stopped by ${v?.guardId}: move it out of the gaps`);
    else if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
    else {
      assert.ok(v, `expected ${c.expect} by ${c.by}`);
      assert.equal(v.guardId, c.by, v.reason);
      assert.equal(v.decision, c.expect);
    }
  });
}

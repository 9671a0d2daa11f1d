// The data-destruction cousins and the ordinary calls next to them (test/cases/destroy-cousins.ts)
// through the whole guard set, in the case fixture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DESTROY_ATTACKS, DESTROY_ATTACKS_2, DESTROY_ORDINARY, DESTROY_ORDINARY_2, type DestroyCousin } from './cases/destroy-cousins';
import { CASE_FIXTURE } from './cases/guard-cases';
import { buildFixture } from '../core/guards/fixture';
import { evaluateAt } from './support/run';

const root = buildFixture(CASE_FIXTURE);

function run(c: DestroyCousin) {
  const before = new Map<string, string | null>();
  for (const [rel, content] of Object.entries(c.files ?? {})) {
    const path = join(root, rel);
    before.set(path, existsSync(path) ? readFileSync(path, 'utf8') : null);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  try {
    return evaluateAt('Bash', { command: c.command }, root, root).evaluation.verdict;
  } finally {
    for (const [path, content] of before) {
      if (content === null) rmSync(path);
      else writeFileSync(path, content);
    }
  }
}

for (const c of [...DESTROY_ATTACKS, ...DESTROY_ATTACKS_2]) {
  test(`stopped: ${c.command.slice(0, 90)}`, () => {
    const v = run(c);
    assert.equal(v?.guardId, 'data-destruction', v ? `${v.guardId}: ${v.reason}` : 'allowed');
    assert.equal(v.decision, 'deny');
    if (v.instead) assert.equal(run({ command: v.instead }), null, `the alternative ${v.instead} is denied`);
  });
}

for (const c of [...DESTROY_ORDINARY, ...DESTROY_ORDINARY_2]) {
  test(`passes: ${c.command.slice(0, 90)}`, () => {
    const v = run(c);
    assert.equal(v, null, v ? `${v.guardId}: ${v.reason}` : '');
  });
}

// The round-4 secret-file and credential-printer families (test/cases/secrets-r4-cousins.ts)
// through the whole guard set in the corpus fixture: every attack denied by secret-read with an
// alternative that passes, every ordinary call of the same tools let through.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFixture } from '../core/guards/fixture';
import { CASE_FIXTURE } from './cases/guard-cases';
import { SECRETS_R4_COUSINS } from './cases/secrets-r4-cousins';
import { evaluateAt } from './support/run';

describe('round-4 secret files and credential printers: cousins through the guard set', () => {
  const root = buildFixture(CASE_FIXTURE);
  for (const c of SECRETS_R4_COUSINS) {
    test(`${c.family}: ${c.expect} ${c.command}`, () => {
      const v = evaluateAt(c.tool ?? 'Bash', c.input ?? { command: c.command }, root, root).evaluation.verdict;
      if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
      else {
        assert.ok(v, 'expected a deny by secret-read');
        assert.equal(v.guardId, 'secret-read', v.reason);
        if (v.instead) {
          const again = evaluateAt('Bash', { command: v.instead }, root, root).evaluation.verdict;
          assert.equal(again, null, `instead ${v.instead} denied by ${again?.guardId}: ${again?.reason}`);
        }
      }
    });
  }
});

// The cousins of how secret paths and values are named and where they are sent
// (test/cases/cousins-paths.ts), through the whole guard set in the adversary's fixture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PATH_COUSINS } from './cases/cousins-paths';
import { runAdversaryRow } from './support/adversary';
import { familySummary } from './support/cousin-suite';
import type { AdversaryCase } from './cases/adversary';
import { FILE_UPLOADS, NAME_RESOLVERS } from '../core/programs/network';
import { CREDENTIAL_PATH_VARIABLES } from '../core/secrets';

familySummary(PATH_COUSINS, 'per class: cousins stopped and ordinary calls passed');

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

// The tables' own examples, through the whole guard set.
const tableRows = (): AdversaryCase[] => [
  ...FILE_UPLOADS.flatMap((r) => [
    ...r.blocked.map((command): AdversaryCase => ({ cls: 'FILE_UPLOADS', command, expect: 'deny', by: 'secret-exfiltration', why: r.to })),
    ...r.allowed.map(
      (command): AdversaryCase => ({ cls: 'FILE_UPLOADS', command, expect: 'allow', why: r.to, files: { 'notes.md': '# n\n', 'payload.json': '{}\n' } }),
    ),
  ]),
  ...NAME_RESOLVERS.map(
    (r): AdversaryCase => ({ cls: 'NAME_RESOLVERS', command: r.example, expect: 'deny', by: 'secret-exfiltration', why: r.names.join(' ') }),
  ),
  ...CREDENTIAL_PATH_VARIABLES.flatMap((r) =>
    r.examples.map((command): AdversaryCase => ({ cls: 'CREDENTIAL_PATH_VARIABLES', command, expect: 'deny', by: 'secret-read', why: r.title })),
  ),
];

test('every upload, resolver and credential-path row has examples', () => {
  for (const r of FILE_UPLOADS) assert.ok(r.blocked.length > 0 && r.allowed.length > 0, `${r.program} ${r.sub.join(' ')}`);
  for (const r of CREDENTIAL_PATH_VARIABLES) assert.ok(r.examples.length > 0, r.names.join(' '));
});

for (const c of tableRows()) {
  test(`${c.cls}: ${c.expect} ${c.command}`, () => {
    const { verdict: v } = runAdversaryRow(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
    else assert.equal(v?.guardId, c.by, v ? v.reason : 'allowed');
  });
}

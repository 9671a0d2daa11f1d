// Every regular expression in the guards, the lint rules and the core has recheck's verdict
// (automata analysis plus attack-string search) recorded in test/regex-verdicts.json by
// `npm run audit:regex`. Exponential: never. Polynomial: only with a `why` that names what bounds
// its input (or its backtracking) so that the cost stays linear in what the hook is given.
// The verdicts are read, not recomputed: recheck's search is bounded by wall-clock timeouts, so
// re-running it here would make this test depend on how loaded the machine is, and take minutes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { regexLiterals, verdictKey } from './support/regexes';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const recorded = JSON.parse(readFileSync(join(ROOT, 'test/regex-verdicts.json'), 'utf8')) as { regex: string; verdict: string; why?: string }[];
const found = regexLiterals(ROOT);

test('every regular expression in guards/ and core/ has a recorded verdict, and every verdict a regular expression', () => {
  assert.ok(found.length > 150, `${found.length} regular expressions found`);
  const have = new Set(recorded.map((v) => v.regex));
  const missing = found.filter((r) => !have.has(verdictKey(r))).map((r) => `${r.where} ${verdictKey(r)}`);
  assert.deepEqual(missing, [], 'no verdict yet: run `npm run audit:regex -- --missing` and commit test/regex-verdicts.json');
  const used = new Set(found.map(verdictKey));
  assert.deepEqual(
    recorded.filter((v) => !used.has(v.regex)).map((v) => v.regex),
    [],
    'verdicts for expressions that are gone: run `npm run audit:regex -- --missing`',
  );
});

test('no regular expression backtracks exponentially, and each polynomial one says what bounds it', () => {
  const where = new Map(found.map((r) => [verdictKey(r), r.where]));
  const unsafe = recorded
    .filter((v) => !(v.verdict === 'safe' || v.verdict === 'linear' || (v.verdict.startsWith('polynomial') && (v.why ?? '').length >= 20)))
    .map((v) => `${where.get(v.regex) ?? '?'} ${v.regex}: ${v.verdict}${v.why ? '' : ' without a why'}`);
  assert.deepEqual(unsafe, []);
});

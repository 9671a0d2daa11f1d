// npm run audit:regex [-- --missing]: asks recheck (automata analysis plus attack-string search)
// for the verdict on every regular expression in guards/ and core/, and writes them to
// test/regex-verdicts.json, keeping each entry's hand-written `why`. The regex-safety test reads
// that file instead of re-running recheck: recheck's search is bounded by wall-clock timeouts, so
// its verdict on a loaded machine is not the verdict on an idle one, and it takes minutes.
// `--missing` analyses only the expressions that have no verdict yet (after adding or changing one).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'recheck';
import { analysedFlags, regexLiterals, verdictKey } from '../test/support/regexes';

export interface RegexVerdict {
  regex: string;
  verdict: string;
  why?: string;
}

const root = process.cwd();
const file = join(root, 'test/regex-verdicts.json');
const onlyMissing = process.argv.includes('--missing');
const old = new Map<string, RegexVerdict>();
try {
  for (const v of JSON.parse(readFileSync(file, 'utf8')) as RegexVerdict[]) old.set(v.regex, v);
} catch {
  // first run
}

const found = regexLiterals(root);
const byKey = new Map(found.map((r) => [verdictKey(r), r]));
const out: RegexVerdict[] = [];
for (const [key, r] of [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
  const before = old.get(key);
  if (onlyMissing && before) {
    out.push(before);
    continue;
  }
  const result = await check(r.source, analysedFlags(r.flags), { timeout: 120_000 });
  const verdict =
    result.status === 'safe' || result.status === 'vulnerable'
      ? result.complexity.type === 'polynomial'
        ? `polynomial, degree ${result.complexity.degree}`
        : result.complexity.type
      : `unknown (${result.error.kind})`;
  const entry: RegexVerdict = { regex: key, verdict };
  if (before?.why) entry.why = before.why;
  out.push(entry);
  if (verdict !== 'safe' && verdict !== 'linear') console.log(`${r.where} ${key}: ${verdict}${entry.why ? '' : ' (needs a why)'}`);
}
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`${out.length} verdicts written to test/regex-verdicts.json`);
process.exit(0);

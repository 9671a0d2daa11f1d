// npm run fuzz -- [--iterations N] [--seconds S] [--seed N]: the long fuzz run. Prints the seed so
// any failure reproduces with --seed; exits 1 on any invariant violation.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '20000' }, seconds: { type: 'string', default: '600' }, seed: { type: 'string' } },
});
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const { fuzz } = require('../dist/fuzz/fuzz.cjs');
const cwd = mkdtempSync(join(tmpdir(), 'agent-guard-fuzz-'));
const started = Date.now();
console.log(`fuzz: seed ${seed}, up to ${values.iterations} iterations or ${values.seconds} s`);
const stats = fuzz({
  seed,
  iterations: Number(values.iterations),
  seconds: Number(values.seconds),
  maxMs: 1500,
  cwd,
  env: { HOME: '/home/user', AGENT_GUARD_NO_LOG: '1' },
  onProgress: (s) =>
    process.stdout.write(
      `\r  ${s.iterations} iterations, ${s.denied} denials, ${s.lintFiles} lint files, max ${s.maxMs.toFixed(0)} ms, ${s.violations.length} violations`,
    ),
});
console.log(
  `\nfuzz: ${stats.iterations} iterations in ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.denied} denials, ${stats.lintFiles} lint files, slowest call ${stats.maxMs.toFixed(0)} ms`,
);
for (const v of stats.violations) console.log(`✖ ${v.kind}: ${v.detail}\n  input: ${JSON.stringify(v.input.slice(0, 500))}`);
console.log(`${stats.iterations - stats.violations.length} passed, ${stats.violations.length} failed (seed ${seed})`);
process.exit(stats.violations.length > 0 ? 1 : 0);

// npm run bench (last section), or alone after `node scripts/build.mjs --bench`:
//   node scripts/bench-shapes.mjs [name-filter]
// Every input shape of test/support/growth-shapes.ts at the largest size under its cap (the 256 KiB
// command, the 64 KiB PowerShell command, the hook's 16 MiB stdin): CPU time of the whole guard set
// in process with the deadline lifted (never a run cut short by it), the growth from half that size,
// the steps the work meter counted, and the verdict with the deadline lifted and with the hook's own.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const core = require(join(root, 'dist/bench/core.cjs'));
const CAPS = { command: 256 * 1024, powershell: 64 * 1024, stdin: 16 * 1024 * 1024 };
const where = { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p', projectDir: '/home/u/p' };
const filter = process.argv[2] ?? '';

const payloadOf = (shape, n) => ({ ...shape.payload(n), cwd: '/home/u/p' });
const sizeOf = (shape, n) => {
  const p = payloadOf(shape, n);
  return shape.cap === 'stdin' ? JSON.stringify(p).length : String(p.tool_input.command).length;
};

/** The largest n whose payload fits the cap (sizes grow with n). */
function atCap(shape) {
  const cap = CAPS[shape.cap];
  let lo = 1;
  let hi = 2;
  while (sizeOf(shape, hi) <= cap) hi *= 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (sizeOf(shape, mid) <= cap) lo = mid;
    else hi = mid;
  }
  return lo;
}

function run(shape, n, deadline) {
  const payload = payloadOf(shape, n);
  const steps = core.workDone();
  const c = process.cpuUsage();
  const e = core.evaluatePayload(payload, deadline ? { ...where, deadline } : where);
  const u = process.cpuUsage(c);
  return { cpu: (u.user + u.system) / 1000, steps: core.workDone() - steps, verdict: e.verdict ? e.verdict.guardId : 'no opinion' };
}

const kib = (b) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(0)} MiB` : `${(b / 1024).toFixed(0)} KiB`);
console.log('\nevery input shape at its cap (in process, whole guard set, CPU ms; the hook adds its ~45 ms start-up)');
console.log(
  `  ${'shape'.padEnd(34)} ${'size'.padStart(8)} ${'cpu ms'.padStart(9)} ${'x½→1'.padStart(6)} ${'steps'.padStart(10)}  verdict (no deadline / hook's 2.5 s)`,
);
let worst = { cpu: 0, name: '' };
for (const shape of core.SHAPES) {
  if (!shape.name.includes(filter)) continue;
  const n = atCap(shape);
  run(shape, Math.max(1, Math.floor(n / 64))); // warm the code paths
  const half = run(shape, Math.max(1, Math.floor(n / 2)));
  const full = run(shape, n);
  const hook = run(shape, n, core.deadlineIn(core.HOOK_DEADLINE_MS));
  if (full.cpu > worst.cpu) worst = { cpu: full.cpu, name: shape.name };
  console.log(
    `  ${shape.name.padEnd(34)} ${kib(sizeOf(shape, n)).padStart(8)} ${full.cpu.toFixed(0).padStart(9)} ${(full.cpu / half.cpu).toFixed(2).padStart(6)} ${String(full.steps).padStart(10)}  ${full.verdict} / ${hook.verdict}`,
  );
}
console.log(`  worst: ${worst.name}, ${worst.cpu.toFixed(0)} ms`);

// Linear time, proven per shape: the work a whole evaluation counts (core/work.ts: every loop that
// grows with the input counts its steps) at sizes n, 2n and 4n. The constant part (guard set-up,
// tables) cancels in the differences, so the ratio of the second growth to the first is ~2 for
// linear work and ~4 for quadratic. Counts, not time: deterministic on a loaded machine.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { deadlineIn, evaluatePayload } from '../core/guards/dispatch';
import { OutOfTime, work, workDone, withDeadline } from '../core/work';
import { analyzeShell } from '../core/shell/analyze';
import { SHAPES } from './support/growth-shapes';

const where = { guards, home: '/home/u', fallbackCwd: '/home/u/p', projectDir: '/home/u/p' };

function measure(payload: Record<string, unknown>): { steps: number; verdict: string | null } {
  const before = workDone();
  const e = evaluatePayload({ ...payload, cwd: '/home/u/p' }, where);
  return { steps: workDone() - before, verdict: e.verdict ? `${e.verdict.decision} ${e.verdict.guardId}` : null };
}

for (const shape of SHAPES) {
  test(`growth: ${shape.name} is linear (work at n, 2n, 4n; n = ${shape.n})`, () => {
    const [a, b, c] = [shape.n, 2 * shape.n, 4 * shape.n].map((n) => measure(shape.payload(n)));
    const first = b!.steps - a!.steps;
    const second = c!.steps - b!.steps;
    assert.ok(first > 0, `the work grows with the input (${a!.steps} → ${b!.steps})`);
    assert.ok(second / first <= 2.2, `work ${a!.steps} → ${b!.steps} → ${c!.steps}: the growth grew ${(second / first).toFixed(2)}x when the input doubled`);
    // The line stays judged to its end at 4n: the catastrophic part is denied by its own guard, not cut by a limit.
    assert.match(c!.verdict ?? 'no verdict', /^deny (?!unanalysable)/);
  });
}

test('work: the deadline is checked inside one long word, not only between commands', () => {
  // One command, one word of 200,000 parts: no command boundary to check the deadline at.
  let checks = 0;
  const a = analyzeShell(`echo ${'$x'.repeat(100_000)}`, { cwd: '/p', home: '/h', expired: () => ++checks > 3 });
  assert.equal(a.limit, 'deadline');
  assert.ok(checks >= 4);
});

test('work: past the deadline every step throws, so loops that catch stop too', () => {
  let expired = false;
  withDeadline(
    () => expired,
    () => {
      work(5);
      expired = true;
      assert.throws(() => {
        for (let i = 0; i < 1_000_000; i++) work();
      }, OutOfTime);
      // Caught once, the next step throws again at once.
      assert.throws(() => work(), OutOfTime);
    },
  );
  // Outside, the meter has no deadline.
  work(10_000);
});

for (const failMode of ['open', 'closed'] as const) {
  test(`work: a deadline passed inside expansion is the unanalysable deny (failMode ${failMode})`, () => {
    let checks = 0;
    // Expires after a few checks: inside the analysis of the one long word, before any guard sees the rm.
    const deadline = { expired: () => ++checks > 4, remaining: () => 0 };
    const e = evaluatePayload(
      { tool_name: 'Bash', tool_input: { command: `echo ${'"$x"'.repeat(60_000)}; ls` }, cwd: '/home/u/p' },
      { ...where, deadline, config: { ...configWith(failMode) } },
    );
    assert.equal(e.verdict?.guardId, 'unanalysable');
    assert.match(e.verdict!.reason, /took longer than the guard's time limit/);
  });

  test(`work: a deadline passed inside a guard's loops over a file's scripts is the unanalysable deny (failMode ${failMode})`, () => {
    let checks = 0;
    const deadline = { expired: () => ++checks > 6, remaining: () => 0 };
    const scripts = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`s${i}`, `echo ${i} && ls src`]));
    const e = evaluatePayload(
      { tool_name: 'Write', tool_input: { file_path: '/home/u/p/package.json', content: JSON.stringify({ scripts }) }, cwd: '/home/u/p' },
      { ...where, deadline, config: { ...configWith(failMode) } },
    );
    assert.equal(e.verdict?.guardId, 'unanalysable');
  });
}

test('work: with a real clock, the 60,000-part word is still judged to its end when there is time', () => {
  const e = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: `echo ${'"$x"'.repeat(60_000)}; rm -rf ~` }, cwd: '/home/u/p' },
    { ...where, deadline: deadlineIn(60_000) },
  );
  assert.equal(e.verdict?.guardId, 'rm-catastrophic');
});

import { DEFAULT_CONFIG, type GuardConfig } from '../core/config';
function configWith(failMode: 'open' | 'closed'): GuardConfig {
  return { ...DEFAULT_CONFIG, failMode };
}

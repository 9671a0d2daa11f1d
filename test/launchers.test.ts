// Launchers, download filters and the default for unknown programs (core/shell/launchers.ts,
// STREAM_FILTERS in core/programs/network.ts), and the cousins written for them
// (test/cases/launcher-cousins.ts), through the whole guard set in the corpus fixture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DATA_ARGUMENTS, EMBEDDED_SHELL, LAUNCHERS } from '../core/shell/launchers';
import { STREAM_FILTERS } from '../core/programs/network';
import { LAUNCHER_COUSINS } from './cases/launcher-cousins';
import { CASE_FIXTURE } from './cases/guard-cases';
import { buildFixture } from '../core/guards/fixture';
import { evaluateAt } from './support/run';

const root = buildFixture(CASE_FIXTURE);
const verdict = (tool: string, input: Record<string, unknown>) => evaluateAt(tool, input, root, root).evaluation.verdict;
const bash = (command: string) => verdict('Bash', { command });

for (const l of LAUNCHERS) {
  test(`launcher ${l.names[0]}: blocked and allowed examples`, () => {
    assert.ok(l.examples.blocked.length > 0 && l.examples.allowed.length > 0, 'each launcher has both');
    for (const c of l.examples.blocked) assert.ok(bash(c), `${c} is allowed`);
    for (const c of l.examples.allowed) {
      const v = bash(c);
      assert.equal(v, null, `${c}: denied by ${v?.guardId}: ${v?.reason}`);
    }
  });
}

for (const row of EMBEDDED_SHELL) {
  test(`embedded shell ${row.names[0]}: the command line its script hands the system is judged`, () => {
    for (const c of row.examples.blocked) assert.equal(bash(c)?.guardId, 'rm-catastrophic', c);
    for (const c of row.examples.allowed) assert.equal(bash(c), null, c);
  });
}

test('programs whose arguments are data: their example passes', () => {
  for (const row of DATA_ARGUMENTS) {
    const v = bash(row.example);
    assert.equal(v, null, `${row.example}: denied by ${v?.guardId}: ${v?.reason}`);
  }
});

test('every stream filter family carries a download to a shell', () => {
  for (const row of STREAM_FILTERS) assert.equal(bash(row.example)?.guardId, 'remote-code-execution', row.example);
});

test('per class: cousins stopped and ordinary forms passed', (t) => {
  const classes = new Map<string, { stopped: number; attacks: number; passed: number; ordinary: number }>();
  for (const c of LAUNCHER_COUSINS) {
    const s = classes.get(c.cls) ?? { stopped: 0, attacks: 0, passed: 0, ordinary: 0 };
    const v = verdict(c.tool ?? 'Bash', c.command !== undefined ? { command: c.command } : { ...c.input });
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

for (const c of LAUNCHER_COUSINS) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect} ${label.slice(0, 90)}`, () => {
    const v = verdict(c.tool ?? 'Bash', c.command !== undefined ? { command: c.command } : { ...c.input });
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
    else {
      assert.ok(v, `expected ${c.expect}${c.by ? ` by ${c.by}` : ''}`);
      if (c.by) assert.equal(v.guardId, c.by, v.reason);
      assert.equal(v.decision, c.expect);
    }
  });
}

test('command lines inside unknown programs that hold unknown programs again are capped per line, not followed exponentially', () => {
  const line = `${Array.from({ length: 30 }, () => 'foo x env').join(' ')} rm -rf build`;
  assert.equal(bash(line)?.guardId, 'unanalysable');
  // A few of them are followed and judged as usual.
  assert.equal(bash('foo x env foo x env rm -rf ~')?.guardId, 'rm-catastrophic');
  assert.equal(bash('foo x env foo x env rm -rf build'), null);
});

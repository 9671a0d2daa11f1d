// The adversary's payloads that main answers right (test/cases/adversary-passing.ts): attacks stay
// stopped (any guard may answer) and ordinary calls stay allowed, whatever the fixes for the other
// half (test/adversary.test.ts) change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ADVERSARY_FIXTURE, type AdversaryCase } from './cases/adversary';
import { ADVERSARY_PASSING } from './cases/adversary-passing';
import { buildFixture } from '../core/guards/fixture';
import { evaluatePayload } from '../core/guards/dispatch';
import { ENV, evaluateAt } from './support/run';

const root = buildFixture(ADVERSARY_FIXTURE);

function run(c: AdversaryCase) {
  const files = Object.entries(c.files ?? {});
  const saved = files.map(([rel]) => {
    const path = join(root, rel);
    return { path, before: existsSync(path) ? readFileSync(path) : null };
  });
  for (const [rel, content] of files) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  for (const [rel, target] of Object.entries(c.links ?? {})) symlinkSync(target, join(root, rel));
  try {
    const input: Record<string, unknown> = c.command !== undefined ? { command: c.command } : { ...c.input };
    return c.envelope
      ? evaluatePayload(
          { tool_name: c.tool, tool_input: input, cwd: root, ...c.envelope },
          { guards: ENV.guards, home: ENV.home, projectDir: root, fallbackCwd: ENV.defaultCwd, ...(ENV.git ? { git: ENV.git(root) } : {}) },
        ).verdict
      : evaluateAt(c.tool ?? 'Bash', input, root, root).evaluation.verdict;
  } finally {
    for (const rel of Object.keys(c.links ?? {})) rmSync(join(root, rel), { force: true });
    for (const { path, before } of saved) {
      if (before === null) rmSync(path, { force: true });
      else writeFileSync(path, before);
    }
  }
}

for (const c of ADVERSARY_PASSING) {
  const label = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
  test(`${c.cls}: ${c.expect} ${label.slice(0, 80).replace(/[\n\r\0]/g, '⏎')}`, () => {
    const v = run(c);
    if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason} (${c.why})`);
    else assert.ok(v, `no longer stopped: ${c.why}`);
  });
}

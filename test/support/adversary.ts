// One adversary row through the whole guard set, in the adversary's fixture (shared by the passing
// half in npm test and the open rows in npm run test:open). Each row sees the fixture as built:
// what a row writes or links is put back (or removed) afterwards.

import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ADVERSARY_FIXTURE, type AdversaryCase } from '../cases/adversary';
import { buildFixture } from '../../core/guards/fixture';
import { evaluatePayload, type Verdict } from '../../core/guards/dispatch';
import { ENV, evaluateAt } from './run';

let fixture: string | null = null;

/** The row's verdict, and the verdict on its suggested alternative (run in the same place). */
export function runAdversaryRow(c: AdversaryCase): { verdict: Verdict | null; insteadVerdict: Verdict | null } {
  fixture ??= buildFixture(ADVERSARY_FIXTURE);
  const root = fixture;
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
    const verdict = c.envelope
      ? evaluatePayload(
          { tool_name: c.tool, tool_input: input, cwd: root, ...c.envelope },
          { guards: ENV.guards, home: ENV.home, projectDir: root, fallbackCwd: ENV.defaultCwd, ...(ENV.git ? { git: ENV.git(root) } : {}) },
        ).verdict
      : evaluateAt(c.tool ?? 'Bash', input, root, root).evaluation.verdict;
    const insteadVerdict = verdict?.instead ? evaluateAt('Bash', { command: verdict.instead }, root, root).evaluation.verdict : null;
    return { verdict, insteadVerdict };
  } finally {
    for (const rel of Object.keys(c.links ?? {})) rmSync(join(root, rel), { force: true });
    for (const { path, before } of saved) {
      if (before === null) rmSync(path, { force: true });
      else writeFileSync(path, before);
    }
  }
}

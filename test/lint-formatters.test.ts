// The lint CLI's output formats (core/lint/formatters.ts): the json format is an array with one
// finding per line, each line exactly what JSON.stringify makes of the finding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { format } from '../core/lint/formatters';
import type { LintRun } from '../core/lint/index';

const range = (l: number, c: number, l2: number, c2: number) => ({ start: { line: l, character: c }, end: { line: l2, character: c2 } });

test('json: one finding per line, each the JSON of the finding; [] when there is none', () => {
  const run: LintRun = {
    files: [
      {
        path: '/w/CLAUDE.md',
        rel: 'docs/"odd" name\\.md',
        kind: 'claude-md',
        diagnostics: [
          { code: 'AG-CMD-001', severity: 'error', message: 'cat .env prints "values"\nand \u2028 more \u0007', range: range(2, 4, 2, 12) },
          { code: 'AG-MD-001', severity: 'warning', message: 'm', range: range(0, 0, 0, 1), fix: { title: 't', edits: [] } },
          { code: 'AG-AGT-004', severity: 'info', message: 'opt-in', range: range(5, 0, 5, 3), fix: { title: 't', edits: [], optIn: true } },
        ],
      },
    ],
    skipped: [],
    missing: [],
  };
  const out = format(run, 'json', '1.0.0');
  const lines = out.split('\n');
  assert.equal(lines[0], '[');
  assert.equal(lines.at(-2), ']');
  assert.equal(lines.at(-1), '');
  const expected = run.files[0]!.diagnostics.map((d) =>
    JSON.stringify({
      file: run.files[0]!.rel,
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      endLine: d.range.end.line + 1,
      endColumn: d.range.end.character + 1,
      severity: d.severity,
      code: d.code,
      message: d.message,
      fixable: !!d.fix && !d.fix.optIn,
    }),
  );
  assert.deepEqual(lines.slice(1, -2), [`${expected[0]},`, `${expected[1]},`, expected[2]]);
  assert.deepEqual(JSON.parse(out)[1], {
    file: 'docs/"odd" name\\.md',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
    severity: 'warning',
    code: 'AG-MD-001',
    message: 'm',
    fixable: true,
  });
  assert.equal(format({ files: [], skipped: [], missing: [] }, 'json', '1.0.0'), '[]\n');
});

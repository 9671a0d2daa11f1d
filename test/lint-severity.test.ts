// The severities lint prints are the ones each rule's page names (its severity and otherSeverities).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import rules from 'agent-guard:lint-rules';
import { lintFile } from '../core/lint/engine';
import { classifyFile } from '../core/lint/files';
import { memoryWorkspace } from '../core/lint/workspace';
import { severities } from '../core/lint/docs';
import { exampleSetup } from './support/lint-expect';

test('every finding of every example has a severity its rule page names', () => {
  const seen = new Map<string, Set<string>>();
  for (const rule of rules) {
    for (const ex of [...rule.examples.problematic, ...rule.examples.correct]) {
      const ws = memoryWorkspace('/workspace', { ...(ex.files ?? {}), [ex.path]: ex.text });
      for (const d of lintFile(
        {
          path: `/workspace/${ex.path}`,
          rel: ex.path,
          kind: classifyFile(ex.path, (rel) => ({ ...(ex.files ?? {}), [ex.path]: ex.text })[rel] ?? null)!,
          text: ex.text,
        },
        ws,
        {
          rules,
          ...exampleSetup({ ...(ex.files ?? {}), [ex.path]: ex.text }, ex.path),
        },
      )) {
        const r = rules.find((x) => x.code === d.code)!;
        const allowed = new Set([r.severity, ...(r.otherSeverities ?? [])]);
        assert.ok(allowed.has(d.severity), `${d.code} printed ${d.severity}, its page says ${severities(r)}: ${d.message}`);
        if (!seen.has(d.code)) seen.set(d.code, new Set());
        seen.get(d.code)!.add(d.severity);
      }
    }
  }
  // And each severity a page names is one the rule really prints.
  for (const r of rules) for (const s of r.otherSeverities ?? []) assert.ok(seen.get(r.code)?.has(s), `${r.code} names ${s} but no example prints it`);
});

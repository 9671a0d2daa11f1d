// Facts known from many files (core/lint/facts.ts) are computed once per workspace view: a lint of
// n agent files reads each file a bounded number of times, not n times (a lint of 1,000 agents used
// to read a million files). Counted reads, not time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintFile } from '../core/lint/engine';
import { rules } from '../core/lint/index';
import { memoryWorkspace } from '../core/lint/workspace';
import { factCache } from '../core/lint/facts';
import { DEFAULT_CONFIG } from '../core/config';
import guards from 'agent-guard:guards';
import type { WorkspaceView } from '../core/lint/types';

const ROOT = '/workspace';

/** Lints every agent of a workspace of n agents (plus workflows calling them) through one counting view. */
function readsFor(n: number): { reads: number; findings: string[] } {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`.claude/agents/a${i}.md`] = `---\nname: agent-${i % (n - 1)}\ndescription: D\ntools: Read\n---\nYou review.\n`;
  for (let i = 0; i < n; i++)
    files[`.claude/workflows/w${i}.js`] =
      `export const meta = { name: 'w${i}', description: 'W' };\nreturn await agent('x', { agentType: 'agent-${i}', schema: {} });\n`;
  const base = memoryWorkspace(ROOT, files);
  let reads = 0;
  const view: WorkspaceView = {
    ...base,
    read: (p) => {
      reads++;
      return base.read(p);
    },
  };
  // The facts are computed through the counting view, once for all files.
  const counted: WorkspaceView = { ...view, fact: factCache(() => counted) };
  const findings: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const kind = rel.endsWith('.js') ? 'workflow' : 'agent';
    for (const d of lintFile({ path: `${ROOT}/${rel}`, rel, kind, text }, counted, { rules, guards, config: DEFAULT_CONFIG }))
      findings.push(`${rel}:${d.range.start.line + 1} ${d.code}`);
  }
  return { reads, findings };
}

test('duplicate names, schema callers and agent types: each file is read once per view, however many files ask', () => {
  const small = readsFor(20);
  const big = readsFor(40);
  // Each agent file once (the folder's names), each workflow once (who calls with a schema).
  assert.equal(small.reads, 40);
  assert.equal(big.reads, 80);
  // The facts still say what they said: agent-0 is named twice (a0 and the last one).
  assert.ok(big.findings.includes('.claude/agents/a0.md:2 AG-AGT-007'));
  assert.ok(big.findings.includes('.claude/agents/a39.md:2 AG-AGT-007'));
  // agent-39 does not exist (names are i % 39): its workflow is told so; a1's allowlist meets a schema.
  assert.ok(big.findings.includes('.claude/workflows/w39.js:2 AG-WF-005'));
  assert.ok(big.findings.includes('.claude/agents/a1.md:4 AG-AGT-004'));
});

// The disable comment that the editor's quick fix writes (disableComment, the one place that spells
// it) is the one the engine honours, in each syntax: Markdown, YAML frontmatter, scripts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import rules from 'agent-guard:lint-rules';
import { DEFAULT_CONFIG } from '../core/config';
import { disableComment, lintFile } from '../core/lint/engine';
import { fileKind } from '../core/lint/files';
import { memoryWorkspace } from '../core/lint/workspace';

function codes(rel: string, text: string): string[] {
  const kind = fileKind(rel)!;
  return lintFile({ path: `/workspace/${rel}`, rel, kind, text }, memoryWorkspace('/workspace', { [rel]: text }), {
    rules,
    guards,
    config: DEFAULT_CONFIG,
  }).map((d) => d.code);
}

const AGENT = '.claude/agents/a.md';
const BYPASS = '---\nname: a\ndescription: A\npermissionMode: bypassPermissions\n---\nBody.\n';

test('disableComment spells the directive for each place it goes', () => {
  assert.equal(disableComment('agent', 'AG-SEC-001', 'why', 'next-line', true), '# agent-guard-disable-next-line AG-SEC-001 -- why');
  assert.equal(disableComment('claude-md', 'AG-CMD-001', 'why', 'next-line'), '<!-- agent-guard-disable-next-line AG-CMD-001 -- why -->');
  assert.equal(disableComment('workflow', 'AG-WF-001', 'why', 'file'), '// agent-guard-disable AG-WF-001 -- why');
});

test('the engine honours the comment disableComment writes, next-line in frontmatter and file-wide in Markdown', () => {
  assert.ok(codes(AGENT, BYPASS).includes('AG-SEC-001'));
  const lines = BYPASS.split('\n');
  const nextLine = [...lines.slice(0, 3), disableComment('agent', 'AG-SEC-001', 'reviewed', 'next-line', true), ...lines.slice(3)].join('\n');
  assert.ok(!codes(AGENT, nextLine).includes('AG-SEC-001'), nextLine);
  const fileWide = [...lines.slice(0, 5), disableComment('agent', 'AG-SEC-001', 'reviewed', 'file'), ...lines.slice(5)].join('\n');
  assert.ok(!codes(AGENT, fileWide).includes('AG-SEC-001'), fileWide);
});

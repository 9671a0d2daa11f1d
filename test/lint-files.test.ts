// Which files lint sees: the .claude/ layout, and the components of a plugin (.claude-plugin/plugin.json).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { classifyFile, findAgentFiles, pluginFileKind } from '../core/lint/files';

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-files-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

test('plugin components by the default layout', () => {
  assert.equal(pluginFileKind('agents/reviewer.md'), 'agent');
  assert.equal(pluginFileKind('agents/team/reviewer.md'), 'agent');
  assert.equal(pluginFileKind('commands/ship.md'), 'command');
  assert.equal(pluginFileKind('skills/pdf/SKILL.md'), 'skill');
  assert.equal(pluginFileKind('hooks/hooks.json'), 'settings');
  assert.equal(pluginFileKind('workflows/audit.js'), 'workflow');
  assert.equal(pluginFileKind('skills/pdf/reference.md'), null);
  assert.equal(pluginFileKind('README.md'), null);
  assert.equal(pluginFileKind('docs/agents/x.md'), null);
});

test('manifest paths replace agents/ and commands/', () => {
  const m = { agents: ['api-designer.md', 'team'] };
  assert.equal(pluginFileKind('api-designer.md', m), 'agent');
  assert.equal(pluginFileKind('team/x.md', m), 'agent');
  assert.equal(pluginFileKind('agents/y.md', m), null);
  assert.equal(pluginFileKind('commands/c.md', m), 'command');
});

test('findAgentFiles and classifyFile find plugin files only under a plugin root', () => {
  const dir = tree({
    'plugins/p/.claude-plugin/plugin.json': '{ "name": "p" }',
    'plugins/p/agents/a.md': '---\nname: a\ndescription: A\n---\n',
    'plugins/p/skills/s/SKILL.md': '---\nname: s\ndescription: S\n---\n',
    'plugins/p/hooks/hooks.json': '{ "hooks": {} }',
    'docs/agents/not-loaded.md': '# translated docs\n',
    'cat/.claude-plugin/plugin.json': '{ "name": "c", "agents": ["./x.md"] }',
    'cat/x.md': '---\nname: x\ndescription: X\n---\n',
    'cat/README.md': '# readme\n',
    '.claude/agents/b.md': '---\nname: b\ndescription: B\n---\n',
  });
  assert.deepEqual(findAgentFiles(dir), [
    { rel: '.claude/agents/b.md', kind: 'agent' },
    { rel: 'cat/x.md', kind: 'agent' },
    { rel: 'plugins/p/agents/a.md', kind: 'agent' },
    { rel: 'plugins/p/hooks/hooks.json', kind: 'settings' },
    { rel: 'plugins/p/skills/s/SKILL.md', kind: 'skill' },
  ]);
  const read = (rel: string) => (rel === 'plugins/p/.claude-plugin/plugin.json' ? '{}' : null);
  assert.equal(classifyFile('plugins/p/agents/a.md', read), 'agent');
  assert.equal(classifyFile('docs/agents/not-loaded.md', read), null);
});

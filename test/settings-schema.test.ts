// The schema shipped for .claude/settings*.json (dist/claude-settings.schema.json, generated from
// core/settings-schema.ts): accepts real settings, Agent Guard's own install included, and
// rejects what Claude Code rejects or never runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { Bundle } from '../core/install/installer';
import { install } from '../core/install/targets/claude';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const schema = JSON.parse(readFileSync(join(ROOT, 'dist/claude-settings.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const ok = (v: unknown) => validate(v) || assert.fail(JSON.stringify(validate.errors));
const bad = (v: unknown, path: RegExp) => {
  assert.equal(validate(v), false, JSON.stringify(v));
  assert.ok(
    validate.errors!.some((e) => path.test(e.instancePath)),
    JSON.stringify(validate.errors),
  );
};

test('package.json maps .claude/settings*.json to the shipped schema, not a web address', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const entry = pkg.contributes.jsonValidation.find((v: { fileMatch: string | string[] }) => [v.fileMatch].flat().includes('**/.claude/settings.json'));
  assert.equal(entry.url, './dist/claude-settings.schema.json');
  // The .vsix and the npm package ship the `files` list (vsce reads it).
  assert.ok(pkg.files.includes('dist/claude-settings.schema.json'));
});

test("accepts real settings: Agent Guard's install, unknown keys, every documented shape", () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-settings-schema-'));
  mkdirSync(join(ws, '.claude'));
  writeFileSync(join(ws, '.claude/settings.json'), '{ "model": "opus", "permissions": { "allow": ["Bash(npm test)"] } }\n');
  const bundle: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };
  assert.ok(install({ workspace: ws, scope: 'project', home: ws }, bundle, { selfTest: false }).ok);
  ok(JSON.parse(readFileSync(join(ws, '.claude/settings.json'), 'utf8')));
  ok({});
  ok({ someFutureKey: { anything: 1 }, env: { NODE_ENV: 'test' }, disableAllHooks: false });
  ok({ permissions: { defaultMode: 'acceptEdits', deny: ['Read(./.env)'], additionalDirectories: ['../shared'] } });
  ok({
    hooks: {
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --write .', timeout: 30 }] }],
      Stop: [{ hooks: [{ type: 'prompt', prompt: 'Check the tests ran' }] }],
    },
  });
});

test('rejects what Claude Code rejects or never runs', () => {
  bad({ permissions: { defaultMode: 'yolo' } }, /^\/permissions\/defaultMode$/);
  bad({ permissions: { allow: 'Bash(npm test)' } }, /^\/permissions\/allow$/);
  bad({ hooks: { PreToolUsee: [] } }, /^\/hooks$/);
  bad({ hooks: { PreToolUse: [{ hooks: [{ type: 'command' }] }] } }, /^\/hooks\/PreToolUse\/0\/hooks\/0$/);
  bad({ hooks: { PreToolUse: [{ hooks: [{ type: 'shell', command: 'x' }] }] } }, /^\/hooks\/PreToolUse\/0\/hooks\/0\/type$/);
  bad({ env: { PORT: 3000 } }, /^\/env\/PORT$/);
  bad({ disableAllHooks: 'yes' }, /^\/disableAllHooks$/);
});

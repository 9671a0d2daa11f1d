// The generated schema and the template agree with the config parser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse as parseJsonc } from 'jsonc-parser';
import guards from 'agent-guard:guards';
import { CONFIG_TEMPLATE } from '../core/config-schema';
import { DEFAULT_CONFIG, parseConfig } from '../core/config';

const schema = JSON.parse(readFileSync(join(process.env.AGENT_GUARD_ROOT!, 'dist/agent-guard.schema.json'), 'utf8'));
const validate = new Ajv({ strict: false }).compile(schema);

test('the schema lists every guard and every config key', () => {
  assert.deepEqual(Object.keys(schema.properties.guards.properties).sort(), guards.map((g) => g.id).sort());
  assert.deepEqual(
    Object.keys(schema.properties)
      .filter((k) => k !== '$schema')
      .sort(),
    Object.keys(DEFAULT_CONFIG).sort(),
  );
});

test('the template is valid for the schema and for the parser', () => {
  const value = parseJsonc(CONFIG_TEMPLATE);
  assert.ok(validate(value), JSON.stringify(validate.errors));
  assert.deepEqual(parseConfig(value).problems, []);
});

test('schema and parser reject the same mistakes', () => {
  for (const bad of [{ guards: { 'rm-catastrophic': 'maybe' } }, { failMode: 'shut' }, { protectedBranches: 'main' }, { unknownKey: true }]) {
    assert.equal(validate(bad), false, JSON.stringify(bad));
    assert.ok(parseConfig(bad).problems.length > 0, JSON.stringify(bad));
  }
  const good = { guards: { 'destructive-git': 'ask', 'my-workspace-guard': 'off' }, protectedBranches: ['main'], failMode: 'closed' };
  assert.ok(validate(good));
  assert.deepEqual(parseConfig(good).problems, []);
});

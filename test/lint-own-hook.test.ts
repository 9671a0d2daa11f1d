// Agent Guard's own installed hook reads, for lint's guard verdicts, as what it is: only when its
// stamp verifies (core/lint/own-hook.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOwnHook, OWN_HOOK_STAND_IN, readOwnHookAware, runReader } from '../core/lint/own-hook';

const body = `/* bundle */\n${'x'.repeat(300 * 1024)}\n`;
const stamped = (text: string) => `// agent-guard 0.1.0 sha256:${createHash('sha256').update(text).digest('hex')}\n${text}`;

test('a stamped file whose digest holds is the hook; an edited body, a wrong digest or no stamp is not', () => {
  assert.equal(isOwnHook(stamped(body)), true);
  assert.equal(isOwnHook(`${stamped(body)}evil();\n`), false);
  assert.equal(isOwnHook(stamped(body).replace(/sha256:[0-9a-f]{4}/, 'sha256:0000')), false);
  assert.equal(isOwnHook(body), false);
});

test('the guards read a verified hook as the stand-in, any other file as on disk (up to the bytes asked)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-own-hook-'));
  const own = join(dir, 'agent-guard.cjs');
  writeFileSync(own, stamped(body));
  assert.equal(readOwnHookAware(own, 256 * 1024 + 1), OWN_HOOK_STAND_IN);
  const edited = join(dir, 'edited.cjs');
  writeFileSync(edited, `${stamped(body)}evil();\n`);
  assert.equal(readOwnHookAware(edited, 100), stamped(body).slice(0, 100));
  const plain = join(dir, 'plain.sh');
  writeFileSync(plain, 'echo hi\n');
  assert.equal(readOwnHookAware(plain, 1000), 'echo hi\n');
  assert.equal(readOwnHookAware(join(dir, 'missing'), 1000), null);
});

test("one run's reader reads each file once (the files do not change while a run looks at them)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-own-hook-'));
  const file = join(dir, 'package.json');
  writeFileSync(file, '{"scripts":{"test":"jest"}}');
  const read = runReader();
  assert.equal(read(file, 1000), '{"scripts":{"test":"jest"}}');
  writeFileSync(file, '{"scripts":{"test":"rm -rf ~"}}');
  assert.equal(read(file, 1000), '{"scripts":{"test":"jest"}}', 'kept for the run');
  assert.equal(runReader()(file, 1000), '{"scripts":{"test":"rm -rf ~"}}', 'a new run reads it again');
  assert.equal(read(join(dir, 'missing'), 1000), null);
});

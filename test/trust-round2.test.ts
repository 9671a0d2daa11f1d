// Red team of the trust boundary, round 2 (after issue #25). Each test is a way found to silence,
// loosen or time out the guard, or to record consent without the person, while status keeps
// saying "guarded"; it failed on main before its fix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { evaluatePayload } from '../core/guards/dispatch';
import { agentSessionMarker } from '../core/consent';

const where = { guards, home: '/home/u', fallbackCwd: '/home/u/p', projectDir: '/home/u/p' };
const verdictOf = (payload: Record<string, unknown>) => {
  const e = evaluatePayload({ cwd: '/home/u/p', ...payload }, where);
  return e.verdict ? `${e.verdict.decision} ${e.verdict.guardId}` : null;
};

// A guard that overflows the stack on input the agent shaped did not "fail": the analysis could not
// see the call. Before: guard-tamper threw RangeError on 100,000 nested brackets, the dispatcher took
// it as a broken guard (no opinion) and the Write of a settings env NODE_OPTIONS ran.
test('deeply nested JSON beside a settings env entry is denied, not "no opinion"', () => {
  const nest = '['.repeat(100_000) + ']'.repeat(100_000);
  const content = `{"x":${nest},"env":{"NODE_OPTIONS":"--require ./x.js"}}`;
  assert.equal(verdictOf({ tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }), 'deny unanalysable');
  const e = evaluatePayload({ cwd: '/home/u/p', tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }, where);
  assert.match(e.verdict!.reason, /nests deeper than/);
});

test('an ordinary nested settings file is still judged by its guard (no false unanalysable)', () => {
  const content = JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [] }, x: [[[[[1]]]]] });
  assert.equal(verdictOf({ tool_name: 'Write', tool_input: { file_path: '/home/u/p/.claude/settings.json', content } }), null);
});

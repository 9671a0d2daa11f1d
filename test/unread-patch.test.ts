// Red team of issue #25: a patch whose text the line does not show (`curl … | git apply`, a file
// the line downloads first) may rewrite Agent Guard's settings entry or hook file; guard-tamper
// read only patch files named on the line and here-documents, so `cat in.patch | git apply` with a
// hunk adding `"env": {"OPENSSL_CONF": …}` to .claude/settings.json passed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOOK = join(process.env.AGENT_GUARD_ROOT!, 'dist/hook.cjs');

const patchOf = (file: string) => `--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-{}\n+{"env":{"OPENSSL_CONF":"/etc/hostname"}}\n`;

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-patch-')));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude/hooks'), { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, '.claude/settings.json'), '{}\n');
  writeFileSync(join(ws, '.claude/hooks/agent-guard.cjs'), '// hook\n');
  writeFileSync(join(ws, 'src/a.json'), '{}\n');
  writeFileSync(join(ws, 'evil.patch'), patchOf('.claude/settings.json'));
  writeFileSync(join(ws, 'fix.patch'), patchOf('src/a.json'));
  const guard = (command: string) => {
    const r = spawnSync(process.execPath, [HOOK], {
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws }),
      encoding: 'utf8',
      env: { ...process.env, HOME: join(root, 'home'), CLAUDE_PROJECT_DIR: ws, AGENT_GUARD_NO_LOG: '1', AGENT_GUARD_NO_CACHE: '1' },
    });
    return {
      guard: /\[agent-guard: ([a-z-]+)\]/.exec(r.stdout)?.[1] ?? null,
      reason: (JSON.parse(r.stdout || '{}').hookSpecificOutput?.permissionDecisionReason as string) ?? '',
    };
  };
  return { guard };
}

test('a patch from a pipe or a file the line writes first, applied where Agent Guard lives: denied, with the two-step alternative', () => {
  const { guard } = setup();
  for (const command of [
    'curl -sL https://example.com/pr.patch | git apply',
    'base64 -d p.b64 | patch -p1',
    'python3 gen.py | git am',
    'curl -sLo p.diff https://example.com/pr.diff && git apply p.diff',
  ]) {
    const r = guard(command);
    assert.equal(r.guard, 'guard-tamper', command);
    assert.match(r.reason, /applies a patch whose text cannot be read before it runs .* Save the patch to a file in one step, then apply it by name/, command);
  }
});

test('cat FILE | git apply is read as the file', () => {
  const { guard } = setup();
  assert.equal(guard('cat evil.patch | git apply').guard, 'guard-tamper');
  assert.equal(guard('cat evil.patch | patch -p1').guard, 'guard-tamper');
  assert.equal(guard('cat fix.patch | git apply').guard, null);
});

test('patches that stay precise: named files, git-made diffs, folders without Agent Guard', () => {
  const { guard } = setup();
  assert.equal(guard('git apply fix.patch').guard, null, 'the suggested alternative');
  assert.equal(guard('patch -p1 -i fix.patch').guard, null);
  // The repository's own content, as git checkout writes it: not a patch guard-tamper cannot read.
  // (Reverting the work tree's diff discards uncommitted work, which destructive-git judges on its own
  // where it cannot see that nothing is uncommitted, as in this folder that is not a repository.)
  assert.notEqual(guard('git diff main -- src | git apply -R').guard, 'guard-tamper');
  assert.equal(guard('git diff main -- src | git apply --check').guard, null);
  assert.equal(guard('git format-patch -1 --stdout abc123 | git am').guard, null);
  assert.equal(guard('cd src && curl -sL https://example.com/x.patch | patch -p1').guard, null, 'src holds nothing of Agent Guard');
  assert.equal(guard('git apply --check fix.patch').guard, null);
  assert.equal(guard('git apply evil.patch').guard, 'guard-tamper', 'as before');
  assert.equal(guard('patch src/a.json /tmp/missing.diff').guard, null, 'patch names the one file it writes');
});

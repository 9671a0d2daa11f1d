// Codex CLI's install: the trust record (its hash as Codex computes it, the config.toml edit and its
// exact inverse) and the install target around it. The hashes below are the ones codex-cli 0.171.0
// reported for these handlers (`codex app-server`, hooks/list currentHash); the real-host suite
// checks the whole install against the pinned CLI with no trust bypass.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codexHookHash, codexHookKey, hooksSwitchedOff, projectTrusted, readToml, trustHook, TRUST_MARK, untrustHooks } from '../core/install/codex-trust';
import { walkUpCommand } from '../core/install/hooks-file-target';
import { installHosts, uninstallHosts } from '../core/install/orchestrate';
import { status } from '../core/install/status';
import type { Bundle } from '../core/install/installer';

const BUNDLE: Bundle = { hookSource: '// hook\n', version: '9.9.9' };
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test("the trust hash is Codex's own (the first value reported by codex-cli 0.171.0)", () => {
  assert.equal(
    codexHookHash(undefined, { type: 'command', command: '/tmp/cx/hook.sh', timeout: 10 }),
    'sha256:e336be9d836127495d2b287fa10870c437cfe6aa7e287be34c6956451432a72d',
  );
  // Our own entry's hash, pinned so that a change to the command is noticed here; that the real Codex
  // trusts it and runs it is checked in the real-host suite (test/real-hosts/).
  assert.equal(
    codexHookHash(undefined, { type: 'command', command: walkUpCommand('codex'), timeout: 10 }),
    'sha256:9963902e384f870d62d3bcde12eb846f1f912b65396e9ee005a514dc3c18df6e',
  );
  // What changes the hash: the command, the timeout (600 s when absent), the matcher.
  const base = codexHookHash(undefined, { type: 'command', command: 'x' });
  assert.equal(base, codexHookHash(undefined, { type: 'command', command: 'x', timeout: 600 }));
  assert.notEqual(base, codexHookHash('.*', { type: 'command', command: 'x' }));
  assert.notEqual(base, codexHookHash(undefined, { type: 'command', command: 'y' }));
  assert.equal(codexHookKey('/w/.codex/hooks.json', 1, 0), '/w/.codex/hooks.json:pre_tool_use:1:0');
});

const KEY = '/w/.codex/hooks.json:pre_tool_use:0:0';
const HASH = `sha256:${'a'.repeat(64)}`;
const OTHER = `sha256:${'b'.repeat(64)}`;

test('trusting adds one record in Codex form and changes no other byte; removing it gives the original back', () => {
  for (const before of [
    null,
    '',
    'model = "gpt-5.5"\n',
    'model = "gpt-5.5"',
    '# mine\r\nmodel = "o3"\r\n\r\n[projects."/w"]\r\ntrust_level = "trusted"\r\n',
    '[hooks.state."/other/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "sha256:cc"\n',
  ]) {
    const edit = trustHook(before, KEY, HASH);
    assert.ok(edit.ok && edit.changed, String(before));
    assert.ok(edit.text.startsWith(before ?? ''), 'an append');
    const read = readToml(edit.text);
    assert.ok(read.ok);
    assert.deepEqual({ ...(read.value.hooks as { state: Record<string, object> }).state[KEY] }, { trusted_hash: HASH });
    assert.equal(trustHook(edit.text, KEY, HASH).ok && !(trustHook(edit.text, KEY, HASH) as { changed: boolean }).changed, true, 'idempotent');
    // The original bytes; a last line without its newline gets one.
    const orig = before ?? '';
    assert.equal(untrustHooks(edit.text, '/w/.codex/hooks.json'), orig === '' || orig.endsWith('\n') ? orig : `${orig}\n`, JSON.stringify(before));
  }
});

test("a changed hook's record is updated in place when it is ours; another's record or a file that does not parse is refused", () => {
  const ours = trustHook('model = "x"\n', KEY, HASH);
  assert.ok(ours.ok);
  const again = trustHook(ours.text, KEY, OTHER);
  assert.ok(again.ok && again.changed);
  assert.equal(again.text, ours.text.replace(HASH, OTHER));
  assert.deepEqual(trustHook(`[hooks.state."${KEY}"]\ntrusted_hash = "${OTHER}"\n`, KEY, HASH), {
    ok: false,
    error: `it already has a record for this hook ([hooks.state."${KEY}"]) that Agent Guard did not write; trust the hook in Codex (/hooks)`,
  });
  const broken = trustHook('model = \n', KEY, HASH);
  assert.equal(broken.ok, false);
  assert.match((broken as { error: string }).error, /^it is not valid TOML/);
  // An inline table that the appended one would collide with: refused, not written.
  const inline = trustHook('hooks = { state = {} }\n', KEY, HASH);
  assert.equal(inline.ok, false);
  assert.match((inline as { error: string }).error, /would not parse as Codex reads it/);
  assert.deepEqual(trustHook(`[hooks.state."${KEY}"]\nenabled = false\n`, KEY, HASH), {
    ok: false,
    error: 'it disables this hook (enabled = false); remove that, or trust the hook in Codex (/hooks)',
  });
});

test('uninstall removes only records it wrote (the mark line above the table), under this hooks file', () => {
  const text = `${TRUST_MARK}\n[hooks.state."/elsewhere/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "${HASH}"\n`;
  assert.equal(untrustHooks(text, '/w/.codex/hooks.json'), null);
  const edited = `${TRUST_MARK}\n[hooks.state."${KEY}"]\ntrusted_hash = "${HASH}"\nenabled = true\n`;
  assert.equal(untrustHooks(edited, '/w/.codex/hooks.json'), `enabled = true\n`, 'the three lines of ours only');
});

test('project trust and the switch that turns hooks off, as Codex reads config.toml', () => {
  const cfg = (t: string) => (readToml(t) as { value: Record<string, unknown> }).value;
  assert.equal(projectTrusted(cfg('[projects."/w"]\ntrust_level = "trusted"\n'), '/w/sub'), true);
  assert.equal(projectTrusted(cfg('[projects."/w"]\ntrust_level = "untrusted"\n'), '/w'), false);
  assert.equal(projectTrusted(cfg(''), '/w'), false);
  assert.equal(hooksSwitchedOff(cfg('[features]\nhooks = false\n')), '[features] hooks = false');
  assert.equal(hooksSwitchedOff(cfg('[features]\ncodex_hooks = false\n')), '[features] codex_hooks = false');
  assert.equal(hooksSwitchedOff(cfg('[features]\nhooks = true\ncodex_hooks = false\n')), null);
});

test('install --host codex, then uninstall: hooks.json and config.toml are byte for byte what they were', () => {
  const base = mkdtempSync(join(tmpdir(), 'agent-guard-codex-'));
  dirs.push(base);
  const ws = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(join(ws, '.codex'), { recursive: true });
  mkdirSync(join(home, '.codex'), { recursive: true });
  const hooks = '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "notify" }] }]\n  }\n}\n';
  const config = 'model = "gpt-5.5"\n\n[projects."/elsewhere"]\ntrust_level = "trusted"\n';
  writeFileSync(join(ws, '.codex', 'hooks.json'), hooks);
  writeFileSync(join(home, '.codex', 'config.toml'), config);
  const place = { workspace: ws, scope: 'project' as const, home };
  const saved = process.env.CODEX_HOME;
  delete process.env.CODEX_HOME;
  try {
    const r = installHosts(place, BUNDLE, ['codex'], { selfTest: false });
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.lines.slice(1), [
      `updated .codex/hooks.json: PreToolUse hook for every tool, and the session-start check that runs it (backup: ${join(ws, '.claude', 'agent-guard', 'codex-hooks.json.bak')})`,
      'updated ~/.codex/config.toml: trusted the Agent Guard hook of .codex/hooks.json (Codex runs a hook only once trusted; /hooks in Codex lists it)',
    ]);
    assert.deepEqual(r.warnings, [
      `Codex loads .codex/hooks.json only in a trusted project: trust ${ws} when Codex asks, or install with --user (every folder)`,
    ]);
    const written = readFileSync(join(home, '.codex', 'config.toml'), 'utf8');
    assert.ok(written.startsWith(config));
    // Codex runs a hook only once trusted: the hook and the session-start check each have their record.
    assert.deepEqual(written.match(/:(pre_tool_use|session_start):0:0"\]/g), [':pre_tool_use:0:0"]', ':session_start:0:0"]']);
    const s = status(ws, home, BUNDLE);
    assert.deepEqual(
      s.scopes.filter((x) => x.host === 'codex').map((x) => [x.label, x.installed, x.entryCurrent, x.problems]),
      [
        [
          '.codex/hooks.json',
          true,
          true,
          [`Codex loads .codex/hooks.json only in a trusted project: trust ${ws} when Codex asks, or install with --user (every folder)`],
        ],
      ],
    );
    const u = uninstallHosts(place, BUNDLE, { hosts: ['codex'] });
    assert.equal(u.error, undefined, u.error);
    assert.equal(readFileSync(join(ws, '.codex', 'hooks.json'), 'utf8'), hooks);
    assert.equal(readFileSync(join(home, '.codex', 'config.toml'), 'utf8'), config);
    assert.equal(existsSync(join(ws, '.claude', 'hooks', 'agent-guard.cjs')), false);
  } finally {
    if (saved !== undefined) process.env.CODEX_HOME = saved;
  }
});

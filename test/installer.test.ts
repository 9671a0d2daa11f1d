// The installer: surgical, idempotent, atomic, reversible; and it refuses rather than damage.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { minimatch } from 'minimatch';
import { hookCommand, stampHook, type Bundle, type Target } from '../core/install/installer';
import { install, sync, uninstall } from '../core/install/targets/claude';
import { status } from '../core/install/status';
import { planInstall, planUninstall, findOurHandlers, SECRET_DENY_RULES } from '../core/install/settings';
import { picker, prng, randomJsonObject } from './support/prng';
import { parseStrict } from '../core/install/json-edit';
import { claudeSessionCheck } from '../core/install/liveness';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };
const ENTRY = { command: hookCommand('${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/agent-guard.cjs'), timeout: 10 };
/** What a Claude Code install writes: the hook and its session-start check. */
const ENTRIES = { ...ENTRY, sessionStart: { command: claudeSessionCheck(ENTRY.command), timeout: 30 } };

function workspace(name = 'ws'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'agent-guard-install-')), name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
const target = (ws: string, scope: Target['scope'] = 'project'): Target => ({ workspace: ws, scope, home: join(ws, '..', 'home') });
const settingsOf = (ws: string, name = 'settings.json') => join(ws, '.claude', name);

function withSettings(text: string | null): { ws: string; file: string } {
  const ws = workspace();
  const file = settingsOf(ws);
  if (text !== null) {
    mkdirSync(join(ws, '.claude'), { recursive: true });
    writeFileSync(file, text);
  }
  return { ws, file };
}

test('install into a workspace without .claude creates the hook and settings; uninstall removes both', () => {
  const { ws, file } = withSettings(null);
  const r = install(target(ws), BUNDLE, { selfTest: false });
  assert.ok(r.ok, r.error);
  const s = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(s.hooks.PreToolUse[0].hooks[0].command, ENTRY.command);
  assert.equal(s.hooks.PreToolUse[0].hooks[0].timeout, 10);
  assert.equal(s.hooks.PreToolUse[0].matcher, '*');
  assert.match(readFileSync(join(ws, '.claude/hooks/agent-guard.cjs'), 'utf8'), /^\/\/ agent-guard 9\.9\.9 sha256:[0-9a-f]{64}\n/);
  const u = uninstall(target(ws), BUNDLE);
  assert.ok(u.ok, u.error);
  assert.equal(existsSync(file), false);
  assert.equal(existsSync(join(ws, '.claude/hooks')), false);
});

test('the installed hook denies a dangerous payload (self-test and by hand)', () => {
  const { ws } = withSettings('{\n  "model": "opus"\n}\n');
  const r = install(target(ws), BUNDLE);
  assert.ok(r.ok, r.error);
  assert.deepEqual(r.selfTest && { d: r.selfTest.dangerousDenied, s: r.selfTest.harmlessSilent }, { d: true, s: true });
  const out = spawnSync('node', [join(ws, '.claude/hooks/agent-guard.cjs')], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git push -f origin main' }, cwd: ws }),
    encoding: 'utf8',
  });
  assert.match(out.stdout, /"permissionDecision":"deny"/);
});

/** install → install (no byte changes) → uninstall (the original bytes are back), on the file system. */
function roundTrip(original: string): void {
  const { ws, file } = withSettings(original);
  assert.ok(install(target(ws), BUNDLE, { selfTest: false }).ok);
  const once = readFileSync(file, 'utf8');
  assert.ok(install(target(ws), BUNDLE, { selfTest: false }).ok);
  assert.equal(readFileSync(file, 'utf8'), once, 'the second install changed the file');
  assert.ok(uninstall(target(ws), BUNDLE).ok);
  assert.equal(readFileSync(realpathSync(file), 'utf8'), original, 'uninstall did not restore the bytes');
}

test('a second install changes no byte; uninstall gives back the original bytes', () => {
  roundTrip('{\n    "model": "opus",\n    "hooks": {\n        "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]\n    }\n}\n');
});

test('an empty settings file is filled, and emptied again on uninstall', () => {
  const { ws, file } = withSettings('');
  assert.ok(install(target(ws), BUNDLE, { selfTest: false }).ok);
  assert.ok(findOurHandlers(JSON.parse(readFileSync(file, 'utf8'))).length === 1);
  assert.ok(uninstall(target(ws), BUNDLE).ok);
  assert.equal(readFileSync(file, 'utf8'), '');
});

test('hooks without PreToolUse, and a user PreToolUse group with the same matcher, are kept', () => {
  const original = JSON.stringify(
    {
      hooks: {
        PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'prettier' }] }],
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'my-audit' }] }],
      },
    },
    null,
    2,
  );
  const plan = planInstall(original, ENTRY, []);
  assert.ok(plan.ok);
  const after = JSON.parse(plan.text);
  assert.equal(after.hooks.PreToolUse.length, 2);
  assert.equal(after.hooks.PreToolUse[0].hooks[0].command, 'my-audit');
  assert.deepEqual(after.hooks.PostToolUse, JSON.parse(original).hooks.PostToolUse);
  assert.equal(planUninstall(plan.text, plan.record).text, original);
});

test('our entry present twice is reduced to one; an outdated entry is updated in place', () => {
  const ours = { type: 'command', command: 'node "/old/path/agent-guard.cjs"', timeout: 30 };
  const original = JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          { matcher: '*', hooks: [ours] },
          { matcher: 'Bash', hooks: [ours, { type: 'command', command: 'other' }] },
        ],
      },
    },
    null,
    2,
  );
  const plan = planInstall(original, ENTRY, []);
  assert.ok(plan.ok);
  const found = findOurHandlers(JSON.parse(plan.text));
  assert.equal(found.length, 1);
  assert.equal(found[0]!.command, ENTRY.command);
  assert.equal(JSON.parse(plan.text).hooks.PreToolUse[1].hooks[0].command, 'other');
});

test('settings that are not valid JSON are refused with line and column, and not touched', () => {
  for (const [text, where] of [
    ['{\n  "model": "opus",\n}\n', /line 3, column 1/],
    ['{\n  // a comment\n  "model": "opus"\n}\n', /line 2/],
    ['{ "model": ', /line 1/],
  ] as const) {
    const { ws, file } = withSettings(text);
    const r = install(target(ws), BUNDLE, { selfTest: false });
    assert.equal(r.ok, false);
    assert.match(r.error!, /refusing to change \.claude\/settings\.json: it is not valid JSON/);
    assert.match(r.error!, where);
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.equal(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')), false);
  }
});

test('settings that are an array or a string are refused', () => {
  for (const text of ['[1, 2]\n', '"hello"\n', '{ "hooks": [] }', '{ "permissions": { "deny": "Read(.env)" } }']) {
    const { ws, file } = withSettings(text);
    const r = install(target(ws), BUNDLE, { selfTest: false });
    assert.equal(r.ok, false, text);
    assert.match(r.error!, /refusing to change/);
    assert.equal(readFileSync(file, 'utf8'), text);
  }
});

test('a read-only settings file is refused, not replaced', () => {
  const { ws, file } = withSettings('{}\n');
  chmodSync(file, 0o444);
  const r = install(target(ws), BUNDLE, { selfTest: false });
  // root may write anything; the installer reads the permission bits, not only access().
  assert.equal(r.ok, false);
  assert.match(r.error!, /read-only/);
  assert.equal(readFileSync(file, 'utf8'), '{}\n');
});

test('a workspace path with spaces and non-ASCII characters', () => {
  const ws = workspace('my prøject ünï 工作');
  const r = install(target(ws), BUNDLE);
  assert.ok(r.ok, r.error);
  assert.equal(r.selfTest?.dangerousDenied, true);
  assert.ok(uninstall(target(ws), BUNDLE).ok);
});

test('a symlinked .claude (kept elsewhere in the workspace) and a symlinked settings file stay symlinks', () => {
  const ws = workspace();
  const real = join(ws, 'config', 'claude');
  mkdirSync(join(ws, 'config'));
  mkdirSync(real);
  writeFileSync(join(real, 'real-settings.json'), '{\n  "model": "opus"\n}\n');
  symlinkSync(real, join(ws, '.claude'));
  symlinkSync(join(real, 'real-settings.json'), join(real, 'settings.json'));
  assert.ok(install(target(ws), BUNDLE, { selfTest: false }).ok);
  assert.ok(lstatSync(join(ws, '.claude')).isSymbolicLink());
  assert.ok(lstatSync(join(real, 'settings.json')).isSymbolicLink());
  assert.ok(findOurHandlers(JSON.parse(readFileSync(join(real, 'real-settings.json'), 'utf8'))).length === 1);
  assert.ok(uninstall(target(ws), BUNDLE).ok);
  assert.equal(readFileSync(join(real, 'real-settings.json'), 'utf8'), '{\n  "model": "opus"\n}\n');
  // The backup was written beside the real file; uninstall removes it from there too.
  assert.equal(existsSync(join(real, 'real-settings.json.agent-guard.bak')), false);
});

test('Windows line endings and tab indentation are preserved', () => {
  const original = '{\r\n\t"model": "opus",\r\n\t"permissions": {\r\n\t\t"allow": [\r\n\t\t\t"Bash(npm test)"\r\n\t\t]\r\n\t}\r\n}\r\n';
  const plan = planInstall(original, ENTRY, SECRET_DENY_RULES);
  assert.ok(plan.ok);
  assert.doesNotMatch(plan.text.replace(/\r\n/g, ''), /\n/, 'no bare \\n');
  assert.doesNotMatch(plan.text, / {2}"/, 'no space indentation');
  assert.equal(planUninstall(plan.text, plan.record).text, original);
  assert.equal(plan.record.restore, undefined, 'undone by inverse edits, no stored copy needed');
});

test('--local and --user scopes', () => {
  const ws = workspace();
  assert.ok(install(target(ws, 'local'), BUNDLE, { selfTest: false }).ok);
  assert.ok(existsSync(settingsOf(ws, 'settings.local.json')));
  assert.equal(existsSync(settingsOf(ws)), false);
  const t = target(ws, 'user');
  mkdirSync(t.home, { recursive: true });
  assert.ok(install(t, BUNDLE, { selfTest: false }).ok);
  const user = JSON.parse(readFileSync(join(t.home, '.claude/settings.json'), 'utf8'));
  assert.equal(user.hooks.PreToolUse[0].hooks[0].command, hookCommand(join(t.home, '.claude/hooks/agent-guard.cjs')));
  assert.ok(uninstall(target(ws, 'local'), BUNDLE).ok);
  assert.ok(uninstall(t, BUNDLE).ok);
  assert.equal(existsSync(join(t.home, '.claude/settings.json')), false);
});

test('deny rules: user rules are not duplicated, and none blocks .env.example', () => {
  const plan = planInstall('{ "permissions": { "deny": ["Read(./.env)"] } }', ENTRY, SECRET_DENY_RULES);
  assert.ok(plan.ok);
  const deny: string[] = JSON.parse(plan.text).permissions.deny;
  assert.equal(deny.filter((r) => r.replace('./', '') === 'Read(.env)').length, 1);
  for (const rule of SECRET_DENY_RULES) {
    const pattern = /^Read\((.*)\)$/.exec(rule)![1]!;
    for (const safe of ['.env.example', '.env.sample', '.env.template', 'src/.env.example']) {
      assert.equal(minimatch(safe, pattern, { dot: true, matchBase: true }), false, `${rule} matches ${safe}`);
    }
  }
  assert.equal(planUninstall(plan.text, plan.record).text, '{ "permissions": { "deny": ["Read(./.env)"] } }');
});

test('status: not installed, installed and current, outdated, modified, neutralised', () => {
  const ws = workspace();
  const t = target(ws);
  let s = status(ws, t.home, BUNDLE);
  assert.equal(s.active, false);
  assert.ok(install(t, BUNDLE, { selfTest: false }).ok);
  s = status(ws, t.home, BUNDLE);
  assert.deepEqual([s.active, s.current], [true, true]);
  // an older bundled hook is "outdated"; sync brings it current
  const hookFile = join(ws, '.claude/hooks/agent-guard.cjs');
  writeFileSync(hookFile, stampHook({ hookSource: '/* old */', version: '0.0.1' }));
  s = status(ws, t.home, BUNDLE);
  assert.equal(s.scopes[0]!.hook, 'outdated');
  assert.equal(s.current, false);
  assert.ok(sync(t, BUNDLE).ok);
  assert.equal(status(ws, t.home, BUNDLE).current, true);
  // a hand edit is kept by sync unless forced
  writeFileSync(hookFile, `${readFileSync(hookFile, 'utf8')}\n// my tweak\n`);
  assert.equal(status(ws, t.home, BUNDLE).scopes[0]!.hook, 'modified');
  const r = sync(t, BUNDLE);
  assert.match(r.warnings.join('\n'), /changed by hand/);
  assert.match(readFileSync(hookFile, 'utf8'), /my tweak/);
  assert.ok(sync(t, BUNDLE, { force: true }).ok);
  assert.doesNotMatch(readFileSync(hookFile, 'utf8'), /my tweak/);
  // disableAllHooks in the local file switches it off
  writeFileSync(settingsOf(ws, 'settings.local.json'), '{ "disableAllHooks": true }');
  s = status(ws, t.home, BUNDLE);
  assert.equal(s.active, false);
  assert.match(s.neutralizers.join('\n'), /disableAllHooks/);
});

test('status reports a registered hook whose file is missing', () => {
  const ws = workspace();
  assert.ok(install(target(ws), BUNDLE, { selfTest: false }).ok);
  const hook = join(ws, '.claude/hooks/agent-guard.cjs');
  writeFileSync(hook, '');
  require('node:fs').unlinkSync(hook);
  const s = status(ws, target(ws).home, BUNDLE);
  assert.equal(s.active, false);
  assert.match(s.scopes[0]!.problems.join('\n'), /does not exist: the guard is silently off/);
});

// ---- property test: random settings files, install → install → uninstall ----

function randomSettings(rand: () => number): string {
  const pick = picker(rand);
  const obj = randomJsonObject(
    rand,
    ['model', 'env', 'statusLine', 'theme', 'x-custom', 'ünïcode', 'cleanupPeriodDays', 'includeCoAuthoredBy', 'a b'],
    ['opus', 'a "quoted" value', 'tab\tand\\slash', '☃'],
  );
  if (rand() < 0.5) {
    const hooks: Record<string, unknown> = {};
    for (const ev of ['PreToolUse', 'PostToolUse', 'Stop', 'SessionStart']) {
      if (rand() < 0.5)
        hooks[ev] = Array.from({ length: Math.floor(rand() * 3) }, () => ({
          ...(rand() < 0.7 ? { matcher: pick(['*', 'Bash', 'Edit|Write']) } : {}),
          hooks: [{ type: 'command', command: pick(['echo hi', 'npx prettier --write', 'audit.sh']) }],
        }));
    }
    obj.hooks = hooks;
  }
  if (rand() < 0.5) {
    const perms: Record<string, unknown> = {};
    for (const k of ['allow', 'deny', 'ask'])
      if (rand() < 0.6)
        perms[k] = Array.from({ length: Math.floor(rand() * 4) }, () =>
          pick(['Bash(npm test)', 'Read(./.env)', 'Read(.env.local)', 'WebFetch', 'Edit(src/**)']),
        );
    if (rand() < 0.3) perms.defaultMode = 'acceptEdits';
    obj.permissions = perms;
  }
  const indent = pick(['  ', '    ', '\t']);
  let text = JSON.stringify(obj, null, indent);
  if (rand() < 0.3) text = text.replace(/\[\s*("[^"\n]*"(?:,\s*"[^"\n]*")*)\s*\]/g, (_m, inner: string) => `[${inner.replace(/,\s*/g, ', ')}]`); // one-line string arrays
  if (rand() < 0.3) text = text.replace(/\n/g, '\r\n');
  if (rand() < 0.7) text += text.includes('\r\n') ? '\r\n' : '\n';
  return text;
}

type Settings = { hooks: { PreToolUse: unknown[]; SessionStart: unknown[] }; permissions: { deny: string[] } };
function withoutOurs(value: unknown, record: { addedDenyRules: string[]; createdPaths: string[] }): unknown {
  const v = structuredClone(value) as Settings;
  v.hooks.PreToolUse = v.hooks.PreToolUse.filter((g) => !JSON.stringify(g).includes('agent-guard.cjs'));
  v.hooks.SessionStart = v.hooks.SessionStart.filter((g) => !JSON.stringify(g).includes('agent-guard.cjs'));
  for (const rule of record.addedDenyRules) v.permissions.deny.splice(v.permissions.deny.lastIndexOf(rule), 1);
  for (const p of [...record.createdPaths].sort((a, b) => b.length - a.length)) {
    const parts = p.split('.');
    const parent = parts.slice(0, -1).reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, v);
    delete parent[parts[parts.length - 1]!];
  }
  return v;
}

test('property: install adds only our entries, a second install changes no byte, uninstall restores the bytes (500 random files)', () => {
  const rand = prng(20261130);
  let exactInverse = 0;
  for (let i = 0; i < 500; i++) {
    const original = randomSettings(rand);
    const first = planInstall(original, ENTRIES, SECRET_DENY_RULES);
    assert.ok(first.ok, `#${i}: ${!first.ok && first.error}\n${original}`);
    const before = JSON.parse(original);
    const after = parseStrict(first.text);
    assert.ok(after.ok, `#${i}: result is not strict JSON\n${first.text}`);
    assert.deepEqual(
      withoutOurs(after.value as Record<string, unknown>, first.record),
      before,
      `#${i}: something besides our entries changed\n${original}\n---\n${first.text}`,
    );
    const second = planInstall(first.text, ENTRIES, SECRET_DENY_RULES);
    assert.ok(second.ok && !second.changed && second.text === first.text, `#${i}: second install changed the file`);
    assert.equal(planUninstall(first.text, first.record).text, original, `#${i}: uninstall did not restore\n${original}`);
    if (!first.record.restore) exactInverse++;
  }
  // Nearly every file is restored by inverse edits alone; stored copies are for `{}`-like corner cases.
  assert.ok(exactInverse > 450, `${exactInverse} of 500 restored by inverse edits`);
});

test('property, through the file system: install → install → uninstall on 30 random files', () => {
  const rand = prng(7);
  for (let i = 0; i < 30; i++) roundTrip(randomSettings(rand));
});

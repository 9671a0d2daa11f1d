// Installing for the Gemini CLI (hooks.BeforeTool in .gemini/settings.json, edited surgically) and
// the Copilot CLI (.github/hooks for the project, its own hook file for --user), with status, sync
// and uninstall. What the real CLIs do with these files: test/real-hosts.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Bundle, Target } from '../core/install/installer';
import { install, uninstall } from '../core/install/targets/claude';
import { VSCODE_HOOKS_FILE } from '../core/install/targets/vscode';
import { installGemini, syncGemini, uninstallGemini } from '../core/install/targets/gemini';
import { copilotUserHooksFile, installCopilot, uninstallCopilot } from '../core/install/targets/copilot';
import { claudeSubfolderNote, cliHostStatus } from '../core/install/status';
import { planHostInstall, planHostUninstall } from '../core/install/host-settings';
import { picker, prng, randomJsonObject } from './support/prng';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };

const scratchDirs: string[] = [];
after(() => {
  for (const d of scratchDirs) rmSync(d, { recursive: true, force: true });
});

function scratch(): { ws: string; home: string; t: (scope?: Target['scope']) => Target } {
  const base = mkdtempSync(join(tmpdir(), 'agent-guard-install-hosts-'));
  scratchDirs.push(base);
  const ws = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  return { ws, home, t: (scope = 'project') => ({ workspace: ws, scope, home }) };
}

const GEMINI_USER_FILE =
  '{\n\t// my settings\n\t"ui": { "theme": "GitHub" },\n\t"hooks": {\n\t\t"BeforeTool": [\n\t\t\t{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] }\n\t\t]\n\t}\n}\n';

test("Gemini: the entry is appended in the file's own style, comments kept, and uninstall gives the bytes back", () => {
  const { ws, t } = scratch();
  mkdirSync(join(ws, '.gemini'));
  writeFileSync(join(ws, '.gemini/settings.json'), GEMINI_USER_FILE);
  const r = installGemini(t(), BUNDLE, { selfTest: true });
  assert.equal(r.error, undefined);
  assert.deepEqual(r.warnings, []);
  assert.ok(
    r.lines.some((l) => l.startsWith("self-test: the installed hook denies rm -rf ~ in the Gemini CLI's form")),
    r.lines.join('\n'),
  );
  const text = readFileSync(join(ws, '.gemini/settings.json'), 'utf8');
  assert.ok(
    text.startsWith(
      '{\n\t// my settings\n\t"ui": { "theme": "GitHub" },\n\t"hooks": {\n\t\t"BeforeTool": [\n\t\t\t{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] },\n\t\t\t{\n\t\t\t\t"matcher": ".*",',
    ),
    text,
  );
  assert.match(
    text,
    /"name": "agent-guard",\n\t\t\t\t\t\t"type": "command",\n\t\t\t\t\t\t"command": "f=\\"\$\{GEMINI_PROJECT_DIR:-\.\}\/\.claude\/hooks\/agent-guard\.cjs\\"; /,
  );
  assert.match(text, /"timeout": 10000\n/);
  assert.ok(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')));
  assert.equal(readFileSync(join(ws, '.claude/agent-guard/gemini-settings.json.bak'), 'utf8'), GEMINI_USER_FILE, "one backup, beside (not over) Claude Code's");
  // idempotent
  const again = installGemini(t(), BUNDLE, { selfTest: false });
  assert.deepEqual(again.lines, ['.gemini/settings.json already has the Agent Guard entry']);
  assert.equal(readFileSync(join(ws, '.gemini/settings.json'), 'utf8'), text);
  const u = uninstallGemini(t(), BUNDLE);
  assert.equal(u.error, undefined);
  assert.equal(readFileSync(join(ws, '.gemini/settings.json'), 'utf8'), GEMINI_USER_FILE);
  assert.equal(existsSync(join(ws, '.claude/agent-guard/gemini-settings.json.bak')), false, 'the backup goes with the entry');
  assert.equal(existsSync(join(ws, '.gemini/settings.json.agent-guard.bak')), false);
  assert.equal(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')), false, 'the hook file goes with the last install');
});

test('Gemini: a file it created is deleted again; bad files are refused with the place, unchanged', () => {
  const { ws, t } = scratch();
  assert.equal(installGemini(t(), BUNDLE, { selfTest: false }).ok, true);
  assert.equal(JSON.parse(readFileSync(join(ws, '.gemini/settings.json'), 'utf8')).hooks.BeforeTool[0].hooks[0].name, 'agent-guard');
  assert.equal(uninstallGemini(t(), BUNDLE).ok, true);
  assert.equal(existsSync(join(ws, '.gemini')), false, 'the .gemini/ folder it created goes too');
  mkdirSync(join(ws, '.gemini'));

  for (const [bad, message] of [
    ['{ "hooks": { "BeforeTool": {} } }\n', /"hooks.BeforeTool" is an object, where Gemini CLI expects an array/],
    ['{ "a": 1, }\n', /not valid JSON \(PropertyNameExpected at line 1, column 11\)/],
    ['[]\n', /top level is not an object/],
  ] as const) {
    writeFileSync(join(ws, '.gemini/settings.json'), bad);
    const r = installGemini(t(), BUNDLE, { selfTest: false });
    assert.equal(r.ok, false);
    assert.match(r.error!, message);
    assert.equal(readFileSync(join(ws, '.gemini/settings.json'), 'utf8'), bad);
  }
  assert.match(installGemini(t('local'), BUNDLE).error!, /no personal per-project settings file/);
});

test('Gemini: sync updates an outdated entry in place; the hook file is shared with the Claude Code install', () => {
  const { ws, t } = scratch();
  assert.equal(install(t(), BUNDLE, { selfTest: false }).ok, true);
  assert.equal(installGemini(t(), BUNDLE, { selfTest: false }).ok, true);
  const file = join(ws, '.gemini/settings.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"timeout": 10000', '"timeout": 60000'));
  const s = syncGemini(t(), BUNDLE);
  assert.equal(s.ok, true);
  assert.match(readFileSync(file, 'utf8'), /"timeout": 10000/);
  // Removing the Claude Code install keeps the hook file Gemini still runs.
  assert.equal(uninstall(t(), BUNDLE).ok, true);
  assert.ok(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')));
  const [gemini] = cliHostStatus(t(), BUNDLE);
  assert.deepEqual(gemini, {
    host: 'gemini',
    runs: true,
    detail: '.gemini/settings.json; project settings load only in a trusted folder (an untrusted --skip-trust session runs unguarded; --user covers it)',
  });
  writeFileSync(file, readFileSync(file, 'utf8').replace('{', '{\n  "hooksConfig": { "enabled": false },'));
  assert.deepEqual(cliHostStatus(t(), BUNDLE)[0], {
    host: 'gemini',
    runs: false,
    detail: '.gemini/settings.json sets hooksConfig.enabled: false, so Gemini CLI runs no hooks',
  });
});

test('Gemini --user: ~/.gemini/settings.json with an absolute hook path', () => {
  const { home, t } = scratch();
  assert.equal(installGemini(t('user'), BUNDLE, { selfTest: false }).ok, true);
  const entry = JSON.parse(readFileSync(join(home, '.gemini/settings.json'), 'utf8')).hooks.BeforeTool[0].hooks[0];
  assert.ok(entry.command.startsWith(`f="${join(home, '.claude/hooks/agent-guard.cjs')}"; `), entry.command);
  assert.equal(uninstallGemini(t('user'), BUNDLE).ok, true);
  assert.equal(existsSync(join(home, '.gemini/settings.json')), false);
  assert.equal(existsSync(join(home, '.claude/hooks/agent-guard.cjs')), false);
});

test('host-settings: uninstall is the exact inverse of install on varied files', () => {
  const spec = {
    eventPath: ['hooks', 'BeforeTool'],
    group: { matcher: '.*', hooks: [{ type: 'command', command: 'node agent-guard.cjs', timeout: 1 }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'Gemini CLI',
  };
  for (const before of [
    '{}',
    '{}\n',
    '{"a":1}',
    '{\r\n  "hooks": {}\r\n}\r\n',
    '{ "hooks": { "BeforeTool": [] } }',
    '{\n    "hooks": {\n        "AfterTool": [1]\n    }\n}\n',
    '/* c */ {"x": [1, 2]} // tail\n',
  ]) {
    const plan = planHostInstall(before, spec);
    assert.equal(plan.ok, true, before);
    if (!plan.ok) continue;
    assert.equal(JSON.parse(plan.text.replace(/\/\*.*?\*\/|\/\/.*$/gm, '')).hooks.BeforeTool.at(-1).hooks[0].command, 'node agent-guard.cjs', plan.text);
    assert.equal(planHostUninstall(plan.text, plan.record, spec).text, before, JSON.stringify(before));
  }
});

test('Copilot --user: its own hook file format, removed again on uninstall', () => {
  const { home, t } = scratch();
  const r = installCopilot(t('user'), BUNDLE, { selfTest: true });
  assert.equal(r.error, undefined);
  assert.ok(
    r.lines.some((l) => l.startsWith("self-test: the installed hook denies rm -rf ~ in the Copilot CLI's form")),
    r.lines.join('\n'),
  );
  const file = copilotUserHooksFile(home, '');
  const cfg = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(cfg.version, 1);
  assert.deepEqual(Object.keys(cfg.hooks), ['preToolUse']);
  const [h] = cfg.hooks.preToolUse;
  assert.deepEqual(Object.keys(h), ['type', 'bash', 'powershell', 'timeoutSec']);
  const hookFile = join(home, '.claude/hooks/agent-guard.cjs');
  // The bash form runs the hook and denies in Copilot's form.
  const run = spawnSync('sh', ['-c', h.bash], {
    input: JSON.stringify({ toolName: 'bash', toolArgs: '{"command":"rm -rf ~"}', cwd: home }),
    encoding: 'utf8',
    env: { ...process.env, HOME: home, AGENT_GUARD_NO_LOG: '1' },
  });
  assert.equal(run.status, 0);
  assert.equal(JSON.parse(run.stdout).permissionDecision, 'deny');
  assert.ok(existsSync(hookFile));
  assert.equal(cliHostStatus(t(), BUNDLE)[1]!.runs, true);
  assert.equal(uninstallCopilot(t('user'), BUNDLE).ok, true);
  assert.equal(existsSync(file), false);
  assert.equal(existsSync(hookFile), false);
  writeFileSync(join(home, 'x'), '');
  mkdirSync(join(home, '.copilot/hooks'), { recursive: true });
  writeFileSync(file, '{"version":1,"hooks":{}}');
  assert.match(installCopilot(t('user'), BUNDLE).error!, /is not Agent Guard's; refusing to overwrite it/);
});

test("Copilot, project: VS Code's .github/hooks file, which runs only in a folder Copilot trusts", () => {
  const { ws, home, t } = scratch();
  const r = installCopilot(t(), BUNDLE, { selfTest: false });
  assert.equal(r.ok, true);
  assert.ok(existsSync(join(ws, VSCODE_HOOKS_FILE)));
  assert.match(r.warnings.join('\n'), /loads \.github\/hooks\/agent-guard\.json only in a trusted folder/);
  assert.equal(cliHostStatus(t(), BUNDLE)[1]!.runs, false);
  mkdirSync(join(home, '.copilot'));
  writeFileSync(join(home, '.copilot/config.json'), JSON.stringify({ trustedFolders: [join(ws, '..')] }));
  assert.deepEqual(cliHostStatus(t(), BUNDLE)[1], { host: 'copilot', runs: true, detail: VSCODE_HOOKS_FILE });
  assert.equal(uninstallCopilot(t(), BUNDLE).ok, true);
  assert.equal(existsSync(join(ws, VSCODE_HOOKS_FILE)), false);
  // It runs Claude Code's project hooks too.
  assert.equal(install(t(), BUNDLE, { selfTest: false }).ok, true);
  assert.deepEqual(cliHostStatus(t(), BUNDLE)[1], {
    host: 'copilot',
    runs: true,
    detail: ".claude/settings.json (the Copilot CLI runs Claude Code's project hooks too)",
  });
});

test("status's verdict counts the Copilot CLI once it is used here: a folder it has not trusted is 'partly guarded', exit 1, though VS Code's check passes", () => {
  const { ws, home } = scratch();
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, COPILOT_HOME: '', XDG_CACHE_HOME: join(home, '.cache'), AGENT_GUARD_NO_LOG: '1' },
    });
  assert.equal(cli('install', '--host', 'copilot', '--no-self-test', ws).status, 0);
  // Never run on this machine (no ~/.copilot): the shared file is VS Code's, and VS Code's agent runs it.
  let st = cli('status', ws);
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /^verdict: {3}guarded and current$/m);
  mkdirSync(join(home, '.copilot'));
  st = cli('status', ws);
  assert.equal(st.status, 1, st.stdout);
  assert.match(st.stdout, /^host: {6}VS Code agent: guarded; /m);
  assert.match(
    st.stdout,
    /^verdict: {3}partly guarded: NOT guarded in Copilot CLI: \.github\/hooks\/agent-guard\.json is in place, but the Copilot CLI loads it only once the folder is trusted \(accept its prompt, or add the folder to trustedFolders in ~\/\.copilot\/config\.json\)$/m,
  );
  assert.equal((JSON.parse(cli('status', '--json', ws).stdout) as { active: boolean }).active, false);
  writeFileSync(join(home, '.copilot/config.json'), JSON.stringify({ trustedFolders: [ws] }));
  st = cli('status', ws);
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /^verdict: {3}guarded and current$/m);
});

test('a folder below a guarded project is named unguarded for Claude Code, unless --user covers it', () => {
  const { ws, home, t } = scratch();
  assert.equal(install(t(), BUNDLE, { selfTest: false }).ok, true);
  const sub = join(ws, 'packages/app');
  mkdirSync(sub, { recursive: true });
  assert.equal(
    claudeSubfolderNote(sub, home, false),
    `Claude Code started in ${sub} does not load ${join(ws, '.claude')}/settings.json: such a session is NOT guarded. Start Claude Code in ${ws}, or install with --user (every folder)`,
  );
  assert.equal(claudeSubfolderNote(sub, home, true), null);
  assert.equal(claudeSubfolderNote(ws, home, false), null);
  assert.equal(installGemini(t(), BUNDLE, { selfTest: false }).ok, true);
  assert.deepEqual(cliHostStatus({ workspace: sub, scope: 'project', home }, BUNDLE)[0], {
    host: 'gemini',
    runs: false,
    detail: `Gemini CLI started here does not load ${join(ws, '.gemini/settings.json')}: start it in ${ws}, or install with --user (every folder)`,
  });
});

// ---- property test: random Gemini settings files, install → install → uninstall ----

function randomGeminiSettings(rand: () => number): string {
  const pick = picker(rand);
  const obj = randomJsonObject(
    rand,
    ['ui', 'model', 'tools', 'mcpServers', 'x-custom', 'ünïcode', 'a b', 'security'],
    ['gemini-2.5-pro', 'a "quoted" value', 'tab\tand\\slash', '☃'],
  );
  if (rand() < 0.6) {
    const hooks: Record<string, unknown> = {};
    for (const ev of ['BeforeTool', 'AfterTool', 'SessionStart']) {
      if (rand() < 0.5)
        hooks[ev] = Array.from({ length: Math.floor(rand() * 3) }, () => ({
          ...(rand() < 0.7 ? { matcher: pick(['.*', 'run_shell_command', 'write_file|replace']) } : {}),
          hooks: [{ type: 'command', command: pick(['echo hi', './lint.sh']), ...(rand() < 0.5 ? { timeout: 5000 } : {}) }],
        }));
    }
    obj.hooks = hooks;
  }
  if (rand() < 0.3) obj.hooksConfig = { enabled: true };
  let text = JSON.stringify(obj, null, pick(['  ', '    ', '\t']));
  if (rand() < 0.3) text = `// Gemini settings\n${text}`;
  if (rand() < 0.3) text = text.replace(/\n/g, '\r\n');
  if (rand() < 0.7) text += text.includes('\r\n') ? '\r\n' : '\n';
  return text;
}

test('property: Gemini install adds only our group, a second install changes no byte, uninstall restores the bytes (300 random files)', () => {
  const spec = {
    eventPath: ['hooks', 'BeforeTool'],
    group: { matcher: '.*', hooks: [{ name: 'agent-guard', type: 'command', command: 'node .claude/hooks/agent-guard.cjs', timeout: 10000 }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'Gemini CLI',
  };
  const strip = (t: string) => JSON.parse(t.replace(/^\/\/.*$/m, ''));
  const rand = prng(20261201);
  let exactInverse = 0;
  for (let i = 0; i < 300; i++) {
    const original = randomGeminiSettings(rand);
    const first = planHostInstall(original, spec);
    assert.ok(first.ok, `#${i}: ${!first.ok && first.error}\n${original}`);
    if (!first.ok) continue;
    const after = strip(first.text);
    const groups = after.hooks.BeforeTool as unknown[];
    assert.deepEqual(groups.at(-1), spec.group, `#${i}: our group is not the last one\n${first.text}`);
    const without = structuredClone(after);
    without.hooks.BeforeTool = groups.slice(0, -1);
    for (const p of [...first.record.createdPaths].sort((a, b) => b.length - a.length)) {
      const parts = p.split('.');
      delete parts.slice(0, -1).reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, without)[parts.at(-1)!];
    }
    assert.deepEqual(without, strip(original), `#${i}: something besides our entry changed\n${original}\n---\n${first.text}`);
    const second = planHostInstall(first.text, spec);
    assert.ok(second.ok && !second.changed && second.text === first.text, `#${i}: second install changed the file`);
    assert.equal(planHostUninstall(first.text, first.record, spec).text, original, `#${i}: uninstall did not restore\n${original}`);
    if (!first.record.restore) exactInverse++;
  }
  assert.ok(exactInverse > 270, `${exactInverse} of 300 restored by inverse edits`);
});

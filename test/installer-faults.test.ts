// Installer faults found in #14: duplicate keys, unquoted --user paths, writes before checks, the
// backup where git add -A commits it, temp files left by an interrupted run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Target } from '../core/install/installer';
import { install, uninstall } from '../core/install/targets/claude';
import { status } from '../core/install/status';
import { psQuote, powershellHookCommand, shQuote } from '../core/install/quote';
import { walkUpCommand } from '../core/install/hooks-file-target';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };

function workspace(settings: string | null): { ws: string; t: Target; file: string } {
  const ws = join(mkdtempSync(join(tmpdir(), 'agent-guard-faults-')), 'ws');
  mkdirSync(ws);
  const file = join(ws, '.claude/settings.json');
  if (settings !== null) {
    mkdirSync(join(ws, '.claude'));
    writeFileSync(file, settings);
  }
  return { ws, t: { workspace: ws, scope: 'project', home: join(ws, '..', 'home') }, file };
}

function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      out.push(`${rel}${n}`);
      if (statSync(p).isDirectory()) walk(p, `${rel}${n}/`);
    }
  };
  walk(dir, '');
  return out.sort();
}

test('a settings file with a key twice is refused with line and column; nothing is written', () => {
  const text = '{\n  "hooks": { "Stop": [] },\n  "model": "opus",\n  "hooks": { "PreToolUse": [] }\n}\n';
  const { ws, t, file } = workspace(text);
  const r = install(t, BUNDLE, { selfTest: false });
  assert.equal(r.ok, false);
  assert.equal(
    r.error,
    'refusing to change .claude/settings.json: the key "hooks" appears twice in one object (the second at line 4, column 3); Claude Code keeps only the last one, so an entry added to the other would be lost. Merge them, then install again',
  );
  assert.equal(readFileSync(file, 'utf8'), text);
  assert.deepEqual(tree(ws), ['.claude', '.claude/settings.json']);
  // nested objects too
  const nested = workspace('{ "permissions": { "deny": [], "deny": ["Read(x)"] } }');
  assert.match(install(nested.t, BUNDLE, { selfTest: false }).error ?? '', /the key "deny" appears twice in one object \(the second at line 1, column 32\)/);
});

for (const [what, name] of [
  ['$ and $(…)', 'h$(touch MARK)$HOME'],
  ['double quotes', 'my "quoted" home'],
  ['backticks', 'h`touch MARK`'],
  ['spaces and unicode', 'mÿ hømé 工作 ✓'],
  ['single quotes and backslashes', "it's a \\ home"],
] as const) {
  test(`--user: a HOME with ${what} is quoted; the real sh -c runs the hook and nothing else`, () => {
    const base = mkdtempSync(join(tmpdir(), 'agent-guard-home-'));
    const home = join(base, name.replace('MARK', join(base, 'marker').replace(/\//g, '_')));
    mkdirSync(home, { recursive: true });
    const ws = join(base, 'ws');
    mkdirSync(ws);
    const r = install({ workspace: ws, scope: 'user', home }, BUNDLE, { selfTest: false });
    assert.ok(r.ok, r.error);
    const command: string = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command;
    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: ws });
    const run = spawnSync('sh', ['-c', command], { input: payload, encoding: 'utf8', cwd: base, env: { ...process.env, HOME: home, AGENT_GUARD_NO_LOG: '1' } });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /"permissionDecision":"deny"/);
    assert.equal(readdirSync(base).length, 2, `no marker file beside home and ws: nothing in HOME ran (${readdirSync(base).join(', ')})`);
    // The missing-file message names the real path.
    require('node:fs').unlinkSync(join(home, '.claude/hooks/agent-guard.cjs'));
    const missing = spawnSync('sh', ['-c', command], { input: payload, encoding: 'utf8', cwd: base });
    assert.equal(missing.status, 2, 'a block, not a non-blocking error that lets the call run');
    assert.equal(
      missing.stderr,
      `agent-guard: hook file ${join(home, '.claude/hooks/agent-guard.cjs')} not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync\n`,
    );
  });
}

test('the walk-up command (Codex, Cursor, Qwen Code, droid) finds the hook from a subfolder, hardened, and fails closed', () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-walkup-'));
  const sub = join(ws, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  mkdirSync(join(ws, '.claude/hooks'), { recursive: true });
  const hook = join(ws, '.claude/hooks/agent-guard.cjs');
  const command = walkUpCommand('codex');
  // node's startup variables that would stop it are unset before node runs.
  const hostile = { ...process.env, NODE_OPTIONS: '--require /nonexistent/preload.js', OPENSSL_CONF: '/etc/hostname' };
  writeFileSync(hook, 'process.stdout.write("ran " + (process.env.NODE_OPTIONS ?? "clean"));\n');
  const ran = spawnSync('sh', ['-c', command], { input: '{}', encoding: 'utf8', cwd: sub, env: hostile });
  assert.deepEqual([ran.status, ran.stdout, ran.stderr], [0, 'ran clean', '']);
  // The hook's own exit 2 is passed on; any other failure is a block with the reason.
  writeFileSync(hook, 'process.exit(3);\n');
  const crashed = spawnSync('sh', ['-c', command], { input: '{}', encoding: 'utf8', cwd: sub });
  assert.equal(crashed.status, 2);
  assert.match(crashed.stderr, /^agent-guard: node could not run the hook \(exit 3\), so Agent Guard checks nothing and blocks every call/);
  // A missing hook file blocks, where it used to be exit 1 (a non-blocking error: the call ran).
  require('node:fs').unlinkSync(hook);
  const missing = spawnSync('sh', ['-c', command], { input: '{}', encoding: 'utf8', cwd: sub });
  assert.equal(missing.status, 2, 'a block, not a non-blocking error that lets the call run');
  assert.equal(
    missing.stderr,
    `agent-guard: .claude/hooks/agent-guard.cjs not found in ${sub} or above, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync --host codex\n`,
  );
});

test('shell and PowerShell quoting', () => {
  assert.equal(
    shQuote('/home/me/.claude/hooks/agent-guard.cjs'),
    '"/home/me/.claude/hooks/agent-guard.cjs"',
    'unchanged for plain paths: existing entries stay current',
  );
  assert.equal(shQuote('/h/$x'), "'/h/$x'");
  assert.equal(shQuote("/h/it's `x`"), "'/h/it'\\''s `x`'");
  assert.equal(psQuote("C:/Users/O'Brien $env:X `n"), "'C:/Users/O''Brien $env:X `n'");
  assert.equal(psQuote('C:/Users/a\u2019b'), "'C:/Users/a\u2019\u2019b'");
  assert.equal(
    powershellHookCommand("C:/Users/O'Brien $me/.claude/hooks/agent-guard.cjs", 'agent-guard sync --host vscode'),
    "foreach ($v in 'NODE_OPTIONS','NODE_PATH','NODE_EXTRA_CA_CERTS','NODE_ICU_DATA','NODE_CHANNEL_FD','NODE_UNIQUE_ID','NODE_REDIRECT_WARNINGS','NODE_V8_COVERAGE','NODE_COMPILE_CACHE','NODE_REPL_EXTERNAL_MODULE','OPENSSL_CONF','LD_PRELOAD','LD_AUDIT','DYLD_INSERT_LIBRARIES') { Remove-Item \"Env:$v\" -ErrorAction SilentlyContinue }; " +
      "$f = 'C:/Users/O''Brien $me/.claude/hooks/agent-guard.cjs'; if (Test-Path -LiteralPath $f) { & node $f; $r = $LASTEXITCODE; if ($r -eq 0 -or $r -eq 2) { exit $r }; " +
      '[Console]::Error.WriteLine("agent-guard: node could not run the hook (exit $r), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status"); exit 2 } ' +
      'else { [Console]::Error.WriteLine("agent-guard: hook file $f not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync --host vscode"); exit 2 }',
  );
});

test('a read-only .claude/ is refused before anything is written, with a clear message', () => {
  const { ws, t, file } = workspace('{}\n');
  chmodSync(join(ws, '.claude'), 0o555);
  try {
    const r = install(t, BUNDLE, { selfTest: false });
    assert.equal(r.ok, false);
    assert.equal(r.error, `.claude is read-only, so nothing was changed; make it writable (chmod u+w ${JSON.stringify(join(ws, '.claude'))}), then try again`);
    assert.deepEqual(tree(ws), ['.claude', '.claude/settings.json'], 'no hook file, no hooks folder');
    assert.equal(readFileSync(file, 'utf8'), '{}\n');
    const cli = spawnSync(process.execPath, [CLI, 'install', ws, '--no-self-test'], { encoding: 'utf8' });
    assert.equal(cli.status, 2);
    assert.doesNotMatch(cli.stderr, /unexpected error|EACCES/);
  } finally {
    chmodSync(join(ws, '.claude'), 0o755);
  }
  // a read-only .claude/hooks too
  const b = workspace('{}\n');
  mkdirSync(join(b.ws, '.claude/hooks'));
  chmodSync(join(b.ws, '.claude/hooks'), 0o555);
  try {
    assert.match(install(b.t, BUNDLE, { selfTest: false }).error ?? '', /^\.claude\/hooks is read-only, so nothing was changed/);
    assert.equal(readFileSync(b.file, 'utf8'), '{}\n');
  } finally {
    chmodSync(join(b.ws, '.claude/hooks'), 0o755);
  }
});

test('the backup lives in the self-ignoring .claude/agent-guard/; an old backup is still found and moved', () => {
  const { ws, t, file } = workspace('{\n  "model": "opus"\n}\n');
  const r = install(t, BUNDLE, { selfTest: false });
  assert.ok(r.ok, r.error);
  assert.match(r.lines.join('\n'), /\(backup: \.claude\/agent-guard\/settings\.json\.bak\)/);
  assert.equal(readFileSync(join(ws, '.claude/agent-guard/settings.json.bak'), 'utf8'), '{\n  "model": "opus"\n}\n');
  assert.equal(readFileSync(join(ws, '.claude/agent-guard/.gitignore'), 'utf8').split('\n')[1], '*');
  assert.equal(existsSync(`${file}.agent-guard.bak`), false);
  assert.equal(status(ws, t.home, BUNDLE).scopes[0]!.backup, join(ws, '.claude/agent-guard/settings.json.bak'));
  assert.ok(uninstall(t, BUNDLE).ok);
  assert.equal(existsSync(join(ws, '.claude/agent-guard/settings.json.bak')), false);

  // An install by an older version: its backup beside settings.json.
  const old = workspace('{\n  "model": "opus"\n}\n');
  assert.ok(install(old.t, BUNDLE, { selfTest: false }).ok);
  require('node:fs').renameSync(join(old.ws, '.claude/agent-guard/settings.json.bak'), `${old.file}.agent-guard.bak`);
  assert.equal(status(old.ws, old.t.home, BUNDLE).scopes[0]!.backup, `${old.file}.agent-guard.bak`, 'status finds it');
  const st = spawnSync(process.execPath, [CLI, 'status', old.ws], { encoding: 'utf8' });
  assert.match(st.stdout, /^backup: {4}.*settings\.json\.agent-guard\.bak \(where older versions kept it/m);
  const again = install(old.t, BUNDLE, { selfTest: false });
  assert.match(again.lines.join('\n'), /moved the backup of \.claude\/settings\.json into \.claude\/agent-guard\//);
  assert.equal(existsSync(`${old.file}.agent-guard.bak`), false);
  // and uninstall removes an old one where it finds it
  require('node:fs').renameSync(join(old.ws, '.claude/agent-guard/settings.json.bak'), `${old.file}.agent-guard.bak`);
  assert.ok(uninstall(old.t, BUNDLE).ok);
  assert.equal(existsSync(`${old.file}.agent-guard.bak`), false);
});

test('kill loop: install/uninstall killed at varied points leave settings parseable, and no temp file survives the next run', async () => {
  const allow = Array.from({ length: 60000 }, (_, i) => `Bash(npm run task-${i})`);
  const original = `${JSON.stringify({ model: 'opus', permissions: { allow } }, null, 2)}\n`;
  const { ws, file } = workspace(original);
  // Timed kills, and kills the moment a temp file appears (the worst point: written, not yet renamed).
  const points: (number | 'temp')[] = [0, 'temp', 30, 'temp', 60, 'temp', 90, 'temp', 120, 'temp', 150, 'temp', 200, 'temp', 260, 'temp', 320, 'temp'];
  let killed = 0;
  let atTemp = 0;
  for (let i = 0; i < points.length; i++) {
    const child = spawn(process.execPath, [CLI, i % 4 === 3 ? 'uninstall' : 'install', ws, '--no-self-test'], { stdio: 'ignore' });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    const watchers: FSWatcher[] = [];
    if (points[i] === 'temp') {
      for (const d of [join(ws, '.claude'), join(ws, '.claude/hooks'), join(ws, '.claude/agent-guard')]) {
        if (!existsSync(d)) continue;
        watchers.push(
          watch(d, (_e, name) => {
            if (name && /\.tmp$/.test(String(name)) && child.kill('SIGKILL')) atTemp++;
          }),
        );
      }
    } else {
      await new Promise((res) => setTimeout(res, points[i] as number));
      if (child.kill('SIGKILL')) killed++;
    }
    await exited;
    for (const w of watchers) w.close();
    const text = readFileSync(file, 'utf8');
    assert.doesNotThrow(() => JSON.parse(text), `settings.json not parseable after a kill at ${points[i]}`);
    assert.equal(JSON.parse(text).permissions.allow.length, allow.length, "the user's rules are all there");
  }
  assert.ok(killed + atTemp >= points.length / 2, `most runs were killed mid-way (${killed} timed, ${atTemp} at a temp file)`);
  const done = spawnSync(process.execPath, [CLI, 'install', ws, '--no-self-test'], { encoding: 'utf8' });
  assert.equal(done.status, 0, done.stderr);
  assert.deepEqual(
    tree(ws).filter((n) => /\.tmp$/.test(n)),
    [],
  );
  assert.equal(spawnSync(process.execPath, [CLI, 'uninstall', ws], { encoding: 'utf8' }).status, 0);
  assert.deepEqual(
    tree(ws).filter((n) => /\.tmp$/.test(n)),
    [],
  );
});

test('install --host vscode: a foreign hooks file or a read-only .github/hooks is refused before the hook file is written', async () => {
  const { installVsCode } = await import('../core/install/targets/vscode');
  const a = workspace(null);
  mkdirSync(join(a.ws, '.github/hooks'), { recursive: true });
  writeFileSync(join(a.ws, '.github/hooks/agent-guard.json'), '{"hooks":{}}');
  assert.match(installVsCode(a.ws, BUNDLE, { selfTest: false }).error ?? '', /is not Agent Guard's; refusing to overwrite it/);
  assert.equal(existsSync(join(a.ws, '.claude')), false, 'no hook file written first');
  const b = workspace(null);
  mkdirSync(join(b.ws, '.github/hooks'), { recursive: true });
  chmodSync(join(b.ws, '.github/hooks'), 0o555);
  try {
    assert.match(installVsCode(b.ws, BUNDLE, { selfTest: false }).error ?? '', /^\.github\/hooks is read-only, so nothing was changed/);
    assert.equal(existsSync(join(b.ws, '.claude')), false);
  } finally {
    chmodSync(join(b.ws, '.github/hooks'), 0o755);
  }
});

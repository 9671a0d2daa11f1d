// The npm package as users get it: `npm pack` (what the registry would hold), installed offline into
// a scratch prefix with `npm install -g`, then `agent-guard install / status / lint` from there and a
// dangerous call denied by the hook it installed, run the way Claude Code runs it. And `npx`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bashPayload, cleanEnv, installGlobal, lintFixture, packed, run, scratch } from './support.mjs';
import { startRegistry } from './registry.mjs';

test('the tarball holds the bundles, schema, rule docs, grammars, README and LICENSE: no tests, no sources', () => {
  const { files, size } = packed();
  const rules = readdirSync(join(ROOT, 'docs/rules')).map((f) => `docs/rules/${f}`);
  const walkthrough = readdirSync(join(ROOT, 'media/walkthrough')).map((f) => `media/walkthrough/${f}`);
  const expected = [
    'CHANGELOG.md',
    'LICENSE',
    'README.md',
    'SECURITY.md',
    'package.json',
    'assets/icon.png',
    'dist/agent-guard.schema.json',
    'dist/claude-settings.schema.json',
    'dist/cli.cjs',
    'dist/extension.cjs',
    'dist/extension-features.cjs',
    'dist/hook.cjs',
    'dist/server.cjs',
    ...rules,
    ...walkthrough,
    'syntaxes/bang-command.injection.json',
    'syntaxes/permission-rules.injection.json',
  ];
  for (const extra of ['.claude-plugin/plugin.json', 'hooks/hooks.json']) if (files.includes(extra)) expected.push(extra);
  assert.deepEqual(files, expected.sort());
  assert.ok(!files.some((f) => f.endsWith('.ts') || f.startsWith('test/')));
  console.log(`tarball: ${(size / 1024).toFixed(0)} KB`);
});

test('the .vsix holds the same files (vsce ls): one files list for both packages, nothing else', () => {
  const r = run(join(ROOT, 'node_modules/.bin/vsce'), ['ls', '--no-dependencies'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').sort(), packed().files);
});

test('npm install -g from the tarball works offline: nothing to fetch, no dependencies at run time', () => {
  const home = scratch('npm');
  const { bin, pkg } = installGlobal(home);
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  assert.equal(manifest.private, undefined, 'a private package cannot be published');
  assert.equal(manifest.dependencies, undefined);
  assert.ok(!existsSync(join(pkg, 'node_modules')), 'nothing was installed beside it');
  const st = statSync(join(pkg, 'dist/cli.cjs'));
  assert.ok(st.mode & 0o100, 'the bin is executable');
  const help = run(join(bin, 'agent-guard'), ['help'], { env: cleanEnv(home) });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^agent-guard: guards that keep coding agents/);
});

test('installed agent-guard: install, status, a denied call through the installed hook, lint', () => {
  const home = scratch('npm-use');
  const { bin } = installGlobal(home);
  const ws = join(home, 'project');
  mkdirSync(ws);
  const env = cleanEnv(home);
  const ag = join(bin, 'agent-guard');

  const inst = run(ag, ['install', ws], { env });
  assert.equal(inst.status, 0, inst.stderr);
  assert.match(inst.stdout, /self-test: the installed hook denies rm -rf ~ and stays silent for ls/);

  const st = run(ag, ['status', ws], { env });
  assert.equal(st.status, 0, st.stdout);
  assert.match(st.stdout, /installed: \.claude\/settings\.json \(hook file: current\)/);
  assert.match(st.stdout, /verdict: {3}guarded and current/);

  // Claude Code runs the settings entry's command with sh, CLAUDE_PROJECT_DIR set, the call on stdin.
  const settings = JSON.parse(readFileSync(join(ws, '.claude/settings.json'), 'utf8'));
  const { command } = settings.hooks.PreToolUse[0].hooks[0];
  const deny = run('sh', ['-c', command], { cwd: ws, env: { ...env, CLAUDE_PROJECT_DIR: ws }, input: bashPayload('git push --force origin main', ws) });
  assert.equal(deny.status, 0);
  const out = JSON.parse(deny.stdout).hookSpecificOutput;
  assert.equal(out.permissionDecision, 'deny');
  assert.match(out.permissionDecisionReason, /force-with-lease/);
  const allow = run('sh', ['-c', command], { cwd: ws, env: { ...env, CLAUDE_PROJECT_DIR: ws }, input: bashPayload('git status', ws) });
  assert.equal(allow.stdout, '');

  const fixture = lintFixture(join(home, 'lint'));
  const lint = run(ag, ['lint', '--format', 'json'], { cwd: fixture, env });
  assert.equal(lint.status, 0, 'warnings only');
  assert.deepEqual(
    JSON.parse(lint.stdout).map((d) => `${d.file}:${d.line} ${d.code}`),
    ['CLAUDE.md:3 AG-CMD-001'],
  );
});

test('npx agent-guard install, the README line, with the package fetched from a registry (a local one serving the tarball)', async () => {
  const home = scratch('npx-registry');
  const ws = join(home, 'project');
  mkdirSync(ws);
  const registry = await startRegistry(packed().tarball);
  try {
    const env = { ...cleanEnv(home), npm_config_offline: 'false', npm_config_registry: registry.url };
    const r = await new Promise((res) => {
      const p = spawn('npx', ['--yes', 'agent-guard', 'install'], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.stderr.on('data', (d) => (out += d));
      p.on('close', (status) => res({ status, out }));
    });
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /Agent Guard is installed/);
    assert.ok(registry.requests.includes('GET /agent-guard'), String(registry.requests));
    assert.ok(existsSync(join(ws, '.claude/hooks/agent-guard.cjs')));
  } finally {
    await registry.stop();
  }
});

test('npx: npm exec runs the bin straight from the tarball, offline', () => {
  const home = scratch('npx');
  const ws = join(home, 'project');
  mkdirSync(ws);
  const env = cleanEnv(home);
  const inst = run('npm', ['exec', '--yes', `--package=${packed().tarball}`, '--', 'agent-guard', 'install', ws], { env, cwd: home });
  assert.equal(inst.status, 0, inst.stderr);
  const st = run('npm', ['exec', '--yes', `--package=${packed().tarball}`, '--', 'agent-guard', 'status', ws], { env, cwd: home });
  assert.equal(st.status, 0, st.stdout + st.stderr);
  assert.match(st.stdout, /guarded and current/);
});

test('the README Install section names exactly the commands these tests run', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install\n'), readme.indexOf('\n## ', readme.indexOf('## Install\n') + 1));
  for (const line of [
    '`claude plugin install agent-guard --marketplace agent-guard/agent-guard`', // plugin.test.mjs
    '`npx agent-guard install`', // above
    '`code --install-extension agent-guard.vsix`', // test/e2e/run.mjs
    '`sudo npx agent-guard install --managed --write`', // managed.test.mjs (as root, in a mount namespace)
    '`- uses: agent-guard/agent-guard@v0.1.0`', // ci.test.mjs runs action.yml's steps
    'hooks: [{id: agent-guard-lint}]', // ci.test.mjs, pre-commit try-repo
  ])
    assert.ok(section.includes(line), `README Install lacks ${line}`);
  assert.ok(section.indexOf('plugin') < section.indexOf('npx'), 'the plugin line comes first');
});

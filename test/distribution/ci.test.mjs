// The CI integrations as CI runs them. The GitHub Action (action.yml): its lint step's own `run`
// text executed by bash with the environment GitHub gives a composite step (inputs mapped through
// the step's env, GITHUB_ACTION_PATH = this repository, GITHUB_OUTPUT, RUNNER_TEMP), fetching the
// package from a local registry the way it fetches agent-guard@<its version> from npm; then its last
// step turning lint's exit code into the job's. pre-commit: Debian's pre-commit runs
// `pre-commit try-repo <this repository> agent-guard-lint` in a fixture repository, with the
// tarball-installed agent-guard on PATH (language: system).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT, cleanEnv, installGlobal, lintFixture, packed, run, scratch } from './support.mjs';
import { startRegistry } from './registry.mjs';

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function runAsync(file, args, opts) {
  return new Promise((resolvePromise) => {
    const p = spawn(file, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => resolvePromise({ status, stdout, stderr }));
  });
}

/** `${{ inputs.x }}` and `${{ steps.lint.outputs.x }}` in a step's env, as GitHub substitutes them. */
function stepEnv(step, inputs, outputs = {}) {
  const env = {};
  for (const [k, v] of Object.entries(step.env ?? {})) {
    env[k] = String(v).replace(
      /\$\{\{\s*(inputs|steps\.lint\.outputs)\.([\w-]+)\s*\}\}/g,
      (_, scope, name) => (scope === 'inputs' ? inputs[name] : outputs[name]) ?? '',
    );
  }
  return env;
}

const defaults = () => Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default]));

/** Runs the action's lint step in `workspace`; returns its exit code and the outputs it wrote. */
async function lintStep(workspace, inputs, extraEnv = {}) {
  const home = scratch('action');
  const output = join(home, 'github-output');
  writeFileSync(output, '');
  const step = action.runs.steps.find((s) => s.id === 'lint');
  const env = {
    ...cleanEnv(home),
    ...extraEnv,
    ...stepEnv(step, inputs),
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: home,
  };
  const r = await runAsync(step.shell, ['-e', '-c', step.run], { cwd: workspace, env });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
  return { ...r, outputs };
}

function workflowFixture() {
  const dir = lintFixture(join(scratch('ci-ws'), 'repo'));
  mkdirSync(join(dir, '.claude/workflows'), { recursive: true });
  writeFileSync(join(dir, '.claude/workflows/w.js'), "export const meta = { name: 'w', description: 'W' };\nexport const x = 1;\n");
  return dir;
}

test('action.yml: a composite action with paths and max-warnings inputs, uploading with github/codeql-action/upload-sarif', () => {
  assert.equal(action.runs.using, 'composite');
  assert.deepEqual(Object.keys(action.inputs), ['paths', 'max-warnings', 'upload', 'package']);
  const [lint, upload, fail] = action.runs.steps;
  assert.equal(lint.id, 'lint');
  assert.equal(upload.uses, 'github/codeql-action/upload-sarif@v3');
  assert.equal(upload.with.sarif_file, '${{ steps.lint.outputs.sarif-file }}');
  assert.match(upload.if, /always\(\)/, 'findings are uploaded even when lint fails the job');
  assert.equal(fail.run, 'exit "${AGENT_GUARD_EXIT:-2}"');
});

test('the lint step with its defaults: fetches agent-guard@<this version> from the registry, writes SARIF, exit code 0 for warnings', async () => {
  const ws = lintFixture(join(scratch('ci-default'), 'repo'));
  const registry = await startRegistry(packed().tarball);
  try {
    const r = await lintStep(ws, defaults(), { npm_config_offline: 'false', npm_config_registry: registry.url });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(registry.requests.includes(`GET /agent-guard/-/agent-guard-${pkg.version}.tgz`), String(registry.requests));
    assert.equal(r.outputs['exit-code'], '0');
    const sarif = JSON.parse(readFileSync(r.outputs['sarif-file'], 'utf8'));
    const results = sarif.runs[0].results;
    assert.deepEqual(
      results.map((x) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation.uri, x.locations[0].physicalLocation.region.startLine]),
      [['AG-CMD-001', 'CLAUDE.md', 3]],
    );
    assert.match(r.stdout, /::warning file=CLAUDE\.md,line=3/, 'annotations on the run too');
  } finally {
    await registry.stop();
  }
});

test('max-warnings 0 and paths: the SARIF is still written for upload, and the last step fails the job', async () => {
  const ws = workflowFixture();
  const onlyClaude = await lintStep(ws, { ...defaults(), 'max-warnings': '0', paths: 'CLAUDE.md', package: packed().tarball });
  assert.equal(onlyClaude.status, 0, 'the lint step itself does not fail: the upload must run');
  assert.equal(onlyClaude.outputs['exit-code'], '1');
  const sarif = JSON.parse(readFileSync(onlyClaude.outputs['sarif-file'], 'utf8'));
  assert.deepEqual(
    sarif.runs[0].results.map((x) => x.ruleId),
    ['AG-CMD-001'],
    'only the given path',
  );
  const last = action.runs.steps.at(-1);
  const failed = run(last.shell, ['-e', '-c', last.run], { env: { PATH: process.env.PATH, ...stepEnv(last, defaults(), onlyClaude.outputs) } });
  assert.equal(failed.status, 1);
  const all = await lintStep(ws, { ...defaults(), package: packed().tarball });
  assert.equal(all.outputs['exit-code'], '1', 'an error fails even with warnings allowed');
  assert.ok(JSON.parse(readFileSync(all.outputs['sarif-file'], 'utf8')).runs[0].results.some((x) => x.ruleId === 'AG-WF-001'));
});

test("a pull request's .npmrc, package scripts and node_modules take no part: the pinned package runs from outside the checkout", async () => {
  const ws = lintFixture(join(scratch('ci-hostile'), 'repo'));
  const marker = join(ws, '..', 'pr-code-ran');
  const evil = join(ws, 'evil.cjs');
  writeFileSync(evil, `require('fs').appendFileSync(${JSON.stringify(marker)}, 'node-options\\n');\n`);
  // npm reads the project's .npmrc in the folder it runs in; node-options becomes NODE_OPTIONS for what it starts.
  writeFileSync(join(ws, '.npmrc'), `node-options=--require ${evil}\n`);
  writeFileSync(
    join(ws, 'package.json'),
    JSON.stringify({ name: 'pr', version: '1.0.0', scripts: { preinstall: `echo scripts >> ${marker}`, postinstall: `echo scripts >> ${marker}` } }),
  );
  // A package of its own under the same name, as npm exec would find it first.
  const fake = join(ws, 'node_modules/agent-guard');
  mkdirSync(join(fake, 'dist'), { recursive: true });
  writeFileSync(join(fake, 'package.json'), JSON.stringify({ name: 'agent-guard', version: pkg.version, bin: { 'agent-guard': 'dist/cli.cjs' } }));
  writeFileSync(join(fake, 'dist/cli.cjs'), `#!/usr/bin/env node\nrequire('fs').appendFileSync(${JSON.stringify(marker)}, 'node_modules\\n');\n`);
  mkdirSync(join(ws, 'node_modules/.bin'), { recursive: true });
  symlinkSync('../agent-guard/dist/cli.cjs', join(ws, 'node_modules/.bin/agent-guard'));
  chmodSync(join(fake, 'dist/cli.cjs'), 0o755);
  const registry = await startRegistry(packed().tarball);
  try {
    const r = await lintStep(ws, defaults(), { npm_config_offline: 'false', npm_config_registry: registry.url });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(existsSync(marker) ? readFileSync(marker, 'utf8') : '', '', 'code from the checkout ran');
    assert.ok(registry.requests.includes(`GET /agent-guard/-/agent-guard-${pkg.version}.tgz`), String(registry.requests));
    const sarif = JSON.parse(readFileSync(r.outputs['sarif-file'], 'utf8'));
    assert.deepEqual(
      sarif.runs[0].results.map((x) => x.ruleId),
      ['AG-CMD-001'],
      'the real linter ran over the checkout',
    );
  } finally {
    await registry.stop();
  }
});

test('on a pull request the lint step judges by the base branch configuration: the loosening is a finding and does not apply', async () => {
  // Two commits: the base (kubectl-context off, agreed), the pull request (secret-read off, and a CLAUDE.md that cats .env).
  const ws = lintFixture(join(scratch('ci-pr'), 'repo'));
  const env = { PATH: process.env.PATH, HOME: ws, GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args) => {
    const r = run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: ws, env });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };
  mkdirSync(join(ws, '.claude'), { recursive: true });
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{ "guards": { "kubectl-context": "off" } }\n');
  git('add', '-A');
  git('commit', '-qm', 'base');
  const baseSha = git('rev-parse', 'HEAD');
  writeFileSync(join(ws, '.claude/agent-guard.json'), '{ "guards": { "kubectl-context": "off", "secret-read": "off" } }\n');
  writeFileSync(join(ws, 'CLAUDE.md'), '# Project\n\nRun `kubectl apply -f k8s/` to deploy, after `cat .env`.\n');
  git('commit', '-qam', 'pr');
  const event = join(scratch('ci-pr-event'), 'event.json');
  writeFileSync(event, JSON.stringify({ pull_request: { base: { sha: baseSha } } }));
  const r = await lintStep(ws, { ...defaults(), package: packed().tarball }, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event });
  assert.equal(r.outputs['exit-code'], '1', r.stderr);
  const results = JSON.parse(readFileSync(r.outputs['sarif-file'], 'utf8')).runs[0].results;
  assert.deepEqual(
    results.map((x) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation.uri]),
    [
      ['AG-CFG-001', '.claude/agent-guard.json'],
      ['AG-CMD-001', 'CLAUDE.md'],
    ],
  );
  assert.match(results[1].message.text, /cat \.env/, 'the exemption the pull request adds does not apply to its own check');
  // The same commit pushed (not a pull request): its configuration is agreed.
  const push = await lintStep(ws, { ...defaults(), package: packed().tarball }, { GITHUB_EVENT_NAME: 'push' });
  assert.equal(push.outputs['exit-code'], '0', push.stderr);
});

test('.pre-commit-hooks.yaml with pre-commit try-repo: fails on an error in a committed agent file, passes a clean one, ignores other files', () => {
  assert.deepEqual(
    hooks.map((h) => [h.id, h.entry, h.language]),
    [['agent-guard-lint', 'agent-guard lint', 'system']],
  );
  const home = scratch('pre-commit');
  const { bin } = installGlobal(home);
  const env = { ...cleanEnv(home), PATH: `${bin}:${process.env.PATH}`, PRE_COMMIT_HOME: join(home, 'pre-commit'), GIT_CONFIG_NOSYSTEM: '1' };
  const version = run('pre-commit', ['--version'], { env });
  assert.equal(version.status, 0, "pre-commit is not installed: .ci/run installs Debian's pre-commit");
  const bad = workflowFixture();
  run('git', ['add', '.'], { cwd: bad, env });
  const fails = run('pre-commit', ['try-repo', ROOT, 'agent-guard-lint', '--all-files'], { cwd: bad, env });
  assert.equal(fails.status, 1, fails.stdout + fails.stderr);
  assert.match(fails.stdout, /agent-guard lint\.+Failed/);
  assert.match(fails.stdout, /\.claude\/workflows\/w\.js\n\s+2:\d+\s+error .*AG-WF-001/);
  assert.doesNotMatch(fails.stdout, /README\.md/, 'files that are not agent files are not passed');
  const good = lintFixture(join(scratch('pre-commit-ok'), 'repo'));
  const passes = run('pre-commit', ['try-repo', ROOT, 'agent-guard-lint', '--all-files'], { cwd: good, env });
  assert.equal(passes.status, 0, passes.stdout + passes.stderr);
  assert.match(passes.stdout, /agent-guard lint\.+Passed/);
});

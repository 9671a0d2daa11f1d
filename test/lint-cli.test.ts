// agent-guard lint as users and CI run it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import rules from 'agent-guard:lint-rules';
import { rulePage, rulesIndex } from '../core/lint/docs';
import { progressLine } from '../cli/lint-command';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-lint-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const lint = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, 'lint', ...args], { cwd, encoding: 'utf8', env: { ...process.env, HOME: '/home/user' } });

const FILES = {
  'CLAUDE.md':
    '# P\n\nRun `cat .env` first.\n\n<!-- agent-guard-disable-next-line AG-CMD-001 -- documented on purpose -->\nOr `git push --force origin main`.\n',
  '.claude/agents/a.md': '---\nname: a\ndescription: A\ntools: Read\n---\n',
  '.claude/workflows/w.js': "export const meta = { name: 'w', description: 'W' };\nexport const x = 1;\n",
  '.claude/settings.json': '{ "permissions": { "allow": ["Bash(npx *)"] } }\n',
  'src/ignored.md': '`cat .env`\n',
};

test('stylish output, exit 1 on errors, suppressions honoured', () => {
  const r = lint(workspace(FILES));
  assert.equal(r.status, 1);
  assert.match(r.stdout, /CLAUDE\.md\n\s+3:6\s+error .*AG-CMD-001/);
  assert.doesNotMatch(r.stdout, /6:\d+\s+error .*force-with-lease/, 'suppressed by the comment');
  assert.match(r.stdout, /AG-WF-001/);
  assert.match(r.stdout, /can be fixed with --fix/);
  assert.doesNotMatch(r.stdout, /ignored\.md/);
});

test('--no-inline-config reports what comments suppress', () => {
  const r = lint(workspace(FILES), '--no-inline-config', '--format', 'json');
  const codes = JSON.parse(r.stdout)
    .filter((d: { file: string }) => d.file === 'CLAUDE.md')
    .map((d: { line: number }) => d.line);
  assert.deepEqual(codes, [3, 6]);
});

test('json: 1-based lines and columns with code, severity and fixable', () => {
  const r = lint(workspace({ 'CLAUDE.md': '# P\n\nRun `cat .env` first.\n' }), '--format', 'json');
  // Following it leaks a secret: an error (docs/rules/README.md, Severities).
  assert.deepEqual(JSON.parse(r.stdout), [
    {
      file: 'CLAUDE.md',
      line: 3,
      column: 6,
      endLine: 3,
      endColumn: 14,
      severity: 'error',
      code: 'AG-CMD-001',
      message: JSON.parse(r.stdout)[0].message,
      fixable: true,
    },
  ]);
  assert.equal(r.status, 1);
});

test('severity model: a command stopped for process reasons only is a warning; warnings alone exit 0', () => {
  const r = lint(workspace({ 'CLAUDE.md': '# P\n\nDeploy with `kubectl apply -f k8s/`.\n' }), '--format', 'json');
  assert.deepEqual(
    JSON.parse(r.stdout).map((d: { code: string; severity: string }) => [d.code, d.severity]),
    [['AG-CMD-001', 'warning']],
  );
  assert.equal(r.status, 0, 'warnings alone exit 0');
});

test('--max-warnings turns warnings into a failure', () => {
  const ws = workspace({ 'CLAUDE.md': '# P\n\nDeploy with `kubectl apply -f k8s/`.\n' });
  assert.equal(lint(ws, '--max-warnings', '0').status, 1);
  assert.equal(lint(ws, '--max-warnings', '1').status, 0);
});

test('sarif validates against the SARIF 2.1.0 schema and carries help URIs and fixes', () => {
  const r = lint(workspace(FILES), '--format', 'sarif');
  const log = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { helpUri: string }[] } }; results: { fixes?: unknown[] }[] }[] };
  const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const validate = new AjvDraft04({ strict: false, allErrors: true, unicodeRegExp: false }).compile(schema);
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
  const rulesOut = log.runs[0]!.tool.driver.rules;
  assert.ok(rulesOut.every((r: { helpUri: string }) => /^https:\/\/.*\/docs\/rules\/AG-[A-Z]+-\d{3}\.md$/.test(r.helpUri)));
  assert.ok(log.runs[0]!.results.some((x: { fixes?: unknown[] }) => x.fixes && x.fixes.length > 0));
});

test('github annotations', () => {
  const r = lint(workspace({ '.claude/workflows/w.js': "export const meta = { name: 'w', description: 'W' };\nexport const x = 1;\n" }), '--format', 'github');
  assert.match(r.stdout, /^::error file=\.claude\/workflows\/w\.js,line=2,col=1,endLine=2,endColumn=8,title=AG-WF-001::Illegal export/m);
});

test('--fix rewrites the files and leaves nothing fixable', () => {
  const ws = workspace(FILES);
  const r = lint(ws, '--fix', '--format', 'json');
  assert.equal(r.status, 0);
  assert.equal(JSON.parse(r.stdout).filter((d: { fixable: boolean }) => d.fixable).length, 0);
  assert.match(readFileSync(join(ws, 'CLAUDE.md'), 'utf8'), /Run `grep -o '\^\[A-Z_\]\*=' \.env` first/);
  assert.match(readFileSync(join(ws, '.claude/agents/a.md'), 'utf8'), /^tools: Read$/m, 'the allowlist fix is opt-in: it grants tools, so --fix leaves it');
  assert.doesNotMatch(readFileSync(join(ws, '.claude/workflows/w.js'), 'utf8'), /export const x/);
});

test('explicit paths, a path that is not an agent file, and usage errors', () => {
  const ws = workspace(FILES);
  const one = lint(ws, 'CLAUDE.md', '--format', 'json');
  assert.deepEqual([...new Set(JSON.parse(one.stdout).map((d: { file: string }) => d.file))], ['CLAUDE.md']);
  const other = lint(ws, 'src/ignored.md');
  assert.match(other.stderr, /src\/ignored\.md is not an agent-visible file/);
  const bad = lint(ws, '--format', 'xml');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--format must be stylish, json, sarif or github/);
  assert.doesNotMatch(bad.stderr, /\n\s+at /);
});

test('a path that does not exist is an error (exit 2), not "no problems"; a folder is walked with its files kinds from the root', () => {
  const ws = workspace({
    ...FILES,
    '.claude/agents/broken.md': '---\nname: broken\ndescription: first line\nsecond line\n---\n',
    'plugins/p/.claude-plugin/plugin.json': '{ "name": "p" }\n',
    'plugins/p/agents/x.md': '---\nname: x\ndescription: X\ntools: Read, MultiEdit\n---\n',
  });
  const missing = lint(ws, 'CLAUDE.md', '.claude/agent');
  assert.equal(missing.status, 2);
  assert.equal(missing.stderr, 'agent-guard: .claude/agent: no such file or folder\n');
  assert.equal(missing.stdout, '');
  const files = (r: ReturnType<typeof lint>) => [...new Set(JSON.parse(r.stdout).map((d: { file: string }) => d.file))].sort();
  for (const dir of ['.claude', '.claude/', '.claude/agents', './.claude/agents']) {
    const r = lint(ws, dir, '--format', 'json');
    assert.equal(r.status, 1, dir);
    assert.deepEqual(
      files(r),
      dir.includes('agents')
        ? ['.claude/agents/a.md', '.claude/agents/broken.md']
        : ['.claude/agents/a.md', '.claude/agents/broken.md', '.claude/settings.json', '.claude/workflows/w.js'],
      dir,
    );
  }
  // A plugin's folder below the root: its manifest above says what its files are.
  assert.deepEqual(files(lint(ws, 'plugins/p/agents', '--format', 'json')), ['plugins/p/agents/x.md']);
  const stylish = lint(ws, '.claude/agents');
  assert.match(stylish.stdout, /\.claude\/agents\/broken\.md\n\s+4:1\s+error/);
});

test("after agent-guard install (every host), lint --max-warnings 0 exits 0: no rule warns about Agent Guard's own files; an edited hook is judged as any script", () => {
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-lint-own-'));
  spawnSync('git', ['init', '-q'], { cwd: ws });
  const env = { ...process.env, HOME: join(ws, 'home') };
  mkdirSync(join(ws, 'home', '.codex'), { recursive: true });
  for (const host of ['claude', 'vscode', 'gemini', 'copilot', 'codex', 'cursor']) {
    const r = spawnSync(process.execPath, [CLI, 'install', '--host', host], { cwd: ws, encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
  }
  const clean = spawnSync(process.execPath, [CLI, 'lint', '--max-warnings', '0'], { cwd: ws, encoding: 'utf8', env });
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /no problems/);
  // Not ours any more: the stamp no longer verifies, so the script is read as it is (and is too big to see through).
  writeFileSync(
    join(ws, '.claude/hooks/agent-guard.cjs'),
    `${readFileSync(join(ws, '.claude/hooks/agent-guard.cjs'), 'utf8')}\nrequire("child_process").execSync("rm -rf ~");\n`,
  );
  const edited = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', '.claude/settings.json'], { cwd: ws, encoding: 'utf8', env });
  const found = JSON.parse(edited.stdout) as { code: string; message: string }[];
  // Both entries run the edited file: the PreToolUse hook and the session-start check.
  assert.deepEqual(
    found.map((d) => d.code),
    ['AG-SET-007', 'AG-SET-007'],
  );
  assert.match(
    found[0]!.message,
    /^Agent Guard cannot see what this PreToolUse hook runs: Agent Guard cannot check the script of \.claude\/hooks\/agent-guard\.cjs completely/,
  );
  assert.match(
    found[1]!.message,
    /^Agent Guard cannot see what this SessionStart hook runs: Agent Guard cannot check the script of \.claude\/hooks\/agent-guard\.cjs completely/,
  );
});

test('a progress line on a terminal only, after the first second, rewritten in place and erased at the end', () => {
  let t = 0;
  const written: string[] = [];
  const tty = progressLine({ isTTY: true, write: (s: string) => written.push(s) }, () => t);
  tty.update(0, 1000);
  t = 900;
  tty.update(100, 1000);
  assert.deepEqual(written, [], 'a lint shorter than a second prints nothing extra');
  t = 1200;
  tty.update(300, 1000);
  t = 1250;
  tty.update(310, 1000);
  t = 1400;
  tty.update(400, 1000);
  tty.done();
  assert.deepEqual(written, ['\ragent-guard: linting 300 of 1000 files\x1b[K', '\ragent-guard: linting 400 of 1000 files\x1b[K', '\r\x1b[K']);
  const pipe: string[] = [];
  const piped = progressLine({ isTTY: false, write: (s: string) => pipe.push(s) }, () => (t += 5000));
  piped.update(1, 2);
  piped.done();
  assert.deepEqual(pipe, [], 'never in a pipe or a CI log');
});

test('the rule docs in docs/rules are generated from the rule metadata (run npm run docs)', () => {
  for (const r of rules) assert.equal(readFileSync(join(ROOT, 'docs/rules', `${r.code}.md`), 'utf8'), rulePage(r), `docs/rules/${r.code}.md is stale`);
  assert.equal(readFileSync(join(ROOT, 'docs/rules/README.md'), 'utf8'), rulesIndex(rules));
});

test('a template frontmatter (name: {{SKILL_NAME}}) prints no Node warning under the output', () => {
  const ws = workspace({ '.claude/skills/t/SKILL.md': '---\nname: {{SKILL_NAME}}\ndescription: {{SKILL_DESCRIPTION}}\n---\nA template.\n' });
  const r = lint(ws);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, '1 agent file checked, no problems\n');
});

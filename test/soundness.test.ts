// Soundness at the analysis's own limits: what it cannot see completely is denied as unanalysable,
// in every fail mode, and quickly. Each limit is hit on purpose here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import guards from 'agent-guard:guards';
import { DEFAULT_CONFIG, type GuardConfig } from '../core/config';
import { evaluatePayload, type Deadline } from '../core/guards/dispatch';
import { analyzeShell } from '../core/shell/analyze';
import { parseShell } from '../core/shell/parse';
import { SHELL_SETUP_PRODUCERS } from '../core/shell/substitutions';
import { HOME, PROJECT } from './support/run';

const OPEN = DEFAULT_CONFIG;
const CLOSED: GuardConfig = { ...DEFAULT_CONFIG, failMode: 'closed' };

function verdictOf(tool: string, command: string, config: GuardConfig = OPEN, deadline?: Deadline) {
  return evaluatePayload(
    { tool_name: tool, tool_input: { command }, cwd: PROJECT },
    { guards, home: HOME, fallbackCwd: PROJECT, projectDir: PROJECT, config, deadline },
  ).verdict;
}

/** The catastrophic command hidden behind each limit; before this change every one was allowed. */
const PAST_THE_LIMITS: [string, string, string][] = [
  ['nesting: 13 levels of $( )', `echo ${'$('.repeat(13)}rm -rf ~${')'.repeat(13)}`, 'nests substitutions'],
  ['nesting: 13 levels of ( )', `${'( '.repeat(13)}rm -rf ~${' )'.repeat(13)}`, 'nests substitutions'],
  ['nesting: 13 levels of { ; }', `${'{ '.repeat(13)}rm -rf ~; ${'}; '.repeat(13)}`, 'nests substitutions'],
  ['nesting: $( ( { mixed, 15 levels', `echo ${'$( ( { '.repeat(5)}rm -rf ~${'; } ) )'.repeat(5)}`, 'nests substitutions'],
  ['command budget: 4,000 harmless commands first', `${'true; '.repeat(4001)}rm -rf ~`, 'more than 4000 commands'],
  ['command budget through bash -c', `bash -c '${'true; '.repeat(4001)}rm -rf ~'`, 'more than 4000 commands'],
  ['invocation cap: wrappers that each count', `${'nice true; '.repeat(2100)}rm -rf ~`, 'runs more than 4000 programs'],
  ['wrapper chain: nice nice … rm', `${'nice '.repeat(4100)}rm -rf ~`, 'wrappers more than 64'],
  ['size cap: 256 KiB of harmless text first', `echo ${'a'.repeat(300 * 1024)}; rm -rf ~`, 'longer than 256 KiB'],
];

for (const [name, command, why] of PAST_THE_LIMITS) {
  test(`unanalysable, in both fail modes — ${name}`, () => {
    for (const config of [OPEN, CLOSED]) {
      const v = verdictOf('Bash', command, config);
      assert.equal(v?.decision, 'deny', `${config.failMode}: ${v?.guardId}`);
      assert.equal(v?.guardId, 'unanalysable');
      assert.ok(v!.reason.includes(why), v!.reason);
      assert.match(v!.reason, /write a script with the Write tool and run it/);
    }
  });
}

test('12 levels of nesting are still analysed: the deletion inside is named, not "unanalysable"', () => {
  // $(echo $(echo … ls)): each level's program is written out ($($(ls)) would run ls's output: computed).
  const v = verdictOf('Bash', `echo ${'$(echo '.repeat(10)}$(rm -rf ~)${')'.repeat(11)}`);
  assert.equal(v?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', `echo ${'$(echo '.repeat(11)}ls${')'.repeat(11)}`), null);
});

test('the parser says which limit it hit', () => {
  assert.equal(parseShell(`echo ${'$('.repeat(13)}x${')'.repeat(13)}`).limit, 'nesting');
  assert.equal(parseShell('true;'.repeat(4001)).limit, 'commands');
  assert.equal(parseShell('true;'.repeat(3999)).limit, null);
  assert.equal(analyzeShell('x'.repeat(257 * 1024), { cwd: PROJECT, home: HOME }).limit, 'size');
  assert.equal(analyzeShell('ls', { cwd: PROJECT, home: HOME, expired: () => true }).limit, null, 'one command needs no deadline check');
  assert.equal(analyzeShell('true; '.repeat(200), { cwd: PROJECT, home: HOME, expired: () => true }).limit, 'deadline');
});

test('a spent deadline denies as unanalysable, whatever the command', () => {
  const spent: Deadline = { expired: () => true, remaining: () => 0 };
  const v = verdictOf('Bash', 'ls', OPEN, spent);
  assert.equal(v?.guardId, 'unanalysable');
  assert.match(v!.reason, /took longer than the guard's time limit/);
});

test('PowerShell: a translation that gives up is unanalysable', () => {
  const deep = `${'$('.repeat(12)}Remove-Item -Recurse -Force ~${')'.repeat(12)}`;
  assert.equal(verdictOf('PowerShell', deep)?.guardId, 'unanalysable');
  const long = `Write-Output ${'a'.repeat(70 * 1024)}; Remove-Item -Recurse -Force ~`;
  assert.equal(verdictOf('PowerShell', long)?.guardId, 'unanalysable');
  assert.equal(verdictOf('PowerShell', 'Get-ChildItem -Recurse src'), null);
});

test('too many calls in one payload: an apply_patch of 600 files, a 600-part multi-replace', () => {
  const patch = `*** Begin Patch\n${Array.from({ length: 600 }, (_, i) => `*** Add File: f${i}.txt\n+x\n`).join('')}*** End Patch`;
  const p = evaluatePayload(
    { hookEventName: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: patch }, cwd: PROJECT },
    { guards, home: HOME, fallbackCwd: PROJECT },
  );
  assert.equal(p.verdict?.guardId, 'unanalysable');
  assert.match(p.verdict!.reason, /more than 500 file changes.*smaller parts/);
  const replacements = Array.from({ length: 600 }, (_, i) => ({ filePath: `/home/user/project/f${i}.ts`, oldString: 'a', newString: 'b' }));
  const m = evaluatePayload(
    { hookEventName: 'PreToolUse', tool_name: 'multi_replace_string_in_file', tool_input: { replacements }, cwd: PROJECT },
    { guards, home: HOME, fallbackCwd: PROJECT },
  );
  assert.equal(m.verdict?.guardId, 'unanalysable');
  const small = `*** Begin Patch\n${Array.from({ length: 20 }, (_, i) => `*** Add File: f${i}.txt\n+x\n`).join('')}*** End Patch`;
  assert.equal(
    evaluatePayload(
      { hookEventName: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: small }, cwd: PROJECT },
      { guards, home: HOME, fallbackCwd: PROJECT },
    ).verdict,
    null,
  );
});

test('a specific danger found before the limit is named by its own guard', () => {
  const v = verdictOf('Bash', `rm -rf ~; ${'true; '.repeat(4001)}`);
  assert.equal(v?.guardId, 'rm-catastrophic');
});

test('(( … )) is arithmetic in bash but subshells in dash: what it would run there is judged', () => {
  assert.equal(verdictOf('Bash', '((((rm -rf ~))))')?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', "sh -c '((rm -rf ~))'")?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', '(( i > 5 )) && echo big'), null);
  assert.equal(verdictOf('Bash', 'for ((i = 0; i < 3; i++)); do echo $i; done'), null);
});

test('substitutions inside arithmetic run, and are judged', () => {
  assert.equal(verdictOf('Bash', 'echo $(( $(rm -rf ~) + 1 ))')?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', '(( n = $(rm -rf ~) ))')?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', 'echo $(( $(wc -l < src/a.ts) + 1 ))'), null);
});

test('every guard is linear: 20,000 arguments and 150,000 patch sections are judged (the bench times them)', () => {
  // Before: ~20 s and ~15 s, past the hook's timeout, so the command ran. The verdicts are the assertion here.
  assert.equal(verdictOf('Bash', `rm -rf ${Array.from({ length: 20000 }, (_, i) => `f${i}`).join(' ')} ~`)?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', `rm -rf ${Array.from({ length: 20000 }, (_, i) => `f${i}`).join(' ')}`), null);
  const patch = `*** Begin Patch\n${Array.from({ length: 150000 }, (_, i) => `*** Add File: f${i}\n+x\n`).join('')}*** End Patch`;
  const p = evaluatePayload(
    { hookEventName: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: patch }, cwd: PROJECT },
    { guards, home: HOME, fallbackCwd: PROJECT },
  );
  assert.equal(p.verdict?.guardId, 'unanalysable');
});

test('the hook denies input over 16 MiB as unanalysable, in the default fail mode', () => {
  const root = process.env.AGENT_GUARD_ROOT!;
  const input = JSON.stringify({
    tool_name: 'Write',
    tool_input: { file_path: '/home/user/project/a.txt', content: 'x'.repeat(17 * 1024 * 1024) },
    cwd: '/home/user/project',
  });
  const r = spawnSync(process.execPath, [join(root, 'dist/hook.cjs')], {
    input,
    encoding: 'utf8',
    env: { ...process.env, HOME: '/home/user', CLAUDE_PROJECT_DIR: '', XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'ag-cache-')) },
    timeout: 20000,
  });
  assert.equal(r.status, 0);
  const out = JSON.parse(r.stdout);
  assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
  assert.match(out.hookSpecificOutput.permissionDecisionReason, /larger than 16 MiB.*smaller calls.*\[agent-guard: unanalysable\]/);
});

test('field splitting, arrays and located programs no longer hide the program', () => {
  for (const command of [
    'c="rm -rf /"; $c',
    'IFS=_; c=rm_-rf_/; $c',
    'x=("rm" "-rf" "/"); "${x[@]}"',
    'x=(rm -rf /); ${x[*]}',
    '$(which rm) -rf ~',
    '`command -v rm` -rf ~',
    'R=$(type -P rm); "$R" -rf ~',
  ]) {
    assert.equal(verdictOf('Bash', command)?.guardId, 'rm-catastrophic', command);
  }
  assert.equal(verdictOf('Bash', 'args=(--force origin main); git push "${args[@]}"')?.guardId, 'force-push-protected');
  const split = analyzeShell('f="a b"; ls $f/c "$f"', { cwd: PROJECT, home: HOME }).invocations.find((i) => i.program === 'ls')!;
  assert.deepEqual(
    split.args.map((a) => a.known),
    ['a', 'b/c', 'a b'],
  );
  assert.equal(verdictOf('Bash', 'FILES="a.txt b.txt"; rm -f $FILES'), null);
});

// A program name or script text that exists only when the command runs cannot be judged: before
// this, each of these was "no opinion" (found by the adversary run, ADVERSARY.md weakness 2).
const COMPUTED: string[] = [
  'eval "$X"',
  'bash -c "$X"',
  'sh -c "$(cat /tmp/x)"',
  '$(printf "r%s" "$X") -rf ~',
  'r${x}m -rf ~',
  'read c <<< rm; $c -rf ~',
  '$SHELL -c "rm -rf ~"',
  'f() { "$@"; }; f "$X" -rf ~',
];

test('a program name or a script computed when the command runs is unanalysable, with how to write it instead', () => {
  for (const command of COMPUTED) {
    const v = verdictOf('Bash', command);
    assert.equal(v?.guardId, 'unanalysable', command);
    assert.match(v!.reason, /computed only when it runs .* Write the program and its arguments out literally/, command);
  }
});

test('what a computed name still lets the analysis see is judged as usual', () => {
  // The directory is computed, the program's name is written out.
  assert.equal(verdictOf('Bash', '"$VIRTUAL_ENV/bin/python" -m pytest'), null);
  assert.equal(verdictOf('Bash', '"$X/bin/rm" -rf ~')?.guardId, 'rm-catastrophic');
  // A function's "$@" is judged per call, with that call's arguments.
  assert.equal(verdictOf('Bash', 'f() { "$@"; }; f ls -la'), null);
  assert.equal(verdictOf('Bash', 'f() { "$@"; }; f rm -rf ~')?.guardId, 'rm-catastrophic');
  // A variable set on the line is known; so is what printf prints from words the line fixes.
  assert.equal(verdictOf('Bash', 'X=ls; $X -la'), null);
  assert.equal(verdictOf('Bash', "$(printf 'r%s' m) -rf ~")?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', 'c=(r m); "${c[0]}${c[1]}" -rf ~')?.guardId, 'rm-catastrophic');
  assert.equal(verdictOf('Bash', 'c=(l s); "${c[0]}${c[1]}" -la'), null);
  assert.equal(verdictOf('Bash', 'env -i PATH="$PATH" npm test'), null);
});

test("eval of a known tool's own setup code passes (every row of SHELL_SETUP_PRODUCERS), other substitutions do not", () => {
  for (const row of SHELL_SETUP_PRODUCERS) assert.equal(verdictOf('Bash', row.example), null, row.example);
  assert.equal(verdictOf('Bash', 'eval $(ssh-agent)'), null);
  assert.equal(verdictOf('Bash', 'eval "$(pyenv install --list)"')?.guardId, 'unanalysable');
  assert.equal(verdictOf('Bash', 'eval "$(ssh-agent -s)$X"')?.guardId, 'unanalysable');
  assert.equal(verdictOf('Bash', 'eval "$(cat setup.sh)"')?.guardId, 'unanalysable');
});

// Command lines that a program runs from an option's value or its operands, and wrappers the
// analysis did not peel: before this each was "no opinion" (ADVERSARY.md weakness 1).
const LAUNCHED: [string, string][] = [
  ["ssh localhost 'rm -rf ~'", 'rm-catastrophic'],
  ["ssh -p 2222 -i ~/.ssh/deploy user@host 'rm -rf ~'", 'rm-catastrophic'],
  ["ssh -o ProxyCommand='rm -rf ~' host", 'rm-catastrophic'],
  ["script -qc 'rm -rf ~' /dev/null", 'rm-catastrophic'],
  ["tar --to-command='rm -rf ~' -xf a.tar", 'rm-catastrophic'],
  ["rsync -e 'rm -rf ~' -av dist/ host:/srv/", 'rm-catastrophic'],
  ["hyperfine --warmup 3 'npm run build' 'rm -rf ~'", 'rm-catastrophic'],
  ["concurrently 'npm:watch' 'rm -rf ~'", 'rm-catastrophic'],
  ["nix-shell --run 'rm -rf ~'", 'rm-catastrophic'],
  ["su -c 'rm -rf /' root", 'rm-catastrophic'],
  ['strace -f -o trace.txt rm -rf ~', 'rm-catastrophic'],
  ['taskset -c 0 rm -rf ~', 'rm-catastrophic'],
  ['systemd-run --user rm -rf ~', 'rm-catastrophic'],
  ['nsenter -t 1 -m rm -rf ~', 'rm-catastrophic'],
  ['ssh host "$CMD"', 'unanalysable'],
  // Deferred and indirect execution (ADVERSARY.md weakness 3).
  ["trap 'rm -rf ~' EXIT", 'rm-catastrophic'],
  ['trap "$X" EXIT', 'unanalysable'],
  ['coproc rm -rf ~', 'rm-catastrophic'],
  ['hash -p /bin/rm ls; ls -rf ~', 'rm-catastrophic'],
  [". /dev/stdin <<< 'rm -rf ~'", 'rm-catastrophic'],
  // git settings, subcommands and variables that run commands; editors, debuggers, pagers.
  ["git -c alias.x='!rm -rf ~' x", 'rm-catastrophic'],
  ["git -c core.pager='rm -rf ~' log", 'rm-catastrophic'],
  ["GIT_PAGER='rm -rf ~' git log", 'rm-catastrophic'],
  ["git rebase --exec 'rm -rf ~' HEAD~1", 'rm-catastrophic'],
  ["git submodule foreach 'rm -rf ~'", 'rm-catastrophic'],
  ['git bisect run rm -rf ~', 'rm-catastrophic'],
  ["git ls-remote --upload-pack='rm -rf ~' origin", 'rm-catastrophic'],
  ["vim -es -c '!rm -rf ~' -c q", 'rm-catastrophic'],
  ["nvim --headless +'!rm -rf ~' +q", 'rm-catastrophic'],
  ["gdb -batch -ex 'shell rm -rf ~'", 'rm-catastrophic'],
  ["man -P 'rm -rf ~' ls", 'rm-catastrophic'],
  ["PAGER='rm -rf ~' man ls", 'rm-catastrophic'],
  ["npx -c 'rm -rf ~'", 'rm-catastrophic'],
  ["npm exec -c 'rm -rf ~'", 'rm-catastrophic'],
  ["env -S'rm -rf ~'", 'rm-catastrophic'],
  ['env --chdir=/ rm -rf *', 'rm-catastrophic'],
  ["echo 'rm -rf ~' | at now", 'rm-catastrophic'],
  ["batch <<< 'rm -rf ~'", 'rm-catastrophic'],
  ["xargs -I{} sh -c 'rm -rf {}' <<< ~", 'rm-catastrophic'],
  ["ansible localhost -m shell -a 'rm -rf ~'", 'rm-catastrophic'],
  // git with a command-carrying setting still acts itself: its own push is judged too.
  ["git -c alias.x='!echo' push --force origin main", 'force-push-protected'],
  // vim -c '!…' still opens its file operands.
  ["vim -es -c '%p' -c 'q!' .env", 'secret-read'],
];

test('command lines carried by options, operands and process wrappers are analysed like any other', () => {
  for (const [command, guard] of LAUNCHED) assert.equal(verdictOf('Bash', command)?.guardId, guard, command);
  for (const command of [
    'ssh deploy@host.example.com uptime',
    "ssh host 'cd /srv/app && git pull && npm ci'",
    "rsync -e 'ssh -p 2222' -av dist/ host:/srv/app/",
    "script -q -c 'npm test' /dev/null",
    "hyperfine --warmup 3 'npm run build'",
    "concurrently -n api,web 'npm:dev:api' 'npm run dev:web'",
    'tar -czf out.tgz src',
    'strace -f -o trace.txt node app.js',
    'watchexec -e ts -- npm test',
    "trap 'rm -f /tmp/build.lock' EXIT; make",
    'trap - EXIT',
    'hash -r',
    'git -c user.name=x commit -m y',
    "git rebase -i --exec 'npm test' main",
    'git submodule foreach git pull',
    'git bisect run npm test',
    'git -c core.editor=true rebase --continue',
    'GIT_PAGER=cat git log',
    "vim -c 'set nu' notes.txt",
    'gdb -batch -ex run -ex bt ./a.out',
    "npx -c 'npm test'",
    "find . -name '*.ts' | xargs -I{} sh -c 'wc -l {}'",
    'ansible all -m ping',
  ])
    assert.equal(verdictOf('Bash', command), null, command);
});

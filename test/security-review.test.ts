// The security review's findings (#25), each as it was exploited: the decision-log reader on a
// planted FIFO, a link to /dev/zero and an oversized log; GitHub annotations from a hostile file
// name; install into a .claude that links out of the workspace; secrets in the lint memo; passwords
// given as arguments (sshpass -p and its cousins) in every output. The GitHub Action's checkout is
// in test/distribution/ci.test.mjs, workspace-guard loaders in test/trust.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDecisions } from '../core/guards/decision-log';
import { format } from '../core/lint/formatters';
import { install } from '../core/install/targets/claude';
import { installVsCode } from '../core/install/targets/vscode';
import { redact, redactArgv } from '../core/redact';
import type { Bundle } from '../core/install/installer';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const HOOK = join(ROOT, 'dist/hook.cjs');
const BUNDLE: Bundle = { hookSource: readFileSync(HOOK, 'utf8'), version: '0.1.0' };

function scratch(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-review-')));
}

const entry = (n: number) =>
  JSON.stringify({
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    tool: 'Bash',
    guard: 'rm-catastrophic',
    decision: 'deny',
    target: `rm -rf /${n}`,
    reason: 'r',
    key: `k${n}`,
  });

// ---- the decision-log reader ----

test('agent-guard log: a FIFO planted as the log returns at once with nothing to show (it hung before)', () => {
  const ws = scratch();
  mkdirSync(join(ws, '.claude/agent-guard'), { recursive: true });
  spawnSync('mkfifo', [join(ws, '.claude/agent-guard/decisions.jsonl')]);
  const r = spawnSync(process.execPath, [CLI, 'log', ws], { encoding: 'utf8', timeout: 15000 });
  assert.equal(r.error, undefined, 'agent-guard log hung on a FIFO');
  assert.deepEqual([r.status, r.stdout], [0, 'no blocked calls recorded in .claude/agent-guard/decisions.jsonl\n']);
});

test('agent-guard log: a link to /dev/zero (or to any file), a hard link and a linked folder are not read', () => {
  const ws = scratch();
  mkdirSync(join(ws, '.claude/agent-guard'), { recursive: true });
  symlinkSync('/dev/zero', join(ws, '.claude/agent-guard/decisions.jsonl'));
  const r = spawnSync(process.execPath, [CLI, 'log', ws], { encoding: 'utf8', timeout: 15000, maxBuffer: 1024 * 1024 });
  assert.equal(r.error, undefined, 'agent-guard log read /dev/zero without end');
  assert.equal(r.stdout, 'no blocked calls recorded in .claude/agent-guard/decisions.jsonl\n');

  // A link to a log elsewhere, and a hard link (a second name of another file): not shown.
  const other = join(ws, '..', `${ws.split('/').pop()}-elsewhere.jsonl`);
  writeFileSync(other, `${entry(1)}\n`);
  spawnSync('rm', [join(ws, '.claude/agent-guard/decisions.jsonl')]);
  symlinkSync(other, join(ws, '.claude/agent-guard/decisions.jsonl'));
  assert.deepEqual(readDecisions(ws), []);
  spawnSync('rm', [join(ws, '.claude/agent-guard/decisions.jsonl')]);
  linkSync(other, join(ws, '.claude/agent-guard/decisions.jsonl'));
  assert.deepEqual(readDecisions(ws), []);

  // .claude/agent-guard itself a link: nothing under it is read.
  const ws2 = scratch();
  mkdirSync(join(ws2, '.claude'));
  mkdirSync(join(ws2, 'real'));
  writeFileSync(join(ws2, 'real/decisions.jsonl'), `${entry(2)}\n`);
  symlinkSync(join(ws2, 'real'), join(ws2, '.claude/agent-guard'));
  assert.deepEqual(readDecisions(ws2), []);
});

test('the reader takes only the tail of an oversized log, whole lines only', () => {
  const ws = scratch();
  mkdirSync(join(ws, '.claude/agent-guard'), { recursive: true });
  // 8 MiB of entries: 16 times the rotation size. The last ones are shown; the cut line is dropped.
  const lines: string[] = [];
  for (let n = 0, size = 0; size < 8 * 1024 * 1024; n++) {
    lines.push(entry(n));
    size += lines[n]!.length + 1;
  }
  writeFileSync(join(ws, '.claude/agent-guard/decisions.jsonl'), `${lines.join('\n')}\n`);
  const got = readDecisions(ws, 5);
  assert.deepEqual(
    got.map((e) => e.key),
    lines.slice(-5).map((l) => JSON.parse(l).key),
  );
  assert.equal(readDecisions(ws, 100_000).length < lines.length / 4, true, 'far fewer than all of them were read');
  assert.ok(
    readDecisions(ws, 100_000).every((e) => typeof e.key === 'string'),
    'no torn first line',
  );
});

// ---- GitHub annotations ----

test('--format github escapes properties as the workflow-command format requires: a file name cannot set the title or the message', () => {
  const run = {
    skipped: [],
    missing: [],
    files: [
      {
        path: '/w/x',
        rel: '.claude/commands/a,title=PWNED::owned%0A.md',
        kind: 'command' as const,
        diagnostics: [
          {
            code: 'AG-CMD-001',
            severity: 'warning' as const,
            message: 'line one\nline two: 100% sure, really',
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
          },
        ],
      },
    ],
  };
  assert.equal(
    format(run, 'github', '0.1.0'),
    '::warning file=.claude/commands/a%2Ctitle=PWNED%3A%3Aowned%250A.md,line=1,col=1,endLine=1,endColumn=4,title=AG-CMD-001::line one%0Aline two: 100%25 sure, really\n',
  );
});

// ---- install into a .claude that links outside ----

test('install refuses a .claude folder that links outside the workspace (a committed link to ~/.config, say), for every host', () => {
  const base = scratch();
  const ws = join(base, 'ws');
  const outside = join(base, 'home-config');
  mkdirSync(ws);
  mkdirSync(outside);
  writeFileSync(join(outside, 'settings.json'), '{}\n');
  symlinkSync(outside, join(ws, '.claude'));
  const r = install({ workspace: ws, scope: 'project', home: join(base, 'home') }, BUNDLE, { selfTest: false });
  assert.equal(r.ok, false);
  assert.equal(
    r.error,
    `refusing to write .claude: it is a symbolic link to ${outside}, outside the workspace, so installing would change files there instead. If that is intended, replace the link with a copy of the folder (or install with --user, which follows links), then run install again`,
  );
  assert.deepEqual(readdirSync(outside), ['settings.json'], 'nothing was written there');
  assert.equal(readFileSync(join(outside, 'settings.json'), 'utf8'), '{}\n');
  const vs = installVsCode(ws, BUNDLE, { selfTest: false });
  assert.equal(vs.ok, false);
  assert.match(vs.error ?? '', /^refusing to write \.claude: it is a symbolic link to /);
  assert.deepEqual(readdirSync(outside), ['settings.json']);
});

// ---- the lint memo ----

test('the lint memo keeps no secret verbatim: commands and results that hold one are judged afresh each run', () => {
  const ws = scratch();
  const cache = join(ws, '..', `${ws.split('/').pop()}-cache`);
  const token = ['ghp', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja1234'].join('_');
  writeFileSync(
    join(ws, 'CLAUDE.md'),
    [
      '# Project',
      '',
      `Deploy with \`sshpass -p hunter2secret ssh deploy@host ./deploy.sh\`.`,
      `Check the API with \`curl -H "Authorization: token ${token}" https://api.github.com/user\`.`,
      'Run `kubectl apply -f k8s/` to deploy.',
      '',
    ].join('\n'),
  );
  // Old enough that the memo may keep what it judged (it never keeps files changed in the last seconds).
  spawnSync('touch', ['-d', '2026-01-01', join(ws, 'CLAUDE.md')]);
  const env = { ...process.env, HOME: join(ws, '..'), XDG_CACHE_HOME: cache, AGENT_GUARD_NO_CACHE: '' };
  for (let i = 0; i < 2; i++) spawnSync(process.execPath, [CLI, 'lint', ws], { cwd: ws, encoding: 'utf8', env });
  const memos = readdirSync(join(cache, 'agent-guard')).filter((f) => f.startsWith('lint-'));
  assert.equal(memos.length, 1, 'the memo was written');
  const text = readFileSync(join(cache, 'agent-guard', memos[0]!), 'utf8');
  assert.ok(text.includes('kubectl apply -f k8s/'), 'ordinary commands are kept');
  assert.equal(text.includes('hunter2secret'), false, 'the sshpass password is in the memo');
  assert.equal(text.includes(token), false, 'the token is in the memo');
});

// ---- passwords given as arguments ----

test('sshpass -p PASS and its cousins are redacted; the same options of other programs are not', () => {
  const cases: [string, string][] = [
    ['sshpass -p hunter2 ssh deploy@host', 'sshpass -p [REDACTED] ssh deploy@host'],
    ['sshpass -phunter2 scp a host:', 'sshpass -p[REDACTED] scp a host:'],
    ['sshpass -p hunter2 ssh -p 2222 host', 'sshpass -p [REDACTED] ssh -p 2222 host'],
    ["sshpass -p 'two words' ssh host", "sshpass -p '[REDACTED]' ssh host"],
    ['redis-cli -a s3cret ping', 'redis-cli -a [REDACTED] ping'],
    ['redis-cli --pass s3cret ping', 'redis-cli --pass [REDACTED] ping'],
    ['mongosh -u admin -p s3cret db', 'mongosh -u admin -p [REDACTED] db'],
    ['docker login -u me -p s3cret registry.example.com', 'docker login -u me -p [REDACTED] registry.example.com'],
    ['docker run -p 8080:80 nginx', 'docker run -p 8080:80 nginx'],
    ['zip -P s3cret out.zip a', 'zip -P [REDACTED] out.zip a'],
    ['unzip -P s3cret out.zip', 'unzip -P [REDACTED] out.zip'],
    ['7z x -ps3cret a.7z', '7z x -p[REDACTED] a.7z'],
    ['ldapsearch -x -D cn=admin -w s3cret', 'ldapsearch -x -D cn=admin -w [REDACTED]'],
    ['sqlcmd -S db -U sa -P s3cret', 'sqlcmd -S db -U sa -P [REDACTED]'],
    ['smbclient //h/s -U alice%s3cret', 'smbclient //h/s -U alice%[REDACTED]'],
    ['lftp -u alice,s3cret ftp.example.com', 'lftp -u alice,[REDACTED] ftp.example.com'],
    ['openssl pkcs12 -export -passout pass:s3cret -out a.p12', 'openssl pkcs12 -export -passout [REDACTED] -out a.p12'],
    ['keytool -list -keystore k.jks -storepass s3cret', 'keytool -list -keystore k.jks -storepass [REDACTED]'],
    ['gpg --batch --passphrase s3cret -d f.gpg', 'gpg --batch --passphrase [REDACTED] -d f.gpg'],
    ['xfreerdp /u:alice /p:s3cret /v:host', 'xfreerdp /u:alice /p:[REDACTED] /v:host'],
    ['htpasswd -b .htpasswd alice s3cret', 'htpasswd -b .htpasswd alice [REDACTED]'],
    ['htpasswd -c .htpasswd alice', 'htpasswd -c .htpasswd alice'],
    ['mysql -u root -ps3cret app; sshpass -p x2 ssh h', 'mysql -u root -p[REDACTED] app; sshpass -p [REDACTED] ssh h'],
    ['mkdir -p build && ssh -p 22 host', 'mkdir -p build && ssh -p 22 host'],
  ];
  for (const [input, want] of cases) assert.equal(redact(input), want, input);
  assert.deepEqual(redactArgv(['sshpass', '-p', 'hunter2', 'ssh', 'host']), ['sshpass', '-p', '[REDACTED]', 'ssh', 'host']);
});

test('sshpass -p PASS is redacted in the hook reason, the decision log, explain and lint', () => {
  const ws = scratch();
  mkdirSync(join(ws, '.claude'));
  const command = 'sshpass -p hunter2secret ssh deploy@host "rm -rf ~"';
  const hook = spawnSync(process.execPath, [HOOK], {
    input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: ws, HOME: join(ws, '..') },
  });
  assert.match(hook.stdout, /"permissionDecision":"deny"/, hook.stderr);
  const log = readFileSync(join(ws, '.claude/agent-guard/decisions.jsonl'), 'utf8');
  for (const [what, text] of [
    ['the hook', hook.stdout + hook.stderr],
    ['the log', log],
    ['agent-guard log', spawnSync(process.execPath, [CLI, 'log', '--json', ws], { encoding: 'utf8' }).stdout],
    ['explain', spawnSync(process.execPath, [CLI, 'explain', command], { encoding: 'utf8', cwd: ws }).stdout],
    ['explain --json', spawnSync(process.execPath, [CLI, 'explain', '--json', command], { encoding: 'utf8', cwd: ws }).stdout],
  ] as const) {
    assert.equal(text.includes('hunter2secret'), false, `${what}: ${text}`);
  }
  assert.match(log, /sshpass -p \[REDACTED\] ssh deploy@host/);
  writeFileSync(join(ws, 'CLAUDE.md'), `# P\n\nRun \`${command}\`.\n`);
  const lint = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', ws], {
    encoding: 'utf8',
    cwd: ws,
    env: { ...process.env, AGENT_GUARD_NO_CACHE: '1' },
  });
  assert.ok(lint.stdout.includes('AG-CMD-001'), lint.stdout + lint.stderr);
  assert.equal(lint.stdout.includes('hunter2secret'), false, lint.stdout);
});

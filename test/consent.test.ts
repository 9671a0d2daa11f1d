// Consent for configuration that loosens the guard (core/consent.ts): what counts as loosening, per
// key; that tightening applies at once and loosening only once the person consented to exactly that
// entry (agent-guard trust, or the CLI and editor writing it); the person's local file on top of the
// team's; what the hook, status and lint say while an entry waits; and in CI (lint --base), that a
// pull request cannot loosen its own checks, in a real git repository with two commits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_CONFIG, parseLayer } from '../core/config';
import { applyLayers, withConsent } from '../core/consent';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');

const layer = (raw: unknown) => parseLayer(raw).layer;
const whatLoosens = (raw: unknown, local?: unknown) =>
  applyLayers(
    DEFAULT_CONFIG,
    [{ source: 'team', layer: layer(raw) }, ...(local ? [{ source: 'local' as const, layer: layer(local) }] : [])],
    () => false,
  ).pending.map((p) => `${p.source}: ${p.what}`);

test('what loosens, per key: below the default mode, a protection removed, a root, a host, an exemption, failMode open, an exception', () => {
  assert.deepEqual(
    whatLoosens({
      guards: { 'rm-catastrophic': 'off', 'destructive-git': 'ask', 'human-flags': 'off', 'sandbox-escape': 'deny', 'test-skip': 'deny' },
      protectedBranches: ['main', 'staging'],
      humanFlags: DEFAULT_CONFIG.humanFlags.filter((f) => f !== 'terraform -auto-approve'),
      migrationDirs: [...DEFAULT_CONFIG.migrationDirs, 'db/changes'],
      secretFiles: ['config/credentials.yml', '!.env.example'],
      allowedWriteRoots: ['~/scratch'],
      keyHosts: { 'GITHUB_*': ['github.com', 'evil.example'], 'ACME_*': ['api.acme.test'] },
      failMode: 'open',
      exceptions: [{ guard: 'secret-read', command: 'cat .env', until: '2030-01-01T00:00:00Z' }],
    }),
    [
      'team: sets rm-catastrophic to "off" instead of "deny"',
      'team: sets destructive-git to "ask" instead of "deny"',
      'team: sets human-flags to "off" instead of "ask"',
      ...DEFAULT_CONFIG.protectedBranches.filter((b) => b !== 'main').map((b) => `team: removes "${b}" from protectedBranches`),
      'team: removes "terraform -auto-approve" from humanFlags',
      'team: exempts .env.example from the secret files',
      'team: lets the agent write in ~/scratch',
      'team: lets keys matching GITHUB_* be sent to evil.example',
      'team: lets keys matching ACME_* be sent to api.acme.test',
      'team: lets secret-read pass "cat .env" (until 2030-01-01T00:00:00Z)',
    ],
  );
  // Tightening only: nothing waits.
  assert.deepEqual(
    whatLoosens({
      guards: { 'human-flags': 'deny' },
      protectedBranches: [...DEFAULT_CONFIG.protectedBranches, 'staging'],
      secretFiles: ['config/credentials.yml'],
      failMode: 'closed',
      keyHosts: { 'GITHUB_*': ['github.com'] },
    }),
    [],
  );
});

test('until consent the defaults hold for what loosens, and what tightens applies at once; consent is per entry', () => {
  const l = layer({ guards: { 'destructive-git': 'ask', 'human-flags': 'deny' }, protectedBranches: ['main', 'staging'], allowedWriteRoots: ['/srv'] });
  const none = withConsent(DEFAULT_CONFIG, [{ source: 'team', layer: l }], () => false).config;
  assert.equal(none.guards['destructive-git'], undefined, 'the default (deny) holds');
  assert.equal(none.guards['human-flags'], 'deny', 'tightened at once');
  assert.deepEqual(none.protectedBranches, ['main', 'staging', ...DEFAULT_CONFIG.protectedBranches.filter((b) => b !== 'main')]);
  assert.deepEqual(none.allowedWriteRoots, []);
  assert.equal(none.unconsented?.items.length, 10);
  assert.equal(none.unconsented?.loosened.guards['destructive-git'], 'ask', 'what it would be, for the reason and the editor');
  // One entry consented: that one applies, the others still wait.
  const one = withConsent(DEFAULT_CONFIG, [{ source: 'team', layer: l }], (i) => i.key === '["allowedWriteRoots","+","/srv"]').config;
  assert.deepEqual(one.allowedWriteRoots, ['/srv']);
  assert.equal(one.guards['destructive-git'], undefined);
  const all = withConsent(DEFAULT_CONFIG, [{ source: 'team', layer: l }], () => true).config;
  assert.deepEqual([all.guards['destructive-git'], all.protectedBranches, all.unconsented], ['ask', ['main', 'staging'], undefined]);
});

test("the person's local file: read after the team's, lists added, modes and hosts per entry; loosening relative to the team file", () => {
  const team = layer({ guards: { 'human-flags': 'deny' }, allowedWriteRoots: ['/srv'] });
  const local = layer({ guards: { 'human-flags': 'ask', 'test-skip': 'ask' }, allowedWriteRoots: ['~/scratch'], protectedBranches: ['qa'] });
  const r = applyLayers(
    DEFAULT_CONFIG,
    [
      { source: 'team', layer: team },
      { source: 'local', layer: local },
    ],
    (i) => i.source === 'team',
  );
  assert.deepEqual(
    r.pending.map((p) => p.what),
    ['sets human-flags to "ask" instead of "deny"', 'sets test-skip to "ask" instead of "deny"', 'lets the agent write in ~/scratch'],
  );
  assert.equal(r.config.guards['human-flags'], 'deny', "the team's stricter mode holds until the person consents to their own");
  assert.deepEqual(r.config.allowedWriteRoots, ['/srv']);
  assert.deepEqual(r.config.protectedBranches, [...DEFAULT_CONFIG.protectedBranches, 'qa'], 'a local list adds; it never removes');
});

test('the modes in order off < monitor < ask < deny: a per-guard monitor mode slots in as loosening relative to ask and deny', () => {
  const monitor = { guards: { 'destructive-git': 'monitor' } } as unknown as Parameters<typeof applyLayers>[1][0]['layer'];
  assert.deepEqual(
    applyLayers(DEFAULT_CONFIG, [{ source: 'team', layer: monitor }], () => false).pending.map((p) => p.what),
    ['sets destructive-git to "monitor" instead of "deny"'],
  );
  const sandbox = { guards: { 'sandbox-escape': 'monitor', 'human-flags': 'off' } } as unknown as Parameters<typeof applyLayers>[1][0]['layer'];
  assert.equal(applyLayers(DEFAULT_CONFIG, [{ source: 'team', layer: sandbox }], () => false).pending.length, 2, 'below ask too');
});

function workspace(files: Record<string, string>) {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-consent-')));
  const ws = join(base, 'ws');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  mkdirSync(join(ws, '.claude'), { recursive: true });
  const env = { ...process.env, HOME: join(base, 'home'), XDG_CONFIG_HOME: join(base, 'config'), XDG_CACHE_HOME: join(base, 'cache'), AGENT_GUARD_NO_LOG: '1' };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ws, encoding: 'utf8', env });
  const hook = (command: string) =>
    spawnSync(process.execPath, [CLI, 'check'], {
      cwd: ws,
      input: JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: ws }),
      encoding: 'utf8',
      env: { ...env, CLAUDE_PROJECT_DIR: ws },
    });
  const git = (...a: string[]) => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...a], { cwd: ws, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  return { base, ws, env, cli, hook, git };
}

test('a committed config that loosens: the hook denies with what waits and the one command; status says it; trust, then untrust', () => {
  const w = workspace({ '.claude/agent-guard.json': '{ "allowedWriteRoots": ["/etc"], "guards": { "outside-workspace-write": "ask" } }\n' });
  const before = w.hook('echo x >> /etc/hosts');
  assert.match(before.stdout, /"permissionDecision":"deny"/);
  assert.match(
    JSON.parse(before.stdout).hookSpecificOutput.permissionDecisionReason,
    / \(\.claude\/agent-guard\.json would let it through \(sets outside-workspace-write to "ask" instead of "deny"\), but configuration that loosens the guard applies only with the user's consent, and it has not been given\. Only the user can give it: they review \.claude\/agent-guard\.json and run agent-guard trust\.\) \[agent-guard: outside-workspace-write\]$/,
  );
  assert.equal(
    before.stderr,
    'agent-guard: .claude/agent-guard.json: 2 entries loosen the guard and wait for your consent (the defaults hold until then); review the file, then run: agent-guard trust\n',
  );
  const st = w.cli('status', w.ws).stdout;
  assert.match(st, /^consent: {3}WAITING: \.claude\/agent-guard\.json lets the agent write in \/etc; the defaults hold until you consent$/m);
  assert.match(st, new RegExp(`^consent: {3}review the entries above, then run: agent-guard trust ${w.ws}$`, 'm'));
  const json = JSON.parse(w.cli('status', '--json', w.ws).stdout);
  assert.deepEqual(json.config.pending, [
    { source: 'team', what: 'sets outside-workspace-write to "ask" instead of "deny"', guard: 'outside-workspace-write' },
    { source: 'team', what: 'lets the agent write in /etc' },
  ]);
  const t = w.cli('trust', w.ws);
  assert.equal(t.status, 0, t.stderr);
  assert.equal(
    t.stdout,
    `consented: .claude/agent-guard.json sets outside-workspace-write to "ask" instead of "deny"\nconsented: .claude/agent-guard.json lets the agent write in /etc\nthe hook applies them from the next tool call; agent-guard untrust ${w.ws} withdraws the consent\n`,
  );
  assert.equal(w.hook('echo x >> /etc/hosts').stdout, '');
  assert.doesNotMatch(w.cli('status', w.ws).stdout, /^consent:/m);
  // A new entry later: only that one waits; the consented ones keep applying.
  writeFileSync(join(w.ws, '.claude/agent-guard.json'), '{ "allowedWriteRoots": ["/etc", "/var"], "guards": { "outside-workspace-write": "ask" } }\n');
  assert.equal(w.hook('echo x >> /etc/hosts').stdout, '');
  assert.match(w.hook('echo x >> /var/log/x').stdout, /"permissionDecision":"ask"/, 'the consented mode, not the waiting root');
  assert.equal(w.cli('untrust', w.ws).stdout, 'withdrew consent to 2 loosening entries of .claude/agent-guard.json: the defaults hold for them\n');
  assert.match(w.hook('echo x >> /etc/hosts').stdout, /"permissionDecision":"deny"/);
  assert.equal(w.cli('trust', join(w.ws, '.claude/guards')).status, 2, 'a folder that does not exist');
});

test('agent-guard trust names one configuration file too; nothing waiting is said so', () => {
  const w = workspace({
    '.claude/agent-guard.json': '{ "guards": { "test-skip": "ask" } }\n',
    '.claude/agent-guard/local.json': '{ "guards": { "lockfile-hand-edit": "off" } }\n',
  });
  const one = w.cli('trust', join(w.ws, '.claude/agent-guard/local.json'));
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^consented: \.claude\/agent-guard\/local\.json sets lockfile-hand-edit to "off" instead of "deny"$/m);
  assert.doesNotMatch(one.stdout, /test-skip/);
  assert.equal(w.cli('trust', join(w.ws, '.claude/agent-guard/local.json')).stdout, 'nothing in .claude/agent-guard/local.json waits for consent\n');
  const empty = workspace({});
  assert.equal(
    empty.cli('trust', empty.ws).stdout,
    `nothing in ${empty.ws} waits for consent: no workspace guards (.claude/guards/*.js) and no configuration that loosens the guard\n`,
  );
});

test('CI: a pull request cannot loosen its own checks; lint --base reports the loosening and applies the base configuration (a real repository, two commits)', () => {
  const w = workspace({
    'CLAUDE.md': '# Project\n\nDeploy with `kubectl apply -f k8s/`.\n',
    '.claude/agent-guard.json': '{ "guards": { "kubectl-context": "off" } }\n',
  });
  w.git('init', '-q');
  w.git('add', '-A');
  w.git('commit', '-q', '-m', 'base: the team agreed to switch kubectl-context off');
  // The pull request: an exception for what its CLAUDE.md now tells the agent to run, and a tighter branch list.
  writeFileSync(
    join(w.ws, 'CLAUDE.md'),
    '# Project\n\nDeploy with `kubectl apply -f k8s/`.\n\nCheck the keys with `cat .env`, then `git push --force origin staging`.\n',
  );
  const pr =
    '{\n  "guards": { "kubectl-context": "off", "secret-read": "off" },\n  "protectedBranches": ["main", "master", "trunk", "develop", "development", "production", "prod", "release/*", "releases/*", "staging"]\n}\n';
  writeFileSync(join(w.ws, '.claude/agent-guard.json'), pr);
  w.git('commit', '-q', '-am', 'pr: loosen secret-read');
  const lint = (...args: string[]) => {
    const r = w.cli('lint', '--format', 'json', ...args);
    return {
      status: r.status,
      stderr: r.stderr,
      findings: (JSON.parse(r.stdout) as { file: string; code: string; line: number; message: string }[]).map(
        (d) => `${d.file}:${d.line} ${d.code} ${d.message}`,
      ),
    };
  };
  const ci = lint('--base', 'HEAD~1');
  assert.equal(ci.status, 1);
  assert.deepEqual(ci.findings, [
    '.claude/agent-guard.json:2 AG-CFG-001 This change loosens the guard relative to HEAD~1: it sets secret-read to "off" instead of "deny". Configuration that loosens the guard applies once it is merged; until then HEAD~1\'s configuration applies, here and in this check.',
    // The base agreed to kubectl-context off: no finding. The new exemption does not apply: cat .env is still an error. The tighter list applies at once: staging is protected.
    'CLAUDE.md:5 AG-CMD-001 cat .env prints the secret values in .env into the transcript, where they are stored and shared. To see which variables exist, list the names only. (This change\'s .claude/agent-guard.json would let it through (sets secret-read to "off" instead of "deny"), but configuration that loosens the guard applies only once it is merged: HEAD~1\'s configuration applies here.) [secret-read]',
    'CLAUDE.md:5 AG-CMD-001 git push --force to the protected branch staging rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first. [force-push-protected]',
  ]);
  assert.equal(
    ci.stderr,
    ".claude/agent-guard.json: 1 entry loosens the guard relative to HEAD~1; HEAD~1's configuration applies to it until this change is merged\n".replace(
      /^/,
      'agent-guard: ',
    ),
  );
  // Once merged, the merged configuration is what was agreed.
  const merged = lint('--base', 'HEAD');
  assert.deepEqual(
    merged.findings.map((f) => f.split(' ').slice(0, 2).join(' ')),
    ['CLAUDE.md:5 AG-CMD-001'],
  );
  assert.match(merged.findings[0]!, /staging/);
  // Without --base and without the person's consent (a CI runner has no trust store): the defaults hold for all of it.
  const plain = lint();
  assert.deepEqual(
    plain.findings.map((f) => f.split(' ').slice(0, 2).join(' ')),
    [
      '.claude/agent-guard.json:2 AG-CFG-001',
      '.claude/agent-guard.json:2 AG-CFG-001',
      'CLAUDE.md:3 AG-CMD-001',
      'CLAUDE.md:5 AG-CMD-001',
      'CLAUDE.md:5 AG-CMD-001',
    ],
  );
  // A base that is not here: a usage error that says how to get it, not a silent pass.
  const missing = w.cli('lint', '--base', 'origin/nowhere');
  assert.equal(missing.status, 2);
  assert.match(
    missing.stderr,
    /^agent-guard: --base origin\/nowhere: no such commit here; fetch it first \(git fetch origin <branch>\) or name another revision\n$/,
  );
  // An agent-guard-disable comment in the configuration file does not hide the finding.
  writeFileSync(join(w.ws, '.claude/agent-guard.json'), `// agent-guard-disable AG-CFG-001 -- trust me\n${pr}`);
  assert.equal(lint('--base', 'HEAD~1').findings.filter((f) => f.includes('AG-CFG-001')).length, 1);
});

test('CI: a pull request that drops what the base tightened loosens too; deleting the file drops nothing (lint --base)', () => {
  const tight = '{ "protectedBranches": ["main", "release/*", "staging"], "humanFlags": ["git --no-verify"] }\n';
  const w = workspace({ 'CLAUDE.md': '# Project\n', '.claude/agent-guard.json': tight });
  w.git('init', '-q');
  w.git('add', '-A');
  w.git('commit', '-q', '-m', 'base: staging is protected');
  writeFileSync(join(w.ws, 'CLAUDE.md'), '# Project\n\nShip with `git push --force origin staging`.\n');
  writeFileSync(join(w.ws, '.claude/agent-guard.json'), '{ "protectedBranches": ["main", "release/*"], "humanFlags": ["git --no-verify"] }\n');
  w.git('commit', '-q', '-am', 'pr: unprotect staging and force-push it');
  const lint = () => {
    const r = w.cli('lint', '--format', 'json', '--base', 'HEAD~1');
    return (JSON.parse(r.stdout) as { file: string; code: string; line: number; message: string }[]).map(
      (d) => `${d.file}:${d.line} ${d.code} ${d.message.split('.')[0]}`,
    );
  };
  assert.deepEqual(lint(), [
    '.claude/agent-guard.json:1 AG-CFG-001 This change loosens the guard relative to HEAD~1: it removes "staging" from protectedBranches',
    'CLAUDE.md:3 AG-CMD-001 git push --force to the protected branch staging rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too',
  ]);
  // The pull request deletes the file: the base's configuration still applies.
  w.git('rm', '-q', '.claude/agent-guard.json');
  w.git('commit', '-q', '-m', 'pr: no configuration at all');
  const r = w.cli('lint', '--format', 'json', '--base', 'HEAD~2');
  const findings = (JSON.parse(r.stdout) as { file: string; code: string; message: string }[]).map((d) => `${d.file} ${d.code}`);
  assert.deepEqual(findings, ['CLAUDE.md AG-CMD-001']);
});

test('CI: a disable comment the pull request adds is not honoured against the base; one the base had still is', () => {
  const w = workspace({
    'CLAUDE.md': '# Project\n\n<!-- agent-guard-disable-next-line AG-CMD-001 -- the team reviewed this one -->\nRun `cat .env`.\n',
  });
  w.git('init', '-q');
  w.git('add', '-A');
  w.git('commit', '-q', '-m', 'base');
  writeFileSync(
    join(w.ws, 'CLAUDE.md'),
    '# Project\n\n<!-- agent-guard-disable-next-line AG-CMD-001 -- the team reviewed this one -->\nRun `cat .env`.\n\n<!-- agent-guard-disable-next-line AG-CMD-001 -- trust me -->\nThen `rm -rf ~/`.\n',
  );
  w.git('commit', '-q', '-am', 'pr');
  const lines = (...args: string[]) =>
    (JSON.parse(w.cli('lint', '--format', 'json', ...args, 'CLAUDE.md').stdout) as { code: string; line: number }[]).map((d) => `${d.code}:${d.line}`);
  assert.deepEqual(lines('--base', 'HEAD~1'), ['AG-CMD-001:7'], "the new comment hides nothing; the base's still does");
  assert.deepEqual(lines('--base', 'HEAD'), [], 'once merged, both are agreed');
  assert.deepEqual(lines(), [], 'without --base: the comments as written');
  assert.deepEqual(lines('--no-inline-config'), ['AG-CMD-001:4', 'AG-CMD-001:7']);
});

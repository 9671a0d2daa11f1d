// agent-guard replay (#32 item 1) on transcripts the real CLIs wrote (test/fixtures/transcripts/,
// made by test/real-hosts/replay.test.mjs): one session each of Claude Code, Codex, Gemini CLI and
// the Copilot CLI with the same six calls. The fixtures name their scratch folder /__WORLD__; each
// test lays them out under a new one, with the project (a git repository) beside the home folder.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import { createParser, kindOfPath, type ReplayCall, type TranscriptKind } from '../core/replay/transcripts';
import { addFinding, emptySummary, MAX_GROUPS } from '../core/replay/summary';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const FIXTURES = join(ROOT, 'test/fixtures/transcripts/home');
const FAKE_KEY = ['sk', 'live', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'].join('_');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** The fixtures under a new scratch folder: <root>/home (the transcripts), <root>/ws (the project, a git repository). */
function world(): { root: string; home: string; ws: string; run: (...args: string[]) => ReturnType<typeof spawnSync> } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-replay-')));
  const home = join(root, 'home');
  cpSync(FIXTURES, home, { recursive: true });
  for (const f of files(home)) writeFileSync(f, readFileSync(f, 'utf8').split('/__WORLD__').join(root).split('__STRIPE_KEY__').join(FAKE_KEY));
  renameSync(join(home, '.claude/projects/-__WORLD__-ws'), join(home, '.claude/projects', `${root.replace(/\//g, '-')}-ws`));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  const git = (...a: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...a], { cwd: ws });
  git('init', '-q');
  writeFileSync(join(ws, 'README.md'), '# scratch\n');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'first');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(root, 'config'), XDG_CACHE_HOME: join(root, 'cache') };
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'replay', ...args], { encoding: 'utf8', env, cwd: root });
  return { root, home, ws, run };
}

function parseFile(path: string, kind: TranscriptKind, projectDir?: string): ReplayCall[] {
  const parser = createParser(kind, projectDir ? { projectDir } : {});
  const out: ReplayCall[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line) out.push(...parser.line(line, i + 1));
    });
  return [...out, ...parser.end()];
}

const fixture = (kind: TranscriptKind) => files(FIXTURES).find((f) => kindOfPath(f) === kind && f.endsWith('.jsonl'))!;

test('each host: the six calls of the real session, as its hook payload, with what became of them', () => {
  const summary = (calls: ReplayCall[]) =>
    calls.map((c) => {
      const p = c.payload;
      const input = (p.tool_input ?? JSON.parse(String(p.toolArgs))) as Record<string, unknown>;
      const what = String(input.command ?? input.file_path ?? input.path ?? '').slice(0, 40);
      return `${String(p.tool_name ?? p.toolName)} ${what} → ${c.outcome}`;
    });
  assert.deepEqual(summary(parseFile(fixture('claude'), 'claude')), [
    'Bash git push --force origin main → ran',
    'Bash git reset --hard no-such-ref-xyz → failed',
    'Bash echo ok > ok.txt → ran',
    'Read /__WORLD__/ws/.env.production → ran',
    'Bash git push --force https://deploy:agent-gu → failed',
    'Write /__WORLD__/ws/pay.js → ran',
  ]);
  assert.deepEqual(summary(parseFile(fixture('codex'), 'codex')), [
    'Bash git push --force origin main → ran',
    'Bash git reset --hard no-such-ref-xyz → failed',
    'Bash echo ok > ok.txt → ran',
    'Bash cat /__WORLD__/ws/.env.production → ran',
    'Bash git push --force https://deploy:agent-gu → failed',
    'apply_patch *** Begin Patch\n*** Add File: /__WORLD__ → ran',
  ]);
  assert.deepEqual(summary(parseFile(fixture('gemini'), 'gemini', '/__WORLD__/ws')), [
    'run_shell_command git push --force origin main → ran',
    'run_shell_command git reset --hard no-such-ref-xyz → failed',
    'run_shell_command echo ok > ok.txt → ran',
    'read_file /__WORLD__/ws/.env.production → ran',
    'run_shell_command git push --force https://deploy:agent-gu → failed',
    'write_file /__WORLD__/ws/pay.js → ran',
  ]);
  assert.deepEqual(summary(parseFile(fixture('copilot'), 'copilot')), [
    'bash git push --force origin main → ran',
    'bash git reset --hard no-such-ref-xyz → failed',
    'bash echo ok > ok.txt → ran',
    'view /__WORLD__/ws/.env.production → ran',
    'bash git push --force https://deploy:agent-gu → failed',
    'create /__WORLD__/ws/pay.js → ran',
  ]);
  // The session and project each host records.
  const [c] = parseFile(fixture('claude'), 'claude');
  assert.deepEqual([c!.projectDir, c!.payload.hook_event_name, c!.kind], ['/__WORLD__/ws', 'PreToolUse', 'claude']);
  assert.equal(parseFile(fixture('codex'), 'codex')[0]!.projectDir, '/__WORLD__/ws');
  assert.equal(parseFile(fixture('copilot'), 'copilot')[0]!.projectDir, '/__WORLD__/ws');
});

test('replay finds every host under HOME and prints the exact report: guards ranked, commands grouped, outcomes, secrets redacted', () => {
  const w = world();
  const r = w.run();
  assert.equal(r.status, 0, String(r.stderr));
  const text = String(r.stdout).replace(/ in \d+\.\d s\./, ' in N s.');
  assert.equal(
    text,
    `Replayed 24 tool calls from 4 sessions in 4 transcripts (claude 6, codex 6, copilot 6, gemini 6) in N s.
Judged as the hook would judge each call now: against each project as it is today (its files, git state, configuration and consent), not as it was then. Nothing was run, written or logged.

force-push-protected: 8 denied; 4 likely false blocks (ran without error in the session)
      4×  git push --force origin main  [ran 4]
      4×  git push --force https://deploy:[REDACTED]@example.invalid/r.git main  [failed 4]

destructive-git: 4 denied
      4×  git reset --hard no-such-ref-xyz  [failed 4]

secret-in-source: 4 denied; 4 likely false blocks (ran without error in the session)
      4×  Write pay.js  [ran 4]

secret-read: 4 denied; 4 likely false blocks (ran without error in the session)
      3×  Read .env.production  [ran 3]
      1×  cat ${w.ws}/.env.production  [ran 1]

20 calls would have been denied or asked about. A likely false block ran without error when the agent made it: review those before you turn the guard on (agent-guard allow, or "monitor" for that guard).
`,
  );
  assert.doesNotMatch(String(r.stdout), /agent-guard-fake-secret/);
  // Nothing written: no decision log, no git change.
  assert.deepEqual(readdirSync(join(w.ws, '.claude')), []);
});

test('--format json: the same findings with counts per outcome and the transcript line of the first call; --host narrows', () => {
  const w = world();
  const r = w.run('--format', 'json', '--host', 'codex');
  const report = JSON.parse(String(r.stdout)) as {
    calls: number;
    hosts: Record<string, number>;
    guards: { id: string; deny: number; likelyFalseBlocks: number; commands: Record<string, unknown>[] }[];
  };
  assert.deepEqual([report.calls, report.hosts], [6, { codex: 6 }]);
  assert.deepEqual(
    report.guards.map((g) => [g.id, g.deny, g.likelyFalseBlocks]),
    [
      ['force-push-protected', 2, 1],
      ['destructive-git', 1, 0],
      ['secret-in-source', 1, 1],
      ['secret-read', 1, 1],
    ],
  );
  const push = report.guards[0]!.commands[0]!;
  assert.deepEqual(
    { ...push, file: String(push.file).replace(w.root, '<root>') },
    {
      tool: 'Bash',
      target: 'git push --force origin main',
      count: 1,
      ran: 1,
      failed: 0,
      blocked: 0,
      unknown: 0,
      reason:
        'git push --force to the protected branch main rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first.',
      file: '<root>/home/.codex/sessions/2026/12/03/rollout-2026-12-03T10-44-58-01a23b81-e3bb-74a0-b1d4-b7ede6c5d62f.jsonl',
      line: 10,
    },
  );
  assert.doesNotMatch(String(r.stdout), new RegExp(FAKE_KEY));
  assert.doesNotMatch(String(r.stdout), /agent-guard-fake-secret/);
});

test('--format sarif: valid SARIF 2.1.0, one result per guard and command at its transcript line, levels by decision', () => {
  const w = world();
  // biome-ignore lint/suspicious/noExplicitAny: a SARIF log read back
  const sarif = JSON.parse(String(w.run('--format', 'sarif', '--host', 'claude').stdout)) as any;
  const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const validate = new AjvDraft04({ strict: false, allErrors: true, unicodeRegExp: false }).compile(schema);
  const log: unknown = sarif;
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
  const run = sarif.runs[0];
  assert.equal(sarif.version, '2.1.0');
  assert.deepEqual(
    run.tool.driver.rules.map((r: { id: string }) => r.id),
    ['force-push-protected', 'destructive-git', 'secret-in-source', 'secret-read'],
  );
  assert.deepEqual(
    run.results.map(
      (r: {
        ruleId: string;
        level: string;
        locations: { physicalLocation: { region: { startLine: number } } }[];
        properties: { likelyFalseBlock: boolean };
      }) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.region.startLine, r.properties.likelyFalseBlock],
    ),
    [
      ['force-push-protected', 'error', 22, true],
      ['force-push-protected', 'error', 40, false],
      ['destructive-git', 'error', 30, false],
      ['secret-in-source', 'error', 46, true],
      ['secret-read', 'error', 37, true],
    ],
  );
  assert.match(run.results[0].locations[0].physicalLocation.artifactLocation.uri, /^file:\/\/\/.*\.jsonl$/);
});

test('a guard in monitor mode in the project: replay reports what it would have denied, marked as monitored', () => {
  const w = world();
  writeFileSync(
    join(w.ws, '.claude/agent-guard/local.json'.replace('/agent-guard/local.json', '/agent-guard.json')),
    '{ "guards": { "destructive-git": "monitor" } }\n',
  );
  // Consent, as the person gives it (the hook applies loosening only then; replay judges as the hook).
  spawnSync(process.execPath, [CLI, 'trust', w.ws], { env: { ...process.env, HOME: w.home, XDG_CONFIG_HOME: join(w.root, 'config') } });
  const report = JSON.parse(String(w.run('--format', 'json', '--host', 'gemini').stdout));
  const git = report.guards.find((g: { id: string }) => g.id === 'destructive-git');
  assert.deepEqual([git.deny, git.monitor], [1, 1]);
  assert.match(String(w.run('--host', 'gemini').stdout), /^destructive-git: 1 denied \(1 in monitor mode: logged, not stopped\)$/m);
});

test('--project: only the sessions that ran in that project (or a folder inside it)', () => {
  const w = world();
  const here = JSON.parse(String(w.run('--format', 'json', '--project', w.ws).stdout));
  assert.deepEqual([here.calls, here.files], [24, 4]);
  const elsewhere = JSON.parse(String(w.run('--format', 'json', '--project', join(w.root, 'other')).stdout));
  assert.deepEqual([elsewhere.calls, elsewhere.files, elsewhere.guards], [0, 0, []]);
});

test('paths on the command line: a file, a folder; what is not a transcript is said, not guessed', () => {
  const w = world();
  const one = JSON.parse(String(w.run('--format', 'json', join(w.home, '.copilot')).stdout));
  assert.deepEqual([one.calls, one.hosts], [6, { copilot: 6 }]);
  writeFileSync(join(w.root, 'notes.jsonl'), '{"hello": 1}\n');
  const r = JSON.parse(String(w.run('--format', 'json', join(w.root, 'notes.jsonl'), join(w.root, 'missing.jsonl')).stdout));
  assert.deepEqual(r.notes, [
    `${join(w.root, 'missing.jsonl')} does not exist; skipped`,
    `${join(w.root, 'notes.jsonl')} is not a transcript of a known host; skipped`,
  ]);
  const empty = spawnSync(process.execPath, [CLI, 'replay'], { encoding: 'utf8', env: { ...process.env, HOME: join(w.root, 'nobody') } });
  assert.equal(
    empty.stdout,
    'no transcripts found under ~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp, ~/.copilot/session-state (give their paths: agent-guard replay <file|folder>…)\n',
  );
  assert.match(String(w.run('--format', 'yaml').stderr), /--format takes text, json or sarif/);
});

test('10,000 calls across 40 transcripts in worker threads: every call counted, each guard finding grouped, memory bounded by the group cap', () => {
  const w = world();
  const dir = join(w.root, 'many');
  mkdirSync(dir);
  const lines = (file: number) => {
    const out: string[] = [];
    for (let i = 0; i < 250; i++) {
      const id = `toolu_${file}_${i}`;
      // Every 10th call would be denied; each of those a different command (the grouping cap is what bounds memory).
      const command = i % 10 === 0 ? `git reset --hard HEAD~${file * 250 + i}` : `ls -la src/${i}`;
      out.push(
        JSON.stringify({
          type: 'assistant',
          cwd: w.ws,
          sessionId: `s${file}`,
          message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] },
        }),
        JSON.stringify({
          type: 'user',
          cwd: w.ws,
          sessionId: `s${file}`,
          message: { content: [{ type: 'tool_result', tool_use_id: id, is_error: i % 20 === 0 }] },
        }),
        // The bulk a real transcript carries between calls (prompts, tool output).
        JSON.stringify({ type: 'attachment', cwd: w.ws, sessionId: `s${file}`, rendered: 'x'.repeat(600) }),
      );
    }
    return `${out.join('\n')}\n`;
  };
  for (let f = 0; f < 40; f++) writeFileSync(join(dir, `session-${String(f).padStart(2, '0')}.jsonl`), lines(f));
  const r = w.run('--format', 'json', '-j', '2', dir);
  assert.equal(r.status, 0, String(r.stderr));
  const report = JSON.parse(String(r.stdout));
  assert.deepEqual([report.calls, report.sessions, report.files, report.hosts], [10_000, 40, 40, { claude: 10_000 }]);
  const reset = report.guards.find((g: { id: string }) => g.id === 'destructive-git');
  assert.deepEqual([reset.deny, reset.likelyFalseBlocks, reset.commands.length, reset.otherCalls], [1000, 480, 1000, 0]);
  assert.deepEqual(report.guards.length, 1);
  // The grouping cap: past MAX_GROUPS distinct commands a guard counts calls without keeping them.
  const s = emptySummary();
  for (let i = 0; i < MAX_GROUPS + 10; i++)
    addFinding(s, { guard: 'g', decision: 'deny', tool: 'Bash', target: `x ${i}`, reason: 'r', outcome: 'ran', kind: 'claude', file: 'f', line: i });
  assert.deepEqual([s.guards.get('g')!.groups.size, s.guards.get('g')!.otherCalls, s.guards.get('g')!.deny], [MAX_GROUPS, 10, MAX_GROUPS + 10]);
});

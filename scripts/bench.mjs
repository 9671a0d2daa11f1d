// npm run bench: the numbers quoted in the README. Whole processes for the hook (that is what
// Claude Code pays per tool call), in-process timings for the analysis itself.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { benchHook } from './bench-hook.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95) };
}

// ---- the hook, whole processes: scripts/bench-hook.mjs ----
console.log('hook, one whole process per tool call, vs node -e 0 and the peer hook');
benchHook();

const core = require(join(root, 'dist/bench/core.cjs'));
function inProcess(label, fn, n = 20) {
  fn();
  const samples = [];
  const cpu = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    fn();
    const u = process.cpuUsage(c);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    cpu.push((u.user + u.system) / 1000);
  }
  const s = stats(samples);
  // CPU time includes V8's helper threads (GC, compilation), so it can exceed wall time.
  console.log(`  ${label.padEnd(60)} median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, cpu median ${stats(cpu).median.toFixed(1)} ms`);
}
console.log('\nanalysis, in process');
const hundredKb = Array.from({ length: 2200 }, (_, i) => `cd dir${i} && FOO=${i} timeout 5 grep -rn "x$i" src/ | head -n 3; `)
  .join('')
  .slice(0, 100 * 1024);
inProcess(`shell analysis of a ${(hundredKb.length / 1024).toFixed(0)} KB command`, () => core.analyzeShell(hundredKb, { cwd: '/home/u/p', home: '/home/u' }));
inProcess('all guards on that 100 KB command', () =>
  core.evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: hundredKb }, cwd: '/home/u/p' },
    { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p' },
  ),
);
for (const [label, cmd] of [
  ['worst case: 1.2 MB command (analysed up to the 256 KB cap)', `rm -rf / ; ${'echo x && '.repeat(120000)}true`],
  ['worst case: 128,000 arguments (256 KB)', `rm ${'a '.repeat(128000)}`],
  ['worst case: 28,000-stage pipeline (256 KB)', `cat x${' | grep y'.repeat(28000)}`],
]) {
  inProcess(
    label,
    () =>
      core.evaluatePayload(
        { tool_name: 'Bash', tool_input: { command: cmd }, cwd: '/home/u/p' },
        { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p' },
      ),
    5,
  );
  inProcess(
    `  …the same through the PowerShell tool (64 KB cap)`,
    () =>
      core.evaluatePayload(
        { tool_name: 'PowerShell', tool_input: { command: cmd }, cwd: '/home/u/p' },
        { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p' },
      ),
    5,
  );
}
const nested = `rm -rf / ${'$('.repeat(10000)}${')'.repeat(10000)}`;
inProcess('10,000 nested $( ) after rm -rf /', () =>
  core.evaluatePayload(
    { tool_name: 'Bash', tool_input: { command: nested }, cwd: '/home/u/p' },
    { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p' },
  ),
);

// Each limit hit on purpose: the time to the verdict, and which verdict (unanalysable past a limit).
console.log('\nworst case at each cap (in process; the hook adds its ~45 ms start-up; internal deadline 2,500 ms)');
const patchOf = (n) => `*** Begin Patch\n${Array.from({ length: n }, (_, i) => `*** Add File: f${i}\n+x\n`).join('')}*** End Patch`;
const capCases = [
  ['Bash: 256 KiB cap (300 KiB command)', { tool_name: 'Bash', tool_input: { command: `echo ${'a '.repeat(150 * 1024)}` } }],
  [
    'Bash: 20,000-argument rm -rf (was ~20 s)',
    { tool_name: 'Bash', tool_input: { command: `rm -rf ${Array.from({ length: 20000 }, (_, i) => `f${i}`).join(' ')}` } },
  ],
  ['Bash: 4,000-command budget (4,001 × true)', { tool_name: 'Bash', tool_input: { command: `${'true; '.repeat(4001)}rm -rf ~` } }],
  ['Bash: 4,000 invocations (2,100 × nice true)', { tool_name: 'Bash', tool_input: { command: `${'nice true; '.repeat(2100)}rm -rf ~` } }],
  ['Bash: 13 levels of $( )', { tool_name: 'Bash', tool_input: { command: `echo ${'$('.repeat(13)}rm -rf ~${')'.repeat(13)}` } }],
  ['Bash: 4,100 chained wrappers', { tool_name: 'Bash', tool_input: { command: `${'nice '.repeat(4100)}rm -rf ~` } }],
  ['Bash: 10,000 ${PWD%/*} targets', { tool_name: 'Bash', tool_input: { command: `rm -rf ${'"${PWD%/*}/x" '.repeat(10000)}` } }],
  ['PowerShell: 64 KiB cap (70 KiB command)', { tool_name: 'PowerShell', tool_input: { command: `Write-Output ${'a'.repeat(70 * 1024)}` } }],
  [
    'python -c: 60 KiB of calls, then os.system(x)',
    {
      tool_name: 'Bash',
      tool_input: {
        command: `python3 -c 'import os
${'print(os.path.join("a", str(x)))\n'.repeat(1800)}os.system(x)'`,
      },
    },
  ],
  ['node -e: 20,000 nested calls', { tool_name: 'Bash', tool_input: { command: `node -e '${'f('.repeat(20000)}${')'.repeat(20000)}'` } }],
  ['perl -e: 7,000 s///e substitutions', { tool_name: 'Bash', tool_input: { command: `perl -e '${'s/a/b/e;'.repeat(7000)}'` } }],
  [
    'PowerShell: 10,000-argument Remove-Item',
    { tool_name: 'PowerShell', tool_input: { command: `Remove-Item ${Array.from({ length: 10000 }, (_, i) => `f${i}`).join(' ')}` } },
  ],
  ['apply_patch: 500 files (the cap)', { hookEventName: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: patchOf(500) } }],
  ['apply_patch: 150,000 files (was ~15 s)', { hookEventName: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: patchOf(150000) } }],
  [
    'multi_replace: 600 replacements',
    {
      hookEventName: 'PreToolUse',
      tool_name: 'multi_replace_string_in_file',
      tool_input: { replacements: Array.from({ length: 600 }, (_, i) => ({ filePath: `/home/u/p/f${i}.ts`, oldString: 'a', newString: 'b' })) },
    },
  ],
];
for (const [label, payload] of capCases) {
  let verdict = null;
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    verdict = core.evaluatePayload({ ...payload, cwd: '/home/u/p' }, { guards: core.guards, home: '/home/u', fallbackCwd: '/home/u/p' }).verdict;
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const st = stats(samples);
  console.log(
    `  ${label.padEnd(50)} median ${st.median.toFixed(1).padStart(7)} ms, max ${Math.max(...samples)
      .toFixed(1)
      .padStart(7)} ms → ${verdict ? verdict.guardId : 'no opinion'}`,
  );
}

// ---- the installer on a 10 MB settings file (one parse per edit made this 25 s) ----
{
  const { mkdirSync, readFileSync } = await import('node:fs');
  const allow = Array.from({ length: 200000 }, (_, i) => `Bash(npm run task-${i} --flag value-${i})`);
  const text = `${JSON.stringify({ model: 'opus', permissions: { allow }, env: { A: '1' } }, null, 2)}\n`;
  const hookSource = readFileSync(join(root, 'dist/hook.cjs'), 'utf8');
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const ws = mkdtempSync(join(tmpdir(), 'agent-guard-bench-install-'));
    mkdirSync(join(ws, '.claude'));
    writeFileSync(join(ws, '.claude/settings.json'), text);
    const t = process.hrtime.bigint();
    const r = core.install({ workspace: ws, scope: 'project', home: join(ws, 'home') }, { hookSource, version: '0.0.0' }, { selfTest: false });
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (!r.ok) throw new Error(r.error);
  }
  const s = stats(samples);
  console.log(
    `\ninstaller\n  install into a ${(text.length / 1e6).toFixed(1)} MB settings.json (no self-test)              median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`,
  );
}

// ---- lint and language server ----
{
  const { lintPaths } = core;
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-bench-lint-'));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(ws, '.claude/agents'), { recursive: true });
  mkdirSync(join(ws, '.claude/commands'), { recursive: true });
  mkdirSync(join(ws, '.claude/workflows'), { recursive: true });
  for (let i = 0; i < 400; i++)
    writeFileSync(
      join(ws, `.claude/agents/agent-${i}.md`),
      `---\nname: agent-${i}\ndescription: Agent ${i}\ntools: Read, Grep\nmodel: sonnet\n---\nYou review files. Run \`npm test\` and \`cat .env\` when needed.\n`,
    );
  for (let i = 0; i < 400; i++)
    writeFileSync(
      join(ws, `.claude/commands/cmd-${i}.md`),
      `---\ndescription: Command ${i}\nallowed-tools: Bash(git status *)\n---\nState: !\`git status --short\`\n\n\`\`\`bash\nnpm run build\ngit push origin feature/${i}\n\`\`\`\n`,
    );
  for (let i = 0; i < 200; i++)
    writeFileSync(
      join(ws, `.claude/workflows/wf-${i}.js`),
      `export const meta = { name: 'wf-${i}', description: 'W' };\nconst A = typeof args === 'string' ? JSON.parse(args) : (args || {});\nreturn await agent(\`Do \${A.x}\`);\n`,
    );
  const { readFileSync } = await import('node:fs');
  const read = (p) => readFileSync(p, 'utf8');
  lintPaths(ws, [], { home: '/home/u', read, guards: core.guards, config: core.DEFAULT_CONFIG });
  const samples = [];
  let count = 0;
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    count = lintPaths(ws, [], { home: '/home/u', read, guards: core.guards, config: core.DEFAULT_CONFIG }).files.length;
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const s = stats(samples);
  console.log(
    `\nlint\n  ${count} agent files (agents, commands, workflows)                  median ${s.median.toFixed(0)} ms (${(count / (s.median / 1000)).toFixed(0)} files/s)`,
  );
}
// 250 / 500 / 1,000 agent files: time and peak memory must grow linearly (scripts/bench-lint-scale.mjs).
{
  const { benchLintScale } = await import('./bench-lint-scale.mjs');
  benchLintScale({ runs: Number(process.env.BENCH_SCALE_RUNS ?? 3) });
}
// A 5,000-line CLAUDE.md with a few hundred commands (the file the speed goals are about).
// Shaped like a real one: sections and short paragraphs (a blank line every 5 lines), @imports,
// inline commands, shell blocks.
const bigLines = [];
for (let i = 0; i < 5000; i++)
  bigLines.push(
    i % 5 === 4
      ? i % 200 === 199
        ? `\n## Section ${i / 200 + 1}\n`
        : ''
      : i % 50 === 0
        ? `Step ${i}: run \`npm test -- --grep case${i}\` then \`git status\`.`
        : i % 97 === 0
          ? '```bash\nnpm ci\ncat .env\n```'
          : i % 23 === 0
            ? `- build: \`npm run build -- --scope pkg${i}\``
            : `Line ${i} of project guidance, see @docs/missing-${i}.md for details.`,
  );
const bigClaudeMd = `# Big CLAUDE.md\n\n${bigLines.join('\n')}\n`;
{
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-bench-cli-'));
  writeFileSync(join(ws, 'CLAUDE.md'), bigClaudeMd);
  // Written a while ago, as a user's file is: lint keeps nothing judged from a file modified in the
  // last two seconds (racyStamp in core/lint/verdict-memo.ts).
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(ws, 'CLAUDE.md'), past, past);
  const cli = join(root, 'dist/cli.cjs');
  const commands = (bigClaudeMd.match(/`[^`\n]+`/g) ?? []).length + (bigClaudeMd.match(/```bash/g) ?? []).length * 2;
  const samples = [];
  const base = [];
  const uncached = [];
  // The CLI's V8 code cache (scripts/code-cache-loader.js) and its kept guard verdicts
  // (cli/lint-memo.ts) in a fresh private folder: the warm-up run writes them, as a user's first
  // lint does; AGENT_GUARD_NO_CACHE=1 (neither) is that first run's cost.
  const cacheHome = mkdtempSync(join(tmpdir(), 'agent-guard-bench-cache-'));
  const runCli = (args, extraEnv = {}) => {
    const t = process.hrtime.bigint();
    // CPU time from /usr/bin/time (the CLI exits before an exit hook's stderr write drains).
    const r = spawnSync('/usr/bin/time', ['-f', 'cpu:%U:%S', process.execPath, ...args], {
      cwd: ws,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, HOME: '/nonexistent', XDG_CACHE_HOME: cacheHome, ...extraEnv },
    });
    const m = /cpu:([\d.]+):([\d.]+)\s*$/.exec(r.stderr);
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
  };
  runCli([cli, 'lint', '--format', 'json']);
  const noCa = [];
  const noCaBase = [];
  for (let i = 0; i < 10; i++) {
    base.push(runCli(['-e', '0']));
    samples.push(runCli([cli, 'lint', '--format', 'json']));
    uncached.push(runCli([cli, 'lint', '--format', 'json'], { AGENT_GUARD_NO_CACHE: '1' }));
    if (process.env.NODE_EXTRA_CA_CERTS) {
      noCaBase.push(runCli(['-e', '0'], { NODE_EXTRA_CA_CERTS: '' }));
      noCa.push(runCli([cli, 'lint', '--format', 'json'], { NODE_EXTRA_CA_CERTS: '' }));
    }
  }
  const s = stats(samples.map((r) => r.ms));
  const b = stats(base.map((r) => r.ms));
  const sc = stats(samples.map((r) => r.cpu));
  const bc = stats(base.map((r) => r.cpu));
  const u = stats(uncached.map((r) => r.ms));
  const uc = stats(uncached.map((r) => r.cpu));
  console.log(
    `  CLI: agent-guard lint of a 5,000-line CLAUDE.md (~${commands} commands)   wall ${s.median.toFixed(0)} ms (p95 ${s.p95.toFixed(0)}), cpu ${sc.median.toFixed(0)} ms; node -e 0 wall ${b.median.toFixed(0)}, cpu ${bc.median.toFixed(0)} ms`,
  );
  console.log(
    `    …without the code cache and kept verdicts (a first run)             wall ${u.median.toFixed(0)} ms (p95 ${u.p95.toFixed(0)}), cpu ${uc.median.toFixed(0)} ms`,
  );
  if (noCa.length > 0)
    console.log(
      `    …the repeat run without NODE_EXTRA_CA_CERTS                          wall ${stats(noCa.map((r) => r.ms)).median.toFixed(0)} ms; node -e 0 wall ${stats(noCaBase.map((r) => r.ms)).median.toFixed(0)} ms`,
    );
  // In process: the same file, first lint and a keystroke re-lint with the server's verdict cache.
  const wsv = core.fsWorkspace(ws, '/nonexistent');
  const file = (text) => ({ path: `${ws}/CLAUDE.md`, rel: 'CLAUDE.md', kind: 'claude-md', text });
  const cold = [];
  const warm = [];
  for (let i = 0; i < 10; i++) {
    const cache = new Map();
    core.clearMarkdownCache();
    let c = process.cpuUsage();
    core.lintFile(file(bigClaudeMd), wsv, { rules: core.rules, guards: core.guards, config: core.DEFAULT_CONFIG, verdictCache: cache });
    c = process.cpuUsage(c);
    cold.push((c.user + c.system) / 1000);
    const edited = bigClaudeMd.replace('Line 2501 of', `Line 2501 (edit ${i}) of`);
    c = process.cpuUsage();
    core.lintFile(file(edited), wsv, { rules: core.rules, guards: core.guards, config: core.DEFAULT_CONFIG, verdictCache: cache });
    c = process.cpuUsage(c);
    warm.push((c.user + c.system) / 1000);
  }
  console.log(`  in process: first lint of that file (empty caches, warm JIT)           median ${stats(cold).median.toFixed(0)} ms cpu`);
  console.log(
    `  in process: re-lint after a keystroke (chunks and verdicts cached)     median ${stats(warm).median.toFixed(0)} ms cpu (p95 ${stats(warm).p95.toFixed(0)})`,
  );
}
{
  const { spawn } = await import('node:child_process');
  const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
  const ws = mkdtempSync(join(tmpdir(), 'agent-guard-bench-lsp-'));
  const text = bigClaudeMd;
  const samples = [];
  const keystrokes = [];
  for (let run = 0; run < 5; run++) {
    const child = spawn(process.execPath, [join(root, 'dist/server.cjs'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const uri = `file://${ws}/CLAUDE.md`;
    const done = new Promise((res) =>
      conn.onNotification('textDocument/publishDiagnostics', (p) => {
        if (p.uri === uri && p.diagnostics.length > 0) res(p.diagnostics.length);
      }),
    );
    conn.listen();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: `file://${ws}`, capabilities: {} });
    await conn.sendNotification('initialized', {});
    const t = process.hrtime.bigint();
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    const n = await done;
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (run === 0) console.log(`  (${n} diagnostics on the 5,000-line file)`);
    // A keystroke: didChange → publishDiagnostics, minus the server's 150 ms debounce.
    for (let k = 0; k < 3; k++) {
      const version = 2 + k;
      const next = new Promise((res) =>
        conn.onNotification('textDocument/publishDiagnostics', (p) => {
          if (p.uri === uri && p.version === version) res();
        }),
      );
      const t2 = process.hrtime.bigint();
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text: text.replace('Line 2501 of', `Line 2501 (${k}) of`) }],
      });
      await next;
      keystrokes.push(Number(process.hrtime.bigint() - t2) / 1e6 - 150);
    }
    conn.dispose();
    child.kill();
  }
  const s = stats(samples);
  console.log(
    `language server\n  time to first diagnostics, 5,000-line CLAUDE.md (didOpen → publish)   median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`,
  );
  const k = stats(keystrokes);
  console.log(`  keystroke in that file: didChange → publish, minus the 150 ms debounce    median ${k.median.toFixed(0)} ms, p95 ${k.p95.toFixed(0)} ms`);
}

// ---- every input shape at its cap (growth per shape; the README's worst-case table) ----
await import('./bench-shapes.mjs');

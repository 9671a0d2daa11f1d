// npm run bench (first section), or alone after `node scripts/build.mjs --bench`:
//   node scripts/bench-hook.mjs
// The hook as the host runs it: one whole process per tool call, per kind of payload, against
// `node -e 0` (the floor of any Node hook) and against the peer hook people would pick instead
// (cc-safety-net, pinned; measured, never shipped). Honest by construction:
// - the headline is WITHOUT NODE_EXTRA_CA_CERTS (users do not set it; a machine that does makes every
//   Node process parse that bundle at start, ~400M instructions, which hides what the hook adds);
//   the runs with it are shown beside when the machine sets it;
// - CPU time (the machine is shared: wall time wanders) and instructions (callgrind: independent of
//   load), medians of runs that alternate between the programs;
// - the hook is dist/bench/hook.cjs: the same build with the deadline lifted, so that no run (under
//   valgrind, a call takes seconds) is cut short and measured as the deadline's answer; every run's
//   answer is checked against the real hook's.
// BENCH_RUNS (default 15) runs per cell; BENCH_INSTRUCTIONS=0 skips valgrind; BENCH_PEER=0 the peer.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, homedir, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WITH_INSTRUCTIONS = process.env.BENCH_INSTRUCTIONS !== '0';
const PEER = { name: 'cc-safety-net', version: '2.4.5' };
const HOOK = join(root, 'dist/bench/hook.cjs');
const REAL_HOOK = join(root, 'dist/hook.cjs');

// ---- the environments: without the CA bundle (the headline) and, where the machine sets it, with it ----
const CA = process.env.NODE_EXTRA_CA_CERTS || null;
const scratch = mkdtempSync(join(tmpdir(), 'agent-guard-bench-hook-'));
// A private cache folder (the hook keeps its compiled code there) and a home of its own.
const cacheHome = join(scratch, 'cache');
mkdirSync(cacheHome, { mode: 0o700 });
const home = join(scratch, 'home');
mkdirSync(home);
// AGENT_GUARD_NO_SNAPSHOT_BUILD: the installed command without a blob (below) would start a build in
// the background; the bench builds its blob itself, once.
const baseEnv = { ...process.env, HOME: home, XDG_CACHE_HOME: cacheHome, CLAUDE_PROJECT_DIR: '', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1' };
delete baseEnv.NODE_EXTRA_CA_CERTS;
delete baseEnv.NODE_OPTIONS;
const envs = [{ id: 'noca', label: 'without NODE_EXTRA_CA_CERTS', env: baseEnv }];
// The installed command (core/install/installer.ts hookCommandFor, run by `sh -c` as a host runs it)
// naming the measuring copy: from its startup snapshot, and (a cache folder with no blob) plain.
const INSTALLED = (() => {
  const core = createRequire(import.meta.url)(join(root, 'dist/bench/core.cjs'));
  return core.hookCommandFor(core.shQuote(HOOK));
})();
const noBlobCache = join(scratch, 'cache-no-blob');
mkdirSync(noBlobCache, { mode: 0o700 });
// A cache folder where the resident analyser (scripts/code-cache-loader.js) of the measuring copy
// runs: the installed command finds its socket and asks it.
const residentCache = join(scratch, 'cache-resident');
mkdirSync(residentCache, { mode: 0o700 });
const residentNodeCache = join(scratch, 'cache-resident-node');
mkdirSync(residentNodeCache, { mode: 0o700 });
if (CA) envs.push({ id: 'ca', label: `with NODE_EXTRA_CA_CERTS (this machine)`, env: { ...baseEnv, NODE_EXTRA_CA_CERTS: CA } });

// ---- a repository to call in (one payload asks git for the branch) ----
const repo = join(scratch, 'repo');
mkdirSync(join(repo, 'src'), { recursive: true });
execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
writeFileSync(join(repo, 'src/a.ts'), 'export const a = 1;\n');
writeFileSync(join(repo, 'package.json'), '{"name":"p","scripts":{"test":"node --test"}}\n');
execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', 'add', '-A'], { cwd: repo });
execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-q', '-m', 'x'], { cwd: repo });

const heredocLines = Array.from(
  { length: 200 },
  (_, i) => [`mkdir -p build/d${i}`, `cp src/f${i}.txt build/d${i}/`, `echo "step ${i} done"`, `grep -n "x${i}" src/f${i}.txt`][i % 4],
);
const source = Array.from({ length: 60 }, (_, i) => `export function f${i}(x: number): number {\n  return x * ${i} + 1;\n}\n`).join('\n');
const call = (tool_name, tool_input) => ({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name, tool_input, cwd: repo });

/** The kinds of call, each with the verdict the real hook gives it (checked on every run). */
export const PAYLOADS = [
  { id: 'allowed', label: 'allowed call (`npm test -- --watch=false`)', payload: call('Bash', { command: 'npm test -- --watch=false' }), deny: null },
  { id: 'denied', label: 'denied call (`rm -rf ~`)', payload: call('Bash', { command: 'rm -rf ~' }), deny: 'rm-catastrophic' },
  {
    id: 'heredoc',
    label: '200-line heredoc (`bash <<EOF`, 200 commands)',
    payload: call('Bash', { command: `bash <<'EOF'\n${heredocLines.join('\n')}\nEOF` }),
    deny: null,
  },
  {
    id: 'powershell',
    label: 'PowerShell (`Get-ChildItem … | Select-String`)',
    payload: call('PowerShell', { command: "Get-ChildItem -Recurse -Filter *.ts src | Select-String -Pattern 'TODO'" }),
    deny: null,
  },
  { id: 'write', label: 'Write of a 60-function source file', payload: call('Write', { file_path: join(repo, 'src/b.ts'), content: source }), deny: null },
  { id: 'edit', label: 'Edit of a source file', payload: call('Edit', { file_path: join(repo, 'src/a.ts'), old_string: '1', new_string: '2' }), deny: null },
  { id: 'git', label: 'a call that asks git (`git push --force`)', payload: call('Bash', { command: 'git push --force' }), deny: 'force-push-protected' },
];

// ---- the peer, pinned, installed once into a cache folder of the bench (never into the project) ----
function peerHook() {
  if (process.env.BENCH_PEER === '0') return { missing: 'BENCH_PEER=0' };
  const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'agent-guard-bench', `${PEER.name}-${PEER.version}`);
  const bin = join(dir, 'node_modules', PEER.name, 'dist/bin/cc-safety-net.js');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${PEER.name}@${PEER.version}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (r.status !== 0 || !existsSync(bin)) return { missing: `npm install ${PEER.name}@${PEER.version} failed: ${(r.stderr || '').trim().split('\n').pop()}` };
  }
  return { args: [bin, 'hook', '--coding-cli'] };
}

// ---- measuring one process ----
const PERF = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', 'true'], { encoding: 'utf8' }).stderr?.includes('task-clock') ?? false;
const TIME = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
const VALGRIND = WITH_INSTRUCTIONS && spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status === 0;
// Without perf: the child reports its own CPU time at exit (misses the last teardown).
const preload = join(scratch, 'cpu.cjs');
writeFileSync(preload, "process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\ncpu:'+((u.user+u.system)/1000).toFixed(3))})");

/** The hook's startup snapshot (scripts/code-cache-loader.js), built for the measuring copy, and checked to be used. */
function snapshotBlob() {
  const made = spawnSync(process.execPath, [HOOK, '--agent-guard-make-snapshot'], { cwd: repo, env: baseEnv, encoding: 'utf8' });
  if (made.status !== 0) return { missing: made.stderr.trim() || `exit ${made.status}` };
  const path = made.stdout.trim();
  const input = JSON.stringify(PAYLOADS[0].payload);
  const probe = spawnSync(process.execPath, ['--snapshot-blob', path, HOOK], { input, env: { ...baseEnv, AGENT_GUARD_SNAPSHOT_TRACE: '1' }, encoding: 'utf8' });
  return /snapshot used/.test(probe.stderr) ? { path } : { missing: `built, but not used: ${probe.stderr.trim()}` };
}

/**
 * The resident analyser of the measuring copy, started as a call would start it, and checked to
 * answer the installed command. Its CPU is read from /proc around each run: every thread's time on
 * the CPU (schedstat, in ns) and the children it waited for (git: in clock ticks).
 */
function residentAnalyser(cache = residentCache, nodeAsk = false) {
  if (!PERF || !existsSync('/proc/self/schedstat')) return { missing: 'needs perf and /proc' };
  const env = { ...baseEnv, XDG_CACHE_HOME: cache };
  const child = spawn(process.execPath, [HOOK, '--agent-guard-serve'], { cwd: repo, env, detached: true, stdio: 'ignore' });
  child.unref();
  const probe = () =>
    spawnSync('sh', ['-c', INSTALLED], { input: JSON.stringify(PAYLOADS[0].payload), env: { ...env, AGENT_GUARD_RESIDENT_TRACE: '1' }, encoding: 'utf8' });
  for (let i = 0; i < 100; i++) {
    // Which ask the installed command ran: the Perl one where /usr/bin/perl is, else Node's.
    const used = /resident used \(pid \d+, (perl|ask file)\)/.exec(probe().stderr);
    // For the Node ask's row: its Perl ask taken away (the analyser writes it only as it starts).
    if (used && nodeAsk && used[1] === 'perl') {
      rmSync(
        join(
          cache,
          'agent-guard',
          readdirSync(join(cache, 'agent-guard')).find((f) => f.endsWith('.ask.pl')),
        ),
      );
      continue;
    }
    if (used) return { pid: child.pid, via: used[1], stop: () => process.kill(child.pid, 'SIGKILL') };
    spawnSync('sleep', ['0.1']);
  }
  process.kill(child.pid, 'SIGKILL');
  return { missing: 'started, but the installed command did not ask it' };
}

const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
/** The analyser's CPU so far, in ms: all its threads, and the children it waited for. */
function analyserCpu(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are at 13 and 14 after the name.
  return ns / 1e6 + (Number(f[13]) + Number(f[14])) * TICK_MS;
}

/** The analyser's resident and peak memory in MiB. */
function analyserRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU ms of one run (and its output, to check the answer). */
function cpuRun(args, input, env, file = process.execPath) {
  if (PERF) {
    const out = join(scratch, 'perf.txt');
    // perf stat counts the children too (the installed command's sh, then node).
    const r = spawnSync('perf', ['stat', '-x,', '-o', out, '-e', 'task-clock', file, ...args], {
      input,
      env,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const m = /^([\d.]+),msec,task-clock/m.exec(readFileSync(out, 'utf8'));
    return { cpu: m ? Number(m[1]) : Number.NaN, stdout: r.stdout, stderr: r.stderr, status: r.status };
  }
  const r = spawnSync(process.execPath, ['--require', preload, ...args], { input, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const m = /\ncpu:([\d.]+)$/.exec(r.stderr);
  return { cpu: m ? Number(m[1]) : Number.NaN, stdout: r.stdout, stderr: r.stderr.replace(/\ncpu:[\d.]+$/, ''), status: r.status };
}

/** Peak RSS in MiB (GNU time). */
function rssRun(args, input, env, file = process.execPath) {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', file, ...args], { input, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return Number(r.stderr.trim().split('\n').pop()) / 1024;
}

/** Instructions of one run, every thread, under callgrind (a run that takes seconds there: the bench copy has no deadline). */
function instructions(args, input, env) {
  const out = join(scratch, 'callgrind.out');
  const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, '--smc-check=all-non-file', process.execPath, ...args], {
    input,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const m = /Collected : (\d+)/.exec(r.stderr);
  return { ir: m ? Number(m[1]) / 1e6 : Number.NaN, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)];
};

/** The answer a run gave: the guard that denied, or null. */
function verdictOf(stdout) {
  const m = /\[agent-guard: ([a-z0-9-]+)\]/.exec(stdout);
  return m ? m[1] : /"permissionDecision":"deny"/.test(stdout) ? 'deny' : null;
}

export function benchHook({ print = console.log } = {}) {
  const peer = peerHook();
  const blob = snapshotBlob();
  const resident = residentAnalyser();
  // Where the Perl ask answers, the Node ask (machines without /usr/bin/perl) from an analyser of its own.
  const residentNode = resident.via === 'perl' ? residentAnalyser(residentNodeCache, true) : {};
  const programs = [
    { id: 'node', args: ['-e', '0'] },
    { id: 'hook', args: [HOOK] },
    ...(blob.path ? [{ id: 'snap', args: ['--snapshot-blob', blob.path, HOOK] }] : []),
    ...(peer.args ? [{ id: 'peer', args: peer.args }] : []),
    // The installed command (it unsets NODE_EXTRA_CA_CERTS itself: measured without the CA bundle only).
    ...(PERF ? [{ id: 'cmdplain', file: 'sh', args: ['-c', INSTALLED], cache: noBlobCache, noCaOnly: true }] : []),
    ...(PERF && blob.path ? [{ id: 'cmd', file: 'sh', args: ['-c', INSTALLED], noCaOnly: true }] : []),
    // The installed command asking the resident analyser: its CPU and the analyser's for the call;
    // through the Perl ask, and through the Node ask as where /usr/bin/perl is not (a second
    // analyser whose Perl ask was taken away).
    ...(resident.pid ? [{ id: 'resident', file: 'sh', args: ['-c', INSTALLED], cache: residentCache, noCaOnly: true, analyser: resident.pid }] : []),
    ...(residentNode.via === 'ask file'
      ? [{ id: 'residentnode', file: 'sh', args: ['-c', INSTALLED], cache: residentNodeCache, noCaOnly: true, analyser: residentNode.pid }]
      : []),
  ];
  // The resident analyser is on by default (Linux): the rows of a call in its own process turn it off.
  const envOf = (prog, e) =>
    prog.analyser
      ? { ...e.env, XDG_CACHE_HOME: prog.cache }
      : { ...e.env, AGENT_GUARD_ANALYSER: 'process', ...(prog.cache ? { XDG_CACHE_HOME: prog.cache } : {}) };
  if (PERF && blob.path) {
    const probe = spawnSync('sh', ['-c', INSTALLED], {
      input: JSON.stringify(PAYLOADS[0].payload),
      env: { ...baseEnv, AGENT_GUARD_SNAPSHOT_TRACE: '1' },
      encoding: 'utf8',
    });
    if (!/snapshot used/.test(probe.stderr)) throw new Error(`the installed command did not start from the blob: ${probe.stderr.trim()}`);
  }
  const answers = new Set(['hook', 'snap', 'cmd', 'cmdplain', 'resident', 'residentnode']);
  print(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  print(
    `hook: ${HOOK} (the deadline lifted; ${(readFileSync(REAL_HOOK).length / 1024).toFixed(0)} KB); peer: ${peer.args ? `${PEER.name} ${PEER.version} (npm)` : `not measured (${peer.missing})`}`,
  );
  print(`startup snapshot: ${blob.path ? `${blob.path} (${(statSync(blob.path).size / 2 ** 20).toFixed(1)} MiB)` : `not measured (${blob.missing})`}`);
  print(
    `resident analyser: ${resident.pid ? `pid ${resident.pid}; its CPU per call (all threads, and git) is added to the asking command's; asked through the ${resident.via === 'perl' ? `Perl ask${residentNode.pid ? ` (and the Node ask, of analyser pid ${residentNode.pid} without its Perl ask)` : ''}` : 'Node ask'}` : `not measured (${resident.missing})`}`,
  );
  print(
    `CPU: ${PERF ? 'perf stat task-clock' : "the child's own cpuUsage at exit"}, median of ${RUNS} runs alternating node -e 0, hook${blob.path ? ', the hook from its startup snapshot' : ''}${peer.args ? ', peer' : ''}${PERF ? ', the installed command (sh -c) with no blob and from the blob' : ''}${CA ? ', with and without the CA bundle' : ''}; instructions: ${VALGRIND ? 'callgrind, all threads, one run each' : 'not measured'}`,
  );
  const results = [];
  for (const p of PAYLOADS) {
    const input = JSON.stringify(p.payload);
    const cells = {};
    const pairs = envs.flatMap((e) => programs.filter((prog) => e.id === 'noca' || !prog.noCaOnly).map((prog) => ({ e, prog })));
    for (const { e, prog } of pairs) cells[`${e.id}:${prog.id}`] = [];
    // Warm: the hook's first run writes its compiled code; later runs are the ones a session pays.
    for (const { e, prog } of pairs) cpuRun(prog.args, input, envOf(prog, e), prog.file);
    const expected = spawnSync(process.execPath, [REAL_HOOK], { input, env: baseEnv, encoding: 'utf8' });
    if (verdictOf(expected.stdout) !== p.deny) throw new Error(`${p.id}: the hook answered ${verdictOf(expected.stdout)}, expected ${p.deny}`);
    for (let i = 0; i < RUNS; i++)
      for (const { e, prog } of pairs) {
        const before = prog.analyser ? analyserCpu(prog.analyser) : 0;
        const r = cpuRun(prog.args, input, envOf(prog, e), prog.file);
        if (prog.analyser) {
          const spent = analyserCpu(prog.analyser) - before;
          cells[`${e.id}:${prog.id}:analyser`] ??= [];
          cells[`${e.id}:${prog.id}:analyser`].push(spent);
          r.cpu += spent;
        }
        if (answers.has(prog.id) && (r.stdout !== expected.stdout || r.status !== expected.status))
          throw new Error(`${p.id}: the measuring copy answered ${JSON.stringify(r.stdout)} (exit ${r.status}), the hook ${JSON.stringify(expected.stdout)}`);
        cells[`${e.id}:${prog.id}`].push(r.cpu);
      }
    const row = { id: p.id, label: p.label, cpu: {}, ir: {}, rss: {} };
    for (const [k, v] of Object.entries(cells)) row.cpu[k] = median(v);
    if (TIME)
      for (const prog of programs) {
        const s = [];
        for (let i = 0; i < 5; i++) s.push(rssRun(prog.args, input, envOf(prog, envs[0]), prog.file));
        row.rss[prog.id] = median(s);
        if (prog.analyser) row.analyser = analyserRss(prog.analyser);
      }
    if (VALGRIND) {
      // node -e 0 once per environment (it does not read its input); the hook and the peer per payload.
      for (const prog of programs) {
        if (prog.file) continue; // the installed command: CPU only
        if (prog.id === 'node' && results.length > 0) {
          row.ir['noca:node'] = results[0].ir['noca:node'];
          continue;
        }
        const r = instructions(prog.args, input, baseEnv);
        // A blob built natively does not start under valgrind (V8's flag hash includes the CPU's
        // features: exit 14 before any JavaScript): no count rather than a count of that exit.
        if (prog.id === 'snap' && r.status !== 0 && r.status !== 2) continue;
        if ((prog.id === 'hook' || prog.id === 'snap') && verdictOf(r.stdout) !== p.deny)
          throw new Error(`${p.id}: under valgrind the hook answered ${verdictOf(r.stdout)}`);
        row.ir[`noca:${prog.id}`] = r.ir;
      }
      if (CA && (p.id === 'allowed' || results.length === 0))
        for (const prog of programs) {
          if (prog.file || prog.id === 'snap') continue;
          if (prog.id === 'node' && results.length > 0) {
            row.ir['ca:node'] = results[0].ir['ca:node'];
            continue;
          }
          row.ir[`ca:${prog.id}`] = instructions(prog.args, input, envs[1].env).ir;
        }
    }
    results.push(row);
    printRow(row, print, !!peer.args);
  }
  resident.stop?.();
  residentNode.stop?.();
  return results;
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) ? `${(a / b).toFixed(2)}x` : '-');

function printRow(r, print, peer) {
  const c = r.cpu;
  const parts = [
    `hook ${f1(c['noca:hook'])} ms vs node -e 0 ${f1(c['noca:node'])} ms = ${ratio(c['noca:hook'], c['noca:node'])} CPU`,
    Number.isFinite(r.ir['noca:hook'])
      ? `${r.ir['noca:hook'].toFixed(0)}M vs ${r.ir['noca:node'].toFixed(0)}M = ${ratio(r.ir['noca:hook'], r.ir['noca:node'])} instructions`
      : null,
    Number.isFinite(c['noca:snap'])
      ? `from the startup snapshot ${f1(c['noca:snap'])} ms = ${ratio(c['noca:snap'], c['noca:node'])} CPU${Number.isFinite(r.ir['noca:snap']) ? `, ${r.ir['noca:snap'].toFixed(0)}M = ${ratio(r.ir['noca:snap'], r.ir['noca:node'])} instructions` : ''}${CA ? `; with the CA bundle ${ratio(c['ca:snap'], c['ca:node'])} CPU` : ''}`
      : null,
    Number.isFinite(c['noca:cmdplain'])
      ? `installed command (sh -c): no blob ${f1(c['noca:cmdplain'])} ms = ${ratio(c['noca:cmdplain'], c['noca:node'])} CPU${Number.isFinite(c['noca:cmd']) ? `; from the blob ${f1(c['noca:cmd'])} ms = ${ratio(c['noca:cmd'], c['noca:node'])} CPU` : ''}`
      : null,
    Number.isFinite(c['noca:resident'])
      ? `installed command asking the resident analyser: ${f1(c['noca:resident'])} ms (the analyser's part ${f1(c['noca:resident:analyser'])}) = ${ratio(c['noca:resident'], c['noca:node'])} CPU${Number.isFinite(r.rss.resident) ? `; peak RSS of the call ${f1(r.rss.resident)} MiB (${r.rss.resident >= r.rss.node ? '+' : ''}${f1(r.rss.resident - r.rss.node)}), the analyser ${f1(r.analyser?.rss)} MiB resident (peak ${f1(r.analyser?.peak)})` : ''}`
      : null,
    Number.isFinite(c['noca:residentnode'])
      ? `  through the Node ask (no /usr/bin/perl): ${f1(c['noca:residentnode'])} ms (the analyser's part ${f1(c['noca:residentnode:analyser'])}) = ${ratio(c['noca:residentnode'], c['noca:node'])} CPU`
      : null,
    CA ? `with the CA bundle ${ratio(c['ca:hook'], c['ca:node'])} CPU (${f1(c['ca:hook'])} vs ${f1(c['ca:node'])})` : null,
    Number.isFinite(r.ir['ca:hook']) ? `${ratio(r.ir['ca:hook'], r.ir['ca:node'])} instructions` : null,
    peer
      ? `vs ${PEER.name} ${ratio(c['noca:hook'], c['noca:peer'])} CPU (${f1(c['noca:peer'])} ms${CA ? `; with the CA bundle ${ratio(c['ca:hook'], c['ca:peer'])}` : ''})`
      : null,
    peer && Number.isFinite(r.ir['noca:peer']) ? `${ratio(r.ir['noca:hook'], r.ir['noca:peer'])} instructions` : null,
    Number.isFinite(r.rss.hook)
      ? `peak RSS ${f1(r.rss.hook)} MiB vs ${f1(r.rss.node)} (+${f1(r.rss.hook - r.rss.node)})${Number.isFinite(r.rss.snap) ? `; from the startup snapshot ${f1(r.rss.snap)} (+${f1(r.rss.snap - r.rss.node)})` : ''}${peer ? `, peer ${f1(r.rss.peer)}` : ''}`
      : null,
  ].filter(Boolean);
  print(`  ${r.label}\n    ${parts.join('\n    ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = benchHook();
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(results, null, 2)}\n`);
}

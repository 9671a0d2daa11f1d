// Lint at scale: `agent-guard lint` over 250, 500 and 1,000 agent files (a plugin collection or a
// monorepo has that many), CPU time and peak memory of the whole process, and the growth per
// doubling (linear is 2.0x). Part of `npm run bench`; alone: `node scripts/bench-lint-scale.mjs`
// after `node scripts/build.mjs`.
//
// The files are generated, one shape with varied content, so each doubling has the same mix: a
// frontmatter with a tool list, prose paragraphs, a list of inline commands, a shell block, a
// prohibition and a table, about 3 KB each (the size of a typical real agent prompt).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TOPICS = ['payments', 'search', 'auth', 'billing', 'ingest', 'reports', 'mobile', 'infra'];

/** One agent file, varied by its number. */
export function agentFile(i) {
  const topic = TOPICS[i % TOPICS.length];
  return `---
name: ${topic}-specialist-${i}
description: Use this agent for ${topic} work in service ${i}. Examples: reviewing ${topic} code, fixing failing ${topic} tests.
tools: Read, Grep, Glob, Bash
model: sonnet
---

# ${topic[0].toUpperCase()}${topic.slice(1)} specialist ${i}

You are a senior engineer responsible for the ${topic} service (number ${i}). Read the code before
you change it, keep changes small, and explain each one in the pull request description.

## Workflow

1. Find the module: \`grep -rn "${topic}Handler${i}" src/\`
2. Run the focused tests: \`npm test -- --grep ${topic}-${i}\`
3. Check the types with \`npx tsc --noEmit -p packages/${topic}\`
4. Commit on a branch: \`git switch -c fix/${topic}-${i}\`

\`\`\`bash
npm ci
npm run build -- --scope @acme/${topic}
npm test -- --runInBand services/${topic}/case-${i}
git push origin fix/${topic}-${i}
\`\`\`

## Rules

- Never run \`git push --force origin main\` or \`rm -rf /\`: ask the person instead.
- Do not read \`.env\`; the variables you need are listed in \`docs/${topic}/config-${i}.md\`.
- Prefer \`git stash push --include-untracked\` over \`git reset --hard\`.

| command | what it does |
|---|---|
| \`make lint\` | lints service ${i} |
| \`make ${topic}-${i}\` | builds the ${topic} image |

When the task is done, summarise what changed, what you tested and what is left, in that order.
Keep the summary under twenty lines; link the files you touched with their paths from the root.
`;
}

/** A workspace with n agent files, written a minute ago (lint keeps nothing judged from fresher files). */
export function scaleWorkspace(n) {
  const ws = mkdtempSync(join(tmpdir(), `agent-guard-bench-scale-${n}-`));
  mkdirSync(join(ws, '.claude/agents'), { recursive: true });
  const past = new Date(Date.now() - 60_000);
  for (let i = 0; i < n; i++) {
    const p = join(ws, `.claude/agents/agent-${String(i).padStart(4, '0')}.md`);
    writeFileSync(p, agentFile(i));
    utimesSync(p, past, past);
  }
  return ws;
}

/** CPU seconds and peak RSS (MiB) of one `agent-guard lint` of the workspace. */
function lintOnce(ws, env) {
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu:%U:%S:%M', process.execPath, join(root, 'dist/cli.cjs'), 'lint', '--format', 'json'], {
    cwd: ws,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, HOME: '/nonexistent', ...env },
  });
  const m = /cpu:([\d.]+):([\d.]+):(\d+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`lint failed (exit ${r.status}): ${r.stderr.slice(-500)}`);
  const findings = r.stdout.split('\n').filter((l) => l.includes('"code"')).length;
  return { cpu: Number(m[1]) + Number(m[2]), rss: Number(m[3]) / 1024, findings };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function benchLintScale({ sizes = [250, 500, 1000], runs = 3, log = console.log } = {}) {
  log('\nlint at scale: agent-guard lint of n generated agent files (whole process; median of runs)');
  const rows = [];
  for (const n of sizes) {
    const ws = scaleWorkspace(n);
    const cacheHome = mkdtempSync(join(tmpdir(), 'agent-guard-bench-scale-cache-'));
    try {
      const cold = [];
      const repeat = [];
      let findings = 0;
      for (let i = 0; i < runs; i++) {
        const c = lintOnce(ws, { AGENT_GUARD_NO_CACHE: '1' });
        findings = c.findings;
        cold.push(c);
      }
      lintOnce(ws, { XDG_CACHE_HOME: cacheHome }); // writes the memo, as a first run does
      for (let i = 0; i < runs; i++) repeat.push(lintOnce(ws, { XDG_CACHE_HOME: cacheHome }));
      const row = {
        n,
        findings,
        cpu: median(cold.map((r) => r.cpu)),
        rss: median(cold.map((r) => r.rss)),
        repeatCpu: median(repeat.map((r) => r.cpu)),
        repeatRss: median(repeat.map((r) => r.rss)),
      };
      const prev = rows[rows.length - 1];
      const growth = prev ? ` | x${(row.cpu / prev.cpu).toFixed(2)} cpu, x${(row.rss / prev.rss).toFixed(2)} memory for x${(n / prev.n).toFixed(0)} files` : '';
      log(
        `  ${String(n).padStart(5)} files (${String(findings).padStart(5)} findings): first run cpu ${row.cpu.toFixed(2)} s, peak ${row.rss.toFixed(0)} MiB; repeat run cpu ${row.repeatCpu.toFixed(2)} s, peak ${row.repeatRss.toFixed(0)} MiB${growth}`,
      );
      rows.push(row);
    } finally {
      rmSync(ws, { recursive: true, force: true });
      rmSync(cacheHome, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchLintScale({ runs: Number(process.env.BENCH_SCALE_RUNS ?? 3) });

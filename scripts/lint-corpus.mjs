// npm run lint:corpus -- DIR… : calibrate the lint rules on real repositories.
// Each DIR is a folder of repositories (every sub-folder is linted as its own workspace) or, when it
// holds agent files itself (.claude/, CLAUDE.md, a plugin), one repository. Prints, per rule and
// severity, how many findings in how many files and repositories, then a sample of findings with
// the line they point at, to read. Nothing is written; the home folder is one that does not exist, so
// your own ~/.claude does not count.
//
//   --sample N      findings shown per rule (default 8; 0: counts only)
//   --rule CODE     show every finding of this rule (repeatable)
//   --json FILE     also write {rule: {severity: count}} to FILE (to compare before/after)
//   --seed N        which findings the sample picks (default 1)

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { lintPaths, rules, guards, loadConfig } = createRequire(import.meta.url)(join(root, 'dist/corpus/core.cjs'));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sample: { type: 'string', default: '8' },
    rule: { type: 'string', multiple: true, default: [] },
    json: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
if (positionals.length === 0) {
  process.stderr.write('usage: npm run lint:corpus -- DIR… [--sample N] [--rule CODE] [--json FILE]\n');
  process.exit(2);
}
// A home that does not exist (and is not under /tmp, which the guards treat as scratch space).
const home = '/nonexistent/agent-guard-corpus-home';
const read = (p) => {
  try {
    return statSync(p).size > 2 * 1024 * 1024 ? null : readFileSync(p, 'utf8');
  } catch {
    return null;
  }
};
const looksLikeRepo = (d) => ['.claude', 'CLAUDE.md', 'AGENTS.md', '.claude-plugin', '.git'].some((n) => existsSync(join(d, n)));
const repos = [];
for (const dir of positionals.map((p) => resolve(p))) {
  if (looksLikeRepo(dir)) repos.push(dir);
  else for (const e of readdirSync(dir).sort()) if (statSync(join(dir, e)).isDirectory()) repos.push(join(dir, e));
}

const findings = [];
let fileCount = 0;
const kinds = {};
const started = process.hrtime.bigint();
for (const repo of repos) {
  // Each repository's own .claude/agent-guard.json, as `agent-guard lint` reads it.
  const run = lintPaths(repo, [], { home, read, guards, config: loadConfig(repo).config });
  fileCount += run.files.length;
  for (const f of run.files) {
    kinds[f.kind ?? '?'] = (kinds[f.kind ?? '?'] ?? 0) + 1;
    const text = read(f.path) ?? '';
    const lines = text.split('\n');
    for (const d of f.diagnostics)
      findings.push({
        repo: repo.slice(repo.lastIndexOf('/') + 1),
        file: f.rel,
        line: d.range.start.line + 1,
        col: d.range.start.character + 1,
        code: d.code,
        severity: d.severity,
        message: d.message,
        fix: d.fix?.title ?? null,
        source: (lines[d.range.start.line] ?? '').trim().slice(0, 160),
      });
  }
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;

const byRule = new Map();
for (const f of findings) {
  const key = `${f.code} ${f.severity}`;
  if (!byRule.has(key)) byRule.set(key, []);
  byRule.get(key).push(f);
}
const title = (code) => rules.find((r) => r.code === code)?.title ?? '';
console.log(`${repos.length} repositories, ${fileCount} agent files, ${findings.length} findings (${ms.toFixed(0)} ms)`);
console.log(
  `files by kind: ${Object.entries(kinds)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}\n`,
);
console.log('rule         severity  findings  files  repos  title');
const ordered = [...byRule.entries()].sort((a, b) => b[1].length - a[1].length);
for (const [key, list] of ordered) {
  const [code, severity] = key.split(' ');
  console.log(
    `${code.padEnd(12)} ${severity.padEnd(9)} ${String(list.length).padStart(8)} ${String(new Set(list.map((f) => `${f.repo}/${f.file}`)).size).padStart(6)} ${String(new Set(list.map((f) => f.repo)).size).padStart(6)}  ${title(code)}`,
  );
}

// A deterministic sample (seeded shuffle), so two runs show the same findings.
let seed = Number(values.seed) >>> 0 || 1;
const rand = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const sampleSize = Number(values.sample);
for (const [key, list] of ordered) {
  const code = key.split(' ')[0];
  const all = values.rule.includes(code);
  if (!all && sampleSize === 0) continue;
  const pick = all
    ? list
    : [...list]
        .map((f) => [rand(), f])
        .sort((a, b) => a[0] - b[0])
        .slice(0, sampleSize)
        .map((x) => x[1]);
  console.log(`\n## ${key} (${all ? 'all' : `${pick.length} of`} ${list.length})`);
  for (const f of pick) {
    console.log(`- ${f.repo}/${f.file}:${f.line}:${f.col}  ${f.message}${f.fix ? `  [fix: ${f.fix}]` : ''}`);
    if (f.source) console.log(`    | ${f.source}`);
  }
}
if (values.json) {
  const counts = {};
  for (const [key, list] of byRule) {
    const [code, severity] = key.split(' ');
    counts[code] ??= {};
    counts[code][severity] = list.length;
  }
  writeFileSync(values.json, `${JSON.stringify({ repositories: repos.length, files: fileCount, findings: findings.length, counts }, null, 2)}\n`);
}

// One build for every entry point. Guards are discovered from guards/*.ts here, at build time,
// so adding a guard is adding one file (files starting with "_" are templates, not guards).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { stripExamples } from './strip-examples.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const withTests = process.argv.includes('--tests');
const withBench = process.argv.includes('--bench');

/** `agent-guard:guards`, `agent-guard:lint-rules` and `agent-guard:install-targets`: every file of the folder, in name order. */
const DISCOVERED = { guards: 'guards', 'lint-rules': 'core/lint/rules', 'install-targets': 'core/install/targets' };
const guardDiscoveryPlugin = {
  name: 'discovery',
  setup(b) {
    b.onResolve({ filter: /^agent-guard:(guards|lint-rules|install-targets)$/ }, (args) => ({
      path: args.path.slice('agent-guard:'.length),
      namespace: 'agent-guard',
    }));
    b.onLoad({ filter: /.*/, namespace: 'agent-guard' }, (args) => {
      const dir = join(root, DISCOVERED[args.path]);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
        .sort();
      const lines = files.map((f, i) => `import m${i} from ${JSON.stringify(join(dir, f))};`);
      lines.push(`export default [${files.map((_, i) => `m${i}`).join(', ')}];`);
      return { contents: lines.join('\n'), resolveDir: dir, loader: 'ts', watchFiles: files.map((f) => join(dir, f)), watchDirs: [dir] };
    });
  },
};

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** core/hook-env.ts UNSET_BEFORE_NODE, for the loader (plain JavaScript that imports nothing of ours). */
function startupVars() {
  const m = /export const UNSET_BEFORE_NODE = \[([^\]]*)\]/.exec(readFileSync(join(root, 'core/hook-env.ts'), 'utf8'));
  const names = m ? [...m[1].matchAll(/'([A-Z0-9_]+)'/g)].map((x) => x[1]) : [];
  if (names.length === 0) throw new Error('core/hook-env.ts: no UNSET_BEFORE_NODE list to give the loader');
  return names;
}

const common = {
  // The hook's deadline is a build constant so that the bench can build a measuring copy without it.
  define: {
    AGENT_GUARD_VERSION: JSON.stringify(pkg.version),
    AGENT_GUARD_HOOK_DEADLINE_MS: '2500',
    // minimatch takes its path rules from this variable when set (its own tests' switch): never
    // from the environment of a call (and nothing of the environment may be frozen into the hook's
    // startup snapshot), always this platform's.
    'process.env.__MINIMATCH_TESTING_PLATFORM__': 'undefined',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  sourcemap: false,
  logLevel: 'warning',
  plugins: [guardDiscoveryPlugin],
  legalComments: 'none',
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(join(root, 'dist'), { recursive: true });

/**
 * The hook (on every tool call) and the CLI: minified, nothing external, and wrapped in a loader
 * that keeps V8's code cache (scripts/code-cache-loader.js). The hook's guard examples are stripped.
 */
async function buildCached({ entry, out, name, perCommand, snapshot = false, strip, banner = '', define = {} }) {
  const result = await build({
    ...common,
    define: { ...common.define, ...define },
    absWorkingDir: root,
    entryPoints: [entry],
    // AGENT_GUARD_BUILD_READABLE=1: not minified, for profiling (node --cpu-prof dist/cli.cjs …).
    minify: !process.env.AGENT_GUARD_BUILD_READABLE,
    write: false,
    outfile: 'bundle.js',
    plugins: strip ? [stripExamples, guardDiscoveryPlugin] : [guardDiscoveryPlugin],
  });
  const code = result.outputFiles[0].text;
  const key = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const loader = readFileSync(join(root, 'scripts/code-cache-loader.js'), 'utf8')
    .replace('__NAME__', name)
    .replace('__VERSION__', `v${pkg.version}`)
    .replace('build:__KEY__', `build:${key}`)
    .replace('__KEY__', () => JSON.stringify(key))
    .replace('__PER_COMMAND__', String(perCommand))
    .replace('__SNAPSHOT__', String(snapshot))
    .replace('__STARTUP_VARS__', () => JSON.stringify(startupVars()))
    // The resident analyser's Perl ask (the hook only: the loader writes it, see its ASK_PL).
    .replace('__ASK_PL__', () => (snapshot ? JSON.stringify(readFileSync(join(root, 'scripts/resident-ask.pl'), 'utf8')) : 'null'));
  // The code goes into a comment at the end (see the loader): one more backslash in every `*\/`.
  const embedded = `\n/*AGENT-GUARD-CODE\n${code.replace(/\*(\\*)\//g, '*\\$1/')}\n*/\n`;
  // The readable build keeps comments, which may say "…": escaped (a profiling build, never shipped).
  const file = process.env.AGENT_GUARD_BUILD_READABLE
    ? (banner + loader + embedded).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : banner + loader + embedded;
  // ASCII only: one character beyond it (a "…" in a comment, "❌" in a regex) makes V8 hold the
  // whole 1 MB source as two-byte text, decoded from UTF-8 on every run. Write \uXXXX instead.
  const wide = /[\u0080-\uffff]/.exec(file);
  if (wide)
    throw new Error(
      `${out}: non-ASCII ${JSON.stringify(wide[0])} in ${JSON.stringify(file.slice(Math.max(0, wide.index - 60), wide.index + 20))}; write it as a \\u escape`,
    );
  writeFileSync(join(root, out), file);
  if (out.endsWith('hook.cjs')) chmodSync(join(root, out), 0o755);
}

await Promise.all([
  buildCached({ entry: 'cli/hook.ts', out: 'dist/hook.cjs', name: 'PreToolUse hook', perCommand: false, snapshot: true, strip: true }),
  buildCached({ entry: 'cli/main.ts', out: 'dist/cli.cjs', name: 'command line', perCommand: true, strip: false, banner: '#!/usr/bin/env node\n' }),
  // The language server: everything bundled (vscode-languageserver included), started by the
  // extension or any LSP client; through the code-cache loader too (its cache is written when the
  // server exits): a window's first diagnostics come ~25% sooner (CPU to first diagnostics 0.21 -> 0.15 s here).
  buildCached({ entry: 'server/server.ts', out: 'dist/server.cjs', name: 'language server', perCommand: false, strip: true }),
  // The VS Code extension, in two bundles (everything but the vscode API itself): what activation
  // needs (the language client), and the features it loads once the language server is starting
  // (install, status, the view, Check a Command: the guards and the installer), so a window's
  // first diagnostics do not wait for a megabyte of code the editor does not need yet.
  build({
    ...common,
    absWorkingDir: root,
    entryPoints: ['client/extension.ts'],
    outfile: 'dist/extension.cjs',
    external: ['vscode'],
    minify: true,
    plugins: [stripExamples, guardDiscoveryPlugin],
  }),
  build({
    ...common,
    absWorkingDir: root,
    entryPoints: ['client/features.ts'],
    outfile: 'dist/extension-features.cjs',
    external: ['vscode'],
    minify: true,
    plugins: [stripExamples, guardDiscoveryPlugin],
  }),
]);

// The config schema, generated from the guard set (ids, titles, what each prevents); and the
// .claude/settings*.json schema, from our model of Claude Code's settings (shipped in the .vsix).
for (const [entry, target] of [
  ['scripts/schema-entry.ts', 'agent-guard.schema.json'],
  ['scripts/settings-schema-entry.ts', 'claude-settings.schema.json'],
]) {
  const out = await build({ ...common, absWorkingDir: root, entryPoints: [entry], write: false, outfile: 'schema.js' });
  const file = join(root, `dist/${target}.cjs`);
  writeFileSync(file, out.outputFiles[0].text);
  const { execFileSync } = await import('node:child_process');
  writeFileSync(join(root, `dist/${target}`), execFileSync(process.execPath, [file], { encoding: 'utf8' }));
  rmSync(file);
}

if (process.argv.includes('--docs')) {
  const out = await build({ ...common, absWorkingDir: root, entryPoints: ['scripts/docs-entry.ts'], write: false, outfile: 'docs.js' });
  const file = join(root, 'dist/docs-entry.cjs');
  writeFileSync(file, out.outputFiles[0].text);
  const { execFileSync } = await import('node:child_process');
  process.stdout.write(execFileSync(process.execPath, [file, root], { encoding: 'utf8' }));
  rmSync(file);
}

if (process.argv.includes('--fuzz')) {
  await build({ ...common, absWorkingDir: root, entryPoints: ['test/fuzz/fuzz.ts'], outfile: 'dist/fuzz/fuzz.cjs', packages: 'external' });
}

if (withBench) {
  // The hook as the bench measures it: the same build with the deadline lifted (a run under
  // valgrind takes seconds; the verdict must be the one a real call gets, not the deadline's).
  mkdirSync(join(root, 'dist/bench'), { recursive: true });
  await buildCached({
    entry: 'cli/hook.ts',
    out: 'dist/bench/hook.cjs',
    name: 'PreToolUse hook (bench copy, no deadline)',
    perCommand: false,
    snapshot: true,
    strip: true,
    define: { AGENT_GUARD_HOOK_DEADLINE_MS: '1e9' },
  });
  await build({ ...common, absWorkingDir: root, entryPoints: ['scripts/bench-entry.ts'], outfile: 'dist/bench/core.cjs' });
}

if (process.argv.includes('--corpus')) {
  await build({ ...common, absWorkingDir: root, entryPoints: ['scripts/corpus-entry.ts'], outfile: 'dist/corpus/core.cjs' });
}

if (process.argv.includes('--e2e')) {
  // The real-VS-Code suites (test-electron shape: a module whose run() uses the vscode API).
  const suites = readdirSync(join(root, 'test/e2e/suite'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('test/e2e/suite', f));
  await build({ ...common, absWorkingDir: root, entryPoints: suites, outdir: 'dist/e2e', outExtension: { '.js': '.cjs' }, external: ['vscode'] });
}

// test/open/: suites of cases the guards still get wrong (the adversary's open rows), run by
// `npm run test:open` to measure progress; not part of `npm test`, which must pass.
if (process.argv.includes('--open')) {
  await build({
    ...common,
    absWorkingDir: root,
    entryPoints: readdirSync(join(root, 'test/open'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join('test/open', f)),
    outdir: 'dist/open',
    outExtension: { '.js': '.cjs' },
    packages: 'external',
    sourcemap: 'inline',
    define: { ...common.define, 'process.env.AGENT_GUARD_ROOT': JSON.stringify(root) },
  });
}

if (withTests) {
  const testDir = join(root, 'test');
  const tests = readdirSync(testDir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', f));
  await build({
    ...common,
    absWorkingDir: root,
    entryPoints: tests,
    outdir: 'dist/test',
    outExtension: { '.js': '.cjs' },
    packages: 'external',
    sourcemap: 'inline',
    define: { ...common.define, 'process.env.AGENT_GUARD_ROOT': JSON.stringify(root) },
  });
}

// Shared by the distribution tests: the packed tarball (made once by pack.mjs, as `npm pack` makes
// it for the registry) and a scratch npm prefix it is installed into, as `npm install -g` does.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = join(ROOT, '.test-output', 'dist');
const PACKED = join(OUT, 'packed.json');

/** What pack.mjs recorded: the tarball's path and npm's own account of it. */
export function packed() {
  if (!existsSync(PACKED)) throw new Error(`${PACKED} is missing: run npm run test:dist (it packs first)`);
  return JSON.parse(readFileSync(PACKED, 'utf8'));
}

const scratchDirs = [];
process.on('exit', () => {
  for (const d of scratchDirs) rmSync(d, { recursive: true, force: true });
});

/** A scratch folder, removed when the test file's process exits. */
export function scratch(name) {
  const dir = mkdtempSync(join(tmpdir(), `agent-guard-dist-${name}-`));
  scratchDirs.push(dir);
  return dir;
}

/** An environment with nothing of this machine's npm or Claude Code configuration: its own HOME, npm cache and no registry. */
export function cleanEnv(home, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    npm_config_cache: join(home, '.npm'),
    npm_config_userconfig: join(home, '.npmrc'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    // Nothing may come from the network: everything the package needs at run time is bundled.
    npm_config_offline: 'true',
    npm_config_registry: 'http://127.0.0.1:9/',
    ...extra,
  };
}

export function run(file, args, opts = {}) {
  const r = spawnSync(file, args, { encoding: 'utf8', timeout: 120_000, ...opts });
  if (r.error) throw r.error;
  return r;
}

/** `npm install -g --prefix <prefix> <tarball>`, offline. Returns the prefix's bin folder. */
export function installGlobal(home) {
  const prefix = join(home, 'prefix');
  mkdirSync(prefix, { recursive: true });
  const r = run('npm', ['install', '-g', '--prefix', prefix, packed().tarball], { env: cleanEnv(home) });
  if (r.status !== 0) throw new Error(`npm install -g failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return { prefix, bin: join(prefix, 'bin'), pkg: join(prefix, 'lib', 'node_modules', 'agent-guard') };
}

/** A git repository with one agent file that the linter warns about. */
export function lintFixture(dir) {
  mkdirSync(dir, { recursive: true });
  // A warning-level finding (a process rule, not damage or a leaked secret): lint exits 0 on it.
  writeFileSync(join(dir, 'CLAUDE.md'), '# Project\n\nRun `kubectl apply -f k8s/` to deploy.\n');
  writeFileSync(join(dir, 'README.md'), '# not an agent file\n');
  const env = { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' };
  for (const args of [
    ['init', '-q'],
    ['add', '.'],
    ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'fixture'],
  ]) {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  }
  return dir;
}

/** The PreToolUse payload Claude Code pipes to the hook for a Bash call. */
export function bashPayload(command, cwd) {
  return JSON.stringify({
    session_id: 's',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
    cwd,
  });
}

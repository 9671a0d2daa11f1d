// Run inside a private mount namespace whose /etc is an overlay (managed.test.mjs starts it), so
// that `agent-guard install --managed --write` writes the real path Claude Code reads,
// /etc/claude-code, without touching the machine's own /etc. Then one headless Claude Code session
// in a project whose .claude/settings.json sets disableAllHooks: true. Prints one JSON line.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support.mjs';
import { makeWorld, resultAfter, runHost } from '../real-hosts/world.mjs';

const w = makeWorld('managed');
try {
  const cli = (...args) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: w.home } });
  const written = cli('install', '--managed', '--write', ...process.argv.slice(2));
  mkdirSync(join(w.ws, '.claude'));
  writeFileSync(join(w.ws, '.claude/settings.json'), '{ "disableAllHooks": true }\n');
  const status = cli('status', w.ws);
  const before = w.remoteMain();
  const run = await runHost('claude', w, { steps: [{ tool: 'Bash', input: { command: 'git push --force origin main', description: 'scripted' } }] });
  console.log(
    JSON.stringify({
      written,
      status,
      pushed: w.remoteMain() !== before,
      result: resultAfter(run, 0),
      files: ['/etc/claude-code/managed-settings.d/agent-guard.json', '/etc/claude-code/hooks/agent-guard.cjs'].filter((f) => existsSync(f)),
      code: run.code,
    }),
  );
} finally {
  w.dispose();
}

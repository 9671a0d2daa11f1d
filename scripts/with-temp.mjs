// node scripts/with-temp.mjs CMD ARG… : runs CMD with TMPDIR set to a fresh folder of its own and
// removes that folder afterwards, whatever the outcome. The tests make thousands of fixture
// workspaces with mkdtemp; without this they pile up in /tmp run after run (16,000 entries on a
// developer machine after a day's work).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  process.stderr.write('usage: node scripts/with-temp.mjs CMD [ARG…]\n');
  process.exit(2);
}
// realpath: on macOS /tmp is a link, and the guards judge paths after following links.
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-test-')));
// AGENT_GUARD_NO_SNAPSHOT_BUILD: an installed hook command run in a test would otherwise start a
// background build of the hook's startup snapshot (scripts/code-cache-loader.js) in each temporary
// home; test/snapshot.test.ts clears it where it tests that build.
const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TMPDIR: dir, AGENT_GUARD_NO_SNAPSHOT_BUILD: '1' } });
rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
if (run.error) {
  process.stderr.write(`with-temp: ${run.error.message}\n`);
  process.exit(1);
}
process.exit(run.status ?? 1);

// Scratch git repositories for examples that depend on repository state (used by npm test and
// by `agent-guard test` for workspace guards).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Fixture } from './types';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
  GIT_COMMITTER_NAME: 'Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function writeAll(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Builds the fixture in a new temporary folder and returns its path (forward slashes). */
export function buildFixture(fixture: Fixture): string {
  const root = mkdtempSync(join(tmpdir(), 'agent-guard-fixture-'));
  git(root, 'init', '-q', '-b', fixture.branch ?? 'main');
  git(root, 'config', 'commit.gpgsign', 'false');
  writeAll(root, fixture.committed ?? {});
  if (Object.keys(fixture.committed ?? {}).length > 0) {
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'fixture');
  } else {
    git(root, 'commit', '-q', '--allow-empty', '-m', 'fixture');
  }
  writeAll(root, fixture.untracked ?? {});
  return root.replace(/\\/g, '/');
}

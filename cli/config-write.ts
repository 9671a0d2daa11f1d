// Writing the workspace's configuration files for the person (`agent-guard allow`, "Allow this
// here"): the team's `.claude/agent-guard.json` and the person's `.claude/agent-guard/local.json`.
// Never through a link (the agent controls the workspace and could point either name at ~/.bashrc):
// a temp file created exclusively beside it, then renamed over the name. The local file's folder
// ignores itself in git with its own .gitignore (written by ensureStateDir), so it stays personal
// whatever the repository's .gitignore says; whether git tracks it anyway is checked and said.

import { lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ConfigSource } from '../core/config';
import { CONFIG_FILES } from '../core/guards/load-config';
import { ensureStateDir, removeStaleTemps, UnsafePathError } from '../core/state-dir';
import { readRegularText } from '../core/read-file';
import { createGitRunner } from './git';

/** The current text of a configuration file (null when absent); throws UnsafePathError when it is not a regular file. */
export function readConfigText(workspace: string, source: ConfigSource): string | null {
  const path = join(workspace, CONFIG_FILES[source]);
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(path);
  } catch {
    return null;
  }
  if (!st.isFile()) throw new UnsafePathError(`${CONFIG_FILES[source]} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; remove it first`);
  return readRegularText(path, 1024 * 1024, true);
}

/** Writes a configuration file; returns notes for the person (the local file tracked by git, say). */
export function writeConfigText(workspace: string, source: ConfigSource, text: string): string[] {
  const claude = join(workspace, '.claude');
  try {
    mkdirSync(claude); // never recursive: the workspace exists
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const dir = source === 'local' ? ensureStateDir(claude, workspace) : checkedClaudeDir(claude);
  const file = join(dir, basename(CONFIG_FILES[source]));
  const name = basename(file);
  removeStaleTemps(dir, new RegExp(`^\\.${name.replace(/\./g, '\\.')}\\.(?<pid>\\d+)\\.[0-9a-z]+\\.tmp$`));
  const tmp = join(dir, `.${name}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    // wx: O_CREAT|O_EXCL, never through a link; rename replaces the name, not what a link points to.
    writeFileSync(tmp, text, { flag: 'wx', mode: 0o644 });
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw e;
  }
  return source === 'local' ? localNotes(workspace) : [];
}

/** `.claude` must be a real folder (a link could send the write anywhere). */
function checkedClaudeDir(claude: string): string {
  const st = lstatSync(claude);
  if (st.isSymbolicLink() || !st.isDirectory())
    throw new UnsafePathError(
      `.claude is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; Agent Guard writes its configuration only into a real folder`,
    );
  return claude;
}

/** Whether the local file stays personal: its folder's .gitignore ignores everything, and git does not track it. */
function localNotes(workspace: string): string[] {
  const notes: string[] = [];
  let ignore = '';
  try {
    ignore = readFileSync(join(workspace, '.claude/agent-guard/.gitignore'), 'utf8');
  } catch {
    /* missing: said below */
  }
  const lines = ignore.split('\n').map((l) => l.trim());
  if (!lines.includes('*') || lines.some((l) => l.startsWith('!')))
    notes.push(`.claude/agent-guard/.gitignore does not ignore everything in its folder, so ${CONFIG_FILES.local} may be committed; make it hold one line: *`);
  const tracked = createGitRunner({ projectDir: workspace }).run(['ls-files', '--error-unmatch', '--', CONFIG_FILES.local], workspace);
  if (tracked?.ok) notes.push(`git tracks ${CONFIG_FILES.local} (it was committed): it is shared, not personal; run git rm --cached ${CONFIG_FILES.local}`);
  return notes;
}

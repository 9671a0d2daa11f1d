import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { fileWritesOf } from '../core/effects/derive';
import { dirname, relativeTo } from '../core/paths';

function trimSlashes(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === '/') a++;
  while (b > a && s[b - 1] === '/') b--;
  return s.slice(a, b);
}

/** The migration folder the path is in, if any (segment-aligned, anywhere in the path). */
function migrationDir(path: string, dirs: readonly string[]): string | null {
  for (const d of dirs) {
    const clean = trimSlashes(d);
    if (path.includes(`/${clean}/`)) return clean;
  }
  return null;
}

/** Tracked by git? null when unknown (no repo, no git). */
function isTracked(path: string, ctx: GuardContext): boolean | null {
  const dir = ctx.exists(dirname(path)) ? dirname(path) : null;
  if (!dir) return false; // a folder that does not exist yet holds no committed files
  const r = ctx.git(['ls-files', '--error-unmatch', '--', path], dir);
  if (r === null) return null;
  if (r.ok) return true;
  const inRepo = ctx.git(['rev-parse', '--is-inside-work-tree'], dir);
  return inRepo?.ok ? false : null;
}

function suggestion(path: string, dir: string): string | undefined {
  if (dir === 'prisma/migrations') return 'npx prisma migrate dev --create-only';
  if (dir === 'alembic/versions') return "alembic revision -m 'describe the change'";
  if (dir === 'migrations' && path.endsWith('.py') && !path.includes('/alembic/')) return 'python manage.py makemigrations';
  return undefined;
}

export default defineGuard({
  id: 'committed-migration',
  title: 'No edits to migrations that are already committed',
  prevents: 'Editing a migration that has already run somewhere changes nothing there, so databases silently diverge from the schema in the repository.',
  tools: ['Edit', 'Write', 'MultiEdit', ...SHELL_TOOLS],
  check(call, ctx) {
    const targets: { path: string; how: string }[] = [];
    if (call.edits && call.path) targets.push({ path: call.path, how: call.tool === 'Write' ? 'Overwriting' : 'Editing' });
    else if (call.command) for (const w of fileWritesOf(ctx.shell(), ctx.home)) targets.push({ path: w.path, how: `Writing (${w.how})` });
    for (const t of targets) {
      const dir = migrationDir(t.path, ctx.config.migrationDirs);
      if (!dir || isTracked(t.path, ctx) !== true) continue;
      const shown = relativeTo(ctx.projectDir, t.path) || t.path;
      const instead = suggestion(t.path, dir);
      return {
        reason: `${t.how} ${shown} changes a migration that is already committed, so it has probably run on some database already; the edit will not run there again and the schemas drift apart. Add a new migration that makes this change.`,
        ...(instead ? { instead } : {}),
      };
    }
    return null;
  },
  examples: {
    blocked: [
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'migrations/001_init.sql', old_string: 'id int', new_string: 'id bigint' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'db/migrate/20240101000000_create_users.rb', content: 'class CreateUsers < ActiveRecord::Migration[7.1]; end\n' },
        fixture: { committed: { 'db/migrate/20240101000000_create_users.rb': 'class CreateUsers; end\n' } },
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'prisma/migrations/20240101_init/migration.sql', old_string: 'TEXT', new_string: 'VARCHAR(255)' },
        fixture: { committed: { 'prisma/migrations/20240101_init/migration.sql': 'CREATE TABLE "User" ("name" TEXT);\n' } },
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'app/migrations/0001_initial.py', old_string: 'max_length=100', new_string: 'max_length=200' },
        fixture: { committed: { 'app/migrations/0001_initial.py': 'max_length=100\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "sed -i 's/int/bigint/' migrations/001_init.sql" },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cp /tmp/new.sql migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'mv /tmp/new.sql migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "perl -pi -e 's/int/bigint/' migrations/001_init.sql" },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git mv -f /tmp/new.sql migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
    ],
    allowed: [
      {
        tool_name: 'Write',
        tool_input: { file_path: 'migrations/002_add_email.sql', content: 'ALTER TABLE users ADD email text;' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'new, untracked migration',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'migrations/002_add_email.sql', old_string: 'text', new_string: 'varchar(320)' },
        fixture: { committed: { 'migrations/001_init.sql': 'x\n' }, untracked: { 'migrations/002_add_email.sql': 'ALTER TABLE users ADD email text;\n' } },
        note: 'still being written',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'migrations/001_init.sql', old_string: 'id int', new_string: 'id bigint' },
        note: 'outside a git repository: no opinion',
      },
      { tool_name: 'Edit', tool_input: { file_path: 'src/db.ts', old_string: 'a', new_string: 'b' }, fixture: { committed: { 'src/db.ts': 'a\n' } } },
      {
        tool_name: 'Read',
        tool_input: { file_path: 'migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cat migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cp /tmp/new.sql migrations/002_more.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'a new migration',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cp migrations/001_init.sql /tmp/backup.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
      },
    ],
  },
});

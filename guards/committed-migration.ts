import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { relativeTo } from '../core/paths';
import { isTracked, shellFileChanges } from '../core/guards/file-changes';
import { TEST_DATA_DIRS } from '../core/lockfiles';

function trimSlashes(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === '/') a++;
  while (b > a && s[b - 1] === '/') b--;
  return s.slice(a, b);
}

/** The configured migration folders, each with the text that finds it in a path (`/db/migrate/`). */
function migrationNeedles(dirs: readonly string[]): { dir: string; needle: string }[] {
  return dirs.map((d) => {
    const clean = trimSlashes(d);
    return { dir: clean, needle: `/${clean}/` };
  });
}

/** The migration folder the path is in, if any (segment-aligned, anywhere in the path). */
function migrationDir(path: string, dirs: readonly { dir: string; needle: string }[]): string | null {
  const p = `${path}/`;
  for (const d of dirs) if (p.includes(d.needle)) return d.dir;
  return null;
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
    else if (call.command)
      for (const c of shellFileChanges(ctx)) {
        // git putting back the committed version (`git checkout -- f`, `git restore f`) yields no write effect at all.
        const how = c.kind === 'write' ? `Writing (${c.how})` : c.to ? `Renaming (${c.how})` : `Deleting (${c.how})`;
        targets.push({ path: c.path, how });
      }
    // The folders' needles once per call, not once per target (a script writes hundreds of files).
    const dirs = targets.length > 0 ? migrationNeedles(ctx.config.migrationDirs) : [];
    for (const t of targets) {
      if (TEST_DATA_DIRS.test(t.path)) continue;
      const dir = migrationDir(t.path, dirs);
      if (!dir || isTracked(t.path, ctx) !== true) continue;
      const shown = relativeTo(ctx.projectDir, t.path) || t.path;
      const instead = suggestion(t.path, dir);
      return {
        reason: `${t.how} ${shown} changes a migration that is already committed, so it has probably run on some database already; the change will not run there again and the schemas drift apart. Add a new migration that makes this change.`,
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
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'deleted',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git mv migrations/001_init.sql migrations/000_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'renamed',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git checkout HEAD~1 -- migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'replaced by an older version',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "find migrations -name '*.sql' -exec sed -i 's/int/bigint/' {} +" },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'the files find hands to sed',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/main/resources/db/migration/V1__init.sql', content: '' },
        fixture: { committed: { 'src/main/resources/db/migration/V1__init.sql': 'CREATE TABLE t (id int);\n' } },
        note: 'Flyway',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git apply fix.patch' },
        fixture: {
          committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' },
          untracked: {
            'fix.patch':
              '--- a/migrations/001_init.sql\n+++ b/migrations/001_init.sql\n@@ -1 +1 @@\n-CREATE TABLE users (id int);\n+CREATE TABLE users (id bigint);\n',
          },
        },
        note: 'a patch file',
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
      {
        tool_name: 'Bash',
        tool_input: { command: 'git checkout -- migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'the committed version put back',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git restore migrations/001_init.sql' },
        fixture: { committed: { 'migrations/001_init.sql': 'CREATE TABLE users (id int);\n' } },
        note: 'the committed version put back',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/main/resources/db/migration/V2__add_email.sql', content: 'ALTER TABLE t ADD email text;\n' },
        fixture: { committed: { 'src/main/resources/db/migration/V1__init.sql': 'CREATE TABLE t (id int);\n' } },
        note: 'a new Flyway migration',
      },
    ],
  },
});

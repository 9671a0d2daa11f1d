import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext, type GuardExample } from '../core/guards/types';
import { pathOfText, shown } from '../core/guards/helpers';
import { basename, isSameOrAncestor } from '../core/paths';
import type { Invocation, Value } from '../core/shell/model';
import { analysisEffects, type InvocationEffects } from '../core/effects/derive';
import { DESTROY, DATA_DIR_EXAMPLES, CODE_DESTROYER_EXAMPLES } from '../core/programs/destroy';
import { destructiveSql, sqlIncludes, STORE_LANGUAGES } from '../core/effects/store-commands';
import { namesOnly } from '../core/programs/table';

export { destructiveSql };

/** SQL and command files are read whole up to this size; a larger one cannot be checked. */
const MAX_SCRIPT = 4 * 1024 * 1024;
const MAX_INCLUDES = 8;

const BACKUP: Record<string, string> = {
  sql: 'Take a backup first (e.g. pg_dump, mysqldump) and ask the user to run it.',
  redis: 'Ask the user; a snapshot (redis-cli BGSAVE) keeps a copy.',
  mongo: 'Take a backup (mongodump) and ask the user.',
  wire: 'Ask the user.',
};
namesOnly(BACKUP);

function storeDenial(program: string, lang: string, what: string, where?: string): Denial {
  return { reason: `${program} runs ${what}${where ? ` (from ${where})` : ''}, which destroys data with no undo. ${BACKUP[lang] ?? 'Ask the user.'}` };
}

/** A file a store client runs: its statements judged, and the files it includes (psql \i). Unreadable: denied. */
function judgeFile(
  program: string,
  lang: string,
  path: string | null,
  shownPath: string,
  ctx: GuardContext,
  inContainer: boolean,
  seen: Set<string>,
): Denial | null {
  const cannot = (why: string): Denial => ({
    reason: `${program} runs the commands in ${shownPath}, which ${why}, so what they destroy cannot be checked. Show the file (cat ${shownPath}) and run its statements with -c, or ask the user.`,
  });
  if (inContainer) return cannot('is in the environment it runs in (a container, a pod, another machine), where the guard cannot read it');
  if (path === null) return cannot('the command line does not name exactly');
  if (seen.has(path) || seen.size >= MAX_INCLUDES) return null;
  seen.add(path);
  const text = ctx.readText(path, MAX_SCRIPT);
  if (text === null) return cannot('the guard cannot read (it may be written by an earlier step)');
  if (Buffer.byteLength(text) >= MAX_SCRIPT) return cannot('is too large to check');
  const what = STORE_LANGUAGES[lang]!(text);
  if (what) return storeDenial(program, lang, what, shownPath);
  if (lang === 'sql') {
    for (const inc of sqlIncludes(text)) {
      const d = judgeFile(program, lang, resolveNear(path, inc), inc, ctx, false, seen);
      if (d) return d;
    }
  }
  return null;
}

function resolveNear(from: string, rel: string): string {
  if (rel.startsWith('/')) return rel;
  return `${from.slice(0, from.lastIndexOf('/') + 1)}${rel}`;
}

/** Folders a build writes its output to: syncing one to its bucket (with --delete) is a deploy. */
const BUILD_OUTPUTS = new Set(['dist', 'build', 'out', 'public', '_site', 'site', 'www', 'storybook-static']);

/** The sync's source is the project's build output, present and holding files (so it empties nothing). */
function deploysBuild(inv: Invocation, source: Value, ctx: GuardContext): boolean {
  const text = source.known;
  if (text === null || inv.elsewhere !== undefined) return false;
  const path = pathOfText(inv, text, ctx.home);
  if (!path || !BUILD_OUTPUTS.has(basename(path)) || !isSameOrAncestor(ctx.projectDir, path) || path === ctx.projectDir) return false;
  return ctx.listDir(path).length > 0;
}

/**
 * A command run in another environment (`docker exec db psql …`, `kubectl exec pod -- redis-cli …`,
 * `ssh db psql …`: the analysis runs what they run) reads that environment's files, not ours; its
 * redirections are the launcher's, ours.
 */
function judge(ie: InvocationEffects, ctx: GuardContext): Denial | null {
  const inv = ie.inv;
  const inContainer = inv.elsewhere !== undefined;
  const p = inv.program;
  const lang = ie.row?.lang;
  for (const e of ie.effects) {
    if (e.kind === 'destroy' && e.row) {
      if (e.deploySource && deploysBuild(inv, e.deploySource, ctx)) continue;
      const reason =
        e.row === 'data-dir'
          ? `${shown(inv)} deletes ${e.store}: the database's files, with no undo. Stop the server and take a backup (pg_dumpall, mysqldump) first, and ask the user.`
          : `${shown(inv)} destroys ${e.store}, with no undo. Take a backup first and ask the user to run it.`;
      return { reason, ...(e.instead ? { instead: e.instead } : {}) };
    }
    // psql -c "DROP TABLE $t": the written parts already drop a table, whatever $t holds.
    if (e.kind === 'execute' && e.text === null && e.partial && STORE_LANGUAGES[e.lang]) {
      const what = STORE_LANGUAGES[e.lang]!(e.partial);
      if (what) return storeDenial(p, e.lang, what);
    }
    if (e.kind === 'execute' && e.text !== null && STORE_LANGUAGES[e.lang]) {
      const what = STORE_LANGUAGES[e.lang]!(e.text);
      if (what) return storeDenial(p, e.lang, what);
      if (e.lang === 'sql') {
        for (const inc of sqlIncludes(e.text)) {
          const d = judgeFile(p, 'sql', inContainer ? null : pathOfText(inv, inc, ctx.home), inc, ctx, inContainer, new Set());
          if (d) return d;
        }
      }
    }
    // psql -f drop.sql, mysql app < drop.sql, redis-cli < cmds.txt, mongosh app cleanup.js
    if (e.kind === 'read' && e.source === 'file' && !e.assumed && lang && STORE_LANGUAGES[lang] && e.target.value.known !== '-') {
      const redirected = inContainer && inv.redirects.some((r) => r.target === e.target.value);
      const path = e.target.path;
      const d = judgeFile(p, lang, path, e.target.value.word.raw, ctx, inContainer && !redirected, new Set());
      if (d) return d;
    }
  }
  return null;
}

const bash = (command: string): GuardExample => ({ tool_name: 'Bash', tool_input: { command } });

export default defineGuard({
  id: 'data-destruction',
  title: 'No dropping databases, deleting every row, or tearing down infrastructure',
  prevents:
    'DROP DATABASE, TRUNCATE, DELETE without WHERE, FLUSHALL, rails db:drop, docker compose down -v or terraform destroy erase production data or infrastructure in one command.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const ie of analysisEffects(ctx.shell(), ctx.home)) {
      const d = judge(ie, ctx);
      if (d) return ie.inv.elsewhere ? { ...d, reason: `Run by ${ie.inv.elsewhere}, in that environment: ${d.reason}` } : d;
    }
    return null;
  },
  examples: {
    blocked: [
      {
        tool_name: 'Bash',
        tool_input: { command: 'aws s3 sync dist/ s3://bucket/ --delete' },
        fixture: { committed: { 'package.json': '{}\n' } },
        note: 'no build output yet: the sync would empty the bucket',
      },
      bash('psql "$DATABASE_URL" -c "DROP DATABASE app"'),
      bash('mysql -e "TRUNCATE TABLE users" app'),
      bash('sqlite3 app.db "DELETE FROM users"'),
      bash("psql app <<'SQL'\nUPDATE users SET admin = true;\nSQL"),
      bash('echo "DROP TABLE orders;" | psql app'),
      bash('psql -c "DELETE FROM users WHERE 1=1"'),
      bash('psql -c "UPDATE users SET email = NULL WHERE 1 = 1"'),
      bash(`psql -c "DELETE FROM users WHERE id = 5 OR 'a' = 'a'"`),
      bash(`psql -c "DO \\$\\$ BEGIN EXECUTE 'DROP TABLE users'; END \\$\\$"`),
      bash(`psql -c "WITH d AS (DELETE FROM users RETURNING *) SELECT count(*) FROM d"`),
      bash(`mysql -e "SET @q = 'DROP TABLE users'; PREPARE s FROM @q; EXECUTE s"`),
      bash(`mysql -e "/*!50000 DROP TABLE users */"`),
      bash('psql -c "ALTER TABLE users DROP COLUMN email"'),
      bash(`psql -c "SELECT 'DROP TABLE ' || tablename FROM pg_tables \\gexec"`),
      bash('psql -f /tmp/drop.sql'),
      bash("cqlsh -e 'DROP KEYSPACE app'"),
      bash(`sqlite3 app.db "ATTACH DATABASE '/tmp/x.db' AS x"`),
      bash("docker exec db psql -U postgres -c 'DROP DATABASE app'"),
      bash("docker compose exec db psql -c 'drop table users'"),
      bash(`docker exec db sh -c "psql -c 'TRUNCATE users'"`),
      bash('docker compose exec -T db psql < /tmp/drop.sql'),
      bash('echo FLUSHALL | redis-cli'),
      bash('redis-cli -h cache FLUSHDB'),
      bash('valkey-cli FLUSHALL'),
      bash('mongosh app --eval "db.dropDatabase()"'),
      ...DESTROY.flatMap((r) => r.examples.blocked.map(bash)),
      ...DATA_DIR_EXAMPLES.blocked.map(bash),
      ...CODE_DESTROYER_EXAMPLES.filter((x) => x.blocked).map((x) => bash(x.command)),
    ],
    allowed: [
      {
        tool_name: 'Bash',
        tool_input: { command: 'aws s3 sync dist/ s3://bucket/ --delete' },
        fixture: { committed: { 'package.json': '{}\n' }, untracked: { 'dist/index.html': '<html></html>\n' } },
        note: 'a deploy: the build output, present and not empty, to its bucket',
      },
      bash('psql app -c "SELECT count(*) FROM users"'),
      bash('psql app -c "DELETE FROM sessions WHERE expires_at < now()"'),
      bash('psql -c "DELETE FROM users WHERE id = 1"'),
      bash('psql -c "UPDATE users SET email = NULL WHERE id = 1 AND 1 = 1"'),
      bash(`psql -c "SELECT * FROM logs WHERE msg = 'DROP TABLE users'"`),
      bash('psql -c "DROP TEMPORARY TABLE IF EXISTS tmp_ids"'),
      bash('psql -c "ALTER TABLE users DROP CONSTRAINT users_email_key"'),
      bash('psql -c "ALTER TABLE users ADD COLUMN email text"'),
      bash(`psql -c "DO \\$\\$ BEGIN RAISE NOTICE 'hello'; END \\$\\$"`),
      bash('sqlite3 app.db ".tables"'),
      bash('sqlite3 app.db "PRAGMA foreign_keys = ON"'),
      bash("docker exec db psql -U postgres -c 'SELECT 1'"),
      bash('docker compose exec web bin/rails db:migrate'),
      bash('redis-cli GET user:1'),
      bash('redis-cli --scan --pattern "session:*"'),
      bash("mongosh app --eval 'db.users.countDocuments({})'"),
      bash('grep -rn "DROP TABLE" migrations/'),
      ...DESTROY.flatMap((r) => r.examples.allowed.map(bash)),
      ...DATA_DIR_EXAMPLES.allowed.map(bash),
      ...CODE_DESTROYER_EXAMPLES.filter((x) => !x.blocked).map((x) => bash(x.command)),
    ],
  },
});

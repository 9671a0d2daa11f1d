import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { argPath, runs } from '../core/guards/helpers';
import type { Invocation } from '../core/shell/analyze';

const SQL_CLIENTS: Record<string, string[]> = {
  psql: ['-c', '--command'],
  mysql: ['-e', '--execute'],
  mariadb: ['-e', '--execute'],
  sqlite3: [],
  duckdb: ['-c'],
  cockroach: ['-e', '--execute'],
  'clickhouse-client': ['-q', '--query'],
  sqlcmd: ['-Q', '-q'],
};

/** Statements that destroy data, with a short name for the message. No WHERE means every row. */
function destructiveSql(sql: string): string | null {
  const s = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  for (const stmt of s.split(';')) {
    const t = stmt.trim().replace(/\s+/g, ' ');
    if (/^drop (database|schema|table|view|materialized view|keyspace|user|role)\b/i.test(t)) return t.split(' ').slice(0, 2).join(' ').toUpperCase();
    if (/^truncate\b/i.test(t)) return 'TRUNCATE';
    if (/^delete from \S+$/i.test(t) || (/^delete from\b/i.test(t) && !/\bwhere\b/i.test(t))) return 'DELETE without WHERE';
    if (/^update \S+ set\b/i.test(t) && !/\bwhere\b/i.test(t)) return 'UPDATE without WHERE';
    if (/^(attach|detach) (database )?/i.test(t)) return 'ATTACH';
    if (/^vacuum into\b/i.test(t)) return 'VACUUM INTO';
    if (/^pragma \w+(\.\w+)?\s*=/i.test(t)) return 'PRAGMA write';
    if (/^alter table \S+ drop\b/i.test(t)) return 'ALTER TABLE … DROP';
  }
  return null;
}

function mongoDestructive(js: string): string | null {
  const m = /\.(dropDatabase|drop|deleteMany\(\s*\{\s*\}|remove\(\s*\{\s*\})/.exec(js);
  return m ? m[1]!.replace(/\(.*/, '') : null;
}

function sqlOf(inv: Invocation, ctx: GuardContext): string | null {
  const flagsFor = SQL_CLIENTS[inv.program];
  if (!flagsFor) return null;
  const known = inv.args.map((a) => a.known);
  for (let i = 0; i < known.length; i++) {
    const a = known[i];
    if (a === null || a === undefined) continue;
    if (flagsFor.includes(a)) return known[i + 1] ?? null;
    const attached = flagsFor.find((f) => f.startsWith('--') && a.startsWith(`${f}=`));
    if (attached) return a.slice(attached.length + 1);
  }
  if (inv.program === 'sqlite3' || inv.program === 'duckdb') {
    const positional = known.filter((a) => a !== null && !a.startsWith('-'));
    if (positional.length >= 2) return positional.slice(1).join(' ');
  }
  if (inv.stdinText !== null) return inv.stdinText;
  const input = inv.redirects.find((r) => r.op === '<' && r.target);
  const path = input ? argPath(inv, input.target!, ctx.home) : null;
  return path ? ctx.readText(path, 256 * 1024) : null;
}

function judge(inv: Invocation, ctx: GuardContext): Denial | null {
  const p = inv.program;
  const known = inv.args.map((a) => a.known ?? '');
  // Help and skeleton forms print text and change nothing.
  // (-h is the host for database clients, help elsewhere.)
  const hIsHelp = ['terraform', 'tofu', 'terragrunt', 'pulumi', 'gcloud', 'az', 'dropdb'].includes(p);
  if (known.some((a) => ['--help', '-help', '--generate-cli-skeleton'].includes(a) || (a === '-h' && hIsHelp) || a.startsWith('--generate-cli-skeleton=')))
    return null;
  const sql = sqlOf(inv, ctx);
  const bad = sql ? destructiveSql(sql) : null;
  if (bad) return { reason: `${p} runs ${bad}, which destroys data with no undo. Take a backup first (e.g. pg_dump, mysqldump) and ask the user to run it.` };
  if (p === 'mongosh' || p === 'mongo') {
    const i = known.indexOf('--eval');
    const js = i >= 0 ? (known[i + 1] ?? '') : (inv.stdinText ?? '');
    const m = mongoDestructive(js);
    if (m) return { reason: `mongosh ${m} deletes data with no undo. Take a backup (mongodump) and ask the user.` };
  }
  if (p === 'redis-cli') {
    const input = inv.redirects.find((r) => r.op === '<' && r.target);
    const fromFile = input ? ctx.readText(argPath(inv, input.target!, ctx.home) ?? '', 256 * 1024) : null;
    const words = [...known, inv.stdinText ?? '', fromFile ?? ''].join(' ');
    if (/\bflush(all|db)\b/i.test(words)) return { reason: 'redis-cli FLUSHALL/FLUSHDB deletes every key. Ask the user.' };
  }
  if (p === 'dropdb' || (p === 'mysqladmin' && known.includes('drop'))) return { reason: `${p} drops a whole database. Take a backup first and ask the user.` };
  if (p === 'terraform' || p === 'tofu' || p === 'terragrunt') {
    const sub = known.find((a) => !a.startsWith('-')) ?? '';
    if (sub === 'destroy' || (sub === 'apply' && known.includes('-destroy')))
      return {
        reason: `${p} destroy tears down the infrastructure this configuration manages. Review the plan and ask the user.`,
        instead: `${p} plan -destroy`,
      };
  }
  if (p === 'pulumi' && known[0] === 'destroy') return { reason: 'pulumi destroy tears down the stack. Preview and ask the user.', instead: 'pulumi preview' };
  if (p === 'aws') {
    if (known[0] === 's3' && ((known[1] === 'rm' && known.includes('--recursive')) || (known[1] === 'rb' && known.includes('--force'))))
      return { reason: `aws s3 ${known[1]} deletes every object under that prefix. Ask the user.` };
    const op = known.find((a, i) => i >= 1 && !a.startsWith('-'));
    if (op && /^(delete|terminate|remove|deregister|purge)-/.test(op)) return { reason: `aws ${known[0]} ${op} deletes cloud resources. Ask the user.` };
  }
  if ((p === 'gcloud' || p === 'az') && known.includes('delete')) return { reason: `${p} … delete removes cloud resources. Ask the user.` };
  if (p === 'gsutil' && (known[0] === 'rb' || (known[0] === 'rm' && known.some((a) => /^-[a-zA-Z]*r/.test(a)))))
    return { reason: "gsutil rm -r / rb deletes a bucket's objects. Ask the user." };
  return null;
}

export default defineGuard({
  id: 'data-destruction',
  title: 'No dropping databases, deleting every row, or tearing down infrastructure',
  prevents:
    'DROP DATABASE, TRUNCATE, DELETE without WHERE, FLUSHALL or terraform destroy -auto-approve erase production data or infrastructure in one command.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const inv of runs(ctx.shell())) {
      const d = judge(inv, ctx);
      if (d) return d;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'psql "$DATABASE_URL" -c "DROP DATABASE app"' } },
      { tool_name: 'Bash', tool_input: { command: 'mysql -e "TRUNCATE TABLE users" app' } },
      { tool_name: 'Bash', tool_input: { command: 'sqlite3 app.db "DELETE FROM users"' } },
      { tool_name: 'Bash', tool_input: { command: "psql app <<'SQL'\nUPDATE users SET admin = true;\nSQL" } },
      { tool_name: 'Bash', tool_input: { command: 'echo "DROP TABLE orders;" | psql app' } },
      { tool_name: 'Bash', tool_input: { command: `sqlite3 app.db "ATTACH DATABASE '/tmp/x.db' AS x"` } },
      { tool_name: 'Bash', tool_input: { command: 'echo FLUSHALL | redis-cli' } },
      { tool_name: 'Bash', tool_input: { command: 'redis-cli -h cache FLUSHDB' } },
      { tool_name: 'Bash', tool_input: { command: 'mongosh app --eval "db.dropDatabase()"' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform destroy -auto-approve' } },
      { tool_name: 'Bash', tool_input: { command: 'aws s3 rm s3://bucket/data --recursive' } },
      { tool_name: 'Bash', tool_input: { command: 'gcloud sql instances delete prod-db' } },
      { tool_name: 'Bash', tool_input: { command: 'az group delete --name prod-rg --yes' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'psql app -c "SELECT count(*) FROM users"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql app -c "DELETE FROM sessions WHERE expires_at < now()"' } },
      { tool_name: 'Bash', tool_input: { command: 'sqlite3 app.db ".tables"' } },
      { tool_name: 'Bash', tool_input: { command: 'redis-cli GET user:1' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform plan' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform plan -destroy' } },
      { tool_name: 'Bash', tool_input: { command: 'aws s3 ls s3://bucket/' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -rn "DROP TABLE" migrations/' } },
      { tool_name: 'Bash', tool_input: { command: 'pulumi preview' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform destroy -h' } },
      { tool_name: 'Bash', tool_input: { command: 'aws ec2 terminate-instances --generate-cli-skeleton' } },
    ],
  },
});

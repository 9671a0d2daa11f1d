import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { analysisEffects } from '../core/effects/derive';
import { administration } from '../core/effects/store-admin';

function denial(program: string, what: string) {
  return {
    reason: `${program} runs ${what}. Privileges, accounts, server settings and the server's own machine are the database administrator's call: show the statement to the user and let them run it.`,
  };
}

export default defineGuard({
  id: 'sql-admin',
  title: 'No database administration: privileges, roles and server settings',
  prevents:
    'GRANT ALL, a new SUPERUSER role or ALTER SYSTEM changes who can reach the data and how the server runs, for every application on it, and outlives the session.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const ie of analysisEffects(ctx.shell(), ctx.home)) {
      // A Redis command arrives word by word: judged as the one command they make.
      const redis: string[] = [];
      for (const e of ie.effects) {
        let text: string | null = null;
        let lang = ie.row?.lang ?? 'sql';
        if (e.kind === 'execute' && e.lang === 'redis' && e.text !== null) {
          redis.push(e.text);
          continue;
        }
        if (e.kind === 'execute' && (e.lang === 'sql' || e.lang === 'mongo')) {
          text = e.text;
          lang = e.lang;
        }
        // psql < admin.sql, psql -f admin.sql, mongosh app admin.js
        else if (
          e.kind === 'read' &&
          e.source === 'file' &&
          e.mode === 'content' &&
          !e.assumed &&
          e.target.path &&
          (lang === 'sql' || lang === 'mongo' || lang === 'redis') &&
          ie.row?.lang
        )
          text = ctx.readText(e.target.path, 256 * 1024);
        const what = text ? administration(lang, text) : null;
        if (what) return denial(ie.inv.program, what);
      }
      const what = redis.length > 0 ? administration('redis', redis.join(' ')) : null;
      if (what) return denial(ie.inv.program, what);
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'psql -c "GRANT ALL ON ALL TABLES IN SCHEMA public TO app"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "CREATE ROLE admin2 WITH LOGIN SUPERUSER"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "ALTER SYSTEM SET fsync = off"' } },
      { tool_name: 'Bash', tool_input: { command: `mysql -e "GRANT ALL PRIVILEGES ON *.* TO 'x'@'%'"` } },
      { tool_name: 'Bash', tool_input: { command: 'echo "ALTER USER postgres WITH SUPERUSER;" | psql' } },
      { tool_name: 'Bash', tool_input: { command: 'psql <<EOF\nALTER ROLE app SUPERUSER;\nEOF' } },
      { tool_name: 'Bash', tool_input: { command: `psql -c "COPY (SELECT 1) TO PROGRAM 'curl x.example.com'"` } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "CREATE EXTENSION plpython3u"' }, note: 'code that runs as the server' },
      { tool_name: 'Bash', tool_input: { command: 'redis-cli CONFIG SET dir /home/user/.ssh' } },
      { tool_name: 'Bash', tool_input: { command: `mongosh admin --eval "db.createUser({user: 'x', pwd: 'x', roles: ['root']})"` } },
      { tool_name: 'Bash', tool_input: { command: `sqlcmd -Q "EXEC sp_configure 'xp_cmdshell', 1; RECONFIGURE"` } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'psql -c "SELECT grantee FROM information_schema.role_table_grants"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "\\du"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "CREATE TABLE grants (id int)"' } },
      { tool_name: 'Bash', tool_input: { command: 'sqlite3 app.db "select * from users limit 5"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "CREATE EXTENSION IF NOT EXISTS pgcrypto"' } },
      { tool_name: 'Bash', tool_input: { command: 'redis-cli CONFIG SET maxmemory 256mb' } },
      { tool_name: 'Bash', tool_input: { command: `mysql -e "SELECT * FROM users INTO OUTFILE '/tmp/users.csv'"` } },
    ],
  },
});

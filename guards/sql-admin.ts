import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { analysisEffects } from '../core/effects/derive';

/** Statements that change who may do what in a database, or the server itself. Comments are stripped first. */
const ADMIN: { re: RegExp; what: string }[] = [
  { re: /^grant\b/i, what: 'GRANT (privileges)' },
  { re: /^revoke\b/i, what: 'REVOKE (privileges)' },
  { re: /^(create|alter)\s+(role|user)\b.*\b(superuser|createrole|bypassrls|replication)\b/i, what: 'a role with administrative rights' },
  { re: /^alter\s+(role|user)\b.*\b(password|identified)\b/i, what: 'a password change' },
  { re: /^alter\s+system\b/i, what: 'ALTER SYSTEM (server configuration)' },
  { re: /^alter\s+default\s+privileges\b/i, what: 'ALTER DEFAULT PRIVILEGES' },
  { re: /^set\s+(global|persist|persist_only)\b/i, what: 'SET GLOBAL (server configuration)' },
  { re: /^copy\b.*\b(to|from)\s+program\b/i, what: 'COPY … PROGRAM (runs a shell command on the server)' },
  { re: /^(create|alter)\s+(user|role)\b/i, what: 'creating or changing a database account' },
];

/** Removes /* … *\/ comments in one pass (no backtracking regex). */
function stripBlockComments(sql: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = sql.indexOf('/*', at);
    if (open < 0) return out + sql.slice(at);
    out += `${sql.slice(at, open)} `;
    const close = sql.indexOf('*/', open + 2);
    if (close < 0) return out;
    at = close + 2;
  }
}

export function sqlAdministration(sql: string): string | null {
  const s = stripBlockComments(sql).replace(/--[^\n]*/g, ' ');
  for (const stmt of s.split(';')) {
    const t = stmt.trim().replace(/\s+/g, ' ');
    const hit = ADMIN.find((a) => a.re.test(t));
    if (hit) return hit.what;
  }
  return null;
}

export default defineGuard({
  id: 'sql-admin',
  title: 'No database administration: privileges, roles and server settings',
  prevents:
    'GRANT ALL, a new SUPERUSER role or ALTER SYSTEM changes who can reach the data and how the server runs, for every application on it, and outlives the session.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const ie of analysisEffects(ctx.shell(), ctx.home)) {
      for (const e of ie.effects) {
        let sql: string | null = null;
        if (e.kind === 'execute' && e.lang === 'sql') sql = e.text;
        // psql < admin.sql, psql -f admin.sql
        else if (e.kind === 'read' && e.source === 'file' && e.mode === 'content' && !e.assumed && e.target.path && ie.row?.lang === 'sql')
          sql = ctx.readText(e.target.path, 256 * 1024);
        const what = sql ? sqlAdministration(sql) : null;
        if (what)
          return {
            reason: `${ie.inv.program} runs ${what}. Privileges, roles and server settings are the database administrator's call: show the statement to the user and let them run it.`,
          };
      }
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
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'psql -c "SELECT grantee FROM information_schema.role_table_grants"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "\\du"' } },
      { tool_name: 'Bash', tool_input: { command: 'psql -c "CREATE TABLE grants (id int)"' } },
      { tool_name: 'Bash', tool_input: { command: 'sqlite3 app.db "select * from users limit 5"' } },
    ],
  },
});

// Database clients: the SQL they run, from options, arguments, heredocs, pipes or files.
import type { ProgramSpec } from '../types';

export const SQL: ProgramSpec[] = [
  {
    names: ['psql'],
    rows: [
      {
        takes: [
          '-U',
          '-h',
          '-p',
          '-d',
          '-v',
          '--set',
          '-P',
          '--pset',
          '-o',
          '--output',
          '-L',
          '--log-file',
          '-T',
          '-F',
          '-R',
          '--username',
          '--host',
          '--port',
          '--dbname',
        ],
        opts: { '-c': 'code', '--command': 'code', '-f': 'read', '--file': 'read' },
        pos: ['none', 'none'],
        lang: 'sql',
        stdinCode: true,
        examples: [
          { command: 'psql -c "select 1"', effects: ['execute(sql: select 1)'] },
          { command: 'echo "ALTER SYSTEM SET fsync = off" | psql', effects: ['execute(sql: ALTER SYSTEM SET fsync = off\n)'] },
        ],
      },
    ],
  },
  {
    names: ['mysql', 'mariadb'],
    rows: [
      {
        takes: ['-u', '-h', '-P', '-p', '-D', '--user', '--host', '--port', '--database', '-S', '--socket', '--defaults-file'],
        opts: { '-e': 'code', '--execute': 'code' },
        pos: ['none'],
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'mysql -e "show tables" app', effects: ['execute(sql: show tables)'] }],
      },
    ],
  },
  {
    names: ['sqlite3', 'duckdb', 'litecli'],
    rows: [
      {
        takes: ['-cmd', '-separator', '-nullvalue', '-init'],
        opts: { '-c': 'code' },
        pos: ['none'],
        rest: 'code',
        lang: 'sql',
        stdinCode: true,
        examples: [
          { command: 'sqlite3 app.db ".schema users"', effects: ['execute(sql: .schema users)'] },
          { command: 'sqlite3 :memory: ".read .env"', effects: ['execute(sql: .read .env)', 'read(.env, content)'] },
        ],
      },
    ],
  },
  {
    names: ['clickhouse-client'],
    rows: [
      {
        takes: ['-h', '--host', '--port', '-u', '--user', '--password', '-d', '--database'],
        opts: { '-q': 'code', '--query': 'code' },
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'clickhouse-client -q "select 1"', effects: ['execute(sql: select 1)'] }],
      },
    ],
  },
  {
    names: ['sqlcmd'],
    rows: [
      {
        takes: ['-S', '-U', '-P', '-d', '-i', '-o'],
        opts: { '-Q': 'code', '-q': 'code' },
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'sqlcmd -Q "select 1"', effects: ['execute(sql: select 1)'] }],
      },
    ],
  },
  {
    names: ['cockroach'],
    rows: [
      {
        sub: ['sql'],
        takes: ['--url', '--host', '--database', '-d', '--user', '-u', '--certs-dir'],
        opts: { '-e': 'code', '--execute': 'code' },
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'cockroach sql -e "select 1"', effects: ['execute(sql: select 1)'] }],
      },
    ],
  },
];

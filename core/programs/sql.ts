// Database clients: the SQL they run, from options, arguments, heredocs, pipes or files.
import type { ProgramSpec } from './types';

export const SQL: ProgramSpec[] = [
  {
    names: ['psql', 'usql'],
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
    names: ['mysql', 'mariadb', 'mycli'],
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
        // The database file: its rows are printed by a select, so a secret file (gcloud's
        // credentials.db, a browser's Login Data) opened here is read.
        pos: ['arg'],
        rest: 'code',
        lang: 'sql',
        stdinCode: true,
        examples: [
          { command: 'sqlite3 app.db ".schema users"', effects: ['execute(sql: .schema users)', 'read?(app.db, content)'] },
          { command: 'sqlite3 :memory: ".read .env"', effects: ['execute(sql: .read .env)', 'read?(:memory:, content)', 'read(.env, content)'] },
          {
            command: 'sqlite3 ~/.config/gcloud/credentials.db .dump',
            effects: ['execute(sql: .dump)', 'read?(/home/user/.config/gcloud/credentials.db, content)'],
          },
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
    // The single binary's client: clickhouse client (or clickhouse-client above).
    names: ['clickhouse'],
    rows: [
      {
        sub: ['client'],
        takes: ['-h', '--host', '--port', '-u', '--user', '--password', '-d', '--database'],
        opts: { '-q': 'code', '--query': 'code' },
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'clickhouse client --query "TRUNCATE TABLE events"', effects: ['execute(sql: TRUNCATE TABLE events)'] }],
      },
    ],
  },
  {
    // SqlServer's PowerShell module (kept as written by the translation).
    names: ['Invoke-Sqlcmd', 'invoke-sqlcmd'],
    singleDashLong: true,
    rows: [
      {
        takes: ['-ServerInstance', '-Database', '-Username', '-Password', '-ConnectionString', '-QueryTimeout'],
        opts: { '-Query': 'code', '-query': 'code', '-InputFile': 'read', '-inputfile': 'read' },
        lang: 'sql',
        examples: [{ command: 'Invoke-Sqlcmd -Query "DROP DATABASE Shop" -ServerInstance .', effects: ['execute(sql: DROP DATABASE Shop)'] }],
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
  {
    names: ['cqlsh'],
    rows: [
      {
        takes: [
          '-u',
          '--username',
          '-p',
          '--password',
          '-k',
          '--keyspace',
          '--cqlshrc',
          '--cqlversion',
          '--request-timeout',
          '--connect-timeout',
          '--encoding',
        ],
        opts: { '-e': 'code', '--execute': 'code', '-f': 'read', '--file': 'read' },
        pos: ['none', 'none'],
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: "cqlsh -e 'DESCRIBE KEYSPACES'", effects: ['execute(sql: DESCRIBE KEYSPACES)'] }],
      },
    ],
  },
  {
    names: ['snowsql', 'trino', 'hive', 'beeline', 'spark-sql', 'impala-shell'],
    rows: [
      {
        takes: [
          '-a',
          '--accountname',
          '-u',
          '--username',
          '-d',
          '--dbname',
          '-s',
          '--schemaname',
          '-w',
          '--warehouse',
          '-n',
          '--server',
          '--catalog',
          '--schema',
          '-i',
        ],
        opts: { '-q': 'code', '--query': 'code', '-e': 'code', '--execute': 'code', '-f': 'read', '--filename': 'read', '--file': 'read' },
        lang: 'sql',
        examples: [{ command: "trino --execute 'SELECT 1'", effects: ['execute(sql: SELECT 1)'] }],
      },
    ],
  },
  {
    names: ['bq'],
    rows: [
      {
        sub: ['query'],
        pos: ['code'],
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: "bq query --use_legacy_sql=false 'SELECT 1'", effects: ['execute(sql: SELECT 1)'] }],
      },
    ],
  },
  {
    names: ['prisma'],
    rows: [
      {
        sub: ['db', 'execute'],
        takes: ['--schema', '--url'],
        opts: { '--file': 'read' },
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'prisma db execute --file seed.sql --schema prisma/schema.prisma', effects: ['read(seed.sql, content)'] }],
      },
    ],
  },
  {
    names: ['wrangler'],
    rows: [
      {
        sub: ['d1', 'execute'],
        takes: ['--env', '--config', '-c'],
        opts: { '--command': 'code', '--file': 'read' },
        lang: 'sql',
        examples: [{ command: 'wrangler d1 execute prod-db --remote --command "SELECT 1"', effects: ['execute(sql: SELECT 1)'] }],
      },
    ],
  },
  {
    names: ['turso'],
    rows: [
      {
        sub: ['db', 'shell'],
        pos: ['none'],
        rest: 'code',
        lang: 'sql',
        stdinCode: true,
        examples: [{ command: 'turso db shell app "SELECT 1"', effects: ['execute(sql: SELECT 1)'] }],
      },
    ],
  },
  // Key-value and document stores: their command text is judged like SQL (core/effects/store-commands.ts).
  {
    names: ['redis-cli', 'valkey-cli', 'keydb-cli'],
    rows: [
      {
        takes: ['-h', '-p', '-s', '-a', '-u', '-n', '-r', '-i', '-d', '--user', '--pass', '--pattern', '--count', '--cacert', '--cert', '--key', '--sni'],
        opts: { '--eval': 'read' },
        rest: 'code',
        lang: 'redis',
        stdinCode: true,
        examples: [
          { command: 'redis-cli -h cache GET user:1', effects: ['execute(redis: GET)', 'execute(redis: user:1)'] },
          { command: 'redis-cli < cmds.txt', effects: ['read(cmds.txt, content)'] },
        ],
      },
    ],
  },
  {
    names: ['mongosh', 'mongo'],
    rows: [
      {
        takes: ['-u', '--username', '-p', '--password', '--host', '--port', '--authenticationDatabase', '--tlsCAFile'],
        opts: { '--eval': 'code', '-f': 'read', '--file': 'read' },
        pos: ['none'],
        rest: 'read',
        lang: 'mongo',
        stdinCode: true,
        examples: [
          { command: "mongosh app --eval 'db.users.countDocuments({})'", effects: ['execute(mongo: db.users.countDocuments({}))'] },
          { command: 'mongosh app cleanup.js', effects: ['read(cleanup.js, content)'] },
        ],
      },
    ],
  },
];

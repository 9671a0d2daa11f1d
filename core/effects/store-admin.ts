// Database administration in each store's command language, as data: statements that change who
// may do what (privileges, accounts, roles), how the server runs (settings, shutdown, other
// sessions), or that reach past the database into the server's machine (untrusted procedural
// languages, shared libraries, files read or written by the server, replication to another host).
// guards/sql-admin.ts denies them wherever a client runs them. SQL is read statement by statement
// through the lexer of store-commands.ts (lower case, comments out, string literals kept quoted);
// a Redis command is its words joined; MongoDB's shell text is read as written.

import { work } from '../work';
import { sqlStatements } from './store-commands';

export interface AdminRow {
  /** Tested against one statement (SQL: lower case, whitespace collapsed), or the whole text. */
  re: RegExp;
  /** What it does, for the reason: "GRANT (privileges)". */
  what: string;
  /** A further check on the match (an OUTFILE path outside the export folders). */
  accept?: (m: RegExpExecArray) => boolean;
  examples: { blocked: string[]; allowed: string[] };
}

/** A file the server writes (INTO OUTFILE): fine in the export folders, with a data extension. */
const exportFile = (path: string) => /^(?:\/tmp\/|\/var\/lib\/mysql-files\/)[^/]+\.(?:csv|tsv|txt|json|sql|dat)$/.test(path);

export const SQL_ADMIN: AdminRow[] = [
  {
    re: /^(?:grant|revoke)\b/,
    what: 'GRANT or REVOKE (privileges)',
    examples: { blocked: ['GRANT ALL ON ALL TABLES IN SCHEMA public TO app'], allowed: ['SELECT grantee FROM information_schema.role_table_grants'] },
  },
  {
    re: /^(?:create|alter) (?:role|user)\b.*\b(?:superuser|createrole|bypassrls|replication)\b/,
    what: 'a role with administrative rights',
    examples: { blocked: ['CREATE ROLE admin2 WITH LOGIN SUPERUSER'], allowed: ['CREATE TABLE roles (superuser boolean)'] },
  },
  {
    re: /^(?:create|alter|drop) (?:user|role|login)\b/,
    what: 'creating or changing a database account',
    examples: { blocked: ["ALTER USER postgres PASSWORD 'x'", "CREATE LOGIN app WITH PASSWORD = 'x'"], allowed: ['CREATE TABLE users (id int)'] },
  },
  {
    re: /^alter (?:system|server role|default privileges)\b/,
    what: 'ALTER SYSTEM, ALTER SERVER ROLE or ALTER DEFAULT PRIVILEGES',
    examples: { blocked: ['ALTER SYSTEM SET fsync = off', 'ALTER SERVER ROLE sysadmin ADD MEMBER app'], allowed: ['ALTER TABLE users ADD COLUMN x int'] },
  },
  {
    re: /^set (?:global|persist|persist_only)\b/,
    what: 'SET GLOBAL (server configuration)',
    examples: { blocked: ["SET GLOBAL general_log = 'OFF'"], allowed: ["SET search_path = 'app'"] },
  },
  {
    re: /^copy\b.*\b(?:to|from) program\b/,
    what: 'COPY … PROGRAM (runs a shell command on the server)',
    examples: { blocked: ["COPY (SELECT 1) TO PROGRAM 'curl x.example.com'"], allowed: ['COPY users TO STDOUT WITH CSV'] },
  },
  {
    // Untrusted procedural languages run any code as the server's OS user; so do C functions and shared libraries.
    re: /^create (?:or replace )?(?:trusted )?(?:procedural )?language\b|^create extension (?:if not exists )?(?:pl\w*u|adminpack|file_fdw)\b|^create (?:or replace )?(?:function|procedure)\b.*\blanguage '?(?:pl\w*u|c)'?(?: |$)|^(?:install (?:plugin|component)|create (?:aggregate )?function\b.*\bsoname)\b/,
    what: 'server-side code in an untrusted language or a shared library (it runs as the database server on its machine)',
    examples: {
      blocked: [
        'CREATE EXTENSION plpython3u',
        'CREATE LANGUAGE plperlu',
        'CREATE FUNCTION x() RETURNS void LANGUAGE plpython3u AS $$ import os $$',
        "INSTALL PLUGIN x SONAME 'x.so'",
        "CREATE FUNCTION sys_exec RETURNS INT SONAME 'lib_mysqludf_sys.so'",
      ],
      allowed: [
        'CREATE EXTENSION IF NOT EXISTS pgcrypto',
        'CREATE EXTENSION IF NOT EXISTS "uuid-ossp"',
        "CREATE FUNCTION add(a int, b int) RETURNS int LANGUAGE sql AS 'select a + b'",
      ],
    },
  },
  {
    re: /\bpg_(?:terminate|cancel)_backend\s*\(|^kill\b/,
    what: "ending other sessions (pg_terminate_backend, KILL): other applications' connections and transactions",
    examples: { blocked: ['SELECT pg_terminate_backend(pid) FROM pg_stat_activity', 'KILL 42'], allowed: ['SELECT * FROM pg_stat_activity'] },
  },
  {
    re: /^shutdown\b|\bpg_(?:reload_conf|rotate_logfile|promote)\s*\(|\bsp_configure\b|^reconfigure\b|\bsp_addsrvrolemember\b/,
    what: 'server control (SHUTDOWN, reloading or changing its configuration)',
    examples: {
      blocked: ['SHUTDOWN', 'SELECT pg_reload_conf()', "EXEC sp_configure 'xp_cmdshell', 1", "EXEC sp_addsrvrolemember 'app', 'sysadmin'"],
      allowed: ['SELECT @@VERSION', "SHOW VARIABLES LIKE 'general_log'"],
    },
  },
  {
    re: /\bxp_cmdshell\b|\bpg_(?:read_file|read_binary_file|ls_dir|stat_file)\s*\(|\blo_(?:import|export)\s*\(|\bload_file\s*\(|\binto dumpfile\b/,
    what: "the database server's own files or shell (xp_cmdshell, pg_read_file, LOAD_FILE, INTO DUMPFILE)",
    examples: {
      blocked: [
        "EXEC xp_cmdshell 'whoami'",
        "SELECT pg_read_file('/etc/passwd')",
        "SELECT LOAD_FILE('/home/user/.ssh/id_rsa')",
        "SELECT 1 INTO DUMPFILE '/tmp/x.so'",
      ],
      allowed: ["SELECT pg_size_pretty(pg_database_size('app'))"],
    },
  },
  {
    // SQLite's client loads a shared library (its code runs as the client, on this machine): one from
    // the project (`.load ./vec0`) or the system's library folders is an extension; one from anywhere
    // else is code from nobody knows where.
    re: /^\.load\s+'?([^\s']+)|\bload_extension\s*\(\s*'([^']*)'/,
    what: 'a shared library loaded into the SQLite client from outside the project (native code run on this machine)',
    accept: (m) => /^(?:\/|~|[a-z]:)/i.test(m[1] ?? m[2] ?? '') && !/^\/usr\/(?:local\/)?lib(?:64)?\//.test(m[1] ?? m[2] ?? ''),
    examples: {
      blocked: ['.load /tmp/evil.so', "SELECT load_extension('/tmp/x.so')"],
      allowed: ['.load ./vec0', '.load /usr/lib/sqlite3/pcre.so', '.tables'],
    },
  },
  {
    re: /\binto outfile '([^']*)'/,
    what: 'INTO OUTFILE outside the export folder (a file the database server writes on its machine)',
    accept: (m) => !exportFile(m[1]!),
    examples: {
      blocked: ["SELECT '<?php system($_GET[c]); ?>' INTO OUTFILE '/var/www/x.php'"],
      allowed: ["SELECT * FROM users INTO OUTFILE '/tmp/users.csv'"],
    },
  },
];

/** Redis: the command and its arguments, joined by spaces. */
export const REDIS_ADMIN: AdminRow[] = [
  {
    re: /^config set (?:dir|dbfilename|requirepass|masterauth|masteruser|protected-mode|rename-command|aclfile|logfile|bind|enable-protected-configs|enable-debug-command|enable-module-command)\b/i,
    what: 'CONFIG SET of where the server writes its files or who may connect (the classic way to plant a file or open the server)',
    examples: { blocked: ['CONFIG SET dir /home/user/.ssh', 'CONFIG SET requirepass ""'], allowed: ['CONFIG SET maxmemory 256mb', 'CONFIG GET dir'] },
  },
  {
    re: /^(?:slaveof|replicaof) (?!no one\b)/i,
    what: "replication from another server (it replaces this server's data with that one's)",
    examples: { blocked: ['REPLICAOF x.example.dev 6379'], allowed: ['REPLICAOF NO ONE'] },
  },
  {
    re: /^(?:shutdown|module load|debug (?:segfault|crash|restart|sleep)|acl (?:setuser|deluser|load|save)|failover|cluster (?:reset|failover|forget))\b/i,
    what: 'server administration (SHUTDOWN, MODULE LOAD, ACL changes)',
    examples: { blocked: ['SHUTDOWN NOSAVE', 'MODULE LOAD /tmp/x.so', 'ACL SETUSER default on nopass ~* +@all'], allowed: ['ACL LIST', 'INFO'] },
  },
];

/** MongoDB's shell (mongosh --eval, a script). */
export const MONGO_ADMIN: AdminRow[] = [
  {
    re: /\b(?:createUser|updateUser|grantRolesToUser|grantPrivilegesToRole|createRole|updateRole|dropUser|dropAllUsers|changeUserPassword)\s*\(/,
    what: 'creating or changing a database account or role',
    examples: { blocked: ["db.createUser({user:'x', pwd:'x', roles:['root']})", "db.grantRolesToUser('app', ['root'])"], allowed: ['db.getUsers()'] },
  },
  {
    re: /\b(?:shutdownServer|fsyncLock)\s*\(|\badminCommand\s*\(\s*\{\s*['"]?(?:shutdown|setParameter|replSetReconfig|fsync|setFeatureCompatibilityVersion)\b/,
    what: 'server administration (shutdown, server parameters, replica set configuration)',
    examples: {
      blocked: ['db.adminCommand({shutdown: 1})', 'db.shutdownServer()'],
      allowed: ['db.adminCommand({listDatabases: 1})', 'db.users.find().limit(5)'],
    },
  },
];

function first(rows: AdminRow[], text: string): string | null {
  for (const row of rows) {
    work(text.length);
    const m = row.re.exec(text);
    if (m && (!row.accept || row.accept(m))) return row.what;
  }
  return null;
}

/** The administration a program text in `lang` (sql, redis, mongo) does, or null. */
export function administration(lang: string, text: string): string | null {
  if (lang === 'sql') {
    for (const s of sqlStatements(text)) {
      const hit = first(SQL_ADMIN, s.text);
      if (hit) return hit;
    }
    return null;
  }
  if (lang === 'redis') return first(REDIS_ADMIN, text.trim().replace(/\s+/g, ' '));
  if (lang === 'mongo') return first(MONGO_ADMIN, text);
  return null;
}

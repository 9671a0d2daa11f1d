// MCP tools (`mcp__<server>__<tool>`, `mcp__plugin_<plugin>_<server>__<tool>`) that behave like a
// built-in tool, so every guard judges them as that tool: a filesystem server's read_file is a Read,
// its write_file a Write, a shell server's command a Bash command, a database server's query the SQL
// a database client would run. The well-known servers' tools and their input shapes are data
// (MCP_TOOLS, one row per behaviour, with examples). An unknown MCP tool is no opinion, except one
// whose input has a string `command` (or an argv array): across the MCP servers in use that field
// is a shell command line (desktop-commander, mcp-server-commands, Serena, terminal and SSH
// servers), so it is judged as one; a text that is not a command line parses as an ordinary
// program with arguments, which no guard denies.

/** What a row's tool does, as the built-in tool the guards know. */
export type McpBehaviour = 'read' | 'read-many' | 'write' | 'edit' | 'edit-block' | 'move' | 'mkdir' | 'search' | 'shell' | 'sql' | 'fetch';

export interface McpToolRow {
  /** Tool names (after the server part), exactly. */
  tools: readonly string[];
  /** Server names the row is for (a substring of the server part, lower case); absent: any server. */
  servers?: readonly string[];
  does: McpBehaviour;
  /** Input fields holding the path(s), command or SQL, in order of preference. */
  fields: readonly string[];
  /** Where the servers that document it come from (for maintainers). */
  source: string;
  examples: readonly { tool: string; input: Record<string, unknown>; reads: string }[];
}

export const MCP_TOOLS: readonly McpToolRow[] = [
  {
    // Not GitHub's get_file_contents: that path is in a remote repository.
    tools: ['read_file', 'read_text_file', 'read_media_file'],
    does: 'read',
    fields: ['path', 'file_path', 'relative_path', 'filePath'],
    source: '@modelcontextprotocol/server-filesystem, desktop-commander, Serena',
    examples: [{ tool: 'mcp__filesystem__read_file', input: { path: 'README.md' }, reads: 'Read README.md' }],
  },
  {
    tools: ['read_multiple_files'],
    does: 'read-many',
    fields: ['paths'],
    source: '@modelcontextprotocol/server-filesystem, desktop-commander',
    examples: [{ tool: 'mcp__filesystem__read_multiple_files', input: { paths: ['a.md', 'b.md'] }, reads: 'Read a.md; Read b.md' }],
  },
  {
    tools: ['write_file', 'create_text_file'],
    does: 'write',
    fields: ['path', 'file_path', 'relative_path', 'filePath'],
    source: '@modelcontextprotocol/server-filesystem, desktop-commander, Serena',
    examples: [{ tool: 'mcp__filesystem__write_file', input: { path: 'notes.md', content: '# x' }, reads: 'Write notes.md' }],
  },
  {
    tools: ['edit_file'],
    does: 'edit',
    fields: ['path', 'file_path', 'relative_path'],
    source: '@modelcontextprotocol/server-filesystem (edits: [{ oldText, newText }])',
    examples: [{ tool: 'mcp__filesystem__edit_file', input: { path: 'a.ts', edits: [{ oldText: 'a', newText: 'b' }] }, reads: 'Edit a.ts' }],
  },
  {
    tools: ['edit_block', 'replace_in_file', 'str_replace'],
    does: 'edit-block',
    fields: ['file_path', 'path', 'relative_path'],
    source: 'desktop-commander (file_path, old_string, new_string)',
    examples: [{ tool: 'mcp__desktop-commander__edit_block', input: { file_path: 'a.ts', old_string: 'a', new_string: 'b' }, reads: 'Edit a.ts' }],
  },
  {
    tools: ['move_file', 'rename_file'],
    does: 'move',
    fields: ['source', 'destination'],
    source: '@modelcontextprotocol/server-filesystem, desktop-commander',
    examples: [{ tool: 'mcp__filesystem__move_file', input: { source: 'a.md', destination: 'docs/a.md' }, reads: 'Bash mv -- a.md docs/a.md' }],
  },
  {
    tools: ['create_directory'],
    does: 'mkdir',
    fields: ['path'],
    source: '@modelcontextprotocol/server-filesystem, desktop-commander',
    examples: [{ tool: 'mcp__filesystem__create_directory', input: { path: 'build' }, reads: 'Bash mkdir -p -- build' }],
  },
  {
    tools: ['search_code'],
    servers: ['desktop-commander', 'desktop_commander', 'commander'],
    does: 'search',
    fields: ['path'],
    source: 'desktop-commander (path, pattern, filePattern): prints the matching lines',
    examples: [{ tool: 'mcp__desktop-commander__search_code', input: { path: 'src', pattern: 'TODO' }, reads: 'Grep TODO in src (content)' }],
  },
  {
    tools: [
      'execute_command',
      'start_process',
      'run_command',
      'run_process',
      'execute',
      'exec',
      'shell_execute',
      'execute_shell_command',
      'run_shell_command',
      'run_terminal_command',
      'bash',
      'shell',
    ],
    does: 'shell',
    fields: ['command', 'cmd', 'script'],
    source: 'desktop-commander, mcp-server-commands, mcp-shell-server (argv array), Serena, terminal servers',
    examples: [
      { tool: 'mcp__desktop-commander__start_process', input: { command: 'npm test', timeout_ms: 60000 }, reads: 'Bash npm test' },
      { tool: 'mcp__shell__execute', input: { command: ['ls', '-la'], directory: '/tmp' }, reads: 'Bash ls -la (in /tmp)' },
    ],
  },
  {
    tools: ['read_query', 'write_query', 'create_table', 'execute_sql', 'run_sql', 'sql_query', 'mysql_query'],
    does: 'sql',
    fields: ['sql', 'query', 'statement'],
    source: '@modelcontextprotocol/server-sqlite (read_query, write_query, create_table: query), mysql and postgres servers (execute_sql)',
    examples: [{ tool: 'mcp__sqlite__write_query', input: { query: 'DELETE FROM users' }, reads: "Bash sqlite3 mcp.db 'DELETE FROM users'" }],
  },
  {
    // `query` is also a search tool's name: SQL only on a database server.
    tools: ['query', 'execute_query', 'run_query', 'execute'],
    servers: ['postgres', 'pg', 'sql', 'maria', 'db', 'database', 'supabase', 'neon', 'duck', 'clickhouse', 'snowflake', 'bigquery', 'redshift', 'cockroach'],
    does: 'sql',
    fields: ['sql', 'query', 'statement'],
    source: '@modelcontextprotocol/server-postgres (query: sql), database servers named so',
    examples: [{ tool: 'mcp__postgres__query', input: { sql: 'SELECT count(*) FROM users' }, reads: "Bash psql -c 'SELECT count(*) FROM users'" }],
  },
  {
    // A page fetched by URL: judged as WebFetch (a key in the URL goes to its host).
    tools: ['fetch', 'fetch_url', 'fetch_html', 'fetch_markdown', 'fetch_txt', 'fetch_json', 'fetch_page'],
    does: 'fetch',
    fields: ['url', 'uri'],
    source: 'mcp-server-fetch (fetch: url), zcaceres/fetch-mcp (fetch_html, fetch_markdown, fetch_txt, fetch_json: url)',
    examples: [{ tool: 'mcp__fetch__fetch', input: { url: 'https://example.com/' }, reads: 'WebFetch https://example.com/' }],
  },
];

/** The server and tool of an MCP tool name; null for other names. */
export function parseMcpName(name: string): { server: string; tool: string } | null {
  if (!name.startsWith('mcp__')) return null;
  const rest = name.slice(5);
  const cut = rest.lastIndexOf('__');
  if (cut <= 0 || cut + 2 >= rest.length) return null;
  return { server: rest.slice(0, cut).toLowerCase(), tool: rest.slice(cut + 2) };
}

/** The row for an MCP tool, by its tool name (and server, where the row names them). */
export function mcpRow(server: string, tool: string): McpToolRow | null {
  // A row for named servers first (`execute` on a database server is SQL), then the general ones.
  return (
    MCP_TOOLS.find((row) => row.servers && row.tools.includes(tool) && row.servers.some((s) => server.includes(s))) ??
    MCP_TOOLS.find((row) => !row.servers && row.tools.includes(tool)) ??
    null
  );
}

/** One word for the shell, single-quoted (a leading ~/ stays home: the filesystem servers expand it). */
export function shellWord(s: string): string {
  if (s === '~' || s.startsWith('~/')) return `~${s.length > 1 ? shellWord(s.slice(1)) : ''}`;
  return /^[A-Za-z0-9_/.,:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The database client whose command line runs this SQL the way the server does (for data-destruction and sql-admin). */
export function sqlCommand(server: string, sql: string): string {
  if (server.includes('sqlite')) return `sqlite3 mcp.db ${shellWord(sql)}`;
  if (server.includes('mysql') || server.includes('maria')) return `mysql -e ${shellWord(sql)}`;
  return `psql -c ${shellWord(sql)}`;
}

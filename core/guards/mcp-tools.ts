// MCP tools (`mcp__<server>__<tool>`, `mcp__plugin_<plugin>_<server>__<tool>`) that behave like a
// built-in tool, so every guard judges them as that tool: a filesystem server's read_file is a Read,
// its write_file a Write, a shell server's command a Bash command, a database server's query the SQL
// a database client would run. The well-known servers' tools and their input shapes are data
// (MCP_TOOLS, one row per behaviour, with examples). An unknown MCP tool is no opinion, except one
// whose input has a string `command` (or an argv array): across the MCP servers in use that field
// is a shell command line (desktop-commander, mcp-server-commands, Serena, terminal and SSH
// servers), so it is judged as one; a text that is not a command line parses as an ordinary
// program with arguments, which no guard denies. The same holds for the other names servers give
// that field (COMMAND_FIELDS: `cmd`, `cli_command`, `shell_command`, …). A tool whose name says
// what it does to a cluster, a repository or a data store (kubectl_delete, git_reset, flushall) is
// the command line that does the same (a `command` row's template), so the guards that judge that
// command judge it; a tool that writes files into a remote repository (push_files) is an upload of
// each file; a fetch tool is a download of its URL.

/** What a row's tool does, as the built-in tool the guards know. */
export type McpBehaviour =
  | 'read'
  | 'read-many'
  | 'write'
  | 'edit'
  | 'edit-block'
  | 'move'
  | 'mkdir'
  | 'search'
  | 'shell'
  | 'sql'
  | 'command'
  | 'upload'
  | 'notebook'
  | 'code'
  | 'navigate'
  | 'container'
  | 'mongo-delete';

/** The fields an unknown MCP tool's command line is found in, across servers. */
export const COMMAND_FIELDS = ['command', 'cmd', 'cli_command', 'shell_command', 'command_line', 'commandLine'] as const;

export interface McpToolRow {
  /** Tool names (after the server part), exactly. */
  tools: readonly string[];
  /** Server names the row is for (a substring of the server part, lower case); absent: any server. */
  servers?: readonly string[];
  does: McpBehaviour;
  /** Input fields holding the path(s), command or SQL, in order of preference. */
  fields: readonly string[];
  /**
   * command: the command line that does what the tool does. `{a|b}` is the first of the input's
   * fields a, b that is set, shell-quoted (an array is one word per element); `[…]` is left out when
   * a field in it is missing, empty or false; `{?a}` writes nothing and only asks that a be true.
   * A template whose fields outside `[…]` are missing makes no call (no opinion).
   * upload: `fields` names the list of files ({ path, content }) or the one path; the host is the
   * remote service's.
   */
  template?: string;
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
      'run',
      'run_cmd',
      'run_terminal_cmd',
    ],
    does: 'shell',
    fields: ['command', 'cmd', 'script', 'cli_command', 'shell_command', 'args', 'argv'],
    source: 'desktop-commander, mcp-server-commands, mcp-shell-server (argv array), Serena, terminal servers',
    examples: [
      { tool: 'mcp__desktop-commander__start_process', input: { command: 'npm test', timeout_ms: 60000 }, reads: 'Bash npm test' },
      { tool: 'mcp__shell__execute', input: { command: ['ls', '-la'], directory: '/tmp' }, reads: 'Bash ls -la (in /tmp)' },
      { tool: 'mcp__terminal__run', input: { cmd: 'npm test' }, reads: 'Bash npm test' },
      { tool: 'mcp__shell__run', input: { args: ['ls', '-la'] }, reads: 'Bash ls -la' },
    ],
  },
  {
    // What is typed into a running process (a shell, most often) runs there.
    tools: ['interact_with_process', 'send_input', 'write_to_process', 'send_keys'],
    does: 'shell',
    fields: ['input', 'keys', 'text'],
    source: 'desktop-commander (interact_with_process: pid, input), terminal servers',
    examples: [{ tool: 'mcp__desktop-commander__interact_with_process', input: { pid: 1, input: 'ls' }, reads: 'Bash ls' }],
  },
  {
    // A Jupyter kernel's cell: run now (execute) or kept to run later (insert, overwrite), as a notebook cell.
    tools: [
      'execute_cell',
      'insert_execute_code_cell',
      'append_execute_code_cell',
      'execute_ipython',
      'execute_code',
      'run_cell',
      'insert_cell',
      'append_cell',
      'add_cell',
      'overwrite_cell_source',
      'edit_cell',
    ],
    servers: ['jupyter', 'notebook', 'ipynb', 'ipython', 'colab', 'kernel'],
    does: 'notebook',
    fields: ['cell_source', 'code', 'source', 'new_source', 'content'],
    source: 'jupyter-mcp-server (insert_execute_code_cell: cell_index, cell_source; execute_ipython: code), notebook servers',
    examples: [{ tool: 'mcp__jupyter__insert_execute_code_cell', input: { cell_index: 0, cell_source: 'x = 1' }, reads: 'NotebookEdit notebook.ipynb' }],
  },
  {
    // Code runners: the code as the interpreter of its language runs it.
    tools: ['run_code', 'run-code', 'execute_code', 'execute_python', 'run_python', 'run_python_code', 'execute_javascript', 'run_javascript'],
    does: 'code',
    fields: ['code', 'script', 'source'],
    source: 'mcp-server-code-runner (run-code: code, languageId), E2B (run_code: code), Python runners (execute_python: code)',
    examples: [
      { tool: 'mcp__code-runner__run-code', input: { code: 'print(1)', languageId: 'python' }, reads: "Bash python3 -c 'print(1)'" },
      { tool: 'mcp__e2b__run_code', input: { code: 'console.log(1)', language: 'js' }, reads: "Bash node -e 'console.log(1)'" },
    ],
  },
  {
    // A browser sent to a URL: a file:// URL reads the file; any other is fetched like curl would.
    tools: ['browser_navigate', 'puppeteer_navigate', 'playwright_navigate', 'navigate', 'navigate_page', 'goto', 'open_url', 'new_page'],
    does: 'navigate',
    fields: ['url', 'uri'],
    source: '@playwright/mcp (browser_navigate: url), puppeteer servers (puppeteer_navigate: url), chrome-devtools-mcp (navigate_page)',
    examples: [
      { tool: 'mcp__playwright__browser_navigate', input: { url: 'file:///home/user/project/README.md' }, reads: 'Read README.md' },
      { tool: 'mcp__puppeteer__puppeteer_navigate', input: { url: 'https://example.com' }, reads: 'WebFetch https://example.com' },
    ],
  },
  {
    // Files the browser uploads to the page it shows: sent to that site.
    tools: ['browser_file_upload', 'upload_file', 'puppeteer_upload_file'],
    servers: ['playwright', 'puppeteer', 'browser', 'chrome'],
    does: 'upload',
    fields: ['paths', 'path', 'filePath', 'files'],
    source: '@playwright/mcp (browser_file_upload: paths)',
    examples: [
      {
        tool: 'mcp__playwright__browser_file_upload',
        input: { paths: ['/home/user/project/a.png'] },
        reads: 'Bash curl -sS -F file=@/home/user/project/a.png https://the-open-page.invalid/',
      },
    ],
  },
  // Tools named for what they do to a cluster, a repository or a data store: that command line.
  {
    tools: ['kubectl_delete', 'delete_resource'],
    servers: ['kube', 'k8s'],
    does: 'command',
    fields: [],
    template: 'kubectl delete {resourceType|resource_type|kind|resource} {name}[ -n {namespace}][ --context {context}]',
    source: 'mcp-server-kubernetes (kubectl_delete: resourceType, name, namespace, context)',
    examples: [
      { tool: 'mcp__kubernetes__kubectl_delete', input: { resourceType: 'namespace', name: 'prod' }, reads: 'Bash kubectl delete namespace prod' },
      { tool: 'mcp__k8s__kubectl_delete', input: { resourceType: 'pod', name: 'web-1', namespace: 'dev' }, reads: 'Bash kubectl delete pod web-1 -n dev' },
    ],
  },
  {
    tools: ['delete_namespace'],
    servers: ['kube', 'k8s'],
    does: 'command',
    fields: [],
    template: 'kubectl delete namespace {name|namespace}[ --context {context}]',
    source: 'mcp-server-kubernetes (delete_namespace: name)',
    examples: [{ tool: 'mcp__kubernetes__delete_namespace', input: { name: 'prod' }, reads: 'Bash kubectl delete namespace prod' }],
  },
  ...(['pod', 'deployment', 'service', 'statefulset', 'cronjob', 'job', 'configmap', 'secret'] as const).map((kind) => ({
    tools: [`delete_${kind}`],
    servers: ['kube', 'k8s'],
    does: 'command' as const,
    fields: [],
    template: `kubectl delete ${kind} {name}[ -n {namespace}][ --context {context}]`,
    source: `mcp-server-kubernetes (delete_${kind}: name, namespace)`,
    examples: [{ tool: `mcp__kubernetes__delete_${kind}`, input: { name: 'x', namespace: 'default' }, reads: `Bash kubectl delete ${kind} x -n default` }],
  })),
  {
    // mcp-server-git's git_reset unstages everything (git reset); a mode, where a server takes one, is git's.
    tools: ['git_reset'],
    servers: ['git'],
    does: 'command',
    fields: [],
    template: 'git -C {repo_path|repoPath|path|repository} reset[ --{mode}][ --hard{?hard}][ --soft{?soft}][ {target|commit|ref}]',
    source: 'mcp-server-git (git_reset: repo_path), servers with a mode',
    examples: [
      { tool: 'mcp__git__git_reset', input: { repo_path: '.', mode: 'hard' }, reads: 'Bash git -C . reset --hard' },
      { tool: 'mcp__git__git_reset', input: { repo_path: '/home/user/project' }, reads: 'Bash git -C /home/user/project reset' },
      { tool: 'mcp__git__git_reset', input: { repo_path: '.', hard: true, target: 'HEAD~3' }, reads: "Bash git -C . reset --hard 'HEAD~3'" },
    ],
  },
  {
    tools: ['git_add'],
    servers: ['git'],
    does: 'command',
    fields: [],
    template: 'git -C {repo_path|repoPath|path|repository} add -- {files|paths}',
    source: 'mcp-server-git (git_add: repo_path, files)',
    examples: [{ tool: 'mcp__git__git_add', input: { repo_path: '.', files: ['src/a.ts', 'b c.ts'] }, reads: "Bash git -C . add -- src/a.ts 'b c.ts'" }],
  },
  {
    tools: ['git_push'],
    servers: ['git'],
    does: 'command',
    fields: [],
    template: 'git -C {repo_path|repoPath|path|repository} push[ --force{?force}][ {remote|remote_name}][ {branch|branch_name|refspec}]',
    source: 'git servers with a push tool (repo_path, remote, branch, force)',
    examples: [
      { tool: 'mcp__git__git_push', input: { repo_path: '.', remote: 'origin', branch: 'main', force: true }, reads: 'Bash git -C . push --force origin main' },
    ],
  },
  {
    tools: ['flushall', 'flush_all', 'flushAll'],
    does: 'command',
    fields: [],
    template: 'redis-cli FLUSHALL',
    source: 'Redis MCP servers (flushall)',
    examples: [{ tool: 'mcp__redis__flushall', input: {}, reads: 'Bash redis-cli FLUSHALL' }],
  },
  {
    tools: ['flushdb', 'flush_db', 'flushDb'],
    does: 'command',
    fields: [],
    template: 'redis-cli FLUSHDB',
    source: 'Redis MCP servers (flushdb)',
    examples: [{ tool: 'mcp__redis__flushdb', input: {}, reads: 'Bash redis-cli FLUSHDB' }],
  },
  {
    tools: ['git_clean'],
    servers: ['git'],
    does: 'command',
    fields: [],
    template: 'git -C {repo_path|repoPath|path|repository} clean[ -f{?force}][ -d{?directories}][ -x{?ignored}][ -n{?dryRun}][ -n{?dry_run}]',
    source: 'git servers with a clean tool (repo_path, force, directories)',
    examples: [{ tool: 'mcp__git__git_clean', input: { repo_path: '.', force: true, directories: true }, reads: 'Bash git -C . clean -f -d' }],
  },
  {
    tools: ['git_checkout'],
    servers: ['git'],
    does: 'command',
    fields: [],
    template: 'git -C {repo_path|repoPath|path|repository} checkout[ -f{?force}] {branch_name|branch|ref|target}',
    source: 'mcp-server-git (git_checkout: repo_path, branch_name), servers with force',
    examples: [{ tool: 'mcp__git__git_checkout', input: { repo_path: '.', branch_name: 'main' }, reads: 'Bash git -C . checkout main' }],
  },
  {
    tools: ['delete_repository', 'delete_repo'],
    servers: ['github'],
    does: 'command',
    fields: [],
    template: 'gh repo delete {owner}/{repo|name} --yes',
    source: 'GitHub servers with a delete_repository tool (owner, repo)',
    examples: [{ tool: 'mcp__github__delete_repository', input: { owner: 'o', repo: 'r' }, reads: 'Bash gh repo delete o/r --yes' }],
  },
  {
    tools: ['s3_delete_bucket', 'delete_bucket', 's3-delete-bucket'],
    servers: ['aws', 's3'],
    does: 'command',
    fields: [],
    template: 'aws s3 rb s3://{bucket|bucket_name|bucketName}[ --force{?force}]',
    source: 'AWS servers with an S3 bucket delete tool (bucket, force)',
    examples: [{ tool: 'mcp__aws__s3_delete_bucket', input: { bucket: 'b', force: true }, reads: 'Bash aws s3 rb s3://b --force' }],
  },
  {
    tools: ['drop-database', 'drop_database', 'dropDatabase'],
    servers: ['mongo'],
    does: 'command',
    fields: [],
    template: "mongosh {database|db} --eval 'db.dropDatabase()'",
    source: 'mongodb-mcp-server (drop-database: database)',
    examples: [{ tool: 'mcp__mongodb__drop-database', input: { database: 'app' }, reads: "Bash mongosh app --eval 'db.dropDatabase()'" }],
  },
  {
    tools: ['drop-collection', 'drop_collection', 'dropCollection'],
    servers: ['mongo'],
    does: 'command',
    fields: [],
    template: "mongosh {database|db} --eval 'db.collection.drop()'",
    source: 'mongodb-mcp-server (drop-collection: database, collection)',
    examples: [
      { tool: 'mcp__mongodb__drop-collection', input: { database: 'app', collection: 'users' }, reads: "Bash mongosh app --eval 'db.collection.drop()'" },
    ],
  },
  {
    // deleteMany with an empty filter deletes every document; with a filter, the ones it matches.
    tools: ['delete-many', 'delete_many', 'deleteMany'],
    servers: ['mongo'],
    does: 'mongo-delete',
    fields: ['filter'],
    source: 'mongodb-mcp-server (delete-many: database, collection, filter)',
    examples: [
      {
        tool: 'mcp__mongodb__delete-many',
        input: { database: 'app', collection: 'c', filter: {} },
        reads: "Bash mongosh app --eval 'db.collection.deleteMany({})'",
      },
    ],
  },
  {
    tools: ['delete_project', 'delete_branch', 'reset_branch'],
    servers: ['neon'],
    does: 'command',
    fields: [],
    template: 'neonctl projects delete {projectId|project_id}',
    source: '@neondatabase/mcp-server-neon (delete_project: projectId)',
    examples: [{ tool: 'mcp__neon__delete_project', input: { projectId: 'p' }, reads: 'Bash neonctl projects delete p' }],
  },
  {
    tools: ['delete_branch', 'reset_branch', 'pause_project', 'delete_project'],
    servers: ['supabase'],
    does: 'command',
    fields: [],
    template: 'supabase branches delete {branch_id|branchId|project_id|projectId}',
    source: 'supabase-mcp (delete_branch: branch_id, reset_branch)',
    examples: [{ tool: 'mcp__supabase__delete_branch', input: { branch_id: 'b' }, reads: 'Bash supabase branches delete b' }],
  },
  {
    tools: ['kubectl_generic'],
    servers: ['kube', 'k8s'],
    does: 'command',
    fields: [],
    template: 'kubectl {command} {resourceType|resource_type|kind|resource}[ {name}][ -n {namespace}][ --context {context}]',
    source: 'mcp-server-kubernetes (kubectl_generic: command, resourceType, name, namespace)',
    examples: [{ tool: 'mcp__kubernetes__kubectl_generic', input: { command: 'get', resourceType: 'pods' }, reads: 'Bash kubectl get pods' }],
  },
  {
    tools: ['remove_volume', 'delete_volume', 'volume_remove'],
    servers: ['docker'],
    does: 'command',
    fields: [],
    template: 'docker volume rm[ -f{?force}] {volume_name|volume|name|volumeName}',
    source: 'docker MCP servers (remove_volume: volume_name)',
    examples: [{ tool: 'mcp__docker__remove_volume', input: { volume_name: 'pgdata' }, reads: 'Bash docker volume rm pgdata' }],
  },
  {
    tools: ['d1_database_delete', 'kv_namespace_delete', 'r2_bucket_delete'],
    servers: ['cloudflare'],
    does: 'command',
    fields: [],
    template: 'wrangler d1 delete {database_id|databaseId|name|namespace_id|bucket_name}',
    source: 'Cloudflare MCP servers (d1_database_delete: database_id)',
    examples: [{ tool: 'mcp__cloudflare__d1_database_delete', input: { database_id: 'x' }, reads: 'Bash wrangler d1 delete x' }],
  },
  {
    // Serena's replacements in a file: an edit of the file, the old text (or pattern) to the new.
    tools: ['replace_regex', 'replace_content', 'replace_lines', 'delete_lines', 'insert_at_line'],
    servers: ['serena'],
    does: 'edit-block',
    fields: ['relative_path', 'path'],
    source: 'Serena src/serena/tools/file_tools.py (replace_regex: relative_path, regex, repl; replace_content: relative_path, needle, repl, mode)',
    examples: [
      { tool: 'mcp__serena__replace_regex', input: { relative_path: 'a.ts', regex: 'x', repl: 'y' }, reads: 'Edit a.ts' },
      { tool: 'mcp__serena__replace_content', input: { relative_path: 'a.ts', needle: 'x', repl: 'y', mode: 'literal' }, reads: 'Edit a.ts' },
    ],
  },
  {
    // Serena's symbol edits: the symbol's new body, or a body put before or after it, is text added to the file.
    tools: ['replace_symbol_body', 'insert_after_symbol', 'insert_before_symbol'],
    servers: ['serena'],
    does: 'edit-block',
    fields: ['relative_path', 'path'],
    source: 'Serena src/serena/tools/symbol_tools.py (replace_symbol_body, insert_after_symbol: name_path, relative_path, body)',
    examples: [{ tool: 'mcp__serena__replace_symbol_body', input: { name_path: 'f', relative_path: 'a.py', body: 'def f(): pass' }, reads: 'Edit a.py' }],
  },
  {
    // A container run: docker run with the host folders it mounts, so what runs inside is judged on them (core/shell/elsewhere.ts).
    tools: ['run_container', 'docker_run', 'container_run'],
    servers: ['docker', 'container', 'podman'],
    does: 'container',
    fields: ['command', 'cmd'],
    source: 'Docker MCP servers (run_container: image, command, volumes as "host:container" strings or a host → { bind } map)',
    examples: [
      {
        tool: 'mcp__docker__run_container',
        input: { image: 'node:20', volumes: ['/home/user/project:/w'], command: 'npm test' },
        reads: "Bash docker run --rm -v /home/user/project:/w node:20 sh -c 'npm test'",
      },
    ],
  },
  {
    // Claude Code's IDE server runs the code in the Jupyter kernel of the notebook open in the editor (Python).
    tools: ['executeCode'],
    servers: ['ide'],
    does: 'code',
    fields: ['code'],
    source: "Claude Code's IDE integration (mcp__ide__executeCode: code, run in the current notebook's kernel)",
    examples: [{ tool: 'mcp__ide__executeCode', input: { code: 'print(1)' }, reads: "Bash python3 -c 'print(1)'" }],
  },
  {
    tools: ['kubectl_get'],
    servers: ['kube', 'k8s'],
    does: 'command',
    fields: [],
    template: 'kubectl get {resourceType|resource_type|kind|resource}[ {name}][ -n {namespace}][ -o {output}][ --context {context}]',
    source: 'mcp-server-kubernetes (kubectl_get: resourceType, name, namespace, output, context)',
    examples: [{ tool: 'mcp__kubernetes__kubectl_get', input: { resourceType: 'pods', namespace: 'dev' }, reads: 'Bash kubectl get pods -n dev' }],
  },
  {
    tools: ['kubectl_scale'],
    servers: ['kube', 'k8s'],
    does: 'command',
    fields: [],
    template: 'kubectl scale[ {resourceType|resource_type|kind|resource}] {name} --replicas={replicas}[ -n {namespace}][ --context {context}]',
    source: 'mcp-server-kubernetes (kubectl_scale: name, namespace, replicas, resourceType, context)',
    examples: [
      {
        tool: 'mcp__kubernetes__kubectl_scale',
        input: { resourceType: 'deployment', name: 'web', replicas: 2, namespace: 'dev' },
        reads: 'Bash kubectl scale deployment web --replicas=2 -n dev',
      },
    ],
  },
  {
    tools: ['uninstall_helm_chart'],
    servers: ['kube', 'k8s', 'helm'],
    does: 'command',
    fields: [],
    template: 'helm uninstall {name|release|releaseName}[ -n {namespace}][ --kube-context {context}]',
    source: 'mcp-server-kubernetes (uninstall_helm_chart: name, namespace, context)',
    examples: [{ tool: 'mcp__kubernetes__uninstall_helm_chart', input: { name: 'web', namespace: 'dev' }, reads: 'Bash helm uninstall web -n dev' }],
  },
  {
    // A fetch tool downloads its URL (a key in the URL goes to that host; file:// reads a local file).
    tools: ['fetch', 'fetch_url', 'fetch_html', 'fetch_markdown', 'fetch_txt', 'fetch_json', 'fetch_webpage', 'fetch_page'],
    does: 'command',
    fields: [],
    template: 'curl -sS {url|uri}',
    source: '@modelcontextprotocol/server-fetch (fetch: url), fetch servers (fetch_html, fetch_markdown, …)',
    examples: [{ tool: 'mcp__fetch__fetch', input: { url: 'https://example.com/a?b=1' }, reads: "Bash curl -sS 'https://example.com/a?b=1'" }],
  },
  {
    // Files written into a remote repository: each is uploaded to that service.
    tools: ['push_files', 'create_or_update_file'],
    servers: ['github', 'gitlab', 'gitea', 'bitbucket'],
    does: 'upload',
    fields: ['files', 'path', 'file_path'],
    source: 'github-mcp-server (push_files: files [{ path, content }]; create_or_update_file: path, content), GitLab MCP (same)',
    examples: [
      {
        tool: 'mcp__github__push_files',
        input: { owner: 'o', repo: 'r', branch: 'main', files: [{ path: 'src/a.ts', content: 'x' }], message: 'm' },
        reads: 'Bash curl -sS -T src/a.ts https://api.github.com/repos/o/r/contents/src/a.ts',
      },
    ],
  },
  {
    tools: ['read_query', 'write_query', 'create_table', 'execute_sql', 'run_sql', 'sql_query', 'mysql_query', 'apply_migration', 'run_sql_transaction'],
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
  // Servers spell the same tool with - or _ (execute-query, execute_query).
  const alt = tool.includes('-') ? tool.replace(/-/g, '_') : tool;
  const has = (row: McpToolRow) => row.tools.includes(tool) || row.tools.includes(alt);
  return (
    MCP_TOOLS.find((row) => row.servers && has(row) && row.servers.some((s) => server.includes(s))) ?? MCP_TOOLS.find((row) => !row.servers && has(row)) ?? null
  );
}

/** The interpreter command line of a code runner's language (python when it says none). */
export function interpreterCommand(language: string, code: string): string {
  const l = language.toLowerCase();
  const q = shellWord(code);
  if (/^(?:js|javascript|node|nodejs|typescript|ts)$/.test(l)) return `node -e ${q}`;
  if (/^(?:ruby|rb)$/.test(l)) return `ruby -e ${q}`;
  if (/^(?:perl|pl)$/.test(l)) return `perl -e ${q}`;
  if (/^php$/.test(l)) return `php -r ${q}`;
  if (/^(?:bash|sh|shell|zsh)$/.test(l)) return `bash -c ${q}`;
  if (/^(?:r|rscript)$/.test(l)) return `Rscript -e ${q}`;
  return `python3 -c ${q}`;
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

/** The command a `command` row's template makes of the input (see McpToolRow.template); null when a required field is missing. */
export function expandTemplate(template: string, input: Record<string, unknown>): string | null {
  const value = (names: string): string | null => {
    for (const n of names.split('|')) {
      const v = input[n];
      if (typeof v === 'string' && v !== '') return shellWord(v);
      if (typeof v === 'number') return String(v);
      if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')) return v.map((x) => shellWord(x as string)).join(' ');
    }
    return null;
  };
  const fill = (part: string): string | null => {
    let out = '';
    let i = 0;
    while (i < part.length) {
      const open = part.indexOf('{', i);
      if (open < 0) break;
      const close = part.indexOf('}', open);
      if (close < 0) break;
      out += part.slice(i, open);
      const name = part.slice(open + 1, close);
      if (name.startsWith('?')) {
        const v = input[name.slice(1)];
        if (v !== true && v !== 'true') return null;
      } else {
        const v = value(name);
        if (v === null) return null;
        out += v;
      }
      i = close + 1;
    }
    return out + part.slice(i);
  };
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('[', i);
    const head = fill(template.slice(i, open < 0 ? template.length : open));
    if (head === null) return null;
    out += head;
    if (open < 0) break;
    const close = template.indexOf(']', open);
    if (close < 0) return null;
    out += fill(template.slice(open + 1, close)) ?? '';
    i = close + 1;
  }
  return out;
}

/** The web API host of a remote-repository server, for an upload. */
export function uploadHost(server: string): string {
  if (server.includes('gitlab')) return 'gitlab.com/api/v4';
  if (server.includes('gitea')) return 'gitea.com/api/v1';
  if (server.includes('bitbucket')) return 'api.bitbucket.org/2.0';
  return 'api.github.com';
}

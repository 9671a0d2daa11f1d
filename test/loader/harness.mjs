// One headless run of the pinned real Claude Code (devDependencies) in a scratch workspace written
// from a file map, offline against the scripted model server of test/real-hosts (model-server.mjs).
// What the run shows is what the CLI loaded: the `init` stream event lists the agents, skills and
// slash commands; the first main-loop request to the model carries the agent and skill listings
// (name, description, tools); a subagent's own request carries the tools it really got; hooks leave
// a trace in files, MCP calls reach mcp-server.mjs; the debug file says why something was skipped. See
// ../real-hosts/model-server.mjs.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer } from '../real-hosts/model-server.mjs';
import { ROOT, cli } from '../real-hosts/world.mjs';

const RUN_TIMEOUT_MS = 60_000;
/** A subagent's prompt starts with this, so its requests can be told from the main loop's. */
const PROBE = 'LOADER-PROBE';

/**
 * A scratch world: `ws` (the project) and `home` (HOME), filled from `files` (paths relative to the
 * project; `~/…` relative to HOME; `$WS`, `$HOME` and `$LOG` in contents are replaced).
 */
export function makeWorkspace(name, files, { mcp = [] } = {}) {
  const root = mkdtempSync(join(tmpdir(), `agent-guard-loader-${name}-`));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  const log = join(root, 'hook.log');
  mkdirSync(ws);
  mkdirSync(home);
  const fill = (t) => t.replaceAll('$WS', ws).replaceAll('$HOME', home).replaceAll('$LOG', log);
  for (const [p, t] of Object.entries(files)) {
    const file = p.startsWith('~/') ? join(home, p.slice(2)) : join(ws, p);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fill(t));
  }
  // The workspace is trusted, as after the trust dialog: otherwise project-scoped allow rules are
  // dropped. `mcp` names user-scope MCP servers (mcp-server.mjs, one `ping` tool each).
  const mcpLog = join(root, 'mcp.log');
  const mcpServers = Object.fromEntries(
    mcp.map((n) => [n, { type: 'stdio', command: process.execPath, args: [join(dirname(fileURLToPath(import.meta.url)), 'mcp-server.mjs'), n, mcpLog] }]),
  );
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [ws]: { hasTrustDialogAccepted: true } }, mcpServers }));
  return {
    root,
    ws,
    home,
    log,
    /** The MCP tool calls that reached the servers ("<server> <tool>"). */
    mcpCalls: () => (existsSync(mcpLog) ? readFileSync(mcpLog, 'utf8').split('\n').filter(Boolean) : []),
    /** The lines hooks appended to $LOG. */
    hookLog: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
    // Retries: a hook run in this world (by the host, or by `status`'s execution check) may have
    // started the background build of its startup snapshot, which writes into the world's cache
    // folder while this removes it (ENOTEMPTY); the build ends within seconds.
    dispose: () => rmSync(root, { recursive: true, force: true, maxRetries: 30, retryDelay: 100 }),
  };
}

/** Agent Guard's own linter over the workspace, as a user runs it (`agent-guard lint --format json`). */
export function lint(w) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'lint', '--format', 'json', '.'], {
    cwd: w.ws,
    encoding: 'utf8',
    env: { ...process.env, HOME: w.home },
  });
  if (r.status === 2 || !r.stdout.trim().startsWith('[')) throw new Error(`agent-guard lint failed (${r.status}): ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * Runs `claude -p` in the workspace. `steps` are the main loop's tool calls (Claude Code's names);
 * `agents` lists subagent types to start, one Agent call each, before the steps.
 * `skipPermissions`: --dangerously-skip-permissions (without it, in -p mode, whatever would prompt is denied).
 */
export async function runClaude(w, { steps = [], agents = [], prompt = 'Do the task.', skipPermissions = true, env: extraEnv = {} } = {}) {
  const { file } = cli('claude');
  const subagents = {};
  const text = (m) => (typeof m?.content === 'string' ? m.content : Array.isArray(m?.content) ? m.content.map((c) => c.text ?? '').join(' ') : '');
  const script = [...agents.map((a) => ({ tool: 'Agent', input: { subagent_type: a, description: `probe ${a}`, prompt: `${PROBE} ${a}` } })), ...steps];
  const server = await startModelServer({
    steps: script,
    maxRequests: 40 + 3 * script.length,
    choose: ({ body }) => {
      const m = new RegExp(`${PROBE} (\\S+)`).exec(text(body.messages?.[0]));
      if (!m) return undefined;
      subagents[m[1]] = { tools: body.tools.map((t) => t.name), model: body.model };
      return null;
    },
  });
  const debugFile = join(w.root, 'debug.txt');
  const args = [
    '-p',
    prompt,
    '--output-format',
    'stream-json',
    '--verbose',
    '--debug-file',
    debugFile,
    ...(skipPermissions ? ['--dangerously-skip-permissions'] : []),
  ];
  const env = {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: w.home,
    TERM: 'dumb',
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    IS_SANDBOX: '1',
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-scripted',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ...extraEnv,
  };
  const result = await new Promise((res) => {
    const p = spawn(file, args, { cwd: w.ws, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), RUN_TIMEOUT_MS);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      res({ code, signal, stdout, stderr });
    });
  });
  server.stop();
  const events = result.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  const init = events.find((e) => e.type === 'system' && e.subtype === 'init') ?? null;
  const main = server.requests.filter((r) => r.main).map((r) => JSON.parse(r.body));
  const first = main.find((b) => !new RegExp(PROBE).test(text(b.messages?.[0]))) ?? null;
  const system = first ? JSON.stringify(first).replaceAll('\\n', '\n') : '';
  return {
    ...result,
    events,
    init,
    /** Every main-loop request body the model server received, parsed. */
    main,
    /** The main loop's first request, as one text (system prompt, reminders, tool list). */
    system,
    subagents,
    debug: existsSync(debugFile) ? readFileSync(debugFile, 'utf8') : '',
    /** The tool result the main loop's model read after its step `i` (0-based, counting the agent probes). */
    resultAfter(i) {
      const req = main.find((b) => !new RegExp(PROBE).test(text(b.messages?.[0])) && countResults(b) === i + 1);
      const last = req?.messages
        .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
        .filter((c) => c.type === 'tool_result')
        .at(-1);
      return last === undefined ? null : typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
    },
    describe() {
      return `claude exited ${result.code}${result.signal ? ` (${result.signal})` : ''}; ${server.requests.length} model requests\nstdout: ${result.stdout.slice(-1500)}\nstderr: ${result.stderr.slice(-1500)}`;
    },
  };
}

function countResults(body) {
  return (body.messages ?? [])
    .filter((m) => m.role === 'user' && Array.isArray(m.content))
    .reduce((n, m) => n + m.content.filter((c) => c?.type === 'tool_result').length, 0);
}

/** The entries of a listing: the lines after `header` up to the first blank line, each "- …" with its continuation lines. */
function listing(run, header) {
  const at = run.system.indexOf(header);
  if (at < 0) return [];
  const rest = run.system.slice(at + header.length).replace(/^\n+/, '');
  const end = rest.indexOf('\n\n');
  return (end < 0 ? rest : rest.slice(0, end)).split(/\n(?=- )/).filter((e) => e.startsWith('- '));
}

/** The agent listing the model was given: name → { description, tools } ("- name: description (Tools: …)"). */
export function listedAgents(run) {
  const out = {};
  for (const e of listing(run, 'Available agent types for the Agent tool:')) {
    const m = /^- ([^:]+): ([\s\S]*) \(Tools: (.*)\)$/.exec(e);
    if (m) out[m[1]] = { description: m[2].trim(), tools: m[3] };
  }
  return out;
}

/** The skill listing the model was given: name → { title, description } ("- folder (name): description"). */
export function listedSkills(run) {
  const out = {};
  for (const e of listing(run, 'The following skills are available for use with the Skill tool:')) {
    const m = /^- ([^\s:(]+)(?: \(([^)]*)\))?: ([\s\S]*)$/.exec(e);
    if (m) out[m[1]] = { title: m[2] ?? null, description: m[3].trim() };
  }
  return out;
}

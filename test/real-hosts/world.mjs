// The scratch world one real-host test runs in, and the runners for the three CLIs.
//   <root>/home      HOME for the CLI, the installer and git (nothing of the machine's own)
//   <root>/ws        a git repository whose main was pushed to <root>/remote.git and then rewritten,
//                    so a force push would move the remote ref; .env.production holds a fake secret
//   <root>/bin/node  a wrapper that times each hook run and records its input, output and exit code
// The CLIs come from node_modules (devDependencies, pinned), or from $AGENT_GUARD_HOST_CLIS.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer } from './model-server.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NM = process.env.AGENT_GUARD_HOST_CLIS || join(ROOT, 'node_modules');
const PLATFORM = `${process.platform}-${process.arch}`;
/** Shared between runs: the Copilot CLI unpacks its ~235 MB runtime here once. */
const CACHE = join(tmpdir(), 'agent-guard-hosts-cache');
/** A CLI that does not finish in this time is killed (and the test fails). OpenCode's first start in a fresh HOME installs its plugin package. */
const RUN_TIMEOUT_MS = 300_000;
/** Seconds of CLI runs per host (the suite reports them): hosts run side by side, so the wall time is less than their sum. */
export const RUN_SECONDS = {};

const CODEX_TRIPLE = {
  'linux-x64': 'x86_64-unknown-linux-musl',
  'linux-arm64': 'aarch64-unknown-linux-musl',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
};

const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies;

/** The CLI's entry point, after checking that the pinned version is what is installed. Throws (loudly) otherwise. */
export function cli(host) {
  const [pkg, entry] = {
    claude: ['@anthropic-ai/claude-code', `@anthropic-ai/claude-code-${PLATFORM}/claude`],
    gemini: ['@google/gemini-cli', '@google/gemini-cli/bundle/gemini.js'],
    copilot: ['@github/copilot', `@github/copilot-${PLATFORM}/copilot`],
    // The platform package holds the native binary (its launcher, bin/codex.js, only finds and runs it).
    codex: ['@openai/codex', `@openai/codex-${PLATFORM}/vendor/${CODEX_TRIPLE[PLATFORM] ?? 'unknown'}/bin/codex`],
    opencode: ['opencode-ai', `opencode-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}/bin/opencode`],
    qwen: ['@qwen-code/qwen-code', '@qwen-code/qwen-code/cli-entry.js'],
    // droid's and Kilo's platform packages hold the native binaries; Cline's launcher finds its own.
    droid: ['droid', `@factory/cli-${PLATFORM}/bin/droid`],
    kilo: ['@kilocode/cli', `@kilocode/cli-${PLATFORM}/bin/kilo`],
    cline: ['cline', 'cline/bin/cline'],
  }[host];
  const manifest = join(NM, pkg, 'package.json');
  if (!existsSync(manifest)) throw new Error(`${pkg} is not installed in ${NM}: run npm install (it is a pinned devDependency)`);
  const version = JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (version !== pinned[pkg]) throw new Error(`${pkg} ${version} is installed, but package.json pins ${pinned[pkg]}: run npm install`);
  const file = join(NM, entry);
  if (!existsSync(file)) throw new Error(`${pkg}: ${file} is missing (no build of the CLI for ${PLATFORM}?)`);
  return { file, version };
}

function git(cwd, env, ...args) {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=Agent Guard Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args],
    { cwd, env, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

export const TEST_FILE = "it('works', () => {});\n";
/** A Stripe-format live key, assembled here so that no scanner takes this file for a leak. */
export const FAKE_KEY = ['sk', 'live', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'].join('_');

export function makeWorld(name) {
  const root = mkdtempSync(join(tmpdir(), `agent-guard-hosts-${name}-`));
  const home = join(root, 'home');
  const ws = join(root, 'ws');
  const remote = join(root, 'remote.git');
  const bin = join(root, 'bin');
  const trace = join(root, 'trace');
  for (const d of [home, ws, bin, trace, join(ws, 'sub')]) mkdirSync(d);
  const gitEnv = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  git(root, gitEnv, 'init', '-q', '--bare', remote);
  git(ws, gitEnv, 'init', '-q');
  writeFileSync(join(ws, 'README.md'), '# scratch project\n');
  writeFileSync(join(ws, 'sub', 'notes.md'), 'notes\n');
  mkdirSync(join(ws, 'test'));
  writeFileSync(join(ws, 'test', 'a.test.js'), TEST_FILE);
  // No .gitignore: Gemini CLI and Claude Code's @-imports skip git-ignored files by themselves.
  git(ws, gitEnv, 'add', 'README.md', 'sub/notes.md', 'test/a.test.js');
  git(ws, gitEnv, 'commit', '-q', '-m', 'first');
  git(ws, gitEnv, 'remote', 'add', 'origin', remote);
  git(ws, gitEnv, 'push', '-q', 'origin', 'main');
  git(ws, gitEnv, 'commit', '-q', '--amend', '-m', 'rewritten');
  // Gemini CLI: the base URL alone selects a gateway auth type that -p rejects; name the API-key one.
  mkdirSync(join(home, '.gemini'));
  writeFileSync(join(home, '.gemini', 'settings.json'), '{\n  "security": { "auth": { "selectedType": "gemini-api-key" } }\n}\n');
  const secret = `agent-guard-fake-secret-${randomBytes(6).toString('hex')}`;
  writeFileSync(join(ws, '.env.production'), `API_TOKEN=${secret}\n`);
  // The hook wrapper: `node <…/agent-guard.cjs>` and `node --snapshot-blob <blob> <…/agent-guard.cjs>`
  // (the installed command's start from the startup snapshot, core/install/installer.ts snapshotFirst)
  // are timed and recorded; anything else runs node as is.
  writeFileSync(
    join(bin, 'node'),
    `#!/bin/sh
h=$1; [ "$1" = --snapshot-blob ] && h=$3
case "$h" in
  */agent-guard.cjs)
    t="${trace}/$(date +%s%N).$$"
    cat > "$t.in"
    s=$(date +%s%N)
    "${process.execPath}" "$@" < "$t.in" > "$t.out" 2> "$t.err"
    rc=$?
    e=$(date +%s%N)
    echo "$s $e $rc" > "$t.meta"
    cat "$t.out"
    cat "$t.err" >&2
    exit $rc;;
esac
exec "${process.execPath}" "$@"
`,
  );
  chmodSync(join(bin, 'node'), 0o755);
  return {
    root,
    home,
    ws,
    remote,
    secret,
    secretFile: join(ws, '.env.production'),
    remoteMain: () => git(root, gitEnv, '--git-dir', remote, 'rev-parse', 'main'),
    localMain: () => git(ws, gitEnv, 'rev-parse', 'main'),
    /** PATH for the CLIs: the wrapper first. */
    path: `${bin}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    /** The hook runs since the last call: input, stdout, stderr, exit code, milliseconds. */
    takeHookRuns() {
      const runs = [];
      for (const f of readdirSync(trace)
        .filter((x) => x.endsWith('.meta'))
        .sort()) {
        const base = join(trace, f.slice(0, -'.meta'.length));
        const [s, e, rc] = readFileSync(`${base}.meta`, 'utf8').trim().split(' ');
        runs.push({
          input: readFileSync(`${base}.in`, 'utf8'),
          stdout: readFileSync(`${base}.out`, 'utf8'),
          stderr: readFileSync(`${base}.err`, 'utf8'),
          exitCode: Number(rc),
          ms: (Number(e) - Number(s)) / 1e6,
        });
        for (const ext of ['.in', '.out', '.err', '.meta']) rmSync(`${base}${ext}`);
      }
      return runs;
    },
    // Retries: a hook run in this world (by the host, or by `status`'s execution check) may have
    // started the background build of its startup snapshot, which writes into the world's cache
    // folder while this removes it (ENOTEMPTY); the build ends within seconds.
    dispose: () => rmSync(root, { recursive: true, force: true, maxRetries: 30, retryDelay: 100 }),
  };
}

/** Our own installer, as a user runs it (HOME is the world's). */
export function installGuard(world, ...args) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'install', ...args, world.ws], {
    encoding: 'utf8',
    env: { ...process.env, HOME: world.home, COPILOT_HOME: '' },
  });
  if (r.status !== 0) throw new Error(`agent-guard install ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const patchLines = (text, sign) =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `${sign}${l}`)
    .join('\n');

/** Tool calls in each host's own names and argument shapes. */
export const TOOLS = {
  claude: {
    shell: (command) => ({ tool: 'Bash', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'Read', input: { file_path: file } }),
    write: (file, content) => ({ tool: 'Write', input: { file_path: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'Edit', input: { file_path: file, old_string: oldText, new_string: newText } }),
  },
  gemini: {
    shell: (command) => ({ tool: 'run_shell_command', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'read_file', input: { file_path: file } }),
    write: (file, content) => ({ tool: 'write_file', input: { file_path: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'replace', input: { file_path: file, instruction: 'scripted', old_string: oldText, new_string: newText } }),
  },
  // Codex has no file-reading tool: it reads with the shell; it writes and edits with apply_patch.
  codex: {
    shell: (command) => ({ tool: 'exec_command', input: { cmd: command } }),
    read: (file) => ({ tool: 'exec_command', input: { cmd: `cat ${file}` } }),
    write: (file, content) => ({ tool: 'apply_patch', input: `*** Begin Patch\n*** Add File: ${file}\n${patchLines(content, '+')}\n*** End Patch\n` }),
    edit: (file, oldText, newText) => ({
      tool: 'apply_patch',
      input: `*** Begin Patch\n*** Update File: ${file}\n@@\n${patchLines(readFileSync(file, 'utf8').replace(/\n$/, ''), '-')}\n${patchLines(readFileSync(file, 'utf8').replace(/\n$/, '').replace(oldText, newText), '+')}\n*** End Patch\n`,
    }),
  },
  opencode: {
    shell: (command) => ({ tool: 'bash', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'read', input: { filePath: file } }),
    write: (file, content) => ({ tool: 'write', input: { filePath: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'edit', input: { filePath: file, oldString: oldText, newString: newText } }),
  },
  kilo: {
    shell: (command) => ({ tool: 'bash', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'read', input: { filePath: file } }),
    write: (file, content) => ({ tool: 'write', input: { filePath: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'edit', input: { filePath: file, oldString: oldText, newString: newText } }),
  },
  qwen: {
    shell: (command) => ({ tool: 'run_shell_command', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'read_file', input: { file_path: file } }),
    write: (file, content) => ({ tool: 'write_file', input: { file_path: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'edit', input: { file_path: file, old_string: oldText, new_string: newText } }),
  },
  // droid's shell tool wants a risk level with every command.
  droid: {
    shell: (command) => ({ tool: 'Execute', input: { command, summary: 'scripted', riskLevelReason: 'scripted', riskLevel: 'low' } }),
    read: (file) => ({ tool: 'Read', input: { file_path: file } }),
    write: (file, content) => ({ tool: 'Create', input: { file_path: file, content } }),
    edit: (file, oldText, newText) => ({ tool: 'Edit', input: { file_path: file, old_str: oldText, new_str: newText } }),
  },
  cline: {
    shell: (command) => ({ tool: 'run_commands', input: { commands: [command] } }),
    read: (file) => ({ tool: 'read_files', input: { files: [{ path: file }] } }),
    write: (file, content) => ({ tool: 'editor', input: { path: file, new_text: content } }),
    edit: (file, oldText, newText) => ({ tool: 'editor', input: { path: file, old_text: oldText, new_text: newText } }),
  },
  copilot: {
    shell: (command) => ({ tool: 'bash', input: { command, description: 'scripted' } }),
    read: (file) => ({ tool: 'view', input: { path: file } }),
    write: (file, content) => ({ tool: 'create', input: { path: file, file_text: content } }),
    edit: (file, oldText, newText) => ({ tool: 'edit', input: { path: file, old_str: oldText, new_str: newText } }),
  },
};

/**
 * Runs one headless session of `host` in `cwd` against a scripted model playing `steps`.
 * Returns what the model was sent, what the hook did, and the CLI's own output.
 */
/**
 * `wrap`: [program, ...args] the CLI's command line is appended to (run it under bwrap, say).
 * `env`: variables added to the CLI's environment (its hooks inherit them).
 */
export async function runHost(host, world, { steps, cwd = world.ws, prompt = 'Do the task.', trustFolder = true, extraArgs = [], wrap = [], env: more = {} }) {
  const { file } = cli(host);
  // The model server stops by itself when the CLI would be killed anyway.
  const server = await startModelServer({ steps, maxMs: RUN_TIMEOUT_MS });
  const base = { PATH: world.path, HOME: world.home, TERM: 'dumb', LANG: 'C.UTF-8', XDG_CACHE_HOME: CACHE, GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
  let cmd;
  let args;
  let env;
  if (host === 'claude') {
    [cmd, args] = [file, ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', ...extraArgs]];
    env = {
      ...base,
      IS_SANDBOX: '1',
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-scripted',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
    };
  } else if (host === 'gemini') {
    [cmd, args] = [process.execPath, [file, '-p', prompt, '--yolo', ...extraArgs]];
    env = { ...base, GEMINI_API_KEY: 'scripted', GOOGLE_GEMINI_BASE_URL: server.url, ...(trustFolder ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}) };
  } else if (host === 'codex') {
    // The model provider on the command line; the project's trust (what Codex asks the person on
    // first start) in config.toml, where Codex reads it and where the installer keeps its own record.
    const config = join(world.home, '.codex', 'config.toml');
    mkdirSync(dirname(config), { recursive: true });
    const mark = '# test: project trust\n';
    const kept = existsSync(config) ? readFileSync(config, 'utf8').split(mark)[0] : '';
    writeFileSync(config, trustFolder ? `${kept}${mark}[projects.${JSON.stringify(world.ws)}]\ntrust_level = "trusted"\n` : kept);
    const provider = `{ name = "scripted", base_url = "${server.url}/v1", wire_api = "responses", env_key = "SCRIPTED_API_KEY" }`;
    [cmd, args] = [
      file,
      [
        'exec',
        '--json',
        '--skip-git-repo-check',
        '--dangerously-bypass-approvals-and-sandbox',
        '-c',
        'model="gpt-5.5"',
        '-c',
        'model_provider="scripted"',
        '-c',
        `model_providers.scripted=${provider}`,
        ...extraArgs,
        prompt,
      ],
    ];
    env = { ...base, SCRIPTED_API_KEY: 'scripted' };
  } else if (host === 'opencode') {
    // An OpenAI-compatible provider (bundled in OpenCode) pointed at the scripted model; nothing
    // fetched (models list, updates, default plugins).
    const config = {
      $schema: 'https://opencode.ai/config.json',
      model: 'scripted/m',
      small_model: 'scripted/m',
      provider: {
        scripted: {
          npm: '@ai-sdk/openai-compatible',
          name: 'scripted',
          options: { baseURL: `${server.url}/v1`, apiKey: 'scripted' },
          models: { m: { name: 'm', tool_call: true } },
        },
      },
      permission: { '*': 'allow', external_directory: 'allow' },
    };
    [cmd, args] = [file, ['run', '--format', 'json', ...extraArgs, prompt]];
    env = {
      ...base,
      // OpenCode installs its plugin package (@opencode-ai/plugin) into its config folders with npm
      // on first start: one npm cache for all runs keeps that to one download.
      npm_config_cache: join(CACHE, 'npm'),
      npm_config_prefer_offline: 'true',
      OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
    };
  } else if (host === 'qwen') {
    // An OpenAI-compatible provider by environment; --yolo runs tools unprompted.
    [cmd, args] = [process.execPath, [file, '-p', prompt, '--yolo', '--auth-type', 'openai', ...extraArgs]];
    env = { ...base, OPENAI_API_KEY: 'scripted', OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: 'scripted', QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' };
  } else if (host === 'droid') {
    // A custom model (bring your own key) pointed at the scripted server; --auto high runs tools unprompted.
    const settings = join(world.home, '.factory', 'settings.json');
    mkdirSync(dirname(settings), { recursive: true });
    writeFileSync(
      settings,
      JSON.stringify({
        customModels: [
          {
            model: 'scripted',
            displayName: 'scripted',
            baseUrl: `${server.url}/v1`,
            apiKey: 'scripted',
            provider: 'generic-chat-completion-api',
            maxOutputTokens: 4096,
          },
        ],
      }),
    );
    [cmd, args] = [file, ['exec', '--model', 'custom:scripted', '--auto', 'high', ...extraArgs, prompt]];
    env = base;
  } else if (host === 'kilo') {
    const config = {
      model: 'scripted/m',
      small_model: 'scripted/m',
      provider: {
        scripted: {
          npm: '@ai-sdk/openai-compatible',
          name: 'scripted',
          options: { baseURL: `${server.url}/v1`, apiKey: 'scripted' },
          models: { m: { name: 'm', tool_call: true } },
        },
      },
      permission: { '*': 'allow', external_directory: 'allow' },
    };
    // --auto: Kilo asks before reading a .env file and, headless, rejects what it would ask.
    [cmd, args] = [file, ['run', '--auto', '--format', 'json', ...extraArgs, prompt]];
    env = {
      ...base,
      npm_config_cache: join(CACHE, 'npm'),
      npm_config_prefer_offline: 'true',
      KILO_CONFIG_CONTENT: JSON.stringify(config),
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_DISABLE_DEFAULT_PLUGINS: '1',
      KILO_DISABLE_LSP_DOWNLOAD: '1',
      KILO_DISABLE_SHARE: '1',
    };
  } else if (host === 'cline') {
    // The provider (OpenAI-compatible, the scripted server) is set up once with `cline auth`; tools are
    // approved by default in a headless run.
    env = base;
    const auth = spawnSync(process.execPath, [file, 'auth', '-p', 'openai', '-k', 'scripted', '-m', 'scripted', '-b', `${server.url}/v1`], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
    });
    if (auth.status !== 0) throw new Error(`cline auth failed (${auth.status}): ${auth.stdout}${auth.stderr}`);
    [cmd, args] = [process.execPath, [file, '--json', ...extraArgs, prompt]];
  } else {
    const config = join(world.home, '.copilot', 'config.json');
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, JSON.stringify({ trustedFolders: trustFolder ? [world.ws] : [] }));
    [cmd, args] = [file, ['-p', prompt, '--allow-all-tools']];
    env = {
      ...base,
      COPILOT_PROVIDER_TYPE: 'anthropic',
      COPILOT_PROVIDER_BASE_URL: server.url,
      COPILOT_PROVIDER_API_KEY: 'scripted',
      COPILOT_MODEL: 'claude-sonnet-4-5',
      COPILOT_OFFLINE: 'true',
    };
  }
  env = { ...env, ...more };
  world.takeHookRuns();
  const started = Date.now();
  const result = await new Promise((res) => {
    const p = spawn(wrap[0] ?? cmd, wrap.length > 0 ? [...wrap.slice(1), cmd, ...args] : args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  RUN_SECONDS[host] = (RUN_SECONDS[host] ?? 0) + (Date.now() - started) / 1000;
  // The session-start check's canary (core/liveness.ts) is not a tool call: kept apart.
  const runs = world.takeHookRuns();
  const canary = (h) => h.input.includes('"agent_guard_canary":true');
  return { ...result, requests: server.requests, hookRuns: runs.filter((h) => !canary(h)), canaryRuns: runs.filter(canary), host };
}

/**
 * Claude Code's reports of its hook runs for `event` (stream-json `hook_response` events: stdout,
 * stderr, exit code). SessionStart's come with --verbose; the others need --include-hook-events.
 */
export function hookResponses(run, event) {
  return run.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_event === event);
}

/** The newest tool result the model was sent in its request after `step` (0-based), as text. */
export function resultAfter(run, step) {
  const req = run.requests.find((r) => r.main && r.toolResults === step + 1);
  if (!req) return null;
  const body = JSON.parse(req.body);
  if (Array.isArray(body.messages) && body.messages.some((m) => m?.role === 'tool')) {
    const last = body.messages.findLastIndex((m) => m?.role === 'tool');
    const out = body.messages[last].content;
    // What the host tells the model about the call right after its result (Cline's hook context) is read with it.
    const context = body.messages
      .slice(last + 1)
      .filter((m) => m?.role === 'user' && typeof m.content === 'string' && m.content.startsWith('<hook_context'))
      .map((m) => `\n${m.content}`);
    return (typeof out === 'string' ? out : JSON.stringify(out ?? null)) + context.join('');
  }
  if (Array.isArray(body.input)) {
    const out = body.input.filter((i) => i?.type === 'function_call_output' || i?.type === 'custom_tool_call_output').at(-1)?.output;
    return typeof out === 'string' ? out : JSON.stringify(out ?? null);
  }
  if (Array.isArray(body.contents)) {
    const parts = body.contents.flatMap((c) => c.parts ?? []).filter((p) => p.functionResponse);
    return JSON.stringify(parts.at(-1)?.functionResponse?.response ?? null);
  }
  const results = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((c) => c.type === 'tool_result');
  const last = results.at(-1);
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? null);
}

/** Did any request to the model contain this text? */
export const modelSaw = (run, text) => run.requests.some((r) => r.body.includes(text));

export function describeRun(run) {
  return `${run.host} exited ${run.code}${run.signal ? ` (${run.signal})` : ''}; ${run.requests.length} model requests (${run.requests.filter((r) => r.main).length} main); ${run.hookRuns.length} hook runs\nstdout: ${run.stdout.slice(-1500)}\nstderr: ${run.stderr.slice(-1500)}`;
}

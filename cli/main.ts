// dist/cli.cjs: the `agent-guard` command. Thin: parses arguments, calls the core, prints.
// Exit codes: 0 ok, 1 findings / not guarded, 2 usage or internal error.

// Each command's module is imported when that command runs (the bundler makes those modules lazy):
// `lint` does not start the installer, the git runner or child_process, and a command pays only
// for what it loads.

import { parseArgs } from 'node:util';
import { escapeControl } from '../core/terminal';
import { agentSessionMarker } from '../core/consent';

class UsageError extends Error {
  /** The message already says what to do next (no "Run … --help" to add). */
  constructor(
    message: string,
    readonly complete = false,
  ) {
    super(message);
  }
}

/**
 * A reader that stops early (`agent-guard lint | head`) closes the pipe: stop quietly with the
 * exit code so far, as Unix tools do, instead of an unhandled stream error.
 */
function quietOnClosedOutput(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    process.stderr.write(`agent-guard: cannot write the output: ${escapeControl(err.message, 'text')}\n`);
    process.exit(2);
  });
}

/** `-h`/`--help` among a command's own words (not after `--`, where words are the user's). */
function asksForHelp(rest: readonly string[]): boolean {
  const end = rest.indexOf('--');
  return (end < 0 ? rest : rest.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

const KNOWN = new Set([
  'version',
  'check',
  'install',
  'status',
  'sync',
  'uninstall',
  'lint',
  'allow',
  'test',
  'log',
  'replay',
  'trust',
  'untrust',
  'explain',
  'help',
]);

/**
 * `trust` and `allow` record the person's consent: inside an agent's tool call (a way in that
 * guard-tamper did not read) they refuse, exit 2. Null: go on.
 */
function refusedInAgent(command: 'trust' | 'allow'): number | null {
  const marker = agentSessionMarker(process.env);
  if (!marker) return null;
  process.stderr.write(
    `agent-guard: ${command} records your consent, so it runs only in your own terminal, not in an agent's tool call (${marker} says this is one)\n`,
  );
  return 2;
}

async function main(command: string | undefined, rest: string[]): Promise<number> {
  quietOnClosedOutput();
  if (command !== undefined && KNOWN.has(command) && command !== 'help' && asksForHelp(rest)) {
    const { commandHelp, pageOf } = await import('./help');
    process.stdout.write(pageOf(commandHelp(command)!));
    return 0;
  }
  switch (command) {
    case 'version':
    case '--version':
    case '-V':
    case '-v':
      process.stdout.write(`agent-guard ${AGENT_GUARD_VERSION}\n`);
      return 0;
    case 'check': {
      if (rest.length > 0) throw new UsageError(`check takes no arguments (got ${JSON.stringify(rest[0])}); it reads the payload on stdin`);
      // Typed at a terminal, it would wait for input without a word: say what it waits for.
      if (process.stdin.isTTY)
        process.stderr.write('agent-guard check: reading one PreToolUse payload (JSON) from stdin; end it with Ctrl-D. See agent-guard check --help.\n');
      const { emit, readStdin, runHook, tooLargeReply } = await import('./run-hook');
      const { text, tooLarge } = await readStdin();
      const run = tooLarge ? tooLargeReply() : runHook(text);
      emit(run);
      return run.exitCode;
    }
    case 'install':
      return (await import('./install-commands')).runInstall(rest);
    case 'status':
      return (await import('./install-commands')).runStatus(rest);
    case 'sync':
      return (await import('./install-commands')).runSync(rest);
    case 'uninstall':
      return (await import('./install-commands')).runUninstall(rest);
    case 'lint':
      return (await import('./lint-command')).runLint(rest);
    case 'allow':
      return refusedInAgent('allow') ?? (await import('./allow-command')).runAllow(rest);
    case 'test':
      return (await import('./workspace-commands')).runTest(rest);
    case 'log':
      return (await import('./log-command')).runLog(rest);
    case 'replay':
      return (await import('./replay-command')).runReplay(rest);
    case 'trust':
      return refusedInAgent('trust') ?? (await import('./workspace-commands')).runTrust(rest, true);
    case 'untrust':
      return (await import('./workspace-commands')).runTrust(rest, false);
    case 'explain': {
      const { explainCommand } = await import('./explain');
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { cwd: { type: 'string' }, json: { type: 'boolean' } } });
      if (positionals.length === 0) throw new UsageError('explain needs a command, in quotes: agent-guard explain "rm -rf ~"');
      const out = explainCommand(positionals.join(' '), { cwd: values.cwd ?? process.cwd(), json: values.json ?? false });
      process.stdout.write(out.text);
      return out.denied ? 1 : 0;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h': {
      const help = await import('./help');
      const topic = command === undefined ? undefined : rest.find((a) => a !== '--help' && a !== '-h');
      if (topic === undefined) {
        (command === undefined ? process.stderr : process.stdout).write(help.overview());
        return command === undefined ? 2 : 0;
      }
      const page = help.commandHelp(topic);
      if (!page) throw new UsageError(help.unknownCommand(topic), true);
      process.stdout.write(help.pageOf(page));
      return 0;
    }
    default: {
      const { unknownCommand } = await import('./help');
      throw new UsageError(unknownCommand(command), true);
    }
  }
}

const [command, ...rest] = process.argv.slice(2);
main(command, rest).then(
  (code) => {
    process.exitCode = code;
  },
  async (err: unknown) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // Said once, with what to do next; the usage is one `--help` away, not repeated under every error.
      const { usageError } = await import('./help');
      const known = command !== undefined && KNOWN.has(command) ? command : undefined;
      const text = err instanceof UsageError && err.complete ? err.message : usageError(known, (err as Error).message, rest);
      process.stderr.write(`agent-guard: ${escapeControl(text, 'text')}\n`);
    } else {
      process.stderr.write(`agent-guard: internal error: ${escapeControl(err instanceof Error ? err.message : String(err), 'text')}\n`);
    }
    process.exitCode = 2;
  },
);

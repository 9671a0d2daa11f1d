// dist/cli.cjs: the `agent-guard` command. Thin: parses arguments, calls the core, prints.
// Exit codes: 0 ok, 1 findings / not guarded, 2 usage or internal error.

// Each command's module is imported when that command runs (the bundler makes those modules lazy):
// `lint` does not start the installer, the git runner or child_process, and a command pays only
// for what it loads.

import { parseArgs } from 'node:util';
import { escapeControl } from '../core/terminal';

const USAGE = `agent-guard: guards that keep coding agents from irreversible damage

Usage:
  agent-guard install [workspace]   put the hook into <workspace>/.claude and register it in settings.json
        --local                     register in .claude/settings.local.json (personal, not committed)
        --user                      register in ~/.claude/settings.json (every project)
        --host vscode               VS Code's agent (and the Copilot CLI): writes .github/hooks/agent-guard.json
        --host gemini               Gemini CLI: a BeforeTool hook in .gemini/settings.json (--user: ~/.gemini/settings.json)
        --host copilot              Copilot CLI: .github/hooks/agent-guard.json (--user: ~/.copilot/hooks/agent-guard.json)
        --host codex                Codex CLI: a PreToolUse hook in .codex/hooks.json, trusted in ~/.codex/config.toml (--user: ~/.codex/hooks.json)
        --host cursor               Cursor: a preToolUse hook in .cursor/hooks.json (--user: ~/.cursor/hooks.json)
        --host opencode             OpenCode: the plugin .opencode/plugins/agent-guard.js (--user: ~/.config/opencode/plugins/)
        --host kilo                 Kilo CLI: the same plugin in .kilo/plugins/ (--user: ~/.config/kilo/plugins/)
        --host qwen                 Qwen Code: a PreToolUse hook in .qwen/settings.json (--user: ~/.qwen/settings.json)
        --host droid                Factory droid: a PreToolUse hook in .factory/hooks.json (--user: ~/.factory/hooks.json)
        --host cline                Cline CLI: the hook program .clinerules/hooks/PreToolUse (--user: ~/.cline/hooks/PreToolUse)
        --host all                  every host above that is on this machine, and says which (claude is the default)
        --no-deny-rules             do not add permissions.deny rules for secret files
        --no-self-test              skip running the installed hook once
        --sandbox                   also turn on Claude Code's OS sandbox with read rules for secret files (docs/sandbox.md)
        --managed                   print the managed (org-wide) settings for this OS (--platform darwin|linux|win32);
                                    --write writes them (root), --managed-hooks-only adds allowManagedHooksOnly,
                                    --managed-dir <folder> stages them elsewhere (status and uninstall take it too)
  agent-guard status [workspace]    installed where, in sync or not, anything switching it off (--json)
  agent-guard sync [workspace]      update an outdated hook file and settings entry (--force: replace a hand-edited hook)
  agent-guard uninstall [workspace] remove exactly what install added
  agent-guard lint [paths…]         check agent-visible files (CLAUDE.md, .claude/agents, skills, commands, settings, workflows)
        --format stylish|json|sarif|github   --fix   --max-warnings N   --no-inline-config   -o file
        --base <rev>                CI: <rev>'s .claude/agent-guard.json is what was agreed; what this change loosens is reported, not applied
  agent-guard test [workspace]      run the examples of the workspace's own guards (.claude/guards/*.js); --all adds the built-in ones
  agent-guard trust [file|workspace]  your consent: let the hook run the workspace guards (.claude/guards/*.js) as they are, and apply
                                    what .claude/agent-guard.json and .claude/agent-guard/local.json loosen; untrust withdraws it
  agent-guard log [workspace]       the most recent blocked calls (-n 50, --json)
  agent-guard allow "<command>"     let the guard that denies this command pass it here (yours: .claude/agent-guard/local.json)
        --for session|hour|branch   only for the agent session that was blocked, an hour, or this branch
        --team                      in .claude/agent-guard.json instead (each teammate consents with agent-guard trust)
        --guard id  --cwd dir       (a person's standing permission; the agent cannot add one; for the catastrophic
                                    class you type the command back in a terminal)
  agent-guard check                 read one PreToolUse payload on stdin; behaves exactly like the hook
  agent-guard explain "<command>"   show how a shell command is analysed and which guards fire
  agent-guard version               the version of this agent-guard (also --version)
  agent-guard help                  this text
`;

class UsageError extends Error {}

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

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  quietOnClosedOutput();
  switch (command) {
    case 'version':
    case '--version':
    case '-V':
    case '-v':
      process.stdout.write(`agent-guard ${AGENT_GUARD_VERSION}\n`);
      return 0;
    case 'check': {
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
      return (await import('./allow-command')).runAllow(rest);
    case 'test':
      return (await import('./workspace-commands')).runTest(rest);
    case 'log':
      return (await import('./workspace-commands')).runLog(rest);
    case 'trust':
      return (await import('./workspace-commands')).runTrust(rest, true);
    case 'untrust':
      return (await import('./workspace-commands')).runTrust(rest, false);
    case 'explain': {
      const { explainCommand } = await import('./explain');
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { cwd: { type: 'string' }, json: { type: 'boolean' } } });
      if (positionals.length === 0) throw new UsageError('explain needs a command, e.g. agent-guard explain "rm -rf ~"');
      const out = explainCommand(positionals.join(' '), { cwd: values.cwd ?? process.cwd(), json: values.json ?? false });
      process.stdout.write(out.text);
      return out.denied ? 1 : 0;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`agent-guard: ${escapeControl((err as Error).message, 'text')}\n\n${USAGE}`);
    } else {
      process.stderr.write(`agent-guard: internal error: ${escapeControl(err instanceof Error ? err.message : String(err), 'text')}\n`);
    }
    process.exitCode = 2;
  },
);

// What `agent-guard help`, `agent-guard <command> --help` and `agent-guard help <command>` print,
// and the "did you mean" for a mistyped command or flag. One entry per command: the overview is
// built from the same table, so a command's one-line summary and its page cannot disagree.
// Loaded only for help and usage errors (main.ts imports it lazily).

import { TARGETS } from '../core/install/registry';

export interface Flag {
  /** `--format`, with its short form and argument when it has them. */
  name: string;
  short?: string;
  arg?: string;
  text: string;
}

export interface CommandHelp {
  name: string;
  /** What follows the name on the usage line. */
  args: string;
  summary: string;
  /** Paragraphs after the usage line. */
  details?: string[];
  flags: Flag[];
  examples: string[];
  /** Other names that run this command. */
  aliases?: string[];
}

const WORKSPACE = 'the folder to act on (default: the current folder)';

/** The hosts `--host` takes: the install targets of `--host all` (core/install/registry.ts), and all. */
const HOST_ARG = [...TARGETS.filter((t) => t.inAll).map((t) => t.id), 'all'].join('|');
const HOST_NAMES = TARGETS.filter((t) => t.inAll)
  .map((t) => t.name)
  .join(', ');

export const COMMANDS: readonly CommandHelp[] = [
  {
    name: 'install',
    args: '[workspace]',
    summary: 'put the hook into <workspace>/.claude and register it in settings.json',
    details: [
      'Writes .claude/hooks/agent-guard.cjs and a PreToolUse entry in .claude/settings.json (or the file the flags choose), adds permissions.deny rules for secret files, then runs the installed hook once to prove it denies rm -rf ~.',
    ],
    flags: [
      { name: '--local', text: 'register in .claude/settings.local.json (personal, not committed)' },
      { name: '--user', text: 'register in ~/.claude/settings.json (every project)' },
      {
        name: '--host',
        arg: HOST_ARG,
        text: `the agent host: ${HOST_NAMES} (Claude Code is the default); all: every one on this machine (it says which)`,
      },
      { name: '--no-deny-rules', text: 'do not add permissions.deny rules for secret files' },
      { name: '--no-self-test', text: 'skip running the installed hook once' },
      { name: '--sandbox', text: "also turn on Claude Code's OS sandbox with read rules for secret files (docs/sandbox.md)" },
      { name: '--managed', text: 'print the managed (org-wide) settings for this OS; with --write, write them (needs root)' },
      { name: '--write', text: 'with --managed: write the managed settings instead of printing them' },
      { name: '--platform', arg: 'darwin|linux|win32', text: 'with --managed: the OS to print the settings for' },
      { name: '--managed-dir', arg: 'folder', text: 'with --managed: stage the files in this folder instead' },
      { name: '--managed-hooks-only', text: 'with --managed: add allowManagedHooksOnly (no other hooks run)' },
      { name: '--force', text: 'replace a hook file that was changed by hand' },
      { name: '--json', text: 'print the report as JSON' },
    ],
    examples: ['agent-guard install', 'agent-guard install --host all', 'agent-guard install --user', 'sudo agent-guard install --managed --write'],
  },
  {
    name: 'status',
    args: '[workspace]',
    summary: 'installed where, in sync or not, anything switching it off',
    details: ['Exit code 0 when the folder is guarded by a current hook, 1 otherwise.'],
    flags: [
      { name: '--managed-dir', arg: 'folder', text: 'read managed settings staged in this folder' },
      { name: '--json', text: 'print the report as JSON' },
    ],
    examples: ['agent-guard status', 'agent-guard status --json'],
  },
  {
    name: 'sync',
    args: '[workspace]',
    summary: 'update an outdated hook file and settings entry',
    flags: [
      { name: '--host', arg: HOST_ARG, text: 'only this host (default: every install found)' },
      { name: '--local', text: 'the install in .claude/settings.local.json' },
      { name: '--user', text: 'the install in ~/.claude/settings.json' },
      { name: '--force', text: 'replace a hook file that was changed by hand' },
      { name: '--json', text: 'print the report as JSON' },
    ],
    examples: ['agent-guard sync', 'agent-guard sync --force'],
  },
  {
    name: 'uninstall',
    args: '[workspace]',
    summary: 'remove exactly what install added',
    details: ['Your own settings stay as they are; the log of blocked calls (.claude/agent-guard/decisions.jsonl) is kept.'],
    flags: [
      { name: '--host', arg: HOST_ARG, text: 'only this host (default: every install found)' },
      { name: '--local', text: 'the install in .claude/settings.local.json' },
      { name: '--user', text: 'the install in ~/.claude/settings.json' },
      { name: '--managed', text: 'the managed (org-wide) install (needs root)' },
      { name: '--managed-dir', arg: 'folder', text: 'with --managed: the folder it was staged in' },
      { name: '--force', text: 'remove a hook file that was changed by hand' },
      { name: '--json', text: 'print the report as JSON' },
    ],
    examples: ['agent-guard uninstall', 'agent-guard uninstall --user'],
  },
  {
    name: 'lint',
    args: '[paths…]',
    summary: 'check agent-visible files (CLAUDE.md, .claude/agents, skills, commands, settings, workflows)',
    details: ['Without paths, every agent file of the current folder. Exit code 1 on errors (or more warnings than --max-warnings), 0 otherwise.'],
    flags: [
      { name: '--format', short: '-f', arg: 'stylish|json|sarif|github', text: 'the output format (default: stylish)' },
      { name: '--fix', text: 'apply the safe fixes to the files' },
      { name: '--max-warnings', arg: 'N', text: 'fail when there are more than N warnings' },
      { name: '--no-inline-config', text: 'report what agent-guard-disable comments suppress' },
      { name: '--output-file', short: '-o', arg: 'file', text: 'write the report to a file' },
      { name: '--root', arg: 'folder', text: 'the project the paths belong to (default: the current folder)' },
      {
        name: '--base',
        arg: 'rev',
        text: "CI: <rev>'s .claude/agent-guard.json is what was agreed; what this change loosens is reported, not applied",
      },
    ],
    examples: [
      'agent-guard lint',
      'agent-guard lint CLAUDE.md .claude/agents',
      'agent-guard lint --format sarif -o agent-guard.sarif',
      'agent-guard lint --base origin/main --no-inline-config',
    ],
  },
  {
    name: 'test',
    args: '[workspace]',
    summary: "run the examples of the workspace's own guards (.claude/guards/*.js)",
    flags: [
      { name: '--all', text: 'test the built-in guards too' },
      { name: '--json', text: 'print the results as JSON' },
    ],
    examples: ['agent-guard test', 'agent-guard test --all'],
  },
  {
    name: 'trust',
    args: '[file|workspace]',
    summary: 'your consent: run the workspace guards as they are, and apply what the configuration loosens',
    details: [
      'Lets the hook run the workspace guards (.claude/guards/*.js) with their current content, and apply what .claude/agent-guard.json and .claude/agent-guard/local.json loosen. Review them first: a workspace guard runs as you on every tool call. Changing a file withdraws the consent.',
    ],
    flags: [],
    examples: ['agent-guard trust .claude/guards/no-prod-db.js', 'agent-guard trust'],
  },
  {
    name: 'untrust',
    args: '[file|workspace]',
    summary: 'withdraw the consent trust gave',
    flags: [],
    examples: ['agent-guard untrust .claude/guards/no-prod-db.js'],
  },
  {
    name: 'log',
    args: '[workspace]',
    summary: 'the most recent blocked and monitored calls',
    details: [
      'The decision log (.claude/agent-guard/decisions.jsonl): each call a guard denied or asked about, and each one a guard in monitor mode let run. Its fields and their OpenTelemetry form: docs/decision-log.md.',
    ],
    flags: [
      { name: '-n', arg: 'N', text: 'how many (default: 20 for text, every entry for json and otlp)' },
      { name: '--json', text: 'print them as JSON' },
      { name: '--format', arg: 'text|json|otlp', text: 'otlp: OpenTelemetry logs (OTLP/JSON LogsData) for a collector or an OTLP/HTTP endpoint' },
      { name: '--since', arg: 'time', text: 'only entries after this time (ISO 8601): a job that ships the log passes its last run' },
    ],
    examples: ['agent-guard log', 'agent-guard log -n 50', 'agent-guard log --format otlp --since 2026-12-01T00:00:00Z'],
  },
  {
    name: 'replay',
    args: '[paths…]',
    summary: 'the transcripts agents keep, through the current guard set: what each guard would have stopped',
    details: [
      'Reads the sessions Claude Code, Codex, Gemini CLI and the Copilot CLI keep under your home folder (or the files and folders named) and judges every tool call as the hook would judge it now, against each project as it is today. Per guard: the calls it would have denied or asked about, the commands grouped and ranked, and which of them ran without error then (likely false blocks). Nothing is run, written or logged; secrets are redacted.',
    ],
    flags: [
      { name: '--host', arg: 'claude|codex|gemini|copilot', text: "only these hosts' transcripts (repeat or comma-separate; default: all)" },
      { name: '--project', arg: 'dir', text: 'only the sessions that ran in this project (or a folder inside it)' },
      { name: '--format', short: '-f', arg: 'text|json|sarif', text: 'the output format (default: text)' },
      { name: '--top', arg: 'N', text: 'commands shown per guard (default: 10)' },
      { name: '--jobs', short: '-j', arg: 'N', text: 'worker threads (default: one per core)' },
      { name: '--output', short: '-o', arg: 'file', text: 'write the report to a file' },
      { name: '--no-progress', text: 'no progress bar (it is shown only on a terminal)' },
    ],
    examples: ['agent-guard replay', 'agent-guard replay --project . --host claude', 'agent-guard replay --format sarif -o replay.sarif ~/.codex/sessions'],
  },
  {
    name: 'allow',
    args: '"<command>"',
    summary: 'let the guard that denies this command pass it here',
    details: [
      "A person's standing permission, yours by default (.claude/agent-guard/local.json): that guard lets this command through; any other command is still checked. The agent cannot add one; for the catastrophic class you type the command back in a terminal.",
      'Give the command as one argument, in quotes.',
    ],
    flags: [
      { name: '--for', arg: 'session|hour|branch', text: 'only for the agent session that was blocked, an hour, or this branch' },
      { name: '--team', text: 'in .claude/agent-guard.json instead (each teammate consents with agent-guard trust)' },
      { name: '--guard', arg: 'id', text: 'the guard expected to deny it (refused if another one does)' },
      { name: '--cwd', arg: 'folder', text: 'the workspace (default: the current folder)' },
    ],
    examples: ['agent-guard allow "git push --force origin main"', 'agent-guard allow --guard force-push-protected "git push -f origin main"'],
  },
  {
    name: 'check',
    args: '',
    summary: 'read one PreToolUse payload (JSON) on stdin; behaves exactly like the hook',
    details: ['Prints what the hook would print and exits as it would: a denial is JSON on stdout; no output means no opinion.'],
    flags: [],
    examples: [`echo '{"tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}' | agent-guard check`],
  },
  {
    name: 'explain',
    args: '"<command>"',
    summary: 'show how a shell command is analysed and which guards fire',
    details: ['Give the command as one argument, in quotes. Exit code 1 when a guard denies it.'],
    flags: [
      { name: '--cwd', arg: 'folder', text: 'the folder the command runs in (default: the current folder)' },
      { name: '--json', text: 'print the model as JSON' },
    ],
    examples: ['agent-guard explain "rm -rf ~"', 'agent-guard explain --json "git push --force origin main"'],
  },
  { name: 'version', args: '', summary: 'the version of this agent-guard', flags: [], examples: ['agent-guard --version'], aliases: ['--version', '-V', '-v'] },
  {
    name: 'help',
    args: '[command]',
    summary: 'this text, or one command in detail',
    flags: [],
    examples: ['agent-guard help lint'],
    aliases: ['--help', '-h'],
  },
];

export function commandHelp(name: string): CommandHelp | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}

const flagLabel = (f: Flag) => `${f.short ? `${f.short}, ` : ''}${f.name}${f.arg ? ` ${f.arg}` : ''}`;

/** The overview: one line per command. */
export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.args}`.length));
  const lines = COMMANDS.map((c) => `  agent-guard ${`${c.name} ${c.args}`.padEnd(width)}  ${c.summary}`);
  return `agent-guard: guards that keep coding agents from irreversible damage

Usage:
${lines.join('\n')}

Run agent-guard help <command> (or agent-guard <command> --help) for its options and examples.
`;
}

/** One command's page. */
export function pageOf(c: CommandHelp): string {
  const out = [`agent-guard ${c.name}: ${c.summary}`, '', `Usage: agent-guard ${c.name}${c.args ? ` ${c.args}` : ''}${c.flags.length > 0 ? ' [options]' : ''}`];
  for (const p of c.details ?? []) out.push('', p);
  if (c.args.includes('workspace')) out.push('', `  workspace  ${WORKSPACE}`);
  const flags = [...c.flags, { name: '--help', short: '-h', text: 'this text' }];
  const width = Math.max(...flags.map((f) => flagLabel(f).length));
  out.push('', 'Options:', ...flags.map((f) => `  ${flagLabel(f).padEnd(width)}  ${f.text}`));
  out.push('', 'Examples:', ...c.examples.map((e) => `  ${e}`));
  return `${out.join('\n')}\n`;
}

/** Edit distance with transpositions ("lnit" is one step from "lint"); only small ones matter. */
export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 4;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** The nearest candidate within a typo's reach (a prefix of one counts), or undefined. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const prefixed = candidates.filter((c) => w.length >= 2 && c.startsWith(w));
  if (prefixed.length === 1) return prefixed[0];
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = distance(w, c);
    if (d <= (c.length > 4 ? 2 : 1) && (!best || d < best.d)) best = { c, d };
  }
  return best?.c;
}

/** "unknown command" with a suggestion. */
export function unknownCommand(name: string): string {
  const guess = nearest(
    name,
    COMMANDS.map((c) => c.name),
  );
  return `unknown command "${name}"${guess ? `; did you mean "${guess}"?` : ''}\nRun agent-guard help for the list of commands.`;
}

/** The option Node's parser names in its message ("Unknown option '--formt'"). */
export function unknownOptionOf(message: string): string | undefined {
  return /Unknown option '([^']+)'/.exec(message)?.[1];
}

/** Commands whose argument is a shell command: a dash word there is the user's command, unquoted. */
const TAKES_COMMAND = new Set(['explain', 'allow']);

/**
 * A usage error of one command, said once with what to do: "did you mean" for a mistyped flag,
 * "quote the command" for `explain rm -rf /`, and where the options are listed (not the whole usage).
 */
export function usageError(command: string | undefined, message: string, args: readonly string[] = []): string {
  const c = command ? commandHelp(command) : undefined;
  const more = c ? `Run agent-guard ${c.name} --help for its options.` : 'Run agent-guard help for the list of commands.';
  const option = unknownOptionOf(message);
  if (c && option !== undefined) {
    if (TAKES_COMMAND.has(c.name)) {
      const words = args.filter((a) => a !== '--');
      return `the command to ${c.name === 'explain' ? 'explain' : 'allow'} must be one argument: quote it, as in\n  agent-guard ${c.name} ${JSON.stringify(words.join(' '))}\n${more}`;
    }
    const names = c.flags.flatMap((f) => (f.short ? [f.name, f.short] : [f.name]));
    const guess = option.startsWith('--')
      ? nearest(
          option,
          names.filter((n) => n.startsWith('--')),
        )
      : undefined;
    return `${c.name} has no option ${option}${guess ? `; did you mean ${guess}?` : ''}\n${more}`;
  }
  return `${message}\n${more}`;
}

// What the names in agent files mean, in a sentence each: hook events, built-in tools and
// frontmatter keys, for messages ("This hook runs every time the agent finishes responding") and
// the editor's hovers. Facts from Claude Code's documentation (code.claude.com/docs/en/hooks, sub-agents, skills,
// tools-reference);
// the lists of names themselves are in claude-code.ts.

import { KNOWN_TOOLS, NEVER_CONSULTED, RUNNER_PREFIXES, TOOL_ALIASES } from '../claude-code';
import { parseRule } from './helpers';

/** §1.4: when each hook event fires, as the end of "This hook runs …". */
export const HOOK_EVENT_WHEN: Record<string, string> = {
  SessionStart: 'when a session starts, resumes, or is cleared or compacted',
  Setup: 'when Claude Code sets up or maintains the project (init, maintenance)',
  UserPromptSubmit: 'on every prompt you submit, before the agent sees it',
  UserPromptExpansion: 'whenever a slash command expands into a prompt',
  PreToolUse: 'before every tool call',
  PermissionRequest: 'whenever a permission dialog would be shown',
  PermissionDenied: 'whenever a tool call is denied permission',
  PostToolUse: 'after every successful tool call',
  PostToolUseFailure: 'after every tool call that fails',
  PostToolBatch: 'after every batch of tool calls',
  Notification: 'on every notification (permission prompt, idle prompt, …)',
  MessageDisplay: 'whenever a message is displayed',
  SubagentStart: 'whenever a subagent starts',
  SubagentStop: 'whenever a subagent finishes',
  TaskCreated: 'whenever a task is created',
  TaskCompleted: 'whenever a task is completed',
  Stop: 'every time the agent finishes responding',
  StopFailure: 'whenever a turn ends with an error',
  TeammateIdle: 'whenever a teammate goes idle',
  InstructionsLoaded: 'whenever instruction files (CLAUDE.md, rules) are loaded',
  ConfigChange: 'on every change to a settings file',
  CwdChanged: 'whenever the working folder changes',
  DirectoryAdded: 'whenever a folder is added to the session',
  FileChanged: 'whenever a watched file changes',
  WorktreeCreate: 'whenever a worktree is created',
  WorktreeRemove: 'whenever a worktree is removed',
  PreCompact: 'before every compaction of the conversation',
  PostCompact: 'after every compaction of the conversation',
  Elicitation: 'whenever an MCP server asks for input',
  ElicitationResult: "whenever an answer to an MCP server's request for input is sent",
  SessionEnd: 'when a session ends',
};

/** §1.3: events whose matcher is compared with the tool's name. */
export const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

/** The tool events, narrowed by a matcher to `named` ("Bash", "Edit or Write", "tool matching /^Edit/"). */
const TOOL_EVENT_WHEN: Record<string, (named: string) => string> = {
  PreToolUse: (n) => `before every ${n} call`,
  PostToolUse: (n) => `after every successful ${n} call`,
  PostToolUseFailure: (n) => `after every ${n} call that fails`,
  PermissionRequest: (n) => `whenever a permission dialog would be shown for a ${n} call`,
  PermissionDenied: (n) => `whenever a ${n} call is denied permission`,
};

/**
 * "before every tool call", "before every Bash call": a tool event's matcher narrows it (an empty,
 * `*` or absent one does not); other events ignore the matcher or match something else by it.
 */
export function hookRunsWhen(event: string, matcher?: string): string {
  const when = HOOK_EVENT_WHEN[event] ?? `on every ${event} event`;
  const narrowed = TOOL_EVENT_WHEN[event];
  if (!narrowed || !matcher || matcher === '*') return when;
  // Letters, digits, _, -, spaces, `,` and `|`: a list of exact names; anything else a regular expression.
  const names = /^[\w\s,|-]+$/.test(matcher)
    ? matcher
        .split(/[|,]/)
        .map((t) => t.trim())
        .filter(Boolean)
    : null;
  if (names && names.length === 0) return when;
  const named = names ? (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`) : `tool matching /${matcher}/`;
  return narrowed(named);
}

/** §8: what each built-in tool does, in a sentence (hovers, completion). */
export const TOOL_DOCS: Record<string, string> = {
  Agent: 'Starts a subagent (the tool was called Task before 2.1.63; `Task` still works as an alias).',
  Artifact: 'Creates or updates an artifact shown beside the conversation.',
  AskUserQuestion: 'Asks you a question with choices and waits for the answer.',
  Bash: 'Runs a shell command.',
  CronCreate: 'Schedules a prompt to run on a schedule.',
  CronDelete: 'Removes a scheduled prompt.',
  CronList: 'Lists the scheduled prompts.',
  Edit: 'Changes a file by replacing exact text. `Edit(…)` rules cover every built-in editing tool (Write, NotebookEdit too).',
  EndConversation: 'Ends the conversation.',
  EnterPlanMode: 'Switches the session to plan mode.',
  EnterWorktree: 'Moves the session into a git worktree.',
  ExitPlanMode: 'Presents the plan and leaves plan mode.',
  ExitWorktree: 'Leaves the git worktree.',
  Glob: 'Finds files by name pattern. Path rules written as `Glob(…)` are never consulted: write `Read(…)`.',
  Grep: 'Searches file contents.',
  ListAgents: 'Lists the subagents that can be started.',
  ListMcpResourcesTool: "Lists the MCP servers' resources.",
  LSP: 'Asks a language server: definitions, references, diagnostics.',
  Monitor: 'Runs a command in the background and watches its output. `Bash(…)` rule patterns apply to it.',
  NotebookEdit: 'Edits a Jupyter notebook cell.',
  PowerShell: 'Runs a PowerShell command.',
  PushNotification: 'Sends you a notification.',
  Read: 'Reads a file. `Read(…)` deny rules also keep Grep, Glob and @-mentions away from the path (best effort), and Edit and Write too.',
  ReadMcpResourceTool: 'Reads one resource of an MCP server.',
  RemoteTrigger: 'Triggers a run elsewhere.',
  ReportFindings: 'Reports findings.',
  ScheduleWakeup: 'Schedules the session to continue later.',
  SendMessage: 'Sends a message to another agent.',
  SendUserFile: 'Sends you a file.',
  ShareOnboardingGuide: 'Shares an onboarding guide.',
  Skill: 'Runs a skill or slash command (`Skill(name)` exact, `Skill(name *)` a prefix).',
  TaskCreate: 'Adds a task to the task list.',
  TaskGet: 'Reads a task of the task list.',
  TaskList: 'Lists the tasks.',
  TaskOutput: "Reads a background task's output (deprecated: Read its output file).",
  TaskStop: 'Stops a background task (it was called KillShell).',
  TaskUpdate: 'Updates a task of the task list.',
  TodoWrite: 'Writes the to-do list (off by default in favour of the Task tools).',
  ToolSearch: 'Finds the tools that load on demand, MCP tools among them.',
  WaitForMcpServers: 'Waits for MCP servers to connect.',
  WebFetch: 'Fetches a URL. `WebFetch(domain:example.com)` rules name hosts.',
  WebSearch: 'Searches the web.',
  Workflow: 'Runs a dynamic workflow script (`.claude/workflows/*.js`).',
  Write: 'Creates or overwrites a file. Path rules for it are written `Edit(…)`: a `Write(…)` rule is never consulted.',
};

/** §4: the frontmatter keys of a subagent (`.claude/agents/*.md`). */
export const AGENT_KEY_DOCS: Record<string, string> = {
  name: 'The identity of the agent (lower-case letters and hyphens). Without it Claude Code does not load the file as an agent.',
  description: 'When to use this agent: Claude reads it to decide when to delegate. Required.',
  tools: 'An allowlist: the agent gets only these tools (no MCP tools, no Skill, no tool added later). Omitted: every tool.',
  disallowedTools: 'Tools taken away from the agent; applied before `tools`.',
  model: '`sonnet`, `opus`, `haiku`, `fable`, a full model id, or `inherit` (the default: the main model).',
  permissionMode:
    '`default`, `acceptEdits`, `auto`, `dontAsk`, `bypassPermissions`, `plan` or `manual`; overridden when the parent runs in bypassPermissions or acceptEdits.',
  maxTurns: 'The most turns the agent takes before it stops.',
  skills: 'Skills whose whole content is loaded into the agent at start.',
  mcpServers: 'MCP servers for this agent (inline ones in a project agent need the folder trusted).',
  hooks: 'Hooks that run while this agent is active (`Stop` becomes `SubagentStop`).',
  memory: 'Where the agent keeps memory: `user`, `project` or `local`.',
  background: 'Run the agent in the background.',
  effort: '`low`, `medium`, `high`, `xhigh` or `max`.',
  isolation: '`worktree`: the agent works in a git worktree of its own.',
  color: 'The colour the agent is shown in: red, blue, green, yellow, purple, orange, pink or cyan.',
  initialPrompt: 'A prompt the agent starts with when it runs as the main thread.',
};

/** §5: the frontmatter keys of a skill (`SKILL.md`) or slash command (`.claude/commands/*.md`). */
export const SKILL_KEY_DOCS: Record<string, string> = {
  name: "The skill's display name. Its command is the folder name (a command's: the file name), not this.",
  description: 'What the skill does and when to use it: Claude reads it to decide when to load the skill.',
  when_to_use: 'More on when to use it (listed with the description, 1,536 characters for both).',
  'argument-hint': 'What to type after the command, shown while typing it (`[issue-number]`).',
  arguments: 'Named arguments, used in the body as `$name`.',
  'disable-model-invocation': 'Only you can run it (Claude does not load it by itself).',
  'user-invocable': '`false`: hidden from the / menu; only Claude loads it.',
  'allowed-tools': 'Pre-approves these tools while the skill runs (it does not restrict the others). !`cmd` lines need their command allowed here.',
  'disallowed-tools': 'Tools the skill may not use.',
  model: 'The model to use while the skill runs.',
  effort: '`low`, `medium`, `high`, `xhigh` or `max`.',
  context: '`fork`: run the skill in a subagent of its own.',
  agent: 'With `context: fork`: which subagent type runs it.',
  background: 'With `context: fork`: run it in the background.',
  hooks: 'Hooks registered when the skill runs, for the rest of the session (`once: true` honoured here).',
  paths: 'Globs: the skill applies when the files being worked on match.',
  shell: '`bash` or `powershell`: the shell its !`cmd` lines run in.',
  metadata: 'Free-form data (the Agent Skills format).',
  license: 'The licence of the skill (the Agent Skills format).',
  compatibility: 'What the skill needs (the Agent Skills format).',
};

/** §4: model aliases. */
export const MODEL_DOCS: Record<string, string> = {
  sonnet: 'The latest Sonnet model.',
  opus: 'The latest Opus model.',
  haiku: 'The latest Haiku model.',
  fable: 'The latest Fable model.',
  inherit: 'The model of the conversation that starts the agent (the default).',
};

/** §3: what a permission rule matches, and what it does in `list`, in a sentence or two. */
export function explainRule(rule: string, list: 'allow' | 'ask' | 'deny'): string {
  const { tool: written, spec } = parseRule(rule);
  const tool = TOOL_ALIASES[written] ?? written;
  const alias = tool !== written ? ` (\`${written}\` is the old name of \`${tool}\`)` : '';
  const verb = list === 'allow' ? 'Lets the agent run' : list === 'ask' ? 'Asks you before the agent runs' : 'Blocks';
  const s = spec?.trim() ?? null;
  if (tool.startsWith('mcp__')) {
    const parts = tool.split('__');
    const what =
      parts.length >= 3 && parts[2]
        ? parts[2] === '*'
          ? `every tool of the MCP server \`${parts[1]}\``
          : `the MCP tool \`${parts[2]}\` of \`${parts[1]}\``
        : `every tool of the MCP server \`${parts[1] ?? ''}\``;
    return `${verb} ${what}${list === 'allow' ? ' without asking' : ''}.`;
  }
  if (tool === '*') return `${verb} every tool${list === 'allow' ? ' (skipped: allow rules take tool globs only after a literal mcp__<server>__)' : ''}.`;
  if (!(KNOWN_TOOLS as readonly string[]).includes(tool) && tool !== 'Cd') return `\`${written}\` is not a Claude Code tool name: this rule matches nothing.`;
  const subject = (what: string) => `${verb} ${what}${list === 'allow' ? ' without asking' : ''}.`;
  if (tool === 'Bash' || tool === 'PowerShell' || tool === 'Monitor') {
    const shell = tool === 'PowerShell' ? 'PowerShell commands' : 'shell commands';
    if (s === null || s === '' || s === '*') return `${subject(`every ${tool === 'Monitor' ? 'monitored command' : shell.replace(/s$/, '')}`)}${alias}`;
    const prefix = s.endsWith(':*') ? s.slice(0, -2) : s.endsWith(' *') ? s.slice(0, -2) : null;
    const runner = prefix !== null && RUNNER_PREFIXES.includes(prefix.trim());
    const text =
      prefix !== null && !prefix.includes('*')
        ? `${subject(`${shell} that start with \`${prefix}\``)} Each part of a compound command (\`&&\`, \`|\`, \`;\`) must match on its own.`
        : s.includes('*')
          ? `${subject(`${shell} matching \`${s}\` (\`*\` matches any text, spaces included)`)}`
          : `${subject(`exactly \`${s}\``)}`;
    return `${text}${runner ? ` \`${prefix}\` runs whatever follows it, so this ${list === 'allow' ? 'allows' : 'covers'} every command.` : ''}${alias}`;
  }
  if (NEVER_CONSULTED[tool] && s !== null) return `Claude Code accepts \`${written}(…)\` but never consults it: write \`${NEVER_CONSULTED[tool]}(${s})\`.`;
  if (tool === 'Read' || tool === 'Edit') {
    if (s === null || s === '' || s === '**') return `${subject(`${tool === 'Read' ? 'reading' : 'editing'} any file`)}${alias}`;
    const where = s.startsWith('//')
      ? `the absolute path \`${s.slice(1)}\``
      : s.startsWith('~/')
        ? `\`${s}\` in your home folder`
        : s.startsWith('/')
          ? `\`${s.slice(1)}\` relative to this settings file's project (\`/\` is not the file-system root here: write \`//\` for that)`
          : s.includes('/')
            ? `\`${s}\` relative to the folder Claude Code runs in`
            : `files named \`${s}\` at any depth`;
    return `${subject(`${tool === 'Read' ? 'reading' : 'editing'} ${where}`)}${tool === 'Read' && list === 'deny' ? ' It also keeps Grep, Glob, @-mentions, Edit and Write away from it (best effort); other programs of a shell command are not stopped by it.' : ''}`;
  }
  if (tool === 'WebFetch') {
    if (s?.startsWith('domain:'))
      return subject(`fetching from \`${s.slice(7)}\`${s.slice(7).startsWith('*.') ? ' (its subdomains, not the domain itself)' : ''}`);
    return subject(s ? `fetching \`${s}\`` : 'fetching any URL');
  }
  if (tool === 'Agent') return `${subject(s ? `the subagent \`${s}\`` : 'any subagent')}${alias}`;
  if (tool === 'Skill') return subject(s ? (s.endsWith(' *') ? `skills starting with \`${s.slice(0, -2)}\`` : `the skill \`${s}\``) : 'any skill');
  return `${subject(s ? `\`${tool}\` with \`${s}\`` : `the \`${tool}\` tool`)}${alias}`;
}

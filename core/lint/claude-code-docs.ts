// What the names in agent files mean, in a sentence each: hook events, built-in tools and
// frontmatter keys, for messages ("This hook runs every time the agent finishes responding") and
// the editor's hovers. Facts from Claude Code's documentation (code.claude.com/docs/en/hooks, sub-agents, skills,
// tools-reference);
// the lists of names themselves are in claude-code.ts.

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

// Facts about Claude Code that the rules check against, with the reference section each comes from
// (its documentation at code.claude.com/docs/en/<page>, with the section noted as §n: §1 hooks, §2
// settings, §3 permissions, §4 sub-agents, §5 skills, §8 tools-reference; and the pinned CLI, through
// the loader suite). When Claude Code changes, this is the file to update.

/**
 * The Claude Code version the loader suite (test/loader/, `npm run test:loader`) runs every rule's
 * claim about what Claude Code loads, skips, ignores or renames against. The suite fails when the
 * pinned devDependency is another version: re-run it, revise the rules it names, then bump this.
 */
export const LOADER_VERIFIED = '2.1.332';

/** §8: the canonical built-in tool names (v2.1.240). */
export const KNOWN_TOOLS = [
  'Agent',
  'Artifact',
  'AskUserQuestion',
  'Bash',
  'CronCreate',
  'CronDelete',
  'CronList',
  'Edit',
  'EndConversation',
  'EnterPlanMode',
  'EnterWorktree',
  'ExitPlanMode',
  'ExitWorktree',
  'Glob',
  'Grep',
  'ListAgents',
  'ListMcpResourcesTool',
  'LSP',
  'Monitor',
  'NotebookEdit',
  'PowerShell',
  'PushNotification',
  'Read',
  'ReadMcpResourceTool',
  'RemoteTrigger',
  'ReportFindings',
  'ScheduleWakeup',
  'SendMessage',
  'SendUserFile',
  'ShareOnboardingGuide',
  'Skill',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TodoWrite',
  'ToolSearch',
  'WaitForMcpServers',
  'WebFetch',
  'WebSearch',
  'Workflow',
  'Write',
] as const;

/**
 * §8: removed or renamed tools that match nothing any more → what to use instead (null: no
 * replacement). Old names Claude Code still maps are in TOOL_ALIASES, not here.
 */
export const RENAMED_TOOLS: Record<string, string | null> = {
  LS: 'Glob',
  MultiEdit: 'Edit',
  NotebookRead: 'Read',
  BashOutput: 'Read',
  SlashCommand: 'Skill',
  MCPSearch: 'ToolSearch',
  TeamCreate: null,
  TeamDelete: null,
  AgentOutputTool: 'Read',
};

/** §4: tools a subagent never gets, even when listed. */
export const NEVER_IN_SUBAGENTS = new Set([
  'AskUserQuestion',
  'EndConversation',
  'EnterPlanMode',
  'ExitPlanMode',
  'ScheduleWakeup',
  'TaskOutput',
  'WaitForMcpServers',
  'Workflow',
]);

/** §1.4: hook events. */
export const HOOK_EVENTS = new Set([
  'SessionStart',
  'Setup',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'MessageDisplay',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'StopFailure',
  'TeammateIdle',
  'InstructionsLoaded',
  'ConfigChange',
  'CwdChanged',
  'DirectoryAdded',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'PreCompact',
  'PostCompact',
  'Elicitation',
  'ElicitationResult',
  'SessionEnd',
]);

/** §1.1: handler types and their required field. */
export const HANDLER_REQUIRED: Record<string, string> = { command: 'command', http: 'url', mcp_tool: 'tool', prompt: 'prompt', agent: 'prompt' };

/** §4: agent frontmatter enums. */
export const AGENT_ENUMS: Record<string, readonly string[]> = {
  permissionMode: ['default', 'acceptEdits', 'auto', 'dontAsk', 'bypassPermissions', 'plan', 'manual'],
  color: ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan'],
  effort: ['low', 'medium', 'high', 'xhigh', 'max'],
  memory: ['user', 'project', 'local'],
  isolation: ['worktree'],
};
export const MODEL_ALIASES = ['sonnet', 'opus', 'haiku', 'fable', 'inherit'];

/** §4: built-in subagent types (for workflow agentType). */
export const BUILT_IN_AGENTS = new Set(['Explore', 'Plan', 'general-purpose', 'claude', 'statusline-setup', 'claude-code-guide']);

/** §3.3: tools whose path rules are accepted but never consulted → the rule to write instead. */
export const NEVER_CONSULTED: Record<string, string> = { Write: 'Edit', MultiEdit: 'Edit', NotebookEdit: 'Edit', Glob: 'Read' };

/** §3.2 and §9.3 S24: command prefixes whose allow rule runs arbitrary inner commands. */
export const RUNNER_PREFIXES = [
  'npx',
  'bunx',
  'pnpm dlx',
  'yarn dlx',
  'docker exec',
  'docker run',
  'devbox run',
  'mise exec',
  'direnv exec',
  'bash',
  'sh',
  'zsh',
  'python',
  'python3',
  'node',
  'env',
  'eval',
  'xargs',
  'sudo',
  'uv run',
  'poetry run',
  'deno run',
  'ruby',
  'perl',
  'pwsh',
  'powershell',
];

/** How MCP tools are found and read: blocking these would break the MCP tools a blocklist is meant to keep. */
export const MCP_PLUMBING = new Set(['ToolSearch', 'ListMcpResourcesTool', 'ReadMcpResourceTool']);

/** Built-in tools a subagent can be given and that a blocklist may name (for rewriting an allowlist). */
export function subagentTools(): string[] {
  return KNOWN_TOOLS.filter((t) => !NEVER_IN_SUBAGENTS.has(t) && !MCP_PLUMBING.has(t));
}

/**
 * §3.2 "Read-only commands": what Claude Code runs without a prompt in every mode (so a !`cmd` of
 * one of these needs no allowed-tools entry). Not configurable. Observed with the pinned 2.1.332
 * (a skill per command, invoked in default mode; the loader suite keeps a sample): these ran; not
 * read-only there, so they need an allow rule: env, printenv, command -v, uniq, awk, whereis, npm,
 * gh, go, cargo, curl, kubectl, tee, touch, mkdir, git fetch; and any command with a quoted `$…`
 * ("Quoted text in this command can't be checked"). Read-only git: the inspecting subcommands.
 */
export const READ_ONLY_COMMANDS = new Set([
  'ls',
  'cat',
  'echo',
  'printf',
  'pwd',
  'cd',
  'head',
  'tail',
  'grep',
  'rg',
  'find',
  'tree',
  'wc',
  'which',
  'type',
  'diff',
  'cmp',
  'stat',
  'file',
  'du',
  'df',
  'realpath',
  'readlink',
  'dirname',
  'basename',
  'sha256sum',
  'md5sum',
  'sort',
  'tr',
  'cut',
  'sed',
  'jq',
  'date',
  'uname',
  'whoami',
  'id',
  'hostname',
  'uptime',
  'ps',
  'nproc',
  'free',
  'test',
  'true',
  'false',
]);
/** Version probes that ran without a prompt (observed: python3 --version, node -v). */
export const READ_ONLY_VERSION_PROBES: Record<string, readonly string[]> = { python3: ['--version'], node: ['-v'] };
export const READ_ONLY_GIT = new Set([
  'rev-list',
  'config',
  'status',
  'diff',
  'log',
  'show',
  'rev-parse',
  'ls-files',
  'describe',
  'blame',
  'shortlog',
  'branch',
  'remote',
  'tag',
  'stash',
]);
/** Arguments that make an otherwise read-only command change something. */
export const READ_ONLY_BREAKERS: Record<string, RegExp> = {
  find: /^-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)$/,
  sed: /^(?:-i|--in-place)|^-[a-zA-Z]*i/,
  sort: /^(?:-o|--output)/,
  tree: /^-o$/,
  date: /^(?:-s|--set)/,
  hostname: /^[^-]|^-(?:F|-file)$/,
  branch: /^(-[dDmMcCfu]|--(delete|move|copy|force|set-upstream-to.*|unset-upstream|edit-description))$|^[^-]/,
  remote: /^(add|remove|rm|rename|set-url|set-head|prune|update)$/,
  tag: /^(-[dafsu]|--(delete|annotate|force|sign))$|^[^-]/,
  stash: /^(?!list$|show$)/,
};

/**
 * The built-in tools that act (run commands, write files, reach the network, start agents or
 * schedules). Rewriting a `tools` allowlist as a blocklist blocks those of them it excluded.
 */
export const POWERFUL_TOOLS = [
  'Bash',
  'PowerShell',
  'Monitor',
  'Write',
  'Edit',
  'NotebookEdit',
  'WebFetch',
  'WebSearch',
  'Agent',
  'CronCreate',
  'RemoteTrigger',
  'SendUserFile',
];

/**
 * §3.4, §4: old tool names Claude Code still accepts as aliases in tool lists and rules (the
 * pinned CLI's own alias map, checked by the loader suite; KillBash was KillShell's earlier name).
 */
export const TOOL_ALIASES: Record<string, string> = { Task: 'Agent', KillShell: 'TaskStop', KillBash: 'TaskStop' };

/** §1.3: events whose `matcher` is silently ignored (the hook runs on every such event). */
export const EVENTS_WITHOUT_MATCHER = new Set([
  'UserPromptSubmit',
  'PostToolBatch',
  'Stop',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'WorktreeCreate',
  'WorktreeRemove',
  'MessageDisplay',
  'CwdChanged',
]);
/** §2.3: permissions.defaultMode values (`delegate` is in Claude Code's schema, undocumented). */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions', 'manual', 'delegate'];

/** §2.2: top-level settings keys (the schema's and the docs' table, united: unknown keys are not errors). */
export const SETTINGS_KEYS = (
  '$schema advisorModel agent agentPushNotifEnabled allowAllClaudeAiMcps allowManagedHooksOnly allowManagedMcpServersOnly allowManagedPermissionRulesOnly allowedChannelPlugins allowedHttpHookUrls allowedMcpServers alwaysThinkingEnabled apiKeyHelper askUserQuestionTimeout attribution autoCompactEnabled autoConnectIde autoInstallIdeExtension autoMemoryDirectory autoMemoryEnabled autoMode autoScrollEnabled autoUpdatesChannel availableModels awaySummaryEnabled awsAuthRefresh awsCredentialExport axScreenReader blockedMarketplaces browserExternalPageTools channelsEnabled claudeMd claudeMdExcludes cleanupPeriodDays companyAnnouncements defaultShell deniedMcpServers diffTool disableAgentView disableAllHooks disableArtifact disableAutoMode disableBrowserExternalNavigation disableBundledSkills disableClaudeAiConnectors disableDeepLinkRegistration disableMobileSimulatorTools disableRemoteControl disableSideloadFlags disableSkillShellExecution disableWorkflows disabledMcpjsonServers editorMode effortLevel emojiCompletionEnabled enableAllProjectMcpServers enableArtifact enabledMcpjsonServers enabledPlugins enforceAvailableModels env externalEditorContext extraKnownMarketplaces fallbackModel fastMode fastModePerSessionOptIn feedbackSurveyRate fileCheckpointingEnabled fileSuggestion footerLinksRegexes forceLoginGatewayUrl forceLoginMethod forceLoginOrgUUID forceRemoteSettingsRefresh gcpAuthRefresh hooks httpHookAllowedEnvVars includeCoAuthoredBy includeGitInstructions inputNeededNotifEnabled language managedMcpServers minimumVersion model modelOverrides otelHeadersHelper outputStyle parentSettingsBehavior permissionExplainerEnabled permissions plansDirectory pluginConfigs pluginSuggestionMarketplaces pluginTrustMessage policyHelper prUrlTemplate preferredNotifChannel prefersReducedMotion processWrapper remoteControlAtStartup requireCoworkFullVmSandbox requiredMaximumVersion requiredMinimumVersion respectGitignore respondToBashCommands sandbox showClearContextOnPlanAccept showThinkingSummaries showTurnDuration skillListingBudgetFraction skillListingMaxDescChars skillOverrides skipDangerousModePermissionPrompt skipWebFetchPreflight skippedMarketplaces skippedPlugins spinnerTipsEnabled spinnerTipsOverride spinnerVerbs sshConfigs sshHostAllowlist statusLine strictKnownMarketplaces strictPluginOnlyCustomization subagentStatusLine syntaxHighlightingDisabled teammateDefaultModel teammateMode terminalProgressBarEnabled theme tui useAutoModeDuringPlan verbose viewMode vimInsertModeRemaps voice voiceEnabled wheelScrollAccelerationEnabled workflowKeywordTriggerEnabled workflowSizeGuideline worktree wslInheritsWindowsSettings ' +
  'autoCompactWindow crossSessionInbound dialogExpiry disableCommandPluginSources enableWorkflows isolatePeerMachines keybindingFlavor promptSuggestionEnabled skipAutoPermissionPrompt spellcheck switchModelsOnFlag syncClaudeAiSkills terminalTitleFromRename ultracode'
).split(' ');

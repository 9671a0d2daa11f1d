// One row per host: how it names its tools (the normaliser's aliases onto Claude Code's tool names)
// and how it must be answered (the reply that blocks the call, keeps the session going and puts the
// reason in front of the model). Adding a host is one row here, one install target
// (core/install/targets/<host>.ts) and one real-host test. What each row says was seen in the real
// CLI (test/real-hosts) or, for a host that cannot run here, is cited from its documentation in
// test/host-contracts.test.ts.

/** The verdict as a host reply needs it (core/guards/dispatch.ts's Verdict). */
export interface ReplyVerdict {
  decision: 'deny' | 'ask';
}

export interface HookAnswer {
  stdout: string;
  stderr: string[];
  exitCode: number;
}

export interface Dialect {
  /** Host tool name → the Claude Code tool it is. */
  aliases: Readonly<Record<string, string>>;
  /**
   * The answer to a verdict; `reason` is the text the agent reads (escaped already), `tool` the
   * canonical tool of the denied call (Cline answers a shell call differently from a file tool).
   */
  reply(v: ReplyVerdict, reason: string, tool: string | null): HookAnswer;
}

export type Host = 'claude' | 'vscode' | 'copilot-cli' | 'gemini' | 'cursor' | 'codex' | 'opencode' | 'qwen' | 'droid' | 'cline';

const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: [], exitCode: 0 });

/** Claude Code's PreToolUse answer: exactly these three fields (Codex rejects any other). */
export function claudeForm(decision: 'deny' | 'ask', reason: string): { hookSpecificOutput: Record<string, string> } {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } };
}

export const DIALECTS: Readonly<Record<Host, Dialect>> = {
  // Claude Code: JSON on stdout, exit 0; it has an ask.
  claude: { aliases: {}, reply: (v, reason) => json(claudeForm(v.decision, reason)) },
  // VS Code's agent (Local harness) reads Claude's form; its tool names are its own.
  vscode: {
    aliases: {
      run_in_terminal: 'Bash',
      runTerminalCommand: 'Bash',
      create_file: 'Write',
      createFile: 'Write',
      replace_string_in_file: 'Edit',
      insert_edit_into_file: 'Edit',
      edit_notebook_file: 'NotebookEdit',
      read_file: 'Read',
      grep_search: 'Grep',
    },
    reply: (v, reason) => json(claudeForm(v.decision, reason)),
  },
  // Copilot CLI: with exit 2 the model reads only "hook exited with code 2"; a JSON deny with exit 0
  // carries the reason. Its camelCase dialect reads the top-level fields, its PascalCase dialect (and
  // VS Code's Agent Host) Claude's form: both are given. Its ask loses the user's answer: deny.
  'copilot-cli': {
    aliases: {
      bash: 'Bash',
      shell: 'Bash',
      powershell: 'PowerShell',
      view: 'Read',
      create: 'Write',
      edit: 'Edit',
      str_replace_editor: 'Edit',
      grep: 'Grep',
      rg: 'Grep',
      glob: 'Glob',
      // Copilot CLI's web tools (vscode-agent-hooks.md §Copilot CLI: `web_fetch`, `web_search` keep their names).
      web_fetch: 'WebFetch',
      web_search: 'WebSearch',
    },
    reply: (_v, reason) => json({ permissionDecision: 'deny', permissionDecisionReason: reason, ...claudeForm('deny', reason) }),
  },
  // Gemini CLI ignores Claude's JSON: its own decision form, exit 0. No ask.
  gemini: {
    aliases: {
      run_shell_command: 'Bash',
      read_file: 'Read',
      write_file: 'Write',
      replace: 'Edit',
      grep_search: 'Grep',
      search_file_content: 'Grep',
      glob: 'Glob',
      list_directory: 'LS',
      read_many_files: 'ReadMany',
      // Gemini CLI docs/tools/web-fetch.md and web-search.md (`google_web_search`: `query`); web_fetch's URLs are in its prompt (host-tools.ts).
      web_fetch: 'WebFetch',
      google_web_search: 'WebSearch',
    },
    reply: (_v, reason) => json({ decision: 'deny', reason }),
  },
  // Cursor: `permission` with a message for the user and one for the agent, on every event it
  // blocks (preToolUse and the legacy beforeShellExecution, beforeMCPExecution, beforeReadFile).
  cursor: {
    aliases: { Shell: 'Bash', Read: 'Read', Write: 'Write', StrReplace: 'Edit', Edit: 'Edit', MultiEdit: 'MultiEdit', Grep: 'Grep', Glob: 'Glob', LS: 'LS' },
    reply: (v, reason) => json({ permission: v.decision, user_message: reason, agent_message: reason }),
  },
  // Codex CLI (0.171): Claude's form with only its documented fields; `ask` is rejected as
  // unsupported and the call then runs, so an ask is a deny. Exit 2 was reported treated as a
  // failure on one platform: stdout JSON only. Its shell tool arrives as Bash.
  codex: {
    aliases: { view_image: 'Read' },
    reply: (_v, reason) => json(claudeForm('deny', reason)),
  },
  // OpenCode (and Kilo, its fork, with the same plugin): Agent Guard's own plugin
  // (tool.execute.before) runs the hook and throws with the reason, which the model reads as the
  // tool's error. The plugin reads Claude's form; no ask. Kilo's background_process starts a command.
  opencode: {
    aliases: {
      bash: 'Bash',
      background_process: 'Bash',
      read: 'Read',
      write: 'Write',
      edit: 'Edit',
      multiedit: 'MultiEdit',
      grep: 'Grep',
      glob: 'Glob',
      list: 'LS',
      // OpenCode packages/opencode/src/tool/webfetch.ts (`url`, `format`) and websearch.ts (`query`).
      webfetch: 'WebFetch',
      websearch: 'WebSearch',
    },
    reply: (_v, reason) => json(claudeForm('deny', reason)),
  },
  // Qwen Code (0.24): a Gemini CLI fork with Claude's hook files. It reads Claude's JSON deny (and an
  // exit 2 with the reason on stderr alike; both seen in the real CLI), and names its tools as Gemini
  // does, except `edit` and the shell's `directory`. Its ask is not checked headless: deny.
  qwen: {
    aliases: {
      run_shell_command: 'Bash',
      read_file: 'Read',
      write_file: 'Write',
      edit: 'Edit',
      grep_search: 'Grep',
      glob: 'Glob',
      list_directory: 'LS',
      notebook_edit: 'NotebookEdit',
      read_many_files: 'ReadMany',
      web_fetch: 'WebFetch',
      web_search: 'WebSearch',
    },
    reply: (_v, reason) => json(claudeForm('deny', reason)),
  },
  // Factory's droid (0.215): Claude's hook files and answer (the model reads "Error: <reason>"); its own
  // tool names. No ask checked: deny.
  droid: {
    aliases: { Execute: 'Bash', Create: 'Write', Read: 'Read', Edit: 'Edit', Grep: 'Grep', Glob: 'Glob', LS: 'LS' },
    reply: (_v, reason) => json(claudeForm('deny', reason)),
  },
  // Cline CLI (3.0): its documented `cancel` ends the whole run and the model never reads why (seen in
  // the real CLI). What keeps the session going is `overrideInput`: a shell call is rewritten into a
  // command that prints the reason and fails, so the tool result carries it; any other tool gets an
  // input its schema rejects (nothing runs) and the reason as `context`, which Cline hands the model
  // as a message right after the tool's error. run_commands' commands are checked one by one.
  cline: {
    aliases: { run_commands: 'Bash', read_files: 'ReadMany', editor: 'Edit', search_codebase: 'Grep', fetch_web_content: 'WebFetch' },
    reply: (_v, reason, tool) =>
      json(
        tool === 'Bash'
          ? { overrideInput: { commands: [`printf '%s\\n' ${shellQuote(reason)} >&2; exit 1`] } }
          : { overrideInput: `agent-guard: this call was not run. ${reason}`, context: reason },
      ),
  },
};

/** One POSIX shell word holding `text` as it is. */
function shellQuote(text: string): string {
  return `'${text.split("'").join(`'\\''`)}'`;
}

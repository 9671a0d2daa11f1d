// VS Code workspace trust. In Restricted Mode the extension only lints (the linter and language
// server run nothing from the workspace); what writes the hook into the folder and runs it, or
// runs git there, waits until the user trusts the folder. No vscode import: unit-tested in Node.

/** Commands unavailable in Restricted Mode, with the name the message uses. */
export const TRUSTED_COMMANDS: Readonly<Record<string, string>> = {
  'agentGuard.install': 'Install Guards',
  'agentGuard.sync': 'Sync Guards',
  'agentGuard.checkCommand': 'Check a Command',
  'agentGuard.replay': 'Replay Past Sessions',
};

/** The `when` clause that hides them from the Command Palette in Restricted Mode. */
export const TRUST_WHEN = 'isWorkspaceTrusted';

/** package.json `capabilities.untrustedWorkspaces.description` (kept equal by a test). */
export const RESTRICTED_MODE_DESCRIPTION =
  "In Restricted Mode Agent Guard only lints agent files; the linter runs nothing from the workspace. Install Guards, Sync Guards (also the automatic sync), Check a Command and Replay Past Sessions need a trusted folder: they write the hook into the folder and run it, or run git and the folder's trusted guards.";

export function restrictedMessage(title: string): string {
  return `Agent Guard: ${title} is not available in Restricted Mode, because it writes the hook into this folder and runs it, or runs git here. Trust the folder to use it; linting works either way.`;
}

/**
 * Wraps a command so that it runs only in a trusted workspace; otherwise `refuse` gets the message
 * and the command returns undefined. Commands run from code or a status bar item bypass `when`
 * clauses, so the check lives here too.
 */
export function requireTrust<A extends unknown[], R>(
  id: string,
  isTrusted: () => boolean,
  refuse: (message: string) => void,
  fn: (...args: A) => R,
): (...args: A) => R | undefined {
  const title = TRUSTED_COMMANDS[id];
  if (!title) return fn;
  return (...args: A) => {
    if (isTrusted()) return fn(...args);
    refuse(restrictedMessage(title));
    return undefined;
  };
}

/**
 * Arguments that skip the person's pick (consent, an exception's reach, uninstall's confirmation).
 * `vscode.commands.executeCommand` is reachable from what the repository controls: a
 * `.vscode/tasks.json` or `launch.json` input of type `command` passes its own `args` when a task
 * that names it runs (the default build task, a folder-open task, an agent host's run-task tool).
 * So outside the extension's own tests (ExtensionMode.Test) they are dropped and the pick shows.
 */
const PICKED_BY_THE_PERSON = new Set(['agentGuard.trustWorkspaceGuards', 'agentGuard.allowBlockedCall', 'agentGuard.uninstall']);
const SKIP_THE_PICK = ['confirm', 'confirmed', 'scope', 'team'] as const;

export function commandArguments(id: string, args: readonly unknown[], fromTests: boolean): unknown[] {
  if (!PICKED_BY_THE_PERSON.has(id) || fromTests) return [...args];
  return args.map((a, i) => {
    if (i > 0 || a === null || typeof a !== 'object' || Array.isArray(a)) return a;
    const kept: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const k of SKIP_THE_PICK) delete kept[k];
    return kept;
  });
}

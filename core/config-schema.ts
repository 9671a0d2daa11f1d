// The JSON Schema of .claude/agent-guard.json, built from the guard set (so every guard id is
// offered with its title in the editor), and the commented template a new file starts from.

import { DEFAULT_CONFIG, GUARD_MODES } from './config';
import type { Guard } from './guards/types';

export function configSchema(guards: readonly Guard[]): Record<string, unknown> {
  const mode = { enum: [...GUARD_MODES] };
  const strings = (description: string, def: string[]) => ({ type: 'array', items: { type: 'string' }, uniqueItems: true, default: def, description });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://agent-guard.dev/schemas/agent-guard.schema.json',
    title: 'Agent Guard configuration (.claude/agent-guard.json, .claude/agent-guard/local.json)',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      guards: {
        type: 'object',
        description:
          'Per guard: "deny" (default), "ask" (Claude Code asks you; keep it for irreversible actions), "monitor" (the call runs and the decision log records what the guard would have denied: a rollout starts here) or "off". Below the default, a mode waits for your consent (agent-guard trust).',
        properties: Object.fromEntries(
          [...guards]
            .sort((a, b) => a.id.localeCompare(b.id))
            .map((g) => [g.id, { ...mode, default: DEFAULT_CONFIG.guards[g.id] ?? 'deny', description: `${g.title}. Prevents: ${g.prevents}` }]),
        ),
        additionalProperties: { ...mode, description: 'A workspace guard from .claude/guards/.' },
      },
      protectedBranches: strings('Branch names or globs that must never be force-pushed or deleted on a remote.', DEFAULT_CONFIG.protectedBranches),
      secretFiles: strings('Extra secret-file globs (relative to the project, or a file name); a leading "!" exempts a file.', []),
      migrationDirs: strings('Folders whose committed files are applied migrations.', DEFAULT_CONFIG.migrationDirs),
      allowedWriteRoots: strings('Folders outside the project where the agent may write (absolute or ~/...). /tmp is always allowed.', []),
      failMode: { enum: ['open', 'closed'], default: 'open', description: 'open: a guard error or unreadable input is "no opinion". closed: it denies.' },
      keyHosts: {
        type: 'object',
        description:
          'Secret variable (name or PREFIX_* glob) → hosts (or *.domain globs) it may be sent to; added to the defaults. A key listed here sent anywhere else is denied.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        default: DEFAULT_CONFIG.keyHosts,
      },
      humanFlags: strings(
        '"program flag" pairs the agent may not pass itself ("*" for any program); the call is answered with ask.',
        DEFAULT_CONFIG.humanFlags,
      ),
      exceptions: {
        type: 'array',
        description:
          'Standing permissions (agent-guard allow, or "Allow this here" in VS Code): this guard lets this command (as parsed: other blanks or quoting that keeps the words do not matter) through here. Yours go to .claude/agent-guard/local.json; each applies once you consented to it (agent-guard trust). The agent cannot add them (guard-tamper).',
        items: {
          type: 'object',
          required: ['guard', 'command'],
          additionalProperties: false,
          properties: {
            guard: { enum: [...guards].map((g) => g.id).sort(), description: 'The guard that denied the command.' },
            command: { type: 'string', minLength: 1, description: 'The command as the agent sends it (no patterns).' },
            added: { type: 'string', description: 'When it was added.' },
            session: { type: 'string', minLength: 1, description: 'Only in this agent session (the session id the host sends).' },
            until: { type: 'string', format: 'date-time', description: 'Only until this time.' },
            branch: { type: 'string', minLength: 1, description: 'Only while this branch is checked out.' },
          },
        },
      },
    },
  };
}

export const CONFIG_TEMPLATE = `{
  // Agent Guard configuration. Every key is optional; delete what you do not change.
  // In VS Code, the Agent Guard extension validates this file and completes keys and guard ids.

  // Per guard: "deny" (the default), "ask" (Claude Code asks you first), "monitor" (the call runs and
  // .claude/agent-guard/decisions.jsonl records what the guard would have denied) or "off".
  "guards": {
    // "destructive-git": "ask"
  },

  // Branches that must never be force-pushed or deleted on a remote (globs allowed).
  "protectedBranches": ${JSON.stringify(DEFAULT_CONFIG.protectedBranches)},

  // Extra secret files (globs); "!pattern" exempts one.
  "secretFiles": [],

  // Folders outside the project where the agent may write.
  "allowedWriteRoots": [],

  // "open": a guard error is "no opinion" (the default); "closed": it denies.
  "failMode": "open"
}
`;

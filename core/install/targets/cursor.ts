// Cursor: a preToolUse entry (every tool: shell, reads, writes, MCP, tasks) in .cursor/hooks.json
// (project) or ~/.cursor/hooks.json (--user), Cursor's own format: `version: 1` and flat entries
// `{ command, timeout }` under camelCase events. Cursor has no CLI on npm to run here: the payloads
// and the answer are contract-tested from its documentation (test/host-contracts.test.ts).

import { join } from 'node:path';
import type { EventHookSpec } from '../host-settings';
import { hookCommand, HOOK_TIMEOUT_SECONDS, targetPaths } from '../installer';
import { hooksFileTarget, walkUpCommand, type HooksFile } from '../hooks-file-target';
import type { Place } from '../target';

function cursorFile(t: Place): HooksFile {
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    return {
      paths,
      file: join(t.home, '.cursor', 'hooks.json'),
      label: '~/.cursor/hooks.json',
      key: 'cursor:~/.cursor/hooks.json',
      command: hookCommand(paths.hookFile.replace(/\\/g, '/')),
    };
  }
  // Cursor runs project hooks from the project (or its .cursor folder): the command looks upwards.
  return {
    paths: targetPaths({ ...t, scope: 'project' }),
    file: join(t.workspace, '.cursor', 'hooks.json'),
    label: '.cursor/hooks.json',
    key: '../.cursor/hooks.json',
    command: walkUpCommand('cursor'),
  };
}

function cursorSpec(command: string): EventHookSpec {
  return {
    eventPath: ['hooks', 'preToolUse'],
    group: { hooks: [{ command, timeout: HOOK_TIMEOUT_SECONDS }] },
    flat: true,
    required: { version: 1 },
    commandField: 'command',
    allowComments: false,
    hostName: 'Cursor',
  };
}

export default hooksFileTarget({
  id: 'cursor',
  name: 'Cursor',
  order: 5,
  selfTest: 'cursor',
  file: cursorFile,
  spec: cursorSpec,
  what: 'preToolUse hook for every tool',
  found: { programs: ['cursor', 'cursor-agent'], folders: ['.cursor'] },
});

// Factory's droid: a PreToolUse entry for every tool in .factory/hooks.json (project) or
// ~/.factory/hooks.json (--user). droid's hooks.json holds the events at the top level (a `hooks`
// key there is ignored with a warning in its log); the entries are Claude Code's. droid sets
// FACTORY_PROJECT_DIR (and CLAUDE_PROJECT_DIR) for the hook; the project command finds the hook file
// upwards all the same. What the CLI does with the hook's answer is checked with the real CLI in
// test/real-hosts.

import { join } from 'node:path';
import type { EventHookSpec } from '../host-settings';
import { hookCommand, HOOK_TIMEOUT_SECONDS, targetPaths } from '../installer';
import { hooksFileTarget, walkUpCommand, type HooksFile } from '../hooks-file-target';
import type { Place } from '../target';
import { DROID_CANARY } from '../../liveness';
import { SESSION_CHECK_TIMEOUT_SECONDS, sessionCheckWithContext } from '../liveness';

function droidFile(t: Place): HooksFile {
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    return {
      paths,
      file: join(t.home, '.factory', 'hooks.json'),
      label: '~/.factory/hooks.json',
      key: 'droid:~/.factory/hooks.json',
      command: hookCommand(paths.hookFile.replace(/\\/g, '/')),
    };
  }
  return {
    paths: targetPaths({ ...t, scope: 'project' }),
    file: join(t.workspace, '.factory', 'hooks.json'),
    label: '.factory/hooks.json',
    key: '../.factory/hooks.json',
    command: walkUpCommand('droid'),
  };
}

function droidSpec(command: string): EventHookSpec {
  return {
    eventPath: ['PreToolUse'],
    group: { matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'droid',
  };
}

/** The session-start check (core/install/liveness.ts): every session start, the PreToolUse command on the canary. */
function droidSessionStart(command: string): EventHookSpec {
  return {
    eventPath: ['SessionStart'],
    group: { hooks: [{ type: 'command', command: sessionCheckWithContext(command, DROID_CANARY), timeout: SESSION_CHECK_TIMEOUT_SECONDS }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'droid',
  };
}

export default hooksFileTarget({
  id: 'droid',
  name: 'Factory droid',
  order: 8,
  selfTest: 'droid',
  file: droidFile,
  spec: droidSpec,
  what: 'PreToolUse hook for every tool, and the session-start check that runs it',
  found: { programs: ['droid'], folders: ['.factory'] },
  sessionStart: droidSessionStart,
  canary: { form: DROID_CANARY, env: (place) => ({ FACTORY_PROJECT_DIR: place.workspace, CLAUDE_PROJECT_DIR: place.workspace }) },
});

// Qwen Code: a PreToolUse entry for every tool in .qwen/settings.json (project) or
// ~/.qwen/settings.json (--user), Claude Code's hook format (groups of { type, command, timeout }
// with the timeout in seconds), edited surgically like Claude Code's settings. Qwen Code runs the
// hook from the session's folder and sets QWEN_PROJECT_DIR; the project command finds the hook file
// upwards all the same (a session started in a subfolder). It loads a project's hooks only in a
// folder it trusts when folder trust is on. What the CLI does with the hook's answer is checked with
// the real CLI in test/real-hosts.

import { join } from 'node:path';
import type { EventHookSpec } from '../host-settings';
import { hookCommand, HOOK_TIMEOUT_SECONDS, readIfExistsQuiet, targetPaths } from '../installer';
import { hooksFileTarget, walkUpCommand, type HooksFile } from '../hooks-file-target';
import { parseHostSettings } from '../host-settings';
import type { Place } from '../target';
import { QWEN_CANARY } from '../../liveness';
import { SESSION_CHECK_TIMEOUT_SECONDS, sessionCheckWithContext } from '../liveness';

function qwenFile(t: Place): HooksFile {
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    return {
      paths,
      file: join(t.home, '.qwen', 'settings.json'),
      label: '~/.qwen/settings.json',
      key: 'qwen:~/.qwen/settings.json',
      command: hookCommand(paths.hookFile.replace(/\\/g, '/')),
    };
  }
  return {
    paths: targetPaths({ ...t, scope: 'project' }),
    file: join(t.workspace, '.qwen', 'settings.json'),
    label: '.qwen/settings.json',
    key: '../.qwen/settings.json',
    command: walkUpCommand('qwen'),
  };
}

function qwenSpec(command: string): EventHookSpec {
  return {
    eventPath: ['hooks', 'PreToolUse'],
    group: { matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'Qwen Code',
  };
}

/** The session-start check (core/install/liveness.ts): every session start, the PreToolUse command on the canary. */
function qwenSessionStart(command: string): EventHookSpec {
  return {
    eventPath: ['hooks', 'SessionStart'],
    group: { hooks: [{ type: 'command', command: sessionCheckWithContext(command, QWEN_CANARY), timeout: SESSION_CHECK_TIMEOUT_SECONDS }] },
    commandField: 'command',
    allowComments: true,
    hostName: 'Qwen Code',
  };
}

export default hooksFileTarget({
  id: 'qwen',
  name: 'Qwen Code',
  order: 7,
  selfTest: 'qwen',
  file: qwenFile,
  spec: qwenSpec,
  what: 'PreToolUse hook for every tool, and the session-start check that runs it',
  found: { programs: ['qwen'], folders: ['.qwen'] },
  sessionStart: qwenSessionStart,
  canary: { form: QWEN_CANARY, env: (place) => ({ QWEN_PROJECT_DIR: place.workspace, CLAUDE_PROJECT_DIR: place.workspace }) },
  problems(place, h) {
    // disableAllHooks in either settings file switches every hook off.
    const out: string[] = [];
    for (const [file, label] of [
      [h.file, h.label],
      [join(place.home, '.qwen', 'settings.json'), '~/.qwen/settings.json'],
    ] as const) {
      const text = readIfExistsQuiet(file);
      const parsed = text === null ? null : parseHostSettings(text, true);
      if (parsed?.ok && (parsed.value as { disableAllHooks?: unknown } | null)?.disableAllHooks === true && !out.some((l) => l.includes(label)))
        out.push(`${label} sets disableAllHooks, so Qwen Code runs no hooks`);
    }
    return out;
  },
});

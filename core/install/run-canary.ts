// Running a hook command on the liveness canary (core/liveness.ts), as a host runs a shell-form
// hook: `sh -c <command>`, the payload on stdin, in the host's folder and environment. Used by
// status (liveness.ts) and install's self-test (installer.ts).

import { spawnSync } from 'node:child_process';
import { HOOK_LIMIT_SECONDS, type CanaryForm, type CanaryRun } from '../liveness';

/** Runs `command` with `sh -c` on the canary: the host's own way of running a shell-form hook. */
export function runCanary(command: string, form: CanaryForm, cwd: string, env: NodeJS.ProcessEnv, how: 'sh' | 'node-direct' = 'sh'): CanaryRun {
  const started = Date.now();
  // node-direct: `command` is `node "<file>"`, split here, for where there is no sh at all.
  const [file, args] = how === 'sh' ? ['sh', ['-c', command]] : [process.execPath, [command.slice('node "'.length, -1)]];
  const r = spawnSync(file, args, {
    input: form.payload,
    cwd,
    env,
    encoding: 'utf8',
    // Past the host's limit the answer no longer counts; a little longer to tell "slow" from "hung".
    timeout: (HOOK_LIMIT_SECONDS + 5) * 1000,
    maxBuffer: 4 * 1024 * 1024,
  });
  const ms = Date.now() - started;
  if (r.error && (r.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT')
    return { status: null, stdout: '', stderr: '', error: (r.error as NodeJS.ErrnoException).code ?? r.error.message, ms };
  return { status: r.signal ? null : r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms };
}

// OpenCode: hooks are code there, not configuration. Agent Guard writes a small plugin of its own,
// .opencode/plugins/agent-guard.js (project) or ~/.config/opencode/plugins/agent-guard.js (--user),
// which OpenCode loads by itself from those folders: on `tool.execute.before` it runs the shared
// hook (.claude/hooks/agent-guard.cjs) with the tool call and throws the hook's reason, which the
// model reads as the tool's error while the session goes on. Kilo's CLI, a fork of OpenCode, loads
// the same plugin from its own folders (targets/kilo.ts). What the CLIs do with it is checked with
// the real CLIs in test/real-hosts.

import { join } from 'node:path';
import { generatedFileTarget, type GeneratedFileHost } from '../generated-file-target';
import { OPENCODE_EVENT } from '../../guards/normalize';
import { CANARY_FIELD, PLUGIN_CANARY, pluginRunner } from '../../liveness';

/** A host that loads OpenCode's plugins: its project folder (`.opencode`) and its config folder's name (`opencode`). */
export interface PluginHost {
  id: 'opencode' | 'kilo';
  name: string;
  order: number;
  projectDir: string;
  configName: string;
  pure: string;
  found: { programs: string[]; folders: string[] };
}

/**
 * The plugin: it spawns `node <hook>` with the call as the hook reads it (OpenCode's tool name and
 * arguments, the session's folder) and throws the reason of a deny. Like every host's hook entry,
 * a hook that cannot run says so on stderr and lets the call through (a broken guard must not
 * break the agent); status and the self-test are where that shows.
 */
export function opencodePlugin(hook: string | null, h: Pick<PluginHost, 'id' | 'name'> = OPENCODE): string {
  return `// agent-guard: ${h.name} plugin (written by agent-guard install --host ${h.id}; agent-guard sync rewrites it, uninstall removes it).
// Before every tool call ${h.name} makes, it runs Agent Guard's hook and throws the hook's reason:
// the call does not run and the model reads why and what to do instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const HOOK = ${JSON.stringify(hook)};

function hookFile(directory) {
  if (HOOK) return existsSync(HOOK) ? HOOK : null;
  for (let d = directory; ; d = dirname(d)) {
    const f = join(d, '.claude', 'hooks', 'agent-guard.cjs');
    if (existsSync(f)) return f;
    if (dirname(d) === d) return null;
  }
}

export default {
  id: 'agent-guard',
  server: async ({ directory }) => ({
    'tool.execute.before': async (input, output) => {
      const file = hookFile(directory);
      if (!file) {
        console.error('agent-guard: .claude/hooks/agent-guard.cjs not found; run: agent-guard sync --host ${h.id}');
        return;
      }
      const call = { hook_event_name: ${JSON.stringify(OPENCODE_EVENT)}, session_id: input.sessionID, call_id: input.callID, cwd: directory, tool_name: input.tool, tool_input: output.args, ${CANARY_FIELD}: input.${CANARY_FIELD} === true || undefined };
      const r = spawnSync('node', [file], { input: JSON.stringify(call), encoding: 'utf8', timeout: 10000 });
      if (r.stderr) console.error(r.stderr.trimEnd());
      if (r.error || r.status !== 0) {
        console.error(\`agent-guard: the hook did not answer (\${r.error ? r.error.message : \`exit \${r.status}\`})\`);
        return;
      }
      let answer = null;
      try {
        answer = r.stdout.trim() === '' ? null : JSON.parse(r.stdout).hookSpecificOutput;
      } catch {
        console.error('agent-guard: the hook answered something that is not JSON');
      }
      if (answer && answer.permissionDecision === 'deny') throw new Error(answer.permissionDecisionReason);
    },
  }),
};
`;
}

/** The install target of a host that loads OpenCode's plugins. */
export function pluginTarget(h: PluginHost): ReturnType<typeof generatedFileTarget> {
  const host: GeneratedFileHost = {
    id: h.id,
    name: h.name,
    order: h.order,
    found: h.found,
    mark: `// agent-guard: ${h.name} plugin`,
    project: `${h.projectDir}/plugins/agent-guard.js`,
    user: (home) => ({
      // $XDG_CONFIG_HOME/<name>, or ~/.config/<name>: where the host keeps the user's config and plugins.
      file: join(process.env.XDG_CONFIG_HOME || join(home, '.config'), h.configName, 'plugins', 'agent-guard.js'),
      label: `~/.config/${h.configName}/plugins/agent-guard.js`,
      created: 3,
    }),
    text: (hook) => opencodePlugin(hook, h),
    does: 'runs the hook before every tool call (tool.execute.before)',
    runsUnless: `unless ${h.name} runs with ${h.pure}, which load no plugins`,
    canary: { form: PLUGIN_CANARY, command: pluginRunner },
  };
  return generatedFileTarget(host);
}

const OPENCODE: PluginHost = {
  id: 'opencode',
  name: 'OpenCode',
  order: 6,
  projectDir: '.opencode',
  configName: 'opencode',
  pure: '--pure or OPENCODE_PURE',
  found: { programs: ['opencode'], folders: ['.config/opencode', '.opencode'] },
};

export default pluginTarget(OPENCODE);

// OpenCode: hooks are code there, not configuration. Agent Guard writes a small plugin of its own,
// .opencode/plugins/agent-guard.js (project) or ~/.config/opencode/plugins/agent-guard.js (--user),
// which OpenCode loads by itself from those folders: on `tool.execute.before` it runs the shared
// hook (.claude/hooks/agent-guard.cjs) with the tool call and throws the hook's reason, which the
// model reads as the tool's error while the session goes on. What the CLI does with it is checked
// with the real CLI in test/real-hosts.

import { dirname, join } from 'node:path';
import {
  checkDirWritable,
  checkNoLinkOutside,
  hookPresent,
  hookState,
  InstallError,
  isDirectory,
  readIfExists,
  readIfExistsQuiet,
  readState,
  selfTestHost,
  targetPaths,
  type Bundle,
  type Target,
  type TargetPaths,
} from '../installer';
import { hookChanges, releaseChanges, stateWrite, type FileChange, type HostStatus, type InstallTarget, type Place, type ScopeStatus } from '../target';
import { foundOn } from '../hooks-file-target';
import { OPENCODE_EVENT } from '../../guards/normalize';

const MARK = '// agent-guard: OpenCode plugin';

/** $XDG_CONFIG_HOME/opencode, or ~/.config/opencode: where OpenCode keeps the user's config and plugins. */
function opencodeConfigDir(home: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'opencode');
}

interface PluginPlace {
  paths: TargetPaths;
  file: string;
  label: string;
  key: string;
  /** The hook file the plugin runs; null: found upwards from the session's folder (project scope). */
  hook: string | null;
}

function pluginPlace(t: Place): PluginPlace {
  if (t.scope === 'local') throw new InstallError('OpenCode has no personal per-project plugin folder; install for the project (the default) or with --user');
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    return {
      paths,
      file: join(opencodeConfigDir(t.home), 'plugins', 'agent-guard.js'),
      label: '~/.config/opencode/plugins/agent-guard.js',
      key: 'opencode:~/.config/opencode/plugins/agent-guard.js',
      hook: paths.hookFile.replace(/\\/g, '/'),
    };
  }
  return {
    paths: targetPaths({ ...t, scope: 'project' }),
    file: join(t.workspace, '.opencode', 'plugins', 'agent-guard.js'),
    label: '.opencode/plugins/agent-guard.js',
    key: '../.opencode/plugins/agent-guard.js',
    hook: null,
  };
}

/**
 * The plugin: it spawns `node <hook>` with the call as the hook reads it (OpenCode's tool name and
 * arguments, the session's folder) and throws the reason of a deny. Like every host's hook entry,
 * a hook that cannot run says so on stderr and lets the call through (a broken guard must not
 * break the agent); status and the self-test are where that shows.
 */
export function opencodePlugin(hook: string | null): string {
  return `${MARK} (written by agent-guard install --host opencode; agent-guard sync rewrites it, uninstall removes it).
// Before every tool call OpenCode makes, it runs Agent Guard's hook and throws the hook's reason:
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
        console.error('agent-guard: .claude/hooks/agent-guard.cjs not found; run: agent-guard sync --host opencode');
        return;
      }
      const call = { hook_event_name: ${JSON.stringify(OPENCODE_EVENT)}, session_id: input.sessionID, call_id: input.callID, cwd: directory, tool_name: input.tool, tool_input: output.args };
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

const isOurs = (text: string) => text.startsWith(MARK);

function planInstall(t: Place, bundle: Bundle, force: boolean): FileChange[] {
  const p = pluginPlace(t);
  if (t.scope !== 'user' && !isDirectory(t.workspace)) throw new InstallError(`the workspace ${t.workspace} is not a folder`);
  checkNoLinkOutside(t as Target, { ...p.paths, settingsFile: p.file, label: p.label });
  const existing = readIfExists(p.file);
  if (existing !== null && !isOurs(existing) && !force) throw new InstallError(`${p.label} exists and is not Agent Guard's; refusing to overwrite it`);
  const wanted = opencodePlugin(p.hook);
  checkDirWritable(p.paths.claudeDir, p.paths.claudeDir);
  if (existing !== wanted) checkDirWritable(dirname(p.file), dirname(p.label));
  const changes: FileChange[] = [
    { kind: 'clean', paths: p.paths },
    { kind: 'mkdir', dirs: [p.paths.claudeDir, dirname(p.paths.hookFile)] },
    ...hookChanges(p.paths, bundle, force),
  ];
  if (existing === wanted) return [...changes, { kind: 'note', line: `${p.label} is already in place` }];
  const state = readState(p.paths.stateFile) ?? { version: bundle.version, settings: {} };
  state.settings[p.key] ??= { createdFile: existing === null, createdPaths: [], addedDenyRules: [] };
  return [
    ...changes,
    { kind: 'mkdir', dirs: [...(t.scope === 'user' ? [dirname(dirname(dirname(p.file)))] : []), dirname(dirname(p.file)), dirname(p.file)] },
    {
      kind: 'write',
      file: p.file,
      text: wanted,
      line: `${existing === null ? 'wrote' : 'updated'} ${p.label}: OpenCode runs the hook before every tool call (tool.execute.before)`,
    },
    stateWrite(p.paths.stateFile, state),
  ];
}

function planUninstall(t: Place, bundle: Bundle, force: boolean): FileChange[] {
  const p = pluginPlace(t);
  const text = readIfExists(p.file);
  const changes: FileChange[] = [];
  if (text !== null) {
    if (!isOurs(text) && !force) throw new InstallError(`${p.label} is not Agent Guard's; left in place`);
    changes.push({ kind: 'remove', file: p.file, line: `removed ${p.label}`, emptyDirs: [dirname(p.file), dirname(dirname(p.file))] });
  }
  changes.push(...releaseChanges(p.paths, readState(p.paths.stateFile), p.key, bundle, force));
  return changes;
}

function installedAt(t: Place): PluginPlace | null {
  if (t.scope === 'local') return null;
  const p = pluginPlace(t);
  const text = readIfExistsQuiet(p.file);
  return text !== null && isOurs(text) ? p : null;
}

function hostLine(t: Place, bundle: Bundle): HostStatus {
  const where: string[] = [];
  const problems: string[] = [];
  for (const scope of ['project', 'user'] as const) {
    const p = installedAt({ ...t, scope });
    if (!p) continue;
    if (!hookPresent(p.paths, bundle)) problems.push(`${p.label} runs ${p.paths.hookFile}, which is missing (run agent-guard sync --host opencode)`);
    else where.push(p.label);
  }
  const runs = where.length > 0;
  if (runs) where.push('unless OpenCode runs with --pure or OPENCODE_PURE, which load no plugins');
  const detail = runs
    ? [where.join('; '), ...problems]
    : problems.length > 0
      ? problems
      : ['not installed (agent-guard install --host opencode; --user for every folder)'];
  return { host: 'opencode', runs, detail: detail.join('; ') };
}

const opencode: InstallTarget = {
  id: 'opencode',
  name: 'OpenCode',
  order: 6,
  scopes: ['project', 'user'],
  inAll: true,
  found: (place) => foundOn({ programs: ['opencode'], folders: ['.config/opencode', '.opencode'] }, place.home),
  describe: (place) => `${pluginPlace(place).label}, a plugin that runs the hook before every tool call`,
  files: (place) => (place.scope === 'local' ? [] : [pluginPlace(place).file]),
  installed: (place) => installedAt(place) !== null,
  planInstall: (place, bundle, opts) => planInstall(place, bundle, opts.force ?? false),
  planSync(place, bundle, opts) {
    if (!installedAt(place))
      throw new InstallError(
        `Agent Guard is not installed for OpenCode here; run agent-guard install --host opencode${place.scope === 'user' ? ' --user' : ''} first`,
      );
    return planInstall(place, bundle, opts.force ?? false);
  },
  planUninstall: (place, bundle, opts) => planUninstall(place, bundle, opts.force ?? false),
  verify(op, place, _bundle, opts, report) {
    if (op === 'install' && opts.selfTest !== false) selfTestHost('opencode', pluginPlace(place).paths.hookFile, place.workspace, report);
  },
  installs(place, bundle) {
    const out: ScopeStatus[] = [];
    for (const scope of ['project', 'user'] as const) {
      const p = installedAt({ ...place, scope });
      if (!p) continue;
      const hs = hookState(p.paths.hookFile, bundle);
      const entryCurrent = readIfExistsQuiet(p.file) === opencodePlugin(p.hook);
      out.push({
        host: 'opencode',
        scope,
        settingsFile: p.file,
        label: p.label,
        installed: true,
        entryCurrent,
        hook: hs.state,
        hookVersion: hs.version,
        problems: [
          ...(hs.state === 'missing' ? [`${p.label} runs ${p.paths.hookFile}, which does not exist: the guard is silently off`] : []),
          ...(entryCurrent ? [] : [`${p.label} differs from what this version writes (run agent-guard sync --host opencode)`]),
        ],
        backup: null,
      });
    }
    return out;
  },
  host: (place, bundle) => hostLine(place, bundle),
};
export default opencode;

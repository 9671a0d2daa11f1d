// Codex CLI: a PreToolUse entry for every tool in .codex/hooks.json (project) or
// $CODEX_HOME/hooks.json (--user; ~/.codex by default), and the trust record Codex needs before it
// runs a hook that is not managed (codex-trust.ts). Codex loads a project's .codex/ only in a
// project the person has trusted, from the project's root down to the folder it starts in, and runs
// the hook from that folder without naming the project: the project command finds the hook file
// upwards. What the CLI does with the hook's answer is checked with the real CLI in test/real-hosts.

import { join } from 'node:path';
import { findHostHandlers, parseHostSettings, type EventHookSpec } from '../host-settings';
import { hookCommand, HOOK_TIMEOUT_SECONDS, InstallError, readIfExists, readIfExistsQuiet, targetPaths } from '../installer';
import { hooksFileTarget, walkUpCommand, type HooksFile } from '../hooks-file-target';
import type { Place } from '../target';
import { codexHookHash, codexHookKey, hookStates, hooksSwitchedOff, projectTrusted, readToml, trustHook, untrustHooks } from '../codex-trust';

/** $CODEX_HOME, or ~/.codex. */
export function codexHome(home: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.CODEX_HOME || join(home, '.codex');
}

function codexFile(t: Place): HooksFile {
  if (t.scope === 'user') {
    const paths = targetPaths({ ...t, scope: 'user' });
    return {
      paths,
      file: join(codexHome(t.home), 'hooks.json'),
      label: '~/.codex/hooks.json',
      key: 'codex:~/.codex/hooks.json',
      command: hookCommand(paths.hookFile.replace(/\\/g, '/')),
    };
  }
  return {
    paths: targetPaths({ ...t, scope: 'project' }),
    file: join(t.workspace, '.codex', 'hooks.json'),
    label: '.codex/hooks.json',
    key: '../.codex/hooks.json',
    command: walkUpCommand('codex'),
  };
}

function codexSpec(command: string): EventHookSpec {
  // No matcher: every tool Codex sends to hooks (Bash, apply_patch, MCP, view_image, …).
  return {
    eventPath: ['hooks', 'PreToolUse'],
    group: { hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] },
    commandField: 'command',
    allowComments: false,
    hostName: 'Codex CLI',
  };
}

/** Our handler in the hooks file's text: its trust key and the hash Codex computes for it. */
function ourTrust(h: HooksFile, text: string): { key: string; hash: string } | null {
  const parsed = parseHostSettings(text, false);
  if (!parsed.ok) return null;
  const spec = codexSpec(h.command);
  const found = findHostHandlers(parsed.value, spec)[0];
  if (!found) return null;
  const groups = (parsed.value as { hooks: { PreToolUse: { matcher?: unknown }[] } }).hooks.PreToolUse;
  const matcher = groups[found.group]?.matcher;
  return { key: codexHookKey(h.file, found.group, found.handler), hash: codexHookHash(typeof matcher === 'string' ? matcher : undefined, found.handlerValue) };
}

const configFile = (t: Place) => join(codexHome(t.home), 'config.toml');
const CONFIG_LABEL = '~/.codex/config.toml';

const codex = hooksFileTarget({
  id: 'codex',
  name: 'Codex CLI',
  order: 4,
  selfTest: 'codex',
  file: codexFile,
  spec: codexSpec,
  what: 'PreToolUse hook for every tool',
  found: { programs: ['codex'], folders: ['.codex'] },
  afterInstall(place, h, text) {
    const trust = ourTrust(h, text);
    if (!trust) return [];
    const file = configFile(place);
    const before = readIfExists(file);
    const edit = trustHook(before, trust.key, trust.hash);
    if (!edit.ok) throw new InstallError(`refusing to change ${CONFIG_LABEL}: ${edit.error}`);
    if (!edit.changed) return [{ kind: 'note', line: `${CONFIG_LABEL} already trusts the Agent Guard hook` }];
    return [
      { kind: 'mkdir', dirs: [codexHome(place.home)] },
      {
        kind: 'write',
        file,
        text: edit.text,
        line: `${before === null ? 'created' : 'updated'} ${CONFIG_LABEL}: trusted the Agent Guard hook of ${h.label} (Codex runs a hook only once trusted; /hooks in Codex lists it)`,
      },
    ];
  },
  beforeUninstall(place, h) {
    const file = configFile(place);
    const text = readIfExistsQuiet(file);
    const next = text === null ? null : untrustHooks(text, h.file);
    if (next === null) return [];
    return next.trim() === ''
      ? [{ kind: 'remove', file, line: `removed ${CONFIG_LABEL} (it held only Agent Guard's trust record)` }]
      : [{ kind: 'write', file, text: next, line: `removed Agent Guard's trust record from ${CONFIG_LABEL}` }];
  },
  problems(place, h, text) {
    const out: string[] = [];
    const trust = ourTrust(h, text);
    const configText = readIfExistsQuiet(configFile(place)) ?? '';
    const config = readToml(configText);
    if (!config.ok) return [`${CONFIG_LABEL} is not valid TOML (${config.message}): Codex will not start`];
    const off = hooksSwitchedOff(config.value);
    if (off) out.push(`${CONFIG_LABEL} sets ${off}, so Codex runs no hooks`);
    const state = trust ? hookStates(config.value)[trust.key] : undefined;
    if (state?.enabled === false) out.push(`the Agent Guard hook is disabled in ${CONFIG_LABEL} (Codex's /hooks)`);
    else if (trust && state?.trusted_hash !== trust.hash)
      out.push(
        `Codex does not run the hook of ${h.label}: it is ${state?.trusted_hash === undefined ? 'not trusted' : 'changed since it was trusted'} (run agent-guard sync --host codex${place.scope === 'user' ? ' --user' : ''}, or trust it in Codex's /hooks)`,
      );
    if (place.scope === 'project' && !projectTrusted(config.value, place.workspace))
      out.push(`Codex loads ${h.label} only in a trusted project: trust ${place.workspace} when Codex asks, or install with --user (every folder)`);
    return out;
  },
});
export default codex;

/** For tests and the extension: the trust record a Codex install wants, from the hooks file as it is. */
export function codexTrustOf(place: Place): { key: string; hash: string } | null {
  const h = codexFile(place);
  const text = readIfExistsQuiet(h.file);
  return text === null ? null : ourTrust(h, text);
}

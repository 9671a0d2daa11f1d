// The workspace's configuration as `status`, the extension's status bar and its view report it: the
// team's and the person's files, their problems, the exceptions in each, and what loosens the guard
// but waits for the person's consent (core/consent.ts), with the command that gives it.

import { join } from 'node:path';
import { CONFIG_FILE, type ConfigSource, type GuardException } from '../config';
import { CONSENT_COMMAND } from '../consent';
import { CONFIG_FILES, loadConfig, type ConsentLookup } from '../guards/load-config';

export interface ConfigStatus {
  file: string;
  exists: boolean;
  problems: string[];
  /** The person's own file (.claude/agent-guard/local.json). */
  local: { file: string; exists: boolean };
  /** Every exception of both files: where it is, whether it waits for consent or has run out. */
  exceptions?: (GuardException & { source: ConfigSource; waiting?: true; expired?: true })[];
  /** Entries that loosen the guard and wait for consent (not applied). */
  pending?: { source: ConfigSource; what: string; guard?: string; exception?: true }[];
  /** The one command that gives consent, when something waits. */
  consentCommand?: string;
}

export function configStatus(workspace: string, now = Date.now(), consent?: ConsentLookup): ConfigStatus {
  const loaded = loadConfig(workspace, consent ? { consent } : {});
  // Each file's problems as the hook words them (the waiting entries are reported on their own).
  const problems = loaded.problems.map((n) => n.replace(/^agent-guard: /, ''));
  const waitingKeys = new Set(loaded.pending.map((p) => p.key));
  const exceptions: NonNullable<ConfigStatus['exceptions']> = [];
  for (const item of [...loaded.applied, ...loaded.pending]) {
    if (item.path[0] !== 'exceptions') continue;
    const v = JSON.parse(item.key) as [string, string, string, string | null, string | null, string | null];
    const x: GuardException & { source: ConfigSource; waiting?: true; expired?: true } = { guard: v[1], command: v[2], source: item.source };
    if (v[3]) x.session = v[3];
    if (v[4]) x.until = v[4];
    if (v[5]) x.branch = v[5];
    const added = addedOf(loaded.texts[item.source], x);
    if (added) x.added = added;
    if (waitingKeys.has(item.key)) x.waiting = true;
    if (x.until && !(Date.parse(x.until) > now)) x.expired = true;
    exceptions.push(x);
  }
  const pending = loaded.pending.map((p) => ({
    source: p.source,
    what: p.what,
    ...(p.guard ? { guard: p.guard } : {}),
    ...(p.path[0] === 'exceptions' ? { exception: true as const } : {}),
  }));
  return {
    file: join(workspace, CONFIG_FILE),
    exists: loaded.texts.team !== null,
    problems,
    local: { file: join(workspace, CONFIG_FILES.local), exists: loaded.texts.local !== null },
    ...(exceptions.length > 0 ? { exceptions } : {}),
    ...(pending.length > 0 ? { pending, consentCommand: `${CONSENT_COMMAND} ${workspace}` } : {}),
  };
}

/** The `added` date of an exception as its file has it (the consent key leaves it out). */
function addedOf(text: string | null, x: GuardException): string | undefined {
  if (!text) return undefined;
  try {
    const { parse } = require('jsonc-parser') as typeof import('jsonc-parser');
    const list = (parse(text, [], { allowTrailingComma: true }) as { exceptions?: GuardException[] } | null)?.exceptions ?? [];
    return list.find((e) => e?.guard === x.guard && e.command === x.command && typeof e.added === 'string')?.added;
  } catch {
    return undefined;
  }
}

// Consent for configuration that loosens the guard. A repository carries `.claude/agent-guard.json`
// (the team's file) and a person may keep `.claude/agent-guard/local.json` (their own, git-ignored);
// the agent can write either (guard-tamper stops the ways it sees, not every way), and a cloned
// repository brings the team file with it. So an entry that weakens the guard relative to what
// applies without it applies only once the person consented to exactly that entry; an entry that
// tightens applies at once. Until then the defaults hold for it, and whoever reports (the hook's
// reason, status, the editor, lint) says what waits and the one command that gives consent
// (`agent-guard trust`).
//
// What loosens, per key (relative to the defaults for the team file, and to defaults + team file
// for the local file):
//   guards           a mode below the guard's mode there (off < monitor < ask < deny)
//   protectedBranches, migrationDirs, humanFlags
//                    each entry removed (an added one tightens)
//   secretFiles      each `!glob` exemption added, each entry removed
//   allowedWriteRoots each folder added
//   keyHosts         each host a key may now go to that it could not before
//   failMode         "open" where it was "closed"
//   exceptions       each exception
// Consent is per entry (its `key`), so one new exception does not take back the others.
//
// Layering: the team file's lists replace the defaults (as they always have); the local file adds
// to lists, and its guard modes, keyHosts entries and failMode override the team file's.

import { MODE_STRENGTH, type ConfigLayer, type ConfigSource, type GuardConfig, type GuardException, type Loosening } from './config';

export const LOCAL_CONFIG_FILE = '.claude/agent-guard/local.json';
/** The one command that gives consent (run by the person; guard-tamper denies it to the agent). */
export const CONSENT_COMMAND = 'agent-guard trust';

/**
 * Variables a host sets in the environment of every command its agent runs. guard-tamper denies the
 * consent commands in the lines it can read; a line that runs them another way (a package script it
 * wrote itself) still carries the marker, so the commands refuse there. As read in each host:
 * Claude Code CLAUDECODE=1; Gemini CLI GEMINI_CLI=1; Qwen Code QWEN_CODE=1 (its shell tool's env);
 * OpenCode OPENCODE=1 and Kilo KILO=1 (set in their own process at start-up, so every tool inherits
 * them); Copilot CLI COPILOT_CLI=1 (changelog 0.0.421: for its subprocesses); Cursor CURSOR_AGENT=1
 * (agent tool-call shells). Codex exports its thread's id, CODEX_THREAD_ID, into every shell.
 */
const MARKED_ONE = ['CLAUDECODE', 'GEMINI_CLI', 'QWEN_CODE', 'OPENCODE', 'KILO', 'COPILOT_CLI', 'CURSOR_AGENT'] as const;
const MARKED_SET = ['CODEX_THREAD_ID'] as const;
export const AGENT_MARKERS: readonly string[] = [...MARKED_ONE, ...MARKED_SET];

/** `NAME=value` (or `NAME` for an id) of the marker that says this process runs inside an agent's tool call, or null. */
export function agentSessionMarker(env: Readonly<Record<string, string | undefined>>): string | null {
  const one = MARKED_ONE.find((n) => env[n] === '1');
  if (one) return `${one}=1`;
  return MARKED_SET.find((n) => (env[n] ?? '') !== '') ?? null;
}

export interface Layer {
  source: ConfigSource;
  layer: ConfigLayer;
}

export interface Consented {
  config: GuardConfig;
  /** Entries that loosen and apply (the person consented). */
  applied: Loosening[];
  /** Entries that loosen and wait for consent: not applied. */
  pending: Loosening[];
}

/** The configuration the layers give when `ok` says which loosening entries the person consented to. */
export function applyLayers(base: GuardConfig, layers: readonly Layer[], ok: (item: Loosening) => boolean): Consented {
  let config = base;
  const applied: Loosening[] = [];
  const pending: Loosening[] = [];
  for (const l of layers) {
    const r = applyLayer(config, l, ok);
    config = r.config;
    applied.push(...r.applied);
    pending.push(...r.pending);
  }
  return { config, applied, pending };
}

/** With the unconsented entries attached to the config (the dispatcher, status and lint read them there). */
export function withConsent(base: GuardConfig, layers: readonly Layer[], ok: (item: Loosening) => boolean, against?: string): Consented {
  const r = applyLayers(base, layers, ok);
  if (r.pending.length === 0) return r;
  const loosened = applyLayers(base, layers, () => true).config;
  return { ...r, config: { ...r.config, unconsented: { items: r.pending, loosened, ...(against ? { base: against } : {}) } } };
}

/** An exception's consent key: what it lets through, where and for how long (not when it was added). */
export function exceptionKey(x: GuardException): string {
  return JSON.stringify(['exception', x.guard, x.command, x.session ?? null, x.until ?? null, x.branch ?? null]);
}

const modeOf = (c: GuardConfig, id: string) => c.guards[id] ?? 'deny';
const strength = (mode: string) => MODE_STRENGTH[mode] ?? MODE_STRENGTH.deny!;

function applyLayer(base: GuardConfig, { source, layer }: Layer, ok: (item: Loosening) => boolean): Consented {
  const local = source === 'local';
  const config: GuardConfig = { ...base, guards: { ...base.guards } };
  delete config.unconsented;
  const applied: Loosening[] = [];
  const pending: Loosening[] = [];
  /** Records a loosening entry; true when it applies. */
  const loosen = (item: Omit<Loosening, 'source'>): boolean => {
    const full = { source, ...item };
    const yes = ok(full);
    (yes ? applied : pending).push(full);
    return yes;
  };

  for (const [id, mode] of Object.entries(layer.guards ?? {})) {
    const was = modeOf(base, id);
    if (strength(mode) >= strength(was)) config.guards[id] = mode;
    else if (loosen({ key: JSON.stringify(['guards', id, mode]), path: ['guards', id], what: `sets ${id} to "${mode}" instead of "${was}"`, guard: id }))
      config.guards[id] = mode;
  }

  // Lists whose entries protect: removing one loosens.
  for (const key of ['protectedBranches', 'migrationDirs', 'humanFlags'] as const) {
    const given = layer[key];
    if (!given) continue;
    const next = local ? union(base[key], given) : [...given];
    for (const removed of base[key].filter((x) => !next.includes(x)))
      if (!loosen({ key: JSON.stringify([key, '-', removed]), path: [key], what: `removes "${removed}" from ${key}` })) next.push(removed);
    config[key] = next;
  }

  if (layer.secretFiles) {
    const given = layer.secretFiles;
    const proposed = local ? union(base.secretFiles, given) : [...given];
    const next: string[] = [];
    for (const entry of proposed) {
      const isNew = !base.secretFiles.includes(entry);
      if (isNew && entry.startsWith('!')) {
        const at = given.indexOf(entry);
        if (!loosen({ key: JSON.stringify(['secretFiles', '+', entry]), path: ['secretFiles', at], what: `exempts ${entry.slice(1)} from the secret files` }))
          continue;
      }
      next.push(entry);
    }
    for (const removed of base.secretFiles.filter((x) => !x.startsWith('!') && !proposed.includes(x)))
      if (!loosen({ key: JSON.stringify(['secretFiles', '-', removed]), path: ['secretFiles'], what: `removes "${removed}" from the secret files` }))
        next.push(removed);
    config.secretFiles = next;
  }

  if (layer.allowedWriteRoots) {
    const given = layer.allowedWriteRoots;
    const proposed = local ? union(base.allowedWriteRoots, given) : [...given];
    config.allowedWriteRoots = proposed.filter(
      (root) =>
        base.allowedWriteRoots.includes(root) ||
        loosen({
          key: JSON.stringify(['allowedWriteRoots', '+', root]),
          path: ['allowedWriteRoots', given.indexOf(root)],
          what: `lets the agent write in ${root}`,
        }),
    );
  }

  if (layer.failMode) {
    if (layer.failMode === 'open' && base.failMode === 'closed') {
      if (loosen({ key: JSON.stringify(['failMode', 'open']), path: ['failMode'], what: 'sets failMode to "open" (an error in a guard no longer denies)' }))
        config.failMode = 'open';
    } else config.failMode = layer.failMode;
  }

  if (layer.keyHosts) {
    const keyHosts = { ...base.keyHosts };
    for (const [pattern, hosts] of Object.entries(layer.keyHosts)) {
      const before = base.keyHosts[pattern] ?? [];
      // A new pattern restricts its keys to its hosts (tightening); each host it lets them go to is consented on its own.
      keyHosts[pattern] = hosts.filter(
        (h) =>
          before.includes(h) ||
          loosen({
            key: JSON.stringify(['keyHosts', pattern, '+', h]),
            path: ['keyHosts', pattern],
            what: `lets keys matching ${pattern} be sent to ${h}`,
          }),
      );
    }
    config.keyHosts = keyHosts;
  }

  if (layer.exceptions) {
    const next = [...base.exceptions];
    layer.exceptions.forEach((x, i) => {
      const scope = [x.session ? 'this session' : '', x.until ? `until ${x.until}` : '', x.branch ? `on branch ${x.branch}` : ''].filter(Boolean).join(', ');
      if (
        loosen({
          key: exceptionKey(x),
          path: ['exceptions', i],
          what: `lets ${x.guard} pass ${JSON.stringify(x.command)}${scope ? ` (${scope})` : ''}`,
          guard: x.guard,
        })
      )
        next.push(x);
    });
    config.exceptions = next;
  }
  return { config, applied, pending };
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...a, ...b.filter((x) => !a.includes(x))];
}

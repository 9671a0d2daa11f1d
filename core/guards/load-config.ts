// Reads the workspace's configuration: `.claude/agent-guard.json` (the team's, committed) and
// `.claude/agent-guard/local.json` (the person's own, in a folder that ignores itself in git).
// Missing files: defaults, silently. A bad file: defaults for it, and one line saying what is wrong.
// Comments and trailing commas are fine (they are our files, not Claude Code's, and the template
// explains itself in comments).
//
// What loosens the guard applies only with the person's consent (core/consent.ts): by default the
// keys recorded in their trust store (`agent-guard trust`), read only when a file has such entries.

import { readRegular } from '../read-file';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CONFIG_FILE, DEFAULT_CONFIG, parseLayer, withLayer, type ConfigLayer, type ConfigSource, type GuardConfig, type Loosening } from '../config';
import { CONSENT_COMMAND, LOCAL_CONFIG_FILE, withConsent, type Layer } from '../consent';
import { consentedKeys, readTrust, storePath, trustFile } from '../trust';

const MAX_CONFIG_BYTES = 1024 * 1024;

export const CONFIG_FILES: Readonly<Record<ConfigSource, string>> = { team: CONFIG_FILE, local: LOCAL_CONFIG_FILE };

/** Which loosening entries of a source's file (its store path) the person consented to. */
export type ConsentLookup = (source: ConfigSource, file: string) => ReadonlySet<string>;

export interface LoadOptions {
  /** Whose consent counts. Default: the user's trust store (trustFile(env)). */
  consent?: ConsentLookup;
  /** Consent comes from this base revision (lint --base): named in the messages. */
  against?: string;
  /**
   * What applies where the files loosen without consent. Default: the built-in defaults. With
   * lint --base, the base revision's configuration: a change that drops what the base tightened
   * (a protected branch, a human flag, a secret file) loosens too, and deleting the file drops nothing.
   */
  start?: GuardConfig;
  env?: NodeJS.ProcessEnv;
}

export interface LoadedConfig {
  config: GuardConfig;
  /** One line each for stderr: each file's problems, then what waits for consent. */
  notes: string[];
  /** Each file's problems alone (a file that cannot be read or parsed, a key it cannot use). */
  problems: string[];
  /** Loosening entries that apply (the person consented). */
  applied: Loosening[];
  /** Loosening entries that wait for consent (also in config.unconsented). */
  pending: Loosening[];
  /** The file texts read (null: absent or unreadable), for whoever reports per file. */
  texts: Record<ConfigSource, string | null>;
}

export function loadConfig(projectDir: string, opts: LoadOptions = {}): LoadedConfig {
  const notes: string[] = [];
  const layers: Layer[] = [];
  const texts: Record<ConfigSource, string | null> = { team: null, local: null };
  for (const source of ['team', 'local'] as const) {
    const read = readConfigFile(projectDir, source);
    notes.push(...read.notes);
    texts[source] = read.text;
    if (read.layer) layers.push({ source, layer: read.layer });
  }
  const problems = [...notes];
  const start = opts.start ?? DEFAULT_CONFIG;
  if (layers.length === 0) return { config: start, notes, problems, applied: [], pending: [], texts };
  const lookup = opts.consent ?? storeConsent(opts.env);
  const keys = new Map<ConfigSource, ReadonlySet<string>>();
  const ok = (item: Loosening) => {
    let set = keys.get(item.source);
    if (!set) {
      set = lookup(item.source, storePath(projectDir, CONFIG_FILES[item.source]));
      keys.set(item.source, set);
    }
    return set.has(item.key);
  };
  const r = withConsent(start, layers, ok, opts.against);
  for (const source of ['team', 'local'] as const) {
    const n = r.pending.filter((p) => p.source === source).length;
    if (n > 0) notes.push(pendingNote(source, n, opts.against));
  }
  return { config: r.config, notes, problems, applied: r.applied, pending: r.pending, texts };
}

/** Consent as the person recorded it in their trust store (`agent-guard trust`), read on first use. */
export function storeConsent(env: NodeJS.ProcessEnv = process.env): ConsentLookup {
  let store: ReturnType<typeof readTrust> | undefined;
  return (_source, file) => {
    store ??= readTrust(trustFile(env));
    return consentedKeys(store, file);
  };
}

/** One line: how many entries of a file wait, and what gives consent. */
export function pendingNote(source: ConfigSource, n: number, against?: string): string {
  const entries = `${n} ${n === 1 ? 'entry loosens' : 'entries loosen'} the guard`;
  return against
    ? `agent-guard: ${CONFIG_FILES[source]}: ${entries} relative to ${against}; ${against}'s configuration applies to ${n === 1 ? 'it' : 'them'} until this change is merged`
    : `agent-guard: ${CONFIG_FILES[source]}: ${entries} and ${n === 1 ? 'waits' : 'wait'} for your consent (the defaults hold until then); review the file, then run: ${CONSENT_COMMAND}`;
}

/** One configuration file, parsed: its layer (null when absent or unusable) and one note per problem. */
export function readConfigFile(projectDir: string, source: ConfigSource): { layer: ConfigLayer | null; text: string | null; notes: string[] } {
  const rel = CONFIG_FILES[source];
  // Not blocking on a FIFO, not reading a device: a planted config file must not hang every call.
  const r = readRegular(`${projectDir}/${rel}`, MAX_CONFIG_BYTES, true);
  if ('error' in r) {
    if (r.error === 'ENOENT' || r.error === 'ENOTDIR') return { layer: null, text: null, notes: [] };
    const why = r.error === 'ENOTREG' ? 'not a regular file' : r.error === 'EFBIG' ? 'larger than 1 MiB' : r.error;
    return { layer: null, text: null, notes: [`agent-guard: cannot read ${rel} (${why}); using defaults`] };
  }
  return { ...layerFromText(r.text, rel), text: r.text };
}

/** The layer a configuration file holding `text` sets, as the hook reads it. */
export function layerFromText(text: string, rel: string = CONFIG_FILE): { layer: ConfigLayer | null; notes: string[] } {
  const errors: ParseError[] = [];
  const raw: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    return { layer: null, notes: [`agent-guard: ${rel} is not valid JSON (${printParseErrorCode(e.error)} at line ${line}); using defaults`] };
  }
  const { layer, problems } = parseLayer(raw);
  return { layer, notes: problems.map((p) => `agent-guard: ${rel}: ${p}; ignored`) };
}

/**
 * The config a `.claude/agent-guard.json` holding `text` gives, every entry applied as written (the
 * person's own configuration: lint's rule examples use it; the hook goes through loadConfig).
 */
export function configFromText(text: string): { config: GuardConfig; notes: string[] } {
  const { layer, notes } = layerFromText(text);
  if (!layer) return { config: DEFAULT_CONFIG, notes };
  return { config: withLayer(DEFAULT_CONFIG, layer), notes };
}

// Reads `.claude/agent-guard.json` from the project. Missing file: defaults, silently.
// Bad file: defaults, and one line saying what is wrong. Comments and trailing commas are fine
// (it is our file, not Claude Code's, and the template explains itself in comments).

import { readRegular } from '../read-file';

const MAX_CONFIG_BYTES = 1024 * 1024;
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type GuardConfig } from '../config';

export function loadConfig(projectDir: string): { config: GuardConfig; notes: string[] } {
  // Not blocking on a FIFO, not reading a device: a planted .claude/agent-guard.json must not hang every call.
  const r = readRegular(`${projectDir}/${CONFIG_FILE}`, MAX_CONFIG_BYTES, true);
  if ('error' in r) {
    if (r.error === 'ENOENT' || r.error === 'ENOTDIR') return { config: DEFAULT_CONFIG, notes: [] };
    const why = r.error === 'ENOTREG' ? 'not a regular file' : r.error === 'EFBIG' ? 'larger than 1 MiB' : r.error;
    return { config: DEFAULT_CONFIG, notes: [`agent-guard: cannot read ${CONFIG_FILE} (${why}); using defaults`] };
  }
  return configFromText(r.text);
}

/** The config a `.claude/agent-guard.json` holding `text` gives, as the hook reads it (lint's rule examples use it too). */
export function configFromText(text: string): { config: GuardConfig; notes: string[] } {
  const errors: ParseError[] = [];
  const raw: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    return {
      config: DEFAULT_CONFIG,
      notes: [`agent-guard: ${CONFIG_FILE} is not valid JSON (${printParseErrorCode(e.error)} at line ${line}); using defaults`],
    };
  }
  const { config, problems } = parseConfig(raw);
  return { config, notes: problems.map((p) => `agent-guard: ${CONFIG_FILE}: ${p}; ignored`) };
}

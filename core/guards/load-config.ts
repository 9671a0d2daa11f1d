// Reads `.claude/agent-guard.json` from the project. Missing file: defaults, silently.
// Bad file: defaults, and one line saying what is wrong. Comments and trailing commas are fine
// (it is our file, not Claude Code's, and the template explains itself in comments).

import { readFileSync } from 'node:fs';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type GuardConfig } from '../config';

export function loadConfig(projectDir: string): { config: GuardConfig; notes: string[] } {
  let text: string;
  try {
    text = readFileSync(`${projectDir}/${CONFIG_FILE}`, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { config: DEFAULT_CONFIG, notes: [] };
    return { config: DEFAULT_CONFIG, notes: [`agent-guard: cannot read ${CONFIG_FILE} (${code ?? 'error'}); using defaults`] };
  }
  return configFromText(text);
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

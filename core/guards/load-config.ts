// Reads `.claude/agent-guard.json` from the project. Missing file: defaults, silently.
// Bad file: defaults, and one line saying what is wrong.

import { readFileSync } from 'node:fs';
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
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { config: DEFAULT_CONFIG, notes: [`agent-guard: ${CONFIG_FILE} is not valid JSON (${(err as Error).message}); using defaults`] };
  }
  const { config, problems } = parseConfig(raw);
  return { config, notes: problems.map((p) => `agent-guard: ${CONFIG_FILE}: ${p}; ignored`) };
}

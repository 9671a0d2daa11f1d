// Secret values must never leave through Agent Guard's own output: deny reasons, suggested
// commands, stderr, the decision log, lint messages, SARIF. This is the one place that removes
// them: known token formats, VAR=value for secret-looking names, URL passwords, bearer tokens, and
// the values actually present in the workspace's .env files.

import { findCredentials } from './secret-patterns';
import { isDotenvName, mayHoldSecret } from './secrets';

export const REDACTED = '[REDACTED]';

export function redact(text: string, extraValues: readonly string[] = []): string {
  let t = text;
  for (const c of findCredentials(t)) t = t.split(c.value).join(REDACTED);
  for (const v of extraValues) if (v.length >= 8) t = t.split(v).join(REDACTED);
  t = t.replace(/\b([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S+)/g, (m, name: string) => (mayHoldSecret(name) ? `${name}=${REDACTED}` : m));
  t = t.replace(/(:\/\/[^/:@\s]+:)[^@\s/]+@/g, `$1${REDACTED}@`);
  t = t.replace(/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`);
  t = t.replace(/(--?(?:password|passwd|token|secret|api-key|apikey)[= ])\S+/gi, `$1${REDACTED}`);
  return t;
}

/**
 * Makes a verdict safe to show: secret values leave its reason, and a suggested command that
 * quoted one is dropped rather than redacted (with `[REDACTED]` in it, it would not run).
 */
export function redactVerdict(verdict: { reason: string; instead?: string }, secrets: readonly string[]): void {
  verdict.reason = redact(verdict.reason, secrets);
  if (verdict.instead && redact(verdict.instead, secrets) !== verdict.instead) delete verdict.instead;
}

export interface EnvValue {
  name: string;
  file: string;
  value: string;
}

/** NAME=value pairs of the workspace's .env files (not templates), bounded in count and size. */
export function envValues(dir: string, io: { list(dir: string): string[]; read(path: string): string | null }): EnvValue[] {
  const out: EnvValue[] = [];
  for (const file of io.list(dir).filter(isDotenvName).slice(0, 8)) {
    const text = io.read(`${dir}/${file}`);
    if (!text) continue;
    for (const line of text.slice(0, 64 * 1024).split('\n')) {
      const m = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=(.*)$/.exec(line);
      if (!m) continue;
      const value = m[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
      if (value) out.push({ name: m[1]!, file, value });
    }
  }
  return out;
}

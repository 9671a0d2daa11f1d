// Secret values must never leave through Agent Guard's own output: deny reasons, suggested
// commands, stderr, the decision log, lint messages, SARIF. This is the one place that removes
// them: known token formats, VAR=value for secret-looking names, URL passwords, bearer tokens, and
// the values actually present in the workspace's .env files.

import { findCredentials } from './secret-patterns';
import { isDotenvName, isSecretVariableName, mayHoldSecret } from './secrets';

export const REDACTED = '[REDACTED]';

/** Below this length a value is replaced only as a whole word: a short value is often also part of ordinary words. */
const LONG_VALUE = 8;
/** The shortest .env value of a secret-named variable that is still redacted. */
const MIN_SHORT_VALUE = 3;

/** Header names whose value is a credential: Authorization, X-Api-Key, X-Auth-Token, Cookie, … */
const SECRET_HEADER = /(?:authori[sz]ation|api-?key|auth|token|secret|passw|cookie|session)/i;
/** Programs whose `-pVALUE` is a password (not `mkdir -p`). */
const PASSWORD_P_PROGRAMS = /^(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)$/;

export function redact(text: string, extraValues: readonly string[] = []): string {
  let t = text;
  for (const c of findCredentials(t)) t = t.split(c.value).join(REDACTED);
  for (const v of extraValues) {
    if (v.length >= LONG_VALUE) t = t.split(v).join(REDACTED);
    else if (v.length >= MIN_SHORT_VALUE && t.includes(v)) t = t.replace(new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(v)}(?![A-Za-z0-9_])`, 'g'), REDACTED);
  }
  t = t.replace(/\b([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S+)/g, (m, name: string) => (mayHoldSecret(name) ? `${name}=${REDACTED}` : m));
  t = t.replace(/(:\/\/[^/:@\s]+:)[^@\s/]+@/g, `$1${REDACTED}@`);
  // Headers (curl -H "X-Api-Key: …", wget --header=…): the value after a credential header's name.
  t = t.replace(
    /(?<![\w-])([A-Za-z][\w-]*)([ \t]*:[ \t]*)(?:(Bearer|Basic|Digest|Token)[ \t]+)?([^\s'"]+)/g,
    (m, name: string, sep: string, scheme: string | undefined) =>
      SECRET_HEADER.test(name) && !/^https?$/i.test(name) ? `${name}${sep}${scheme ? `${scheme} ` : ''}${REDACTED}` : m,
  );
  t = t.replace(/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`);
  // An option, not the end of a hyphenated word (PowerShell's Get-Secret -AsPlainText names no value).
  t = t.replace(/(?<![\w-])(--?(?:password|passwd|token|secret|api-key|apikey)[= ])\S+/gi, `$1${REDACTED}`);
  return redactArguments(t);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Passwords given as arguments: `curl -u user:PASS` (`--user`, `-uuser:PASS`), `mysql -pPASS`.
 * One pass over the words; a word's program is the last curl/mysql-like word of its command
 * segment (after `|`, `;`, `&`, or a newline).
 */
function redactArguments(text: string): string {
  if (!/curl|mysql|mariadb/.test(text)) return text;
  const parts = text.split(/(\s+)/);
  let program = '';
  let userNext = false;
  for (let i = 0; i < parts.length; i++) {
    const w = parts[i]!;
    if (i % 2 === 1) {
      if (w.includes('\n')) program = '';
      continue;
    }
    if (/^[|;&]+$|[|;&]$/.test(w)) {
      program = '';
      userNext = false;
      continue;
    }
    const bare = w.replace(/^['"(]+/, '').replace(/^.*\//, '');
    if (bare === 'curl' || PASSWORD_P_PROGRAMS.test(bare)) {
      program = bare;
      continue;
    }
    if (program === 'curl') {
      if (userNext) {
        // A quoted value may contain spaces: it runs to its closing quote.
        const q = /^['"]/.exec(w)?.[0];
        let j = i;
        if (q && (w.length === 1 || !w.endsWith(q))) while (j + 2 < parts.length && !parts[j]!.endsWith(q)) j += 2;
        if (j > i) {
          parts[i] = parts.slice(i, j + 1).join('');
          parts.fill('', i + 1, j + 1);
        }
        parts[i] = redactUserPass(parts[i]!);
        i = j;
        userNext = false;
      } else if (w === '-u' || w === '--user') userNext = true;
      else if (/^(?:-u|--user=)./.test(w)) {
        const cut = w.startsWith('-u') ? 2 : 7;
        parts[i] = w.slice(0, cut) + redactUserPass(w.slice(cut));
      }
    } else if (program && /^-p[^\s]/.test(w) && w !== '-p') parts[i] = `-p${REDACTED}`;
  }
  return parts.join('');
}

/** `user:pass` → `user:[REDACTED]`, keeping quotes. */
function redactUserPass(word: string): string {
  const m = /^(['"]?)([^:'"]*):(.+?)(['"]?)$/.exec(word);
  return m ? `${m[1]}${m[2]}:${REDACTED}${m[4]}` : word;
}

/**
 * The values of the workspace's .env files worth redacting: every value of 8 characters or more,
 * and shorter ones (3+) of variables whose name says secret (`DB_PASSWORD=hunter`), which are then
 * replaced only as whole words.
 */
export function secretValues(entries: readonly EnvValue[]): string[] {
  return entries.filter((e) => e.value.length >= LONG_VALUE || (e.value.length >= MIN_SHORT_VALUE && isSecretVariableName(e.name))).map((e) => e.value);
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
export function envValues(dir: string, io: { list(dir: string): readonly string[]; read(path: string): string | null }): EnvValue[] {
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

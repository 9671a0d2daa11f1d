// Secret values must never leave through Agent Guard's own output: deny reasons, suggested
// commands, stderr, the decision log, lint messages, SARIF. This is the one place that removes
// them: known token formats, VAR=value for secret-looking names, URL passwords, bearer tokens, and
// the values actually present in the workspace's .env files.

import { findCredentials } from './secret-patterns';
import { isDotenvName, isSecretVariableName, mayHoldSecret } from './secrets';
import { namesOnly } from './programs/table';

export const REDACTED = '[REDACTED]';

/** Below this length a value is replaced only as a whole word: a short value is often also part of ordinary words. */
const LONG_VALUE = 8;
/** The shortest .env value of a secret-named variable that is still redacted. */
const MIN_SHORT_VALUE = 3;

/** Header names whose value is a credential: Authorization, X-Api-Key, X-Auth-Token, Cookie, … */
const SECRET_HEADER = /(?:authori[sz]ation|api-?key|auth|token|secret|passw|cookie|session)/i;

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

/** How a program takes a password as an argument. */
interface PasswordArgument {
  /** Options whose next word is the password (`sshpass -p PASS`). */
  next?: readonly string[];
  /** Options with the password attached (`sshpass -pPASS`, `mysql -pPASS`, `--user=u:PASS`, `/p:PASS`). */
  attached?: readonly string[];
  /** Only once this word (a subcommand) came: `docker login -p PASS`, where elsewhere -p is a port. */
  after?: string;
  /** The value is `user<sep>password`: only the password goes (`curl -u user:PASS`, `smbclient -U user%PASS`). */
  userSep?: string;
  /** With a short option cluster holding this letter, the segment's last word is the password (`htpasswd -b file user PASS`). */
  batchLast?: string;
  /** Its first operand starts another command (`sshpass -p PASS ssh -p 22 host`): options after it are that command's. */
  runsCommand?: boolean;
}

const MYSQL: PasswordArgument = { attached: ['-p'] };
const MONGO: PasswordArgument = { next: ['-p'], attached: ['-p'] };
const LDAP: PasswordArgument = { next: ['-w'], attached: ['-w'] };
const LOGIN: PasswordArgument = { next: ['-p'], after: 'login' };
const ARCHIVE_ATTACHED: PasswordArgument = { attached: ['-p'] };
const JAVA_KEYSTORE: PasswordArgument = { next: ['-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass'] };

/**
 * Programs that take a password on their command line, where it shows in `ps`, the shell history and
 * any message quoting the command. (`--password=…`, `--token …` and `-password …` of any program are
 * redacted by name in `redact`; this table holds the short and program-specific forms.)
 */
const PASSWORD_ARGUMENTS: Readonly<Record<string, PasswordArgument>> = {
  curl: { next: ['-u', '--user'], attached: ['-u', '--user='], userSep: ':' },
  sshpass: { next: ['-p'], attached: ['-p'], runsCommand: true },
  mysql: MYSQL,
  mysqldump: MYSQL,
  mysqladmin: MYSQL,
  mysqlimport: MYSQL,
  mysqlshow: MYSQL,
  mysqlcheck: MYSQL,
  mariadb: MYSQL,
  'mariadb-dump': MYSQL,
  'mariadb-admin': MYSQL,
  'redis-cli': { next: ['-a', '--pass'], attached: ['-a'] },
  mongo: MONGO,
  mongosh: MONGO,
  mongodump: MONGO,
  mongorestore: MONGO,
  mongoexport: MONGO,
  mongoimport: MONGO,
  docker: LOGIN,
  podman: LOGIN,
  nerdctl: LOGIN,
  buildah: LOGIN,
  zip: { next: ['-P'] },
  unzip: { next: ['-P'], attached: ['-P'] },
  '7z': ARCHIVE_ATTACHED,
  '7za': ARCHIVE_ATTACHED,
  '7zz': ARCHIVE_ATTACHED,
  '7zr': ARCHIVE_ATTACHED,
  rar: ARCHIVE_ATTACHED,
  unrar: ARCHIVE_ATTACHED,
  ldapsearch: LDAP,
  ldapadd: LDAP,
  ldapmodify: LDAP,
  ldapdelete: LDAP,
  ldapwhoami: LDAP,
  ldappasswd: LDAP,
  sqlcmd: { next: ['-P'], attached: ['-P'] },
  bcp: { next: ['-P'] },
  smbclient: { next: ['-U', '--user'], attached: ['-U', '--user='], userSep: '%' },
  lftp: { next: ['-u'], userSep: ',' },
  ncftp: { next: ['-p'] },
  ncftpget: { next: ['-p'] },
  ncftpput: { next: ['-p'] },
  openssl: { next: ['-passin', '-passout', '-pass', '-k', '-kfile'] },
  keytool: JAVA_KEYSTORE,
  jarsigner: JAVA_KEYSTORE,
  gpg: { next: ['--passphrase'], attached: ['--passphrase='] },
  gpg2: { next: ['--passphrase'], attached: ['--passphrase='] },
  xfreerdp: { attached: ['/p:'] },
  rdesktop: { next: ['-p'] },
  htpasswd: { batchLast: 'b' },
};
namesOnly(PASSWORD_ARGUMENTS);

/** The run of `chars` that ends `s` (a loop: an end-anchored `[…]+$` regex backtracks from every position). */
function trailingRun(s: string, chars: string): string {
  let i = s.length;
  while (i > 0 && chars.includes(s[i - 1]!)) i--;
  return s.slice(i);
}

const unquote = (w: string) => {
  const v = w.replace(/^[('"]+/, '');
  return v.slice(0, v.length - trailingRun(v, `'"`).length);
};

/** The password part of a word, replaced, keeping the quotes around it and a `user<sep>` before it. */
function redactValue(word: string, userSep: string | undefined): string {
  const q = /^['"]/.exec(word)?.[0] ?? '';
  const end = q && word.endsWith(q) && word.length > 1 ? q : '';
  const inner = word.slice(q.length, word.length - end.length);
  const cut = userSep ? inner.indexOf(userSep) : -1;
  return `${q}${cut >= 0 ? `${inner.slice(0, cut + 1)}${REDACTED}` : REDACTED}${end}`;
}

/**
 * Passwords given as arguments (PASSWORD_ARGUMENTS): `sshpass -p PASS`, `curl -u user:PASS`,
 * `mysql -pPASS`, `docker login -p PASS`, `htpasswd -b file user PASS`, … One pass over the words; a
 * word's program is the last one of the table's in its command segment (after `|`, `;`, `&`, or a
 * newline), so `mkdir -p` or `docker run -p 80:80` are left alone.
 */
function redactArguments(text: string): string {
  if (!Object.keys(PASSWORD_ARGUMENTS).some((p) => text.includes(p))) return text;
  return redactParts(text.split(/(\s+)/)).join('');
}

/**
 * A command's words as a program gets them (argv, as `explain --json` shows them), each redacted and
 * the password arguments among them.
 */
export function redactArgv(argv: readonly string[]): string[] {
  const parts: string[] = [];
  argv.forEach((a, i) => {
    if (i > 0) parts.push(' ');
    parts.push(redact(a));
  });
  return redactParts(parts).filter((_, i) => i % 2 === 0);
}

/** The words (even indexes; whitespace between them at odd ones) with their password arguments replaced. */
function redactParts(parts: string[]): string[] {
  let program = '';
  let seenAfter = false;
  let batch = false;
  let last = -1;
  let valueNext = false;
  const endSegment = () => {
    const spec = PASSWORD_ARGUMENTS[program];
    if (spec?.batchLast && batch && last >= 0 && !unquote(parts[last]!).startsWith('-')) parts[last] = redactValue(parts[last]!, undefined);
    program = '';
    seenAfter = false;
    batch = false;
    last = -1;
    valueNext = false;
  };
  for (let i = 0; i < parts.length; i++) {
    const w = parts[i]!;
    if (i % 2 === 1) {
      if (w.includes('\n')) endSegment();
      continue;
    }
    if (w === '') continue;
    if (/^[|;&]+$/.test(w)) {
      endSegment();
      continue;
    }
    // A separator glued to the word (`-pS3cret;`) ends the segment after it, and stays.
    const tail = trailingRun(w, '|;&');
    const core = w.slice(0, w.length - tail.length);
    const bare = unquote(core);
    const name = bare.replace(/^.*\//, '');
    if (!valueNext && Object.hasOwn(PASSWORD_ARGUMENTS, name)) {
      endSegment();
      program = name;
    } else if (program) {
      const spec = PASSWORD_ARGUMENTS[program]!;
      if (valueNext) {
        // A quoted value may contain spaces: it runs to its closing quote.
        const q = /^['"]/.exec(w)?.[0];
        let j = i;
        if (q && (w.length === 1 || !w.endsWith(q))) while (j + 2 < parts.length && !parts[j]!.endsWith(q)) j += 2;
        if (j > i) {
          parts[i] = parts.slice(i, j + 1).join('');
          parts.fill('', i + 1, j + 1);
        }
        const joined = parts[i]!;
        const end = trailingRun(joined, '|;&');
        parts[i] = `${redactValue(joined.slice(0, joined.length - end.length), spec.userSep)}${end}`;
        if (end) endSegment();
        i = j;
        valueNext = false;
        continue;
      } else {
        if (spec.after && bare === spec.after) seenAfter = true;
        if (spec.batchLast && /^-[A-Za-z]+$/.test(bare) && bare.includes(spec.batchLast)) batch = true;
        if (!spec.after || seenAfter) {
          if (spec.next?.includes(bare)) valueNext = true;
          else {
            const a = spec.attached?.find((x) => bare.startsWith(x) && bare.length > x.length);
            if (a) {
              const at = core.indexOf(a);
              parts[i] = `${core.slice(0, at + a.length)}${redactValue(core.slice(at + a.length), spec.userSep)}${tail}`;
            } else if (spec.runsCommand && !bare.startsWith('-')) program = '';
          }
        }
        last = i;
      }
    }
    if (tail) endSegment();
  }
  endSegment();
  return parts;
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

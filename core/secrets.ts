// Which files hold secrets. Name rules first (cheap), then location, then content for the
// ambiguous extensions (.pem and .key are also public certificates and translation files).

import { minimatch } from 'minimatch';
import { basename, relativeTo } from './paths';

export type SecretKind = 'dotenv' | 'private-key' | 'cloud-credentials' | 'token-file' | 'configured';

const DOTENV_TEMPLATES = /\.(example|sample|template|tmpl|dist|defaults?|schema|skeleton)$/i;

/** `.env`, `.env.local`, `.env.production`, … but not `.env.example` and other templates. */
export function isDotenvName(name: string): boolean {
  if (name !== '.env' && !name.startsWith('.env.')) return false;
  return !DOTENV_TEMPLATES.test(name);
}

const KEY_NAMES = /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$|^(ssh_host_.*_key)$/;
const KEY_EXTENSIONS = /\.(pem|key|p12|pfx|jks|keystore|ppk|asc|gpg)$/i;
const KEY_DIRS = /(^|\/)(\.ssh|\.gnupg|ssl\/private|private|secrets?|keys|certs?|credentials)(\/|$)/;

export interface SecretLookup {
  home: string;
  projectDir: string;
  /** Extra globs from the config; `!glob` exempts. */
  extraGlobs: readonly string[];
  /** Reads the first bytes of a file, for content checks; null when unreadable. */
  peek?: (path: string) => string | null;
}

/** Classifies an absolute, normalised path. */
export function secretKind(path: string, lookup: SecretLookup): SecretKind | null {
  const name = basename(path);
  const configured = matchConfigured(path, name, lookup);
  if (configured === false) return null;
  if (configured === true) return 'configured';
  if (isDotenvName(name)) return 'dotenv';
  if (KEY_NAMES.test(name)) return 'private-key';
  const inHome = relativeTo(lookup.home, path);
  if (inHome !== null) {
    if (inHome === '.aws/credentials' || inHome === '.config/gcloud/application_default_credentials.json' || inHome === '.azure/accessTokens.json') return 'cloud-credentials';
    if (['.netrc', '.npmrc', '.pypirc', '.git-credentials', '.docker/config.json', '.kube/config', '.config/gh/hosts.yml', '.vault-token', '.pgpass', '.my.cnf'].includes(inHome)) return 'token-file';
    if (inHome.startsWith('.ssh/') && !/\.pub$|\/(known_hosts|config|authorized_keys)(\.old)?$/.test(inHome) && !inHome.slice(5).includes('/')) {
      return inHome.slice(5).startsWith('id_') || KEY_EXTENSIONS.test(name) ? 'private-key' : null;
    }
    if (inHome.startsWith('.gnupg/private-keys')) return 'private-key';
  }
  if (name === '.npmrc' || name === '.pypirc' || name === '.netrc') {
    const head = lookup.peek?.(path);
    if (head && /(_authToken|_password|password\s*[=:]|^[ \t]*machine\s)/m.test(head)) return 'token-file';
    return null;
  }
  if (KEY_EXTENSIONS.test(name)) {
    const head = lookup.peek?.(path);
    if (head !== null && head !== undefined) return /-----BEGIN [A-Z ]*PRIVATE KEY-----|PuTTY-User-Key-File/.test(head) ? 'private-key' : null;
    // Not readable (or not there yet): decide by location alone.
    return KEY_DIRS.test(path) ? 'private-key' : null;
  }
  return null;
}

function matchConfigured(path: string, name: string, lookup: SecretLookup): boolean | null {
  if (lookup.extraGlobs.length === 0) return null;
  const rel = relativeTo(lookup.projectDir, path) ?? path;
  let result: boolean | null = null;
  for (const glob of lookup.extraGlobs) {
    const negated = glob.startsWith('!');
    const pattern = negated ? glob.slice(1) : glob;
    if (minimatch(rel, pattern, { dot: true, matchBase: !pattern.includes('/') }) || minimatch(name, pattern, { dot: true })) result = !negated;
  }
  return result;
}

/** Names a shell glob (`.e*`, `.en?`) may expand to that would be secrets. */
export const CANONICAL_SECRET_NAMES = ['.env', '.env.local', '.env.production', '.env.development', 'id_rsa', 'id_ed25519', 'id_ecdsa', 'credentials'];

/** A variable name that conventionally holds a secret. */
export function isSecretVariableName(name: string): boolean {
  return /(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH|_PAT$|^PAT$|SESSION_?KEY|CLIENT_?SECRET|WEBHOOK_URL)/i.test(name) &&
    !/^(PATH|PWD|OLDPWD|SSH_AUTH_SOCK|GPG_AGENT_INFO|AUTHOR|AUTHORS)$/i.test(name) && !/_(FILE|PATH|DIR|URL_TEMPLATE|ENABLED|DISABLED|HOST|PORT|USER|USERNAME|NAME|ID)$/i.test(name);
}

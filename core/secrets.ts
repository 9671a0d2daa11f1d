// Which files hold secrets. Name rules first (cheap), then location, then content for the
// ambiguous extensions (.pem and .key are also public certificates and translation files).

import { minimatch } from 'minimatch';
import { basename, homeRelative, relativeTo } from './paths';

export type SecretKind = 'dotenv' | 'private-key' | 'cloud-credentials' | 'token-file' | 'environment' | 'configured' | 'credentials-file';

/**
 * More files that hold secrets, one row per kind of file: by name anywhere (`name`), by place in the
 * home folder (`home`, compared in lower case) or by absolute path (`path`). `instead` is a command
 * that shows what the file configures without its values. Each row's `examples` must be secrets
 * and its `notSecret` must not (test/secret-files.test.ts); `~/` stands for the home folder.
 */
export interface SecretFileRow {
  id: string;
  /** What the file is, for the reason ("Terraform state, which holds …"). `instead`'s `{}` is the file. */
  title: string;
  name?: RegExp;
  home?: readonly string[];
  path?: RegExp;
  instead?: string;
  examples: readonly string[];
  notSecret?: readonly string[];
}

export const SECRET_FILES: readonly SecretFileRow[] = [
  {
    id: 'terraform-state',
    title: 'Terraform state, which holds every resource attribute (passwords and keys included) in plain text',
    name: /\.tfstate(?:\.backup)?$/,
    instead: 'terraform state list',
    examples: ['terraform.tfstate', 'infra/terraform.tfstate.backup', '.terraform/prod.tfstate'],
    notSecret: ['main.tf', 'terraform.tfvars.example'],
  },
  {
    id: 'direnv',
    title: "direnv's .envrc, which exports secrets into the shell",
    name: /^\.envrc$/,
    instead: "grep -o '^export [A-Z_]*=' {}",
    examples: ['.envrc', 'services/api/.envrc'],
    notSecret: ['.envrc.example'],
  },
  {
    id: 'rails-master-key',
    title: 'the Rails master key, which decrypts config/credentials.yml.enc',
    name: /^master\.key$/,
    path: /\/config\/credentials\/[^/]+\.key$/,
    examples: ['config/master.key', 'config/credentials/production.key'],
    notSecret: ['config/credentials.yml.enc', 'i18n/translation.key.json'],
  },
  {
    id: 'google-service-account',
    title: 'a Google service-account or OAuth client key',
    name: /^(?:[\w.-]*[-_.])?service[-_]?account(?:[-_.][\w.-]*)?\.json$|^client_secrets?[\w.-]*\.json$|^application_default_credentials\.json$/i,
    examples: ['service-account.json', 'deploy/prod-service-account.json', 'client_secret_123.apps.googleusercontent.com.json'],
    notSecret: ['service-account.md', 'serviceAccountSchema.ts'],
  },
  {
    id: 'history',
    title: 'shell or REPL history, which keeps every typed password and token',
    name: /^\.(?:bash|zsh|sh|python|node_repl|ts_node_repl|psql|mysql|sqlite|rediscli|irb|pry|php)_history$|^\.zhistory$|^fish_history$/,
    home: ['.history'],
    examples: ['~/.bash_history', '~/.zsh_history', '~/.local/share/fish/fish_history', '~/.psql_history', '~/.history'],
    notSecret: ['.history/src/app.ts', 'docs/history.md'],
  },
  {
    id: 'build-tool-credentials',
    title: 'build and package tool credentials (repository passwords, signing keys, API tokens)',
    name: /^rclone\.conf$/,
    home: [
      '.m2/settings.xml',
      '.m2/settings-security.xml',
      '.gradle/gradle.properties',
      '.ivy2/.credentials',
      '.sbt/.credentials',
      '.gem/credentials',
      '.cargo/credentials',
      '.cargo/credentials.toml',
      '.terraform.d/credentials.tfrc.json',
      '.config/composer/auth.json',
      '.composer/auth.json',
      '.nuget/nuget/nuget.config',
      '.config/rclone/rclone.conf',
      '.s3cfg',
      '.boto',
      '.config/hub',
      '.config/glab-cli/config.yml',
      '.pulumi/credentials.json',
      '.databrickscfg',
      '.config/doctl/config.yaml',
      '.config/gcloud/credentials.db',
      '.config/gcloud/access_tokens.db',
      '.azure/msal_token_cache.json',
      '.azure/msal_token_cache.bin',
      '.kaggle/kaggle.json',
      '.huggingface/token',
      '.cache/huggingface/token',
      '.config/huggingface/token',
      '.wrangler/config/default.toml',
      '.config/.wrangler/config/default.toml',
      '.fly/config.yml',
      '.config/netlify/config.json',
      '.local/share/com.vercel.cli/auth.json',
      '.claude/.credentials.json',
      '.codex/auth.json',
      '.gemini/oauth_creds.json',
      '.config/github-copilot/hosts.json',
      '.config/github-copilot/apps.json',
    ],
    examples: ['~/.m2/settings.xml', '~/.gradle/gradle.properties', '~/.config/rclone/rclone.conf', '~/.cargo/credentials.toml', '~/.claude/.credentials.json'],
    notSecret: ['gradle.properties', 'pom.xml', '~/.m2/repository/x.pom', '~/.cargo/config.toml'],
  },
  {
    id: 'wrangler-dev-vars',
    title: "Cloudflare Wrangler's .dev.vars, the local values of a Worker's secrets",
    name: /^\.dev\.vars(?:\.(?!(?:example|sample|template|dist)$)[\w-]+)?$/i,
    instead: "grep -o '^[A-Z_]*=' {}",
    examples: ['.dev.vars', 'workers/api/.dev.vars', '.dev.vars.staging'],
    notSecret: ['.dev.vars.example', 'wrangler.toml', 'dev.vars.md'],
  },
  {
    id: 'app-secrets-files',
    title: "an application framework's local secrets file (Streamlit's secrets.toml, Dynaconf's .secrets.*, act's .secrets)",
    // act (nektos/act, GitHub Actions run locally) reads KEY=value lines from `.secrets` by default (--secret-file).
    name: /^\.secrets(?:\.(?:toml|ya?ml|json|py|ini))?$/i,
    path: /\/\.streamlit\/secrets\.toml$/i,
    examples: ['.streamlit/secrets.toml', 'app/.streamlit/secrets.toml', '.secrets.toml', 'config/.secrets.yaml', '.secrets', 'ci/.secrets'],
    notSecret: ['.streamlit/config.toml', 'secrets.example.toml', 'docs/secrets.md', '.secrets.example', 'secrets'],
  },
  {
    id: 'dotnet-user-secrets',
    title: ".NET user secrets (dotnet user-secrets), the local values of an app's secrets",
    path: /\/(?:\.microsoft|Microsoft)\/usersecrets\/[^/]+\/secrets\.json$/i,
    examples: ['~/.microsoft/usersecrets/8f3c2a1e-aaaa/secrets.json'],
    notSecret: ['secrets.example.json', '~/.microsoft/usersecrets/readme.md'],
  },
  {
    id: 'cloud-token-caches',
    title: 'a cloud CLI token cache (AWS SSO, gcloud legacy credentials), which holds live access tokens',
    path: /\/\.aws\/(?:sso|cli)\/cache\/[^/]+\.json$|\/\.config\/gcloud\/legacy_credentials\/[^/]+\/(?:adc\.json|\.boto)$/,
    examples: ['~/.aws/sso/cache/3f2a.json', '~/.aws/cli/cache/9b1c.json', '~/.config/gcloud/legacy_credentials/me@example.com/adc.json'],
    notSecret: ['~/.aws/config', 'aws/sso/cache.md'],
  },
  {
    // A browser profile's saved logins and cookies (Chromium-based browsers: `Login Data`, `Cookies`,
    // `Web Data`; Firefox and Thunderbird: logins.json with key4.db, cookies.sqlite), on Linux and macOS.
    id: 'browser-credentials',
    title: "a browser profile's saved passwords or cookies (live sessions)",
    path: /\/(?:google-chrome(?:-beta|-unstable)?|chromium|BraveSoftware\/Brave-Browser|microsoft-edge|vivaldi|Google\/Chrome|Microsoft Edge)\/(?:Default|Profile \d+)\/(?:Login Data(?: For Account)?|Cookies|Network\/Cookies|Web Data)$|\/(?:\.mozilla\/firefox|Firefox\/Profiles|\.thunderbird)\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite)$/,
    examples: [
      '~/.config/google-chrome/Default/Login Data',
      '~/.config/chromium/Profile 1/Cookies',
      '~/Library/Application Support/Google/Chrome/Default/Login Data',
      '~/.mozilla/firefox/abcd.default-release/logins.json',
      '~/.mozilla/firefox/abcd.default-release/key4.db',
    ],
    notSecret: ['~/.config/google-chrome/Default/Preferences', '~/.mozilla/firefox/profiles.ini', 'src/logins.json', 'fixtures/Cookies'],
  },
  {
    id: 'htpasswd',
    title: 'an htpasswd file of password hashes',
    name: /^\.htpasswd$/,
    examples: ['.htpasswd', 'deploy/nginx/.htpasswd'],
    notSecret: ['.htaccess', 'htpasswd.md'],
  },
  {
    id: 'terraform-cli-config',
    title: "Terraform's CLI config, which holds registry tokens in its credentials blocks",
    home: ['.terraformrc'],
    examples: ['~/.terraformrc'],
    notSecret: ['.terraformrc.example', 'main.tf'],
  },
  {
    id: 'system-passwords',
    title: "the system's password hashes",
    path: /^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd)$/,
    examples: ['/etc/shadow', '/etc/gshadow', '/etc/master.passwd'],
    notSecret: ['/etc/passwd', '/etc/group'],
  },
];

/** The row of SECRET_FILES that names `path` (absolute, normalised), or null. */
export function secretFileRow(path: string, home: string): SecretFileRow | null {
  const name = basename(path);
  const rel = homeRelative(path, home);
  const inHome = rel === null ? null : rel.toLowerCase();
  for (const row of SECRET_FILES) {
    if (row.name?.test(name) || row.path?.test(path) || (inHome !== null && row.home?.includes(inHome))) return row;
  }
  return null;
}

const DOTENV_TEMPLATES = /\.(example|sample|template|tmpl|dist|defaults?|schema|skeleton)$/i;

/** `.env`, `.env.local`, `.env.production`, … but not `.env.example` and other templates. */
export function isDotenvName(name: string): boolean {
  if (name !== '.env' && !name.startsWith('.env.')) return false;
  return !DOTENV_TEMPLATES.test(name);
}

const KEY_NAMES = /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$|^(ssh_host_.*_key)$/;
const KEY_EXTENSIONS = /\.(pem|key|asc|gpg)$/i;
const KEY_STORES = /\.(p12|pfx|jks|keystore|ppk|bks)$/i;
/** Content that is public: a certificate, a public key, a CSR, a PGP public block. */
const PUBLIC_CONTENT =
  /-----BEGIN (?:CERTIFICATE|TRUSTED CERTIFICATE|X509 CRL|PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|PGP MESSAGE|DH PARAMETERS|EC PARAMETERS)-----|^ssh-(?:rsa|ed25519|dss) |^ecdsa-sha2-/m;
/** The files of ~/.ssh that are not private keys: public keys and certificates, ssh's own configuration and lists. */
const SSH_NOT_KEYS = /\.pub$|^(?:known_hosts|config|authorized_keys|allowed_signers|rc|environment)(?:2|[._~-].*)?$|^\.ds_store$/;
const KEY_DIRS = /(^|\/)(\.ssh|\.gnupg|ssl\/private|private|secrets?|keys|certs?|credentials)(\/|$)/;

/** Cloud credentials, by their place relative to the home folder, as the tools spell them (compared in lower case). */
export const HOME_CLOUD_CREDENTIALS: readonly string[] = [
  '.aws/credentials',
  '.config/gcloud/application_default_credentials.json',
  '.azure/accessTokens.json',
];

/** Files in the home folder that hold tokens or passwords, relative to it (compared in lower case). */
export const HOME_TOKEN_FILES: readonly string[] = [
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.docker/config.json',
  '.kube/config',
  '.config/gh/hosts.yml',
  '.vault-token',
  '.pgpass',
  '.my.cnf',
];

/**
 * Where containers get their secrets as files: Docker and Compose secrets (`/run/secrets/NAME`), a
 * pod's service account token (`/var/run/secrets/kubernetes.io/serviceaccount/token`, the same
 * under `eks.amazonaws.com`, …). The namespace and CA certificate beside the token are not secret.
 */
const CONTAINER_SECRET_DIRS = ['/run/secrets/', '/var/run/secrets/'];
const CONTAINER_NOT_SECRET = new Set(['ca.crt', 'namespace', 'service-ca.crt']);

function containerSecret(path: string): boolean {
  return CONTAINER_SECRET_DIRS.some((d) => path.startsWith(d) && path.length > d.length) && !CONTAINER_NOT_SECRET.has(basename(path).toLowerCase());
}

export interface SecretLookup {
  home: string;
  projectDir: string;
  /** Extra globs from the config; `!glob` exempts. */
  extraGlobs: readonly string[];
  /** Reads the first bytes of a file, for content checks; null when unreadable. */
  peek?: (path: string) => string | null;
}

/**
 * Classifies an absolute, normalised path. Names are compared in lower case: on the file systems
 * of macOS and Windows `.ENV` is `.env`, and a name the agent spells differently is the same file.
 */
export function secretKind(path: string, lookup: SecretLookup): SecretKind | null {
  const name = basename(path).toLowerCase();
  const configured = matchConfigured(path, basename(path), lookup);
  if (configured === false) return null;
  if (configured === true) return 'configured';
  if (isDotenvName(name)) return 'dotenv';
  if (KEY_NAMES.test(name)) return 'private-key';
  if (/^\/proc\/[^/]+\/(?:task\/[^/]+\/)?environ$/.test(path)) return 'environment';
  if (containerSecret(path)) return 'token-file';
  if (secretFileRow(path, lookup.home)) return 'credentials-file';
  const home = homeRelative(path, lookup.home);
  const inHome = home === null ? null : home.toLowerCase();
  if (inHome !== null) {
    if (HOME_CLOUD_CREDENTIALS.some((f) => f.toLowerCase() === inHome)) return 'cloud-credentials';
    if (HOME_TOKEN_FILES.some((f) => f.toLowerCase() === inHome)) return 'token-file';
    // Every file directly in ~/.ssh but the public ones is a private key, whatever its name
    // (`deploy_key`, `github`): ssh-keygen -f names them freely.
    if (inHome.startsWith('.ssh/') && !inHome.slice(5).includes('/')) return SSH_NOT_KEYS.test(inHome.slice(5)) ? null : 'private-key';
    if (inHome.startsWith('.gnupg/private-keys')) return 'private-key';
  }
  if (name === '.npmrc' || name === '.pypirc' || name === '.netrc') {
    const head = lookup.peek?.(path);
    if (head && /(_authToken|_password|password\s*[=:]|^[ \t]*machine\s)/m.test(head)) return 'token-file';
    return null;
  }
  // Key stores hold private keys whatever their bytes look like (a trust store holds certificates).
  if (KEY_STORES.test(name)) return /trust/i.test(name) ? null : 'private-key';
  if (KEY_EXTENSIONS.test(name)) {
    const head = lookup.peek?.(path);
    if (head !== null && head !== undefined) {
      if (/-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|PuTTY-User-Key-File/.test(head)) return 'private-key';
      if (PUBLIC_CONTENT.test(head)) return null;
    }
    // Not readable, not there yet, or neither a private nor a public key by its content: decide by location.
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

/**
 * Variables whose value is the path of a credential file (or of a folder of them), one row per
 * tool. `stands` is the path the variable replaces (the tool's default), so the path arithmetic
 * and the tables above decide, with the rest of the word (`"$DOCKER_CONFIG/config.json"`):
 * reading `$KUBECONFIG` is reading `~/.kube/config`, while `ls -l "$KUBECONFIG"` stays metadata.
 * A row without `stands` names a file that is a credential whatever its path. Beyond the rows,
 * `NAME_FILE` and `NAME_PATH` where NAME is a secret variable (the Docker-secrets convention
 * DB_PASSWORD_FILE, GITHUB_TOKEN_FILE, TLS_PRIVATE_KEY_PATH) name a file holding that secret.
 * The variables themselves hold paths, not secrets: `echo "$KUBECONFIG"` prints nothing secret.
 */
export interface CredentialPathVariable {
  names: readonly string[];
  stands?: string;
  title: string;
  examples: readonly string[];
}

export const CREDENTIAL_PATH_VARIABLES: readonly CredentialPathVariable[] = [
  {
    names: ['GOOGLE_APPLICATION_CREDENTIALS'],
    stands: '~/.config/gcloud/application_default_credentials.json',
    title: 'a Google service-account key',
    examples: ['cat "$GOOGLE_APPLICATION_CREDENTIALS"'],
  },
  { names: ['CLOUDSDK_CONFIG'], stands: '~/.config/gcloud', title: "gcloud's configuration folder", examples: ['cat "$CLOUDSDK_CONFIG/credentials.db"'] },
  { names: ['AWS_SHARED_CREDENTIALS_FILE'], stands: '~/.aws/credentials', title: 'the AWS credentials file', examples: ['cat "$AWS_SHARED_CREDENTIALS_FILE"'] },
  { names: ['KUBECONFIG'], stands: '~/.kube/config', title: 'the kubeconfig (client keys and tokens)', examples: ['cat $KUBECONFIG'] },
  { names: ['DOCKER_CONFIG'], stands: '~/.docker', title: "Docker's configuration folder", examples: ['cat "$DOCKER_CONFIG/config.json"'] },
  { names: ['GNUPGHOME'], stands: '~/.gnupg', title: "GnuPG's home folder", examples: ['cat "$GNUPGHOME/private-keys-v1.d/A1.key"'] },
  { names: ['AZURE_CONFIG_DIR'], stands: '~/.azure', title: "the Azure CLI's folder", examples: ['cat "$AZURE_CONFIG_DIR/msal_token_cache.json"'] },
  { names: ['NETRC'], stands: '~/.netrc', title: 'the netrc file', examples: ['cat "$NETRC"'] },
  { names: ['PGPASSFILE'], stands: '~/.pgpass', title: "libpq's password file", examples: ['cat "$PGPASSFILE"'] },
  { names: ['NPM_CONFIG_USERCONFIG'], stands: '~/.npmrc', title: "npm's user config (auth tokens)", examples: ['cat "$NPM_CONFIG_USERCONFIG"'] },
  { names: ['BOTO_CONFIG'], stands: '~/.boto', title: "boto's config (keys)", examples: ['cat "$BOTO_CONFIG"'] },
  {
    names: ['TF_CLI_CONFIG_FILE'],
    stands: '~/.terraform.d/credentials.tfrc.json',
    title: "Terraform's CLI config (API tokens)",
    examples: ['cat "$TF_CLI_CONFIG_FILE"'],
  },
  {
    names: ['AZURE_CLIENT_CERTIFICATE_PATH', 'ARM_CLIENT_CERTIFICATE_PATH'],
    title: 'an Azure client certificate with its private key',
    examples: ['cat "$AZURE_CLIENT_CERTIFICATE_PATH"'],
  },
];

/** The row of CREDENTIAL_PATH_VARIABLES for a variable, or, for NAME_FILE / NAME_PATH with a secret NAME, a row made for it. */
export function credentialPathVariable(name: string): CredentialPathVariable | null {
  const upper = name.toUpperCase();
  const row = CREDENTIAL_PATH_VARIABLES.find((r) => r.names.includes(upper));
  if (row) return row;
  const m = /^(.+)_(?:FILE|PATH)$/.exec(upper);
  return m && isSecretVariableName(m[1]!) ? { names: [upper], title: `the file holding ${m[1]}`, examples: [] } : null;
}

/** Names a shell glob (`.e*`, `.en?`) may expand to that would be secrets. */
export const CANONICAL_SECRET_NAMES = ['.env', '.env.local', '.env.production', '.env.development', 'id_rsa', 'id_ed25519', 'id_ecdsa', 'credentials'];

/** Secret files at known places in the home folder (relative to it), for a glob there that cannot be listed (`~/.*\/credentials`). */
export function knownHomeSecrets(): readonly string[] {
  return [...HOME_CLOUD_CREDENTIALS, ...HOME_TOKEN_FILES, ...SECRET_FILES.flatMap((r) => r.home ?? []), '.ssh/id_rsa', '.ssh/id_ed25519', '.ssh/id_ecdsa'];
}

/**
 * A variable name that may hold a secret, by substring: broad on purpose, for redaction and for
 * finding the values of a .env file in source text (a false match costs nothing there).
 */
export function mayHoldSecret(name: string): boolean {
  return (
    /(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH|_PAT$|^PAT$|SESSION_?KEY|CLIENT_?SECRET|WEBHOOK_URL)/i.test(
      name,
    ) &&
    !/^(PATH|PWD|OLDPWD|SSH_AUTH_SOCK|GPG_AGENT_INFO|AUTHOR|AUTHORS)$/i.test(name) &&
    !/_(FILE|PATH|DIR|URL_TEMPLATE|ENABLED|DISABLED|HOST|PORT|USER|USERNAME|NAME|ID)$/i.test(name)
  );
}

/**
 * The components of a variable name (split at `_`) that mean it holds a secret. Judged by
 * components, not substrings: TOKENIZER_PATH, SECRETARY_NAME and PASSPORT_COUNTRY are not secrets.
 */
export const SECRET_NAME_COMPONENTS = {
  /** A component that is, or ends with, one of these (PGPASSWORD, NPMTOKEN). */
  words: ['TOKEN', 'SECRET', 'PASSWORD', 'PASSWD', 'PASSPHRASE', 'APIKEY', 'CREDENTIAL', 'CREDENTIALS', 'PRIVATEKEY', 'ACCESSKEY', 'SECRETKEY', 'AUTHTOKEN'],
  /** Components that mean a secret only as a whole component. */
  exact: ['PASS', 'PAT', 'PWD', 'CREDS', 'PSK', 'MFA', 'OTP', 'TOTP', 'COOKIE', 'JWT', 'SESSIONKEY'],
  /** KEY is a secret unless qualified as something public or structural (SORT_KEY, STRIPE_PUBLISHABLE_KEY). */
  keyNotSecretAfter: [
    'SORT',
    'CACHE',
    'PARTITION',
    'PRIMARY',
    'FOREIGN',
    'LOOKUP',
    'HASH',
    'ROUTING',
    'IDEMPOTENCY',
    'CURSOR',
    'GROUP',
    'MAP',
    'DEDUP',
    'MESSAGE',
    'OBJECT',
    'BUCKET',
    'PUBLIC',
    'PUB',
    'PUBLISHABLE',
    'SITE',
    'PREFIX',
    'RECAPTCHA_SITE',
    'SHORTCUT',
    'HOT',
  ],
  /** AUTH means credentials only as the last component (BASIC_AUTH), not in SSH_AUTH_SOCK or AUTH_URL. */
  lastOnly: ['AUTH'],
  /** Last components that carry a credential whatever comes before: a DSN or a connection string holds the key or password. */
  carrierLast: ['DSN', 'CONNSTR', 'CONNECTIONSTRING'],
  /** Two last components that carry one (AZURE_STORAGE_CONNECTION_STRING). */
  carrierLastTwo: ['CONNECTION_STRING', 'CONN_STRING', 'CONN_STR'],
  /** A URL or URI of a data store or broker carries its password (DATABASE_URL, MONGODB_URI, REDIS_URL); a webhook URL is its own key. */
  urlCarriers: [
    'DATABASE',
    'DB',
    'MONGODB',
    'MONGO',
    'REDIS',
    'POSTGRES',
    'POSTGRESQL',
    'PG',
    'PGSQL',
    'MYSQL',
    'MARIADB',
    'AMQP',
    'RABBITMQ',
    'BROKER',
    'WEBHOOK',
  ],
  /** A last component that makes the variable describe a secret rather than hold it. */
  describing: [
    'FILE',
    'PATH',
    'DIR',
    'HOST',
    'PORT',
    'USER',
    'USERNAME',
    'NAME',
    'ID',
    'ENABLED',
    'DISABLED',
    'TYPE',
    'LENGTH',
    'LEN',
    'EXPIRY',
    'EXPIRES',
    'TTL',
    'REGION',
    'URL',
    'URI',
    'PREFIX',
    'SUFFIX',
    'HEADER',
    'FIELD',
    'PARAM',
    'COUNT',
    'SIZE',
    'MIN',
    'MAX',
    'FORMAT',
    'VERSION',
    'ALGORITHM',
    'ALG',
    'SCOPE',
    'SCOPES',
    'AUDIENCE',
    'ISSUER',
    'HINT',
    'POLICY',
    'ENDPOINT',
    'SOCK',
    'SOCKET',
    'MODE',
    'LOCATION',
    'ARN',
    'COMMAND',
    'CMD',
    'HELPER',
    'PROVIDER',
    'LIMIT',
    'LIMITS',
    'QUOTA',
    'BUDGET',
    'THRESHOLD',
    'TIMEOUT',
    'RETRIES',
    'RATE',
  ],
  examples: {
    secret: [
      'GITHUB_TOKEN',
      'GH_TOKEN',
      'STRIPE_SECRET_KEY',
      'OPENAI_API_KEY',
      'DB_PASSWORD',
      'PGPASSWORD',
      'AWS_SECRET_ACCESS_KEY',
      'NPM_TOKEN',
      'GITHUB_PAT',
      'MYSQL_PWD',
      'STRIPE_KEY',
      'BASIC_AUTH',
      'SLACK_BOT_TOKEN',
      'API_KEY',
      'SECRET',
      'HF_TOKEN',
      'DEPLOY_KEY',
      'SENTRY_AUTH_TOKEN',
      'ANTHROPIC_API_KEY',
      'db_password',
      'DATABASE_URL',
      'MONGODB_URI',
      'REDIS_URL',
      'SENTRY_DSN',
      'AZURE_STORAGE_CONNECTION_STRING',
      'SLACK_WEBHOOK_URL',
      'SECRET_KEY_BASE',
      'GITHUB_TOKEN_PROD',
    ],
    notSecret: [
      'TOKENIZER_PATH',
      'SECRETARY_NAME',
      'PASSPORT_COUNTRY',
      'GITHUB_TOKEN_FILE',
      'SSH_AUTH_SOCK',
      'AUTH_URL',
      'AWS_ACCESS_KEY_ID',
      'STRIPE_PUBLISHABLE_KEY',
      'SORT_KEY',
      'PATH',
      'HOME',
      'NODE_ENV',
      'AUTHOR',
      'BYPASS_CACHE',
      'PASSTHROUGH',
      'KEYBOARD_LAYOUT',
      'MONKEY',
      'TOKEN_ENDPOINT',
      'PWD_HISTORY_DIR',
      'TOKEN_COUNT_LIMIT',
      'MAX_TOKENS',
      'TOKEN_LIMIT',
      'PASSWORD_MIN_LENGTH',
      'DATABASE_HOST',
      'API_URL',
      'SENTRY_ENVIRONMENT',
    ],
  },
};

/** A variable name that means a secret, judged by its components (see SECRET_NAME_COMPONENTS). */
export function isSecretVariableName(name: string): boolean {
  if (CREDENTIAL_PATH_VARIABLES.some((r) => r.names.includes(name.toUpperCase()))) return false; // a path, not the secret
  const parts = name
    .toUpperCase()
    .split('_')
    .filter((p) => p !== '');
  if (parts.length === 0) return false;
  const t = SECRET_NAME_COMPONENTS;
  const last = parts[parts.length - 1]!;
  if (t.carrierLast.includes(last) || (parts.length > 1 && t.carrierLastTwo.includes(parts.slice(-2).join('_')))) return true;
  if ((last === 'URL' || last === 'URI') && parts.length > 1 && t.urlCarriers.includes(parts[parts.length - 2]!)) return true;
  if (parts.length > 1 && t.describing.includes(last)) return false;
  if (parts.length === 1 && parts[0] === 'PWD') return false; // the working directory
  const at = parts.findIndex((p, i) => {
    if (t.words.some((w) => p === w || (p.endsWith(w) && p.length > w.length && w.length >= 5))) return true;
    if (t.exact.includes(p)) return true;
    if (p === 'KEY' || p === 'KEYS') return i === 0 ? parts.length === 1 : !t.keyNotSecretAfter.includes(parts[i - 1]!);
    if (t.lastOnly.includes(p)) return i === parts.length - 1;
    return false;
  });
  // A describing component after the secret one makes the name about the secret: TOKEN_COUNT_LIMIT is a count.
  return at >= 0 && !parts.slice(at + 1).some((p) => t.describing.includes(p));
}

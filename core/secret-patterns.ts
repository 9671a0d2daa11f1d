// Credential formats, kept as data with their own tests (test/secret-patterns.test.ts).
// Each pattern is anchored on a vendor prefix so ordinary identifiers never match; the
// `body` group is checked for placeholder text and variety before a match counts.
//
// Why not a library: the well-kept sources (gitleaks' rules, detect-secrets) are Go/Python or
// hundreds of rules with lookaheads; the hook must stay small and fast, so we keep the formats
// that agents actually paste, with word-boundary anchors and no nested quantifiers.

import { work } from './work';

export interface SecretPattern {
  id: string;
  title: string;
  re: RegExp;
  /** A further check on the match, for formats whose prefix alone does not make a credential. */
  accept?: (groups: Record<string, string | undefined>) => boolean;
}

/** Hosts whose connection-string passwords are local development defaults, not credentials. */
const LOCAL_HOSTS = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|host\.docker\.internal)$/i;
/** Words used as stand-in passwords in examples and compose files. */
const STAND_IN_PASSWORD = /^(?:pass(?:word)?\d*|secret\d*|postgres|root|admin|mysql|redis|guest|user|test|dev|changeme)$/i;

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { id: 'aws-access-key-id', title: 'AWS access key id', re: /\b(?:AKIA|ASIA|ABIA|ACCA)(?<body>[0-9A-Z]{16})\b/g },
  { id: 'aws-secret-access-key', title: 'AWS secret access key', re: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?(?<body>[A-Za-z0-9/+=]{40})\b/gi },
  { id: 'github-token', title: 'GitHub token', re: /\bgh[pousr]_(?<body>[A-Za-z0-9]{36,255})\b/g },
  { id: 'github-fine-grained-pat', title: 'GitHub fine-grained token', re: /\bgithub_pat_(?<body>[A-Za-z0-9_]{60,255})\b/g },
  { id: 'gitlab-token', title: 'GitLab token', re: /\bglpat-(?<body>[A-Za-z0-9_-]{20,64})\b/g },
  { id: 'slack-token', title: 'Slack token', re: /\bxox[baprs]-(?<body>[A-Za-z0-9-]{10,200})\b/g },
  {
    id: 'slack-webhook',
    title: 'Slack webhook URL',
    re: /https:\/\/hooks\.slack\.com\/services\/(?<body>T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32})/g,
  },
  { id: 'stripe-live-key', title: 'Stripe live key', re: /\b(?:sk|rk)_live_(?<body>[A-Za-z0-9]{20,255})\b/g },
  { id: 'openai-key', title: 'OpenAI API key', re: /\bsk-(?:proj-|svcacct-|admin-)?(?<body>[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200})\b/g },
  { id: 'openai-project-key', title: 'OpenAI project key', re: /\bsk-proj-(?<body>[A-Za-z0-9_-]{40,300})\b/g },
  { id: 'anthropic-key', title: 'Anthropic API key', re: /\bsk-ant-(?:api|admin)\d{2}-(?<body>[A-Za-z0-9_-]{80,200})\b/g },
  { id: 'google-api-key', title: 'Google API key', re: /\bAIza(?<body>[0-9A-Za-z_-]{35})\b/g },
  { id: 'npm-token', title: 'npm token', re: /\bnpm_(?<body>[A-Za-z0-9]{36})\b/g },
  { id: 'pypi-token', title: 'PyPI token', re: /\bpypi-AgEIcHlwaS5vcmc(?<body>[A-Za-z0-9_-]{50,300})\b/g },
  { id: 'huggingface-token', title: 'Hugging Face token', re: /\bhf_(?<body>[A-Za-z0-9]{34,40})\b/g },
  { id: 'sendgrid-key', title: 'SendGrid key', re: /\bSG\.(?<body>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})\b/g },
  { id: 'digitalocean-token', title: 'DigitalOcean token', re: /\bdo[pro]_v1_(?<body>[a-f0-9]{64})\b/g },
  { id: 'shopify-token', title: 'Shopify token', re: /\bshp(?:at|ca|pa|ss)_(?<body>[a-fA-F0-9]{32})\b/g },
  {
    id: 'private-key-block',
    title: 'private key',
    re: /-{4,5} ?BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED |SSH2 (?:ENCRYPTED )?)?PRIVATE KEY(?: BLOCK)? ?-{4,5}(?<body>[\s\S]{0,64})/g,
  },
  { id: 'vault-token', title: 'HashiCorp Vault token', re: /\bhv[sbr]\.(?<body>[A-Za-z0-9_-]{24,200})\b/g },
  { id: 'telegram-bot-token', title: 'Telegram bot token', re: /\b\d{8,10}:(?<body>AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/g },
  { id: 'azure-storage-key', title: 'Azure storage account key', re: /\bAccountKey=(?<body>[A-Za-z0-9+/]{40,100}={0,2})/g },
  { id: 'twilio-api-key', title: 'Twilio API key', re: /\bSK(?<body>[0-9a-fA-F]{32})\b/g },
  { id: 'age-secret-key', title: 'age secret key', re: /\bAGE-SECRET-KEY-1(?<body>[02-9AC-HJ-NP-Z]{58})\b/g },
  {
    id: 'putty-private-key',
    title: 'PuTTY private key',
    re: /PuTTY-User-Key-File-\d+: ?[\w-]{1,64}\r?\nEncryption: ?(?<body>[\w-]{1,64})/g,
  },
  {
    // scheme://user:password@host: a password that is not a stand-in, for a host that is not this machine.
    id: 'connection-string-password',
    title: 'password in a connection string',
    re: /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver):\/\/(?<user>[^:\s/@]{1,64}):(?<body>[^@\s/]{8,128})@(?<host>[^\s/:"'?@]{1,253})/g,
    accept: (g) =>
      !!g.body &&
      /[A-Za-z]/.test(g.body) &&
      /\d/.test(g.body) &&
      g.body !== g.user &&
      !STAND_IN_PASSWORD.test(g.body) &&
      !/^\$|^%|^\{\{/.test(g.body) &&
      !LOCAL_HOSTS.test(g.host ?? ''),
  },
  { id: 'bearer-jwt', title: 'bearer token (JWT)', re: /\bBearer\s+(?<body>eyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,2000})/g },
];

/** Key file formats: the header is the finding, whatever the body. */
const KEY_FILES = new Set(['private-key-block', 'putty-private-key']);

const PLACEHOLDER =
  /example|sample|dummy|placeholder|your[_-]?|xxxx|\*{4}|<[^>\n]{0,100}>|\$\{|0{8}|1234567|abcdef(?:gh)?ij|changeme|redacted|fake|test(?:ing)?[_-]?key/i;

/** Credential-looking strings in `text` that are not placeholders. Never returns the values to callers that print. */
export function findCredentials(text: string): { id: string; title: string; value: string }[] {
  const out: { id: string; title: string; value: string }[] = [];
  for (const p of SECRET_PATTERNS) {
    p.re.lastIndex = 0;
    for (const m of text.matchAll(p.re)) {
      const body = m.groups?.body ?? m[0];
      // Placeholder words are looked for in the secret part: a bot id or a host name (db.example.com) is not a stand-in value.
      if (!KEY_FILES.has(p.id) && (PLACEHOLDER.test(body) || new Set(body).size < 8)) continue;
      if (p.accept && !p.accept(m.groups ?? {})) continue;
      out.push({ id: p.id, title: p.title, value: m[0] });
      if (out.length >= 20) return out;
    }
  }
  return out;
}

/** Runs of base64 (standard or URL-safe) and of hex long enough to hold a key. */
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,4096}={0,2}(?![A-Za-z0-9+/=_-])/g;
const HEX_RUN = /(?<![0-9a-fA-F])[0-9a-fA-F]{32,4096}(?![0-9a-fA-F])/g;
/** A string literal's end, `+`, and the next literal's start (`'ghp_' + 'abc…'`), across one line break. */
export const CONCATENATION = /(['"`])[ \t]*\+(?:[ \t]*\r?\n)?[ \t]*\1/g;

/** Mostly printable ASCII: what a key decodes to, unlike an image or compressed data. */
function printable(s: string): boolean {
  if (s.length === 0) return false;
  let ok = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) ok++;
  }
  return ok / s.length >= 0.95;
}

/**
 * Credentials written so that they do not read as one: a key-shaped value inside a base64 or hex
 * literal (`atob("Z2hw…")`, `Buffer.from("6768…", "hex")`, `b64decode(…)`), or split into string
 * literals joined by `+`. The value reported is the text as written (the encoded literal, the
 * joined pieces), so a change that keeps it is not judged again. Linear: each run is decoded once and
 * searched like the text itself (every run, not the first N: a key after N decoys is still found).
 */
export function findEncodedCredentials(text: string): { id: string; title: string; value: string }[] {
  const out: { id: string; title: string; value: string }[] = [];
  for (const re of [BASE64_RUN, HEX_RUN]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      work(m[0].length);
      const hex = re === HEX_RUN;
      if (hex && m[0].length % 2 === 1) continue;
      if (!hex && (/^[0-9a-fA-F]+$/.test(m[0]) || !/[0-9]/.test(m[0]) || !/[A-Z]/.test(m[0]) || !/[a-z]/.test(m[0]))) continue;
      const decoded = Buffer.from(hex ? m[0] : m[0].replace(/-/g, '+').replace(/_/g, '/'), hex ? 'hex' : 'base64').toString('latin1');
      if (!printable(decoded)) continue;
      for (const c of findCredentials(decoded)) out.push({ id: c.id, title: `${c.title} (${hex ? 'hex' : 'base64'}-encoded)`, value: m[0] });
    }
  }
  CONCATENATION.lastIndex = 0;
  if (CONCATENATION.test(text)) {
    const joined = text.replace(CONCATENATION, '');
    for (const c of findCredentials(joined))
      if (!text.includes(c.value)) out.push({ id: c.id, title: `${c.title} (split into joined strings)`, value: c.value });
  }
  return out;
}

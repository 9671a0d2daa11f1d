// The credential formats are data; each has a positive and a placeholder case.
// Key-shaped strings are assembled at run time so this repository never holds one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SECRET_PATTERNS, findCredentials, findEncodedCredentials } from '../core/secret-patterns';

const j = (...parts: string[]) => parts.join('');
const REAL: Record<string, string> = {
  'aws-access-key-id': j('AKIA', 'Q3EGRXZ2V7NJ4TDL'),
  'aws-secret-access-key': j('aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzk3t9q8Lm2'),
  'github-token': j('ghp', '_', 'k3Jd8Fh2Lm9Qx4Rv7Tz1Wb6Yn0Pc5Se8Ug2A'),
  'github-fine-grained-pat': j('github_pat_', '11ABCDEFG0', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6K8l0Z1x3C5v7B9n2M4q6W8e0R2t4Y6u8I0o2P4a6S8d'),
  'gitlab-token': j('glpat-', 'x9Kq2Lm7Rt4Wp8Zb3Nc6'),
  'slack-token': j('xoxb-', '2839475610-8473625190-q7W3e9R2t5Y8u1I4o6P0a3S5'),
  'slack-webhook': j('https://hooks.slack.com/services/', 'T0A1B2C3D/B4E5F6G7H/q7W3e9R2t5Y8u1I4o6P0a3S5'),
  'stripe-live-key': j('sk', '_live_', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'),
  'openai-key': j('sk-', 'q7W3e9R2t5Y8u1I4o6P0', 'T3BlbkFJ', 'a3S5d7F9g2H4j6K8l0Z1'),
  'openai-project-key': j('sk-proj-', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9d0E1f2G3h4I5j6K7l8M9n0P1q2R3s4'),
  'anthropic-key': j('sk-ant-', 'api03-', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6K8l0Z1x3C5v7B9n2M4q6W8e0R2t4Y6u8I0o2P4a6S8d0F2g4H6'),
  'google-api-key': j('AIza', 'Sy', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j'),
  'npm-token': j('npm_', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6K8'),
  'pypi-token': j('pypi-', 'AgEIcHlwaS5vcmc', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6K8l0Z1x3C5v7B9n2M4q6'),
  'huggingface-token': j('hf_', 'q7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6'),
  'sendgrid-key': j('SG.', 'q7W3e9R2t5Y8u1I4o6P0a3', '.', 'S5d7F9g2H4j6K8l0Z1x3C5v7B9n2M4q6W8e0R2t4Y6u'),
  'digitalocean-token': j('dop_v1_', 'a3f5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5'),
  'shopify-token': j('shpat_', 'a3f5c7e9b1d3f5a7c9e1b3d5f7a9c1e3'),
  'private-key-block': j('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA'),
  'vault-token': j('hvs', '.', 'CAESIq7W3e9R2t5Y8u1I4o6P0a3S5d7F9g2H4j6K8l0Z1x3C5v7B9n2M4q6'),
  'telegram-bot-token': j('1652648134', ':', 'AAU2Var1MOvwC7REqHyINGPjpHwe9uBwjeR'),
  'twilio-api-key': j('SK', '2a9f7c3e1b8d4a6f0c2e5b7d9a1c3e5f'),
  'age-secret-key': j('AGE-SECRET-KEY-', '1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQ9XKZ'),
  'putty-private-key': j('PuTTY-User-Key-File-3: ssh-ed25519\n', 'Encryption: none\nComment: k\n'),
  'azure-storage-key': j('AccountKey=', '5wkZgBDzxQQiHFRFFlrmxcdrxh0dmPr0rJEX8TBDq9Vw3kLm2Pz8Rt6YbNc4Hd7Kf5Gs0JaXe1Uo2Ii3Qw=='),
  'connection-string-password': j('postgres://app:', 'Pr0dPassw0rd!', '@db.internal:5432/app'),
  'bearer-jwt': j('Authorization: Bearer ', 'eyJhbGciOiJIUzI1NiJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', '.', 'q7W3e9R2t5Y8u1I4o6P0a3S5'),
};

test('every pattern has a real-looking case here', () => {
  assert.deepEqual(Object.keys(REAL).sort(), SECRET_PATTERNS.map((p) => p.id).sort());
});

for (const p of SECRET_PATTERNS) {
  test(`${p.id} finds its format inside code`, () => {
    const found = findCredentials(`const x = "${REAL[p.id]}";`);
    assert.ok(
      found.some((f) => f.id === p.id),
      JSON.stringify(found.map((f) => f.id)),
    );
  });
}

test('placeholders and documentation examples are not credentials', () => {
  for (const text of [
    'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
    j('sk', '_live_', 'your_key_here_xxxxxxxxxxxx'),
    j('ghp', '_', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
    'Authorization: Bearer ${TOKEN}',
    'const skip = items.skip(2);',
    'AIza is the prefix of Google API keys',
    // Local development defaults in compose files and test configs, and stand-ins.
    'postgres://postgres:postgres@localhost:5432/test',
    'DATABASE_URL=postgres://app:devpass123@localhost/app',
    'mysql://root:password@db:3306/app',
    'mongodb://user:${MONGO_PASSWORD}@mongo.internal/app',
    'redis://default:secret123@127.0.0.1:6379',
    'amqp://guest:guest@rabbitmq:5672/',
  ]) {
    assert.deepEqual(findCredentials(text), [], text);
  }
});

test('credentials written encoded or in pieces are found; encoded data that holds none is not', () => {
  const b64 = (t: string) => Buffer.from(t).toString('base64');
  const hex = (t: string) => Buffer.from(t).toString('hex');
  for (const [text, id] of [
    [`const k = atob('${b64(REAL['github-token']!)}');`, 'github-token'],
    [`KEY = base64.b64decode("${b64(REAL['stripe-live-key']!)}")`, 'stripe-live-key'],
    [`Buffer.from('${hex(REAL['aws-access-key-id']!)}', 'hex')`, 'aws-access-key-id'],
    [`const k = '${REAL['github-token']!.slice(0, 10)}' +\n  '${REAL['github-token']!.slice(10)}';`, 'github-token'],
  ] as const) {
    assert.deepEqual(
      findEncodedCredentials(text).map((f) => f.id),
      [id],
      text,
    );
  }
  for (const text of [
    `atob('${b64('hello world, this is a long plain sentence')}')`,
    "'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='",
    `const sha = '${'2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'}';`,
    "const url = 'https://' + host + '/api';",
  ]) {
    assert.deepEqual(findEncodedCredentials(text), [], text);
  }
});

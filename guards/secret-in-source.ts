import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { shellFileChanges } from '../core/guards/file-changes';
import { secretPath } from '../core/guards/helpers';
import { CONCATENATION, findCredentials, findEncodedCredentials } from '../core/secret-patterns';
import { mayHoldSecret } from '../core/secrets';
import { envValues, type EnvValue } from '../core/redact';
import { basename, relativeTo } from '../core/paths';

/** Values from the workspace's .env files that are long and secret-looking enough to matter. */
function workspaceSecrets(ctx: GuardContext): EnvValue[] {
  return envValues(ctx.projectDir, { list: (d) => ctx.listDir(d), read: (p) => ctx.readText(p, 64 * 1024) }).filter(({ name, value }) => {
    if (value.length < 12 || /^(true|false|null|none|\d+)$/i.test(value)) return false;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/:\/\/[^/@\s:]+:[^/@\s]+@/.test(value)) return false; // a URL without a password
    const random = value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value) && new Set(value).size >= 10;
    return mayHoldSecret(name) || random;
  });
}

/** The value was already in the text, written in pieces (a split credential found again after an unrelated edit). */
function joinedIn(text: string, value: string): boolean {
  CONCATENATION.lastIndex = 0;
  return text.replace(CONCATENATION, '').includes(value);
}

/** A change of `path` from `before` to `after`: a credential, or a workspace secret's value, that it adds. */
function judgeChange(path: string, before: string, after: string, ctx: GuardContext): Denial | null {
  const file = relativeTo(ctx.projectDir, path) || basename(path);
  const added = [...findCredentials(after), ...findEncodedCredentials(after)].filter((c) => !before.includes(c.value) && !joinedIn(before, c.value));
  if (added.length > 0) {
    const title = added[0]!.title;
    return {
      reason: `This change writes what looks like ${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title} into ${file}. Source files get committed and shared; read the credential at run time from the environment or a secret manager (e.g. process.env.NAME, os.environ["NAME"]) and keep the value in an ignored .env file.`,
    };
  }
  const leaked = workspaceSecrets(ctx).find((s) => after.includes(s.value) && !before.includes(s.value));
  if (leaked) {
    return {
      reason: `This change writes the value of ${leaked.name} from ${leaked.file} into ${file}. Read it at run time instead (e.g. process.env.${leaked.name}, os.environ["${leaked.name}"]), so the value stays out of the repository.`,
    };
  }
  return null;
}

export default defineGuard({
  id: 'secret-in-source',
  title: 'No credentials written into source files',
  prevents: 'A key read an hour ago ends up hard-coded in a source file, gets committed and pushed, and has to be rotated.',
  tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', ...SHELL_TOOLS],
  check(call, ctx) {
    if (call.command !== null) {
      // Shell writes whose text the line shows: echo/printf/heredoc redirections, sed s///, patches.
      for (const c of shellFileChanges(ctx)) {
        if (c.kind !== 'write' || !c.edit || secretPath(c.path, ctx)) continue;
        const d = judgeChange(c.path, c.replaces ? (ctx.readText(c.path) ?? '') : c.edit.oldText, c.edit.newText, ctx);
        if (d) return d;
      }
      return null;
    }
    if (!call.path || !call.edits) return null;
    // Secret files are where secrets belong (.env, keys); templates like .env.example are checked.
    if (secretPath(call.path, ctx)) return null;
    const whole = call.tool === 'Write' || call.tool === 'NotebookEdit';
    const before = whole ? (ctx.readText(call.path) ?? '') : call.edits.map((e) => e.oldText).join('\n');
    const after = call.edits.map((e) => e.newText).join('\n');
    return judgeChange(call.path, before, after, ctx);
  },
  examples: {
    blocked: [
      {
        tool_name: 'Bash',
        tool_input: { command: `echo 'const k = "${['ghp', 'Fc33SCRDoVfiRAbqAhfdCPXarEzApw8i7yJU'].join('_')}";' > src/k.ts` },
        note: 'written by a redirection',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/db.ts', content: 'export const url = "postgres://admin:Pr0dPassw0rd!@db.internal:5432/app";\n' },
        note: 'a real password for a real host',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/config.ts', content: `export const stripeKey = "${['sk', 'live', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'].join('_')}";\n` },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'src/aws.py',
          old_string: 'KEY_ID = os.environ["AWS_ACCESS_KEY_ID"]',
          new_string: `KEY_ID = "${['AKIA', 'Q3EGRXZ2V7NJ4TDL'].join('')}"`,
        },
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: 'scripts/deploy.sh',
          content: `curl -H "Authorization: token ${['ghp', 'k3Jd8Fh2Lm9Qx4Rv7Tz1Wb6Yn0Pc5Se8Ug2A'].join('_')}" https://api.github.com\n`,
        },
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: 'deploy/key.txt',
          content: `${['-----BEGIN', 'OPENSSH PRIVATE KEY-----'].join(' ')}\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n`,
        },
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: '.env.example',
          content: `OPENAI_API_KEY=${['sk-proj', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9d0E1f2G3h4I5j6K7l8M9n0P1q2R3s4'].join('-')}\n`,
        },
        note: 'templates are committed',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/billing.ts', content: 'const key = "r4Nd0mV4lu3-f0r-t3sts-9xQ2";\n' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'PAYMENT_API_KEY=r4Nd0mV4lu3-f0r-t3sts-9xQ2\n' } },
        note: 'a value from the workspace .env',
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: 'src/k.ts',
          content: `export const k = atob('${Buffer.from(['ghp', 'Fc33SCRDoVfiRAbqAhfdCPXarEzApw8i7yJU'].join('_')).toString('base64')}');\n`,
        },
        note: 'encoded in base64',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'docs/deploy.md', content: `${['PuTTY-User-Key-File-3', ' ssh-ed25519'].join(':')}\nEncryption: none\nPrivate-Lines: 1\n` },
        note: 'a PuTTY key pasted into a document',
      },
    ],
    allowed: [
      {
        tool_name: 'Bash',
        tool_input: { command: "echo 'DATABASE_URL=postgres://postgres:postgres@localhost:5432/app' > .env.example" },
        note: 'a local default',
      },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/3000/8080/' src/server.ts" } },
      { tool_name: 'Write', tool_input: { file_path: 'src/config.ts', content: 'export const stripeKey = process.env.STRIPE_KEY;\n' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.env.example', content: 'STRIPE_KEY=sk_live_your_key_here\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n' },
        note: 'placeholders',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.env', content: `STRIPE_KEY=${['sk', 'live', 'Zq3Xv9Lm2Rt8Wp4Yb6Nc1Hd7Kf5Gs0Ja'].join('_')}\n` },
        note: 'the secret file is where the secret belongs',
      },
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.ts', old_string: 'const a = 1;', new_string: 'const a = 2;' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/billing.ts', content: 'const key = process.env.PAYMENT_API_KEY;\nconst mode = "development";\n' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'PAYMENT_API_KEY=r4Nd0mV4lu3-f0r-t3sts-9xQ2\nNODE_ENV=development\n' } },
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'src/api.ts', old_string: 'fetch(url)', new_string: 'fetch(url, { headers: { Authorization: `Bearer ${token}` } })' },
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/consts.ts', content: 'export const API_BASE = "https://api.example.com/v1";\n' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'API_BASE_URL=https://api.example.com/v1\n' } },
        note: 'a URL is not a secret',
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: 'src/img.ts',
          content:
            "export const dot = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';\n",
        },
        note: 'base64 data that holds no key',
      },
    ],
  },
});

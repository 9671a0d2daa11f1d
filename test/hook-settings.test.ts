// How a settings change changes the way Agent Guard's hook runs (core/guards/hook-settings.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hookChange, hookModel } from '../core/guards/hook-settings';

const OURS = { type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs"', timeout: 10 };
const settings = (o: Record<string, unknown>) => JSON.stringify(o, null, 2);
const withHook = (matcher: unknown, extra: Record<string, unknown> = {}, event = 'PreToolUse') =>
  settings({ ...extra, hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [OURS] }] } });
const BEFORE = withHook('*', { permissions: { allow: [] }, env: { FOO: '1' } });

test('changes that leave the hook running as before are not changes', () => {
  assert.equal(hookChange(BEFORE, withHook('*', { permissions: { allow: ['Bash(npm test)'] }, env: { FOO: '1' } })), null);
  assert.equal(
    hookChange(BEFORE, withHook('*', { permissions: { allow: [] }, env: { FOO: '1', MAX_THINKING_TOKENS: '8000', ANTHROPIC_MODEL: 'x', NODE_ENV: 'test' } })),
    null,
    'names on the allowlist',
  );
  assert.equal(hookChange(BEFORE, withHook('*', { permissions: { allow: [] } })), null, 'an env entry removed');
  assert.equal(hookChange(BEFORE, withHook(undefined, { permissions: { allow: [] }, env: { FOO: '1' } })), null, 'omitted matcher = "*"');
  assert.equal(hookChange(withHook('Bash'), withHook('Bash|Write')), null, 'a widened exact list');
  assert.equal(hookChange(BEFORE, `// a comment\n${BEFORE.replace(/\n\s*/g, ' ')}`), null, 'JSONC, whitespace');
  assert.equal(hookChange(null, settings({ permissions: { deny: ['Read(.env)'] } })), null, 'a new file without hooks');
});

test('each way of changing how the hook runs is named', () => {
  assert.equal(hookChange(BEFORE, withHook('Write')), 'narrows the hook\'s matcher from "*" to "Write", so some tool calls are no longer checked');
  assert.equal(
    hookChange(withHook('Bash|Write'), withHook('^Bash$')),
    'narrows the hook\'s matcher from "Bash|Write" to "^Bash$", so some tool calls are no longer checked',
  );
  assert.equal(hookChange(BEFORE, withHook('*', {}, 'PostToolUse')), 'moves the hook from PreToolUse to PostToolUse, where it can no longer stop a call');
  assert.equal(hookChange(BEFORE, BEFORE.replace('"timeout": 10', '"timeout": 1')), "changes the hook's timeout");
  assert.equal(hookChange(BEFORE, BEFORE.replace('"timeout": 10', '"timeout": 10, "async": true')), "changes the hook's async");
  assert.equal(hookChange(BEFORE, settings({ permissions: { allow: [] } })), "removes Agent Guard's PreToolUse hook entry");
  assert.equal(hookChange(BEFORE, settings({ disableAllHooks: true })), 'sets disableAllHooks, which switches the hook off');
  assert.equal(hookChange(null, settings({ allowManagedHooksOnly: true })), 'sets allowManagedHooksOnly, which switches the hook off');
  assert.equal(
    hookChange(BEFORE, BEFORE.replace('"FOO": "1"', '"FOO": "1", "NODE_OPTIONS": "--require /tmp/x.js"')),
    'sets env NODE_OPTIONS, which is read by node when the hook starts',
  );
  assert.equal(hookChange(BEFORE, `${BEFORE}}`), 'leaves the file unreadable as JSON, so the host ignores it and the hook entry with it');
});

test("the hook's environment: any env entry added or changed is named, unless the name is on the allowlist", () => {
  const withEnv = (env: Record<string, string>) => withHook('*', { permissions: { allow: [] }, env });
  const cases: [Record<string, string>, string | null][] = [
    [{ FOO: '2' }, 'sets env FOO, which is not one of the names known not to change how the hook starts or what it reads'],
    [{ FOO: '1', OPENSSL_CONF: '/etc/hostname' }, 'sets env OPENSSL_CONF, which is read by node when the hook starts'],
    [{ FOO: '1', SSL_CERT_FILE: '/dev/zero' }, "sets env SSL_CERT_FILE, which is read by node's OpenSSL when the hook starts"],
    [{ FOO: '1', LD_AUDIT: '/tmp/a.so' }, "sets env LD_AUDIT, which is read by the dynamic loader before the hook's node runs"],
    [{ FOO: '1', DYLD_LIBRARY_PATH: '/tmp' }, "sets env DYLD_LIBRARY_PATH, which is read by the dynamic loader before the hook's node runs"],
    [{ FOO: '1', HOME: '/tmp/h' }, 'sets env HOME, which moves where the hook looks for its trust records, code cache and home folder'],
    [{ FOO: '1', XDG_CONFIG_HOME: '/tmp/c' }, 'sets env XDG_CONFIG_HOME, which moves where the hook looks for its trust records, code cache and home folder'],
    [{ FOO: '1', PATH: '/tmp/bin:/usr/bin' }, 'sets env PATH, which decides which node runs the hook'],
    [{ FOO: '1', TMPDIR: '/tmp/x' }, 'sets env TMPDIR, which is not one of the names known not to change how the hook starts or what it reads'],
    [{ FOO: '1', UV_THREADPOOL_SIZE: '1' }, 'sets env UV_THREADPOOL_SIZE, which is read by node when the hook starts'],
    [{ FOO: '1', AGENT_GUARD_NO_WORKSPACE_GUARDS: '1' }, "sets env AGENT_GUARD_NO_WORKSPACE_GUARDS, which switches Agent Guard's own behaviour"],
    [{ FOO: '1', CLAUDE_CODE_SHELL_PREFIX: '/tmp/wrap' }, 'sets env CLAUDE_CODE_SHELL_PREFIX, which is read by the host, and may change how it runs hooks'],
    [{ FOO: '1', BASH_ENV: '/tmp/rc' }, "sets env BASH_ENV, which changes the shell that runs the hook's command"],
    [{ FOO: '1', ANTHROPIC_: 'x' }, 'sets env ANTHROPIC_, which is not one of the names known not to change how the hook starts or what it reads'],
    [{ FOO: '1', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', DISABLE_TELEMETRY: '1', HTTPS_PROXY: 'http://p:3128' }, null],
  ];
  for (const [env, want] of cases) assert.equal(hookChange(BEFORE, withEnv(env)), want, JSON.stringify(env));
  assert.equal(
    hookChange(null, settings({ env: { LD_PRELOAD: '/tmp/x.so' } })),
    "sets env LD_PRELOAD, which is read by the dynamic loader before the hook's node runs",
    'a new file',
  );
  assert.equal(
    hookChange(BEFORE, withEnv({ FOO: '1' }).replace('"FOO": "1"', '"FOO": "1", "NODE_OPTIONS": "--max-old-space-size=4096"')),
    'sets env NODE_OPTIONS, which is read by node when the hook starts',
  );
  assert.equal(hookChange(withEnv({ FOO: '1', PATH: '/a' }), withEnv({ FOO: '1', PATH: '/a' })), null, 'unchanged');
});

test('a new PreToolUse or PermissionRequest hook could rewrite the call; other events cannot override a deny', () => {
  const add = (event: string) => {
    const o = JSON.parse(BEFORE);
    o.hooks[event] = [...(o.hooks[event] ?? []), { matcher: 'Bash', hooks: [{ type: 'command', command: './rewrite.sh' }] }];
    return settings(o);
  };
  assert.equal(
    hookChange(BEFORE, add('PreToolUse')),
    'adds a PreToolUse hook (./rewrite.sh), which runs on every matching tool call and can rewrite the call after Agent Guard has judged it',
  );
  assert.match(hookChange(BEFORE, add('PermissionRequest')) ?? '', /^adds a PermissionRequest hook/);
  assert.equal(hookChange(BEFORE, add('PostToolUse')), null);
  assert.equal(hookChange(add('PreToolUse'), add('PreToolUse')), null, 'an existing one is not new');
});

test('the model: our entry, the other gate hooks, the switches', () => {
  const m = hookModel(BEFORE.replace('"permissions"', '"disableAllHooks": false, "permissions"'));
  assert.equal(m.parsed, true);
  assert.deepEqual(
    m.ours.map((o) => [o.event, o.handler.command]),
    [['PreToolUse', OURS.command]],
  );
  assert.equal(m.gate.size, 0);
  assert.deepEqual(m.off, { disableAllHooks: false, allowManagedHooksOnly: false });
});

// install --sandbox: the rules Claude Code's sandbox gets (exact), merged into what the user wrote
// (nothing lost, an explicit enabled: false kept), reversible to the byte, and what status says.
// The behaviour of these settings in the real Claude Code is test/real-hosts/sandbox.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minimatch } from 'minimatch';
import type { Bundle, Target } from '../core/install/installer';
import { install, sync, uninstall } from '../core/install/targets/claude';
import { planInstall, planUninstall } from '../core/install/settings';
import {
  DOTENV_TEMPLATE_SUFFIXES,
  PRIVATE_KEY_NAMES,
  describeSandbox,
  sandboxRules,
  sandboxState,
  type SandboxLayer,
  type SandboxPlan,
} from '../core/install/sandbox';
import { missingSandboxPrograms, sandboxStatus } from '../core/install/sandbox-files';
import { isDotenvName, secretKind } from '../core/secrets';
import { picker, prng, randomJsonObject } from './support/prng';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '9.9.9' };
const ENTRY = { command: 'node x/agent-guard.cjs', timeout: 10 };
const SMALL: SandboxPlan = { rules: { denyRead: ['**/.env', '~/.aws/credentials'], allowRead: ['**/.env*.example'] }, enable: true };
const HOOK_JSON = `"hooks": {
    "PreToolUse": [
      {
        "matcher": "*",
        "hooks": [
          {
            "type": "command",
            "command": "node x/agent-guard.cjs",
            "timeout": 10
          }
        ]
      }
    ]
  }`;

const HOME_DENY = [
  '~/.ssh/id_*',
  '~/.gnupg/private-keys-v1.d',
  '~/.aws/credentials',
  '~/.config/gcloud/application_default_credentials.json',
  '~/.azure/accessTokens.json',
  '~/.netrc',
  '~/.npmrc',
  '~/.pypirc',
  '~/.git-credentials',
  '~/.docker/config.json',
  '~/.kube/config',
  '~/.config/gh/hosts.yml',
  '~/.vault-token',
  '~/.pgpass',
  '~/.my.cnf',
];

test('the rules: dotenv files and key files at any depth in the project, the credential files of the home folder; templates and public keys readable', () => {
  assert.deepEqual(sandboxRules('project'), {
    denyRead: [
      '**/.env',
      '**/.env.*',
      '**/id_rsa',
      '**/id_dsa',
      '**/id_ecdsa',
      '**/id_ed25519',
      '**/id_ecdsa_sk',
      '**/id_ed25519_sk',
      '**/ssh_host_*_key',
      ...HOME_DENY,
    ],
    allowRead: [
      '**/.env*.example',
      '**/.env*.sample',
      '**/.env*.template',
      '**/.env*.tmpl',
      '**/.env*.dist',
      '**/.env*.default',
      '**/.env*.defaults',
      '**/.env*.schema',
      '**/.env*.skeleton',
      '~/.ssh/id_*.pub',
    ],
  });
  // User settings: a relative entry there is relative to ~/.claude, so only the home folder's files.
  assert.deepEqual(sandboxRules('user'), { denyRead: HOME_DENY, allowRead: ['~/.ssh/id_*.pub'] });
  // The config's extra globs: a bare name at any depth, a path from the project root; exemptions left out.
  assert.deepEqual(sandboxRules('local', ['*.secret', './config/keys/*', '!ok.secret', '']).denyRead.slice(9, 11), ['**/*.secret', 'config/keys/*']);
  // Braces (which the sandbox ignores) are expanded; a glob with too many spellings is left out.
  assert.deepEqual(sandboxRules('project', ['{a,b}.key', 'c/*.{x,y}', '{1,2}{3,4}{5,6}{7,8}{9,0}x']).denyRead.slice(9, 14), [
    '**/a.key',
    '**/b.key',
    'c/*.x',
    'c/*.y',
    '**/1357' + '9x',
  ]);
  assert.equal(sandboxRules('project', ['{1,2}{3,4}{5,6}{7,8}{9,0}{a,b}x']).denyRead[9], '~/.ssh/id_*');
});

test('the rules say what core/secrets.ts says: every denied name is a secret there, every re-allowed one is not', () => {
  const lookup = { home: '/h', projectDir: '/p', extraGlobs: [] };
  const rules = sandboxRules('project');
  for (const name of ['.env', '.env.local', '.env.production', '.env.qa', '.env.local.backup', ...PRIVATE_KEY_NAMES, 'ssh_host_rsa_key']) {
    for (const rel of [name, `sub/deep/${name}`]) {
      assert.ok(secretKind(`/p/${rel}`, lookup), `${rel} is not a secret in core/secrets.ts`);
      assert.ok(
        rules.denyRead.some((g) => minimatch(rel, g, { dot: true })),
        `${rel} is denied by no rule`,
      );
      assert.ok(!rules.allowRead.some((g) => minimatch(rel, g, { dot: true })), `${rel} is re-allowed`);
    }
  }
  for (const s of DOTENV_TEMPLATE_SUFFIXES)
    for (const name of [`.env.${s}`, `.env.local.${s}`]) {
      assert.equal(isDotenvName(name), false, `${name} is a secret in core/secrets.ts`);
      assert.ok(
        rules.allowRead.some((g) => minimatch(`sub/${name}`, g, { dot: true })),
        `${name} is not re-allowed`,
      );
    }
  for (const rule of HOME_DENY.filter((r) => !r.includes('*')))
    assert.ok(secretKind(`/h/${rule.slice(2)}${rule.endsWith('.d') ? '/key.key' : ''}`, lookup), `${rule} is not a secret in core/secrets.ts`);
  assert.equal(secretKind('/h/.ssh/id_ed25519', lookup), 'private-key');
  assert.equal(secretKind('/h/.ssh/id_ed25519.pub', lookup), null);
});

test('a file without sandbox settings gets them whole, after what is there; uninstall gives back the bytes', () => {
  const original = '{\n  "model": "opus"\n}\n';
  const plan = planInstall(original, ENTRY, [], SMALL);
  assert.ok(plan.ok);
  assert.equal(
    plan.text,
    `{
  "model": "opus",
  ${HOOK_JSON},
  "sandbox": {
    "enabled": true,
    "filesystem": {
      "denyRead": [
        "**/.env",
        "~/.aws/credentials"
      ],
      "allowRead": [
        "**/.env*.example"
      ]
    }
  }
}
`,
  );
  assert.deepEqual(plan.record.sandbox, { enabled: true, denyRead: ['**/.env', '~/.aws/credentials'], allowRead: ['**/.env*.example'] });
  assert.deepEqual(plan.record.createdPaths, [
    'hooks',
    'hooks.PreToolUse',
    'sandbox',
    'sandbox.filesystem',
    'sandbox.filesystem.denyRead',
    'sandbox.filesystem.allowRead',
  ]);
  assert.equal(planUninstall(plan.text, plan.record).text, original);
  // Installing again changes nothing.
  const again = planInstall(plan.text, ENTRY, [], SMALL);
  assert.deepEqual(again.ok && [again.changed, again.record.sandbox], [false, { enabled: false, denyRead: [], allowRead: [] }]);
});

test("the user's sandbox settings are merged into, not overwritten: their rules, network and other keys stay; an explicit enabled: false is kept", () => {
  const original = `{
  "sandbox": {
    "enabled": false,
    "network": { "allowedDomains": ["github.com"] },
    "excludedCommands": ["docker *"],
    "filesystem": {
      "denyRead": ["~/.secret", "**/.env"],
      "allowWrite": ["/tmp/build"]
    }
  }
}
`;
  const plan = planInstall(original, ENTRY, [], SMALL);
  assert.ok(plan.ok);
  assert.equal(
    plan.text,
    `{
  "sandbox": {
    "enabled": false,
    "network": { "allowedDomains": ["github.com"] },
    "excludedCommands": ["docker *"],
    "filesystem": {
      "denyRead": ["~/.secret", "**/.env", "~/.aws/credentials"],
      "allowWrite": ["/tmp/build"],
      "allowRead": [
        "**/.env*.example"
      ]
    }
  },
  ${HOOK_JSON}
}
`,
  );
  // Only what was missing is ours: "**/.env" was the user's, and so is enabled.
  assert.deepEqual(plan.record.sandbox, { enabled: false, denyRead: ['~/.aws/credentials'], allowRead: ['**/.env*.example'] });
  assert.equal(planUninstall(plan.text, plan.record).text, original);
});

test('an empty sandbox or filesystem object is filled in one edit, and emptied again on uninstall', () => {
  for (const [original, expected] of [
    [
      '{"sandbox":{}}',
      '{"sandbox":{\n  "enabled": true,\n  "filesystem": {\n    "denyRead": [\n      "**/.env",\n      "~/.aws/credentials"\n    ],\n    "allowRead": [\n      "**/.env*.example"\n    ]\n  }\n}}',
    ],
    [
      '{\n  "sandbox": {\n    "filesystem": {}\n  }\n}\n',
      '{\n  "sandbox": {\n    "filesystem": {\n      "denyRead": [\n        "**/.env",\n        "~/.aws/credentials"\n      ],\n      "allowRead": [\n        "**/.env*.example"\n      ]\n    },\n    "enabled": true\n  }\n}\n',
    ],
  ] as const) {
    const plan = planInstall(original, ENTRY, [], SMALL);
    assert.ok(plan.ok);
    const hooksGone = JSON.parse(plan.text);
    delete hooksGone.hooks;
    assert.deepEqual(hooksGone, JSON.parse(expected));
    assert.ok(plan.text.startsWith(expected.slice(0, -3)), plan.text);
    assert.equal(planUninstall(plan.text, plan.record).text, original);
  }
});

test('sandbox settings Claude Code would reject are refused, the file untouched', () => {
  for (const [text, message] of [
    ['{"sandbox": true}', '"sandbox" is boolean, where Claude Code expects an object'],
    ['{"sandbox": ["x"]}', '"sandbox" is an array, where Claude Code expects an object'],
    ['{"sandbox": {"enabled": "yes"}}', '"sandbox.enabled" is string, where Claude Code expects true or false'],
    ['{"sandbox": {"filesystem": null}}', '"sandbox.filesystem" is null, where Claude Code expects an object'],
    ['{"sandbox": {"filesystem": {"denyRead": "~/.x"}}}', '"sandbox.filesystem.denyRead" is string, where Claude Code expects an array of paths'],
  ] as const) {
    const plan = planInstall(text, ENTRY, [], SMALL);
    assert.deepEqual(plan, { ok: false, error: `${message}; fix it, then install again` });
  }
});

test('sync adds only rules an earlier install did not add: one the user removed stays removed, enabled too', () => {
  const skip = { enabled: true, denyRead: ['**/.env'], allowRead: [] };
  const plan = planInstall('{\n  "sandbox": {\n    "filesystem": {\n      "denyRead": []\n    }\n  }\n}\n', ENTRY, [], { ...SMALL, skip });
  assert.ok(plan.ok);
  assert.deepEqual(JSON.parse(plan.text).sandbox, { filesystem: { denyRead: ['~/.aws/credentials'], allowRead: ['**/.env*.example'] } });
});

function workspace(): { ws: string; t: Target; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'agent-guard-sandbox-'));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  return { ws, t: { workspace: ws, scope: 'project', home: join(root, 'home') }, file: join(ws, '.claude', 'settings.json') };
}

test('install --sandbox, sync and uninstall on disk: the record keeps what was added; the file comes back byte-identical', () => {
  const { ws, t, file } = workspace();
  const original = '{\n\t"model": "opus",\n\t"sandbox": {\n\t\t"filesystem": { "allowWrite": ["~/.cache"] }\n\t}\n}\n';
  writeFileSync(file, original);
  const r = install(t, BUNDLE, { selfTest: false, sandbox: true });
  assert.ok(r.ok, r.error);
  assert.match(
    r.lines.join('\n'),
    /updated \.claude\/settings\.json: PreToolUse hook for every tool, 13 deny rules for secret files, Claude Code's sandbox on, 34 sandbox read rules for secret files/,
  );
  const s = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(s.sandbox.filesystem.allowWrite, ['~/.cache']);
  assert.deepEqual(s.sandbox.filesystem.denyRead, sandboxRules('project').denyRead);
  const state = JSON.parse(readFileSync(join(ws, '.claude/hooks/agent-guard.install.json'), 'utf8'));
  assert.deepEqual(state.settings['settings.json'].sandbox, { enabled: true, ...sandboxRules('project') });
  // Re-install and sync: nothing changes.
  const installed = readFileSync(file, 'utf8');
  assert.ok(install(t, BUNDLE, { selfTest: false, sandbox: true }).ok);
  assert.ok(sync(t, BUNDLE).ok);
  assert.equal(readFileSync(file, 'utf8'), installed);
  assert.ok(uninstall(t, BUNDLE).ok);
  assert.equal(readFileSync(file, 'utf8'), original);
});

test('uninstall after the user changed the file removes only what install added', () => {
  const { t, file } = workspace();
  writeFileSync(file, '{\n  "model": "opus"\n}\n');
  assert.ok(install(t, BUNDLE, { selfTest: false, sandbox: true, denyRules: false }).ok);
  const s = JSON.parse(readFileSync(file, 'utf8'));
  s.sandbox.filesystem.denyRead.push('~/.mine');
  s.sandbox.excludedCommands = ['docker *'];
  writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
  assert.ok(uninstall(t, BUNDLE).ok);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {
    model: 'opus',
    sandbox: { filesystem: { denyRead: ['~/.mine'] }, excludedCommands: ['docker *'] },
  });
});

test('sync after a plain install leaves the sandbox alone; after --sandbox it keeps it, without re-adding what the user took out', () => {
  const { t, file } = workspace();
  writeFileSync(file, '{}\n');
  assert.ok(install(t, BUNDLE, { selfTest: false }).ok);
  assert.ok(sync(t, BUNDLE).ok);
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).sandbox, undefined);
  assert.ok(install(t, BUNDLE, { selfTest: false, sandbox: true }).ok);
  const s = JSON.parse(readFileSync(file, 'utf8'));
  s.sandbox.filesystem.denyRead = s.sandbox.filesystem.denyRead.filter((r: string) => r !== '~/.npmrc');
  writeFileSync(file, JSON.stringify(s, null, 2));
  assert.ok(sync(t, BUNDLE).ok);
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).sandbox.filesystem.denyRead.includes('~/.npmrc'), false);
});

test('install --sandbox where the user set enabled: false keeps it and says so', () => {
  const { t, file } = workspace();
  writeFileSync(file, '{ "sandbox": { "enabled": false } }\n');
  const r = install(t, BUNDLE, { selfTest: false, sandbox: true });
  assert.ok(r.ok, r.error);
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).sandbox.enabled, false);
  assert.ok(
    r.warnings.includes(
      "the sandbox stays off: .claude/settings.json sets sandbox.enabled: false (left as you set it; Agent Guard's read rules apply once it is true)",
    ),
    r.warnings.join('\n'),
  );
});

const layer = (kind: SandboxLayer['kind'], sandbox: unknown, label = kind): SandboxLayer => ({ label, kind, settings: { sandbox } });

test('status: precedence decides enabled; rules count from where they mean this workspace; what lets commands out is shown', () => {
  const wanted = { denyRead: ['**/.env', '~/.aws/credentials'], allowRead: ['**/.env*.example'] };
  const s = sandboxState(
    [
      layer('local', { enabled: false }),
      layer('project', { enabled: true, filesystem: { denyRead: ['~/.aws/credentials'] }, excludedCommands: ['docker *'] }),
      // In user settings a relative rule is relative to ~/.claude: it does not cover the workspace.
      layer('user', { filesystem: { denyRead: ['**/.env'], disabled: true }, allowUnsandboxedCommands: false }),
    ],
    wanted,
    ['socat'],
  );
  assert.deepEqual(s, {
    enabled: false,
    enabledBy: 'local',
    rules: { present: ['~/.aws/credentials'], missing: ['**/.env', '**/.env*.example'] },
    filesystemDisabledBy: 'user',
    allowUnsandboxedCommands: false,
    excludedCommands: ['docker *'],
    problems: [],
  });
  assert.deepEqual(describeSandbox(s, 'ask'), [
    "off: local sets sandbox.enabled: false (Agent Guard's rules apply once it is true)",
    "Agent Guard's read rules: 1 of 3 present; missing: **/.env, **/.env*.example",
    'problem: user sets sandbox.filesystem.disabled: the read rules do nothing',
  ]);
  const on = sandboxState(
    [layer('project', { enabled: true, filesystem: { denyRead: ['**/.env'], allowRead: ['**/.env*.example'] }, excludedCommands: ['docker *'] })],
    wanted,
    ['socat'],
  );
  assert.deepEqual(describeSandbox(on, 'ask'), [
    "on (project): Bash commands run in Claude Code's OS sandbox; writes outside the workspace fail there",
    "Agent Guard's read rules: 2 of 3 present; missing: ~/.aws/credentials",
    'problem: socat is not installed, so Claude Code runs Bash commands unsandboxed (on Debian/Ubuntu: apt-get install bubblewrap socat)',
    'leaving it: a call with dangerouslyDisableSandbox: true is asked (sandbox-escape guard)',
    'outside it (excludedCommands): docker *',
  ]);
  assert.deepEqual(describeSandbox(sandboxState([], wanted, []), 'off'), [
    "off (agent-guard install --sandbox turns on Claude Code's sandbox with read rules for secret files)",
  ]);
});

test('status reads the settings files and the config; the programs are looked up on PATH, not run', () => {
  const { ws, t, file } = workspace();
  writeFileSync(file, JSON.stringify({ sandbox: { enabled: true } }));
  writeFileSync(join(ws, '.claude/agent-guard.json'), JSON.stringify({ secretFiles: ['*.vault'], guards: { 'sandbox-escape': 'off' } }));
  const bin = join(ws, '..', 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'bwrap'), '');
  writeFileSync(join(bin, 'socat'), '');
  chmodSync(join(bin, 'bwrap'), 0o755); // socat there but not executable
  assert.deepEqual(missingSandboxPrograms('linux', bin, []), ['socat']);
  assert.deepEqual(missingSandboxPrograms('linux', '', []), ['bubblewrap (bwrap)', 'socat']);
  // The usual folders count even when PATH lacks them (Claude Code looks there too).
  assert.deepEqual(missingSandboxPrograms('linux', '', [bin]), ['socat']);
  assert.deepEqual(missingSandboxPrograms('win32', '', []), []);
  const s = sandboxStatus(ws, t.home, { platform: 'linux', pathVar: bin, standardDirs: [] });
  assert.deepEqual(
    [s.enabled, s.enabledBy, s.escapeGuard, s.rules.present, s.rules.missing.includes('**/*.vault')],
    [true, '.claude/settings.json', 'off', [], true],
  );
  assert.deepEqual(s.problems, ['socat is not installed, so Claude Code runs Bash commands unsandboxed (on Debian/Ubuntu: apt-get install bubblewrap socat)']);
});

// ---- property test: random settings with random sandbox objects, install → install → uninstall ----

function randomSandboxSettings(rand: () => number): string {
  const pick = picker(rand);
  const obj = randomJsonObject(rand, ['model', 'env', 'theme', 'ünïcode', 'a b'], ['opus', 'a "quoted" value', '☃']);
  if (rand() < 0.8) {
    const sb: Record<string, unknown> = {};
    if (rand() < 0.5) sb.enabled = rand() < 0.5;
    if (rand() < 0.3) sb.network = { allowedDomains: ['github.com'] };
    if (rand() < 0.3) sb.excludedCommands = ['docker *'];
    if (rand() < 0.7) {
      const fs: Record<string, unknown> = {};
      const some = (xs: readonly string[]) => xs.filter(() => rand() < 0.3);
      if (rand() < 0.6) fs.denyRead = [...some(RULES.denyRead), ...(rand() < 0.5 ? ['~/.mine'] : [])];
      if (rand() < 0.5) fs.allowRead = some(RULES.allowRead);
      if (rand() < 0.3) fs.allowWrite = ['/tmp/build'];
      sb.filesystem = fs;
    }
    obj.sandbox = sb;
  }
  let text = JSON.stringify(obj, null, pick(['  ', '    ', '\t']));
  if (rand() < 0.3) text = text.replace(/\[\s*("[^"\n]*"(?:,\s*"[^"\n]*")*)\s*\]/g, (_m, inner: string) => `[${inner.replace(/,\s*/g, ', ')}]`);
  if (rand() < 0.3) text = text.replace(/\n/g, '\r\n');
  if (rand() < 0.7) text += text.includes('\r\n') ? '\r\n' : '\n';
  return text;
}

const RULES = sandboxRules('project');

test('property: install --sandbox adds only what is missing, keeps every user value, changes nothing the second time, and uninstall restores the bytes (400 random files)', () => {
  const rand = prng(20261201);
  let exactInverse = 0;
  for (let i = 0; i < 400; i++) {
    const original = randomSandboxSettings(rand);
    const plan = { rules: RULES, enable: true };
    const first = planInstall(original, ENTRY, [], plan);
    assert.ok(first.ok, `#${i}: ${!first.ok && first.error}\n${original}`);
    const before = JSON.parse(original);
    const after = JSON.parse(first.text);
    const sb = after.sandbox;
    // Every rule is there, once; the user's own values are all still there, in their order.
    for (const key of ['denyRead', 'allowRead'] as const) {
      for (const r of RULES[key]) assert.ok(sb.filesystem[key].includes(r), `#${i}: ${r} missing`);
      const theirs: string[] = before.sandbox?.filesystem?.[key] ?? [];
      assert.deepEqual(sb.filesystem[key].slice(0, theirs.length), theirs, `#${i}: the user's ${key} changed`);
      assert.equal(new Set(sb.filesystem[key]).size, sb.filesystem[key].length, `#${i}: a rule added twice`);
    }
    assert.equal(sb.enabled, typeof before.sandbox?.enabled === 'boolean' ? before.sandbox.enabled : true, `#${i}: enabled`);
    for (const k of ['network', 'excludedCommands']) assert.deepEqual(sb[k], before.sandbox?.[k], `#${i}: ${k}`);
    assert.deepEqual(sb.filesystem.allowWrite, before.sandbox?.filesystem?.allowWrite);
    for (const k of Object.keys(before)) if (k !== 'sandbox') assert.deepEqual(after[k], before[k], `#${i}: ${k} changed`);
    const second = planInstall(first.text, ENTRY, [], plan);
    assert.ok(second.ok && !second.changed && second.text === first.text, `#${i}: second install changed the file`);
    assert.equal(planUninstall(first.text, first.record).text, original, `#${i}: uninstall did not restore\n${original}`);
    if (!first.record.restore) exactInverse++;
  }
  // No stored copy needed: removing what was added gives back every file.
  assert.equal(exactInverse, 400);
});

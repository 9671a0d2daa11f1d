// The effects layer: every signature row has examples, and each example yields exactly the stated effects.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeShell } from '../core/shell/analyze';
import { effectsOf, render, substitution, namesOnlyPattern } from '../core/effects/derive';
import { specFor } from '../core/programs/match';
import { patchTargets } from '../core/effects/patch';
import { administration, MONGO_ADMIN, REDIS_ADMIN, SQL_ADMIN } from '../core/effects/store-admin';
import { FAMILIES } from '../core/programs';
import { CODE_APIS, DOTENV_LOADERS } from '../core/programs/interpreters';
import { literals } from '../core/effects/literals';
import { HOME, PROJECT } from './support/run';

function effectsFor(command: string, names: string[]) {
  const analysis = analyzeShell(command, { cwd: PROJECT, home: HOME });
  const inv = analysis.invocations.find((i) => names.includes(i.program) || names.some((n) => i.program.startsWith(`${n}.`)));
  assert.ok(inv, `no invocation of ${names[0]} in ${command}`);
  const e = effectsOf(inv, HOME);
  return { row: e.row, effects: e.effects.map((x) => render(x, inv.cwd)) };
}

for (const [family, specs] of Object.entries(FAMILIES)) {
  describe(`signatures: ${family}`, () => {
    for (const spec of specs) {
      spec.rows.forEach((row, n) => {
        test(`${spec.names[0]} row ${n + 1}${row.sub ? ` (${row.sub.join(' ')})` : ''}: examples yield the stated effects`, () => {
          assert.ok(row.examples.length > 0, 'every row has an example');
          for (const ex of row.examples) {
            const got = effectsFor(ex.command, spec.names);
            assert.equal(got.row, row, `${ex.command}: described by another row`);
            assert.deepEqual([...got.effects].sort(), [...ex.effects].sort(), ex.command);
          }
        });
      });
    }
  });
}

test('a program name belongs to one family only', () => {
  const seen = new Map<string, string>();
  for (const [family, specs] of Object.entries(FAMILIES)) {
    for (const spec of specs) {
      for (const n of spec.names) {
        assert.ok(!seen.has(n), `${n} is in ${seen.get(n)} and ${family}`);
        seen.set(n, family);
      }
    }
  }
});

test('versioned and suffixed program names find their signature', () => {
  assert.equal(specFor('python3.12'), specFor('python3'));
  assert.equal(specFor('mkfs.ext4'), specFor('mkfs'));
  assert.equal(specFor('no-such-program'), undefined);
});

test('an unknown program: positionals are possible reads, options and URLs are not', () => {
  assert.deepEqual(effectsFor('mytool --flag .env https://x.example.com k=v', ['mytool']).effects, ['read?(.env, content)']);
});

test('wrappers: options that read files count, the command they run is an execution', () => {
  assert.deepEqual(effectsFor('xargs -a .env echo', ['xargs']).effects.sort(), ['execute(shell: echo)', 'read(.env, content)']);
});

test('git accepts abbreviated long options', () => {
  assert.deepEqual(effectsFor('git diff --no-ind /dev/null .env', ['git']).effects, ['read(/dev/null, content)', 'read(.env, content)']);
});

test('interpreter code: each language example yields an effect', () => {
  for (const [lang, api] of Object.entries(CODE_APIS)) {
    for (const command of api.examples) {
      const analysis = analyzeShell(command, { cwd: PROJECT, home: HOME });
      const effects = analysis.invocations.flatMap((i) => effectsOf(i, HOME).effects.map((e) => render(e, i.cwd)));
      assert.ok(
        effects.some((e) => /^(read|write|delete)/.test(e)),
        `${lang}: ${command} → ${effects.join(', ')}`,
      );
    }
  }
});

test('interpreter code: a Unix socket bound at a literal path creates it (a write); a TCP bind names no file', () => {
  const writes = (command: string, names: string[]) => effectsFor(command, names).effects.filter((e) => e.startsWith('write'));
  assert.deepEqual(writes(`python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.bind('/tmp/a.sock')"`, ['python3']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`python3 -c "import socketserver as s; s.UnixStreamServer('/tmp/a.sock', H)"`, ['python3']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`node -e "require('net').createServer().listen('/tmp/a.sock')"`, ['node']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`bun -e "Bun.serve({ unix: '/tmp/a.sock', fetch() {} })"`, ['bun']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`ruby -rsocket -e "UNIXServer.new('/tmp/a.sock')"`, ['ruby']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`perl -MIO::Socket::UNIX -e "IO::Socket::UNIX->new(Local => '/tmp/a.sock', Listen => 1)"`, ['perl']), ['write(/tmp/a.sock, socket)']);
  assert.deepEqual(writes(`python3 -c "import socket; s=socket.socket(); s.bind(('0.0.0.0', 8000))"`, ['python3']), []);
  assert.deepEqual(writes(`node -e "require('http').createServer().listen(8080, '127.0.0.1')"`, ['node']), []);
  assert.deepEqual(writes(`ruby -rsocket -e "UNIXSocket.new('/run/app.sock')"`, ['ruby']), []);
});

test('string literals joined across + and .', () => {
  assert.deepEqual(
    literals(`open('.e' + 'nv')`).map((l) => l.text),
    ['.env'],
  );
  assert.deepEqual(
    literals(`"a" . "b", 'c'`).map((l) => l.text),
    ['ab', 'c'],
  );
});

test('sed substitutions become edits', () => {
  assert.deepEqual(substitution("s/it('works'/it.skip('works'/"), { oldText: "it('works'", newText: "it.skip('works'" });
  assert.deepEqual(substitution('s|a\\|b|c|g'), { oldText: 'a|b', newText: 'c' });
  assert.equal(substitution('1,20p'), null);
});

test('patch targets from a unified diff', () => {
  assert.deepEqual(patchTargets('--- a/x\n+++ b/yarn.lock\n@@\n--- a/y\n+++ /dev/null\n'), ['yarn.lock']);
});

test('names-only grep patterns', () => {
  assert.equal(namesOnlyPattern('^[A-Z_]*='), true);
  assert.equal(namesOnlyPattern('^[A-Z_]+='), true);
  assert.equal(namesOnlyPattern('=.*'), false);
  assert.equal(namesOnlyPattern('KEY=[^ ]*'), false);
  assert.equal(namesOnlyPattern('[A-Z]'), false);
});

test('secret variable names by components: every example of the table', async () => {
  const { SECRET_NAME_COMPONENTS: t, isSecretVariableName } = await import('../core/secrets');
  assert.deepEqual(
    t.examples.secret.filter((n) => !isSecretVariableName(n)),
    [],
  );
  assert.deepEqual(
    t.examples.notSecret.filter((n) => isSecretVariableName(n)),
    [],
  );
});

test('every database administration row: its blocked examples are administration, its allowed ones are not', () => {
  for (const [lang, rows] of [
    ['sql', SQL_ADMIN],
    ['redis', REDIS_ADMIN],
    ['mongo', MONGO_ADMIN],
  ] as const) {
    for (const row of rows) {
      for (const text of row.examples.blocked) assert.notEqual(administration(lang, text), null, `${lang}: ${text}`);
      for (const text of row.examples.allowed) assert.equal(administration(lang, text), null, `${lang}: ${text}`);
    }
  }
});

test('dotenv loaders whose values are printed read the file; names and counts do not reveal it', () => {
  const reads = (command: string) =>
    analyzeShell(command, { cwd: PROJECT, home: HOME })
      .invocations.flatMap((i) => effectsOf(i, HOME).effects.map((e) => render(e, i.cwd)))
      .filter((e) => e.startsWith('read('));
  for (const [, loader] of Object.entries(DOTENV_LOADERS))
    for (const command of loader.examples) assert.deepEqual(reads(command), ['read(.env, content)'], command);
  assert.deepEqual(reads(`node -p "require('dotenv').config({ path: 'config/.env.production' }).parsed"`), ['read(config/.env.production, content)']);
  assert.deepEqual(reads(`python3 -c "from dotenv import dotenv_values; print(len(dotenv_values()))"`), ['read(.env, names)']);
  assert.deepEqual(reads(`python3 -c "from dotenv import load_dotenv; load_dotenv(); import app"`), []);
});

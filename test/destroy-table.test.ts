// The destroy table (core/programs/destroy.ts): every row has blocked and allowed
// examples, each blocked example is matched by its own row (and yields a destroy effect), each
// allowed one by no row; the store-language judges (SQL, Redis, MongoDB, wire) on exact texts.
// The guard-examples suite runs the same examples through the whole guard set.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeShell } from '../core/shell/analyze';
import { effectsOf, render } from '../core/effects/derive';
import { destroyMatch } from '../core/effects/destroy';
import { DESTROY, CODE_DESTROYERS, CODE_DESTROYER_EXAMPLES } from '../core/programs/destroy';
import { alwaysTrue, destructiveMongo, destructiveRedis, destructiveSql, destructiveWire, sqlStatements } from '../core/effects/store-commands';
import { HOME, PROJECT } from './support/run';

function matches(command: string) {
  const analysis = analyzeShell(command, { cwd: PROJECT, home: HOME });
  return analysis.invocations.map((inv) => destroyMatch(inv)).filter((m) => m !== null);
}

describe('destroy table', () => {
  test('row ids are unique', () => {
    const ids = DESTROY.map((r) => r.id);
    assert.deepEqual(ids, [...new Set(ids)]);
  });
  for (const row of DESTROY) {
    test(`${row.id}: has examples; blocked ones match this row, allowed ones match none`, () => {
      assert.ok(row.examples.blocked.length > 0, 'a blocked example');
      assert.ok(row.examples.allowed.length > 0, 'an allowed example');
      for (const command of row.examples.blocked) {
        const m = matches(command);
        assert.ok(
          m.some((x) => x.row === row),
          `${command}: matched by ${m.map((x) => x.row.id).join(', ') || 'nothing'}`,
        );
      }
      for (const command of row.examples.allowed) assert.deepEqual(matches(command), [], command);
    });
  }
  test('every language of the code destroyers has an example', () => {
    for (const lang of Object.keys(CODE_DESTROYERS)) {
      if (lang === 'elixir') continue; // reached through `mix run -e` (the ecto row's examples)
      assert.ok(
        CODE_DESTROYER_EXAMPLES.some(
          (x) =>
            x.blocked && analyzeShell(x.command, { cwd: PROJECT, home: HOME }).invocations.some((i) => i.program.startsWith(lang === 'js' ? 'node' : lang)),
        ),
        lang,
      );
    }
  });
});

describe('destroy effects', () => {
  const rendered = (command: string) => {
    const analysis = analyzeShell(command, { cwd: PROJECT, home: HOME });
    return analysis.invocations.flatMap((i) =>
      effectsOf(i, HOME)
        .effects.filter((e) => e.kind === 'destroy')
        .map((e) => render(e, i.cwd)),
    );
  };
  test('a framework reset, with what it destroys', () => {
    assert.deepEqual(rendered('bin/rails db:drop'), ["destroy(the application's database (dropped, emptied or reloaded from the schema))"]);
  });
  test('a delete under a database data directory', () => {
    assert.deepEqual(rendered('rm -rf /var/lib/postgresql/data'), ["destroy(PostgreSQL's data directory: /var/lib/postgresql/data)"]);
  });
  test('interpreter code calling an ORM destroyer, and not one mentioning it', () => {
    assert.deepEqual(rendered(`python3 -c 'from app import db; db.drop_all()'`), ['destroy(drop_all() (every table))']);
    assert.deepEqual(rendered(`python3 -c "print('db.drop_all()')"`), []);
  });
  test('the alternative is the same command made harmless', () => {
    const analysis = analyzeShell('docker compose -f dev.yml down -v', { cwd: PROJECT, home: HOME });
    const e = effectsOf(analysis.invocations[0]!, HOME).effects.find((x) => x.kind === 'destroy');
    assert.equal(e?.kind === 'destroy' ? e.instead : null, 'docker compose -f dev.yml down');
  });
});

describe('containers', () => {
  // The command the container runs is an invocation of the analysis, with the launcher's stdin when it forwards it.
  const inner = (command: string) => {
    const c = analyzeShell(command, { cwd: PROJECT, home: HOME }).invocations[1];
    return c?.elsewhere ? [c.program, ...c.args.map((a) => a.known), c.stdinText !== null || c.redirects.length > 0] : null;
  };
  test('docker exec, compose exec and kubectl exec run their operands', () => {
    assert.deepEqual(inner("docker exec -it db psql -c 'DROP TABLE x'"), ['psql', '-c', 'DROP TABLE x', false]);
    assert.deepEqual(inner('docker compose -f dev.yml exec -T db psql < x.sql'), ['psql', true]);
    assert.deepEqual(inner('kubectl --context prod exec -i db -- redis-cli FLUSHALL'), ['redis-cli', 'FLUSHALL', false]);
    assert.equal(inner('docker ps'), null);
  });
});

describe('SQL', () => {
  const cases: [string, string | null][] = [
    ['DROP TABLE users', 'DROP TABLE'],
    ['drop table if exists users', 'DROP TABLE'],
    ['DROP/**/TABLE users', 'DROP TABLE'],
    ['/*!50000 DROP TABLE users */', 'DROP TABLE'],
    ['DROP TEMPORARY TABLE t', null],
    ['DROP INDEX users_email', null],
    ['TRUNCATE users', 'TRUNCATE'],
    ['DELETE FROM users', 'DELETE without WHERE'],
    ['DELETE FROM users WHERE 1=1', 'DELETE with a WHERE that is always true'],
    ['DELETE FROM users WHERE true', 'DELETE with a WHERE that is always true'],
    ["DELETE FROM users WHERE 'a' = 'a'", 'DELETE with a WHERE that is always true'],
    ['DELETE FROM users WHERE id = 7 OR 1=1', 'DELETE with a WHERE that is always true'],
    ['DELETE FROM users WHERE (1 = 1)', 'DELETE with a WHERE that is always true'],
    ['DELETE FROM users WHERE id = 1', null],
    ['DELETE FROM users WHERE id IN (SELECT id FROM banned WHERE 1=1)', null],
    ['DELETE FROM users WHERE 1=1 AND id = 3', null],
    ['UPDATE users SET email = NULL', 'UPDATE without WHERE'],
    ['UPDATE public.users u SET email = NULL', 'UPDATE without WHERE'],
    ['UPDATE users SET email = NULL WHERE 2 > 1', 'UPDATE with a WHERE that is always true'],
    ['UPDATE users SET n = n + 1 WHERE id = 1', null],
    ['ALTER TABLE users DROP COLUMN email', 'ALTER TABLE … DROP COLUMN'],
    ['ALTER TABLE users DROP email', 'ALTER TABLE … DROP COLUMN'],
    ['ALTER TABLE users DROP CONSTRAINT users_pkey', null],
    ['ALTER TABLE users ALTER COLUMN email DROP NOT NULL', null],
    ['ALTER TABLE events DELETE WHERE 1', 'ALTER TABLE … DELETE with a WHERE that is always true'],
    ["DO $$ BEGIN EXECUTE 'DROP TABLE users'; END $$", 'DROP TABLE'],
    ['DO $$ BEGIN IF true THEN DELETE FROM users; END IF; END $$', 'DELETE without WHERE'],
    ['DO $$ DECLARE r record; BEGIN FOR r IN SELECT tablename FROM pg_tables LOOP EXECUTE r.tablename; END LOOP; END $$', 'EXECUTE of SQL built at run time'],
    ["DO $$ BEGIN RAISE NOTICE 'DROP TABLE x'; END $$", null],
    ["SET @q = 'DROP TABLE users'; PREPARE s FROM @q; EXECUTE s", 'DROP TABLE'],
    ['WITH d AS (DELETE FROM users RETURNING *) SELECT count(*) FROM d', 'DELETE without WHERE'],
    ["SELECT * FROM logs WHERE msg = 'DROP TABLE users'", null],
    ["INSERT INTO notes VALUES ('delete from everything')", null],
    ['SELECT 1; DROP DATABASE app;', 'DROP DATABASE'],
    ['DROP KEYSPACE app', 'DROP KEYSPACE'],
    ['CREATE TABLE t (id int REFERENCES u ON DELETE CASCADE)', null],
  ];
  for (const [sql, want] of cases) test(sql, () => assert.equal(destructiveSql(sql), want));
  test('statements: strings, dollar quotes and comments do not split', () => {
    assert.deepEqual(
      sqlStatements("SELECT ';' -- x;\n; DO $f$ a; b $f$").map((s) => s.text),
      ["select ';'", 'do $body$'],
    );
  });
  test('always-true conditions', () => {
    for (const c of ['1=1', 'true', '1', '(1 = 1)', "'x' = 'x'", 'id = id', 'a = 1 or true', '3 >= 3', "name like '%'"]) assert.ok(alwaysTrue(c), c);
    for (const c of ['id = 1', 'false', '0', 'a = b', '1 = 2', 'a = 1 and true', 'created_at < now()']) assert.ok(!alwaysTrue(c), c);
  });
});

test('Redis, MongoDB and the memcached wire protocol', () => {
  assert.equal(destructiveRedis('FLUSHALL'), 'FLUSHALL');
  assert.equal(destructiveRedis("redis.call('flushdb')"), 'FLUSHDB');
  assert.equal(destructiveRedis('GET flushall_count'), null);
  assert.equal(destructiveMongo('db.dropDatabase()'), 'dropDatabase()');
  assert.equal(destructiveMongo('db.users.deleteMany({})'), 'deleteMany({})');
  assert.equal(destructiveMongo('db.users.deleteMany({ age: 3 })'), null);
  assert.equal(destructiveMongo('db.users.dropIndexes()'), null);
  assert.equal(destructiveWire('flush_all\r\n'), 'flush_all');
  assert.equal(destructiveWire('stats\r\n'), null);
});

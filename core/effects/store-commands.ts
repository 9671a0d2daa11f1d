import { namesOnly } from '../programs/table';
// What the command languages of data stores destroy: SQL (and CQL), Redis, MongoDB's shell and
// memcached's text protocol. Each judge reads a program text and names the first statement that
// destroys data with no undo, or null. SQL is read by a small lexer (strings, quoted identifiers,
// dollar quotes, comments, MySQL's executable comments), never by backtracking patterns: one pass
// per level of nesting (DO blocks, EXECUTE 'text', PREPARE … FROM 'text'), at most MAX_DEPTH deep.

const MAX_DEPTH = 4;

interface Statement {
  /** Lower-cased, comments removed, whitespace collapsed; string literals kept with their quotes. */
  text: string;
  /** Contents of the string literals, in order. */
  literals: string[];
  /** Contents of the dollar-quoted bodies ($$ … $$, $fn$ … $fn$), in order. */
  bodies: string[];
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isWord = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');

/** Splits SQL into statements at top-level `;` (and psql's backslash commands at the end of their line). Linear. */
export function sqlStatements(sql: string): Statement[] {
  const out: Statement[] = [];
  let text = '';
  let literals: string[] = [];
  let bodies: string[] = [];
  const push = () => {
    const t = text.trim().replace(/ {2,}/g, ' ');
    if (t || literals.length || bodies.length) out.push({ text: t, literals, bodies });
    text = '';
    literals = [];
    bodies = [];
  };
  const space = () => {
    if (text && !text.endsWith(' ')) text += ' ';
  };
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      space();
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      // MySQL runs the inside of /*! … */ (and /*!50000 … */): it is code, not a comment.
      if (sql[i + 2] === '!') {
        i += 3;
        while (i < n && sql[i]! >= '0' && sql[i]! <= '9') i++;
        space();
        continue;
      }
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      space();
      continue;
    }
    if (c === '*' && sql[i + 1] === '/') {
      i += 2; // the end of an executable comment
      space();
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let body = '';
      while (j < n) {
        const d = sql[j]!;
        if (d === '\\' && c === "'" && j + 1 < n) {
          body += sql[j + 1];
          j += 2;
          continue;
        }
        if (d === c) {
          if (sql[j + 1] === c) {
            body += c;
            j += 2;
            continue;
          }
          break;
        }
        body += d;
        j++;
      }
      if (c === "'") {
        literals.push(body);
        text += `'${body.toLowerCase().replace(/\s+/g, ' ')}'`;
      } else text += body.toLowerCase(); // a quoted identifier is a name
      i = j + 1;
      continue;
    }
    if (c === '$' && !isWord(sql[i - 1])) {
      // $$ … $$ or $tag$ … $tag$
      let j = i + 1;
      while (j < n && isWord(sql[j]) && !(sql[j]! >= '0' && sql[j]! <= '9' && j === i + 1)) j++;
      if (sql[j] === '$') {
        const tag = sql.slice(i, j + 1);
        const close = sql.indexOf(tag, j + 1);
        const end = close < 0 ? n : close;
        bodies.push(sql.slice(j + 1, end));
        space();
        text += '$body$ ';
        i = close < 0 ? n : close + tag.length;
        continue;
      }
    }
    if (c === ';') {
      push();
      i++;
      continue;
    }
    if (c === '\\' && text.trim() === '') {
      // psql meta-command: runs to the end of the line (\i file, \c db, \copy …).
      let j = i;
      while (j < n && sql[j] !== '\n') j++;
      text = sql.slice(i, j).trim();
      push();
      i = j;
      continue;
    }
    if (isSpace(c)) {
      space();
      i++;
      continue;
    }
    text += c.toLowerCase();
    i++;
  }
  push();
  return out;
}

/** The index of `word` in `t` at parenthesis depth 0 and at word boundaries, from `from`; -1 if none. Linear. */
function topLevel(t: string, word: string, from = 0): number {
  let depth = 0;
  let quote = false;
  for (let i = from; i < t.length; i++) {
    const c = t[i]!;
    if (c === "'") quote = !quote;
    if (quote) continue;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === word[0] && t.startsWith(word, i) && !isWord(t[i - 1]) && !isWord(t[i + word.length])) return i;
  }
  return -1;
}

/** Splits at a top-level keyword (` or `, ` and `). */
function splitTop(t: string, word: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = topLevel(t, word, from);
    if (at < 0) break;
    parts.push(t.slice(from, at));
    from = at + word.length;
  }
  parts.push(t.slice(from));
  return parts.map((p) => p.trim());
}

/** The text without parentheses that enclose all of it: `((1=1))` → `1=1`. */
function unwrap(t: string): string {
  let s = t.trim();
  while (s.startsWith('(') && s.endsWith(')')) {
    let depth = 0;
    let closesAtEnd = true;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '(') depth++;
      else if (s[i] === ')' && --depth === 0 && i < s.length - 1) {
        closesAtEnd = false;
        break;
      }
    }
    if (!closesAtEnd) break;
    s = s.slice(1, -1).trim();
  }
  return s;
}

const COMPARE = ['<=', '>=', '<>', '!=', '==', '=', '<', '>'];

/** A condition that holds for every row: `1=1`, `true`, `'a' = 'a'`, `id = id`, `1`, `2 > 1`, `x or 1=1`. */
export function alwaysTrue(condition: string): boolean {
  const c = unwrap(condition);
  const ors = splitTop(c, 'or');
  if (ors.length > 1) return ors.some(alwaysTrue) || nullOrNotNull(ors);
  const ands = splitTop(c, 'and');
  if (ands.length > 1) return ands.every(alwaysTrue);
  if (c === 'true' || c === 'not false' || c === "'1'" || c === "'t'") return true;
  if (/^\d+(\.\d+)?$/.test(c)) return Number(c) !== 0;
  if (c.startsWith('not ')) return alwaysFalse(c.slice(4));
  for (const op of COMPARE) {
    const at = c.indexOf(op);
    if (at <= 0) continue;
    const left = c.slice(0, at).trim();
    const right = c.slice(at + op.length).trim();
    if (!left || !right) continue;
    const ln = Number(left);
    const rn = Number(right);
    const numeric = !Number.isNaN(ln) && !Number.isNaN(rn);
    if (op === '=' || op === '==') return left === right;
    if (!numeric) return false;
    if (op === '<>' || op === '!=') return ln !== rn;
    if (op === '<') return ln < rn;
    if (op === '>') return ln > rn;
    if (op === '<=') return ln <= rn;
    return ln >= rn;
  }
  const like = / like '%+'$/.exec(c);
  return like !== null;
}

/** `x is null or x is not null`: every row, whatever x holds. */
function nullOrNotNull(ors: string[]): boolean {
  const terms = ors.map((o) => unwrap(o).replace(/\s+/g, ' '));
  const isNull = new Set(terms.filter((t) => t.endsWith(' is null')).map((t) => t.slice(0, -' is null'.length)));
  return terms.some((t) => t.endsWith(' is not null') && isNull.has(t.slice(0, -' is not null'.length)));
}

function alwaysFalse(condition: string): boolean {
  const c = unwrap(condition);
  return c === 'false' || c === '0' || c === '1=0' || c === '1 = 0';
}

const STOP = ['returning', 'order by', 'limit', 'group by', 'on conflict', 'output', 'option', 'settings'];

/** The WHERE clause of a DELETE/UPDATE statement, or null when it has none. */
function whereClause(t: string): string | null {
  const at = topLevel(t, 'where');
  if (at < 0) return null;
  let rest = t.slice(at + 5);
  for (const s of STOP) {
    const end = topLevel(rest, s);
    if (end >= 0) rest = rest.slice(0, end);
  }
  return rest.trim();
}

const DROPPED = [
  'database',
  'schema',
  'table',
  'view',
  'materialized view',
  'keyspace',
  'user',
  'role',
  'owned',
  'tablespace',
  'collection',
  'measurement',
  'series',
  'retention policy',
  'columnfamily',
];
/** ALTER TABLE … DROP of these loses no rows. */
const DROP_HARMLESS = ['constraint', 'index', 'key', 'foreign', 'primary', 'default', 'not', 'check', 'trigger', 'rule', 'identity', 'expression', 'unique'];

/** DELETE/UPDATE without a condition, or with one that always holds. */
function everyRow(t: string, verb: string): string | null {
  const where = whereClause(t);
  if (where === null) return `${verb} without WHERE`;
  if (alwaysTrue(where)) return `${verb} with a WHERE that is always true`;
  return null;
}

function statementDestroys(s: Statement, depth: number, all: Statement[]): string | null {
  const t = s.text;
  const word = (w: string) => t === w || t.startsWith(`${w} `) || t.startsWith(`${w}(`);
  if (word('drop')) {
    const what = t.slice(5).replace(/^(if exists |concurrently )/, '');
    if (what.startsWith('temporary ') || what.startsWith('temp ') || what.startsWith('index') || what.startsWith('function')) return null;
    const hit = DROPPED.find((d) => what === d || what.startsWith(`${d} `));
    if (hit) return `DROP ${hit.toUpperCase()}`;
    return null;
  }
  if (word('truncate') && t.length > 9) return 'TRUNCATE';
  // SQLite: ATTACH and VACUUM INTO write other database files; writable_schema edits the schema table by hand.
  if (word('attach')) return 'ATTACH';
  if (t.startsWith('vacuum into')) return 'VACUUM INTO';
  if (t.startsWith('pragma writable_schema')) return 'PRAGMA writable_schema';
  // psql's \gexec runs every value the query returns as a statement: SELECT 'DROP TABLE ' || … \gexec
  if (t.includes('\\gexec')) {
    for (const lit of s.literals) if (depth < MAX_DEPTH && sqlDestroys(`${lit} x`, depth + 1)) return 'statements built by \\gexec';
  }
  if (word('delete') && t.length > 7) return everyRow(t, 'DELETE');
  if (word('update') && topLevel(t, 'set') > 0) return everyRow(t, 'UPDATE');
  if (word('alter')) {
    const m = /^alter table (?:if exists )?(?:only )?\S+ (.*)$/.exec(t);
    if (!m) return null;
    const action = m[1]!;
    if (action.startsWith('drop ')) {
      const what = action.slice(5).replace(/^(column |if exists )+/, '');
      if (DROP_HARMLESS.some((h) => what.startsWith(`${h} `) || what === h)) return null;
      return action.startsWith('drop partition') ? 'ALTER TABLE … DROP PARTITION' : 'ALTER TABLE … DROP COLUMN';
    }
    if (action.startsWith('truncate partition')) return 'ALTER TABLE … TRUNCATE PARTITION';
    // ClickHouse mutations: ALTER TABLE t DELETE WHERE …, ALTER TABLE t UPDATE … WHERE …
    if (action.startsWith('delete ')) return everyRow(action, 'ALTER TABLE … DELETE');
    if (action.startsWith('update ')) return everyRow(action, 'ALTER TABLE … UPDATE');
    return null;
  }
  if (word('with')) {
    // WITH d AS (DELETE FROM users RETURNING *) SELECT …: each CTE body and the main statement.
    const inner: string[] = [];
    let i = 0;
    for (;;) {
      const at = t.indexOf('as (', i);
      if (at < 0) break;
      let depth = 0;
      let j = at + 3;
      for (; j < t.length; j++) {
        if (t[j] === '(') depth++;
        else if (t[j] === ')' && --depth === 0) break;
      }
      inner.push(t.slice(at + 4, j));
      i = j + 1;
    }
    inner.push(t.slice(i).trim());
    for (const body of inner) {
      const hit = statementDestroys({ text: body.trim(), literals: [], bodies: [] }, depth, all);
      if (hit) return hit;
    }
    return null;
  }
  if (depth >= MAX_DEPTH) return null;
  // DO $$ … $$, CREATE FUNCTION … AS $$ … $$: the body is procedural code that runs SQL.
  if (word('do') || /^create (or replace )?(function|procedure)\b/.test(t)) {
    for (const body of [...s.bodies, ...(word('do') ? s.literals : [])]) {
      const hit = proceduralDestroys(body, depth + 1, all);
      if (hit) return hit;
    }
    return null;
  }
  // EXECUTE 'DROP …', EXEC('…'), sp_executesql N'…', PREPARE s FROM 'DROP …' (or FROM @var, set earlier).
  if (word('execute') || word('exec') || word('prepare')) {
    if (s.literals.length === 0 && !word('prepare')) {
      // At the top level EXECUTE name runs a prepared statement (its PREPARE is judged) and EXEC a
      // procedure; inside a DO block EXECUTE runs a string the block computes.
      return depth === 0 ? null : 'EXECUTE of SQL built at run time';
    }
    const texts = word('prepare') && s.literals.length === 0 ? all.flatMap((x) => x.literals) : s.literals;
    for (const lit of texts) {
      const hit = sqlDestroys(lit, depth + 1);
      if (hit) return hit;
    }
    if (word('prepare') && texts.length === 0) return 'PREPARE of SQL built at run time';
    return null;
  }
  return null;
}

/** Words after which a PL/pgSQL (or T-SQL) statement starts. */
const STATEMENT_START = new Set(['begin', 'then', 'else', 'loop', 'declare', 'do', 'as']);
const PROCEDURAL_VERBS = ['drop', 'truncate', 'delete', 'update', 'alter', 'execute', 'exec'];

/** Procedural code (a DO block's body): each statement, from its first SQL verb after a block keyword. */
function proceduralDestroys(code: string, depth: number, all: Statement[]): string | null {
  for (const s of sqlStatements(code)) {
    const words = s.text.split(' ');
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      if (!PROCEDURAL_VERBS.includes(w.includes('(') ? w.slice(0, w.indexOf('(')) : w)) continue;
      if (k > 0 && !STATEMENT_START.has(words[k - 1]!)) continue;
      const hit = statementDestroys({ ...s, text: words.slice(k).join(' ') }, depth, all);
      if (hit) return hit;
      break;
    }
  }
  return null;
}

function sqlDestroys(sql: string, depth: number): string | null {
  const all = sqlStatements(sql);
  for (const s of all) {
    const hit = statementDestroys(s, depth, all);
    if (hit) return hit;
  }
  return null;
}

/**
 * The first SQL (or CQL) statement in `sql` that destroys data with no undo — DROP DATABASE/TABLE/…,
 * TRUNCATE, DELETE or UPDATE of every row (no WHERE, or one that is always true), ALTER TABLE … DROP
 * COLUMN, and the same inside DO blocks, EXECUTE and PREPARE — named for a message; null when none.
 * Exported for every caller that judges SQL text (the shell guard, an MCP database tool).
 */
export function destructiveSql(sql: string): string | null {
  return sqlDestroys(sql, 0);
}

/** psql `\i FILE` / `\include FILE` / `\ir FILE`, mysql `source FILE` / `\. FILE`: the files a script runs. */
export function sqlIncludes(sql: string): string[] {
  const out: string[] = [];
  for (const line of sql.split(/[\n;]/)) {
    const m = /^\s*(?:\\(?:i|include|ir|include_relative|\.)|source)\s+(\S+)/i.exec(line);
    if (m) out.push(m[1]!.replace(/^'(.*)'$/, '$1'));
  }
  return out;
}

/** Redis: FLUSHALL / FLUSHDB, also inside EVAL scripts (`redis.call('flushall')`). */
export function destructiveRedis(text: string): string | null {
  const m = /\bflush(all|db)\b/i.exec(text);
  return m ? `FLUSH${m[1]!.toUpperCase()}` : null;
}

/** MongoDB shell: dropping a database or collection, or deleting/updating every document. */
export function destructiveMongo(js: string): string | null {
  const m = /\.(dropDatabase|drop|dropCollection)\s*\(|\.(deleteMany|remove|updateMany)\(\s*\{\s*\}/.exec(js);
  if (!m) return null;
  return m[1] ? `${m[1]}()` : `${m[2]}({})`;
}

/** Cypher (Neo4j): every node of the graph, or of a label, deleted (a MATCH with no WHERE and no properties); a database dropped. */
export function destructiveCypher(text: string): string | null {
  // Comments out, lower case, no spaces around brackets and colons: `MATCH (n : User) DETACH DELETE n` → `match(n:user)detach delete n`.
  const t = text
    .replace(/\/\/[^\n]*/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?([()[\]:{}<>-]) ?/g, '$1');
  if (/\bmatch\((?:\w+)?(?::`?\w+`?)?\)(?:detach )?delete\b/.test(t)) return 'MATCH (n) DETACH DELETE n (every node)';
  if (/\bmatch\(\)-\[(?:\w+)?(?::\w+)?\]->?\(\)delete\b/.test(t)) return 'every relationship';
  if (/\bdrop (?:composite )?database\b/.test(t)) return 'DROP DATABASE';
  return null;
}

/** memcached's text protocol (and Redis's inline commands) sent over a raw connection. */
export function destructiveWire(text: string): string | null {
  if (/\bflush_all\b/i.test(text)) return 'flush_all';
  return destructiveRedis(text);
}

/** The judge per command language (`execute(lang: …)` effects and files read by a client of that language). */
export const STORE_LANGUAGES: Record<string, (text: string) => string | null> = {
  sql: destructiveSql,
  redis: destructiveRedis,
  mongo: destructiveMongo,
  wire: destructiveWire,
  cypher: destructiveCypher,
};
namesOnly(STORE_LANGUAGES);

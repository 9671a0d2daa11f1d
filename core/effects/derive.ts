// From an invocation of the shell analysis to its effects, by the program's signature (matched by
// core/programs/match.ts). Linear: one pass over the arguments per candidate row.

import { LOOP_WORD } from '../shell/analyze';
import { OPAQUE, type Invocation, type ShellAnalysis, type Value } from '../shell/model';
import { interpreterCode } from '../shell/interpreter-args';
import { basename, isAbsolutePath, isSameOrAncestor, relativeTo, resolvePath } from '../paths';
import { codeEffects, envReads } from './code';
import { FD_PATH, hostOf, openedOn, remoteOf, target, THERE, URL_RE } from './targets';
import type { Effect, FixedEffect, ReadMode, Role, Row, Target } from '../programs/types';
import { anyOf, colonFields, matchRow, parseArgs, specFor, synthetic, type Parsed } from '../programs/match';
import { destroyEffects } from './destroy';
import { parsePatch, type PatchFile } from './patch';
import { work } from '../work';
import { filterOutput } from '../shell/filters';

/** The most text of an echo or printf that is computed exactly (longer output is taken as its words). */
const MAX_PRINTED = 64 * 1024;

const STDOUT_FILES = new Set(['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1', '/dev/stderr', '/dev/fd/2', '/dev/tty']);

/**
 * Whether the ed/ex commands on stdin may print the buffer: p, n, l, z, # or print (alone or as a
 * suffix: `,p`, `g/x/p`, `s/a/b/p`), a command from -c or `+cmd`, or a script that is not known.
 * Text after a/i/c up to a lone `.` is the text being added, not commands.
 */
function edScriptPrints(inv: Invocation): boolean {
  if (inv.args.some((a) => a.known === null || a.known === '-c' || a.known.startsWith('+') || /^-[a-z]*c/.test(a.known))) return true;
  if (inv.stdinText === null) return true;
  let adding = false;
  for (const raw of inv.stdinText.split('\n')) {
    const line = raw.trim();
    if (adding) {
      if (line === '.') adding = false;
      continue;
    }
    const cmd = line.replace(/^[\d,.$;'+\-a-z]*?(?=[a-zA-Z#=!]|$)/, '');
    if (/^(?:[aic])$/.test(cmd)) {
      adding = true;
      continue;
    }
    if (/^(?:[pnlz#]|nu|number|print|list)\b/.test(cmd) || /[pnl]$/.test(line.replace(/^(?:[wqeEfrW]\b.*|!.*)$/, '')) || cmd.startsWith('!')) return true;
  }
  return false;
}

/** A word as the shell would need it written to pass it unchanged (`sh -c 'echo $X'` stays one word). */
function quoteWord(w: string): string {
  return /^[A-Za-z0-9_/.,:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** gzip's `x` → `x.gz` (suffix), gunzip's `x.gz` → `x` (`-.gz`). */
function besideCopy(t: Target, suffix: string): Target {
  if (!t.path) return t;
  if (!suffix.startsWith('-')) return { value: t.value, path: t.path + suffix };
  const s = suffix.slice(1);
  return { value: t.value, path: t.path.endsWith(s) ? t.path.slice(0, -s.length) : t.path };
}

/** `NAME:PATH` or `NAMESPACE/POD:PATH` (docker cp, kubectl cp): PATH inside that container. */
const CONTAINER_PATH = /^[\w.-]+(?:\/[\w.-]+)?:(.+)$/;

/** The target of an operand of a row with containerPaths: a path in the container (relative ones under THERE), else the usual. */
function copyTarget(inv: Invocation, value: Value, home: string, row: Row, dir?: string | null): Target {
  const inside = row.containerPaths && value.known !== null ? CONTAINER_PATH.exec(value.known)?.[1] : undefined;
  if (inside === undefined) return target(inv, value, home, dir);
  return { value, path: resolvePath(isAbsolutePath(inside) ? '/' : THERE, inside, home) };
}

/**
 * Values of variables that reveal their content when expanded: not ${#X}, not ${X:+alt}; a prefix or
 * suffix removed (${T#ghp_}, ${T%%.*}) still prints the rest of the secret.
 */
const REVEALING_OPS = new Set(['', ':-', '-', ':=', '=', ':?', '?', '#', '##', '%', '%%', 'other']);

function paramReads(value: Value, out: Effect[], extra: { stdin?: boolean }): void {
  const word = value.word;
  for (const p of value.word.parts) {
    if (p.type !== 'param' || !p.name || !/^[A-Za-z_]/.test(p.name)) continue;
    if (REVEALING_OPS.has(p.op)) out.push({ kind: 'read', source: 'variable', name: p.name, mode: 'content', ...extra });
    // ${!v} is the value of the variable v names; ${!PREFIX*} and ${!PREFIX@} are names only, and
    // ${!arr[@]} is the keys of an array.
    // A value the line determines (`v=HOME; echo "${!v}"`: the analysis followed v) reveals nothing unknown.
    else if (p.op === 'indirect' && value.known === null && !['*}', '@}', '['].some((end) => word.raw.includes(`\${!${p.name}${end}`)))
      out.push({ kind: 'read', source: 'variable', name: p.name, mode: 'content', indirect: true, ...extra });
  }
}

const USERINFO_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]*@/i;

function variableReads(inv: Invocation, out: Effect[]): void {
  for (const a of inv.args) {
    paramReads(a, out, {});
    // A variable in a URL's user part (`https://x:$TOKEN@host/…`) is a credential for that host, whatever
    // the program does with the URL now (git push) or later (git remote set-url).
    if (a.known === null && USERINFO_URL.test(a.ifUnset) && a.word.parts.some((p) => p.type === 'param')) {
      const host = hostOf(a.ifUnset);
      if (host) out.push({ kind: 'send', url: null, host, how: `${inv.program} (credentials in the URL)` });
    }
  }
  for (const r of inv.redirects) {
    if (r.op === '<<<' && r.target) paramReads(r.target, out, { stdin: true });
    // An unquoted heredoc expands $NAME and ${NAME…} (not \$NAME, not ${NAME:+alt}) into what the program reads.
    for (const name of r.expandedNames ?? []) out.push({ kind: 'read', source: 'variable', name, mode: 'content', stdin: true });
  }
}

/**
 * What the program prints, when the line shows it all: echo's and printf's words, the heredoc `cat`
 * or `tee` passes on. A redirection of it writes that text (an Edit that adds it).
 */
function outputText(inv: Invocation): string | null {
  const words = inv.args.map((a) => a.known);
  if (inv.program === ':' || inv.program === 'true' || inv.program === 'false') return ''; // `: > f` empties f
  if (inv.program === 'echo' || inv.program === 'printf') {
    if (words.some((w) => w === null)) return null;
    // The text as they print it (printf's format and escapes, echo -e), when that is exact.
    const exact = filterOutput(inv.program, words, null, MAX_PRINTED);
    if (exact !== null) return exact;
    let i = 0;
    if (inv.program === 'echo') while (i < words.length && /^-[neE]+$/.test(words[i]!)) i++;
    return `${(words.slice(i) as string[]).join(' ')}\n`;
  }
  if (
    (inv.program === 'cat' || inv.program === 'tee') &&
    inv.stdinText !== null &&
    !words.some((w) => w === null || (inv.program === 'cat' && !w.startsWith('-')))
  )
    return inv.stdinText;
  return null;
}

function redirectEffects(inv: Invocation, home: string, mode: ReadMode, out: Effect[], stdinPatch = false): void {
  let text: string | null | undefined;
  for (const r of inv.redirects) {
    if (!r.target) continue;
    // bash's /dev/tcp/HOST/PORT: a connection, not a file.
    const socket = /^\/dev\/(?:tcp|udp)\/([^/]+)\/\d+$/.exec(r.target.known ?? '');
    if (socket) {
      out.push({ kind: 'send', url: null, host: socket[1]!.toLowerCase(), how: `redirection to ${r.target.known}` });
      continue;
    }
    if ((r.op === '<' || r.op === '<>') && (r.fd === null || r.fd === 0))
      out.push({ kind: 'read', source: 'file', target: target(inv, r.target, home), mode, ...(stdinPatch ? { patch: true } : {}) });
    // <&3 with 3<.env: stdin is the file opened on that descriptor.
    if (r.op === '<&' && (r.fd === null || r.fd === 0) && r.target.known !== null && /^\d+$/.test(r.target.known)) {
      const opened = openedOn(inv, Number(r.target.known));
      if (opened) out.push({ kind: 'read', source: 'file', target: target(inv, opened, home), mode });
    }
    if (['>', '>>', '>|', '&>', '&>>', '<>'].includes(r.op) && r.target.known !== '/dev/null') {
      if (text === undefined) text = outputText(inv);
      const replaces = r.op === '>' || r.op === '>|' || r.op === '&>';
      out.push({
        kind: 'write',
        target: target(inv, r.target, home),
        how: `redirection (${r.op})`,
        ...(text !== null && (r.fd === null || r.fd === 1 || r.op.startsWith('&'))
          ? { edit: { oldText: '', newText: text }, ...(replaces ? { replaces: true } : {}) }
          : {}),
      });
    }
  }
}

/** `s/old/new/flags` (any delimiter) as an edit: what text is replaced by what. */
export function substitution(script: string): { oldText: string; newText: string } | null {
  // [address] s DELIM old DELIM new DELIM: the address is a line number, $ or /regex/.
  let at = 0;
  const skipSpace = () => {
    while (at < script.length && /\s/.test(script[at]!)) at++;
  };
  skipSpace();
  if (script[at] === '$') at++;
  else if (script[at] === '/') {
    const close = script.indexOf('/', at + 1);
    if (close < 0) return null;
    at = close + 1;
  } else while (at < script.length && /\d/.test(script[at]!)) at++;
  skipSpace();
  // a/i/c TEXT (GNU one-liner or `a\` then the text): the line is added, or replaces the addressed one.
  if ((script[at] === 'a' || script[at] === 'i' || script[at] === 'c') && (at + 1 === script.length || /[\s\\]/.test(script[at + 1]!))) {
    let text = script.slice(at + 1);
    if (text.startsWith('\\')) text = text.slice(1);
    return { oldText: '', newText: text.replace(/^[ \t]*\n?/, '').replace(/\\n/g, '\n') };
  }
  if (script[at] !== 's' || at + 1 >= script.length) return null;
  const d = script[at + 1]!;
  const parts: string[] = [''];
  for (let i = at + 2; i < script.length && parts.length < 3; i++) {
    const ch = script[i]!;
    if (ch === '\\' && i + 1 < script.length) {
      const n = script[i + 1]!;
      parts[parts.length - 1] += n === d ? d : n === 'n' ? '\n' : n === 't' ? '\t' : n;
      i++;
    } else if (ch === d) parts.push('');
    else parts[parts.length - 1] += ch;
  }
  if (parts.length < 3) return null;
  return { oldText: parts[0]!, newText: parts[1]!.replace(/&/g, parts[0]!) };
}

/** A grep -o pattern that can only match names (`^[A-Z_]*=`), never a value. */
export function namesOnlyPattern(pattern: string): boolean {
  return pattern !== '' && !/\.|\\S|\\w|\[\^/.test(pattern) && /=/.test(pattern) && !/=./.test(pattern.replace(/=\$?$/, '='));
}

const EMPTY_ROW: Row = { examples: [] };

/** A computed word with each computed part replaced by a placeholder name (`DROP TABLE $t` → `DROP TABLE _computed_`). */
function partialText(value: Value): string {
  return value.word.parts.map((p) => (p.type === 'lit' ? p.text : ' _computed_ ')).join('');
}

export interface InvocationEffects {
  inv: Invocation;
  /** The signature row that described it; null for an unknown program (the default applies). */
  row: Row | null;
  effects: Effect[];
}

const perInvocation = new WeakMap<Invocation, { home: string; effects: InvocationEffects }>();

/**
 * The effects of one invocation, derived once (several guards ask for the same invocation; on a
 * command with 128,000 arguments each derivation built 128,000 effects). Callers only read them.
 */
export function effectsOf(inv: Invocation, home: string): InvocationEffects {
  const hit = perInvocation.get(inv);
  if (hit && hit.home === home) return hit.effects;
  const effects = deriveEffects(inv, home);
  perInvocation.set(inv, { home, effects });
  return effects;
}

function deriveEffects(inv: Invocation, home: string): InvocationEffects {
  const out: Effect[] = [];
  const spec = inv.program ? specFor(inv.program) : undefined;
  const match = spec ? matchRow(inv, spec) : null;
  if (match) fromRow(inv, match.row, match.parsed, home, out);
  else if (spec?.otherwise) fromRow(inv, { rest: spec.otherwise, examples: [] }, parseArgs(inv.args, EMPTY_ROW, spec), home, out);
  else {
    // Unknown program: whatever names a file may be read (the secret guard decides which matter).
    redirectEffects(inv, home, 'content', out);
    if (!inv.wrapper) {
      for (const a of inv.args) {
        if (a.known === null || URL_RE.test(a.known)) continue;
        // An option's attached value may name a file too: --config=.env, -f.env.
        const attached = /^--[\w-]+=(.+)$/s.exec(a.known)?.[1] ?? /^-[A-Za-z](.+)$/s.exec(a.known)?.[1];
        const word = attached !== undefined ? synthetic(attached, a) : a.known.startsWith('-') || a.known.includes('=') ? null : a;
        if (word && !URL_RE.test(word.known ?? '')) out.push({ kind: 'read', source: 'file', target: target(inv, word, home), mode: 'content', assumed: true });
      }
    }
  }
  variableReads(inv, out);
  const code = interpreterCode(inv);
  if (code) out.push(...codeEffects(code.lang, code.code, inv, home));
  out.push(...destroyEffects(inv, out));
  out.push(...loopEffects(inv, out, home));
  work(1 + inv.args.length + inv.redirects.length + out.length);
  return { inv, row: match?.row ?? null, effects: out };
}

/**
 * A loop variable holds each word of its for list in turn (`for f in .env ~/.bashrc; do cat "$f"`):
 * an effect on it is an effect on each of those words, judged like the word written in its place.
 */
function loopEffects(inv: Invocation, effects: Effect[], home: string): Effect[] {
  const out: Effect[] = [];
  for (const e of effects) {
    const t = 'target' in e ? e.target : null;
    if (!t || t.value.known !== null || out.length >= 64) continue;
    for (const p of t.value.possible) {
      if (p.text.includes(OPAQUE) || !p.because.some((b) => b.endsWith(LOOP_WORD))) continue;
      out.push({ ...e, target: target(inv, { ...synthetic(p.text), word: t.value.word }, home) } as Effect);
    }
  }
  return out;
}

function fixed(f: FixedEffect, inv: Invocation, home: string, how: string): Effect {
  switch (f.kind) {
    case 'write-file':
      return { kind: 'write', target: target(inv, synthetic(f.what), home), how };
    case 'read-credentials':
      return { kind: 'read', source: 'credentials', name: f.what, mode: 'content', secret: true };
    case 'read-env':
      return { kind: 'read', source: 'env', mode: 'content' };
    case 'read-file':
      return { kind: 'read', source: 'file', target: target(inv, synthetic(f.what), home), mode: 'content' };
    case 'escalate':
      return { kind: 'escalate', how: f.what };
    case 'destroy':
      return { kind: 'destroy', store: f.what, target: null };
  }
}

function fromRow(inv: Invocation, row: Row, parsed: Parsed, home: string, out: Effect[]): void {
  let mode: ReadMode = row.mode ?? 'content';
  const code = parsed.values.find((v) => row.opts?.[v.opt] === 'code')?.value ?? null;
  const positional = [...parsed.positional];
  let codeValue = code;
  if (row.lang === 'sed' && row.when?.includes('-i') && positional[0]?.known === '') positional.shift(); // BSD sed -i ''
  if (row.codeFirst && !code) codeValue = positional.shift() ?? null;
  if (row.modes)
    for (const [flag, m] of Object.entries(row.modes)) {
      if (!parsed.flags.has(flag)) continue;
      if (m === 'names-if-pattern') {
        // Every pattern must be names-only: a second -e '=.*' prints the values.
        const patterns = parsed.values.filter((v) => row.opts?.[v.opt] === 'code').map((v) => v.value);
        if (patterns.length === 0 && codeValue) patterns.push(codeValue);
        if (patterns.length > 0 && patterns.every((p) => namesOnlyPattern(p.known ?? ''))) mode = 'names';
        continue;
      }
      mode = m;
      break;
    }
  if (mode === 'content' && namesProjection(inv)) mode = 'names';
  // grep -e A -e B searches for either: the patterns joined by newlines (grep's own separator).
  const allCode = parsed.values.filter((v) => row.opts?.[v.opt] === 'code').map((v) => v.value.known);
  const searchPattern = allCode.length > 1 ? (allCode.every((k) => k !== null) ? allCode.join('\n') : null) : (codeValue?.known ?? null);
  const how = row.how ?? inv.program;
  const dirValue = parsed.values.find((v) => row.dirOpt?.includes(v.opt))?.value;
  const dir = dirValue ? target(inv, dirValue, home).path : undefined;
  const toValue = parsed.values.find((v) => row.toOpt?.includes(v.opt))?.value;
  const edit = row.lang === 'sed' && codeValue?.known ? substitution(codeValue.known) : null;
  const recursive = row.deletesTrees === true || anyOf(parsed.flags, row.recursive);
  const removes = anyOf(parsed.flags, row.removes);

  const apply = (role: Role, value: Value, extra?: { to?: Target }): boolean => {
    const t = value.known;
    switch (role) {
      case 'read':
      case 'meta':
      case 'load':
      case 'arg': {
        if (role === 'meta' && (t === ']' || t === ']]')) return true;
        // Sourced under `set -x` the shell prints every assignment it runs, values included.
        const m: ReadMode = role === 'meta' ? 'metadata' : role === 'load' ? (inv.xtrace ? 'content' : 'load') : extra?.to ? 'copy' : mode;
        const inContainer = row.containerPaths && t !== null && CONTAINER_PATH.test(t);
        const remote = inContainer ? null : remoteOf(t);
        if (inContainer) out.push({ kind: 'read', source: 'file', target: copyTarget(inv, value, home, row), mode: m, ...(extra?.to ? { to: extra.to } : {}) });
        else if (remote) out.push({ kind: 'send', url: t, host: remote, how: `${how} (download)` });
        else if (t !== null && URL_RE.test(t)) apply('url', value);
        else
          out.push({
            kind: 'read',
            source: 'file',
            // The archive an extraction reads is where the line names it, not in the folder it extracts into.
            target: target(inv, value, home, role === 'meta' ? undefined : dir),
            mode: m,
            ...(extra?.to ? { to: extra.to } : {}),
            ...(role === 'arg' ? { assumed: true } : {}),
            ...(m === 'search' || m === 'search-visible' ? { pattern: searchPattern } : {}),
          });
        return true;
      }
      case 'write':
      case 'dest':
      case 'touch': {
        if (t === '-') return true; // stdout
        if (row.containerPaths && t !== null && CONTAINER_PATH.test(t)) return true; // into the container: not this machine's file
        const remote = remoteOf(t);
        if (remote) out.push({ kind: 'send', url: t, host: remote, how });
        else {
          const piped = !edit && role === 'write' && inv.program === 'tee' ? outputText(inv) : null;
          const e = edit ?? (piped !== null ? { oldText: '', newText: piped } : null);
          const replaces = piped !== null && !parsed.flags.has('-a') && !parsed.flags.has('--append');
          out.push({
            kind: 'write',
            target: target(inv, value, home, dir),
            how: role === 'touch' ? 'touch' : how,
            ...(e ? { edit: e } : {}),
            ...(replaces ? { replaces } : {}),
          });
        }
        return true;
      }
      case 'delete':
        out.push({ kind: 'delete', target: target(inv, value, home, dir), recursive });
        return true;
      case 'code':
        if (row.lang && row.lang !== 'sed' && row.lang !== 'regex')
          out.push({ kind: 'execute', lang: row.lang, text: t, how, ...(t === null ? { partial: partialText(value) } : {}) });
        // sqlite's .read/.import run or load a file; its errors quote the lines they could not parse.
        if (row.lang === 'sql' && t) {
          for (const line of t.split(/[\n;]/)) {
            const words = line.trim().split(/\s+/);
            if ((words[0] === '.read' || words[0] === '.import') && words[1]) apply('read', synthetic(words[1].replace(/^(['"])(.*)\1$/, '$2'), value));
          }
        }
        return true;
      case 'url': {
        if (t !== null && /^file:\/\//i.test(t)) {
          const path = t.replace(/^file:\/\/(localhost)?/i, '');
          out.push({ kind: 'read', source: 'file', target: target(inv, synthetic(path, value), home), mode: 'content' });
          return true;
        }
        // The literal parts fix the host even when a variable fills in the rest (`https://x/?t=$T`).
        const host = hostOf(t ?? value.ifUnset);
        if (t === null || host) out.push({ kind: 'send', url: t, host, how });
        return true;
      }
      case 'host':
        out.push({ kind: 'send', url: null, host: t, how });
        return true;
      case 'address': {
        // socat's FILE:.env, OPEN:x,rdonly, CREATE:out; TCP:host:port, OPENSSL:host:port; - and STDIO are the terminal.
        if (t === null) {
          out.push({ kind: 'read', source: 'file', target: { value, path: null }, mode: 'content', assumed: true });
          return true;
        }
        const m = /^([A-Za-z0-9-]+)[:,](.*)$/s.exec(t);
        const type = m ? m[1]!.toUpperCase() : t.includes('/') || t.startsWith('.') ? 'GOPEN' : '';
        const params = m ? m[2]! : t;
        // A Unix socket bound at a path creates that file: UNIX-LISTEN (UNIX-L) and UNIX-RECV(FROM) bind their
        // path; any UNIX address with bind=PATH binds that one (UNIX-SENDTO, UNIX-CONNECT, UNIX-CLIENT).
        const unix = /^UNIX(?:-|$)/.test(type);
        const bind = unix ? /(?:^|,)bind=([^,]+)/.exec(params) : null;
        if (bind) out.push({ kind: 'write', target: target(inv, synthetic(bind[1]!), home), how: 'socket' });
        if (['UNIX-LISTEN', 'UNIX-L', 'UNIX-RECV', 'UNIX-RECVFROM'].includes(type))
          out.push({ kind: 'write', target: target(inv, synthetic(params.split(',')[0]!), home), how: 'socket' });
        else if (['FILE', 'OPEN', 'GOPEN', 'CREATE', 'CREAT', 'PIPE', 'READLINE', 'UNIX', 'UNIX-CONNECT', 'UNIX-SENDTO', 'UNIX-CLIENT'].includes(type)) {
          const path = synthetic(params.split(',')[0]!);
          if (type === 'CREATE' || type === 'CREAT') out.push({ kind: 'write', target: target(inv, path, home), how });
          else out.push({ kind: 'read', source: 'file', target: target(inv, path, home), mode: 'content' });
        } else if (/^(?:TCP|TCP4|TCP6|UDP|UDP4|UDP6|OPENSSL|SSL|SOCKS|SOCKS4|SOCKS4A|SOCKS5|PROXY|SCTP|DCCP)$/.test(type)) {
          const host = params.split(/[:,]/)[0] ?? '';
          if (host !== '') out.push({ kind: 'send', url: null, host: host.toLowerCase(), how });
        }
        return true;
      }
      case 'resolve':
      case 'connect-to': {
        // [+]HOST:PORT:ADDR[,ADDR…] and HOST:PORT:HOST2:PORT2; an IPv6 address in brackets.
        const fields = t === null ? null : colonFields(t.replace(/^[+-]/, ''));
        const peers = fields === null ? [null] : role === 'resolve' ? (fields[2] ?? '').split(',') : [fields[2] ?? ''];
        for (const peer of peers)
          if (peer !== '' || t === null) out.push({ kind: 'send', url: null, host: peer?.replace(/^\[|\]$/g, '').toLowerCase() ?? null, how, via: 'resolve' });
        return true;
      }
      case 'proxy': {
        const host = t === null ? null : hostOf(t.includes('://') ? t : `http://${t}`);
        out.push({ kind: 'send', url: t, host, how: `${how} (proxy)`, via: 'proxy' });
        return true;
      }
      case 'exec':
        return false;
      case 'var':
        // The program prints the value of the variable it is given by name (printenv NAME, launchctl getenv NAME).
        if (t) out.push({ kind: 'read', source: 'variable', name: t, mode: 'content', printed: true });
        return true;
      case 'cred':
        if (t) out.push({ kind: 'read', source: 'credentials', name: t, mode: 'content', secret: false });
        return true;
      case 'patch':
        out.push({ kind: 'read', source: 'file', target: target(inv, value, home, dir), mode: 'content', patch: true });
        return true;
      case 'cred-out':
        if (t === null || STDOUT_FILES.has(t))
          out.push({ kind: 'read', source: 'credentials', name: `${how} ${value.word.raw}`, mode: 'content', secret: true });
        else apply('write', value);
        return true;
      case 'gitobj': {
        const m = t === null ? null : /^(?:[^:\s-][^:\s]*)?:(?:[0-3]:)?(.+)$/.exec(t);
        if (m) out.push({ kind: 'read', source: 'file', target: target(inv, synthetic(m[1]!, value), home), mode: 'content' });
        return true;
      }
      case 'edit':
        out.push({ kind: 'write', target: target(inv, value, home, dir), how });
        // ed/ex print nothing unless told: a script on stdin without a printing command edits silently.
        out.push({ kind: 'read', source: 'file', target: target(inv, value, home, dir), mode: edScriptPrints(inv) ? 'content' : 'open' });
        return true;
      case 'list':
        if (t === '-') return true; // names on stdin
        out.push({ kind: 'read', source: 'file', target: target(inv, value, home, dir), mode: 'content' });
        return true;
      case 'none':
        return true;
    }
  };

  for (const v of parsed.values) {
    const role = v.role ?? row.opts?.[v.opt];
    if (role && role !== 'code' && role !== 'dest') apply(role, v.value);
    // psql -c 'select 1' -c 'drop table users': every program text runs, not only the first.
    else if (role === 'code' && v.value !== code) apply('code', v.value);
  }
  if (codeValue && (row.codeFirst || code)) apply('code', codeValue);
  if (row.codeEnv && codeValue?.known) out.push(...envReads(row.codeEnv, codeValue.known, inv));

  // key=value operands (dd if=… of=…)
  const plain: Value[] = [];
  for (const v of positional) {
    const m = row.operands && v.known !== null ? /^([a-z]+)=(.*)$/s.exec(v.known) : null;
    const role = m ? row.operands![m[1]!] : undefined;
    if (m && role) apply(role, synthetic(m[2]!, v));
    else if (!m || !row.operands) plain.push(v);
  }

  if (row.layout === 'checkout') {
    // REV -- paths, or REV paths (two or more words): the paths get REV's version. One word is a branch
    // to switch to or a path restored from the index; `--` first means the index too.
    const dash = inv.args.findIndex((a) => a.known === '--');
    const revValue = row.revOpt ? parsed.values.find((v) => row.revOpt!.includes(v.opt))?.value : undefined;
    const before = dash < 0 ? plain : plain.filter((v) => inv.args.indexOf(v) < dash);
    const rev = row.revOpt ? revValue : dash < 0 ? (plain.length >= 2 ? plain[0] : undefined) : before[0];
    const paths = row.revOpt ? plain : dash < 0 ? plain.slice(1) : plain.filter((v) => inv.args.indexOf(v) > dash);
    if (rev && rev.known !== 'HEAD' && rev.known !== '@')
      for (const p of paths) out.push({ kind: 'write', target: target(inv, p, home, dir), how: `${how} ${rev.known ?? '<rev>'}` });
  } else if (row.layout) {
    const destOpt = parsed.values.find((v) => row.opts?.[v.opt] === 'dest')?.value;
    let sources = plain;
    let dest: Value | undefined = destOpt;
    if (row.layout === 'archive') {
      dest = plain[0];
      sources = plain.slice(1);
    } else if (!dest) {
      dest = plain[plain.length - 1];
      sources = plain.slice(0, -1);
    }
    const destTarget = dest ? copyTarget(inv, dest, home, row, dir) : undefined;
    for (const s of sources) {
      let to = destTarget;
      if (to?.path && row.layout !== 'archive' && (destOpt || sources.length > 1 || dest?.known?.endsWith('/')) && s.known)
        to = { value: to.value, path: `${to.path}/${basename(s.known)}` };
      apply('read', s, to ? { to } : undefined);
      if (row.layout === 'move' || removes) out.push({ kind: 'delete', target: target(inv, s, home, dir), recursive: true });
    }
    if (dest) apply('dest', dest);
  } else {
    const toTarget = toValue ? target(inv, toValue, home, dir) : undefined;
    let reads = 0;
    for (let i = 0; i < plain.length; i++) {
      const role = row.pos?.[i] ?? row.rest ?? 'none';
      if (role === 'exec') {
        const words = plain.slice(i).map((v) => v.known);
        out.push({ kind: 'execute', lang: 'shell', text: words.every((w) => w !== null) ? words.map(quoteWord).join(' ') : null, how });
        break;
      }
      if (role === 'read' && toTarget) apply('read', plain[i]!, { to: toTarget });
      else if (role === 'read' && row.copySuffix && mode === 'copy')
        apply('read', plain[i]!, { to: besideCopy(target(inv, plain[i]!, home, dir), row.copySuffix) });
      else apply(role, plain[i]!);
      if (role === 'read' && removes) out.push({ kind: 'delete', target: target(inv, plain[i]!, home, dir), recursive: true });
      if (role === 'read' || role === 'arg') reads++;
    }
    if (reads === 0 && row.defaultPath && (mode === 'search' || mode === 'search-visible')) apply('read', synthetic(row.defaultPath));
    // tar x / unzip with no member named: the whole archive lands in the directory (-C, -d) or the cwd.
    const members = plain.slice(row.pos?.length ?? 0).length;
    if (row.dirOpt && row.rest === 'write' && members === 0) {
      const into = dirValue ?? synthetic('.');
      out.push({ kind: 'write', target: target(inv, into, home), how: `${how} (into the folder)` });
    }
  }

  const firstRedirect = out.length;
  redirectEffects(inv, home, mode === 'copy' ? 'content' : mode, out, row.stdinPatch);
  // sed 's/a/b/' f > g: g gets f with the substitution made.
  if (edit && row.lang === 'sed' && !row.when?.includes('-i'))
    for (let k = firstRedirect; k < out.length; k++) {
      const e = out[k]!;
      if (e.kind === 'write' && !e.edit) out[k] = { ...e, edit };
    }
  if (row.stdinCode && row.lang && !codeValue && inv.stdinText !== null)
    out.push({ kind: 'execute', lang: row.lang, text: inv.stdinText, how: `${how} (stdin)` });
  // psql -Atc "select 'drop table ' || tablename …" | psql: the SQL run is what the first client
  // prints, statements built from its string literals; judged with a placeholder for each computed part.
  if (row.stdinCode && row.lang === 'sql' && !codeValue && inv.stdinText === null && inv.pipeFrom) {
    const generated = generatedSql(inv.pipeFrom, home);
    if (generated) out.push({ kind: 'execute', lang: 'sql', text: null, partial: generated, how: `${how} (stdin: SQL that ${inv.pipeFrom.program} prints)` });
  }
  if (row.stdinNames && inv.stdinText !== null) {
    for (const line of inv.stdinText.split(/\r?\n|\0/).slice(0, 1000)) if (line.trim()) apply('read', synthetic(line.trim()));
  }
  if (row.stdinPatch && inv.stdinText !== null) {
    const strip = patchStrip(inv, parsed);
    for (const f of patchFiles(inv, inv.stdinText, strip)) {
      const t = target(inv, synthetic(f.path), home, dir);
      out.push(
        f.deleted ? { kind: 'delete', target: t, recursive: false } : { kind: 'write', target: t, how, edit: { oldText: f.oldText, newText: f.newText } },
      );
    }
  }
  for (const f of row.effects ?? [])
    if ((!f.ifNoOperand || positional.length === 0) && (!f.ifOperand || positional.length > 0)) out.push(fixed(f, inv, home, how));
}

/** The diff's files as this invocation applies them: `-R` / `--reverse` swaps old and new. */
/** A SQL statement's start inside a string literal (`'drop table '`): the query builds statements. */
const STATEMENT_START = /^\s*(?:drop|truncate|delete|update|alter|grant|revoke|create|insert)\s/i;

/**
 * The statements a SQL client's query prints, when it builds them from string literals
 * (`select 'drop table ' || tablename || ';' from pg_tables`): the literals joined by a placeholder
 * for each computed part, or null when no literal starts a statement.
 */
function generatedSql(producer: Invocation, home: string): string | null {
  for (const e of effectsOf(producer, home).effects) {
    if (e.kind !== 'execute' || e.lang !== 'sql' || e.text === null) continue;
    const literals = [...e.text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
    if (literals.some((l) => STATEMENT_START.test(l))) return literals.join(' _computed_ ');
  }
  return null;
}

export function patchFiles(inv: Invocation, diff: string, strip: number | null): PatchFile[] {
  const files = parsePatch(diff, strip);
  const reverse = inv.args.some(
    (a) => a.known === '-R' || a.known === '--reverse' || (a.known !== null && /^-[a-zA-Z]+$/.test(a.known) && a.known.includes('R')),
  );
  return reverse ? files.map((f) => ({ ...f, oldText: f.newText, newText: f.oldText })) : files;
}

/** patch's and git apply's -pN (null: the default, which drops git's a/ and b/). */
export function patchStrip(inv: Invocation, parsed?: Parsed): number | null {
  const v = parsed?.values.find((x) => x.opt === '-p' || x.opt === '--strip')?.value.known;
  if (v !== undefined && v !== null && /^\d+$/.test(v)) return Number(v);
  for (const a of inv.args) {
    const m = a.known === null ? null : /^(?:-p|--strip=)(\d+)$/.exec(a.known);
    if (m) return Number(m[1]);
  }
  return null;
}

const cache = new WeakMap<ShellAnalysis, InvocationEffects[]>();

/** Effects of every program that runs (wrappers included: their own options may read files). Computed once per analysis. */
export function analysisEffects(analysis: ShellAnalysis, home: string): InvocationEffects[] {
  let e = cache.get(analysis);
  if (!e) {
    e = withOpenDescriptors(
      analysis.invocations.map((inv) => effectsOf(inv, home)),
      home,
    );
    cache.set(analysis, e);
  }
  return e;
}

/**
 * `exec 3<.env; cat <&3` (or `cat /dev/fd/3`): a descriptor opened by a bare `exec` stays open for
 * the rest of the line, so a later command that reads it reads that file. One pass over the line.
 */
function withOpenDescriptors(list: InvocationEffects[], home: string): InvocationEffects[] {
  const open = new Map<number, Value>();
  return list.map((ie) => {
    const inv = ie.inv;
    if (inv.program === 'exec' && inv.args.length === 0) {
      for (const r of inv.redirects) if ((r.op === '<' || r.op === '<>') && r.fd !== null && r.fd > 2 && r.target) open.set(r.fd, r.target);
      return ie;
    }
    if (open.size === 0) return ie;
    const used = new Set<number>();
    for (const r of inv.redirects) if (r.op === '<&' && r.target?.known && open.has(Number(r.target.known))) used.add(Number(r.target.known));
    for (const a of inv.args) {
      const m = a.known === null ? null : FD_PATH.exec(a.known);
      const n = m ? Number(m[1] ?? m[2] ?? 0) : -1;
      if (open.has(n)) used.add(n);
    }
    const extra = [...used].filter((n) => !openedOn(inv, n)).map((n) => ({ op: '<', fd: n, target: open.get(n)! }));
    // Derived as if the descriptor were opened on this command; reported on the command itself.
    return extra.length === 0 ? ie : { ...deriveEffects({ ...inv, redirects: [...extra, ...inv.redirects] }, home), inv };
  });
}

/** One effect as text, for examples, tests and `agent-guard explain`. Paths relative to the invocation's cwd. */
export function render(e: Effect, cwd: string | null): string {
  const p = (t: Target) => (t.path === null ? t.value.word.raw : cwd && relativeTo(cwd, t.path) !== null ? relativeTo(cwd, t.path) || '.' : t.path);
  switch (e.kind) {
    case 'read':
      if (e.source === 'env') return 'read(env)';
      if (e.source === 'variable') return `read($${e.name})`;
      if (e.source === 'credentials') return `read(credentials: ${e.name})`;
      if (e.mode === 'copy' && e.to) return `read(${p(e.target)}, copy → ${p(e.to)})`;
      return `read${e.assumed ? '?' : ''}(${p(e.target)}, ${e.patch ? 'patch' : e.mode})`;
    case 'write':
      return `write(${p(e.target)}, ${e.how}${e.edit ? ', edit' : ''})`;
    case 'delete':
      return `delete(${p(e.target)}${e.recursive ? ', recursive' : ''})`;
    case 'execute':
      return `execute(${e.lang}: ${e.text ?? '?'})`;
    case 'send':
      return `send(${e.host ?? '?'})`;
    case 'escalate':
      return `escalate(${e.how})`;
    case 'destroy':
      return `destroy(${e.store}${e.target ? `: ${p(e.target)}` : ''})`;
  }
}

export interface FileWrite {
  /** Absolute path written, after following links the same line created (`ln -s lock x && echo > x`). */
  path: string;
  how: string;
  edit?: { oldText: string; newText: string };
  /** The write replaces the whole file with `edit.newText`. */
  replaces?: boolean;
  inv: Invocation;
}

const writesCache = new WeakMap<ShellAnalysis, { home: string; writes: FileWrite[] }>();

/**
 * Every file the line writes whose path it determines (timestamps-only `touch` and a socket's
 * creation excluded). Computed once per analysis (the file changes, the later-run texts and
 * outside-workspace-write each ask); callers only read the list.
 */
export function fileWritesOf(analysis: ShellAnalysis, home: string): FileWrite[] {
  const kept = writesCache.get(analysis);
  if (kept?.home === home) return kept.writes;
  const writes = fileWritesNow(analysis, home);
  writesCache.set(analysis, { home, writes });
  return writes;
}

function fileWritesNow(analysis: ShellAnalysis, home: string): FileWrite[] {
  const links = new Map<string, string>();
  const deleted = new Set<string>();
  const out: FileWrite[] = [];
  for (const ie of analysisEffects(analysis, home)) {
    if (ie.inv.program === 'ln') {
      const pos = ie.inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'));
      const from = pos.length === 2 ? target(ie.inv, pos[1]!, home).path : null;
      const to = pos.length === 2 ? target(ie.inv, pos[0]!, home).path : null;
      if (from && to) links.set(from, links.get(to) ?? to);
      // The link itself replaces whatever had its name (`ln -sf /tmp/x package-lock.json`).
      if (from) out.push({ path: from, how: 'ln', inv: ie.inv });
      continue;
    }
    for (const e of ie.effects) {
      if (e.kind === 'delete' && e.target.path) deleted.add(e.target.path);
      // touch of a file the line deleted creates it empty: `rm package-lock.json && touch package-lock.json` writes an empty lockfile.
      if (e.kind === 'write' && e.target.path && e.how === 'touch' && deleted.has(e.target.path)) {
        out.push({ path: links.get(e.target.path) ?? e.target.path, how: 'rm then touch', edit: { oldText: '', newText: '' }, replaces: true, inv: ie.inv });
        continue;
      }
      // A socket bound at a path (`nc -lU x.sock`) creates a file but writes nothing into one.
      if (e.kind !== 'write' || !e.target.path || e.how === 'touch' || e.how === 'socket') continue;
      // Written in another environment (a container, a machine over ssh): not this machine's file,
      // unless it is in a host folder the container mounts.
      if (ie.inv.elsewhere !== undefined && !ie.inv.hostRoots?.some((r) => isSameOrAncestor(r, e.target.path!))) continue;
      out.push({
        path: links.get(e.target.path) ?? e.target.path,
        how: e.how,
        ...(e.edit ? { edit: e.edit } : {}),
        ...(e.replaces ? { replaces: true } : {}),
        inv: ie.inv,
      });
    }
  }
  return out;
}

// Commands that print only the names of KEY=value lines, which reveal no value: cut -d= -f1,
// awk -F= '{print $1}', sed 's/=.*//'. What the secret guard suggests is in the same family
// (grep -o '^[A-Z_]*=').
export function namesProjection(inv: Invocation): boolean {
  // Only these programs project names; every other one answers without copying its arguments.
  if (!NAME_PROJECTORS.has(inv.program)) return false;
  const words = inv.args.map((a) => a.known);
  if (words.some((w) => w === null)) return false;
  const w = words as string[];
  const optValue = (short: string) => {
    const i = w.findIndex((x) => x === short || x.startsWith(short));
    if (i < 0) return null;
    return w[i] === short ? (w[i + 1] ?? null) : w[i]!.slice(short.length);
  };
  if (inv.program === 'cut') return optValue('-d') === '=' && optValue('-f') === '1' && !w.includes('--complement');
  if (inv.program === 'awk' || inv.program === 'gawk' || inv.program === 'mawk') {
    const sep = optValue('-F');
    const code = w.find((x) => !x.startsWith('-') && x !== sep);
    return (sep === '=' || sep === "'='") && code !== undefined && /^\{\s*print \$1;?\s*\}$/.test(code.trim());
  }
  if (inv.program === 'sed' || inv.program === 'gsed') {
    if (w.some((x) => x.startsWith('-i') || x.startsWith('--in-place') || x === '-f' || x.startsWith('--file'))) return false;
    const scripts = w.filter((x, i) => !x.startsWith('-') && w[i - 1] !== '-l');
    const script = scripts[0];
    if (script === undefined || (scripts.length > 1 && w.includes('-e'))) return false;
    // s/=.*// deletes every value; with -n only the lines it prints with p come out, the same names.
    const quiet = w.some((x) => x === '--quiet' || x === '--silent' || (/^-[a-zA-Z]+$/.test(x) && x.includes('n')));
    const m = /^s([/|#])=\.\*\$?\1\1([gp]*)$/.exec(script);
    return m !== null && (!quiet || m[2]!.includes('p'));
  }
  if (inv.program === 'jq' || inv.program === 'gojq' || inv.program === 'jaq') return jqNamesOnly(w);
  return false;
}

/** The programs namesProjection knows. */
const NAME_PROJECTORS = new Set(['cut', 'awk', 'gawk', 'mawk', 'sed', 'gsed', 'jq', 'gojq', 'jaq']);

/** jq options that take one value, or two (`--arg NAME VALUE`). */
const JQ_ONE = new Set(['--indent', '-L', '--tab']);
const JQ_TWO = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);
/** A jq program that prints only keys or a count: `keys`, `.data | keys[]`, `to_entries | map(.key)`, `length`. */
const JQ_NAMES =
  /^(?:\.[\w.[\]"-]*\|)?(?:keys(?:_unsorted)?(?:\[\])?|length|to_entries\|map\(\.key\)|\[?to_entries\[\]\.key\]?)(?:\|(?:sort|length|\.\[\]|join\("[^"\\]*"\)))?$/;

/** jq whose program keeps only the names (or a count) of what it reads. */
export function jqNamesOnly(words: string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const x = words[i]!;
    if (x === '-f' || x === '--from-file' || x === '--args' || x === '--jsonargs') return false;
    if (JQ_TWO.has(x)) i += 2;
    else if (JQ_ONE.has(x)) i++;
    else if (!x.startsWith('-')) return JQ_NAMES.test(x.replace(/\s+/g, ''));
  }
  return false;
}

// agent-guard test | trust | untrust: a workspace's own guards, and the person's consent to its
// guards and to configuration that loosens the guard.

import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import guards from 'agent-guard:guards';
import { checkGuard, REFERENCE_HOME, REFERENCE_PROJECT } from '../core/guards/examples';
import { loadWorkspaceGuards, WORKSPACE_GUARDS_DIR } from '../core/guards/workspace-guards';
import { CONFIG_FILES, loadConfig } from '../core/guards/load-config';
import { homeDirectory, normalizePath } from '../core/paths';
import { createGitRunner } from './git';
import { escapeControl } from '../core/terminal';
import { applyTrust, guardFiles, listGuardFiles, readTrust, recordConsent, storePath, trustFile, TrustWriteError, type GuardFile } from '../core/trust';
import type { ConfigSource, Loosening } from '../core/config';
import { CATASTROPHIC } from './allow-command';
import { typedBack } from './typed-back';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';

export function runTest(rest: string[]): number {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { all: { type: 'boolean' }, json: { type: 'boolean' } } });
  const workspace = normalizePath(resolve(positionals[0] ?? process.cwd()));
  // The same consent as the hook: only trusted guard files run, here too.
  const { guards: own, notes } = loadWorkspaceGuards(workspace, new Set(guards.map((g) => g.id)), () => readTrust(trustFile()));
  for (const n of notes) process.stderr.write(`${escapeControl(n)}\n`);
  const all = [...guards, ...own];
  // The workspace's guards run in the workspace; the built-in ones in the environment their examples describe.
  const git = (projectDir: string) => createGitRunner({ projectDir });
  const ownEnv = { guards: all, home: homeDirectory(process.env, homedir), defaultCwd: workspace, config: loadConfig(workspace).config, git };
  const builtInEnv = { guards: all, home: REFERENCE_HOME, defaultCwd: REFERENCE_PROJECT, git };
  const tested = values.all ? all : own;
  if (tested.length === 0) {
    process.stdout.write(`no guards in ${WORKSPACE_GUARDS_DIR}/ (use --all to test the built-in guards too)\n`);
    return notes.length > 0 ? 1 : 0;
  }
  const results = tested.flatMap((g) => checkGuard(own.includes(g) ? ownEnv : builtInEnv, g));
  const failed = results.filter((r) => !r.ok);
  if (values.json) process.stdout.write(escapeControl(`${JSON.stringify({ passed: results.length - failed.length, failed }, null, 2)}\n`, 'json'));
  else {
    for (const f of failed)
      process.stdout.write(`✖ ${escapeControl(f.guard)} ${f.kind}${f.example ? ` ${escapeControl(f.example)}` : ''}\n    ${escapeControl(f.problem ?? '')}\n`);
    process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed (${tested.length} guards)\n`);
  }
  return failed.length > 0 || notes.length > 0 ? 1 : 0;
}

/**
 * `agent-guard trust|untrust [file|workspace]`: what it names. A guard file, a configuration file
 * (.claude/agent-guard.json or .claude/agent-guard/local.json), or a workspace: all of its guard
 * files and both configuration files.
 */
function named(arg: string | undefined): { workspace: string; files: string[]; sources: ConfigSource[] } {
  const path = resolve(arg ?? process.cwd());
  if (existsSync(path) && statSync(path).isFile()) {
    const p = normalizePath(path);
    for (const source of ['team', 'local'] as const)
      if (p.endsWith(`/${CONFIG_FILES[source]}`)) return { workspace: p.slice(0, -CONFIG_FILES[source].length - 1), files: [], sources: [source] };
    const dir = dirname(path);
    if (!normalizePath(dir).endsWith(`/${WORKSPACE_GUARDS_DIR}`))
      throw Object.assign(new Error(`${arg} is neither in a ${WORKSPACE_GUARDS_DIR}/ folder nor ${CONFIG_FILES.team} or ${CONFIG_FILES.local}`), {
        code: 'ERR_PARSE_ARGS_USAGE',
      });
    return { workspace: resolve(dir, '..', '..'), files: [basename(path)], sources: [] };
  }
  if (!existsSync(path)) throw Object.assign(new Error(`${arg} does not exist`), { code: 'ERR_PARSE_ARGS_USAGE' });
  return { workspace: path, files: listGuardFiles(path), sources: ['team', 'local'] };
}

/**
 * `agent-guard trust`: the person's consent, the one command that gives it. For workspace guards,
 * their content hashes; for configuration that loosens the guard, each waiting entry (core/consent.ts).
 * An entry about a catastrophic-class guard (switching it off, an exception for it) is consented
 * only in a terminal, with the guard's id or the command typed back. `untrust` withdraws both.
 */
export async function runTrust(rest: string[], trust: boolean): Promise<number> {
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  const { workspace, files, sources } = named(positionals[0]);
  const out = (l: string) => process.stdout.write(`${escapeControl(l)}\n`);
  let failed = false;
  try {
    if (files.length > 0) {
      const result = applyTrust(workspace, files, trust, trustFile());
      for (const l of result.lines) out(l);
      failed ||= result.failed;
    }
    const config = trust ? await consentToConfig(workspace, sources, out) : withdrawConsent(workspace, sources, out);
    failed ||= config.failed;
    if (files.length === 0 && !config.any)
      out(
        sources.length === 2
          ? `nothing in ${workspace} waits for consent: no workspace guards (${WORKSPACE_GUARDS_DIR}/*.js) and no configuration that loosens the guard`
          : `nothing in ${sources.map((s) => CONFIG_FILES[s]).join(', ')} waits for consent`,
      );
  } catch (err) {
    if (err instanceof TrustWriteError) {
      process.stderr.write(`agent-guard: ${escapeControl(err.message)}\n`);
      return 2;
    }
    throw err;
  }
  return failed ? 1 : 0;
}

/** Consents to every waiting entry of the named configuration files (the floor typed back); records the set that applies. */
async function consentToConfig(workspace: string, sources: readonly ConfigSource[], out: (l: string) => void): Promise<{ any: boolean; failed: boolean }> {
  if (sources.length === 0) return { any: false, failed: false };
  const loaded = loadConfig(workspace);
  const pending = loaded.pending.filter((p) => sources.includes(p.source));
  if (pending.length === 0) return { any: false, failed: false };
  const given: Loosening[] = [];
  let failed = false;
  for (const item of pending) {
    const where = CONFIG_FILES[item.source];
    if (isFloor(item)) {
      // The floor: a catastrophic-class guard is loosened only by a person at a terminal who types it back.
      const expected = item.path[0] === 'exceptions' ? exceptionCommand(item.key) : (item.guard ?? '');
      if (!process.stdin.isTTY) {
        out(
          `NOT consented: ${where} ${item.what}: ${item.guard} is in the catastrophic class; run agent-guard trust in a terminal and type ${item.path[0] === 'exceptions' ? 'the command' : 'the guard id'} back`,
        );
        failed = true;
        continue;
      }
      const ok = await typedBack(
        expected,
        `${where} ${item.what}. ${item.guard} stops damage that cannot be undone. To consent, type ${item.path[0] === 'exceptions' ? 'the command' : `"${item.guard}"`} again exactly:\n> `,
      );
      if (!ok) {
        out(`NOT consented: ${where} ${item.what} (what was typed does not match)`);
        failed = true;
        continue;
      }
    }
    given.push(item);
    out(`consented: ${where} ${item.what}`);
  }
  recordConfigConsent(workspace, loaded.applied, given, sources);
  if (given.length > 0)
    out(`the hook applies ${given.length === 1 ? 'it' : 'them'} from the next tool call; agent-guard untrust ${workspace} withdraws the consent`);
  return { any: true, failed };
}

/**
 * Records consent to `given` (waiting entries the person accepted) for the named configuration
 * files: what applies from then on is the entries consented before that are still there (`applied`)
 * and the new ones; keys of entries that are gone are dropped. Throws TrustWriteError.
 */
export function recordConfigConsent(
  workspace: string,
  applied: readonly Loosening[],
  given: readonly Loosening[],
  sources: readonly ConfigSource[] = ['team', 'local'],
): void {
  recordConsent(
    trustFile(),
    sources.map((source) => ({
      file: storePath(workspace, CONFIG_FILES[source]),
      set: [...applied, ...given].filter((i) => i.source === source).map((i) => i.key),
    })),
  );
}

/** Whether an entry is about a catastrophic-class guard: consented only in a terminal, typed back. */
export function isFloor(item: Loosening): boolean {
  return item.guard !== undefined && CATASTROPHIC.has(item.guard);
}

/** The command an exception's consent key names (core/consent.ts exceptionKey). */
function exceptionCommand(key: string): string {
  const v = JSON.parse(key) as unknown[];
  return String(v[2] ?? '');
}

function withdrawConsent(workspace: string, sources: readonly ConfigSource[], out: (l: string) => void): { any: boolean; failed: boolean } {
  const store = readTrust(trustFile());
  const changes = sources
    .map((source) => ({ source, file: storePath(workspace, CONFIG_FILES[source]) }))
    .filter((c) => (store.config?.[c.file]?.length ?? 0) > 0);
  if (changes.length === 0) return { any: false, failed: false };
  recordConsent(
    trustFile(),
    changes.map((c) => ({ file: c.file, set: [] })),
  );
  for (const c of changes)
    out(
      `withdrew consent to ${store.config![c.file]!.length} loosening ${store.config![c.file]!.length === 1 ? 'entry' : 'entries'} of ${CONFIG_FILES[c.source]}: the defaults hold for them`,
    );
  return { any: true, failed: false };
}

/** Trust state of a workspace's guard files, for `status`. */
export function workspaceGuardStatus(workspace: string): Pick<GuardFile, 'name' | 'state'>[] {
  const files = listGuardFiles(workspace);
  if (files.length === 0) return [];
  return guardFiles(workspace, readTrust(trustFile())).map((g) => ({ name: g.name, state: g.state }));
}

export function describeGuardTrust(g: Pick<GuardFile, 'name' | 'state'>): string {
  return g.state === 'trusted'
    ? `${g.name} trusted`
    : g.state === 'changed'
      ? `${g.name} CHANGED since you trusted it: not run (review it, then: agent-guard trust ${g.name})`
      : `${g.name} not trusted: not run (review it, then: agent-guard trust ${g.name})`;
}

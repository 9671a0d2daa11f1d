// Proof of enforcement (core/liveness.ts, core/install/liveness.ts): the installed hook command,
// hardened against its environment and failing closed; the session-start check that runs it on a
// canary exactly as the host will and warns when it is not denied; status's execution check.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hookCommandFor, type Bundle } from '../core/install/installer';
import { install, uninstall, sync } from '../core/install/targets/claude';
import { installHosts, syncHosts, uninstallHosts } from '../core/install/orchestrate';
import { claudeSessionCheck } from '../core/install/liveness';
import { CANARY_FIELD, CHECK_LIMIT_SECONDS, CLAUDE_CANARY, judgeCanary, sessionCheckScript } from '../core/liveness';
import { pluginHooksFile } from '../core/install/targets/plugin';
import { findOurHandlers } from '../core/install/settings';
import { CONFIG_FILES, loadConfig } from '../core/guards/load-config';
import { recordConsent, storePath, trustFile } from '../core/trust';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
const BUNDLE: Bundle = { hookSource: readFileSync(join(ROOT, 'dist/hook.cjs'), 'utf8'), version: '0.1.0' };

type Settings = {
  hooks: Record<string, { matcher?: string; hooks: { command: string; timeout: number }[] }[]>;
  env?: Record<string, string>;
};

/** A workspace with the guard installed (project scope), in its own HOME. */
function guarded(): { ws: string; home: string; settings: () => Settings; pre: () => string; session: () => string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-liveness-')));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  const r = install({ workspace: ws, scope: 'project', home }, BUNDLE, { selfTest: false });
  assert.ok(r.ok, r.error);
  const settings = () => JSON.parse(readFileSync(join(ws, '.claude/settings.json'), 'utf8')) as Settings;
  return {
    ws,
    home,
    settings,
    pre: () => settings().hooks.PreToolUse![0]!.hooks[0]!.command,
    session: () => settings().hooks.SessionStart![0]!.hooks[0]!.command,
  };
}

/**
 * Writes `.claude/agent-guard.json` and records the person's consent to every entry in it that
 * loosens the guard, as `agent-guard trust` does (core/consent.ts): only then does it apply.
 */
function consentedConfig(ws: string, home: string, text: string): void {
  writeFileSync(join(ws, '.claude/agent-guard.json'), text);
  const env = { HOME: home };
  const pending = loadConfig(ws, { env }).pending;
  assert.ok(pending.length > 0, 'the entry loosens the guard');
  recordConsent(trustFile(env), [{ file: storePath(ws, CONFIG_FILES.team), set: pending.map((p) => p.key) }]);
  assert.equal(loadConfig(ws, { env }).pending.length, 0);
}

/** Runs a command as Claude Code runs a hook: `sh -c`, in the project, CLAUDE_PROJECT_DIR set, the payload on stdin. */
function asHost(command: string, ws: string, input: string, env: Record<string, string> = {}) {
  const r = spawnSync('/bin/sh', ['-c', command], {
    input,
    cwd: ws,
    encoding: 'utf8',
    env: { PATH: process.env.PATH!, HOME: join(ws, '..', 'home'), CLAUDE_PROJECT_DIR: ws, XDG_CACHE_HOME: join(ws, '..', 'cache'), ...env },
    timeout: 30000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const call = (command: string, ws: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: ws });

/** A PATH with the tools a shell script needs but no node. */
function pathWithoutNode(base: string): string {
  const bin = join(base, 'bin-without-node');
  mkdirSync(bin, { recursive: true });
  for (const tool of ['date', 'sed', 'tr', 'cut', 'cat', 'printf']) {
    const found = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/') && !existsSync(join(bin, tool))) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

function systemMessage(out: string): string {
  const parsed = JSON.parse(out) as { systemMessage?: unknown };
  assert.deepEqual(Object.keys(parsed), ['systemMessage']);
  return String(parsed.systemMessage);
}

// ---- the hook command: hardened, fails closed ----

test('the installed command denies as before, and stays silent for an ordinary call', () => {
  const g = guarded();
  const deny = asHost(g.pre(), g.ws, call('git push --force origin main', g.ws));
  assert.equal(deny.status, 0);
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, 'deny');
  const ok = asHost(g.pre(), g.ws, call('ls', g.ws));
  assert.deepEqual([ok.status, ok.stdout, ok.stderr], [0, '', '']);
});

test('node still starts and denies under every variable that stopped, hung, crashed or hijacked it', () => {
  const g = guarded();
  const marker = join(g.ws, '..', 'preloaded');
  writeFileSync(join(g.ws, '..', 'evil.js'), `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`);
  const fifo = join(g.ws, '..', 'certs.fifo');
  spawnSync('mkfifo', [fifo]);
  for (const env of <Record<string, string>[]>[
    { OPENSSL_CONF: '/etc/hostname' },
    { NODE_OPTIONS: `--require ${join(g.ws, '..', 'evil.js')}` },
    { NODE_OPTIONS: '--require ./does-not-exist.js' },
    { NODE_CHANNEL_FD: '0' },
    { NODE_EXTRA_CA_CERTS: fifo },
    { NODE_REDIRECT_WARNINGS: join(g.ws, '.claude/settings.json') },
    { LD_PRELOAD: '/nonexistent/lib.so' },
  ]) {
    const r = asHost(g.pre(), g.ws, call('rm -rf ~', g.ws), env);
    assert.equal(r.status, 0, `${JSON.stringify(env)}: ${r.stderr}`);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'deny', JSON.stringify(env));
  }
  assert.equal(existsSync(marker), false, 'NODE_OPTIONS --require ran code');
  assert.ok(findOurHandlers(g.settings()).length === 1, 'the settings file is intact');
});

test('a missing hook file and a node that cannot run are a block with the reason (exit 2), never a pass', () => {
  const g = guarded();
  const noNode = asHost(g.pre(), g.ws, call('ls', g.ws), { PATH: pathWithoutNode(join(g.ws, '..')) });
  assert.equal(noNode.status, 2);
  assert.match(
    noNode.stderr,
    /\nagent-guard: node could not run the hook \(exit 127\), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status\n$/,
  );
  const elsewhere = asHost(g.pre(), g.ws, call('ls', g.ws), { CLAUDE_PROJECT_DIR: join(g.ws, 'nowhere') });
  assert.equal(elsewhere.status, 2);
  assert.equal(
    elsewhere.stderr,
    `agent-guard: hook file ${join(g.ws, 'nowhere')}/.claude/hooks/agent-guard.cjs not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync\n`,
  );
  // A crash of the hook (here: a file that is not JavaScript) is a block too.
  writeFileSync(join(g.ws, '.claude/hooks/agent-guard.cjs'), 'this is not javascript\n');
  const crashed = asHost(g.pre(), g.ws, call('ls', g.ws));
  assert.equal(crashed.status, 2);
  assert.match(crashed.stderr, /agent-guard: node could not run the hook \(exit 1\)/);
});

test('the fix each host form names: managed settings, the VS Code and Copilot files', () => {
  assert.match(
    hookCommandFor('"/x/agent-guard.cjs"', 'sudo agent-guard install --managed --write'),
    /to fix it, run: sudo agent-guard install --managed --write" >&2; exit 2$/,
  );
  assert.match(hookCommandFor('"/x/agent-guard.cjs"'), /^f="\/x\/agent-guard\.cjs"; unset NODE_OPTIONS NODE_PATH NODE_EXTRA_CA_CERTS /);
});

// ---- the session-start check ----

test('install writes the session-start check; a healthy session hears nothing from it', () => {
  const g = guarded();
  assert.equal(g.session(), claudeSessionCheck(g.pre()));
  assert.equal(g.settings().hooks.SessionStart![0]!.hooks[0]!.timeout, 30);
  assert.equal(g.settings().hooks.SessionStart![0]!.matcher, undefined, 'every session source: startup, resume, clear, compact');
  const r = asHost(g.session(), g.ws, '{"hook_event_name":"SessionStart","source":"startup"}');
  assert.deepEqual([r.status, r.stdout, r.stderr], [0, '', '']);
  assert.equal(existsSync(join(g.ws, '.claude/agent-guard/decisions.jsonl')), false, 'the canary is not a blocked call: not logged');
});

test('a session whose hook cannot run, or lets the canary through, gets a systemMessage saying NOT guarded and why', () => {
  const g = guarded();
  const cases: [string, () => void, Record<string, string>, RegExp][] = [
    [
      'node missing',
      () => {},
      { PATH: pathWithoutNode(join(g.ws, '..')) },
      /did not deny it: .*not found node could not run the hook \(exit 127\), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status\. Run agent-guard status/,
    ],
    [
      'guards off in the config, with consent',
      () => consentedConfig(g.ws, g.home, '{ "guards": { "rm-catastrophic": "off" } }\n'),
      {},
      /did not deny it: the Agent Guard configuration switches off rm-catastrophic\. Run/,
    ],
    [
      'an exception for the canary, with consent',
      () => consentedConfig(g.ws, g.home, '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ] }\n'),
      {},
      /did not deny it: an exception in the Agent Guard configuration lets rm -rf ~ through \(agent-guard status lists the exceptions\)/,
    ],
    [
      'the hook file edited after install',
      () => {
        const f = join(g.ws, '.claude/hooks/agent-guard.cjs');
        writeFileSync(f, `${readFileSync(f, 'utf8')}\n// edited\n`);
      },
      {},
      /did not deny it: the hook file was changed after it was installed \(its content does not match the sha256 in its first line\); to put back the installed one, run: agent-guard sync --force\. Run/,
    ],
    [
      'the hook file missing',
      () => spawnSync('rm', ['-f', join(g.ws, '.claude/hooks/agent-guard.cjs')]),
      {},
      /did not deny it: hook file \/.*\/\.claude\/hooks\/agent-guard\.cjs not found, so Agent Guard checks nothing and blocks every call; to fix it, run: agent-guard sync\. Run/,
    ],
  ];
  for (const [what, arrange, env, want] of cases) {
    arrange();
    const r = asHost(g.session(), g.ws, '{"hook_event_name":"SessionStart","source":"startup"}', env);
    assert.equal(r.status, 0, `${what}: ${r.stderr}`);
    const message = systemMessage(r.stdout);
    assert.match(message, /^Agent Guard: this session is NOT guarded\. The installed hook was run on a test call \(rm -rf ~\) and did not deny it: /, what);
    assert.match(message, want, what);
    spawnSync('rm', ['-f', join(g.ws, '.claude/agent-guard.json')]);
  }
});

test('a configuration that would switch the guard off but waits for consent does not: the session hears nothing', () => {
  const g = guarded();
  writeFileSync(join(g.ws, '.claude/agent-guard.json'), '{ "guards": { "rm-catastrophic": "off" } }\n');
  const r = asHost(g.session(), g.ws, '{"hook_event_name":"SessionStart","source":"startup"}');
  assert.deepEqual([r.status, r.stdout], [0, '']);
});

test('the check keeps only characters that are safe in JSON and a terminal, whatever the hook printed', () => {
  const script = sessionCheckScript(
    `printf '\\033[31mred\\033[0m "quoted" \\\\ \\033]0;title\\007 end\\n'`,
    CLAUDE_CANARY,
    (d) => `printf '{"m":"%s"}' "${d}"`,
  );
  const r = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(r.stdout), { m: '31mred0m quoted  0;title end' });
});

/** A PATH where each named program is a stub that fails (as if missing), before the real ones. */
function pathWithout(...programs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-nobin-'));
  for (const p of programs) writeFileSync(join(dir, p), '#!/bin/sh\nexit 127\n', { mode: 0o755 });
  return `${dir}:${process.env.PATH}`;
}

/**
 * A PATH whose timeout(1) is uutils coreutils' (Ubuntu's from 25.10), as far as the check goes: on a
 * time-out its KILL reaches the command it started but never that command's process group (uucore's
 * send_signal_group first sets the signal to ignored, which fails for SIGKILL, and gives up; up to
 * 0.6 it sends no KILL at all), so what the command started lives on and keeps the output open.
 */
function pathWithUutilsTimeout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-uutils-'));
  const stub = [
    '#!/bin/sh',
    `[ "$1" = --version ] && { echo 'timeout (uutils coreutils) 0.8.0'; exit 0; }`,
    'while :; do case $1 in -s|-k) shift 2;; *) break;; esac; done',
    'd=$1; shift',
    'exec 9<&0',
    '"$@" <&9 9<&- & p=$!',
    '{ sleep "$d"; kill -KILL $p; } >/dev/null 2>&1 9<&- & w=$!',
    'wait $p; r=$?; kill $w 2>/dev/null',
    '[ $r -eq 137 ] && exit 124; exit $r',
  ];
  writeFileSync(join(dir, 'timeout'), `${stub.join('\n')}\n`, { mode: 0o755 });
  return `${dir}:${process.env.PATH}`;
}

/** The shells a session check may find itself in here: sh (dash on Debian), and bash and zsh where installed. */
const SHELLS = ['/bin/sh', 'bash', 'zsh'].filter((s) => spawnSync(s, ['-c', 'true']).status === 0);

interface ShellRun {
  shell: string;
  stdout: string;
  stderr: string;
  ms: number;
  endedByItself: boolean;
}

/** Runs `script` in each of SHELLS at once (a bound's 12 s are waited once), each in a process group of its own, killed whole after `limitMs`. */
function inEachShell(script: string, env: NodeJS.ProcessEnv, limitMs: number): Promise<ShellRun[]> {
  return Promise.all(
    SHELLS.map(
      (shell) =>
        new Promise<ShellRun>((resolve) => {
          const start = Date.now();
          const child = spawn(shell, ['-c', script], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (b: Buffer) => {
            stdout += b.toString();
          });
          child.stderr.on('data', (b: Buffer) => {
            stderr += b.toString();
          });
          let endedByItself = true;
          const timer = setTimeout(() => {
            endedByItself = false;
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              // already gone
            }
            child.stdout.destroy();
            child.stderr.destroy();
          }, limitMs);
          child.on('close', () => {
            clearTimeout(timer);
            resolve({ shell, stdout, stderr, ms: Date.now() - start, endedByItself });
          });
        }),
    ),
  );
}

test("a hook that never answers, even one that ignores TERM: the check gives up at the host's limit and says so, ending what the hook started too, nothing on stderr (GNU timeout(1); perl where there is none, as on macOS, or where it is uutils', as on Ubuntu from 25.10; in sh, bash and zsh)", async () => {
  // What the hook started keeps the output open: only ending the hook's whole process group at once
  // ends the wait (TERM does not end this hook).
  const script = sessionCheckScript(`trap '' TERM; sh -c 'sleep 60; echo late'`, CLAUDE_CANARY, (d) => `printf '{"m":"%s"}' "${d}"`);
  const paths: [string, string][] = [
    ['timeout(1)', process.env.PATH!],
    ['perl, no timeout(1)', pathWithout('timeout')],
    ["perl, uutils' timeout(1)", pathWithUutilsTimeout()],
  ];
  const runs = await Promise.all(paths.map(async ([how, PATH]) => (await inEachShell(script, { ...process.env, PATH }, 30000)).map((r) => ({ ...r, how }))));
  for (const r of runs.flat()) {
    const what = `${r.how}, ${r.shell}`;
    assert.ok(r.endedByItself, `${what}: the check ended by itself`);
    assert.deepEqual(JSON.parse(r.stdout), { m: `the hook gave no answer within ${CHECK_LIMIT_SECONDS} s, so the host runs every call unchecked` }, what);
    assert.ok(r.ms < CHECK_LIMIT_SECONDS * 1000 + 1500, `${what}: ended at the limit, not after ${r.ms} ms`);
    assert.equal(r.stderr, '', `${what}: nothing on stderr, not the shell's note on the killed job (dash: "Killed")`);
  }
});

test('a hook that itself exits 124 or 137 at once is judged by what it said, not taken for a time-out (with each bound, and none)', () => {
  const warn = (d: string) => `printf '{"m":"%s"}' "${d}"`;
  for (const [how, PATH] of [
    ['timeout(1)', process.env.PATH!],
    ['perl', pathWithout('timeout')],
    ['unbounded', pathWithout('timeout', 'perl')],
  ] as const)
    for (const [hook, want] of [
      ['exit 124', 'it answered nothing (exit 124)'],
      [`echo 'agent-guard: out of memory' >&2; exit 137`, 'out of memory'],
    ] as const) {
      const r = spawnSync('/bin/sh', ['-c', sessionCheckScript(hook, CLAUDE_CANARY, warn)], { encoding: 'utf8', env: { ...process.env, PATH } });
      assert.deepEqual(JSON.parse(r.stdout), { m: want }, `${how}: ${hook}`);
    }
});

test("nothing of the bound's own output gets into the warning: perl's complaint about a locale that is not installed", (t) => {
  const script = sessionCheckScript(`echo 'agent-guard: boom' >&2; exit 2`, CLAUDE_CANARY, (d) => `printf '{"m":"%s"}' "${d}"`);
  const env = { ...process.env, PATH: pathWithout('timeout'), LC_ALL: 'xx_YY.UTF-8' };
  if (!/locale/.test(spawnSync('perl', ['-e', '1'], { encoding: 'utf8', env }).stderr)) return t.skip('perl does not complain here');
  const r = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8', env });
  assert.deepEqual(JSON.parse(r.stdout), { m: 'boom' });
});

test('with neither timeout(1) nor perl, the check runs the hook as before: a denial is silence, a pass the warning', () => {
  const warn = (d: string) => `printf '{"m":"%s"}' "${d}"`;
  const env = { ...process.env, PATH: pathWithout('timeout', 'perl') };
  const denied = spawnSync('/bin/sh', ['-c', sessionCheckScript(`printf '%s' '{"permissionDecision":"deny"}'`, CLAUDE_CANARY, warn)], {
    encoding: 'utf8',
    env,
  });
  assert.deepEqual([denied.status, denied.stdout], [0, '']);
  const passed = spawnSync('/bin/sh', ['-c', sessionCheckScript('true', CLAUDE_CANARY, warn)], { encoding: 'utf8', env });
  assert.deepEqual(JSON.parse(passed.stdout), { m: 'it answered nothing (exit 0)' });
});

test('a hook whose command holds single quotes runs as written under the bound', () => {
  const deny = '{"hookSpecificOutput":{"permissionDecision":"deny"}}';
  const script = sessionCheckScript(`printf '%s' '${deny}'`, CLAUDE_CANARY, (d) => `printf '{"m":"%s"}' "${d}"`);
  const r = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
  assert.deepEqual([r.status, r.stdout], [0, '']);
});

test('judging an answer: stopped, blocked unchecked, silent, slow, not started', () => {
  const j = (run: Parameters<typeof judgeCanary>[1]) => judgeCanary(CLAUDE_CANARY, run);
  const deny = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"x"}}';
  assert.deepEqual(j({ status: 0, stdout: deny, stderr: '', ms: 120 }), { guarded: true, detail: 'the installed hook command denied a test call (rm -rf ~)' });
  assert.equal(j({ status: 0, stdout: deny.replace('deny', 'ask'), stderr: '' }).guarded, true, 'asked: the person decides');
  assert.deepEqual(j({ status: 0, stdout: deny, stderr: '', ms: 12000 }), {
    guarded: false,
    detail: 'the hook answered after 12 s; the host stops waiting after 10 s and then runs the call unchecked',
  });
  assert.deepEqual(j({ status: 2, stdout: '', stderr: 'node: bad option\nagent-guard: node could not run the hook (exit 9), so …\n' }), {
    guarded: false,
    detail: 'every call is blocked unchecked: node could not run the hook (exit 9), so …',
  });
  assert.deepEqual(j({ status: 0, stdout: '', stderr: '' }), { guarded: false, detail: 'it let a test call (rm -rf ~) through (exit 0, no answer)' });
  assert.deepEqual(j({ status: null, stdout: '', stderr: '' }), {
    guarded: false,
    detail: 'the hook gave no answer within 10 s, so the host runs the call unchecked',
  });
  assert.deepEqual(j({ status: null, stdout: '', stderr: '', error: 'ENOENT' }), { guarded: false, detail: 'the hook command could not be started (ENOENT)' });
  assert.equal(JSON.parse(CLAUDE_CANARY.payload)[CANARY_FIELD], true);
});

// ---- install, sync, uninstall ----

test('uninstall removes the session-start check with the hook; an install from before it is brought up to date by sync', () => {
  const g = guarded();
  const file = join(g.ws, '.claude/settings.json');
  // An install of an earlier version: the PreToolUse entry only.
  const old = g.settings();
  delete old.hooks.SessionStart;
  writeFileSync(file, `${JSON.stringify(old, null, 2)}\n`);
  const before = spawnSync(process.execPath, [CLI, 'status', g.ws], { encoding: 'utf8', env: { ...process.env, HOME: g.home } });
  assert.match(
    before.stdout,
    /^problem: {3}the hook entries in \.claude\/settings\.json differ from what this version installs, which adds a session-start check; run agent-guard sync$/m,
  );
  assert.ok(sync({ workspace: g.ws, scope: 'project', home: g.home }, BUNDLE).ok);
  assert.equal(g.session(), claudeSessionCheck(g.pre()));
  assert.ok(uninstall({ workspace: g.ws, scope: 'project', home: g.home }, BUNDLE).ok);
  assert.equal(existsSync(file), false, 'install created the file: uninstall removes it again');
});

test("the plugin's hooks/hooks.json is what this version ships: the hardened hook and its session-start check", () => {
  assert.equal(readFileSync(join(ROOT, 'hooks/hooks.json'), 'utf8'), pluginHooksFile());
});

// ---- status: the execution check ----

function status(ws: string, home: string, ...args: string[]) {
  return spawnSync(process.execPath, [CLI, 'status', ...args, ws], {
    encoding: 'utf8',
    env: { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, '.cache') },
  });
}

test('status runs the installed command on the canary: guarded is a proof, with the time it took', () => {
  const g = guarded();
  const r = status(g.ws, g.home);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^check: {5}\.claude\/settings\.json: guarded; the installed hook command denied a test call \(rm -rf ~\), in \d+ ms$/m);
  assert.match(r.stdout, /^verdict: {3}guarded and current$/m);
  const json = JSON.parse(status(g.ws, g.home, '--json').stdout);
  assert.equal(json.active, true);
  assert.equal(json.liveness[0].host, 'claude');
  assert.equal(json.liveness[0].guarded, true);
  assert.equal(readdirSync(join(g.ws, '.claude')).includes('agent-guard'), false, 'no decision log, no state folder');
});

test('status never says guarded when a call would pass: guards switched off, an env entry, a changed hook', () => {
  const g = guarded();
  consentedConfig(g.ws, g.home, '{ "guards": { "rm-catastrophic": "off" } }\n');
  let r = status(g.ws, g.home);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(
    r.stdout,
    /^check: {5}\.claude\/settings\.json: NOT guarded; it did not deny a test call \(rm -rf ~\): the Agent Guard configuration switches off rm-catastrophic$/m,
  );
  assert.match(r.stdout, /^host: {6}Claude Code: NOT guarded; its hook failed the execution check/m);
  assert.match(r.stdout, /^verdict: {3}NOT guarded: \.claude\/settings\.json: it did not deny/m);
  spawnSync('rm', [join(g.ws, '.claude/agent-guard.json')]);

  const s = g.settings();
  // OPENSSL_CONF and LD_AUDIT are removed by the hook command itself; XDG_CONFIG_HOME is not.
  s.env = { OPENSSL_CONF: '/etc/hostname', LD_AUDIT: '/tmp/a.so', XDG_CONFIG_HOME: '/tmp/elsewhere', MAX_THINKING_TOKENS: '8000' };
  writeFileSync(join(g.ws, '.claude/settings.json'), JSON.stringify(s, null, 2));
  r = status(g.ws, g.home);
  assert.equal(r.status, 1, r.stdout);
  assert.match(
    r.stdout,
    /^check: {5}\.claude\/settings\.json: not checked; \.claude\/settings\.json: XDG_CONFIG_HOME in env: XDG_CONFIG_HOME moves where the hook looks for its trust records, code cache and home folder, so status does not run the hook with it; remove it unless you put it there$/m,
  );
});

test('where there is no sh (Windows without Git Bash on PATH), status runs the hook file with node directly, and says what that leaves unchecked', () => {
  const g = guarded();
  const empty = join(g.ws, '..', 'empty-bin');
  mkdirSync(empty);
  const r = spawnSync(process.execPath, [CLI, 'status', g.ws], {
    encoding: 'utf8',
    env: { ...process.env, PATH: empty, HOME: g.home, XDG_CACHE_HOME: join(g.home, '.cache') },
  });
  assert.match(
    r.stdout,
    /^check: {5}\.claude\/settings\.json: guarded; the installed hook file denied a test call \(rm -rf ~\), run with node directly because sh is not on PATH here, so the command line itself was not checked, in \d+ ms$/m,
  );
});

test('status runs only what this version wrote: a forged entry or hook file is reported, never executed', () => {
  const g = guarded();
  const marker = join(g.ws, '..', 'ran');
  const s = g.settings();
  s.hooks.PreToolUse![0]!.hooks[0]!.command = `touch ${marker}; node .claude/hooks/agent-guard.cjs`;
  writeFileSync(join(g.ws, '.claude/settings.json'), JSON.stringify(s, null, 2));
  let r = status(g.ws, g.home);
  assert.equal(r.status, 1);
  assert.match(
    r.stdout,
    /check: {5}\.claude\/settings\.json: not checked; its hook entry is not the one this version installs, so status does not run it; to replace it, run: agent-guard sync$/m,
  );
  assert.match(r.stdout, /^verdict: {3}not proven guarded: \.claude\/settings\.json: its hook entry is not the one this version installs/m);
  assert.equal(existsSync(marker), false);

  const h = guarded();
  const hook = join(h.ws, '.claude/hooks/agent-guard.cjs');
  // A valid stamp over other code: "another version", as far as the stamp can tell.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const body = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`;
  writeFileSync(hook, `// agent-guard 0.0.1 sha256:${createHash('sha256').update(body).digest('hex')}\n${body}`);
  r = status(h.ws, h.home);
  assert.equal(r.status, 1);
  assert.match(
    r.stdout,
    /check: {5}\.claude\/settings\.json: not checked; the hook file is from another version, so status does not run it; to replace it, run: agent-guard sync$/m,
  );
  assert.equal(existsSync(marker), false);
});

// ---- how status reads (#30) ----

/** Whether a line has a parenthesis inside another. */
function nested(line: string): boolean {
  let depth = 0;
  for (const c of line) {
    if (c === '(' && ++depth > 1) return true;
    if (c === ')') depth = Math.max(0, depth - 1);
  }
  return false;
}

test('status in a subfolder leads with the guarded project; hosts never set up are one line, not a list of NOT guarded; no nested parentheses', () => {
  const g = guarded();
  const sub = join(g.ws, 'src');
  mkdirSync(sub);
  const r = status(sub, g.home);
  assert.equal(r.status, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines[0], `workspace: ${sub}`);
  assert.equal(
    lines[1],
    `project:   ${g.ws} is the guarded project; start Claude Code there, since a session started in this subfolder does not load its settings and is NOT guarded, or install with --user to cover every folder`,
  );
  assert.ok(lines.includes('state:     nothing installed in this folder itself'), r.stdout);
  assert.equal(lines.at(-1), `verdict:   not guarded here; Agent Guard guards ${g.ws}`);
  assert.equal(r.stdout.match(/NOT guarded/g)?.length, 1, `only the project line says NOT guarded:\n${r.stdout}`);
  assert.ok(
    lines.includes(
      'others:    not set up for Claude Code, VS Code agent, Gemini CLI, Copilot CLI, Codex CLI, Cursor, OpenCode, Qwen Code, Factory droid, Kilo CLI, Cline CLI; agent-guard install --host all adds every host',
    ),
    r.stdout,
  );
  for (const l of lines) assert.equal(nested(l), false, l);

  // In the project itself: only the host it was installed for has a line.
  const top = status(g.ws, g.home);
  assert.equal(top.status, 0, top.stdout);
  assert.deepEqual(
    top.stdout.split('\n').filter((l) => l.startsWith('host:')),
    ['host:      Claude Code: guarded; Claude Code runs the hook on every tool call'],
  );
  assert.doesNotMatch(top.stdout, /NOT guarded \(/);
  for (const l of top.stdout.split('\n')) assert.equal(nested(l), false, l);
});

// ---- every host's execution check ----

/**
 * A workspace with the guard installed for every host but Claude Code (its own tests are above) and
 * the Copilot CLI (it shares VS Code's file); Codex for the user: a project's .codex/ needs a trusted project.
 */
function everyHost(): { ws: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-liveness-hosts-')));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  const place = { workspace: ws, scope: 'project' as const, home };
  const r = installHosts(place, BUNDLE, ['vscode', 'gemini', 'cursor', 'opencode', 'qwen', 'droid', 'kilo', 'cline'], { selfTest: false });
  assert.equal(r.error, undefined, r.error);
  const u = installHosts({ ...place, scope: 'user' }, BUNDLE, ['codex'], { selfTest: false });
  assert.equal(u.error, undefined, u.error);
  return { ws, home };
}

const HOST_CHECKS = [
  '.github/hooks/agent-guard.json',
  '.gemini/settings.json',
  '~/.codex/hooks.json',
  '.cursor/hooks.json',
  '.opencode/plugins/agent-guard.js',
  '.qwen/settings.json',
  '.factory/hooks.json',
  '.kilo/plugins/agent-guard.js',
  '.clinerules/hooks/PreToolUse',
];

function checkLines(out: string): Map<string, string> {
  const lines = out.split('\n').filter((l) => l.startsWith('check:'));
  return new Map(lines.map((l) => [l.slice('check:     '.length, l.indexOf(': ', 11)), l.slice(l.indexOf(': ', 11) + 2)]));
}

test("status runs every host's installed hook the way that host runs it, in that host's form, and says guarded only for an answer that stops the call", () => {
  const g = everyHost();
  const r = status(g.ws, g.home);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const checks = checkLines(r.stdout);
  assert.deepEqual([...checks.keys()].sort(), [...HOST_CHECKS].sort(), r.stdout);
  for (const [label, said] of checks) assert.match(said, /^guarded; the installed hook command denied a test call \(rm -rf ~\), in \d+ ms$/, label);
  assert.match(r.stdout, /^verdict: {3}guarded and current$/m);
  assert.equal(existsSync(join(g.ws, '.claude/agent-guard')), false, 'the canary leaves no decision log, the plugins included');

  // A configuration that switches the guard off: every host's check says NOT guarded, and why.
  consentedConfig(g.ws, g.home, '{ "guards": { "rm-catastrophic": "off" } }\n');
  const off = status(g.ws, g.home);
  assert.equal(off.status, 1, off.stdout);
  for (const [label, said] of checkLines(off.stdout)) {
    if (label === '~/.codex/hooks.json') continue; // the user's hook file reads the user's config, not this project's
    assert.match(
      said,
      /^NOT guarded; it did not deny a test call \(rm -rf ~\): the Agent Guard configuration switches off rm-catastrophic$/,
      `${label}: ${said}`,
    );
  }
  assert.match(off.stdout, /^verdict: {3}NOT guarded: /m);
});

test("a host's hook file gone: status does not run what is left, says which, and never says guarded", () => {
  const g = everyHost();
  rmSync(join(g.ws, '.claude/hooks/agent-guard.cjs'));
  const r = status(g.ws, g.home);
  assert.equal(r.status, 1, r.stdout);
  for (const [label, said] of checkLines(r.stdout)) {
    if (label === '~/.codex/hooks.json') assert.match(said, /^guarded;/);
    else
      assert.match(
        said,
        /^not checked; the hook file is missing, so status does not run it; to replace it, run: agent-guard sync --host [a-z]+$/,
        `${label}: ${said}`,
      );
  }
  assert.doesNotMatch(r.stdout, /^verdict: {3}guarded/m);
});

// ---- the session-start check in the other hosts ----

const SESSION_FILES = [
  // [host, scope, file (relative to the workspace or HOME), the path of the session-start groups]
  ['gemini', 'project', '.gemini/settings.json', ['hooks', 'SessionStart']],
  ['qwen', 'project', '.qwen/settings.json', ['hooks', 'SessionStart']],
  ['droid', 'project', '.factory/hooks.json', ['SessionStart']],
  ['codex', 'user', '.codex/hooks.json', ['hooks', 'SessionStart']],
] as const;

test('Gemini CLI, Qwen Code, droid and Codex: install writes the session-start check beside the hook; silent while the hook denies, a warning for the person and the model when it cannot run', () => {
  for (const [host, scope, rel, path] of SESSION_FILES) {
    const root = realpathSync(mkdtempSync(join(tmpdir(), `agent-guard-session-${host}-`)));
    const ws = join(root, 'ws');
    const home = join(root, 'home');
    mkdirSync(ws);
    mkdirSync(home);
    const place = { workspace: ws, scope, home };
    const saved = process.env.CODEX_HOME;
    delete process.env.CODEX_HOME;
    try {
      assert.equal(installHosts(place, BUNDLE, [host], { selfTest: false }).error, undefined);
    } finally {
      if (saved !== undefined) process.env.CODEX_HOME = saved;
    }
    const file = join(scope === 'user' ? home : ws, rel);
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const groups = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], settings) as {
      matcher?: string;
      hooks: { command: string; timeout: number }[];
    }[];
    assert.equal(groups.length, 1, host);
    assert.equal(groups[0]!.matcher, undefined, `${host}: every session start`);
    const check = groups[0]!.hooks[0]!;
    assert.equal(check.timeout, host === 'gemini' ? 30000 : 30, host);
    const start = JSON.stringify({ hook_event_name: 'SessionStart', source: 'startup' });
    const env = { GEMINI_PROJECT_DIR: ws, QWEN_PROJECT_DIR: ws, FACTORY_PROJECT_DIR: ws };
    const healthy = asHost(check.command, ws, start, env);
    assert.deepEqual([healthy.status, healthy.stdout], [0, ''], `${host}: a healthy session hears nothing`);

    rmSync(join(scope === 'user' ? home : ws, '.claude/hooks/agent-guard.cjs'));
    const broken = asHost(check.command, ws, start, env);
    assert.equal(broken.status, 0, host);
    const answer = JSON.parse(broken.stdout) as { systemMessage: string; hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    assert.deepEqual(Object.keys(answer), ['systemMessage', 'hookSpecificOutput'], host);
    assert.match(
      answer.systemMessage,
      /^Agent Guard: this session is NOT guarded\. The installed hook was run on a test call \(rm -rf ~\) and did not deny it: .*agent-guard\.cjs/,
      host,
    );
    assert.equal(answer.hookSpecificOutput.hookEventName, 'SessionStart');
    assert.equal(answer.hookSpecificOutput.additionalContext, `${answer.systemMessage} Tell the person this before you run any command or change any file.`);
  }
});

test('an install from before the session-start check is not current; sync adds it, and uninstall takes both entries out', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-session-sync-')));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  const place = { workspace: ws, scope: 'project' as const, home };
  assert.equal(installHosts(place, BUNDLE, ['qwen'], { selfTest: false }).error, undefined);
  const file = join(ws, '.qwen/settings.json');
  const s = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, unknown> };
  delete s.hooks.SessionStart;
  writeFileSync(file, JSON.stringify(s, null, 2));
  const r = status(ws, home);
  assert.match(
    r.stdout,
    /the hook entries in \.qwen\/settings\.json differ from what this version installs, which adds a session-start check \(run agent-guard sync --host qwen\)/,
  );
  assert.equal(syncHosts(place, BUNDLE, { hosts: ['qwen'] }).ok, true);
  assert.ok((JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, unknown> }).hooks.SessionStart);
  assert.equal(uninstallHosts(place, BUNDLE, { hosts: ['qwen'] }).error, undefined);
  assert.equal(existsSync(file), false, 'install created the file; uninstall removes it with both entries');
});

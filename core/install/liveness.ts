// The execution check (core/liveness.ts) on the file system: a target names the hook commands a
// host would run here (`LivenessProbe`: the exact command line, the folder, the environment its
// settings give the hook), and this runs each on the canary and judges the answer. Used by
// `agent-guard status` and install's self-test. Claude Code's probes and its session-start check
// live here too; another host adds a `probes` method to its target.
//
// What status executes is only what this version itself installs: a command that is not exactly
// the one it writes, or a hook file that is not exactly its own bytes, is repository content and
// is not run (it is reported as not proven). The settings' env is applied as the host applies it,
// except that names a repository's project or local settings set and that are neither harmless
// (core/hook-env.ts) nor removed by the hook command are held back and reported.

import { join } from 'node:path';
import { CANARY_COMMAND, CLAUDE_CANARY, judgeCanary, sessionCheckScript, type CanaryForm, type Liveness } from '../liveness';
import { runCanary } from './run-canary';
import { envRisk, harmlessEnvName, UNSET_BEFORE_NODE } from '../hook-env';
import { readLoose } from './installer';

/** One hook command a host would run here, as status executes it. */
export interface LivenessProbe {
  /** Where it comes from, for people (`.claude/settings.json`, `managed settings`, …). */
  label: string;
  /** The exact command line (run with `sh -c`, as the host does), or null when status must not run it. */
  command: string | null;
  /** Why it is not run, when `command` is null. */
  notRun?: string;
  form: CanaryForm;
  cwd: string;
  /** Variables the host adds to the hook's environment (its settings' env, CLAUDE_PROJECT_DIR, …). */
  env: Record<string, string>;
  /** Settings env entries status held back (not applied), `file: NAME` each. */
  heldBack: string[];
  /** The hook file the command runs: run with node directly where there is no sh (Windows without Git Bash on PATH). */
  hookFile?: string;
}

export interface ProbeResult {
  label: string;
  liveness: Liveness;
  /** Milliseconds the run took (absent when not run). */
  ms?: number;
}

/** The line the hook adds with AGENT_GUARD_RESIDENT_TRACE (scripts/code-cache-loader.js, scripts/resident-ask.pl). */
const RESIDENT_TRACE = /^agent-guard: resident (used|not used)(?: \(pid (\d+)(?:, (ask file|perl))?\))?\n/m;

/**
 * Who answered the canary, where the resident analyser is on (by default on Linux): the analyser itself, through
 * which ask; or the hook in its own process because the analyser was not believed or did not answer.
 */
function residentPart(stderr: string): string {
  const m = RESIDENT_TRACE.exec(stderr);
  if (!m) return '';
  if (m[1] === 'not used') return '; the resident analyser did not answer it (not believed, or no answer in time), so the hook answered in its own process';
  return `, answered by the resident analyser (pid ${m[2]}, through the ${m[3] === 'perl' ? 'Perl ask' : m[3] === 'ask file' ? 'Node ask file' : 'hook file'})`;
}

/** Runs one probe (or says why it was not run). */
export function runProbe(p: LivenessProbe, base: NodeJS.ProcessEnv = process.env): ProbeResult {
  if (p.command === null) return { label: p.label, liveness: { guarded: false, unproven: true, detail: p.notRun ?? 'not run' } };
  // (The trace: which process answered, where the resident analyser is on; taken out before judging.)
  const env = { ...base, ...p.env, AGENT_GUARD_RESIDENT_TRACE: '1' };
  let run = runCanary(p.command, p.form, p.cwd, env);
  const resident = residentPart(run.stderr);
  run = { ...run, stderr: run.stderr.replace(RESIDENT_TRACE, '') };
  let how = '';
  if (run.error === 'ENOENT' && p.hookFile) {
    // No sh here: the host finds its own (Claude Code: Git Bash on Windows). The hook file, the
    // configuration and node are still checked, the command line around them is not.
    run = runCanary(`node "${p.hookFile.replace(/\\/g, '/')}"`, p.form, p.cwd, env, 'node-direct');
    how = ', run with node directly because sh is not on PATH here, so the command line itself was not checked';
  }
  const liveness = judgeCanary(p.form, run);
  const detail = `${how ? `${liveness.detail.replace('the installed hook command', 'the installed hook file')}${how}` : liveness.detail}${resident}`;
  return { label: p.label, liveness: { ...liveness, detail }, ...(run.ms !== undefined ? { ms: run.ms } : {}) };
}

// ---- Claude Code ----

/** Claude Code's session-start check gets this long: the canary's own limit, and time to say so. */
export const SESSION_CHECK_TIMEOUT_SECONDS = 30;

/**
 * Claude Code's SessionStart handler: runs the PreToolUse command on the canary and, when it is not
 * denied, answers with a `systemMessage`, which Claude Code shows the person at once. Silent
 * (no output, exit 0) while the guard runs.
 */
export function claudeSessionCheck(hookCommand: string): string {
  return systemMessageSessionCheck(hookCommand, CLAUDE_CANARY);
}

const NOT_GUARDED = `Agent Guard: this session is NOT guarded. The installed hook was run on a test call (${CANARY_COMMAND}) and did not deny it: %s. Run agent-guard status in the project folder to see why.`;

/** Claude Code's form of the warning: a `systemMessage`, which it shows the person at once. */
function systemMessageSessionCheck(hookCommand: string, form: CanaryForm): string {
  return sessionCheckScript(hookCommand, form, (d) => `printf '{"systemMessage":"${NOT_GUARDED}"}\\n' "${d}"`);
}

/**
 * The session-start check of the other hosts with a session-start event in Claude Code's form
 * (Gemini CLI, Qwen Code, Factory droid, Codex CLI): the canary in the host's own form; the warning
 * both as a `systemMessage` (Gemini CLI shows it the person; the others, checked in their real CLIs,
 * do not in a headless run) and as the event's `additionalContext`, which every one of them hands the
 * model before its first turn, with what to do: tell the person before running anything.
 */
export function sessionCheckWithContext(hookCommand: string, form: CanaryForm, event = 'SessionStart'): string {
  const context = `${NOT_GUARDED} Tell the person this before you run any command or change any file.`;
  return sessionCheckScript(
    hookCommand,
    form,
    (d) => `printf '{"systemMessage":"${NOT_GUARDED}","hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"${context}"}}\\n' "${d}" "${d}"`,
  );
}

/** A settings layer's env, as strings (Claude Code applies numbers and booleans as their text). */
function envOf(settings: Record<string, unknown> | null): Record<string, string> {
  const env = settings?.env;
  if (!env || typeof env !== 'object' || Array.isArray(env)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env as Record<string, unknown>))
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  return out;
}

/**
 * The environment Claude Code gives a hook here, from every settings layer (user < project < local
 * < managed, later ones win), with what a repository's project or local settings set beyond the
 * harmless names held back.
 */
export function claudeHookEnv(workspace: string, userSettings: string, managedFiles: readonly string[]): { env: Record<string, string>; heldBack: string[] } {
  const env: Record<string, string> = {};
  const heldBack: string[] = [];
  const layers: [string, string, boolean][] = [
    ['~/.claude/settings.json', userSettings, false],
    ['.claude/settings.json', join(workspace, '.claude', 'settings.json'), true],
    ['.claude/settings.local.json', join(workspace, '.claude', 'settings.local.json'), true],
    ...managedFiles.map((f): [string, string, boolean] => [f, f, false]),
  ];
  for (const [label, file, repository] of layers) {
    for (const [name, value] of Object.entries(envOf(readLoose(file)))) {
      if (repository && !harmlessEnvName(name) && !(UNSET_BEFORE_NODE as readonly string[]).includes(name)) heldBack.push(`${label}: ${name}`);
      else env[name] = value;
    }
  }
  return { env: { ...env, CLAUDE_PROJECT_DIR: workspace }, heldBack };
}

/**
 * The probe of an installed command: run only when it is exactly what this version writes, its
 * hook file exactly this version's bytes, and no repository setting changes the hook's env.
 */
export function probeOf(
  label: string,
  installed: { command: string; expected: string; hookState: string; fix: string; hookFile?: string },
  form: CanaryForm,
  cwd: string,
  hookEnv: { env: Record<string, string>; heldBack: string[] },
): LivenessProbe {
  const base = { label, form, cwd, env: hookEnv.env, heldBack: hookEnv.heldBack, ...(installed.hookFile ? { hookFile: installed.hookFile } : {}) };
  if (installed.command !== installed.expected)
    return {
      ...base,
      command: null,
      notRun: `its hook entry is not the one this version installs, so status does not run it; to replace it, run: ${installed.fix}`,
    };
  if (installed.hookState !== 'current') {
    const state = installed.hookState;
    const what = state === 'missing' ? 'missing' : state === 'outdated' ? 'from another version' : 'not the one this version wrote';
    const fix = state === 'modified' || state === 'foreign' ? `${installed.fix} --force` : installed.fix;
    return { ...base, command: null, notRun: `the hook file is ${what}, so status does not run it; to replace it, run: ${fix}` };
  }
  if (hookEnv.heldBack.length > 0) {
    const first = hookEnv.heldBack[0]!;
    const name = first.slice(first.lastIndexOf(' ') + 1);
    return {
      ...base,
      command: null,
      notRun: `${hookEnv.heldBack.join(', ')} in env: ${name} ${envRisk(name)}, so status does not run the hook with it; remove it unless you put it there`,
    };
  }
  return { ...base, command: installed.command };
}

/** A probe's result in one line for status: where, and what the run showed. */
export function describeProbe(r: ProbeResult): string {
  const said = r.liveness.guarded ? 'guarded' : r.liveness.unproven ? 'not checked' : 'NOT guarded';
  return `${r.label}: ${said}; ${r.liveness.detail}${r.ms !== undefined && r.liveness.guarded ? `, in ${r.ms} ms` : ''}`;
}

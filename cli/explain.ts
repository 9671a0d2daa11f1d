// `agent-guard explain`: the command model made visible, for users and guard authors.

import { homedir } from 'node:os';
import guards from 'agent-guard:guards';
import { analyzeShell } from '../core/shell/analyze';
import { OPAQUE, type Value } from '../core/shell/model';
import { evaluatePayload, reasonText } from '../core/guards/dispatch';
import { loadConfig } from '../core/guards/load-config';
import { homeDirectory, normalizePath } from '../core/paths';
import { createGitRunner } from './git';
import { analysisEffects, render } from '../core/effects/derive';
import { escapeControl } from '../core/terminal';
import { redact, redactArgv, redactVerdict } from '../core/redact';

function show(v: Value): string {
  if (v.known !== null) return JSON.stringify(v.known);
  // What the guards judge a computed word by: each plausible value and the assumption behind it.
  const plausible = v.possible
    .filter((p) => p.because.length > 0)
    .slice(0, 4)
    .map((p) => `${JSON.stringify(p.text.split(OPAQUE).join('…'))} if ${p.because.join(' and ')}`);
  return `${v.word.raw} (computed${plausible.length > 0 ? `; can be ${plausible.join('; or ')}` : ''})`;
}

export function explainCommand(command: string, opts: { cwd: string; json: boolean }): { text: string; denied: boolean } {
  const cwd = normalizePath(opts.cwd);
  const home = homeDirectory(process.env, homedir);
  const analysis = analyzeShell(command, { cwd, home });
  const projectDir = normalizePath(process.env.CLAUDE_PROJECT_DIR || cwd);
  const { config } = loadConfig(projectDir);
  const result = evaluatePayload(
    { tool_name: 'Bash', tool_input: { command }, cwd },
    { guards, home, projectDir, fallbackCwd: cwd, config, git: createGitRunner({ projectDir }), now: Date.now() },
  );
  // Nothing secret is printed: a password argument (`sshpass -p …`), a token, a secret-named VAR=value.
  const v = result.verdict ? { ...result.verdict } : null;
  if (v) redactVerdict(v, []);
  const effects = analysisEffects(analysis, home);
  if (opts.json) {
    const invocations = analysis.invocations.map((i, n) => ({
      program: i.program,
      argv: redactArgv(i.argv.map((a) => a.known ?? a.word.raw)),
      cwd: i.cwd,
      via: i.via,
      wrapper: i.wrapper,
      signature: effects[n]!.row ? 'known' : 'unknown program (default: positionals may be read)',
      effects: effects[n]!.effects.map((e) => redact(render(e, i.cwd))),
    }));
    return {
      text: escapeControl(`${JSON.stringify({ invocations, limit: analysis.limit, opaqueCode: analysis.opaqueCode, verdict: v }, null, 2)}\n`, 'json'),
      denied: v !== null,
    };
  }
  const lines: string[] = [`command: ${command}`, ''];
  lines.push('programs that would run:');
  analysis.invocations.forEach((inv, n) => {
    const via = inv.via.length > 0 ? `  via ${inv.via.join(' → ')}` : '';
    const role = inv.wrapper ? '  (wrapper)' : '';
    lines.push(`  ${n + 1}. ${inv.program || '(computed name)'}${role}${via}`);
    lines.push(`     argv: ${inv.argv.map(show).join(' ')}`);
    lines.push(`     cwd:  ${inv.cwd ?? '(unknown)'}`);
    const e = effects[n]!;
    const list = e.effects.map((x) => render(x, inv.cwd));
    lines.push(`     effects${e.row ? '' : ' (unknown program: positionals may be read)'}: ${list.length > 0 ? list.join(', ') : '(none)'}`);
  });
  if (analysis.invocations.length === 0) lines.push('  (none)');
  if (analysis.limit === 'code') lines.push(`  note: ${analysis.opaqueCode ?? 'interpreter code could not be judged'}, so the call is denied as unanalysable`);
  else if (analysis.limit) lines.push(`  note: the analysis hit a limit (${analysis.limit}); the rest was not examined, so the call is denied as unanalysable`);
  lines.push('');
  lines.push(
    ...(v
      ? [`decision: ${v.decision} by ${v.guardId}`, `  ${reasonText(v)}`]
      : ["decision: no opinion (the call proceeds to Claude Code's own permission rules)"]),
  );
  // The command and everything quoting it are the user's (or agent's) text: escaped line by line.
  return { text: `${lines.map((l) => escapeControl(redact(l))).join('\n')}\n`, denied: v !== null };
}

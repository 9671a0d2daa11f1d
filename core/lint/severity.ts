// The severity model, for every rule (docs/rules/README.md says the same):
//
//   error    following the file leads to damage or a leaked secret: an instruction, a !`cmd` line
//            or a hook command that the guard set denies (rm -rf ~/, cat .env, curl … | sh, a
//            force push to main), or configuration Claude Code rejects or skips entirely;
//   warning  configuration that silently does not do what it says (a rule that never matches, a
//            renamed tool, an allowlist that drops MCP tools), or a command the guard set only
//            stops for process reasons (a hand-edited lockfile, a test skipped, kubectl without
//            --context, a guard set to "ask");
//   info     hints (Agent Guard is not installed here).

import type { Verdict } from '../guards/dispatch';
import type { Severity } from './types';

/**
 * Guards whose denial is about process, not about damage or a secret: following the instruction
 * wastes work or risks the wrong target, but destroys or leaks nothing by itself.
 */
const PROCESS_GUARDS = new Set(['lockfile-hand-edit', 'test-skip', 'committed-migration', 'kubectl-context', 'unanalysable']);

/** The severity of a command in an agent file that the guard set stops. */
export function commandSeverity(v: Verdict): Severity {
  return v.decision === 'deny' && !PROCESS_GUARDS.has(v.guardId) ? 'error' : 'warning';
}

/** The model, as the rules index prints it. */
export const SEVERITY_MODEL = [
  '## Severities',
  '',
  '- **error**: following the file leads to damage or a leaked secret (an instruction, `` !`cmd` `` line or hook command the guard set denies: `rm -rf ~/`, `cat .env`, `curl … | sh`, a force push to `main`), or Claude Code rejects or skips the file or entry entirely.',
  '- **warning**: configuration that silently does not do what it says (a permission rule that never matches, a renamed tool, an allowlist that drops MCP tools), or a command the guard set stops for process reasons only (a hand-edited lockfile, a skipped test, a committed migration, `kubectl` without `--context`, a guard configured to `ask`).',
  '- **info**: hints, such as Agent Guard not being installed in the project.',
  '',
  'A rule reports at its own severity unless its page says otherwise; AG-CMD-001, AG-CMD-002 and AG-SET-007 report each command at the severity of what the guard set found (error, or warning for the process guards).',
].join('\n');

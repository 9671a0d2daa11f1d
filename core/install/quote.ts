// Paths in the commands the installer writes. A user-scope path is absolute and comes from HOME
// (or CLAUDE_CONFIG_DIR), which may hold `$`, `"`, backticks, spaces or any unicode: quoted so
// that the shell reads it as one literal word, never as code.

import { UNSET_BEFORE_NODE } from '../hook-env';

/** A word POSIX sh reads literally: kept in double quotes when nothing in it is special there, else single-quoted. */
export function shQuote(s: string): string {
  if (!/[$`"\\\n]/.test(s)) return `"${s}"`; // the form earlier versions wrote: their entries stay current
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A PowerShell string literal: single quotes take nothing but '' (and the typographic quotes PowerShell also accepts) as special. */
export function psQuote(s: string): string {
  return `'${s.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

/**
 * The PowerShell form of the hook command, for hosts that run one (VS Code's agent on Windows, the
 * Copilot CLI): the same hardening as the sh form (installer.ts `hookCommandFor`): node's startup
 * variables removed first, and a missing file or a node that cannot run is exit 2 with the reason
 * (a block), never a non-blocking error.
 */
export function powershellHookCommand(path: string, fix = 'agent-guard sync'): string {
  const vars = UNSET_BEFORE_NODE.map((v) => `'${v}'`).join(',');
  return (
    `foreach ($v in ${vars}) { Remove-Item "Env:$v" -ErrorAction SilentlyContinue }; $f = ${psQuote(path)}; ` +
    'if (Test-Path -LiteralPath $f) { & node $f; $r = $LASTEXITCODE; if ($r -eq 0 -or $r -eq 2) { exit $r }; ' +
    '[Console]::Error.WriteLine("agent-guard: node could not run the hook (exit $r), so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status"); exit 2 } ' +
    `else { [Console]::Error.WriteLine("agent-guard: hook file $f not found, so Agent Guard checks nothing and blocks every call; to fix it, run: ${fix}"); exit 2 }`
  );
}

// Paths in the commands the installer writes. A user-scope path is absolute and comes from HOME
// (or CLAUDE_CONFIG_DIR), which may hold `$`, `"`, backticks, spaces or any unicode: quoted so
// that the shell reads it as one literal word, never as code.

/** A word POSIX sh reads literally: kept in double quotes when nothing in it is special there, else single-quoted. */
export function shQuote(s: string): string {
  if (!/[$`"\\\n]/.test(s)) return `"${s}"`; // the form earlier versions wrote: their entries stay current
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A PowerShell string literal: single quotes take nothing but '' (and the typographic quotes PowerShell also accepts) as special. */
export function psQuote(s: string): string {
  return `'${s.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

/** The PowerShell form of the hook command, for hosts that run one (a missing file is said so, not failed open). */
export function powershellHookCommand(path: string): string {
  const p = psQuote(path);
  return `if (Test-Path -LiteralPath ${p}) { & node ${p}; exit $LASTEXITCODE } else { [Console]::Error.WriteLine('agent-guard: hook file not found; run: agent-guard sync'); exit 1 }`;
}

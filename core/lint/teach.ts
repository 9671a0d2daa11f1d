// "Teach the agent": a blocked call becomes one line of CLAUDE.md saying what not to run and what
// to run instead, so the next session does not try it again. The line is written the way the
// linter reads a prohibition (instructions.ts: "Do not run `…`" is a counter-example, the
// alternative after "; run" an instruction), so it is itself clean. Pure.

export interface Blocked {
  /** The command the agent tried. */
  target: string;
  guard: string;
  instead?: string;
}

const code = (s: string) => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);

/** The line, or null when the call cannot be put on one (a multi-line or very long command). */
export function teachingLine(call: Blocked, guardTitle: string): string | null {
  const ok = (s: string) => s.trim() !== '' && !/[\r\n]/.test(s) && s.length <= 300 && !s.includes('``');
  if (!ok(call.target)) return null;
  let why = guardTitle.trimEnd();
  while (why.endsWith('.')) why = why.slice(0, -1).trimEnd();
  if (call.instead && ok(call.instead)) return `- Do not run ${code(call.target)} (${why}); run ${code(call.instead)} instead.`;
  return `- Do not run ${code(call.target)} (${why}).`;
}

/**
 * CLAUDE.md with the line added at the end (a new file holds just it), or null when the line is
 * already there. A line right after other such lines joins their list; otherwise a blank line
 * comes first.
 */
export function withTeaching(existing: string | null, line: string): string | null {
  if (existing === null || existing.trim() === '') return `${line}\n`;
  if (existing.split(/\r?\n/).includes(line)) return null;
  const nl = existing.includes('\r\n') ? '\r\n' : '\n';
  const body = existing.endsWith('\n') ? existing : `${existing}${nl}`;
  const last = body.trimEnd().split(/\r?\n/).at(-1) ?? '';
  return `${body}${last.startsWith('- Do not run ') ? '' : nl}${line}${nl}`;
}

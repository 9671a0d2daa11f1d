// dist/hook.cjs: the Claude Code PreToolUse hook. One self-contained file; reads one payload on
// stdin, prints a deny JSON or nothing, always exits 0.

import { emit, readStdin, runHook } from './run-hook';

readStdin()
  .then(({ text, tooLarge }) => {
    if (tooLarge) emit({ stdout: '', stderr: ['agent-guard: input larger than 16 MiB; no opinion'], exitCode: 0 });
    else emit(runHook(text));
  })
  .catch((err: unknown) => {
    // Last line of defence: never a stack trace, never a non-zero exit that reads as a hook error.
    emit({ stdout: '', stderr: [`agent-guard: internal error (${err instanceof Error ? err.message : String(err)}); no opinion`], exitCode: 0 });
  });

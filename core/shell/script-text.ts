// The text a shell is fed when the line computes it: a filter chain's output (pipedText), or a
// script that exists only when the command runs (computedScript, unanalysable unless it is a known
// program's setup code).

import { filterOutput } from './filters';

import { printsSetupCode } from './substitutions';
import { MAX_COMMAND_LENGTH, markIncomplete, type Walk } from './walk-state';
import { literalText } from './words';
import type { Invocation, Value } from './model';

/** `"$(ssh-agent -s)"`, `$(pyenv init -)`: one substitution of a program that prints its own setup code. */
function isSetupCode(v: Value): boolean {
  const parts = v.word.parts;
  const sub = parts.length === 1 ? parts[0]! : null;
  if (sub?.type !== 'cmdsub' || sub.script.items.length !== 1) return false;
  const cmds = sub.script.items[0]!.pipeline.commands;
  const cmd = cmds.length === 1 ? cmds[0]! : null;
  if (cmd?.type !== 'simple' || cmd.assigns.length > 0) return false;
  const argv = cmd.words.map(literalText);
  return argv.every((a) => a !== null) && printsSetupCode(argv as string[]);
}

/**
 * A script whose text exists only when the command runs (eval "$X", sh -c "$(cat f)"): nothing of
 * it can be seen, so the whole command is unanalysable, unless every computed part is a known
 * program's setup code (eval "$(ssh-agent -s)"). Guards with a more specific reason (curl … | sh)
 * still answer first.
 */
export function computedScript(inv: Invocation, parts: Value[], w: Walk): void {
  inv.dynamicScript = true;
  if (!parts.every((a) => a.known !== null || isSetupCode(a))) markIncomplete(w.out, 'computed');
}

/**
 * What a producer prints into the pipe, when the line fixes it: echo, printf, cat passing its input
 * on, and the decoders and filters of filters.ts (`… | base64 -d`, `rev`, `tr a-z n-za-m`), each
 * computed from its own input. The texts a line computes this way are bounded together
 * (MAX_FILTERED), so a long chain of filters stays linear; past that the text is unknown.
 */
export function pipedText(from: Invocation | null, w: Walk): string | null {
  if (!from) return null;
  const room = Math.min(MAX_COMMAND_LENGTH, MAX_FILTERED - w.filtered.count);
  if (room <= 0) return null;
  const out = filterOutput(
    from.program,
    from.args.map((a) => a.known),
    from.stdinText,
    room,
  );
  if (out !== null) w.filtered.count += out.length;
  return out;
}

/** Characters of piped text the filters may compute for one line. */
const MAX_FILTERED = 1024 * 1024;

// Copy this file to guards/<your-guard-id>.ts (no leading underscore) and change five things:
// id, title, prevents, tools, check. The build discovers it; `npm test` runs its examples through
// the whole guard set: every `blocked` example must be denied by this guard, every `allowed` one
// must pass every guard, and every `instead` you suggest must itself pass. At least 3 of each.
//
// `prevents` decides whether the guard belongs here: finish the sentence "the last time this
// happened, what broke was…". A style preference belongs in the project's CLAUDE.md instead.

import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { runs } from '../core/guards/helpers';

export default defineGuard({
  id: 'your-guard-id',
  title: 'One line: what the guard stops',
  prevents: 'The concrete damage that happens when nobody watches.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const inv of runs(ctx.shell())) {
      if (inv.program === 'something-dangerous') {
        return { reason: 'What is wrong, and why it matters.', instead: 'the-safe-command --with-flags' };
      }
    }
    return null; // no opinion
  },
  examples: {
    // At least 3 of each (the test requires it): the plain case, and the spellings that reach it in other ways.
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'something-dangerous --now' } },
      { tool_name: 'Bash', tool_input: { command: 'cd src && something-dangerous' }, note: 'after a cd' },
      { tool_name: 'Bash', tool_input: { command: 'bash -c "something-dangerous"' }, note: 'through a shell' },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'the-safe-command --with-flags' } },
      { tool_name: 'Bash', tool_input: { command: 'echo something-dangerous' }, note: 'only a word, not run' },
      { tool_name: 'Bash', tool_input: { command: 'grep -r something-dangerous docs/' }, note: 'searching for it' },
    ],
  },
});

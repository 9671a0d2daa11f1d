// The floor under exceptions and consent: for the catastrophic class, a person at a terminal types
// the exact text again (the command to allow, or the guard's id to switch off). A click, a pipe or a
// script cannot do it; callers check that stdin is a terminal first.

import { createInterface } from 'node:readline';

/** Asks on `output`, reads one line from `input`: true when it is `expected` (blanks around it aside). */
export function typedBack(
  expected: string,
  prompt: string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const rl = createInterface({ input, output, terminal: false });
    let answered = false;
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      resolvePromise(answer.trim() === expected.trim());
    });
    rl.on('close', () => {
      if (!answered) resolvePromise(false);
    });
  });
}

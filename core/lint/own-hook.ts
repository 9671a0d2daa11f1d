// Agent Guard's own installed hook file, as lint's guard verdicts read it. The installers write the
// hook as one 650 KB bundle with a stamp in its first line (`// agent-guard <version> sha256:<digest
// of the rest>`, core/install/installer.ts stampHook). A settings file's hook command runs it, and
// the guards judge that command by reading the script it runs: at 650 KB it is past what they
// analyse (256 KiB), so every installed project got "cannot check the script … split it" (issue
// #29, #30 item 1), and `agent-guard install && agent-guard lint --max-warnings 0` failed.
//
// A file whose stamp verifies (the digest of its content is the one in its first line) is the
// bundle we built and shipped: what it does is known (it reads the tool call on stdin and answers
// on stdout). Lint's verdicts read it as a one-line stand-in saying so. A file that only looks like
// it (the name, the stamp line, an edited body) is read as it is, and judged as any other script.

import { readRegularText } from '../read-file';

const STAMP = /^\/\/ agent-guard \S+ sha256:([0-9a-f]{64})\r?\n/;
/** The installed bundle is ~650 KB; read whole up to this to verify it. */
const MAX_HOOK = 8 * 1024 * 1024;

/** What the guards read instead of a verified hook file: JavaScript that does nothing they judge. */
export const OWN_HOOK_STAND_IN = "// Agent Guard's own hook, verified by its sha256 stamp: it reads the tool call on stdin and answers on stdout.\n";

type Digest = (text: string) => string;
let sha256: Digest | undefined;
/** node:crypto, loaded only when a file with a stamp is read (a lint without hook commands never pays for it). */
function digestOf(text: string): string {
  sha256 ??= (t) => (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(t, 'utf8').digest('hex');
  return sha256(text);
}

/** Whether a file's whole text is an Agent Guard hook whose stamp verifies. */
export function isOwnHook(text: string): boolean {
  const m = STAMP.exec(text);
  return m !== null && digestOf(text.slice(m[0].length)) === m[1];
}

/**
 * The guards' file reader for lint: a verified Agent Guard hook reads as OWN_HOOK_STAND_IN; every
 * other file as on disk (the first `maxBytes`, as the guard context reads it). A run judges one
 * hook command once (verdicts are kept by command text), so the digest is computed about once.
 */
export function readOwnHookAware(path: string, maxBytes: number): string | null {
  const head = readRegularText(path, maxBytes);
  if (head === null || !head.startsWith('// agent-guard ') || !STAMP.test(head)) return head;
  const whole = readRegularText(path, MAX_HOOK, true);
  return whole !== null && isOwnHook(whole) ? OWN_HOOK_STAND_IN : head;
}

/**
 * readOwnHookAware with each answer kept for one lint run (the files do not change while it runs,
 * as for the run's other shared answers): a thousand agent files whose commands all make the guards
 * look for the same package.json or Makefile open it once. Bounded.
 */
export function runReader(): (path: string, maxBytes: number) => string | null {
  const kept = new Map<string, string | null>();
  return (path, maxBytes) => {
    const key = `${maxBytes}\0${path}`;
    if (kept.has(key)) return kept.get(key)!;
    const text = readOwnHookAware(path, maxBytes);
    if (kept.size < 10_000) kept.set(key, text);
    return text;
  };
}

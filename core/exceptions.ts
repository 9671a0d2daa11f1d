// Standing permissions ("exceptions"): a person who has looked at a blocked command lets that guard
// pass that command in this workspace, maybe only for this session, an hour or a branch. Written by
// `agent-guard allow` and the extension's "Allow this here" to the person's own
// `.claude/agent-guard/local.json` (or, asked for, the team's `.claude/agent-guard.json`); the hook
// honours them (core/guards/exception-match.ts) once consented (core/consent.ts: the writer records
// the consent as it writes). The agent cannot add them (guard-tamper denies the file edit and running
// `agent-guard allow`). Comments and formatting of the file are kept.

import { applyEdits, modify, parse as parseLoose, type ParseError } from 'jsonc-parser';
import type { GuardException } from './config';
import { sameCommand } from './shell/canonical';

export interface AddResult {
  ok: boolean;
  text?: string;
  /** false when the same exception was already there. */
  added?: boolean;
  error?: string;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * The config file's text with one more exception (a new file when `text` is null). Exceptions whose
 * time ran out (`until` before `now`) are removed on the way: they let nothing through any more.
 */
export function addException(text: string | null, ex: GuardException, now = Date.now(), file = '.claude/agent-guard.json'): AddResult {
  if (!ex.command.trim()) return { ok: false, error: 'the command is empty' };
  if (/[\r\n]/.test(ex.command)) return { ok: false, error: 'the command spans several lines; allow each line on its own' };
  let source = text ?? '{}\n';
  const errors: ParseError[] = [];
  const value = parseLoose(source, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: `${file} is not a JSON object; fix it first` };
  const list = (value as { exceptions?: unknown }).exceptions;
  if (list !== undefined && !Array.isArray(list)) return { ok: false, error: `"exceptions" in ${file} is not an array; fix it first` };
  const entries = (list ?? []) as Partial<GuardException>[];
  // Expired ones go, last first so the indexes stay right.
  for (let i = entries.length - 1; i >= 0; i--) {
    const until = entries[i]?.until;
    if (typeof until === 'string' && Date.parse(until) <= now) source = applyEdits(source, modify(source, ['exceptions', i], undefined, FORMAT));
  }
  const kept = entries.filter((x) => !(typeof x?.until === 'string' && Date.parse(x.until) <= now));
  const same = (x: Partial<GuardException>) =>
    x?.guard === ex.guard &&
    typeof x.command === 'string' &&
    sameCommand(x.command, ex.command) &&
    x.session === ex.session &&
    x.until === ex.until &&
    x.branch === ex.branch;
  if (kept.some(same)) return { ok: true, text: source, added: false };
  const entry = {
    guard: ex.guard,
    command: ex.command,
    ...(ex.added ? { added: ex.added } : {}),
    ...(ex.session ? { session: ex.session } : {}),
    ...(ex.until ? { until: ex.until } : {}),
    ...(ex.branch ? { branch: ex.branch } : {}),
  };
  const out = applyEdits(source, modify(source, ['exceptions', kept.length], entry, { ...FORMAT, isArrayInsertion: true }));
  return { ok: true, text: out.endsWith('\n') ? out : `${out}\n`, added: true };
}

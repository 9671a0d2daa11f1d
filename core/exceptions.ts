// Standing permissions (.claude/agent-guard.json "exceptions"): a person who has looked at a
// blocked command lets that guard pass that exact command in this workspace. Written by
// `agent-guard allow` and the extension's "Allow this here"; the hook honours them
// (core/guards/dispatch.ts); the agent cannot add them (guard-tamper denies both the file edit
// and running `agent-guard allow`). Comments and formatting of the file are kept.

import { applyEdits, modify, parse as parseLoose, type ParseError } from 'jsonc-parser';
import type { GuardException } from './config';

export interface AddResult {
  ok: boolean;
  text?: string;
  /** false when the same exception was already there. */
  added?: boolean;
  error?: string;
}

/** The config file's text with one more exception (a new file when `text` is null). */
export function addException(text: string | null, ex: GuardException): AddResult {
  if (!ex.command.trim()) return { ok: false, error: 'the command is empty' };
  if (/[\r\n]/.test(ex.command)) return { ok: false, error: 'the command spans several lines; allow each line on its own' };
  const source = text ?? '{}\n';
  const errors: ParseError[] = [];
  const value = parseLoose(source, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: '.claude/agent-guard.json is not a JSON object; fix it first' };
  const list = (value as { exceptions?: unknown }).exceptions;
  if (list !== undefined && !Array.isArray(list)) return { ok: false, error: '"exceptions" in .claude/agent-guard.json is not an array; fix it first' };
  if ((list ?? []).some((x) => (x as GuardException)?.guard === ex.guard && (x as GuardException)?.command === ex.command))
    return { ok: true, text: source, added: false };
  const entry = { guard: ex.guard, command: ex.command, ...(ex.added ? { added: ex.added } : {}) };
  const edits = modify(source, ['exceptions', list ? list.length : 0], entry, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
    isArrayInsertion: true,
  });
  const out = applyEdits(source, edits);
  return { ok: true, text: out.endsWith('\n') ? out : `${out}\n`, added: true };
}

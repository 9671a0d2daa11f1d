// What a lint rule example states about its diagnostics (RuleExample.expect), checked exactly:
// line, severity, message, and the file text after the fix.

import guards from 'agent-guard:guards';
import { applyEdits, type GuardSetup } from '../../core/lint/engine';
import { CONFIG_FILE, DEFAULT_CONFIG } from '../../core/config';
import { configFromText } from '../../core/guards/load-config';
import type { Diagnostic, LintRule, RuleExample } from '../../core/lint/types';

export interface Observed {
  line: number;
  severity: string;
  message: string;
  fixed?: string | null;
}

/** The rule's diagnostics on the example in the shape of its `expect` (fields it omits are omitted). */
export function observed(rule: LintRule, example: RuleExample, diags: Diagnostic[]): { actual: Observed[]; expected: Observed[] } {
  const expect = example.expect ?? [];
  const sorted = [...diags].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  const actual = sorted.map((d, i): Observed => {
    const o: Observed = { line: d.range.start.line + 1, severity: d.severity, message: d.message };
    if (expect[i]?.fixed !== undefined) o.fixed = d.fix ? applyEdits(example.text, d.fix.edits) : null; // opt-in fixes too: the example states what the fix writes
    return o;
  });
  const expected = expect.map((e): Observed => {
    const o: Observed = { line: e.line, severity: e.severity ?? rule.severity, message: e.message };
    if (e.fixed !== undefined) o.fixed = e.fixed;
    return o;
  });
  return { actual, expected };
}

/**
 * What an example's commands are judged with, as `agent-guard lint` would: the built-in guards and
 * the example's own `.claude/agent-guard.json` (in `files`), read by the hook's loader.
 */
export function exampleSetup(files: Record<string, string> | undefined): GuardSetup {
  const text = files?.[CONFIG_FILE];
  return { guards, config: text === undefined ? DEFAULT_CONFIG : configFromText(text).config };
}

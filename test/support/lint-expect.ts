// What a lint rule example states about its diagnostics (RuleExample.expect), checked exactly:
// line, severity, message, and the file text after the fix.

import guards from 'agent-guard:guards';
import { applyEdits, type GuardSetup } from '../../core/lint/engine';
import { CONFIG_FILE, DEFAULT_CONFIG } from '../../core/config';
import { layerFromText } from '../../core/guards/load-config';
import { LOCAL_CONFIG_FILE, withConsent, type Layer } from '../../core/consent';
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
 * the example's own `.claude/agent-guard.json` and `.claude/agent-guard/local.json` (in `files`),
 * read by the hook's loader. A configuration file beside the example is the person's own, consented
 * to; when the example is itself a configuration file (`subject`), it is linted as it arrives:
 * nothing in it consented.
 */
export function exampleSetup(files: Record<string, string> | undefined, subject?: string): GuardSetup {
  const layers: Layer[] = [];
  for (const [source, rel] of [
    ['team', CONFIG_FILE],
    ['local', LOCAL_CONFIG_FILE],
  ] as const) {
    const text = files?.[rel];
    const layer = text === undefined ? null : layerFromText(text, rel).layer;
    if (layer) layers.push({ source, layer });
  }
  const subjectSource = subject === CONFIG_FILE ? 'team' : subject === LOCAL_CONFIG_FILE ? 'local' : null;
  return { guards, config: withConsent(DEFAULT_CONFIG, layers, (item) => item.source !== subjectSource).config };
}

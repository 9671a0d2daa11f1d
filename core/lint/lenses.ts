// Code lenses: what a file asks of the agent, summed up where it starts. In CLAUDE.md, rules,
// agents and skills, the instructions the guard set would block, with one previewed edit that
// replaces each with its alternative; on a broad allow rule in settings, one edit that puts the
// project's own scripts in its place; in agents and skills, the way to see what Claude Code reads.
// Pure: computed from the file's diagnostics; the language server makes them LSP code lenses.

import { findNodeAtOffset, parseTree } from 'jsonc-parser';
import { LineIndex, nonOverlappingEdits } from './engine';
import { narrowerRules } from './narrow';
import type { Diagnostic, FileKind, TextEdit } from './types';

export type LensAction =
  /** Apply these edits as one change, previewed first. */
  | { kind: 'apply'; label: string; edits: TextEdit[] }
  /** Show the file's problems. */
  | { kind: 'problems' }
  /** Show how Claude Code reads the frontmatter. */
  | { kind: 'frontmatter' };

export interface Lens {
  line: number;
  title: string;
  action: LensAction;
}

/** The rules whose findings are commands the guard set would block. */
const BLOCKED_COMMANDS = new Set(['AG-CMD-001', 'AG-CMD-002']);

export function lensesFor(kind: FileKind, text: string, diagnostics: readonly Diagnostic[], scripts: readonly string[] = []): Lens[] {
  if (kind === 'settings') return settingsLenses(text, diagnostics, scripts);
  if (kind === 'workflow' || kind === 'guard-config') return [];
  const out: Lens[] = [];
  const blocked = diagnostics.filter((d) => BLOCKED_COMMANDS.has(d.code) && d.severity !== 'info');
  if (blocked.length > 0) {
    const n = blocked.length;
    out.push({ line: 0, title: `${n} instruction${n === 1 ? '' : 's'} the guard would block`, action: { kind: 'problems' } });
    const edits = nonOverlappingEdits(blocked.flatMap((d) => (d.fix && !d.fix.optIn ? d.fix.edits : [])));
    const fixable = blocked.filter((d) => d.fix && !d.fix.optIn).length;
    if (fixable > 0)
      out.push({
        line: 0,
        title: fixable === n ? 'Fix all' : `Fix ${fixable} of them`,
        action: { kind: 'apply', label: "Replace the instructions the guard would block with the guard's alternatives", edits },
      });
  }
  if (kind === 'agent' || kind === 'skill' || kind === 'command') out.push({ line: 0, title: 'What Claude Code reads', action: { kind: 'frontmatter' } });
  return out;
}

/** A broad allow rule (`Bash(*)`, `Bash(npx *)`): replace it with the project's scripts and read-only git. */
function settingsLenses(text: string, diagnostics: readonly Diagnostic[], scripts: readonly string[]): Lens[] {
  const tree = parseTree(text);
  if (!tree) return [];
  const lines = new LineIndex(text);
  const out: Lens[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'AG-SET-004') continue;
    const node = findNodeAtOffset(tree, lines.offset(d.range.start.line, d.range.start.character));
    if (node?.type !== 'string' || node.parent?.type !== 'array') continue;
    const rule = String(node.value);
    const present = new Set((node.parent.children ?? []).map((c) => c.value));
    const narrower = narrowerRules(rule, scripts).filter((r) => !present.has(r));
    out.push({ line: d.range.start.line, title: `${rule} lets the agent run anything`, action: { kind: 'problems' } });
    if (narrower.length === 0) continue;
    out.push({
      line: d.range.start.line,
      title: scripts.length > 0 ? "Replace with this project's scripts" : 'Replace with narrower rules',
      action: {
        kind: 'apply',
        label: `Allow ${narrower.join(', ')} instead of ${rule}`,
        edits: [{ range: lines.range(node.offset, node.offset + node.length), newText: narrower.map((r) => JSON.stringify(r)).join(', ') }],
      },
    });
  }
  return out;
}

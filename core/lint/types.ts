// The lint core's contract. A rule is one file in core/lint/rules/ that default-exports
// `defineRule({...})`; the build discovers it. Rules know nothing of LSP or VS Code.

import type { Program } from 'acorn';
import type { Node as JsonNode } from 'jsonc-parser';
import type { Document } from 'yaml';
import type { Verdict } from '../guards/dispatch';
import type { Loosening } from '../config';

/**
 * What a file is to the agent that reads it. Claude Code's own layout, plus other hosts' files:
 * 'instructions' (GEMINI.md, Cursor rules, Copilot instructions, prompt and custom-agent files) are
 * read like CLAUDE.md; 'host-hooks' are another host's hook configuration (Codex, Cursor, Gemini
 * CLI, Copilot / VS Code: core/lint/hosts.ts). `guard-config`: Agent Guard's own configuration
 * (.claude/agent-guard.json, .claude/agent-guard/local.json).
 */
export type FileKind = 'claude-md' | 'rules-md' | 'agent' | 'skill' | 'command' | 'settings' | 'workflow' | 'instructions' | 'host-hooks' | 'guard-config';
export type Severity = 'error' | 'warning' | 'info';

/** 0-based, like LSP. */
export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}
export interface TextEdit {
  range: Range;
  newText: string;
}
export interface Fix {
  title: string;
  edits: TextEdit[];
  /**
   * The fix changes what the file grants (not only how it says it): offered in the editor, after
   * the other fixes, never applied by --fix or "Fix all".
   */
  optIn?: boolean;
}

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  fix?: Fix;
}

export interface LintFile {
  /** Absolute, forward slashes. */
  path: string;
  /** Relative to the workspace root. */
  rel: string;
  kind: FileKind;
  text: string;
}

/** A read-only view of the workspace, for cross-file checks. */
export interface WorkspaceView {
  root: string;
  home: string;
  exists(absPath: string): boolean;
  read(absPath: string): string | null;
  list(absDir: string): string[];
  /**
   * A fact derived from many files (core/lint/facts.ts), computed once per view: a rule that needs
   * every agent name of a folder asks for it here, not by reading the folder for each file it lints
   * (that made a lint of n agent files read n² files).
   */
  fact<T>(fact: WorkspaceFact<T>, arg: string): T;
}

/**
 * Something known from many workspace files: every agent name in a folder, the subagents a folder of
 * workflows calls with a schema. One file of the facts module each; a kept lint result (the CLI's
 * memo) depends on the fact's value, asked again, instead of on every file the fact read.
 */
export interface WorkspaceFact<T> {
  /** Stable id: kept results name the facts they used by it. */
  id: string;
  /** The fact, read through the view only (it may ask the view for other facts); a JSON value. */
  compute(view: WorkspaceView, arg: string): T;
}

export interface Frontmatter {
  /** The parsed YAML (null when it does not parse). */
  doc: Document | null;
  data: Record<string, unknown> | null;
  /** Offset of the first YAML character in the file. */
  offset: number;
  /** End offset of the closing --- line. */
  end: number;
  error: { message: string; offset: number } | null;
  /** The block uses CRLF line endings (read by Claude Code 2.1.332, not by 2.1.197). */
  crlf: boolean;
  /** File offsets of values that strict YAML rejects and Claude Code reads as plain strings. */
  lenient: number[];
  /** Unindented lines that continue a value: Claude Code 2.1.332 rejects the frontmatter (2.1.197 dropped them). */
  dropped: { start: number; end: number }[];
}

export interface CodeSpan {
  value: string;
  /** Offsets of the code text itself in the file. */
  start: number;
  end: number;
  lang: string | null;
  /** Inline code (`…`) rather than a fenced block. */
  inline: boolean;
  /** The !`cmd` form of skills and commands: run before the prompt is sent. */
  bang: boolean;
}

export interface RuleContext {
  file: LintFile;
  workspace: WorkspaceView;
  report(d: {
    start: number;
    end: number;
    message: string;
    fix?: { title: string; edits: { start: number; end: number; newText: string }[]; optIn?: boolean };
    severity?: Severity;
  }): void;
  frontmatter(): Frontmatter | null;
  /** Markdown code (blocks and inline), outside the frontmatter. */
  code(): CodeSpan[];
  /** Markdown text outside code, with offsets. */
  prose(): { value: string; start: number }[];
  json(): { tree: JsonNode | undefined; value: unknown; error: { message: string; offset: number } | null };
  js(): { program: Program | null; error: { message: string; offset: number } | null };
  /**
   * The guard set's verdict on a shell command, as if the agent ran it in the workspace: with the
   * Bash tool, or with the PowerShell tool for a PowerShell command.
   */
  guardVerdict(command: string, shell?: 'bash' | 'powershell'): Verdict | null;
  /**
   * For Agent Guard's own configuration files: the entries of this file that loosen the guard and
   * wait for consent (core/consent.ts), and the base revision consent comes from (lint --base).
   */
  pendingConsent(): { items: readonly Loosening[]; base?: string };
  offsetAt(line: number, character: number): number;
}

export interface RuleExample {
  /** Relative to the workspace root; decides the file kind. */
  path: string;
  text: string;
  /** Other workspace files the example needs (cross-file rules). */
  files?: Record<string, string>;
  /**
   * For a problematic example: exactly the diagnostics of this rule it yields, in file order.
   * Without it the test only asks for at least one (and that each fix removes its diagnostic).
   */
  expect?: ExpectedDiagnostic[];
}

/** One diagnostic a rule example must yield, as the editor shows it. */
export interface ExpectedDiagnostic {
  /** 1-based, as editors number lines. */
  line: number;
  /** The rule's severity when omitted. */
  severity?: Severity;
  /** The whole message, exactly. */
  message: string;
  /** The whole file after applying this diagnostic's fix; null: it offers no fix. Unchecked when omitted. */
  fixed?: string | null;
}

export interface LintRule {
  /** Stable code, e.g. AG-SET-004. */
  code: string;
  /** kebab-case name. */
  name: string;
  severity: Severity;
  /** Severities some of its findings have instead (each named on the rule page). */
  otherSeverities?: readonly Severity[];
  title: string;
  /** Why it matters: what goes wrong. */
  rationale: string;
  appliesTo: readonly FileKind[];
  /**
   * false: an agent-guard-disable comment does not switch its findings off (they are about the file
   * that could be loosened: a comment in it must not hide that).
   */
  inlineDisable?: false;
  /**
   * What the rule says Claude Code loads, skips, ignores or renames is checked against the real
   * Claude Code (version LOADER_VERIFIED) by the loader suite, test/loader/ (`npm run test:loader`).
   * The suite checks that exactly the rules it tests say so.
   */
  loaderVerified?: true;
  check(ctx: RuleContext): void;
  examples: { problematic: RuleExample[]; correct: RuleExample[] };
}

export function defineRule(rule: LintRule): LintRule {
  return rule;
}

/** Where each rule's documentation page is published (generated from the rule metadata into docs/rules/). */
export const DOCS_BASE = 'https://github.com/agent-guard/agent-guard/blob/main/docs/rules/';

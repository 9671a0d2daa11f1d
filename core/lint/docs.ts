// Documentation pages generated from the rule metadata (docs/rules/<code>.md), in the ShellCheck
// style: what, why, problematic and correct examples. `npm run docs` writes them; a test keeps
// the committed pages equal to what the metadata says.

import type { LintRule } from './types';
import { SEVERITY_MODEL } from './severity';
import { LOADER_VERIFIED } from '../claude-code';

const LANG: Record<string, string> = { '.md': 'markdown', '.json': 'json', '.js': 'js' };

function fence(path: string, text: string): string {
  const lang = LANG[path.slice(path.lastIndexOf('.'))] ?? '';
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

/** The rule's severity, and the others some of its findings have ("error; some findings warning"). */
export function severities(rule: LintRule): string {
  const other = (rule.otherSeverities ?? []).filter((s) => s !== rule.severity);
  return other.length ? `${rule.severity} (some findings: ${other.join(', ')})` : rule.severity;
}

export function rulePage(rule: LintRule): string {
  const ex = (list: LintRule['examples']['problematic']) =>
    list
      .map(
        (e) =>
          `\`${e.path}\`${
            e.files
              ? ` (with ${Object.keys(e.files)
                  .map((f) => `\`${f}\``)
                  .join(', ')})`
              : ''
          }\n\n${fence(e.path, e.text)}`,
      )
      .join('\n\n');
  return [
    `# ${rule.code} ${rule.name}`,
    '',
    `**${rule.title}.** Severity: ${severities(rule)}. Applies to: ${rule.appliesTo.join(', ')}.`,
    '',
    '## Why',
    '',
    rule.rationale,
    '',
    ...(rule.loaderVerified
      ? [
          `What this page says Claude Code loads, skips, ignores or does is verified against the real Claude Code ${LOADER_VERIFIED} by the loader suite (\`npm run test:loader\`, test/loader/): each claim has a fixture that the rule reports and the real CLI treats as the message says, and, where the claim has one, a fixed form that the rule accepts and the CLI loads or honours.`,
          '',
        ]
      : []),
    '## Problematic',
    '',
    ex(rule.examples.problematic),
    '',
    '## Correct',
    '',
    ex(rule.examples.correct),
    '',
    '## Disabling',
    '',
    rule.inlineDisable === false
      ? 'Not with a comment: its findings are about the file that could be loosened, so an `agent-guard-disable` comment in it does not switch them off.'
      : `In Markdown: \`<!-- agent-guard-disable-next-line ${rule.code} -- why -->\` (or \`agent-guard-disable\` for the whole file); in frontmatter and scripts the same words after \`#\` or \`//\`. \`agent-guard lint --no-inline-config\` ignores them, for CI.`,
    '',
  ].join('\n');
}

export function rulesIndex(rules: readonly LintRule[]): string {
  const rows = [...rules].sort((a, b) => a.code.localeCompare(b.code)).map((r) => `| [${r.code}](${r.code}.md) | ${r.name} | ${severities(r)} | ${r.title} |`);
  return [
    '# Agent Guard lint rules',
    '',
    'Generated from the rule metadata by `npm run docs`.',
    '',
    SEVERITY_MODEL,
    '',
    '| code | name | severity | what |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

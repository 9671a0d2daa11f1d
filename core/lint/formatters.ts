// Output formats for `agent-guard lint`: stylish (people), json, sarif (code scanning), github (annotations).

import { rules, docsUrl } from './index';
import type { LintRun } from './index';

export type Format = 'stylish' | 'json' | 'sarif' | 'github';

export function format(run: LintRun, fmt: Format, version: string): string {
  switch (fmt) {
    case 'json': {
      // One finding per line: a JSON array that reads and greps line by line, and several times
      // faster to write than an indented one for a file with thousands of findings.
      // Written field by field (JSON.stringify of each string): the same text as stringifying the
      // object, a few times faster for thousands of findings in a cold process.
      const items: string[] = [];
      for (const f of run.files) {
        const file = JSON.stringify(f.rel);
        for (const d of f.diagnostics) {
          const r = d.range;
          items.push(
            `{"file":${file},"line":${r.start.line + 1},"column":${r.start.character + 1},"endLine":${r.end.line + 1},"endColumn":${r.end.character + 1},"severity":${JSON.stringify(d.severity)},"code":${JSON.stringify(d.code)},"message":${JSON.stringify(d.message)},"fixable":${!!d.fix && !d.fix.optIn}}`,
          );
        }
      }
      return items.length === 0 ? '[]\n' : `[\n${items.join(',\n')}\n]\n`;
    }
    case 'github':
      return run.files
        .flatMap((f) =>
          f.diagnostics.map(
            (d) =>
              `::${d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice'} file=${githubProperty(f.rel)},line=${d.range.start.line + 1},col=${d.range.start.character + 1},endLine=${d.range.end.line + 1},endColumn=${d.range.end.character + 1},title=${githubProperty(d.code)}::${githubData(d.message)}`,
          ),
        )
        .map((l) => `${l}\n`)
        .join('');
    case 'sarif':
      return `${JSON.stringify(sarif(run, version), null, 2)}\n`;
    default:
      return stylish(run);
  }
}

/**
 * GitHub's workflow-command format (@actions/core's toCommandValue escaping): the message after `::`
 * escapes `%`, CR and LF; a property value also `:` and `,`, which would otherwise end it (a file
 * named `a,title=x::y` set the annotation's title and message).
 */
function githubData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function githubProperty(s: string): string {
  return githubData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function stylish(run: LintRun): string {
  const out: string[] = [];
  const count = { error: 0, warning: 0, info: 0 };
  let fixable = 0;
  for (const f of run.files) {
    if (f.diagnostics.length === 0) continue;
    out.push(f.rel);
    for (const d of f.diagnostics) {
      count[d.severity]++;
      if (d.fix && !d.fix.optIn) fixable++;
      out.push(`  ${`${d.range.start.line + 1}:${d.range.start.character + 1}`.padEnd(8)} ${d.severity.padEnd(8)} ${d.message}  ${d.code}`);
    }
    out.push('');
  }
  const total = count.error + count.warning + count.info;
  const withProblems = run.files.filter((f) => f.diagnostics.length > 0).length;
  if (total === 0) return `${run.files.length} agent file${run.files.length === 1 ? '' : 's'} checked, no problems\n`;
  out.push(
    `✖ ${total} problem${total === 1 ? '' : 's'} (${count.error} error${count.error === 1 ? '' : 's'}, ${count.warning} warning${count.warning === 1 ? '' : 's'}, ${count.info} info) in ${withProblems} file${withProblems === 1 ? '' : 's'} of ${run.files.length} checked`,
  );
  if (fixable > 0) out.push(`  ${fixable} can be fixed with --fix`);
  return `${out.join('\n')}\n`;
}

function sarif(run: LintRun, version: string): Record<string, unknown> {
  const used = new Set(run.files.flatMap((f) => f.diagnostics.map((d) => d.code)));
  void used;
  const ruleList = [...rules];
  const index = new Map(ruleList.map((r, i) => [r.code, i]));
  const level = (s: string) => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-guard',
            version,
            informationUri: 'https://github.com/agent-guard/agent-guard',
            rules: ruleList.map((r) => ({
              id: r.code,
              name: r.name,
              shortDescription: { text: r.title },
              fullDescription: { text: r.rationale },
              helpUri: docsUrl(r.code),
              help: { text: `${r.rationale}\n\n${docsUrl(r.code)}` },
              defaultConfiguration: { level: level(r.severity) },
            })),
          },
        },
        results: run.files.flatMap((f) =>
          f.diagnostics.map((d) => ({
            ruleId: d.code,
            ruleIndex: index.get(d.code) ?? 0,
            level: level(d.severity),
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: f.rel, uriBaseId: '%SRCROOT%' },
                  region: {
                    startLine: d.range.start.line + 1,
                    startColumn: d.range.start.character + 1,
                    endLine: d.range.end.line + 1,
                    endColumn: d.range.end.character + 1,
                  },
                },
              },
            ],
            ...(d.fix
              ? {
                  fixes: [
                    {
                      description: { text: d.fix.title },
                      artifactChanges: [
                        {
                          artifactLocation: { uri: f.rel, uriBaseId: '%SRCROOT%' },
                          replacements: d.fix.edits.map((e) => ({
                            deletedRegion: {
                              startLine: e.range.start.line + 1,
                              startColumn: e.range.start.character + 1,
                              endLine: e.range.end.line + 1,
                              endColumn: e.range.end.character + 1,
                            },
                            insertedContent: { text: e.newText },
                          })),
                        },
                      ],
                    },
                  ],
                }
              : {}),
          })),
        ),
      },
    ],
  };
}

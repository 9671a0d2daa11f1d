import { defineRule } from '../types';
import { isMetaExport, type AnyNode } from '../js';

export default defineRule({
  code: 'AG-WF-001',
  name: 'workflow-illegal-export',
  severity: 'error',
  title: 'A workflow script may export only `meta`',
  rationale:
    'The workflow runtime accepts exactly one export, `export const meta = {…}`; everything else is top-level code. An exported helper (`export function …`) makes the script fail with a SyntaxError before anything runs.',
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    for (const s of program.body as AnyNode[]) {
      if (s.type === 'ExportNamedDeclaration' && isMetaExport(s)) continue;
      if (s.type === 'ExportNamedDeclaration' && s.declaration) {
        ctx.report({
          start: s.start,
          end: s.declaration.start,
          message: 'Illegal export: a workflow script exports only `meta`. Drop `export`; the declaration works as top-level code.',
          fix: { title: 'Drop export', edits: [{ start: s.start, end: s.declaration.start, newText: '' }] },
        });
      } else if (s.type === 'ExportDefaultDeclaration') {
        ctx.report({
          start: s.start,
          end: s.declaration.start,
          message: 'Illegal export: a workflow script exports only `meta`. Drop `export default`.',
          fix: { title: 'Drop export default', edits: [{ start: s.start, end: s.declaration.start, newText: '' }] },
        });
      } else if (s.type === 'ExportNamedDeclaration' || s.type === 'ExportAllDeclaration') {
        ctx.report({
          start: s.start,
          end: s.end,
          message: 'Illegal export: a workflow script exports only `meta`. Remove this export list.',
          fix: { title: 'Remove the export statement', edits: [{ start: s.start, end: s.end, newText: '' }] },
        });
      }
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/workflows/qa.js',
        text: "export const meta = { name: 'qa', description: 'QA' };\nexport function helper(x) { return x; }\nreturn helper(1);\n",
      },
      { path: '.claude/workflows/qa.js', text: "export const meta = { name: 'qa', description: 'QA' };\nexport default async function run() {}\n" },
      { path: '.claude/workflows/qa.js', text: "export const meta = { name: 'qa', description: 'QA' };\nconst a = 1;\nexport { a };\n" },
    ],
    correct: [
      {
        path: '.claude/workflows/qa.js',
        text: "export const meta = { name: 'qa', description: 'QA' };\nfunction helper(x) { return x; }\nreturn helper(1);\n",
      },
      {
        path: '.claude/workflows/qa.js',
        text: "export const meta = { name: 'qa', description: 'QA', phases: [{ title: 'Scan' }] };\nphase('Scan');\nconst r = await agent('List files');\nreturn r;\n",
      },
      { path: '.claude/workflows/qa.js', text: "export const meta = { name: 'qa', description: 'QA' };\nreturn [];\n" },
    ],
  },
});

import { defineRule } from '../types';
import { isMetaExport, isPureLiteral, propertyNamed, type AnyNode } from '../js';

export default defineRule({
  code: 'AG-WF-002',
  name: 'workflow-meta',
  severity: 'error',
  title: 'A workflow script must parse and begin with `export const meta = { name, description }` as a literal',
  rationale:
    'The runtime reads `meta` without running the script: it must be the first statement and a pure literal (no variables, calls or ${} in strings), with a name and a description. Otherwise the workflow is rejected, or listed under the wrong name.',
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program, error } = ctx.js();
    if (!program) {
      ctx.report({
        start: error!.offset,
        end: error!.offset + 1,
        message: `The script does not parse: ${error!.message}. Workflow scripts are plain JavaScript (no TypeScript); top-level await and return are fine.`,
      });
      return;
    }
    const body = program.body as AnyNode[];
    const metaIdx = body.findIndex(isMetaExport);
    if (metaIdx < 0) {
      ctx.report({
        start: 0,
        end: Math.min(ctx.file.text.length, ctx.file.text.indexOf('\n') < 0 ? ctx.file.text.length : ctx.file.text.indexOf('\n')),
        message: "Missing `export const meta = { name: '…', description: '…' }` as the first statement.",
      });
      return;
    }
    const stmt = body[metaIdx]!;
    if (metaIdx > 0) ctx.report({ start: stmt.start, end: stmt.end, message: '`export const meta` must be the first statement of the script.' });
    const init = stmt.declaration.declarations[0].init as AnyNode | null;
    if (init?.type !== 'ObjectExpression' || !isPureLiteral(init)) {
      ctx.report({
        start: (init ?? stmt).start,
        end: (init ?? stmt).end,
        message: 'meta must be a pure object literal: strings, numbers, arrays and objects only, no variables, calls or ${} expressions.',
      });
      return;
    }
    for (const key of ['name', 'description']) {
      const p = propertyNamed(init, key);
      const v = p?.value;
      if (
        !p ||
        !((v.type === 'Literal' && typeof v.value === 'string' && v.value.trim()) || (v.type === 'TemplateLiteral' && v.quasis[0].value.cooked.trim()))
      ) {
        ctx.report({ start: init.start, end: init.start + 1, message: `meta needs a non-empty string ${key}.` });
      }
    }
  },
  examples: {
    problematic: [
      { path: '.claude/workflows/a.js', text: "const r = await agent('x');\nreturn r;\n" },
      { path: '.claude/workflows/a.js', text: "const NAME = 'a';\nexport const meta = { name: NAME, description: 'A' };\n" },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a' };\nreturn 1;\n" },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' };\nconst x: number = 1;\n" },
    ],
    correct: [
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A', whenToUse: `When asked`, phases: [{ title: 'One', detail: 'first' }] };\nreturn await agent('x');\n",
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = {\n  name: 'audit-routes',\n  description: 'Audit every route handler',\n};\nconst found = await agent('List files', { schema: { type: 'object' } });\nreturn found;\n",
      },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' }\nif (!args) return null\nreturn args\n" },
    ],
  },
});

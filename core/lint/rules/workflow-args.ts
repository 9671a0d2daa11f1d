import { defineRule } from '../types';
import { LOADER_VERIFIED } from '../../claude-code';
import { PARSE_ARGS, readArgs } from '../workflow-args';

export default defineRule({
  code: 'AG-WF-004',
  name: 'workflow-args-unparsed',
  severity: 'warning',
  title: '`JSON.parse(args)`: `args` arrives as a value, not as a JSON string',
  rationale:
    `The workflow runtime hands the script \`args\` as a value: an object when the caller passes an object (what the Workflow tool's description tells the model to do), and, in Claude Code ${LOADER_VERIFIED}, already parsed when the caller passes a JSON string; only a string that is not JSON stays a string. A bare \`JSON.parse(args)\` therefore throws ("[object Object]" is not JSON) and the workflow fails. Use \`args\` as it is; to also serve older versions that passed strings through (2.1.197), accept both: ` +
    "`const A = typeof args === 'string' ? JSON.parse(args) : (args || {});` (the quick fix).",
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    const { robust, bareParses } = readArgs(program);
    if (robust) return;
    for (const p of bareParses) {
      ctx.report({
        start: p.start,
        end: p.end,
        message:
          'JSON.parse(args) throws: args arrives as an object (a JSON string from the caller is parsed already). Use args as it is, or accept both forms.',
        fix: {
          title: 'Accept args as an object or a JSON string',
          edits: [{ start: p.start, end: p.end, newText: "(typeof args === 'string' ? JSON.parse(args) : (args || {}))" }],
        },
      });
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst input = JSON.parse(args);\nreturn input.title;\n",
        expect: [
          {
            line: 2,
            message:
              'JSON.parse(args) throws: args arrives as an object (a JSON string from the caller is parsed already). Use args as it is, or accept both forms.',
            fixed:
              "export const meta = { name: 't', description: 'T' };\nconst input = (typeof args === 'string' ? JSON.parse(args) : (args || {}));\nreturn input.title;\n",
          },
        ],
      },
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nreturn await agent(`Translate ${JSON.parse(args).title}`);\n",
      },
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst { files } = JSON.parse(args);\nreturn files.length;\n",
      },
    ],
    correct: [
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst r = await agent(`Translate ${args.title}`);\nreturn r;\n",
      },
      {
        path: '.claude/workflows/t.js',
        text: `export const meta = { name: 't', description: 'T' };\n${PARSE_ARGS}\nconst r = await agent(\`Translate \${A.title}\`);\nreturn r;\n`,
      },
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst input = 'string' === typeof args ? JSON.parse(args) : args;\nreturn input.title;\n",
      },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst { title, content } = args;\nreturn title;\n" },
      {
        path: '.claude/workflows/sweep.js',
        text: "export const meta = { name: 'sweep', description: 'S' };\nif (!args || !Array.isArray(args.prs)) throw new Error('pass {prs: [<numbers>]} as args');\nreturn args.prs.length;\n",
      },
    ],
  },
});

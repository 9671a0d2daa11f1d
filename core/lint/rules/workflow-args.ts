import { defineRule } from '../types';
import { PARSE_ARGS, parseArgsInsertion, readArgs } from '../workflow-args';

export default defineRule({
  code: 'AG-WF-004',
  name: 'workflow-args-unparsed',
  severity: 'warning',
  title: '`args` is used as only an object or only a JSON string: it can arrive as either',
  rationale:
    "The workflow runtime passes `args` verbatim: an object when the caller passes an object (what the Workflow tool's description tells the model to do), a JSON string when it passes a string (what a caller that serialises its input does). `args.title` is undefined for a string, and the workflow quietly runs on nothing and reports a plausible result; a bare `JSON.parse(args)` throws on an object. Accept both: " +
    "`const A = typeof args === 'string' ? JSON.parse(args) : (args || {});` (the quick fix adds that line and uses it).",
  appliesTo: ['workflow'],
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    const { robust, validated, bareParses, uses } = readArgs(program);
    if (robust) return;
    for (const p of bareParses) {
      ctx.report({
        start: p.start,
        end: p.end,
        message: 'JSON.parse(args) throws when the caller passes args as an object (the usual way). Accept both forms.',
        fix: {
          title: 'Accept args as an object or a JSON string',
          edits: [{ start: p.start, end: p.end, newText: "(typeof args === 'string' ? JSON.parse(args) : (args || {}))" }],
        },
      });
    }
    if (bareParses.length > 0 || uses.length === 0 || validated) return;
    const { at, prefix } = parseArgsInsertion(program, ctx.file.text);
    const edits = [{ start: at, end: at, newText: `${prefix}${PARSE_ARGS}\n` }, ...uses.map((u) => ({ start: u.start, end: u.end, newText: 'A' }))];
    // One finding per script, at the first use: the fix rewrites every use at once.
    const first = uses.reduce((a, b) => (b.start < a.start ? b : a));
    ctx.report({
      start: first.start,
      end: first.end,
      message: '`args` is a JSON string when the caller passes one: then args.x is undefined. Accept both forms.',
      fix: { title: 'Read args as an object or a JSON string, once', edits },
    });
  },
  examples: {
    problematic: [
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst r = await agent(`Translate ${args.title}`);\nreturn r;\n",
      },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst { title, content } = args;\nreturn title;\n" },
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst t = args.title;\nreturn args.body + t;\n",
        expect: [
          {
            line: 2,
            message: '`args` is a JSON string when the caller passes one: then args.x is undefined. Accept both forms.',
            fixed:
              "export const meta = { name: 't', description: 'T' };\nconst A = typeof args === 'string' ? JSON.parse(args) : (args || {});\nconst t = A.title;\nreturn A.body + t;\n",
          },
        ],
      },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst input = JSON.parse(args);\nreturn input.title;\n" },
    ],
    correct: [
      {
        path: '.claude/workflows/t.js',
        text: `export const meta = { name: 't', description: 'T' };\n${"const A = typeof args === 'string' ? JSON.parse(args) : (args || {});"}\nconst r = await agent(\`Translate \${A.title}\`);\nreturn r;\n`,
      },
      {
        path: '.claude/workflows/t.js',
        text: "export const meta = { name: 't', description: 'T' };\nconst input = 'string' === typeof args ? JSON.parse(args) : args;\nreturn input.title;\n",
      },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nreturn await agent('no args here');\n" },
      {
        path: '.claude/workflows/sweep.js',
        text: "export const meta = { name: 'sweep', description: 'S' };\nif (!args || !Array.isArray(args.prs)) throw new Error('pass {prs: [<numbers>]} as args');\nreturn args.prs.length;\n",
      },
    ],
  },
});

import { defineRule } from '../types';
import { isIdent, isMember, isMetaExport, walk, type AnyNode } from '../js';

export const PARSE_ARGS = "const A = typeof args === 'string' ? JSON.parse(args) : (args || {});";

export default defineRule({
  code: 'AG-WF-004',
  name: 'workflow-args-unparsed',
  severity: 'warning',
  title: '`args` is used as an object, but it arrives as a JSON string',
  rationale: 'A workflow\'s `args` arrive as a JSON string, not an object, so `args.title` is undefined and the workflow quietly runs on nothing and reports a plausible result. Parse it first; the quick fix adds the line and uses it.',
  appliesTo: ['workflow'],
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    let parsed = false;
    const uses: AnyNode[] = [];
    walk(program, (n: AnyNode) => {
      if (n.type === 'CallExpression' && isMember(n.callee, 'JSON', 'parse') && isIdent(n.arguments[0], 'args')) parsed = true;
      else if (n.type === 'MemberExpression' && isIdent(n.object, 'args')) uses.push(n.object);
      else if (n.type === 'VariableDeclarator' && n.id.type === 'ObjectPattern' && isIdent(n.init, 'args')) uses.push(n.init);
    });
    if (parsed || uses.length === 0) return;
    const meta = (program.body as AnyNode[]).find(isMetaExport);
    const at = meta ? meta.end : 0;
    const nl = ctx.file.text.indexOf('\n', at);
    const insertAt = meta ? (nl < 0 ? ctx.file.text.length : nl + 1) : 0;
    const edits = [{ start: insertAt, end: insertAt, newText: `${nl < 0 && meta ? '\n' : ''}${PARSE_ARGS}\n` }, ...uses.map((u) => ({ start: u.start, end: u.end, newText: 'A' }))];
    for (const u of uses) {
      ctx.report({ start: u.start, end: u.end, message: '`args` arrives as a JSON string: args.x is undefined. Parse it first.', fix: { title: 'Parse args once and use the result', edits } });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst r = await agent(`Translate ${args.title}`);\nreturn r;\n" },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst { title, content } = args;\nreturn title;\n" },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nfor (const f of args['files']) log(f);\n" },
    ],
    correct: [
      { path: '.claude/workflows/t.js', text: `export const meta = { name: 't', description: 'T' };\n${"const A = typeof args === 'string' ? JSON.parse(args) : (args || {});"}\nconst r = await agent(\`Translate \${A.title}\`);\nreturn r;\n` },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nconst input = JSON.parse(args);\nreturn input.title;\n" },
      { path: '.claude/workflows/t.js', text: "export const meta = { name: 't', description: 'T' };\nreturn await agent('no args here');\n" },
    ],
  },
});

import { defineRule } from '../types';
import { isIdent, isMember, walk, type AnyNode } from '../js';

const NODE_GLOBALS = new Set(['process', 'crypto', 'fs', 'Buffer', 'require', '__dirname', '__filename', 'fetch']);

export default defineRule({
  code: 'AG-WF-003',
  name: 'workflow-sandbox',
  severity: 'error',
  title: 'A workflow script uses what its sandbox does not have',
  rationale:
    'Workflow scripts run in a sandbox without modules, a file system, a shell, crypto, Date.now(), Math.random() or argless new Date(): imports fail before the run and the rest throws mid-run. Do that work in an agent() call, or outside the workflow, and pass the result in.',
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    walk(program, (n: AnyNode) => {
      if (n.type === 'ImportDeclaration')
        ctx.report({ start: n.start, end: n.end, message: 'import is not available in a workflow script; it fails before the run starts.' });
      else if (n.type === 'ImportExpression') ctx.report({ start: n.start, end: n.end, message: 'import() is not available in a workflow script.' });
      else if (n.type === 'CallExpression' && isIdent(n.callee, 'require'))
        ctx.report({ start: n.start, end: n.end, message: 'require() is not available in a workflow script.' });
      else if (n.type === 'CallExpression' && (isMember(n.callee, 'Date', 'now') || isMember(n.callee, 'Math', 'random')))
        ctx.report({
          start: n.start,
          end: n.end,
          message: `${n.callee.object.name}.${n.callee.property.name}() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.`,
        });
      else if (n.type === 'NewExpression' && isIdent(n.callee, 'Date') && n.arguments.length === 0)
        ctx.report({ start: n.start, end: n.end, message: 'new Date() without arguments throws in a workflow script. Pass the date in args.' });
      else if (n.type === 'MemberExpression' && n.object.type === 'Identifier' && NODE_GLOBALS.has(n.object.name))
        ctx.report({
          start: n.object.start,
          end: n.object.end,
          message: `${n.object.name} is not available in a workflow script (no Node APIs, file system, shell or crypto). Let an agent() do this work.`,
        });
    });
  },
  examples: {
    problematic: [
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' };\nimport fs from 'node:fs';\n" },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' };\nconst id = Date.now() + Math.random();\n" },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nconst today = new Date();\nconst text = fs.readFileSync('x');\nconst key = process.env.KEY;\n",
      },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' };\nconst m = await import('./helpers.js');\n" },
    ],
    correct: [
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nconst when = new Date('2026-01-01');\nconst r = await agent('Read the file and return its text');\nreturn { when, r };\n",
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nconst o = { process: 1, fs: 2 };\nreturn o.process + o.fs;\n",
      },
      { path: '.claude/workflows/a.js', text: "export const meta = { name: 'a', description: 'A' };\nlog(`budget left: ${budget.remaining()}`);\n" },
    ],
  },
});

import { fullAncestor } from 'acorn-walk';
import { defineRule, type RuleContext } from '../types';
import { isIdent, isMember, walk, type AnyNode } from '../js';
import { robustArgs } from '../workflow-args';

const NODE_GLOBALS = new Set(['process', 'crypto', 'fs', 'Buffer', 'require', '__dirname', '__filename', 'fetch']);

/** Code that may run more than once: one value passed in would stand for many different ones. */
const REPEATS = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

/** What the caller passes instead of reading the clock or the random source, and how the script reads it. */
const PASSED = {
  clock: { key: 'now', caller: 'Date.now()', what: 'the time' },
  random: { key: 'random', caller: 'Math.random()', what: 'the number' },
} as const;

/**
 * The fix for a read of the clock or the random source: the caller passes the value in args, and
 * the script reads it robustly (an object or a JSON string, as AG-WF-004 asks) and fails loudly,
 * naming what to pass, when it is missing. Offered only where one passed value means the same as
 * the read: the script's only read of that source, outside loops and functions (two clock reads
 * are usually a duration, which one timestamp would make 0). Opt-in: the workflow then needs an
 * argument its callers do not pass yet.
 */
function passInFix(ctx: RuleContext, n: AnyNode, source: keyof typeof PASSED, replacement: (value: string) => string) {
  const { key, caller, what } = PASSED[source];
  const check = (name: string) =>
    `if (typeof ${name}.${key} !== 'number') throw new Error('args.${key} must be a number: pass { ${key}: ${caller} } when starting this workflow');`;
  const r = robustArgs(ctx.js().program!, ctx.file.text, n.start, check);
  if (!r) return undefined;
  return {
    title: `Take ${what} from args.${key} (callers pass { ${key}: ${caller} })`,
    edits: [...r.edits, { start: n.start, end: n.end, newText: replacement(`${r.name}.${key}`) }],
    optIn: true,
  };
}

export default defineRule({
  code: 'AG-WF-003',
  name: 'workflow-sandbox',
  severity: 'error',
  title: 'A workflow script uses what its sandbox does not have',
  rationale:
    'Workflow scripts run in a sandbox without modules, a file system, a shell, crypto, Date.now(), Math.random() or argless new Date(): imports fail before the run and the rest throws mid-run. Do that work in an agent() call, or outside the workflow, and pass the result in. For a single read of the clock or the random source (outside loops and functions), a quick fix in the editor does that: the value comes from `args.now` or `args.random`, args is read in either form (as AG-WF-004 asks), and the script fails naming what to pass when a caller leaves it out. It is opt-in (never applied by --fix or Fix all): the workflow then needs an argument its callers must start passing.',
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    // Reads of the clock and the random source, counted first: the fix depends on how many there are.
    const reads = { clock: [] as AnyNode[], random: [] as AnyNode[] };
    const repeated = new Set<AnyNode>();
    fullAncestor(program, (node, _state, ancestors) => {
      const n = node as AnyNode;
      const source =
        n.type === 'CallExpression' && isMember(n.callee, 'Date', 'now')
          ? 'clock'
          : n.type === 'NewExpression' && isIdent(n.callee, 'Date') && n.arguments.length === 0
            ? 'clock'
            : n.type === 'CallExpression' && isMember(n.callee, 'Math', 'random')
              ? 'random'
              : null;
      if (!source) return;
      reads[source].push(n);
      if (ancestors.some((a) => REPEATS.has(a.type))) repeated.add(n);
    });
    const fixFor = (n: AnyNode, source: 'clock' | 'random', replacement: (value: string) => string) =>
      reads[source].length === 1 && !repeated.has(n) ? passInFix(ctx, n, source, replacement) : undefined;
    walk(program, (n: AnyNode) => {
      if (n.type === 'ImportDeclaration')
        ctx.report({ start: n.start, end: n.end, message: 'import is not available in a workflow script; it fails before the run starts.' });
      else if (n.type === 'ImportExpression') ctx.report({ start: n.start, end: n.end, message: 'import() is not available in a workflow script.' });
      else if (n.type === 'CallExpression' && isIdent(n.callee, 'require'))
        ctx.report({ start: n.start, end: n.end, message: 'require() is not available in a workflow script.' });
      else if (n.type === 'CallExpression' && (isMember(n.callee, 'Date', 'now') || isMember(n.callee, 'Math', 'random'))) {
        const fix = fixFor(n, n.callee.object.name === 'Date' ? 'clock' : 'random', (v) => v);
        ctx.report({
          start: n.start,
          end: n.end,
          message: `${n.callee.object.name}.${n.callee.property.name}() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.`,
          ...(fix ? { fix } : {}),
        });
      } else if (n.type === 'NewExpression' && isIdent(n.callee, 'Date') && n.arguments.length === 0) {
        const fix = fixFor(n, 'clock', (v) => `new Date(${v})`);
        ctx.report({
          start: n.start,
          end: n.end,
          message: 'new Date() without arguments throws in a workflow script. Pass the date in args.',
          ...(fix ? { fix } : {}),
        });
      } else if (n.type === 'MemberExpression' && n.object.type === 'Identifier' && NODE_GLOBALS.has(n.object.name))
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
      // The fix: the caller passes the time in args; the script reads args in either form, and says what is missing.
      {
        path: '.claude/workflows/report.js',
        text: "export const meta = { name: 'report', description: 'R' };\nconst stamp = new Date().toISOString();\nreturn await agent(`Write the report dated ${stamp}`);\n",
        expect: [
          {
            line: 2,
            message: 'new Date() without arguments throws in a workflow script. Pass the date in args.',
            fixed:
              "export const meta = { name: 'report', description: 'R' };\n" +
              "const A = typeof args === 'string' ? JSON.parse(args) : (args || {});\n" +
              "if (typeof A.now !== 'number') throw new Error('args.now must be a number: pass { now: Date.now() } when starting this workflow');\n" +
              'const stamp = new Date(A.now).toISOString();\n' +
              'return await agent(`Write the report dated ${stamp}`);\n',
          },
        ],
      },
      // args already read as an object elsewhere: those reads go through the same robust line.
      {
        path: '.claude/workflows/digest.js',
        text: "export const meta = { name: 'digest', description: 'D' };\nconst r = await agent(`Summarise ${args.topic} as of ${Date.now()}`);\nreturn r;\n",
        expect: [
          {
            line: 2,
            message: 'Date.now() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.',
            fixed:
              "export const meta = { name: 'digest', description: 'D' };\n" +
              "const A = typeof args === 'string' ? JSON.parse(args) : (args || {});\n" +
              "if (typeof A.now !== 'number') throw new Error('args.now must be a number: pass { now: Date.now() } when starting this workflow');\n" +
              'const r = await agent(`Summarise ${A.topic} as of ${A.now}`);\n' +
              'return r;\n',
          },
        ],
      },
      // args already read robustly: its variable is reused.
      {
        path: '.claude/workflows/pick.js',
        text: "export const meta = { name: 'pick', description: 'P' };\nconst input = typeof args === 'string' ? JSON.parse(args) : args;\nconst i = Math.floor(Math.random() * input.items.length);\nreturn input.items[i];\n",
        expect: [
          {
            line: 3,
            message: 'Math.random() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.',
            fixed:
              "export const meta = { name: 'pick', description: 'P' };\n" +
              "const input = typeof args === 'string' ? JSON.parse(args) : args;\n" +
              "if (typeof input.random !== 'number') throw new Error('args.random must be a number: pass { random: Math.random() } when starting this workflow');\n" +
              'const i = Math.floor(input.random * input.items.length);\n' +
              'return input.items[i];\n',
          },
        ],
      },
      // Two clock reads are a duration, and a read in a loop stands for many values: no fix there.
      {
        path: '.claude/workflows/timed.js',
        text: "export const meta = { name: 'timed', description: 'T' };\nconst t0 = Date.now();\nawait agent('Do it');\nlog(`took ${Date.now() - t0} ms`);\nfor (const f of ['a', 'b']) log(f + Math.random());\n",
        expect: [
          { line: 2, message: 'Date.now() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.', fixed: null },
          { line: 4, message: 'Date.now() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.', fixed: null },
          { line: 5, message: 'Math.random() throws in a workflow script: runs must be replayable. Pass a timestamp or seed in args.', fixed: null },
        ],
      },
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

// esbuild plugin for the hook bundle: a guard's `examples` are its tests, never used at run time,
// so the hook ships `examples: { blocked: [], allowed: [] }` instead (and the rows of the effect
// signatures, core/programs/, ship `examples: []`). The TypeScript compiler finds
// the property, so this is an AST edit, not text matching.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const stripExamples = {
  name: 'strip-examples',
  setup(build) {
    build.onLoad({ filter: /[\\/](guards|programs)[\\/][^\\/]+\.ts$|[\\/]code-apis\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const file = ts.createSourceFile(args.path, source, ts.ScriptTarget.Latest, true);
      const cuts = [];
      const visit = (node) => {
        if (ts.isPropertyAssignment(node) && node.name.getText(file) === 'examples' && ts.isObjectLiteralExpression(node.parent)) {
          cuts.push([
            node.initializer.getStart(file),
            node.initializer.getEnd(),
            ts.isArrayLiteralExpression(node.initializer) ? '[]' : '{ blocked: [], allowed: [] }',
          ]);
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      let out = source;
      for (const [start, end, empty] of cuts.reverse()) out = `${out.slice(0, start)}${empty}${out.slice(end)}`;
      return { contents: out, loader: 'ts' };
    });
  },
};

// Imports in core/ only go down the layers, and no core/ modules import each other in a circle
// (ARCHITECTURE.md, "Layers"). Type-only imports count: a circle of types is a circle of design.
// The known upward imports are listed exactly, so a new one fails and a removed one must be struck.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = process.env.AGENT_GUARD_ROOT!;

/** Lowest first: a file may import its own layer and the layers before it. First matching prefix wins. */
const LAYERS: { name: string; prefixes: string[] }[] = [
  { name: 'base', prefixes: ['core/work.ts', 'core/paths.ts'] },
  { name: 'model', prefixes: ['core/shell/ast.ts', 'core/shell/model.ts', 'core/shell/scope.ts'] },
  { name: 'programs', prefixes: ['core/programs/'] },
  { name: 'shell', prefixes: ['core/shell/'] },
  { name: 'effects', prefixes: ['core/effects/'] },
  // later/ and guards/ share a layer: core/later reads key hosts and flag helpers, guards read written files.
  { name: 'judging', prefixes: ['core/later/', 'core/guards/', 'core/'] },
  { name: 'install', prefixes: ['core/install/', 'core/replay/'] },
  { name: 'lint', prefixes: ['core/lint/'] },
];

/** Imports that go up today, each to be moved down. */
const KNOWN_UPWARD: string[] = [];

function layerOf(file: string): number {
  const exact = LAYERS.findIndex((l) => l.prefixes.some((p) => (p.endsWith('/') ? false : file === p)));
  if (exact >= 0) return exact;
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((l, i) => {
    for (const p of l.prefixes) {
      if (!p.endsWith('/') || !file.startsWith(p) || p.length <= bestLength) continue;
      // core/ matches only the files directly in core/.
      if (p === 'core/' && file.slice(p.length).includes('/')) continue;
      best = i;
      bestLength = p.length;
    }
  });
  return best;
}

function coreFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) out.push(p);
    }
  };
  walk('core');
  return out.sort();
}

/** Every relative module a file imports or re-exports, statically or with import(). */
function importsOf(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      specs.push(n.moduleSpecifier.text);
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0]))
      specs.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const out: string[] = [];
  for (const s of specs) {
    if (!s.startsWith('.')) continue;
    const base = relative(root, join(root, dirname(file), s)).replace(/\.js$/, '');
    const resolved = [`${base}.ts`, `${base}/index.ts`].find((p) => existsSync(join(root, p)));
    if (resolved?.startsWith('core/')) out.push(resolved);
  }
  return out;
}

function graph(): Map<string, string[]> {
  return new Map(coreFiles().map((f) => [f, importsOf(f)]));
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function circles(g: Map<string, string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1) found.push(members.sort().join(' '));
  };
  for (const v of g.keys()) if (!index.has(v)) connect(v);
  return found.sort();
}

test('every core/ file has a layer', () => {
  assert.deepEqual(
    coreFiles().filter((f) => layerOf(f) < 0),
    [],
  );
});

test('imports in core/ only go down the layers (or stay in one)', () => {
  const upward: string[] = [];
  for (const [file, deps] of graph()) for (const d of deps) if (layerOf(d) > layerOf(file)) upward.push(`${file} → ${d}`);
  assert.deepEqual(upward.sort(), [...KNOWN_UPWARD].sort());
});

test('no circle of imports among core/ modules', () => {
  assert.deepEqual(circles(graph()), []);
});

test('the circle finder finds a circle and the layer check sees an upward import', () => {
  const g = new Map([
    ['core/a.ts', ['core/b.ts']],
    ['core/b.ts', ['core/c.ts']],
    ['core/c.ts', ['core/a.ts']],
    ['core/d.ts', ['core/a.ts']],
  ]);
  assert.deepEqual(circles(g), ['core/a.ts core/b.ts core/c.ts']);
  assert.ok(layerOf('core/shell/analyze.ts') < layerOf('core/effects/derive.ts'));
  assert.ok(layerOf('core/programs/index.ts') < layerOf('core/shell/analyze.ts'));
  assert.ok(layerOf('core/shell/ast.ts') < layerOf('core/programs/index.ts'));
});

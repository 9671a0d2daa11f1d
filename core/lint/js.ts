// Small helpers over acorn's ESTree for the workflow-script rules.

import { full } from 'acorn-walk';
import type { Node, Program } from 'acorn';

// biome-ignore lint/suspicious/noExplicitAny: ESTree nodes are walked generically; every rule checks `type` before reading a field.
export type AnyNode = Node & Record<string, any>;

export function walk(program: Program, visit: (node: AnyNode) => void): void {
  full(program, (n) => visit(n as AnyNode));
}

export function isIdent(n: AnyNode | null | undefined, name: string): boolean {
  return !!n && n.type === 'Identifier' && n.name === name;
}

/** obj.prop (not computed) */
export function isMember(n: AnyNode | null | undefined, obj: string, prop: string): boolean {
  return !!n && n.type === 'MemberExpression' && isIdent(n.object, obj) && !n.computed && isIdent(n.property, prop);
}

/** A pure literal: strings, numbers, booleans, null, arrays and objects of them, template strings without ${}. */
export function isPureLiteral(n: AnyNode | null | undefined): boolean {
  if (!n) return false;
  switch (n.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return n.expressions.length === 0;
    case 'ArrayExpression':
      return n.elements.every((e: AnyNode | null) => e !== null && isPureLiteral(e));
    case 'ObjectExpression':
      return n.properties.every(
        (p: AnyNode) =>
          p.type === 'Property' &&
          !p.computed &&
          p.kind === 'init' &&
          !p.method &&
          (p.key.type === 'Identifier' || p.key.type === 'Literal') &&
          isPureLiteral(p.value),
      );
    case 'UnaryExpression':
      return n.operator === '-' && n.argument.type === 'Literal';
    default:
      return false;
  }
}

export function propertyNamed(obj: AnyNode, name: string): AnyNode | undefined {
  if (obj.type !== 'ObjectExpression') return undefined;
  return obj.properties.find(
    (p: AnyNode) =>
      p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === name) || (p.key.type === 'Literal' && p.key.value === name)),
  );
}

/** export const meta = … */
export function isMetaExport(n: AnyNode): boolean {
  return (
    n.type === 'ExportNamedDeclaration' &&
    n.declaration?.type === 'VariableDeclaration' &&
    n.declaration.kind === 'const' &&
    n.declaration.declarations.length === 1 &&
    isIdent(n.declaration.declarations[0].id, 'meta')
  );
}

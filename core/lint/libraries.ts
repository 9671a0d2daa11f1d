// The parsers lint needs for some files only, loaded on first use: a cold `agent-guard lint` of a
// CLAUDE.md needs no YAML or JavaScript parser, and initialising them (acorn builds its Unicode
// tables, yaml and micromark their constructs) costs more than the lint itself. esbuild turns each
// require() below into a module initialised the first time it is called.

let acornLib: typeof import('acorn') | undefined;
let yamlLib: typeof import('yaml') | undefined;
let markdownLib: typeof import('mdast-util-from-markdown') | undefined;

export const acorn = (): typeof import('acorn') => (acornLib ??= require('acorn') as typeof import('acorn'));
export const yaml = (): typeof import('yaml') => (yamlLib ??= require('yaml') as typeof import('yaml'));
export const markdown = (): typeof import('mdast-util-from-markdown') =>
  (markdownLib ??= require('mdast-util-from-markdown') as typeof import('mdast-util-from-markdown'));

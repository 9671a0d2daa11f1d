// Every regular-expression literal in guards/ and core/, with where it is: what the regex-safety
// test and `npm run audit:regex` look at.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FoundRegex {
  where: string;
  source: string;
  flags: string;
}

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
}

export function regexLiterals(root: string): FoundRegex[] {
  const out: FoundRegex[] = [];
  for (const file of [...files(join(root, 'guards')), ...files(join(root, 'core'))]) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = n.getText(sf);
        const end = text.lastIndexOf('/');
        const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
        out.push({ where: `${relative(root, file)}:${line + 1}`, source: text.slice(1, end), flags: text.slice(end + 1) });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** recheck ignores what `g`, `d` and `y` change (where a match starts, not how long it takes). */
export function analysedFlags(flags: string): string {
  return flags.replace(/[dgy]/g, '');
}

/** The key of a regex in test/regex-verdicts.json: the same source and flags share one verdict. */
export function verdictKey(r: { source: string; flags: string }): string {
  return `/${r.source}/${analysedFlags(r.flags)}`;
}

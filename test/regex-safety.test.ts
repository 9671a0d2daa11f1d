// Every regular expression in the guards, the lint rules and the core is checked for catastrophic
// backtracking by recheck (automata analysis plus attack-string search). Exponential: never.
// Polynomial (quadratic) is tolerated only where recheck's own attack string, grown to 20,000
// characters, still matches in under 100 ms; the others were rewritten to be linear.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { checkSync } from 'recheck';

const ROOT = process.env.AGENT_GUARD_ROOT!;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

interface Found {
  where: string;
  source: string;
  flags: string;
}

function regexes(): Found[] {
  const out: Found[] = [];
  for (const file of [...files(join(ROOT, 'guards')), ...files(join(ROOT, 'core'))]) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = n.getText(sf);
        const end = text.lastIndexOf('/');
        const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
        out.push({ where: `${relative(ROOT, file)}:${line + 1}`, source: text.slice(1, end), flags: text.slice(end + 1) });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** recheck describes its attack as prefix + pump × n + suffix. */
function attackParts(a: { string: string; pumps?: { prefix: string; pump: string; bias?: number }[]; suffix?: string }): { prefix: string; pump: string; suffix: string } {
  const p = a.pumps?.[0];
  return p ? { prefix: p.prefix, pump: p.pump, suffix: a.suffix ?? '' } : { prefix: '', pump: a.string, suffix: '' };
}

test('every regular expression is safe from catastrophic backtracking', () => {
  const all = regexes();
  assert.ok(all.length > 150, `${all.length} regular expressions found`);
  const unsafe: string[] = [];
  for (const r of all) {
    // recheck does not know the `d`/`y` flags' irrelevance; `g` and `i`, `m`, `s`, `u` matter.
    const result = checkSync(r.source, r.flags.replace(/[dgy]/g, ''), { timeout: 10_000 });
    if (result.status === 'vulnerable') {
      const { prefix, pump, suffix } = attackParts(result.attack);
      const attack = prefix + pump.repeat(Math.ceil(20_000 / Math.max(1, pump.length))) + suffix;
      const started = process.hrtime.bigint();
      new RegExp(r.source, r.flags.replace('g', '')).test(attack);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.complexity.type === 'exponential' || ms > 100) unsafe.push(`${r.where} /${r.source}/${r.flags}: ${result.complexity.type}, ${ms.toFixed(0)} ms on a ${attack.length}-character attack`);
    } else if (result.status === 'unknown') unsafe.push(`${r.where} /${r.source}/${r.flags}: recheck could not decide (${result.error?.kind})`);
  }
  assert.deepEqual(unsafe, []);
});

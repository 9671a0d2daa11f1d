// Contracts between the guards and the rest: which tools carry a shell command, and that every
// guard reading the shell sees every one of them (a guard that lists its tools by hand once missed
// the PowerShell tool).

import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { SHELL_TOOLS } from '../core/guards/types';
import { normalizeCall, TOOL_ALIASES } from '../core/guards/normalize';
import { checkGuard } from '../core/guards/examples';
import template from '../guards/_template';
import { ENV, evaluateExample } from './support/run';

const shellGuards = guards.filter((g) => g.tools.some((t) => (SHELL_TOOLS as readonly string[]).includes(t)));

test('every host shell tool arrives as one of SHELL_TOOLS, with its command', () => {
  const shellAliases = Object.values(TOOL_ALIASES)
    .flatMap((names) => Object.entries(names))
    .filter(([, tool]) => (SHELL_TOOLS as readonly string[]).includes(tool));
  assert.deepEqual(
    shellAliases.map(([name]) => name).sort(),
    ['bash', 'bash', 'powershell', 'runTerminalCommand', 'run_in_terminal', 'run_shell_command', 'Shell', 'shell'].sort(),
  );
  for (const name of [...SHELL_TOOLS, ...shellAliases.map(([n]) => n)]) {
    const n = normalizeCall({ tool_name: name, tool_input: { command: 'ls -la' }, cwd: '/w' }, '/w', '/home/user');
    assert.ok(n.ok, name);
    assert.deepEqual(
      n.calls.map((c) => [SHELL_TOOLS.includes(c.tool as (typeof SHELL_TOOLS)[number]), c.command]),
      [[true, 'ls -la']],
      name,
    );
  }
});

test('a guard that reads one shell tool reads them all', () => {
  assert.ok(shellGuards.length >= 15, `${shellGuards.length} shell guards`);
  const missing = shellGuards.flatMap((g) => SHELL_TOOLS.filter((t) => !g.tools.includes(t)).map((t) => `${g.id} misses ${t}`));
  assert.deepEqual(missing, []);
});

test('every shell guard denies its Bash examples when the Monitor tool runs them', () => {
  const wrong: string[] = [];
  for (const g of shellGuards) {
    for (const ex of g.examples.blocked.filter((e) => e.tool_name === 'Bash')) {
      const v = evaluateExample({ ...ex, tool_name: 'Monitor' }).evaluation.verdict;
      if (v?.guardId !== g.id) wrong.push(`${g.id}: ${String(ex.tool_input.command).slice(0, 60)} → ${v?.guardId ?? 'allowed'}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the guard template passes the contract it describes: 3+3 examples, each deciding as stated', () => {
  assert.ok(template.examples.blocked.length >= 3 && template.examples.allowed.length >= 3);
  const results = checkGuard({ ...ENV, guards: [...guards, template] }, template);
  assert.deepEqual(
    results.filter((r) => !r.ok).map((r) => `${r.kind} ${r.example}: ${r.problem}`),
    [],
  );
  assert.equal(results.length, 6);
});

test("the README's guard table lists exactly the guards, each once", () => {
  const readme = readFileSync(join(process.env.AGENT_GUARD_ROOT!, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The guards'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| id |')));
  const rows = [...table.matchAll(/^\| `([a-z-]+)` \| (.+) \|$/gm)].map((m) => m[1]);
  assert.deepEqual([...rows].sort(), guards.map((g) => g.id).sort());
  assert.equal(new Set(rows).size, rows.length);
});

test('guards do no I/O of their own: files, processes and the environment go through the context', () => {
  const dir = join(process.env.AGENT_GUARD_ROOT!, 'guards');
  const leaks: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const sf = ts.createSourceFile(f, readFileSync(join(dir, f), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && /^(node:)?(fs|child_process|os|net|http|https)$/.test(n.moduleSpecifier.text))
        leaks.push(`${f} imports ${n.moduleSpecifier.text}`);
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'require') leaks.push(`${f} calls require`);
      if (ts.isIdentifier(n) && n.text === 'process') leaks.push(`${f} reads process`);
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  assert.deepEqual(leaks, []);
});

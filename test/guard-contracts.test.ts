// Contracts between the guards and the rest: which tools carry a shell command, and that every
// guard reading the shell sees every one of them (a guard that lists its tools by hand once missed
// the PowerShell tool).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import { SHELL_TOOLS } from '../core/guards/types';
import { normalizeCall, TOOL_ALIASES } from '../core/guards/normalize';
import { evaluateExample } from './support/run';

const shellGuards = guards.filter((g) => g.tools.some((t) => (SHELL_TOOLS as readonly string[]).includes(t)));

test('every host shell tool arrives as one of SHELL_TOOLS, with its command', () => {
  const shellAliases = Object.entries(TOOL_ALIASES).filter(([, a]) => (SHELL_TOOLS as readonly string[]).includes(a.tool));
  assert.deepEqual(shellAliases.map(([name]) => name).sort(), ['bash', 'powershell', 'runTerminalCommand', 'run_in_terminal', 'run_shell_command', 'Shell', 'shell'].sort());
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

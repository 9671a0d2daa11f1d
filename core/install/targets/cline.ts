// Cline's CLI: its hooks are programs named after their event, found in .clinerules/hooks/ (project)
// and ~/.cline/hooks/ (--user; Cline also reads ~/Documents/Cline/Hooks/ and .cline/hooks/). Agent
// Guard writes one, PreToolUse, a small node script (`#!/usr/bin/env node`: Cline runs it with node)
// that hands the payload to the shared hook (.claude/hooks/agent-guard.cjs) and Cline the hook's
// answer, which for Cline is never its `cancel` (that ends the whole run and the model never reads
// why) but `overrideInput` (core/guards/host-dialects.ts). Checked with the real CLI in test/real-hosts.

import { join } from 'node:path';
import { generatedFileTarget } from '../generated-file-target';
import { CLINE_CANARY } from '../../liveness';

const MARK = '// agent-guard: Cline hook';

/**
 * The script. A hook that cannot run (its file missing, node failing) blocks the call with a reason
 * that says so: Cline would otherwise run every call unchecked without a word.
 */
export function clineHook(hook: string | null): string {
  return `#!/usr/bin/env node
${MARK} (written by agent-guard install --host cline; agent-guard sync rewrites it, uninstall removes it).
// Before every tool call Cline makes, it runs Agent Guard's hook on the call and answers Cline for it.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const HOOK = ${JSON.stringify(hook)};

function hookFile() {
  if (HOOK) return existsSync(HOOK) ? HOOK : null;
  for (let d = __dirname; ; d = dirname(d)) {
    const f = join(d, '.claude', 'hooks', 'agent-guard.cjs');
    if (existsSync(f)) return f;
    if (dirname(d) === d) return null;
  }
}

function block(why) {
  const reason = 'agent-guard: ' + why + ', so this call was not run; run agent-guard status in a terminal.';
  process.stdout.write(JSON.stringify({ overrideInput: reason, context: reason }));
}

const input = readFileSync(0, 'utf8');
const file = hookFile();
if (!file) block('the hook file .claude/hooks/agent-guard.cjs is missing (run: agent-guard sync --host cline)');
else {
  const r = spawnSync('node', [file], { input, encoding: 'utf8', timeout: 10000 });
  if (r.stderr) process.stderr.write(r.stderr);
  if (r.error || r.status !== 0) block('the hook did not answer (' + (r.error ? r.error.message : 'exit ' + r.status) + ')');
  else process.stdout.write(r.stdout);
}
`;
}

export default generatedFileTarget({
  id: 'cline',
  name: 'Cline CLI',
  order: 10,
  found: { programs: ['cline'], folders: ['.cline', 'Documents/Cline'] },
  mark: MARK,
  project: '.clinerules/hooks/PreToolUse',
  user: (home) => ({ file: join(process.env.CLINE_DIR || join(home, '.cline'), 'hooks', 'PreToolUse'), label: '~/.cline/hooks/PreToolUse', created: 2 }),
  text: clineHook,
  does: 'runs the hook before every tool call (its PreToolUse hook)',
  executable: true,
  canary: { form: CLINE_CANARY, command: (file) => `node "${file}"` },
});

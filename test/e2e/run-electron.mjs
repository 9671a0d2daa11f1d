// For contributors with a desktop VS Code: the same suites through @vscode/test-electron.
// VSCODE_EXECUTABLE=/path/to/code node test/e2e/run-electron.mjs   (after: node scripts/build.mjs --e2e)
// Without VSCODE_EXECUTABLE, test-electron downloads a VS Code build (not possible on CI machines here,
// which run the same suites on code-server: test/e2e/run.mjs).

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ws = mkdtempSync(join(tmpdir(), 'agent-guard-e2e-ws-'));
for (const [rel, text] of Object.entries({
  'CLAUDE.md': '# Project\n\nTo check the configuration, run `cat .env`.\n',
  '.claude/settings.json': '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  }\n}\n',
  '.claude/agents/analyzer.md': '---\nname: analyzer\ndescription: Analyzes articles\ntools: Read, WebSearch\n---\nYou analyze.\n',
  '.claude/workflows/qa.js': "export const meta = { name: 'qa', description: 'QA' };\nexport function helper() { return 1; }\nreturn helper();\n",
})) {
  mkdirSync(dirname(join(ws, rel)), { recursive: true });
  writeFileSync(join(ws, rel), text);
}
await runTests({
  ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : {}),
  extensionDevelopmentPath: root,
  extensionTestsPath: join(root, 'dist/e2e/extension.cjs'),
  launchArgs: [ws, '--disable-extensions', '--disable-workspace-trust'],
});

// What calibration on real repositories changed (docs/calibration.md), as exact diagnostics: each
// case is a shape the calibration set had many findings of, and the rules that report it now.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import rules from 'agent-guard:lint-rules';
import { lintFile } from '../core/lint/engine';
import { fileKind } from '../core/lint/files';
import { memoryWorkspace } from '../core/lint/workspace';
import { exampleSetup } from './support/lint-expect';

/** Every rule's warnings and errors on one file: `line code severity message`, in file order. */
function findings(path: string, text: string): string[] {
  const ws = memoryWorkspace('/workspace', { [path]: text });
  const kind = fileKind(path);
  assert.ok(kind, `${path} is an agent file`);
  return lintFile({ path: `/workspace/${path}`, rel: path, kind, text }, ws, { rules, ...exampleSetup({}) })
    .filter((d) => d.severity !== 'info')
    .map((d) => `${d.range.start.line + 1} ${d.code} ${d.severity} ${d.message}`);
}

test("AG-AGT-003: a command's tools: list is not read, so its entries are not checked (AG-SKL-004 reports the key)", () => {
  assert.deepEqual(findings('.claude/commands/wfgy.md', '---\ntools:\n  - read\n  - write\n  - grep\n---\nRun it.\n'), [
    '2 AG-SKL-004 warning tools is not a skill setting, so Claude Code ignores it. Skills cannot restrict tools; allowed-tools pre-approves them.',
  ]);
});

test("AG-AGT-003: a skill's tools: with stale names: only the ignored key is reported", () => {
  assert.deepEqual(findings('.claude/skills/eval/SKILL.md', '---\nname: eval\ndescription: Evaluates\ntools: Read, MultiEdit, LS\n---\nEvaluate.\n'), [
    '4 AG-SKL-004 warning tools is not a skill setting, so Claude Code ignores it. Skills cannot restrict tools; allowed-tools pre-approves them.',
  ]);
});

test("AG-AGT-003: a command's allowed-tools is read: a lowercase name there is reported", () => {
  assert.deepEqual(findings('.claude/commands/sync.md', '---\ndescription: Sync\nallowed-tools: Read, write\n---\nSync.\n'), [
    '3 AG-AGT-003 warning write is not a Claude Code tool (known: Agent, Artifact, AskUserQuestion, Bash, CronCreate, CronDelete, CronList, Edit, …; MCP tools are mcp__server__tool).',
  ]);
});

test("AG-AGT-003: an agent's tools: is read: the same names are reported there", () => {
  assert.deepEqual(findings('.claude/agents/lister.md', '---\nname: lister\ndescription: Lists\ntools: Read, MultiEdit, LS\n---\nList.\n'), [
    '4 AG-AGT-003 warning MultiEdit is now Edit; the old name matches nothing.',
    '4 AG-AGT-003 warning LS is now Glob; the old name matches nothing.',
  ]);
});

test('AG-AGT-003: a stale name beside its replacement (LS beside Glob) loses nothing: an info hint, no warning', () => {
  const path = '.claude/agents/architect.md';
  const text = '---\nname: architect\ndescription: Designs\ntools: Glob, Grep, LS, Read, NotebookRead, BashOutput, Edit, MultiEdit\n---\nDesign.\n';
  assert.deepEqual(findings(path, text), []);
  const ws = memoryWorkspace('/workspace', { [path]: text });
  const hints = lintFile({ path: `/workspace/${path}`, rel: path, kind: 'agent', text }, ws, {
    rules: rules.filter((r) => r.code === 'AG-AGT-003'),
    ...exampleSetup({}),
  });
  assert.deepEqual(
    hints.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.message}`),
    [
      '4:20 info LS matches nothing any more; it is now Glob, which this list names already. The entry can go.',
      '4:30 info NotebookRead matches nothing any more; it is now Read, which this list names already. The entry can go.',
      '4:44 info BashOutput matches nothing any more; it is now Read, which this list names already. The entry can go.',
      '4:62 info MultiEdit matches nothing any more; it is now Edit, which this list names already. The entry can go.',
    ],
  );
});

test('AG-AGT-003: a stale name in a blocklist without its replacement blocks nothing: still a warning', () => {
  assert.deepEqual(findings('.claude/agents/ro.md', '---\nname: ro\ndescription: Read-only\ndisallowedTools: Write, MultiEdit\n---\nRead.\n'), [
    '4 AG-AGT-003 warning MultiEdit is now Edit; the old name matches nothing.',
  ]);
});

test('AG-CMD-001: a key file passed as an argument is used, not printed: silent; decrypting into the transcript is an error', () => {
  const text = [
    '# Deploy',
    '',
    'Check the host with `ssh -i ~/.ssh/id_ed25519 deploy@host.example.com uptime`.',
    '',
    'Call the API with `curl --cert client.pem --key client.key https://api.example.com/health`.',
    '',
    'Log in with `gcloud auth activate-service-account --key-file=service-account.json`.',
    '',
    'Copy the build: `scp -i deploy.pem build.tar.gz host:/srv/`.',
    '',
    'Then `sops -d secrets.enc.yaml`.',
    '',
  ].join('\n');
  assert.deepEqual(findings('CLAUDE.md', text), [
    '11 AG-CMD-001 error sops --decrypt prints a stored credential into the transcript. Check that the login works instead (gh auth status, aws sts get-caller-identity, kubectl auth whoami), or pipe it straight into the command that needs it. [secret-read]',
  ]);
});

// The loader suite: every lint rule's claim about what Claude Code loads, skips, ignores or renames,
// checked against the real Claude Code (the pinned devDependency), offline (harness.mjs).
// Each claim has a fixture written into a scratch workspace, and each test asserts both directions:
// the rule fires on the fixture AND the real CLI does what its message says; the rule is silent on
// the fixed fixture AND the CLI loads or honours it. A new Claude Code version that behaves
// otherwise fails the test of the rule to revise. The inventory of claims is in README.md here.
// Run: npm run test:loader (after npm install).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, cli } from '../real-hosts/world.mjs';
import { lint, listedAgents, listedSkills, makeWorkspace, runClaude } from './harness.mjs';

const { version } = cli('claude');
const worlds = [];
after(() => {
  for (const w of worlds) w.dispose();
});
function workspace(name, files, opts) {
  const w = makeWorkspace(name, files, opts);
  worlds.push(w);
  return w;
}

/** The one finding of `code` on `file` whose message contains `text` (all of them are listed on failure). */
function fires(findings, file, code, text, severity) {
  const mine = findings.filter((f) => f.file === file && f.code === code);
  const hit = mine.find((f) => f.message.includes(text));
  assert.ok(hit, `${code} did not report "${text}" on ${file}; it reported: ${JSON.stringify(mine.map((f) => f.message))}`);
  if (severity) assert.equal(hit.severity, severity, `${code} on ${file}: ${hit.message}`);
  return hit;
}
function silent(findings, file, ...codes) {
  const mine = findings.filter((f) => f.file === file && (codes.length === 0 || codes.includes(f.code)) && f.severity !== 'info');
  assert.deepEqual(
    mine.map((f) => `${f.code} ${f.message}`),
    [],
    `${file} should lint clean${codes.length ? ` of ${codes.join(', ')}` : ''}`,
  );
}
const silentEvenInfo = (findings, file, code) =>
  assert.deepEqual(
    findings.filter((f) => f.file === file && f.code === code).map((f) => f.message),
    [],
  );

test('the pinned Claude Code is the version the rules were verified against (LOADER_VERIFIED)', () => {
  const src = readFileSync(join(ROOT, 'core/claude-code.ts'), 'utf8');
  const verified = /export const LOADER_VERIFIED = '([^']+)'/.exec(src)?.[1];
  assert.equal(
    verified,
    version,
    `package.json pins Claude Code ${version}, the rules say they were verified with ${verified}: run this suite, revise the rules it names, then update LOADER_VERIFIED`,
  );
});

test('exactly the rules this suite tests say loaderVerified (their pages say they are verified here)', () => {
  const tested = new Set(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => /^\s*test\(/.test(l))
      .flatMap((l) => l.match(/AG-[A-Z]+-\d{3}/g) ?? []),
  );
  const dir = join(ROOT, 'core/lint/rules');
  const verified = new Set(
    readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((t) => /\n {2}loaderVerified: true,/.test(t))
      .map((t) => /\n {2}code: '([^']+)'/.exec(t)?.[1]),
  );
  assert.deepEqual([...verified].sort(), [...tested].sort());
});

// ---------------------------------------------------------------------------------------------
// Agents, skills, commands and CLAUDE.md: one workspace, one run. The run's `init` event and the
// first request's listings say what loaded; one Agent call per probed agent shows its real tools.

const A = (name, rest = '', body = 'You help.\n') => `---\nname: ${name}\ndescription: The ${name} agent\n${rest}---\n${body}`;
const S = (name, rest = '', body = 'Do the thing.\n') => `---\nname: ${name}\ndescription: The ${name} skill\n${rest}---\n${body}`;
const LOAD = {
  // AG-AGT-001
  '.claude/agents/crlf.md': A('crlf-agent', 'tools: Read\n').replaceAll('\n', '\r\n'),
  '.claude/agents/bad-indent.md': A('bad-indent', 'hooks:\n  PreToolUse:\n    - matcher: Bash\n   hooks: []\n'),
  '.claude/agents/good-indent.md': A('good-indent', 'hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks: []\n'),
  '.claude/agents/sequence.md': '---\n- sequence-agent\n- description\n---\n',
  '.claude/agents/continued.md': '---\nname: continued\ndescription: Reviews code.\nAlso reviews tests.\n---\n',
  '.claude/agents/folded.md': '---\nname: folded\ndescription: >\n  Reviews code.\n  Also reviews tests.\n---\n',
  '.claude/agents/README.md': '# Our agents\n\nEach file here is one agent.\n',
  '.claude/agents/nameless.md': '---\ndescription: The nameless agent\ntools: Read\n---\n',
  '.claude/agents/no-description.md': '---\nname: no-description\n---\n',
  '.claude/agents/colon-name.md': A('team:colon'),
  '.claude/agents/dash-name.md': A('-dash'),
  '.claude/agents/plain-name.md': A('team-colon'),
  '.claude/agents/lenient.md': '---\nname: lenient\ndescription: Use this agent when: a PR is ready\ntools: *\n---\n',
  // AG-AGT-006
  '.claude/agents/allowed-tools.md': A('allowed-tools-agent', 'allowed-tools: Read, Edit\n'),
  '.claude/agents/tools.md': A('tools-agent', 'tools: Read, Edit\n'),
  // AG-AGT-007
  '.claude/agents/dup.md': '---\nname: dup\ndescription: first dup\n---\n',
  '.claude/agents/old/dup-v1.md': '---\nname: dup\ndescription: second dup\n---\n',
  // AG-AGT-003
  '.claude/agents/stale.md': A('stale-names', 'tools: Read, MultiEdit, LS, NotebookRead, BashOutput, SlashCommand, AgentOutputTool, TeamCreate, TeamDelete\n'),
  '.claude/agents/renamed.md': A('renamed-names', 'tools: Read, Edit, Skill\n'),
  '.claude/agents/task.md': A('task-alias', 'tools: Read, Task\n'),
  '.claude/agents/killshell.md': A('killshell-alias', 'tools: Read, KillShell\n'),
  '.claude/agents/killbash.md': A('killbash-alias', 'tools: Read, KillBash\n'),
  '.claude/agents/invented.md': A('invented-tool', 'tools: Read, Frobnicate\n'),
  // AG-AGT-005
  '.claude/agents/conflict.md': A('conflict', 'tools: Read, Bash\ndisallowedTools: Bash\n'),
  // AG-AGT-004
  '.claude/agents/plain.md': A('plain'),
  // AG-AGT-002
  '.claude/agents/mode.md': A('bad-mode', 'permissionMode: yolo\n'),
  '.claude/agents/model.md': A('bad-model', 'model: gpt-4\n'),
  '.claude/agents/good-model.md': A('good-model', 'model: haiku\n'),
  // AG-SKL-001
  '.claude/skills/crlf-skill/SKILL.md': S('crlf-skill').replaceAll('\n', '\r\n'),
  '.claude/commands/crlf-command.md': '---\r\ndescription: The crlf-command command\r\n---\r\nDo it.\r\n',
  '.claude/skills/bad-yaml/SKILL.md': S('bad-yaml', 'hooks:\n  Stop:\n    - hooks: []\n   x: 1\n', 'BAD-YAML body line\n'),
  '.claude/skills/continued-skill/SKILL.md': '---\nname: continued-skill\ndescription: Does x.\nAnd y.\n---\nCONTINUED body line\n',
  '.claude/skills/hint/SKILL.md': S('hint', 'argument-hint: [a] [b]\n'),
  // AG-SKL-005
  '.claude/skills/folder-x/SKILL.md': S('other-name', '', 'FOLDER-X body\n'),
  '.claude/skills/same/SKILL.md': S('same'),
  // AG-MD-001, AG-MD-002
  'CLAUDE.md': '# Project\n\n@docs/present.md\n\n@docs/missing.md\n\nConfiguration: @.env\n',
  'docs/present.md': 'PRESENT-IMPORT-MARKER\n',
  '.env': 'LOADER_PROBE_KEY=imported-secret-value-0001\n',
};
const PROBED = [
  'crlf-agent',
  'allowed-tools-agent',
  'tools-agent',
  'stale-names',
  'renamed-names',
  'task-alias',
  'killshell-alias',
  'killbash-alias',
  'invented-tool',
  'conflict',
  'plain',
  'bad-model',
  'good-model',
];

describe(`Claude Code ${version} loads agents, skills and commands`, () => {
  let w;
  let findings;
  let run;
  let agents;
  let listed;
  let skills;
  let tools;
  before(async () => {
    w = workspace('load', LOAD);
    findings = lint(w);
    run = await runClaude(w, { agents: PROBED, steps: [{ tool: 'Skill', input: { skill: 'other-name' } }] });
    assert.equal(run.code, 0, run.describe());
    assert.ok(run.init, `no init event:\n${run.describe()}`);
    agents = new Set(run.init.agents);
    listed = listedAgents(run);
    skills = listedSkills(run);
    tools = (name) => {
      assert.ok(run.subagents[name], `the probe of ${name} did not reach the model:\n${run.describe()}`);
      return run.subagents[name].tools;
    };
  });
  const isAgent = (name) => agents.has(name) && name in listed;

  test('AG-AGT-001: an agent with CRLF line endings loads, its tools read (an info hint, not an error)', () => {
    fires(findings, '.claude/agents/crlf.md', 'AG-AGT-001', 'CRLF', 'info');
    silent(findings, '.claude/agents/crlf.md');
    assert.ok(isAgent('crlf-agent'), `CRLF agent not loaded: ${[...agents]}`);
    assert.deepEqual(tools('crlf-agent'), ['Read']);
  });

  test('AG-AGT-001: frontmatter that does not parse: the agent is skipped; parsed, it loads', () => {
    fires(findings, '.claude/agents/bad-indent.md', 'AG-AGT-001', 'Claude Code skips this agent', 'error');
    assert.ok(!agents.has('bad-indent'));
    assert.match(run.debug, /bad-indent\.md failed to parse and was ignored/);
    silent(findings, '.claude/agents/good-indent.md');
    assert.ok(isAgent('good-indent'));
  });

  test('AG-AGT-001: frontmatter that is not a mapping: no agent', () => {
    fires(findings, '.claude/agents/sequence.md', 'AG-AGT-001', 'must be a YAML mapping', 'error');
    assert.ok(![...agents].some((a) => a.includes('sequence')), [...agents].join());
  });

  test('AG-AGT-001: an unindented continuation line: the agent is skipped; folded, it loads with the whole description', () => {
    fires(findings, '.claude/agents/continued.md', 'AG-AGT-001', 'cannot parse this frontmatter and skips this agent', 'error');
    assert.ok(!agents.has('continued'));
    silent(findings, '.claude/agents/folded.md');
    assert.ok(isAgent('folded'));
    assert.equal(listed.folded.description, 'Reviews code. Also reviews tests.');
  });

  test('AG-AGT-001: no frontmatter, or no name: not an agent; a description alone does not make one', () => {
    fires(findings, '.claude/agents/README.md', 'AG-AGT-001', 'No frontmatter', 'info');
    fires(findings, '.claude/agents/nameless.md', 'AG-AGT-001', 'No name', 'warning');
    assert.ok(![...agents].some((a) => /readme|nameless/i.test(a)), [...agents].join());
    assert.ok(!Object.values(listed).some((a) => a.description === 'The nameless agent'));
  });

  test('AG-AGT-001: no description: skipped; with one, loaded', () => {
    fires(findings, '.claude/agents/no-description.md', 'AG-AGT-001', 'Missing description: Claude Code skips', 'error');
    assert.ok(!agents.has('no-description'));
    assert.match(run.debug, /no-description\.md: Missing required "description"/);
    assert.ok(isAgent('plain'));
  });

  test('AG-AGT-001: a name with ":" or a leading "-": skipped; a plain name loads', () => {
    fires(findings, '.claude/agents/colon-name.md', 'AG-AGT-001', 'Claude Code skips this agent', 'error');
    fires(findings, '.claude/agents/dash-name.md', 'AG-AGT-001', 'Claude Code skips this agent', 'error');
    assert.ok(!agents.has('team:colon') && !agents.has('-dash'), [...agents].join());
    silent(findings, '.claude/agents/plain-name.md');
    assert.ok(isAgent('team-colon'));
  });

  test('AG-AGT-001: ": " in a one-line description and tools: * are read as plain strings: loaded, with every tool', () => {
    silent(findings, '.claude/agents/lenient.md');
    assert.ok(isAgent('lenient'));
    assert.equal(listed.lenient.description, 'Use this agent when: a PR is ready');
    assert.equal(listed.lenient.tools, 'All tools');
  });

  test('AG-AGT-006: allowed-tools in an agent is ignored: it gets every tool; tools: narrows it', () => {
    fires(findings, '.claude/agents/allowed-tools.md', 'AG-AGT-006', 'Claude Code ignores it, and this agent gets every tool', 'warning');
    assert.deepEqual(tools('allowed-tools-agent'), tools('plain'));
    assert.ok(tools('plain').includes('Bash'));
    silentEvenInfo(findings, '.claude/agents/tools.md', 'AG-AGT-006');
    assert.deepEqual(tools('tools-agent'), ['Read', 'Edit']);
  });

  test('AG-AGT-007: two agents with one name: Claude Code keeps only one', () => {
    fires(findings, '.claude/agents/dup.md', 'AG-AGT-007', 'Claude Code keeps only one', 'warning');
    fires(findings, '.claude/agents/old/dup-v1.md', 'AG-AGT-007', 'Claude Code keeps only one', 'warning');
    assert.ok(isAgent('dup'));
    const shown = run.system.split('\n').filter((l) => l.startsWith('- dup: '));
    assert.equal(shown.length, 1, shown.join('\n'));
    assert.match(run.debug, /Duplicate agent name 'dup'/);
  });

  test('AG-AGT-003: removed tool names match nothing (no tool from them); the current names do', () => {
    for (const name of ['MultiEdit', 'LS', 'SlashCommand', 'TeamCreate', 'TeamDelete'])
      fires(findings, '.claude/agents/stale.md', 'AG-AGT-003', `${name} `, 'warning');
    // Their replacement, Read, is in the same list: the dead entries lose nothing (an info hint).
    for (const name of ['NotebookRead', 'BashOutput', 'AgentOutputTool'])
      fires(findings, '.claude/agents/stale.md', 'AG-AGT-003', `${name} matches nothing any more; it is now Read, which this list names already`, 'info');
    assert.deepEqual(tools('stale-names'), ['Read']);
    silent(findings, '.claude/agents/renamed.md', 'AG-AGT-003');
    assert.deepEqual([...tools('renamed-names')].sort(), ['Edit', 'Read', 'Skill']);
  });

  test('AG-AGT-003: Task, KillShell and KillBash are still aliases (info): they grant Agent and TaskStop', () => {
    fires(findings, '.claude/agents/task.md', 'AG-AGT-003', 'Task is the old name of Agent; Claude Code still accepts it as an alias', 'info');
    assert.deepEqual(tools('task-alias'), ['Read', 'Agent']);
    fires(findings, '.claude/agents/killshell.md', 'AG-AGT-003', 'KillShell is the old name of TaskStop; Claude Code still accepts it as an alias', 'info');
    assert.deepEqual(tools('killshell-alias'), ['Read', 'TaskStop']);
    fires(findings, '.claude/agents/killbash.md', 'AG-AGT-003', 'KillBash is the old name of TaskStop; Claude Code still accepts it as an alias', 'info');
    assert.deepEqual(tools('killbash-alias'), ['Read', 'TaskStop']);
  });

  test('AG-AGT-003: an invented tool name matches nothing', () => {
    fires(findings, '.claude/agents/invented.md', 'AG-AGT-003', 'Frobnicate is not a Claude Code tool', 'warning');
    assert.deepEqual(tools('invented-tool'), ['Read']);
  });

  test('AG-AGT-005: a tool in tools and disallowedTools is blocked', () => {
    fires(findings, '.claude/agents/conflict.md', 'AG-AGT-005', 'Bash is in both tools and disallowedTools; it is blocked.', 'warning');
    assert.deepEqual(tools('conflict'), ['Read']);
  });

  test('AG-AGT-004: a tools allowlist drops Skill (and every tool it does not name); without one the agent has Skill', () => {
    fires(findings, '.claude/agents/tools.md', 'AG-AGT-004', 'this agent gets no MCP tools, no Skill', 'info');
    assert.ok(!tools('tools-agent').includes('Skill'));
    silentEvenInfo(findings, '.claude/agents/plain.md', 'AG-AGT-004');
    assert.ok(tools('plain').includes('Skill'), tools('plain').join());
  });

  test('AG-AGT-002: an unknown permissionMode does not stop the agent loading; an unknown model is sent to the API as written', () => {
    fires(findings, '.claude/agents/mode.md', 'AG-AGT-002', 'permissionMode: "yolo" is not one of', 'error');
    assert.ok(isAgent('bad-mode'));
    fires(findings, '.claude/agents/model.md', 'AG-AGT-002', 'model: "gpt-4" is neither an alias', 'error');
    assert.equal(run.subagents['bad-model']?.model, 'gpt-4');
    silent(findings, '.claude/agents/good-model.md');
    assert.match(run.subagents['good-model']?.model ?? '', /haiku/);
  });

  test('AG-SKL-001: a skill and a command with CRLF line endings load with their descriptions (an info hint)', () => {
    fires(findings, '.claude/skills/crlf-skill/SKILL.md', 'AG-SKL-001', 'CRLF', 'info');
    fires(findings, '.claude/commands/crlf-command.md', 'AG-SKL-001', 'CRLF', 'info');
    assert.equal(skills['crlf-skill']?.description, 'The crlf-skill skill');
    assert.equal(skills['crlf-command']?.description, 'The crlf-command command');
  });

  test('AG-SKL-001: frontmatter that does not parse, or an unindented continuation: the skill loads without it (its body is the description)', () => {
    fires(findings, '.claude/skills/bad-yaml/SKILL.md', 'AG-SKL-001', 'Claude Code ignores it, and the skill loads without its description', 'error');
    assert.equal(skills['bad-yaml']?.description, 'BAD-YAML body line');
    fires(findings, '.claude/skills/continued-skill/SKILL.md', 'AG-SKL-001', 'cannot parse this frontmatter and ignores it', 'error');
    assert.equal(skills['continued-skill']?.description, 'CONTINUED body line');
    silent(findings, '.claude/skills/hint/SKILL.md');
    assert.equal(skills.hint?.description, 'The hint skill');
  });

  test('AG-SKL-005: a skill whose name differs from its folder is listed as "folder (name)", and the name finds it too (info)', () => {
    fires(findings, '.claude/skills/folder-x/SKILL.md', 'AG-SKL-005', 'lists this skill as folder-x (other-name)', 'info');
    assert.deepEqual(skills['folder-x'], { title: 'other-name', description: 'The other-name skill' });
    assert.ok(!('other-name' in skills));
    assert.ok(run.init.slash_commands.includes('folder-x') && !run.init.slash_commands.includes('other-name'));
    const after = run.main.find((b) => JSON.stringify(b.messages).includes('FOLDER-X body'));
    assert.ok(after, 'Skill("other-name") did not bring the folder-x skill');
    silentEvenInfo(findings, '.claude/skills/same/SKILL.md', 'AG-SKL-005');
    assert.deepEqual(skills.same, { title: null, description: 'The same skill' });
  });

  test('AG-MD-001: an @import that does not resolve is skipped silently; one that resolves is loaded', () => {
    fires(findings, 'CLAUDE.md', 'AG-MD-001', '@docs/missing.md does not resolve', 'warning');
    assert.ok(run.system.includes('PRESENT-IMPORT-MARKER'), 'the resolved import did not reach the model');
    assert.ok(!findings.some((f) => f.file === 'CLAUDE.md' && f.message.includes('present.md')));
  });

  test('AG-MD-002: an @import of .env sends its values to the model', () => {
    fires(findings, 'CLAUDE.md', 'AG-MD-002', '@.env loads a secret file (dotenv) into the context of every conversation', 'error');
    assert.ok(JSON.stringify(run.main).includes('imported-secret-value-0001'), 'the imported .env value did not reach the model');
  });
});

test(`Claude Code ${version}: a user typing /<name> of a skill whose folder differs gets that skill (AG-SKL-005)`, async () => {
  const w = workspace('skill-name', { '.claude/skills/folder-x/SKILL.md': S('other-name', '', 'FOLDER-X body\n') });
  const run = await runClaude(w, { prompt: '/other-name' });
  assert.equal(run.code, 0, run.describe());
  assert.ok(JSON.stringify(run.main[0]?.messages ?? '').includes('FOLDER-X body'), run.describe());
});

// ---------------------------------------------------------------------------------------------
// Skills that pre-approve tools and run !`commands`: permission prompts are denials in -p mode, so
// what a skill pre-approves shows in what runs. Each script leaves a file when it ran.

const SCRIPTS = ['mka', 'mkb', 'mkc', 'mkd', 'mke', 'mkf'];
describe(`Claude Code ${version}: what skills pre-approve and run`, () => {
  let w;
  let findings;
  let run;
  const made = (s) => existsSync(join(w.ws, `${s}.txt`));
  before(async () => {
    const files = {
      '.claude/settings.json': JSON.stringify(
        {
          permissions: {
            allow: ['Skill(pre)', 'Skill(crlf-pre)', 'Skill(bang-yes)', 'Skill(bang-ro)', 'Skill(bang-env)', 'Skill(bang-settings)', 'Bash(./mkf.sh *)'],
          },
        },
        null,
        2,
      ),
      '.claude/skills/pre/SKILL.md': S('pre', 'allowed-tools: Bash(./mka.sh *)\n'),
      '.claude/skills/tools-key/SKILL.md': S('tools-key', 'tools: Bash(./mkb.sh *)\n'),
      '.claude/skills/crlf-pre/SKILL.md': S('crlf-pre', 'allowed-tools: Bash(./mkc.sh *)\n').replaceAll('\n', '\r\n'),
      '.claude/skills/bang-no/SKILL.md': S('bang-no', '', 'State: !`./mkd.sh mkd`\n'),
      '.claude/skills/bang-yes/SKILL.md': S('bang-yes', 'allowed-tools: Bash(./mke.sh *)\n', 'State: !`./mke.sh mke`\n'),
      '.claude/skills/bang-ro/SKILL.md': S('bang-ro', '', 'When: !`date +%F`, who: !`whoami`, dir: !`basename /a/b`, sorted: !`echo b | sort`\n'),
      '.claude/skills/bang-env/SKILL.md': S('bang-env', '', 'Vars: !`env | grep -c PATH`\n'),
      '.claude/skills/bang-settings/SKILL.md': S('bang-settings', '', 'State: !`./mkf.sh mkf`\n'),
      '.claude/skills/fork-yes/SKILL.md': S('fork-yes', 'context: fork\nagent: Explore\n', 'LOADER-PROBE fork-yes\n'),
      '.claude/skills/fork-no/SKILL.md': S('fork-no', 'agent: Explore\n', 'LOADER-PROBE fork-no\n'),
    };
    for (const s of SCRIPTS) files[`${s}.sh`] = '#!/bin/sh\ntouch "$1.txt"\n';
    w = workspace('skills', files);
    for (const s of SCRIPTS) chmodSync(join(w.ws, `${s}.sh`), 0o755);
    findings = lint(w);
    const bash = (s) => ({ tool: 'Bash', input: { command: `./${s}.sh ${s}`, description: 'scripted' } });
    const skill = (s) => ({ tool: 'Skill', input: { skill: s } });
    run = await runClaude(w, {
      skipPermissions: false,
      steps: [
        skill('pre'),
        bash('mka'),
        skill('tools-key'),
        bash('mkb'),
        skill('crlf-pre'),
        bash('mkc'),
        skill('bang-no'),
        skill('bang-yes'),
        skill('fork-yes'),
        skill('fork-no'),
        skill('bang-ro'),
        skill('bang-env'),
        skill('bang-settings'),
      ],
    });
    assert.equal(run.code, 0, run.describe());
  });

  test('control: allowed-tools pre-approves the command for the turn', () => {
    silent(findings, '.claude/skills/pre/SKILL.md');
    assert.equal(run.resultAfter(0), 'Launching skill: pre');
    assert.ok(made('mka'), `${run.resultAfter(1)}\n${run.describe()}`);
  });

  test('AG-SKL-004: tools: in a skill is ignored: nothing is pre-approved', () => {
    fires(findings, '.claude/skills/tools-key/SKILL.md', 'AG-SKL-004', 'tools is not a skill setting, so Claude Code ignores it', 'warning');
    assert.equal(run.resultAfter(2), 'Launching skill: tools-key');
    assert.ok(!made('mkb'));
    assert.match(run.resultAfter(3) ?? '', /requires approval/);
  });

  test('AG-SKL-001: allowed-tools in a CRLF skill is read (the CRLF hint is info only)', () => {
    fires(findings, '.claude/skills/crlf-pre/SKILL.md', 'AG-SKL-001', 'CRLF', 'info');
    assert.ok(made('mkc'), `${run.resultAfter(5)}`);
  });

  test('AG-SKL-003: a !`command` allowed-tools does not cover aborts the skill; covered, it runs', () => {
    fires(findings, '.claude/skills/bang-no/SKILL.md', 'AG-SKL-003', 'is not covered by allowed-tools, so invoking this skill aborts', 'error');
    assert.ok(!made('mkd'));
    assert.match(run.resultAfter(6) ?? '', /Shell command permission check failed/);
    silent(findings, '.claude/skills/bang-yes/SKILL.md', 'AG-SKL-003');
    assert.ok(made('mke'), `${run.resultAfter(7)}`);
  });

  test('AG-SKL-003: read-only commands need no allowed-tools (date, whoami, basename, sort); env does; a project allow rule covers a !`command`', () => {
    silent(findings, '.claude/skills/bang-ro/SKILL.md', 'AG-SKL-003');
    assert.equal(run.resultAfter(10), 'Launching skill: bang-ro');
    fires(findings, '.claude/skills/bang-env/SKILL.md', 'AG-SKL-003', '`env` is not covered by allowed-tools, so invoking this skill aborts', 'error');
    assert.match(run.resultAfter(11) ?? '', /Shell command permission check failed/);
    silent(findings, '.claude/skills/bang-settings/SKILL.md', 'AG-SKL-003');
    assert.ok(made('mkf'), `${run.resultAfter(12)}`);
  });

  test('AG-SKL-001: agent without context: fork is ignored (the skill runs inline); with it, in that subagent', () => {
    silent(findings, '.claude/skills/fork-yes/SKILL.md');
    assert.ok(run.subagents['fork-yes'], `the forked skill did not run as a subagent: ${run.resultAfter(8)}`);
    assert.ok(!run.subagents['fork-yes'].tools.includes('Edit'), 'not the Explore agent (it has no Edit)');
    fires(findings, '.claude/skills/fork-no/SKILL.md', 'AG-SKL-001', 'agent only applies with context: fork; here it is ignored.', 'warning');
    assert.equal(run.subagents['fork-no'], undefined);
    assert.ok(
      run.main.some((b) => !JSON.stringify(b.messages[0]).includes('LOADER-PROBE') && JSON.stringify(b.messages).includes('LOADER-PROBE fork-no')),
      'the skill body did not reach the main loop',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Settings and hooks: one workspace per settings file (a file Claude Code rejects takes all of its
// hooks and rules with it). Hooks append to $LOG; a sentinel hook shows whether the file was read.

const mark = (tag) => `echo ${tag} >> $LOG`;
const logEnv = (tag) => `echo "${tag}|$CLAUDE_TOOL_NAME|$CLAUDE_TOOL_FILE_PATH|$CLAUDE_FILE_PATHS|$CLAUDE_AGENT_NAME|$STDIN_JSON|$CLAUDE_PROJECT_DIR" >> $LOG`;
const hook = (command, extra = {}) => ({ type: 'command', command, ...extra });
const SENTINEL = { UserPromptSubmit: [{ hooks: [hook(mark('sentinel'))] }] };
const DENY_ECHO = { deny: ['Bash(echo denied*)'] };

async function settingsRun(name, settings, { text = null } = {}) {
  const w = workspace(name, { '.claude/settings.json': text ?? JSON.stringify(settings, null, 2), 'a.txt': 'hello\n' });
  const findings = lint(w);
  const run = await runClaude(w, {
    steps: [
      { tool: 'Read', input: { file_path: join(w.ws, 'a.txt') } },
      { tool: 'Bash', input: { command: 'echo denied > denied.txt', description: 'scripted' } },
      { tool: 'Bash', input: { command: 'echo ran > ran.txt', description: 'scripted' } },
    ],
  });
  assert.equal(run.code, 0, run.describe());
  const tags = w.hookLog().map((l) => l.split('|')[0]);
  return { w, findings, run, tags, denyHeld: !existsSync(join(w.ws, 'denied.txt')) };
}

describe(`Claude Code ${version}: settings and hooks`, () => {
  describe('a valid settings file', () => {
    let r;
    before(async () => {
      r = await settingsRun('valid', {
        permissions: DENY_ECHO,
        hooks: {
          UserPromptSubmit: [
            { hooks: [hook(mark('sentinel')), hook('env > "$LOG.env.UserPromptSubmit"')] },
            { matcher: 'NothingAtAll', hooks: [hook(mark('prompt-matcher'))] },
          ],
          PostToolUse: [{ matcher: 'Read', hooks: [hook('env > "$LOG.env.PostToolUse"')] }],
          SessionStart: [{ hooks: [hook('env > "$LOG.env.SessionStart"')] }],
          PreToolUse: [
            {
              matcher: 'Read',
              hooks: [
                hook(logEnv('pre-read')),
                hook('cat > "$LOG.stdin"'),
                hook('env > "$LOG.env.PreToolUse"'),
                hook(`sleep 1; ${mark('slept')}`, { timeout: 5 }),
              ],
            },
            { matcher: 'Bash', hooks: [hook('echo blocked >&2; exit 2', { async: true })] },
          ],
          Stop: [
            { matcher: 'NoSuchTool', hooks: [hook(mark('stop-matcher'))] },
            { hooks: [hook(mark('ms-timeout'), { timeout: 5000 }), hook('env > "$LOG.env.Stop"')] },
          ],
        },
      });
    });

    test('control: its hooks run and its deny rule holds', () => {
      silent(r.findings, '.claude/settings.json', 'AG-SET-001', 'AG-SET-002');
      assert.ok(r.tags.includes('sentinel'), r.tags.join());
      assert.ok(r.denyHeld);
    });

    test('AG-SET-009: $CLAUDE_TOOL_NAME, $CLAUDE_TOOL_FILE_PATH, $CLAUDE_FILE_PATHS, $CLAUDE_AGENT_NAME and $STDIN_JSON are never set; CLAUDE_PROJECT_DIR is, and the input is JSON on stdin', () => {
      for (const v of ['CLAUDE_TOOL_NAME', 'CLAUDE_TOOL_FILE_PATH', 'CLAUDE_FILE_PATHS', 'CLAUDE_AGENT_NAME', 'STDIN_JSON'])
        fires(r.findings, '.claude/settings.json', 'AG-SET-009', `never sets $${v}`, 'warning');
      assert.deepEqual(
        r.w.hookLog().filter((l) => l.startsWith('pre-read')),
        [`pre-read||||||${r.w.ws}`],
      );
      const input = JSON.parse(readFileSync(`${r.w.log}.stdin`, 'utf8'));
      assert.equal(input.tool_name, 'Read');
      assert.equal(input.tool_input.file_path, join(r.w.ws, 'a.txt'));
    });

    test('AG-SET-009: no hook of any event gets a variable the rule reports: its CLAUDE_* variables are the ones the rule knows are set (SET_BY_CLAUDE, CLAUDE_CODE_*), and no input variable', () => {
      // As core/lint/rules/hook-unset-env.ts SET_BY_CLAUDE and INPUT_VARS (plugin hooks add CLAUDE_PLUGIN_ROOT/DATA).
      const known = new Set([
        'CLAUDECODE',
        'CLAUDE_PROJECT_DIR',
        'CLAUDE_PID',
        'CLAUDE_EFFORT',
        'CLAUDE_ENV_FILE',
        'CLAUDE_PLUGIN_ROOT',
        'CLAUDE_PLUGIN_DATA',
        'CLAUDE_CONFIG_DIR',
      ]);
      const inputs = new Set(['STDIN_JSON', 'HOOK_INPUT', 'HOOK_JSON', 'HOOK_DATA', 'INPUT_JSON', 'TOOL_INPUT', 'TOOL_NAME', 'TOOL_ARGS', 'HOOK_EVENT_NAME']);
      const family = {
        test: (line) => {
          const name = line.split('=')[0];
          return (name.startsWith('CLAUDE') && !known.has(name) && !name.startsWith('CLAUDE_CODE_')) || inputs.has(name);
        },
      };
      for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']) {
        const env = readFileSync(`${r.w.log}.env.${event}`, 'utf8').split('\n');
        assert.ok(env.includes(`CLAUDE_PROJECT_DIR=${r.w.ws}`), `${event}: no CLAUDE_PROJECT_DIR`);
        assert.deepEqual(
          env.filter((l) => family.test(l)),
          [],
          `${event} hooks get a variable the rule says is never set`,
        );
      }
    });

    test('AG-SET-012: a matcher on UserPromptSubmit or Stop is ignored: the hook runs anyway', () => {
      fires(r.findings, '.claude/settings.json', 'AG-SET-012', '"NothingAtAll" is ignored and this hook runs on every UserPromptSubmit', 'warning');
      fires(r.findings, '.claude/settings.json', 'AG-SET-012', '"NoSuchTool" is ignored and this hook runs on every Stop', 'warning');
      assert.ok(r.tags.includes('prompt-matcher') && r.tags.includes('stop-matcher'), r.tags.join());
    });

    test('AG-SET-011: timeout is in seconds: a hook that takes a second survives timeout: 5 (5 ms would kill it)', () => {
      fires(r.findings, '.claude/settings.json', 'AG-SET-011', 'timeout is in seconds: 5000 is 1.4 hours', 'warning');
      assert.equal(r.findings.filter((f) => f.code === 'AG-SET-011').length, 1, 'timeout: 5 is not reported');
      assert.ok(r.tags.includes('slept'), r.tags.join());
    });

    test('AG-SET-002: an async PreToolUse hook cannot block: its exit 2 is ignored', () => {
      fires(r.findings, '.claude/settings.json', 'AG-SET-002', 'An async PreToolUse hook cannot block anything', 'info');
      assert.ok(existsSync(join(r.w.ws, 'ran.txt')), r.run.describe());
    });
  });

  test('AG-SET-002: an unknown event and a handler without its command are skipped; the rest of the file applies', async () => {
    const r = await settingsRun('skipped-entries', {
      permissions: DENY_ECHO,
      hooks: { ...SENTINEL, PreToolUsage: [{ hooks: [hook(mark('unknown-event'))] }], Stop: [{ hooks: [{ type: 'command' }] }] },
    });
    fires(r.findings, '.claude/settings.json', 'AG-SET-002', '"PreToolUsage" is not a hook event; Claude Code skips it', 'warning');
    fires(r.findings, '.claude/settings.json', 'AG-SET-002', 'A command handler needs "command"; Claude Code skips this hook', 'error');
    assert.deepEqual(r.tags, ['sentinel']);
    assert.ok(r.denyHeld);
  });

  for (const [name, handler, text] of [
    ['an unknown handler type', { type: 'shell', command: mark('bad') }, 'Handler type must be one of'],
    ['a handler without a type', { command: mark('bad') }, 'Handler type must be one of'],
    ['timeout: 0', hook(mark('bad'), { timeout: 0 }), 'timeout is in seconds and must be more than 0'],
  ]) {
    test(`AG-SET-002: ${name} makes Claude Code skip the whole settings file, hooks and permission rules`, async () => {
      const r = await settingsRun('rejected', { permissions: DENY_ECHO, hooks: { ...SENTINEL, PreToolUse: [{ matcher: 'Read', hooks: [handler] }] } });
      fires(r.findings, '.claude/settings.json', 'AG-SET-002', `${text}`, 'error');
      fires(r.findings, '.claude/settings.json', 'AG-SET-002', 'skips this whole settings file', 'error');
      assert.deepEqual(r.tags, []);
      assert.ok(!r.denyHeld, 'the deny rule still held');
    });
  }

  test('AG-SET-001: a trailing comma: Claude Code skips the whole file', async () => {
    const text = `${JSON.stringify({ permissions: DENY_ECHO, hooks: SENTINEL }, null, 2).replace(/\n}$/, ',\n}')}\n`;
    const r = await settingsRun('comma', null, { text });
    fires(r.findings, '.claude/settings.json', 'AG-SET-001', 'Claude Code skips this whole file', 'error');
    assert.deepEqual(r.tags, []);
    assert.ok(!r.denyHeld);
  });

  test('AG-SET-006: disableAllHooks stops every hook', async () => {
    const r = await settingsRun('disabled', { disableAllHooks: true, hooks: SENTINEL });
    fires(r.findings, '.claude/settings.json', 'AG-SET-006', 'disableAllHooks: true stops every hook', 'warning');
    assert.deepEqual(r.tags, []);
  });
});

// ---------------------------------------------------------------------------------------------
// Permission rules: what a rule says against what the real permission check does.

describe(`Claude Code ${version}: permission rules`, () => {
  test('AG-SET-003: Write(path) and single-slash Read(/abs) deny rules are never consulted; Edit(path) and Read(//abs) are', async () => {
    // $WS is the workspace's absolute path: Read($WS/…) has one leading slash, Read(/$WS/…) two.
    const settings = { permissions: { deny: ['Write(./w1.txt)', 'Edit(./w2.txt)', 'Read($WS/r1.txt)', 'Read(/$WS/r2.txt)'] } };
    const w2 = workspace('deny-forms', { 'r1.txt': 'R1-CONTENT\n', 'r2.txt': 'R2-CONTENT\n', '.claude/settings.json': JSON.stringify(settings, null, 2) });
    const findings = lint(w2);
    fires(
      findings,
      '.claude/settings.json',
      'AG-SET-003',
      'Write(…) path rules are never consulted; Edit(…) rules govern Write. This deny rule does nothing.',
      'error',
    );
    fires(findings, '.claude/settings.json', 'AG-SET-003', 'a single leading / is relative to the settings file', 'warning');
    assert.equal(findings.filter((f) => f.code === 'AG-SET-003').length, 2, JSON.stringify(findings));
    const run = await runClaude(w2, {
      steps: [
        { tool: 'Write', input: { file_path: join(w2.ws, 'w1.txt'), content: 'x' } },
        { tool: 'Write', input: { file_path: join(w2.ws, 'w2.txt'), content: 'x' } },
        { tool: 'Read', input: { file_path: join(w2.ws, 'r1.txt') } },
        { tool: 'Read', input: { file_path: join(w2.ws, 'r2.txt') } },
      ],
    });
    assert.equal(run.code, 0, run.describe());
    assert.ok(existsSync(join(w2.ws, 'w1.txt')), 'Write(./w1.txt) denied the write');
    assert.ok(!existsSync(join(w2.ws, 'w2.txt')), 'Edit(./w2.txt) did not deny the write');
    assert.match(run.resultAfter(2) ?? '', /R1-CONTENT/);
    assert.doesNotMatch(run.resultAfter(3) ?? '', /R2-CONTENT/);
    assert.match(run.resultAfter(3) ?? '', /denied/);
  });

  test('AG-SET-003, AG-SET-005 and AG-SET-010: Bash(x:* y) matches a literal colon; a deny overrides an allow; "B*" in allow is skipped; Bash(x:*) allows', async () => {
    const permissions = { allow: ['Bash(./mka.sh:* mka)', 'Bash(./mkb.sh:*)', 'B*', 'Bash(./mkd.sh *)'], deny: ['Bash(./mkd.sh *)'] };
    const files = { '.claude/settings.json': JSON.stringify({ permissions }, null, 2) };
    for (const s of ['mka', 'mkb', 'mkc', 'mkd']) files[`${s}.sh`] = '#!/bin/sh\ntouch "$1.txt"\n';
    const w = workspace('allow-forms', files);
    for (const s of ['mka', 'mkb', 'mkc', 'mkd']) chmodSync(join(w.ws, `${s}.sh`), 0o755);
    const findings = lint(w);
    fires(findings, '.claude/settings.json', 'AG-SET-003', '":*" only means "anything after" at the end of a rule', 'warning');
    fires(findings, '.claude/settings.json', 'AG-SET-010', '"B*" is skipped', 'warning');
    assert.ok(!findings.some((f) => f.message.includes('Bash(./mkb.sh:*)')), JSON.stringify(findings));
    const bash = (s) => ({ tool: 'Bash', input: { command: `./${s}.sh ${s}`, description: 'scripted' } });
    fires(
      findings,
      '.claude/settings.json',
      'AG-SET-005',
      'Bash(./mkd.sh *) never applies: the deny rule Bash(./mkd.sh *) matches the same calls and deny wins.',
      'warning',
    );
    const run = await runClaude(w, { skipPermissions: false, steps: [bash('mka'), bash('mkb'), bash('mkc'), bash('mkd')] });
    assert.equal(run.code, 0, run.describe());
    assert.ok(!existsSync(join(w.ws, 'mka.txt')), 'Bash(./mka.sh:* mka) allowed ./mka.sh mka');
    assert.ok(existsSync(join(w.ws, 'mkb.txt')), `Bash(./mkb.sh:*) did not allow: ${run.resultAfter(1)}`);
    assert.ok(!existsSync(join(w.ws, 'mkc.txt')), '"B*" allowed Bash');
    assert.match(run.debug, /Invalid permission rule "B\*" was skipped/);
    assert.ok(!existsSync(join(w.ws, 'mkd.txt')), 'the allow rule won over the deny rule');
    assert.match(run.resultAfter(3) ?? '', /denied/);
  });
});

// ---------------------------------------------------------------------------------------------
// MCP tools: user-scope stdio servers (mcp-server.mjs, one `ping` tool each), tool search off so
// that their tools are in the main loop's tool list.

describe(`Claude Code ${version}: MCP tools`, () => {
  const NO_SEARCH = { ENABLE_TOOL_SEARCH: 'false' };
  const ping = (server) => ({ tool: `mcp__${server}__ping`, input: {} });

  test('AG-SET-002 and AG-AGT-004: a bare mcp__server matcher matches no tool (mcp__server__.* and the full name do); an allowlist drops MCP tools', async () => {
    const matchers = { mcp__probe: 'bare', 'mcp__probe__.*': 'regex', mcp__probe__ping: 'full' };
    const settings = { hooks: { PreToolUse: Object.entries(matchers).map(([matcher, tag]) => ({ matcher, hooks: [hook(mark(tag))] })) } };
    const w = workspace(
      'mcp-matchers',
      {
        '.claude/settings.json': JSON.stringify(settings, null, 2),
        '.claude/agents/narrow.md': A('narrow', 'tools: Read\n'),
        '.claude/agents/wide.md': A('wide'),
      },
      { mcp: ['probe'] },
    );
    const findings = lint(w);
    fires(findings, '.claude/settings.json', 'AG-SET-002', 'The matcher "mcp__probe" is an exact tool name and matches no tool', 'warning');
    assert.equal(findings.filter((f) => f.code === 'AG-SET-002').length, 1, JSON.stringify(findings));
    fires(findings, '.claude/agents/narrow.md', 'AG-AGT-004', 'no MCP tools', 'info');
    const run = await runClaude(w, { agents: ['narrow', 'wide'], steps: [ping('probe')], env: NO_SEARCH });
    assert.equal(run.code, 0, run.describe());
    assert.deepEqual(w.mcpCalls(), ['probe ping'], run.describe());
    assert.deepEqual(w.hookLog().sort(), ['full', 'regex']);
    assert.ok(!run.subagents.narrow.tools.includes('mcp__probe__ping'), run.subagents.narrow.tools.join());
    assert.ok(run.subagents.wide.tools.includes('mcp__probe__ping'), run.subagents.wide.tools.join());
  });

  test('AG-SET-010: "mcp__*" in permissions.allow is skipped (the tool still needs approval); "mcp__<server>" allows its tools', async () => {
    const w = workspace(
      'mcp-allow',
      { '.claude/settings.json': JSON.stringify({ permissions: { allow: ['mcp__*', 'mcp__named'] } }, null, 2) },
      { mcp: ['any', 'named'] },
    );
    const findings = lint(w);
    fires(findings, '.claude/settings.json', 'AG-SET-010', '"mcp__*" is skipped', 'warning');
    assert.equal(findings.filter((f) => f.code === 'AG-SET-010').length, 1, JSON.stringify(findings));
    const run = await runClaude(w, { skipPermissions: false, steps: [ping('any'), ping('named')], env: NO_SEARCH });
    assert.equal(run.code, 0, run.describe());
    assert.deepEqual(w.mcpCalls(), ['named ping'], `${run.resultAfter(0)}\n${run.describe()}`);
    assert.match(run.debug, /Invalid permission rule "mcp__\*" was skipped/);
  });
});

// ---------------------------------------------------------------------------------------------
// Workflows: a Workflow call runs the script in the real runtime. Launch errors come back in the
// tool result; a launched script's outcome arrives in a later task notification.

const WF = (n, body) => `export const meta = { name: '${n}', description: 'probe ${n}' }\n${body}`;
describe(`Claude Code ${version}: the workflow runtime`, () => {
  const CASES = {
    export: WF('export', 'export function helper() { return 1 }\nreturn "ok"\n'),
    'no-export': WF('no-export', 'function helper() { return 1 }\nreturn "NO-EXPORT-" + helper()\n'),
    'date-now': WF('date-now', 'const t = Date.now()\nreturn t\n'),
    'meta-late': 'const n = "x"\nexport const meta = { name: "meta-late", description: "d" }\nreturn n\n',
    require: WF('require', 'const fs = require("fs")\nreturn "required"\n'),
    parse: WF('parse', 'const input = JSON.parse(args)\nreturn "PARSED-" + input.a\n'),
    'args-direct': WF('args-direct', 'return "DIRECT-" + typeof args + "-" + args.a\n'),
    system: WF('system', 'const r = await agent("LOADER-PROBE wf-system", { system: "SYSTEM-MARKER-7F3" })\nreturn "SYSTEM-RAN"\n'),
    'agent-type': WF('agent-type', 'const r = await agent("LOADER-PROBE wf-type", { agentType: "no-such-agent" })\nreturn "TYPE-RAN"\n'),
  };
  const ARGS = { parse: { a: 1 }, 'args-direct': '{"a":2}' };
  /** Also sent inline (as `script`), where the runtime checks the script before launching it. */
  const INLINE = ['meta-late', 'date-now'];
  let findings;
  let run;
  const names = Object.keys(CASES);
  const file = (n) => `.claude/workflows/${n}.js`;
  /** The launch result, or the notification's status and summary/result text. */
  const outcome = (n, inline = false) => {
    const i = inline ? names.length + INLINE.indexOf(n) : names.indexOf(n);
    const launch = run.resultAfter(i) ?? '';
    const id = /Task ID: (\w+)/.exec(launch)?.[1];
    if (!id) return { launched: false, text: launch };
    const all = run.main.map((b) => JSON.stringify(b.messages)).join('\n');
    const at = all.indexOf(`<task-id>${id}</task-id>`);
    assert.ok(at >= 0, `no task notification for ${n}:\n${run.describe()}`);
    return { launched: true, text: all.slice(at, all.indexOf('</task-notification>', at)).replaceAll('\\"', '"').replaceAll('\\n', '\n') };
  };
  before(async () => {
    const files = {};
    for (const n of names) files[file(n)] = CASES[n];
    const w = workspace('workflows', files);
    findings = lint(w);
    const byName = names.map((n) => ({ tool: 'Workflow', input: ARGS[n] === undefined ? { name: n } : { name: n, args: ARGS[n] } }));
    run = await runClaude(w, { prompt: 'Use a workflow.', steps: [...byName, ...INLINE.map((n) => ({ tool: 'Workflow', input: { script: CASES[n] } }))] });
    assert.equal(run.code, 0, run.describe());
  });

  test('AG-WF-001: an export other than meta: not launched (SyntaxError); without it the helper runs', () => {
    fires(findings, file('export'), 'AG-WF-001', 'Illegal export', 'error');
    const o = outcome('export');
    assert.equal(o.launched, false);
    assert.match(o.text, /SyntaxError: Unexpected keyword 'export'/);
    silent(findings, file('no-export'));
    assert.match(outcome('no-export').text, /<status>completed<\/status>[\s\S]*NO-EXPORT-1/);
  });

  test('AG-WF-002: meta not the first statement: the saved workflow does not exist; sent inline, it is rejected', () => {
    fires(findings, file('meta-late'), 'AG-WF-002', '`export const meta` must be the first statement', 'error');
    const saved = outcome('meta-late');
    assert.equal(saved.launched, false);
    assert.match(saved.text, /Workflow "meta-late" not found/);
    const inline = outcome('meta-late', true);
    assert.equal(inline.launched, false);
    assert.match(inline.text, /must be the FIRST statement/);
  });

  test('AG-WF-003: Date.now() fails the run (rejected at launch when sent inline); require() throws in the run', () => {
    fires(findings, file('date-now'), 'AG-WF-003', 'Date.now() throws in a workflow script', 'error');
    const d = outcome('date-now');
    assert.match(d.text, /<status>failed<\/status>/, d.text);
    const inline = outcome('date-now', true);
    assert.equal(inline.launched, false);
    assert.match(inline.text, /Date\.now\(\)\/Math\.random\(\)\/new Date\(\) are unavailable/);
    fires(findings, file('require'), 'AG-WF-003', 'require() is not available in a workflow script', 'error');
    assert.match(outcome('require').text, /<status>failed<\/status>[\s\S]*require is not defined/);
  });

  test('AG-WF-004: args arrives as a value (a JSON string is parsed): JSON.parse(args) throws; args.a works', () => {
    fires(findings, file('parse'), 'AG-WF-004', 'JSON.parse(args) throws', 'warning');
    assert.match(outcome('parse').text, /<status>failed<\/status>[\s\S]*(SyntaxError|JSON)/);
    silent(findings, file('args-direct'));
    assert.match(outcome('args-direct').text, /<status>completed<\/status>[\s\S]*DIRECT-object-2/);
  });

  test('AG-WF-005: agent() ignores a system option; an agentType with no agent file fails the workflow', () => {
    fires(findings, file('system'), 'AG-WF-005', 'agent() has no `system` option (it is ignored)', 'error');
    assert.match(outcome('system').text, /<status>completed<\/status>[\s\S]*SYSTEM-RAN/);
    assert.ok(run.subagents['wf-system'], 'the workflow agent did not reach the model');
    const sub = run.main.find((b) => JSON.stringify(b.messages?.[0] ?? '').includes('wf-system'));
    assert.ok(!JSON.stringify(sub).includes('SYSTEM-MARKER-7F3'), 'the system option reached the agent');
    fires(findings, file('agent-type'), 'AG-WF-005', 'No subagent "no-such-agent"', 'warning');
    assert.match(outcome('agent-type').text, /<status>failed<\/status>[\s\S]*agent type 'no-such-agent' not found/);
  });
});

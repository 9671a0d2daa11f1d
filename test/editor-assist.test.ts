// The editor's help beyond diagnostics, from the same knowledge as the linter (core/lint): hovers
// (a key, a tool, a model, a permission rule, a hook event, the guard's verdict on a command with
// its alternative), completion, code lenses, "What Claude Code reads" and "Teach the agent".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import guards from 'agent-guard:guards';
import rules from 'agent-guard:lint-rules';
import { applyEdits, createContext, LineIndex, lintFile } from '../core/lint/engine';
import { fileKind } from '../core/lint/files';
import { memoryWorkspace } from '../core/lint/workspace';
import { DEFAULT_CONFIG } from '../core/config';
import { hoverAt } from '../core/lint/hover';
import { completionsAt } from '../core/lint/completion';
import { lensesFor } from '../core/lint/lenses';
import { frontmatterView } from '../core/lint/frontmatter-view';
import { teachingLine, withTeaching } from '../core/lint/teach';
import { explainRule, hookRunsWhen } from '../core/lint/claude-code-docs';
import { LOADER_VERIFIED } from '../core/claude-code';

const ROOT = '/workspace';

function ctxFor(rel: string, text: string, files: Record<string, string> = {}) {
  const kind = fileKind(rel)!;
  const ws = memoryWorkspace(ROOT, { ...files, [rel]: text });
  return createContext({ path: `${ROOT}/${rel}`, rel, kind, text }, ws, new LineIndex(text), [], { rule: null }, { guards, config: DEFAULT_CONFIG });
}

function lint(rel: string, text: string) {
  const kind = fileKind(rel)!;
  return lintFile({ path: `${ROOT}/${rel}`, rel, kind, text }, memoryWorkspace(ROOT, { [rel]: text }), { rules, guards, config: DEFAULT_CONFIG });
}

/** The hover at the first occurrence of `at` in the text (its middle). */
function hover(rel: string, text: string, at: string) {
  const i = text.indexOf(at);
  assert.ok(i >= 0, at);
  return hoverAt(ctxFor(rel, text), i + Math.floor(at.length / 2));
}

test('hover on a command in CLAUDE.md: the guard would deny it, why, and the alternative to put in its place', () => {
  const text = '# Release\n\nPublish with `git push --force origin main`.\n';
  const h = hover('CLAUDE.md', text, 'git push --force');
  assert.deepEqual(h, {
    start: text.indexOf('git push'),
    end: text.indexOf('`.'),
    markdown:
      '**Agent Guard would deny this command** (`force-push-protected`): git push --force to the protected branch main rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first.\n\nInstead, run: `git push origin main`',
    replace: { start: text.indexOf('git push'), end: text.indexOf('`.'), newText: 'git push origin main' },
    short: '**Agent Guard would deny this command** (`force-push-protected`). Instead, run: `git push origin main`',
  });
});

test('hover on a command the text forbids: the verdict, no Replace, and why lint is silent', () => {
  const h = hover('CLAUDE.md', '# Rules\n\nNever run `rm -rf ~` here.\n', 'rm -rf');
  assert.match(h!.markdown, /^\*\*Agent Guard would deny this command\*\* \(`rm-catastrophic`\): rm -rf ~ deletes your home directory\./);
  assert.match(h!.markdown, /The text around it tells the agent not to run it/);
  assert.equal(h!.replace, undefined);
});

test("hover on a command the guards let through, in a shell block and in a skill's !`cmd`", () => {
  const md = '# Test\n\n```bash\nnpm test\n```\n';
  assert.equal(hover('CLAUDE.md', md, 'npm test')!.markdown, '**Agent Guard**: the guards let `npm test` through (as the hook would judge it in this folder).');
  const skill = '---\ndescription: Status\nallowed-tools: Bash(git status *)\n---\nState: !`git status --short`\n';
  assert.match(hover('.claude/skills/s/SKILL.md', skill, 'git status --short')!.markdown, /^\*\*Agent Guard\*\*: the guards let `git status --short` through/);
  // Prose is not a command.
  assert.equal(hover('CLAUDE.md', '# T\n\nRun the tests before you push.\n', 'tests'), null);
});

test("hover in an agent's frontmatter: a key, a tool of its list, a model, a key Claude Code ignores", () => {
  const text = '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\nmodel: opus\ncolour: blue\n---\nYou review.\n';
  const rel = '.claude/agents/reviewer.md';
  assert.equal(
    hover(rel, text, 'tools:')!.markdown,
    '**tools** (an agent): An allowlist: the agent gets only these tools (no MCP tools, no Skill, no tool added later). Omitted: every tool.',
  );
  assert.deepEqual(hover(rel, text, 'Grep'), { start: text.indexOf('Grep'), end: text.indexOf('Grep') + 4, markdown: '**Grep**: Searches file contents.' });
  assert.equal(hover(rel, text, 'opus')!.markdown, '**opus**: The latest Opus model.');
  assert.equal(hover(rel, text, 'colour')!.markdown, '`colour` is not an agent setting: Claude Code ignores it.');
});

test("hover on a rule in a skill's allowed-tools explains what it pre-approves", () => {
  const text = '---\ndescription: Deploy\nallowed-tools: Bash(git status *) Read\n---\n';
  assert.equal(
    hover('.claude/skills/deploy/SKILL.md', text, 'git status')!.markdown,
    '**Bash**: Runs a shell command.\n\nLets the agent run shell commands that start with `git status` without asking. Each part of a compound command (`&&`, `|`, `;`) must match on its own.',
  );
});

test('hover in settings: a permission rule, a hook event, a matcher, a hook command', () => {
  const text = JSON.stringify(
    {
      permissions: { allow: ['Bash(npx *)'], deny: ['Read(.env)'] },
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
        PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ type: 'command', command: 'cat .env' }] }],
      },
    },
    null,
    2,
  );
  const rel = '.claude/settings.json';
  assert.equal(
    hover(rel, text, 'Read(.env)')!.markdown,
    '**Read(.env)** (deny): Blocks reading files named `.env` at any depth. It also keeps Grep, Glob, @-mentions, Edit and Write away from it (best effort); other programs of a shell command are not stopped by it.',
  );
  assert.match(hover(rel, text, 'Bash(npx *)')!.markdown, /`npx` runs whatever follows it, so this allows every command\.$/);
  assert.equal(hover(rel, text, '"Stop"')!.markdown, '**Stop**: a hook here runs every time the agent finishes responding.');
  assert.equal(hover(rel, text, 'Bash|Write')!.markdown, 'This matcher makes the hooks of this group run before every Bash or Write call.');
  assert.match(
    hover(rel, text, 'cat .env')!.markdown,
    /^\*\*Agent Guard would deny this command\*\* \(`secret-read`\), and the hook runs it before every Bash or Write call: cat \.env prints/,
  );
  assert.equal(hover(rel, text, 'say done')!.markdown, 'This hook runs every time the agent finishes responding. The guards let the command through.');
});

test('explainRule: what a permission rule matches, per tool and list', () => {
  assert.equal(explainRule('Bash(*)', 'allow'), 'Lets the agent run every shell command without asking.');
  assert.equal(explainRule('Bash', 'deny'), 'Blocks every shell command.');
  assert.equal(explainRule('Bash(npm test)', 'allow'), 'Lets the agent run exactly `npm test` without asking.');
  assert.equal(explainRule('Write(src/**)', 'deny'), 'Claude Code accepts `Write(…)` but never consults it: write `Edit(src/**)`.');
  assert.equal(explainRule('Task(Explore)', 'deny'), 'Blocks the subagent `Explore`. (`Task` is the old name of `Agent`)');
  assert.equal(explainRule('mcp__github', 'allow'), 'Lets the agent run every tool of the MCP server `github` without asking.');
  assert.equal(
    explainRule('WebFetch(domain:*.example.com)', 'ask'),
    'Asks you before the agent runs fetching from `*.example.com` (its subdomains, not the domain itself).',
  );
  assert.equal(explainRule('Read(//etc/passwd)', 'deny').split('.')[0], 'Blocks reading the absolute path `/etc/passwd`');
  assert.equal(explainRule('Frobnicate(x)', 'allow'), '`Frobnicate` is not a Claude Code tool name: this rule matches nothing.');
});

test("hookRunsWhen: the event, narrowed by a tool event's matcher", () => {
  assert.equal(hookRunsWhen('PreToolUse'), 'before every tool call');
  assert.equal(hookRunsWhen('PreToolUse', '*'), 'before every tool call');
  assert.equal(hookRunsWhen('PostToolUse', 'Edit,Write'), 'after every successful Edit or Write call');
  assert.equal(hookRunsWhen('PreToolUse', 'mcp__memory__.*'), 'before every tool matching /mcp__memory__.*/ call');
  assert.equal(hookRunsWhen('Stop', 'Bash'), 'every time the agent finishes responding', 'Stop ignores a matcher');
  assert.equal(hookRunsWhen('Unheard'), 'on every Unheard event');
});

const labels = (xs: { label: string }[]) => xs.map((x) => x.label);

test("completion in an agent's frontmatter: the keys not yet there, tools for a subagent, models, values", () => {
  const rel = '.claude/agents/a.md';
  const keys = completionsAt('agent', '---\nname: a\nde', 14);
  assert.ok(labels(keys).includes('description') && !labels(keys).includes('name'), labels(keys).join());
  assert.deepEqual(
    keys.find((k) => k.label === 'description'),
    {
      label: 'description',
      kind: 'key',
      detail: 'When to use this agent: Claude reads it to decide when to delegate. Required.',
      insertText: 'description: ',
      start: 12,
      end: 14,
    },
  );
  const tools = '---\nname: a\ntools: Read, Gr';
  assert.deepEqual(
    completionsAt('agent', tools, tools.length).map((c) => [c.label, c.start, c.end]),
    [['Grep', tools.length - 2, tools.length]],
  );
  const all = labels(completionsAt('agent', '---\ntools: ', 11));
  assert.ok(all.includes('Bash') && !all.includes('AskUserQuestion') && !all.includes('Read'.repeat(2)), 'a subagent never gets AskUserQuestion');
  assert.deepEqual(labels(completionsAt('agent', '---\nmodel: ', 11)), ['sonnet', 'opus', 'haiku', 'fable', 'inherit']);
  assert.deepEqual(labels(completionsAt('agent', '---\npermissionMode: ac', 22)), ['acceptEdits']);
  const hooks = '---\nname: a\nhooks:\n  PreT';
  assert.deepEqual(
    completionsAt('agent', hooks, hooks.length).map((c) => [c.label, c.insertText]),
    [['PreToolUse', 'PreToolUse:']],
  );
  void rel;
});

test('completion in a skill: allowed-tools offers every tool, rule-taking ones as Tool(', () => {
  const text = '---\ndescription: d\nallowed-tools: Ba';
  assert.deepEqual(
    completionsAt('skill', text, text.length).map((c) => [c.label, c.insertText]),
    [['Bash', 'Bash(']],
  );
  const ask = '---\nallowed-tools: As';
  assert.deepEqual(labels(completionsAt('skill', ask, ask.length)), ['AskUserQuestion']);
  assert.deepEqual(labels(completionsAt('skill', '---\ncontext: ', 13)), ['fork']);
  // Outside the frontmatter: nothing.
  assert.deepEqual(completionsAt('skill', '---\ndescription: d\n---\nRead', 27), []);
});

test('completion in settings: tool names in a permission rule and in a hook matcher', () => {
  const rule = '{ "permissions": { "allow": ["Ba"] } }';
  assert.deepEqual(
    completionsAt('settings', rule, rule.indexOf('Ba') + 2).map((c) => [c.label, c.insertText, c.start]),
    [['Bash', 'Bash(', rule.indexOf('Ba')]],
  );
  const matcher = '{ "hooks": { "PreToolUse": [ { "matcher": "Bash|Wr" } ] } }';
  assert.deepEqual(
    completionsAt('settings', matcher, matcher.indexOf('Wr') + 2).map((c) => [c.label, c.start]),
    [['Write', matcher.indexOf('Wr')]],
  );
  assert.deepEqual(completionsAt('settings', '{ "model": "op" }', 14), []);
});

test('code lenses: CLAUDE.md sums up the instructions the guard would block, and Fix all replaces them in one edit', () => {
  const text = '# Release\n\nRun `git push --force origin main`, then `cat .env`.\n\n```bash\nnpm test\n```\n';
  const lenses = lensesFor('claude-md', text, lint('CLAUDE.md', text));
  assert.deepEqual(
    lenses.map((l) => [l.line, l.title, l.action.kind]),
    [
      [0, '2 instructions the guard would block', 'problems'],
      [0, 'Fix all', 'apply'],
    ],
  );
  const fix = lenses[1]!.action;
  if (fix.kind !== 'apply') throw new Error('not an edit');
  const fixed = applyEdits(text, fix.edits);
  assert.equal(fixed, "# Release\n\nRun `git push origin main`, then `grep -o '^[A-Z_]*=' .env`.\n\n```bash\nnpm test\n```\n");
  assert.deepEqual(lensesFor('claude-md', fixed, lint('CLAUDE.md', fixed)), []);
});

test("code lenses: a broad allow rule in settings is replaced by the project's scripts, never writing a rule twice", () => {
  const text = '{\n  "permissions": {\n    "allow": ["Bash(npm test)", "Bash(*)"]\n  }\n}\n';
  const lenses = lensesFor('settings', text, lint('.claude/settings.json', text), ['test', 'build']);
  assert.deepEqual(
    lenses.map((l) => [l.line, l.title]),
    [
      [2, 'Bash(*) lets the agent run anything'],
      [2, "Replace with this project's scripts"],
    ],
  );
  const action = lenses[1]!.action;
  if (action.kind !== 'apply') throw new Error('not an edit');
  assert.equal(action.label, 'Allow Bash(npm run build), Bash(git status), Bash(git diff *), Bash(git log *) instead of Bash(*)');
  const fixed = applyEdits(text, action.edits);
  assert.deepEqual(JSON.parse(fixed).permissions.allow, ['Bash(npm test)', 'Bash(npm run build)', 'Bash(git status)', 'Bash(git diff *)', 'Bash(git log *)']);
});

test('code lens on agents and skills: What Claude Code reads', () => {
  assert.deepEqual(lensesFor('agent', '---\nname: a\ndescription: A\n---\n', []), [
    { line: 0, title: 'What Claude Code reads', action: { kind: 'frontmatter' } },
  ]);
});

test('What Claude Code reads: the values as parsed, and what is dropped, ignored or read as plain text', () => {
  const agent = '---\nname: reviewer\ndescription: Reviews code.\nAlso tests.\ntools: Read, Grep\n---\nBody\n';
  assert.equal(
    frontmatterView('agent', '.claude/agents/reviewer.md', agent),
    `# What Claude Code ${LOADER_VERIFIED} reads from .claude/agents/reviewer.md
# (Agent Guard: its frontmatter, parsed as Claude Code parses it; read-only)

name: "reviewer"
description: "Reviews code."
tools: ["Read","Grep"]  # written as one string

# Notes
# - line 4: "Also tests." continues the value above it without indentation.
# - Claude Code cannot parse a frontmatter with such lines, so it skips this agent. Below: what it would read with them indented.
`,
  );
  assert.match(
    frontmatterView('agent', '.claude/agents/r.md', '---\nname: r\ndescription: R\ncolour: blue\n---\n'),
    /\ncolour: "blue"\n\n# Notes\n# - colour: not an agent setting; Claude Code ignores it\.\n# - No tools key: the agent gets every tool available to subagents, MCP tools included\.\n$/,
  );
  const skill = '---\nname: deploy-app\ndescription: Use this: deploy\n---\n';
  const view = frontmatterView('skill', '.claude/skills/deploy/SKILL.md', skill);
  assert.match(
    view,
    /\n# command: \/deploy \(the folder name; name: deploy-app is how it is listed\)\n\nname: "deploy-app"\ndescription: "Use this: deploy"\n/,
  );
  assert.match(view, /# - line 3: description is not valid YAML as written; Claude Code reads it as the plain text shown below\.\n/);
  assert.match(frontmatterView('agent', '.claude/agents/x.md', 'Just text\n'), /# No frontmatter: Claude Code does not load this file as an agent/);
});

test('Teach the agent: one line that says what not to run and what to run instead, appended to CLAUDE.md', () => {
  const line = teachingLine(
    { target: 'git push --force origin main', guard: 'force-push-protected', instead: 'git push origin main' },
    'No force push or deletion of a protected branch',
  );
  assert.equal(line, '- Do not run `git push --force origin main` (No force push or deletion of a protected branch); run `git push origin main` instead.');
  assert.equal(withTeaching(null, line!), `${line}\n`);
  assert.equal(withTeaching('# Project\n\nNotes.', line!), `# Project\n\nNotes.\n\n${line}\n`);
  const again = withTeaching(`# P\n\n${line}\n`, '- Do not run `rm -rf ~` (x).');
  assert.equal(again, `# P\n\n${line}\n- Do not run \`rm -rf ~\` (x).\n`, 'joins the list');
  assert.equal(withTeaching(`# P\n\n${line}\n`, line!), null, 'already there');
  assert.equal(withTeaching('# P\r\n', '- Do not run `x y` (t).'), '# P\r\n\r\n- Do not run `x y` (t).\r\n');
  assert.equal(teachingLine({ target: 'cat <<EOF\nx\nEOF', guard: 'g' }, 'T'), null, 'one line only');
});

test('a teaching line is clean under lint for every blocked example of every guard: the command is a prohibition, the alternative passes', () => {
  const titles = new Map(guards.map((g) => [g.id, g.title]));
  const probe = ctxFor('CLAUDE.md', '');
  let checked = 0;
  for (const g of guards)
    for (const ex of g.examples.blocked) {
      const command = (ex.tool_input as { command?: unknown }).command;
      if (ex.tool_name !== 'Bash' || typeof command !== 'string') continue;
      const v = probe.guardVerdict(command);
      if (!v) continue;
      const line = teachingLine({ target: command, guard: v.guardId, ...(v.instead ? { instead: v.instead } : {}) }, titles.get(v.guardId) ?? v.guardId);
      if (!line) continue;
      const text = withTeaching('# Project\n', line)!;
      // An info hint (the guard would deny what the line forbids) is fine; a warning or error is not.
      const found = lint('CLAUDE.md', text).filter((d) => d.code === 'AG-CMD-001' && d.severity !== 'info');
      assert.deepEqual(
        found.map((d) => d.message),
        [],
        text,
      );
      checked++;
    }
  assert.ok(checked > 300, `${checked} lines checked`);
});

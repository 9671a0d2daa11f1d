import { defineRule } from '../types';
import { fmPair, jsonNode } from '../helpers';

export default defineRule({
  code: 'AG-SEC-001',
  name: 'bypass-permissions',
  severity: 'warning',
  title: 'bypassPermissions turns off every permission prompt',
  rationale:
    'In bypassPermissions mode nothing asks before a command runs or a file is written; only deny rules and hooks still stop anything. In a committed file it applies to everyone who opens the project.',
  appliesTo: ['agent', 'settings'],
  check(ctx) {
    if (ctx.file.kind === 'agent') {
      const fm = ctx.frontmatter();
      const pair = fm?.data ? fmPair(fm, 'permissionMode') : null;
      if (pair?.value.value === 'bypassPermissions')
        ctx.report({
          start: pair.value.start,
          end: pair.value.end,
          message:
            'permissionMode: bypassPermissions lets this agent run any command and write any file without asking. Prefer acceptEdits, plus deny rules for what it must never do.',
          fix: { title: 'Use acceptEdits', edits: [{ start: pair.value.start, end: pair.value.end, newText: 'acceptEdits' }] },
        });
      return;
    }
    if (!/(^|\/)\.claude\/settings\.json$/.test(ctx.file.rel)) return; // personal files are the user's choice
    const node = jsonNode(ctx.json().tree, ['permissions', 'defaultMode']);
    if (node?.value === 'bypassPermissions')
      ctx.report({
        start: node.offset,
        end: node.offset + node.length,
        message: 'defaultMode: bypassPermissions in the committed settings turns off permission prompts for everyone who opens this project.',
        fix: { title: 'Use acceptEdits', edits: [{ start: node.offset, end: node.offset + node.length, newText: '"acceptEdits"' }] },
      });
  },
  examples: {
    problematic: [
      {
        path: '.claude/agents/a.md',
        text: '---\nname: a\ndescription: A\npermissionMode: bypassPermissions\n---\n',
        expect: [
          {
            line: 4,
            message:
              'permissionMode: bypassPermissions lets this agent run any command and write any file without asking. Prefer acceptEdits, plus deny rules for what it must never do.',
            fixed: '---\nname: a\ndescription: A\npermissionMode: acceptEdits\n---\n',
          },
        ],
      },
      {
        path: '.claude/settings.json',
        text: '{\n  "permissions": { "defaultMode": "bypassPermissions" }\n}\n',
        expect: [
          {
            line: 2,
            message: 'defaultMode: bypassPermissions in the committed settings turns off permission prompts for everyone who opens this project.',
            fixed: '{\n  "permissions": { "defaultMode": "acceptEdits" }\n}\n',
          },
        ],
      },
      { path: 'packages/web/.claude/settings.json', text: '{ "permissions": { "defaultMode": "bypassPermissions" } }' },
    ],
    correct: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\npermissionMode: acceptEdits\n---\n' },
      { path: '.claude/settings.local.json', text: '{ "permissions": { "defaultMode": "bypassPermissions" } }' },
      { path: '.claude/settings.json', text: '{ "permissions": { "defaultMode": "acceptEdits" } }' },
    ],
  },
});

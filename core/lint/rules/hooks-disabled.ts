import { defineRule } from '../types';
import { jsonNode } from '../helpers';

const MESSAGE = 'disableAllHooks: true stops every hook for this project, Agent Guard included; dangerous commands are no longer checked.';

export default defineRule({
  code: 'AG-SET-006',
  name: 'hooks-disabled',
  severity: 'warning',
  title: 'disableAllHooks switches off every hook, guards included',
  rationale:
    "disableAllHooks: true turns off all user, project and local hooks, so no guard runs. In a project or local settings file it overrides the user's own settings for this project.",
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const node = jsonNode(ctx.json().tree, ['disableAllHooks']);
    if (node?.value === true) {
      ctx.report({
        start: node.offset,
        end: node.offset + node.length,
        message: MESSAGE,
        fix: { title: 'Set disableAllHooks to false', edits: [{ start: node.offset, end: node.offset + node.length, newText: 'false' }] },
      });
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/settings.json',
        text: '{ "disableAllHooks": true }',
        expect: [{ line: 1, message: MESSAGE, fixed: '{ "disableAllHooks": false }' }],
      },
      {
        path: '.claude/settings.local.json',
        text: '{\n  "model": "opus",\n  "disableAllHooks": true\n}\n',
        expect: [{ line: 3, message: MESSAGE, fixed: '{\n  "model": "opus",\n  "disableAllHooks": false\n}\n' }],
      },
      { path: 'sub/.claude/settings.json', text: '{ "disableAllHooks": true, "hooks": {} }' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{ "disableAllHooks": false }' },
      { path: '.claude/settings.json', text: '{}' },
      { path: '.claude/settings.local.json', text: '{ "model": "opus" }' },
    ],
  },
});

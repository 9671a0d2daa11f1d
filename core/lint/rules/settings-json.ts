import { defineRule } from '../types';

export default defineRule({
  code: 'AG-SET-001',
  name: 'settings-json',
  severity: 'error',
  title: 'Settings file is not strict JSON: Claude Code ignores all of it',
  rationale:
    'Claude Code reads settings as strict JSON. One comment or trailing comma makes it report a Settings Error and skip the whole file: every permission rule and hook in it, guards included, is gone.',
  appliesTo: ['settings'],
  loaderVerified: true,
  check(ctx) {
    const { error, value } = ctx.json();
    if (ctx.file.text.trim() === '') return;
    if (error) {
      const hint =
        /comment/i.test(error.message) || ctx.file.text.slice(error.offset, error.offset + 2).startsWith('/')
          ? ' (comments are not allowed)'
          : error.message === 'PropertyNameExpected' || error.message === 'ValueExpected'
            ? ' (a trailing comma?)'
            : '';
      ctx.report({ start: error.offset, end: error.offset + 1, message: `Not valid JSON: ${error.message}${hint}. Claude Code skips this whole file.` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      ctx.report({ start: 0, end: Math.min(1, ctx.file.text.length), message: 'Settings must be a JSON object.' });
  },
  examples: {
    problematic: [
      { path: '.claude/settings.json', text: '{\n  "model": "opus",\n}\n' },
      { path: '.claude/settings.json', text: '{\n  // my settings\n  "model": "opus"\n}\n' },
      { path: '.claude/settings.local.json', text: '["model"]\n' },
    ],
    correct: [
      { path: '.claude/settings.json', text: '{\n  "model": "opus"\n}\n' },
      { path: '.claude/settings.local.json', text: '{}\n' },
      { path: '.claude/settings.json', text: '{ "permissions": { "allow": ["Bash(npm test)"] } }' },
    ],
  },
});

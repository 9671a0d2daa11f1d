import { defineRule } from '../types';
import { dirname, resolvePath } from '../../paths';

/** @imports that look like files: ./x, ../x, ~/x, /x, or a name with an extension. */
const IMPORT = /(^|\s)@((?:~\/|\.{1,2}\/|\/)?[\w.\-/]*\w\.[A-Za-z0-9]{1,8}|(?:~\/|\.{1,2}\/)[\w.\-/]+)/g;

export default defineRule({
  code: 'AG-MD-001',
  name: 'unresolved-import',
  severity: 'warning',
  title: 'An @import in CLAUDE.md points at a file that does not exist',
  rationale: 'Claude Code silently skips @imports it cannot resolve, so the instructions you meant to load never reach the agent, and nothing tells you.',
  appliesTo: ['claude-md', 'rules-md'],
  loaderVerified: true,
  check(ctx) {
    const base = dirname(ctx.file.path);
    for (const node of ctx.prose()) {
      if (!node.value.includes('@')) continue;
      for (const m of node.value.matchAll(IMPORT)) {
        const target = m[2]!;
        const start = node.start + m.index! + m[1]!.length;
        const abs = resolvePath(base, target, ctx.workspace.home);
        if (ctx.workspace.exists(abs)) continue;
        ctx.report({ start, end: start + target.length + 1, message: `@${target} does not resolve (looked for ${abs}); Claude Code skips it silently.` });
      }
    }
  },
  examples: {
    problematic: [
      { path: 'CLAUDE.md', text: '# Project\n\nSee @docs/architecture.md for the layout.\n' },
      { path: 'CLAUDE.md', text: 'Git rules: @./docs/git.md\n' },
      { path: '.claude/rules/style.md', text: 'Follow @../../STYLE.md\n' },
    ],
    correct: [
      { path: 'CLAUDE.md', text: '# Project\n\nSee @docs/architecture.md for the layout.\n', files: { 'docs/architecture.md': '# Layout\n' } },
      { path: 'CLAUDE.md', text: 'Mail me at dev@example.com; we use @types/node and `@docs/missing.md` in code.\n' },
      { path: 'CLAUDE.md', text: '```\n@not/an/import.md\n```\n' },
    ],
  },
});

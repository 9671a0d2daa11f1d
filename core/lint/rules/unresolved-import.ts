import { defineRule } from '../types';
import { dirname, resolvePath } from '../../paths';

/**
 * @imports that look like files: ./x, ../x, ~/x, /x, or a name with an extension, after an `@` at
 * the start of the text or after white space. Matched at each such `@` (found with indexOf), which
 * finds what `/(^|\s)@(PATH)/g` finds without trying the pattern at every character of the file.
 */
const IMPORT_PATH = /(?:~\/|\.{1,2}\/|\/)?[\w.\-/]*\w\.[A-Za-z0-9]{1,8}|(?:~\/|\.{1,2}\/)[\w.\-/]+/y;

/** The @imports of a text, in order (a plain loop: a generator costs more in a cold CLI run). */
function imports(text: string): { at: number; target: string }[] {
  const out: { at: number; target: string }[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13 && !/\s/.test(text[at - 1]!)) continue;
    IMPORT_PATH.lastIndex = at + 1;
    const m = IMPORT_PATH.exec(text);
    if (!m) continue;
    out.push({ at, target: m[0] });
    at += m[0].length;
  }
  return out;
}

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
      for (const { at, target } of imports(node.value)) {
        const start = node.start + at;
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

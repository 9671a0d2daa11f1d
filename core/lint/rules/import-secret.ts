import { defineRule } from '../types';
import { dirname, resolvePath } from '../../paths';
import { secretKind } from '../../secrets';

/**
 * @imports of a file, dotfiles included (`@.env`, `@config/.env.local`, `@~/.aws/credentials`): after
 * an `@` at the start of the text or after white space, a path with an extension or a dotted name.
 */
const IMPORT_PATH = /^(?:~\/|\.{1,2}\/|\/)?(?:[\w.-]+\/)*(?:[\w-][\w.-]*\.[A-Za-z0-9]{1,12}|\.[\w][\w.-]*|[\w][\w.-]*)/;
/** The longest import path looked at: the pattern runs on one token after the @, at most this long. */
const MAX_TOKEN = 300;

function imports(text: string): { at: number; target: string }[] {
  const out: { at: number; target: string }[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at > 0 && !/\s/.test(text[at - 1]!)) continue;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_TOKEN && !/\s/.test(text[end]!)) end++;
    const m = IMPORT_PATH.exec(text.slice(at + 1, end));
    if (!m) continue;
    // A trailing sentence period is not part of the path.
    let cut = m[0].length;
    while (cut > 0 && m[0][cut - 1] === '.') cut--;
    const target = m[0].slice(0, cut);
    if (target === '' || target === '.' || target === '..') continue;
    out.push({ at, target });
    at += m[0].length;
  }
  return out;
}

export default defineRule({
  code: 'AG-MD-002',
  name: 'import-secret',
  severity: 'error',
  title: 'An @import in CLAUDE.md loads a secret file into every conversation',
  rationale:
    'Claude Code reads every file CLAUDE.md and its rules @import into the context and sends it to the model with each request: `@.env` puts the values of .env (API keys, passwords) into every conversation, its transcript and whatever the provider keeps (observed with the pinned Claude Code: the value of an imported .env reaches the model). It does not matter that the guard would block `cat .env`: the import bypasses the tools. Import a template that holds the names only (`.env.example`), or describe the variables in prose.',
  appliesTo: ['claude-md', 'rules-md'],
  loaderVerified: true,
  check(ctx) {
    const base = dirname(ctx.file.path);
    // Judged by name and place only (no read of the file: a CLAUDE.md with thousands of imports
    // must not cost thousands of reads).
    const lookup = { home: ctx.workspace.home, projectDir: ctx.workspace.root, extraGlobs: [] };
    for (const node of ctx.prose()) {
      for (const { at, target } of imports(node.value)) {
        // Markdown is what CLAUDE.md imports almost always, and no secret file is Markdown; a bare
        // word (@someone) is a mention. Neither is asked.
        if (/\.(?:md|mdx|markdown)$/i.test(target) || !/[./]/.test(target)) continue;
        const abs = resolvePath(base, target, ctx.workspace.home);
        const kind = secretKind(abs, lookup);
        if (!kind) continue;
        const start = node.start + at;
        ctx.report({
          start,
          end: start + target.length + 1,
          message: `@${target} loads a secret file (${kind}) into the context of every conversation: Claude Code sends its contents to the model with each request. Remove the import; import a template with the names only (such as .env.example), or describe the variables in prose.`,
        });
      }
    }
  },
  examples: {
    problematic: [
      {
        path: 'CLAUDE.md',
        text: '# Project\n\nConfiguration: @.env\n',
        files: { '.env': 'API_KEY=x\n' },
        expect: [
          {
            line: 3,
            message:
              '@.env loads a secret file (dotenv) into the context of every conversation: Claude Code sends its contents to the model with each request. Remove the import; import a template with the names only (such as .env.example), or describe the variables in prose.',
          },
        ],
      },
      { path: '.claude/rules/deploy.md', text: 'Deploy keys: @../../config/.env.production\n' },
      { path: 'CLAUDE.md', text: '# AWS\n\nProfiles: @~/.aws/credentials\n' },
    ],
    correct: [
      { path: 'CLAUDE.md', text: '# Project\n\nVariables: @.env.example\n', files: { '.env.example': 'API_KEY=\n' } },
      { path: 'CLAUDE.md', text: '# Project\n\nNever read .env; see @docs/config.md for the variables.\n', files: { 'docs/config.md': '# Config\n' } },
      { path: 'CLAUDE.md', text: '```\n@.env\n```\nMail ops@.env-corp.example for access.\n' },
    ],
  },
});

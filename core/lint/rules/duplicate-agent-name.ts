import { defineRule } from '../types';
import { agentsNamed } from '../facts';
import { fmPair } from '../helpers';
import { dirname } from '../../paths';

/** The agents folder a file belongs to (one scope): `…/.claude/agents`, or a plugin's `agents`. */
function scopeDir(path: string): string | null {
  const i = path.lastIndexOf('/.claude/agents/');
  if (i >= 0) return path.slice(0, i + '/.claude/agents'.length);
  const j = path.lastIndexOf('/agents/');
  return j >= 0 ? path.slice(0, j + '/agents'.length) : dirname(path);
}

export default defineRule({
  code: 'AG-AGT-007',
  name: 'duplicate-agent-name',
  severity: 'warning',
  title: 'Two agents in one folder have the same name: Claude Code keeps only one',
  rationale:
    "An agent's identity is its `name`, not its file name. When two files in the same scope (a project's .claude/agents/ and its subfolders, or a plugin's agents/) share a name, Claude Code keeps one of them, in file-system read order, and the other silently does not exist. Give each agent its own name.",
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data || typeof fm.data.name !== 'string' || fm.data.name === '') return;
    const dir = scopeDir(ctx.file.path);
    if (!dir) return;
    const others = ctx.workspace.fact(agentsNamed, `${dir}\0${fm.data.name}`).filter((p) => p !== ctx.file.path);
    if (others.length === 0) return;
    const pair = fmPair(fm, 'name')!;
    const rel = (p: string) => (p.startsWith(`${ctx.workspace.root}/`) ? p.slice(ctx.workspace.root.length + 1) : p);
    ctx.report({
      start: pair.value.start,
      end: pair.value.end,
      message: `${others.map(rel).join(', ')} ${others.length === 1 ? 'is' : 'are'} also named "${fm.data.name}": Claude Code keeps only one of them. Give each agent its own name.`,
    });
  },
  examples: {
    problematic: [
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code\n---\n',
        files: { '.claude/agents/old/reviewer-v1.md': '---\nname: reviewer\ndescription: Old reviewer\n---\n' },
      },
      {
        path: '.claude/agents/a.md',
        text: '---\nname: "tester"\ndescription: Tests\n---\n',
        files: { '.claude/agents/b.md': '---\nname: tester\ndescription: Also tests\n---\n' },
      },
      {
        path: '.claude/agents/team/x.md',
        text: '---\nname: x\ndescription: X\n---\n',
        files: { '.claude/agents/y.md': '---\nname: x # the same\ndescription: Y\n---\n' },
      },
    ],
    correct: [
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code\n---\n',
        files: { '.claude/agents/tester.md': '---\nname: tester\ndescription: Tests\n---\n' },
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code\n---\n',
        files: { 'other/.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Another project\n---\n' },
      },
      {
        path: '.claude/agents/reviewer.md',
        text: '---\nname: reviewer\ndescription: Reviews code\n---\n',
        files: { '.claude/agents/README.md': '# Agents\n\nname: reviewer is described here.\n' },
      },
    ],
  },
});

import { defineRule, type RuleContext } from '../types';
import { fmPair } from '../helpers';
import { dirname } from '../../paths';

/** The agents folder a file belongs to (one scope): `…/.claude/agents`, or a plugin's `agents`. */
function scopeDir(path: string): string | null {
  const i = path.lastIndexOf('/.claude/agents/');
  if (i >= 0) return path.slice(0, i + '/.claude/agents'.length);
  const j = path.lastIndexOf('/agents/');
  return j >= 0 ? path.slice(0, j + '/agents'.length) : dirname(path);
}

/** The `name:` value of a frontmatter text: the first `name:` line, without a comment or quotes. */
function nameIn(frontmatter: string): string | undefined {
  const line = /^name:[^\n]*/m.exec(frontmatter)?.[0];
  if (!line) return undefined;
  const hash = line.indexOf(' #');
  const value = (hash < 0 ? line.slice(5) : line.slice(5, hash)).trim();
  const unquoted = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]) ? value.slice(1, -1) : value;
  return unquoted.trim() || undefined;
}

/** name → files, for every agent file under a scope folder (read once per workspace view). */
const cache = new WeakMap<object, Map<string, Map<string, string[]>>>();
function namesIn(ctx: RuleContext, dir: string): Map<string, string[]> {
  let byDir = cache.get(ctx.workspace);
  if (!byDir) {
    byDir = new Map();
    cache.set(ctx.workspace, byDir);
  }
  const hit = byDir.get(dir);
  if (hit) return hit;
  const names = new Map<string, string[]>();
  const stack = [dir];
  for (let n = 0; stack.length > 0 && n < 2000; n++) {
    const d = stack.pop()!;
    for (const e of ctx.workspace.list(d)) {
      const p = `${d}/${e}`;
      if (e.endsWith('.md')) {
        const text = ctx.workspace.read(p) ?? '';
        if (!text.startsWith('---')) continue;
        const end = text.indexOf('\n---', 3);
        const name = nameIn(text.slice(0, end < 0 ? 4096 : end));
        if (name) names.set(name, [...(names.get(name) ?? []), p]);
      } else if (!e.includes('.')) stack.push(p);
    }
  }
  byDir.set(dir, names);
  return names;
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
    const others = (namesIn(ctx, dir).get(fm.data.name) ?? []).filter((p) => p !== ctx.file.path);
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

import { defineRule } from '../types';
import { fmPair } from '../helpers';

export default defineRule({
  code: 'AG-SKL-005',
  name: 'skill-name-folder',
  severity: 'warning',
  title: "A skill's `name` differs from its folder: Claude Code lists it under the folder name",
  rationale:
    "A skill's command name comes from its folder (`.claude/skills/<folder>/SKILL.md` is `/<folder>`), not from `name:` (observed with the real CLI, 2.1.197). A different `name` is never what the skill is called, so `/name` finds nothing and references to it break. Rename the folder, or make `name` match it.",
  appliesTo: ['skill'],
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data || typeof fm.data.name !== 'string') return;
    if (!/(^|\/)\.claude\/skills\/[^/]+\/SKILL\.md$/.test(ctx.file.rel)) return; // plugin skills are namespaced: not observed
    const parts = ctx.file.rel.split('/');
    const folder = parts[parts.length - 2];
    if (!folder || fm.data.name === folder) return;
    const pair = fmPair(fm, 'name')!;
    ctx.report({
      start: pair.value.start,
      end: pair.value.end,
      message: `This skill is listed as /${folder} (its folder), not /${fm.data.name}. Rename the folder, or set name: ${folder}.`,
      fix: { title: `Set name to ${folder}`, edits: [{ start: pair.value.start, end: pair.value.end, newText: folder }] },
    });
  },
  examples: {
    problematic: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy-app\ndescription: Deploy\n---\n' },
      { path: '.claude/skills/pdf-tools/SKILL.md', text: '---\nname: PDF Tools\ndescription: Work with PDFs\n---\n' },
      { path: 'sub/.claude/skills/review/SKILL.md', text: '---\nname: reviewer\ndescription: Review\n---\n' },
    ],
    correct: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\n---\n' },
      { path: '.claude/skills/deploy/SKILL.md', text: '---\ndescription: Deploy\n---\n' },
      { path: '.claude/commands/deploy.md', text: '---\nname: ship\ndescription: Deploy\n---\n' },
    ],
  },
});

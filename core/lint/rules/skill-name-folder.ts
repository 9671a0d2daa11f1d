import { defineRule } from '../types';
import { fmPair } from '../helpers';
import { LOADER_VERIFIED } from '../../claude-code';

export default defineRule({
  code: 'AG-SKL-005',
  name: 'skill-name-folder',
  severity: 'info',
  title: "A skill's `name` differs from its folder: the skill has two names",
  rationale: `A skill's command name comes from its folder (\`.claude/skills/<folder>/SKILL.md\` is \`/<folder>\`). Claude Code ${LOADER_VERIFIED} lists a skill whose \`name\` differs as "<folder> (<name>)", and \`/<name>\` finds it too (2.1.197 knew only the folder name, so references to the name broke there). One name is clearer: rename the folder, or make \`name\` match it. An info hint.`,
  appliesTo: ['skill'],
  loaderVerified: true,
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
      message: `Claude Code lists this skill as ${folder} (${fm.data.name}): its command is /${folder}, the folder name${/^[a-z0-9][a-z0-9-]*$/.test(fm.data.name) ? `; /${fm.data.name} finds it too` : ''}. Give it one name: set name: ${folder}, or rename the folder.`,
      fix: { title: `Set name to ${folder}`, edits: [{ start: pair.value.start, end: pair.value.end, newText: folder }] },
    });
  },
  examples: {
    problematic: [
      {
        path: '.claude/skills/deploy/SKILL.md',
        text: '---\nname: deploy-app\ndescription: Deploy\n---\n',
        expect: [
          {
            line: 2,
            message:
              'Claude Code lists this skill as deploy (deploy-app): its command is /deploy, the folder name; /deploy-app finds it too. Give it one name: set name: deploy, or rename the folder.',
            fixed: '---\nname: deploy\ndescription: Deploy\n---\n',
          },
        ],
      },
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

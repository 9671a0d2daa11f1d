import { defineRule } from '../types';
import { fmPair } from '../helpers';
import { AGENT_ENUMS, MODEL_ALIASES } from '../../claude-code';

export default defineRule({
  code: 'AG-AGT-002',
  name: 'agent-enum-value',
  severity: 'error',
  title: 'An agent setting has a value Claude Code does not know',
  rationale:
    "An unknown permissionMode, color, effort, memory or isolation value is not applied: the agent still loads, without the setting you meant. An unknown `model` is sent to the API as written, where no such model exists and the agent's requests fail.",
  appliesTo: ['agent'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    if (!fm?.data) return;
    for (const [key, allowed] of Object.entries(AGENT_ENUMS)) {
      const pair = fmPair(fm, key);
      if (!pair || pair.value.value === null) continue;
      if (!allowed.includes(String(pair.value.value)))
        ctx.report({ start: pair.value.start, end: pair.value.end, message: `${key}: "${pair.value.value}" is not one of ${allowed.join(', ')}.` });
    }
    const model = fmPair(fm, 'model');
    if (model && typeof model.value.value === 'string' && !MODEL_ALIASES.includes(model.value.value) && !/^claude-[a-z0-9.-]+$/.test(model.value.value)) {
      ctx.report({
        start: model.value.start,
        end: model.value.end,
        message: `model: "${model.value.value}" is neither an alias (${MODEL_ALIASES.join(', ')}) nor a full model id (claude-…).`,
      });
    }
    for (const key of ['background']) {
      const pair = fmPair(fm, key);
      if (pair && typeof pair.value.value !== 'boolean') ctx.report({ start: pair.value.start, end: pair.value.end, message: `${key} must be true or false.` });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\nmodel: gpt-4\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\npermissionMode: yolo\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\ncolor: magenta\n---\n' },
    ],
    correct: [
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\nmodel: sonnet\ncolor: cyan\neffort: high\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\nmodel: claude-opus-4-8\npermissionMode: plan\n---\n' },
      { path: '.claude/agents/a.md', text: '---\nname: a\ndescription: A\nbackground: false\nisolation: worktree\n---\n' },
    ],
  },
});

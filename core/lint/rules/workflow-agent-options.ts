import { defineRule } from '../types';
import { isIdent, propertyNamed, walk, type AnyNode } from '../js';
import { BUILT_IN_AGENTS } from '../claude-code';

/** Subagent names defined in the workspace (frontmatter `name`, or the file name) and in ~/.claude/agents. */
function agentTypes(ctx: Parameters<Parameters<typeof defineRule>[0]['check']>[0]): Set<string> {
  const out = new Set<string>(BUILT_IN_AGENTS);
  for (const dir of [`${ctx.workspace.root}/.claude/agents`, `${ctx.workspace.home}/.claude/agents`]) {
    const stack = [dir];
    for (let depth = 0; stack.length > 0 && depth < 200; depth++) {
      const d = stack.pop()!;
      for (const e of ctx.workspace.list(d)) {
        const p = `${d}/${e}`;
        if (e.endsWith('.md')) {
          out.add(e.slice(0, -3));
          const name = /^name:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(ctx.workspace.read(p)?.slice(0, 4096) ?? '')?.[1];
          if (name) out.add(name);
        } else if (!e.includes('.')) stack.push(p);
      }
    }
  }
  return out;
}

export default defineRule({
  code: 'AG-WF-005',
  name: 'workflow-agent-options',
  severity: 'error',
  title: 'agent() options that do not exist, or name a subagent that is not defined',
  rationale:
    'agent() has no `system` option: a system prompt comes only from a subagent file, selected with agentType. An agentType that matches no .claude/agents/<type>.md (nor a built-in type) makes the agent() call throw, and the workflow fails.',
  otherSeverities: ['warning'],
  appliesTo: ['workflow'],
  loaderVerified: true,
  check(ctx) {
    const { program } = ctx.js();
    if (!program) return;
    let types: Set<string> | null = null;
    walk(program, (n: AnyNode) => {
      if (n.type !== 'CallExpression' || !isIdent(n.callee, 'agent')) return;
      const opts = n.arguments[1] as AnyNode | undefined;
      if (opts?.type !== 'ObjectExpression') return;
      const system = propertyNamed(opts, 'system');
      if (system)
        ctx.report({
          start: system.start,
          end: system.end,
          message: "agent() has no `system` option (it is ignored). Put the system prompt in .claude/agents/<type>.md and pass agentType: '<type>'.",
        });
      const type = propertyNamed(opts, 'agentType');
      if (type && type.value.type === 'Literal' && typeof type.value.value === 'string') {
        types ??= agentTypes(ctx);
        if (!types.has(type.value.value))
          ctx.report({
            start: type.value.start,
            end: type.value.end,
            severity: 'warning',
            message: `No subagent "${type.value.value}": there is no .claude/agents/${type.value.value}.md (or agent with that name), so this agent() call throws (agent type not found) and the workflow fails. New agent files need a Claude Code restart to register.`,
          });
      }
    });
  },
  examples: {
    problematic: [
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Analyze', { system: 'You are an analyzer' });\n",
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Analyze', { agentType: 'translation-analyzer' });\n",
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Analyze', { agentType: 'reviewr' });\n",
        files: { '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: R\n---\n' },
      },
    ],
    correct: [
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Analyze', { agentType: 'translation-analyzer', model: 'opus' });\n",
        files: { '.claude/agents/translation-analyzer.md': '---\nname: translation-analyzer\ndescription: Analyzes\n---\n' },
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Explore the code', { agentType: 'Explore' });\n",
      },
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Review', { agentType: 'code-reviewer' });\n",
        files: { '.claude/agents/team/reviewer.md': '---\nname: code-reviewer\ndescription: Reviews\n---\n' },
      },
    ],
  },
});

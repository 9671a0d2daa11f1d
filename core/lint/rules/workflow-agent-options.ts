import { defineRule, type RuleContext } from '../types';
import { agentTypeDefined, pluginManifest } from '../facts';
import { isIdent, propertyNamed, walk, type AnyNode } from '../js';
import { BUILT_IN_AGENTS } from '../../claude-code';

/**
 * Whether a subagent type is defined where this workflow runs (null: cannot tell here). A workflow
 * of a project (`<p>/.claude/workflows/`) calls the agents of `<p>/.claude/agents` (not of the folder
 * lint was started in: a monorepo has several projects); a plugin's workflow calls its plugin's
 * agents, by name or as `<plugin>:<name>`; both call the user's ~/.claude/agents. A name with
 * another plugin's namespace belongs to a plugin installed elsewhere: lint cannot see it.
 */
function defined(ctx: RuleContext, type: string): boolean | null {
  if (BUILT_IN_AGENTS.has(type)) return true;
  const path = ctx.file.path;
  const dirs: string[] = [];
  let plugin: string | null = null;
  const i = path.lastIndexOf('/.claude/workflows/');
  const j = path.lastIndexOf('/workflows/');
  if (i >= 0) dirs.push(`${path.slice(0, i)}/.claude/agents`);
  else if (j >= 0) {
    const root = path.slice(0, j);
    const manifest = ctx.workspace.fact(pluginManifest, root);
    if (manifest) {
      plugin = manifest.name;
      for (const d of manifest.agents ?? ['agents']) dirs.push(`${root}/${d}`);
    }
  }
  dirs.push(`${ctx.workspace.home}/.claude/agents`);
  const colon = type.indexOf(':');
  if (colon >= 0) {
    if (plugin === null || type.slice(0, colon) !== plugin) return null;
    type = type.slice(colon + 1);
  }
  return dirs.some((d) => ctx.workspace.fact(agentTypeDefined, `${d}\0${type}`));
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
        if (defined(ctx, type.value.value) === false)
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
      // Defined in another project of the monorepo, not in this workflow's own.
      {
        path: 'services/api/.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Review', { agentType: 'web-reviewer' });\n",
        files: { 'services/web/.claude/agents/web-reviewer.md': '---\nname: web-reviewer\ndescription: Reviews\n---\n' },
        expect: [
          {
            line: 2,
            severity: 'warning',
            message:
              'No subagent "web-reviewer": there is no .claude/agents/web-reviewer.md (or agent with that name), so this agent() call throws (agent type not found) and the workflow fails. New agent files need a Claude Code restart to register.',
          },
        ],
      },
      // The plugin's own namespace, an agent it does not have.
      {
        path: 'plugins/qa/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Review', { agentType: 'qa:missing' });\n",
        files: {
          'plugins/qa/.claude-plugin/plugin.json': '{ "name": "qa" }\n',
          'plugins/qa/agents/checker.md': '---\nname: checker\ndescription: Checks\n---\n',
        },
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
      // A project below the lint root: its workflows call its own agents.
      {
        path: 'services/api/.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Review', { agentType: 'api-reviewer' });\n",
        files: { 'services/api/.claude/agents/api-reviewer.md': '---\nname: api-reviewer\ndescription: Reviews\n---\n' },
      },
      // A plugin's workflow calls its own agents by name or with the plugin's namespace.
      {
        path: 'plugins/qa/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nawait agent('Review', { agentType: 'qa:checker' });\nreturn await agent('Again', { agentType: 'checker' });\n",
        files: {
          'plugins/qa/.claude-plugin/plugin.json': '{ "name": "qa" }\n',
          'plugins/qa/agents/checker.md': '---\nname: checker\ndescription: Checks\n---\n',
        },
      },
      // Another plugin's agent: installed elsewhere, so lint cannot tell.
      {
        path: '.claude/workflows/a.js',
        text: "export const meta = { name: 'a', description: 'A' };\nreturn await agent('Review', { agentType: 'pr-review-toolkit:code-reviewer' });\n",
      },
    ],
  },
});

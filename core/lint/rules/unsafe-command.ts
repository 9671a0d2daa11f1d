import { defineRule, type RuleContext } from '../types';
import { negatedBefore } from '../helpers';

const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'terminal', 'ps1', 'powershell', 'pwsh']);

/** Code that the agent is told to run: shell fences, `$ ` prompt lines, and inline code. */
export function commandsIn(ctx: RuleContext, bang: boolean): { command: string; start: number; end: number }[] {
  const out: { command: string; start: number; end: number }[] = [];
  for (const c of ctx.code()) {
    if (c.bang !== bang) continue;
    if (!c.inline && !c.bang && c.lang !== null && !SHELL_LANGS.has(c.lang.toLowerCase())) continue;
    if (!bang && negatedBefore(ctx.file.text, c.inline ? c.start - 1 : ctx.file.text.lastIndexOf('\n', c.start - 2))) continue;
    if (c.inline) {
      out.push({ command: c.value, start: c.start, end: c.end });
      continue;
    }
    // One command per line in blocks; console blocks only count lines with a prompt.
    const prompt = c.lang === 'console' || c.lang === 'shell-session' || c.lang === 'terminal';
    let offset = c.start;
    for (const line of c.value.split('\n')) {
      const t = line.trim();
      const isPrompt = t.length > 1 && '$#>'.includes(t[0]!) && /\s/.test(t[1]!);
      const cmd = prompt ? (isPrompt ? t.slice(1).trim() : '') : t;
      if (cmd && !cmd.startsWith('#')) {
        const at = offset + line.indexOf(cmd);
        out.push({ command: cmd, start: at, end: at + cmd.length });
      }
      offset += line.length + 1;
    }
  }
  return out;
}

export default defineRule({
  code: 'AG-CMD-001',
  name: 'unsafe-command',
  severity: 'warning',
  title: 'Instructions tell the agent to run a command the guard set denies',
  rationale: 'Agents follow CLAUDE.md, rules, skills and agent prompts literally. An instruction to `cat .env` or `git push --force origin main` makes the agent try exactly that; the guard then blocks it mid-task, or, without the guard, the damage happens. Write the safe form in the instructions instead.',
  appliesTo: ['claude-md', 'rules-md', 'agent', 'skill', 'command'],
  check(ctx) {
    for (const c of commandsIn(ctx, false)) {
      const v = ctx.guardVerdict(c.command);
      if (!v) continue;
      ctx.report({
        start: c.start,
        end: c.end,
        message: `${v.reason} [${v.guardId}]`,
        ...(v.instead ? { fix: { title: `Replace with: ${v.instead}`, edits: [{ start: c.start, end: c.end, newText: v.instead }] } } : {}),
      });
    }
  },
  examples: {
    problematic: [
      { path: 'CLAUDE.md', text: '# Project\n\nTo see the configuration, run `cat .env`.\n' },
      { path: 'CLAUDE.md', text: '# Release\n\n```bash\ngit push --force origin main\n```\n' },
      { path: '.claude/rules/cleanup.md', text: 'Clean up with:\n\n```sh\nrm -rf "$BUILD_DIR/"\n```\n' },
      { path: '.claude/agents/deployer.md', text: '---\nname: deployer\ndescription: Deploys\n---\nApply the manifests with `kubectl apply -f k8s/`.\n' },
    ],
    correct: [
      { path: 'CLAUDE.md', text: '# Project\n\nTo see which variables exist, run `grep -o "^[A-Z_]*=" .env`.\n' },
      { path: 'CLAUDE.md', text: '# Safety\n\nNever run `rm -rf /` or `git push --force origin main`.\n' },
      { path: 'CLAUDE.md', text: '# Build\n\n```bash\nnpm ci\nnpm test\n```\n\n```json\n{ "cat .env": true }\n```\n' },
      { path: '.claude/agents/deployer.md', text: '---\nname: deployer\ndescription: Deploys\n---\nApply the manifests with `kubectl --context staging apply -f k8s/`.\n' },
    ],
  },
});

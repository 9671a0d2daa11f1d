import { commandSeverity } from '../severity';
import { defineRule, type RuleContext } from '../types';
import { commandOccurrences, type CommandOccurrence } from '../instructions';
import { startsCommand } from '../shell-block';
import type { Verdict } from '../../guards/dispatch';

/**
 * Where a denied command that spans lines goes wrong: the first of its lines that the guard set
 * denies for the same reason on its own (`rm -rf ~` inside an if … fi), else its first line.
 */
function lineAtFault(ctx: RuleContext, c: CommandOccurrence, v: Verdict): { start: number; end: number } {
  if (c.lines.length === 1) return c.lines[0]!;
  const text = ctx.file.text;
  for (const l of c.lines) {
    const line = text.slice(l.start, l.end).trim();
    if (!startsCommand(line) || /^(?:if|then|else|elif|fi|do|done|for|while|until|case|esac|[{}()])\b/.test(line)) continue;
    const own = ctx.guardVerdict(line.replace(/\\$/, '').trim(), c.shell);
    if (own?.guardId === v.guardId) {
      const raw = text.slice(l.start, l.end);
      return { start: l.start + raw.length - raw.trimStart().length, end: l.end };
    }
  }
  return c.lines[0]!;
}

export default defineRule({
  code: 'AG-CMD-001',
  name: 'unsafe-command',
  severity: 'error',
  otherSeverities: ['warning', 'info'],
  title: 'Instructions tell the agent to run a command the guard set denies',
  rationale:
    'Agents follow CLAUDE.md, rules, skills and agent prompts literally. An instruction to `cat .env` or `git push --force origin main` makes the agent try exactly that; the guard then blocks it mid-task, or, without the guard, the damage happens. Write the safe form in the instructions instead. Only instructions are errors or warnings (one the guards cannot see through, such as npm scripts nested too deep, is an info hint that the hook would stop it): shell blocks, `$ ` prompt lines and inline code that reads as a command line, each read in its own language (PowerShell as PowerShell), a command that spans lines (a heredoc, a continued line, an if … fi) as one. Where the text forbids the command ("never run …", "**Never:**" above a list, "❌"), warns about it ("… will destroy"), contrasts it ("instead of …") or lists it in a table of what a tool blocks, it is not an instruction: an info hint says the guard would deny it. A condition is not a prohibition: "If you don\'t have it: `curl … | bash`" is an instruction. Not commands at all: <placeholder> templates, regular expressions, file trees, prose in backticks.',
  // Other hosts' instruction files too (GEMINI.md, Cursor rules, Copilot instructions): the same guard set judges them.
  appliesTo: ['claude-md', 'rules-md', 'agent', 'skill', 'command', 'instructions'],
  check(ctx) {
    for (const c of commandOccurrences(ctx, false)) {
      const v = ctx.guardVerdict(c.command, c.shell);
      // guard-tamper protects Agent Guard's own files at run time; an instruction to edit settings is not the danger.
      if (!v || v.guardId === 'guard-tamper') continue;
      const at = lineAtFault(ctx, c, v);
      if (!c.role.instruction) {
        // What the analysis cannot see in a command nobody is told to run says nothing useful.
        if (v.guardId === 'unanalysable') continue;
        ctx.report({
          start: at.start,
          end: at.end,
          severity: 'info',
          message: `Not an instruction here (${c.role.why}); if the agent ran it, the guard would deny it: ${v.reason} [${v.guardId}]`,
        });
        continue;
      }
      const single = c.lines.length === 1;
      // What the guards cannot see through says nothing wrong about the instruction itself (npm
      // scripts nested too deep, a computed program): a hint that the hook will stop it, not a warning.
      const opaque = v.guardId === 'unanalysable';
      ctx.report({
        start: at.start,
        end: at.end,
        message: opaque ? `The hook would stop this instruction: ${v.reason} [${v.guardId}]` : `${v.reason} [${v.guardId}]`,
        severity: opaque ? 'info' : commandSeverity(v),
        ...(v.instead && single ? { fix: { title: `Replace with: ${v.instead}`, edits: [{ start: c.start, end: c.end, newText: v.instead }] } } : {}),
      });
    }
  },
  examples: {
    problematic: [
      { path: 'CLAUDE.md', text: '# Project\n\nTo see the configuration, run `cat .env`.\n' },
      // Other hosts' instructions, through the same guard set.
      {
        path: '.github/copilot-instructions.md',
        text: '# Copilot\n\nBefore a release, run `git push --force origin main`.\n',
        expect: [
          {
            line: 3,
            message:
              'git push --force to the protected branch main rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first. [force-push-protected]',
            fixed: '# Copilot\n\nBefore a release, run `git push origin main`.\n',
          },
        ],
      },
      {
        path: '.cursor/rules/env.mdc',
        text: '---\ndescription: Environment\nalwaysApply: true\n---\nTo check the keys, run `cat .env`.\n',
      },
      // A condition is not a prohibition: this tells the agent to pipe a download into a shell.
      {
        path: 'CLAUDE.md',
        text: "# Setup\n\nIf you don't have uv: `curl -LsSf https://astral.sh/uv/install.sh | sh`\n",
        expect: [
          {
            line: 3,
            message:
              'curl \u2026 | sh runs a script straight from the network, unreviewed. Download it to a file, read it, then run it deliberately. [remote-code-execution]',
            fixed: "# Setup\n\nIf you don't have uv: `curl -fsSL https://astral.sh/uv/install.sh -o install.sh && cat install.sh`\n",
          },
        ],
      },
      // PowerShell, judged as PowerShell; the finding is on the command's own line.
      {
        path: 'CLAUDE.md',
        text: '# Clean\n\n1. Reset the machine:\n\n   ```powershell\n   # wipe\n   Remove-Item -Recurse -Force $HOME\n   ```\n',
        expect: [{ line: 7, message: 'rm -r -f -- ~ deletes your home directory. [rm-catastrophic]', fixed: null }],
      },
      { path: 'CLAUDE.md', text: '# Release\n\n```bash\ngit push --force origin main\n```\n' },
      { path: '.claude/rules/cleanup.md', text: 'Clean up with:\n\n```sh\nrm -rf "$BUILD_DIR/"\n```\n' },
      { path: '.claude/agents/deployer.md', text: '---\nname: deployer\ndescription: Deploys\n---\nApply the manifests with `kubectl apply -f k8s/`.\n' },
      // Judged under the workspace's .claude/agent-guard.json, as the hook judges it: here `staging` is protected.
      {
        path: 'CLAUDE.md',
        text: '# Release\n\n```bash\ngit push --force origin staging\n```\n',
        files: { '.claude/agent-guard.json': '{ "protectedBranches": ["main", "staging"] }\n' },
        expect: [
          {
            line: 4,
            message:
              'git push --force to the protected branch staging rewrites its history and drops commits others may have pushed; --force-with-lease rewrites it too. Push without force: when the remote moved, git refuses, and git pull --rebase integrates its commits first. [force-push-protected]',
            fixed: '# Release\n\n```bash\ngit push origin staging\n```\n',
          },
        ],
      },
    ],
    correct: [
      { path: 'CLAUDE.md', text: '# Project\n\nTo see which variables exist, run `grep -o "^[A-Z_]*=" .env`.\n' },
      // Forbidden above a list, warned about after it: not instructions (an info hint at most).
      {
        path: 'CLAUDE.md',
        text: '# Git\n\n**Never:**\n\n- `git reset --hard`\n- `git push --force origin main`\n\n`git clean -fdx` will destroy untracked files.\n',
      },
      // A heredoc body is the interpreter's code (it loads .env into the process, it prints nothing).
      { path: 'CLAUDE.md', text: "# Env\n\n```bash\npython << 'EOF'\nfrom dotenv import load_dotenv\nload_dotenv('.env')\nEOF\n```\n" },
      { path: 'CLAUDE.md', text: '# Safety\n\nNever run `rm -rf /` or `git push --force origin main`.\n' },
      { path: 'CLAUDE.md', text: '# Build\n\n```bash\nnpm ci\nnpm test\n```\n\n```json\n{ "cat .env": true }\n```\n' },
      {
        path: '.claude/agents/deployer.md',
        text: '---\nname: deployer\ndescription: Deploys\n---\nApply the manifests with `kubectl --context staging apply -f k8s/`.\n',
      },
      // A person allowed exactly this command here (`agent-guard allow`): the hook lets it through, so lint says nothing.
      {
        path: 'CLAUDE.md',
        text: '# Project\n\nTo see the configuration, run `cat .env`.\n',
        files: { '.claude/agent-guard.json': '{ "exceptions": [{ "guard": "secret-read", "command": "cat .env" }] }\n' },
      },
      { path: 'CLAUDE.md', text: '# Layout\n\nRuns go to `runs/<run-id>/results.json`; list them with `ls <dir>/out/`.\n' },
      {
        path: '.claude/skills/guard/SKILL.md',
        text: '---\nname: guard\ndescription: Blocks bypasses\n---\nThe hook rejects these:\n\n```bash\ngit commit --no-verify -m "x"\n```\n\n- ❌ `git push --force origin main`\n- `cat .env` (blocked)\n- Patterns: `grep -E \'rm\\s+-rf\' log.txt`\n',
      },
      { path: '.claude/rules/git.md', text: '```bash\n# ❌ Bad: loses work\ngit reset --hard\n\n# ✅ Good\ngit stash push --include-untracked\n```\n' },
      // A name in backticks that the paragraph wraps after a hyphen: prose, not `quantized-; export`.
      { path: '.claude/agents/trainer.md', text: "---\nname: trainer\ndescription: Trains\n---\nPick the format per `quantized-\nexport`'s Format Map.\n" },
    ],
  },
});

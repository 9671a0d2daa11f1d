import { commandSeverity } from '../severity';
import { defineRule } from '../types';
import { commandsIn } from '../instructions';

export default defineRule({
  code: 'AG-CMD-001',
  name: 'unsafe-command',
  severity: 'error',
  otherSeverities: ['warning'],
  title: 'Instructions tell the agent to run a command the guard set denies',
  rationale:
    'Agents follow CLAUDE.md, rules, skills and agent prompts literally. An instruction to `cat .env` or `git push --force origin main` makes the agent try exactly that; the guard then blocks it mid-task, or, without the guard, the damage happens. Write the safe form in the instructions instead. Only instructions count: shell blocks, `$ ` prompt lines and inline code that reads as a command line; not prohibitions ("never run …", "❌", a block introduced as what the hook blocks), <placeholder> templates, regular expressions or file trees.',
  appliesTo: ['claude-md', 'rules-md', 'agent', 'skill', 'command'],
  check(ctx) {
    for (const c of commandsIn(ctx, false)) {
      const v = ctx.guardVerdict(c.command);
      // guard-tamper protects Agent Guard's own files at run time; an instruction to edit settings is not the danger.
      if (!v || v.guardId === 'guard-tamper') continue;
      ctx.report({
        start: c.start,
        end: c.end,
        message: `${v.reason} [${v.guardId}]`,
        severity: commandSeverity(v),
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

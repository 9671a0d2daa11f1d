import { defineRule } from '../types';
import { bashRuleMatches, parseRule, toolEntries } from '../helpers';
import { commandsIn } from '../instructions';
import { parseShell } from '../../shell/parse';
import { redact } from '../../redact';
import type { Script } from '../../shell/ast';
import { READ_ONLY_BREAKERS, READ_ONLY_COMMANDS, READ_ONLY_GIT } from '../claude-code';

/** The simple commands of a line, as the words Claude Code matches rules against (quotes removed). */
function subcommands(command: string): string[][] | null {
  let script: Script;
  try {
    script = parseShell(command);
  } catch {
    return null;
  }
  if (script.limit) return null;
  const out: string[][] = [];
  for (const item of script.items) {
    for (const c of item.pipeline.commands) {
      if (c.type !== 'simple') return null; // subshells and groups: not judged here
      if (c.words.length > 0) out.push(c.words.map((w) => w.raw.replace(/["']/g, '')));
    }
  }
  return out;
}

/** Claude Code's built-in read-only commands run without a prompt, so they need no allow rule. */
function readOnly(words: string[]): boolean {
  const [program, ...args] = words;
  if (!program) return true;
  if (program === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    if (!sub || !READ_ONLY_GIT.has(sub)) return false;
    const rest = args.slice(args.indexOf(sub) + 1);
    const breaker = READ_ONLY_BREAKERS[sub];
    if (sub === 'stash') return rest.length > 0 && ['list', 'show'].includes(rest[0]!);
    return !breaker || !rest.some((a) => breaker.test(a));
  }
  if (!READ_ONLY_COMMANDS.has(program)) return false;
  const breaker = READ_ONLY_BREAKERS[program];
  return !breaker || !args.some((a) => breaker.test(a));
}

export default defineRule({
  code: 'AG-SKL-003',
  name: 'bang-not-allowed',
  severity: 'error',
  title: 'A !`command` that `allowed-tools` does not cover aborts the skill',
  rationale:
    "!`cmd` lines run before the prompt is sent and never prompt: anything short of an allow aborts the whole invocation. Each part of the command (`a | b && c` has three) needs a matching Bash(...) entry in allowed-tools, unless it is one of Claude Code's built-in read-only commands (ls, cat, echo, pwd, head, tail, grep, find, wc, which, diff, stat, du, cd, and inspecting git commands such as git status, git diff, git log), which run without a prompt in every mode.",
  appliesTo: ['skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    const bangs = commandsIn(ctx, true);
    if (bangs.length === 0 || fm?.error) return; // an unreadable frontmatter is reported by AG-SKL-001
    const rules = fm ? toolEntries(fm, 'allowed-tools', ctx.file.text).map((e) => parseRule(e.value)) : [];
    if (rules.some((r) => r.tool === 'Bash' && (r.spec === null || r.spec.trim() === '*'))) return;
    const specs = rules.filter((r) => r.tool === 'Bash' && r.spec !== null).map((r) => r.spec!.replace(/["']/g, ''));
    for (const b of bangs) {
      const parts = subcommands(b.command);
      if (!parts) continue; // cannot tell what runs: no claim
      const missing = parts.filter((words) => !readOnly(words) && !specs.some((s) => bashRuleMatches(s, words.join(' '))));
      if (missing.length === 0) continue;
      const first = missing[0]!;
      const suggestion = `Bash(${first.slice(0, first[0] === 'git' || first[0] === 'npm' ? 2 : 1).join(' ')} *)`;
      // The uncovered parts are named (redacted: a command line can carry a token), not the whole line.
      const named = missing.map((w) => `\`${redact(w.join(' '))}\``).join(', ');
      ctx.report({
        start: b.start,
        end: b.end,
        message: `${named} ${missing.length === 1 ? 'is' : 'are'} not covered by allowed-tools, so invoking this skill aborts. Add ${redact(suggestion)} to allowed-tools.`,
      });
    }
  },
  examples: {
    problematic: [
      { path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\ndescription: Deploy\n---\nVersion: !`npm pkg get version`\n' },
      { path: '.claude/commands/st.md', text: '---\ndescription: Status\nallowed-tools: Bash(git log *)\n---\nState: !`git fetch --dry-run`\n' },
      { path: '.claude/commands/t.md', text: '---\ndescription: T\nallowed-tools: Read\n---\n```!\nnpm test\n```\n' },
      { path: '.claude/commands/d.md', text: '---\ndescription: D\nallowed-tools: Bash(df:*)\n---\nDisk: !`df -h / | sort -r`\n' },
    ],
    correct: [
      {
        path: '.claude/skills/deploy/SKILL.md',
        text: '---\nname: deploy\ndescription: Deploy\nallowed-tools: Bash(npm pkg *)\n---\nVersion: !`npm pkg get version`\n',
      },
      {
        path: '.claude/commands/st.md',
        text: '---\ndescription: Status\nallowed-tools: Bash(git add:*)\n---\nState: !`git status --short`, diff: !`git diff HEAD`, branch: !`git branch --show-current`\n',
      },
      { path: '.claude/commands/plain.md', text: '---\ndescription: Plain\n---\nNo commands here, only `git status` as text.\n' },
      {
        path: '.claude/commands/c.md',
        text: '---\nallowed-tools: Bash(df:*), Bash(brew cleanup:*)\nargument-hint: [--aggressive] | [--maximum]\ndescription: Clean caches\n---\n- Disk: !`df -h / | tail -1`\n- Brew: !`brew cleanup -n 2>/dev/null | head -5 || echo "none"`\n',
      },
      {
        path: '.claude/commands/r.md',
        text: '---\ndescription: "Loop"\nallowed-tools: ["Bash(${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh:*)"]\n---\n```!\n"${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh" $ARGUMENTS\n```\n',
      },
    ],
  },
});

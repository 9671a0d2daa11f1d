import { defineRule, type RuleContext } from '../types';
import { bashRuleMatches, parseRule, toolEntries } from '../helpers';
import { commandsIn } from '../instructions';
import { parseShell } from '../../shell/parse';
import { redact } from '../../redact';
import type { Script } from '../../shell/ast';
import { READ_ONLY_BREAKERS, READ_ONLY_COMMANDS, READ_ONLY_GIT, READ_ONLY_VERSION_PROBES } from '../../claude-code';

/**
 * The simple commands of a line, as the words Claude Code matches rules against (quotes removed),
 * and whether one holds a quoted `$…` (Claude Code cannot check quoted text before it runs, so such
 * a command is never read-only: observed with 2.1.332, `basename "$PWD"` asked).
 */
function subcommands(command: string): { words: string[]; quotedExpansion: boolean }[] | null {
  let script: Script;
  try {
    script = parseShell(command);
  } catch {
    return null;
  }
  if (script.limit) return null;
  const out: { words: string[]; quotedExpansion: boolean }[] = [];
  for (const item of script.items) {
    for (const c of item.pipeline.commands) {
      if (c.type !== 'simple') return null; // subshells and groups: not judged here
      if (c.words.length > 0) out.push({ words: c.words.map((w) => w.raw.replace(/["']/g, '')), quotedExpansion: c.words.some((w) => /"[^"]*\$/.test(w.raw)) });
    }
  }
  return out;
}

/** Bash(…) specs that a project's own settings allow: Claude Code honours them for !`cmd` lines (observed). */
function projectAllows(ctx: RuleContext): { specs: string[]; bypass: boolean } {
  const i = ctx.file.path.lastIndexOf('/.claude/');
  if (i < 0) return { specs: [], bypass: false };
  const specs: string[] = [];
  let bypass = false;
  for (const name of ['settings.json', 'settings.local.json']) {
    let v: unknown;
    try {
      v = JSON.parse(ctx.workspace.read(`${ctx.file.path.slice(0, i)}/.claude/${name}`) ?? 'null');
    } catch {
      continue;
    }
    const perms = (v as { permissions?: { allow?: unknown; defaultMode?: unknown } } | null)?.permissions;
    if (perms?.defaultMode === 'bypassPermissions') bypass = true;
    for (const r of Array.isArray(perms?.allow) ? perms.allow : []) {
      if (typeof r !== 'string') continue;
      const p = parseRule(r);
      if (p.tool === 'Bash') specs.push(p.spec === null ? '*' : p.spec.replace(/["']/g, ''));
    }
  }
  return { specs, bypass };
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
    if (sub === 'config') return rest.some((a) => ['--get', '--get-all', '--get-regexp', '--list', '-l'].includes(a));
    return !breaker || !rest.some((a) => breaker.test(a));
  }
  const probe = READ_ONLY_VERSION_PROBES[program];
  if (probe && args.length === 1 && probe.includes(args[0]!)) return true;
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
    "!`cmd` lines run before the prompt is sent and never prompt: anything short of an allow aborts the whole invocation. Each part of the command (`a | b && c` has three) needs a matching Bash(...) entry in allowed-tools or in the project's own settings (permissions.allow), unless it is one of Claude Code's built-in read-only commands, which run without a prompt in every mode: observed with the pinned Claude Code, ls, cat, echo, printf, pwd, cd, head, tail, grep, rg, find, tree, wc, which, type, diff, cmp, stat, file, du, df, realpath, readlink, dirname, basename, sha256sum, md5sum, sort, tr, cut, sed (without -i), jq, date, uname, whoami, id, hostname, uptime, ps, nproc, free, test, true, false, `python3 --version`, `node -v`, and the inspecting git commands (status, diff, log, show, branch, tag, describe, rev-parse, rev-list, ls-files, blame, shortlog, remote, stash list, config --get). Not read-only: env, printenv, awk, uniq, npm, gh, curl and the like, and any command with a quoted `$…`.",
  appliesTo: ['skill', 'command'],
  loaderVerified: true,
  check(ctx) {
    const fm = ctx.frontmatter();
    const bangs = commandsIn(ctx, true);
    if (bangs.length === 0 || fm?.error) return; // an unreadable frontmatter is reported by AG-SKL-001
    const rules = fm ? toolEntries(fm, 'allowed-tools', ctx.file.text).map((e) => parseRule(e.value)) : [];
    if (rules.some((r) => r.tool === 'Bash' && (r.spec === null || r.spec.trim() === '*'))) return;
    // The project's own allow rules cover a !`cmd` too (a user's ~/.claude rules may as well: not seen here).
    const project = projectAllows(ctx);
    if (project.bypass || project.specs.some((s) => s.trim() === '*')) return;
    const specs = [...rules.filter((r) => r.tool === 'Bash' && r.spec !== null).map((r) => r.spec!.replace(/["']/g, '')), ...project.specs];
    for (const b of bangs) {
      const parts = subcommands(b.command);
      if (!parts) continue; // cannot tell what runs: no claim
      const missing = parts
        .filter((p) => !(readOnly(p.words) && !p.quotedExpansion) && !specs.some((s) => bashRuleMatches(s, p.words.join(' '))))
        .map((p) => p.words);
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
      // Not read-only in Claude Code: env; and a quoted $… cannot be checked before it runs.
      {
        path: '.claude/commands/d.md',
        text: '---\ndescription: D\n---\nVars: !`env | grep -c NODE`, dir: !`basename "$PWD"`\n',
        expect: [
          {
            line: 4,
            message: '`env` is not covered by allowed-tools, so invoking this skill aborts. Add Bash(env *) to allowed-tools.',
          },
          {
            line: 4,
            message: '`basename $PWD` is not covered by allowed-tools, so invoking this skill aborts. Add Bash(basename *) to allowed-tools.',
          },
        ],
      },
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
      // Read-only as Claude Code runs it (observed), or allowed by the project's own settings.
      {
        path: '.claude/commands/ctx.md',
        text: '---\ndescription: Context\n---\nBranch: !`git branch --show-current`, head: !`git rev-parse --short HEAD`, when: !`date +%F`, who: !`whoami`, version: !`jq -r .version package.json`\n',
      },
      {
        path: '.claude/commands/build.md',
        text: '---\ndescription: Build\n---\nBuild output: !`npm run build`\n',
        files: { '.claude/settings.json': '{ "permissions": { "allow": ["Bash(npm run build)"] } }\n' },
      },
      {
        path: '.claude/commands/r.md',
        text: '---\ndescription: "Loop"\nallowed-tools: ["Bash(${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh:*)"]\n---\n```!\n"${CLAUDE_PLUGIN_ROOT}/scripts/setup.sh" $ARGUMENTS\n```\n',
      },
    ],
  },
});

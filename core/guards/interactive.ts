// Every `instead` must be runnable by an agent: no pager, editor or full-screen program, which
// an agent cannot drive (VS Code's agent runs commands in a real terminal, where git pages too).
// Used by the example contract (core/guards/examples.ts): a guard whose alternative needs a
// person at the keyboard fails `npm test` and `agent-guard test`.

import { analyzeShell } from '../shell/analyze';
import type { Invocation } from '../shell/model';

/** Programs that wait for a person: pagers, editors, full-screen monitors. */
const INTERACTIVE = new Set([
  'less',
  'more',
  'most',
  'pg',
  'man',
  'info',
  'vi',
  'vim',
  'nvim',
  'view',
  'vimdiff',
  'nano',
  'pico',
  'emacs',
  'ed',
  'ex',
  'joe',
  'mcedit',
  'micro',
  'top',
  'htop',
  'watch',
  'tig',
  'lazygit',
  'mc',
]);
/** git subcommands that start the pager on a terminal, unless `--no-pager` / `-P` / `--no-edit`. */
const GIT_PAGED = new Set(['log', 'show', 'diff', 'blame', 'shortlog', 'reflog', 'whatchanged', 'grep']);
const GIT_PAGED_STASH = new Set(['list', 'show']);
function gitProblem(inv: Invocation): string | null {
  const words = inv.args.map((a) => a.known ?? '');
  let i = 0;
  let noPager = false;
  for (; i < words.length && words[i]!.startsWith('-'); i++) {
    if (words[i] === '--no-pager' || words[i] === '-P') noPager = true;
    if (['-C', '-c', '--git-dir', '--work-tree'].includes(words[i]!)) i++;
  }
  const sub = words[i] ?? '';
  const rest = words.slice(i + 1);
  if (!noPager && (GIT_PAGED.has(sub) || (sub === 'stash' && GIT_PAGED_STASH.has(rest[0] ?? ''))))
    return `git ${sub}${sub === 'stash' ? ` ${rest[0]}` : ''} starts a pager on a terminal (use git --no-pager …)`;
  if (sub === 'rebase' && rest.some((w) => w === '-i' || w === '--interactive')) return 'git rebase -i opens an editor';
  if (sub === 'commit' && !rest.some((w) => /^(--message|--file|--no-edit|--reuse-message|--fixup|-[a-zA-Z]*[mFC])/.test(w)))
    return 'git commit without -m opens an editor for the message';
  return null;
}

/** Why a command needs a person at the keyboard, or null when an agent can run it. */
export function interactiveProblem(command: string, home = '/home/user', cwd = '/home/user/project'): string | null {
  const analysis = analyzeShell(command, { cwd, home });
  for (const inv of analysis.invocations) {
    const p = inv.program;
    if (p && INTERACTIVE.has(p)) return `${p} is interactive: an agent cannot page or edit (print with cat, head, sed -n, grep, or git --no-pager)`;
    if (p === 'git') {
      const g = gitProblem(inv);
      if (g) return g;
    }
  }
  return null;
}

// The settings-entry model of guard-tamper: the text a file tool leaves in a settings file,
// Agent Guard's own product commands that loosen it (with the reason for each), and plugin
// switches that turn it off.

import type { Denial, GuardContext, ToolCall } from '../types';
import { type productCommand, shq } from '../helpers';
import { isSameOrAncestor, resolvePath } from '../../paths';
import type { Invocation, Value } from '../../shell/model';
import { work } from '../../work';
import { namesOnly } from '../../programs/table';

export function newSettingsText(call: ToolCall, ctx: GuardContext): string | null {
  if (call.tool === 'Write') return typeof call.input.content === 'string' ? call.input.content : '';
  const current = ctx.readText(call.path!, 1024 * 1024);
  if (current === null || !call.edits) return null;
  let text = current;
  for (const e of call.edits) {
    // Each edit reads and rebuilds the whole text: k edits of a large file are k×size, so counted (the deadline).
    work(text.length);
    if (!text.includes(e.oldText)) return null;
    text = call.input.replace_all === true ? text.split(e.oldText).join(e.newText) : text.replace(e.oldText, () => e.newText);
  }
  return text;
}

export const ASK = 'Agent Guard protects its own files and settings entry; if it should change, ask the user to do it.';

export const USE_EDIT = 'Make settings changes with the Edit tool, which checks them against the hook entry, or ask the user to make this one.';

/** What Agent Guard's own subcommands do to the guard, when the agent runs them. */
const PRODUCT_REASONS: Record<string, string> = {
  trust:
    "agent-guard trust records the user's consent to run the workspace's guards on every tool call and to apply what its configuration loosens; only the user can give it. Ask the user to review .claude/guards/ and .claude/agent-guard.json and run agent-guard trust themselves.",
  allow:
    'agent-guard allow adds a standing permission (to .claude/agent-guard/local.json, or with --team to .claude/agent-guard.json) and records the user\'s consent to it; only the user may grant one. Ask the user to run it (or to choose "Allow this here" in VS Code), or use the alternative the guard suggested.',
};
namesOnly(PRODUCT_REASONS);

/** install, sync and uninstall write or remove the hook file and the settings entry of a workspace (or of the user, or the managed settings). */
export function productChange(
  cmd: NonNullable<ReturnType<typeof productCommand>>,
  inv: Invocation,
  ctx: GuardContext,
  show: (p: string) => string,
): Denial | null {
  const reason = PRODUCT_REASONS[cmd.sub];
  if (!reason && !['install', 'uninstall', 'sync'].includes(cmd.sub)) return null;
  // `node scripts/cli.cjs install` in another project runs that project's own CLI: look before claiming.
  if (cmd.prefix[0] === 'node' && inv.cwd && !cmd.prefix[1]!.includes('$')) {
    const text = ctx.readText(resolvePath(inv.cwd, cmd.prefix[1]!, ctx.home), 256 * 1024);
    if (text !== null && !text.includes('agent-guard')) return null;
  }
  if (reason) return { reason };
  const words = cmd.args.map((a) => a.known);
  if (words.includes('-h') || words.includes('--help')) return null;
  const managed = words.includes('--managed');
  // `install --managed` prints the managed settings; only --write writes them.
  if (cmd.sub === 'install' && managed && !words.includes('--write')) return null;
  let where: string | null;
  if (managed) where = 'the managed settings';
  else if (words.includes('--user')) where = '~/.claude';
  else {
    const valueOpts = ['--host', '--platform', '--managed-dir'];
    let ws: Value | undefined;
    for (let i = 0; i < cmd.args.length; i++) {
      const w = words[i] ?? null;
      if (w !== null && valueOpts.includes(w)) i++;
      else if (w === null || !w.startsWith('-')) {
        ws = cmd.args[i];
        break;
      }
    }
    const path = ws === undefined ? inv.cwd : ws.known === null ? null : inv.cwd ? resolvePath(inv.cwd, ws.known, ctx.home) : null;
    // Another folder's guard (a scratch workspace) is not this session's; an unknown one may be.
    if (path !== null && path !== ctx.projectDir && !isSameOrAncestor(path, ctx.projectDir)) return null;
    where = path === null ? 'a workspace this command line does not determine' : show(path) || 'this project';
  }
  const verb = cmd.sub === 'uninstall' ? 'removes' : 'replaces';
  return {
    reason: `agent-guard ${cmd.sub} ${verb} Agent Guard's hook file and settings entry in ${where}: the guard that checks this session would be switched off or swapped for another build. Only the user may do that; ask them to run it. ${shq(...cmd.prefix, 'status')} shows what is installed.`,
    instead: shq(...cmd.prefix, 'status'),
  };
}

/** `claude plugin disable|uninstall agent-guard@…` (and marketplace remove): Claude Code's own switch for the plugin form. */
const PLUGIN_OFF = new Set(['disable', 'uninstall', 'remove', 'rm']);

export function pluginChange(inv: Invocation): Denial | null {
  if (inv.program !== 'claude') return null;
  const w = inv.args.map((a) => a.known);
  const at = w.findIndex((a) => a === 'plugin' || a === 'plugins');
  if (at < 0) return null;
  const rest = w.slice(at + 1).filter((a) => a === null || !a.startsWith('-'));
  const marketplace = rest[0] === 'marketplace';
  const verb = marketplace ? rest[1] : rest[0];
  if (!verb || !PLUGIN_OFF.has(verb)) return null;
  const names = rest.slice(marketplace ? 2 : 1);
  // A name the line does not fix may be ours; a named other plugin is the user's business.
  if (names.length > 0 && names.every((n) => n !== null && !n.startsWith('agent-guard'))) return null;
  return {
    reason: `claude plugin ${marketplace ? 'marketplace ' : ''}${verb} ${names.map((n) => n ?? '…').join(' ')} switches off or removes Agent Guard's Claude Code plugin, and its hook with it: the guard that checks this session. ${ASK} claude plugin list shows what is installed.`,
    instead: 'claude plugin list',
  };
}

// ---- pathspecs (git stash / checkout / restore) ----

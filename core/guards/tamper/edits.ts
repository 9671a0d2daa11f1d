// A file tool's edit (Write, Edit, MultiEdit, NotebookEdit) of Agent Guard's files, of a node that
// may run its hook, or of a settings file: judged on the text the edit leaves there (moved out of
// guards/guard-tamper.ts).
import type { Denial, GuardContext, ToolCall } from '../types';
import { HOOK_MARK, hookChange } from '../hook-settings';
import { isSameOrAncestor } from '../../paths';
import { isSettings, type Layout } from './layout';
import { ASK, newSettingsText } from './settings';
import { RUNTIME } from './hits';

export function judgeEdit(
  call: ToolCall,
  edits: NonNullable<ToolCall['edits']>,
  path: string,
  l: Layout,
  ctx: GuardContext,
  show: (p: string) => string,
): Denial | null {
  for (const p of new Set([path, ctx.realpath(path)])) {
    if (l.guard.some((f) => isSameOrAncestor(f, p))) return { reason: `${call.tool} of ${show(p)} changes Agent Guard itself. ${ASK}` };
    // As for the shell's writes (judgeEffects): a `node` in a bin folder may be the one the hook command finds on PATH.
    if (RUNTIME.test(p))
      return {
        reason: `${call.tool} of ${show(p)} replaces a node that may be the one running Agent Guard's hook: a hook that cannot start blocks nothing. ${ASK}`,
      };
    if (!isSettings(l, p)) continue;
    const before = ctx.readText(p, 1024 * 1024);
    if (before === null && ctx.exists(p))
      return { reason: `${show(p)} holds Agent Guard's hook entry and cannot be read here to check what this ${call.tool} does to it. ${ASK}` };
    const after = newSettingsText(call, ctx);
    if (after === null) {
      // The edit does not apply to the file as it is (the tool will fail); say no more than that it names the hook.
      const touchesUs = edits.some((e) => e.oldText.includes(HOOK_MARK) || /disableAllHooks/.test(e.newText));
      return touchesUs ? { reason: `This edit of ${show(p)} changes Agent Guard's hook entry. ${ASK}` } : null;
    }
    const change = hookChange(before, after, ctx.home);
    if (change) return { reason: `This ${call.tool} of ${show(p)} ${change}. ${ASK}` };
  }
  return null;
}

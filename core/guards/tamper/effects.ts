// The writes, deletes and mode changes of a shell line (from the effects layer) that reach Agent
// Guard's files, its settings entries or the node that runs its hook (moved out of
// guards/guard-tamper.ts).
import { minimatch } from 'minimatch';
import type { Denial, GuardContext } from '../types';
import { shellFileChanges } from '../file-changes';
import { plausiblePaths } from '../helpers';
import { HOOK_MARK, hookChange } from '../hook-settings';
import { analysisEffects, type effectsOf } from '../../effects/derive';
import { matchRow, specFor } from '../../programs/match';
import type { Target } from '../../programs/types';
import { basename, isSameOrAncestor, normalizePath, resolvePath } from '../../paths';
import type { Invocation, ShellAnalysis, Value } from '../../shell/analyze';
import type { Layout } from './layout';
import { ASK, USE_EDIT } from './settings';
import { CHMOD_DASH_MODE, hitOf, hookReads, onHookPath, removesExec, removesRead, RUNTIME, type Hit } from './hits';
import { codeTamper } from './code';
import { judgeExtraction, judgeFind, judgeUnreadPatch, unreadPatchReason } from './indirect';

/** A program's copy/move layout (cp, mv, install, rsync, git mv), or null. */
function copyLayout(inv: Invocation): boolean {
  const spec = inv.program ? specFor(inv.program) : undefined;
  const m = spec ? matchRow(inv, spec) : null;
  return m?.row.layout === 'copy' || m?.row.layout === 'move';
}

/** `sed -i 's/old/new/[g]' file` with a plain-text old and new: the edit it makes, so a settings change can be judged. */
function sedLiteralEdit(inv: Invocation): { oldText: string; newText: string; global: boolean } | null {
  if (inv.program !== 'sed' && inv.program !== 'gsed') return null;
  const spec = specFor(inv.program);
  const m = spec ? matchRow(inv, spec) : null;
  if (m?.row.how !== 'sed -i') return null;
  const scripts = m.parsed.values.filter((v) => v.opt === '-e' || v.opt === '--expression').map((v) => v.value);
  if (m.parsed.values.some((v) => v.opt === '-f' || v.opt === '--file')) return null;
  const script = scripts.length === 1 ? scripts[0]!.known : scripts.length === 0 ? (m.parsed.positional.find((v) => v.known !== '')?.known ?? null) : null;
  const s = script === null ? null : /^s\/([^/\\]+)\/([^/\\&]*)\/(g?)$/.exec(script);
  if (!s || /[.[\]*^$+?(){}|]/.test(s[1]!)) return null;
  return { oldText: s[1]!, newText: s[2]!, global: s[3] === 'g' };
}

function applySed(text: string, e: { oldText: string; newText: string; global: boolean }): string {
  return text
    .split('\n')
    .map((line) => (e.global ? line.split(e.oldText).join(e.newText) : line.replace(e.oldText, () => e.newText)))
    .join('\n');
}

/** The absolute paths an effect's target can name: the path, a glob's matches among the candidates, or the plausible values of a computed word. */
function pathsOf(t: Target, inv: Invocation, l: Layout, ctx: GuardContext): string[] {
  if (t.path && t.value.glob && /[*?[]/.test(t.path)) return l.candidates.filter((c) => minimatch(c, t.path!));
  if (t.path) return [t.path];
  if (t.value.known !== null && !inv.cwd && !t.value.known.startsWith('/')) {
    // Unknown folder: a relative name that ends like a protected path may be one.
    const tail = t.value.known.replace(/^\.\//, '');
    return tail.length > 0 ? l.candidates.filter((c) => c.endsWith(`/${tail}`)) : [];
  }
  return [...plausiblePaths(inv, t.value, ctx.home).map((p) => p.path), ...placedByEnvironment(t.value, ctx)];
}

/**
 * `"$XDG_CONFIG_HOME/agent-guard/trusted.json"`: a line that reads a variable which moved one of the
 * hook's places (core/own-places.ts) without setting it names that place, with the value the
 * hook's environment (the agent's too) gives it.
 */
function placedByEnvironment(v: Value, ctx: GuardContext): string[] {
  if (v.known !== null || v.unsetVars.length !== 1) return [];
  const base = ctx.places.vars[v.unsetVars[0]!];
  return base !== undefined && v.ifUnset.startsWith('/') ? [normalizePath(`${base}${v.ifUnset}`)] : [];
}

/** A write into Claude Code's env file ($CLAUDE_ENV_FILE), which is sourced before every later Bash command. */
function writesEnvFile(inv: Invocation, effects: ReturnType<typeof effectsOf>['effects']): boolean {
  // Loops, not closures: asked for every command of the line.
  for (const r of inv.redirects) if (r.op !== '<' && r.target && namesEnvFile(r.target)) return true;
  for (const e of effects) if (e.kind === 'write' && namesEnvFile(e.target.value)) return true;
  return false;
}

function namesEnvFile(v: Value): boolean {
  for (const p of v.word.parts) if (p.type === 'param' && p.name === 'CLAUDE_ENV_FILE') return true;
  return false;
}

export function judgeEffects(analysis: ShellAnalysis, l: Layout, ctx: GuardContext, show: (p: string) => string): Denial | null {
  const links = new Map<string, string>();
  const deny = (inv: Invocation, hit: Hit, verb: string): Denial => ({
    reason: hit.settings
      ? `${inv.program} ${verb} ${show(hit.path)}, which holds Agent Guard's hook entry, and what it leaves there cannot be checked here. ${USE_EDIT}`
      : `${inv.program} ${verb} ${show(hit.path)}, which is part of Agent Guard. ${ASK}`,
  });
  /** A write into the cache folder: name the file, and say why it matters there (deleting the folder is fine). */
  const denyCache = (inv: Invocation, path: string, socket: boolean): Denial => ({
    reason: `${inv.program} ${socket ? 'binds a socket at' : 'writes'} ${show(path)}, in Agent Guard's cache folder ${show(l.cache)}: the hook runs the code kept there (its code caches, startup snapshot and ask file) and asks the analyser listening on its socket there on every call, so whatever is put there answers for the guard. Put your file or socket somewhere else (the project, or /tmp); deleting that folder is fine (it is rebuilt). If Agent Guard's cache should change, ask the user to do it.`,
  });
  for (const ie of analysisEffects(analysis, ctx.home)) {
    const inv = ie.inv;
    if (inv.wrapper) continue;
    if (inv.program === 'ln') {
      // A link made on this line: a later write through it lands at its target.
      const pos = inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'));
      if (pos.length === 2 && inv.cwd) links.set(resolvePath(inv.cwd, pos[1]!.known!, ctx.home), resolvePath(inv.cwd, pos[0]!.known!, ctx.home));
    }
    if (writesEnvFile(inv, ie.effects))
      return {
        reason: `${inv.program} writes into $CLAUDE_ENV_FILE, Claude Code's env file, which is sourced before every later Bash command: what it sets (NODE_OPTIONS, PATH, …) changes how every later command runs, unseen. ${ASK}`,
      };
    // chmod -x /usr/bin/node: GNU chmod's -x is a mode, which the signature reads as an option.
    if (inv.program === 'chmod' || inv.program === 'setfacl') {
      const mode = inv.args.find((a) => a.known !== null && (!a.known.startsWith('-') || CHMOD_DASH_MODE.test(a.known)))?.known ?? null;
      const node = inv.args.find((a) => a.known !== null && a.known !== mode && RUNTIME.test(a.known) && a.known.startsWith('/'));
      if (node && (inv.program === 'setfacl' || removesExec(mode)))
        return {
          reason: `${inv.program} on ${node.known}, the node that runs Agent Guard's hook, can stop it from starting: a hook that cannot start blocks nothing. ${ASK}`,
        };
    }
    const code = codeTamper(inv, l, ctx);
    if (code)
      return code.fifo
        ? { reason: `${inv.program} code makes a FIFO or device at ${show(code.hit.path)}, which Agent Guard's hook opens. ${ASK}` }
        : {
            reason: `${inv.program} runs code that names ${show(code.hit.path)}, part of Agent Guard${code.hit.settings ? "'s settings entry" : ''}, and writes files at paths it computes when it runs, so whether it rewrites that one cannot be checked here. Write with literal paths, or ask the user.`,
          };
    const copies = copyLayout(inv);
    const sources = ie.effects.flatMap((e) => (e.kind === 'read' && e.source === 'file' && e.to ? [e.target] : []));
    const sed = sedLiteralEdit(inv);
    for (const e of ie.effects) {
      if ((e.kind === 'delete' || (e.kind === 'write' && e.how !== 'touch')) && e.target.path && RUNTIME.test(e.target.path))
        return {
          reason: `${inv.program} ${e.kind === 'delete' ? 'removes' : 'replaces'} ${e.target.path}, the node that runs Agent Guard's hook: a hook that cannot start blocks nothing. ${ASK}`,
        };
      if (e.kind === 'write' && (e.how === 'mkfifo' || e.how === 'mknod' || e.how === 'ln')) {
        const p = e.target.path;
        const source = inv.program === 'ln' ? inv.args.filter((a) => a.known !== null && !a.known.startsWith('-'))[0]?.known : null;
        const special = e.how !== 'ln' || (source !== null && source !== undefined && /^\/(?:dev|proc|sys)\//.test(source));
        if (p && special && hookReads(p, l, ctx))
          return {
            reason: `${inv.program} puts a ${e.how === 'ln' ? `link to ${source}` : 'FIFO or device'} at ${show(p)}, which Agent Guard's hook opens on every call: a reader of it blocks or never ends. ${ASK}`,
          };
      }
      if (e.kind === 'delete') {
        for (const p of pathsOf(e.target, inv, l, ctx)) {
          const hit = hitOf(p, l, true, ctx);
          // Deleting the code cache only makes the next call compile again; planting in it is what matters.
          if (!hit || hit.path === l.cache) continue;
          // Deleting a settings file that has no hook entry and no switch in it changes nothing about the hook.
          if (hit.settings && hit.path === p) {
            const text = ctx.readText(p, 1024 * 1024);
            if (text !== null && !text.includes(HOOK_MARK) && !/disableAllHooks|allowManagedHooksOnly|hooksConfig/.test(text)) continue;
            if (text === null && !ctx.exists(p)) continue;
          }
          return deny(inv, hit, 'deletes');
        }
      } else if (e.kind === 'write' && e.how !== 'touch') {
        const redirect = e.how.startsWith('redirection');
        const tree = !redirect && (copies || /^(tar x|unzip|7z)/.test(e.how));
        for (const raw of pathsOf(e.target, inv, l, ctx)) {
          // A copy into a folder writes folder/<name of the source>; a folder copied recursively may replace a folder of ours.
          const dirLike =
            !redirect &&
            copies &&
            (sources.length > 1 ||
              (e.target.value.known ?? '').endsWith('/') ||
              ctx.listDir(raw).length > 0 ||
              l.candidates.some((c) => c !== raw && isSameOrAncestor(raw, c)));
          // `rsync src/ dest` and `cp -r src/. dest` merge the source's contents into dest itself; rsync --delete also empties it.
          const merges = (s: Target) => /\/\.?$/.test(s.value.known ?? '') && (inv.program === 'rsync' || s.value.known?.endsWith('/.'));
          const sync = inv.program === 'rsync' && inv.args.some((a) => a.known?.startsWith('--delete'));
          const written = dirLike && !sync ? sources.map((s) => (merges(s) ? raw : `${raw}/${basename(s.value.known ?? s.path ?? '')}`)) : [raw];
          for (const w of written) {
            const p = ctx.realpath(links.get(w) ?? w);
            const hit = hitOf(p, l, tree, ctx) ?? (p !== w ? hitOf(w, l, false, ctx) : null);
            if (!hit) continue;
            if (hit.settings && sed && hit.path === p) {
              const before = ctx.readText(p, 1024 * 1024);
              if (before !== null) {
                const change = hookChange(before, applySed(before, sed), ctx.home);
                if (change === null) continue;
                return { reason: `sed -i on ${show(p)} ${change}. ${ASK}` };
              }
            }
            if (hit.path === l.cache && !hit.settings && p !== l.cache) return denyCache(inv, p, e.how === 'socket');
            return deny(inv, hit, e.how === 'ln' ? 'replaces' : 'rewrites');
          }
        }
      } else if (e.kind === 'read' && e.source === 'file' && e.mode === 'metadata' && ['chmod', 'chown', 'chgrp', 'setfacl'].includes(inv.program)) {
        // chmod's mode is its first operand; GNU chmod also takes `-x`, `-w` (options are -R, -c, -f, -v, --…).
        const mode = inv.args.find((a) => a.known !== null && (!a.known.startsWith('-') || CHMOD_DASH_MODE.test(a.known)))?.known ?? null;
        for (const p of pathsOf(e.target, inv, l, ctx)) {
          if (RUNTIME.test(p) && (inv.program !== 'chmod' || removesExec(mode)))
            return {
              reason: `${inv.program} on ${p}, the node that runs Agent Guard's hook, can stop it from starting: a hook that cannot start blocks nothing. ${ASK}`,
            };
          // chmod 000 . (or ~, or .claude/hooks): the host can no longer reach the hook file.
          if (inv.program === 'chmod' && onHookPath(p, l) && !l.candidates.includes(p) && removesRead(mode, true))
            return {
              reason: `${inv.program} on ${show(p) || 'this project'} takes away the access the host needs to reach Agent Guard's hook file under it: a hook that cannot start blocks nothing. ${ASK}`,
            };
          const hit = hitOf(p, l, false, ctx) ?? (l.candidates.includes(p) ? hitOf(p, l, true, ctx) : null);
          if (!hit) continue;
          if (inv.program === 'setfacl') {
            if (
              inv.args.some((a) => ['-b', '--remove-all', '-k', '--remove-default'].includes(a.known ?? '')) &&
              !inv.args.some((a) => /^-[mMs]|^--(?:modify|set)/.test(a.known ?? ''))
            )
              continue;
            return deny(inv, hit, 'changes the access list of');
          }
          if (inv.program === 'chmod' && !removesRead(mode, hit.path !== p)) continue;
          return deny(inv, hit, `${inv.program === 'chmod' ? 'takes the read permission off' : 'changes the owner of'}`);
        }
      }
    }
    // A patch file applied (git apply fix.patch, patch -p1 < fix.patch): the files its hunks write.
    if (ie.effects.some((e) => e.kind === 'read' && e.source === 'file' && e.patch)) {
      for (const c of shellFileChanges(ctx)) {
        const hit = c.inv === inv ? hitOf(ctx.realpath(c.path), l, false, ctx) : null;
        if (hit) return deny(inv, hit, c.kind === 'delete' ? 'deletes' : 'rewrites');
      }
    }
    const unread = judgeUnreadPatch(inv, ie.effects, l, ctx);
    if (unread) return unread.how === 'changes' ? deny(inv, unread.hit, 'rewrites') : { reason: unreadPatchReason(inv, unread.hit.path, show) };
    if (inv.program === 'find') {
      const hit = judgeFind(inv, analysis, l, ctx);
      if (hit) return deny(inv, hit, 'deletes or rewrites what it finds, including');
    }
    const extracted = judgeExtraction(inv, l, ctx);
    if (extracted) return deny(inv, extracted, 'extracts an archive whose members are not known here over');
  }
  return null;
}

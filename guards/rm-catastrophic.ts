import { defineGuard, type GuardContext } from '../core/guards/types';
import { argPath, flags, runs, shown } from '../core/guards/helpers';
import { OPAQUE, type Invocation, type ShellAnalysis, type Value } from '../core/shell/analyze';
import { isSameOrAncestor, resolvePath, dirname, basename } from '../core/paths';
import { catastrophe } from '../core/guards/targets';

interface Finding {
  reason: string;
  instead?: string;
}

/** A target argument of a deletion: a fixed path, a glob, or a path built from unset variables. */
function judgeTarget(inv: Invocation, v: Value, ctx: GuardContext, analysis: ShellAnalysis, verb: string, inside = false): Finding | null {
  if (v.known !== null) {
    let path = argPath(inv, v, ctx.home);
    if (!path) return null;
    if (v.glob) {
      // rm -rf *, ~/*, /*: everything inside a directory.
      const name = basename(path);
      if (!/^[.]?\*$/.test(name) && name !== '.[!.]*') return null;
      const dir = dirname(path);
      const what = catastrophe(dir, ctx);
      return what && dir !== ctx.projectDir ? { reason: `${verb} deletes everything in ${what}.` } : null;
    }
    // `ln -s ~ h && rm -rf h/`: a trailing slash follows the link.
    const linked = analysis.aliases.get(path);
    if (linked && v.known.endsWith('/')) path = linked;
    const what = catastrophe(path, ctx);
    return what ? { reason: `${verb} deletes ${inside ? 'files throughout ' : ''}${what}.` } : null;
  }
  if (v.unsetVars.length === 0) return null;
  // "$BUILD_DIR/": what the shell deletes when the variable is empty.
  const collapsed = v.ifUnset;
  if (collapsed === '' || collapsed.includes(OPAQUE)) return null;
  const path = inv.cwd || collapsed.startsWith('/') ? resolvePath(inv.cwd ?? '/', collapsed, ctx.home) : null;
  if (!path) return null;
  const what = catastrophe(path, ctx);
  if (!what) return null;
  const names = [...new Set(v.unsetVars)];
  const shown = names.map((n) => `$${n}`).join(', ');
  return {
    reason: `${verb}: ${shown} ${names.length > 1 ? 'are' : 'is'} not set in this command, and if ${names.length > 1 ? 'they are' : 'it is'} empty this deletes ${what}. Write \${${names[0]}:?} so the shell stops when it is unset.`,
    instead: guardVariables(analysis.source, names),
  };
}

/** Rewrites $VAR and ${VAR} as ${VAR:?} in the original command. */
function guardVariables(command: string, names: string[]): string {
  let out = command;
  for (const n of names) out = out.replace(new RegExp(`\\$(?:\\{${n}\\}|${n}(?![A-Za-z0-9_]))`, 'g'), `\${${n}:?}`);
  return out;
}

const FIND_NON_FILTERS = new Set(['-type', '-mindepth', '-maxdepth', '-depth', '-xdev', '-mount', '-delete', '-print', '-print0', '-follow', '-noleaf', '-ignore_readdir_race']);

function findHasFilter(args: Value[]): boolean {
  return args.some((a) => a.known !== null && a.known.startsWith('-') && a.known.length > 1 && !FIND_NON_FILTERS.has(a.known) && !a.known.startsWith('-exec') && !a.known.startsWith('-ok'));
}

/** find deletes under its starting points; a filter (-name, -mtime, …) scopes it inside the project. */
function judgeFindRoots(inv: Invocation, roots: Value[], filtered: boolean, ctx: GuardContext, analysis: ShellAnalysis, verb: string): Finding | null {
  const list = roots.length > 0 ? roots : [{ word: { parts: [], raw: '.' }, known: '.', ifUnset: '.', unsetVars: [], glob: false }];
  for (const root of list) {
    const f = judgeTarget(inv, root, ctx, analysis, verb, true);
    if (!f) continue;
    const path = root.known !== null ? argPath(inv, root, ctx.home) : null;
    if (filtered && path === ctx.projectDir) continue;
    return f;
  }
  return null;
}

export default defineGuard({
  id: 'rm-catastrophic',
  title: 'No recursive deletion of /, home, the project or a path built from an unset variable',
  prevents: 'rm -rf "$BUILD_DIR/" on a machine where BUILD_DIR was never set deletes /; cd ~ && rm -rf * empties the home directory.',
  tools: ['Bash', 'Monitor', 'PowerShell'],
  // The most severe outcome: explained first when several guards object.
  priority: 5,
  check(_call, ctx) {
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const f = judgeInvocation(inv, ctx, analysis);
      if (f) return f;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -r -f ~' } },
      { tool_name: 'Bash', tool_input: { command: 'rm --recursive --force ~/' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -Rf "$HOME"' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$BUILD_DIR/"' }, note: 'BUILD_DIR unset: becomes rm -rf /' },
      { tool_name: 'Bash', tool_input: { command: 'x=/; rm -rf $x' } },
      { tool_name: 'Bash', tool_input: { command: 'sudo -u root -E rm -rf /etc' } },
      { tool_name: 'Bash', tool_input: { command: 'FOO=1 rm -rf /' } },
      { tool_name: 'Bash', tool_input: { command: "r''m -rf ~" } },
      { tool_name: 'Bash', tool_input: { command: '\\rm -rf ~' } },
      { tool_name: 'Bash', tool_input: { command: 'timeout 60 nice -n 5 rm -rf /' } },
      { tool_name: 'Bash', tool_input: { command: `sudo bash -c "sh -c 'rm -rf /'"` } },
      { tool_name: 'Bash', tool_input: { command: 'npm test\nrm -rf ~' } },
      { tool_name: 'Bash', tool_input: { command: 'true && (cd / && rm -rf usr)' } },
      { tool_name: 'Bash', tool_input: { command: 'cd ~ && rm -rf *' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $(rm -rf ~)' } },
      { tool_name: 'Bash', tool_input: { command: '$(echo rm) -rf ~' } },
      { tool_name: 'Bash', tool_input: { command: 'eval "rm -rf ~"' } },
      { tool_name: 'Bash', tool_input: { command: "bash <<'EOF'\nrm -rf ~\nEOF" } },
      { tool_name: 'Bash', tool_input: { command: 'find / -delete' } },
      { tool_name: 'Bash', tool_input: { command: 'find ~ -type f -exec rm -f {} +' } },
      { tool_name: 'Bash', tool_input: { command: 'find / -name "*.conf" | xargs rm -f' } },
      { tool_name: 'Bash', tool_input: { command: 'rsync -a --delete ./empty/ ~/' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .' }, note: 'the project root, .git included' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .git' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ../' } },
      { tool_name: 'Bash', tool_input: { command: 'ln -s ~ h && rm -rf h/' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; os.system(\'rm -rf ~\')"' } },
      { tool_name: 'Bash', tool_input: { command: 'perl -e "system(q{rm -rf ~})"' } },
      { tool_name: 'Bash', tool_input: { command: 'mv ~/.ssh /tmp/x' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf / $(' + '$('.repeat(90) + ')'.repeat(90) + ')' }, note: 'pathological nesting still denied in time' },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "${BUILD_DIR:?}/dist"' }, note: '${VAR:?} aborts when unset' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ./node_modules' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf node_modules dist .next coverage' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/build-cache' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.pyc' -delete" } },
      { tool_name: 'Bash', tool_input: { command: 'echo "rm -rf /"' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -rn "rm -rf" scripts/' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit -m "guard against rm -rf / in cleanup script"' } },
      { tool_name: 'Bash', tool_input: { command: "cat <<'EOF' > notes.md\nnever run rm -rf / here\nEOF" } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(mktemp -d)"' } },
      { tool_name: 'Bash', tool_input: { command: 'BUILD_DIR=out; rm -rf "$BUILD_DIR/"' } },
      { tool_name: 'Bash', tool_input: { command: 'cd build && rm -rf *' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf build/' } },
      { tool_name: 'Bash', tool_input: { command: 'find . -mmin +120 -type f -exec rm {} +' }, cwd: '/home/user/.cache/tool', note: 'equal treatment of find -exec and -delete, scoped' },
      { tool_name: 'Bash', tool_input: { command: 'ee preflight check --cmd "rm -rf /"' }, note: 'destructive text as an argument is data' },
    ],
  },
});

function judgeInvocation(inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Finding | null {
  const p = inv.program;
  if (inv.findRoots && (p === 'rm' || p === 'shred' || p === 'unlink')) {
    return judgeFindRoots(inv, inv.findRoots, true, ctx, analysis, `${p} run by ${inv.via[inv.via.length - 1] === 'xargs' ? 'xargs on the output of find' : 'find -exec'}`);
  }
  if (p === 'rm') {
    const f = flags(inv.args);
    if (!f.short.has('r') && !f.short.has('R') && !f.long.has('--recursive')) return null;
    for (const t of f.positional) {
      const finding = judgeTarget(inv, t, ctx, analysis, shown(inv));
      if (finding) return finding;
    }
    return null;
  }
  if (p === 'find' && inv.args.some((a) => a.known === '-delete')) {
    const roots = inv.args.slice(0, inv.args.findIndex((a) => (a.known ?? '-').startsWith('-') || a.known === '(' || a.known === '!'));
    return judgeFindRoots(inv, roots.length > 0 ? roots : [], findHasFilter(inv.args), ctx, analysis, shown(inv));
  }
  if (p === 'rsync') {
    const f = flags(inv.args, ['-e', '--rsh', '--exclude', '--include', '--filter', '-f']);
    if (![...f.long].some((l) => l.startsWith('--delete'))) return null;
    const dest = f.positional[f.positional.length - 1];
    return dest && f.positional.length >= 2 ? judgeTarget(inv, dest, ctx, analysis, shown(inv)) : null;
  }
  if (p === 'mv') {
    const f = flags(inv.args, ['-t', '--target-directory', '-S', '--suffix']);
    for (const src of f.positional.slice(0, -1)) {
      const path = argPath(inv, src, ctx.home);
      if (!path || path === ctx.projectDir || isSameOrAncestor(path, ctx.projectDir)) continue;
      const what = catastrophe(path, ctx);
      if (what) return { reason: `mv ${src.word.raw} moves ${what} away; anything that expects it there breaks, as if it were deleted.` };
    }
  }
  return null;
}

import { minimatch } from 'minimatch';
import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { argPath, flags, plausiblePaths, runs, shown } from '../core/guards/helpers';
import { syntheticValue, UNKNOWN, type Invocation, type ShellAnalysis, type Value } from '../core/shell/model';
import { isSameOrAncestor, dirname, basename } from '../core/paths';
import { catastrophe, catastrophicNames, gitHistory, protectedChildren, systemFile } from '../core/guards/targets';
import { effectsOf } from '../core/effects/derive';
import { matchRow, specFor } from '../core/programs/match';

interface Finding {
  reason: string;
  instead?: string;
  /** What would be lost, for composing reasons. */
  what: string;
  unanalysable?: true;
}

/**
 * A target argument of a deletion: a fixed path, a glob, or a path with parts the line does not fix
 * (unset variables, substitutions), judged by each value it can plausibly take.
 */
function judgeTarget(inv: Invocation, v: Value, ctx: GuardContext, analysis: ShellAnalysis, verb: string, inside = false): Finding | null {
  for (const c of plausiblePaths(inv, v, ctx.home)) {
    if (c.text.includes(UNKNOWN)) {
      const f = unknownTarget(v, c.text, c.because, ctx, verb);
      if (f) return f;
      continue;
    }
    const f = judgeText(c.path, c.text, v.glob, ctx, analysis, verb, inside);
    if (!f) continue;
    if (c.because.length === 0) return f;
    const what = f.what;
    const unset = [...new Set(c.unset)];
    if (unset.length === c.because.length) {
      // Only unset variables: the shell can be told to stop when they are empty.
      const shown = unset.map((n) => `$${n}`).join(', ');
      return {
        reason: `${verb}: ${shown} ${unset.length > 1 ? 'are' : 'is'} not set in this command, and if ${unset.length > 1 ? 'they are' : 'it is'} empty this deletes ${what}. Write \${${unset[0]}:?} so the shell stops when it is unset.`,
        instead: guardVariables(analysis.source, unset),
        what,
      };
    }
    return {
      reason: `${verb}: ${c.because.join('; ')}, so this can delete ${what}. Name the directory you mean with a literal path (for example ./build), or use \${VAR:?} for a variable that must be set.`,
      what,
    };
  }
  return null;
}

/**
 * A target with a part the model does not compute (UNKNOWN: a substring it cannot take, a line read
 * from unseen input): it can be any path, so the call is unanalysable, unless what follows the
 * unknown part fixes a last name no catastrophic path has (`"$d/node_modules"`).
 */
function unknownTarget(v: Value, text: string, because: string[], ctx: GuardContext, verb: string): Finding | null {
  const tail = text.slice(text.lastIndexOf(UNKNOWN) + 1);
  const last = tail.slice(tail.lastIndexOf('/') + 1);
  if (tail.includes('/') && last !== '' && last !== '.' && last !== '..' && !/[*?[]/.test(last) && !catastrophicNames(ctx).has(last)) return null;
  return {
    reason: `Agent Guard cannot check this command completely: ${verb} deletes ${v.word.raw}, and ${because.join('; ')}, so it can be any folder, your home or the project included. Write the folder out as a literal path (for example rm -rf ./build), or list the folders in the command.`,
    what: v.word.raw,
    unanalysable: true,
  };
}

/** One concrete value of a deletion target: its absolute path and its text as written. */
function judgeText(resolved: string, text: string, glob: boolean, ctx: GuardContext, analysis: ShellAnalysis, verb: string, inside: boolean): Finding | null {
  let path = resolved;
  if (glob) {
    // rm -rf *, ~/*, /*: everything inside a directory.
    const name = basename(path);
    const dir = dirname(path);
    // rm -rf .* (or .g*, .[!.]*) in a repository: the glob reaches .git.
    if (name.startsWith('.') && minimatch('.git', name, { dot: true })) {
      const git = catastrophe(`${dir === '/' ? '' : dir}/.git`, ctx);
      if (git && /\.git/.test(git)) return { reason: `${verb} matches .git too: it deletes ${git}.`, what: git };
    }
    if (/[*?[]|[+@!]\(/.test(dir)) return null;
    // A pattern that matches any name (*, !(x), ?*): everything in the directory.
    if (matchesAnyName(name)) {
      const what = catastrophe(dir, ctx);
      if (what && dir === ctx.projectDir)
        return {
          reason: `${verb} deletes every file of the project but its dot-files, uncommitted work included. Name the folders you mean (for example rm -rf dist build).`,
          what: 'every file of the project',
        };
      if (what) return { reason: `${verb} deletes everything in ${what}.`, what: `everything in ${what}` };
    }
    // /e?c, /[a-z]*, ~/.[a-z]*: the pattern matches a protected name in that directory.
    const dot = name.startsWith('.');
    for (const child of protectedChildren(dir, ctx)) {
      if (!minimatch(child, name, { dot })) continue;
      const what = catastrophe(dir === '/' ? `/${child}` : `${dir}/${child}`, ctx);
      if (what) return { reason: `${verb} matches ${child}: it deletes ${what}.`, what };
    }
    return null;
  }
  // `ln -s ~ h && rm -rf h/`: a trailing slash follows the link.
  const linked = analysis.aliases.get(path);
  if (linked && text.endsWith('/')) path = linked;
  const what = catastrophe(path, ctx);
  return what ? { reason: `${verb} deletes ${inside ? 'files throughout ' : ''}${what}.`, what } : null;
}

/** Names of every kind a directory holds: a pattern matching all but one of them matches nearly anything. */
const PROBE_NAMES = ['a', 'src', 'README.md', 'node_modules', 'x1', 'Z_9', 'package.json'];

function matchesAnyName(pattern: string): boolean {
  let hits = 0;
  for (const n of PROBE_NAMES) if (minimatch(n, pattern)) hits++;
  return hits >= PROBE_NAMES.length - 1;
}

/** `$(cat list)` / `"$(cat list)"`: the file whose words a target is (one cat of one literal file, nothing else in the word). */
function listFile(v: Value): string | null {
  if (v.known !== null || v.word.parts.length !== 1) return null;
  const part = v.word.parts[0]!;
  if (part.type !== 'cmdsub' || part.script.items.length !== 1) return null;
  const cmds = part.script.items[0]!.pipeline.commands;
  const cmd = cmds.length === 1 ? cmds[0] : undefined;
  if (cmd?.type !== 'simple' || cmd.words.length !== 2) return null;
  const [program, file] = cmd.words.map((w) => (w.parts.length === 1 && w.parts[0]!.type === 'lit' ? w.parts[0]!.text : null));
  return program === 'cat' && file ? file : null;
}

/** `xargs rm -rf < list`: the file whose lines xargs appends. */
function xargsFromFile(inv: Invocation): string | null {
  const input = inv.redirects.find((r) => r.op === '<' && (r.fd === null || r.fd === 0));
  return input?.target?.known ?? null;
}

/** Rewrites $VAR and ${VAR} as ${VAR:?} in the original command. */
function guardVariables(command: string, names: string[]): string {
  let out = command;
  for (const n of names) out = out.replace(new RegExp(`\\$(?:\\{${n}\\}|${n}(?![A-Za-z0-9_]))`, 'g'), `\${${n}:?}`);
  return out;
}

const FIND_NON_FILTERS = new Set([
  '-type',
  '-mindepth',
  '-maxdepth',
  '-depth',
  '-xdev',
  '-mount',
  '-delete',
  '-print',
  '-print0',
  '-follow',
  '-noleaf',
  '-ignore_readdir_race',
]);

function findHasFilter(args: Value[]): boolean {
  return args.some(
    (a) => a.known?.startsWith('-') && a.known.length > 1 && !FIND_NON_FILTERS.has(a.known) && !a.known.startsWith('-exec') && !a.known.startsWith('-ok'),
  );
}

/** find deletes under its starting points; a filter (-name, -mtime, …) scopes it inside the project. */
function judgeFindRoots(inv: Invocation, roots: Value[], filtered: boolean, ctx: GuardContext, analysis: ShellAnalysis, verb: string): Finding | null {
  const list = roots.length > 0 ? roots : [syntheticValue('.')];
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
  tools: [...SHELL_TOOLS],
  catastrophic: true,
  // The most severe outcome: explained first when several guards object.
  priority: 5,
  check(_call, ctx) {
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const f = judgeInvocation(inv, ctx, analysis) ?? judgeDeletes(inv, ctx, analysis);
      if (f) return f;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'PowerShell', tool_input: { command: '(Get-Item ~).Delete($true)' }, note: "the item's own Delete" },
      { tool_name: 'PowerShell', tool_input: { command: 'cmd /c rd /s/q %USERPROFILE%' }, note: "cmd's switches run together" },
      { tool_name: 'PowerShell', tool_input: { command: 'robocopy C:\\empty $HOME /MIR' }, note: 'mirroring an empty folder onto home' },
      {
        tool_name: 'Bash',
        tool_input: { command: "find . -exec sh -c 'rm -rf ~' _ {} \\;" },
        note: 'find hands {} to a shell whose own target is the home folder',
      },
      { tool_name: 'Bash', tool_input: { command: 'find . -name x -exec rm -rf ~ {} \\;' }, note: 'an argument of its own beside the found files' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
      // what runs however the line is built
      { tool_name: 'Bash', tool_input: { command: 'f(){ rm -rf "$1"; }; f /' }, note: 'a function defined earlier, called with its argument' },
      { tool_name: 'Bash', tool_input: { command: 'g() { rm -rf "$@"; }; g ~' } },
      { tool_name: 'Bash', tool_input: { command: `sh -c 'rm -rf "$1"' sh /` }, note: 'sh -c with positional parameters' },
      { tool_name: 'Bash', tool_input: { command: 'alias x="rm -rf"; x ~' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf {/,}' }, note: 'brace expansion' },
      { tool_name: 'Bash', tool_input: { command: 'bash -c "$(cat <<EOF\nrm -rf ~\nEOF\n)"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo / | xargs rm -rf' }, note: 'xargs takes its arguments from stdin' },
      { tool_name: 'Bash', tool_input: { command: 'parallel rm -rf ::: ~' } },
      { tool_name: 'Bash', tool_input: { command: 'busybox rm -rf ~' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .*' }, note: 'the glob reaches .git' },
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
      { tool_name: 'Bash', tool_input: { command: `rm -rf / $(${'$('.repeat(90)}${')'.repeat(90)})` }, note: 'pathological nesting still denied in time' },
      // Values the line does not fix are judged by what they can plausibly be.
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(git rev-parse --show-toplevel)"' }, note: 'the repository root is the project' },
      { tool_name: 'Bash', tool_input: { command: 'D=$(git rev-parse --show-toplevel); rm -rf "$D"' }, note: 'through a variable' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /home/$(whoami)' }, note: 'whoami is the user name, so this is home' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "/Users/$(id -un)/"' }, cwd: '/Users/user/project', note: 'macOS homes' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~+' }, note: '~+ is the working directory, here the project' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "${PWD%/*}"' }, note: 'the parent of the working directory' },
      { tool_name: 'Bash', tool_input: { command: 'cd src && rm -rf ~-' }, note: '~- is the previous directory, the project' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~alice' }, note: "another user's home" },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(cat build-dir.txt)/"' }, note: 'a substitution that prints nothing leaves /' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(npm prefix)"/*' }, note: 'empty output leaves /*' },
      { tool_name: 'Bash', tool_input: { command: 'OUT=$PWD/dist; rm -rf "${OUT%/dist}"' }, note: 'pattern removal computed: the project itself' },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf $(cat cleanup.txt)' },
        fixture: { committed: { 'cleanup.txt': 'dist\n~\n' } },
        note: 'the targets are the words of a file: read, and judged',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'xargs rm -rf < cleanup.txt' },
        fixture: { committed: { 'cleanup.txt': 'build\n/\n' } },
        note: 'the lines xargs appends',
      },
      // Globs judged by what they can match.
      { tool_name: 'Bash', tool_input: { command: 'rm -rf *' }, note: 'every file of the project' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /e?c' }, note: 'matches /etc' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /[a-z]*' } },
      { tool_name: 'Bash', tool_input: { command: 'shopt -s extglob; rm -rf !(nothing)' }, note: 'an extended glob matching everything' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/!(x)' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.[a-z]*' }, note: 'matches ~/.ssh' },
      // Deleters by their signatures.
      { tool_name: 'Bash', tool_input: { command: 'npx rimraf ~' } },
      { tool_name: 'Bash', tool_input: { command: 'srm -r ~' } },
      { tool_name: 'Bash', tool_input: { command: 'rm --rec --for ~' }, note: 'getopt_long abbreviations' },
      { tool_name: 'Bash', tool_input: { command: 'rsync -a --remove-source-files ~/ /tmp/x/' } },
      { tool_name: 'Bash', tool_input: { command: 'tar --remove-files -cf /tmp/h.tar ~' } },
      { tool_name: 'Bash', tool_input: { command: 'zip -rm /tmp/h.zip ~' } },
      { tool_name: 'Bash', tool_input: { command: '7z a -sdel /tmp/h.7z ~' } },
      { tool_name: 'Bash', tool_input: { command: 'mv -t /tmp ~' } },
      { tool_name: 'Bash', tool_input: { command: 'mv --target-directory=/tmp ~/' } },
      { tool_name: 'Bash', tool_input: { command: 'find ~ -type f -exec truncate -s0 {} +' }, note: 'empties every file in home' },
      { tool_name: 'Bash', tool_input: { command: 'rm -f /etc/passwd' }, note: 'a file the system needs' },
    ],
    allowed: [
      { tool_name: 'PowerShell', tool_input: { command: 'robocopy src dist /MIR' } },
      { tool_name: 'PowerShell', tool_input: { command: 'Remove-Item .\\dist -Recurse:$true -Force' } },
      { tool_name: 'Bash', tool_input: { command: 'git rm -r --cached .' }, note: 'only the index; destructive-git judges what git rm can lose' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "${BUILD_DIR:?}/dist"' }, note: '${VAR:?} aborts when unset' },
      { tool_name: 'Bash', tool_input: { command: 'f(){ rm -rf "$1"; }; f dist' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf {dist,coverage}' } },
      { tool_name: 'Bash', tool_input: { command: 'echo dist | xargs rm -rf' } },
      { tool_name: 'Bash', tool_input: { command: `sh -c 'echo "$1"' sh hello` } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .cache/*' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ./node_modules' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf node_modules dist .next coverage' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/build-cache' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.pyc' -delete" } },
      { tool_name: 'Bash', tool_input: { command: 'echo "rm -rf /"' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -rn "rm -rf" scripts/' } },
      { tool_name: 'Bash', tool_input: { command: 'git commit -m "guard against rm -rf / in cleanup script"' } },
      { tool_name: 'Bash', tool_input: { command: "cat <<'EOF' > notes.md\nnever run rm -rf / here\nEOF" } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(mktemp -d)"' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(git rev-parse --show-toplevel)/dist"' } },
      { tool_name: 'Bash', tool_input: { command: 'xargs rm -f < stale-files.txt' }, note: 'not recursive' },
      { tool_name: 'Bash', tool_input: { command: 'xargs rm -rf < cleanup.txt' }, fixture: { committed: { 'cleanup.txt': 'dist\ncoverage\n' } } },
      { tool_name: 'Bash', tool_input: { command: 'BUILD_DIR=out; rm -rf "$BUILD_DIR/"' } },
      { tool_name: 'Bash', tool_input: { command: 'cd build && rm -rf *' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf build/' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'find . -mmin +120 -type f -exec rm {} +' },
        cwd: '/home/user/.cache/tool',
        note: 'equal treatment of find -exec and -delete, scoped',
      },
      { tool_name: 'Bash', tool_input: { command: 'ee preflight check --cmd "rm -rf /"' }, note: 'destructive text as an argument is data' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(git rev-parse --show-toplevel)/dist"' }, note: 'a folder inside the repository' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(pwd)/build"' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~+/build' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "${PWD}/dist"' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(npm config get cache)/_cacache"' }, note: 'empty output leaves /_cacache: not catastrophic' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf "$(cat build-dir.txt)"' }, note: 'empty output: rm of an empty name fails harmlessly' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf $(find . -name __pycache__ -type d)' } },
      { tool_name: 'Bash', tool_input: { command: 'f=src/app.ts; rm -rf "${f%.ts}.js.map" "${f##*/}.bak"' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ./*.log' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf build/* /tmp/build-*' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.cache/pip/*' } },
      { tool_name: 'Bash', tool_input: { command: 'npx rimraf dist coverage' } },
      { tool_name: 'Bash', tool_input: { command: 'tar --remove-files -czf /tmp/logs.tgz logs' } },
      { tool_name: 'Bash', tool_input: { command: 'zip -m /tmp/a.zip a.txt' } },
      { tool_name: 'Bash', tool_input: { command: '7z a -t7z -mx=9 /tmp/src.7z src' } },
      { tool_name: 'Bash', tool_input: { command: 'rsync -a --remove-source-files out/ /tmp/out/' } },
      { tool_name: 'Bash', tool_input: { command: 'mv -t /tmp a.txt b.txt' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.tmp' -exec truncate -s0 {} +" } },
      { tool_name: 'Bash', tool_input: { command: 'rm -f /tmp/app.lock /usr/local/bin/mytool' } },
    ],
  },
});

function judgeInvocation(inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Finding | null {
  const p = inv.program;
  if (inv.findRoots && destroysFiles(inv, ctx)) {
    const byRoots = judgeFindRoots(
      inv,
      inv.findRoots,
      true,
      ctx,
      analysis,
      `${p} run by ${inv.via[inv.via.length - 1] === 'xargs' ? 'xargs on the output of find' : 'find -exec'}`,
    );
    // Its other arguments are its own targets (`find . -exec rm -rf ~ {} \;`).
    if (byRoots) return byRoots;
  }
  if (p === 'rm') {
    const f = flags(inv.args);
    // rm --rec --for: the signature's getopt_long abbreviations.
    const spec = specFor('rm');
    const m = spec ? matchRow(inv, spec) : null;
    if (!m?.row.recursive?.some((o) => m.parsed.flags.has(o))) return null;
    const verb = shown(inv);
    for (const t of f.positional) {
      const finding = judgeTarget(inv, t, ctx, analysis, verb);
      if (finding) return finding;
    }
    // rm -rf $(cat list), xargs rm -rf < list: the paths are the words of a file; read it (a
    // missing file gives none) and judge each, as the shell will split them.
    const lists = [...f.positional.map(listFile), inv.via[inv.via.length - 1] === 'xargs' ? xargsFromFile(inv) : null];
    for (const file of lists) {
      if (!file) continue;
      const path = argPath(inv, syntheticValue(file), ctx.home);
      const text = path ? ctx.readText(path, 256 * 1024) : null;
      // A list outside the project that cannot be read now (/tmp/list): other processes may write it before this runs.
      if (text === null && (!path || !isSameOrAncestor(ctx.projectDir, path)))
        return {
          reason: `Agent Guard cannot check this command completely: ${verb} deletes the paths listed in ${file}, which it cannot read, so what would be deleted cannot be seen. Write the paths out (rm -rf dist build), or keep the list in the project where it can be read.`,
          what: `the paths in ${file}`,
          unanalysable: true,
        };
      for (const word of text?.split(/\s+/) ?? []) {
        if (!word) continue;
        const target = argPath(inv, syntheticValue(word), ctx.home);
        const finding = target ? judgeText(target, word, /[*?[]/.test(word), ctx, analysis, `${verb} (${word}, from ${file})`, false) : null;
        if (finding) return finding;
      }
    }
    return null;
  }
  if (p === 'find' && inv.args.some((a) => a.known === '-delete')) {
    const roots = inv.args.slice(
      0,
      inv.args.findIndex((a) => (a.known ?? '-').startsWith('-') || a.known === '(' || a.known === '!'),
    );
    return judgeFindRoots(inv, roots.length > 0 ? roots : [], findHasFilter(inv.args), ctx, analysis, shown(inv));
  }
  if (p === 'rsync') {
    const f = flags(inv.args, ['-e', '--rsh', '--exclude', '--include', '--filter', '-f']);
    if (![...f.long].some((l) => l.startsWith('--delete'))) return null;
    const dest = f.positional[f.positional.length - 1];
    return dest && f.positional.length >= 2 ? judgeTarget(inv, dest, ctx, analysis, shown(inv)) : null;
  }
  if (p === 'mv' || p === 'gmv') {
    // The sources, by mv's signature (mv -t DIR SRC…, --target-directory=DIR).
    const sources = effectsOf(inv, ctx.home).effects.flatMap((e) => (e.kind === 'delete' ? [e.target.value] : []));
    for (const src of sources) {
      const path = argPath(inv, src, ctx.home);
      if (!path || path === ctx.projectDir) continue;
      const what = catastrophe(path, ctx);
      if (what) return { reason: `mv ${src.word.raw} moves ${what} away; anything that expects it there breaks, as if it were deleted.`, what };
    }
  }
  return null;
}

/**
 * Programs handled above with their own rules (rm's lists, find's filters, rsync --delete, mv), and
 * git: `git rm -r .` deletes only files git tracks inside the repository, which a checkout puts back
 * (never .git, never anything outside); what it can lose, uncommitted changes, is destructive-git's.
 */
const OWN_RULES = new Set(['rm', 'find', 'mv', 'gmv', 'git']);

/**
 * Every other deletion, by the program's signature: rimraf, srm, shred -u, tar --remove-files,
 * zip -m, 7z -sdel, rsync --remove-source-files. Recursive ones are judged like rm -rf; a single
 * file is catastrophic when the system needs it (rm -f /etc/passwd).
 */
function judgeDeletes(inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Finding | null {
  for (const e of effectsOf(inv, ctx.home).effects) {
    if (e.kind !== 'delete') continue;
    if (e.recursive && !OWN_RULES.has(inv.program)) {
      const f = judgeTarget(inv, e.target.value, ctx, analysis, shown(inv));
      if (f) return f;
    }
    const file = e.target.path ? systemFile(e.target.path) : null;
    if (file) return { reason: `${shown(inv)} deletes ${file}; the system needs it to boot, log in or run sudo.`, what: file };
    const history = e.target.path ? gitHistory(e.target.path, ctx) : null;
    if (history) return { reason: `${shown(inv)} deletes ${history}; git cannot read the repository without it.`, what: history };
  }
  return null;
}

/** What find -exec runs destroys the files it is given: deletes them, or empties or overwrites them (truncate, shred). */
function destroysFiles(inv: Invocation, ctx: GuardContext): boolean {
  if (inv.program === 'rm' || inv.program === 'shred' || inv.program === 'unlink') return true;
  return effectsOf(inv, ctx.home).effects.some((e) => e.kind === 'delete' || (e.kind === 'write' && (e.how === 'truncate' || e.how === 'shred')));
}

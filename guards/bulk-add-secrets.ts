import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { parseGit, runs, secretPath, shq } from '../core/guards/helpers';
import { relativeTo, resolvePath } from '../core/paths';
import { analysisEffects } from '../core/effects/derive';
import type { Invocation, ShellAnalysis, Value } from '../core/shell/model';
import { namesProduced, stagesOf, stagesOfScript, type NameSource, type Stage } from '../core/effects/producers';

/** Options of git add that take no pathspec and change nothing. */
const DRY_RUN = new Set(['-n', '--dry-run']);

/** Untracked secret files the pathspecs would stage: not ignored ones, or with `force` ignored ones too (null: unknown). */
function untrackedSecrets(ctx: GuardContext, cwd: string, pathspecs: string[], force: boolean): string[] | null {
  // ls-files, not status: status hashes files whose stat changed and so runs the repository's
  // clean filters; listing untracked files reads no file contents.
  const r = ctx.git(['ls-files', '-z', '--others', ...(force ? [] : ['--exclude-standard']), '--full-name', '--', ...pathspecs], cwd);
  if (!r?.ok) return null;
  const untracked = r.stdout.split('\0').filter((e) => e !== '' && !e.endsWith('/'));
  if (untracked.length === 0) return [];
  // --full-name paths are relative to the repository root.
  const top = ctx.git(['rev-parse', '--show-toplevel'], cwd);
  const root = top?.ok ? top.stdout.trim() : cwd;
  return untracked.filter((rel) => secretPath(resolvePath(root, rel, ctx.home), ctx));
}

/** An exclusion pathspec for `file` (relative to the repository root) that git reads from `cwd`. */
function exclusion(root: string, cwd: string, file: string, home: string): string {
  const rel = relativeTo(cwd, resolvePath(root, file, home));
  return rel ? `:!${rel}` : `:(top,exclude)${file}`;
}

/** The repository root of `cwd`, as git says. */
function rootOf(ctx: GuardContext, cwd: string): string {
  const top = ctx.git(['rev-parse', '--show-toplevel'], cwd);
  return top?.ok ? top.stdout.trim() || cwd : cwd;
}

/**
 * A `git add` or `git update-index --add` as what it stages: the pathspecs on its command line
 * (`named`) and those it reads from a file or stdin (`--pathspec-from-file`, `update-index
 * --stdin`: not visible as names; unknown content is every path), and whether it ignores .gitignore.
 */
interface Staging {
  options: string[];
  named: string[];
  fromFile: string[];
  all: boolean;
  forced: boolean;
  plumbing: boolean;
}

function staging(sub: string, args: string[], inv: Invocation): Staging | null {
  const options: string[] = [];
  const named: string[] = [];
  let fromFile: string[] = [];
  let nul = false;
  let readsList: string | null = null;
  for (let i = 0, rest = false; i < args.length; i++) {
    const a = args[i]!;
    if (rest || !a.startsWith('-') || a === '-') {
      named.push(a);
      continue;
    }
    if (a === '--') {
      rest = true;
      options.push(a);
      continue;
    }
    if (a === '--pathspec-from-file' || a.startsWith('--pathspec-from-file=')) {
      readsList = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (args[++i] ?? '');
      continue;
    }
    if (a === '--pathspec-file-nul' || a === '-z') nul = true;
    if (sub === 'update-index' && a === '--stdin') readsList = '-';
    if (sub === 'update-index' && (a === '--cacheinfo' || a === '--chmod')) i += a === '--cacheinfo' ? 1 : 0;
    options.push(a);
  }
  if (sub === 'update-index' && !options.includes('--add')) return null;
  if (readsList !== null) {
    const text = readsList === '-' ? inv.stdinText : null;
    fromFile =
      text === null
        ? [':/']
        : text
            .split(nul ? '\0' : '\n')
            .map((l) => l.trim())
            .filter(Boolean);
  }
  const all = sub === 'add' && options.some((o) => o === '-A' || o === '--all' || /^-[a-zA-Z]*A/.test(o));
  const forced = sub === 'update-index' || options.some((o) => o === '--force' || /^-[a-zA-Z]*f/.test(o));
  return { options, named, fromFile, all, forced, plumbing: sub === 'update-index' };
}

/**
 * The names a `git add` is fed by another command rather than given on the line: the lines `xargs`
 * appends (`git ls-files -o -z | xargs -0 git add`), or an argument that is one command substitution
 * (`git add $(git ls-files --others)`). Null when it is fed nothing.
 */
function producedNames(inv: Invocation, analysis: ShellAnalysis): { source: NameSource; producer: string }[] | null {
  const out: { source: NameSource; producer: string }[] = [];
  const describe = (stages: Stage[]) => ({ source: namesProduced(stages), producer: stages.map((s) => s.program || 'a command').join(' | ') });
  if (inv.via.at(-1) === 'xargs') {
    const list = analysis.invocations;
    const at = list.indexOf(inv);
    const outer = inv.via.slice(0, -1);
    for (let k = at - 1; k >= 0 && k >= at - 8; k--) {
      const x = list[k]!;
      if (x.program !== 'xargs' || x.via.length !== outer.length || !x.via.every((v, n) => v === outer[n])) continue;
      // -a FILE: the names are in a file the line does not show; stdin from a pipe: what the producer prints.
      if (x.args.some((a) => /^(-a|--arg-file)/.test(a.known ?? '')))
        out.push({ source: { kind: 'unknown', what: 'the file xargs -a reads' }, producer: 'xargs -a' });
      else if (x.pipeFrom) out.push(describe(stagesOf(x.pipeFrom)));
      break;
    }
  }
  for (const a of inv.args) {
    const parts = a.word.parts;
    const sub = parts.length === 1 && parts[0]!.type === 'cmdsub' ? parts[0] : null;
    if (sub?.type === 'cmdsub') out.push(describe(stagesOfScript(sub.script)));
    // --pathspec-from-file=<(git ls-files -o): the list is what the process substitution prints.
    const proc = parts.find((p) => p.type === 'procsub' && p.dir === '<');
    if (proc?.type === 'procsub') out.push(describe(stagesOfScript(proc.script)));
  }
  return out.length > 0 ? out : null;
}

/** The pathspecs that stand for what a source names (null: tracked files only, nothing untracked). */
function sourcePathspecs(source: NameSource): string[] | null {
  switch (source.kind) {
    case 'none':
      return null;
    case 'paths':
      return source.paths;
    case 'unknown':
      return [':/'];
    case 'walk': {
      if (source.tracked === 'only') return null;
      const globs = source.globs;
      if (!globs) return source.roots;
      return source.roots.flatMap((r) => globs.map((g) => `:(glob)${r === '.' || r === './' ? '' : `${r.replace(/\/$/, '')}/`}**/${g}`));
    }
  }
}

const IGNORE_FILE = /(?:^|\/)\.gitignore$|\/\.git\/info\/exclude$/;

interface Steps {
  ignoresChange: boolean;
  renamed: string[];
}

/**
 * What the earlier steps of the same line do to what each `git add` will see (git is asked before
 * the line runs): an edit, move or removal of an ignore file, or a change of core.excludesFile,
 * means nothing can be assumed ignored; a secret copied or moved to another name in the project
 * is a secret under that name. One pass over the line; each invocation gets the state before it.
 */
function stepsBefore(analysis: ShellAnalysis, ctx: GuardContext): Map<Invocation, Steps> {
  const out = new Map<Invocation, Steps>();
  let ignoresChange = false;
  const renamed: string[] = [];
  for (const ie of analysisEffects(analysis, ctx.home)) {
    out.set(ie.inv, { ignoresChange, renamed: renamed.slice(0, 8) });
    const git = parseGit(ie.inv, ctx.home, analysis);
    if (git?.sub === 'config' && git.args.some((a) => /^core\.excludesfile$/i.test(a.known ?? ''))) ignoresChange = true;
    if (git?.sub === 'rm' && git.args.some((a) => a.known === '--cached')) ignoresChange = true;
    for (const e of ie.effects) {
      // A write whose target the line does not fix may be the ignore file too.
      if ((e.kind === 'write' || e.kind === 'delete') && (e.target.path === null ? e.kind === 'write' : IGNORE_FILE.test(e.target.path))) ignoresChange = true;
      if (e.kind === 'read' && e.source === 'file' && e.to?.path && e.target.path && secretPath(e.target.path, ctx) && !secretPath(e.to.path, ctx))
        renamed.push(`${e.target.value.word.raw} → ${e.to.value.word.raw}`);
    }
  }
  return out;
}

/** `git commit -a`, `-i`/`--include` or pathspecs: files beyond what was staged go into the commit. */
function commitStagesOthers(args: Value[]): boolean {
  let pathspec = false;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === null) continue;
    if (t === '--') return i + 1 < args.length;
    if (t === '--all' || t === '--include') return true;
    if (/^-[a-zA-Z]+$/.test(t)) {
      // A bundle (-am): flags up to the first letter that takes a value, which is the rest of the word or the next one.
      const at = t.search(/[mFCct]/);
      const letters = at < 0 ? t.slice(1) : t.slice(1, at);
      if (letters.includes('a') || letters.includes('i')) return true;
      if (at === t.length - 1) i++;
      continue;
    }
    if (
      [
        '-m',
        '--message',
        '-F',
        '--file',
        '-C',
        '-c',
        '--reuse-message',
        '--reedit-message',
        '--author',
        '--date',
        '--fixup',
        '--squash',
        '--cleanup',
        '-t',
        '--template',
        '--trailer',
      ].includes(t)
    ) {
      i++;
      continue;
    }
    if (!t.startsWith('-')) pathspec = true;
  }
  return pathspec;
}

/** A `git add` fed names by another command: the untracked secrets those names can reach. */
function judgeProduced(
  sub: string,
  gitArgs: Value[],
  cwd: string,
  produced: { source: NameSource; producer: string }[],
  analysis: ShellAnalysis,
  inv: Invocation,
  ctx: GuardContext,
): Denial | null {
  const options = gitArgs.map((a) => a.known).filter((t): t is string => t?.startsWith('-') === true);
  if (sub === 'add' && options.some((o) => DRY_RUN.has(o))) return null;
  const forced = sub === 'update-index' || options.some((o) => o === '--force' || /^-[a-zA-Z]*f/.test(o));
  const steps = stepsBefore(analysis, ctx).get(inv);
  for (const p of produced) {
    const pathspecs = sourcePathspecs(p.source);
    if (!pathspecs || pathspecs.length === 0) continue;
    const found = untrackedSecrets(ctx, cwd, pathspecs, forced || (steps?.ignoresChange ?? false));
    if (!found || found.length === 0) continue;
    const what =
      p.source.kind === 'unknown'
        ? `names ${p.producer} prints, which this command line cannot see, in a repository that holds`
        : `names ${p.producer} prints, and those include`;
    return {
      reason: `git ${sub} stages the files whose ${what} ${found.join(', ')}: untracked and looking like ${found.length > 1 ? 'secrets' : 'a secret'}, ${found.length > 1 ? 'they go' : 'it goes'} into the commit unnoticed. Stage the files you mean by name, and add ${found.length > 1 ? 'them' : 'it'} to .gitignore.`,
    };
  }
  return null;
}

/** The examples' repository: two committed files and an untracked secret. */
const UNTRACKED_ENV = { committed: { 'README.md': 'x\n', 'src/a.ts': 'a\n' }, untracked: { '.env': 'KEY=value\n' } };

export default defineGuard({
  id: 'bulk-add-secrets',
  title: 'No git add that would stage an untracked secret file in bulk or among other files',
  prevents:
    'git add -A in a repo where .env was never gitignored stages it with forty other files; the commit is called "add feature" and the keys end up on GitHub.',
  tools: [...SHELL_TOOLS],
  check(call, ctx) {
    const analysis = ctx.shell();
    // `git add .env && git add src`: a secret named alone, and other files staged by another add on the line.
    const namedAlone: string[] = [];
    let stagesOthers = false;
    let before: Map<Invocation, Steps> | undefined;
    for (const inv of runs(analysis)) {
      const git = parseGit(inv, ctx.home, analysis);
      // `git add -N .env && git commit -am wip`: the commit stages every tracked change with the secret.
      if (git?.sub === 'commit' && namedAlone.length > 0 && commitStagesOthers(git.args)) stagesOthers = true;
      if ((git?.sub !== 'add' && git?.sub !== 'update-index') || !git.cwd) continue;
      // Names another command prints, fed to git add: judged as pathspecs of what they can name.
      const produced = producedNames(inv, analysis);
      if (produced) {
        const d = judgeProduced(git.sub, git.args, git.cwd, produced, analysis, inv, ctx);
        if (d) return d;
        continue;
      }
      if (git.args.some((a) => a.known === null)) continue;
      const args = git.args.map((a) => a.known!);
      if (args.some((a) => DRY_RUN.has(a)) && git.sub === 'add') continue;
      const st = staging(git.sub, args, inv);
      if (!st) continue;
      const { options, all } = st;
      const pathspecs = [...st.named, ...st.fromFile];
      if (options.some((o) => o === '-u' || o === '--update') && !all && !st.plumbing) continue; // tracked files only
      if (pathspecs.length === 0 && !all) continue;
      before ??= stepsBefore(analysis, ctx);
      const steps = before.get(inv) ?? { ignoresChange: false, renamed: [] };
      const cmd = `git ${git.sub} ${args.join(' ')}`;
      if (steps.renamed.length > 0) {
        return {
          reason: `This line copies or moves a secret to another name (${steps.renamed.join(', ')}) and then runs ${cmd}, which stages it under that name, where .gitignore does not catch it. Keep the secret under its own ignored name; stage the files you changed by name.`,
        };
      }
      // An ignore file changed earlier on the line: what it ignored may be staged now, so count ignored files too.
      const force = steps.ignoresChange || st.forced;
      const found = untrackedSecrets(ctx, git.cwd, all && pathspecs.length === 0 ? [':/'] : pathspecs, force);
      if (!found) continue;
      const root = found.length > 0 ? rootOf(ctx, git.cwd) : git.cwd;
      const asRoot = (p: string) => {
        const rel = relativeTo(root, resolvePath(git.cwd!, p, ctx.home));
        return rel === null ? p : rel;
      };
      // The alternative runs from the call's folder: a cd earlier on the line becomes -C.
      const here = git.cwd === call.cwd ? [] : ['-C', relativeTo(call.cwd, git.cwd) || git.cwd];
      const globals = [...here, ...git.globals];
      const excludes = (files: string[]) => files.map((f) => exclusion(root, git.cwd!, f, ctx.home));
      // --force (and update-index, which never reads .gitignore) stages a secret whatever the ignore rules say.
      if (st.forced && found.length > 0 && !steps.ignoresChange) {
        return {
          reason: `${cmd} stages ${found.join(', ')}, untracked and looking like ${found.length > 1 ? 'secrets' : 'a secret'}, ${st.plumbing ? 'through plumbing that never reads .gitignore' : 'with --force, which overrides .gitignore'}. A secret does not belong in git; if this one really does, ask the user to stage it.`,
        };
      }
      // Naming the secret file itself on the command line is a visible, deliberate choice (and shows up in the diff).
      const named = new Set(st.named.map(asRoot));
      const hidden = found.filter((f) => !named.has(f));
      const others = st.named.filter((p) => !found.includes(asRoot(p)));
      if (hidden.length === 0) {
        if (found.length === 0 || (others.length === 0 && !all)) {
          if (found.length > 0) namedAlone.push(...found);
          else stagesOthers = true;
          continue;
        }
        // Named among other files, the secret goes into the commit with them, unnoticed in the list.
        return {
          reason: `${cmd} stages ${found.join(', ')} along with the other files: ${found.length > 1 ? 'they are' : 'it is'} untracked and look${found.length > 1 ? '' : 's'} like ${found.length > 1 ? 'secrets' : 'a secret'}, and in a list of paths it goes into the commit unnoticed. Stage the other files without ${found.length > 1 ? 'them' : 'it'} (below) and add ${found.length > 1 ? 'them' : 'it'} to .gitignore; if ${found.length > 1 ? 'they' : 'it'} really belong${found.length > 1 ? '' : 's'} in git, ask the user.`,
          instead: shq('git', ...globals, 'add', ...options.filter((o) => o !== '--'), '--', ...(others.length > 0 ? others : ['.']), ...excludes(found)),
        };
      }
      if (steps.ignoresChange)
        return {
          reason: `This line changes the ignore rules (.gitignore, .git/info/exclude or core.excludesFile) before ${cmd}, so ${hidden.join(', ')}, untracked and ignored until now, may be staged with everything else. Change the ignore rules in one command and stage in the next, after git status shows what will be added.`,
        };
      if (st.fromFile.length > 0)
        return {
          reason: `${cmd} stages ${hidden.join(', ')}, untracked and looking like ${hidden.length > 1 ? 'secrets' : 'a secret'}, from a list of paths read from ${st.fromFile[0] === ':/' ? 'a file this line does not show' : 'stdin'}. Stage the files you mean by name on the command line, and add ${hidden.length > 1 ? 'them' : 'it'} to .gitignore.`,
        };
      return {
        reason: `${cmd} would stage ${hidden.join(', ')}, which ${hidden.length > 1 ? 'are' : 'is'} untracked, not gitignored and look${hidden.length > 1 ? '' : 's'} like ${hidden.length > 1 ? 'secrets' : 'a secret'}. Add ${hidden.length > 1 ? 'them' : 'it'} to .gitignore, or stage files by name, or exclude ${hidden.length > 1 ? 'them' : 'it'} as below.`,
        instead: shq('git', ...globals, 'add', ...options.filter((o) => o !== '--'), '--', ...(st.named.length > 0 ? st.named : ['.']), ...excludes(hidden)),
      };
    }
    if (namedAlone.length > 0 && stagesOthers) {
      return {
        reason: `This line stages ${namedAlone.join(', ')} (untracked, looks like a secret) and other files with it, so the secret goes into the same commit unnoticed. Stage the other files on their own and add ${namedAlone.join(', ')} to .gitignore; if it really belongs in git, ask the user.`,
      };
    }
    return null;
  },
  examples: {
    blocked: [
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -A' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add . && git commit -m wip' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add --all' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { 'config/.env.production': 'DB=x\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add config/' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { 'config/.env.production': 'DB=x\n', 'config/app.json': '{}\n' } },
      },
      { tool_name: 'Bash', tool_input: { command: 'git add .' }, fixture: { committed: { 'README.md': 'x\n' }, untracked: { 'deploy/id_ed25519': 'key\n' } } },
      // Principle 6: git is asked before the line runs, so the line's own earlier steps count.
      {
        tool_name: 'Bash',
        tool_input: { command: "sed -i '/^\\.env$/d' .gitignore && git add -A" },
        fixture: { committed: { 'README.md': 'x\n', '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'mv .gitignore .gitignore.bak && git add .' },
        fixture: { committed: { 'README.md': 'x\n', '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cp .env config.txt && git add -A' },
        fixture: { committed: { 'README.md': 'x\n', '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add src .env' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
        note: 'named among other files, the secret is staged with them',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -f src .env' },
        fixture: { committed: { '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
        note: '-f stages the ignored secret too',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -f .env' },
        fixture: { committed: { '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: '--force over .gitignore is not a visible choice',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -f .env' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'forced even where nothing ignores it',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git update-index --add .env' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'plumbing never reads .gitignore',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'echo .env | git add --pathspec-from-file=-' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add --pathspec-from-file=paths.txt' },
        fixture: { committed: { 'README.md': 'x\n', 'paths.txt': 'src/a.ts\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'the list is not on the line: any untracked secret may be in it',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git -C config add .' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'config/.env.production': 'DB=x\n', 'config/app.json': '{}\n' } },
        note: 'the exclusion is written relative to config/',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cd config && git add .' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'config/.env.production': 'DB=x\n', 'config/app.json': '{}\n' } },
        note: 'the alternative keeps the cd as -C config',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add .env && git add src' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git ls-files -o -z | xargs -0 git add' },
        fixture: UNTRACKED_ENV,
        note: 'every untracked file, by name, through xargs',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add $(git ls-files --others)' },
        fixture: UNTRACKED_ENV,
        note: 'the same by a command substitution',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "git status --porcelain | awk '{print $2}' | xargs git add" },
        fixture: UNTRACKED_ENV,
        note: 'names nobody can tell from the line, in a repository with an untracked secret',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "find . -name '.env*' -print0 | xargs -0 git add" },
        fixture: UNTRACKED_ENV,
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -N .env && git commit -am wip' },
        fixture: UNTRACKED_ENV,
        note: 'intent-to-add, then commit -a stages its content with every other change',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add --intent-to-add .env; git commit -m wip src/a.ts' },
        fixture: UNTRACKED_ENV,
        note: 'a commit with pathspecs takes more than what was staged',
      },
    ],
    allowed: [
      // An ignore-file edit with nothing secret around, and a copy of a template, stage nothing secret.
      {
        tool_name: 'Bash',
        tool_input: { command: "echo 'dist/' >> .gitignore && git add -A" },
        fixture: { committed: { 'README.md': 'x\n', '.gitignore': 'node_modules/\n' }, untracked: { 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cp .env.example .env.test && git add src' },
        fixture: { committed: { 'README.md': 'x\n', '.gitignore': '.env*\n!.env.example\n', '.env.example': 'KEY=\n' }, untracked: { 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -A' },
        fixture: { committed: { '.gitignore': '.env\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
        note: '.env is ignored: silent',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -A' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env.example': 'KEY=\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add src/a.ts' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add .env' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'named explicitly: visible and deliberate',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add src .env.example' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', '.env.example': 'KEY=\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -f dist' },
        fixture: { committed: { '.gitignore': 'dist/\n.env\n' }, untracked: { '.env': 'KEY=value\n', 'dist/app.js': 'x\n' } },
      },
      { tool_name: 'Bash', tool_input: { command: 'git add -u' }, fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git commit -am wip' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'commit -a stages tracked files only',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -A --dry-run' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
      },
      { tool_name: 'Bash', tool_input: { command: 'ls -la' }, note: 'no git process for unrelated commands' },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -- .env' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n' } },
        note: 'the same visible choice as git add .env',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git update-index --add src/a.ts' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git -C config add -- . :!.env.production' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'config/.env.production': 'DB=x\n', 'config/app.json': '{}\n' } },
        note: 'the alternative this guard suggests for git -C config add .',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'printf "src/a.ts\\n" | git add --pathspec-from-file=-' },
        fixture: { committed: { 'README.md': 'x\n' }, untracked: { '.env': 'KEY=value\n', 'src/a.ts': 'a\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git diff --name-only | xargs git add' },
        fixture: UNTRACKED_ENV,
        note: 'tracked files only',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add $(git ls-files -m)' },
        fixture: UNTRACKED_ENV,
        note: 'modified tracked files',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "find src -name '*.ts' | xargs git add" },
        fixture: UNTRACKED_ENV,
        note: 'the names cannot reach the secret',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add -N src/b.ts && git commit -am wip' },
        fixture: { committed: { 'README.md': 'x\n', 'src/a.ts': 'a\n' }, untracked: { '.env': 'KEY=value\n', 'src/b.ts': 'b\n' } },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git add .env && git commit -m "add env"' },
        fixture: UNTRACKED_ENV,
        note: 'named alone and committed alone: a visible choice',
      },
    ],
  },
});

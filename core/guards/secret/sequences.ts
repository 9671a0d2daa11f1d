// Secrets printed across commands of one line: loaded then printed, names fed to readers, stored
// in git then shown, sourced then printed (moved out of guards/secret-read.ts).
import { minimatch } from 'minimatch';
import type { Denial, GuardContext } from '../types';
import { flags, parseGit, secretPath, shq } from '../helpers';
import { GIT_PRINTS_STORED, GIT_STORES } from '../../programs/git';
import { analyzeShell, interpreterCode, type Invocation, type ShellAnalysis } from '../../shell/analyze';
import { codeVariables } from '../../effects/code';
import { namesProduced, stagesOf, stagesOfScript, type Stage } from '../../effects/producers';
import { isSecretVariableName, type SecretKind } from '../../secrets';
import { basename, relativeTo, resolvePath } from '../../paths';
import { analysisEffects, effectsOf } from '../../effects/derive';
import { target } from '../../effects/targets';
import type { Effect } from '../../programs/types';
import { searchPatternMayMatchValues, namesOnly, printsEnvironment } from './flow';
import { display } from './denials';
import { SECRET_NAME_PROBES, secretTarget, secretEntry, secretNamed } from './targets';
import { judge } from './effects';

/**
 * A secret env file loaded for one process (node --env-file, docker run --env-file, dotenv --,
 * direnv exec), and that process prints it: its own code reads a secret variable or dumps the
 * environment, or the command it runs prints one.
 */
export function loadThenPrint(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  for (const ie of analysisEffects(analysis, ctx.home)) {
    const inv = ie.inv;
    if (inv.program === 'source' || inv.program === '.') continue; // the shell's own: sourceThenPrint
    for (const e of ie.effects) {
      if (e.kind !== 'read' || e.source !== 'file' || e.mode !== 'load' || !e.target.path) continue;
      const hit = secretTarget(e.target, ctx, analysis) ?? secretEntry(e.target.path, ctx);
      if (!hit) continue;
      const printer = printsLoaded(inv, ie.effects, ctx);
      if (!printer) continue;
      return {
        reason: `${inv.program} loads ${display(hit.path, ctx)} into the environment of ${printer}, which prints secret values into the transcript. Load it only for the process that needs it, and check names, not values.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', relativeTo(ctx.projectDir, hit.path) || hit.path),
      };
    }
  }
  return null;
}

/** What in this invocation prints the environment it was given, or null. */
function printsLoaded(inv: Invocation, effects: Effect[], ctx: GuardContext): string | null {
  const code = interpreterCode(inv);
  if (code) {
    if (effects.some((e) => e.kind === 'read' && e.source === 'env')) return `${inv.program}, whose code prints the whole environment`;
    const secret = codeVariables(code.code).find(isSecretVariableName);
    if (secret) return `${inv.program}, whose code reads ${secret}`;
  }
  for (const e of effects) {
    if (e.kind !== 'execute' || e.lang !== 'shell') continue;
    if (e.text === null) return 'a command computed at run time';
    const child = analyzeShell(e.text, { cwd: inv.cwd ?? ctx.projectDir, home: ctx.home, projectDir: ctx.projectDir });
    for (const c of analysisEffects(child, ctx.home)) {
      for (const ce of c.effects) {
        if (ce.kind === 'read' && (ce.source === 'env' || ce.source === 'variable') && judge(ce, c.inv, ctx, child))
          return `the command it runs (${c.inv.program})`;
      }
      const cc = interpreterCode(c.inv);
      const secret = cc ? codeVariables(cc.code).find(isSecretVariableName) : undefined;
      if (secret) return `the command it runs (${c.inv.program}, which reads ${secret})`;
    }
  }
  return null;
}

const MARKER = '\u0001names';

/**
 * File names produced by a command and fed to a reader: `ls .env | xargs cat`, `find … -print0 |
 * xargs -0 cat`, `cat $(ls -a | grep '^\.env$')`, `find . -name .env | cpio -o`. The producer's
 * names are described as data (core/effects/producers.ts) and checked against the file system;
 * names the line cannot determine, in a folder that holds a secret, are denied.
 */
export function namesFedToReaders(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  const list = analysis.invocations;
  for (let i = 0; i < list.length; i++) {
    const inv = list[i]!;
    // Names on stdin: xargs appends them to the command it runs; cpio -o reads the files they name.
    if (inv.pipeFrom && (inv.program === 'xargs' || (inv.program === 'cpio' && inv.args.some((a) => /^-[a-zA-Z]*o|^--create$/.test(a.known ?? ''))))) {
      if (inv.program === 'xargs' && inv.args.some((a) => /^(-a|--arg-file)/.test(a.known ?? ''))) continue;
      let reader: Invocation | null = inv;
      let assumed = false;
      if (inv.program === 'xargs') {
        const via = [...inv.via, 'xargs'];
        reader = list.slice(i + 1, i + 8).find((c) => c.via.length === via.length && c.via.every((v, k) => v === via[k])) ?? null;
        const reads = reader ? readsAppended(reader, ctx) : false;
        if (!reader || !reads) continue;
        assumed = reads === 'assumed';
      }
      const d = judgeNames(reader, stagesOf(inv.pipeFrom), inv.cwd, ctx, assumed);
      if (d) return d;
    }
    // A reader's argument that is one command substitution: the files it prints.
    for (const e of effectsOf(inv, ctx.home).effects) {
      if (e.kind !== 'read' || e.source !== 'file' || e.target.path !== null || !['content', 'copy', 'search'].includes(e.mode)) continue;
      if (e.mode === 'search' && !searchPatternMayMatchValues(e.pattern ?? null)) continue;
      const parts = e.target.value.word.parts;
      const sub = parts.length === 1 && parts[0]!.type === 'cmdsub' ? parts[0] : null;
      if (sub?.type !== 'cmdsub') continue;
      const d = judgeNames(inv, stagesOfScript(sub.script), inv.cwd, ctx);
      if (d) return d;
    }
  }
  return null;
}

/**
 * Whether the command xargs runs reads the files named by the lines it is given: 'known' for a
 * reader by its signature (cat, grep PATTERN), 'assumed' for a program whose use of its arguments
 * is not known (the conservative default: a secret name given to it is a read).
 */
function readsAppended(inv: Invocation, ctx: GuardContext): 'known' | 'assumed' | false {
  // A search whose pattern cannot match a secret line prints none (find … | xargs grep TODO).
  if (['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack'].includes(inv.program)) {
    const f = flags(inv.args, ['-e', '-f', '-m', '-A', '-B', '-C', '--regexp', '--max-count']);
    const e = inv.args.findIndex((a) => a.known === '-e' || a.known === '--regexp');
    const pattern = e >= 0 ? (inv.args[e + 1]?.known ?? null) : (f.positional[0]?.known ?? null);
    if (!searchPatternMayMatchValues(pattern) || namesOnly(inv)) return false;
  }
  const marker = { ...target(inv, inv.args[0] ?? inv.argv[0]!, ctx.home).value, known: MARKER, ifUnset: MARKER, glob: false, possible: [] };
  const probe: Invocation = { ...inv, args: [...inv.args, marker], redirects: [] };
  const reads = effectsOf(probe, ctx.home).effects.filter(
    (e) =>
      e.kind === 'read' &&
      e.source === 'file' &&
      (e.target.value.known === MARKER || e.target.value.known === '{}') &&
      (e.mode === 'content' || e.mode === 'copy' || (e.mode === 'search' && searchPatternMayMatchValues(e.pattern ?? null))),
  );
  if (reads.length === 0) return false;
  return reads.some((e) => e.kind === 'read' && e.source === 'file' && !e.assumed) ? 'known' : 'assumed';
}

function judgeNames(reader: Invocation, stages: Stage[], cwd: string | null, ctx: GuardContext, assumed = false): Denial | null {
  const source = namesProduced(stages);
  // Names nobody can tell (git rev-list, fswatch, fzf) handed to a program whose use of them nobody
  // can tell either: most such lines are not file reads at all, and denying them all is noise.
  if (assumed && source.kind === 'unknown') return null;
  const producer = stages.map((s) => s.program).join(' | ') || 'a command';
  const base = cwd ?? ctx.projectDir;
  const found = secretNamed(source, base, ctx);
  if (!found) return null;
  const where =
    source.kind === 'unknown'
      ? `whose names ${source.what} prints, which this command line cannot see, in a folder that holds`
      : `whose names ${producer} prints, and those include`;
  return {
    reason: `${reader.program || 'A command'} reads the files ${where} ${display(found.path, ctx)}: its secret values would be printed into the transcript. Name the files to read (leaving out the secret ones).`,
  };
}

/**
 * A secret put into git's store earlier on the line (`git add -f .env`, `git stash push -u -- .env`),
 * then printed from there (`git diff --cached`, `git stash show -p`): the tables are in
 * core/programs/git.ts.
 */
export function storedThenShown(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  let stored: { path: string; kind: SecretKind; by: string } | null = null;
  for (const inv of analysis.invocations) {
    const git = parseGit(inv, ctx.home, analysis);
    if (!git) continue;
    const words = git.args.map((a) => a.known ?? '');
    const subOf = (sub: string[]) => sub.length === 1 || sub.slice(1).every((w, k) => words[k] === w);
    const p = GIT_PRINTS_STORED.find((r) => r.sub[0] === git.sub && subOf(r.sub) && (!r.when || r.when.some((w) => words.includes(w))));
    const prints = p && !p.names.some((n) => words.includes(n)) ? p : null;
    // A printing step limited to a secret file's history or stash (`git log -p -- .env`, `git stash
    // show -p stash@{0} -- .env`): whatever git has stored of it is printed.
    const spec = prints ? words.slice(prints.sub.length - 1) : [];
    const named = prints ? secretPathspec(spec, git.cwd ?? inv.cwd ?? ctx.projectDir, ctx) : null;
    if (prints && named) {
      return {
        reason: `git ${words.length > 0 ? `${git.sub} ${words.join(' ')}` : git.sub} prints the stored content of ${named}, a secret file: every value it ever held in git goes into the transcript. Show which commits changed it, not what they changed.`,
        instead: shq('git', ...prints.sub, '--stat', ...(spec.includes('--') ? spec.slice(spec.indexOf('--')) : [])),
      };
    }
    if (stored) {
      if (prints) {
        return {
          reason: `${stored.by} puts ${display(stored.path, ctx)} into git, and git ${prints.sub.join(' ')} then prints its secret values into the transcript. Show names only.`,
          instead: `git ${prints.sub.join(' ')} --stat`,
        };
      }
    }
    const row = GIT_STORES.filter((r) => r.sub[0] === git.sub && subOf(r.sub)).sort((a, b) => b.sub.length - a.sub.length)[0];
    if (!row || stored) continue;
    const rest = words.slice(row.sub.length - 1);
    const dd = rest.indexOf('--');
    const paths = (dd >= 0 ? rest.slice(dd + 1) : rest.filter((w) => !w.startsWith('-') && !/^stash@|^HEAD/.test(w))).filter((w) => w !== '');
    const cwd = git.cwd ?? inv.cwd ?? ctx.projectDir;
    let hit: { path: string; kind: SecretKind } | null = null;
    for (const p of paths) {
      const path = resolvePath(cwd, p, ctx.home);
      hit = secretPath(path, ctx) ?? (p === '.' || p.endsWith('/') ? secretEntry(path, ctx) : null);
      if (hit) break;
    }
    const all = row.sub[0] === 'add' ? rest.some((w) => w === '-A' || w === '--all') : paths.length === 0 && !!row.untrackedWith?.some((f) => rest.includes(f));
    if (!hit && all) hit = secretEntry(cwd, ctx);
    if (hit) stored = { ...hit, by: `git ${row.sub.join(' ')}` };
  }
  return null;
}

/**
 * The secret file a git pathspec names: a word after `--`, or a word before it that is a secret
 * file by its path (git takes an existing file as a path); a glob (`"*.env*"`) that matches a
 * secret file's name. Null when none does.
 */
function secretPathspec(words: string[], cwd: string, ctx: GuardContext): string | null {
  const dd = words.indexOf('--');
  const candidates = dd >= 0 ? words.slice(dd + 1) : words.filter((w) => w !== '' && !w.startsWith('-'));
  for (const w of candidates) {
    if (w === '' || w.startsWith(':')) continue;
    if (/[*?[]/.test(w)) {
      if (dd >= 0 && SECRET_NAME_PROBES.some((n) => minimatch(n, basename(w), { dot: true, nocase: true }))) return w;
      continue;
    }
    const hit = secretPath(resolvePath(cwd, w, ctx.home), ctx);
    if (hit) return display(hit.path, ctx);
  }
  return null;
}

/** source .env, then printing variables. */
export function sourceThenPrint(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  const list = analysis.invocations;
  for (let i = 0; i < list.length; i++) {
    const inv = list[i]!;
    if ((inv.program !== 'source' && inv.program !== '.') || !inv.args[0]) continue;
    const t = inv.args[0];
    const hit = secretTarget(target(inv, t, ctx.home), ctx, analysis);
    if (!hit) continue;
    const printer = list.slice(i + 1).find(printsEnvironment);
    if (printer) {
      return {
        reason: `Loading ${display(hit.path, ctx)} and then printing variables (${printer.program}) puts secret values into the transcript. Load it only for the process that needs it, and check names, not values.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', t.known ?? '.env'),
      };
    }
  }
  return null;
}

// Where a printed value goes: consumers that keep only names, counts or hashes, filters whose
// output is harmless when theirs is, logins that read stdin, assignments (moved out of
// guards/secret-read.ts).
import type { GuardContext } from '../types';
import { consumersOf, flags, outputRedirected } from '../helpers';
import type { Invocation, ShellAnalysis } from '../../shell/analyze';
import { isSecretVariableName } from '../../secrets';
import { resolvePath } from '../../paths';
import { namesProjection } from '../../effects/derive';
import { CREDENTIAL_SINKS } from '../../programs/credentials';
import { PASS_THROUGH, PRINTERS, REORDERERS, HASHERS, FILTERS, ASSIGNERS } from '../../programs/printers';

/** stderr (where xtrace writes) goes to /dev/null for this command. */
export function stderrDiscarded(inv: Invocation): boolean {
  return inv.redirects.some((r) => (r.op === '>' || r.op === '&>') && (r.fd === 2 || r.op === '&>') && r.target?.known === '/dev/null');
}

/** The file a program's standard output is redirected to (`> f`, `>> f`), when the line names it. */
export function stdoutFile(inv: Invocation, ctx: GuardContext): string | null {
  for (const r of inv.redirects) {
    if (!r.target || !['>', '>>', '>|'].includes(r.op) || (r.fd !== null && r.fd !== 1)) continue;
    const path = r.target.known === null ? null : resolvePath(inv.cwd ?? ctx.projectDir, r.target.known, ctx.home);
    // /dev/stdout, /dev/tty, /dev/fd/1: still the transcript.
    return path?.startsWith('/dev/') && path !== '/dev/null' ? null : path;
  }
  return null;
}

/** A search pattern that could print a secret line: unknown, match-all, an assignment, or a secret-looking word. */
export function searchPatternMayMatchValues(pattern: string | null): boolean {
  if (pattern === null) return true;
  if (pattern.includes('\n')) return pattern.split('\n').some(searchPatternMayMatchValues); // grep -e A -e B
  const p = pattern.trim();
  if (p === '' || /^[\^$.*]*$/.test(p) || p.includes('=')) return true;
  if (/key|token|secret|pass|auth|cred|private|bearer/i.test(p)) return true;
  return p.split(/[^A-Za-z0-9_]+/).some((w) => w !== '' && isSecretVariableName(w));
}

const MAX_HOPS = 8;

/** The output goes only to consumers that print names or nothing (cut -f1, grep -c, a login reading stdin). */
export function leavesQuietly(inv: Invocation, analysis: ShellAnalysis, hops = 0): boolean {
  if (outputRedirected(inv)) return false;
  const consumers = consumersOf(inv, analysis);
  return (
    consumers.length > 0 &&
    consumers.every(
      (c) =>
        namesOnly(c) ||
        safeFilter(c) ||
        !PASS_THROUGH.has(c.program) ||
        (REORDERERS.has(c.program) &&
          !c.args.some((a) => a.known === '-o' || (a.known ?? '').startsWith('--output')) &&
          hops < MAX_HOPS &&
          leavesQuietly(c, analysis, hops + 1)),
    )
  );
}

export function credentialSink(inv: Invocation): boolean {
  return CREDENTIAL_SINKS.some((s) => s.program === inv.program && inv.args[0]?.known === s.sub && inv.args.some((a) => s.flags.includes(a.known ?? '')));
}

/** Consumers that print only a count, a hash or names, or keep what they read (a login reading stdin). */
export function harmlessConsumer(c: Invocation): boolean {
  return (namesOnly(c) && !outputRedirected(c)) || credentialSink(c) || HASHERS.has(c.program);
}

/**
 * Whether everything `inv` prints ends in a harmless place: consumers that count or hash, filters
 * whose own output does, or a `$( )` whose text becomes assignments (`export $(cat .env | xargs)`).
 * Bounded: a pipeline or substitution chain is walked at most 16 deep.
 */
export function quietSink(inv: Invocation, analysis: ShellAnalysis, depth: number): boolean {
  if (depth > 16 || outputRedirected(inv)) return false;
  const consumers = consumersOf(inv, analysis);
  if (consumers.length > 0)
    return consumers.every((c) =>
      // The command xargs runs gets the lines as arguments: an echo's output is xargs's own, judged with xargs.
      c.via[c.via.length - 1] === 'xargs' && c.program !== 'xargs'
        ? PRINTERS.has(c.program) && !outputRedirected(c)
        : harmlessConsumer(c) || (FILTERS.has(c.program) && quietSink(c, analysis, depth + 1)),
    );
  if (inv.via[inv.via.length - 1] !== '$()') return false;
  const outer = substitutionConsumer(inv, analysis);
  if (!outer) return false;
  return ASSIGNERS.has(outer.program) && !outer.args.some((a) => a.known === '-p');
}

/** The command a `$( )` call's output is given to: the next command at the outer level (substitutions run first). */
function substitutionConsumer(inv: Invocation, analysis: ShellAnalysis): Invocation | null {
  const list = analysis.invocations;
  const depth = inv.via.length - 1;
  for (let i = list.indexOf(inv) + 1; i < list.length && i < list.indexOf(inv) + 64; i++) {
    const next = list[i]!;
    if (next.via.length < depth) return null;
    if (next.via.length === depth && next.via.every((v, k) => v === inv.via[k])) return next;
  }
  return null;
}

/** grep -c/-l/-q, cut -f1, awk '{print $1}': only names or counts come out. */
export function namesOnly(inv: Invocation): boolean {
  const known = inv.args.map((a) => a.known ?? '');
  const p = inv.program;
  if (['grep', 'egrep', 'fgrep', 'rg'].includes(p)) {
    const f = flags(inv.args, ['-e', '-f', '-m', '-A', '-B', '-C']);
    if (
      f.short.has('c') ||
      f.short.has('l') ||
      f.short.has('L') ||
      f.short.has('q') ||
      f.long.has('--count') ||
      f.long.has('--files-with-matches') ||
      f.long.has('--quiet')
    )
      return true;
    if (f.short.has('o') || f.long.has('--only-matching')) {
      const pattern = f.positional[0]?.known ?? '';
      return !/\.|\\S|\\w|\[\^/.test(pattern);
    }
    return false;
  }
  if (p === 'cut') return known.some((a) => /^(-f|--fields=?)1$/.test(a) || a === '-f1') || (known.includes('-f') && known[known.indexOf('-f') + 1] === '1');
  if (p === 'awk' || p === 'gawk') {
    const prog = known.find((a) => a.includes('print'));
    return prog !== undefined && /print \$1\b/.test(prog) && !/\$([2-9]|0|NF)/.test(prog);
  }
  // cut -d= -f1, awk -F= '{print $1}', sed 's/=.*//', jq keys: the names of what they read.
  if (namesProjection(inv)) return true;
  return ['wc', 'sha256sum', 'md5sum', 'stat', 'true', 'test'].includes(p);
}

/** grep for a word that is not a secret's name: env | grep -i path. */
export function safeFilter(inv: Invocation): boolean {
  if (!['grep', 'egrep', 'rg'].includes(inv.program)) return false;
  const pattern = flags(inv.args, ['-e', '-m']).positional[0]?.known ?? '';
  return pattern !== '' && !searchPatternMayMatchValues(pattern);
}

/**
 * Whether this command prints variables a loaded file may hold secrets in: a dump (env, printenv,
 * set), or a variable that is a secret by name or not named at all (`${!v}`, `$*`). Printing a
 * variable named as no secret (`echo $DB_HOST`, `printenv NODE_ENV`) after loading .env shows that value only.
 */
export function printsEnvironment(inv: Invocation): boolean {
  const risky = (name: string, op: string) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || op === 'other' || isSecretVariableName(name);
  if (inv.program === 'echo' || inv.program === 'printf')
    return inv.args.some((a) => a.word.parts.some((p) => p.type === 'param' && risky(p.name, p.op)) || a.word.parts.some((p) => p.type === 'cmdsub'));
  if (inv.program === 'printenv' && !inv.wrapper && inv.args.length > 0)
    return inv.args.some((a) => a.known === null || a.known.startsWith('-') || risky(a.known, ''));
  if ((inv.program === 'env' || inv.program === 'printenv') && !inv.wrapper) return true;
  if ((inv.program === 'set' || inv.program === 'export') && inv.args.length === 0) return true;
  return false;
}

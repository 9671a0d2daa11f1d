// secret-read's denials: what was printed, per kind of secret, with the alternative that shows
// names, a fingerprint or a status instead (moved out of guards/secret-read.ts).
import type { Denial, GuardContext } from '../types';
import { shq } from '../helpers';
import { relaunched, type Invocation } from '../../shell/analyze';
import { secretFileRow, type SecretKind } from '../../secrets';
import { isSameOrAncestor, relativeTo } from '../../paths';
import { THERE } from '../../effects/targets';
import type { Effect } from '../../programs/types';

/**
 * A denial of a command a launcher runs (`docker exec app env`, `doppler run -- printenv`): said of
 * where it runs, and its alternative run there too, unless what it read is a file of this machine
 * (a folder the container mounts), which the alternative reads here.
 */
export function inside(d: Denial, e: Effect, inv: Invocation): Denial {
  const where = inv.elsewhere ?? inv.injected ?? 'a launcher';
  const secrets = inv.injected ? ` (with the secrets ${inv.injected} puts in its environment)` : '';
  const reason = `Run by ${where}${inv.elsewhere ? ', in that environment' : ''}${secrets}: ${d.reason}`;
  const local = e.kind === 'read' && e.source === 'file' && e.target.path !== null && inv.hostRoots?.some((r) => isSameOrAncestor(r, e.target.path!));
  const instead = d.instead && !local ? relaunched(inv, d.instead) : d.instead;
  return { ...d, reason, ...(instead ? { instead } : {}) };
}

export function display(path: string, ctx: GuardContext): string {
  // A relative path of a command run elsewhere (heroku run cat .env) stays relative: it is not ours.
  const there = relativeTo(THERE, path);
  if (there) return there;
  const rel = relativeTo(ctx.projectDir, path);
  if (rel !== null && rel !== '') return rel;
  const inHome = relativeTo(ctx.home, path);
  return inHome !== null ? `~/${inHome}` : path;
}

export function fileDenial(what: string, path: string, kind: SecretKind, ctx: GuardContext): Denial {
  const shown = display(path, ctx);
  const target = shown.startsWith('~/') || relativeTo(THERE, path) ? shown : relativeTo(ctx.projectDir, path) !== null ? shown : path;
  switch (kind) {
    case 'dotenv':
    case 'configured':
      return {
        reason: `${what} prints the secret values in ${shown} into the transcript, where they are stored and shared. To see which variables exist, list the names only.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', target),
      };
    case 'private-key':
      return {
        reason: `${what} prints a private key into the transcript; anyone who reads the transcript can then use it. To identify the key, show its fingerprint.`,
        instead: shq('ssh-keygen', '-l', '-f', target),
      };
    case 'cloud-credentials':
      return {
        reason: `${what} prints cloud credentials into the transcript. To see which profile and keys are configured (masked), ask the CLI.`,
        instead: 'aws configure list',
      };
    case 'token-file':
      return {
        reason: `${what} prints access tokens into the transcript. Check that a login works (e.g. npm whoami, gh auth status) instead of reading the token.`,
      };
    case 'credentials-file': {
      const row = secretFileRow(path, ctx.home);
      return {
        reason: `${what} prints ${row?.title ?? 'stored credentials'} (${shown}) into the transcript, where they are stored and shared.${row?.instead ? ' To see what it configures without the values, list the names only.' : ' Check that the tool works instead of reading the file.'}`,
        ...(row?.instead ? { instead: row.instead.replace('{}', shq(target)) } : {}),
      };
    }
    case 'environment':
      return {
        reason: `${what} prints a process's whole environment, tokens and keys included, into the transcript. List the names only.`,
        instead: 'printenv | cut -d= -f1',
      };
  }
}

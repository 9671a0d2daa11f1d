// One effect at a time: a read of a secret file, variable, environment or stored credential that
// reaches the transcript (moved out of guards/secret-read.ts).
import { minimatch } from 'minimatch';
import type { Denial, GuardContext } from '../types';
import { consumersOf, outputRedirected, secretPath } from '../helpers';
import { copyExcludes, secretWithin } from '../secret-paths';
import { interpreterCode, type Invocation, type ShellAnalysis } from '../../shell/analyze';
import { CANONICAL_SECRET_NAMES, credentialPathVariable, isSecretVariableName } from '../../secrets';
import { CODE_APIS } from '../../programs/interpreters';
import { CODE_ENV } from '../../programs/env';
import { basename } from '../../paths';
import type { Effect } from '../../programs/types';
import { PASS_THROUGH, PRINTERS, TEST_INSTEAD } from '../../programs/printers';
import {
  stderrDiscarded,
  stdoutFile,
  searchPatternMayMatchValues,
  leavesQuietly,
  credentialSink,
  harmlessConsumer,
  quietSink,
  namesOnly,
  safeFilter,
} from './flow';
import { display, fileDenial } from './denials';
import { unknownName, secretTarget, secretEntry } from './targets';

type FileRead = Extract<Effect, { kind: 'read'; source: 'file' }>;

/**
 * Deny by default: an effect that reads a secret counts as printing it, except the harmless
 * modes (names, counts, metadata, hashes, loading, opening in an editor, a copy under another
 * secret name, and a search whose pattern cannot match a value).
 */
export function judge(e: Effect, inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Denial | null {
  if (e.kind !== 'read') return null;
  switch (e.source) {
    case 'file':
      return judgeFileRead(e, inv, ctx, analysis);
    case 'env':
      if (leavesQuietly(inv, analysis)) return null;
      return {
        reason: `${inv.program || 'This command'} prints every environment variable, tokens and keys included, into the transcript. List the names only.`,
        instead: 'printenv | cut -d= -f1',
      };
    case 'variable': {
      if (e.computed) {
        if (!e.printed || leavesQuietly(inv, analysis)) return null;
        const test = TEST_INSTEAD[interpreterCode(inv)?.lang ?? ''];
        return {
          unanalysable: true,
          reason: `${inv.program} code prints an environment variable whose name (${e.name}) is computed only when it runs, so whether it is a secret cannot be seen. Write the variable's name as a literal string, or test whether it is set instead of printing it${test ? ` (${test})` : ''}.`,
        };
      }
      const credential = e.stdin || e.indirect ? null : codeReadsCredentialFile(e.name, inv);
      if (credential) return credential;
      // A here-string is printed by a program that passes its input through (cat <<< "$T"); an
      // argument by a printer (echo "$T"); jq's $ENV.T and awk's ENVIRON["T"] by the program itself.
      const prints = e.printed || (e.stdin ? PASS_THROUGH.has(inv.program) && !namesOnly(inv) && !safeFilter(inv) : PRINTERS.has(inv.program));
      // Under xtrace (bash -x, set -x) the shell prints every command to stderr with its words expanded.
      if (inv.xtrace && !e.stdin && !e.printed && !e.indirect && isSecretVariableName(e.name) && !stderrDiscarded(inv)) {
        return {
          reason: `${inv.program} runs with shell tracing on (bash -x / set -x), which prints the command with $${e.name} expanded, so the secret value goes to the transcript. Run it without tracing (drop -x, or set +x before it).`,
        };
      }
      if (!prints || leavesQuietly(inv, analysis)) return null;
      if (e.indirect) {
        return {
          reason: `${inv.program} \${!${e.name}} prints the value of whichever variable $${e.name} names when it runs, so any secret of the environment can be printed. List the names, not the values.`,
          instead: 'printenv | cut -d= -f1',
        };
      }
      if (!isSecretVariableName(e.name)) return null;
      return {
        reason: `${inv.program} ${e.stdin ? 'reading ' : ''}$${e.name}${e.stdin ? ' on stdin' : ''} prints a secret value ${outputRedirected(inv) ? 'into a file' : 'into the transcript'}. Check that it is set, not what it is.`,
        instead: `[ -n "$${e.name}" ] && echo "${e.name} is set"`,
      };
    }
    case 'credentials': {
      if (!e.secret && !isSecretVariableName(e.name.replace(/[^A-Za-z0-9]+/g, '_'))) return null;
      // Piped only into a login that reads it, or into a projection that keeps names (| jq keys) or a count.
      const consumers = outputRedirected(inv) ? [] : consumersOf(inv, analysis);
      if (consumers.length > 0 && consumers.every((c) => credentialSink(c) || harmlessConsumer(c))) return null;
      // Saved under a secret name (`doppler secrets download --no-file > .env`): kept aside, like a copy of a secret file.
      const into = stdoutFile(inv, ctx);
      if (into === '/dev/null' || (into && secretPath(into, ctx))) return null;
      return {
        reason: `${e.name} prints a stored credential ${into ? `into ${display(into, ctx)}, a file not kept as a secret` : 'into the transcript'}. Check that the login works instead (gh auth status, aws sts get-caller-identity, kubectl auth whoami), or pipe it straight into the command that needs it.`,
      };
    }
  }
}

/**
 * Interpreter code that opens the file a credential-path variable names and prints
 * (`print(json.load(open(os.environ['GOOGLE_APPLICATION_CREDENTIALS'])))`): reading that credential file.
 */
function codeReadsCredentialFile(name: string, inv: Invocation): Denial | null {
  const row = credentialPathVariable(name);
  const code = row ? interpreterCode(inv) : null;
  const api = code ? CODE_APIS[code.lang] : undefined;
  const print = code ? CODE_ENV[code.lang]?.printCall : undefined;
  if (!row || !code || !api?.read.test(code.code) || !print) return null;
  if (![...code.code.matchAll(/(?<![\w.$])[\w.$]+(?=\s*\()/g)].some((m) => print.test(m[0]))) return null;
  return {
    reason: `${inv.program} code opens the file $${name} names (${row.title}) and prints, which puts the credential into the transcript. Check that the file exists (test -f "$${name}") instead of reading it.`,
    instead: `test -f "$${name}" && echo "${name} is a file"`,
  };
}

function judgeFileRead(e: FileRead, inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Denial | null {
  if (!['content', 'copy', 'search', 'search-visible'].includes(e.mode)) return null;
  const hit = secretTarget(e.target, ctx, analysis, inv);
  const what = `${inv.program || 'a command'} ${e.target.value.word.raw}`;
  if (hit) {
    // cat .env | wc -l, export $(grep -v '^#' .env | xargs): the output only reaches a count or the environment.
    if (e.mode !== 'copy' && quietSink(inv, analysis, 0)) return null;
    if (e.mode === 'copy' && e.to?.path && !e.to.value.glob && secretPath(e.to.path, ctx)) return null; // copied aside under another secret name
    if (inv.program === 'docker' || inv.program === 'docker-compose' || inv.program === 'podman') {
      return {
        reason: `${inv.program} compose config prints the compose file with every \${VAR} from ${display(hit.path, ctx)} substituted, secrets included.`,
        instead: inv.program === 'docker-compose' ? 'docker-compose config --no-interpolate' : `${inv.program} compose config --no-interpolate`,
      };
    }
    const verb =
      e.mode !== 'copy'
        ? what
        : inv.program === 'ln'
          ? `${what} links the secret under the name ${e.to?.value.word.raw ?? 'of another file'}, which no guard knows is secret, so any later read prints it; it`
          : `${what} copies the secret out to ${e.to?.value.word.raw ?? 'another file'}, where any reader prints it; it`;
    return fileDenial(verb, hit.path, hit.kind, ctx);
  }
  // An archive of a folder written to stdout (`tar czf - -C ~ .ssh`, `zip -r - ~/.aws`): the secrets inside it are printed.
  if (e.mode === 'copy' && e.target.path && e.to?.value.known === '-') {
    const within = secretWithin(e.target.path, ctx, copyExcludes(inv));
    // A hidden folder of the home that cannot be listed here (~/.ssh, ~/.aws): the credential files such folders hold.
    const homeStore = e.target.path.startsWith(`${ctx.home}/.`) && ctx.listDir(e.target.path).length === 0;
    const stored = homeStore
      ? CANONICAL_SECRET_NAMES.filter((n) => !n.startsWith('.env'))
          .map((n) => secretPath(`${e.target.path}/${n}`, ctx))
          .find((h) => h !== null)
      : null;
    const inside = within === 'limit' ? null : (within ?? stored ?? null);
    if (inside)
      return fileDenial(
        `${what} (${within ? `which holds ${display(inside.path, ctx)}` : `a folder of credentials such as ${display(inside.path, ctx)}`}) writes the archive to stdout, where it is printed; it`,
        inside.path,
        inside.kind,
        ctx,
      );
  }
  // `while read -r f; do cat "$f"; done`: a file whose name the model does not compute (UNKNOWN) can be any file, .env included.
  const unknown = e.mode === 'content' ? unknownName(e.target.value) : null;
  if (unknown && !quietSink(inv, analysis, 0))
    return {
      unanalysable: true,
      reason: `Agent Guard cannot check this command completely: ${what} prints a file whose name is not on the command line (${unknown}), so whether it is a secret such as .env cannot be seen. Name the files you mean literally (cat src/a.ts src/b.ts), or list them first (git ls-files) and read them by name.`,
    };
  if (e.mode === 'search' && e.target.path && searchPatternMayMatchValues(e.pattern ?? null)) {
    const inside = secretEntry(e.target.path, ctx);
    if (inside)
      return fileDenial(
        `${inv.program} searching ${e.target.value.word.raw} (which holds ${display(inside.path, ctx)}) for ${e.pattern === null || e.pattern === undefined ? 'a computed pattern' : JSON.stringify(e.pattern)}`,
        inside.path,
        inside.kind,
        ctx,
      );
  }
  return null;
}

/** The Grep tool: content output from a secret path, or from a glob that reaches secret files. */
export function judgeGrepTool(path: string, input: Record<string, unknown>, ctx: GuardContext): Denial | null {
  if (input.output_mode !== 'content') return null;
  const glob = typeof input.glob === 'string' ? input.glob : null;
  const direct = secretPath(path, ctx);
  if (direct) return fileDenial(`Grep with output_mode "content" on ${display(direct.path, ctx)}`, direct.path, direct.kind, ctx);
  if (!glob) return null;
  const patterns = glob
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((g) => basename(g));
  for (const g of patterns) {
    const inDir = secretEntry(path, ctx, g);
    const canonical = inDir ? null : CANONICAL_SECRET_NAMES.find((n) => minimatch(n, g, { dot: true, nocase: true }) && secretPath(`${path}/${n}`, ctx));
    const hitPath = inDir?.path ?? (canonical ? `${path}/${canonical}` : null);
    const hit = hitPath ? secretPath(hitPath, ctx) : null;
    if (hit) return fileDenial(`Grep with output_mode "content" and glob ${JSON.stringify(glob)}`, hit.path, hit.kind, ctx);
  }
  return null;
}

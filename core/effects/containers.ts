// The command a container runs for `docker exec`, `docker compose exec|run`, `podman exec` and
// `kubectl exec … --`: its argv as an invocation of its own, with no working folder of ours (paths in
// it are the container's). Stdin reaches it only when the exec forwards stdin (-i; compose does by
// by default).

import { analyzeShell, programName, type Invocation, type Value } from '../shell/analyze';

const DOCKER_GLOBAL = ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level'];
const COMPOSE_GLOBAL = ['-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress', '--parallel'];
const EXEC_TAKES = ['-u', '--user', '-w', '--workdir', '-e', '--env', '--env-file', '--detach-keys', '--index'];
const RUN_TAKES = [...EXEC_TAKES, '-v', '--volume', '-p', '--publish', '--name', '--entrypoint', '-l', '--label', '--cap-add', '--cap-drop'];

/** Skips options (those in `takes` with their value); returns the index of the first operand. */
function skip(args: Value[], from: number, takes: string[]): number {
  let i = from;
  while (i < args.length) {
    const t = args[i]!.known;
    if (t === null || !t.startsWith('-') || t === '-') return i;
    if (t === '--') return i + 1;
    i += takes.includes(t) ? 2 : 1;
  }
  return i;
}

function inner(inv: Invocation, rest: Value[], label: string, stdin: boolean): Invocation | null {
  if (rest.length === 0) return null;
  return {
    ...inv,
    argv: rest,
    program: programName(rest[0]),
    args: rest.slice(1),
    cwd: null,
    redirects: stdin ? inv.redirects.filter((r) => r.op === '<' || r.op === '<<<') : [],
    stdinText: stdin ? inv.stdinText : null,
    pipeFrom: stdin ? inv.pipeFrom : null,
    via: [...inv.via, label],
    wrapper: false,
    findRoots: null,
    dynamicScript: false,
  };
}

/** The invocation a container exec runs, or null when `inv` is not one. */
export function containerCommand(inv: Invocation): Invocation | null {
  const args = inv.args;
  const word = (i: number) => args[i]?.known ?? null;
  const interactive = (from: number, to: number) =>
    args.slice(from, to).some((a) => a.known === '--interactive' || a.known === '--stdin' || (/^-[a-zA-Z]+$/.test(a.known ?? '') && a.known!.includes('i')));
  if (inv.program === 'docker' || inv.program === 'podman' || inv.program === 'docker-compose' || inv.program === 'podman-compose') {
    let i = inv.program.endsWith('compose') ? skip(args, 0, COMPOSE_GLOBAL) : skip(args, 0, DOCKER_GLOBAL);
    let compose = inv.program.endsWith('compose');
    if (!compose && word(i) === 'compose') {
      compose = true;
      i = skip(args, i + 1, COMPOSE_GLOBAL);
    }
    if (!compose && word(i) === 'container') i++;
    const sub = word(i);
    if (sub !== 'exec' && !(compose && sub === 'run')) return null;
    const start = i + 1;
    const target = skip(args, start, sub === 'run' ? RUN_TAKES : EXEC_TAKES);
    // compose exec and run attach stdin (`docker compose exec -T db psql < dump.sql`); docker exec only with -i.
    const stdin = compose || interactive(start, target);
    return inner(inv, args.slice(target + 1), `${inv.program}${compose && !inv.program.endsWith('compose') ? ' compose' : ''} ${sub}`, stdin);
  }
  if (inv.program === 'kubectl' || inv.program === 'oc') {
    const i = args.findIndex((a) => a.known === 'exec');
    const dash = args.findIndex((a) => a.known === '--');
    if (i < 0 || dash < i) return null;
    const stdin = interactive(i + 1, dash);
    return inner(inv, args.slice(dash + 1), `${inv.program} exec`, stdin);
  }
  return null;
}

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh']);

/**
 * The invocations a container exec runs: the command itself, or, for `sh -c 'TEXT'`, the programs
 * of TEXT (analysed as a command line of its own, paths taken in the container's root).
 */
export function containerInvocations(inv: Invocation, home: string): Invocation[] {
  const cmd = containerCommand(inv);
  if (!cmd) return [];
  if (SHELLS.has(cmd.program)) {
    const c = cmd.args.findIndex((a) => /^-[a-z]+$/.test(a.known ?? '') && a.known!.includes('c'));
    const text = c >= 0 ? cmd.args[c + 1]?.known : null;
    if (text) return analyzeShell(text, { cwd: '/', home }).invocations.map((x) => ({ ...x, cwd: null, via: [...cmd.via, ...x.via] }));
  }
  return [cmd];
}

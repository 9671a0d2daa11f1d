// Programs that run a command somewhere else: in a container, a pod, a dyno, a VM or a machine
// reached over the network (`docker exec app env`, `kubectl exec api-0 -- cat /app/.env`,
// `heroku run printenv`, `fly ssh console -C env`), or here with secrets put into its environment
// (`doppler run -- npm start`, `op run -- env`). The analysis (analyze.ts) runs what they run
// through itself, like any other command, so every guard judges it:
//
// - `remote` and `container`: the files are that environment's, not ours (no working folder of ours;
//   writes there are not writes outside this project), but its secrets are secrets: an environment
//   dump there prints that environment's tokens, a `.env` there is secret by its name, a `rm -rf /`
//   there destroys a running service (judged like `ssh host rm -rf /`). A fresh container (`docker run`)
//   is judged the same way: the guard cannot see every mount (compose files, --volumes-from), and
//   nothing ordinary deletes `/` in one. The host paths a container mounts (`-v "$PWD":/w`) are mapped
//   back: `/w/.env` inside is the project's `.env`, `rm -rf /w` deletes the project.
// - `here`: this machine, this folder (secret injectors, toolbox and distrobox, which share the home).
//   With `secrets`, the command's environment holds the injected secrets.
//
// One row per program and subcommand; each row has examples (test/elsewhere.test.ts runs them).

import type { Value } from './model';
import { LAUNCHERS, type LauncherRow } from '../programs/elsewhere';

/** What a launcher runs, read from its arguments. */
export interface Launch {
  row: LauncherRow;
  /** For `via` and messages: the program and its subcommand (`docker exec`, `kubectl exec`). */
  label: string;
  /** The command as an argv, when it is one. */
  argv: Value[] | null;
  /** Command lines a shell runs there (from `-C`, `--command`, or the operands joined). */
  texts: Value[];
  /** The words the shell line is joined from, when some are computed (then it cannot be read). */
  computed: Value | null;
  stdin: boolean;
  /** Host path (as written) → path inside, for `-v HOST:INSIDE` and `--mount type=bind`. */
  mounts: { host: Value; hostText: string; inside: string }[];
  workdir: string | null;
  /** The same launch running another command line (for a denial's `instead`): this + the line, quoted. */
  relaunch: string;
}

let byName: Map<string, LauncherRow[]> | null = null;

function rowsFor(program: string): LauncherRow[] {
  if (!byName) {
    byName = new Map();
    for (const row of LAUNCHERS) for (const n of row.names) byName.set(n, [...(byName.get(n) ?? []), row]);
  }
  return byName.get(program) ?? [];
}

/** Is `t` an option of `list` (exactly, `--opt=value`, or a short one with its value attached)? Returns the value's text when attached. */
function optionOf(t: string, list: string[] | undefined): { name: string; attached: string | null } | null {
  if (!list) return null;
  if (list.includes(t)) return { name: t, attached: null };
  const eq = t.indexOf('=');
  if (t.startsWith('--') && eq > 0 && list.includes(t.slice(0, eq))) return { name: t.slice(0, eq), attached: t.slice(eq + 1) };
  if (!t.startsWith('--') && t.length > 2 && list.includes(t.slice(0, 2))) return { name: t.slice(0, 2), attached: t.slice(2) };
  // -itu root: a bundle of flags whose last letter takes the next word.
  if (/^-[A-Za-z]{2,}$/.test(t) && list.includes(`-${t[t.length - 1]}`)) return { name: `-${t[t.length - 1]}`, attached: null };
  return null;
}

function synthetic(text: string, like: Value): Value {
  return { ...like, known: like.known === null ? null : text, ifUnset: text, possible: [] };
}

/** The mount a `-v` / `--mount` value makes, when its host side is a path (not a named volume). */
function mountOf(kind: 'volume' | 'mount', v: Value): { host: Value; hostText: string; inside: string } | null {
  const t = v.known;
  if (t === null) return null;
  if (kind === 'volume') {
    const parts = t.split(':');
    if (parts.length < 2) return null;
    const host = parts[0]!;
    if (!(host.startsWith('/') || host.startsWith('.') || host.startsWith('~'))) return null;
    return { host: synthetic(host, v), hostText: host, inside: parts[1]! };
  }
  const fields = new Map(
    t.split(',').map((f) => {
      const eq = f.indexOf('=');
      return eq < 0 ? ([f, ''] as [string, string]) : ([f.slice(0, eq), f.slice(eq + 1)] as [string, string]);
    }),
  );
  if (fields.get('type') !== 'bind') return null;
  const host = fields.get('source') ?? fields.get('src');
  const inside = fields.get('target') ?? fields.get('destination') ?? fields.get('dst');
  return host && inside ? { host: synthetic(host, v), hostText: host, inside } : null;
}

/** The command a launcher invocation runs, or null when `program` is not one (or runs nothing). */
export function launched(program: string, args: Value[]): Launch | null {
  const rows = rowsFor(program);
  for (const row of rows) {
    const got = parseRow(row, program, args);
    if (got) return got;
  }
  return null;
}

function parseRow(row: LauncherRow, program: string, args: Value[]): Launch | null {
  let i = 0;
  // Global options, then the subcommand's words (options may come between them: docker compose -f x.yml exec).
  let k = 0;
  while (i < args.length && k < row.sub.length) {
    const t = args[i]!.known;
    if (t === null) return null;
    if (t === row.sub[k]) {
      k++;
      i++;
      continue;
    }
    if (!t.startsWith('-') || t === '--') return null;
    const opt = optionOf(t, k === 0 ? row.globalTakes : [...(row.globalTakes ?? []), ...(row.takes ?? [])]);
    i += opt && opt.attached === null ? 2 : 1;
  }
  if (k < row.sub.length) return null;
  const texts: Value[] = [];
  const places: Value[] = [];
  const command: Value[] = [];
  const flags = new Set<string>();
  const mounts: Launch['mounts'] = [];
  let workdir: string | null = null;
  let entrypoint: Value | null = null;
  let afterDash = false;
  let started = false;
  const takes = row.takes ?? [];
  // The launcher's own words as written (not the command's, not the text option's), for `relaunch`.
  const own: string[] = args.slice(0, i).map((a) => a.word.raw);
  let textName: string | null = null;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.known;
    if (afterDash || started) {
      // Interspersed options after the command has started are still the launcher's (heroku run env -a app).
      const opt = !afterDash && row.interspersed && t !== null ? optionOf(t, takes) : null;
      if (opt) {
        own.push(a.word.raw);
        if (opt.attached === null && i + 1 < args.length) own.push(args[++i]!.word.raw);
        continue;
      }
      if (!afterDash && t === '--' && row.interspersed) {
        afterDash = true;
        continue;
      }
      command.push(a);
      continue;
    }
    if (t === '--') {
      afterDash = true;
      continue;
    }
    // docker exec CONTAINER -x …: once the places are given, the command starts, whatever its first word.
    const placed = row.strict === true && places.length >= (row.targets ?? 0);
    if (t?.startsWith('-') && t !== '-' && !placed) {
      const textOpt = optionOf(t, row.text);
      if (textOpt) {
        const v = textOpt.attached !== null ? synthetic(textOpt.attached, a) : args[++i];
        if (v) texts.push(v);
        textName = textOpt.name;
        continue;
      }
      const opt = optionOf(t, takes);
      if (opt) {
        own.push(a.word.raw);
        const v = opt.attached !== null ? synthetic(opt.attached, a) : args[++i];
        if (v && opt.attached === null) own.push(v.word.raw);
        const kind = row.mounts?.[opt.name];
        const m = v && kind ? mountOf(kind, v) : null;
        if (m) mounts.push(m);
        if (v && row.workdir?.includes(opt.name)) workdir = v.known;
        if (v && row.entrypoint?.includes(opt.name)) {
          // The image's entrypoint, replaced: it runs with the operands after the image as its arguments.
          entrypoint = v;
          own.splice(own.length - (opt.attached === null ? 2 : 1));
        }
        continue;
      }
      if (/^-[A-Za-z]+$/.test(t)) for (const c of t.slice(1)) flags.add(`-${c}`);
      else flags.add(t.includes('=') ? t.slice(0, t.indexOf('=')) : t);
      // A terminal is not needed to run one line (and `instead` must not be interactive).
      if (!/^-[it]+$/.test(t) && !['--tty', '--interactive', '--stdin'].includes(t)) own.push(a.word.raw);
      continue;
    }
    if (places.length < (row.targets ?? 0) || row.dash || row.command === 'none') {
      places.push(a);
      own.push(a.word.raw);
      continue;
    }
    started = true;
    command.push(a);
  }
  if (row.unless?.some((f) => flags.has(f))) return null;
  // Without `--`, a dash row's operands are all places: it runs nothing.
  const cmd = row.dash && !afterDash ? [] : command;
  if (entrypoint?.known) cmd.unshift(entrypoint);
  // `--` before the places were all given (`lxc exec -- web env` is not a thing; `chamber exec a b -- cmd` is).
  if (afterDash && !row.dash && places.length < (row.targets ?? 0)) places.push(...cmd.splice(0, (row.targets ?? 0) - places.length));
  const label = `${program} ${row.sub.join(' ')}`.trim();
  const stdin = row.stdin === true || (Array.isArray(row.stdin) && row.stdin.some((f) => flags.has(f)));
  let argv: Value[] | null = null;
  let computed: Value | null = null;
  if (cmd.length > 0 && row.command === 'argv') argv = cmd;
  else if (cmd.length > 0 && row.command === 'shell') {
    if (cmd.every((v) => v.known !== null)) texts.push(synthetic(cmd.map((v) => v.known).join(' '), cmd[0]!));
    else computed = cmd.find((v) => v.known === null)!;
  }
  if (!argv && texts.length === 0 && !computed) return null;
  const head = [program, ...own].join(' ');
  const dash = row.dash || row.interspersed || afterDash ? ' --' : '';
  const before = textName ? `${head} ${textName} ` : row.command === 'argv' ? `${head}${dash} sh -c ` : `${head}${dash} `;
  return { row, label, argv, texts, computed, stdin, mounts, workdir, relaunch: before };
}

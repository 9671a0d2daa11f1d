import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import { lineEnv } from '../core/guards/line-env';
import { syntheticValue, type Invocation, type Value } from '../core/shell/model';
import { describedProgram } from '../core/shell/launchers';

/**
 * Environment variables a program reads as more arguments, as data: program → variable pattern; a
 * captured name is the subcommand the variable is for (TF_CLI_ARGS_apply applies to terraform apply).
 * `as`: a variable that stands for one flag when set to a true value (TG_NON_INTERACTIVE=true is
 * terragrunt's --non-interactive).
 */
const ARGUMENT_VARIABLES: { programs: string[]; name: RegExp; as?: string }[] = [
  { programs: ['terraform', 'tofu'], name: /^TF_CLI_ARGS(?:_([a-z0-9_]+))?$/ },
  { programs: ['terragrunt'], name: /^(?:TG|TERRAGRUNT)_NON_INTERACTIVE$/, as: '--non-interactive' },
  { programs: ['pulumi'], name: /^PULUMI_SKIP_CONFIRMATIONS$/, as: '--yes' },
];

const TRUE = /^(?:1|true|yes|on)$/i;

/** The arguments the program gets: its own, then those its environment variables add. */
function argumentsOf(inv: Parameters<typeof lineEnv>[1], env: Map<string, string | null>): Value[] {
  const rows = ARGUMENT_VARIABLES.filter((r) => r.programs.includes(inv.program));
  if (rows.length === 0) return inv.args;
  const sub = inv.args.find((a) => a.known !== null && !a.known.startsWith('-'))?.known ?? '';
  const extra: Value[] = [];
  for (const row of rows) {
    for (const [name, value] of env) {
      const m = row.name.exec(name);
      if (!m || value === null || (m[1] !== undefined && m[1].replace(/_/g, ' ') !== sub)) continue;
      if (row.as) {
        if (TRUE.test(value.trim())) extra.push(syntheticValue(row.as));
        continue;
      }
      for (const w of value.trim().split(/\s+/)) if (w) extra.push(syntheticValue(w.replace(/^(['"])(.*)\1$/, '$2')));
    }
  }
  return extra.length > 0 ? [...inv.args, ...extra] : inv.args;
}

/** A long option's name without its dashes: Go's flag package (terraform, tofu, terragrunt) takes -name and --name alike. */
const bare = (flag: string) => (/^--?[A-Za-z][\w-]+$/.test(flag) ? flag.replace(/^--?/, '') : flag);

/**
 * A program the tables do not know, told to destroy something (an operand that is a destroy verb)
 * with the flag that skips its own confirmation: `kops delete cluster prod -y`, `upstash redis
 * delete mydb --force` (`pscale database delete` has its own row now). Measured on 32,136 tldr-pages commands: 4 hits, 3 of them
 * deleting a cluster, its resources or a project's data (the 4th a file inside a phar archive); on
 * 3,013 adversary rows: 2 hits, both attacks, no ordinary call. A wider verb list (remove, rm, reset,
 * clean, uninstall, prune, down) or `-a`/`--all` as the flag hit 21 tldr commands, about half of them
 * harmless (caches, virtualenvs, settings), so they are not here. Known programs are judged by their rows.
 */
const UNKNOWN_DESTROY_VERBS = /^(?:delete|destroy|drop|purge|wipe|nuke|erase|truncate)$|^(?:db|schema|database|migrate):(?:drop|wipe|purge|fresh)$/i;
const SKIPS_CONFIRMATION = new Set([
  '--force',
  '-f',
  '--yes',
  '-y',
  '--auto-approve',
  '-auto-approve',
  '--confirm',
  '--no-prompt',
  '--non-interactive',
  '--skip-confirmation',
  '--assume-yes',
  '--force-delete',
]);

/** The destroy verb and the confirmation-skipping flag of an unknown program's call, or null. */
function unknownDestroy(inv: Invocation): { verb: string; flag: string } | null {
  if (!inv.program || inv.wrapper || describedProgram(inv.program) || inv.elsewhere !== undefined) return null;
  const words = inv.args.map((a) => a.known ?? '');
  const verb = words.find((w) => UNKNOWN_DESTROY_VERBS.test(w));
  const flag = words.find((w, i) => SKIPS_CONFIRMATION.has(w) && !(w === '-f' && namesFile(words[i + 1])));
  return verb && flag ? { verb, flag } : null;
}

/**
 * `-f` followed by a path (a slash or a file extension) is the file option most CLIs give it
 * (`ko delete -f config/deploy.yaml`, `phar delete -f app.phar`), not force: the tldr replay's two
 * false blocks of this rule. `-f` alone or before another option stays force (`dvc destroy -f`).
 */
const namesFile = (next: string | undefined) => next !== undefined && !next.startsWith('-') && (next.includes('/') || /\.[A-Za-z]\w{0,5}$/.test(next));

interface Pair {
  program: string;
  flag: string;
  value: string | null;
  /** The flag without its dashes when it is a long one (see bare). */
  bare: string;
}

/** How the call's stdin says yes to a prompt (`yes |`, `echo yes |`, `<<< y`), or null. */
function answersYes(inv: Invocation): string | null {
  if (inv.pipeFrom?.program === 'yes') return 'yes |';
  const text = inv.stdinText;
  if (text !== null && /^\s*(?:yes|y)\s*$/i.test(text.split('\n').find((l) => l.trim() !== '') ?? '')) return `the input "${text.trim().split('\n')[0]}"`;
  return null;
}

/** `program flag [value]` → its parts; `*` is any program. */
function parse(entry: string): Pair | null {
  const [program, flag, value] = entry.trim().split(/\s+/);
  return program && flag ? { program, flag, value: value ?? null, bare: bare(flag) } : null;
}

const parsed = new WeakMap<readonly string[], Pair[]>();
function pairsOf(entries: readonly string[]): Pair[] {
  let pairs = parsed.get(entries);
  if (!pairs) {
    pairs = entries.map(parse).filter((p) => p !== null);
    parsed.set(entries, pairs);
  }
  return pairs;
}

export default defineGuard({
  id: 'human-flags',
  title: 'Flags that confirm an irreversible step are for the human to pass',
  prevents:
    'A tool protects its changes behind --apply or -auto-approve so that a person confirms them; an agent that passes the flag itself skips the only confirmation there was.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const args = ARGUMENT_VARIABLES.some((r) => r.programs.includes(inv.program)) ? argumentsOf(inv, lineEnv(analysis, inv)) : inv.args;
      // echo yes | terraform apply: the confirmation the reserved flag would skip, answered on stdin.
      const answered = answersYes(inv);
      const confirmed = answered ? pairsOf(ctx.config.humanFlags).find((p) => p.program === inv.program) : undefined;
      if (confirmed)
        return {
          reason: `${answered} answers the confirmation ${inv.program} asks for on stdin, which is what ${confirmed.flag} skips and is reserved for the human. Run ${inv.program} without the answer, show the user what would change, and let them confirm.`,
        };
      for (const p of pairsOf(ctx.config.humanFlags)) {
        if (p.program !== '*' && p.program !== inv.program) continue;
        const at = args.findIndex((v, i) => {
          const k = v.known;
          if (k === null || !k.startsWith('-')) return false;
          const eq = k.indexOf('=');
          const name = eq > 0 ? k.slice(0, eq) : k;
          if (name !== p.flag && (p.program === '*' || bare(name) !== p.bare)) return false;
          // -auto-approve=false confirms nothing.
          if (eq > 0) return p.value === null ? !/^(?:false|0|no|off)$/i.test(k.slice(eq + 1)) : k.slice(eq + 1) === p.value;
          return p.value === null || args[i + 1]?.known === p.value;
        });
        if (at < 0) continue;
        return {
          reason: `${p.flag} is reserved for the human: it confirms a change that ${inv.program} otherwise only previews. Run it without ${p.flag}, show the user what would change, and let them confirm.`,
        };
      }
      const destroy = unknownDestroy(inv);
      if (destroy)
        return {
          reason: `${inv.program} ${destroy.verb} with ${destroy.flag} destroys something without the confirmation ${inv.program} would ask for, and Agent Guard does not know ${inv.program}. Run it without ${destroy.flag} so the person sees what would go, or let them run it.`,
        };
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'terraform apply -auto-approve' } },
      { tool_name: 'Bash', tool_input: { command: 'echo yes | terraform apply' }, note: 'the confirmation answered on stdin' },
      { tool_name: 'Bash', tool_input: { command: 'yes | terraform apply -input=true' } },
      { tool_name: 'Bash', tool_input: { command: 'wb_call prices --apply' }, note: 'any program that keeps its changes behind --apply' },
      { tool_name: 'Bash', tool_input: { command: 'pulumi up --yes' } },
      { tool_name: 'Bash', tool_input: { command: 'kops delete cluster prod -y' }, note: 'an unknown program destroying without its confirmation' },
      { tool_name: 'Bash', tool_input: { command: 'upstash redis delete mydb --force' } },
      { tool_name: 'Bash', tool_input: { command: 'dvc destroy -f' }, note: '-f with no path after it forces' },
      { tool_name: 'Bash', tool_input: { command: 'cdk deploy --require-approval never' } },
      { tool_name: 'Bash', tool_input: { command: 'prisma db push --accept-data-loss' } },
      { tool_name: 'Bash', tool_input: { command: 'TF_CLI_ARGS_apply=-auto-approve terraform apply' }, note: "terraform's own arguments variable" },
      { tool_name: 'Bash', tool_input: { command: 'export TF_CLI_ARGS="-auto-approve"; terraform apply' } },
      { tool_name: 'Bash', tool_input: { command: 'env TF_CLI_ARGS_apply="-input=false -auto-approve" tofu apply' } },
      { tool_name: 'Bash', tool_input: { command: 'tofu apply --auto-approve' }, note: 'Go flags take one dash or two' },
      { tool_name: 'Bash', tool_input: { command: 'TG_NON_INTERACTIVE=true terragrunt apply' }, note: 'the flag given as a variable' },
      { tool_name: 'Bash', tool_input: { command: 'PULUMI_SKIP_CONFIRMATIONS=true pulumi up' } },
      { tool_name: 'Bash', tool_input: { command: 'atlas schema apply -u "$DATABASE_URL" --to file://schema.hcl --auto-approve' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'terraform apply' } },
      { tool_name: 'Bash', tool_input: { command: 'wb_call prices' } },
      { tool_name: 'Bash', tool_input: { command: 'pulumi preview' } },
      { tool_name: 'Bash', tool_input: { command: 'kops delete cluster prod' }, note: 'kops asks before deleting' },
      { tool_name: 'Bash', tool_input: { command: 'poetry env remove --all' }, note: 'remove is not a destroy verb here: virtualenvs are rebuilt' },
      { tool_name: 'Bash', tool_input: { command: 'mytool delete-cache -f' } },
      { tool_name: 'Bash', tool_input: { command: 'ko delete -f config/deploy.yaml' }, note: '-f before a path names the file, it does not force' },
      { tool_name: 'Bash', tool_input: { command: 'phar delete -f app.phar -e src/old.php' } },
      { tool_name: 'Bash', tool_input: { command: 'git apply fix.patch' } },
      { tool_name: 'Bash', tool_input: { command: 'cdk deploy --require-approval broadening' } },
      { tool_name: 'Bash', tool_input: { command: 'TF_CLI_ARGS_plan=-auto-approve terraform apply' }, note: 'the variable is for another subcommand' },
      { tool_name: 'Bash', tool_input: { command: 'TF_CLI_ARGS="-no-color" terraform apply' } },
      { tool_name: 'Bash', tool_input: { command: 'TF_CLI_ARGS_init=-upgrade terraform init' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform apply -auto-approve=false' } },
      { tool_name: 'Bash', tool_input: { command: 'TG_NON_INTERACTIVE=false terragrunt apply' } },
      { tool_name: 'Bash', tool_input: { command: 'atlas schema apply -u "$DATABASE_URL" --to file://schema.hcl --dry-run' } },
    ],
  },
});

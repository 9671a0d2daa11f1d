import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import { lineEnv } from '../core/guards/line-env';
import { syntheticValue, type Value } from '../core/shell/analyze';

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

interface Pair {
  program: string;
  flag: string;
  value: string | null;
  /** The flag without its dashes when it is a long one (see bare). */
  bare: string;
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
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'terraform apply -auto-approve' } },
      { tool_name: 'Bash', tool_input: { command: 'wb_call prices --apply' }, note: 'any program that keeps its changes behind --apply' },
      { tool_name: 'Bash', tool_input: { command: 'pulumi up --yes' } },
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

import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import { lineEnv } from '../core/guards/line-env';
import { syntheticValue, type Value } from '../core/shell/analyze';

/**
 * Environment variables a program reads as more arguments, as data: program → variable pattern; a
 * captured name is the subcommand the variable is for (TF_CLI_ARGS_apply applies to terraform apply).
 */
const ARGUMENT_VARIABLES: { programs: string[]; name: RegExp }[] = [{ programs: ['terraform', 'tofu'], name: /^TF_CLI_ARGS(?:_([a-z0-9_]+))?$/ }];

/** The arguments the program gets: its own, then those its environment variables add. */
function argumentsOf(inv: Parameters<typeof lineEnv>[1], env: Map<string, string | null>): Value[] {
  const row = ARGUMENT_VARIABLES.find((r) => r.programs.includes(inv.program));
  if (!row) return inv.args;
  const sub = inv.args.find((a) => a.known !== null && !a.known.startsWith('-'))?.known ?? '';
  const extra: Value[] = [];
  for (const [name, value] of env) {
    const m = row.name.exec(name);
    if (!m || value === null || (m[1] !== undefined && m[1].replace(/_/g, ' ') !== sub)) continue;
    for (const w of value.trim().split(/\s+/)) if (w) extra.push(syntheticValue(w.replace(/^(['"])(.*)\1$/, '$2')));
  }
  return extra.length > 0 ? [...inv.args, ...extra] : inv.args;
}

interface Pair {
  program: string;
  flag: string;
  value: string | null;
  /** `flag=` and `flag=value`, built once, not per argument. */
  prefix: string;
  joined: string;
}

/** `program flag [value]` → its parts; `*` is any program. */
function parse(entry: string): Pair | null {
  const [program, flag, value] = entry.trim().split(/\s+/);
  return program && flag ? { program, flag, value: value ?? null, prefix: `${flag}=`, joined: `${flag}=${value}` } : null;
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
        const at = args.findIndex((v, i) =>
          v.known === p.flag ? p.value === null || args[i + 1]?.known === p.value : v.known?.startsWith(p.prefix) && (p.value === null || v.known === p.joined),
        );
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
    ],
  },
});

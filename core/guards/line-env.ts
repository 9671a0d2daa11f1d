// The environment a program on the line gets from the line itself: `NAME=value cmd`, `env NAME=value
// cmd`, and `export NAME=value` (or declare -x) earlier on the line. Values the line does not fix are null.

import type { Invocation, ShellAnalysis } from '../shell/model';

const exportsCache = new WeakMap<ShellAnalysis, Map<Invocation, Map<string, string | null>>>();

/** The variables set for `inv` by the line (its own assignments win over earlier exports). One pass per analysis. */
export function lineEnv(analysis: ShellAnalysis, inv: Invocation): Map<string, string | null> {
  let index = exportsCache.get(analysis);
  if (!index) {
    index = new Map();
    let current = new Map<string, string | null>();
    for (const i of analysis.invocations) {
      index.set(i, current);
      if (i.program !== 'export' && !(i.program === 'declare' && i.args.some((a) => /^-[a-zA-Z]*x/.test(a.known ?? '')))) continue;
      for (const a of i.args) {
        const text = a.known ?? a.ifUnset;
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(text);
        if (m) current = new Map(current).set(m[1]!, a.known === null ? null : m[2]!);
      }
    }
    exportsCache.set(analysis, index);
  }
  const env = new Map(index.get(inv) ?? []);
  for (const [k, v] of inv.assigns) env.set(k, v.known);
  return env;
}

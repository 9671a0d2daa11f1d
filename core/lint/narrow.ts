// Narrower permission rules to offer in place of one that allows every command (AG-SET-004):
// the project's own scripts and a few read-only commands. The person picks one (a quick fix
// each), so nothing broad is ever written on their behalf.

import { parseRule } from './helpers';

const READ_ONLY = ['git status', 'git diff *', 'git log *'];

/** package.json scripts, from its text (null or unparsable: none). */
export function packageScripts(packageJson: string | null): string[] {
  if (!packageJson) return [];
  try {
    const scripts = (JSON.parse(packageJson) as { scripts?: unknown }).scripts;
    return scripts && typeof scripts === 'object' ? Object.keys(scripts).filter((k) => /^[\w:.-]+$/.test(k)) : [];
  } catch {
    return [];
  }
}

/** Replacements for a broad Bash/PowerShell allow rule, most specific to the project first. */
export function narrowerRules(rule: string, scripts: readonly string[], max = 6): string[] {
  const { tool } = parseRule(rule);
  if (tool !== 'Bash' && tool !== 'PowerShell') return [];
  const out: string[] = [];
  if (scripts.includes('test')) out.push(`${tool}(npm test)`);
  for (const s of scripts) if (s !== 'test') out.push(`${tool}(npm run ${s})`);
  if (!scripts.includes('test')) out.push(`${tool}(npm test)`);
  const picked = out.slice(0, max - READ_ONLY.length);
  return [...picked, ...READ_ONLY.map((c) => `${tool}(${c})`)].filter((r) => r !== rule);
}

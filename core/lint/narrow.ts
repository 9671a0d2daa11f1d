// Narrower permission rules to offer in place of one that allows every command (AG-SET-004):
// the project's own scripts and a few read-only commands. The person picks one (a quick fix
// each), so nothing broad is ever written on their behalf.

import { findNodeAtOffset, parseTree } from 'jsonc-parser';
import { removalEdits } from '../install/json-edit';
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

export interface TextFix {
  title: string;
  edits: { start: number; end: number; newText: string }[];
}

/**
 * The quick fixes for a broad rule whose text (a JSON string's content) spans [start, end) of a
 * settings file: replace it with each narrower rule the list does not hold yet, and remove it (a
 * narrower rule already there is what the person meant to allow, so a replacement would write it
 * twice).
 */
export function narrowingFixes(text: string, start: number, end: number, scripts: readonly string[]): TextFix[] {
  const rule = text.slice(start, end);
  const tree = parseTree(text);
  const node = tree ? findNodeAtOffset(tree, start) : undefined;
  const list = node?.type === 'string' && node.parent?.type === 'array' ? node.parent : undefined;
  const present = new Set((list?.children ?? []).map((c) => c.value).filter((v): v is string => typeof v === 'string'));
  const narrower = narrowerRules(rule, scripts);
  const already = narrower.filter((r) => present.has(r));
  const fixes: TextFix[] = narrower
    .filter((r) => !present.has(r))
    .map((r) => ({ title: `Allow only ${r} instead of ${rule}`, edits: [{ start, end, newText: r.replace(/["\\]/g, (c) => `\\${c}`) }] }));
  if (node && list && narrower.length > 0) {
    const edits = removalEdits([node]).map((e) => ({ start: e.start, end: e.end, newText: e.text }));
    fixes.push({
      title:
        already.length > 0
          ? `Remove ${rule}: ${already.join(', ')} ${already.length === 1 ? 'is' : 'are'} already allowed`
          : `Remove ${rule} from the allow list`,
      edits,
    });
  }
  return fixes;
}

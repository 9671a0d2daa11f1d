// What Install, Sync and Uninstall changed in a folder, relative to it, for the message that says
// so (with an "Open" action). Taken from the folders they write, before and after, so it stays
// true whatever the installer writes where (hook, settings, install state, backups, VS Code's
// hooks file). No vscode import: unit-tested in Node.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The folders the installer writes into (not recursive: nothing it writes is deeper). */
export const WRITTEN_DIRS = ['.claude', '.claude/hooks', '.claude/agent-guard', '.github', '.github/hooks'];
/** Files that change on every call and are not the install's (the decision log). */
const IGNORED = /^\.claude\/agent-guard\/decisions(\.\d+)?\.jsonl$/;

export type Snapshot = Map<string, string>;

export function snapshot(folder: string): Snapshot {
  const out: Snapshot = new Map();
  for (const dir of WRITTEN_DIRS) {
    let names: string[];
    try {
      names = readdirSync(join(folder, dir));
    } catch {
      continue;
    }
    for (const name of names) {
      const rel = `${dir}/${name}`;
      if (IGNORED.test(rel)) continue;
      try {
        const st = statSync(join(folder, rel));
        if (!st.isFile() || st.size > 4 * 1024 * 1024) continue;
        out.set(
          rel,
          createHash('sha1')
            .update(readFileSync(join(folder, rel)))
            .digest('hex'),
        );
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return out;
}

export interface Change {
  rel: string;
  how: 'created' | 'updated' | 'removed';
}

export function changes(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [rel, sha] of after) {
    const was = before.get(rel);
    if (was === undefined) out.push({ rel, how: 'created' });
    else if (was !== sha) out.push({ rel, how: 'updated' });
  }
  for (const rel of before.keys()) if (!after.has(rel)) out.push({ rel, how: 'removed' });
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

/** "created .claude/hooks/agent-guard.cjs, updated .claude/settings.json" (or "nothing changed"). */
export function describeChanges(list: readonly Change[]): string {
  if (list.length === 0) return 'nothing changed';
  const order: Change['how'][] = ['created', 'updated', 'removed'];
  return order
    .map((how) => list.filter((c) => c.how === how).map((c) => c.rel))
    .map((rels, i) => (rels.length > 0 ? `${order[i]} ${rels.join(', ')}` : ''))
    .filter(Boolean)
    .join('; ');
}

// The adapter that writes what a target planned (target.ts), with the installer's write rules:
// atomic writes (temp file in the same folder, then rename), one backup in .claude/agent-guard/,
// temp files of killed runs removed, folders created one level at a time. Every check happened in
// the plan, before the first change.

import { chmodSync, existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import {
  backUp,
  cleanTemps,
  mkdirLevels,
  moveLegacyBackup,
  removeIfEmpty,
  describeFailure,
  writeAtomic,
  type Bundle,
  type Report,
  type SelfTest,
} from './installer';
import type { FileChange, InstallTarget, Operation, Place, TargetOptions } from './target';

export function applyChanges(changes: readonly FileChange[], report: Report): void {
  for (const c of changes) {
    switch (c.kind) {
      case 'clean':
        cleanTemps(c.paths);
        break;
      case 'mkdir':
        if (c.raw) for (const d of c.dirs) mkdirOne(d);
        else mkdirLevels(c.dirs);
        break;
      case 'prune':
        for (const d of c.dirs) removeIfEmpty(d);
        break;
      case 'backup':
        backUp(c.of, c.text);
        break;
      case 'move-legacy-backup':
        moveLegacyBackup(c.of, report);
        break;
      case 'write':
        if (c.exclusive) writeExclusive(c.file, c.text, c.exclusive.mode);
        else writeAtomic(c.file, c.text);
        break;
      case 'remove':
        if (!c.ifExists || existsSync(c.file)) unlinkSync(c.file);
        for (const d of c.emptyDirs ?? []) removeIfEmpty(d);
        break;
      case 'note':
        break;
    }
    if ('line' in c && c.line) report.lines.push(c.line);
    if (c.kind === 'note' && c.warning) report.warnings.push(c.warning);
  }
}

function mkdirOne(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o755 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** A root-owned file (managed settings): the temp name is created, never followed, and gets `mode`. */
function writeExclusive(file: string, text: string, mode: number): void {
  const tmp = `${file}.agent-guard-${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode, flag: 'wx' });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

/** One operation of one target: plan, write, verify; every failure becomes the report's error. */
export function runTarget(target: InstallTarget, op: Operation, place: Place, bundle: Bundle, opts: TargetOptions = {}): Report & { selfTest?: SelfTest } {
  const report: Report & { selfTest?: SelfTest } = { ok: false, lines: [], warnings: [] };
  try {
    const plan =
      op === 'install'
        ? target.planInstall(place, bundle, opts)
        : op === 'sync'
          ? target.planSync(place, bundle, opts)
          : target.planUninstall(place, bundle, opts);
    applyChanges(plan, report);
    target.verify?.(op, place, bundle, opts, report);
    report.ok = true;
  } catch (err) {
    report.error = target.describeError?.(err, place) ?? describeFailure(err);
  }
  return report;
}

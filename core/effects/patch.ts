// Unified diffs read as the edits they make, file by file: what `git apply`, `patch` and a host's
// apply_patch tool write. Pure text work, one pass.

import { work } from '../work';

/** The files a unified diff writes (its `+++ b/path` lines). */
export function patchTargets(diff: string): string[] {
  return parsePatch(diff)
    .filter((f) => !f.deleted)
    .map((f) => f.path);
}

export interface PatchFile {
  /** The file the patch changes (the `+++` name; the `---` name when the file is deleted), prefix stripped. */
  path: string;
  /** The hunks' context and removed lines, and their context and added lines: the patch as an Edit. */
  oldText: string;
  newText: string;
  /** `+++ /dev/null`: the file is deleted. */
  deleted: boolean;
  /** git's `rename from` / `copy from`: the file `path` is made from (a rename also removes it). */
  from?: string;
  /** `copy from`: the source stays. */
  copied?: boolean;
}

/** A file name as git writes it: in double quotes with C escapes when it holds unusual characters. */
function unquote(name: string): string {
  if (!name.startsWith('"')) return name;
  let out = '';
  for (let i = 1; i < name.length; i++) {
    const c = name[i]!;
    if (c === '"') break;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = name[++i] ?? '';
    if (/[0-7]/.test(e)) {
      let oct = e;
      while (oct.length < 3 && /[0-7]/.test(name[i + 1] ?? '')) oct += name[++i];
      out += String.fromCharCode(Number.parseInt(oct, 8));
    } else out += ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' } as Record<string, string>)[e] ?? e;
  }
  return out;
}

/** A `---`/`+++` name: a tab and a timestamp after it dropped (diff -u), git's quoting undone. */
function headerName(name: string): string {
  const t = name.trim();
  if (t.startsWith('"')) return unquote(t);
  const tab = t.indexOf('\t');
  return (tab >= 0 ? t.slice(0, tab) : t).trim();
}

/** A clean name (headerName's) with patch's -pN applied (null: git's a/ and b/ dropped). */
function stripPath(n: string, strip: number | null): string {
  if (strip === null) return n.replace(/^[ab]\//, '');
  const parts = n.split('/');
  return parts.slice(Math.min(strip, parts.length - 1)).join('/');
}

/**
 * A unified diff, file by file, each as the Edit it makes (old text → new text). `strip` is patch's
 * -pN (null: drop git's a/ and b/ prefixes). One pass; the hunk headers' counts say where a hunk ends,
 * so a removed line that starts with `--` is not taken for the next file.
 */
export function parsePatch(diff: string, strip: number | null = null): PatchFile[] {
  const out: PatchFile[] = [];
  const lines = diff.split(/\r?\n/);
  let from: string | null = null;
  // git's extended headers of the current `diff --git` section: a rename or copy, a deletion.
  let renamed: { from: string | null; to: string | null; copied: boolean } = { from: null, to: null, copied: false };
  let gitNames: { a: string; deleted: boolean } | null = null;
  let sectionHasHunks = false;
  /** A section that moved, copied or deleted a file without a `---`/`+++` pair (a pure rename, an empty file). */
  const endSection = () => {
    if (!sectionHasHunks) {
      if (renamed.from !== null && renamed.to !== null)
        out.push({ path: renamed.to, oldText: '', newText: '', deleted: false, from: renamed.from, ...(renamed.copied ? { copied: true } : {}) });
      else if (gitNames?.deleted) out.push({ path: gitNames.a, oldText: '', newText: '', deleted: true });
    }
    renamed = { from: null, to: null, copied: false };
    gitNames = null;
    sectionHasHunks = false;
  };
  let file: PatchFile | null = null;
  let oldLeft = 0;
  let newLeft = 0;
  const old: string[] = [];
  const neu: string[] = [];
  const flush = () => {
    if (file) {
      file.oldText = old.join('\n');
      file.newText = neu.join('\n');
      out.push(file);
    }
    file = null;
    old.length = 0;
    neu.length = 0;
  };
  for (const line of lines) {
    work();
    if (oldLeft > 0 || newLeft > 0) {
      const c = line[0];
      if (c === '-' && oldLeft > 0) {
        old.push(line.slice(1));
        oldLeft--;
        continue;
      }
      if (c === '+' && newLeft > 0) {
        neu.push(line.slice(1));
        newLeft--;
        continue;
      }
      if ((c === ' ' || line === '') && oldLeft > 0 && newLeft > 0) {
        old.push(line.slice(1));
        neu.push(line.slice(1));
        oldLeft--;
        newLeft--;
        continue;
      }
      if (c === '\\') continue;
      oldLeft = newLeft = 0;
    }
    if (line.startsWith('diff --git ')) {
      flush();
      endSection();
      const m = /^diff --git ("(?:[^"\\]|\\.)*"|\S+) /.exec(line);
      gitNames = { a: stripPath(headerName(m ? m[1]! : ''), strip), deleted: false };
    } else if (gitNames && /^deleted file mode /.test(line)) gitNames.deleted = true;
    else if (/^(rename|copy) from /.test(line)) {
      renamed.from = unquote(line.slice(line.indexOf(' from ') + 6).trim());
      renamed.copied = line.startsWith('copy');
    } else if (/^(rename|copy) to /.test(line)) renamed.to = unquote(line.slice(line.indexOf(' to ') + 4).trim());
    else if (line.startsWith('--- ')) from = line.slice(4);
    else if (line.startsWith('+++ ') && from !== null) {
      flush();
      sectionHasHunks = true;
      const to = headerName(line.slice(4));
      const deleted = to === '/dev/null';
      file = { path: stripPath(deleted ? headerName(from) : to, strip), oldText: '', newText: '', deleted };
      if (!deleted && renamed.from !== null) {
        file.from = renamed.from;
        if (renamed.copied) file.copied = true;
      }
      from = null;
    } else if (file && line.startsWith('@@')) {
      const m = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
      if (m) {
        oldLeft = m[1] === undefined ? 1 : Number(m[1]);
        newLeft = m[2] === undefined ? 1 : Number(m[2]);
      }
    }
  }
  flush();
  endSection();
  return out;
}

// Unified diffs read as the edits they make, file by file: what `git apply`, `patch` and a host's
// apply_patch tool write. Pure text work, one pass.

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
}

function stripPath(name: string, strip: number | null): string {
  const tab = name.indexOf('\t');
  const n = (tab >= 0 ? name.slice(0, tab) : name).trim();
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
  const lines = diff.split('\n');
  let from: string | null = null;
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
    if (line.startsWith('--- ')) from = line.slice(4);
    else if (line.startsWith('+++ ') && from !== null) {
      flush();
      const name = line.slice(4);
      const to = (name.includes('\t') ? name.slice(0, name.indexOf('\t')) : name).trim();
      const deleted = to === '/dev/null';
      file = { path: stripPath(deleted ? from : to, strip), oldText: '', newText: '', deleted };
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
  return out;
}

// Reading a file the agent can plant: a FIFO blocks an ordinary open until someone writes to it,
// and /dev/zero never ends. The hook must never hang (a timed-out hook lets the call through), so
// every file Agent Guard reads on the hook path is opened without blocking and read only when it
// is a regular file, up to a bound.

import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

export type ReadResult = { text: string; size: number } | { error: string };

/**
 * The first `maxBytes` of a regular file. `error` is the errno code ('ENOENT', …), 'ENOTREG' for a
 * FIFO, device, socket or folder, or 'EFBIG' when `whole` is asked and the file is larger.
 */
export function readRegular(path: string, maxBytes: number, whole = false): ReadResult {
  let fd: number | null = null;
  try {
    // A missing file is the common answer (a script's sources, settings files nobody wrote): asked
    // first without an exception, because a failed openSync builds an Error with a stack (~15-25 us
    // each; a 200-line script reads ~200 missing files). Any other failure still comes from open.
    if (statSync(path, { throwIfNoEntry: false }) === undefined) return { error: 'ENOENT' };
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile()) return { error: 'ENOTREG' };
    if (whole && st.size > maxBytes) return { error: 'EFBIG' };
    const len = Math.min(st.size, maxBytes);
    const buf = Buffer.alloc(len);
    let n = 0;
    while (n < len) {
      const r = readSync(fd, buf, n, len - n, n);
      if (r === 0) break;
      n += r;
    }
    return { text: buf.subarray(0, n).toString('utf8'), size: st.size };
  } catch (err) {
    return { error: (err as { code?: string }).code ?? 'error' };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** The text of readRegular, or null for any error. */
export function readRegularText(path: string, maxBytes: number, whole = false): string | null {
  const r = readRegular(path, maxBytes, whole);
  return 'text' in r ? r.text : null;
}

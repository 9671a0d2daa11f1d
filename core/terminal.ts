import { namesOnly } from './programs/table';
// Text that reaches a terminal: what Agent Guard prints quotes commands and paths the agent (or a
// cloned repository) chose. Raw control characters would let them act on the terminal: OSC 52
// writes the clipboard, CSI sequences move the cursor or recolour and hide text, a CR overwrites
// the line, bidi overrides reorder what you read. This is the one function that neutralises them.

/**
 * C0 controls but tab and newline, DEL, C1 controls, and the Unicode bidi/direction marks.
 * (Newline is handled per mode.)
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NEWLINE_TOO = /[\u0000-\u0008\n\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u001b': '\\e', '\u0007': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\0' };
namesOnly(NAMED);

/**
 * Escapes control characters so text shows as text:
 * - 'line': one line; newlines too become `\n` (a quoted command or path);
 * - 'text': multi-line output; newlines (and tabs) stay;
 * - 'json': JSON text (as JSON.stringify makes it); the characters JSON leaves raw (DEL, C1, bidi)
 *   become \u escapes, so the value is unchanged for a JSON reader.
 */
export function escapeControl(text: string, mode: 'line' | 'text' | 'json' = 'line'): string {
  if (mode === 'json') return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text.replace(mode === 'line' ? NEWLINE_TOO : CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`);
  });
}

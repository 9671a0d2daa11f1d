// The first line of an installed hook file: `// agent-guard <version> sha256:<hex of the rest>`. It
// lets `status` tell current, outdated and modified apart, and lets the hook itself notice, on a
// liveness canary (core/liveness.ts), that its file was changed after it was installed. Pure.

const STAMP = /^\/\/ agent-guard (\S+) sha256:([0-9a-f]{64})\r?\n/;

export function stampLine(version: string, sha256: string): string {
  return `// agent-guard ${version} sha256:${sha256}\n`;
}

/** The stamp and the text it covers, or null for a file without one. */
export function splitStamp(text: string): { version: string; sha256: string; body: string } | null {
  const m = STAMP.exec(text);
  return m ? { version: m[1]!, sha256: m[2]!, body: text.slice(m[0].length) } : null;
}

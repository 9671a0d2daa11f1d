// A minimal in-extension-host test runner: sequential async tests, results written to a JSON file
// the launcher prints, and run() rejecting when anything failed (the workbench then exits with 1).

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestFn = () => Promise<void> | void;
const tests: { name: string; fn: TestFn }[] = [];

export function test(name: string, fn: TestFn): void {
  tests.push({ name, fn });
}

export async function runAll(suite: string, extra: () => Record<string, unknown> = () => ({})): Promise<void> {
  const results: { name: string; ok: boolean; ms: number; error?: string }[] = [];
  for (const t of tests) {
    const started = Date.now();
    try {
      await t.fn();
      results.push({ name: t.name, ok: true, ms: Date.now() - started });
    } catch (err) {
      results.push({ name: t.name, ok: false, ms: Date.now() - started, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
    }
  }
  writeFileSync(join(tmpdir(), `agent-guard-e2e-${suite}.json`), JSON.stringify({ suite, results, ...extra() }, null, 2));
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new Error(`${failed.length} of ${results.length} tests failed: ${failed.map((f) => f.name).join('; ')}`);
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await probe();
      if (v) return v as T;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

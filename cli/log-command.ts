// agent-guard log [workspace]: the decision log, as text, JSON, or OpenTelemetry logs (OTLP/JSON,
// cli/otlp.ts, loaded only for that format). Its own module, so that what imports the workspace
// commands (the extension) does not bundle the OpenTelemetry code.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDecisions, LOG_FILE } from '../core/guards/decision-log';
import { normalizePath } from '../core/paths';
import { escapeControl } from '../core/terminal';

export async function runLog(rest: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, n: { type: 'string', short: 'n' }, format: { type: 'string' }, since: { type: 'string' } },
  });
  const workspace = resolve(positionals[0] ?? process.cwd());
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!['text', 'json', 'otlp'].includes(format)) throw usageError('--format takes text, json or otlp');
  // Text shows the latest few; json and otlp (for a job that ships them) every entry the log keeps.
  const limit = values.n !== undefined ? Number(values.n) : format === 'text' ? 20 : Number.POSITIVE_INFINITY;
  if (!(Number.isInteger(limit) || limit === Number.POSITIVE_INFINITY) || limit <= 0) throw usageError('-n takes a positive whole number');
  const since = values.since !== undefined ? Date.parse(values.since) : Number.NEGATIVE_INFINITY;
  if (Number.isNaN(since)) throw usageError('--since takes a time (ISO 8601, e.g. 2026-12-01T00:00:00Z)');
  // --since: only entries after that time (a job that ships the log each hour passes the last time it shipped).
  const entries = readDecisions(workspace, Number.POSITIVE_INFINITY)
    .filter((e) => Date.parse(e.time) > since)
    .slice(-limit);
  if (format === 'otlp') {
    // Loaded here only: the OpenTelemetry code is the CLI's, for this command.
    const { toOtlpJson } = await import('./otlp');
    process.stdout.write(escapeControl(`${toOtlpJson(entries, normalizePath(workspace), AGENT_GUARD_VERSION)}\n`, 'json'));
    return 0;
  }
  if (format === 'json') {
    process.stdout.write(escapeControl(`${JSON.stringify(entries, null, 2)}\n`, 'json'));
    return 0;
  }
  if (entries.length === 0) {
    process.stdout.write(`no blocked calls recorded in ${LOG_FILE}\n`);
    return 0;
  }
  // Every field is the log's, and the target is a command the agent chose: escaped, one line each.
  const field = (v: unknown) => escapeControl(String(v ?? ''));
  for (const e of entries)
    process.stdout.write(
      `${field(e.time)}  ${field(e.decision).padEnd(e.decision === 'monitor' ? 7 : 4)} ${field(e.guard).padEnd(24)} ${field(e.tool).padEnd(6)} ${escapeControl(
        String(e.target ?? '')
          .replace(/[ \t]+/g, ' ')
          .slice(0, 100),
      )}\n`,
    );
  return 0;
}

function usageError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_PARSE_ARGS_USAGE' });
}

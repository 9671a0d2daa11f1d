// The decision log as OpenTelemetry logs (#32 item 3): `agent-guard log --format otlp` prints
// OTLP/JSON LogsData. Checked three ways: the exact output for known entries; a round trip through
// the protobuf types generated from opentelemetry-proto (shipped in @opentelemetry/otlp-transformer
// 0.214, installed as otlp-proto-oracle): every field of our JSON is a field of
// ExportLogsServiceRequest and survives encode/decode unchanged; and the same records through the
// official protobuf serializer decode to the same request. The hook never loads any of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtobufLogsSerializer } from '@opentelemetry/otlp-transformer';
import { logRecords } from '../cli/otlp';
import type { LogEntry } from '../core/guards/decision-log';

const ROOT = process.env.AGENT_GUARD_ROOT!;
const CLI = join(ROOT, 'dist/cli.cjs');
// biome-ignore lint/suspicious/noExplicitAny: the generated protobuf module has no types here
const proto = require(join(ROOT, 'node_modules/otlp-proto-oracle/build/src/generated/root.js')) as any;
const Request = proto.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

const ENTRIES: LogEntry[] = [
  {
    v: 1,
    time: '2026-12-01T09:30:00.123Z',
    tool: 'Bash',
    guard: 'force-push-protected',
    decision: 'monitor',
    would: 'deny',
    host: 'claude',
    target: 'git push --force origin main',
    reason: 'git push --force to the protected branch main overwrites commits others may have pushed.',
    instead: 'git push --force-with-lease origin main',
    key: 'toolu_01#force-push-protected',
    session: 'sess-1',
  },
  {
    time: '2026-12-01T09:31:00.000Z',
    tool: 'Read',
    guard: 'secret-read',
    decision: 'deny',
    target: '/home/user/project/.env',
    reason: 'Reading .env prints the secret values in .env into the transcript.',
    key: 'h0123456789abcdef',
  },
];

function project(entries: LogEntry[]): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-guard-otlp-')));
  mkdirSync(join(dir, '.claude/agent-guard'), { recursive: true });
  writeFileSync(join(dir, '.claude/agent-guard/decisions.jsonl'), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return dir;
}

const otlp = (dir: string, ...args: string[]) => spawnSync(process.execPath, [CLI, 'log', '--format', 'otlp', ...args, dir], { encoding: 'utf8' });
const str = (stringValue: string) => ({ stringValue });

test('log --format otlp: the exact LogsData of two entries (schema version 1)', () => {
  const dir = project(ENTRIES);
  const r = otlp(dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    resourceLogs: [
      {
        resource: {
          attributes: [
            { key: 'service.name', value: str('agent-guard') },
            { key: 'service.version', value: str('0.1.0') },
            { key: 'agent_guard.project.dir', value: str(dir) },
          ],
          droppedAttributesCount: 0,
        },
        scopeLogs: [
          {
            scope: { name: 'agent-guard.decisions', version: '1' },
            logRecords: [
              {
                timeUnixNano: '1796117400123000000',
                observedTimeUnixNano: '1796117400123000000',
                severityNumber: 9,
                severityText: 'INFO',
                body: str('git push --force to the protected branch main overwrites commits others may have pushed.'),
                eventName: 'agent_guard.decision',
                attributes: [
                  { key: 'agent_guard.decision', value: str('monitor') },
                  { key: 'agent_guard.guard.id', value: str('force-push-protected') },
                  { key: 'gen_ai.tool.name', value: str('Bash') },
                  { key: 'agent_guard.would_decision', value: str('deny') },
                  { key: 'process.command_line', value: str('git push --force origin main') },
                  { key: 'agent_guard.instead', value: str('git push --force-with-lease origin main') },
                  { key: 'gen_ai.agent.name', value: str('claude') },
                  { key: 'session.id', value: str('sess-1') },
                  { key: 'gen_ai.tool.call.id', value: str('toolu_01') },
                ],
                droppedAttributesCount: 0,
              },
              {
                timeUnixNano: '1796117460000000000',
                observedTimeUnixNano: '1796117460000000000',
                severityNumber: 13,
                severityText: 'WARN',
                body: str('Reading .env prints the secret values in .env into the transcript.'),
                eventName: 'agent_guard.decision',
                attributes: [
                  { key: 'agent_guard.decision', value: str('deny') },
                  { key: 'agent_guard.guard.id', value: str('secret-read') },
                  { key: 'gen_ai.tool.name', value: str('Read') },
                  { key: 'file.path', value: str('/home/user/project/.env') },
                  { key: 'gen_ai.tool.call.id', value: str('h0123456789abcdef') },
                ],
                droppedAttributesCount: 0,
              },
            ],
          },
        ],
      },
    ],
  });
  // --since: only what came after (a job that ships the log each hour).
  const later = JSON.parse(otlp(dir, '--since', '2026-12-01T09:30:30Z').stdout);
  assert.deepEqual(
    later.resourceLogs[0].scopeLogs[0].logRecords.map((r: { severityText: string }) => r.severityText),
    ['WARN'],
  );
  assert.match(otlp(dir, '--since', 'yesterday').stderr, /--since takes a time/);
});

/** What OTLP/JSON may leave out (proto3 defaults), so a decoded message and its JSON compare field by field. */
function withoutDefaults(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutDefaults);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (x === 0 || x === '' || x === '0' || (Array.isArray(x) && x.length === 0) || x === undefined) continue;
      out[k] = withoutDefaults(x);
    }
    return out;
  }
  return v;
}

test('round trip through the OTLP protobuf types: every field of the JSON is ExportLogsServiceRequest, and survives encode/decode', () => {
  const dir = project(ENTRIES);
  const json = JSON.parse(otlp(dir).stdout);
  const message = Request.fromObject(json);
  assert.equal(Request.verify(message), null);
  const decoded = Request.toObject(Request.decode(Request.encode(message).finish()), { longs: String, enums: Number });
  // A misspelt field would be dropped by fromObject and missing here.
  assert.deepEqual(withoutDefaults(decoded), withoutDefaults(json));
  // The official binary encoding of the same records decodes to the same request.
  const binary = ProtobufLogsSerializer.serializeRequest(logRecords(ENTRIES, dir, '0.1.0') as never)!;
  const official = Request.toObject(Request.decode(binary), { longs: String, enums: Number });
  assert.deepEqual(withoutDefaults(official), withoutDefaults(json));
});

test('the hook, the language server and the extension do not contain the OpenTelemetry code; the CLI loads it only for --format otlp', () => {
  for (const bundle of ['hook', 'server', 'extension', 'extension-features']) {
    const text = readFileSync(join(ROOT, `dist/${bundle}.cjs`), 'utf8');
    for (const marker of ['resourceLogs', 'JsonLogsSerializer', 'opentelemetry', 'gen_ai.tool.name'])
      assert.equal(text.includes(marker), false, `${bundle}: ${marker}`);
  }
  const cli = readFileSync(join(ROOT, 'dist/cli.cjs'), 'utf8');
  assert.ok(cli.includes('resourceLogs'));
});

test('an empty log is an empty LogsData; json lists every entry', () => {
  const dir = project([]);
  assert.deepEqual(JSON.parse(otlp(dir).stdout), { resourceLogs: [] });
  const full = project(ENTRIES);
  const json = spawnSync(process.execPath, [CLI, 'log', '--format', 'json', full], { encoding: 'utf8' });
  assert.deepEqual(
    JSON.parse(json.stdout).map((e: LogEntry) => e.guard),
    ['force-push-protected', 'secret-read'],
  );
});

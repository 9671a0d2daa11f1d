// The decision log as OpenTelemetry logs: `agent-guard log --format otlp` prints OTLP/JSON
// `LogsData` (an ExportLogsServiceRequest body) that any collector's OTLP/HTTP receiver accepts.
// The mapping is schema version 1, documented in docs/decision-log.md. The encoding is
// OpenTelemetry's own (JsonLogsSerializer from @opentelemetry/otlp-transformer: field names,
// 64-bit times as strings, AnyValue shapes); attribute names are the semantic conventions' where
// one exists (the constants from @opentelemetry/semantic-conventions). Only the CLI loads this
// module, and only for this command: the hook bundle never contains it (test/otlp.test.ts checks).

import { JsonLogsSerializer } from '@opentelemetry/otlp-transformer';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import {
  ATTR_FILE_PATH,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_PROCESS_COMMAND_LINE,
  ATTR_SESSION_ID,
} from '@opentelemetry/semantic-conventions/incubating';
import type { LogEntry } from '../core/guards/decision-log';

/** The version of this mapping (the instrumentation scope's version): a change to it is a new version. */
export const OTLP_SCHEMA_VERSION = '1';
export const OTLP_SCOPE = 'agent-guard.decisions';
export const EVENT_NAME = 'agent_guard.decision';

/** OpenTelemetry's SeverityNumber: a denial is a warning, an ask or a monitored call information. */
const SEVERITY = { deny: { number: 13, text: 'WARN' }, ask: { number: 9, text: 'INFO' }, monitor: { number: 9, text: 'INFO' } } as const;

type HrTime = [number, number];
type Attributes = Record<string, string | number | boolean>;

/** The shape JsonLogsSerializer reads (the SDK's ReadableLogRecord, without what a log file has not). */
export interface LogRecordInput {
  hrTime: HrTime;
  hrTimeObserved: HrTime;
  severityNumber: number;
  severityText: string;
  body: string;
  eventName: string;
  attributes: Attributes;
  droppedAttributesCount: number;
  resource: { attributes: Attributes; schemaUrl?: string };
  instrumentationScope: { name: string; version: string };
}

/** The attributes of one decision (schema version 1). */
export function decisionAttributes(e: LogEntry): Attributes {
  const a: Attributes = {
    'agent_guard.decision': e.decision,
    'agent_guard.guard.id': e.guard,
    [ATTR_GEN_AI_TOOL_NAME]: e.tool,
  };
  if (e.would) a['agent_guard.would_decision'] = e.would;
  // A shell tool's target is its command line (redacted when it was logged); a file tool's is the path.
  if (SHELL_TOOLS.has(e.tool)) a[ATTR_PROCESS_COMMAND_LINE] = e.target;
  else a[ATTR_FILE_PATH] = e.target;
  if (e.instead) a['agent_guard.instead'] = e.instead;
  if (e.host) a[ATTR_GEN_AI_AGENT_NAME] = e.host;
  if (e.session) a[ATTR_SESSION_ID] = e.session;
  // The call's id: the host's tool_use_id, or a hash; a monitor entry's key names its guard after "#".
  if (e.key) a[ATTR_GEN_AI_TOOL_CALL_ID] = e.key.split('#')[0]!;
  return a;
}

const SHELL_TOOLS = new Set(['Bash', 'PowerShell', 'Monitor']);

function hrTime(iso: string): HrTime {
  const ms = Date.parse(iso);
  const t = Number.isNaN(ms) ? 0 : ms;
  return [Math.floor(t / 1000), (t % 1000) * 1_000_000];
}

/**
 * The records of these entries from one project, as the OpenTelemetry SDK hands them to an exporter:
 * one resource (agent-guard, its version, the project's folder), one scope (this mapping and its
 * version), one record per entry.
 */
export function logRecords(entries: readonly LogEntry[], projectDir: string, version: string): LogRecordInput[] {
  const resource = { attributes: { [ATTR_SERVICE_NAME]: 'agent-guard', [ATTR_SERVICE_VERSION]: version, 'agent_guard.project.dir': projectDir } };
  const scope = { name: OTLP_SCOPE, version: OTLP_SCHEMA_VERSION };
  const records: LogRecordInput[] = entries.map((e) => {
    const severity = SEVERITY[e.decision] ?? SEVERITY.deny;
    const t = hrTime(e.time);
    return {
      hrTime: t,
      hrTimeObserved: t,
      severityNumber: severity.number,
      severityText: severity.text,
      body: e.reason,
      eventName: EVENT_NAME,
      attributes: decisionAttributes(e),
      droppedAttributesCount: 0,
      resource,
      instrumentationScope: scope,
    };
  });
  return records;
}

/** The OTLP/JSON LogsData (an ExportLogsServiceRequest) of these entries from one project. */
export function toOtlpJson(entries: readonly LogEntry[], projectDir: string, version: string): string {
  return new TextDecoder().decode(JsonLogsSerializer.serializeRequest(logRecords(entries, projectDir, version) as never));
}

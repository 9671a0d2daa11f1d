// What `agent-guard replay` found, gathered as the calls come in and printed three ways (text for a
// person, JSON, SARIF). Memory is bounded whatever the input: per guard, commands are grouped by
// their text (blanks collapsed) and at most MAX_GROUPS groups are kept; the rest are counted.
// Every command reaching here is already redacted (the worker redacts before it sends).

import type { Outcome, TranscriptKind } from './transcripts';

/** One verdict on one replayed call, as a worker sends it (the command redacted). */
export interface ReplayFinding {
  guard: string;
  decision: 'deny' | 'ask';
  /** The guard is in monitor mode: the hook would have let the call run and logged this. */
  monitor?: boolean;
  tool: string;
  /** The command (redacted) or the file path the call is about. */
  target: string;
  reason: string;
  outcome: Outcome;
  kind: TranscriptKind;
  file: string;
  line: number;
}

export interface CommandGroup {
  tool: string;
  target: string;
  count: number;
  /** How many of them ran without an error in the session (a likely false block), failed, were blocked then, or the transcript does not say. */
  ran: number;
  failed: number;
  blocked: number;
  unknown: number;
  /** The reason the guard gives (for the first of them). */
  reason: string;
  /** Where the first of them is. */
  file: string;
  line: number;
}

export interface GuardSummary {
  id: string;
  deny: number;
  ask: number;
  /** Of deny and ask, how many come from the guard's monitor mode (the call would run, and be logged). */
  monitor: number;
  /** Calls that ran without an error in the session: a likely false block. */
  likelyFalse: number;
  groups: Map<string, CommandGroup>;
  /** Calls whose command did not fit in the kept groups. */
  otherCalls: number;
}

export interface ReplaySummary {
  files: number;
  calls: number;
  sessions: number;
  perHost: Partial<Record<TranscriptKind, number>>;
  /** Lines that were not JSON or not of the format, and files that could not be read (one note each). */
  skippedLines: number;
  notes: string[];
  /** Projects that are no longer on this machine: their calls were judged without the project's files. */
  missingProjects: string[];
  guards: Map<string, GuardSummary>;
  seconds: number;
}

export const MAX_GROUPS = 2000;
const MAX_NOTES = 50;
const MAX_MISSING = 200;

export function emptySummary(): ReplaySummary {
  return { files: 0, calls: 0, sessions: 0, perHost: {}, skippedLines: 0, notes: [], missingProjects: [], guards: new Map(), seconds: 0 };
}

export function addFinding(s: ReplaySummary, f: ReplayFinding): void {
  let g = s.guards.get(f.guard);
  if (!g) {
    g = { id: f.guard, deny: 0, ask: 0, monitor: 0, likelyFalse: 0, groups: new Map(), otherCalls: 0 };
    s.guards.set(f.guard, g);
  }
  g[f.decision]++;
  if (f.monitor) g.monitor++;
  if (f.outcome === 'ran') g.likelyFalse++;
  const target = f.target.replace(/\s+/g, ' ').trim();
  const key = `${f.tool}\0${target}`;
  let group = g.groups.get(key);
  if (!group) {
    if (g.groups.size >= MAX_GROUPS) {
      g.otherCalls++;
      return;
    }
    group = { tool: f.tool, target, count: 0, ran: 0, failed: 0, blocked: 0, unknown: 0, reason: f.reason, file: f.file, line: f.line };
    g.groups.set(key, group);
  }
  group.count++;
  group[f.outcome]++;
}

export function addNote(s: ReplaySummary, note: string): void {
  if (s.notes.length < MAX_NOTES) s.notes.push(note);
}

export function addMissingProject(s: ReplaySummary, dir: string): void {
  if (s.missingProjects.length < MAX_MISSING && !s.missingProjects.includes(dir)) s.missingProjects.push(dir);
}

/** Guards by how many calls they would have stopped (then by id); commands by count (then by text). */
export function ranked(s: ReplaySummary): { guard: GuardSummary; groups: CommandGroup[] }[] {
  return [...s.guards.values()]
    .sort((a, b) => b.deny + b.ask - (a.deny + a.ask) || (a.id < b.id ? -1 : 1))
    .map((guard) => ({
      guard,
      groups: [...guard.groups.values()].sort((a, b) => b.count - a.count || b.ran - a.ran || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0)),
    }));
}

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

export const AS_IT_IS_NOW =
  'Judged as the hook would judge each call now: against each project as it is today (its files, git state, configuration and consent), not as it was then. Nothing was run, written or logged.';

/** The report for a person. `top`: commands shown per guard. */
export function formatText(s: ReplaySummary, top = 10): string {
  const out: string[] = [];
  const hosts = Object.entries(s.perHost)
    .map(([h, c]) => `${h} ${n(c)}`)
    .join(', ');
  const stopped = [...s.guards.values()].reduce((a, g) => a + g.deny + g.ask, 0);
  out.push(
    `Replayed ${plural(s.calls, 'tool call')} from ${plural(s.sessions, 'session')} in ${plural(s.files, 'transcript')}${hosts ? ` (${hosts})` : ''} in ${s.seconds.toFixed(1)} s.`,
  );
  out.push(AS_IT_IS_NOW);
  if (s.missingProjects.length > 0)
    out.push(`${plural(s.missingProjects.length, 'project')} no longer on this machine: their calls were judged without the project's files and git.`);
  out.push('');
  if (stopped === 0) {
    out.push('No guard would have denied or asked about any of these calls.');
  } else {
    for (const { guard: g, groups } of ranked(s)) {
      const what = [g.deny > 0 ? `${n(g.deny)} denied` : '', g.ask > 0 ? `${n(g.ask)} asked` : ''].filter(Boolean).join(', ');
      const mon = g.monitor > 0 ? ` (${n(g.monitor)} in monitor mode: logged, not stopped)` : '';
      const fp = g.likelyFalse > 0 ? `; ${plural(g.likelyFalse, 'likely false block')} (ran without error in the session)` : '';
      out.push(`${g.id}: ${what}${mon}${fp}`);
      for (const c of groups.slice(0, top)) {
        const outcome = [
          c.ran ? `ran ${c.ran}` : '',
          c.failed ? `failed ${c.failed}` : '',
          c.blocked ? `blocked ${c.blocked}` : '',
          c.unknown ? `unknown ${c.unknown}` : '',
        ]
          .filter(Boolean)
          .join(', ');
        out.push(`  ${`${n(c.count)}×`.padStart(6)}  ${c.tool === 'Bash' ? '' : `${c.tool} `}${clip(c.target, 100)}  [${outcome}]`);
      }
      const more = groups.length - Math.min(top, groups.length);
      if (more > 0 || g.otherCalls > 0)
        out.push(`          … and ${plural(more, 'other command')}${g.otherCalls > 0 ? ` (${plural(g.otherCalls, 'more call')} not grouped)` : ''}`);
      out.push('');
    }
    out.push(
      `${plural(stopped, 'call')} would have been denied or asked about. A likely false block ran without error when the agent made it: review those before you turn the guard on (agent-guard allow, or "monitor" for that guard).`,
    );
  }
  if (s.skippedLines > 0) out.push(`${plural(s.skippedLines, 'line')} of the transcripts were not in a known format and were skipped.`);
  for (const note of s.notes) out.push(note);
  return `${out.join('\n')}\n`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The machine-readable report (`--format json`), version 1. */
export interface ReplayReport {
  version: 1;
  judged: string;
  files: number;
  calls: number;
  sessions: number;
  hosts: Partial<Record<TranscriptKind, number>>;
  skippedLines: number;
  missingProjects: string[];
  notes: string[];
  guards: { id: string; deny: number; ask: number; monitor: number; likelyFalseBlocks: number; otherCalls: number; commands: CommandGroup[] }[];
}

export function toJson(s: ReplaySummary): ReplayReport {
  return {
    version: 1,
    judged: AS_IT_IS_NOW,
    files: s.files,
    calls: s.calls,
    sessions: s.sessions,
    hosts: s.perHost,
    skippedLines: s.skippedLines,
    missingProjects: s.missingProjects,
    notes: s.notes,
    guards: ranked(s).map(({ guard: g, groups }) => ({
      id: g.id,
      deny: g.deny,
      ask: g.ask,
      monitor: g.monitor,
      likelyFalseBlocks: g.likelyFalse,
      otherCalls: g.otherCalls,
      commands: groups.map((c) => ({ ...c })),
    })),
  };
}

/** SARIF 2.1.0: one result per guard and command, at the transcript line of its first call. */
export function toSarif(
  s: ReplaySummary,
  version: string,
  guardInfo: (id: string) => { title: string; prevents: string } | undefined,
): Record<string, unknown> {
  const list = ranked(s);
  const rules = list.map(({ guard: g }) => {
    const info = guardInfo(g.id);
    return {
      id: g.id,
      shortDescription: { text: info?.title ?? g.id },
      ...(info ? { fullDescription: { text: `Prevents: ${info.prevents}` } } : {}),
      helpUri: 'https://github.com/agent-guard/agent-guard#guards',
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'agent-guard replay', version, informationUri: 'https://github.com/agent-guard/agent-guard', rules } },
        results: list.flatMap(({ guard: g, groups }, ruleIndex) =>
          groups.map((c) => ({
            ruleId: g.id,
            ruleIndex,
            level: g.ask > 0 && g.deny === 0 ? 'warning' : 'error',
            message: {
              text: `${c.tool === 'Bash' ? c.target : `${c.tool} ${c.target}`} — ${c.count} call${c.count === 1 ? '' : 's'} (ran ${c.ran}, failed ${c.failed}, blocked ${c.blocked}, unknown ${c.unknown}): ${c.reason}`,
            },
            locations: [{ physicalLocation: { artifactLocation: { uri: fileUri(c.file) }, region: { startLine: c.line } } }],
            properties: { count: c.count, ran: c.ran, failed: c.failed, blocked: c.blocked, unknown: c.unknown, likelyFalseBlock: c.ran > 0 },
          })),
        ),
        properties: { judged: AS_IT_IS_NOW, calls: s.calls, files: s.files, sessions: s.sessions },
      },
    ],
  };
}

function fileUri(path: string): string {
  const p = path.replace(/\\/g, '/');
  return `file://${p.startsWith('/') ? '' : '/'}${p.split('/').map(encodeURIComponent).join('/')}`;
}

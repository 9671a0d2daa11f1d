// agent-guard replay [paths…]: the transcripts agents already keep on this machine, through the
// current guard set, as the hook would judge each call now; what each guard would have denied or
// asked, the commands grouped and ranked, and which of them ran without error then (likely false
// blocks). Transcripts are shared out to worker threads (one per core), each reading its files line
// by line; only verdicts travel back, so memory stays bounded however many calls there are.

import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import guards from 'agent-guard:guards';
import { homeDirectory, normalizePath } from '../core/paths';
import { escapeControl } from '../core/terminal';
import { addFinding, addMissingProject, addNote, emptySummary, formatText, toJson, toSarif, type ReplaySummary } from '../core/replay/summary';
import { TRANSCRIPT_HOMES, type TranscriptKind } from '../core/replay/transcripts';
import { Replayer, type FileResult } from './replay-file';

const WORKER_MARK = 'agent-guard-replay-worker';
/** Below this many bytes of transcripts, starting workers costs more than it saves. */
const IN_PROCESS_BYTES = 2 * 1024 * 1024;
const MAX_DEPTH = 8;
const MAX_FILES = 200_000;

interface Options {
  format: 'text' | 'json' | 'sarif';
  top: number;
  jobs: number;
  output?: string;
  progress: boolean;
}

export async function runReplay(rest: string[]): Promise<number> {
  if (!isMainThread && (workerData as { mark?: string } | null)?.mark === WORKER_MARK) return runWorker();
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      host: { type: 'string', multiple: true },
      top: { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      output: { type: 'string', short: 'o' },
      'no-progress': { type: 'boolean' },
      project: { type: 'string' },
    },
  });
  const format = (values.format ?? 'text') as Options['format'];
  if (!['text', 'json', 'sarif'].includes(format)) throw usage('--format takes text, json or sarif');
  const top = values.top === undefined ? 10 : Number(values.top);
  if (!Number.isInteger(top) || top <= 0) throw usage('--top takes a positive whole number');
  // availableParallelism: Node 18.14+; cpus() before it.
  const jobs = values.jobs === undefined ? (os.availableParallelism?.() ?? os.cpus().length) : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs <= 0) throw usage('--jobs takes a positive whole number');
  const hosts = (values.host ?? []).flatMap((h) => h.split(','));
  for (const h of hosts) if (!(h in TRANSCRIPT_HOMES)) throw usage(`--host takes ${Object.keys(TRANSCRIPT_HOMES).join(', ')}`);
  const home = homeDirectory(process.env, os.homedir);
  const project = values.project ? normalizePath(resolve(values.project)) : undefined;
  const started = Date.now();
  const files = positionals.length > 0 ? findFiles(positionals.map((p) => resolve(p))) : defaultFiles(home, hosts as TranscriptKind[]);
  const summary = emptySummary();
  for (const note of files.notes) addNote(summary, note);
  const opts: Options = {
    format,
    top,
    jobs,
    progress: !values['no-progress'] && process.stderr.isTTY === true,
    ...(values.output ? { output: values.output } : {}),
  };
  const sessions = new Set<string>();
  const merge = (r: FileResult) => {
    // With --project, a transcript of another project is read but not counted.
    if (project && r.calls === 0 && r.notes.length === 0) return;
    summary.files++;
    summary.calls += r.calls;
    if (r.kind) summary.perHost[r.kind] = (summary.perHost[r.kind] ?? 0) + r.calls;
    for (const s of r.sessions) if (sessions.size < 1_000_000) sessions.add(s);
    summary.skippedLines += r.skippedLines;
    for (const f of r.findings) addFinding(summary, f);
    for (const n of r.notes) addNote(summary, n);
    for (const d of r.missingProjects) addMissingProject(summary, d);
  };
  const bar = opts.progress ? progressBar(files.total) : null;
  const workers = files.total < IN_PROCESS_BYTES ? 0 : Math.min(opts.jobs, files.list.length);
  if (workers <= 1) {
    const replayer = new Replayer(process.env, home, project);
    for (const f of files.list) {
      merge(replayer.replayFile(f.path, (n) => bar?.add(n, 0)));
      bar?.add(0, 1, summary.calls);
    }
  } else {
    await inWorkers(
      files.list,
      workers,
      { home, ...(project ? { project } : {}) },
      (r) => {
        merge(r);
        bar?.add(0, 1, summary.calls);
      },
      (n) => bar?.add(n, 0),
    );
  }
  bar?.done();
  summary.sessions = sessions.size;
  summary.seconds = (Date.now() - started) / 1000;
  return print(summary, opts, positionals.length === 0 && files.list.length === 0 ? home : null);
}

function usage(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_PARSE_ARGS_USAGE' });
}

function print(summary: ReplaySummary, opts: Options, noneFoundUnder: string | null): number {
  let text: string;
  if (opts.format === 'json') text = escapeControl(`${JSON.stringify(toJson(summary), null, 2)}\n`, 'json');
  else if (opts.format === 'sarif') {
    const info = (id: string) => guards.find((g) => g.id === id);
    text = escapeControl(`${JSON.stringify(toSarif(summary, AGENT_GUARD_VERSION, info), null, 2)}\n`, 'json');
  } else if (noneFoundUnder !== null)
    text = `no transcripts found under ${Object.values(TRANSCRIPT_HOMES)
      .map((h) => `~/${h.dir}`)
      .join(', ')} (give their paths: agent-guard replay <file|folder>…)\n`;
  else text = escapeControl(formatText(summary, opts.top), 'text');
  if (opts.output) writeFileSync(opts.output, text);
  else process.stdout.write(text);
  return 0;
}

interface FileList {
  list: { path: string; size: number }[];
  total: number;
  notes: string[];
}

/** The transcripts each host keeps under the home folder (all hosts, or those named with --host). */
function defaultFiles(home: string, hosts: TranscriptKind[]): FileList {
  const out: FileList = { list: [], total: 0, notes: [] };
  const kinds = hosts.length > 0 ? hosts : (Object.keys(TRANSCRIPT_HOMES) as TranscriptKind[]);
  for (const kind of kinds) walk(join(home, TRANSCRIPT_HOMES[kind].dir), out, 0, TRANSCRIPT_HOMES[kind].match);
  return sorted(out);
}

/** Files named, and the transcripts (*.jsonl) in folders named. */
function findFiles(paths: string[]): FileList {
  const out: FileList = { list: [], total: 0, notes: [] };
  for (const p of paths) {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch {
      out.notes.push(`${p} does not exist; skipped`);
      continue;
    }
    if (st.isDirectory()) walk(p, out, 0, /\.jsonl$/);
    else if (st.isFile()) add(out, p, st.size);
    else out.notes.push(`${p} is not a file or a folder; skipped`);
  }
  return sorted(out);
}

function walk(dir: string, out: FileList, depth: number, match: RegExp): void {
  if (depth > MAX_DEPTH || out.list.length >= MAX_FILES) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const p = join(dir, name);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p); // links are not followed: a transcript folder is the host's own
    } catch {
      continue;
    }
    if (st.isDirectory()) walk(p, out, depth + 1, match);
    else if (st.isFile() && match.test(normalizePath(p))) add(out, p, st.size);
  }
}

function add(out: FileList, path: string, size: number): void {
  if (out.list.length >= MAX_FILES) return;
  out.list.push({ path: normalizePath(path), size });
  out.total += size;
}

/** Largest first, so no worker is left with one big file at the end; then by path, so runs are repeatable. */
function sorted(f: FileList): FileList {
  f.list.sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : 1));
  return f;
}

type ToWorker = { path: string } | { stop: true };
type FromWorker = { done: FileResult } | { bytes: number } | { ready: true };

function inWorkers(
  files: { path: string }[],
  count: number,
  where: { home: string; project?: string },
  onResult: (r: FileResult) => void,
  onBytes: (n: number) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let next = 0;
    let running = count;
    // The same file as this process (the CLI bundle); the worker runs the replay command's worker side.
    const script = __filename;
    for (let i = 0; i < count; i++) {
      const w = new Worker(script, { argv: ['replay'], workerData: { mark: WORKER_MARK, ...where }, stdout: false, stderr: false });
      const feed = () => {
        if (next < files.length) w.postMessage({ path: files[next++]!.path } satisfies ToWorker);
        else {
          w.postMessage({ stop: true } satisfies ToWorker);
        }
      };
      w.on('message', (m: FromWorker) => {
        if ('ready' in m) feed();
        else if ('bytes' in m) onBytes(m.bytes);
        else {
          onResult(m.done);
          feed();
        }
      });
      w.on('error', reject);
      w.on('exit', () => {
        if (--running === 0) resolvePromise();
      });
    }
  });
}

/** The worker side: judge each file it is sent, send back what was found. */
function runWorker(): Promise<number> {
  const port = parentPort!;
  const where = workerData as { home: string; project?: string };
  const replayer = new Replayer(process.env, where.home, where.project);
  let pendingBytes = 0;
  port.on('message', (m: ToWorker) => {
    if ('stop' in m) {
      port.close();
      return;
    }
    const result = replayer.replayFile(m.path, (n) => {
      pendingBytes += n;
      if (pendingBytes >= 4 * 1024 * 1024) {
        port.postMessage({ bytes: pendingBytes } satisfies FromWorker);
        pendingBytes = 0;
      }
    });
    if (pendingBytes > 0) port.postMessage({ bytes: pendingBytes } satisfies FromWorker);
    pendingBytes = 0;
    port.postMessage({ done: result } satisfies FromWorker);
  });
  port.postMessage({ ready: true } satisfies FromWorker);
  return new Promise(() => undefined);
}

/** A one-line progress bar on stderr (a terminal only), redrawn at most ten times a second. */
function progressBar(totalBytes: number): { add(bytes: number, files: number, calls?: number): void; done(): void } {
  let bytes = 0;
  let files = 0;
  let calls = 0;
  let last = 0;
  const draw = () => {
    const frac = totalBytes > 0 ? Math.min(1, bytes / totalBytes) : 1;
    const width = 24;
    const filled = Math.round(frac * width);
    process.stderr.write(
      `\r\u001b[2Kreplay [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round(frac * 100)
        .toString()
        .padStart(3)}%  ${files.toLocaleString('en-US')} transcripts, ${calls.toLocaleString('en-US')} calls`,
    );
  };
  return {
    add(b, f, c) {
      bytes += b;
      files += f;
      if (c !== undefined) calls = c;
      const now = Date.now();
      if (now - last >= 100) {
        last = now;
        draw();
      }
    },
    done() {
      process.stderr.write('\r\u001b[2K');
    },
  };
}

// Interpreter code that names one of Agent Guard's files and writes at paths it computes when it
// runs, or makes a FIFO where the hook reads (moved out of guards/guard-tamper.ts).
import type { GuardContext } from '../types';
import { trimSlashes } from '../hook-settings';
import { relativeTo, resolvePath } from '../../paths';
import { interpreterCode, type Invocation } from '../../shell/analyze';
import { literals } from '../../effects/literals';
import { readCode } from '../../shell/interpreters';
import { all, isSettings, type Layout } from './layout';
import { hookReads, type Hit } from './hits';
import { namesOnly } from '../../programs/table';

/**
 * Interpreter calls that write, copy, move, delete or link a file, per language: `first` writes the
 * path in its first argument, `second` in its second (copies, moves, links). Python's and Ruby's
 * `open` write only with a w/a/x/+ mode. With code that also names one of Agent Guard's files, such
 * a call whose path argument is computed at run time (`open(p, 'w')`, `copyFileSync(src, dir + f)`)
 * may write that file. Binding a Unix socket creates its file (`sock.bind(p)`, `server.listen(p)`, `UNIXServer.new(p)`).
 */
const WRITE_CALLS: Record<string, { first: RegExp; second: RegExp }> = {
  python: {
    first: /\b(?:open|os\.(?:remove|unlink|truncate|mkfifo|mknod|chmod)|shutil\.rmtree|Unix(?:Stream|Datagram)Server)\s*\(|\.bind\s*\(/g,
    second: /\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace|symlink|link))\s*\(/g,
  },
  js: {
    first: /\b(?:writeFile|appendFile|createWriteStream|truncate|unlink|rm|rmdir|chmod|writeTextFile)(?:Sync)?\s*\(|\.listen\s*\(/g,
    second: /\b(?:copyFile|cp|rename|symlink|link)(?:Sync)?\s*\(/g,
  },
  ruby: {
    first: /\b(?:File\.(?:write|open|delete|unlink|chmod|mkfifo)|UNIXServer\.(?:new|open))\s*\(/g,
    second: /\b(?:File\.(?:rename|symlink)|FileUtils\.(?:cp\w*|mv|ln\w*))\s*\(/g,
  },
  php: { first: /\b(?:file_put_contents|fopen|unlink|chmod|posix_mkfifo)\s*\(/g, second: /\b(?:copy|rename|symlink)\s*\(/g },
};
namesOnly(WRITE_CALLS);

/** The top-level arguments of the call whose `(` ends at `at` (bounded: 400 characters). */
function callArgs(code: string, at: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (let i = at; i < code.length && i < at + 400; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') {
        cur += c + (code[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        out.push(cur.trim());
        return out;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** A literal path, or a number (a port: `server.listen(8080)`; a descriptor). */
const LITERAL_ARG = /^(['"])[^'"]*\1$|^`[^`$]*`$|^\d+$/;

/** Does the code write (copy, move, delete, link) a path it computes at run time? */
function computedWrite(lang: string, code: string): boolean {
  const calls = WRITE_CALLS[lang];
  if (!calls) return false;
  for (const [re, index] of [
    [calls.first, 0],
    [calls.second, 1],
  ] as const) {
    for (const m of code.matchAll(re)) {
      const args = callArgs(code, m.index! + m[0].length);
      if (/\bopen\s*\($/.test(m[0]) && !args.slice(1).some((a) => /^(?:mode\s*=\s*)?['"][^'"]*[wax+]/.test(a))) continue;
      const path = args[index];
      if (path !== undefined && path !== '' && !LITERAL_ARG.test(path)) return true;
    }
  }
  return false;
}

/** A FIFO or device node made by interpreter code at a literal path: os.mkfifo('x'), File.mkfifo('x'), posix_mkfifo('x'). */
const MKFIFO_CALL = /\b(?:mkfifo|mknod)\s*\(\s*(['"])([^'"\n]{1,400})\1/g;

/** The program text an invocation runs: a one-liner or heredoc, or the script file it names (read, never run). */
function programText(inv: Invocation, ctx: GuardContext): { lang: string; code: string; file: boolean } | null {
  const one = interpreterCode(inv);
  if (one) return { ...one, file: false };
  const lang = SCRIPT_LANGS[inv.program] ?? (/^python3?(\.\d+)?$/.test(inv.program) ? 'python' : undefined);
  if (!lang || !inv.cwd) return null;
  const args = inv.args.filter((a) => a.known !== null && !a.known.startsWith('-') && a.known !== 'run');
  const file = args[0]?.known;
  if (!file || !/\.(?:[cm]?[jt]s|py|rb|pl|php)$/.test(file)) return null;
  const code = ctx.readText(resolvePath(inv.cwd, file, ctx.home), 256 * 1024);
  return code === null ? null : { lang, code, file: true };
}
const HOME_REFERENCE = /\bhomedir\b|\bexpanduser\b|\bHOME\b|['"`]~\//;
const SCRIPT_LANGS: Record<string, string> = { node: 'js', bun: 'js', deno: 'js', tsx: 'js', 'ts-node': 'js', ruby: 'ruby', perl: 'perl', php: 'php' };
namesOnly(SCRIPT_LANGS);

/** Code that names one of Agent Guard's files (as a string, or as pieces joined into one) and writes somewhere it computes. */
export function codeTamper(inv: Invocation, l: Layout, ctx: GuardContext): { hit: Hit; fifo: boolean } | null {
  const program = programText(inv, ctx);
  if (!program) return null;
  const { lang, code, file } = program;
  const base = inv.cwd ?? ctx.projectDir;
  for (const m of code.matchAll(MKFIFO_CALL)) {
    const path = resolvePath(base, m[2]!, ctx.home);
    if (hookReads(path, l, ctx)) return { hit: { path, settings: isSettings(l, path) }, fifo: true };
  }
  if (!computedWrite(lang, code)) return null;
  // The program's own arguments too (`ruby -e 'File.write(ARGV[0], …)' .claude/settings.json`).
  const argv = inv.args.flatMap((a) => (a.known !== null && !a.known.startsWith('-') && a.known.length < 400 ? [a.known] : []));
  const texts = [...literals(code).map((x) => x.text), ...readCode(lang, code).strings, ...argv];
  // path.join(os.homedir(), '.cache', 'agent-guard'): the pieces, joined as the path they make.
  const joined = `/${texts.join('/')}/`;
  // A script file is tooling that often builds other workspaces (`join(tmp, '.claude/settings.json')`):
  // there only the guard's places under home outside .claude count, with the code reaching for home.
  if (file && !HOME_REFERENCE.test(code)) return null;
  for (const p of all(l)) {
    const fromHome = relativeTo(ctx.home, p);
    const fromProject = file ? null : relativeTo(ctx.projectDir, p);
    const tails = [fromProject, fromHome].filter((t): t is string => !!t && t.includes('/') && (!file || !t.startsWith('.claude/')));
    if (tails.some((t) => joined.includes(`/${t}/`) || texts.some((x) => trimSlashes(x).endsWith(t) || x.includes(`${t}/`))))
      return { hit: { path: p, settings: isSettings(l, p) }, fifo: false };
  }
  return null;
}

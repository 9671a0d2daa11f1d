// PowerShell and cmd.exe command lines, translated into the POSIX equivalent the guards already
// understand: `Remove-Item -Recurse -Force C:\` becomes `rm -r -f 'C:/'`, `iex (iwr URL)` becomes
// `sh -c "$(curl URL)"`, `rd /s /q %USERPROFILE%` becomes `rm -r -f ~`. Commands we do not map pass
// through unchanged (an external `git push --force` is the same in every shell).
// The translation only has to be faithful for what guards look at: program, flags, paths, pipes.

import { UNTRANSLATED } from './ast';

const MAX_DEPTH = 8;
/** Where translation gave up: a command the POSIX analysis reads as "incomplete" (see UNTRANSLATED). */
const GAVE_UP = ` ; ${UNTRANSLATED} ; `;
/** PowerShell commands this long do not occur in practice; past this the command is not analysed. */
const MAX_INPUT = 64 * 1024;

/**
 * Work budget shared by one translation and its recursion ($( ), ( ), { }, nested pwsh -c): each
 * character scanned costs one unit, so the whole translation stays linear in its input however
 * the brackets nest or fail to close. What is left when it runs out is not translated.
 */
let budget = 0;

/** Alias or cmdlet (lower case) → canonical cmdlet. */
const ALIASES: Record<string, string> = {
  rm: 'remove-item',
  del: 'remove-item',
  erase: 'remove-item',
  rd: 'remove-item',
  rmdir: 'remove-item',
  ri: 'remove-item',
  'remove-item': 'remove-item',
  cat: 'get-content',
  gc: 'get-content',
  type: 'get-content',
  'get-content': 'get-content',
  sls: 'select-string',
  'select-string': 'select-string',
  iwr: 'invoke-webrequest',
  irm: 'invoke-webrequest',
  curl: 'invoke-webrequest',
  wget: 'invoke-webrequest',
  'invoke-webrequest': 'invoke-webrequest',
  'invoke-restmethod': 'invoke-webrequest',
  iex: 'invoke-expression',
  'invoke-expression': 'invoke-expression',
  cp: 'copy-item',
  copy: 'copy-item',
  cpi: 'copy-item',
  'copy-item': 'copy-item',
  mv: 'move-item',
  move: 'move-item',
  mi: 'move-item',
  'move-item': 'move-item',
  'set-content': 'set-content',
  sc: 'set-content',
  'add-content': 'set-content',
  ac: 'set-content',
  'out-file': 'set-content',
  'format-volume': 'format-volume',
  'clear-disk': 'format-volume',
  'stop-computer': 'stop-computer',
  'restart-computer': 'restart-computer',
  'get-childitem': 'get-childitem',
  gci: 'get-childitem',
  ls: 'get-childitem',
  dir: 'get-childitem',
  'start-process': 'start-process',
  saps: 'start-process',
  start: 'start-process',
};

/** Is this word a PowerShell cmdlet we translate (used when PowerShell arrives labelled as Bash)? */
export function isPowerShellCmdlet(word: string): boolean {
  return /^[A-Z][a-z]+-[A-Z][A-Za-z]+$/.test(word) && word.toLowerCase() in ALIASES;
}

interface Tok {
  /** POSIX text for this token (already quoted where needed). */
  text: string;
  /** The bare value, when it is a literal. */
  value: string | null;
}

function q(s: string): string {
  return /^[A-Za-z0-9_/.,:=@%+~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** PowerShell path and variable spellings → POSIX: backslashes, $env:USERPROFILE, $HOME, ~. */
function psPath(s: string): string {
  return s
    .replace(/^\$(?:env:)?(?:USERPROFILE|HOME)\b/i, '~')
    .replace(/^\$env:HOMEDRIVE\$env:HOMEPATH\b/i, '~')
    .replace(/\\/g, '/');
}

export function translatePowerShell(input: string, depth = 0): string {
  if (depth === 0) budget = 8 * Math.min(input.length, MAX_INPUT) + 4096;
  const src = depth === 0 ? input.slice(0, MAX_INPUT) : input;
  if (depth > MAX_DEPTH || budget <= 0) return GAVE_UP;
  const cut = depth === 0 && input.length > MAX_INPUT;
  budget -= src.length;
  const out: string[] = [];
  let i = 0;
  let words: Tok[] = [];
  const flush = (sep: string) => {
    if (words.length > 0) out.push(translatePsCommand(words, depth));
    words = [];
    if (sep) out.push(sep);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      flush('; ');
      i++;
      continue;
    }
    if (src.startsWith('&&', i) || src.startsWith('||', i)) {
      flush(` ${src.slice(i, i + 2)} `);
      i += 2;
      continue;
    }
    if (c === '|') {
      flush(' | ');
      i++;
      continue;
    }
    if (c === '&') {
      // `& cmd` is the call operator; `cmd &` runs it in the background: a separator.
      if (words.length > 0) flush(' ; ');
      i++;
      continue;
    }
    if (c === ')' || c === '}') {
      i++; // a stray closer: step over it
      continue;
    }
    if (c === '(' || c === '{' || (c === '@' && (src[i + 1] === '(' || src[i + 1] === '{')) || (c === '$' && src[i + 1] === '(')) {
      const open = c === '@' || c === '$' ? src[i + 1]! : c;
      const start = c === '@' || c === '$' ? i + 1 : i;
      const end = matching(src, start, open, open === '(' ? ')' : '}');
      const inner = src.slice(start + 1, end);
      words.push({ text: `"$(${translatePowerShell(inner, depth + 1)})"`, value: null });
      i = end + 1;
      continue;
    }
    // a word, possibly with quoted parts
    const wordStart = i;
    let text = '';
    let value: string | null = '';
    while (i < src.length && !/[\s;|()&{}]/.test(src[i]!)) {
      const ch = src[i]!;
      if (ch === "'") {
        let s = '';
        i++;
        while (i < src.length) {
          if (src[i] === "'" && src[i + 1] === "'") {
            s += "'";
            i += 2;
          } else if (src[i] === "'") break;
          else s += src[i++];
        }
        i++;
        text += q(psPath(s));
        if (value !== null) value += s;
      } else if (ch === '"') {
        let s = '';
        let dynamic = false;
        i++;
        while (i < src.length && src[i] !== '"') {
          if (src[i] === '`' && i + 1 < src.length) {
            s += src[i + 1];
            i += 2;
          } else if (src[i] === '$' && src[i + 1] === '(') {
            const end = matching(src, i + 1, '(', ')');
            s += `$(${translatePowerShell(src.slice(i + 2, end), depth + 1)})`;
            dynamic = true;
            i = end + 1;
          } else {
            if (src[i] === '$') dynamic = true;
            s += src[i++];
          }
        }
        i++;
        const p = psPath(s);
        text += dynamic ? `"${p.replace(/\$env:/gi, '$').replace(/"/g, '\\"')}"` : q(p);
        value = dynamic ? null : value !== null ? value + s : null;
      } else if (ch === '`' && i + 1 < src.length) {
        text += q(src[i + 1]!);
        if (value !== null) value += src[i + 1];
        i += 2;
      } else if (ch === '$') {
        const m = /^\$(?:env:)?[A-Za-z_][A-Za-z0-9_:]*/.exec(src.slice(i))!;
        const v = m ? m[0] : '$';
        const home = /^\$(?:env:)?(USERPROFILE|HOME)$/i.test(v);
        text += home ? '~' : v.replace(/^\$env:/i, '$');
        value = null;
        i += v.length;
      } else {
        // Anything else up to the next special character (a lone trailing backtick included).
        const m = /^[^\s;|()&{}'"`$]+/.exec(src.slice(i))?.[0] ?? src[i]!;
        text += m.replace(/\\/g, '/');
        if (value !== null) value += m;
        i += m.length;
      }
    }
    if (i === wordStart) {
      i++; // nothing consumed: never loop on input we do not understand
      continue;
    }
    if (value !== null) words.push({ text: q(psPath(value)), value });
    else words.push({ text, value: null });
  }
  flush('');
  if (cut || (depth === 0 && budget <= 0)) out.push(GAVE_UP);
  return out.join('');
}

function matching(src: string, start: number, open: string, close: string): number {
  let level = 0;
  for (let i = start; i < src.length; i++) {
    if (--budget <= 0) return src.length;
    const c = src[i];
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) return src.length;
      i = end;
      continue;
    }
    if (c === open) level++;
    else if (c === close && --level === 0) return i;
  }
  return src.length;
}

/** Named parameters PowerShell accepts by unambiguous prefix, case-insensitively. */
function param(word: string, name: string, min = 2): boolean {
  const w = word.toLowerCase();
  return w.startsWith('-') && w.length - 1 >= min && name.toLowerCase().startsWith(w.slice(1));
}

function translatePsCommand(words: Tok[], depth: number): string {
  const head = words[0]!;
  const name = head.value !== null ? ALIASES[head.value.toLowerCase().replace(/\.exe$/, '')] : undefined;
  const args = words.slice(1);
  const rest = () => args.map((a) => a.text).join(' ');
  const positional = (valueParams: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.value?.startsWith('-')) {
        const named = ['Path', 'LiteralPath', 'FilePath', 'Uri'].some((n) => param(a.value!, n));
        if (named && args[i + 1]) {
          out.push(...splitList(args[++i]!));
          continue;
        }
        if (valueParams.some((n) => param(a.value!, n))) i++;
        continue;
      }
      out.push(...splitList(a));
    }
    return out;
  };
  const has = (n: string, min = 2) => args.some((a) => a.value !== null && param(a.value, n, min));
  switch (name) {
    case 'remove-item': {
      const flags = `${has('Recurse', 1) ? ' -r' : ''}${has('Force', 1) ? ' -f' : ''}`;
      return `rm${flags} -- ${positional(['Include', 'Exclude', 'Filter']).join(' ')}`.trim();
    }
    case 'get-content':
      return `cat -- ${positional(['TotalCount', 'Tail', 'Encoding', 'Delimiter', 'ReadCount']).join(' ')}`.trim();
    case 'select-string': {
      const pi = args.findIndex((a) => a.value !== null && param(a.value, 'Pattern'));
      const pattern = pi >= 0 ? (args[pi + 1]?.text ?? 'x') : 'x';
      return `grep ${pattern} ${positional(['Pattern', 'Encoding', 'Context']).slice(1).join(' ')}`.trim();
    }
    case 'invoke-webrequest':
      return `curl ${positional(['OutFile', 'Method', 'Headers', 'Body', 'ContentType', 'UserAgent']).join(' ')}${has('OutFile') ? ' -o out' : ''}`;
    case 'invoke-expression':
      return args.length > 0 ? `sh -c ${args.map((a) => a.text).join(' ')}` : 'sh';
    case 'copy-item':
      return `cp ${has('Recurse', 1) ? '-r ' : ''}${positional(['Destination', 'Filter']).join(' ')} ${destination(args)}`.trim();
    case 'move-item':
      return `mv ${positional(['Destination', 'Filter']).join(' ')} ${destination(args)}`.trim();
    case 'set-content':
      return `tee ${positional(['Value', 'Encoding', 'InputObject']).slice(0, 1).join(' ')}`;
    case 'format-volume':
      return `mkfs ${rest()}`;
    case 'stop-computer':
      return 'shutdown';
    case 'restart-computer':
      return 'reboot';
    case 'get-childitem':
      return `ls ${rest()}`;
    case 'start-process': {
      const file = positional(['ArgumentList', 'WorkingDirectory', 'Verb', 'WindowStyle'])[0] ?? '';
      const list = args.findIndex((a) => a.value !== null && param(a.value, 'ArgumentList'));
      const verbAs = args.some((a, i) => a.value !== null && param(a.value, 'Verb') && /^runas$/i.test(args[i + 1]?.value ?? ''));
      return `${verbAs ? 'sudo ' : ''}${file} ${
        list >= 0
          ? args
              .slice(list + 1)
              .map((a) => a.text)
              .join(' ')
          : ''
      }`.trim();
    }
    default: {
      const prog = head.value !== null ? head.value.replace(/\\/g, '/') : head.text;
      const lower = (head.value ?? '').toLowerCase().replace(/\.exe$/, '');
      if ((lower === 'powershell' || lower === 'pwsh') && depth < MAX_DEPTH) {
        const cmdIdx = args.findIndex((a) => a.value !== null && (param(a.value, 'Command', 1) || a.value === '-c'));
        if (cmdIdx >= 0)
          return translatePowerShell(
            args
              .slice(cmdIdx + 1)
              .map((a) => a.value ?? a.text)
              .join(' '),
            depth + 1,
          );
      }
      if (lower === 'cmd' && depth < MAX_DEPTH) {
        const c = args.findIndex((a) => /^\/[ck]$/i.test(a.value ?? ''));
        if (c >= 0)
          return translateCmd(
            args
              .slice(c + 1)
              .map((a) => a.value ?? a.text)
              .join(' '),
            depth + 1,
          );
      }
      return [q(prog), ...args.map((a) => a.text)].join(' ');
    }
  }
}

function splitList(t: Tok): string[] {
  if (t.value === null || !t.value.includes(',')) return [t.text];
  return t.value
    .split(',')
    .filter(Boolean)
    .map((s) => q(psPath(s)));
}

function destination(args: Tok[]): string {
  const i = args.findIndex((a) => a.value !== null && param(a.value, 'Destination'));
  return i >= 0 && args[i + 1] ? args[i + 1]!.text : '';
}

// ---- cmd.exe ----

export function translateCmd(input: string, depth = 0): string {
  if (depth > MAX_DEPTH) return GAVE_UP;
  const src = input.slice(0, MAX_INPUT);
  if (input.length > MAX_INPUT) return `${translateCmd(src, depth)}${GAVE_UP}`;
  const parts = src.split(/(&&|\|\||&|\|)/);
  return parts
    .map((p) => {
      if (p === '&') return '; ';
      if (p === '&&' || p === '||' || p === '|') return ` ${p} `;
      return translateCmdCommand(p.trim(), depth);
    })
    .join('');
}

function cmdWords(s: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push((m[1] ?? m[2]!).replace(/\^(.)/g, '$1'));
  return out;
}

function cmdPath(s: string): string {
  return s
    .replace(/%(USERPROFILE|HOME|HOMEPATH)%/gi, '~')
    .replace(/%([A-Za-z_][A-Za-z0-9_]*)%/g, '$$$1')
    .replace(/\\/g, '/');
}

function translateCmdCommand(s: string, depth: number): string {
  const words = cmdWords(s);
  if (words.length === 0) return '';
  const [head, ...args] = words;
  const cmd = head!.toLowerCase().replace(/\.exe$/, '');
  const switches = new Set(args.filter((a) => a.startsWith('/')).map((a) => a.toLowerCase()));
  const paths = args.filter((a) => !a.startsWith('/')).map((a) => q(cmdPath(a)));
  const quoted = (p: string) => (p.startsWith("'") || !p.includes('$') ? p : `"${p}"`);
  switch (cmd) {
    case 'rd':
    case 'rmdir':
      return `rm${switches.has('/s') ? ' -r' : ''}${switches.has('/q') ? ' -f' : ''} -- ${paths.map(quoted).join(' ')}`;
    case 'del':
    case 'erase':
      return `rm${switches.has('/s') ? ' -r' : ''}${switches.has('/q') || switches.has('/f') ? ' -f' : ''} -- ${paths.map(quoted).join(' ')}`;
    case 'type':
      return `cat -- ${paths.map(quoted).join(' ')}`;
    case 'copy':
    case 'xcopy':
      return `cp ${paths.map(quoted).join(' ')}`;
    case 'move':
      return `mv ${paths.map(quoted).join(' ')}`;
    case 'format':
      return `mkfs ${paths.join(' ')}`;
    case 'powershell':
    case 'pwsh': {
      const i = args.findIndex((a) => /^-(c|command)$/i.test(a));
      return i >= 0 ? translatePowerShell(args.slice(i + 1).join(' '), depth + 1) : `${head} ${paths.join(' ')}`;
    }
    case 'cmd': {
      const i = args.findIndex((a) => /^\/[ck]$/i.test(a));
      return i >= 0 ? translateCmd(args.slice(i + 1).join(' '), depth + 1) : '';
    }
    default:
      return [q(cmdPath(head!)), ...args.map((a) => (a.startsWith('/') ? q(a) : quoted(q(cmdPath(a)))))].join(' ');
  }
}

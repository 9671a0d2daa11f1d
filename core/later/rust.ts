// A Cargo build script (build.rs) read as the commands it runs: cargo compiles and runs it before
// every build (cargo build, test, check; rust-analyzer when the project opens). The operations that
// matter are few and named in the standard library, so they are data (RUST_OPERATIONS): a tree or a
// file deleted (`std::fs::remove_dir_all(P)`), a process started (`Command::new("sh").arg("-c")
// .arg("…")`, `.args([…])`). Each becomes the shell command that does the same, with the home
// directory (`std::env::var("HOME")`, `home_dir()`) as "$HOME", and is judged as one. An argument
// the script computes otherwise is left out (the text is written, not run: what it cannot show
// does not make the write unsafe). Linear: one pass per operation.

/** The standard-library calls a build script does damage with, as the shell command of each. */
export const RUST_OPERATIONS: { call: RegExp; shell: (words: string[]) => string; example: string }[] = [
  { call: /\bremove_dir_all\s*\(/g, shell: (w) => `rm -rf ${w.join(' ')}`, example: 'std::fs::remove_dir_all("/")' },
  { call: /\bremove_file\s*\(/g, shell: (w) => `rm -f ${w.join(' ')}`, example: 'std::fs::remove_file("Cargo.lock")' },
];

const q = (t: string) => (t === '"$HOME"' || t.startsWith('"$HOME"/') ? t : /^[A-Za-z0-9_/.,:=@%+-]+$/.test(t) ? t : `'${t.replace(/'/g, `'\\''`)}'`);

/** The string a Rust expression stands for, when it is a literal or the home directory (joined with literals); else null. */
function value(expr: string): string | null {
  const e = expr.trim().replace(/^&/, '');
  const lit = /^r?#*"((?:[^"\\]|\\.)*)"#*$/.exec(e);
  if (lit) return q(lit[1]!.replace(/\\(.)/g, '$1'));
  if (/\b(?:env::var(?:_os)?\s*\(\s*"HOME"\s*\)|home_dir\s*\(\s*\))/.test(e)) {
    const joins = [...e.matchAll(/\.join\s*\(\s*"([^"\\]*)"\s*\)/g)].map((m) => m[1]!);
    return ['"$HOME"', ...joins].join('/');
  }
  return null;
}

/** The text of the balanced parentheses that open at `at` (bounded), or null. */
function parenthesised(text: string, at: number): { inner: string; end: number } | null {
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length && i < at + 4000; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { inner: text.slice(at + 1, i), end: i + 1 };
  }
  return null;
}

/** The shell commands a build script's code runs. */
export function rustCommands(code: string): string[] {
  const out: string[] = [];
  for (const op of RUST_OPERATIONS) {
    for (const m of code.matchAll(op.call)) {
      const p = parenthesised(code, m.index! + m[0].length - 1);
      const v = p ? value(p.inner) : null;
      if (v) out.push(op.shell([v]));
    }
  }
  // Command::new("prog") and the .arg(…)/.args([…]) chained on it: one command line.
  for (const m of code.matchAll(/\bCommand::new\s*\(/g)) {
    const p = parenthesised(code, m.index! + m[0].length - 1);
    const prog = p ? value(p.inner) : null;
    if (!p || !prog) continue;
    const words = [prog];
    let i = p.end;
    for (;;) {
      const next = /^\s*\.\s*(arg|args|env|current_dir|stdin|stdout|stderr)\s*\(/.exec(code.slice(i, i + 200));
      if (!next) break;
      const a = parenthesised(code, i + next[0].length - 1);
      if (!a) break;
      if (next[1] === 'arg') words.push(value(a.inner) ?? 'computed-argument');
      else if (next[1] === 'args')
        for (const item of a.inner
          .trim()
          .replace(/^&?(?:vec!)?\[/, '')
          .replace(/\]$/, '')
          .split(','))
          if (item.trim()) words.push(value(item) ?? 'computed-argument');
      i = a.end;
    }
    out.push(words.join(' '));
  }
  return out;
}

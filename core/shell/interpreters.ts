// Shell commands hidden in interpreter one-liners: python -c "os.system('rm -rf ~')",
// perl -e "system(q{rm -rf ~})", node -e "require('child_process').execSync('…')".
// Only the arguments of shell-out calls are returned; other strings in the code are data.

const SHELL_OUT: Record<string, RegExp> = {
  python: /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput)\s*\(\s*/g,
  js: /\b(?:execSync|exec|spawnSync|spawn|execFileSync|execFile)\s*\(\s*/g,
  perl: /(?:\bsystem|\bexec|\bqx)\s*\(?\s*/g,
  ruby: /(?:\bsystem|\bexec|\bspawn|IO\.popen|%x)\s*\(?\s*/g,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(\s*/g,
  r: /\bsystem2?\s*\(\s*/g,
  lua: /\bos\.execute\s*\(\s*/g,
};

const MAX_CODE = 64 * 1024;

export function shellStringsInCode(lang: string, code: string): string[] {
  const re = SHELL_OUT[lang];
  if (!re || code.length > MAX_CODE) return [];
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(code); m && out.length < 32; m = re.exec(code)) {
    const at = m.index + m[0].length;
    if (code[at] === '[') {
      const items: string[] = [];
      let pos = at + 1;
      while (pos < code.length) {
        while (/[\s,]/.test(code[pos] ?? '')) pos++;
        const lit = readLiteral(code, pos);
        if (!lit) break;
        items.push(lit.text);
        pos = lit.end;
      }
      if (items.length > 0) out.push(items.join(' '));
    } else {
      const lit = readLiteral(code, at);
      if (lit) out.push(lit.text);
    }
  }
  // Backticks run a shell in perl, ruby and php.
  if (lang === 'perl' || lang === 'ruby' || lang === 'php') {
    for (const bt of code.matchAll(/`([^`]{1,4096})`/g)) out.push(bt[1]!);
  }
  return out;
}

const PAIRS: Record<string, string> = { '{': '}', '(': ')', '[': ']', '<': '>' };

/** A string literal at `pos`: '…', "…", perl q{…}/qq{…}/q(…), ruby %x{…}/%q{…}. */
function readLiteral(code: string, pos: number): { text: string; end: number } | null {
  let p = pos;
  let open = code[p];
  if (open === 'q' || open === '%') {
    const m = /^(?:qq|qx|q|%x|%q|%Q)([{([</|!])/.exec(code.slice(p, p + 4));
    if (!m) return null;
    p += m[0].length - 1;
    open = m[1]!;
  }
  if (open === undefined) return null;
  const close = PAIRS[open] ?? open;
  if (!(open in PAIRS) && open !== "'" && open !== '"' && open !== '/' && open !== '|' && open !== '!') return null;
  let text = '';
  let depth = 0;
  for (let i = p + 1; i < code.length; i++) {
    const c = code[i]!;
    if (c === '\\' && i + 1 < code.length) {
      const n = code[i + 1]!;
      text += n === 'n' ? '\n' : n === 't' ? '\t' : n;
      i++;
      continue;
    }
    if (c === open && close !== open) depth++;
    else if (c === close) {
      if (depth === 0) return { text, end: i + 1 };
      depth--;
    }
    text += c;
  }
  return null;
}

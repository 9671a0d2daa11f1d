// String literals of interpreter code, in order, adjacent ones joined across concatenation: what
// code.ts and destroy.ts read a one-liner's paths, hosts and statements from. Linear.

export interface Literal {
  text: string;
  start: number;
  end: number;
}

/** String literals in order, with adjacent ones joined across `+` / `.` concatenation. Linear. */
export function literals(code: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c !== '"' && c !== "'" && c !== '`') {
      i++;
      continue;
    }
    let text = '';
    let j = i + 1;
    for (; j < code.length && code[j] !== c; j++) {
      if (code[j] === '\\' && j + 1 < code.length) j++;
      text += code[j];
    }
    const lit = { text, start: i, end: j + 1 };
    const prev = out[out.length - 1];
    if (prev && /^\s*[+.]\s*$/.test(code.slice(prev.end, i))) {
      prev.text += text;
      prev.end = lit.end;
    } else out.push(lit);
    i = j + 1;
  }
  return out;
}

// CI configuration read as the commands it runs: GitHub Actions workflows and composite actions
// (`run:`), GitLab CI (`script:`, `before_script:`, `after_script:`), CircleCI (`run:`, `command:`),
// Azure Pipelines (`script:`, `bash:`), Bitbucket Pipelines and Travis (`script:`, `install:`, …).
// Line-based over the subset of YAML these keys use (an inline, quoted or block scalar, or a list
// of them), like the other YAML places: the hook loads no YAML parser. Secrets are made visible to
// the shell analysis by name: `${{ secrets.NAME }}` becomes `${NAME}`, and a variable an `env:`
// mapping binds to a secret (`KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}`) is read as that secret
// when its own name does not already say it is one. Other `${{ … }}` expressions are a plain word.
// One linear pass to collect the mappings, one to take the commands out.

import { work } from '../work';
import { isSecretVariableName } from '../secrets';
import { DEFAULT_KEY_HOSTS } from '../config';
import { allowedHosts } from '../guards/key-hosts';

/** Keys whose value is a command line (or a list of them) in one of the CI systems. */
const COMMAND_KEYS = new Set([
  'run',
  'command',
  'script',
  'before_script',
  'after_script',
  'bash',
  'install',
  'before_install',
  'after_success',
  'after_failure',
]);

const KEY_LINE = /^(\s*)(-[ \t]+)?([A-Za-z_][\w-]*)[ \t]*:(?:[ \t](.*))?$/;
const ITEM_LINE = /^(\s*)-[ \t](.*)$/;
const SECRET_EXPR = /\$\{\{\s*secrets\.([A-Za-z_]\w*)\s*\}\}/;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A scalar written inline: quotes removed ('' and \" escapes), a plain one up to a ` #` comment. */
function inlineScalar(text: string): string {
  const t = text.trim();
  if (t.startsWith("'") && t.endsWith("'") && t.length >= 2) return t.slice(1, -1).replace(/''/g, "'");
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  const hash = t.search(/\s#/);
  return hash < 0 ? t : t.slice(0, hash).trimEnd();
}

/** A block scalar (`|`, `>`, with chomping or indent indicators) from line `from`: its text and the next line after it. */
function blockScalar(lines: string[], from: number, parentIndent: number, folded: boolean): { text: string; next: number } {
  const body: string[] = [];
  let indent = -1;
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      body.push('');
      continue;
    }
    const n = indentOf(line);
    if (n <= parentIndent) break;
    if (indent < 0) indent = n;
    body.push(line.slice(Math.min(indent, n)));
  }
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  // Folded: the lines of a paragraph are joined by spaces, paragraphs by line breaks.
  const text = folded ? body.join('\n').replace(/([^\n])\n(?=[^\n])/g, '$1 ') : body.join('\n');
  return { text, next: i };
}

/** The value of `key:` at `at` (inline text `rest`): its command texts and the next line to read. */
function valueAt(lines: string[], at: number, keyIndent: number, rest: string | undefined): { texts: string[]; next: number } {
  const r = rest?.trim() ?? '';
  if (/^[|>][-+0-9]*(\s+#.*)?$/.test(r)) {
    const b = blockScalar(lines, at + 1, keyIndent, r.startsWith('>'));
    return { texts: [b.text], next: b.next };
  }
  if (r !== '' && !r.startsWith('#')) {
    // A flow list of scalars: [a, "b"] (no nesting).
    if (r.startsWith('[') && r.endsWith(']')) return { texts: r.slice(1, -1).split(',').map(inlineScalar).filter(Boolean), next: at + 1 };
    return { texts: [inlineScalar(r)], next: at + 1 };
  }
  // A list of commands under the key (GitLab and Bitbucket indent it at or below the key).
  const texts: string[] = [];
  let i = at + 1;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trim().startsWith('#')) {
      i++;
      continue;
    }
    const m = ITEM_LINE.exec(line);
    if (!m || indentOf(line) < keyIndent) break;
    const n = indentOf(line);
    const item = m[2]!.trimStart();
    if (/^[|>][-+0-9]*$/.test(item.trim())) {
      const b = blockScalar(lines, i + 1, n, item.trim().startsWith('>'));
      texts.push(b.text);
      i = b.next;
      continue;
    }
    // `- run: …` inside a list is a key of a mapping item, read when the outer loop reaches it.
    if (/^[A-Za-z_][\w-]*\s*:(\s|$)/.test(item)) break;
    texts.push(inlineScalar(item));
    i++;
  }
  return { texts, next: i };
}

/** Every variable an env-like mapping binds to a secret: `AWS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}` → AWS_KEY → AWS_SECRET_ACCESS_KEY. */
function secretBindings(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines) {
    const m = KEY_LINE.exec(line);
    const s = m?.[4] ? SECRET_EXPR.exec(m[4]) : null;
    if (m && s && out.size < 256) out.set(m[3]!, s[1]!);
  }
  return out;
}

/** The name a secret is read under: its own when that says it is a secret, else NAME_SECRET. */
const secretName = (name: string) => (isSecretVariableName(name) ? name : `${name}_SECRET`);

/**
 * The name a variable bound to a secret is read under: the one whose service is known (the key's
 * own hosts), else the one that says it is a secret, the variable's before the secret's.
 */
function boundName(variable: string, secret: string): string {
  const known = (n: string) => allowedHosts(n, DEFAULT_KEY_HOSTS) !== null;
  if (known(variable)) return variable;
  if (known(secret)) return secret;
  return isSecretVariableName(variable) ? variable : secretName(secret);
}

/** What an expression stands for in the shell text: a secret or variable by name, else a plain word. */
function expression(inner: string): { variable: string } | { word: string } {
  const e = inner.trim();
  const secret = /^secrets\.([A-Za-z_]\w*)$/.exec(e);
  if (secret) return { variable: secretName(secret[1]!) };
  if (e === 'github.token') return { variable: 'GITHUB_TOKEN' };
  const env = /^env\.([A-Za-z_]\w*)$/.exec(e);
  if (env) return { variable: env[1]! };
  return { word: 'ci-expression' };
}

/**
 * A command text with the CI system's `${{ … }}` expressions made shell. The CI system replaces them
 * as text before the shell runs, quotes or not, so inside single quotes a variable is spliced in
 * (`'a'"${X}"'b'`). Variables bound to a secret by an env mapping are read as that secret.
 */
function asShell(text: string, bindings: Map<string, string>): string {
  let out = '';
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '$' && text.startsWith('${{', i)) {
      const end = text.indexOf('}}', i + 3);
      if (end > 0 && end - i < 400) {
        const x = expression(text.slice(i + 3, end));
        out += 'word' in x ? x.word : quote === "'" ? `'"\${${x.variable}}"'` : `\${${x.variable}}`;
        i = end + 1;
        continue;
      }
    }
    if (c === '\\' && quote !== "'") {
      out += text.slice(i, i + 2);
      i++;
      continue;
    }
    if ((c === "'" || c === '"') && (quote === null || quote === c)) quote = quote === null ? c : null;
    out += c;
  }
  if (bindings.size === 0) return out;
  return out.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (m, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare!;
    const secret = bindings.get(name);
    return secret ? `\${${boundName(name, secret)}}` : m;
  });
}

/**
 * The values of the given keys in a YAML text (the same subset: an inline, quoted or block scalar, or
 * a list of them), in order, with the line each key is on. For other tools' YAML (Taskfile's cmds).
 */
export function yamlValues(lines: string[], keys: ReadonlySet<string>): { text: string; key: string; line: number }[] {
  const out: { text: string; key: string; line: number }[] = [];
  for (let i = 0; i < lines.length; ) {
    work();
    const m = KEY_LINE.exec(lines[i]!);
    if (!m || !keys.has(m[3]!)) {
      i++;
      continue;
    }
    const keyIndent = m[1]!.length + (m[2]?.length ?? 0);
    const v = valueAt(lines, i, keyIndent, m[4]);
    for (const t of v.texts) if (t.trim() !== '') out.push({ text: t, key: m[3]!, line: i });
    i = Math.max(v.next, i + 1);
  }
  return out;
}

/** Command steps read from one CI file; past them the rest is unseen (and the file unanalysable). */
export const MAX_CI_STEPS = 2048;

/**
 * The command texts of a CI configuration file, in order. Past MAX_CI_STEPS, one last entry with
 * `unseen` stands for the steps not read: the caller must not take the file as seen whole.
 */
export function ciCommands(text: string): { text: string; key: string; unseen?: true }[] {
  const lines = text.split(/\r?\n/);
  const bindings = secretBindings(lines);
  const out: { text: string; key: string; unseen?: true }[] = [];
  for (let i = 0; i < lines.length; ) {
    const m = KEY_LINE.exec(lines[i]!);
    if (!m || !COMMAND_KEYS.has(m[3]!)) {
      i++;
      continue;
    }
    if (out.length >= MAX_CI_STEPS) {
      out.push({ text: `it has more than ${MAX_CI_STEPS} command steps`, key: m[3]!, unseen: true });
      break;
    }
    // `- run: x` in a list: the key sits after the dash.
    const keyIndent = m[1]!.length + (m[2]?.length ?? 0);
    const v = valueAt(lines, i, keyIndent, m[4]);
    for (const t of v.texts) if (t.trim() !== '') out.push({ text: asShell(t, bindings), key: m[3]! });
    i = Math.max(v.next, i + 1);
  }
  return out;
}

/** CI configuration files by path (relative to the project). */
export const CI_FILE =
  /^(?:\.github\/workflows\/[^/]+\.ya?ml|(?:\.github\/actions\/[^/]+\/)?action\.ya?ml|\.gitlab-ci\.ya?ml|\.gitlab\/ci\/[^/]+\.ya?ml|\.circleci\/config\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|\.travis\.ya?ml)$/;

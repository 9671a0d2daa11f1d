import { defineGuard, type Denial, type GuardContext } from '../core/guards/types';
import { consumersOf, flags, outputRedirected, parseGit, runs, secretArg, secretPath, shq } from '../core/guards/helpers';
import { interpreterCode, type Invocation, type ShellAnalysis } from '../core/shell/analyze';
import { isSecretVariableName, type SecretKind } from '../core/secrets';
import { relativeTo, resolvePath } from '../core/paths';

/** Programs that print (or encode) the contents of the files they are given. */
const READERS = new Set([
  'cat', 'tac', 'less', 'more', 'most', 'head', 'tail', 'nl', 'od', 'xxd', 'hexdump', 'hd', 'strings', 'base64', 'base32', 'basenc',
  'bat', 'batcat', 'view', 'sed', 'awk', 'gawk', 'mawk', 'nawk', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'cut', 'sort', 'uniq',
  'paste', 'column', 'fold', 'fmt', 'pr', 'rev', 'expand', 'unexpand', 'tr', 'diff', 'sdiff', 'colordiff', 'jq', 'yq', 'dotenv',
  'openssl', 'iconv', 'dd', 'tee', 'comm', 'join', 'look', 'zcat', 'type', 'Get-Content', 'gc',
]);

export default defineGuard({
  id: 'secret-read',
  title: 'No printing of secret files or secret variables into the transcript',
  prevents: 'cat .env "just to see which variables exist" puts every value into the transcript, which is stored, synced and pasted into bug reports.',
  tools: ['Bash', 'Monitor', 'PowerShell', 'Read', 'Grep'],
  check(call, ctx) {
    if (call.tool === 'Read' && call.path) {
      const hit = secretPath(call.path, ctx);
      return hit ? fileDenial(`Reading ${display(hit.path, ctx)}`, hit.path, hit.kind, ctx) : null;
    }
    if (call.tool === 'Grep') {
      if (!call.path || call.input.output_mode !== 'content') return null;
      const hit = secretPath(call.path, ctx);
      return hit ? fileDenial(`Grep with output_mode "content" on ${display(hit.path, ctx)}`, hit.path, hit.kind, ctx) : null;
    }
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const d = judge(inv, ctx, analysis);
      if (d) return d;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'cat .env' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .env | head -5' } },
      { tool_name: 'Bash', tool_input: { command: '< .env cat' } },
      { tool_name: 'Bash', tool_input: { command: 'head -n 3 config/.env.production' } },
      { tool_name: 'Bash', tool_input: { command: 'grep SECRET_KEY .env' } },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "print(open('.env').read())"` } },
      { tool_name: 'Bash', tool_input: { command: 'source .env && echo $SECRET_KEY' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env /tmp/e.txt && cat /tmp/e.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'git show HEAD:.env' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.aws/credentials' } },
      { tool_name: 'Bash', tool_input: { command: 'printenv | grep -i token' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .e*' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .en?' } },
      { tool_name: 'Bash', tool_input: { command: 'cat "$(echo .env)"' } },
      { tool_name: 'Bash', tool_input: { command: 'tac .env' } },
      { tool_name: 'Bash', tool_input: { command: 'awk 1 .env' } },
      { tool_name: 'Bash', tool_input: { command: 'base64 .env' } },
      { tool_name: 'Bash', tool_input: { command: 'git diff --no-index /dev/null .env' } },
      { tool_name: 'Bash', tool_input: { command: 'find . -name .env -exec cat {} \\;' } },
      { tool_name: 'Bash', tool_input: { command: 'docker compose config' } },
      { tool_name: 'Bash', tool_input: { command: 'cat $HOME/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/../.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $GITHUB_TOKEN' } },
      { tool_name: 'Bash', tool_input: { command: 'env' } },
      { tool_name: 'Read', tool_input: { file_path: '.env' } },
      { tool_name: 'Read', tool_input: { file_path: 'config/.env.production' } },
      { tool_name: 'Read', tool_input: { file_path: '/home/user/.ssh/id_rsa' } },
      { tool_name: 'Grep', tool_input: { pattern: 'SECRET', path: '.env', output_mode: 'content' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'grep -o "^[A-Z_]*=" .env' }, note: 'names only: the suggested alternative' },
      { tool_name: 'Bash', tool_input: { command: 'cat .env.example' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -r password docs/' } },
      { tool_name: 'Bash', tool_input: { command: 'set -a && source .env && npm run dev' }, note: 'loads without printing' },
      { tool_name: 'Bash', tool_input: { command: 'ls -la ~/.ssh' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env.example .env' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -c API_KEY .env' } },
      { tool_name: 'Bash', tool_input: { command: 'printenv | cut -d= -f1' } },
      { tool_name: 'Bash', tool_input: { command: 'env | grep -i path' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "$GITHUB_TOKEN" | gh auth login --with-token' } },
      { tool_name: 'Bash', tool_input: { command: 'docker compose config --no-interpolate' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -l -f ~/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'env NODE_ENV=test npm test' } },
      { tool_name: 'Bash', tool_input: { command: '[ -n "$GITHUB_TOKEN" ] && echo "GITHUB_TOKEN is set"' } },
      { tool_name: 'Read', tool_input: { file_path: '.env.example' } },
      { tool_name: 'Read', tool_input: { file_path: 'src/environment.ts' } },
      { tool_name: 'Read', tool_input: { file_path: 'secret_santa.py' } },
      { tool_name: 'Read', tool_input: { file_path: 'i18n/translation.key' } },
      { tool_name: 'Grep', tool_input: { pattern: 'SECRET', path: '.env' }, note: 'files_with_matches (the default) prints no values' },
    ],
  },
});

function judge(inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Denial | null {
  // < .env anything
  for (const r of inv.redirects) {
    if ((r.op === '<' || r.op === '<>') && r.target && (r.fd === null || r.fd === 0)) {
      const hit = secretArg(inv, r.target, ctx, analysis);
      if (hit && !namesOnly(inv)) return fileDenial(`Feeding ${display(hit.path, ctx)} to ${inv.program || 'a command'}`, hit.path, hit.kind, ctx);
    }
  }
  const p = inv.program;
  if (READERS.has(p) && !namesOnly(inv)) {
    const f = flags(inv.args, ['-e', '-f', '-n', '-c', '-d', '-m', '-A', '-B', '-C', '-F', '-v']);
    for (const arg of f.positional) {
      const hit = secretArg(inv, arg, ctx, analysis);
      if (hit) return fileDenial(`${p} ${arg.word.raw}`, hit.path, hit.kind, ctx);
    }
  }
  const git = parseGit(inv, ctx.home);
  if (git) {
    const d = judgeGit(inv, git.sub, git.args.map((a) => a.known), ctx);
    if (d) return d;
  }
  if ((p === 'source' || p === '.') && inv.args[0]) {
    const hit = secretArg(inv, inv.args[0], ctx, analysis);
    const printer = hit ? analysis.invocations.find((o) => analysis.invocations.indexOf(o) > analysis.invocations.indexOf(inv) && printsEnvironment(o)) : undefined;
    if (hit && printer) {
      return {
        reason: `Loading ${display(hit.path, ctx)} and then printing variables (${printer.program}) puts secret values into the transcript. Load it only for the process that needs it, and check names, not values.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', inv.args[0].known ?? '.env'),
      };
    }
  }
  const code = interpreterCode(inv);
  if (code && /open\s*\(|read_?text|readFile|read\(|readlines|File\.(read|open)|IO\.read|file_get_contents|fopen|slurp|Get-Content/.test(code.code)) {
    for (const lit of code.code.matchAll(/(['"])([^'"\n]{1,200})\1/g)) {
      const path = inv.cwd ? resolvePath(inv.cwd, lit[2]!, ctx.home) : null;
      const hit = path ? secretPath(path, ctx) : null;
      if (hit) return fileDenial(`${p} code that opens ${display(hit.path, ctx)}`, hit.path, hit.kind, ctx);
    }
  }
  if ((p === 'env' || p === 'printenv') && !inv.wrapper) {
    const names = inv.args.filter((a) => !(a.known ?? '').startsWith('-'));
    if (p === 'printenv' && names.length > 0) {
      const secret = names.find((n) => n.known !== null && isSecretVariableName(n.known));
      if (secret && !outputRedirected(inv) && consumersOf(inv, analysis).length === 0) {
        return { reason: `printenv ${secret.known} prints a secret value into the transcript. Check that it is set, not what it is.`, instead: `[ -n "$${secret.known}" ] && echo "${secret.known} is set"` };
      }
      return null;
    }
    const consumers = consumersOf(inv, analysis);
    if (names.length === 0 && !outputRedirected(inv) && (consumers.length === 0 || !consumers.every(safeEnvConsumer))) {
      return { reason: `${p} prints every environment variable, tokens and keys included, into the transcript. List the names only.`, instead: 'printenv | cut -d= -f1' };
    }
  }
  if ((p === 'echo' || p === 'printf') && !outputRedirected(inv) && consumersOf(inv, analysis).length === 0) {
    for (const a of inv.args) {
      for (const part of a.word.parts) {
        if (part.type === 'param' && isSecretVariableName(part.name) && ['', ':-', '-', ':=', '='].includes(part.op)) {
          return { reason: `${p} $${part.name} prints a secret value into the transcript. Check that it is set, not what it is.`, instead: `[ -n "$${part.name}" ] && echo "${part.name} is set"` };
        }
      }
    }
  }
  if ((p === 'docker' && inv.args[0]?.known === 'compose' && inv.args[1]?.known === 'config') || (p === 'docker-compose' && inv.args[0]?.known === 'config')) {
    const rest = inv.args.map((a) => a.known ?? '');
    if (!rest.some((a) => ['--no-interpolate', '--services', '--volumes', '--images', '--profiles', '--networks', '--hash', '-q', '--quiet', '--format'].includes(a.split('=')[0]!))) {
      return {
        reason: 'docker compose config prints the compose file with every ${VAR} from .env substituted, secrets included.',
        instead: p === 'docker' ? 'docker compose config --no-interpolate' : 'docker-compose config --no-interpolate',
      };
    }
  }
  return null;
}

function judgeGit(inv: Invocation, sub: string, args: (string | null)[], ctx: GuardContext): Denial | null {
  const cwd = inv.cwd;
  if (!cwd) return null;
  const check = (pathText: string, what: string): Denial | null => {
    const hit = secretPath(resolvePath(cwd, pathText, ctx.home), ctx);
    return hit ? fileDenial(what, hit.path, hit.kind, ctx) : null;
  };
  if (sub === 'show' || sub === 'cat-file') {
    for (const a of args) {
      const m = a ? /^[^:\s-][^:\s]*:(.+)$/.exec(a) : null;
      if (m) {
        const d = check(m[1]!, `git ${sub} ${a}`);
        if (d) return d;
      }
    }
  }
  if ((sub === 'diff' && args.includes('--no-index')) || sub === 'blame' || sub === 'annotate') {
    for (const a of args) {
      if (!a || a.startsWith('-')) continue;
      const d = check(a, `git ${sub} ${a}`);
      if (d) return d;
    }
  }
  return null;
}

/** grep -o "^[A-Z_]*=", grep -c/-l/-q, cut -f1, awk '{print $1}': only names or counts come out. */
function namesOnly(inv: Invocation): boolean {
  const known = inv.args.map((a) => a.known ?? '');
  const p = inv.program;
  if (['grep', 'egrep', 'fgrep', 'rg'].includes(p)) {
    const f = flags(inv.args, ['-e', '-f', '-m', '-A', '-B', '-C']);
    if (f.short.has('c') || f.short.has('l') || f.short.has('L') || f.short.has('q') || f.long.has('--count') || f.long.has('--files-with-matches') || f.long.has('--quiet')) return true;
    if (f.short.has('o') || f.long.has('--only-matching')) {
      const pattern = f.positional[0]?.known ?? '';
      return !/\.|\\S|\\w|\[\^/.test(pattern);
    }
    return false;
  }
  if (p === 'cut') return known.some((a) => /^(-f|--fields=?)1$/.test(a) || a === '-f1') || (known.includes('-f') && known[known.indexOf('-f') + 1] === '1');
  if (p === 'awk' || p === 'gawk') {
    const prog = known.find((a) => a.includes('print'));
    return prog !== undefined && /print \$1\b/.test(prog) && !/\$([2-9]|0|NF)/.test(prog);
  }
  if (p === 'wc' || p === 'sha256sum' || p === 'md5sum' || p === 'stat') return true;
  return false;
}

function printsEnvironment(inv: Invocation): boolean {
  if ((inv.program === 'echo' || inv.program === 'printf') && inv.args.some((a) => a.word.parts.some((p) => p.type === 'param'))) return true;
  if ((inv.program === 'env' || inv.program === 'printenv') && !inv.wrapper) return true;
  if ((inv.program === 'set' || inv.program === 'export') && inv.args.length === 0) return true;
  return false;
}

function safeEnvConsumer(inv: Invocation): boolean {
  if (namesOnly(inv)) return true;
  if (['grep', 'egrep', 'rg'].includes(inv.program)) {
    const pattern = flags(inv.args, ['-e', '-m']).positional[0]?.known ?? '';
    return pattern !== '' && !isSecretVariableName(pattern.toUpperCase()) && !/key|token|secret|pass|auth|cred/i.test(pattern);
  }
  return false;
}

function display(path: string, ctx: GuardContext): string {
  const rel = relativeTo(ctx.projectDir, path);
  if (rel !== null && rel !== '') return rel;
  const inHome = relativeTo(ctx.home, path);
  return inHome !== null ? `~/${inHome}` : path;
}

function fileDenial(what: string, path: string, kind: SecretKind, ctx: GuardContext): Denial {
  const shown = display(path, ctx);
  const target = shown.startsWith('~/') ? shown : relativeTo(ctx.projectDir, path) !== null ? shown : path;
  switch (kind) {
    case 'dotenv':
    case 'configured':
      return {
        reason: `${what} prints the secret values in ${shown} into the transcript, where they are stored and shared. To see which variables exist, list the names only.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', target),
      };
    case 'private-key':
      return {
        reason: `${what} prints a private key into the transcript; anyone who reads the transcript can then use it. To identify the key, show its fingerprint.`,
        instead: shq('ssh-keygen', '-l', '-f', target),
      };
    case 'cloud-credentials':
      return { reason: `${what} prints cloud credentials into the transcript. To see which profile and keys are configured (masked), ask the CLI.`, instead: 'aws configure list' };
    case 'token-file':
      return { reason: `${what} prints access tokens into the transcript. Check that a login works (e.g. npm whoami, gh auth status) instead of reading the token.` };
  }
}


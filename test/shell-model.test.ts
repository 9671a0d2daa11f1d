// The command model of core/shell, pinned construct by construct: what parseShell makes of a line
// (lists, pipelines, compounds, words, redirects, heredocs) and what analyzeShell makes of that
// (every program that would run, its argv as far as the line determines it, its working
// directory, redirects, stdin, and how it was reached). A parser or analysis change shows up here
// as "the model of X changed", not as "guard Y example Z failed".
//
// Notation, one line per invocation, in the order analyzeShell reports them:
//   [via > via] argv…  @cwd (only when not the start directory; @? when unknowable)
//   argv words: known text (JSON-quoted when it has a space or is empty); ⟨…⟩ when not known:
//   ⟨$X ifUnset="…"⟩ names the variables the line never sets, ⟨opaque⟩ a never-empty unknown.
//   then, when present: `> target` redirects, `stdin="…"`, `from=<program>`, `roots=…` (find's
//   starting points), `wrapper`, `dynamic`. (What an unknown value can plausibly be, Value.possible,
//   is pinned by the guards' examples and test/soundness.test.ts, not here.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeShell } from '../core/shell/analyze';
import { OPAQUE, type Invocation, type Value } from '../core/shell/model';
import { parseShell } from '../core/shell/parse';
import type { Command, Redirect, Script, Word, WordPart } from '../core/shell/ast';

const HOME = '/home/user';
const START = '/home/user/project';

function text(s: string): string {
  return s === '' || /[\s"]/.test(s) ? JSON.stringify(s) : s;
}

function value(v: Value): string {
  if (v.known !== null) return text(v.known);
  if (v.ifUnset === OPAQUE) return '⟨opaque⟩';
  const vars = v.unsetVars.map((n) => `$${n} `).join('');
  return `⟨${vars}ifUnset=${JSON.stringify(v.ifUnset.replaceAll(OPAQUE, '…'))}⟩`;
}

function line(i: Invocation): string {
  const out = [i.via.length ? `[${i.via.join(' > ')}]` : '', i.argv.map(value).join(' ')];
  if (i.cwd !== START) out.push(`@${i.cwd ?? '?'}`);
  for (const r of i.redirects) out.push(`${r.fd ?? ''}${r.op} ${r.target ? value(r.target) : '(body)'}`);
  if (i.stdinText !== null) out.push(`stdin=${JSON.stringify(i.stdinText)}`);
  if (i.pipeFrom) out.push(`from=${i.pipeFrom.program}`);
  if (i.findRoots) out.push(`roots=${i.findRoots.map(value).join(',')}`);
  if (i.wrapper) out.push('wrapper');
  if (i.dynamicScript) out.push('dynamic');
  return out.filter((s) => s !== '').join(' ');
}

function model(command: string, cwd = START): string[] {
  return analyzeShell(command, { cwd, home: HOME }).invocations.map(line);
}

// ---- parseShell: the syntax tree ----

function part(p: WordPart): string {
  switch (p.type) {
    case 'lit':
      return p.quoted ? `'${p.text}'` : p.text;
    case 'param':
      return `\${${p.name}${p.op}${p.arg ? word(p.arg) : ''}}${p.quoted ? 'q' : ''}`;
    case 'cmdsub':
      return `$(${script(p.script)})`;
    case 'procsub':
      return `${p.dir}(${script(p.script)})`;
    case 'arith':
      return '$((…))';
  }
}

function word(w: Word): string {
  return w.parts.map(part).join('');
}

function redirect(r: Redirect): string {
  const body = r.heredoc ? `[${JSON.stringify(r.heredoc.body)}${r.heredoc.expands ? '' : ' literal'}]` : '';
  return `${r.fd ?? ''}${r.op}${r.target ? word(r.target) : ''}${body}`;
}

function command(c: Command): string {
  switch (c.type) {
    case 'simple':
      return [...c.assigns.map((a) => `${a.name}${a.append ? '+=' : '='}${word(a.value)}`), ...c.words.map(word), ...c.redirects.map(redirect)].join(' ');
    case 'subshell':
      return [`( ${script(c.body)} )`, ...c.redirects.map(redirect)].join(' ');
    case 'group':
      return [`{ ${script(c.body)} }`, ...c.redirects.map(redirect)].join(' ');
    case 'function':
      return `${c.name}() ${command(c.body)}`;
  }
}

function script(s: Script): string {
  return (
    s.items.map((it) => it.pipeline.commands.map(command).join(' | ') + (it.op === '' ? '' : ` ${JSON.stringify(it.op).slice(1, -1)}`)).join(' ') +
    (s.limit ? ` …cut short (${s.limit})` : '')
  );
}

test('parse: lists keep their operators, pipelines their commands', () => {
  assert.equal(script(parseShell('a; b && c || d & e\nf')), 'a ; b && c || d & e \\n f');
  assert.equal(script(parseShell('a | b | c')), 'a | b | c');
});

test('parse: quoting marks literal text, and each expansion is its own part', () => {
  assert.equal(script(parseShell(`echo 'a b' "x $HOME y" \\* $'t\\n'`)), "echo 'a b' 'x '${HOME}q' y' '*' 't\n'");
  assert.equal(script(parseShell('rm -rf ${DIR:?} ${X:-/tmp} $((1+2))')), 'rm -rf ${DIR:?} ${X:-/tmp} $((…))');
  assert.equal(script(parseShell('echo $(ls `pwd`) <(ls)')), 'echo $(ls $(pwd)) <(ls)');
});

test('parse: assignments, redirects and heredocs', () => {
  assert.equal(script(parseShell('A=1 B+=2 cmd >out 2>&1 <in >>log')), 'A=1 B+=2 cmd >out 2>&1 <in >>log');
  assert.equal(script(parseShell("cat <<EOF\nhi $X\nEOF\ncat <<'END'\n$Y\nEND")), `cat <<EOF["hi $X"] \\n cat <<'END'["$Y" literal] \\n`);
  assert.equal(script(parseShell('cat <<-EOF\n\tindented\n\tEOF')), 'cat <<-EOF["indented"] \\n');
  assert.equal(script(parseShell('grep x <<< "$v"')), 'grep x <<<${v}q');
});

test('parse: subshells, groups and functions are compounds with their own bodies', () => {
  assert.equal(script(parseShell('(cd a && ls) > out; { b; c; } 2>/dev/null')), '( cd a && ls ) >out ; { b ; c ; } 2>/dev/null');
  assert.equal(script(parseShell('f() { rm -rf "$1"; }; f x')), 'f() { rm -rf ${1}q ; } ; f x');
});

test('parse: control-flow keywords are skipped so the commands inside are seen', () => {
  assert.equal(script(parseShell('if true; then rm -rf x; fi')), 'true ; rm -rf x ; ');
  // A for header is not a command: its list is dropped and the loop variable stays unknown.
  assert.equal(script(parseShell('for f in a b; do rm "$f"; done')), ' ; rm ${f}q ; ');
});

test("parse: [[ … ]] is one command: its && || ( ) < > are the test's own operators", () => {
  assert.equal(script(parseShell('[[ -z "$R" || "$R" == */*/* ]] && gh issue list')), '[[ -z ${R}q || ${R}q == */*/* ]] && gh issue list');
  assert.equal(script(parseShell('[[ ( $a < $b ) && ! -f x ]] || rm -rf y')), '[[ ( ${a} < ${b} ) && ! -f x ]] || rm -rf y');
  assert.equal(script(parseShell('[[ -n $(rm -rf z) ]]')), '[[ -n $(rm -rf z) ]]');
  assert.equal(script(parseShell('[[ a ==\n b ]]; c')), '[[ a == b ]] ; c');
});

test('parse: nesting beyond the cap is cut short and says so', () => {
  const deep = `${'$('.repeat(40)}ls${')'.repeat(40)}`;
  assert.match(script(parseShell(deep)), /…cut short \(nesting\)$/);
  assert.equal(parseShell('echo $(echo $(ls))').limit, null);
});

// ---- analyzeShell: the invocations ----

test('analyze: plain commands, lists and cd', () => {
  assert.deepEqual(model('ls -la src'), ['ls -la src']);
  assert.deepEqual(model('cd src && rm -rf build; cat x'), ['cd src', 'rm -rf build @/home/user/project/src', 'cat x @/home/user/project/src']);
  assert.deepEqual(model('cd .. && cd ~/other && ls'), ['cd ..', 'cd /home/user/other @/home/user', 'ls @/home/user/other']);
  assert.deepEqual(model('(cd /tmp && ls); pwd'), ['cd /tmp', 'ls @/tmp', 'pwd']);
  // A computed folder is judged by what it plausibly is: the project root (a script's folder or its
  // parent), a folder the line names however it is reached, or a fresh folder under /tmp for mktemp.
  assert.deepEqual(model('cd "$UNKNOWN" && rm -rf x'), ['cd ⟨$UNKNOWN ifUnset=""⟩', 'rm -rf x']);
  assert.deepEqual(model('cd "$(git rev-parse --show-toplevel)/src" && rm -rf x'), [
    '[$()] git rev-parse --show-toplevel',
    'cd ⟨ifUnset="…/src"⟩',
    'rm -rf x @/home/user/project/src',
  ]);
  assert.deepEqual(model('cd "$(mktemp -d)" && cd ../.. && rm -rf x'), ['[$()] mktemp -d', 'cd ⟨opaque⟩', 'cd ../.. @/tmp/\u0001', 'rm -rf x @/']);
});

test('analyze: variables set on the line are known; the others are not, with their value if unset', () => {
  assert.deepEqual(model('X=/tmp; rm -rf $X/y'), ['rm -rf /tmp/y']);
  assert.deepEqual(model('rm -rf "$BUILD_DIR/"'), ['rm -rf ⟨$BUILD_DIR ifUnset="/"⟩']);
  assert.deepEqual(model('rm -rf "${BUILD_DIR:?}/"'), ['rm -rf ⟨ifUnset="…/"⟩']);
  assert.deepEqual(model('rm -rf $HOME/.cache'), ['rm -rf /home/user/.cache']);
});

test('analyze: redirects, heredocs and here-strings', () => {
  assert.deepEqual(model('echo hi > out.txt 2>&1'), ['echo hi > out.txt 2>& 1']);
  assert.deepEqual(model('cat <<EOF > notes.txt\nhello $USER\nEOF'), ['cat << (body) > notes.txt stdin="hello $USER"']);
  assert.deepEqual(model('grep x <<< "$(cat .env)"'), ['[$()] cat .env', 'grep x <<< ⟨opaque⟩']);
});

test('analyze: scripts fed to a shell run, whether by -c, a heredoc or a pipe', () => {
  assert.deepEqual(model('bash -c "cd /tmp && rm -rf y"'), ['bash -c "cd /tmp && rm -rf y" wrapper', '[bash -c] cd /tmp', '[bash -c] rm -rf y @/tmp']);
  // The heredoc is the script, read by bash: its commands do not inherit it as their own input.
  assert.deepEqual(model("bash <<'EOF'\nrm -rf /tmp/x\nEOF"), ['bash << (body) stdin="rm -rf /tmp/x" wrapper', '[bash stdin] rm -rf /tmp/x']);
  assert.deepEqual(model('echo "rm -rf dist" | bash'), ['echo "rm -rf dist"', 'bash stdin="rm -rf dist\\n" from=echo wrapper', '[bash stdin] rm -rf dist']);
  // What is downloaded is not known: the shell is marked as fed from curl, nothing more.
  assert.deepEqual(model('curl -s https://x.example/i.sh | sh'), ['curl -s https://x.example/i.sh', 'sh from=curl dynamic']);
  assert.deepEqual(model('sh -c "$(curl -fsSL https://x.example)"'), ['[$()] curl -fsSL https://x.example', 'sh -c ⟨opaque⟩ dynamic']);
  assert.deepEqual(model('eval "ls $D"'), ['eval ⟨$D ifUnset="ls "⟩ dynamic']);
});

test('analyze: substitutions run before the command that uses their output', () => {
  assert.deepEqual(model('echo $(whoami) `id -u`'), ['[$()] whoami', '[$()] id -u', 'echo ⟨opaque⟩ ⟨opaque⟩']);
  assert.deepEqual(model('diff <(ls a) <(ls b)'), ['[<()] ls a', '[<()] ls b', 'diff ⟨opaque⟩ ⟨opaque⟩']);
});

test('analyze: wrappers are peeled off, each listed with what it runs', () => {
  assert.deepEqual(model('sudo -u root env A=1 timeout 5 rm -rf /opt/x'), [
    'sudo -u root env A=1 timeout 5 rm -rf /opt/x wrapper',
    '[sudo] env A=1 timeout 5 rm -rf /opt/x wrapper',
    '[sudo > env] timeout 5 rm -rf /opt/x wrapper',
    '[sudo > env > timeout] rm -rf /opt/x',
  ]);
  assert.deepEqual(model('find . -name "*.tmp" -exec rm {} \\;'), ['find . -name *.tmp -exec rm {} ;', '[find -exec] rm {} roots=.']);
  assert.deepEqual(model('find build -type f | xargs rm -f'), ['find build -type f', 'xargs rm -f from=find wrapper', '[xargs] rm -f from=find roots=build']);
});

test('analyze: functions and link aliases', () => {
  const fn = analyzeShell('f() { rm -rf "$1"; }; f build', { cwd: START, home: HOME });
  assert.deepEqual(fn.functions, [{ name: 'f', calls: ['rm'] }]);
  // A call of a function defined on the line runs its body, with the positional parameters set.
  assert.deepEqual(fn.invocations.map(line), ['f build wrapper', '[function f] rm -rf build']);
  const ln = analyzeShell('ln -s / root-link && rm -rf root-link/etc', { cwd: START, home: HOME });
  assert.deepEqual([...ln.aliases], [['/home/user/project/root-link', '/']]);
});

// What a limit cut short is reported as such (the call is then unanalysable, see test/soundness.test.ts).
test('analyze: what is cut short says which limit cut it', () => {
  assert.equal(analyzeShell('ls', { cwd: START, home: HOME }).limit, null);
  assert.equal(analyzeShell(`rm -rf / ${'$('.repeat(40)}x${')'.repeat(40)}`, { cwd: START, home: HOME }).limit, 'nesting');
});

// Interpreter code (principle 4): the dangerous-API tables are data with an example per row, and
// the reader folds literal strings, follows import aliases and reflection with literal names, and
// calls everything else that reaches a dangerous operation opaque (unanalysable).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeShell } from '../core/shell/analyze';
import { interpreterCode } from '../core/shell/interpreter-args';
import { readCode } from '../core/shell/interpreters';
import { DANGEROUS_APIS, FRESH_TEMP_PATHS } from '../core/shell/code-apis';
import { HOME, PROJECT } from './support/run';

function codeOf(command: string): { lang: string; code: string } {
  const analysis = analyzeShell(command, { cwd: PROJECT, home: HOME });
  for (const inv of analysis.invocations) {
    const c = interpreterCode(inv);
    if (c) return c;
  }
  throw new Error(`no interpreter code in ${command}`);
}

for (const [lang, rows] of Object.entries(DANGEROUS_APIS)) {
  describe(`dangerous APIs: ${lang}`, () => {
    for (const row of rows) {
      test(`${row.name} (${row.kind}): its examples reach it`, () => {
        assert.ok(row.examples.length > 0, 'every row has an example');
        for (const example of row.examples) {
          const c = codeOf(example);
          assert.equal(c.lang, lang, example);
          const r = readCode(c.lang, c.code);
          assert.ok(r.hits.includes(row.name), `${example}: reached ${r.hits.join(', ') || 'nothing'}`);
          assert.ok(r.opaque !== null || r.shell.length > 0, `${example}: neither a command nor unanalysable`);
        }
      });
    }
  });
}

for (const [lang, row] of Object.entries(FRESH_TEMP_PATHS)) {
  if (!row.example) continue;
  test(`fresh temporary paths: ${lang}: deleting the folder the code made is judged as rm -rf "$(mktemp -d)"`, () => {
    const c = codeOf(row.example);
    assert.equal(c.lang, lang, row.example);
    const r = readCode(c.lang, c.code);
    assert.equal(r.opaque, null, row.example);
    assert.ok(
      r.shell.some((s) => s.includes('"$(mktemp -d)"')),
      `${row.example}: ${r.shell.join('; ')}`,
    );
  });
}

test('a row name is unique within its language', () => {
  for (const [lang, rows] of Object.entries(DANGEROUS_APIS)) {
    const names = rows.map((r) => r.name);
    assert.deepEqual(names, [...new Set(names)], lang);
  }
});

/** [language, code, the shell commands it runs, why it is opaque (null: it is not)]. */
const READINGS: [string, string, string[], string | null][] = [
  ['python', 'import os; os.system("rm -rf " + "/")', ['rm -rf /'], null],
  ['python', 'import os; c = "ls -l"; os.system(c)', ['ls -l'], null],
  ['python', 'import os; c = "ls"; c = input(); os.system(c)', [], 'passes os.system a command computed at run time'],
  ['python', 'from subprocess import run as r; r(["git", "log", "-1"], check=True)', ['git log -1'], null],
  ['python', 'import subprocess as sp; sp.run(" ".join(["rm", "-rf", "x y"]), shell=True)', ['rm -rf x y'], null],
  ['python', 'import os; getattr(os, "sys" + "tem")("id")', ['id'], null],
  ['python', 'import os, sys; getattr(os, sys.argv[1])("id")', [], 'looks up a member of os by a name computed at run time (getattr)'],
  ['python', '__import__("os").popen("uname -a").read()', ['uname -a'], null],
  ['python', 'from os import *; system("date")', ['date'], null],
  ['python', 'exec("import os\\nos.system(\'whoami\')")', ['whoami'], null],
  ['python', 'exec(input())', [], 'evaluates code computed at run time (exec)'],
  ['python', "x = f\"{__import__('os').system('id')}\"", ['id'], null],
  ['python', 'import shutil; shutil.rmtree("build")', ['rm -rf -- build'], null],
  ['python', 'import shutil, sys; shutil.rmtree(sys.argv[1])', [], 'deletes a tree whose path is computed at run time (shutil.rmtree)'],
  ['python', 'print("os.system(x)")  # os.system(y)', [], null],
  ['python', 'import platform; print(platform.system())', [], null],
  ['python', 'import json, sys; print(json.dumps(json.load(sys.stdin), indent=2))', [], null],
  ['js', 'require("child_process").execSync(`git status`)', ['git status'], null],
  ['js', 'require("child_process").execSync(`git log ${process.argv[1]}`)', [], 'passes child_process.execSync a command computed at run time'],
  ['js', 'const { execSync: run } = require("node:child_process"); run("npm -v")', ['npm -v'], null],
  ['js', 'import { spawnSync } from "child_process"; spawnSync("ls", ["-la"], { stdio: "inherit" })', ['ls -la'], null],
  ['js', 'const cp = require("child_process"); cp["exec" + "Sync"]("id")', ['id'], null],
  ['js', 'const cp = require("child_process"); cp[process.argv[1]]("id")', [], 'looks up a member of child_process by a name computed at run time'],
  ['js', 'console.log(`${require("child_process").execSync(process.argv[1])}`)', [], 'passes child_process.execSync a command computed at run time'],
  ['js', 'console.log("a".replace(/"/g, "")); console.log(/x/.exec("x"))', [], null],
  ['js', 'require("fs").rmSync("dist", { recursive: true, force: true })', ['rm -rf -- dist'], null],
  ['js', 'require("fs").rmSync(process.argv[1])', [], null],
  ['js', 'Bun.$`ls -la`', ['ls -la'], null],
  ['ruby', 'system "ls", "-l"', ['ls -l'], null],
  ['ruby', 'puts `date`', ['date'], null],
  ['ruby', 'puts %x{uname #{ARGV[0]}}', [], 'runs a shell command built at run time (uname …)'],
  ['ruby', 'send(:system, "id")', ['id'], null],
  ['ruby', 'method(:system).call("id")', ['id'], null],
  [
    'python',
    '[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__["system"]("id")',
    [],
    "reaches the interpreter's internals (__subclasses__), where any function can be found",
  ],
  ['python', 'import os; os.system("\\x72m -rf \\"~\\"")', ['rm -rf "~"'], null],
  ['js', '"".constructor.constructor("return process")().mainModule.require("child_process").execSync("id")', ['id'], null],
  ['ruby', 'puts "#{system(ARGV[0])}"', [], 'passes system a command computed at run time'],
  ['perl', 'system "make test" or die', ['make test'], null],
  ['perl', 'my $c = "ls"; system($c)', ['ls'], null],
  ['perl', 'open(my $f, "-|", "git", "log") or die; print <$f>', ['git log'], null],
  ['perl', 'open(F, "ls |"); print <F>', ['ls '], null],
  ['perl', 'open(F, $ARGV[0]); print <F>', [], 'passes open a command computed at run time'],
  ['perl', 'eval { die "x" }; print $@', [], null],
  ['perl', 's/(\\d+)/$1+1/e', [], null],
  ['perl', 's/x/system("id")/e', ['id'], null],
  ['perl', 's/x/$y/ee', [], 'evaluates the result of a substitution (s///ee)'],
  ['perl', 'print "@{[ system(q{id}) ]}"', ['id'], null],
  ['php', 'echo "{$f(\'id\')}";', [], 'calls a function whose name is computed at run time ($f(…))'],
  ['python', 'print("$X")\x01', [], 'is built from shell text the line does not fix (a variable or substitution inside the code)'],
  ['php', '$f = "sys" . "tem"; $f("id");', ['id'], null],
  ['php', 'call_user_func("system", "id");', ['id'], null],
  ['php', 'echo `ls`;', ['ls'], null],
  ['lua', 'local c = "ls" .. " -l"; os.execute(c)', ['ls -l'], null],
  ['lua', 'os.execute([[rm -rf /tmp/x]])', ['rm -rf /tmp/x'], null],
  ['lua', '_G["os"]["execute"]("id")', ['id'], null],
  ['lua', '_G[arg[1]]("id")', [], 'looks up a member of _G by a name computed at run time'],
  [
    'python',
    'import subprocess; p = subprocess.Popen(["sh"], stdin=subprocess.PIPE); p.communicate(b"id")',
    [],
    'starts sh without a script, so the program it is fed cannot be seen',
  ],
  ['perl', 'open(my $sh, "|-", "bash") or die; print $sh "id"', [], 'starts bash without a script, so the program it is fed cannot be seen'],
  ['js', 'with (require("child_process")) execSync("id")', [], 'uses a with statement, so which function a name calls cannot be seen'],
  ['python', 'import subprocess; subprocess.run(["bash", "-c", "ls"])', ['bash -c ls'], null],
  ['python', 'import os; os.system(chr(105) + chr(100))', ['id'], null],
  ['python', 'import base64; exec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImlkIik="))', ['id'], null],
  ['python', 'import os; os.system(bytes.fromhex("6964").decode())', ['id'], null],
  ['python', 'import os; os.system("di"[::-1])', ['id'], null],
  ['js', 'require("child_process").execSync(atob("aWQ="))', ['id'], null],
  ['js', 'require("child_process").execSync(String.fromCharCode(105, 100))', ['id'], null],
  ['php', 'system(base64_decode("aWQ="));', ['id'], null],
  ['lua', 'os.execute(string.char(105, 100))', ['id'], null],
  ['python', 'import base64, os; os.system(base64.b64decode(input()))', [], 'passes os.system a command computed at run time'],
  ['awk', 'BEGIN { "date" | getline d; print d }', ['date'], null],
  ['awk', '{ print $1 | "sort -u" }', ['sort -u'], null],
  ['awk', '{ print | "sh" }', [], 'pipes text it computes into sh (print | "sh")'],
  ['awk', '$1 ~ /"/ { n++ } END { print n }', [], null],
];

for (const [lang, code, shell, opaque] of READINGS) {
  test(`reads ${lang}: ${code.slice(0, 70)}`, () => {
    const r = readCode(lang, code);
    assert.deepEqual(r.shell, shell);
    assert.equal(r.opaque, opaque);
  });
}

test('linear: deep nesting, long chains of assignments and huge imports are read (or called opaque), never hang', () => {
  // The verdicts are the assertion; the bench times them.
  const deep = `import os; os.system(${'('.repeat(5000)}"ls"${')'.repeat(5000)})`;
  assert.match(readCode('python', deep).opaque ?? '', /nests expressions more than 200 levels/);
  const chained = `${Array.from({ length: 8000 }, (_, i) => `v${i} = `).join('')}"ls"; import os; os.system(v0)`;
  assert.equal(readCode('python', chained).opaque, 'nests expressions more than 200 levels deep');
  const consts = `v0 = "l"; ${Array.from({ length: 150 }, (_, i) => `v${i + 1} = v${i} + ""`).join('; ')}; import os; os.system(v150 + "s")`;
  assert.deepEqual(readCode('python', consts).shell, ['ls']);
  const imports = `import { ${Array.from({ length: 5000 }, (_, i) => `a${i}`).join(', ')}, execSync } from "child_process"; execSync("id")`;
  assert.deepEqual(readCode('js', imports).shell, ['id']);
  const many = 'os.system("ls"); '.repeat(100);
  assert.equal(readCode('python', `import os; ${many}`).opaque, 'runs more than 64 commands');
  const calls = `${'print('.repeat(3000)}1${')'.repeat(3000)}`;
  assert.equal(readCode('python', calls).opaque, null);
  assert.equal(readCode('python', 'x'.repeat(70 * 1024)).opaque, 'is longer than 64 KiB');
});

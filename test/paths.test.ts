// Path arithmetic (core/paths.ts): the fast paths of normalizePath, isAbsolutePath and resolvePath
// (they run for every path argument of every command) give what the plain segment-by-segment
// definition gives, on generated POSIX and Windows-style paths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAbsolutePath, normalizePath, resolvePath } from '../core/paths';
import { picker, prng } from './support/prng';

/** The definition: backslashes to slashes, a drive or root kept, `.` and empty segments dropped, `..` resolved. */
function referenceNormalize(path: string): string {
  let p = path.replace(/\\/g, '/');
  let prefix = '';
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) {
    prefix = `${drive[1]!.toUpperCase()}:/`;
    p = p.slice(drive[0].length);
  } else if (p.startsWith('/')) {
    prefix = '/';
    p = p.slice(1);
  }
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!prefix) out.push('..');
    } else out.push(seg);
  }
  return prefix ? prefix + out.join('/') : out.join('/') || '.';
}

const referenceAbsolute = (p: string) => p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p) || /^[A-Za-z]:$/.test(p);

const PIECES = ['/', '\\', '.', '..', 'a', 'b.c', '~', 'C:', 'c:', 'z', ':', '//', '-', '...', ' ', 'é'];

test('normalizePath and isAbsolutePath agree with their definition on generated paths', () => {
  const rand = prng(20261201);
  const pick = picker(rand);
  for (let n = 0; n < 20000; n++) {
    let p = '';
    for (let k = Math.floor(rand() * 7); k > 0; k--) p += pick(PIECES);
    assert.equal(normalizePath(p), referenceNormalize(p), JSON.stringify(p));
    assert.equal(isAbsolutePath(p), referenceAbsolute(p), JSON.stringify(p));
  }
});

test('resolvePath: relative paths join the base, ~ is home, absolute ones stand alone', () => {
  const cases: [string, string, string][] = [
    ['/home/u/p', 'a', '/home/u/p/a'],
    ['/home/u/p', 'a/b/', '/home/u/p/a/b'],
    ['/home/u/p', './a', '/home/u/p/a'],
    ['/home/u/p', '../x', '/home/u/x'],
    ['/home/u/p', '..', '/home/u'],
    ['/home/u/p', '.', '/home/u/p'],
    ['/home/u/p', '~/.ssh', '/home/u/.ssh'],
    ['/home/u/p', '~', '/home/u'],
    ['/home/u/p', '/etc//passwd', '/etc/passwd'],
    ['/home/u/p', 'C:\\Users\\me', 'C:/Users/me'],
    ['/home/u/p', 'c:', 'C:/'],
    ['/home/u/p', 'a\\b', '/home/u/p/a/b'],
    ['/', 'a', '/a'],
  ];
  for (const [base, p, expected] of cases) assert.equal(resolvePath(base, p, '/home/u'), expected, `${base} + ${p}`);
});

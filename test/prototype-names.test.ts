// Names a command line controls (a program, a subcommand, an option, a variable) are looked up in
// the guards' tables. A name that is also a member of every JavaScript object (`constructor`,
// `valueOf`, `__proto__`, …) must be an unknown name there, never a hit: a hit that is not a row
// made guards throw, and a guard that throws has no opinion, so `valueOf; rm -rf ~` ran unjudged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAt, HOME, PROJECT } from './support/run';

const NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Each form puts the name where a table is asked: as a program, a subcommand, an option, a variable, a host of code. */
const FORMS = (n: string): string[] => [
  `${n}; rm -rf ~`,
  `${n} -e x; rm -rf ~`,
  `${n} --x ${n}; rm -rf ~`,
  `npm exec ${n}; rm -rf ~`,
  `npx ${n}; rm -rf ~`,
  `sudo ${n}; rm -rf ~`,
  `env ${n}=1 ${n}; rm -rf ~`,
  `git ${n}; rm -rf ~`,
  `kubectl ${n}; rm -rf ~`,
  `docker ${n}; rm -rf ~`,
  `cat .env | ${n}; rm -rf ~`,
  `bash -c '${n}'; rm -rf ~`,
  `${n} ${n} ${n}; rm -rf ~`,
  `curl -X ${n} https://x.example; rm -rf ~`,
];

test('a name that is a member of every object (constructor, valueOf, __proto__, …) is an unknown name to every guard: nothing fails, and the rest of the line is judged', () => {
  const failures: string[] = [];
  for (const n of NAMES)
    for (const command of FORMS(n)) {
      const { evaluation } = evaluateAt('Bash', { command }, PROJECT, PROJECT);
      const failed = evaluation.notes.filter((note) => /failed|internal error/i.test(note));
      if (failed.length > 0 || !/rm-catastrophic/.test(evaluation.verdict?.guardId ?? ''))
        failures.push(`${command}: ${evaluation.verdict?.guardId ?? 'allowed'} ${failed[0] ?? ''}`);
    }
  assert.deepEqual(failures, [], `HOME ${HOME}`);
});

test('the same names in PowerShell and in the file tools fail no guard', () => {
  const failures: string[] = [];
  for (const n of NAMES) {
    const runs = [
      evaluateAt('PowerShell', { command: `${n}; Remove-Item -Recurse -Force ~` }, PROJECT, PROJECT),
      evaluateAt('Write', { file_path: `${PROJECT}/${n}`, content: `${n}\n` }, PROJECT, PROJECT),
      evaluateAt('Edit', { file_path: `${PROJECT}/src/${n}.ts`, old_string: n, new_string: `${n}()` }, PROJECT, PROJECT),
      evaluateAt('Read', { file_path: `${PROJECT}/${n}` }, PROJECT, PROJECT),
    ];
    for (const { evaluation } of runs) {
      const failed = evaluation.notes.filter((note) => /failed|internal error/i.test(note));
      if (failed.length > 0) failures.push(`${n}: ${failed[0]}`);
    }
  }
  assert.deepEqual(failures, []);
});

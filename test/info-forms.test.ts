// Help, version and listing forms of privileged and disk programs (core/effects/info-forms.ts):
// each row's examples pass the whole guard set; the same programs doing work stay denied.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INFO_FORMS } from '../core/effects/info-forms';
import { evaluateAt, PROJECT } from './support/run';

const verdict = (command: string) => evaluateAt('Bash', { command }, PROJECT, PROJECT).evaluation.verdict;

for (const [program, row] of Object.entries(INFO_FORMS)) {
  test(`${program}: its help, version and listing forms pass`, () => {
    assert.ok(row.examples.length > 0);
    for (const command of row.examples) assert.equal(verdict(command)?.guardId, undefined, command);
  });
}

test('the same programs doing work stay denied, whatever info option is beside the work', () => {
  const denied: [string, string][] = [
    ['sudo -k apt-get install -y jq', 'privilege-escalation'],
    ['sudo -v && sudo rm -rf /var/lib/app', 'privilege-escalation'],
    ['sudo -- -l', 'privilege-escalation'],
    ['su -c id root', 'privilege-escalation'],
    ['su -h -c id', 'privilege-escalation'],
    ['doas -L sh', 'privilege-escalation'],
    ['parted /dev/sda rm 1', 'disk-and-system'],
    ['sgdisk -Z /dev/sda', 'disk-and-system'],
    ['sfdisk /dev/sda < layout.txt', 'disk-and-system'],
  ];
  for (const [command, by] of denied) assert.equal(verdict(command)?.guardId, by, command);
});

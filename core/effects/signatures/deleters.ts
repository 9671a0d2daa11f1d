// Programs whose purpose is deleting files, beyond rm and its family (files.ts): package-run
// deleters (npx rimraf, del-cli) and secure-erase tools. Their deletes are judged like rm's.
import type { ProgramSpec } from '../types';

export const DELETERS: ProgramSpec[] = [
  {
    // rimraf and del-cli delete directory trees whatever their options (rimraf --glob, del --dry-run).
    names: ['rimraf', 'del-cli', 'rmtrash'],
    rows: [
      {
        when: ['--dry-run', '-d'],
        rest: 'meta',
        examples: [{ command: 'del-cli --dry-run dist', effects: ['read(dist, metadata)'] }],
      },
      {
        takes: ['--preserve-root'],
        rest: 'delete',
        deletesTrees: true,
        examples: [
          { command: 'rimraf dist', effects: ['delete(dist, recursive)'] },
          { command: 'del-cli build coverage', effects: ['delete(build, recursive)', 'delete(coverage, recursive)'] },
        ],
      },
    ],
  },
  {
    // wipe(1): secure deletion, recursive with -r.
    names: ['wipe'],
    rows: [
      {
        takes: ['-l', '-x', '-p', '-b'],
        rest: 'delete',
        recursive: ['-r', '-R'],
        examples: [{ command: 'wipe -rf old', effects: ['delete(old, recursive)'] }],
      },
    ],
  },
];

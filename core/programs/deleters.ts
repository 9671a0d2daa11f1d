// Programs whose purpose is deleting files, beyond rm and its family (files.ts): package-run
// deleters (npx rimraf, del-cli) and secure-erase tools. Their deletes are judged like rm's.
import type { ProgramSpec } from './types';

export const DELETERS: ProgramSpec[] = [
  {
    // Windows' robocopy SOURCE DEST: /MIR and /PURGE delete what DEST holds that SOURCE does not
    // (an empty SOURCE empties DEST). Otherwise a copy into DEST.
    names: ['robocopy'],
    rows: [
      {
        valueIs: { '#': ['/mir', '/purge'] },
        pos: ['read', 'delete'],
        rest: 'none',
        deletesTrees: true,
        examples: [{ command: 'robocopy C:/empty old /MIR', effects: ['read(C:/empty, content)', 'delete(old, recursive)'] }],
      },
      {
        pos: ['read', 'write'],
        rest: 'none',
        how: 'robocopy',
        examples: [{ command: 'robocopy src dist /E', effects: ['read(src, content)', 'write(dist, robocopy)'] }],
      },
    ],
  },
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
  {
    // gio trash moves files and whole trees into the trash (gio trash --empty then deletes them for
    // good); gio remove deletes. --list, --restore and --empty name no files of their own.
    names: ['gio'],
    rows: [
      {
        sub: ['trash'],
        when: ['--list', '--restore', '--empty'],
        rest: 'none',
        examples: [
          { command: 'gio trash --list', effects: [] },
          { command: 'gio trash --empty', effects: [] },
        ],
      },
      {
        sub: ['trash'],
        rest: 'delete',
        deletesTrees: true,
        examples: [
          { command: 'gio trash old.log', effects: ['delete(old.log, recursive)'] },
          { command: 'gio trash --force build', effects: ['delete(build, recursive)'] },
        ],
      },
      {
        sub: ['remove'],
        rest: 'delete',
        examples: [{ command: 'gio remove -f old.log', effects: ['delete(old.log)'] }],
      },
      {
        sub: ['rm'],
        rest: 'delete',
        examples: [{ command: 'gio rm old.log', effects: ['delete(old.log)'] }],
      },
    ],
    otherwise: 'arg',
  },
  {
    // trash-cli's trash-put, trash (macOS, trash-cli): each operand goes to the trash, directories whole.
    names: ['trash', 'trash-put'],
    rows: [
      {
        takes: ['--trash-dir'],
        rest: 'delete',
        deletesTrees: true,
        examples: [{ command: 'trash-put build', effects: ['delete(build, recursive)'] }],
      },
    ],
  },
  {
    names: ['gtrash'],
    rows: [
      {
        sub: ['put'],
        rest: 'delete',
        deletesTrees: true,
        examples: [{ command: 'gtrash put build', effects: ['delete(build, recursive)'] }],
      },
    ],
  },
];

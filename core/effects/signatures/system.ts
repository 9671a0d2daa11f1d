// Privilege escalation and the destruction of devices and system state.
import type { ProgramSpec } from '../types';

const esc = (what: string) => [{ kind: 'escalate' as const, what }];

export const SYSTEM: ProgramSpec[] = [
  {
    names: ['sudo'],
    rows: [
      {
        when: ['-l', '--list', '-v', '--validate', '-k', '-K', '--reset-timestamp', '-V', '--version', '-h', '--help'],
        examples: [{ command: 'sudo -l', effects: [] }],
      },
      {
        takes: ['-u', '-g', '-p', '-C', '-h', '-D', '-T', '-R', '-U', '-r', '-t', '--user', '--group', '--prompt', '--chdir'],
        rest: 'exec',
        effects: esc('sudo'),
        examples: [{ command: 'sudo apt-get install jq', effects: ['execute(shell: apt-get install jq)', 'escalate(sudo)'] }],
      },
    ],
  },
  {
    names: ['doas', 'pkexec', 'gosu', 'su-exec', 'runas'],
    rows: [
      {
        takes: ['-u', '-C', '--user'],
        rest: 'exec',
        effects: esc('run as another user'),
        examples: [{ command: 'doas rc-service nginx restart', effects: ['execute(shell: rc-service nginx restart)', 'escalate(run as another user)'] }],
      },
    ],
  },
  {
    names: ['run0'],
    rows: [
      {
        takes: ['-u', '--user', '-g', '--group', '-D', '--chdir', '--setenv', '--property', '--unit', '--description', '--slice', '--nice', '--background'],
        rest: 'exec',
        effects: esc('run0'),
        examples: [{ command: 'run0 systemctl restart nginx', effects: ['execute(shell: systemctl restart nginx)', 'escalate(run0)'] }],
      },
    ],
  },
  {
    names: ['su', 'sudoedit', 'runuser', 'machinectl'],
    rows: [
      {
        takes: ['-c', '-s', '-g', '-G', '-u', '--command', '--shell', '--group', '--user'],
        rest: 'none',
        effects: esc('switch user'),
        examples: [{ command: 'su - root', effects: ['escalate(switch user)'] }],
      },
    ],
  },
  {
    names: ['setcap'],
    rows: [
      { when: ['-v'], examples: [{ command: 'setcap -v cap_net_raw+ep /usr/bin/ping', effects: [] }] },
      {
        pos: ['none'],
        rest: 'meta',
        effects: esc('file capabilities'),
        examples: [{ command: 'setcap cap_setuid+ep /usr/bin/python3', effects: ['read(/usr/bin/python3, metadata)', 'escalate(file capabilities)'] }],
      },
    ],
  },
  {
    names: ['blkdiscard'],
    rows: [
      {
        takes: ['-o', '-l', '-p', '--offset', '--length', '--step'],
        rest: 'write',
        effects: [{ kind: 'destroy', what: 'block device (discarded)' }],
        examples: [{ command: 'blkdiscard /dev/nvme0n1', effects: ['write(/dev/nvme0n1, blkdiscard)', 'destroy(block device (discarded))'] }],
      },
    ],
  },
  {
    names: ['wipefs', 'mkswap', 'mke2fs', 'mkfs'],
    rows: [
      { when: ['-h', '--help', '-V', '--version', '-n', '--no-act'], examples: [{ command: 'mkfs.ext4 -V', effects: [] }] },
      {
        takes: ['-t', '-L', '-b', '-O', '-o', '-U', '-E', '-N', '-m', '-T', '-I', '-s'],
        rest: 'write',
        examples: [
          { command: 'mkfs.ext4 /dev/sdb1', effects: ['write(/dev/sdb1, mkfs.ext4)'] },
          { command: 'wipefs -a /dev/sdb', effects: ['write(/dev/sdb, wipefs)'] },
          { command: 'mkfs.ext4 -F disk.img', effects: ['write(disk.img, mkfs.ext4)'] },
        ],
      },
    ],
  },
  {
    names: ['crontab'],
    rows: [
      { when: ['-r'], effects: [{ kind: 'destroy', what: 'crontab' }], examples: [{ command: 'crontab -r', effects: ['destroy(crontab)'] }] },
      { when: ['-l', '-e'], examples: [{ command: 'crontab -l', effects: [] }] },
      { takes: ['-u'], rest: 'read', examples: [{ command: 'crontab jobs.txt', effects: ['read(jobs.txt, content)'] }] },
    ],
  },
];

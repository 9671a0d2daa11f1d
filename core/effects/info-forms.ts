// Forms of privileged and disk programs that only print (help, version, listing, a cached
// credential dropped) and change nothing: `su -h`, `sudo -ll`, `doas -L`, `parted -h`, `sgdisk -L`.
// Data, one row per program, read by the guards that deny the program itself (privilege-escalation,
// disk-and-system); each row's examples are tests (test/info-forms.test.ts).

import type { Invocation } from '../shell/model';
import { namesOnly } from '../programs/table';

export interface InfoForm {
  /** Options that print and exit when they are the only argument (`su -h`; `sudo -h host cmd` is a host). */
  alone: string[];
  /** Options that make the whole call a listing wherever they stand among the leading options (`sudo -u bob -l`). */
  anywhere?: string[];
  /**
   * Commands that, run through the program, change nothing: the probe agents use to learn whether
   * the program would ask for a password (`sudo -n true`). Only after the options in `probeOptions`.
   */
  probes?: string[];
  /** Options allowed before a probe (`-n`: fail instead of asking). */
  probeOptions?: string[];
  /** Commands that print only (blocked forms stay blocked: they are the guards' examples). */
  examples: string[];
}

/** Commands that do nothing and exit 0: run as root, they only show that running as root works. */
const NO_OPS = ['true', ':', '/bin/true', '/usr/bin/true'];

export const INFO_FORMS: Record<string, InfoForm> = {
  sudo: {
    alone: ['-h', '--help', '-V', '--version', '-v', '--validate', '-k', '--reset-timestamp', '-K', '--remove-timestamp'],
    anywhere: ['-l', '-ll', '--list'],
    probes: NO_OPS,
    probeOptions: ['-n', '--non-interactive'],
    examples: ['sudo -ll', 'sudo -l', 'sudo -V', 'sudo -k', 'sudo -u deploy -l', 'sudo -n true', 'sudo -n /usr/bin/true'],
  },
  su: { alone: ['-h', '--help', '-V', '--version'], examples: ['su -h', 'su -V', 'su --help'] },
  doas: { alone: ['-L'], probes: NO_OPS, probeOptions: ['-n'], examples: ['doas -L', 'doas -n true'] },
  pkexec: { alone: ['--help', '--version'], examples: ['pkexec --version'] },
  runuser: { alone: ['-h', '--help', '-V', '--version'], examples: ['runuser --help'] },
  sudoedit: { alone: ['-h', '--help', '-V', '--version'], examples: ['sudoedit -V'] },
  parted: { alone: ['-h', '--help', '-v', '--version', '-l', '--list'], examples: ['parted -h', 'parted --version'] },
  fdisk: { alone: ['-h', '--help', '-V', '--version'], examples: ['fdisk -h'] },
  sfdisk: { alone: ['-h', '--help', '-V', '--version', '-l', '--list', '-T', '--list-types'], examples: ['sfdisk -h', 'sfdisk -T'] },
  gdisk: { alone: ['-h', '--help', '-V', '--version'], examples: ['gdisk -h'] },
  sgdisk: { alone: ['-L', '--list-types', '-?', '--help', '-V', '--version'], examples: ['sgdisk -L', 'sgdisk --version'] },
  cfdisk: { alone: ['-h', '--help', '-V', '--version'], examples: ['cfdisk -V'] },
};
namesOnly(INFO_FORMS);

/** Options of sudo that take a value (so `sudo -u bob -l` reads `bob` as a value, not the command). */
const SUDO_VALUES = new Set(['-u', '-g', '-U', '-p', '-C', '-D', '-r', '-t', '-T', '-h', '--user', '--group', '--other-user', '--prompt', '--chdir', '--host']);

/** The call only prints (help, version, a listing) and changes nothing. */
export function printsOnly(inv: Invocation): boolean {
  const row = INFO_FORMS[inv.program];
  if (!row) return false;
  const args = inv.args.map((a) => a.known);
  const only = args.length === 1 ? args[0] : null;
  if (only !== null && only !== undefined && row.alone.includes(only)) return true;
  // sudo -n true: the options allowed before a probe, then the probe alone.
  if (row.probes && args.length > 0 && row.probes.includes(args[args.length - 1] ?? '')) {
    if (args.slice(0, -1).every((a) => a !== null && row.probeOptions?.includes(a))) return true;
  }
  if (!row.anywhere || args.some((a) => a === null)) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '--') return false;
    if (row.anywhere.includes(a)) return true;
    if (SUDO_VALUES.has(a)) i++;
  }
  return false;
}

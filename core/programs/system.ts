// Privilege escalation and the destruction of devices and system state.
import type { ProgramSpec } from './types';
import { namesOnly } from './table';

const esc = (what: string) => [{ kind: 'escalate' as const, what }];
const destroys = (what: string) => [{ kind: 'destroy' as const, what }];

/**
 * Groups whose members are root in all but name: sudo and wheel by policy, docker, lxd, incus and
 * libvirt through the daemon (a container or VM with the host's disk mounted), disk by raw device
 * access, shadow by the password hashes.
 */
export const ADMIN_GROUPS = ['sudo', 'wheel', 'admin', 'root', 'docker', 'lxd', 'incus-admin', 'libvirt', 'disk', 'shadow'];
const ROOT = ['0', 'root'];
/** Windows groups whose members administer the machine or the domain (localised names of Administrators included). */
const WINDOWS_ADMIN_GROUPS = [
  'Administrators',
  'Administrateurs',
  'Administratoren',
  'Administradores',
  'Amministratori',
  'Domain Admins',
  'Enterprise Admins',
  'Schema Admins',
  'Hyper-V Administrators',
  'Backup Operators',
  'Remote Desktop Users',
  'Remote Management Users',
];

/** Units whose stop cuts the way in to this machine (ssh, the network, the session and message buses). */
const REMOTE_ACCESS_UNITS = [
  'ssh',
  'sshd',
  'ssh.service',
  'sshd.service',
  'ssh.socket',
  'sshd.socket',
  'openssh',
  'openssh-server',
  'networking',
  'networking.service',
  'network',
  'network.service',
  'NetworkManager',
  'NetworkManager.service',
  'systemd-networkd',
  'systemd-networkd.service',
  'systemd-resolved',
  'systemd-resolved.service',
  'wpa_supplicant',
  'tailscaled',
  'dbus',
  'dbus.service',
  'systemd-logind',
  'systemd-logind.service',
  'WinRM',
];
const REMOTE_ACCESS = 'remote access to this machine (ssh or the network stops; whoever is logged in over it is cut off)';
const FIREWALL = 'the firewall and NAT rules (container and VM networking and port forwards break; the machine is left unfiltered)';
const BOOT = 'the boot configuration (the machine may no longer boot, or boot into another mode)';
const MOUNTS = "the running system's file systems (unmounted under the programs using them)";
const SYSTEM_MOUNTS = ['/', '/boot', '/boot/efi', '/usr', '/var', '/etc', '/home', '/bin', '/lib', '/sbin', '/opt', '/nix'];
const DISK = 'everything on the disk or volume (erased or repartitioned)';
const SHADOWS = 'the shadow copies and backups (no way back to an earlier version of any file)';
const TIME_MACHINE = 'the Time Machine snapshots and backups (no way back to an earlier version of any file)';
const ESSENTIAL =
  'packages the system cannot run without (the force flag overrides the package manager refusing it: shells, libc, the package manager itself stop working)';
const PANICS = 'the running system (the kernel panics and stops, or reboots, on the next error)';
const FREE_SPACE = "the disk's free space (a file that size fills it: builds, logs, databases and the system fail to write)";
const WIPED_FREE_SPACE = 'every deleted file on the drive (its free space is overwritten: nothing deleted can be recovered)';
const REGISTRY = "the machine's registry configuration (services, drivers and installed software stop loading; Windows may not boot)";

/**
 * Packages a Debian, Red Hat or Arch system cannot run without: their removal is what the
 * package managers refuse unless forced (Essential, Protected or required priority).
 */
const ESSENTIAL_PACKAGES = [
  ...['libc6', 'libc-bin', 'glibc', 'glibc-common', 'coreutils', 'bash', 'dash', 'dpkg', 'apt', 'rpm', 'dnf', 'yum', 'pacman', 'systemd'],
  ...['systemd-sysv', 'init', 'util-linux', 'base-files', 'base-passwd', 'filesystem', 'setup', 'login', 'passwd', 'shadow-utils', 'sed'],
  ...['grep', 'tar', 'gzip', 'findutils', 'diffutils', 'debianutils', 'mount', 'perl-base', 'libpam-modules', 'libpam0g', 'pam'],
  ...['libselinux1', 'zlib1g', 'zlib', 'libcrypt1', 'libxcrypt', 'ncurses-base', 'sudo', 'openssh-server', 'linux', 'kernel', 'kernel-core'],
];
/** Kernel settings that turn the next error into a panic (and its reboot), or forbid loading any module until a reboot. */
const PANIC_SETTINGS = /^(?:kernel[./](?:panic_on_\w+|\w+_panic|panic_on_warn|modules_disabled)|vm[./]panic_on_oom)\s*=\s*[1-9]/;
/** A size from about 100 GB up: a file that fills the disk. */
const DISK_FILLING_SIZE = /^(?:\d+(?:\.\d+)?[TPE]|[1-9]\d{2,}(?:\.\d+)?G)(?:i?B)?$|^[1-9]\d{11,}$/i;
/** Registry keys of the machine whose deletion breaks it: the services and drivers, the security databases, the system's software configuration. */
const MACHINE_KEYS =
  /^(?:HKLM|HKEY_LOCAL_MACHINE):?\\(?:SYSTEM|SAM|SECURITY|SOFTWARE(?:\\(?:Microsoft|Classes|Policies|WOW6432Node(?:\\Microsoft)?))?)(?:\\(?:CurrentControlSet|ControlSet\d+)(?:\\\w+)?)?\\?$/i;
/** Network interfaces that are the host's own way out (virtual ones, veth, tun, dummy, bridges of containers, are not). */
const VIRTUAL_INTERFACES = /^(?:veth|dummy|tap|tun|vxlan|br-|docker|virbr|cni|flannel|cali|wg|test)/;

/** systemd-run's options that take a value (the same in every row). */
const SYSTEMD_RUN_TAKES = [
  '-p',
  '--property',
  '-u',
  '--unit',
  '--description',
  '--slice',
  '-E',
  '--setenv',
  '--uid',
  '--gid',
  '--nice',
  '-M',
  '--machine',
  '-H',
  '--host',
  '--working-directory',
  '--on-active',
  '--on-boot',
  '--on-startup',
  '--on-unit-active',
  '--on-unit-inactive',
  '--on-calendar',
  '--timer-property',
  '--path-property',
  '--socket-property',
  '--service-type',
];

/** pkill's and killall's options that take a value (the same in every row). */
const PKILL_TAKES = [
  '-u',
  '-U',
  '--euid',
  '--uid',
  '--user',
  '-G',
  '-g',
  '--group',
  '--pgroup',
  '-s',
  '--session',
  '-t',
  '--terminal',
  '-P',
  '--parent',
  '-F',
  '--pidfile',
  '--signal',
  '--ns',
  '--nslist',
  '-o',
  '--older',
  '--older-than',
  '-y',
  '--younger-than',
  '-Z',
  '--context',
];

/** setpriv's options that take a value (the same in both rows). */
const SETPRIV_TAKES = [
  '--reuid',
  '--ruid',
  '--euid',
  '--regid',
  '--rgid',
  '--egid',
  '--groups',
  '--inh-caps',
  '--ambient-caps',
  '--bounding-set',
  '--securebits',
  '--pdeathsig',
  '--selinux-label',
  '--apparmor-profile',
  '--landlock-access',
  '--landlock-rule',
];

/**
 * Programs that write a disk's layout (a file system, a partition table, signatures) to the devices
 * or image files they name: on a device everything is erased; on a regular image file, only that file.
 */
export const DISK_LAYOUT: Record<string, 'formats' | 'partitions'> = {
  mkfs: 'formats',
  mke2fs: 'formats',
  mkswap: 'formats',
  wipefs: 'formats',
  parted: 'partitions',
  fdisk: 'partitions',
  cfdisk: 'partitions',
  gdisk: 'partitions',
  sfdisk: 'partitions',
  sgdisk: 'partitions',
};
namesOnly(DISK_LAYOUT);

/** What a program writes of a disk's layout (`mkfs.ext4` is mkfs), or null. */
export function diskLayoutWriter(program: string): 'formats' | 'partitions' | null {
  return DISK_LAYOUT[program] ?? (program.startsWith('mkfs.') ? 'formats' : null);
}

export const SYSTEM: ProgramSpec[] = [
  {
    // sudo-rs and Centrify's dzdo take sudo's options.
    names: ['sudo', 'sudo-rs', 'dzdo'],
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
    // Windows: gsudo (and its alias gsudo's `sudo`), Sysinternals PsExec and PAExec; BeyondTrust's pbrun; pleaser's please.
    names: ['gsudo', 'pbrun', 'please', 'psexec', 'psexec64', 'paexec'],
    rows: [
      {
        takes: ['-u', '--user', '-i', '--integrity', '-d', '--dir', '-t', '--target', '-p', '-w', '-n', '-a', '-h', '-l', '-c', '-g', '-r'],
        rest: 'exec',
        effects: esc('run as another user'),
        examples: [
          { command: 'gsudo npm install -g x', effects: ['execute(shell: npm install -g x)', 'escalate(run as another user)'] },
          { command: 'please -u root systemctl restart nginx', effects: ['execute(shell: systemctl restart nginx)', 'escalate(run as another user)'] },
          { command: 'pbrun bash', effects: ['execute(shell: bash)', 'escalate(run as another user)'] },
        ],
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
    names: ['su', 'sudoedit', 'runuser', 'machinectl', 'ksu', 'calife'],
    rows: [
      {
        takes: ['-c', '-s', '-g', '-G', '-u', '--command', '--shell', '--group', '--user'],
        rest: 'none',
        effects: esc('switch user'),
        examples: [{ command: 'su - root', effects: ['escalate(switch user)'] }],
      },
    ],
  },
  // ---- accounts and groups: a user made root, or root made reachable ----
  {
    // PowerShell's Add-LocalGroupMember / Add-ADGroupMember (kept as written by the translation, in its casing).
    names: ['Add-LocalGroupMember', 'add-localgroupmember', 'Add-ADGroupMember', 'add-adgroupmember'],
    singleDashLong: true,
    rows: [
      {
        takes: ['-Group', '-Name', '-SID', '-Member', '-Identity', '-Members', '-Server'],
        valueIs: { '-Group': WINDOWS_ADMIN_GROUPS, '-Name': WINDOWS_ADMIN_GROUPS, '-Identity': WINDOWS_ADMIN_GROUPS, '#0': WINDOWS_ADMIN_GROUPS },
        rest: 'none',
        effects: esc('a user added to an administrators group'),
        examples: [{ command: 'Add-LocalGroupMember -Group Administrators -Member agent', effects: ['escalate(a user added to an administrators group)'] }],
      },
      {
        takes: ['-Group', '-Name', '-SID', '-Member', '-Identity', '-Members', '-Server'],
        rest: 'none',
        examples: [{ command: 'Add-LocalGroupMember -Group Users -Member agent', effects: [] }],
      },
    ],
  },
  {
    // net localgroup GROUP USER /add, net group GROUP USER /add /domain.
    names: ['net', 'net1'],
    rows: [
      ...['localgroup', 'group'].flatMap((sub) =>
        [...new Set(WINDOWS_ADMIN_GROUPS.flatMap((g) => [g, g.toLowerCase()]))].map((group) => ({
          sub: [sub, group],
          valueIs: { '#': ['/add'] },
          rest: 'none' as const,
          effects: esc('a user added to an administrators group'),
          examples: [
            { command: `net ${sub} ${group.includes(' ') ? `"${group}"` : group} agent /add`, effects: ['escalate(a user added to an administrators group)'] },
          ],
        })),
      ),
      { rest: 'none', examples: [{ command: 'net localgroup administrators', effects: [] }] },
    ],
  },
  {
    // macOS directory services: a user appended to the admin (or wheel) group's members, or given uid 0.
    names: ['dscl'],
    singleDashLong: true,
    rows: [
      {
        when: ['-append', '-create', '-merge'],
        valueIs: { '#1': ['/Groups/admin', '/Groups/wheel', '/Local/Default/Groups/admin', '/Local/Default/Groups/wheel'], '#3': ['0'] },
        rest: 'none',
        effects: esc('admin group or uid 0'),
        examples: [
          { command: 'dscl . -append /Groups/admin GroupMembership dev', effects: ['escalate(admin group or uid 0)'] },
          { command: 'dscl . -create /Users/dev UniqueID 0', effects: ['escalate(admin group or uid 0)'] },
        ],
      },
      { rest: 'none', examples: [{ command: 'dscl . -read /Users/dev', effects: [] }] },
    ],
  },
  {
    names: ['dseditgroup'],
    rows: [
      {
        takes: ['-o', '-a', '-d', '-t', '-n', '-u', '-P', '-T', '-r', '-c', '-s', '-m', '-i', '-g', '-k', '-L'],
        when: ['-a'],
        valueIs: { '#0': ['admin', 'wheel'] },
        rest: 'none',
        effects: esc('admin group or uid 0'),
        examples: [{ command: 'dseditgroup -o edit -a dev -t user admin', effects: ['escalate(admin group or uid 0)'] }],
      },
      {
        takes: ['-o', '-a', '-d', '-t', '-n', '-u', '-P', '-T', '-r', '-c', '-s', '-m', '-i', '-g', '-k', '-L'],
        rest: 'none',
        examples: [{ command: 'dseditgroup -o checkmember -m dev admin', effects: [] }],
      },
    ],
  },
  {
    names: ['usermod'],
    rows: [
      {
        takes: ['-c', '-d', '-e', '-f', '-g', '-G', '-l', '-p', '-s', '-u', '-R', '-P', '-Z', '-v', '-V', '-w', '-W'],
        opts: { '--comment': 'none', '--home': 'none', '--expiredate': 'none', '--inactive': 'none', '--gid': 'none', '--groups': 'none', '--login': 'none' },
        valueIs: { '-G': ADMIN_GROUPS, '--groups': ADMIN_GROUPS, '-g': ROOT, '--gid': ROOT, '-u': ['0'], '--uid': ['0'] },
        rest: 'none',
        effects: esc('admin group or uid 0'),
        examples: [
          { command: 'usermod -aG sudo dev', effects: ['escalate(admin group or uid 0)'] },
          { command: 'usermod --append --groups video,docker dev', effects: ['escalate(admin group or uid 0)'] },
          { command: 'usermod -o -u 0 dev', effects: ['escalate(admin group or uid 0)'] },
        ],
      },
      {
        takes: ['-c', '-d', '-e', '-f', '-g', '-G', '-l', '-p', '-s', '-u', '-R', '-P', '-Z'],
        rest: 'none',
        examples: [{ command: 'usermod -aG video dev', effects: [] }],
      },
    ],
  },
  {
    names: ['useradd', 'adduser', 'addgroup'],
    rows: [
      {
        takes: ['-b', '-c', '-d', '-e', '-f', '-g', '-G', '-k', '-K', '-p', '-s', '-u', '-R', '-P', '-Z'],
        opts: {
          '--gid': 'none',
          '--groups': 'none',
          '--uid': 'none',
          '--shell': 'none',
          '--home-dir': 'none',
          '--home': 'none',
          '--comment': 'none',
          '--ingroup': 'none',
        },
        // Debian's adduser USER GROUP and busybox's addgroup USER GROUP add a user to a group.
        valueIs: {
          '-u': ['0'],
          '--uid': ['0'],
          '-g': ROOT,
          '--gid': ROOT,
          '-G': ADMIN_GROUPS,
          '--groups': ADMIN_GROUPS,
          '--ingroup': ADMIN_GROUPS,
          '#1': ADMIN_GROUPS,
        },
        rest: 'none',
        effects: esc('admin group or uid 0'),
        examples: [
          { command: 'useradd -o -u 0 toor', effects: ['escalate(admin group or uid 0)'] },
          { command: 'adduser dev sudo', effects: ['escalate(admin group or uid 0)'] },
          { command: 'useradd -m -G wheel dev', effects: ['escalate(admin group or uid 0)'] },
        ],
      },
      {
        takes: ['-b', '-c', '-d', '-e', '-f', '-g', '-G', '-k', '-K', '-p', '-s', '-u', '-R', '-P', '-Z'],
        rest: 'none',
        examples: [{ command: 'useradd -m -s /bin/bash ci', effects: [] }],
      },
    ],
  },
  {
    names: ['gpasswd'],
    rows: [
      {
        when: ['-a', '--add', '-M', '--members', '-A', '--administrators'],
        takes: ['-a', '--add', '-d', '--delete', '-M', '--members', '-A', '--administrators', '-Q', '--root'],
        valueIs: { '#0': ADMIN_GROUPS },
        effects: esc('admin group or uid 0'),
        examples: [{ command: 'gpasswd -a dev docker', effects: ['escalate(admin group or uid 0)'] }],
      },
      {
        takes: ['-a', '--add', '-d', '--delete', '-M', '--members', '-A', '--administrators'],
        rest: 'none',
        examples: [{ command: 'gpasswd -d dev docker', effects: [] }],
      },
    ],
  },
  {
    names: ['passwd'],
    rows: [
      {
        when: ['-d', '--delete'],
        takes: ['-n', '-x', '-w', '-i', '-r', '-R', '-P', '--mindays', '--maxdays', '--warndays', '--inactive', '--repository', '--root', '--prefix'],
        rest: 'none',
        effects: esc('an account with no password'),
        examples: [{ command: 'passwd -d root', effects: ['escalate(an account with no password)'] }],
      },
      { when: ['-S', '--status', '-h', '--help'], rest: 'none', examples: [{ command: 'passwd -S', effects: [] }] },
    ],
  },
  {
    names: ['chpasswd'],
    rows: [
      { when: ['-h', '--help'], examples: [{ command: 'chpasswd --help', effects: [] }] },
      {
        takes: ['-c', '-s', '-R', '-P'],
        rest: 'none',
        effects: esc('account passwords set'),
        examples: [{ command: "echo 'root:x' | chpasswd", effects: ['escalate(account passwords set)'] }],
      },
    ],
  },
  {
    // sg GROUP [-c] COMMAND and newgrp GROUP run a command (or a shell) with another group's rights.
    names: ['sg', 'newgrp'],
    rows: [
      {
        takes: ['-c'],
        valueIs: { '#0': ADMIN_GROUPS },
        rest: 'none',
        effects: esc('admin group or uid 0'),
        examples: [
          { command: 'sg docker -c "docker ps"', effects: ['escalate(admin group or uid 0)'] },
          { command: 'newgrp docker', effects: ['escalate(admin group or uid 0)'] },
        ],
      },
      { takes: ['-c'], rest: 'none', examples: [{ command: 'newgrp dev', effects: [] }] },
    ],
  },
  {
    names: ['setpriv'],
    rows: [
      {
        takes: SETPRIV_TAKES,
        valueIs: { '--reuid': ROOT, '--ruid': ROOT, '--euid': ROOT, '--regid': ROOT, '--rgid': ROOT, '--egid': ROOT, '--groups': ADMIN_GROUPS },
        rest: 'exec',
        effects: esc('uid 0'),
        examples: [{ command: 'setpriv --reuid=0 id', effects: ['execute(shell: id)', 'escalate(uid 0)'] }],
      },
      {
        takes: SETPRIV_TAKES,
        rest: 'exec',
        examples: [{ command: 'setpriv --no-new-privs make test', effects: ['execute(shell: make test)'] }],
      },
    ],
  },
  {
    // Without --user, systemd-run starts a unit of the system manager, which runs as root unless --uid says otherwise.
    names: ['systemd-run'],
    rows: [
      {
        when: ['--user'],
        takes: SYSTEMD_RUN_TAKES,
        rest: 'exec',
        examples: [{ command: 'systemd-run --user --scope -p MemoryMax=1G make test', effects: ['execute(shell: make test)'] }],
      },
      {
        when: ['--uid'],
        unless: ['-p', '--property'],
        takes: SYSTEMD_RUN_TAKES,
        valueIs: { '--uid': ['nobody', 'daemon'] },
        rest: 'exec',
        examples: [{ command: 'systemd-run --uid=nobody --pipe id', effects: ['execute(shell: id)'] }],
      },
      {
        takes: SYSTEMD_RUN_TAKES,
        rest: 'exec',
        effects: esc('a system service (root)'),
        examples: [
          { command: 'systemd-run -t --uid=0 id', effects: ['execute(shell: id)', 'escalate(a system service (root))'] },
          { command: 'systemd-run --scope make install', effects: ['execute(shell: make install)', 'escalate(a system service (root))'] },
        ],
      },
    ],
  },
  {
    // do shell script "…" with administrator privileges: judged by the guard from the AppleScript text.
    names: ['osascript'],
    rows: [
      {
        opts: { '-e': 'code' },
        takes: ['-l', '-s'],
        lang: 'applescript',
        rest: 'none',
        examples: [{ command: `osascript -e 'display notification "done"'`, effects: ['execute(applescript: display notification "done")'] }],
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
        effects: destroys('the data on a block device (discarded)'),
        examples: [{ command: 'blkdiscard /dev/nvme0n1', effects: ['write(/dev/nvme0n1, blkdiscard)', 'destroy(the data on a block device (discarded))'] }],
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
  // ---- the running machine: its packages, network, mounts, kernel settings, services, snapshots ----
  {
    names: ['apt-get', 'apt', 'aptitude'],
    globalTakes: ['-o', '--option', '-c', '--config-file', '-t', '--target-release'],
    rows: [
      {
        when: ['--allow-remove-essential'],
        unless: ['-s', '--simulate', '--dry-run', '--just-print', '--no-act', '--recon'],
        rest: 'none',
        effects: destroys(ESSENTIAL),
        examples: [{ command: 'apt-get purge -y --allow-remove-essential libc6', effects: [`destroy(${ESSENTIAL})`] }],
      },
    ],
  },
  {
    names: ['dpkg'],
    rows: [
      {
        when: ['--force-remove-essential', '--force-remove-protected'],
        also: ['-r', '--remove', '-P', '--purge'],
        unless: ['--no-act', '--dry-run', '--simulate'],
        rest: 'none',
        effects: destroys(ESSENTIAL),
        examples: [{ command: 'dpkg -r --force-remove-essential dpkg', effects: [`destroy(${ESSENTIAL})`] }],
      },
      {
        when: ['--force-all', '--force-depends'],
        also: ['-r', '--remove', '-P', '--purge'],
        unless: ['--no-act', '--dry-run', '--simulate'],
        valueIs: { '#': ESSENTIAL_PACKAGES },
        rest: 'none',
        effects: destroys(ESSENTIAL),
        examples: [{ command: 'dpkg --purge --force-all coreutils', effects: [`destroy(${ESSENTIAL})`] }],
      },
    ],
  },
  {
    names: ['rpm'],
    rows: [
      {
        when: ['--nodeps'],
        also: ['-e', '--erase'],
        unless: ['--test'],
        valueIs: { '#': ESSENTIAL_PACKAGES },
        rest: 'none',
        effects: destroys(ESSENTIAL),
        examples: [{ command: 'rpm -e --nodeps glibc', effects: [`destroy(${ESSENTIAL})`] }],
      },
    ],
  },
  {
    names: ['pacman'],
    rows: [
      {
        when: ['-d', '--nodeps'],
        also: ['-R', '--remove'],
        unless: ['-p', '--print'],
        valueIs: { '#': ESSENTIAL_PACKAGES },
        rest: 'none',
        effects: destroys(ESSENTIAL),
        examples: [{ command: 'pacman -Rdd --noconfirm glibc', effects: [`destroy(${ESSENTIAL})`] }],
      },
    ],
  },
  {
    // iproute2: the host's interface taken down, its addresses flushed, its routes deleted. Abbreviated
    // objects and verbs (`ip l s eth0 down`) as ip reads them.
    names: ['ip'],
    globalTakes: ['-n', '-netns', '-b', '-batch', '-rc', '-rcvbuf', '-l', '-loops', '-f', '-family'],
    rows: [
      { valueIs: { '#': [VIRTUAL_INTERFACES] }, rest: 'none', examples: [{ command: 'ip link set veth0 down', effects: [] }] },
      ...[
        ['link', 'set'],
        ['l', 'set'],
        ['link', 's'],
        ['l', 's'],
      ].map((sub) => ({
        sub,
        valueIs: { '#': ['down'] },
        rest: 'none' as const,
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: `ip ${sub.join(' ')} dev eth0 down`, effects: [`destroy(${REMOTE_ACCESS})`] }],
      })),
      ...['addr', 'address', 'a'].flatMap((object) =>
        ['flush', 'f'].map((verb) => ({
          sub: [object, verb],
          rest: 'none' as const,
          effects: destroys(REMOTE_ACCESS),
          examples: [{ command: `ip ${object} ${verb} dev eth0`, effects: [`destroy(${REMOTE_ACCESS})`] }],
        })),
      ),
      ...['route', 'r', 'ro'].flatMap((object) => [
        { sub: [object, 'flush'], valueIs: { '#0': ['cache'] }, rest: 'none' as const, examples: [{ command: `ip ${object} flush cache`, effects: [] }] },
        ...['flush', 'del', 'delete', 'd'].map((verb) => ({
          sub: [object, verb],
          ...(verb === 'flush' ? {} : { valueIs: { '#0': ['default', '0.0.0.0/0', '::/0'] } }),
          rest: 'none' as const,
          effects: destroys(REMOTE_ACCESS),
          examples: [{ command: `ip ${object} ${verb}${verb === 'flush' ? ' table main' : ' default'}`, effects: [`destroy(${REMOTE_ACCESS})`] }],
        })),
      ]),
    ],
  },
  {
    names: ['ifconfig'],
    rows: [
      { valueIs: { '#0': [VIRTUAL_INTERFACES] }, rest: 'none', examples: [{ command: 'ifconfig tun0 down', effects: [] }] },
      {
        valueIs: { '#': ['down'] },
        rest: 'none',
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: 'ifconfig eth0 down', effects: [`destroy(${REMOTE_ACCESS})`] }],
      },
    ],
  },
  {
    names: ['ifdown'],
    rows: [
      { when: ['-h', '--help', '-V', '--version', '-n', '--no-act'], examples: [{ command: 'ifdown --help', effects: [] }] },
      { valueIs: { '#0': [VIRTUAL_INTERFACES] }, rest: 'none', examples: [{ command: 'ifdown tap0', effects: [] }] },
      {
        takes: ['-i', '--interfaces', '-X', '--exclude', '-o'],
        rest: 'none',
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: 'ifdown eth0', effects: [`destroy(${REMOTE_ACCESS})`] }],
      },
    ],
  },
  {
    // A system file system made read-only, or another file system mounted over one (hiding what it held).
    names: ['mount'],
    rows: [
      {
        when: ['-o', '--options'],
        whenValue: /(?:^|,)ro(?:,|$)/,
        takes: ['-o', '--options', '-t', '--types', '-L', '--label', '-U', '--uuid', '-O', '--test-opts', '-N', '--namespace', '--source', '--target'],
        valueIs: { '#': SYSTEM_MOUNTS },
        rest: 'none',
        effects: destroys(MOUNTS),
        examples: [{ command: 'mount -o remount,ro /', effects: [`destroy(${MOUNTS})`] }],
      },
      {
        unless: ['-o', '--options'],
        takes: ['-o', '--options', '-t', '--types', '-L', '--label', '-U', '--uuid', '-O', '--test-opts', '-N', '--namespace', '--source', '--target'],
        valueIs: { '#1': SYSTEM_MOUNTS },
        rest: 'none',
        effects: destroys(MOUNTS),
        examples: [{ command: 'mount -t tmpfs tmpfs /etc', effects: [`destroy(${MOUNTS})`] }],
      },
      {
        when: ['-o', '--options'],
        whenValue: /^(?!.*(?:^|,)remount(?:,|$))/,
        takes: ['-o', '--options', '-t', '--types', '-L', '--label', '-U', '--uuid', '-O', '--test-opts', '-N', '--namespace', '--source', '--target'],
        valueIs: { '#1': SYSTEM_MOUNTS },
        rest: 'none',
        effects: destroys(MOUNTS),
        examples: [{ command: 'mount -o bind /tmp/x /etc', effects: [`destroy(${MOUNTS})`] }],
      },
    ],
  },
  {
    names: ['sysctl'],
    rows: [
      {
        takes: ['-p', '--load', '-r', '--pattern'],
        valueIs: { '#': [PANIC_SETTINGS] },
        rest: 'none',
        effects: destroys(PANICS),
        examples: [{ command: 'sysctl -w kernel.panic_on_oops=1 vm.panic_on_oom=1', effects: [`destroy(${PANICS})`] }],
      },
    ],
  },
  {
    names: ['fallocate'],
    rows: [
      {
        when: ['-l', '--length'],
        whenValue: DISK_FILLING_SIZE,
        takes: ['-l', '--length', '-o', '--offset'],
        rest: 'write',
        effects: destroys(FREE_SPACE),
        examples: [{ command: 'fallocate -l 900G /tmp/fill', effects: ['write(/tmp/fill, fallocate)', `destroy(${FREE_SPACE})`] }],
      },
      {
        takes: ['-l', '--length', '-o', '--offset'],
        rest: 'write',
        examples: [{ command: 'fallocate -l 64M test.img', effects: ['write(test.img, fallocate)'] }],
      },
    ],
  },
  {
    // Windows: cipher /w wipes a drive's free space; Sysinternals sdelete -z/-c does, -s deletes whole trees beyond recovery.
    names: ['cipher', 'cipher.exe'],
    rows: [
      {
        valueIs: { '#': [/^\/w(?::|$)/i] },
        rest: 'none',
        effects: destroys(WIPED_FREE_SPACE),
        examples: [{ command: 'cipher /w:C:', effects: [`destroy(${WIPED_FREE_SPACE})`] }],
      },
    ],
  },
  {
    names: ['sdelete', 'sdelete64', 'sdelete.exe', 'sdelete64.exe'],
    rows: [
      {
        when: ['-z', '-c'],
        takes: ['-p'],
        rest: 'none',
        effects: destroys(WIPED_FREE_SPACE),
        examples: [{ command: 'sdelete -z c:', effects: [`destroy(${WIPED_FREE_SPACE})`] }],
      },
    ],
  },
  {
    names: ['reg', 'reg.exe'],
    rows: [
      {
        sub: ['delete'],
        valueIs: { '#0': [MACHINE_KEYS] },
        rest: 'none',
        effects: destroys(REGISTRY),
        examples: [{ command: 'reg delete "HKLM\\SYSTEM\\CurrentControlSet\\Services" /f', effects: [`destroy(${REGISTRY})`] }],
      },
      { sub: ['delete'], rest: 'none', examples: [{ command: 'reg delete "HKCU\\Software\\MyApp" /f', effects: [] }] },
    ],
  },
  {
    names: ['tmutil'],
    rows: [
      ...['deletelocalsnapshots', 'delete', 'disable', 'thinlocalsnapshots', 'deleteinprogress'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys(TIME_MACHINE),
        examples: [{ command: `tmutil ${sub}${sub === 'disable' ? '' : ' /'}`, effects: [`destroy(${TIME_MACHINE})`] }],
      })),
      { rest: 'none', examples: [{ command: 'tmutil listlocalsnapshots /', effects: [] }] },
    ],
  },
  // Partition table editors: the device (or image file) is written. disk-and-system tells a device
  // from a regular image file by the write's target, as for mkfs (DISK_LAYOUT below).
  {
    names: ['parted'],
    rows: [
      {
        takes: ['-a', '--align'],
        pos: ['write'],
        rest: 'none',
        examples: [
          { command: 'parted -s /dev/sda mklabel gpt', effects: ['write(/dev/sda, parted)'] },
          { command: 'parted -s disk.img mklabel msdos', effects: ['write(disk.img, parted)'] },
        ],
      },
    ],
  },
  {
    names: ['fdisk', 'cfdisk', 'gdisk', 'sfdisk'],
    rows: [
      {
        // (-L, -u and --color take their value only attached: `-L=never`.)
        takes: [
          '-b',
          '--sector-size',
          '-t',
          '--type',
          '-w',
          '--wipe',
          '-W',
          '--wipe-partitions',
          '-C',
          '-H',
          '-S',
          '-N',
          '--partno',
          '-O',
          '--backup-file',
          '--label',
        ],
        rest: 'write',
        examples: [
          { command: 'sfdisk /dev/sdb', effects: ['write(/dev/sdb, sfdisk)'] },
          { command: 'sfdisk disk.img', effects: ['write(disk.img, sfdisk)'] },
        ],
      },
    ],
  },
  {
    names: ['sgdisk'],
    rows: [
      {
        takes: [
          ...['-a', '-A', '-b', '-c', '-d', '-i', '-l', '-n', '-N', '-r', '-t', '-u', '-U', '-h', '-m', '-R'],
          ...['--set-alignment', '--attributes', '--backup', '--change-name', '--delete', '--info', '--load-backup', '--new', '--largest-new'],
          ...['--transpose', '--typecode', '--partition-guid', '--disk-guid', '--hybrid', '--gpttombr', '--replicate'],
        ],
        rest: 'write',
        examples: [
          { command: 'sgdisk -Z /dev/sdb', effects: ['write(/dev/sdb, sgdisk)'] },
          { command: 'sgdisk -n 1:0:0 -t 1:8300 disk.img', effects: ['write(disk.img, sgdisk)'] },
        ],
      },
    ],
  },
  // ---- special files and access lists ----
  {
    // A FIFO blocks whoever opens it until a writer comes; a reader of a planted one hangs.
    names: ['mkfifo'],
    rows: [
      {
        takes: ['-m', '--mode', '-Z', '--context'],
        rest: 'write',
        how: 'mkfifo',
        examples: [{ command: 'mkfifo /tmp/pipe', effects: ['write(/tmp/pipe, mkfifo)'] }],
      },
    ],
  },
  {
    names: ['mknod'],
    rows: [
      {
        takes: ['-m', '--mode', '-Z', '--context'],
        pos: ['write'],
        rest: 'none',
        how: 'mknod',
        examples: [{ command: 'mknod /tmp/pipe p', effects: ['write(/tmp/pipe, mknod)'] }],
      },
    ],
  },
  {
    names: ['setfacl'],
    rows: [
      {
        takes: ['-m', '-x', '-M', '-X', '--modify', '--remove', '--set', '--modify-file', '--remove-file', '--set-file'],
        rest: 'meta',
        examples: [{ command: 'setfacl -m u:ci:r-- build/report.txt', effects: ['read(build/report.txt, metadata)'] }],
      },
    ],
  },
  // ---- devices, processes, sessions and the running system ----
  {
    names: ['cryptsetup'],
    globalTakes: ['--type', '-c', '--cipher', '-s', '--key-size', '-h', '--hash', '-d', '--key-file', '-S', '--key-slot', '--pbkdf', '--header'],
    rows: [
      ...['luksFormat', 'erase', 'luksErase', 'luksKillSlot', 'luksRemoveKey'].map((sub) => ({
        sub: [sub],
        takes: ['--type', '-c', '--cipher', '-s', '--key-size', '-h', '--hash', '-d', '--key-file', '-S', '--key-slot', '--pbkdf', '--header'],
        rest: 'none' as const,
        effects: destroys('the data on an encrypted device (its keys are overwritten)'),
        examples: [{ command: `cryptsetup ${sub} /dev/sda`, effects: ['destroy(the data on an encrypted device (its keys are overwritten))'] }],
      })),
      { sub: ['luksDump'], rest: 'none', examples: [{ command: 'cryptsetup luksDump /dev/sda2', effects: [] }] },
    ],
  },
  {
    names: ['nvme'],
    rows: [
      ...['format', 'sanitize', 'delete-ns', 'write-zeroes'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys('the data on an NVMe drive'),
        examples: [{ command: `nvme ${sub} /dev/nvme0n1`, effects: ['destroy(the data on an NVMe drive)'] }],
      })),
      { sub: ['list'], rest: 'none', examples: [{ command: 'nvme list', effects: [] }] },
    ],
  },
  {
    names: ['hdparm'],
    rows: [
      {
        when: [
          '--security-erase',
          '--security-erase-enhanced',
          '--trim-sector-ranges',
          '--trim-sector-ranges-stdin',
          '--write-sector',
          '--make-bad-sector',
          '--dco-restore',
        ],
        takes: [
          '--security-erase',
          '--security-erase-enhanced',
          '--trim-sector-ranges',
          '--write-sector',
          '--make-bad-sector',
          '--user-master',
          '--security-mode',
        ],
        rest: 'none',
        effects: destroys('the data on a disk (an ATA erase or sector write)'),
        examples: [{ command: 'hdparm --security-erase NULL /dev/sda', effects: ['destroy(the data on a disk (an ATA erase or sector write))'] }],
      },
      { rest: 'none', examples: [{ command: 'hdparm -I /dev/sda', effects: [] }] },
    ],
  },
  {
    names: ['mdadm'],
    rows: [
      {
        when: ['--zero-superblock'],
        rest: 'none',
        effects: destroys('the RAID metadata on a device (the array cannot be assembled again)'),
        examples: [{ command: 'mdadm --zero-superblock /dev/sda1', effects: ['destroy(the RAID metadata on a device (the array cannot be assembled again))'] }],
      },
      { rest: 'none', examples: [{ command: 'mdadm --detail /dev/md0', effects: [] }] },
    ],
  },
  {
    names: ['killall5'],
    rows: [
      {
        rest: 'none',
        effects: destroys('every process on the machine outside this session'),
        examples: [{ command: 'killall5 -9', effects: ['destroy(every process on the machine outside this session)'] }],
      },
    ],
  },
  {
    // pkill/killall -u USER with no pattern, or a pattern that matches every name: every process of the user (the agent's own included).
    names: ['pkill', 'killall'],
    rows: [
      {
        when: ['-u', '-U', '--euid', '--uid', '--user', '-G', '--group', '-s', '--session', '-t', '--terminal', '-P', '--parent'],
        nopos: true,
        takes: PKILL_TAKES,
        effects: destroys('every process of the user, this session included'),
        examples: [
          { command: 'pkill -KILL -u "$USER"', effects: ['destroy(every process of the user, this session included)', 'read($USER)'] },
          { command: 'killall -9 -u dev', effects: ['destroy(every process of the user, this session included)'] },
        ],
      },
      {
        takes: PKILL_TAKES,
        valueIs: { '#0': ['.', '.*', '.+', '^', '$', '', '*'] },
        rest: 'none',
        effects: destroys('every process of the user (the pattern matches any name)'),
        examples: [{ command: 'pkill -f .', effects: ['destroy(every process of the user (the pattern matches any name))'] }],
      },
      {
        takes: PKILL_TAKES,
        rest: 'none',
        examples: [
          { command: 'pkill -u "$USER" node', effects: ['read($USER)'] },
          { command: 'pkill -f "vite dev"', effects: [] },
        ],
      },
    ],
  },
  {
    names: ['loginctl'],
    rows: [
      ...['terminate-user', 'terminate-session', 'terminate-seat', 'kill-user', 'kill-session'].map((sub) => ({
        sub: [sub],
        takes: ['-s', '--signal', '--kill-whom', '-H', '--host', '-M', '--machine'],
        rest: 'none' as const,
        effects: destroys('login sessions and every program in them'),
        examples: [{ command: `loginctl ${sub} 2`, effects: ['destroy(login sessions and every program in them)'] }],
      })),
      { sub: ['list-sessions'], rest: 'none', examples: [{ command: 'loginctl list-sessions', effects: [] }] },
    ],
  },
  {
    // Changing the target stops every unit the new one does not need: sessions, ssh, the agent itself.
    names: ['systemctl'],
    globalTakes: [
      '-H',
      '--host',
      '-M',
      '--machine',
      '-t',
      '--type',
      '-p',
      '--property',
      '-s',
      '--signal',
      '--root',
      '-n',
      '--lines',
      '-o',
      '--output',
      '--state',
      '--job-mode',
      '--kill-whom',
    ],
    rows: [
      // The service manager's environment (system or --user), which units inherit: tokens put there included.
      {
        sub: ['show-environment'],
        effects: [{ kind: 'read-env', what: 'environment' }],
        examples: [{ command: 'systemctl --user show-environment', effects: ['read(env)'] }],
      },
      ...['isolate', 'rescue', 'emergency'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys('every running service and session not in the new target (the system changes runlevel)'),
        examples: [
          {
            command: `systemctl ${sub}${sub === 'isolate' ? ' rescue.target' : ''}`,
            effects: ['destroy(every running service and session not in the new target (the system changes runlevel))'],
          },
        ],
      })),
      ...['stop', 'disable', 'mask', 'kill'].map((sub) => ({
        sub: [sub],
        takes: ['-s', '--signal', '--kill-whom', '--kill-value'],
        valueIs: { '#': REMOTE_ACCESS_UNITS },
        rest: 'none' as const,
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: `systemctl ${sub} ssh`, effects: [`destroy(${REMOTE_ACCESS})`] }],
      })),
      { sub: ['status'], rest: 'none', examples: [{ command: 'systemctl status ssh', effects: [] }] },
      { sub: ['stop'], rest: 'none', examples: [{ command: 'systemctl --user stop myapp', effects: [] }] },
    ],
  },
  {
    // SysV service(8) and OpenRC's rc-service: `service ssh stop`.
    names: ['service', 'rc-service'],
    rows: [
      ...REMOTE_ACCESS_UNITS.flatMap((unit) =>
        ['stop', 'disable'].map((verb) => ({
          sub: [unit, verb],
          rest: 'none' as const,
          effects: destroys(REMOTE_ACCESS),
          examples: [{ command: `service ${unit} ${verb}`, effects: [`destroy(${REMOTE_ACCESS})`] }],
        })),
      ),
      { rest: 'none', examples: [{ command: 'service nginx restart', effects: [] }] },
    ],
  },
  {
    // PowerShell's Stop-Service (kept as written by the translation, in its casing).
    names: ['Stop-Service', 'stop-service', 'spsv'],
    singleDashLong: true,
    rows: [
      {
        takes: ['-Name', '-DisplayName', '-Include', '-Exclude', '-InputObject'],
        valueIs: { '-Name': REMOTE_ACCESS_UNITS, '#0': REMOTE_ACCESS_UNITS },
        rest: 'none',
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: 'Stop-Service -Name WinRM -Force', effects: [`destroy(${REMOTE_ACCESS})`] }],
      },
      {
        takes: ['-Name', '-DisplayName', '-Include', '-Exclude', '-InputObject'],
        rest: 'none',
        examples: [{ command: 'Stop-Service -Name Spooler', effects: [] }],
      },
    ],
  },
  {
    // nftables: flushing or deleting the ruleset or a table drops every filter and NAT rule (container
    // and VM networking, port forwards, the firewall itself).
    names: ['nft'],
    rows: [
      ...[
        ['flush', 'ruleset'],
        ['flush', 'table'],
        ['delete', 'table'],
        ['flush', 'chain'],
        ['delete', 'chain'],
      ].map((sub) => ({
        sub,
        rest: 'none' as const,
        effects: destroys(FIREWALL),
        examples: [
          {
            command: `nft ${sub.join(' ')}${sub[1] === 'ruleset' ? '' : ' inet filter'}${sub[1] === 'chain' ? ' input' : ''}`,
            effects: [`destroy(${FIREWALL})`],
          },
        ],
      })),
      { rest: 'none', examples: [{ command: 'nft list ruleset', effects: [] }] },
    ],
  },
  {
    // NetworkManager switched off, PowerShell's Disable-NetAdapter: the machine leaves the network.
    names: ['nmcli'],
    rows: [
      {
        sub: ['networking', 'off'],
        rest: 'none',
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: 'nmcli networking off', effects: [`destroy(${REMOTE_ACCESS})`] }],
      },
      { rest: 'none', examples: [{ command: 'nmcli device status', effects: [] }] },
    ],
  },
  {
    names: ['Disable-NetAdapter', 'disable-netadapter'],
    singleDashLong: true,
    rows: [
      {
        takes: ['-Name', '-InterfaceDescription', '-InputObject', '-CimSession', '-ThrottleLimit'],
        rest: 'none',
        effects: destroys(REMOTE_ACCESS),
        examples: [{ command: 'Disable-NetAdapter -Name Ethernet', effects: [`destroy(${REMOTE_ACCESS})`] }],
      },
    ],
  },
  {
    // wevtutil cl LOG clears a Windows event log: the record of what happened is gone.
    names: ['wevtutil'],
    rows: [
      ...['cl', 'clear-log'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys('a Windows event log (the record of what happened on the machine)'),
        examples: [{ command: `wevtutil ${sub} System`, effects: ['destroy(a Windows event log (the record of what happened on the machine))'] }],
      })),
      { rest: 'none', examples: [{ command: 'wevtutil el', effects: [] }] },
    ],
  },
  {
    // ufw disable / reset: the firewall is switched off or its rules are deleted.
    names: ['ufw'],
    rows: [
      ...['disable', 'reset'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys(FIREWALL),
        examples: [{ command: `ufw ${sub}`, effects: [`destroy(${FIREWALL})`] }],
      })),
      { rest: 'none', examples: [{ command: 'ufw status verbose', effects: [] }] },
    ],
  },
  {
    // Deleting a boot entry or the boot order can leave the machine unbootable.
    names: ['efibootmgr'],
    rows: [
      {
        when: ['-B', '--delete-bootnum', '-O', '--delete-bootorder', '-N', '--delete-bootnext'],
        takes: [
          '-b',
          '--bootnum',
          '-o',
          '--bootorder',
          '-n',
          '--bootnext',
          '-d',
          '--disk',
          '-p',
          '--part',
          '-L',
          '--label',
          '-l',
          '--loader',
          '-t',
          '--timeout',
        ],
        rest: 'none',
        effects: destroys(BOOT),
        examples: [{ command: 'efibootmgr -b 0000 -B', effects: [`destroy(${BOOT})`] }],
      },
      { rest: 'none', examples: [{ command: 'efibootmgr -v', effects: [] }] },
    ],
  },
  {
    // Unmounting a system file system (or all of them) takes the running system's files away from under it.
    names: ['umount'],
    rows: [
      {
        when: ['-a', '--all', '-A', '--all-targets'],
        takes: ['-t', '--types', '-O', '--test-opts', '-N', '--namespace'],
        rest: 'none',
        effects: destroys(MOUNTS),
        examples: [{ command: 'umount -a', effects: [`destroy(${MOUNTS})`] }],
      },
      {
        takes: ['-t', '--types', '-O', '--test-opts', '-N', '--namespace'],
        valueIs: { '#': SYSTEM_MOUNTS },
        rest: 'none',
        effects: destroys(MOUNTS),
        examples: [
          { command: 'umount -lf /', effects: [`destroy(${MOUNTS})`] },
          { command: 'umount /boot/efi', effects: [`destroy(${MOUNTS})`] },
        ],
      },
      { rest: 'none', examples: [{ command: 'umount /mnt/usb', effects: [] }] },
    ],
  },
  {
    // macOS diskutil: erase, partition and secure-erase verbs destroy what is on the disk.
    names: ['diskutil'],
    rows: [
      ...['eraseDisk', 'eraseVolume', 'reformat', 'partitionDisk', 'zeroDisk', 'randomDisk', 'secureErase', 'eraseCD', 'splitPartition', 'mergePartitions'].map(
        (sub) => ({
          sub: [sub],
          rest: 'none' as const,
          effects: destroys(DISK),
          examples: [{ command: `diskutil ${sub} disk2`, effects: [`destroy(${DISK})`] }],
        }),
      ),
      ...['deleteContainer', 'deleteVolume', 'eraseVolume', 'deleteSnapshot'].map((sub) => ({
        sub: ['apfs', sub],
        rest: 'none' as const,
        effects: destroys(DISK),
        examples: [{ command: `diskutil apfs ${sub} disk3s1`, effects: [`destroy(${DISK})`] }],
      })),
      { rest: 'none', examples: [{ command: 'diskutil list', effects: [] }] },
    ],
  },
  // ---- Windows: shadow copies, backups and the boot configuration ----
  {
    // Deleting shadow copies and backup catalogs is what ransomware does first: no way back to an earlier version.
    names: ['vssadmin'],
    rows: [
      ...['shadows', 'shadowstorage'].flatMap((what) =>
        ['delete', 'resize'].map((verb) => ({
          sub: [verb, what],
          rest: 'none' as const,
          effects: destroys(SHADOWS),
          examples: [{ command: `vssadmin ${verb} ${what} /all /quiet`, effects: [`destroy(${SHADOWS})`] }],
        })),
      ),
      { rest: 'none', examples: [{ command: 'vssadmin list shadows', effects: [] }] },
    ],
  },
  {
    names: ['wmic'],
    rows: [
      {
        sub: ['shadowcopy', 'delete'],
        rest: 'none',
        effects: destroys(SHADOWS),
        examples: [{ command: 'wmic shadowcopy delete', effects: [`destroy(${SHADOWS})`] }],
      },
      { rest: 'none', examples: [{ command: 'wmic os get caption', effects: [] }] },
    ],
  },
  {
    names: ['wbadmin'],
    rows: [
      ...['catalog', 'systemstatebackup', 'backup'].map((what) => ({
        sub: ['delete', what],
        rest: 'none' as const,
        effects: destroys(SHADOWS),
        examples: [{ command: `wbadmin delete ${what} -quiet`, effects: [`destroy(${SHADOWS})`] }],
      })),
      { rest: 'none', examples: [{ command: 'wbadmin get versions', effects: [] }] },
    ],
  },
  {
    // bcdedit's changing verbs edit the boot configuration (safe mode, recovery, the default entry).
    names: ['bcdedit'],
    rows: [
      ...['/set', '/deletevalue', '/delete', '/import', '/default', '/bootsequence', '/displayorder', '/createstore'].map((sub) => ({
        sub: [sub],
        rest: 'none' as const,
        effects: destroys(BOOT),
        examples: [{ command: `bcdedit ${sub} {current} safeboot`, effects: [`destroy(${BOOT})`] }],
      })),
      { rest: 'none', examples: [{ command: 'bcdedit /enum', effects: [] }] },
    ],
  },
  {
    names: ['telinit', 'init'],
    rows: [
      {
        valueIs: { '#0': ['1', 's', 'single', 'emergency', 'rescue'] },
        rest: 'none',
        effects: destroys('every running service and session not in the new target (the system changes runlevel)'),
        examples: [{ command: 'telinit 1', effects: ['destroy(every running service and session not in the new target (the system changes runlevel))'] }],
      },
      {
        // Runlevel 0 halts, 6 reboots.
        valueIs: { '#0': ['0', '6'] },
        rest: 'none',
        effects: destroys('the running system (runlevel 0 halts it, 6 reboots it)'),
        examples: [
          { command: 'telinit 6', effects: ['destroy(the running system (runlevel 0 halts it, 6 reboots it))'] },
          { command: 'init 0', effects: ['destroy(the running system (runlevel 0 halts it, 6 reboots it))'] },
        ],
      },
      { valueIs: { '#0': ['q', 'Q', 'u', 'U'] }, rest: 'none', examples: [{ command: 'telinit q', effects: [] }] },
    ],
  },
  {
    // A default policy of DROP or REJECT cuts every connection no rule accepts: ssh to this machine included.
    names: ['iptables', 'ip6tables', 'iptables-nft', 'iptables-legacy', 'ip6tables-nft', 'ip6tables-legacy'],
    rows: [
      {
        when: ['-P', '--policy'],
        takes: ['-P', '--policy', '-t', '--table', '-w', '--wait'],
        valueIs: { '#': ['DROP', 'REJECT'] },
        rest: 'none',
        effects: destroys('network access to this machine (a default DROP policy cuts every connection no rule accepts, ssh included)'),
        examples: [
          {
            command: 'iptables -P INPUT DROP',
            effects: ['destroy(network access to this machine (a default DROP policy cuts every connection no rule accepts, ssh included))'],
          },
        ],
      },
      {
        when: ['-F', '--flush', '-X', '--delete-chain'],
        takes: ['-P', '--policy', '-t', '--table', '-w', '--wait'],
        rest: 'none',
        effects: destroys(FIREWALL),
        examples: [
          { command: 'iptables -F', effects: [`destroy(${FIREWALL})`] },
          { command: 'iptables -t nat -F', effects: [`destroy(${FIREWALL})`] },
        ],
      },
      { takes: ['-P', '--policy', '-t', '--table', '-w', '--wait'], rest: 'none', examples: [{ command: 'iptables -L -n', effects: [] }] },
    ],
  },
  {
    names: ['crontab'],
    rows: [
      {
        when: ['-r'],
        effects: destroys('every scheduled job in the crontab'),
        examples: [{ command: 'crontab -r', effects: ['destroy(every scheduled job in the crontab)'] }],
      },
      {
        takes: ['-u'],
        valueIs: { '#0': ['/dev/null'] },
        effects: destroys('every scheduled job in the crontab'),
        examples: [{ command: 'crontab /dev/null', effects: ['destroy(every scheduled job in the crontab)'] }],
      },
      { when: ['-l', '-e'], examples: [{ command: 'crontab -l', effects: [] }] },
      { takes: ['-u'], rest: 'read', examples: [{ command: 'crontab jobs.txt', effects: ['read(jobs.txt, content)'] }] },
    ],
  },
];

import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { argPath, fileWrites, flags, plausiblePaths, runs, secretPath } from '../core/guards/helpers';
import { catastrophe } from '../core/guards/targets';
import type { Invocation, ShellAnalysis, Value } from '../core/shell/model';
import { interpreterCode, skeleton } from '../core/shell/interpreter-args';
import { effectsOf } from '../core/effects/derive';
import { printsOnly } from '../core/effects/info-forms';
import { diskLayoutWriter } from '../core/programs/system';

const BLOCK_DEVICE = /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/;
const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);
const FORK_CALL = /\b(?:os\.|pcntl_|Process\.)?fork\b/;
const LOOP = /\b(?:while|until|loop|for)\b/;

/** Programs that name disks: a target they compute is a disk device. */
const LISTS_DISKS = /\b(?:lsblk|blkid|findmnt|fdisk|sfdisk|parted|lsscsi|diskutil|udevadm)\b/;

/**
 * A write target computed at run time that is a disk device: `/dev/sd$X` (a device path with a
 * computed part), `$(lsblk -dno PATH | head -1)` (a disk named by a program that lists disks).
 */
function computedDevice(v: Value, text: string): string | null {
  if (/^\/dev\//.test(text) && !/^\/dev\/(?:null|zero|stdout|stderr|tty|fd\/|pts\/|shm\/)/.test(text)) return 'a device path completed only when it runs';
  if (LISTS_DISKS.test(v.word.raw) && v.word.parts.some((p) => p.type === 'cmdsub')) return 'a disk chosen by a program that lists disks';
  return null;
}

/** Options of the power programs that only cancel, show or write a record (shutdown -c, halt -w, reboot --help). */
const HARMLESS_POWER_OPTIONS = new Set(['-c', '/a', '-w', '--wtmp-only', '-h', '--help', '-V', '--version', '--show']);

function judge(inv: Invocation, ctx: GuardContext): Denial | null {
  const p = inv.program;
  const known = inv.args.map((a) => a.known ?? '');
  for (const w of fileWrites(inv, ctx.home)) {
    if (BLOCK_DEVICE.test(w.path))
      return { reason: `${w.how} into ${w.path} overwrites a disk device directly: partitions and file systems on it are destroyed.` };
  }
  const effects = effectsOf(inv, ctx.home).effects;
  // Computed targets: the effects' writes, and dd's of= operand (a computed operand is not split into one).
  const computed = [
    ...effects.flatMap((e) => (e.kind === 'write' && e.target.value.known === null ? [{ v: e.target.value, text: skeleton(e.target.value) }] : [])),
    ...(p === 'dd' ? inv.args.flatMap((a) => (a.known === null && skeleton(a).startsWith('of=') ? [{ v: a, text: skeleton(a).slice(3) }] : [])) : []),
  ];
  for (const { v, text } of computed) {
    const device = computedDevice(v, text);
    if (device) return { reason: `${p} writes to ${v.word.raw}, ${device}: partitions and file systems on it are destroyed.` };
  }
  const layout = diskLayoutWriter(p);
  if (layout && !printsOnly(inv) && !(layout === 'partitions' && known.some((a) => a === '-l' || a === '--list' || a === 'print'))) {
    // A file system or partition table on a regular image file (mkfs.ext4 disk.img, parted -s disk.img
    // mklabel gpt) erases nothing but that file; no target named is the default device.
    const targets = effects.filter((e) => e.kind === 'write');
    const device =
      targets.length === 0 ||
      targets.some(
        (e) => e.kind === 'write' && (e.target.path === null || e.target.path.startsWith('/dev/') || /^[A-Za-z]:?$/.test(e.target.value.known ?? '')),
      );
    if (device && layout === 'formats') return { reason: `${p} ${known.join(' ')} formats a device: everything on it is erased. This is for a human to do.` };
    if (device) return { reason: `${p} edits a partition table; a mistake makes the disk unreadable. Ask the user.` };
  }
  if (p === 'format' && known.length > 0) return { reason: `${p} ${known.join(' ')} formats a device: everything on it is erased. This is for a human to do.` };
  // The destroyers are rows of the signatures (core/programs/system.ts), each naming what it destroys.
  for (const e of effects) {
    if (e.kind === 'destroy' && !e.row) {
      const cron = e.store.includes('crontab');
      return {
        reason: `${[p, ...inv.args.map((a) => a.word.raw)].join(' ')} destroys ${e.store}, with no undo. This is for a human to do.${cron ? ' Look at the current jobs first.' : ''}`,
        ...(cron ? { instead: 'crontab -l' } : {}),
      };
    }
  }
  // chattr -R +i / makes the whole system immutable (no package update, no log, no login).
  if (p === 'chattr' && known.some((a) => /^-[a-zA-Z]*R/.test(a))) {
    for (const a of inv.args.filter((x) => x.known !== null && !/^[-+=]/.test(x.known))) {
      for (const { path } of plausiblePaths(inv, a, ctx.home)) {
        const what = catastrophe(path, ctx);
        if (what && path !== ctx.projectDir)
          return {
            reason: `chattr -R on ${a.word.raw} changes the attributes of ${what}; made immutable, nothing there can be updated, logged or deleted until a human undoes it.`,
          };
      }
    }
  }
  // Fork in a loop in an interpreter one-liner (perl -e 'fork while 1', python's while True: os.fork()).
  const code = interpreterCode(inv);
  if (code && FORK_CALL.test(code.code) && LOOP.test(code.code))
    return { reason: `${p} runs code that forks in a loop: a fork bomb, which exhausts the process table and hangs the machine.` };
  // find / -exec chmod 777 {} +: the same as chmod -R over find's starting points.
  if ((p === 'chmod' || p === 'chown' || p === 'chgrp') && inv.findRoots) {
    for (const r of inv.findRoots) {
      const path = argPath(inv, r, ctx.home);
      const what = path ? catastrophe(path, ctx) : null;
      if (what && path !== ctx.projectDir)
        return {
          reason: `find ${r.word.raw} -exec ${p} changes ${p === 'chmod' ? 'permissions' : 'ownership'} across ${what}; ssh, sudo and many programs refuse to work afterwards, and it cannot be undone.`,
        };
    }
  }
  if (p === 'shred') {
    for (const a of flags(inv.args, ['-n', '-s', '--iterations', '--size']).positional) {
      const path = argPath(inv, a, ctx.home);
      if (!path) continue;
      if (BLOCK_DEVICE.test(path)) return { reason: `shred ${a.word.raw} overwrites a whole disk device.` };
      const secret = secretPath(path, ctx);
      if (secret || catastrophe(path, ctx))
        return { reason: `shred ${a.word.raw} destroys ${secret ? 'a key or secret file' : 'an important path'} beyond any recovery. Ask the user.` };
    }
  }
  if ((p === 'chmod' || p === 'chown' || p === 'chgrp' || p === 'setfacl') && known.some((a) => /^-[a-zA-Z]*R/.test(a) || a === '--recursive')) {
    for (const a of flags(inv.args, ['--reference', '--from']).positional.slice(p === 'setfacl' ? 0 : 1)) {
      for (const { path, because } of plausiblePaths(inv, a, ctx.home)) {
        const what = catastrophe(path, ctx);
        if (!what || path === ctx.projectDir) continue;
        const assumed = because.length > 0 ? ` (${because.join('; ')})` : '';
        return {
          reason: `${p} -R on ${a.word.raw}${assumed} changes ${p === 'chmod' ? 'permissions' : 'ownership'} across ${what}; ssh, sudo and many programs refuse to work afterwards, and it cannot be undone.`,
        };
      }
    }
  }
  const harmlessPower =
    known.some((a) => HARMLESS_POWER_OPTIONS.has(a) && !(a === '-h' && p === 'shutdown')) ||
    (p === 'systemctl' && known.includes('--when') && known[known.indexOf('--when') + 1] === 'cancel') ||
    known.includes('--when=cancel');
  if (
    !harmlessPower &&
    (POWER.has(p) ||
      (p === 'systemctl' && ['poweroff', 'reboot', 'halt', 'suspend', 'hibernate', 'kexec'].includes(known[0] ?? '')) ||
      (p === 'init' && ['0', '6'].includes(known[0] ?? '')))
  ) {
    return { reason: `${p} ${known.join(' ')} shuts down or restarts the machine, ending every session on it. Ask the user.` };
  }
  // kill -1 <pid> is SIGHUP to one process; kill -9 -1 (a target of -1) is every process.
  const killTargets = p === 'kill' ? known.filter((a, i) => i > 0 || !/^-/.test(a)).filter((a) => !/^-(?:s|n)$/.test(a)) : [];
  if (p === 'kill' && (killTargets.includes('-1') || (killTargets.includes('1') && known.some((a) => /^-(9|KILL|SIGKILL)$/.test(a))))) {
    return { reason: 'kill -9 -1 (or of PID 1) kills every process you own, or init itself. Kill the specific process by PID or name.' };
  }
  if ((p === 'docker' || p === 'podman') && ['run', 'create'].includes(known[0] ?? '')) {
    // --privileged (or SYS_ADMIN) with the host's PID namespace: nsenter -t 1 is a root shell on the host.
    const pidHost = known.some((a, i) => a === '--pid=host' || (a === '--pid' && known[i + 1] === 'host'));
    const powerful = known.some(
      (a, i) =>
        a === '--privileged' ||
        /^--cap-add=(?:SYS_ADMIN|ALL|SYS_PTRACE)$/i.test(a) ||
        (a === '--cap-add' && /^(?:SYS_ADMIN|ALL|SYS_PTRACE)$/i.test(known[i + 1] ?? '')),
    );
    if (pidHost && (powerful || known.includes('nsenter')))
      return {
        reason: `${p} ${known[0]} --privileged --pid=host gives the container the host's processes with every capability: nsenter -t 1 there is a root shell on the host. Drop --pid=host (and --privileged unless the image needs it).`,
      };
    for (let i = 0; i < known.length; i++) {
      const v = /^(?:-v|--volume|--mount)$/.test(known[i]!) ? (known[i + 1] ?? '') : (/^--(?:volume|mount)=(.*)$/.exec(known[i]!)?.[1] ?? '');
      if (/^\/:|(^|,)(source|src)=\/(,|$)/.test(v))
        return {
          reason: `${p} ${known[0]} mounts the host's root file system into the container; anything run inside can rewrite the host. Mount only the folder it needs (e.g. -v "$PWD:/work").`,
        };
    }
  }
  return null;
}

function forkBomb(analysis: ShellAnalysis): boolean {
  return analysis.functions.some((f) => f.calls.filter((c) => c === f.name).length >= 2 || (f.calls.includes(f.name) && /&/.test(analysis.source)));
}

export default defineGuard({
  id: 'disk-and-system',
  title: 'No wiping disks, re-owning the system, fork bombs or shutdowns',
  prevents: 'dd of=/dev/sda, mkfs, chmod -R 777 / or a fork bomb make the machine unusable in seconds, far beyond the project.',
  tools: [...SHELL_TOOLS],
  catastrophic: true,
  priority: 4,
  check(_call, ctx) {
    const analysis = ctx.shell();
    if (analysis.spawnsForever)
      return {
        reason:
          'This loop never ends and only starts background jobs: processes pile up without bound (a fork bomb), which exhausts the process table and hangs the machine. Run the job in the foreground, or wait for it, or pause between rounds (sleep).',
      };
    if (forkBomb(analysis))
      return {
        reason:
          'This defines a function that calls itself in a pipe or in the background: a fork bomb, which exhausts the process table and hangs the machine.',
      };
    for (const inv of runs(analysis)) {
      const d = judge(inv, ctx);
      if (d) return d;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'dd if=/dev/zero of=$(lsblk -dno PATH | head -1)' }, note: 'a disk chosen by lsblk' },
      { tool_name: 'Bash', tool_input: { command: 'dd if=/dev/zero of=/dev/sd$X' }, note: 'a device path completed at run time' },
      { tool_name: 'Bash', tool_input: { command: "while :; do bash -c ':& :&' & done" }, note: 'a loop without end that only starts background jobs' },
      { tool_name: 'Bash', tool_input: { command: 'while true\ndo\n  sleep 1 &\ndone' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R 777 /' } },
      { tool_name: 'Bash', tool_input: { command: 'sudo chown -R nobody:nogroup /' } },
      { tool_name: 'Bash', tool_input: { command: 'chown -R me ~' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R 777 "$TARGET/"' }, note: 'TARGET unset: the root' },
      { tool_name: 'Bash', tool_input: { command: 'sudo chown -R me /home/$(whoami)/' }, note: 'whoami names the user: home, re-owned' },
      { tool_name: 'Bash', tool_input: { command: 'dd if=/dev/zero of=/dev/sda bs=1M' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfs.ext4 /dev/sdb1' } },
      { tool_name: 'Bash', tool_input: { command: 'parted -s /dev/sda mklabel gpt' } },
      { tool_name: 'Bash', tool_input: { command: 'parted -s "$DEV" mklabel gpt' }, note: 'a device chosen at run time' },
      { tool_name: 'Bash', tool_input: { command: 'cat image.iso > /dev/sdb' } },
      { tool_name: 'Bash', tool_input: { command: ':(){ :|:& };:' } },
      { tool_name: 'Bash', tool_input: { command: 'shred -u ~/.ssh/id_ed25519' } },
      { tool_name: 'Bash', tool_input: { command: 'sudo shutdown -h now' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl reboot' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm -v /:/host alpine ls /host' } },
      { tool_name: 'Bash', tool_input: { command: 'kill -9 -1' } },
      { tool_name: 'PowerShell', tool_input: { command: 'Format-Volume -DriveLetter D' } },
      { tool_name: 'Bash', tool_input: { command: 'blkdiscard /dev/nvme0n1' } },
      { tool_name: 'Bash', tool_input: { command: 'find / -exec chmod 777 {} +' } },
      { tool_name: 'Bash', tool_input: { command: 'crontab -r' } },
      { tool_name: 'Bash', tool_input: { command: 'wipefs -a /dev/sdb' } },
      { tool_name: 'Bash', tool_input: { command: 'cryptsetup luksFormat /dev/sda' } },
      { tool_name: 'Bash', tool_input: { command: 'cryptsetup -q erase /dev/sda2' } },
      { tool_name: 'Bash', tool_input: { command: 'nvme format /dev/nvme0n1' } },
      { tool_name: 'Bash', tool_input: { command: 'nvme sanitize -a 2 /dev/nvme0' } },
      { tool_name: 'Bash', tool_input: { command: 'hdparm --security-erase NULL /dev/sda' } },
      { tool_name: 'Bash', tool_input: { command: 'mdadm --zero-superblock /dev/sda1' } },
      { tool_name: 'Bash', tool_input: { command: 'killall5 -9' } },
      { tool_name: 'Bash', tool_input: { command: 'pkill -KILL -u "$USER"' } },
      { tool_name: 'Bash', tool_input: { command: 'killall -u "$(whoami)"' } },
      { tool_name: 'Bash', tool_input: { command: 'loginctl terminate-user "$USER"' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl isolate rescue.target' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl --no-block emergency' } },
      { tool_name: 'Bash', tool_input: { command: 'chattr -R +i /' } },
      { tool_name: 'Bash', tool_input: { command: "perl -e 'fork while 1'" } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os\nwhile True: os.fork()"' } },
      { tool_name: 'Bash', tool_input: { command: 'iptables -P INPUT DROP' } },
      { tool_name: 'Bash', tool_input: { command: 'ip6tables --policy OUTPUT REJECT' } },
      { tool_name: 'Bash', tool_input: { command: 'crontab /dev/null' } },
      { tool_name: 'Bash', tool_input: { command: 'init 1' } },
      { tool_name: 'Bash', tool_input: { command: 'killall -u root' } },
      { tool_name: 'Bash', tool_input: { command: 'chattr -R +i ~' } },
      { tool_name: 'Bash', tool_input: { command: 'loginctl kill-user "$USER"' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm --privileged --pid=host alpine nsenter -t 1 -m sh' } },
      { tool_name: 'Bash', tool_input: { command: 'podman run --pid host --cap-add SYS_ADMIN alpine sh' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'dd if=/dev/urandom of="$(mktemp)" bs=1k count=1' } },
      { tool_name: 'Bash', tool_input: { command: 'lsblk -dno PATH > disks.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'while :; do curl -s localhost:3000/health & sleep 5; done' }, note: 'paced by a foreground sleep' },
      { tool_name: 'Bash', tool_input: { command: 'while read -r f; do gzip "$f" & done < files.txt; wait' }, note: 'ends with its input' },
      { tool_name: 'Bash', tool_input: { command: 'for i in 1 2 3; do npm run worker & done; wait' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod +x scripts/build.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R u+w ./build' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R u+w "$(git rev-parse --show-toplevel)/build"' } },
      { tool_name: 'Bash', tool_input: { command: 'dd if=/dev/urandom of=./fixture.bin bs=1k count=4' } },
      { tool_name: 'Bash', tool_input: { command: 'npm test > /dev/null 2>&1' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm -v "$PWD:/work" -w /work node:20 npm test' } },
      { tool_name: 'Bash', tool_input: { command: 'fdisk -l' }, note: 'listing partitions is read-only' },
      { tool_name: 'Bash', tool_input: { command: 'shred -u build/tmp.bin' } },
      { tool_name: 'Bash', tool_input: { command: 'kill -9 12345' } },
      { tool_name: 'Bash', tool_input: { command: 'f() { echo hi; }; f' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfs.ext4 -F disk.img' }, note: 'a file system in a regular image file' },
      { tool_name: 'Bash', tool_input: { command: 'parted -s disk.img mklabel msdos' }, note: 'a partition table in a regular image file' },
      { tool_name: 'Bash', tool_input: { command: 'sgdisk -n 1:0:0 -t 1:8300 disk.img' } },
      { tool_name: 'Bash', tool_input: { command: 'shutdown -c' }, note: 'cancels a pending shutdown' },
      { tool_name: 'Bash', tool_input: { command: 'systemctl halt --when cancel' } },
      { tool_name: 'Bash', tool_input: { command: 'reboot -w' }, note: 'only writes the wtmp record' },
      { tool_name: 'Bash', tool_input: { command: 'kill -1 12345' }, note: 'SIGHUP to one process' },
      { tool_name: 'Bash', tool_input: { command: 'find src -type f -exec chmod 644 {} +' } },
      { tool_name: 'Bash', tool_input: { command: 'crontab -l' } },
      { tool_name: 'Bash', tool_input: { command: 'cryptsetup luksDump /dev/sda2' } },
      { tool_name: 'Bash', tool_input: { command: 'nvme list' } },
      { tool_name: 'Bash', tool_input: { command: 'hdparm -I /dev/sda' } },
      { tool_name: 'Bash', tool_input: { command: 'mdadm --detail /dev/md0' } },
      { tool_name: 'Bash', tool_input: { command: 'pkill -u "$USER" node' }, note: 'only the user’s node processes' },
      { tool_name: 'Bash', tool_input: { command: 'pkill -f "vite dev"' } },
      { tool_name: 'Bash', tool_input: { command: 'killall node' } },
      { tool_name: 'Bash', tool_input: { command: 'pkill -f "node server.js"' } },
      { tool_name: 'Bash', tool_input: { command: 'killall -9 node' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm -v "$PWD:/w" -w /w --pid=host alpine top' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --privileged --rm tonistiigi/binfmt --install all' } },
      { tool_name: 'Bash', tool_input: { command: 'crontab -e' } },
      { tool_name: 'Bash', tool_input: { command: 'iptables -A INPUT -p tcp --dport 22 -j ACCEPT' } },
      { tool_name: 'Bash', tool_input: { command: 'loginctl list-sessions' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl status nginx' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl --user restart pipewire' } },
      { tool_name: 'Bash', tool_input: { command: 'chattr +i build/release.tar' } },
      { tool_name: 'Bash', tool_input: { command: 'lsattr -R ./build' } },
      { tool_name: 'Bash', tool_input: { command: "perl -e 'for my $i (1..3) { print $i }'" } },
      { tool_name: 'Bash', tool_input: { command: 'iptables -L -n' } },
      { tool_name: 'Bash', tool_input: { command: 'iptables -P INPUT ACCEPT' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm alpine echo hi' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm --privileged docker:dind dockerd --version' }, note: 'docker-in-docker, no host PIDs' },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm --pid=host alpine ps' }, note: 'sees host processes, no capabilities' },
    ],
  },
});

import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { flags } from '../core/guards/helpers';
import { effectsOf } from '../core/effects/derive';
import { matchRow, specFor } from '../core/programs/match';
import type { Invocation } from '../core/shell/model';
import { printsOnly } from '../core/effects/info-forms';
import { namesOnly } from '../core/programs/table';

/** What each escalation of the signatures (core/programs/system.ts) gives, for the reason. */
const GIVES: Record<string, string> = {
  'file capabilities': 'a program root-level capabilities that outlive the session',
  'admin group or uid 0': 'a user root in all but name (uid 0, or a group such as sudo, wheel or docker whose members can become root)',
  'an account with no password': 'an account with no password, so anyone can log in or su to it',
  'account passwords set': 'accounts new passwords',
  'uid 0': 'a command root privileges',
  'a system service (root)': 'a command root privileges: without --user, systemd-run starts a unit of the system manager, which runs as root',
};
namesOnly(GIVES);

/** This machine, as a host name: ssh root@localhost is a root shell here. */
const LOCAL_HOSTS = new Set(['localhost', 'localhost.localdomain', '127.0.0.1', '0.0.0.0', '0', '::1', '[::1]', 'ip6-localhost']);

/** A setuid/setgid mode: chmod u+s, g+s, 4755, 2755. */
function setuidMode(mode: string): boolean {
  return /^[ugoa]*[+=][rwxXt]*s/.test(mode) || (/^[0-7]?[4-7][0-7]{3}$/.test(mode) && /^[2467]/.test(mode.length === 4 ? mode : '0'));
}

/** ssh as root to this machine (user@host or -l root, -o User=root). */
function rootHere(inv: Invocation): boolean {
  const spec = specFor('ssh');
  const m = spec ? matchRow(inv, spec) : null;
  const host = m?.parsed.positional[0]?.known;
  if (!m || !host) return false;
  const at = host.lastIndexOf('@');
  const user =
    at >= 0
      ? host.slice(0, at)
      : (m.parsed.values.find((v) => v.opt === '-l')?.value.known ??
        m.parsed.values.find((v) => v.opt === '-o' && /^User=/i.test(v.value.known ?? ''))?.value.known?.slice(5));
  return user === 'root' && LOCAL_HOSTS.has(host.slice(at + 1).toLowerCase());
}

const ESCALATORS = new Set(['sudo', 'su', 'doas', 'pkexec', 'runas', 'runuser', 'sudoedit', 'gosu', 'su-exec']);

export default defineGuard({
  id: 'privilege-escalation',
  title: 'No sudo, su, doas or setuid from the agent',
  prevents:
    'An agent running as root can damage the whole machine in one step, and sudo hides the change from the project; a setuid binary stays a backdoor after the session.',
  tools: [...SHELL_TOOLS],
  // Runs after the specific guards, so `sudo rm -rf /` is explained as the deletion it is.
  priority: -10,
  check(_call, ctx) {
    for (const inv of ctx.shell().invocations) {
      // Root inside a container (`docker exec app sudo apt-get install …`) is the container's, not this machine's.
      if (inv.container) continue;
      const p = inv.program;
      if (ESCALATORS.has(p)) {
        // Help, version and listing forms print and change nothing (core/effects/info-forms.ts).
        if (printsOnly(inv)) continue;
        const what = inv.args.map((a) => a.word.raw).join(' ');
        return {
          reason: `${p}${what ? ` ${what}` : ''} runs with elevated privileges. The agent should not change the system as root: if this is needed (installing a system package, editing /etc), ask the user to run it, or do it inside the project (a local install, a container).`,
        };
      }
      // Escalations the signatures know beyond the list above (run0, setcap, machinectl shell, …).
      const esc = ESCALATORS.has(p) ? undefined : effectsOf(inv, ctx.home).effects.find((e) => e.kind === 'escalate');
      if (esc && esc.kind === 'escalate') {
        return {
          reason: `${[p, ...inv.args.map((a) => a.word.raw)].join(' ')} gives ${GIVES[esc.how] ?? 'a command elevated privileges'}. Ask the user to do this, or do it inside the project (a local install, a container).`,
        };
      }
      if (p === 'chmod') {
        const mode = flags(inv.args).positional[0]?.known ?? '';
        if (setuidMode(mode))
          return {
            reason: `chmod ${mode} sets the setuid/setgid bit: the file then runs with its owner's privileges for anyone. Ask the user if this is really needed.`,
          };
      }
      if (p === 'install' || p === 'ginstall') {
        const spec = specFor(p);
        const mode = (spec ? matchRow(inv, spec) : null)?.parsed.values.find((v) => v.opt === '-m' || v.opt === '--mode')?.value.known ?? '';
        if (setuidMode(mode))
          return {
            reason: `install -m ${mode} installs the file with the setuid/setgid bit: it then runs with its owner's privileges for anyone. Ask the user if this is really needed.`,
          };
      }
      if (p === 'ssh' && rootHere(inv))
        return {
          reason: `ssh ${inv.args.map((a) => a.word.raw).join(' ')} logs in as root on this same machine: sudo by another door. Ask the user to run it.`,
        };
      // do shell script "…" with administrator privileges: macOS's sudo.
      if (p === 'osascript') {
        const admin = effectsOf(inv, ctx.home).effects.some(
          (e) => e.kind === 'execute' && e.lang === 'applescript' && /with\s+administrator\s+privileges/i.test(e.text ?? ''),
        );
        if (admin)
          return {
            reason:
              'osascript … with administrator privileges runs the shell script as root (after a password prompt the user may not connect to this call). Ask the user to run it.',
          };
      }
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'sudo apt-get install -y jq' } },
      { tool_name: 'Bash', tool_input: { command: 'su -c "systemctl restart nginx"' } },
      { tool_name: 'Bash', tool_input: { command: 'doas pkg_add git' } },
      { tool_name: 'Bash', tool_input: { command: 'pkexec visudo' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod u+s ./bin/tool' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod 4755 /usr/local/bin/tool' } },
      { tool_name: 'PowerShell', tool_input: { command: 'Start-Process pwsh -Verb RunAs -ArgumentList "-c", "Set-ExecutionPolicy Unrestricted"' } },
      { tool_name: 'Bash', tool_input: { command: 'run0 systemctl restart nginx' } },
      { tool_name: 'Bash', tool_input: { command: 'setcap cap_setuid+ep /usr/bin/python3' } },
      { tool_name: 'Bash', tool_input: { command: 'install -m 4755 /bin/sh /tmp/rsh' } },
      { tool_name: 'Bash', tool_input: { command: 'install --mode=u+s build/tool dist/tool' } },
      { tool_name: 'Bash', tool_input: { command: 'usermod -aG sudo user' } },
      { tool_name: 'Bash', tool_input: { command: 'usermod -a -G video,docker "$USER"' }, note: 'docker group = root' },
      { tool_name: 'Bash', tool_input: { command: 'gpasswd -a user docker' } },
      { tool_name: 'PowerShell', tool_input: { command: 'gsudo npm install -g typescript' }, note: 'gsudo, sudo for Windows' },
      { tool_name: 'Bash', tool_input: { command: 'sudo-rs apt-get install -y jq' } },
      { tool_name: 'Bash', tool_input: { command: 'dscl . -append /Groups/admin GroupMembership user' }, note: "macOS's admin group" },
      { tool_name: 'Bash', tool_input: { command: 'adduser dev wheel' } },
      { tool_name: 'Bash', tool_input: { command: 'useradd -o -u 0 toor' } },
      { tool_name: 'Bash', tool_input: { command: 'passwd -d root' } },
      { tool_name: 'Bash', tool_input: { command: "echo 'root:hunter2' | chpasswd" } },
      { tool_name: 'Bash', tool_input: { command: 'sg docker -c "docker ps"' } },
      { tool_name: 'Bash', tool_input: { command: 'newgrp docker' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh root@localhost id' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh -l root 127.0.0.1 id' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh -o User=root localhost' } },
      { tool_name: 'Bash', tool_input: { command: 'useradd -g root x' } },
      { tool_name: 'Bash', tool_input: { command: 'gpasswd -M alice,bob wheel' } },
      { tool_name: 'Bash', tool_input: { command: 'systemd-run -t --uid=0 id' } },
      { tool_name: 'Bash', tool_input: { command: 'systemd-run -p User=root --pipe id' } },
      { tool_name: 'Bash', tool_input: { command: 'setpriv --reuid=0 id' } },
      { tool_name: 'Bash', tool_input: { command: 'setpriv --reuid root --regid root --init-groups bash' } },
      { tool_name: 'Bash', tool_input: { command: `osascript -e 'do shell script "id" with administrator privileges'` } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'which sudo' } },
      { tool_name: 'Bash', tool_input: { command: 'docker exec app sudo apt-get install -y curl' }, note: "the container's root" },
      { tool_name: 'Bash', tool_input: { command: 'man sudo' } },
      { tool_name: 'Bash', tool_input: { command: 'sudo -l' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod +x scripts/build.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod 755 scripts/build.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -rn sudo docs/' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "run sudo make install yourself"' } },
      { tool_name: 'Bash', tool_input: { command: 'getcap /usr/bin/ping' } },
      { tool_name: 'Bash', tool_input: { command: 'setcap -v cap_net_raw+ep /usr/bin/ping' }, note: 'verify only' },
      { tool_name: 'Bash', tool_input: { command: 'install -m 755 build/tool dist/tool' } },
      { tool_name: 'Bash', tool_input: { command: 'usermod -aG video dev' } },
      { tool_name: 'Bash', tool_input: { command: 'dscl . -read /Users/dev' } },
      { tool_name: 'Bash', tool_input: { command: 'dseditgroup -o checkmember -m dev admin' } },
      { tool_name: 'Bash', tool_input: { command: 'gpasswd -d dev docker' }, note: 'leaving the docker group gives nothing' },
      { tool_name: 'Bash', tool_input: { command: 'groups' } },
      { tool_name: 'Bash', tool_input: { command: 'id -nG' } },
      { tool_name: 'Bash', tool_input: { command: 'passwd -S' } },
      { tool_name: 'Bash', tool_input: { command: 'newgrp dev' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh user@host uptime' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh root@10.0.0.5 uptime' } },
      { tool_name: 'Bash', tool_input: { command: 'getent group docker' } },
      { tool_name: 'Bash', tool_input: { command: 'useradd -m builder' } },
      { tool_name: 'Bash', tool_input: { command: 'passwd -l bob' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh deploy@localhost -p 2222 uptime' }, note: 'not root' },
      { tool_name: 'Bash', tool_input: { command: 'systemd-run --user --scope -p MemoryMax=2G npm test' } },
      { tool_name: 'Bash', tool_input: { command: 'setpriv --no-new-privs make test' } },
      { tool_name: 'Bash', tool_input: { command: `osascript -e 'display notification "build done"'` } },
    ],
  },
});

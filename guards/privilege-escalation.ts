import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { flags } from '../core/guards/helpers';
import { effectsOf } from '../core/effects/derive';

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
      const p = inv.program;
      if (ESCALATORS.has(p)) {
        if (
          p === 'sudo' &&
          inv.args.some((a) => a.known === '-l' || a.known === '--list' || a.known === '-v' || a.known === '-k' || a.known === '-V' || a.known === '--version')
        )
          continue;
        const what = inv.args.map((a) => a.word.raw).join(' ');
        return {
          reason: `${p}${what ? ` ${what}` : ''} runs with elevated privileges. The agent should not change the system as root: if this is needed (installing a system package, editing /etc), ask the user to run it, or do it inside the project (a local install, a container).`,
        };
      }
      // Escalations the signatures know beyond the list above (run0, setcap, machinectl shell, …).
      const esc = ESCALATORS.has(p) ? undefined : effectsOf(inv, ctx.home).effects.find((e) => e.kind === 'escalate');
      if (esc && esc.kind === 'escalate') {
        return {
          reason: `${p} ${inv.args.map((a) => a.word.raw).join(' ')} gives ${esc.how === 'file capabilities' ? 'a program root-level capabilities that outlive the session' : 'a command elevated privileges'}. Ask the user to do this, or do it inside the project (a local install, a container).`,
        };
      }
      if (p === 'chmod' || p === 'chown') {
        const f = flags(inv.args);
        const mode = f.positional[0]?.known ?? '';
        if (p === 'chmod' && (/^[ugoa]*[+=][rwxXt]*s/.test(mode) || (/^[0-7]?[4-7][0-7]{3}$/.test(mode) && /^[2467]/.test(mode.length === 4 ? mode : '0')))) {
          return {
            reason: `chmod ${mode} sets the setuid/setgid bit: the file then runs with its owner's privileges for anyone. Ask the user if this is really needed.`,
          };
        }
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
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'which sudo' } },
      { tool_name: 'Bash', tool_input: { command: 'man sudo' } },
      { tool_name: 'Bash', tool_input: { command: 'sudo -l' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod +x scripts/build.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod 755 scripts/build.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -rn sudo docs/' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "run sudo make install yourself"' } },
      { tool_name: 'Bash', tool_input: { command: 'getcap /usr/bin/ping' } },
      { tool_name: 'Bash', tool_input: { command: 'setcap -v cap_net_raw+ep /usr/bin/ping' }, note: 'verify only' },
    ],
  },
});

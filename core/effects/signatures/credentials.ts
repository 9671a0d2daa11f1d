// Tools that print stored credentials: each is a secret read, whatever the file they keep it in.
import type { ProgramSpec } from '../types';

const cred = (what: string) => [{ kind: 'read-credentials' as const, what }];

export const CREDENTIALS: ProgramSpec[] = [
  {
    names: ['gh'],
    otherwise: 'none',
    rows: [
      { sub: ['auth', 'token'], effects: cred('gh auth token'), examples: [{ command: 'gh auth token', effects: ['read(credentials: gh auth token)'] }] },
      {
        sub: ['auth', 'status'],
        when: ['-t', '--show-token'],
        effects: cred('gh auth status --show-token'),
        examples: [{ command: 'gh auth status -t', effects: ['read(credentials: gh auth status --show-token)'] }],
      },
    ],
  },
  {
    names: ['aws'],
    otherwise: 'none',
    globalTakes: ['--profile', '--region', '--output', '--endpoint-url', '--query', '--color', '--cli-read-timeout', '--cli-connect-timeout', '--ca-bundle'],
    rows: [
      {
        sub: ['configure', 'get'],
        takes: ['--profile'],
        pos: ['cred'],
        examples: [
          { command: 'aws configure get aws_secret_access_key', effects: ['read(credentials: aws_secret_access_key)'] },
          { command: 'aws configure get region', effects: ['read(credentials: region)'] },
        ],
      },
      {
        sub: ['configure', 'export-credentials'],
        effects: cred('aws configure export-credentials'),
        examples: [{ command: 'aws configure export-credentials --format env', effects: ['read(credentials: aws configure export-credentials)'] }],
      },
      {
        sub: ['ecr', 'get-login-password'],
        effects: cred('aws ecr get-login-password'),
        examples: [{ command: 'aws ecr get-login-password', effects: ['read(credentials: aws ecr get-login-password)'] }],
      },
      {
        sub: ['ecr-public', 'get-login-password'],
        effects: cred('aws ecr-public get-login-password'),
        examples: [{ command: 'aws ecr-public get-login-password', effects: ['read(credentials: aws ecr-public get-login-password)'] }],
      },
      {
        sub: ['sts', 'get-session-token'],
        effects: cred('aws sts get-session-token'),
        examples: [{ command: 'aws sts get-session-token', effects: ['read(credentials: aws sts get-session-token)'] }],
      },
      {
        sub: ['sts', 'assume-role'],
        effects: cred('aws sts assume-role'),
        examples: [{ command: 'aws sts assume-role --role-arn x --role-session-name y', effects: ['read(credentials: aws sts assume-role)'] }],
      },
      {
        sub: ['codeartifact', 'get-authorization-token'],
        effects: cred('aws codeartifact get-authorization-token'),
        examples: [
          { command: 'aws codeartifact get-authorization-token --domain d', effects: ['read(credentials: aws codeartifact get-authorization-token)'] },
        ],
      },
      {
        sub: ['secretsmanager', 'get-secret-value'],
        effects: cred('aws secretsmanager get-secret-value'),
        examples: [{ command: 'aws secretsmanager get-secret-value --secret-id x', effects: ['read(credentials: aws secretsmanager get-secret-value)'] }],
      },
    ],
  },
  {
    names: ['gcloud'],
    otherwise: 'none',
    rows: [
      {
        sub: ['auth', 'print-access-token'],
        effects: cred('gcloud auth print-access-token'),
        examples: [{ command: 'gcloud auth print-access-token', effects: ['read(credentials: gcloud auth print-access-token)'] }],
      },
      {
        sub: ['auth', 'print-identity-token'],
        effects: cred('gcloud auth print-identity-token'),
        examples: [{ command: 'gcloud auth print-identity-token', effects: ['read(credentials: gcloud auth print-identity-token)'] }],
      },
      {
        sub: ['auth', 'application-default', 'print-access-token'],
        effects: cred('gcloud auth application-default print-access-token'),
        examples: [
          { command: 'gcloud auth application-default print-access-token', effects: ['read(credentials: gcloud auth application-default print-access-token)'] },
        ],
      },
      {
        sub: ['secrets', 'versions', 'access'],
        effects: cred('gcloud secrets versions access'),
        examples: [{ command: 'gcloud secrets versions access latest --secret=x', effects: ['read(credentials: gcloud secrets versions access)'] }],
      },
    ],
  },
  {
    names: ['az'],
    otherwise: 'none',
    rows: [
      {
        sub: ['account', 'get-access-token'],
        effects: cred('az account get-access-token'),
        examples: [{ command: 'az account get-access-token', effects: ['read(credentials: az account get-access-token)'] }],
      },
      {
        sub: ['keyvault', 'secret', 'show'],
        effects: cred('az keyvault secret show'),
        examples: [{ command: 'az keyvault secret show --name x --vault-name v', effects: ['read(credentials: az keyvault secret show)'] }],
      },
    ],
  },
  {
    names: ['kubectl', 'oc'],
    otherwise: 'none',
    globalTakes: ['--context', '--kubeconfig', '-n', '--namespace', '--cluster', '--user', '-s', '--server'],
    rows: [
      {
        sub: ['config', 'view'],
        when: ['--raw'],
        effects: cred('kubectl config view --raw'),
        examples: [{ command: 'kubectl config view --raw', effects: ['read(credentials: kubectl config view --raw)'] }],
      },
      { sub: ['config', 'view'], examples: [{ command: 'kubectl config view', effects: [] }] },
    ],
  },
  {
    names: ['security'],
    rows: [
      {
        sub: ['find-generic-password'],
        when: ['-w', '-g'],
        takes: ['-a', '-s', '-l', '-c', '-C', '-D', '-j', '-G'],
        effects: cred('security find-generic-password'),
        examples: [{ command: 'security find-generic-password -s github -w', effects: ['read(credentials: security find-generic-password)'] }],
      },
      {
        sub: ['find-internet-password'],
        when: ['-w', '-g'],
        takes: ['-a', '-s', '-l', '-c', '-C', '-D', '-j', '-r', '-d', '-p', '-P', '-t'],
        effects: cred('security find-internet-password'),
        examples: [{ command: 'security find-internet-password -s github.com -w', effects: ['read(credentials: security find-internet-password)'] }],
      },
    ],
  },
  {
    names: ['heroku'],
    otherwise: 'none',
    rows: [
      {
        sub: ['auth:token'],
        effects: cred('heroku auth:token'),
        examples: [{ command: 'heroku auth:token', effects: ['read(credentials: heroku auth:token)'] }],
      },
    ],
  },
  {
    names: ['op'],
    otherwise: 'none',
    rows: [
      { sub: ['read'], effects: cred('op read'), examples: [{ command: 'op read op://vault/item/password', effects: ['read(credentials: op read)'] }] },
      {
        sub: ['item', 'get'],
        when: ['--reveal', '--fields'],
        takes: ['--vault', '--fields', '--format'],
        effects: cred('op item get'),
        examples: [{ command: 'op item get x --fields password --reveal', effects: ['read(credentials: op item get)'] }],
      },
    ],
  },
  {
    names: ['vault'],
    otherwise: 'none',
    rows: [
      { sub: ['read'], effects: cred('vault read'), examples: [{ command: 'vault read secret/app', effects: ['read(credentials: vault read)'] }] },
      { sub: ['kv', 'get'], effects: cred('vault kv get'), examples: [{ command: 'vault kv get secret/app', effects: ['read(credentials: vault kv get)'] }] },
      {
        sub: ['print', 'token'],
        effects: cred('vault print token'),
        examples: [{ command: 'vault print token', effects: ['read(credentials: vault print token)'] }],
      },
    ],
  },
  {
    names: [
      'docker-credential-desktop',
      'docker-credential-osxkeychain',
      'docker-credential-pass',
      'docker-credential-secretservice',
      'docker-credential-wincred',
      'docker-credential-ecr-login',
      'docker-credential-gcloud',
    ],
    rows: [
      {
        sub: ['get'],
        effects: cred('docker credential helper get'),
        examples: [{ command: 'docker-credential-desktop get', effects: ['read(credentials: docker credential helper get)'] }],
      },
    ],
  },
  {
    names: ['npm', 'pnpm', 'yarn'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config', 'get'],
        pos: ['cred'],
        examples: [{ command: 'npm config get //registry.npmjs.org/:_authToken', effects: ['read(credentials: //registry.npmjs.org/:_authToken)'] }],
      },
    ],
  },
];

/** Tools that use keys without printing them: their key-file arguments are metadata. */
export const KEY_USERS: ProgramSpec[] = [
  {
    names: ['ssh-keygen'],
    rows: [
      {
        when: ['-y'],
        takes: ['-P', '-N', '-C', '-t', '-b', '-E', '-O', '-Z'],
        opts: { '-f': 'meta' },
        examples: [{ command: 'ssh-keygen -y -f ~/.ssh/id_rsa', effects: ['read(/home/user/.ssh/id_rsa, metadata)'] }],
      },
      {
        takes: ['-P', '-N', '-C', '-t', '-b', '-E', '-O', '-Z', '-n', '-I', '-V', '-s', '-r', '-F', '-R'],
        opts: { '-f': 'meta' },
        rest: 'meta',
        examples: [{ command: 'ssh-keygen -l -f ~/.ssh/id_rsa', effects: ['read(/home/user/.ssh/id_rsa, metadata)'] }],
      },
    ],
  },
  {
    names: ['ssh-add'],
    rows: [
      {
        takes: ['-t', '-E', '-S', '-H', '-h'],
        rest: 'meta',
        examples: [{ command: 'ssh-add ~/.ssh/id_ed25519', effects: ['read(/home/user/.ssh/id_ed25519, metadata)'] }],
      },
    ],
  },
  {
    // keychain loads keys into ssh-agent (like ssh-add) and prints the agent's variables, not the keys.
    names: ['keychain'],
    rows: [
      {
        takes: ['--timeout', '--dir', '--host', '--agents', '--confhost', '--attempts'],
        rest: 'meta',
        examples: [{ command: 'keychain --eval --quiet ~/.ssh/id_ed25519', effects: ['read(/home/user/.ssh/id_ed25519, metadata)'] }],
      },
    ],
  },
  {
    names: ['ssh-copy-id'],
    rows: [
      {
        takes: ['-p', '-o', '-t'],
        opts: { '-i': 'meta' },
        pos: ['host'],
        examples: [
          {
            command: 'ssh-copy-id -i ~/.ssh/id_ed25519.pub me@host.example.com',
            effects: ['read(/home/user/.ssh/id_ed25519.pub, metadata)', 'send(me@host.example.com)'],
          },
        ],
      },
    ],
  },
];

/** Programs that take a credential on stdin and keep it to themselves: piping a printed credential into them is not a leak. */
export const CREDENTIAL_SINKS: { program: string; sub: string; flags: string[]; example: string }[] = [
  {
    program: 'docker',
    sub: 'login',
    flags: ['--password-stdin'],
    example: 'aws ecr get-login-password | docker login --username AWS --password-stdin 1.dkr.ecr.us-east-1.amazonaws.com',
  },
  {
    program: 'podman',
    sub: 'login',
    flags: ['--password-stdin'],
    example: 'aws ecr get-login-password | podman login --username AWS --password-stdin 1.dkr.ecr.us-east-1.amazonaws.com',
  },
  {
    program: 'helm',
    sub: 'registry',
    flags: ['--password-stdin'],
    example: 'aws ecr get-login-password | helm registry login --username AWS --password-stdin 1.dkr.ecr.us-east-1.amazonaws.com',
  },
  {
    program: 'oras',
    sub: 'login',
    flags: ['--password-stdin'],
    example: 'gcloud auth print-access-token | oras login -u oauth2accesstoken --password-stdin us-docker.pkg.dev',
  },
  { program: 'gh', sub: 'auth', flags: ['--with-token'], example: 'gh auth token | gh auth login --with-token' },
  { program: 'skopeo', sub: 'login', flags: ['--password-stdin'], example: 'gh auth token | skopeo login --password-stdin -u me ghcr.io' },
  {
    program: 'crane',
    sub: 'auth',
    flags: ['--password-stdin'],
    example: 'gcloud auth print-access-token | crane auth login -u oauth2accesstoken --password-stdin gcr.io',
  },
];

// Tools that print stored credentials: each is a secret read, whatever the file they keep it in.
import type { ProgramSpec, Row } from './types';

const cred = (what: string) => [{ kind: 'read-credentials' as const, what }];

/** A subcommand that prints a stored or freshly minted credential: one row, its example the subcommand itself. */
const prints = (program: string, sub: string[], example = '', extra: Partial<Row> = {}): Row => ({
  sub,
  effects: cred(`${program} ${sub.join(' ')}`),
  examples: [{ command: `${program} ${sub.join(' ')}${example ? ` ${example}` : ''}`, effects: [`read(credentials: ${program} ${sub.join(' ')})`] }],
  ...extra,
});

export const CREDENTIALS: ProgramSpec[] = [
  {
    names: ['gh'],
    otherwise: 'none',
    rows: [
      {
        // gh's settings live in the user's config (signatures/config-files.ts has the other tools that write their own).
        sub: ['config', 'set'],
        takes: ['-h', '--host'],
        effects: [{ kind: 'write-file', what: '~/.config/gh/config.yml' }],
        examples: [{ command: 'gh config set editor vim', effects: ['write(/home/user/.config/gh/config.yml, gh)'] }],
      },
      { sub: ['auth', 'token'], effects: cred('gh auth token'), examples: [{ command: 'gh auth token', effects: ['read(credentials: gh auth token)'] }] },
      {
        sub: ['auth', 'status'],
        when: ['-t', '--show-token'],
        effects: cred('gh auth status --show-token'),
        examples: [{ command: 'gh auth status -t', effects: ['read(credentials: gh auth status --show-token)'] }],
      },
      {
        // Older gh kept the token in config.yml: `gh config get oauth_token` prints it; other keys are settings.
        sub: ['config', 'get'],
        takes: ['-h', '--host'],
        pos: ['cred'],
        examples: [
          { command: 'gh config get -h github.com oauth_token', effects: ['read(credentials: oauth_token)'] },
          { command: 'gh config get editor', effects: ['read(credentials: editor)'] },
        ],
      },
    ],
  },
  {
    names: ['glab'],
    otherwise: 'none',
    rows: [
      {
        sub: ['auth', 'status'],
        when: ['-t', '--show-token'],
        effects: cred('glab auth status --show-token'),
        examples: [{ command: 'glab auth status -t', effects: ['read(credentials: glab auth status --show-token)'] }],
      },
      {
        sub: ['config', 'get'],
        takes: ['-h', '--host'],
        pos: ['cred'],
        examples: [{ command: 'glab config get token', effects: ['read(credentials: token)'] }],
      },
    ],
  },
  {
    names: ['aws'],
    otherwise: 'none',
    globalTakes: ['--profile', '--region', '--output', '--endpoint-url', '--query', '--color', '--cli-read-timeout', '--cli-connect-timeout', '--ca-bundle'],
    rows: [
      ...['set', 'import', 'add-model'].map((sub) => ({
        // The user's ~/.aws/config and credentials files.
        sub: ['configure', sub],
        takes: ['--profile', '--csv'],
        effects: [{ kind: 'write-file' as const, what: '~/.aws' }],
        examples: [{ command: `aws configure ${sub}${sub === 'set' ? ' region eu-west-1' : ''}`, effects: ['write(/home/user/.aws, aws)'] }],
      })),
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
        // SecureString parameters come back decrypted only with --with-decryption; without it, ciphertext.
        sub: ['ssm', 'get-parameter'],
        when: ['--with-decryption'],
        effects: cred('aws ssm get-parameter --with-decryption'),
        examples: [
          { command: 'aws ssm get-parameter --with-decryption --name /prod/db', effects: ['read(credentials: aws ssm get-parameter --with-decryption)'] },
        ],
      },
      {
        sub: ['ssm', 'get-parameters'],
        when: ['--with-decryption'],
        effects: cred('aws ssm get-parameters --with-decryption'),
        examples: [
          { command: 'aws ssm get-parameters --names a b --with-decryption', effects: ['read(credentials: aws ssm get-parameters --with-decryption)'] },
        ],
      },
      {
        sub: ['ssm', 'get-parameters-by-path'],
        when: ['--with-decryption'],
        effects: cred('aws ssm get-parameters-by-path --with-decryption'),
        examples: [
          {
            command: 'aws ssm get-parameters-by-path --path /prod --with-decryption',
            effects: ['read(credentials: aws ssm get-parameters-by-path --with-decryption)'],
          },
        ],
      },
      {
        // Mints a long-lived key and prints its secret (the only time it can be read).
        sub: ['iam', 'create-access-key'],
        effects: cred('aws iam create-access-key'),
        examples: [{ command: 'aws iam create-access-key --user-name me', effects: ['read(credentials: aws iam create-access-key)'] }],
      },
      prints('aws', ['ecr', 'get-authorization-token']),
      prints('aws', ['sso', 'get-role-credentials'], '--role-name r --account-id 1 --access-token t'),
      prints('aws', ['sts', 'get-federation-token'], '--name x'),
      prints('aws', ['sts', 'assume-role-with-web-identity'], '--role-arn x --role-session-name y --web-identity-token t'),
      prints('aws', ['rds', 'generate-db-auth-token'], '--hostname db --port 5432 --username app'),
      prints('aws', ['lightsail', 'get-relational-database-master-user-password'], '--relational-database-name db'),
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
      ...['set', 'unset'].map((sub) => ({
        sub: ['config', sub],
        effects: [{ kind: 'write-file' as const, what: '~/.config/gcloud' }],
        examples: [{ command: `gcloud config ${sub} project${sub === 'set' ? ' p' : ''}`, effects: ['write(/home/user/.config/gcloud, gcloud)'] }],
      })),
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
        // Prints the configuration with a fresh access token (credential.access_token).
        sub: ['config', 'config-helper'],
        effects: cred('gcloud config config-helper'),
        examples: [{ command: 'gcloud config config-helper --format=json', effects: ['read(credentials: gcloud config config-helper)'] }],
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
      // `az acr login` keeps the token in docker's store; --expose-token prints it instead.
      prints('az', ['acr', 'login'], '-n myreg --expose-token', { when: ['--expose-token'] }),
      { sub: ['acr', 'login'], examples: [{ command: 'az acr login -n myreg', effects: [] }] },
      prints('az', ['acr', 'credential', 'show'], '-n myreg'),
      // App settings and connection strings come back with their values (the app's secrets).
      prints('az', ['webapp', 'config', 'appsettings', 'list'], '-n app -g rg'),
      prints('az', ['functionapp', 'config', 'appsettings', 'list'], '-n fn -g rg'),
      prints('az', ['webapp', 'config', 'connection-string', 'list'], '-n app -g rg'),
      prints('az', ['staticwebapp', 'appsettings', 'list'], '-n site'),
      prints('az', ['containerapp', 'secret', 'show'], '-n app -g rg --secret-name db'),
      prints('az', ['storage', 'account', 'keys', 'list'], '-n store'),
      prints('az', ['storage', 'account', 'show-connection-string'], '-n store'),
      prints('az', ['cosmosdb', 'keys', 'list'], '-n db -g rg'),
      prints('az', ['redis', 'list-keys'], '-n cache -g rg'),
      // A new service principal or app secret is printed once, with its password.
      prints('az', ['ad', 'sp', 'create-for-rbac'], '-n ci'),
      prints('az', ['ad', 'sp', 'credential', 'reset'], '--id x'),
      prints('az', ['ad', 'app', 'credential', 'reset'], '--id x'),
      {
        // --file - prints the kubeconfig, client keys included; by default it is merged into ~/.kube/config.
        sub: ['aks', 'get-credentials'],
        takes: ['-f', '--file', '-n', '--name', '-g', '--resource-group'],
        valueIs: { '-f': ['-', '/dev/stdout'], '--file': ['-', '/dev/stdout'] },
        effects: cred('az aks get-credentials --file -'),
        examples: [{ command: 'az aks get-credentials -n k -g rg --file -', effects: ['read(credentials: az aks get-credentials --file -)'] }],
      },
      { sub: ['webapp', 'config', 'appsettings', 'set'], examples: [{ command: 'az webapp config appsettings set -n app -g rg --settings A=1', effects: [] }] },
    ],
  },
  {
    names: ['kubectl', 'oc'],
    otherwise: 'none',
    globalTakes: ['--context', '--kubeconfig', '-n', '--namespace', '--cluster', '--user', '-s', '--server'],
    rows: [
      {
        // --flatten embeds the certificates and keys and skips the redaction, like --raw.
        sub: ['config', 'view'],
        when: ['--raw', '--flatten'],
        effects: cred('kubectl config view --raw'),
        examples: [
          { command: 'kubectl config view --raw', effects: ['read(credentials: kubectl config view --raw)'] },
          { command: 'kubectl config view --minify --flatten', effects: ['read(credentials: kubectl config view --raw)'] },
        ],
      },
      ...['secret', 'secrets', 'secret.v1', 'secrets.v1'].map((kind) => ({
        // The data of a Secret comes out with any -o that prints fields (yaml, json, jsonpath, go-template,
        // custom-columns); the table, -o name and -o wide show names, types and counts only.
        sub: ['get', kind],
        when: ['-o', '--output'],
        // A template that names only metadata, type or kind fields (never data, annotations or `..`) prints no value.
        unlessValue: [
          'name',
          'wide',
          /^(?:jsonpath|jsonpath-as-json|go-template|template|custom-columns)=(?=[\s\S]*(?:metadata|\.type|\.kind))(?![\s\S]*(?:(?<!meta)data|annotations|\.\.))/i,
        ],
        takes: ['-o', '--output', '-l', '--selector', '-n', '--namespace', '--field-selector', '--template', '--sort-by', '--context'],
        effects: cred('kubectl get secret -o'),
        examples: [
          { command: `kubectl get ${kind} db -o jsonpath='{.data.password}'`, effects: ['read(credentials: kubectl get secret -o)'] },
          { command: `kubectl get ${kind} -n prod db -oyaml`, effects: ['read(credentials: kubectl get secret -o)'] },
          { command: `kubectl get ${kind} -o jsonpath='{.items[*].metadata.annotations}'`, effects: ['read(credentials: kubectl get secret -o)'] },
        ],
      })),
      { sub: ['config', 'view'], examples: [{ command: 'kubectl config view', effects: [] }] },
      // Mints a service account token and prints it.
      prints('kubectl', ['create', 'token'], 'default --duration 1h'),
      {
        // kubectl cp POD:SRC DEST: the pod's file copied here.
        sub: ['cp'],
        takes: ['-c', '--container', '-n', '--namespace', '--retries'],
        layout: 'copy',
        containerPaths: true,
        examples: [
          { command: 'kubectl cp api-0:/app/.env ./e.txt', effects: ['read(/app/.env, copy → e.txt)', 'write(e.txt, kubectl)'] },
          { command: 'kubectl cp prod/api-0:/app/.env .env.prod', effects: ['read(/app/.env, copy → .env.prod)', 'write(.env.prod, kubectl)'] },
        ],
      },
      {
        // --list prints the containers' environment with its literal values.
        sub: ['set', 'env'],
        when: ['--list'],
        effects: cred('kubectl set env --list'),
        examples: [{ command: 'kubectl set env deploy/api --list', effects: ['read(credentials: kubectl set env --list)'] }],
      },
      { sub: ['create', 'secret'], examples: [{ command: 'kubectl create secret generic db --from-env-file=.env.example', effects: [] }] },
    ],
  },
  {
    names: ['security'],
    rows: [
      {
        // -d decrypts every secret in the keychain; without it only the attributes are listed.
        sub: ['dump-keychain'],
        when: ['-d'],
        effects: cred('security dump-keychain -d'),
        examples: [{ command: 'security dump-keychain -d', effects: ['read(credentials: security dump-keychain -d)'] }],
      },
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
      prints('heroku', ['authorizations:create'], '-d ci'),
      {
        // Every config var with its value (API keys, DATABASE_URL with its password).
        sub: ['config'],
        takes: ['-a', '--app', '-r', '--remote'],
        effects: cred('heroku config'),
        examples: [{ command: 'heroku config', effects: ['read(credentials: heroku config)'] }],
      },
      {
        sub: ['config:get'],
        takes: ['-a', '--app', '-r', '--remote'],
        pos: ['cred'],
        examples: [{ command: 'heroku config:get DATABASE_URL -a app', effects: ['read(credentials: DATABASE_URL)'] }],
      },
    ],
  },
  {
    names: ['op'],
    otherwise: 'none',
    rows: [
      { sub: ['read'], effects: cred('op read'), examples: [{ command: 'op read op://vault/item/password', effects: ['read(credentials: op read)'] }] },
      // inject prints the template with its op:// references resolved, unless it writes a file (-o).
      prints('op', ['inject'], '-i config.tpl', { unless: ['-o', '--out-file'] }),
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
        sub: ['token', 'create'],
        effects: cred('vault token create'),
        examples: [{ command: 'vault token create -ttl=1h', effects: ['read(credentials: vault token create)'] }],
      },
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
    // pass: `show` (the default subcommand) prints the decrypted entry; -c/--clip copies it instead.
    names: ['pass', 'gopass'],
    otherwise: 'none',
    rows: [
      {
        sub: ['show'],
        unless: ['-c', '--clip', '-q', '--qrcode'],
        effects: cred('pass show'),
        examples: [{ command: 'pass show github/token', effects: ['read(credentials: pass show)'] }],
      },
      { sub: ['grep'], effects: cred('pass grep'), examples: [{ command: 'pass grep token', effects: ['read(credentials: pass grep)'] }] },
      ...[
        'init',
        'ls',
        'list',
        'find',
        'search',
        'insert',
        'add',
        'edit',
        'generate',
        'rm',
        'remove',
        'delete',
        'mv',
        'rename',
        'cp',
        'copy',
        'git',
        'help',
        'version',
        'otp',
        // gopass's own subcommands (an entry named like one is rare; `gopass show NAME` stays a print).
        'sync',
        'mounts',
        'new',
        'setup',
        'audit',
        'config',
        'clone',
        'create',
        'fsck',
        'recipients',
        'templates',
        'alias',
        'completion',
        'update',
        'pwgen',
        'totp',
        'history',
        'unclip',
        'link',
        'move',
        'env',
      ].map((sub) => ({ sub: [sub], examples: [{ command: `pass ${sub} x`, effects: [] }] })),
      {
        // Any other first word is an entry: `pass NAME` is `pass show NAME`.
        unless: ['-c', '--clip', '-q', '--qrcode', '--help', '--version'],
        effects: [{ kind: 'read-credentials', what: 'pass show', ifOperand: true }],
        examples: [
          { command: 'pass github/token', effects: ['read(credentials: pass show)'] },
          { command: 'pass', effects: [] },
        ],
      },
    ],
  },
  {
    // sops -d prints the decrypted file unless it writes it in place or to --output.
    names: ['sops'],
    otherwise: 'none',
    rows: [
      {
        when: ['-d', '--decrypt'],
        unless: ['-i', '--in-place', '--output'],
        effects: cred('sops --decrypt'),
        examples: [{ command: 'sops -d secrets.enc.yaml', effects: ['read(credentials: sops --decrypt)'] }],
      },
      {
        sub: ['decrypt'],
        unless: ['-i', '--in-place', '--output'],
        effects: cred('sops decrypt'),
        examples: [{ command: 'sops decrypt secrets.enc.yaml', effects: ['read(credentials: sops decrypt)'] }],
      },
    ],
  },
  {
    // PowerShell's SecretManagement (kept as written by the translation): -AsPlainText prints the
    // secret; without it Get-Secret returns a SecureString, which prints as its type name.
    names: ['Get-Secret'],
    otherwise: 'none',
    powershell: true,
    rows: [
      {
        when: ['-AsPlainText'],
        takes: ['-Name', '-Vault'],
        effects: cred('Get-Secret -AsPlainText'),
        examples: [
          { command: 'Get-Secret -Name GitHubToken -AsPlainText', effects: ['read(credentials: Get-Secret -AsPlainText)'] },
          { command: 'Get-Secret GitHubToken -asplain', effects: ['read(credentials: Get-Secret -AsPlainText)'] },
        ],
      },
      {
        takes: ['-Name', '-Vault'],
        examples: [
          { command: 'Get-Secret -Name GitHubToken', effects: [] },
          { command: 'Get-Secret -Name GitHubToken -Vault Local', effects: [] },
        ],
      },
    ],
  },
  {
    names: ['terraform', 'tofu', 'terragrunt'],
    otherwise: 'none',
    singleDashLong: true,
    rows: [
      {
        // The whole state, sensitive values in clear.
        sub: ['state', 'pull'],
        effects: cred('terraform state pull'),
        examples: [{ command: 'terraform state pull', effects: ['read(credentials: terraform state pull)'] }],
      },
      {
        // `terraform output` masks sensitive values; -json and -raw print them: every output when none is
        // named, else the one named (judged by its name).
        sub: ['output'],
        when: ['-json', '-raw'],
        takes: ['-state'],
        pos: ['cred'],
        effects: [{ kind: 'read-credentials', what: 'terraform output -json', ifNoOperand: true }],
        examples: [
          { command: 'terraform output -raw db_password', effects: ['read(credentials: db_password)'] },
          { command: 'terraform output -raw bucket_name', effects: ['read(credentials: bucket_name)'] },
          { command: 'terraform output -json', effects: ['read(credentials: terraform output -json)'] },
        ],
      },
      {
        // `terraform show` masks sensitive values; with -json it prints them in clear (state or plan).
        sub: ['show'],
        when: ['-json'],
        effects: cred('terraform show -json'),
        examples: [{ command: 'terraform show -json', effects: ['read(credentials: terraform show -json)'] }],
      },
    ],
  },
  {
    names: ['pulumi'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config'],
        when: ['--show-secrets'],
        effects: cred('pulumi config --show-secrets'),
        examples: [{ command: 'pulumi config --show-secrets', effects: ['read(credentials: pulumi config --show-secrets)'] }],
      },
      {
        // `pulumi config get KEY` prints a secret decrypted: judged by the key's name.
        sub: ['config', 'get'],
        takes: ['-s', '--stack'],
        pos: ['cred'],
        examples: [{ command: 'pulumi config get dbPassword', effects: ['read(credentials: dbPassword)'] }],
      },
      {
        sub: ['stack', 'output'],
        when: ['--show-secrets'],
        effects: cred('pulumi stack output --show-secrets'),
        examples: [{ command: 'pulumi stack output --show-secrets', effects: ['read(credentials: pulumi stack output --show-secrets)'] }],
      },
      {
        sub: ['stack', 'export'],
        when: ['--show-secrets'],
        effects: cred('pulumi stack export --show-secrets'),
        examples: [{ command: 'pulumi stack export --show-secrets', effects: ['read(credentials: pulumi stack export --show-secrets)'] }],
      },
    ],
  },
  {
    // Python's keyring CLI: `get SERVICE USER` prints the stored password (set, del and
    // --list-backends print none). Other subcommands keep the default for unknown programs.
    names: ['keyring'],
    rows: [prints('keyring', ['get'], 'github user')],
  },
  {
    // Rails' encrypted credentials: credentials:show and encrypted:show print them decrypted.
    names: ['rails'],
    rows: [prints('rails', ['credentials:show'], '--environment production'), prints('rails', ['encrypted:show'], 'config/secrets.yml.enc')],
  },
  {
    // .NET user secrets: `list` prints every secret of the project with its value.
    names: ['dotnet'],
    rows: [
      {
        ...prints('dotnet', ['user-secrets', 'list'], '--project src/Api'),
        takes: ['-p', '--project', '--id', '-c', '--configuration'],
      },
    ],
  },
  {
    // libsecret: `lookup` prints the secret, `search` prints the items with their secrets.
    names: ['secret-tool'],
    otherwise: 'none',
    rows: [
      {
        sub: ['lookup'],
        effects: cred('secret-tool lookup'),
        examples: [{ command: 'secret-tool lookup service github', effects: ['read(credentials: secret-tool lookup)'] }],
      },
      {
        sub: ['search'],
        effects: cred('secret-tool search'),
        examples: [{ command: 'secret-tool search service github', effects: ['read(credentials: secret-tool search)'] }],
      },
    ],
  },
  {
    // Bitwarden: `get` prints an item or one of its secrets, `list items` every item with its login.
    names: ['bw'],
    otherwise: 'none',
    rows: [
      { sub: ['get', 'template'], examples: [{ command: 'bw get template item', effects: [] }] },
      { sub: ['get'], effects: cred('bw get'), examples: [{ command: 'bw get password github', effects: ['read(credentials: bw get)'] }] },
      {
        sub: ['list', 'items'],
        effects: cred('bw list items'),
        examples: [{ command: 'bw list items --search github', effects: ['read(credentials: bw list items)'] }],
      },
    ],
  },
  {
    // LastPass: `show` prints every field, the password included, unless it copies (-c/--clip).
    names: ['lpass'],
    otherwise: 'none',
    rows: [
      {
        sub: ['show'],
        unless: ['-c', '--clip'],
        effects: cred('lpass show'),
        examples: [{ command: 'lpass show --password github', effects: ['read(credentials: lpass show)'] }],
      },
    ],
  },
  {
    // `vercel env pull FILE` writes the project's secrets to FILE (default .env.local): a print when FILE is stdout.
    names: ['vercel'],
    otherwise: 'none',
    rows: [
      {
        sub: ['env', 'pull'],
        takes: ['--environment', '--git-branch', '--token', '--scope'],
        pos: ['cred-out'],
        how: 'vercel env pull',
        examples: [
          { command: 'vercel env pull /dev/stdout', effects: ['read(credentials: vercel env pull /dev/stdout)'] },
          { command: 'vercel env pull .env.local', effects: ['write(.env.local, vercel env pull)'] },
        ],
      },
    ],
  },
  {
    names: ['doppler'],
    otherwise: 'none',
    rows: [
      {
        sub: ['secrets', 'download'],
        when: ['--no-file'],
        effects: cred('doppler secrets download --no-file'),
        examples: [{ command: 'doppler secrets download --no-file --format env', effects: ['read(credentials: doppler secrets download --no-file)'] }],
      },
      {
        sub: ['secrets', 'get'],
        effects: cred('doppler secrets get'),
        examples: [{ command: 'doppler secrets get DB_PASSWORD --plain', effects: ['read(credentials: doppler secrets get)'] }],
      },
      ...['set', 'delete', 'upload', 'substitute', 'download', 'names'].map((sub) => ({
        sub: ['secrets', sub],
        examples: [{ command: `doppler secrets ${sub} x`, effects: [] }],
      })),
      {
        // Bare `doppler secrets` prints the table of every secret with its value.
        sub: ['secrets'],
        unless: ['--only-names'],
        effects: cred('doppler secrets'),
        examples: [{ command: 'doppler secrets', effects: ['read(credentials: doppler secrets)'] }],
      },
    ],
  },
  {
    names: ['npm', 'pnpm', 'yarn'],
    otherwise: 'none',
    rows: [
      ...[
        ['run', 'env'],
        ['run-script', 'env'],
      ].map((sub) => ({
        // npm's built-in `env` script prints the environment the scripts get, tokens included.
        sub,
        effects: [{ kind: 'read-env' as const, what: 'environment' }],
        examples: [{ command: `npm ${sub.join(' ')}`, effects: ['read(env)'] }],
      })),
      {
        sub: ['config', 'get'],
        pos: ['cred'],
        examples: [{ command: 'npm config get //registry.npmjs.org/:_authToken', effects: ['read(credentials: //registry.npmjs.org/:_authToken)'] }],
      },
      // A new token is printed once.
      prints('npm', ['token', 'create'], '--read-only'),
      { sub: ['token', 'list'], examples: [{ command: 'npm token list', effects: [] }] },
    ],
  },
  {
    names: ['fly', 'flyctl'],
    otherwise: 'none',
    rows: [
      prints('fly', ['auth', 'token']),
      // Mints a deploy or org token and prints it.
      prints('fly', ['tokens', 'create'], 'deploy -x 24h'),
      prints('fly', ['tokens', 'deploy']),
      // Digests only.
      { sub: ['secrets', 'list'], examples: [{ command: 'fly secrets list', effects: [] }] },
    ],
  },
  {
    // gpg prints secret keys and decrypted files unless it writes them to --output.
    names: ['gpg', 'gpg2'],
    otherwise: 'none',
    rows: [
      prints('gpg', ['--export-secret-keys'], '', {
        sub: [],
        when: ['--export-secret-keys', '--export-secret-subkeys'],
        unless: ['-o', '--output'],
        examples: [{ command: 'gpg --armor --export-secret-keys', effects: ['read(credentials: gpg --export-secret-keys)'] }],
      }),
      prints('gpg', ['--decrypt'], '', {
        sub: [],
        when: ['-d', '--decrypt'],
        unless: ['-o', '--output'],
        examples: [{ command: 'gpg -d secrets.txt.gpg', effects: ['read(credentials: gpg --decrypt)'] }],
      }),
      {
        examples: [
          { command: 'gpg --armor --export me@example.com', effects: [] },
          { command: 'gpg --list-secret-keys --keyid-format=long', effects: [] },
          { command: 'gpg -o backup.asc --export-secret-keys', effects: [] },
        ],
      },
    ],
  },
  {
    // age and rage decrypt to stdout unless -o names a file; the identity file (-i) is used, not printed.
    names: ['age', 'rage'],
    rows: [
      {
        when: ['-d', '--decrypt'],
        unless: ['-o', '--output'],
        takes: ['-r', '--recipient', '-R', '--recipients-file'],
        opts: { '-i': 'meta', '--identity': 'meta' },
        rest: 'read',
        mode: 'hash',
        effects: cred('age --decrypt'),
        examples: [
          { command: 'age -d -i key.txt secrets.age', effects: ['read(key.txt, metadata)', 'read(secrets.age, hash)', 'read(credentials: age --decrypt)'] },
        ],
      },
      {
        takes: ['-r', '--recipient', '-R', '--recipients-file'],
        opts: { '-i': 'meta', '--identity': 'meta', '-o': 'write', '--output': 'write' },
        rest: 'read',
        mode: 'hash',
        examples: [
          {
            command: 'age -d -i key.txt -o secrets.txt secrets.age',
            effects: ['read(key.txt, metadata)', 'write(secrets.txt, age)', 'read(secrets.age, hash)'],
          },
          { command: 'age -r age1xyz -o .env.age .env', effects: ['write(.env.age, age)', 'read(.env, hash)'] },
        ],
      },
    ],
  },
  {
    // ansible-vault view prints the decrypted file; decrypt does too with --output -; edit, encrypt, create and rekey print nothing.
    names: ['ansible-vault'],
    otherwise: 'none',
    rows: [
      prints('ansible-vault', ['view'], 'group_vars/all/vault.yml'),
      {
        sub: ['decrypt'],
        takes: ['--output', '--vault-id', '--vault-password-file', '--vault-pass-file'],
        valueIs: { '--output': ['-', '/dev/stdout'] },
        effects: cred('ansible-vault decrypt --output -'),
        examples: [{ command: 'ansible-vault decrypt --output - vault.yml', effects: ['read(credentials: ansible-vault decrypt --output -)'] }],
      },
      { sub: ['edit'], examples: [{ command: 'ansible-vault edit group_vars/all/vault.yml', effects: [] }] },
      { sub: ['encrypt'], examples: [{ command: 'ansible-vault encrypt group_vars/all/vault.yml', effects: [] }] },
    ],
  },
  {
    names: ['infisical'],
    otherwise: 'none',
    rows: [
      // export prints every secret (dotenv, json, yaml) unless it writes them to --output-file.
      prints('infisical', ['export'], '--format=dotenv', { unless: ['--output-file'] }),
      prints('infisical', ['secrets', 'get'], 'DB_PASSWORD'),
      ...['set', 'delete', 'folders', 'generate-example-env'].map((sub) => ({
        sub: ['secrets', sub],
        examples: [{ command: `infisical secrets ${sub} x`, effects: [] }],
      })),
      // Bare `infisical secrets` prints the table of every secret with its value.
      prints('infisical', ['secrets'], '--env=prod'),
    ],
  },
  {
    names: ['chamber'],
    otherwise: 'none',
    rows: [
      prints('chamber', ['export'], 'prod', { unless: ['-o', '--output-file'] }),
      prints('chamber', ['read'], 'prod db_password'),
      prints('chamber', ['env'], 'prod'),
      prints('chamber', ['list'], '-e prod', { when: ['-e', '--expand'] }),
      { sub: ['list'], examples: [{ command: 'chamber list prod', effects: [] }] },
    ],
  },
  {
    names: ['supabase'],
    otherwise: 'none',
    rows: [
      {
        // -o env/json/yaml/toml prints the keys (service role, JWT secret) for the shell or a file; the
        // default summary is for reading the local stack's state (its keys are the local defaults).
        sub: ['status'],
        takes: ['-o', '--output', '--workdir'],
        valueIs: { '-o': ['env', 'json', 'yaml', 'toml'], '--output': ['env', 'json', 'yaml', 'toml'] },
        effects: cred('supabase status -o'),
        examples: [{ command: 'supabase status -o env', effects: ['read(credentials: supabase status -o)'] }],
      },
      { sub: ['status'], examples: [{ command: 'supabase status', effects: [] }] },
      // The API keys of a hosted project (anon and service_role).
      prints('supabase', ['projects', 'api-keys'], '--project-ref abc'),
    ],
  },
  {
    names: ['railway'],
    otherwise: 'none',
    rows: [
      // `railway variables` prints every variable with its value; --set changes one.
      prints('railway', ['variables'], '--kv', { unless: ['--set', '-s'] }),
      { sub: ['variables'], examples: [{ command: 'railway variables --set PORT=3000', effects: [] }] },
    ],
  },
  {
    names: ['teller'],
    otherwise: 'none',
    rows: [prints('teller', ['export'], 'env'), prints('teller', ['env'])],
  },
  {
    names: ['berglas'],
    otherwise: 'none',
    rows: [prints('berglas', ['access'], 'my-bucket/db-password')],
  },
  {
    names: ['firebase'],
    otherwise: 'none',
    rows: [prints('firebase', ['functions:config:get'])],
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
        // Modes that only look at keys (fingerprint, export, show, find in known_hosts, sign, …).
        when: ['-l', '-e', '-i', '-B', '-L', '-D', '-F', '-r', '-Q', '-Y', '-s', '-k', '-R', '-H', '-G', '-T', '-M', '-K'],
        takes: [
          '-P',
          '-N',
          '-C',
          '-t',
          '-b',
          '-E',
          '-O',
          '-Z',
          '-n',
          '-I',
          '-V',
          '-s',
          '-r',
          '-F',
          '-R',
          '-Y',
          '-D',
          '-z',
          '-m',
          '-w',
          '-a',
          '-M',
          '-G',
          '-T',
          '-J',
          '-j',
          '-K',
        ],
        opts: { '-f': 'meta' },
        rest: 'meta',
        examples: [{ command: 'ssh-keygen -l -f ~/.ssh/id_rsa', effects: ['read(/home/user/.ssh/id_rsa, metadata)'] }],
      },
      {
        // Generation (and -p, -c, which rewrite the key file): -f is written, with its .pub beside it.
        when: ['-f'],
        takes: ['-P', '-N', '-C', '-t', '-b', '-E', '-O', '-Z', '-n', '-I', '-V', '-z', '-m', '-a', '-w'],
        opts: { '-f': 'write' },
        how: 'ssh-keygen (writes the key)',
        examples: [
          { command: 'ssh-keygen -q -t ed25519 -N "" -f ./deploy_key', effects: ['write(deploy_key, ssh-keygen (writes the key))'] },
          { command: 'ssh-keygen -p -N new -f ~/.ssh/id_ed25519', effects: ['write(/home/user/.ssh/id_ed25519, ssh-keygen (writes the key))'] },
        ],
      },
      {
        // -A: every missing host key, in /etc/ssh.
        when: ['-A'],
        effects: [{ kind: 'write-file', what: '/etc/ssh' }],
        how: 'ssh-keygen -A',
        examples: [{ command: 'ssh-keygen -A', effects: ['write(/etc/ssh, ssh-keygen -A)'] }],
      },
      {
        // Generation without -f: with no terminal to ask on, the key goes to the default ~/.ssh/id_<type>.
        takes: ['-P', '-N', '-C', '-t', '-b', '-E', '-O', '-Z', '-n', '-I', '-V', '-z', '-m', '-a', '-w'],
        effects: [{ kind: 'write-file', what: '~/.ssh' }],
        how: 'ssh-keygen (the default key file)',
        examples: [{ command: 'ssh-keygen -t ed25519 -N ""', effects: ['write(/home/user/.ssh, ssh-keygen (the default key file))'] }],
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

import { minimatch } from 'minimatch';
import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { consumersOf, flags, outputRedirected, parseGit, secretPath, shq } from '../core/guards/helpers';
import { copyExcludes, secretGlob, secretOfPathVariable, secretWithin, type SecretHit } from '../core/guards/secret-paths';
import { findFiles } from '../core/guards/file-changes';
import { GIT_PRINTS_STORED, GIT_STORES } from '../core/programs/git';
import { analyzeShell, interpreterCode, relaunched, UNKNOWN, type Invocation, type ShellAnalysis, type Value } from '../core/shell/analyze';
import { codeVariables } from '../core/effects/code';
import { namesProduced, stagesOf, stagesOfScript, type NameSource, type Stage } from '../core/effects/producers';
import { CANONICAL_SECRET_NAMES, credentialPathVariable, isSecretVariableName, secretFileRow, type SecretKind } from '../core/secrets';
import { CODE_APIS } from '../core/programs/interpreters';
import { CODE_ENV } from '../core/programs/env';
import { basename, dirname, isSameOrAncestor, relativeTo, resolvePath } from '../core/paths';
import { analysisEffects, effectsOf, namesProjection } from '../core/effects/derive';
import { target, THERE } from '../core/effects/targets';
import { CREDENTIAL_SINKS } from '../core/programs/credentials';
import { READER_NAMES } from '../core/programs/files';
import type { Effect, Target } from '../core/programs/types';

type FileRead = Extract<Effect, { kind: 'read'; source: 'file' }>;

/** Programs that pass their input through to their output: piping a secret into them still prints it. */
const PASS_THROUGH = new Set([
  ...READER_NAMES,
  'tee',
  'tr',
  'sed',
  'gsed',
  'awk',
  'gawk',
  'grep',
  'egrep',
  'rg',
  'jq',
  'yq',
  'xargs',
  'echo',
  'printf',
  'openssl',
  'gpg',
]);
/** Programs that print what they are given as arguments. */
const PRINTERS = new Set(['echo', 'printf', 'print', 'printenv']);

/** How to test that a variable is set without printing it, per interpreter language (the advice of a computed-name denial). */
const TEST_INSTEAD: Record<string, string> = {
  python: "print('set' if os.environ.get('NAME') else 'unset')",
  js: "console.log(process.env.NAME ? 'set' : 'unset')",
  ruby: "puts(ENV['NAME'] ? 'set' : 'unset')",
  perl: "print defined $ENV{NAME} ? 'set' : 'unset'",
  php: "echo getenv('NAME') !== false ? 'set' : 'unset';",
};

export default defineGuard({
  id: 'secret-read',
  title: 'No printing of secret files or secret variables into the transcript',
  prevents: 'cat .env "just to see which variables exist" puts every value into the transcript, which is stored, synced and pasted into bug reports.',
  tools: ['Read', 'Grep', ...SHELL_TOOLS],
  check(call, ctx) {
    if (call.tool === 'Read' && call.path) {
      const hit = secretPath(call.path, ctx);
      return hit ? fileDenial(`Reading ${display(hit.path, ctx)}`, hit.path, hit.kind, ctx) : null;
    }
    if (call.tool === 'Grep') return judgeGrepTool(call.path ?? call.cwd, call.input, ctx);
    const analysis = ctx.shell();
    for (const ie of analysisEffects(analysis, ctx.home)) {
      for (const e of ie.effects) {
        const d = judge(e, ie.inv, ctx, analysis);
        if (d) return ie.inv.relaunch ? inside(d, e, ie.inv) : d;
      }
    }
    return sourceThenPrint(analysis, ctx) ?? loadThenPrint(analysis, ctx) ?? namesFedToReaders(analysis, ctx) ?? storedThenShown(analysis, ctx);
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import os; print(os.environ.get('GITHUB_TOKEN') or 'none')"` }, note: 'or returns the value' },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log(process.env.GITHUB_TOKEN?.trim())"` } },
      { tool_name: 'Bash', tool_input: { command: 'gh auth token > token.txt' }, note: 'a credential saved under a name that is not kept secret' },
      { tool_name: 'Bash', tool_input: { command: 'gopass show github/token' } },
      { tool_name: 'Bash', tool_input: { command: 'cut -d= -f2 .env' } },
      { tool_name: 'Bash', tool_input: { command: "awk -F= '{print $2}' .env" } },
      // Spread into an object that is printed, or a copy that is printed: still a dump.
      { tool_name: 'Bash', tool_input: { command: 'node -e "console.log(JSON.stringify({...process.env}))"' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; env = os.environ.copy(); print(env)"' } },
      { tool_name: 'Bash', tool_input: { command: 'node -e "console.log({ env: process.env })"' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .env' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .env | head -5' } },
      { tool_name: 'Bash', tool_input: { command: '< .env cat' } },
      { tool_name: 'Bash', tool_input: { command: 'head -n 3 config/.env.production' } },
      { tool_name: 'Bash', tool_input: { command: 'grep SECRET_KEY .env' } },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "print(open('.env').read())"` } },
      { tool_name: 'Bash', tool_input: { command: 'source .env && echo $SECRET_KEY' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env /tmp/e.txt && cat /tmp/e.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'git show HEAD:.env' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.aws/credentials' } },
      { tool_name: 'Bash', tool_input: { command: 'printenv | grep -i token' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .e*' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .en?' } },
      { tool_name: 'Bash', tool_input: { command: 'cat "$(echo .env)"' } },
      { tool_name: 'Bash', tool_input: { command: 'tac .env' } },
      { tool_name: 'Bash', tool_input: { command: 'awk 1 .env' } },
      { tool_name: 'Bash', tool_input: { command: 'base64 .env' } },
      { tool_name: 'Bash', tool_input: { command: 'git diff --no-index /dev/null .env' } },
      { tool_name: 'Bash', tool_input: { command: 'find . -name .env -exec cat {} \\;' } },
      { tool_name: 'Bash', tool_input: { command: 'docker compose config' } },
      { tool_name: 'Bash', tool_input: { command: 'cat $HOME/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/../.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $GITHUB_TOKEN' } },
      { tool_name: 'Bash', tool_input: { command: 'env' } },
      { tool_name: 'Read', tool_input: { file_path: '.env' } },
      { tool_name: 'Read', tool_input: { file_path: 'config/.env.production' } },
      { tool_name: 'Read', tool_input: { file_path: '/home/user/.ssh/id_rsa' } },
      { tool_name: 'Grep', tool_input: { pattern: 'SECRET', path: '.env', output_mode: 'content' } },
      // cousins: any reader, any spelling of the path
      { tool_name: 'Bash', tool_input: { command: 'dd if=.env' } },
      { tool_name: 'Bash', tool_input: { command: 'perl -ne print .env' } },
      { tool_name: 'Bash', tool_input: { command: 'rg --hidden --no-ignore KEY' }, fixture: { untracked: { '.env': 'KEY=1\n' } } },
      { tool_name: 'Bash', tool_input: { command: 'tar cf - .env | tar xOf -' } },
      { tool_name: 'Bash', tool_input: { command: 'xargs -a .env echo' } },
      { tool_name: 'Bash', tool_input: { command: 'git show :.env' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .ENV' } },
      { tool_name: 'Bash', tool_input: { command: '{cat,.env}' }, note: 'brace expansion builds the command' },
      { tool_name: 'Bash', tool_input: { command: 'cp .env /tmp/e.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'curl -s file://$PWD/.env' } },
      { tool_name: 'Bash', tool_input: { command: 'mytool .env' }, note: 'an unknown program given a secret file' },
      { tool_name: 'Bash', tool_input: { command: 'while read -r l; do echo "$l"; done < .env' }, note: 'the loop reads the file' },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "print(open('.e' + 'nv').read())"` } },
      { tool_name: 'Read', tool_input: { file_path: '.ENV' } },
      { tool_name: 'Grep', tool_input: { pattern: 'KEY', glob: '.env*', output_mode: 'content' } },
      // secret variables and environment dumps
      { tool_name: 'Bash', tool_input: { command: 'echo "${GITHUB_TOKEN:0:8}"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $OPENAI_API_KEY > /tmp/k.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'export -p' } },
      { tool_name: 'Bash', tool_input: { command: 'cat /proc/self/environ' } },
      { tool_name: 'Bash', tool_input: { command: 'strings /proc/$$/environ' } },
      { tool_name: 'Bash', tool_input: { command: 'systemctl --user show-environment' } },
      // inside a container, a pod, a dyno, or under a secret injector (the analysis runs what they run)
      { tool_name: 'Bash', tool_input: { command: 'docker exec app env' }, note: 'the alternative runs in the container too' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context dev exec api-0 -- cat /app/.env' } },
      { tool_name: 'Bash', tool_input: { command: 'heroku run printenv -a myapp' } },
      { tool_name: 'Bash', tool_input: { command: 'docker run --rm -v "$PWD":/w alpine cat /w/.env' }, note: 'the mounted /w is the project' },
      { tool_name: 'Bash', tool_input: { command: 'doppler run -- printenv' } },
      // credential printers
      { tool_name: 'Bash', tool_input: { command: 'gpg --armor --export-secret-keys' } },
      { tool_name: 'Bash', tool_input: { command: 'az acr login -n myreg --expose-token' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context dev create token default' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; print(os.environ)"' } },
      // tools that print stored credentials
      { tool_name: 'Bash', tool_input: { command: 'gh auth token' } },
      { tool_name: 'Bash', tool_input: { command: 'aws configure get aws_secret_access_key' } },
      { tool_name: 'Bash', tool_input: { command: 'printf "protocol=https\\nhost=github.com\\n" | git credential fill' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl config view --raw' } },
      // environment dumps in other programs, and variables read by name inside program text
      { tool_name: 'Bash', tool_input: { command: 'jq -n env' } },
      { tool_name: 'Bash', tool_input: { command: "jq -n '$ENV.GITHUB_TOKEN'" } },
      { tool_name: 'Bash', tool_input: { command: 'ps eww $$' }, note: 'BSD-style e: the environment of the process' },
      { tool_name: 'Bash', tool_input: { command: 'npm run env' } },
      { tool_name: 'Bash', tool_input: { command: 'awk \'BEGIN{for(k in ENVIRON) print k"="ENVIRON[k]}\'' } },
      { tool_name: 'Bash', tool_input: { command: 'php -i' } },
      { tool_name: 'Bash', tool_input: { command: 'for v in ${!GITHUB*}; do echo "${!v}"; done' }, note: 'indirection prints the values' },
      { tool_name: 'Bash', tool_input: { command: 'cat <<< "$GITHUB_TOKEN"' } },
      { tool_name: 'Bash', tool_input: { command: 'cat <<EOF\ntoken: $GITHUB_TOKEN\nEOF' }, note: 'an unquoted heredoc expands the variable' },
      { tool_name: 'Bash', tool_input: { command: 'pass github/token' }, note: 'pass NAME is pass show NAME' },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; print(os.environ[\'GITHUB_TOKEN\'])"' } },
      { tool_name: 'Bash', tool_input: { command: 'node -e "console.log(process.env.OPENAI_API_KEY)"' } },
      { tool_name: 'Bash', tool_input: { command: 'node -p process.env.GITHUB_TOKEN' } },
      { tool_name: 'Bash', tool_input: { command: 'ruby -e "puts ENV[\'GITHUB_TOKEN\']"' } },
      { tool_name: 'Bash', tool_input: { command: "perl -e 'print $ENV{GITHUB_TOKEN}'" } },
      // names that carry a credential, and parts of a secret
      { tool_name: 'Bash', tool_input: { command: 'echo ${GITHUB_TOKEN#ghp_}' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $DATABASE_URL' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $MONGODB_URI' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $SENTRY_DSN' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "$AZURE_STORAGE_CONNECTION_STRING"' } },
      { tool_name: 'Bash', tool_input: { command: 'aws ssm get-parameter --with-decryption --name /prod/db' } },
      { tool_name: 'Bash', tool_input: { command: 'aws iam create-access-key --user-name me' } },
      { tool_name: 'Bash', tool_input: { command: 'gcloud config config-helper --format=json' } },
      { tool_name: 'Bash', tool_input: { command: "kubectl get secret db -o jsonpath='{.data.password}'" } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl -n prod get secrets -o yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl config view --flatten' } },
      { tool_name: 'Bash', tool_input: { command: 'pass show github/token' } },
      { tool_name: 'Bash', tool_input: { command: 'sops -d secrets.enc.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform state pull' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform output -raw db_password' } },
      { tool_name: 'Bash', tool_input: { command: 'pulumi config --show-secrets' } },
      { tool_name: 'Bash', tool_input: { command: 'heroku config -a app' } },
      { tool_name: 'Bash', tool_input: { command: 'secret-tool lookup service github' } },
      { tool_name: 'Bash', tool_input: { command: 'gh config get -h github.com oauth_token' } },
      { tool_name: 'Bash', tool_input: { command: 'glab auth status -t' } },
      { tool_name: 'Bash', tool_input: { command: 'vault token create -ttl=1h' } },
      { tool_name: 'Bash', tool_input: { command: 'bw get password github' } },
      { tool_name: 'Bash', tool_input: { command: 'lpass show --password github' } },
      { tool_name: 'Bash', tool_input: { command: 'security dump-keychain -d' } },
      { tool_name: 'Bash', tool_input: { command: 'vercel env pull /dev/stdout' } },
      { tool_name: 'Bash', tool_input: { command: 'doppler secrets download --no-file --format env' } },
      // paths however they are built: folder globs, find's selection, variables naming credential files
      { tool_name: 'Bash', tool_input: { command: 'cat */.env.production' }, fixture: { untracked: { 'config/.env.production': 'K=1\n' } } },
      { tool_name: 'Bash', tool_input: { command: 'head ~/.gnupg/private-keys-v1.d/*.key' }, note: 'every file there is a private key' },
      {
        tool_name: 'Bash',
        tool_input: { command: "find . -name '.env*' -not -name '*.example' -exec cat {} +" },
        fixture: { untracked: { '.env': 'K=1\n', '.env.example': 'K=\n' } },
      },
      { tool_name: 'Bash', tool_input: { command: 'cat .dev.vars' } },
      { tool_name: 'Bash', tool_input: { command: "jq '.' .env.json" } },
      { tool_name: 'Bash', tool_input: { command: "terraform output -json | jq '.db_password.value'" } },
      { tool_name: 'Bash', tool_input: { command: 'source .env && printenv SECRET_KEY' } },
      { tool_name: 'Bash', tool_input: { command: 'cat "$GOOGLE_APPLICATION_CREDENTIALS"' } },
      { tool_name: 'Bash', tool_input: { command: 'cat "$DB_PASSWORD_FILE"' }, note: 'NAME_FILE holds NAME' },
      { tool_name: 'Bash', tool_input: { command: 'bash -xc \'curl -s -H "Authorization: Bearer $GH_TOKEN" https://api.github.com/user\'' }, note: 'xtrace' },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log(process.env['DB_'+'PASSWORD'])"` } },
      { tool_name: 'Bash', tool_input: { command: "python3 -c 'import os,sys; print(os.environ[sys.argv[1]])' OPENAI_API_KEY" } },
    ],
    allowed: [
      {
        tool_name: 'Bash',
        tool_input: { command: `python -c "import os; print('DJANGO_SECRET_KEY set' if os.environ.get('DJANGO_SECRET_KEY') else 'MISSING')"` },
        note: 'the value is tested, not printed',
      },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log(process.env.GITHUB_TOKEN ? 'set' : 'unset')"` } },
      // Names nobody can tell, to a program whose use of them nobody can tell: not a file read.
      { tool_name: 'Bash', tool_input: { command: 'gcrane ls registry.example.com/app | xargs -n 1 gcrane delete' } },
      { tool_name: 'Bash', tool_input: { command: 'gopass sync' } },
      { tool_name: 'Bash', tool_input: { command: 'keytool -list -keystore android/app/upload.keystore' } },
      { tool_name: 'Bash', tool_input: { command: 'doppler secrets download --no-file --format env > .env' }, note: 'kept aside under a secret name' },
      // Names-only projections of KEY=value lines (the values never print).
      { tool_name: 'Bash', tool_input: { command: 'cut -d= -f1 .env' } },
      { tool_name: 'Bash', tool_input: { command: "awk -F= '{print $1}' .env" } },
      { tool_name: 'Bash', tool_input: { command: "sed 's/=.*//' .env" } },
      { tool_name: 'Bash', tool_input: { command: "sed -n 's/=.*//p' .env" } },
      { tool_name: 'Bash', tool_input: { command: "jq -r 'keys[]' .env.json" } },
      { tool_name: 'Bash', tool_input: { command: 'terraform output -json | jq keys' }, note: 'the names of the outputs, not their values' },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "from dotenv import dotenv_values; print(sorted(dotenv_values('.env').keys()))"` } },
      { tool_name: 'PowerShell', tool_input: { command: 'Get-Content .env | Measure-Object -Line' } },
      { tool_name: 'Bash', tool_input: { command: 'source .env && echo $DB_HOST' }, note: 'a variable named as no secret' },
      { tool_name: 'Bash', tool_input: { command: 'set -a; . ./.env; set +a; printenv NODE_ENV' } },
      // Handing the environment to a child process passes it on; nothing is printed.
      { tool_name: 'Bash', tool_input: { command: "node -e \"require('child_process').spawnSync('make', [], { env: process.env, stdio: 'inherit' })\"" } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os, subprocess; subprocess.run([\'make\'], env=os.environ, check=True)"' } },
      { tool_name: 'Bash', tool_input: { command: "node -e \"require('child_process').spawnSync('make', [], { env: { ...process.env, CI: '1' } })\"" } },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import os, subprocess; env = os.environ.copy(); env['CI'] = '1'; subprocess.run(['make'], env=env)\"" },
      },
      { tool_name: 'Bash', tool_input: { command: 'grep -o "^[A-Z_]*=" .env' }, note: 'names only: the suggested alternative' },
      { tool_name: 'Bash', tool_input: { command: 'cat .env.example' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -r password docs/' } },
      { tool_name: 'Bash', tool_input: { command: 'set -a && source .env && npm run dev' }, note: 'loads without printing' },
      { tool_name: 'Bash', tool_input: { command: 'ls -la ~/.ssh' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env.example .env' } },
      { tool_name: 'Bash', tool_input: { command: 'grep -c API_KEY .env' } },
      { tool_name: 'Bash', tool_input: { command: 'printenv | cut -d= -f1' } },
      // Whether a variable is set, how many there are, their names: no value is printed.
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import os; print('GITHUB_TOKEN' in os.environ)"` } },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import os; print(len(os.environ))"` } },
      { tool_name: 'Bash', tool_input: { command: 'node -e "console.log(Object.keys(process.env).length)"' } },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log('CI' in process.env)"` } },
      { tool_name: 'Bash', tool_input: { command: 'env | sort | cut -d= -f1' }, note: 'sorted, then names only' },
      { tool_name: 'Bash', tool_input: { command: 'env | grep -i path' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "$GITHUB_TOKEN" | gh auth login --with-token' } },
      { tool_name: 'Bash', tool_input: { command: 'docker compose config --no-interpolate' } },
      { tool_name: 'Bash', tool_input: { command: 'ssh-keygen -l -f ~/.ssh/id_rsa' } },
      { tool_name: 'Bash', tool_input: { command: 'env NODE_ENV=test npm test' } },
      { tool_name: 'Bash', tool_input: { command: '[ -n "$GITHUB_TOKEN" ] && echo "GITHUB_TOKEN is set"' } },
      { tool_name: 'Read', tool_input: { file_path: '.env.example' } },
      { tool_name: 'Read', tool_input: { file_path: 'src/environment.ts' } },
      { tool_name: 'Read', tool_input: { file_path: 'secret_santa.py' } },
      { tool_name: 'Read', tool_input: { file_path: 'i18n/translation.key' } },
      { tool_name: 'Grep', tool_input: { pattern: 'SECRET', path: '.env' }, note: 'files_with_matches (the default) prints no values' },
      // the harmless operations on a secret file
      { tool_name: 'Bash', tool_input: { command: 'test -f .env && echo present' } },
      { tool_name: 'Bash', tool_input: { command: 'stat .env' } },
      { tool_name: 'Bash', tool_input: { command: 'wc -l .env' } },
      { tool_name: 'Bash', tool_input: { command: 'git check-ignore -q .env' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .env .env.backup' }, note: 'copied aside under another secret name' },
      { tool_name: 'Bash', tool_input: { command: 'chmod 600 .env' } },
      { tool_name: 'Bash', tool_input: { command: 'rg -n TODO' }, fixture: { untracked: { '.env': 'KEY=1\n' } }, note: 'rg skips hidden files' },
      {
        tool_name: 'Bash',
        tool_input: { command: 'grep -rn TODO .' },
        fixture: { untracked: { '.env': 'KEY=1\n' } },
        note: 'a search whose pattern cannot match a secret line',
      },
      { tool_name: 'Grep', tool_input: { pattern: 'TODO', glob: '*.ts', output_mode: 'content' } },
      // names that only look secret, and uses that print nothing
      { tool_name: 'Bash', tool_input: { command: 'echo ${#GITHUB_TOKEN}' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $TOKENIZER_PATH' } },
      { tool_name: 'Bash', tool_input: { command: 'export -p | cut -d= -f1' } },
      { tool_name: 'Bash', tool_input: { command: 'gh auth status' } },
      { tool_name: 'Bash', tool_input: { command: 'aws configure get region' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'aws ecr get-login-password | docker login --username AWS --password-stdin 1.dkr.ecr.us-east-1.amazonaws.com' },
      },
      { tool_name: 'Bash', tool_input: { command: 'git rm --cached .env' } },
      { tool_name: 'Bash', tool_input: { command: 'echo $TOKEN_COUNT_LIMIT' }, note: 'a count of tokens, not a token' },
      { tool_name: 'Bash', tool_input: { command: 'echo $MAX_TOKENS $DATABASE_HOST' } },
      { tool_name: 'Bash', tool_input: { command: 'ps aux' } },
      { tool_name: 'Bash', tool_input: { command: 'ps -ef' }, note: '-e is every process, not the environment' },
      { tool_name: 'Bash', tool_input: { command: 'jq .env config.json' }, note: 'a field named env' },
      { tool_name: 'Bash', tool_input: { command: "awk 'BEGIN{for(k in ENVIRON) print k}'" }, note: 'names only' },
      { tool_name: 'Bash', tool_input: { command: 'for v in ${!GITHUB*}; do echo "$v"; done' }, note: 'names only' },
      { tool_name: 'Bash', tool_input: { command: 'php -i | grep memory_limit' } },
      { tool_name: 'Bash', tool_input: { command: 'gh auth login --with-token <<< "$GITHUB_TOKEN"' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'cat > deploy.sh <<\'EOF\'\ncurl -H "Authorization: token $GITHUB_TOKEN" https://api.github.com/user\nEOF' },
        note: 'a quoted heredoc expands nothing',
      },
      { tool_name: 'Bash', tool_input: { command: 'cat <<EOF\nbuilding ${GITHUB_TOKEN:+with a token}\nEOF' } },
      { tool_name: 'Bash', tool_input: { command: 'pass ls' } },
      { tool_name: 'Bash', tool_input: { command: 'node -e "console.log(process.env.NODE_ENV)"' } },
      // the same tools, used in ways that print no secret
      {
        tool_name: 'Bash',
        tool_input: { command: 'aws ssm get-parameter --name /prod/region' },
        note: 'no --with-decryption: a SecureString stays ciphertext',
      },
      { tool_name: 'Bash', tool_input: { command: 'kubectl get secret db' }, note: 'the table: name, type, count of keys' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl get secrets -o name' } },
      { tool_name: 'Bash', tool_input: { command: "kubectl get secrets -o jsonpath='{.items[*].metadata.name}'" } },
      { tool_name: 'Bash', tool_input: { command: 'declare -A seen; seen[x]=1; echo "${!seen[@]}"' }, note: 'the keys of an array' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl describe secret db' }, note: 'describe shows sizes, not values' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl config view --minify' } },
      { tool_name: 'Bash', tool_input: { command: 'gh config get editor' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform output' }, note: 'sensitive outputs are masked' },
      { tool_name: 'Bash', tool_input: { command: 'terraform output -raw bucket_name' } },
      { tool_name: 'Bash', tool_input: { command: 'terraform state list' } },
      { tool_name: 'Bash', tool_input: { command: 'pass show -c github/token' }, note: 'copied to the clipboard, not printed' },
      { tool_name: 'Bash', tool_input: { command: 'sops -e -i secrets.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'heroku config:set NODE_ENV=production' } },
      { tool_name: 'Bash', tool_input: { command: 'glab auth status' } },
      { tool_name: 'Bash', tool_input: { command: 'security dump-keychain' }, note: 'attributes only, without -d' },
      { tool_name: 'Bash', tool_input: { command: 'vercel env pull .env.local' } },
      { tool_name: 'Bash', tool_input: { command: 'doppler secrets --only-names' } },
      { tool_name: 'Bash', tool_input: { command: 'doppler run -- npm start' } },
      { tool_name: 'Bash', tool_input: { command: 'pulumi config' } },
      { tool_name: 'Bash', tool_input: { command: 'ls */' } },
      { tool_name: 'Bash', tool_input: { command: 'find . -name .env' }, note: 'names only' },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.ts' -exec cat {} +" } },
      { tool_name: 'Bash', tool_input: { command: 'ls -l "$GOOGLE_APPLICATION_CREDENTIALS"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "$KUBECONFIG"' }, note: 'a path, not a secret' },
      { tool_name: 'Bash', tool_input: { command: "bash -xc 'npm test'" } },
      { tool_name: 'Bash', tool_input: { command: "node -e 'console.log(process.env[process.argv[1]])' HOME" } },
      { tool_name: 'Bash', tool_input: { command: 'docker exec app ls /app' } },
      { tool_name: 'Bash', tool_input: { command: 'docker exec app env | cut -d= -f1' }, note: 'names only, whoever prints them' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context dev exec api-0 -- cat /app/config/settings.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'gpg --armor --export me@example.com' }, note: 'a public key' },
      { tool_name: 'Bash', tool_input: { command: 'az acr login -n myreg' }, note: 'the token goes to docker, not the transcript' },
      { tool_name: 'Bash', tool_input: { command: 'age -d -i key.txt -o secrets.txt secrets.age' }, note: 'decrypted into a file' },
      { tool_name: 'Bash', tool_input: { command: 'ansible-vault edit group_vars/all/vault.yml' } },
      { tool_name: 'Bash', tool_input: { command: 'supabase status' }, note: "the local stack's state" },
    ],
  },
});

/**
 * A denial of a command a launcher runs (`docker exec app env`, `doppler run -- printenv`): said of
 * where it runs, and its alternative run there too, unless what it read is a file of this machine
 * (a folder the container mounts), which the alternative reads here.
 */
function inside(d: Denial, e: Effect, inv: Invocation): Denial {
  const where = inv.elsewhere ?? inv.injected ?? 'a launcher';
  const secrets = inv.injected ? ` (with the secrets ${inv.injected} puts in its environment)` : '';
  const reason = `Run by ${where}${inv.elsewhere ? ', in that environment' : ''}${secrets}: ${d.reason}`;
  const local = e.kind === 'read' && e.source === 'file' && e.target.path !== null && inv.hostRoots?.some((r) => isSameOrAncestor(r, e.target.path!));
  const instead = d.instead && !local ? relaunched(inv, d.instead) : d.instead;
  return { ...d, reason, ...(instead ? { instead } : {}) };
}

/**
 * Deny by default: an effect that reads a secret counts as printing it, except the harmless
 * modes (names, counts, metadata, hashes, loading, opening in an editor, a copy under another
 * secret name, and a search whose pattern cannot match a value).
 */
function judge(e: Effect, inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Denial | null {
  if (e.kind !== 'read') return null;
  switch (e.source) {
    case 'file':
      return judgeFileRead(e, inv, ctx, analysis);
    case 'env':
      if (leavesQuietly(inv, analysis)) return null;
      return {
        reason: `${inv.program || 'This command'} prints every environment variable, tokens and keys included, into the transcript. List the names only.`,
        instead: 'printenv | cut -d= -f1',
      };
    case 'variable': {
      if (e.computed) {
        if (!e.printed || leavesQuietly(inv, analysis)) return null;
        const test = TEST_INSTEAD[interpreterCode(inv)?.lang ?? ''];
        return {
          unanalysable: true,
          reason: `${inv.program} code prints an environment variable whose name (${e.name}) is computed only when it runs, so whether it is a secret cannot be seen. Write the variable's name as a literal string, or test whether it is set instead of printing it${test ? ` (${test})` : ''}.`,
        };
      }
      const credential = e.stdin || e.indirect ? null : codeReadsCredentialFile(e.name, inv);
      if (credential) return credential;
      // A here-string is printed by a program that passes its input through (cat <<< "$T"); an
      // argument by a printer (echo "$T"); jq's $ENV.T and awk's ENVIRON["T"] by the program itself.
      const prints = e.printed || (e.stdin ? PASS_THROUGH.has(inv.program) && !namesOnly(inv) && !safeFilter(inv) : PRINTERS.has(inv.program));
      // Under xtrace (bash -x, set -x) the shell prints every command to stderr with its words expanded.
      if (inv.xtrace && !e.stdin && !e.printed && !e.indirect && isSecretVariableName(e.name) && !stderrDiscarded(inv)) {
        return {
          reason: `${inv.program} runs with shell tracing on (bash -x / set -x), which prints the command with $${e.name} expanded, so the secret value goes to the transcript. Run it without tracing (drop -x, or set +x before it).`,
        };
      }
      if (!prints || leavesQuietly(inv, analysis)) return null;
      if (e.indirect) {
        return {
          reason: `${inv.program} \${!${e.name}} prints the value of whichever variable $${e.name} names when it runs, so any secret of the environment can be printed. List the names, not the values.`,
          instead: 'printenv | cut -d= -f1',
        };
      }
      if (!isSecretVariableName(e.name)) return null;
      return {
        reason: `${inv.program} ${e.stdin ? 'reading ' : ''}$${e.name}${e.stdin ? ' on stdin' : ''} prints a secret value ${outputRedirected(inv) ? 'into a file' : 'into the transcript'}. Check that it is set, not what it is.`,
        instead: `[ -n "$${e.name}" ] && echo "${e.name} is set"`,
      };
    }
    case 'credentials': {
      if (!e.secret && !isSecretVariableName(e.name.replace(/[^A-Za-z0-9]+/g, '_'))) return null;
      // Piped only into a login that reads it, or into a projection that keeps names (| jq keys) or a count.
      const consumers = outputRedirected(inv) ? [] : consumersOf(inv, analysis);
      if (consumers.length > 0 && consumers.every((c) => credentialSink(c) || harmlessConsumer(c))) return null;
      // Saved under a secret name (`doppler secrets download --no-file > .env`): kept aside, like a copy of a secret file.
      const into = stdoutFile(inv, ctx);
      if (into === '/dev/null' || (into && secretPath(into, ctx))) return null;
      return {
        reason: `${e.name} prints a stored credential ${into ? `into ${display(into, ctx)}, a file not kept as a secret` : 'into the transcript'}. Check that the login works instead (gh auth status, aws sts get-caller-identity, kubectl auth whoami), or pipe it straight into the command that needs it.`,
      };
    }
  }
}

/**
 * Interpreter code that opens the file a credential-path variable names and prints
 * (`print(json.load(open(os.environ['GOOGLE_APPLICATION_CREDENTIALS'])))`): reading that credential file.
 */
function codeReadsCredentialFile(name: string, inv: Invocation): Denial | null {
  const row = credentialPathVariable(name);
  const code = row ? interpreterCode(inv) : null;
  const api = code ? CODE_APIS[code.lang] : undefined;
  const print = code ? CODE_ENV[code.lang]?.printCall : undefined;
  if (!row || !code || !api?.read.test(code.code) || !print) return null;
  if (![...code.code.matchAll(/(?<![\w.$])[\w.$]+(?=\s*\()/g)].some((m) => print.test(m[0]))) return null;
  return {
    reason: `${inv.program} code opens the file $${name} names (${row.title}) and prints, which puts the credential into the transcript. Check that the file exists (test -f "$${name}") instead of reading it.`,
    instead: `test -f "$${name}" && echo "${name} is a file"`,
  };
}

/** stderr (where xtrace writes) goes to /dev/null for this command. */
function stderrDiscarded(inv: Invocation): boolean {
  return inv.redirects.some((r) => (r.op === '>' || r.op === '&>') && (r.fd === 2 || r.op === '&>') && r.target?.known === '/dev/null');
}

/** The file a program's standard output is redirected to (`> f`, `>> f`), when the line names it. */
function stdoutFile(inv: Invocation, ctx: GuardContext): string | null {
  for (const r of inv.redirects) {
    if (!r.target || !['>', '>>', '>|'].includes(r.op) || (r.fd !== null && r.fd !== 1)) continue;
    const path = r.target.known === null ? null : resolvePath(inv.cwd ?? ctx.projectDir, r.target.known, ctx.home);
    // /dev/stdout, /dev/tty, /dev/fd/1: still the transcript.
    return path?.startsWith('/dev/') && path !== '/dev/null' ? null : path;
  }
  return null;
}

function judgeFileRead(e: FileRead, inv: Invocation, ctx: GuardContext, analysis: ShellAnalysis): Denial | null {
  if (!['content', 'copy', 'search', 'search-visible'].includes(e.mode)) return null;
  const hit = secretTarget(e.target, ctx, analysis, inv);
  const what = `${inv.program || 'a command'} ${e.target.value.word.raw}`;
  if (hit) {
    // cat .env | wc -l, export $(grep -v '^#' .env | xargs): the output only reaches a count or the environment.
    if (e.mode !== 'copy' && quietSink(inv, analysis, 0)) return null;
    if (e.mode === 'copy' && e.to?.path && !e.to.value.glob && secretPath(e.to.path, ctx)) return null; // copied aside under another secret name
    if (inv.program === 'docker' || inv.program === 'docker-compose' || inv.program === 'podman') {
      return {
        reason: `${inv.program} compose config prints the compose file with every \${VAR} from ${display(hit.path, ctx)} substituted, secrets included.`,
        instead: inv.program === 'docker-compose' ? 'docker-compose config --no-interpolate' : `${inv.program} compose config --no-interpolate`,
      };
    }
    const verb =
      e.mode !== 'copy'
        ? what
        : inv.program === 'ln'
          ? `${what} links the secret under the name ${e.to?.value.word.raw ?? 'of another file'}, which no guard knows is secret, so any later read prints it; it`
          : `${what} copies the secret out to ${e.to?.value.word.raw ?? 'another file'}, where any reader prints it; it`;
    return fileDenial(verb, hit.path, hit.kind, ctx);
  }
  // An archive of a folder written to stdout (`tar czf - -C ~ .ssh`, `zip -r - ~/.aws`): the secrets inside it are printed.
  if (e.mode === 'copy' && e.target.path && e.to?.value.known === '-') {
    const within = secretWithin(e.target.path, ctx, copyExcludes(inv));
    // A hidden folder of the home that cannot be listed here (~/.ssh, ~/.aws): the credential files such folders hold.
    const homeStore = e.target.path.startsWith(`${ctx.home}/.`) && ctx.listDir(e.target.path).length === 0;
    const stored = homeStore
      ? CANONICAL_SECRET_NAMES.filter((n) => !n.startsWith('.env'))
          .map((n) => secretPath(`${e.target.path}/${n}`, ctx))
          .find((h) => h !== null)
      : null;
    const inside = within === 'limit' ? null : (within ?? stored ?? null);
    if (inside)
      return fileDenial(
        `${what} (${within ? `which holds ${display(inside.path, ctx)}` : `a folder of credentials such as ${display(inside.path, ctx)}`}) writes the archive to stdout, where it is printed; it`,
        inside.path,
        inside.kind,
        ctx,
      );
  }
  // `while read -r f; do cat "$f"; done`: a file whose name the model does not compute (UNKNOWN) can be any file, .env included.
  const unknown = e.mode === 'content' ? unknownName(e.target.value) : null;
  if (unknown && !quietSink(inv, analysis, 0))
    return {
      unanalysable: true,
      reason: `Agent Guard cannot check this command completely: ${what} prints a file whose name is not on the command line (${unknown}), so whether it is a secret such as .env cannot be seen. Name the files you mean literally (cat src/a.ts src/b.ts), or list them first (git ls-files) and read them by name.`,
    };
  if (e.mode === 'search' && e.target.path && searchPatternMayMatchValues(e.pattern ?? null)) {
    const inside = secretEntry(e.target.path, ctx);
    if (inside)
      return fileDenial(
        `${inv.program} searching ${e.target.value.word.raw} (which holds ${display(inside.path, ctx)}) for ${e.pattern === null || e.pattern === undefined ? 'a computed pattern' : JSON.stringify(e.pattern)}`,
        inside.path,
        inside.kind,
        ctx,
      );
  }
  return null;
}

/** Why a file's name is unknown (an UNKNOWN part in its last name: "$f", "dir/$f"), or null. */
function unknownName(v: Value): string | null {
  if (v.known !== null) return null;
  for (const p of v.possible) {
    let end = p.text.length;
    while (end > 1 && p.text[end - 1] === '/') end--;
    const last = p.text.slice(p.text.lastIndexOf('/', end - 1) + 1, end);
    if (last.includes(UNKNOWN)) return p.because.join('; ');
  }
  return null;
}

/**
 * A secret file named by the target: directly, via a glob (wildcards in any part), via a variable
 * naming a credential file (`"$KUBECONFIG"`), via what find hands to `{}`, or via a copy/link made
 * earlier on the line. A glob or find too large to list makes the line unanalysable.
 */
function secretTarget(t: Target, ctx: GuardContext, analysis: ShellAnalysis, inv?: Invocation): SecretHit | null {
  const byVariable = secretOfPathVariable(t.value, ctx);
  if (byVariable || !t.path) return byVariable;
  if (inv?.findRoots && basename(t.path) === '{}') {
    const found = findFiles(inv, analysis, ctx);
    for (const p of found) {
      const hit = secretPath(p, ctx);
      if (hit) return hit;
    }
    return null;
  }
  if (t.value.glob) {
    const hit = secretGlob(t.path, ctx);
    if (hit === 'limit') {
      analysis.limit ??= 'files';
      return null;
    }
    return hit;
  }
  return secretPath(analysis.aliases.get(t.path) ?? t.path, ctx);
}

/** A secret file directly inside `dir` (optionally matching a glob); the canonical names when the directory cannot be read. */
function secretEntry(dir: string, ctx: GuardContext, glob?: string): { path: string; kind: SecretKind } | null {
  const entries = ctx.listDir(dir);
  const candidates = entries.length > 0 ? entries : glob ? CANONICAL_SECRET_NAMES : [];
  for (const name of candidates.slice(0, 2000)) {
    if (glob && !minimatch(name, glob, { dot: true, nocase: true })) continue;
    const hit = secretPath(`${dir === '/' ? '' : dir}/${name}`, ctx);
    if (hit) return hit;
  }
  return null;
}

/** A search pattern that could print a secret line: unknown, match-all, an assignment, or a secret-looking word. */
function searchPatternMayMatchValues(pattern: string | null): boolean {
  if (pattern === null) return true;
  if (pattern.includes('\n')) return pattern.split('\n').some(searchPatternMayMatchValues); // grep -e A -e B
  const p = pattern.trim();
  if (p === '' || /^[\^$.*]*$/.test(p) || p.includes('=')) return true;
  if (/key|token|secret|pass|auth|cred|private|bearer/i.test(p)) return true;
  return p.split(/[^A-Za-z0-9_]+/).some((w) => w !== '' && isSecretVariableName(w));
}

/** The Grep tool: content output from a secret path, or from a glob that reaches secret files. */
function judgeGrepTool(path: string, input: Record<string, unknown>, ctx: GuardContext): Denial | null {
  if (input.output_mode !== 'content') return null;
  const glob = typeof input.glob === 'string' ? input.glob : null;
  const direct = secretPath(path, ctx);
  if (direct) return fileDenial(`Grep with output_mode "content" on ${display(direct.path, ctx)}`, direct.path, direct.kind, ctx);
  if (!glob) return null;
  const patterns = glob
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((g) => basename(g));
  for (const g of patterns) {
    const inDir = secretEntry(path, ctx, g);
    const canonical = inDir ? null : CANONICAL_SECRET_NAMES.find((n) => minimatch(n, g, { dot: true, nocase: true }) && secretPath(`${path}/${n}`, ctx));
    const hitPath = inDir?.path ?? (canonical ? `${path}/${canonical}` : null);
    const hit = hitPath ? secretPath(hitPath, ctx) : null;
    if (hit) return fileDenial(`Grep with output_mode "content" and glob ${JSON.stringify(glob)}`, hit.path, hit.kind, ctx);
  }
  return null;
}

/** Programs that only reorder or cut lines: what leaves them is what their own consumers make of it (env | sort | cut -d= -f1). */
const REORDERERS = new Set(['sort', 'uniq', 'head', 'tail', 'tac']);
const MAX_HOPS = 8;

/** The output goes only to consumers that print names or nothing (cut -f1, grep -c, a login reading stdin). */
function leavesQuietly(inv: Invocation, analysis: ShellAnalysis, hops = 0): boolean {
  if (outputRedirected(inv)) return false;
  const consumers = consumersOf(inv, analysis);
  return (
    consumers.length > 0 &&
    consumers.every(
      (c) =>
        namesOnly(c) ||
        safeFilter(c) ||
        !PASS_THROUGH.has(c.program) ||
        (REORDERERS.has(c.program) &&
          !c.args.some((a) => a.known === '-o' || (a.known ?? '').startsWith('--output')) &&
          hops < MAX_HOPS &&
          leavesQuietly(c, analysis, hops + 1)),
    )
  );
}

function credentialSink(inv: Invocation): boolean {
  return CREDENTIAL_SINKS.some((s) => s.program === inv.program && inv.args[0]?.known === s.sub && inv.args.some((a) => s.flags.includes(a.known ?? '')));
}

/** Consumers that print only a count, a hash or names, or keep what they read (a login reading stdin). */
function harmlessConsumer(c: Invocation): boolean {
  return (namesOnly(c) && !outputRedirected(c)) || credentialSink(c) || HASHERS.has(c.program);
}
const HASHERS = new Set(['md5', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'b3sum', 'cksum', 'sum', 'shasum', 'xxhsum']);
/** Filters whose output is a part of their input: harmless when their own output is. (tee and sponge copy it to a file.) */
const FILTERS = new Set([...PASS_THROUGH].filter((p) => !['tee', 'sponge', 'echo', 'printf', 'openssl', 'gpg'].includes(p)));
/** Builtins whose NAME=value arguments are assignments: a substitution's output given to them is loaded, not printed. */
const ASSIGNERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/**
 * Whether everything `inv` prints ends in a harmless place: consumers that count or hash, filters
 * whose own output does, or a `$( )` whose text becomes assignments (`export $(cat .env | xargs)`).
 * Bounded: a pipeline or substitution chain is walked at most 16 deep.
 */
function quietSink(inv: Invocation, analysis: ShellAnalysis, depth: number): boolean {
  if (depth > 16 || outputRedirected(inv)) return false;
  const consumers = consumersOf(inv, analysis);
  if (consumers.length > 0)
    return consumers.every((c) =>
      // The command xargs runs gets the lines as arguments: an echo's output is xargs's own, judged with xargs.
      c.via[c.via.length - 1] === 'xargs' && c.program !== 'xargs'
        ? PRINTERS.has(c.program) && !outputRedirected(c)
        : harmlessConsumer(c) || (FILTERS.has(c.program) && quietSink(c, analysis, depth + 1)),
    );
  if (inv.via[inv.via.length - 1] !== '$()') return false;
  const outer = substitutionConsumer(inv, analysis);
  if (!outer) return false;
  return ASSIGNERS.has(outer.program) && !outer.args.some((a) => a.known === '-p');
}

/** The command a `$( )` call's output is given to: the next command at the outer level (substitutions run first). */
function substitutionConsumer(inv: Invocation, analysis: ShellAnalysis): Invocation | null {
  const list = analysis.invocations;
  const depth = inv.via.length - 1;
  for (let i = list.indexOf(inv) + 1; i < list.length && i < list.indexOf(inv) + 64; i++) {
    const next = list[i]!;
    if (next.via.length < depth) return null;
    if (next.via.length === depth && next.via.every((v, k) => v === inv.via[k])) return next;
  }
  return null;
}

/**
 * A secret env file loaded for one process (node --env-file, docker run --env-file, dotenv --,
 * direnv exec), and that process prints it: its own code reads a secret variable or dumps the
 * environment, or the command it runs prints one.
 */
function loadThenPrint(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  for (const ie of analysisEffects(analysis, ctx.home)) {
    const inv = ie.inv;
    if (inv.program === 'source' || inv.program === '.') continue; // the shell's own: sourceThenPrint
    for (const e of ie.effects) {
      if (e.kind !== 'read' || e.source !== 'file' || e.mode !== 'load' || !e.target.path) continue;
      const hit = secretTarget(e.target, ctx, analysis) ?? secretEntry(e.target.path, ctx);
      if (!hit) continue;
      const printer = printsLoaded(inv, ie.effects, ctx);
      if (!printer) continue;
      return {
        reason: `${inv.program} loads ${display(hit.path, ctx)} into the environment of ${printer}, which prints secret values into the transcript. Load it only for the process that needs it, and check names, not values.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', relativeTo(ctx.projectDir, hit.path) || hit.path),
      };
    }
  }
  return null;
}

/** What in this invocation prints the environment it was given, or null. */
function printsLoaded(inv: Invocation, effects: Effect[], ctx: GuardContext): string | null {
  const code = interpreterCode(inv);
  if (code) {
    if (effects.some((e) => e.kind === 'read' && e.source === 'env')) return `${inv.program}, whose code prints the whole environment`;
    const secret = codeVariables(code.code).find(isSecretVariableName);
    if (secret) return `${inv.program}, whose code reads ${secret}`;
  }
  for (const e of effects) {
    if (e.kind !== 'execute' || e.lang !== 'shell') continue;
    if (e.text === null) return 'a command computed at run time';
    const child = analyzeShell(e.text, { cwd: inv.cwd ?? ctx.projectDir, home: ctx.home, projectDir: ctx.projectDir });
    for (const c of analysisEffects(child, ctx.home)) {
      for (const ce of c.effects) {
        if (ce.kind === 'read' && (ce.source === 'env' || ce.source === 'variable') && judge(ce, c.inv, ctx, child))
          return `the command it runs (${c.inv.program})`;
      }
      const cc = interpreterCode(c.inv);
      const secret = cc ? codeVariables(cc.code).find(isSecretVariableName) : undefined;
      if (secret) return `the command it runs (${c.inv.program}, which reads ${secret})`;
    }
  }
  return null;
}

/** Names a glob may match that would be secret: when a producer's glob matches none of them, no walk is needed. */
const SECRET_NAME_PROBES = [
  ...CANONICAL_SECRET_NAMES,
  '.envrc',
  '.env.test',
  'server.key',
  'server.pem',
  'key.pem',
  'keystore.p12',
  'master.key',
  'terraform.tfstate',
  'service-account.json',
  'id_ed25519',
];
const WALK_LIMIT = 3000;
const MARKER = '\u0001names';

/**
 * File names produced by a command and fed to a reader: `ls .env | xargs cat`, `find … -print0 |
 * xargs -0 cat`, `cat $(ls -a | grep '^\.env$')`, `find . -name .env | cpio -o`. The producer's
 * names are described as data (core/effects/producers.ts) and checked against the file system;
 * names the line cannot determine, in a folder that holds a secret, are denied.
 */
function namesFedToReaders(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  const list = analysis.invocations;
  for (let i = 0; i < list.length; i++) {
    const inv = list[i]!;
    // Names on stdin: xargs appends them to the command it runs; cpio -o reads the files they name.
    if (inv.pipeFrom && (inv.program === 'xargs' || (inv.program === 'cpio' && inv.args.some((a) => /^-[a-zA-Z]*o|^--create$/.test(a.known ?? ''))))) {
      if (inv.program === 'xargs' && inv.args.some((a) => /^(-a|--arg-file)/.test(a.known ?? ''))) continue;
      let reader: Invocation | null = inv;
      let assumed = false;
      if (inv.program === 'xargs') {
        const via = [...inv.via, 'xargs'];
        reader = list.slice(i + 1, i + 8).find((c) => c.via.length === via.length && c.via.every((v, k) => v === via[k])) ?? null;
        const reads = reader ? readsAppended(reader, ctx) : false;
        if (!reader || !reads) continue;
        assumed = reads === 'assumed';
      }
      const d = judgeNames(reader, stagesOf(inv.pipeFrom), inv.cwd, ctx, assumed);
      if (d) return d;
    }
    // A reader's argument that is one command substitution: the files it prints.
    for (const e of effectsOf(inv, ctx.home).effects) {
      if (e.kind !== 'read' || e.source !== 'file' || e.target.path !== null || !['content', 'copy', 'search'].includes(e.mode)) continue;
      if (e.mode === 'search' && !searchPatternMayMatchValues(e.pattern ?? null)) continue;
      const parts = e.target.value.word.parts;
      const sub = parts.length === 1 && parts[0]!.type === 'cmdsub' ? parts[0] : null;
      if (sub?.type !== 'cmdsub') continue;
      const d = judgeNames(inv, stagesOfScript(sub.script), inv.cwd, ctx);
      if (d) return d;
    }
  }
  return null;
}

/**
 * Whether the command xargs runs reads the files named by the lines it is given: 'known' for a
 * reader by its signature (cat, grep PATTERN), 'assumed' for a program whose use of its arguments
 * is not known (the conservative default: a secret name given to it is a read).
 */
function readsAppended(inv: Invocation, ctx: GuardContext): 'known' | 'assumed' | false {
  // A search whose pattern cannot match a secret line prints none (find … | xargs grep TODO).
  if (['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack'].includes(inv.program)) {
    const f = flags(inv.args, ['-e', '-f', '-m', '-A', '-B', '-C', '--regexp', '--max-count']);
    const e = inv.args.findIndex((a) => a.known === '-e' || a.known === '--regexp');
    const pattern = e >= 0 ? (inv.args[e + 1]?.known ?? null) : (f.positional[0]?.known ?? null);
    if (!searchPatternMayMatchValues(pattern) || namesOnly(inv)) return false;
  }
  const marker = { ...target(inv, inv.args[0] ?? inv.argv[0]!, ctx.home).value, known: MARKER, ifUnset: MARKER, glob: false, possible: [] };
  const probe: Invocation = { ...inv, args: [...inv.args, marker], redirects: [] };
  const reads = effectsOf(probe, ctx.home).effects.filter(
    (e) =>
      e.kind === 'read' &&
      e.source === 'file' &&
      (e.target.value.known === MARKER || e.target.value.known === '{}') &&
      (e.mode === 'content' || e.mode === 'copy' || (e.mode === 'search' && searchPatternMayMatchValues(e.pattern ?? null))),
  );
  if (reads.length === 0) return false;
  return reads.some((e) => e.kind === 'read' && e.source === 'file' && !e.assumed) ? 'known' : 'assumed';
}

function judgeNames(reader: Invocation, stages: Stage[], cwd: string | null, ctx: GuardContext, assumed = false): Denial | null {
  const source = namesProduced(stages);
  // Names nobody can tell (git rev-list, fswatch, fzf) handed to a program whose use of them nobody
  // can tell either: most such lines are not file reads at all, and denying them all is noise.
  if (assumed && source.kind === 'unknown') return null;
  const producer = stages.map((s) => s.program).join(' | ') || 'a command';
  const base = cwd ?? ctx.projectDir;
  const found = secretNamed(source, base, ctx);
  if (!found) return null;
  const where =
    source.kind === 'unknown'
      ? `whose names ${source.what} prints, which this command line cannot see, in a folder that holds`
      : `whose names ${producer} prints, and those include`;
  return {
    reason: `${reader.program || 'A command'} reads the files ${where} ${display(found.path, ctx)}: its secret values would be printed into the transcript. Name the files to read (leaving out the secret ones).`,
  };
}

/** A secret file among the names the source may print (checked on disk, bounded), or null. */
function secretNamed(source: NameSource, base: string, ctx: GuardContext): { path: string; kind: SecretKind } | null {
  switch (source.kind) {
    case 'none':
      return null;
    case 'unknown':
      return secretEntry(base, ctx);
    case 'paths':
      for (const p of source.paths) {
        const path = resolvePath(base, p, ctx.home);
        const hit = /[*?[]/.test(p) ? secretGlob(path, ctx) : secretPath(path, ctx);
        if (hit === 'limit') {
          ctx.shell().limit ??= 'files';
          continue;
        }
        if (hit) return hit;
      }
      return null;
    case 'walk': {
      const globs = source.globs;
      if (globs && !globs.some((g) => SECRET_NAME_PROBES.some((n) => minimatch(n, g, { dot: true, nocase: true })))) return null;
      let seen = 0;
      const walk = (dir: string, depth: number): { path: string; kind: SecretKind } | null => {
        for (const name of ctx.listDir(dir)) {
          if (++seen > WALK_LIMIT) return secretEntry(base, ctx); // too many to look through: judged as names not known
          if (!source.hidden && name.startsWith('.')) continue;
          const path = `${dir === '/' ? '' : dir}/${name}`;
          if (!globs || globs.some((g) => minimatch(name, g, { dot: true, nocase: true }))) {
            const hit = secretPath(path, ctx);
            if (hit && (source.tracked !== 'only' || tracked(path, ctx))) return hit;
          }
          if (source.recursive && depth < 8 && name !== '.git' && name !== 'node_modules') {
            const below = walk(path, depth + 1);
            if (below) return below;
          }
        }
        return null;
      };
      for (const r of source.roots) {
        const root = resolvePath(base, r, ctx.home);
        const direct = secretPath(root, ctx);
        if (direct) return direct;
        const hit = walk(root, 0);
        if (hit) return hit;
      }
      return null;
    }
  }
}

/** Whether git tracks the file (unknown counts as tracked). */
function tracked(path: string, ctx: GuardContext): boolean {
  const r = ctx.git(['ls-files', '--', path], dirname(path));
  return r === null || !r.ok || r.stdout.trim() !== '';
}

/**
 * A secret put into git's store earlier on the line (`git add -f .env`, `git stash push -u -- .env`),
 * then printed from there (`git diff --cached`, `git stash show -p`): the tables are in
 * core/programs/git.ts.
 */
function storedThenShown(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  let stored: { path: string; kind: SecretKind; by: string } | null = null;
  for (const inv of analysis.invocations) {
    const git = parseGit(inv, ctx.home, analysis);
    if (!git) continue;
    const words = git.args.map((a) => a.known ?? '');
    const subOf = (sub: string[]) => sub.length === 1 || sub.slice(1).every((w, k) => words[k] === w);
    if (stored) {
      const p = GIT_PRINTS_STORED.find((r) => r.sub[0] === git.sub && subOf(r.sub) && (!r.when || r.when.some((w) => words.includes(w))));
      if (p && !p.names.some((n) => words.includes(n))) {
        return {
          reason: `${stored.by} puts ${display(stored.path, ctx)} into git, and git ${p.sub.join(' ')} then prints its secret values into the transcript. Show names only.`,
          instead: `git ${p.sub.join(' ')} --stat`,
        };
      }
    }
    const row = GIT_STORES.filter((r) => r.sub[0] === git.sub && subOf(r.sub)).sort((a, b) => b.sub.length - a.sub.length)[0];
    if (!row || stored) continue;
    const rest = words.slice(row.sub.length - 1);
    const dd = rest.indexOf('--');
    const paths = (dd >= 0 ? rest.slice(dd + 1) : rest.filter((w) => !w.startsWith('-') && !/^stash@|^HEAD/.test(w))).filter((w) => w !== '');
    const cwd = git.cwd ?? inv.cwd ?? ctx.projectDir;
    let hit: { path: string; kind: SecretKind } | null = null;
    for (const p of paths) {
      const path = resolvePath(cwd, p, ctx.home);
      hit = secretPath(path, ctx) ?? (p === '.' || p.endsWith('/') ? secretEntry(path, ctx) : null);
      if (hit) break;
    }
    const all = row.sub[0] === 'add' ? rest.some((w) => w === '-A' || w === '--all') : paths.length === 0 && !!row.untrackedWith?.some((f) => rest.includes(f));
    if (!hit && all) hit = secretEntry(cwd, ctx);
    if (hit) stored = { ...hit, by: `git ${row.sub.join(' ')}` };
  }
  return null;
}

/** source .env, then printing variables. */
function sourceThenPrint(analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  const list = analysis.invocations;
  for (let i = 0; i < list.length; i++) {
    const inv = list[i]!;
    if ((inv.program !== 'source' && inv.program !== '.') || !inv.args[0]) continue;
    const t = inv.args[0];
    const hit = secretTarget(target(inv, t, ctx.home), ctx, analysis);
    if (!hit) continue;
    const printer = list.slice(i + 1).find(printsEnvironment);
    if (printer) {
      return {
        reason: `Loading ${display(hit.path, ctx)} and then printing variables (${printer.program}) puts secret values into the transcript. Load it only for the process that needs it, and check names, not values.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', t.known ?? '.env'),
      };
    }
  }
  return null;
}

/** grep -c/-l/-q, cut -f1, awk '{print $1}': only names or counts come out. */
function namesOnly(inv: Invocation): boolean {
  const known = inv.args.map((a) => a.known ?? '');
  const p = inv.program;
  if (['grep', 'egrep', 'fgrep', 'rg'].includes(p)) {
    const f = flags(inv.args, ['-e', '-f', '-m', '-A', '-B', '-C']);
    if (
      f.short.has('c') ||
      f.short.has('l') ||
      f.short.has('L') ||
      f.short.has('q') ||
      f.long.has('--count') ||
      f.long.has('--files-with-matches') ||
      f.long.has('--quiet')
    )
      return true;
    if (f.short.has('o') || f.long.has('--only-matching')) {
      const pattern = f.positional[0]?.known ?? '';
      return !/\.|\\S|\\w|\[\^/.test(pattern);
    }
    return false;
  }
  if (p === 'cut') return known.some((a) => /^(-f|--fields=?)1$/.test(a) || a === '-f1') || (known.includes('-f') && known[known.indexOf('-f') + 1] === '1');
  if (p === 'awk' || p === 'gawk') {
    const prog = known.find((a) => a.includes('print'));
    return prog !== undefined && /print \$1\b/.test(prog) && !/\$([2-9]|0|NF)/.test(prog);
  }
  // cut -d= -f1, awk -F= '{print $1}', sed 's/=.*//', jq keys: the names of what they read.
  if (namesProjection(inv)) return true;
  return ['wc', 'sha256sum', 'md5sum', 'stat', 'true', 'test'].includes(p);
}

/** grep for a word that is not a secret's name: env | grep -i path. */
function safeFilter(inv: Invocation): boolean {
  if (!['grep', 'egrep', 'rg'].includes(inv.program)) return false;
  const pattern = flags(inv.args, ['-e', '-m']).positional[0]?.known ?? '';
  return pattern !== '' && !searchPatternMayMatchValues(pattern);
}

/**
 * Whether this command prints variables a loaded file may hold secrets in: a dump (env, printenv,
 * set), or a variable that is a secret by name or not named at all (`${!v}`, `$*`). Printing a
 * variable named as no secret (`echo $DB_HOST`, `printenv NODE_ENV`) after loading .env shows that value only.
 */
function printsEnvironment(inv: Invocation): boolean {
  const risky = (name: string, op: string) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || op === 'other' || isSecretVariableName(name);
  if (inv.program === 'echo' || inv.program === 'printf')
    return inv.args.some((a) => a.word.parts.some((p) => p.type === 'param' && risky(p.name, p.op)) || a.word.parts.some((p) => p.type === 'cmdsub'));
  if (inv.program === 'printenv' && !inv.wrapper && inv.args.length > 0)
    return inv.args.some((a) => a.known === null || a.known.startsWith('-') || risky(a.known, ''));
  if ((inv.program === 'env' || inv.program === 'printenv') && !inv.wrapper) return true;
  if ((inv.program === 'set' || inv.program === 'export') && inv.args.length === 0) return true;
  return false;
}

function display(path: string, ctx: GuardContext): string {
  // A relative path of a command run elsewhere (heroku run cat .env) stays relative: it is not ours.
  const there = relativeTo(THERE, path);
  if (there) return there;
  const rel = relativeTo(ctx.projectDir, path);
  if (rel !== null && rel !== '') return rel;
  const inHome = relativeTo(ctx.home, path);
  return inHome !== null ? `~/${inHome}` : path;
}

function fileDenial(what: string, path: string, kind: SecretKind, ctx: GuardContext): Denial {
  const shown = display(path, ctx);
  const target = shown.startsWith('~/') || relativeTo(THERE, path) ? shown : relativeTo(ctx.projectDir, path) !== null ? shown : path;
  switch (kind) {
    case 'dotenv':
    case 'configured':
      return {
        reason: `${what} prints the secret values in ${shown} into the transcript, where they are stored and shared. To see which variables exist, list the names only.`,
        instead: shq('grep', '-o', '^[A-Z_]*=', target),
      };
    case 'private-key':
      return {
        reason: `${what} prints a private key into the transcript; anyone who reads the transcript can then use it. To identify the key, show its fingerprint.`,
        instead: shq('ssh-keygen', '-l', '-f', target),
      };
    case 'cloud-credentials':
      return {
        reason: `${what} prints cloud credentials into the transcript. To see which profile and keys are configured (masked), ask the CLI.`,
        instead: 'aws configure list',
      };
    case 'token-file':
      return {
        reason: `${what} prints access tokens into the transcript. Check that a login works (e.g. npm whoami, gh auth status) instead of reading the token.`,
      };
    case 'credentials-file': {
      const row = secretFileRow(path, ctx.home);
      return {
        reason: `${what} prints ${row?.title ?? 'stored credentials'} (${shown}) into the transcript, where they are stored and shared.${row?.instead ? ' To see what it configures without the values, list the names only.' : ' Check that the tool works instead of reading the file.'}`,
        ...(row?.instead ? { instead: row.instead.replace('{}', shq(target)) } : {}),
      };
    }
    case 'environment':
      return {
        reason: `${what} prints a process's whole environment, tokens and keys included, into the transcript. List the names only.`,
        instead: 'printenv | cut -d= -f1',
      };
  }
}

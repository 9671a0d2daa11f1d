// Round 4's "secret files" and "credential printers" classes (ADVERSARY.md, Round 4 item 7), as
// families: the cousins an adversary tries once one spelling is blocked, and the ordinary calls of
// the same tools that print no secret. Written before the rows they exercise
// (core/secrets.ts SECRET_FILES and the ~/.ssh rule, core/programs/credentials.ts).

export interface Cousin {
  family: 'secret files' | 'credential printers';
  command: string;
  expect: 'deny' | 'allow';
  /** A tool other than Bash, with its input (then `command` is only the test's name). */
  tool?: string;
  input?: Record<string, unknown>;
}

const deny = (family: Cousin['family'], command: string): Cousin => ({ family, command, expect: 'deny' });
const allow = (family: Cousin['family'], command: string): Cousin => ({ family, command, expect: 'allow' });
const viaTool = (family: Cousin['family'], expect: Cousin['expect'], tool: string, input: Record<string, unknown>): Cousin => ({
  family,
  command: `${tool} ${JSON.stringify(input)}`,
  expect,
  tool,
  input,
});
const F = 'secret files' as const;
const P = 'credential printers' as const;

export const SECRETS_R4_COUSINS: Cousin[] = [
  // ---- every file of ~/.ssh but the public ones is a private key, whatever its name ----
  deny(F, 'cat ~/.ssh/deploy_key'),
  deny(F, 'cat ~/.ssh/github'),
  deny(F, 'base64 ~/.ssh/work_ed25519'),
  deny(F, 'head -5 "$HOME/.ssh/gitlab-ci"'),
  deny(F, 'cp ~/.ssh/deploy_key /tmp/k && cat /tmp/k'),
  allow(F, 'cat ~/.ssh/config'),
  allow(F, 'cat ~/.ssh/config.local'),
  allow(F, 'cat ~/.ssh/known_hosts.old'),
  allow(F, 'cat ~/.ssh/known_hosts'),
  allow(F, 'cat ~/.ssh/authorized_keys'),
  allow(F, 'cat ~/.ssh/deploy_key.pub'),
  allow(F, 'cat ~/.ssh/id_ed25519-cert.pub'),
  allow(F, 'cat ~/.ssh/allowed_signers'),
  allow(F, 'ls -la ~/.ssh'),
  allow(F, 'ssh-keygen -l -f ~/.ssh/deploy_key'),
  allow(F, 'grep -n Host ~/.ssh/config'),
  // ---- act's secrets file (KEY=value, `act --secret-file .secrets` by default) ----
  deny(F, 'cat .secrets'),
  deny(F, 'cat ci/.secrets'),
  deny(F, 'grep TOKEN .secrets'),
  allow(F, "grep -o '^[A-Z_]*=' .secrets"),
  allow(F, 'cat secrets.md'),
  allow(F, 'ls -a'),
  // ---- browsers' password and cookie stores ----
  deny(F, 'cat ~/.mozilla/firefox/abcd.default-release/logins.json'),
  deny(F, 'strings ~/.mozilla/firefox/abcd.default-release/key4.db'),
  deny(F, 'sqlite3 ~/.mozilla/firefox/abcd.default-release/cookies.sqlite "select * from moz_cookies"'),
  deny(F, 'sqlite3 "$HOME/.config/google-chrome/Default/Login Data" "select username_value, password_value from logins"'),
  deny(F, 'strings "$HOME/.config/chromium/Profile 1/Cookies"'),
  deny(F, 'cat "$HOME/Library/Application Support/Google/Chrome/Default/Login Data"'),
  deny(F, 'cp "$HOME/.config/BraveSoftware/Brave-Browser/Default/Login Data" /tmp/ld && sqlite3 /tmp/ld "select * from logins"'),
  allow(F, 'cat ~/.mozilla/firefox/profiles.ini'),
  allow(F, 'ls "$HOME/.config/google-chrome/Default"'),
  allow(F, 'cat "$HOME/.config/google-chrome/Default/Preferences"'),
  allow(F, 'cat src/logins.json'),
  // ---- gcloud's token databases, read by a database shell ----
  deny(F, 'sqlite3 ~/.config/gcloud/access_tokens.db "select * from access_tokens"'),
  deny(F, 'sqlite3 ~/.config/gcloud/credentials.db .dump'),
  deny(F, 'sqlite3 -json ~/.config/gcloud/credentials.db "select value from credentials"'),
  allow(F, 'sqlite3 app.db "select * from users limit 5"'),
  allow(F, 'sqlite3 data/dev.sqlite .tables'),
  allow(F, 'cat ~/.config/gcloud/configurations/config_default'),
  allow(F, 'gcloud config list'),
  // ---- python-dotenv's CLI run as a module prints what `dotenv list` prints ----
  deny(F, 'python3 -m dotenv list'),
  deny(F, 'python -m dotenv get API_KEY'),
  deny(F, 'python3 -m dotenv -f .env.production list'),
  allow(F, 'python3 -m dotenv --help'),
  allow(F, 'python3 -m dotenv run -- pytest -q'),
  allow(F, 'python3 -m json.tool package.json'),
  // ---- git printing what it has stored of a secret file: its history, a stash ----
  deny(F, 'git log -p --all -- "*.env*"'),
  deny(F, 'git stash show -p stash@{0} -- .env'),
  deny(F, 'git log -p -- .env'),
  deny(F, 'git log --patch --follow -- config/.env.production'),
  deny(F, 'git show HEAD~3 -- .env'),
  deny(F, 'git diff HEAD -- .env'),
  allow(F, 'git log --stat -- .env'),
  allow(F, 'git log --oneline -- .env'),
  allow(F, 'git log -p -- src/app.ts'),
  allow(F, 'git log -p -- .env.example'),
  allow(F, 'git show --stat HEAD -- .env'),
  allow(F, 'git stash show -p stash@{0} -- src/'),
  allow(F, 'git log -p -3'),
  // ---- other read tools of the host read files too ----
  viaTool(F, 'deny', 'NotebookRead', { notebook_path: '.env' }),
  viaTool(F, 'deny', 'NotebookRead', { notebook_path: '/home/user/.ssh/deploy_key' }),
  viaTool(F, 'allow', 'NotebookRead', { notebook_path: 'notebooks/analysis.ipynb' }),
  viaTool(F, 'allow', 'NotebookRead', { notebook_path: '.env.example' }),

  // ---- tools that print a stored secret ----
  deny(P, 'keyring get github user'),
  deny(P, 'keyring get system username'),
  deny(P, 'rails credentials:show'),
  deny(P, 'bin/rails credentials:show --environment production'),
  deny(P, 'rails encrypted:show config/secrets.yml.enc'),
  deny(P, 'dotnet user-secrets list'),
  deny(P, 'dotnet user-secrets list --project src/Api'),
  deny(P, 'dotnet user-secrets list --json'),
  deny(P, 'terraform show -json'),
  deny(P, 'terraform show -json | jq .values'),
  deny(P, 'tofu show -json tfplan'),
  allow(P, 'keyring --list-backends'),
  allow(P, 'keyring diagnose'),
  allow(P, 'rails routes'),
  allow(P, 'rails credentials:help'),
  allow(P, 'dotnet user-secrets init --project src/Api'),
  allow(P, 'dotnet user-secrets remove ConnectionStrings:Db'),
  allow(P, 'dotnet build'),
  allow(P, 'terraform show'),
  allow(P, 'terraform show -no-color tfplan'),
  allow(P, 'terraform show -json | jq keys'),
];

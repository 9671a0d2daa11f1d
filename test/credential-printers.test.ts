// Credential printers and environment dumps (core/programs/credentials.ts, env.ts): the
// cousins an adversary tries once `gh auth token` is blocked (other tools, other spellings of the
// same subcommand) and the uses of the same tools that print no secret, through the whole guard set
// in the corpus fixture.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFixture } from '../core/guards/fixture';
import { CASE_FIXTURE } from './cases/guard-cases';
import { evaluateAt } from './support/run';

const deny = (command: string) => ({ command, expect: 'deny' as const });
const allow = (command: string) => ({ command, expect: 'allow' as const });

/** Written before the rows, as an adversary would. */
export const PRINTER_COUSINS = [
  // ---- tools that print a stored or freshly minted credential ----
  deny('az acr login -n myreg --expose-token'),
  deny('az acr login --name myreg --expose-token --output tsv --query accessToken'),
  deny('az acr credential show -n myreg'),
  deny('az webapp config appsettings list -n app -g rg'),
  deny('az functionapp config appsettings list -n fn -g rg'),
  deny('az webapp config connection-string list -n app -g rg'),
  deny('az storage account keys list -n store'),
  deny('az ad sp create-for-rbac -n ci'),
  deny('az aks get-credentials -n k -g rg --file -'),
  deny('flyctl auth token'),
  deny('fly auth token'),
  deny('fly tokens create deploy -x 24h'),
  deny('kubectl --context dev create token default'),
  deny('kubectl --context dev create token builder -n ci --duration 24h'),
  deny('kubectl --context dev set env deploy/api --list'),
  deny('gpg --armor --export-secret-keys'),
  deny('gpg --export-secret-subkeys ABCD1234'),
  deny('gpg -a --export-secret-keys me@example.com | base64'),
  deny('gpg2 --export-secret-keys'),
  deny('gpg -d secrets.txt.gpg'),
  deny('gpg --decrypt --quiet creds.json.gpg'),
  deny('infisical export --format=dotenv'),
  deny('infisical export'),
  deny('infisical secrets --env=prod'),
  deny('infisical secrets get DB_PASSWORD --plain'),
  deny('ansible-vault view group_vars/all/vault.yml'),
  deny('ansible-vault decrypt --output - vault.yml'),
  deny('ansible-vault decrypt --output=- vault.yml'),
  deny('age -d -i key.txt secrets.age'),
  deny('age --decrypt -i ~/.age/key.txt secrets.age'),
  deny('rage -d -i key.txt x.age'),
  deny('chamber export prod'),
  deny('chamber export --format dotenv prod'),
  deny('chamber read prod db_password'),
  deny('chamber env prod'),
  deny('chamber list -e prod'),
  deny('supabase status -o env'),
  deny('supabase status --output json'),
  deny('supabase projects api-keys --project-ref abc'),
  deny('heroku authorizations:create -d ci'),
  deny('npm token create --read-only'),
  deny('op inject -i config.tpl'),
  deny('railway variables'),
  deny('railway variables --kv'),
  deny('teller export env'),
  deny('berglas access my-bucket/db-password'),
  deny('firebase functions:config:get'),
  deny('aws ecr get-authorization-token'),
  deny('aws rds generate-db-auth-token --hostname db --port 5432 --username app'),
  deny('aws sso get-role-credentials --role-name r --account-id 1 --access-token t'),
  // ---- the environment, by another door ----
  deny('strings /proc/$$/environ'),
  deny('xxd /proc/$$/environ'),
  deny('od -c /proc/$PPID/environ'),
  deny('base64 /proc/$BASHPID/environ'),
  deny("tr '\\0' '\\n' < /proc/$$/environ"),
  deny('systemctl --user show-environment'),
  deny('systemctl show-environment'),
  deny('systemctl --user show-environment | grep -i token'),
  deny('export -n | cat'),
  deny('export -n'),
  deny('printenv -0'),
  deny('launchctl export'),
  deny('launchctl getenv AWS_SECRET_ACCESS_KEY'),
  // ---- the same tools, printing no secret ----
  allow('az acr login -n myreg'),
  allow('az webapp config appsettings set -n app -g rg --settings A=1'),
  allow('az aks get-credentials -n k -g rg'),
  allow('fly secrets list'),
  allow('gpg --armor --export me@example.com'),
  allow('gpg --list-secret-keys --keyid-format=long'),
  allow('gpg -o backup.asc --export-secret-keys'),
  allow('gpg --verify release.tar.gz.sig release.tar.gz'),
  allow('gpg -e -r me@example.com notes.txt'),
  allow('age -d -i key.txt -o secrets.txt secrets.age'),
  allow('age -r age1xyz -o .env.age .env'),
  allow('ansible-vault edit group_vars/all/vault.yml'),
  allow('ansible-vault encrypt group_vars/all/vault.yml'),
  allow('ansible-vault decrypt group_vars/all/vault.yml'),
  allow('infisical export --format=dotenv --output-file=.env'),
  allow('infisical secrets set NODE_ENV=production'),
  allow('chamber list prod'),
  allow('chamber export -o .env prod'),
  allow('supabase status'),
  allow('supabase start'),
  allow('kubectl --context dev set env deploy/api LOG_LEVEL=debug'),
  allow('npm token list'),
  allow('railway variables --set PORT=3000'),
  allow('systemctl --user status'),
  allow('systemctl --user show-environment | cut -d= -f1'),
  allow('export -n FOO'),
  allow('export -p | cut -d= -f1'),
  allow('cat /proc/$$/status'),
  allow('ls /proc/$$/'),
  allow('printenv HOME'),
];

describe('credential printers and environment dumps: cousins through the guard set', () => {
  const root = buildFixture(CASE_FIXTURE);
  for (const c of PRINTER_COUSINS) {
    test(`${c.expect} ${c.command}`, () => {
      const v = evaluateAt('Bash', { command: c.command }, root, root).evaluation.verdict;
      if (c.expect === 'allow') assert.equal(v, null, `denied by ${v?.guardId}: ${v?.reason}`);
      else {
        assert.ok(v, 'expected a deny by secret-read');
        assert.equal(v.guardId, 'secret-read', v.reason);
        if (v.instead) {
          const again = evaluateAt('Bash', { command: v.instead }, root, root).evaluation.verdict;
          assert.equal(again, null, `instead ${v.instead} denied by ${again?.guardId}: ${again?.reason}`);
        }
      }
    });
  }
});

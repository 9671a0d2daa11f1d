// Precision next to secrets: ordinary commands run in the corpus repository, where .env and
// config/.env.production exist, pass every guard. The effects layer reads every program's
// arguments, so this is where a too-eager signature or the unknown-program default would show.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CASE_FIXTURE } from './cases/guard-cases';
import { buildFixture } from '../core/guards/fixture';
import { evaluateAt } from './support/run';
const root = buildFixture(CASE_FIXTURE);
const CMDS = `ls -la
ls -a
find . -maxdepth 1 -name ".env*"
find . -type f -name "*.ts" | head
grep -rn "import" src
grep -rn TODO .
grep -ril "todo" .
rg TODO
rg -n "function" src
rg --hidden -n TODO
rg --files
git grep -n TODO
cat package.json | jq .scripts
jq -r .version package.json
node -e "console.log(require('./package.json').version)"
python3 -c "import json;print(json.load(open('package.json'))['version'])"
python3 -c "import os; print(os.environ.get('HOME'))"
python3 -c "import os; print(os.getenv('NODE_ENV'))"
node -e "console.log(process.env.NODE_ENV)"
node -p "process.env.PATH"
diff .env.example config/.env.production.example
cp .env.example .env.local.example
docker compose --env-file .env up -d
docker run --env-file .env -p 3000:3000 app
npx dotenv -e .env -- npm start
dotenvx run -f .env -- node server.js
env -u FOO npm test
env -i PATH="$PATH" npm test
printenv NODE_ENV
echo "$HOME"
echo "PATH is $PATH"
echo "token set: \${GITHUB_TOKEN:+yes}"
[ -z "$API_KEY" ] && echo "API_KEY missing"
test -n "$DATABASE_URL" || exit 1
export DATABASE_URL="postgres://localhost/app"
source .venv/bin/activate
. ./scripts/env.sh
curl -sS -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/repos/o/r/pulls
curl -fsSL -H "Authorization: token $GH_TOKEN" "https://api.github.com/repos/o/r/releases/latest"
gh api -H "Accept: application/vnd.github+json" /user
gh auth status
gh auth login --with-token < /tmp/token.txt
npm config get registry
aws configure get region
aws sts get-caller-identity
aws s3 ls s3://bucket/
gcloud config list
kubectl get secrets
kubectl config get-contexts
kubectl config view --minify
ssh-keygen -t ed25519 -f ./deploy_key -N ""
ssh-keygen -l -f ~/.ssh/id_ed25519.pub
ssh -i ~/.ssh/id_ed25519 deploy@host.example.com uptime
ssh-add -l
chmod 600 ~/.ssh/id_ed25519
openssl rand -hex 32
openssl x509 -in cert.pem -noout -text
base64 -d < encoded.txt > decoded.bin
tar czf backup.tgz src package.json
tar xzf backup.tgz -C /tmp/restore
tar tzf backup.tgz
zip -r site.zip dist
unzip -o site.zip -d /tmp/site
cp -r src /tmp/src-backup
mv dist dist.old
rsync -av --exclude node_modules ./ /tmp/mirror/
scp dist/app.tar.gz deploy@host.example.com:/srv/
sed -n '1,40p' src/app.test.ts
sed -i 's/old/new/g' src/environment.ts
perl -pi -e 's/foo/bar/' src/environment.ts
awk '{print $1}' access.log
awk -F, '{s+=$2} END {print s}' data.csv
sort -u names.txt | uniq -c
wc -l src/*.ts
head -c 200 package-lock.json
tail -f logs/app.log
less README.md
xxd -l 64 bin/app
file bin/app
stat -c %s package-lock.json
du -sh .
tree -a -L 1
make -n
make clean
python3 manage.py migrate
python3 -m pytest tests/
node scripts/build.mjs
bash scripts/setup.sh
psql -c "\\dt"
psql -f migrations/001_init.sql
mysql -e "SHOW GRANTS"
sqlite3 app.db .tables
redis-cli get session:1
git log -p -- src/app.ts
git show HEAD --stat
git diff HEAD~1 -- package-lock.json
git blame -L 1,20 src/app.test.ts
git stash list
git add -p
git rm --cached .env
git check-ignore -v .env
git ls-files --others --exclude-standard
echo ".env" >> .gitignore
printf "NODE_ENV=development\\n" > .env.local
cat .env.example > .env
touch .env && chmod 600 .env
crontab -l | grep backup
xargs -n1 echo < files.txt
find . -name "*.log" -exec gzip {} +
find src -name "*.ts" -exec grep -l TODO {} +
watch -n 5 kubectl --context kind-dev get pods
time npm test
nohup node server.js > server.log 2>&1 &
terraform plan -out tf.plan
terraform apply tf.plan
helm --kube-context kind-dev upgrade --install app ./chart
pulumi preview
cdk diff
npm publish --dry-run
cargo publish --dry-run
composer install
bundle exec rspec
go run ./cmd/server
docker exec -it app sh -c "ls /app"
docker logs --tail 100 app
docker compose config --services
set -euo pipefail; npm test`.split('\n');
test(`${CMDS.length} ordinary commands in a repository holding .env files pass every guard`, () => {
  const denied: string[] = [];
  for (const command of CMDS) {
    const v = evaluateAt('Bash', { command }, root, root).evaluation.verdict;
    if (v) denied.push(`${command}\n    → ${v.guardId}: ${v.reason}`);
  }
  assert.deepEqual(denied, []);
});

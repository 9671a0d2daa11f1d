// Precision: the commands agents run all day must pass the whole guard set untouched.
// One false block on correct work and users uninstall the guard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAt, PROJECT } from './support/run';

const EVERYDAY = [
  'npm install', 'npm ci', 'npm test', 'npm run build 2>&1 | tail -20', 'npx tsc --noEmit', 'npx prettier --write src/', 'yarn add -D vitest', 'pnpm install --frozen-lockfile',
  'git status', 'git diff', 'git diff --staged', 'git log --oneline -20', 'git add src/app.ts', 'git commit -am "fix: handle empty input"', 'git commit -m "$(cat <<\'EOF\'\nfeat: x\n\nbody\nEOF\n)"',
  'git push origin feature/login', 'git push -u origin HEAD', 'git fetch --all --prune', 'git pull --rebase', 'git rebase main', 'git merge --no-ff feature/x', 'git checkout -b fix/bug', 'git switch main',
  'git stash', 'git stash pop', 'git branch -d old-feature', 'git tag v1.2.3', 'git worktree add ../wt feature', 'git rev-parse --show-toplevel', 'git blame src/app.ts', 'git show HEAD~1:src/app.ts',
  'ls -la', 'ls -la ~/.ssh', 'pwd', 'cat package.json', 'cat README.md | head -50', 'head -n 20 src/index.ts', 'wc -l src/*.ts', 'find . -name "*.ts" -not -path "./node_modules/*"', 'grep -rn "TODO" src/',
  'rg -n "useState" src', 'tree -L 2', 'du -sh node_modules', 'mkdir -p build/out && cp -r public build/', 'mv src/old.ts src/new.ts', 'rm -rf node_modules dist coverage', 'rm -f build/*.o', 'touch src/new.ts',
  'chmod +x scripts/*.sh', 'sed -i "s/foo/bar/g" src/app.ts', 'echo "done" >> build.log', 'tee output.log < input.txt', 'sort -u names.txt > unique.txt',
  'python -m pytest -x -q', 'python3 -m venv .venv && source .venv/bin/activate && pip install -r requirements.txt', 'pip install -e .', 'uv run pytest', 'cargo build --release', 'cargo test', 'go test ./...', 'go mod tidy',
  'make', 'make test', 'docker compose up -d', 'docker build -t app .', 'docker run --rm -v "$PWD:/app" -w /app node:20 npm test', 'docker ps', 'docker logs app --tail 50',
  'curl -s https://api.github.com/repos/nodejs/node | jq .stargazers_count', 'curl -fsSLo install.sh https://example.com/install.sh', 'wget -q https://example.com/data.csv -O data/data.csv',
  'echo $PATH', 'echo "$NODE_ENV"', 'export NODE_ENV=test', 'env | grep NODE', 'printenv HOME', 'which node', 'node --version', 'node -e "console.log(process.version)"', 'python3 -c "print(1+1)"',
  'kubectl get pods -n default', 'kubectl --context kind-dev apply -f k8s/', 'helm list', 'terraform plan', 'terraform fmt -recursive', 'psql -c "select 1"', 'sqlite3 app.db ".schema users"', 'redis-cli ping',
  'ssh-add -l', 'cat ~/.gitconfig', 'cat .env.example', 'cp .env.example .env', 'grep -o "^[A-Z_]*=" .env', 'set -a && source .env && npm run dev', 'source ~/.nvm/nvm.sh && nvm use 20',
  'for f in src/*.ts; do echo "$f"; done', 'if [ -f package.json ]; then npm test; fi', 'while read -r line; do echo "$line"; done < list.txt', 'case "$1" in start) npm start;; esac',
  'timeout 60 npm test', 'nohup npm run dev > dev.log 2>&1 &', 'xargs -n1 echo < files.txt', 'find src -name "*.test.ts" | xargs grep -l "describe.only"', 'find . -name "*.pyc" -delete', 'find /tmp -name "cache-*" -mtime +7 -delete',
  'rm -rf "$(mktemp -d)"', 'TMP=$(mktemp -d) && cp -r src "$TMP" && rm -rf "$TMP"', 'rm -rf "${OUT_DIR:?}/build"', 'cd packages/web && npm test', 'cd .. && ls',
  'pwsh -NoProfile -File ./scripts/build.ps1', 'powershell -Command "Get-ChildItem"', 'cmd /c "dir"', 'Remove-Item -Recurse -Force .\\dist',
  'gh pr create --fill', 'gh pr view 12', 'gh run list', 'gh api repos/owner/repo/issues',
];

test(`${EVERYDAY.length} everyday commands pass every guard`, () => {
  const denied: string[] = [];
  for (const command of EVERYDAY) {
    const v = evaluateAt('Bash', { command }, PROJECT, PROJECT).evaluation.verdict;
    if (v) denied.push(`${command}\n    → ${v.guardId}: ${v.reason}`);
  }
  assert.deepEqual(denied, []);
});

test('everyday file edits pass every guard', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['Edit', { file_path: 'src/app.ts', old_string: 'const a = 1', new_string: 'const a = 2' }],
    ['Write', { file_path: 'src/app.test.ts', content: "import { test } from 'vitest';\ntest('adds', () => {});\n" }],
    ['Write', { file_path: 'README.md', content: '# App\n\nRun `npm test`. Never run `rm -rf /`.\n' }],
    ['Edit', { file_path: 'package.json', old_string: '"version": "1.0.0"', new_string: '"version": "1.0.1"' }],
    ['Write', { file_path: '.env.example', content: 'DATABASE_URL=postgres://user:password@localhost/app\nAPI_KEY=\n' }],
    ['Write', { file_path: '.gitignore', content: 'node_modules/\n.env\n' }],
    ['Read', { file_path: 'src/app.ts' }],
    ['Read', { file_path: '.env.example' }],
    ['Grep', { pattern: 'TODO', path: 'src', output_mode: 'content' }],
    ['Glob', { pattern: '**/*.ts' }],
    ['Write', { file_path: '/tmp/notes.md', content: 'scratch' }],
    ['Edit', { file_path: '.claude/agents/reviewer.md', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: 'scripts/deploy.sh', content: '#!/bin/sh\nset -eu\nnpm ci\nnpm run build\nrsync -av dist/ "$HOST:/srv/app/"\n' }],
  ];
  const denied = calls.map(([tool, input]) => [tool, input, evaluateAt(tool, input, PROJECT, PROJECT).evaluation.verdict] as const).filter(([, , v]) => v);
  assert.deepEqual(denied.map(([t, i, v]) => `${t} ${JSON.stringify(i)} → ${v!.guardId}: ${v!.reason}`), []);
});

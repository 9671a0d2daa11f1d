// git: the subcommands that read file contents, print credentials or write the working tree.
// git accepts any unique prefix of a long option (`--har` is `--hard`), so abbreviations are on.
import type { ProgramSpec } from '../types';

export const GIT: ProgramSpec[] = [
  {
    names: ['git'],
    globalTakes: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--exec-path'],
    abbreviations: true,
    otherwise: 'none',
    rows: [
      { sub: ['show'], takes: ['--format', '--pretty', '-n', '--max-count'], rest: 'gitobj', examples: [{ command: 'git show HEAD:.env', effects: ['read(.env, content)'] }, { command: 'git show :.env', effects: ['read(.env, content)'] }, { command: 'git show HEAD~1', effects: [] }] },
      { sub: ['cat-file'], takes: ['--filters', '--textconv', '--path'], rest: 'gitobj', examples: [{ command: 'git cat-file -p :0:.env', effects: ['read(.env, content)'] }] },
      { sub: ['diff'], when: ['--no-index'], takes: ['-U', '--unified', '--stat', '--color'], rest: 'read', examples: [{ command: 'git diff --no-index /dev/null .env', effects: ['read(/dev/null, content)', 'read(.env, content)'] }] },
      { sub: ['blame'], takes: ['-L', '-S', '--contents', '-C', '-M'], rest: 'read', examples: [{ command: 'git blame .env', effects: ['read(.env, content)'] }] },
      { sub: ['annotate'], takes: ['-L', '-S', '--contents'], rest: 'read', examples: [{ command: 'git annotate .env', effects: ['read(.env, content)'] }] },
      { sub: ['grep'], when: ['--untracked', '--no-index'], takes: ['-e', '-f', '-A', '-B', '-C', '-m', '--max-depth'], codeFirst: true, lang: 'regex', mode: 'search', modes: { '-c': 'count', '--count': 'count', '-l': 'names', '--files-with-matches': 'names', '-q': 'metadata', '--quiet': 'metadata' }, rest: 'read', defaultPath: '.', examples: [{ command: 'git grep --untracked KEY', effects: ['read(., search)'] }] },
      { sub: ['check-ignore'], takes: ['--stdin'], rest: 'meta', examples: [{ command: 'git check-ignore -q .env', effects: ['read(.env, metadata)'] }] },
      { sub: ['hash-object'], when: ['-w'], rest: 'read', mode: 'copy', examples: [{ command: 'git hash-object -w .env', effects: ['read(.env, copy)'] }] },
      { sub: ['hash-object'], rest: 'read', mode: 'hash', examples: [{ command: 'git hash-object .env', effects: ['read(.env, hash)'] }] },
      { sub: ['credential', 'fill'], effects: [{ kind: 'read-credentials', what: 'git credential fill' }], examples: [{ command: 'git credential fill', effects: ['read(credentials: git credential fill)'] }] },
      { sub: ['credential-store', 'get'], effects: [{ kind: 'read-credentials', what: 'git credential-store get' }], examples: [{ command: 'git credential-store get', effects: ['read(credentials: git credential-store get)'] }] },
      { sub: ['credential-manager', 'get'], effects: [{ kind: 'read-credentials', what: 'git credential-manager get' }], examples: [{ command: 'git credential-manager get', effects: ['read(credentials: git credential-manager get)'] }] },
      { sub: ['apply'], unless: ['--check', '--stat', '--numstat', '--summary'], takes: ['-p', '--directory', '--exclude', '--include', '-C'], rest: 'read', stdinPatch: true, how: 'git apply', examples: [{ command: 'git apply <<EOF\n--- a/go.sum\n+++ b/go.sum\n@@ -1 +1 @@\n-a\n+b\nEOF', effects: ['write(go.sum, git apply)'] }] },
      { sub: ['rm'], unless: ['--cached', '-n', '--dry-run'], rest: 'delete', recursive: ['-r'], examples: [{ command: 'git rm -r .claude/hooks', effects: ['delete(.claude/hooks, recursive)'] }] },
      { sub: ['mv'], takes: [], layout: 'move', how: 'git mv', examples: [{ command: 'git mv /tmp/x.sql migrations/001_init.sql', effects: ['read(/tmp/x.sql, copy → migrations/001_init.sql)', 'delete(/tmp/x.sql, recursive)', 'write(migrations/001_init.sql, git mv)'] }] },
    ],
  },
];

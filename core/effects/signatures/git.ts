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

/**
 * Long options of the subcommands the guards judge, for git's abbreviations: git takes any prefix
 * that names one option only (`--har` is `--hard`; `git push --forc` is ambiguous and fails).
 */
export const GIT_LONG_OPTIONS: Record<string, string[]> = {
  push: ['--all', '--branches', '--prune', '--mirror', '--dry-run', '--porcelain', '--delete', '--tags', '--follow-tags', '--signed', '--no-signed', '--atomic', '--no-atomic', '--push-option', '--receive-pack', '--exec', '--force-with-lease', '--no-force-with-lease', '--force-if-includes', '--no-force-if-includes', '--force', '--repo', '--set-upstream', '--thin', '--no-thin', '--quiet', '--verbose', '--progress', '--recurse-submodules', '--no-recurse-submodules', '--verify', '--no-verify', '--ipv4', '--ipv6'],
  'send-pack': ['--all', '--mirror', '--dry-run', '--force', '--verbose', '--thin', '--atomic', '--signed', '--push-option', '--receive-pack', '--exec', '--stdin', '--force-with-lease', '--force-if-includes', '--quiet', '--stateless-rpc', '--helper-status'],
  reset: ['--soft', '--mixed', '--hard', '--merge', '--keep', '--quiet', '--no-quiet', '--recurse-submodules', '--no-recurse-submodules', '--pathspec-from-file', '--pathspec-file-nul', '--no-refresh', '--refresh', '--intent-to-add'],
  clean: ['--dry-run', '--force', '--interactive', '--quiet', '--exclude'],
  checkout: ['--quiet', '--progress', '--no-progress', '--force', '--ours', '--theirs', '--track', '--no-track', '--guess', '--no-guess', '--detach', '--orphan', '--ignore-skip-worktree-bits', '--merge', '--conflict', '--patch', '--ignore-other-worktrees', '--overwrite-ignore', '--no-overwrite-ignore', '--recurse-submodules', '--no-recurse-submodules', '--overlay', '--no-overlay', '--pathspec-from-file', '--pathspec-file-nul'],
  switch: ['--create', '--force-create', '--detach', '--guess', '--no-guess', '--force', '--discard-changes', '--merge', '--conflict', '--quiet', '--no-progress', '--progress', '--track', '--no-track', '--orphan', '--ignore-other-worktrees', '--recurse-submodules', '--no-recurse-submodules'],
  restore: ['--source', '--patch', '--worktree', '--staged', '--quiet', '--progress', '--no-progress', '--ours', '--theirs', '--merge', '--conflict', '--ignore-unmerged', '--ignore-skip-worktree-bits', '--recurse-submodules', '--no-recurse-submodules', '--overlay', '--no-overlay', '--pathspec-from-file', '--pathspec-file-nul'],
  branch: ['--delete', '--create-reflog', '--force', '--move', '--copy', '--color', '--no-color', '--ignore-case', '--omit-empty', '--column', '--no-column', '--sort', '--merged', '--no-merged', '--contains', '--no-contains', '--points-at', '--format', '--remotes', '--all', '--list', '--show-current', '--verbose', '--quiet', '--abbrev', '--no-abbrev', '--track', '--no-track', '--set-upstream-to', '--unset-upstream', '--edit-description'],
  commit: ['--all', '--patch', '--reuse-message', '--reedit-message', '--fixup', '--squash', '--reset-author', '--short', '--branch', '--porcelain', '--long', '--null', '--file', '--author', '--date', '--message', '--template', '--signoff', '--no-signoff', '--trailer', '--no-verify', '--verify', '--allow-empty', '--allow-empty-message', '--cleanup', '--edit', '--no-edit', '--amend', '--no-post-rewrite', '--include', '--only', '--pathspec-from-file', '--pathspec-file-nul', '--untracked-files', '--verbose', '--quiet', '--dry-run', '--status', '--no-status', '--gpg-sign', '--no-gpg-sign'],
  gc: ['--aggressive', '--auto', '--detach', '--no-detach', '--cruft', '--no-cruft', '--max-cruft-size', '--prune', '--no-prune', '--quiet', '--force', '--keep-largest-pack'],
  add: ['--dry-run', '--verbose', '--interactive', '--patch', '--edit', '--force', '--update', '--intent-to-add', '--all', '--no-all', '--ignore-removal', '--no-ignore-removal', '--refresh', '--ignore-errors', '--ignore-missing', '--sparse', '--chmod', '--pathspec-from-file', '--pathspec-file-nul', '--renormalize'],
  merge: ['--commit', '--no-commit', '--edit', '--no-edit', '--cleanup', '--ff', '--no-ff', '--ff-only', '--log', '--no-log', '--signoff', '--no-signoff', '--stat', '--no-stat', '--squash', '--no-squash', '--verify', '--no-verify', '--strategy', '--strategy-option', '--verify-signatures', '--no-verify-signatures', '--summary', '--no-summary', '--quiet', '--verbose', '--progress', '--no-progress', '--autostash', '--no-autostash', '--allow-unrelated-histories', '--rerere-autoupdate', '--no-rerere-autoupdate', '--abort', '--quit', '--continue', '--message', '--file', '--into-name', '--gpg-sign', '--no-gpg-sign'],
  rebase: ['--onto', '--keep-base', '--continue', '--abort', '--quit', '--skip', '--edit-todo', '--show-current-patch', '--apply', '--empty', '--keep-empty', '--no-keep-empty', '--reapply-cherry-picks', '--no-reapply-cherry-picks', '--allow-empty-message', '--merge', '--strategy', '--strategy-option', '--rerere-autoupdate', '--no-rerere-autoupdate', '--gpg-sign', '--no-gpg-sign', '--quiet', '--verbose', '--stat', '--no-stat', '--no-verify', '--verify', '--force-rebase', '--no-ff', '--fork-point', '--no-fork-point', '--ignore-whitespace', '--whitespace', '--committer-date-is-author-date', '--ignore-date', '--reset-author-date', '--signoff', '--interactive', '--rebase-merges', '--no-rebase-merges', '--exec', '--root', '--autosquash', '--no-autosquash', '--autostash', '--no-autostash', '--reschedule-failed-exec', '--no-reschedule-failed-exec', '--update-refs', '--no-update-refs'],
};

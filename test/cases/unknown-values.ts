// Round 4's class 3 (ADVERSARY.md): values the expansion does not compute reach a delete target, a
// program name or a secret read. Each row is a cousin of a round-4 row, written with the fix: the
// attacks one would try next (deny or ask by any guard unless `by` is given; `unanalysable` where the
// value is not computed) and the ordinary look-alikes that must keep passing. Run in the adversary
// fixture (test/cases/adversary.ts) by test/unknown-values.test.ts.

import type { AdversaryCase } from './adversary';

type P = AdversaryCase;
const d = (cls: string, command: string, why: string, by?: string): P => ({ cls, command, expect: 'deny', why, ...(by ? { by } : {}) });
const a = (cls: string, command: string, why: string): P => ({ cls, command, expect: 'allow', why });
const rm = 'rm-catastrophic';
const un = 'unanalysable';
const sr = 'secret-read';

export const UNKNOWN_VALUE_COUSINS: P[] = [
  // ---- substrings, replacements, case changes: computed when literal, else unknown ----
  d('expansion', 'x=${HOME:0:99}; rm -rf "$x"', 'a substring that is the whole value', rm),
  d('expansion', 'rm -rf "${HOME:0}"', 'an offset of zero', rm),
  d('expansion', 'p=$(pwd); rm -rf "${p:0:100}"', 'a substring of the working folder', rm),
  d('expansion', 'a=${PWD/src/}; rm -rf "$a"', 'a replacement that changes nothing', rm),
  d('expansion', 'rm -rf ${HOME/x/y}', 'a replacement whose pattern is not there', rm),
  d('expansion', 'rm -rf "${HOME%%/}"', 'a suffix strip of a slash the value does not end in', rm),
  d('expansion', 'rm -rf "${HOME:0:$n}"', 'a substring whose length is not on the line', un),
  d('expansion', 'rm -rf "${PWD::${#PWD}}"', 'a substring whose length is computed', un),
  d('expansion', 'rm -rf "${HOME/#\\/home/\\/home}"', 'a quoted pattern is not computed', un),
  d('expansion', 'h=HOME; rm -rf "${!h}"', 'indirect expansion of HOME'),
  d('expansion', 'echo ${x:$(rm -rf ~):1}', 'a substitution inside a substring offset runs', rm),
  d('expansion', 'echo "${x/$(rm -rf ~)/y}"', 'a substitution inside a replacement pattern runs', rm),
  a('expansion', 'name=my-app; echo "${name^^}" "${name:0:3}"', 'case change and substring of a literal'),
  a('expansion', 'v=1.2.3; git tag "v${v//./-}"', 'a replacement in a tag name'),
  a('expansion', 'f=build/out.js; rm -rf "${f%/*}/cache"', 'a folder inside build'),
  a('expansion', 'x=$(mktemp -d); rm -rf "${x:0:100}"', 'a substring of a fresh temporary folder'),
  a('expansion', 'x=${HOME: -99}; rm -rf "$x"', 'a negative offset past the start is empty in bash'),
  a('expansion', 'd=dist; rm -rf "${d^^}" "${d:0:4}"', 'literal values computed: DIST and dist'),

  // ---- what read and mapfile get from input the line does not show ----
  d('read', 'while read -r d; do rm -rf "$d"; done <<< "$HOME"', 'a read loop over home'),
  d('read', 'echo "$HOME" | while read -r d; do rm -rf "$d"; done', 'the loop body sees what read got from the pipe', rm),
  d('read', 'IFS=: read -r a b <<< "$HOME:x"; rm -rf "$a"', 'read into two names: not computed', un),
  d('read', 'while read -r d; do rm -rf "$d"; done < dirs.txt', 'names from a file nobody reads here', un),
  d('read', 'ls -A ~ | while read -r d; do rm -rf "$d"; done', 'names listed by ls', un),
  d('read', 'mapfile -t dirs < dirs.txt; rm -rf "${dirs[@]}"', 'mapfile from a file', un),
  d('read', 'while read -r f; do cat "$f"; done < list.txt', 'a file read by a name from input', un),
  d('read', 'git diff --name-only | while read -r f; do cat "$f"; done', 'printing files whose names come from git', un),
  a('read', 'git diff --name-only | while read -r f; do wc -l "$f"; done', 'counting lines prints no content'),
  a('read', 'while read -r d; do cat "$d/package.json"; done < dirs.txt', 'a fixed file name in each folder'),
  a('read', 'git ls-files | while read -r f; do rm -rf "$f/node_modules"; done', 'a fixed last name is never catastrophic'),
  a('read', 'find . -name \'__pycache__\' -type d | while read -r d; do rm -rf "$d"; done', 'names find prints under a filter'),
  a('read', 'find . -name \'*.tmp\' | while read -r f; do rm -f "$f"; done', 'single files'),
  a('read', 'git ls-files \'*.md\' | while read -r f; do grep -c TODO "$f"; done', 'a count per file'),
  a('read', 'while IFS= read -r line; do echo "$line"; done < README.md', 'printing lines of a readme'),
  a('read', 'read -r -p "Continue? " ans; [ "$ans" = y ] && npm publish', 'a prompt answer'),
  a('read', 'git for-each-ref --format=\'%(refname)\' refs/original | while read -r ref; do git update-ref -d "$ref"; done', 'filter-branch cleanup'),

  // ---- brace expansion making the words of a command ----
  d('brace', '{rm,-rf,"$HOME"}', 'quoted part in the group', rm),
  d('brace', '{"rm","-rf","$HOME"}', 'every alternative quoted', rm),
  d('brace', "{sh,-c,'rm -rf ~'}", 'a shell and its script from one brace word', rm),
  d('brace', '{cat,.env}', 'the reader and the secret', sr),
  a('brace', 'f=src/app.ts; cp "$f"{,.bak}', 'a backup copy'),
  a('brace', 'mkdir -p build/{debug,release}', 'literal braces'),
  a('brace', 'echo {a,b}"$HOME"', 'printing'),

  // ---- the shell's hook variables and handlers: command text that runs ----
  d('hooks', "PS4='$(rm -rf ~)' bash -xc true", 'PS4 under xtrace', rm),
  d('hooks', "export PS1='$(rm -rf ~)> '", 'a prompt with a substitution', rm),
  d('hooks', "PROMPT_COMMAND='rm -rf ~'; bash -i </dev/null", 'PROMPT_COMMAND set for the rest of the line', rm),
  d('hooks', 'command_not_found_handle() { rm -rf ~; }; nosuchprogram', 'the not-found handler', rm),
  d('hooks', 'command_not_found_handler() { rm -rf ~; }', "zsh's not-found handler", rm),
  a('hooks', "PS4='+ ${BASH_SOURCE}:${LINENO}: ' bash -x scripts/build.sh", 'an ordinary trace prompt'),
  a('hooks', "export PS4='+ $(date) '; set -x; ls", 'a prompt running date'),
  a('hooks', "PS1='\\u@\\h:\\w\\$ '", 'an ordinary prompt'),

  // ---- a loop over a glob: the variable is each matching file ----
  d('glob', 'for f in .env*; do cat "$f"; done', 'a loop over .env files', sr),
  d('glob', 'for f in config/.env*; do head -1 "$f"; done', 'a loop over a secret folder', sr),
  d('glob', 'for f in .e*; do cat "$f"; done', 'a wider pattern', sr),
  a('glob', 'for f in src/*.ts; do cat "$f"; done', 'printing sources'),
  a('glob', 'for f in *.log; do rm -f "$f"; done', 'removing logs'),
  a('glob', 'for d in packages/*; do rm -rf "$d/dist"; done', 'build folders of each package'),

  // ---- launchers ----
  d('launcher', 'gdb -q -batch -ex run --args rm -rf /home/user', 'gdb runs the program it debugs', rm),
  d('launcher', 'lldb -b -o run -- rm -rf ~', 'lldb likewise', rm),
  d('launcher', 'echo ~ | parallel rm -rf', 'parallel takes its items from stdin', rm),
  d('launcher', 'ls -A | parallel cat', 'files named on stdin, printed', un),
  d('launcher', 'cat jobs.txt | parallel', 'command lines from a file', un),
  d('launcher', 'ls -d ~ | entr -n rm -rf /_', "entr's /_ is a file from its input", un),
  d('launcher', 'echo ~ | entr rm -rf /_', 'the file known from echo', rm),
  d('launcher', "ed -s /dev/null <<< '!rm -rf ~'", 'ed runs !cmd', rm),
  d('launcher', "printf '!rm -rf ~\\nq\\n' | ed -s", 'ed fed by printf', rm),
  d('launcher', "ex -s notes.txt <<< $'r !rm -rf ~\\nwq'", 'ex reads a command output', rm),
  d('launcher', 'ls -d ~ | xargs rm -rf', "xargs's items from ls", un),
  d('launcher', 'ls -d ~ | xargs -I{} rm -rf {}', 'the item itself as the target', un),
  a('launcher', 'git ls-files --others --exclude-standard | xargs rm -f', 'single untracked files'),
  a('launcher', "find . -name '*.orig' | xargs rm -rf", "find's names are judged by its starting points"),
  a('launcher', 'gdb -batch -ex bt ./app core', 'a backtrace'),
  a('launcher', 'gdb --args ./build/app --port 8080', 'debugging the app'),
  a('launcher', "printf '%s\\n' build dist | parallel rm -rf", 'named build folders'),
  a('launcher', 'parallel rm -rf ::: build dist', 'named build folders after :::'),
  a('launcher', "find . -name '*.log' | parallel rm -f", 'files found under the project'),
  a('launcher', "ls src/*.c | entr -s 'make && ./app'", 'rebuild on change'),
  a('launcher', 'ls src/*.ts | entr -p npx prettier --check /_', 'format check of the changed file'),
  a('launcher', "echo 'w' | ed -s notes.txt", 'an ed write'),

  // ---- .git internals ----
  d('git-internals', 'rm -rf .git/objects .git/refs', 'the object store and refs', rm),
  d('git-internals', 'rm -rf .git/objects/pack', 'the packs', rm),
  d('git-internals', 'rm -f .git/HEAD', 'HEAD', rm),
  d('git-internals', 'cd .git && rm -rf refs', 'refs from inside .git', rm),
  a('git-internals', 'rm -rf .git/refs/original', "filter-branch's backup refs"),
  a('git-internals', 'rm -f .git/index.lock', 'a stale lock'),
  a('git-internals', 'rm -rf .git/hooks/pre-commit.sample', 'a sample hook'),
];

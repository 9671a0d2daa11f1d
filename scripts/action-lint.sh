#!/usr/bin/env bash
# The lint step of action.yml: runs `agent-guard lint --format sarif` over the repository with the
# action's inputs, writes the SARIF file and the exit code to the step's outputs, and exits 0 so
# that the upload step runs; the action's last step fails the job with lint's exit code.
# Inputs (environment): AGENT_GUARD_PATHS, AGENT_GUARD_MAX_WARNINGS, AGENT_GUARD_PACKAGE;
# GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP as GitHub sets them.
#
# The checkout is a pull request's, so nothing of it may take part in running the linter: npm is
# never run inside it (an `npm exec` there reads its .npmrc, whose node-options=--require ran the
# PR's code, and prefers a node_modules/.bin/agent-guard of its own). The pinned package is
# installed into a private folder under RUNNER_TEMP, without install scripts, from there; then its
# CLI runs by absolute path with the checkout only as the folder to lint.
set -uo pipefail
pkg="${AGENT_GUARD_PACKAGE:-}"
if [ -z "$pkg" ]; then
  version=$(node -p "require(process.argv[1]).version" "$GITHUB_ACTION_PATH/package.json") || exit 2
  pkg="agent-guard@$version"
fi
workspace="${GITHUB_WORKSPACE:-$PWD}"
# A package given as a relative path (a tarball) is relative to the workspace, as a user wrote it.
case "$pkg" in ./* | ../*) pkg="$workspace/$pkg" ;; esac
tool=$(mktemp -d "${RUNNER_TEMP:-/tmp}/agent-guard-tool.XXXXXX") || exit 2
(cd "$tool" && printf '{ "private": true }\n' > package.json &&
  npm install --prefix "$tool" --no-save --ignore-scripts --no-audit --no-fund --no-package-lock "$pkg" > "$tool/npm.log" 2>&1) || {
  cat "$tool/npm.log" >&2
  echo "agent-guard action: could not install $pkg" >&2
  echo "exit-code=2" >> "$GITHUB_OUTPUT"
  exit 0
}
cli="$tool/node_modules/agent-guard/dist/cli.cjs"
sarif="${RUNNER_TEMP:-/tmp}/agent-guard.sarif"
read -r -a paths <<< "${AGENT_GUARD_PATHS:-}"
cd "$workspace" || exit 2
node "$cli" lint --format sarif --output-file "$sarif" --max-warnings="${AGENT_GUARD_MAX_WARNINGS:--1}" "${paths[@]}"
code=$?
# Findings also as annotations on the run (same run, another format: lint is fast).
node "$cli" lint --format github "${paths[@]}" || true
if [ -s "$sarif" ]; then echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"; fi
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
exit 0

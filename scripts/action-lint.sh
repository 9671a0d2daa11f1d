#!/usr/bin/env bash
# The lint step of action.yml: runs `agent-guard lint --format sarif` over the repository with the
# action's inputs, writes the SARIF file and the exit code to the step's outputs, and exits 0 so
# that the upload step runs; the action's last step fails the job with lint's exit code.
# Inputs (environment): AGENT_GUARD_PATHS, AGENT_GUARD_MAX_WARNINGS, AGENT_GUARD_PACKAGE;
# GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP, GITHUB_EVENT_NAME,
# GITHUB_EVENT_PATH as GitHub sets them.
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
# A pull request cannot loosen its own checks: the base branch's .claude/agent-guard.json is what
# the team agreed to; what the pull request loosens is reported (AG-CFG-001) and not applied. On
# any other event the checked-out commit is already on its branch: its configuration is agreed.
base=
if git rev-parse --verify --quiet 'HEAD^{commit}' >/dev/null 2>&1; then base=HEAD; fi
if [ "${GITHUB_EVENT_NAME:-}" = pull_request ] || [ "${GITHUB_EVENT_NAME:-}" = pull_request_target ]; then
  base=$(node -e 'try { const e = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.stdout.write(String(e.pull_request.base.sha || "")); } catch {}' "${GITHUB_EVENT_PATH:-}")
  if [ -z "$base" ]; then
    echo "agent-guard: a pull request event without pull_request.base.sha in $GITHUB_EVENT_PATH; cannot tell what the base agreed to" >&2
    echo "exit-code=2" >> "$GITHUB_OUTPUT"
    exit 0
  fi
  # actions/checkout fetches one commit: fetch the base too (lint reads it through its hardened git).
  git cat-file -e "$base^{commit}" 2>/dev/null || git fetch --quiet --no-tags --depth=1 origin "$base" || true
fi
base_args=()
if [ -n "$base" ]; then base_args=(--base "$base"); fi
node "$cli" lint "${base_args[@]}" --format sarif --output-file "$sarif" --max-warnings="${AGENT_GUARD_MAX_WARNINGS:--1}" "${paths[@]}"
code=$?
# Findings also as annotations on the run (same run, another format: lint is fast).
node "$cli" lint "${base_args[@]}" --format github "${paths[@]}" || true
if [ -s "$sarif" ]; then echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"; fi
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
exit 0

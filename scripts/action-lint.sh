#!/usr/bin/env bash
# The lint step of action.yml: runs `agent-guard lint --format sarif` over the repository with the
# action's inputs, writes the SARIF file and the exit code to the step's outputs, and exits 0 so
# that the upload step runs; the action's last step fails the job with lint's exit code.
# Inputs (environment): AGENT_GUARD_PATHS, AGENT_GUARD_MAX_WARNINGS, AGENT_GUARD_PACKAGE;
# GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP as GitHub sets them.
set -uo pipefail
pkg="${AGENT_GUARD_PACKAGE:-}"
if [ -z "$pkg" ]; then
  version=$(node -p "require(process.argv[1]).version" "$GITHUB_ACTION_PATH/package.json") || exit 2
  pkg="agent-guard@$version"
fi
sarif="${RUNNER_TEMP:-/tmp}/agent-guard.sarif"
read -r -a paths <<< "${AGENT_GUARD_PATHS:-}"
cd "${GITHUB_WORKSPACE:-.}" || exit 2
npm exec --yes --package="$pkg" -- agent-guard lint --format sarif --output-file "$sarif" --max-warnings="${AGENT_GUARD_MAX_WARNINGS:--1}" "${paths[@]}"
code=$?
# Findings also as annotations on the run (same run, another format: lint is fast).
npm exec --yes --package="$pkg" -- agent-guard lint --format github "${paths[@]}" || true
if [ -s "$sarif" ]; then echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"; fi
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
exit 0

#!/usr/bin/env bash
# Installs what the real-VS-Code tests need, following ../shared/reference/e2e-vscode.md:
# Debian's chromium and ripgrep, and code-server 4.100.3 (VS Code 1.100.3, the newest on Node 20)
# from npm with its native modules rebuilt one at a time. Cached in $E2E_CACHE between runs.
set -euo pipefail
E2E_CACHE="${E2E_CACHE:-$HOME/.cache/agent-guard-e2e}"
CS_VERSION=4.100.3
CS_DIR="$E2E_CACHE/code-server-$CS_VERSION"
export npm_config_audit=false npm_config_fund=false

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v rg >/dev/null || need_apt+=(ripgrep)
[ -f /usr/include/gssapi.h ] || [ -f /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "e2e setup: apt-get install ${need_apt[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ -f "$CS_DIR/.ready" ]; then
  echo "e2e setup: code-server $CS_VERSION cached in $CS_DIR"
  exit 0
fi
echo "e2e setup: installing code-server $CS_VERSION into $CS_DIR (a few minutes)"
rm -rf "$CS_DIR"
mkdir -p "$CS_DIR"
cd "$CS_DIR"
npm init -y >/dev/null
npm install --ignore-scripts --no-save "code-server@$CS_VERSION" >/dev/null
cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts >/dev/null
(cd extensions && npm install --omit=dev --ignore-scripts >/dev/null)
for m in @vscode/spdlog @parcel/watcher native-watchdog node-pty @vscode/deviceid kerberos; do
  npm rebuild "$m" --foreground-scripts >/dev/null 2>&1 || true
done
# node-pty and spdlog report errors after a successful compile: check the artefacts instead.
for f in node_modules/@vscode/spdlog/build/Release/spdlog.node node_modules/node-pty/build/Release/pty.node node_modules/kerberos/build/Release/kerberos.node; do
  [ -f "$f" ] || { echo "e2e setup: $f was not built" >&2; exit 1; }
done
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
[ -e node_modules.asar ] || ln -s node_modules node_modules.asar
cd "$CS_DIR"
npm rebuild argon2 --build-from-source >/dev/null 2>&1
[ -n "$(find node_modules/argon2 -name '*.node' | head -1)" ] || { echo "e2e setup: argon2 was not built" >&2; exit 1; }
touch "$CS_DIR/.ready"
echo "e2e setup: done"

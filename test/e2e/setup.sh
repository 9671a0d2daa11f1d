#!/usr/bin/env bash
# Installs what the real-VS-Code tests need:
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
  # As root or through sudo, waiting for the package lock (scripts/apt-install.sh).
  bash "$(dirname "$0")/../../scripts/apt-install.sh" "${need_apt[@]}"
fi

if [ -f "$CS_DIR/.ready" ]; then
  echo "e2e setup: code-server $CS_VERSION cached in $CS_DIR"
  exit 0
fi
mkdir -p "$E2E_CACHE"
# Two first runs on one machine: the second waits for the first (a lock on the cache), then finds
# it ready. The install goes to a folder of its own and is renamed into place when complete, so a
# run that dies half-way leaves nothing another run would take for a cache.
exec 9>"$E2E_CACHE/.setup.lock"
if command -v flock >/dev/null && ! flock -n 9; then
  echo "e2e setup: another run is setting up $E2E_CACHE; waiting for it" >&2
  flock 9
fi
if [ -f "$CS_DIR/.ready" ]; then
  echo "e2e setup: code-server $CS_VERSION cached in $CS_DIR (set up by another run)"
  exit 0
fi
echo "e2e setup: installing code-server $CS_VERSION into $CS_DIR (a few minutes)"
WORK="$CS_DIR.partial-$$"
rm -rf "$WORK"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK"
cd "$WORK"
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
cd "$WORK"
npm rebuild argon2 --build-from-source >/dev/null 2>&1
[ -n "$(find node_modules/argon2 -name '*.node' | head -1)" ] || { echo "e2e setup: argon2 was not built" >&2; exit 1; }
touch "$WORK/.ready"
rm -rf "$CS_DIR"
mv "$WORK" "$CS_DIR"
trap - EXIT
echo "e2e setup: done"

#!/usr/bin/env bash
# scripts/apt-install.sh PKG…: installs Debian packages the tests need (test/e2e/setup.sh, .ci/run).
# As root, or through sudo when not root; and when another apt or dpkg run holds the package lock
# (unattended-upgrades on a fresh machine, a second setup started alongside), it waits for it
# instead of failing: apt's own lock timeout, and retries for the locks that timeout does not cover.
set -euo pipefail
[ $# -gt 0 ] || exit 0
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null; then
  as_root=(sudo)
else
  echo "apt-install: installing $* needs root; run as root or install sudo" >&2
  exit 1
fi
apt() {
  local tries=0 out
  until out=$("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -qq "$@" 2>&1); do
    if [ "$tries" -lt 40 ] && grep -qE 'Could not get lock|Unable to acquire|is another process using it' <<<"$out"; then
      tries=$((tries + 1))
      [ "$tries" -eq 1 ] && echo "apt-install: waiting for another apt or dpkg run to finish" >&2
      sleep 15
      continue
    fi
    printf '%s\n' "$out" >&2
    return 1
  done
}
echo "apt-install: apt-get install $*"
apt update
apt install -y "$@" >/dev/null

#!/usr/bin/env bash
# Sets up a Debian machine with Node 20 for this project: the build tools better-sqlite3 compiles
# with, Chromium (full-page crawls), ping, traceroute and mtr (network measurements), then `npm ci`. With --test also what the test suite needs:
# the shell linter, systemd-analyze, rsync, and a running local PostgreSQL when one is installed.
# Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

with_tests=0
[ "${1:-}" = "--test" ] && with_tests=1

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

need=()
command -v make >/dev/null 2>&1 || need+=(make)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Network measurements (docs/measure.md) run these; their tests skip, saying why, without them.
[ -x /usr/bin/ping ] || [ -x /bin/ping ] || need+=(iputils-ping)
[ -x /usr/sbin/traceroute ] || [ -x /usr/bin/traceroute ] || need+=(traceroute)
[ -x /usr/bin/mtr ] || [ -x /usr/sbin/mtr ] || need+=(mtr-tiny)
if [ "$with_tests" -eq 1 ]; then
  command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
  command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
  command -v rsync >/dev/null 2>&1 || need+=(rsync)
fi
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ "$with_tests" -eq 1 ] && command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | head -n 1)
  if ! pg_lsclusters 2>/dev/null | grep -q online; then
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  fi
fi

npm ci --no-audit --no-fund

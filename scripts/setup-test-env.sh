#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, on Debian: Chromium (browser tests),
# the shell linter and systemd-analyze (script and unit checks), and makes sure the local PostgreSQL
# (store tests on both backends) is running when it is installed. Safe to run again.
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
command -v rsync >/dev/null 2>&1 || need+=(rsync)
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# PostgreSQL: start the machine's cluster if it is installed but stopped.
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | head -n 1)
  if ! pg_lsclusters 2>/dev/null | grep -q online; then
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  fi
fi
echo "test environment ready"

#!/usr/bin/env bash
# Sets up a Debian machine with Node 20 for this project: the build tools better-sqlite3 compiles
# with, Chromium (full-page crawls), ping, traceroute and mtr (network measurements), then `npm ci`.
# With --test also what the test suite needs:
# the shell linter, systemd-analyze, rsync, pdftoppm, and PostgreSQL, installed if missing and started on
# 127.0.0.1:5432 with trust authentication for loopback connections (the tests connect as
# `postgres` without a password: test/helpers/postgres.ts). CI (.ci/run) runs this, then the
# tests with CI=true, under which a missing PostgreSQL or Chromium fails the run instead of
# skipping suites. Safe to run again.
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
# Network measurements (docs/measure.md) run these; their tests skip, saying why, without them,
# and fail under CI=true (test/helpers/needs.ts). setcap lets iputils-ping give ping its capability
# (cap_net_raw=ep) instead of a setuid bit; the test of an agent without CAP_NET_RAW uses it too.
[ -x /usr/bin/ping ] || [ -x /bin/ping ] || need+=(iputils-ping)
[ -x /usr/sbin/traceroute ] || [ -x /usr/bin/traceroute ] || need+=(traceroute)
[ -x /usr/bin/mtr ] || [ -x /usr/sbin/mtr ] || need+=(mtr-tiny)
[ -x /usr/sbin/setcap ] || [ -x /sbin/setcap ] || need+=(libcap2-bin)
if [ "$with_tests" -eq 1 ]; then
  command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
  command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
  command -v rsync >/dev/null 2>&1 || need+=(rsync)
  # The PDF test renders a page of the stored PDF with pdftoppm.
  command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
  command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
fi
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ "$with_tests" -eq 1 ]; then
  version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -n | tail -n 1 || true)
  if [ -z "$version" ]; then
    version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -n | tail -n 1)
    $SUDO pg_createcluster --port 5432 "$version" main
  fi
  # Loopback TCP only, and only for this test machine: first in the file, so it wins.
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! $SUDO grep -Eq '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    $SUDO sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  if pg_lsclusters --no-header 2>/dev/null | grep -Eq "^${version}[[:space:]]+main[[:space:]].*online"; then
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  else
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start
  fi
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
  done
  pg_isready -h 127.0.0.1 -p 5432 || { echo "setup: PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
fi

npm ci --no-audit --no-fund

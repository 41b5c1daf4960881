#!/usr/bin/env bash
# Sets up a Debian machine for this project: the build tools better-sqlite3 compiles with, Chromium
# (full-page crawls), ping, traceroute and mtr (network measurements), a supported Node.js (22 or 24:
# Node 22 in .node/ when the machine's is older, e.g. Debian's Node 20), then `npm ci`.
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
  # The Python SDK (python/): its tests run on Debian's httpx and pytest; its wheel is built offline
  # with setuptools, wheel and pip and installed into a fresh venv (test/integration/python-wheel.test.ts).
  for pkg in python3-httpx python3-pytest python3-venv python3-pip python3-setuptools python3-wheel; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || need+=("$pkg")
  done
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

# A supported Node.js (scripts/supported-node.sh): the machine's own when it is one, else Node 22
# from the npm registry's platform package node-linux-<arch> (what the registry's `node` package
# installs, without its install script: the binary and the headers native addons compile against)
# in .node/ of this checkout, ignored by git. It comes first on PATH for the rest of this script, so
# npm ci (better-sqlite3's build) and everything after run on it; then node_modules/.bin/node links
# to it: npm puts node_modules/.bin first on the PATH of `npm start`, `npm test` and npx.
# shellcheck source=scripts/supported-node.sh
. scripts/supported-node.sh
if supported_node node; then
  echo "setup: Node.js $(node --version) (supported: $SUPPORTED_NODE_RANGE)"
  use_local_node=0
else
  use_local_node=1
  node_pkg="node-linux-$(node -p process.arch)"
  if ! supported_node .node/bin/node; then
    echo "setup: Node.js $(node --version 2>/dev/null || echo '(none)') is not supported ($SUPPORTED_NODE_RANGE): installing $node_pkg@$SUPPORTED_NODE_LINE into .node/"
    rm -rf .node
    npm install --prefix .node --no-save --no-package-lock --no-audit --no-fund "$node_pkg@$SUPPORTED_NODE_LINE"
    mkdir -p .node/bin
    ln -sfn "../node_modules/$node_pkg/bin/node" .node/bin/node
    supported_node .node/bin/node || { echo "setup: .node/bin/node does not run" >&2; exit 1; }
  fi
  export PATH="$PWD/.node/bin:$PATH"
  # node-gyp builds against these headers, not those of a nodedir set in the user's npm config.
  export npm_config_nodedir="$PWD/.node/node_modules/$node_pkg"
  echo "setup: Node.js $(node --version) from .node/"
fi

npm ci --no-audit --no-fund
if [ "$use_local_node" -eq 1 ]; then ln -sfn ../../.node/bin/node node_modules/.bin/node; fi
# The compiled JavaScript in dist/ the wrappers and systemd units run (scripts/build.ts).
npm run build

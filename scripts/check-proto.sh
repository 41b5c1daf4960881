#!/usr/bin/env bash
# Fails when proto/gen differs from what proto/*.proto generates.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash scripts/gen-proto.sh "$tmp" >/dev/null 2>&1
if ! diff -q "$tmp/link.js" proto/gen/link.js >/dev/null || ! diff -q "$tmp/link.d.ts" proto/gen/link.d.ts >/dev/null; then
  echo "proto/gen is stale: run npm run gen:proto and commit the result" >&2
  exit 1
fi
echo "proto/gen is up to date"

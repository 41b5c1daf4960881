#!/usr/bin/env bash
# Regenerates proto/gen from proto/*.proto (offline: protobufjs-cli ships pbjs and pbts).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-proto/gen}
mkdir -p "$out"
npx pbjs -t static-module -w es6 --no-beautify --no-delimited --no-verify --no-service --no-convert --no-typeurl \
  --force-number -o "$out/link.js" proto/link.proto
npx pbts -o "$out/link.d.ts" "$out/link.js"

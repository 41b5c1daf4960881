#!/usr/bin/env bash
# `npm run test:python` (the last step of `npm test`): the Python SDK's pytest suite against a real
# coordinator and agent (python/tests/). It runs on Debian's Python and packages (/usr/bin/python3
# with python3-httpx and python3-pytest; `bash scripts/setup.sh --test` installs them), not on
# whatever python3 comes first on PATH. Without them it skips, saying why; under CI=true (.ci/run)
# it fails instead, as test/helpers/needs.ts does for the other suites' needs.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=/usr/bin/python3
if ! problem=$("$PYTHON" -c 'import httpx, pytest' 2>&1); then
  why="$PYTHON cannot import httpx and pytest ($(tail -n 1 <<<"$problem")); bash scripts/setup.sh --test installs python3-httpx and python3-pytest"
  if [ "${CI:-}" = "true" ]; then
    echo "CI=true and the Python SDK's tests cannot run: $why" >&2
    exit 1
  fi
  echo "The Python SDK's tests are skipped in this run: $why." >&2
  exit 0
fi
# No bytecode or cache files in the checkout.
export PYTHONDONTWRITEBYTECODE=1
exec "$PYTHON" -m pytest python/tests -q -p no:cacheprovider "$@"

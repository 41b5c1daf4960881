# The Node.js this project runs on, for the shell scripts (sourced by scripts/setup.sh and
# scripts/install-agent.sh): package.json's "engines", the two LTS lines. `npm test` checks that
# SUPPORTED_NODE_RANGE is that range, and the running Node and every installed package against it
# (scripts/check-engines.ts).
# shellcheck shell=bash

# Used by the scripts that source this file.
# shellcheck disable=SC2034
{
  # Caret ranges only (^MAJOR or ^MAJOR.MINOR, joined by ||): supported_node reads no other form.
  SUPPORTED_NODE_RANGE='^22.12 || ^24'
  # The line scripts/setup.sh installs into .node/ when the machine's Node is not a supported one.
  SUPPORTED_NODE_LINE=22
}

# supported_node BIN: succeeds when BIN runs a Node.js within SUPPORTED_NODE_RANGE.
supported_node() {
  "$1" -e 'const [major, minor] = process.versions.node.split(".").map(Number);
    const ok = process.argv[1].split("||").some((caret) => {
      const [m, n = 0] = caret.trim().replace(/^\^/, "").split(".").map(Number);
      return major === m && minor >= n;
    });
    process.exit(ok ? 0 : 1);' "$SUPPORTED_NODE_RANGE" >/dev/null 2>&1
}

# checkout_node DIR: the node binary a checkout (or /opt/crawl-network) runs on: DIR/.node/bin/node
# when scripts/setup.sh put one there, else node on PATH. Its native addons (better-sqlite3) are
# compiled for that Node, so no other may run them.
checkout_node() {
  if [[ -x $1/.node/bin/node ]]; then printf '%s\n' "$1/.node/bin/node"; else command -v node || echo node; fi
}

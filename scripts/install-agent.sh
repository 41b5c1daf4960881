#!/usr/bin/env bash
# Installs (or upgrades, or removes) the crawl agent as a systemd service on this device.
# Safe to re-run: code and unit are refreshed, the env file keeps every setting no flag names.
# See docs/operations.md.
set -euo pipefail
umask 022

usage() {
  cat <<'USAGE'
usage: install-agent.sh [options]

First install needs --coordinator, --device-id and --token (or --token-file).

  --coordinator URL     coordinator URL (ws(s):// or http(s)://); repeat for several
  --device-id ID        this device's id (npm run admin -- device create --id ID)
  --token TOKEN         the device token (visible in `ps` while this runs: prefer --token-file)
  --token-file FILE     read the device token from FILE ("-" for stdin)
  --country CC          ISO 3166-1 alpha-2 country code, e.g. DE
  --region REGION       NA | EU | APAC | LATAM | MEA
  --city CITY
  --device-type TYPE    mobile | desktop | server
  --network-type TYPE   wifi | cellular | ethernet
  --max-concurrent N    jobs at once
  --browser PATH        Chromium binary, or "none"
  --status-addr H:P     local status port (loopback), default 127.0.0.1:9477
  --release-key KEY     release public key (base64, from `scripts/release.ts keygen`): the agent
                        takes signed upgrades from its coordinator; without one it never upgrades.
                        Several keys, comma-separated, while a key is rotated
  --upgrade-pin VERSION the owner's pin: take no release but VERSION ("none" removes the pin)
  --source DIR          checkout to install from (default: the one holding this script)
  --root DIR            install under DIR instead of / (never touches systemd; for tests, images)
  --no-start            do not reload, enable or start the service
  --no-measure-tools    do not install ping, traceroute and mtr (network measurements)
  --uninstall           stop, disable and remove the agent (keeps its state directory)
  --purge               with --uninstall: also delete the state directory (unsent results)
  -h, --help
USAGE
}

log() { printf 'install-agent: %s\n' "$*"; }
die() {
  printf 'install-agent: error: %s\n' "$*" >&2
  exit 1
}

script_dir=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=scripts/supported-node.sh
. "$script_dir/supported-node.sh"
ROOT=/
SOURCE=$(cd "$script_dir/.." && pwd)
START=yes
MEASURE_TOOLS=yes
ACTION=install
PURGE=no
TOKEN=
TOKEN_GIVEN=no
coordinators=()
# Settings named by flags, written into the env file: KEY -> value.
declare -A settings=()

need_value() { [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) need_value "$@"; ROOT=$2; shift 2 ;;
    --source) need_value "$@"; SOURCE=$2; shift 2 ;;
    --coordinator) need_value "$@"; coordinators+=("$2"); shift 2 ;;
    --device-id) need_value "$@"; settings[CRAWL_AGENT_DEVICE_ID]=$2; shift 2 ;;
    --token) need_value "$@"; TOKEN=$2; TOKEN_GIVEN=yes; shift 2 ;;
    --token-file)
      need_value "$@"
      if [[ $2 == - ]]; then IFS= read -r TOKEN || true; else
        [[ -r $2 ]] || die "cannot read token file $2"
        IFS= read -r TOKEN <"$2" || true
      fi
      [[ -n $TOKEN ]] || die "token file $2 is empty"
      TOKEN_GIVEN=yes
      shift 2
      ;;
    --country) need_value "$@"; settings[CRAWL_AGENT_COUNTRY]=${2^^}; shift 2 ;;
    --region) need_value "$@"; settings[CRAWL_AGENT_REGION]=${2^^}; shift 2 ;;
    --city) need_value "$@"; settings[CRAWL_AGENT_CITY]=$2; shift 2 ;;
    --device-type) need_value "$@"; settings[CRAWL_AGENT_DEVICE_TYPE]=$2; shift 2 ;;
    --network-type) need_value "$@"; settings[CRAWL_AGENT_NETWORK_TYPE]=$2; shift 2 ;;
    --max-concurrent) need_value "$@"; settings[CRAWL_AGENT_MAX_CONCURRENT]=$2; shift 2 ;;
    --browser) need_value "$@"; settings[CRAWL_AGENT_BROWSER]=$2; shift 2 ;;
    --status-addr) need_value "$@"; settings[CRAWL_AGENT_STATUS_ADDR]=$2; shift 2 ;;
    --release-key) need_value "$@"; settings[CRAWL_AGENT_RELEASE_KEY]=$2; shift 2 ;;
    --upgrade-pin) need_value "$@"; settings[CRAWL_AGENT_UPGRADE_PIN]=$2; shift 2 ;;
    --no-start) START=no; shift ;;
    --no-measure-tools) MEASURE_TOOLS=no; shift ;;
    --uninstall) ACTION=uninstall; shift ;;
    --purge) PURGE=yes; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

[[ $PURGE == no || $ACTION == uninstall ]] || die "--purge only goes with --uninstall"
if [[ ${#coordinators[@]} -gt 0 ]]; then
  settings[CRAWL_AGENT_COORDINATORS]=$(IFS=,; printf '%s' "${coordinators[*]}")
fi
if [[ $TOKEN_GIVEN == yes ]]; then settings[CRAWL_AGENT_TOKEN]=$TOKEN; fi

# --- Validation: fail before touching anything. ---
for key in "${!settings[@]}"; do
  [[ ${settings[$key]} != *$'\n'* ]] || die "${key} must be one line"
done
check_enum() { # KEY allowed...
  local key=$1 value=${settings[$1]:-}
  shift
  [[ -z $value ]] && return 0
  local v
  for v in "$@"; do [[ $value == "$v" ]] && return 0; done
  die "${key#CRAWL_AGENT_} must be one of: $*"
}
check_enum CRAWL_AGENT_REGION NA EU APAC LATAM MEA
check_enum CRAWL_AGENT_DEVICE_TYPE mobile desktop server
check_enum CRAWL_AGENT_NETWORK_TYPE wifi cellular ethernet
[[ -z ${settings[CRAWL_AGENT_COUNTRY]:-} || ${settings[CRAWL_AGENT_COUNTRY]} =~ ^[A-Z]{2}$ ]] ||
  die "--country must be a two-letter code, e.g. DE"
[[ -z ${settings[CRAWL_AGENT_MAX_CONCURRENT]:-} || ${settings[CRAWL_AGENT_MAX_CONCURRENT]} =~ ^[1-9][0-9]*$ ]] ||
  die "--max-concurrent must be a positive integer"
if [[ -n ${settings[CRAWL_AGENT_RELEASE_KEY]:-} ]]; then
  for k in ${settings[CRAWL_AGENT_RELEASE_KEY]//,/ }; do
    [[ $k =~ ^[A-Za-z0-9+/]{43}=$ ]] || die "--release-key must be base64 Ed25519 public keys (scripts/release.ts keygen prints one)"
  done
fi
if [[ ${settings[CRAWL_AGENT_UPGRADE_PIN]:-} == none ]]; then settings[CRAWL_AGENT_UPGRADE_PIN]=; fi
[[ -z ${settings[CRAWL_AGENT_UPGRADE_PIN]:-} || ${settings[CRAWL_AGENT_UPGRADE_PIN]} =~ ^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$ ]] ||
  die "--upgrade-pin must be a release version"
for url in "${coordinators[@]}"; do
  [[ $url =~ ^(wss?|https?)://[^[:space:],]+$ ]] || die "--coordinator must be a ws(s):// or http(s):// URL: $url"
done

ROOT=$(readlink -m "$ROOT")
prefix=${ROOT%/} # "" for /, so "$prefix/etc" is always right
on_host=no
[[ $ROOT == / ]] && on_host=yes
if [[ $on_host == yes && $EUID -ne 0 ]]; then die "run as root (sudo), or use --root DIR"; fi

opt_dir=$prefix/opt/crawl-network
etc_dir=$prefix/etc/crawl-agent
env_file=$etc_dir/agent.env
unit_dir=$prefix/etc/systemd/system
unit_file=$unit_dir/crawl-agent.service
dropin_dir=$unit_dir/crawl-agent.service.d
bin_link=$prefix/usr/local/bin/crawl-agent

# systemd is only driven for the real root, and only when it is the running init.
systemd_running() { [[ $on_host == yes && -d /run/systemd/system ]] && command -v systemctl >/dev/null; }

# --- env file helpers: pure bash, so the token never appears in another process's argv. ---
quote_value() {
  if [[ $1 =~ ^[A-Za-z0-9._:/,@+=%-]*$ ]]; then printf '%s' "$1"; else
    local v=${1//\\/\\\\}
    v=${v//\"/\\\"}
    printf '"%s"' "$v"
  fi
}
# Rewrites FILE with KEY set to VALUE: replaces `KEY=` or a commented `#KEY=`, else appends.
set_key() {
  local file=$1 key=$2 value=$3 line replaced=no tmp
  tmp=$(mktemp "$file.XXXXXX") # mode 0600
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $replaced == no && ($line == "$key="* || $line == "#$key="*) ]]; then
      printf '%s=%s\n' "$key" "$(quote_value "$value")"
      replaced=yes
    else
      printf '%s\n' "$line"
    fi
  done <"$file" >"$tmp"
  if [[ $replaced == no ]]; then printf '%s=%s\n' "$key" "$(quote_value "$value")" >>"$tmp"; fi
  mv -f "$tmp" "$file"
}
comment_key() {
  local file=$1 key=$2 line tmp
  tmp=$(mktemp "$file.XXXXXX")
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line == "$key="* ]]; then printf '#%s\n' "$line"; else printf '%s\n' "$line"; fi
  done <"$file" >"$tmp"
  mv -f "$tmp" "$file"
}

uninstall() {
  if systemd_running; then
    log "stopping and disabling crawl-agent"
    systemctl disable --now crawl-agent.service 2>/dev/null || true
  fi
  rm -f "$unit_file" "$bin_link"
  rm -rf "$dropin_dir" "$etc_dir"
  if [[ -e $unit_dir/crawl-coordinator.service ]]; then
    log "keeping $opt_dir: crawl-coordinator runs from it too"
  else
    rm -rf "$opt_dir"
  fi
  if systemd_running; then systemctl daemon-reload; fi
  if [[ $PURGE == yes ]]; then
    # DynamicUser= keeps the real directory under /var/lib/private.
    rm -rf "$prefix/var/lib/crawl-agent" "$prefix/var/lib/private/crawl-agent"
    log "removed the state directory"
  else
    log "kept the state directory /var/lib/crawl-agent (use --purge to delete it)"
  fi
  log "uninstalled"
}

copy_code() {
  SOURCE=$(readlink -f "$SOURCE")
  [[ -f $SOURCE/package.json && -f $SOURCE/scripts/crawl-agent && -f $SOURCE/systemd/crawl-agent.service ]] ||
    die "$SOURCE is not a crawl-network checkout"
  # A checkout set up by scripts/setup.sh (node_modules, the build), or the agent package installed
  # with `npm install -g` (compiled code, its dependencies in its own node_modules).
  [[ -d $SOURCE/node_modules/tsx || (-f $SOURCE/dist/.build-stamp && -d $SOURCE/node_modules) ]] ||
    die "$SOURCE/node_modules is missing: run 'bash scripts/setup.sh' in the checkout first"
  if [[ $SOURCE == "$(readlink -m "$opt_dir")" ]]; then
    log "installing from $opt_dir itself: code left as is"
    return
  fi
  mkdir -p "$opt_dir"
  # The whole checkout with node_modules (dev tools included: tsx runs the agent), so the device
  # needs no registry access. With .node/ (scripts/setup.sh's Node.js, if any), less the C headers
  # native addons compile against. Owned by the installing user (root), not writable by the service.
  if command -v rsync >/dev/null; then
    rsync -a --delete --no-owner --no-group --chmod=u+rwX,go+rX,go-w \
      --exclude=/.git --exclude=/test --exclude=/.ci --exclude=/data --exclude=/.data \
      --exclude=/test-output --exclude='/*.log' --exclude='/.node/node_modules/*/include' \
      "$SOURCE/" "$opt_dir/"
  else
    local staging
    staging=$(mktemp -d "$opt_dir.new.XXXXXX")
    cp -a --no-preserve=ownership "$SOURCE/." "$staging/"
    rm -rf "$staging/.git" "$staging/test" "$staging/.ci" "$staging/data" "$staging/.data" "$staging/test-output"
    rm -rf "$staging/.node/node_modules/"*/include
    chmod -R u+rwX,go+rX,go-w "$staging"
    rm -rf "$opt_dir"
    mv "$staging" "$opt_dir"
  fi
  log "code installed in /opt/crawl-network"
}

write_env() {
  mkdir -p "$etc_dir"
  chmod 0700 "$etc_dir"
  local key
  if [[ ! -e $env_file ]]; then
    local tmp
    tmp=$(mktemp "$env_file.XXXXXX")
    cat "$SOURCE/systemd/agent.env.example" >"$tmp"
    # The example's placement describes some other device: leave ours unset unless given.
    for key in CRAWL_AGENT_COUNTRY CRAWL_AGENT_REGION CRAWL_AGENT_CITY CRAWL_AGENT_DEVICE_TYPE CRAWL_AGENT_NETWORK_TYPE; do
      comment_key "$tmp" "$key"
    done
    mv -f "$tmp" "$env_file"
    log "created /etc/crawl-agent/agent.env"
  fi
  for key in "${!settings[@]}"; do set_key "$env_file" "$key" "${settings[$key]}"; done
  if [[ ${#settings[@]} -gt 0 ]]; then
    log "set in /etc/crawl-agent/agent.env: $(printf '%s\n' "${!settings[@]}" | sort | tr '\n' ' ')"
  else
    log "kept /etc/crawl-agent/agent.env as it is"
  fi
  chmod 0600 "$env_file"
  if [[ $EUID -eq 0 ]]; then chown root:root "$etc_dir" "$env_file"; fi
}

install_unit() {
  mkdir -p "$unit_dir"
  install -m 0644 "$SOURCE/systemd/crawl-agent.service" "$unit_file"
  # Growing restart delays exist from systemd 254 on; older versions warn about unknown keys.
  local version
  version=$(systemctl --version 2>/dev/null | awk 'NR == 1 { print $2 }') || true
  if [[ ${version:-0} =~ ^[0-9]+$ && $version -ge 254 ]]; then
    mkdir -p "$dropin_dir"
    printf '%s\n' '# Written by install-agent.sh: systemd >= 254 backs off between restarts.' \
      '[Service]' 'RestartSteps=6' 'RestartMaxDelaySec=5min' >"$dropin_dir/10-restart-backoff.conf"
    chmod 0644 "$dropin_dir/10-restart-backoff.conf"
  else
    rm -f "$dropin_dir/10-restart-backoff.conf"
    rmdir "$dropin_dir" 2>/dev/null || true
  fi
  mkdir -p "$(dirname "$bin_link")"
  ln -sfn /opt/crawl-network/scripts/crawl-agent "$bin_link"
  log "unit installed: /etc/systemd/system/crawl-agent.service; command: /usr/local/bin/crawl-agent"
}

# Network measurements (docs/measure.md) run the system's ping, traceroute and mtr; the agent
# offers each only when a probe at start finds it working, so a failed install costs those
# measurements, never the agent. The unit grants CAP_NET_RAW for the tools' raw sockets.
install_measure_tools() {
  if [[ $MEASURE_TOOLS == no ]]; then
    log "measurement tools not installed (--no-measure-tools)"
    return
  fi
  if [[ $on_host != yes ]]; then
    log "--root given: install ping, traceroute and mtr in the image for network measurements"
    return
  fi
  local need=()
  [[ -x /usr/bin/ping || -x /bin/ping ]] || need+=(iputils-ping)
  [[ -x /usr/sbin/traceroute || -x /usr/bin/traceroute ]] || need+=(traceroute)
  [[ -x /usr/bin/mtr || -x /usr/sbin/mtr ]] || need+=(mtr-tiny)
  if [[ ${#need[@]} -eq 0 ]]; then
    log "measurement tools present: ping, traceroute, mtr"
    return
  fi
  if command -v apt-get >/dev/null; then
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; then
      log "installed for network measurements: ${need[*]}"
    else
      log "warning: could not install ${need[*]}: those measurements are not offered"
    fi
  else
    log "warning: no apt-get: install ping, traceroute and mtr with this system's package manager"
  fi
}

check_node() {
  # The service runs the copied checkout's Node.js when scripts/setup.sh installed one in .node/
  # (the units put /opt/crawl-network/.node/bin first on PATH), else the system's: either way the
  # one node_modules' native addons were built for.
  local node
  node=$(checkout_node "$SOURCE")
  if ! supported_node "$node"; then
    [[ $on_host == yes ]] && die "no supported Node.js ($SUPPORTED_NODE_RANGE): run scripts/setup.sh in the checkout (it installs one into .node/ when the system's is older)"
    log "warning: no supported Node.js ($SUPPORTED_NODE_RANGE) in $SOURCE or on PATH; the target needs one"
  fi
  [[ $node == */.node/bin/node ]] && return
  local node_path
  node_path=$(readlink -f "$(command -v node 2>/dev/null || echo /nonexistent)")
  if [[ $on_host == yes && ($node_path == /home/* || $node_path == /root/*) ]]; then
    log "warning: node is $node_path; the service cannot see home directories (ProtectHome=yes): install Node.js system-wide"
  fi
}

# A re-run installs the checkout's code by hand: it runs next, not a release the coordinator rolled
# out earlier (the launcher starts the installed code when there is no current release).
reset_release() {
  local dir
  for dir in "$prefix/var/lib/private/crawl-agent/releases" "$prefix/var/lib/crawl-agent/releases"; do
    if [[ -L $dir/current || -e $dir/trial.json ]]; then
      rm -f "$dir/current" "$dir/trial.json"
      log "the installed code runs next, not the release in $dir"
    fi
  done
}

start_service() {
  if [[ $START == no ]]; then
    log "not starting (--no-start)"
    return
  fi
  if ! systemd_running; then
    log "systemd is not running here (or --root was given): not starting"
    return
  fi
  if grep -q '^CRAWL_AGENT_TOKEN=replace-with' "$env_file"; then
    log "CRAWL_AGENT_TOKEN is not set in /etc/crawl-agent/agent.env: not starting"
    return
  fi
  systemctl daemon-reload
  systemctl enable crawl-agent.service
  # restart, not start: a re-run is an upgrade, and the new code must be the one running.
  systemctl restart crawl-agent.service
  log "crawl-agent started: check it with 'crawl-agent status' or 'journalctl -u crawl-agent -f'"
}

if [[ $ACTION == uninstall ]]; then
  uninstall
  exit 0
fi
if [[ ! -e $env_file ]]; then
  for key in CRAWL_AGENT_COORDINATORS CRAWL_AGENT_DEVICE_ID CRAWL_AGENT_TOKEN; do
    [[ -n ${settings[$key]:-} ]] ||
      die "first install needs --coordinator, --device-id and --token or --token-file (missing ${key#CRAWL_AGENT_})"
  done
fi
check_node
copy_code
write_env
install_measure_tools
install_unit
reset_release
start_service
log "done"

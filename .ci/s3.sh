#!/usr/bin/env bash
# Throwaway S3 server for Tarmac's tests (CI and local use): OpenStack Swift with its s3api
# middleware, from Debian (see ../shared/reference/s3-test-server.md on the build machines).
#
# Usage:
#   .ci/s3.sh start [DIR]   Install Swift and memcached with apt if missing (once), then write a
#                           single-node Swift (rings, configs, devices) into DIR (made if missing; default: a fresh
#                           `mktemp -d /tmp/...`), start memcached and the four Swift servers on free
#                           127.0.0.1 ports, and wait for /healthcheck.
#                           Progress goes to stderr; stdout gets shell lines to eval:
#                             export TARMAC_CI_S3_DIR=...  export TARMAC_CI_S3_ENDPOINT=http://127.0.0.1:PORT
#                             export TARMAC_CI_S3_REGION=us-east-1 TARMAC_CI_S3_ACCESS_KEY_ID=test:tester
#                             export TARMAC_CI_S3_SECRET_ACCESS_KEY=testing
#   .ci/s3.sh stop DIR      Stop the processes started for DIR (their PIDs are in DIR/pids) and remove DIR.
#
# Env: TARMAC_CI_S3_PORT: the proxy's (the S3 endpoint's) port; default a free one. The storage
# servers and memcached always take free ports, so two runs coexist.
# Only /etc/swift/swift.conf lives outside DIR (Swift reads it from there); it is written when
# missing and never changed otherwise.
set -euo pipefail

log() { echo "[s3.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

PACKAGES=(swift swift-proxy swift-account swift-container swift-object memcached)

# shellcheck source=lib.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)/lib.sh"

# Swift and memcached from apt, once; their own services are never started.
install_swift() { apt_install_missing "${PACKAGES[@]}"; }

swift_conf() {
  if [[ -f /etc/swift/swift.conf ]] && grep -q '^\[swift-hash\]' /etc/swift/swift.conf; then return 0; fi
  log "writing /etc/swift/swift.conf"
  as_root mkdir -p /etc/swift
  as_root sh -c 'cat > /etc/swift/swift.conf' <<'EOF'
[swift-hash]
swift_hash_path_suffix = tarmac-test
swift_hash_path_prefix = tarmac-test

[storage-policy:0]
name = Policy-0
default = yes
EOF
}

# defaults PORT: the [DEFAULT] settings every server shares: loopback, one worker, this user.
defaults() {
  cat <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $1
workers = 1
user = $(id -un)
swift_dir = $DIR/etc
log_level = WARNING
EOF
}

# storage_conf NAME PORT: the config of one storage server (account, container, object).
storage_conf() {
  local name="$1" port="$2"
  { defaults "$port"; cat <<EOF
devices = $DIR/srv
mount_check = false

[pipeline:main]
pipeline = $name-server

[app:$name-server]
use = egg:swift#$name

[$name-replicator]
[$name-auditor]
[$name-updater]
EOF
  } >"$DIR/etc/$name-server.conf"
}

proxy_conf() {
  local port="$1" memcached="$2"
  { defaults "$port"; cat <<EOF

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true
# One node of each kind on a busy test machine: wait for it rather than time out at 0.5 s and then
# "error-limit" it (Swift's 503 "Please reduce your request rate" for a minute).
conn_timeout = 5
node_timeout = 60
error_suppression_limit = 1000000

[filter:s3api]
use = egg:swift#s3api
location = us-east-1

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$memcached
EOF
    # The other filters of the pipeline, with their defaults (the egg's names use underscores).
    local filter
    for filter in catch_errors gatekeeper healthcheck proxy-logging listing_formats bulk copy slo dlo; do
      printf '[filter:%s]\nuse = egg:swift#%s\n' "$filter" "${filter//-/_}"
    done
  } >"$DIR/etc/proxy-server.conf"
}

# store_works ENDPOINT: writes and removes an object with Swift's own API (tempauth's test user).
store_works() {
  local endpoint="$1" token
  token="$(curl -fsS --max-time 5 -o /dev/null -D - -H 'X-Auth-User: test:tester' -H 'X-Auth-Key: testing' \
    "$endpoint/auth/v1.0" 2>/dev/null | tr -d '\r' | sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p')" || return 1
  [[ -n "$token" ]] || return 1
  curl -fsS --max-time 10 -o /dev/null -X PUT -H "X-Auth-Token: $token" "$endpoint/v1/AUTH_test/tarmac-ready" &&
    curl -fsS --max-time 10 -o /dev/null -X PUT -H "X-Auth-Token: $token" --data-binary ok "$endpoint/v1/AUTH_test/tarmac-ready/ok" &&
    curl -fsS --max-time 10 -o /dev/null -X DELETE -H "X-Auth-Token: $token" "$endpoint/v1/AUTH_test/tarmac-ready/ok" &&
    curl -fsS --max-time 10 -o /dev/null -X DELETE -H "X-Auth-Token: $token" "$endpoint/v1/AUTH_test/tarmac-ready"
}

# spawn NAME CMD...: runs CMD in the background, output to DIR/NAME.log, its PID to DIR/pids.
spawn() {
  local name="$1"; shift
  "$@" >"$DIR/$name.log" 2>&1 </dev/null &
  echo "$!" >>"$DIR/pids"
}

cmd_start() {
  DIR="${1:-}"
  local created=0
  if [[ -z "$DIR" ]]; then DIR="$(mktemp -d /tmp/tarmac-s3.XXXXXX)"; created=1; fi
  if [[ ! -e "$DIR" ]]; then mkdir -p "$DIR"; created=1; fi
  [[ -d "$DIR" ]] || die "not a directory: $DIR"
  DIR="$(cd "$DIR" && pwd -P)"
  [[ ! -e "$DIR/pids" ]] || die "$DIR already holds a server (stop it first)"
  START_OK=0
  trap 'if [[ $START_OK -eq 0 ]]; then cmd_stop "$DIR" "$created" || true; fi' EXIT

  install_swift
  swift_conf
  mkdir -p "$DIR/etc" "$DIR/srv/d1" "$DIR/run"
  : >"$DIR/pids"
  local proxy="${TARMAC_CI_S3_PORT:-}" memcached account container object ring
  [[ -z "$proxy" || "$proxy" =~ ^[0-9]+$ ]] || die "TARMAC_CI_S3_PORT must be a port number, got \"$proxy\""
  [[ -n "$proxy" ]] || proxy="$(free_port)"
  memcached="$(free_port)" account="$(free_port)" container="$(free_port)" object="$(free_port)"
  for ring in account:"$account" container:"$container" object:"$object"; do
    (
      cd "$DIR/etc"
      swift-ring-builder "${ring%%:*}.builder" create 8 1 1 >/dev/null
      swift-ring-builder "${ring%%:*}.builder" add "r1z1-127.0.0.1:${ring##*:}/d1" 1 >/dev/null
      swift-ring-builder "${ring%%:*}.builder" rebalance >/dev/null
    ) || die "could not build the ${ring%%:*} ring"
    storage_conf "${ring%%:*}" "${ring##*:}"
  done
  proxy_conf "$proxy" "$memcached"

  spawn memcached memcached -l 127.0.0.1 -p "$memcached" -U 0 -u "$(id -un)" -m 32
  spawn account swift-account-server "$DIR/etc/account-server.conf"
  spawn container swift-container-server "$DIR/etc/container-server.conf"
  spawn object swift-object-server "$DIR/etc/object-server.conf"
  spawn proxy swift-proxy-server "$DIR/etc/proxy-server.conf"

  local endpoint="http://127.0.0.1:$proxy" i
  for i in $(seq 1 120); do
    if [[ "$(curl -fsS --max-time 2 "$endpoint/healthcheck" 2>/dev/null || true)" == "OK" ]]; then break; fi
    if [[ $i -eq 120 ]]; then tail -n 20 "$DIR"/*.log >&2 || true; die "Swift did not answer $endpoint/healthcheck within 60 s"; fi
    sleep 0.5
  done
  # The proxy answers /healthcheck before the storage servers listen: ready once an object can be
  # written and removed (account, container and object servers all answering).
  for i in $(seq 1 120); do
    if store_works "$endpoint"; then break; fi
    if [[ $i -eq 120 ]]; then tail -n 20 "$DIR"/*.log >&2 || true; die "Swift's storage servers did not answer within 60 s"; fi
    sleep 0.5
  done
  START_OK=1
  log "Swift (s3api) on $endpoint, data in $DIR/srv"
  printf 'export TARMAC_CI_S3_DIR=%q\n' "$DIR"
  printf 'export TARMAC_CI_S3_ENDPOINT=%q\n' "$endpoint"
  printf 'export TARMAC_CI_S3_REGION=us-east-1\n'
  printf 'export TARMAC_CI_S3_ACCESS_KEY_ID=test:tester\n'
  printf 'export TARMAC_CI_S3_SECRET_ACCESS_KEY=testing\n'
}

# cmd_stop DIR [REMOVE=1]: ends the processes whose PIDs DIR/pids holds (each with its children:
# Swift's servers fork a worker), then removes DIR.
cmd_stop() {
  local dir="$1" remove="${2:-1}" pid child
  [[ -n "$dir" && -d "$dir" ]] || return 0
  if [[ -f "$dir/pids" ]]; then
    while read -r pid; do
      [[ "$pid" =~ ^[0-9]+$ ]] || continue
      for child in $(pgrep -P "$pid" 2>/dev/null || true); do kill -TERM "$child" 2>/dev/null || true; done
      kill -TERM "$pid" 2>/dev/null || true
    done <"$dir/pids"
    sleep 0.5
    while read -r pid; do
      [[ "$pid" =~ ^[0-9]+$ ]] || continue
      for child in $(pgrep -P "$pid" 2>/dev/null || true); do kill -KILL "$child" 2>/dev/null || true; done
      kill -KILL "$pid" 2>/dev/null || true
    done <"$dir/pids"
  fi
  if [[ "$remove" == "1" ]]; then rm -rf "$dir"; else rm -f "$dir/pids"; fi
}

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  stop) shift; [[ $# -ge 1 ]] || die "usage: $0 stop DIR"; cmd_stop "$1" 1 ;;
  *) echo "usage: $0 start [DIR] | stop DIR" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for Tarmac's tests (CI and local use).
#
# Usage:
#   .ci/postgres.sh start [DIR]   Install PostgreSQL with apt if no server binaries exist under
#                                 /usr/lib/postgresql/*/bin, then initdb + start a private cluster in
#                                 DIR (default: a fresh `mktemp -d /tmp/...`) on a free 127.0.0.1 port, and
#                                 create database `tarmac` (superuser `tarmac`, trust auth).
#                                 Progress goes to stderr; stdout gets shell lines to eval:
#                                   export TARMAC_CI_PG_DIR=...  export TARMAC_CI_PG_URL=postgres://...
#   .ci/postgres.sh stop DIR      Stop the cluster in DIR (pg_ctl -m fast) and remove DIR.
#   source .ci/postgres.sh        Same as `start`, exporting TARMAC_CI_PG_URL and TARMAC_CI_PG_DIR
#                                 into the calling shell (returns non-zero on failure). Stop it later
#                                 with: .ci/postgres.sh stop "$TARMAC_CI_PG_DIR"
#
# As root, the cluster is owned by and run as the `postgres` system user (initdb refuses root);
# otherwise it runs as the current user (apt then goes through sudo, if present).
# Env: TARMAC_CI_PG_FORCE_INSTALL=1 runs the apt step even if binaries exist (for testing it).

if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
  # Sourced: run `start` in a child bash (so its `set -e` and traps stay its own), import exports.
  _tarmac_pg_env="$(bash "${BASH_SOURCE[0]}" start "$@")" || { unset _tarmac_pg_env; return 1; }
  eval "$_tarmac_pg_env"
  unset _tarmac_pg_env
  return 0
fi

set -euo pipefail

log() { echo "[postgres.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

is_root() { [[ "$(id -u)" -eq 0 ]]; }

# Newest PostgreSQL bin dir with the server binaries, or nothing.
find_bindir() {
  local d best=""
  for d in /usr/lib/postgresql/*/bin; do
    [[ -x "$d/initdb" && -x "$d/pg_ctl" && -x "$d/postgres" ]] || continue
    if [[ -z "$best" ]] || [[ "$(printf '%s\n%s\n' "$best" "$d" | sort -V | tail -n1)" == "$d" ]]; then
      best="$d"
    fi
  done
  printf '%s' "$best"
}

as_root() {
  if is_root; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}

install_postgres() {
  log "installing PostgreSQL with apt-get"
  # Keep the package's own service (the 'main' cluster) from being started: we run our own.
  local policy=/usr/sbin/policy-rc.d added_policy=0
  if [[ ! -e "$policy" ]]; then
    as_root sh -c "printf '#!/bin/sh\nexit 101\n' > $policy && chmod 755 $policy" && added_policy=1
  fi
  local rc=0 aptlog; aptlog="$(mktemp -t tarmac-apt.XXXXXX)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq update >"$aptlog" 2>&1 </dev/null || rc=$?
  if [[ $rc -eq 0 ]]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq install -y --no-install-recommends \
      -o Dpkg::Use-Pty=0 postgresql >>"$aptlog" 2>&1 </dev/null || rc=$?
  fi
  if [[ $added_policy -eq 1 ]]; then as_root rm -f "$policy"; fi
  if [[ $rc -ne 0 ]]; then cat "$aptlog" >&2; rm -f "$aptlog"; die "apt-get failed (exit $rc)"; fi
  rm -f "$aptlog"
}

# Run a command as the cluster owner, from a directory it can read.
as_pg() {
  if is_root; then
    if command -v runuser >/dev/null 2>&1; then
      (cd / && runuser -u postgres -- env LC_ALL=C.UTF-8 "$@")
    else
      local q; q="$(printf '%q ' "$@")"
      (cd / && su postgres -s /bin/sh -c "LC_ALL=C.UTF-8 $q")
    fi
  else
    (cd / && env LC_ALL=C.UTF-8 "$@")
  fi
}

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
  else
    python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
  fi
}

cmd_start() {
  local dir="${1:-}" created=0
  # Default under /tmp, not $TMPDIR: user postgres must reach it and the socket path must stay short.
  if [[ -z "$dir" ]]; then dir="$(mktemp -d /tmp/tarmac-pg.XXXXXX)"; created=1; fi
  [[ -d "$dir" ]] || die "no such directory: $dir"
  dir="$(cd "$dir" && pwd -P)"
  [[ ! -e "$dir/data" ]] || die "$dir/data already exists"

  # If anything below fails, leave nothing running or lying around.
  START_DIR="$dir" START_CREATED="$created" START_OK=0
  trap 'if [[ $START_OK -eq 0 ]]; then cmd_stop "$START_DIR" "$START_CREATED" || true; fi' EXIT

  local bindir; bindir="$(find_bindir)"
  if [[ -z "$bindir" || "${TARMAC_CI_PG_FORCE_INSTALL:-0}" == "1" ]]; then
    install_postgres
    bindir="$(find_bindir)"
    [[ -n "$bindir" ]] || die "no initdb/pg_ctl/postgres under /usr/lib/postgresql/*/bin after install"
  fi
  log "using $("$bindir/postgres" --version)"

  if is_root; then
    if ! id -u postgres >/dev/null 2>&1; then
      log "creating system user postgres"
      useradd --system --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin postgres
    fi
    chown postgres: "$dir"
    chmod 700 "$dir"
    as_pg test -w "$dir" || die "user postgres cannot write $dir (is a parent directory private?)"
  fi

  mkdir -p "$dir/sock"
  if is_root; then chown postgres: "$dir/sock"; fi
  as_pg "$bindir/initdb" -D "$dir/data" -U tarmac --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }

  # pg_stat_statements (contrib, shipped with Debian's server package) feeds the admin database view's statements list.
  local preload=""
  if [[ -f "$("$bindir/pg_config" --pkglibdir 2>/dev/null || echo "$bindir/../lib")/pg_stat_statements.so" ]]; then
    preload="-c shared_preload_libraries=pg_stat_statements"
  fi
  local port="" attempt
  for attempt in 1 2 3; do
    port="$(free_port)"
    if as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off $preload" \
      start >/dev/null; then
      break
    fi
    log "start on port $port failed (attempt $attempt):"
    tail -n 20 "$dir/server.log" >&2 || true
    port=""
  done
  [[ -n "$port" ]] || die "could not start PostgreSQL"

  as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U tarmac tarmac
  START_OK=1
  log "PostgreSQL running on 127.0.0.1:$port, data in $dir/data"
  printf 'export TARMAC_CI_PG_DIR=%q\n' "$dir"
  printf 'export TARMAC_CI_PG_URL=%q\n' "postgres://tarmac@127.0.0.1:$port/tarmac"
}

# cmd_stop DIR [REMOVE=1]: stop the cluster in DIR if running, then remove DIR.
cmd_stop() {
  local dir="$1" remove="${2:-1}" bindir
  [[ -n "$dir" && -d "$dir" ]] || return 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    bindir="$(find_bindir)"
    if [[ -n "$bindir" ]]; then
      as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
    fi
    # Last resort: the postmaster's pid is the first line of postmaster.pid.
    if [[ -f "$dir/data/postmaster.pid" ]]; then
      local pid; pid="$(head -n1 "$dir/data/postmaster.pid" 2>/dev/null || true)"
      if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
        log "pg_ctl stop failed; sending SIGQUIT to postmaster $pid"
        kill -QUIT "$pid" 2>/dev/null || true
        sleep 1
      fi
    fi
  fi
  if [[ "$remove" == "1" ]]; then rm -rf "$dir"; fi
}

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  stop) shift; [[ $# -ge 1 ]] || die "usage: $0 stop DIR"; cmd_stop "$1" 1 ;;
  *) echo "usage: $0 start [DIR] | stop DIR   (or: source $0)" >&2; exit 2 ;;
esac

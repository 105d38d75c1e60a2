# Shared by .ci/s3.sh and .ci/ldap.sh (sourced; each script defines its own log and die first).
# shellcheck shell=bash

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}

# apt_install_missing PKG…: installs the packages not installed yet (once), keeping their own
# services from starting while apt runs (policy-rc.d): the scripts run their own instances.
# apt's output is shown only when it fails.
apt_install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [[ ${#missing[@]} -gt 0 ]] || return 0
  log "installing with apt-get (once): ${missing[*]}"
  local policy=/usr/sbin/policy-rc.d added_policy=0 rc=0 aptlog
  if [[ ! -e "$policy" ]]; then
    as_root sh -c "printf '#!/bin/sh\nexit 101\n' > $policy && chmod 755 $policy" && added_policy=1
  fi
  aptlog="$(mktemp -t tarmac-apt.XXXXXX)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq update >"$aptlog" 2>&1 </dev/null || rc=$?
  if [[ $rc -eq 0 ]]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq install -y --no-install-recommends \
      -o Dpkg::Use-Pty=0 "${missing[@]}" >>"$aptlog" 2>&1 </dev/null || rc=$?
  fi
  if [[ $added_policy -eq 1 ]]; then as_root rm -f "$policy"; fi
  if [[ $rc -ne 0 ]]; then cat "$aptlog" >&2; rm -f "$aptlog"; die "apt-get failed (exit $rc)"; fi
  rm -f "$aptlog"
}

# A free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
}

#!/usr/bin/env bash
# Installs the Debian packages listed in .ci/apt-packages that are not installed yet.
# Runs as root (CI) or through sudo when available.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
mapfile -t wanted < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' apt-packages | grep -v '^$')
missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "test tools: all ${#wanted[@]} Debian packages present"
  exit 0
fi
echo "test tools: installing the Debian packages the tests need (once): ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
# slapd: no instance of Debian's own (under /etc/ldap): .ci/ldap.sh runs its own with its own config.
if [[ " ${missing[*]} " == *" slapd "* ]]; then
  echo "slapd slapd/no_configuration boolean true" | $SUDO debconf-set-selections
fi
log="$(mktemp)"
if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  echo "error: apt-get could not install ${missing[*]}" >&2
  exit 1
fi
rm -f "$log"

#!/usr/bin/env bash
# Throwaway OpenLDAP (slapd from Debian) for Tarmac's tests (CI and local use), holding the test
# directory of .ci/ldap/directory.ldif (generated from packages/server/test/helpers/ldap-directory.ts,
# which also holds the users' plain passwords and groups).
#
# Usage:
#   .ci/ldap.sh start [DIR]  Install slapd and ldap-utils with apt if missing (once, without letting
#                            Debian configure or start its own instance), then in DIR (made if
#                            missing; default: a fresh `mktemp -d /tmp/...`): a self-signed CA and a
#                            server certificate for 127.0.0.1 (openssl), a cn=config directory
#                            (slapadd of a generated LDIF), the test tree, and one slapd listening on
#                            free 127.0.0.1 ports: ldap:// (StartTLS offered) and ldaps://. Ready once
#                            the service account can bind over both.
#                            Progress goes to stderr; stdout gets shell lines to eval:
#                              export TARMAC_CI_LDAP_DIR=...  TARMAC_CI_LDAP_URL=ldap://127.0.0.1:PORT
#                              export TARMAC_CI_LDAPS_URL=ldaps://127.0.0.1:PORT  TARMAC_CI_LDAP_CA=DIR/tls/ca.crt
#                              export TARMAC_CI_LDAP_BIND_DN=cn=reader,dc=tarmac,dc=test
#                              export TARMAC_CI_LDAP_BIND_PASSWORD=...  TARMAC_CI_LDAP_BASE=dc=tarmac,dc=test
#   .ci/ldap.sh stop DIR     Stop the slapd started for DIR (its PID is in DIR/pids) and remove DIR.
#
# Env: TARMAC_CI_LDAP_PORT / TARMAC_CI_LDAPS_PORT: the two ports; default free ones, so two runs coexist.
# Nothing under /etc/ldap is read or written but the schema files Debian ships (/etc/ldap/schema).
set -euo pipefail

log() { echo "[ldap.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
LDIF="$HERE/ldap/directory.ldif"
PACKAGES=(slapd ldap-utils)
BASE="dc=tarmac,dc=test"
# Kept in step with LDAP_READER / LDAP_ADMIN in packages/server/test/helpers/ldap-directory.ts (the
# reader's hash is in the LDIF: a mismatch fails the readiness bind below).
READER_DN="cn=reader,$BASE" READER_PASSWORD="reader-secret-3b9d"
ADMIN_DN="cn=admin,$BASE" ADMIN_PASSWORD="admin-secret-7c1e"

# shellcheck source=lib.sh
. "$HERE/lib.sh"

# slapd from apt, once. Debian's slapd would make its own instance under /etc/ldap/slapd.d and
# start it: debconf is told to leave it unconfigured, and apt_install_missing keeps services from
# starting while apt runs.
install_slapd() {
  if ! dpkg-query -W -f='${Status}' slapd 2>/dev/null | grep -q "install ok installed"; then
    echo "slapd slapd/no_configuration boolean true" | as_root debconf-set-selections
  fi
  apt_install_missing "${PACKAGES[@]}"
}

# make_certificates: DIR/tls/ca.crt (a CA made for this run) and server.{crt,key} for 127.0.0.1.
make_certificates() {
  local tls="$DIR/tls"
  mkdir -p "$tls"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -keyout "$tls/ca.key" -out "$tls/ca.crt" -subj "/CN=Tarmac test LDAP CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$tls/server.key" -out "$tls/server.csr" -subj "/CN=127.0.0.1" 2>/dev/null
  printf '%s\n' "subjectAltName=IP:127.0.0.1,DNS:localhost" "basicConstraints=CA:FALSE" \
    "keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" >"$tls/server.ext"
  openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial -days 30 \
    -extfile "$tls/server.ext" -out "$tls/server.crt" 2>/dev/null
  chmod 600 "$tls/ca.key" "$tls/server.key"
}

# config_ldif: cn=config for one mdb database under $BASE, TLS from DIR/tls, and the ACLs: passwords
# are only ever compared (anonymous bind) or changed by their owner; the service account and any
# signed-in user read the rest; anonymous reads nothing.
config_ldif() {
  local schema
  cat <<EOF
dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: $DIR/run/slapd.pid
olcArgsFile: $DIR/run/slapd.args
olcLogLevel: none
olcTLSCACertificateFile: $DIR/tls/ca.crt
olcTLSCertificateFile: $DIR/tls/server.crt
olcTLSCertificateKeyFile: $DIR/tls/server.key

dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: /usr/lib/ldap
olcModuleLoad: back_mdb
olcModuleLoad: memberof

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

EOF
  for schema in core cosine inetorgperson; do
    sed -e '/^#/d' "/etc/ldap/schema/$schema.ldif"
    echo
  done
  cat <<EOF
dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend
olcSizeLimit: 500

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config
olcAccess: {0}to * by * none

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcSuffix: $BASE
olcDbDirectory: $DIR/data
olcDbMaxSize: 67108864
olcRootDN: $ADMIN_DN
olcRootPW: $(slappasswd -h '{SSHA}' -s "$ADMIN_PASSWORD")
olcDbIndex: objectClass eq
olcDbIndex: uid,mail,cn eq,sub
olcDbIndex: member eq
olcAccess: {0}to attrs=userPassword by self write by anonymous auth by * none
olcAccess: {1}to * by self read by dn.exact="$READER_DN" read by users read by * none

dn: olcOverlay={0}memberof,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcMemberOf
olcOverlay: {0}memberof
olcMemberOfRefInt: TRUE
olcMemberOfGroupOC: groupOfNames
olcMemberOfMemberAD: member
olcMemberOfMemberOfAD: memberOf
EOF
}

# binds_ok PORT LDAPS_PORT: the service account binds over StartTLS and LDAPS, trusting only our CA.
binds_ok() {
  LDAPTLS_CACERT="$DIR/tls/ca.crt" LDAPTLS_REQCERT=demand ldapwhoami -x -ZZ -o nettimeout=2 \
    -H "ldap://127.0.0.1:$1" -D "$READER_DN" -w "$READER_PASSWORD" >/dev/null 2>&1 &&
    LDAPTLS_CACERT="$DIR/tls/ca.crt" LDAPTLS_REQCERT=demand ldapwhoami -x -o nettimeout=2 \
      -H "ldaps://127.0.0.1:$2" -D "$READER_DN" -w "$READER_PASSWORD" >/dev/null 2>&1
}

cmd_start() {
  DIR="${1:-}"
  local created=0
  if [[ -z "$DIR" ]]; then DIR="$(mktemp -d /tmp/tarmac-ldap.XXXXXX)"; created=1; fi
  if [[ ! -e "$DIR" ]]; then mkdir -p "$DIR"; created=1; fi
  [[ -d "$DIR" ]] || die "not a directory: $DIR"
  DIR="$(cd "$DIR" && pwd -P)"
  [[ ! -e "$DIR/pids" ]] || die "$DIR already holds a server (stop it first)"
  [[ -f "$LDIF" ]] || die "missing $LDIF"
  START_OK=0
  trap 'if [[ $START_OK -eq 0 ]]; then cmd_stop "$DIR" "$created" || true; fi' EXIT

  install_slapd
  local port="${TARMAC_CI_LDAP_PORT:-}" ldaps="${TARMAC_CI_LDAPS_PORT:-}"
  [[ -z "$port" || "$port" =~ ^[0-9]+$ ]] || die "TARMAC_CI_LDAP_PORT must be a port number, got \"$port\""
  [[ -z "$ldaps" || "$ldaps" =~ ^[0-9]+$ ]] || die "TARMAC_CI_LDAPS_PORT must be a port number, got \"$ldaps\""
  [[ -n "$port" ]] || port="$(free_port)"
  [[ -n "$ldaps" ]] || ldaps="$(free_port)"
  rm -rf "$DIR/slapd.d" "$DIR/data" "$DIR/run"
  mkdir -p "$DIR/slapd.d" "$DIR/data" "$DIR/run"
  : >"$DIR/pids"
  make_certificates
  config_ldif >"$DIR/config.ldif"
  slapadd -n 0 -F "$DIR/slapd.d" -l "$DIR/config.ldif" >"$DIR/slapadd.log" 2>&1 ||
    { cat "$DIR/slapadd.log" >&2; die "slapadd of cn=config failed"; }
  slapadd -q -n 1 -F "$DIR/slapd.d" -l "$LDIF" >>"$DIR/slapadd.log" 2>&1 ||
    { cat "$DIR/slapadd.log" >&2; die "slapadd of $LDIF failed"; }

  # -d none: stay in the foreground (its PID is the one recorded), logging only what no level filters out (errors).
  /usr/sbin/slapd -d none -F "$DIR/slapd.d" -h "ldap://127.0.0.1:$port/ ldaps://127.0.0.1:$ldaps/" >"$DIR/slapd.log" 2>&1 </dev/null &
  local pid=$! i
  echo "$pid" >>"$DIR/pids"
  for i in $(seq 1 600); do
    if binds_ok "$port" "$ldaps"; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then tail -n 20 "$DIR/slapd.log" >&2 || true; die "slapd exited"; fi
    if [[ $i -eq 600 ]]; then tail -n 20 "$DIR/slapd.log" >&2 || true; die "no bind over StartTLS and LDAPS within 60 s"; fi
    sleep 0.1
  done
  START_OK=1
  log "OpenLDAP on ldap://127.0.0.1:$port (StartTLS) and ldaps://127.0.0.1:$ldaps, base $BASE, in $DIR"
  printf 'export TARMAC_CI_LDAP_DIR=%q\n' "$DIR"
  printf 'export TARMAC_CI_LDAP_URL=%q\n' "ldap://127.0.0.1:$port"
  printf 'export TARMAC_CI_LDAPS_URL=%q\n' "ldaps://127.0.0.1:$ldaps"
  printf 'export TARMAC_CI_LDAP_CA=%q\n' "$DIR/tls/ca.crt"
  printf 'export TARMAC_CI_LDAP_BIND_DN=%q\n' "$READER_DN"
  printf 'export TARMAC_CI_LDAP_BIND_PASSWORD=%q\n' "$READER_PASSWORD"
  printf 'export TARMAC_CI_LDAP_BASE=%q\n' "$BASE"
}

# cmd_stop DIR [REMOVE=1]: ends the slapd whose PID DIR/pids holds (TERM, then KILL after 5 s),
# then removes DIR.
cmd_stop() {
  local dir="$1" remove="${2:-1}" pid i
  [[ -n "$dir" && -d "$dir" ]] || return 0
  if [[ -f "$dir/pids" ]]; then
    while read -r pid; do
      [[ "$pid" =~ ^[0-9]+$ ]] || continue
      kill -TERM "$pid" 2>/dev/null || continue
      for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
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

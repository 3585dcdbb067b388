#!/usr/bin/env bash
# The PostgreSQL backend against a real server: installs Debian's `postgresql` when no
# server binaries are found, starts a throwaway cluster on 127.0.0.1 (its own data directory and
# port, removed on exit), runs @memfiles/pg's real-server tests (the store contract, tenancy,
# the contention tests across processes, and killing the lock holder's backend 50 times mid-call)
# with DATABASE_URL set, then stops the server.
# Usage: bash scripts/pg-test.sh [vitest args]   (PG_TEST_PORT overrides the port, default 54329)
#        bash scripts/pg-test.sh bench            (@memfiles/pg's bench with the real server too)
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin="$(find_bin)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  bin="$(find_bin)"
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg-test: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin after installing postgresql" >&2
  exit 1
fi

port="${PG_TEST_PORT:-54329}"
data="$(mktemp -d "${TMPDIR:-/tmp}/memfiles-pg.XXXXXX")"
# PostgreSQL refuses to run as root: as root, the cluster belongs to Debian's `postgres` user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/false postgres
  chown postgres "$data"
  as_owner=(runuser -u postgres --)
fi

# pg_ctl starts the server detached, so no caller's CPU figure holds it: its user+sys (with the
# backends it has reaped) and its live processes', in seconds, go to stdout and, when set, are
# appended to $CI_DETACHED_CPU_FILE (.ci/run adds them to this step's CPU).
server_cpu() {
  local pid
  pid="$(head -n 1 "$data/cluster/postmaster.pid" 2>/dev/null)" || return 0
  [ -r "/proc/$pid/stat" ] || return 0
  local files=("/proc/$pid/stat") child
  for child in $(pgrep -P "$pid" 2>/dev/null || true); do files+=("/proc/$child/stat"); done
  # A process that ended meanwhile has no stat file (cat fails): the others still count.
  cat "${files[@]}" 2>/dev/null |
    awk -v hz="$(getconf CLK_TCK)" '{sum += $14 + $15 + $16 + $17} END {printf "%.1f", sum / hz}' || true
}
stop() {
  local cpu
  cpu="$(server_cpu)"
  if [ -n "$cpu" ]; then
    echo "pg-test: the PostgreSQL server used $cpu s CPU"
    if [ -n "${CI_DETACHED_CPU_FILE:-}" ]; then echo "$cpu" >>"$CI_DETACHED_CPU_FILE"; fi
  fi
  "${as_owner[@]}" "$bin/pg_ctl" -D "$data/cluster" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$data/cluster" -U memfiles -A trust -E UTF8 --no-locale --no-sync >"$data/initdb.log" 2>&1 ||
  { cat "$data/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bin/pg_ctl" -D "$data/cluster" -l "$data/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $data -c fsync=off -c max_connections=100" start >/dev/null ||
  { cat "$data/server.log" >&2; exit 1; }
"$bin/createdb" -h 127.0.0.1 -p "$port" -U memfiles memfiles

export DATABASE_URL="postgres://memfiles@127.0.0.1:$port/memfiles"
echo "pg-test: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $data, removed on exit)"
if [ "${1:-}" = "bench" ]; then
  pnpm --filter @memfiles/pg bench
else
  pnpm --filter @memfiles/pg exec vitest run test/pg-server.test.ts "$@"
fi

#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:${PGPORT:-5432} for the PostgreSQL test run.
# Uses a running one; otherwise starts Debian's server (installing it with apt where missing)
# with a throw-away cluster under /tmp/sk-pg, trusting local connections.
set -euo pipefail
PORT="${PGPORT:-5432}"
if pg_isready -h 127.0.0.1 -p "$PORT" >/dev/null 2>&1; then exit 0; fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "installing PostgreSQL with apt-get"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || { echo "could not install PostgreSQL"; exit 1; }
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
dir=/tmp/sk-pg
id postgres >/dev/null 2>&1 || useradd -r -m postgres
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ ! -f "$dir/PG_VERSION" ]; then
  mkdir -p "$dir" && chown postgres "$dir" 2>/dev/null || true
  as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
rm -f "$dir/postmaster.pid.stale"
as_pg "$bin/pg_ctl" -D "$dir" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -l /tmp/sk-pg.log -w start >/dev/null
pg_isready -h 127.0.0.1 -p "$PORT"

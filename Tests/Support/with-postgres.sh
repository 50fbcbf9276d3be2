#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server on a free loopback port, then removes the server:
#
#   Tests/Support/with-postgres.sh COMMAND [ARGS...]
#
# The command finds the server in USERNOTIFYD_TEST_POSTGRES_URL (a superuser URL of the `postgres`
# database; tests create and drop databases of their own). initdb refuses to run as root, so as root
# the server runs as the `postgres` system user (Debian's package creates it). One server serves every
# suite of a `make test` run.
set -euo pipefail

PGBIN=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then
  echo "with-postgres: no PostgreSQL under /usr/lib/postgresql; install the Debian package postgresql" >&2
  exit 1
fi
ROOT=$(mktemp -d /tmp/usernotifyd-pg.XXXXXX)
AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$ROOT"
  AS=(runuser -u postgres --)
fi
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$ROOT/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
}
trap stop EXIT

"${AS[@]}" "$PGBIN/initdb" -D "$ROOT/data" -U postgres -A trust -E UTF8 --no-locale >"$ROOT/initdb.log" 2>&1 \
  || { cat "$ROOT/initdb.log" >&2; exit 1; }
# fsync stays on: durability is part of what the tests check. Enough connections for three replicas
# and the suites running in parallel.
"${AS[@]}" "$PGBIN/pg_ctl" -D "$ROOT/data" -l "$ROOT/server.log" -w -t 60 \
  -o "-p $PORT -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=64MB" start >/dev/null \
  || { cat "$ROOT/server.log" >&2; exit 1; }

export USERNOTIFYD_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# For tests that restart the server (an outage): how to stop and start it again.
export USERNOTIFYD_TEST_POSTGRES_CTL="${AS[*]} $PGBIN/pg_ctl -D $ROOT/data -l $ROOT/server.log -o '-p $PORT -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=64MB'"
"$@"

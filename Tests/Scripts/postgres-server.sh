#!/usr/bin/env bash
# A throwaway PostgreSQL server in a directory of its own, on a free loopback port:
#
#   Tests/Scripts/postgres-server.sh start DIR    # prints the superuser URL of its `postgres` database
#   Tests/Scripts/postgres-server.sh stop DIR     # stops it (the data stays: `start` brings it back)
#   Tests/Scripts/postgres-server.sh remove DIR   # stops it at once and deletes DIR
#
# fsync stays on: durability is part of what the tests check. initdb refuses to run as root, so as root
# the server runs as the `postgres` system user (Debian's package creates it). Enough connections for
# three replicas and the suites running in parallel.
set -euo pipefail

ACTION=${1:?usage: postgres-server.sh start|stop|remove DIR}
ROOT=${2:?usage: postgres-server.sh start|stop|remove DIR}
PGBIN=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then
  echo "postgres-server: no PostgreSQL under /usr/lib/postgresql; install the Debian package postgresql" >&2
  exit 1
fi
AS=()
if [ "$(id -u)" = 0 ]; then
  AS=(runuser -u postgres --)
fi

case "$ACTION" in
start)
  mkdir -p "$ROOT"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$ROOT"; fi
  if [ ! -f "$ROOT/port" ]; then
    # Below the kernel's ephemeral range: a server stopped and started again keeps its port, and while it
    # is down a port from that range could go to any outgoing connection or port-0 listener meanwhile.
    python3 - >"$ROOT/port" <<'PY'
import random, socket
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
while True:
    port = random.randrange(max(1024, low - 12000), low)
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
PY
    "${AS[@]}" "$PGBIN/initdb" -D "$ROOT/data" -U postgres -A trust -E UTF8 --no-locale >"$ROOT/initdb.log" 2>&1 \
      || { cat "$ROOT/initdb.log" >&2; exit 1; }
  fi
  PORT=$(cat "$ROOT/port")
  # The server must not inherit the caller's descriptors beyond 0-2: a parent that learns of this
  # script's exit through a socket it passed down (Foundation's Process does) would wait for the server.
  (
    for fd in /proc/"$BASHPID"/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    # Every suite shares the server, several with three replicas of twenty connections each at once:
    # room for all of them, so that a refused connection never stalls a pool.
    "${AS[@]}" "$PGBIN/pg_ctl" -D "$ROOT/data" -l "$ROOT/server.log" -w -t 60 \
      -o "-p $PORT -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=1000 -c shared_buffers=64MB" start >/dev/null
  ) || { cat "$ROOT/server.log" >&2; exit 1; }
  echo "postgres://postgres@127.0.0.1:$PORT/postgres"
  ;;
stop)
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$ROOT/data" -m fast -w -t 60 stop >/dev/null
  ;;
remove)
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$ROOT/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
  ;;
*)
  echo "postgres-server: unknown action $ACTION (start, stop, remove)" >&2
  exit 2
  ;;
esac

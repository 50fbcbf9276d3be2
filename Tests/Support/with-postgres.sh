#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server (Tests/Support/postgres-server.sh), then removes it:
#
#   Tests/Support/with-postgres.sh COMMAND [ARGS...]
#
# The command finds the server in USERNOTIFYD_TEST_POSTGRES_URL (a superuser URL of the `postgres`
# database; tests create and drop databases of their own). One server serves every suite of a
# `make test` run; tests that stop a server start one of their own.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(mktemp -d /tmp/usernotifyd-pg.XXXXXX)
trap '"$HERE/postgres-server.sh" remove "$ROOT"' EXIT
USERNOTIFYD_TEST_POSTGRES_URL=$("$HERE/postgres-server.sh" start "$ROOT")
export USERNOTIFYD_TEST_POSTGRES_URL
"$@"

#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server (Tests/Scripts/postgres-server.sh), then removes it:
#
#   Tests/Scripts/with-postgres.sh COMMAND [ARGS...]
#
# The command finds the server in USERNOTIFYD_TEST_POSTGRES_URL (a superuser URL of the `postgres`
# database; tests create and drop databases of their own). One server serves every suite of a
# `make test` run; tests that stop a server start one of their own. TMPDIR points to a directory removed
# at the end, so the suites leave no temporary files behind.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(mktemp -d /tmp/usernotifyd-pg.XXXXXX)
# The command's temporary files (data directories, databases, uploads) go to a directory of its own,
# removed with the server whatever the outcome.
TMPDIR=$(mktemp -d /tmp/usernotifyd-tests.XXXXXX)
# Servers that tests start as the postgres system user keep their clusters in it.
chmod 755 "$TMPDIR"
export TMPDIR
trap '"$HERE/postgres-server.sh" remove "$ROOT"; rm -rf "$TMPDIR"' EXIT
USERNOTIFYD_TEST_POSTGRES_URL=$("$HERE/postgres-server.sh" start "$ROOT")
export USERNOTIFYD_TEST_POSTGRES_URL
"$@"

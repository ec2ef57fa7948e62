#!/bin/bash
# The official postgres image's entrypoint contract, for an image built from Debian's packages:
# on an empty PGDATA, a cluster whose superuser is POSTGRES_USER (password POSTGRES_PASSWORD,
# scram-sha-256 over TCP) with the database POSTGRES_DB, listening on every address (PGPORT, or
# `-p`/`-c port=`, chooses the port); then the command (`postgres …`) replaces this script, so its
# log says "database system is ready to accept connections" once the server takes connections.
# /docker-entrypoint-initdb.d scripts are not supported.
set -euo pipefail

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = 'postgres' ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the official image refuses to start without it too)}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 --no-instructions --no-sync > /dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$database" != 'postgres' ]; then
    # Single-user mode: no server listens before the real one, so the ready line is printed once.
    echo "CREATE DATABASE \"${database//\"/\"\"}\";" |
      postgres --single -D "$PGDATA" -c fsync=off postgres > /dev/null
  fi
  echo "cluster initialised in $PGDATA: user \"$user\", database \"$database\""
fi

exec "$@"

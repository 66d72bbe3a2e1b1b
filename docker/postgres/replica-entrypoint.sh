#!/bin/sh
# A hot-standby streaming replica of the `postgres` service. On first start its data folder is a
# base backup of the primary (-R writes primary_conninfo and standby.signal); after that the
# image's own entrypoint starts it as is.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  PGPASSWORD="$REPLICATION_PASSWORD" gosu postgres pg_basebackup --host=postgres --username=replicator --pgdata="$PGDATA" --wal-method=stream --write-recovery-conf --progress
fi
# The service's command (settings such as max_connections, which must match the primary's) follows.
exec docker-entrypoint.sh postgres -c hot_standby=on "$@"

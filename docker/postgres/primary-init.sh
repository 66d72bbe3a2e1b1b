#!/bin/sh
# Runs once, when the primary's data folder is first made: the role the streaming replica logs in
# with, and the pg_hba.conf line that lets it (replication connections match no "all" line).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" --set=password="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"

#!/usr/bin/env bash
# Checks the README's Postgres instance storage once against a real PostgreSQL on loopback:
# starts a throwaway cluster, points a temporary DAGSTER_HOME at it, runs the benchmark job
# (`bench run`, every provider partition) through that instance, then reads the run back both
# through Dagster and straight from Postgres. Stops the server it started, by PID, even on failure.
#
# Needs: PostgreSQL binaries (initdb, postgres) on PATH; installs dagster-postgres (pinned) into
# .venv when missing. As root, the server runs as the `postgres` user (initdb refuses root).
set -euo pipefail
cd "$(dirname "$0")/.."
make --quiet .venv/.installed
py=.venv/bin/python
$py -c 'import dagster_postgres' 2>/dev/null || .venv/bin/uv pip install --quiet --python "$py" "dagster-postgres==0.29.27"

work="$(mktemp -d)"
pg_pid=""
cleanup() {
  if [[ -n "$pg_pid" ]] && kill -0 "$pg_pid" 2>/dev/null; then
    kill -TERM "$pg_pid"   # smart shutdown of the postmaster we started
    for _ in $(seq 50); do kill -0 "$pg_pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pg_pid" 2>/dev/null && kill -KILL "$pg_pid"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

as_pg=()
if [[ "$(id -u)" == 0 ]]; then
  chown postgres "$work"
  as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups)   # execs: the PID we keep is the server's
fi
password="$($py -c 'import secrets; print(secrets.token_hex(16))')"
printf '%s\n' "$password" > "$work/pwfile"
chmod 600 "$work/pwfile"; [[ ${#as_pg[@]} -gt 0 ]] && chown postgres "$work/pwfile"
"${as_pg[@]}" initdb --pgdata="$work/pgdata" --username=bench --pwfile="$work/pwfile" \
  --auth-host=scram-sha-256 --auth-local=scram-sha-256 >"$work/initdb.log"
port="$($py -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"${as_pg[@]}" postgres -D "$work/pgdata" -h 127.0.0.1 -p "$port" -k "$work" >"$work/postgres.log" 2>&1 &
pg_pid=$!
until "${as_pg[@]}" pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; do
  kill -0 "$pg_pid" 2>/dev/null || { cat "$work/postgres.log"; exit 1; }
  sleep 0.2
done
PGPASSWORD="$password" psql -q -h 127.0.0.1 -p "$port" -U bench -d postgres -c 'create database dagster'
echo "PostgreSQL $(postgres --version | awk '{print $3}') on 127.0.0.1:$port (pid $pg_pid)"

export DAGSTER_HOME="$work/home" DAGSTER_PG_USERNAME=bench DAGSTER_PG_PASSWORD="$password" \
  DAGSTER_PG_HOST=127.0.0.1 DAGSTER_PG_PORT="$port" DAGSTER_PG_DB=dagster
mkdir -p "$DAGSTER_HOME"
# The project's instance file plus the storage block the README documents.
cat dagster_home/dagster.yaml - >"$DAGSTER_HOME/dagster.yaml" <<'YAML'
storage:
  postgres:
    postgres_db:
      username: {env: DAGSTER_PG_USERNAME}
      password: {env: DAGSTER_PG_PASSWORD}
      hostname: {env: DAGSTER_PG_HOST}
      port: {env: DAGSTER_PG_PORT}
      db_name: {env: DAGSTER_PG_DB}
      scheme: postgresql+psycopg2   # SQLAlchemy 2.1 defaults to psycopg 3; dagster-postgres ships psycopg2
YAML
eval "$($py scripts/corpus_env.py "$work")"
.venv/bin/bench run --fixtures "$BENCH_FIXTURES" --golden "$BENCH_GOLDEN" --providers "$BENCH_PROVIDERS" \
  --invoices "$BENCH_INVOICES" --warehouse "$BENCH_WAREHOUSE" | tail -1

$py - <<'PY'
import dagster as dg

with dg.DagsterInstance.get() as instance:
    storage = type(instance.run_storage).__name__
    assert storage == "PostgresRunStorage", storage
    (record,) = instance.get_run_records(limit=1)
    run = record.dagster_run
    materialized = instance.get_records_for_run(run.run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION).records
    assert run.status == dg.DagsterRunStatus.SUCCESS, run.status
    print(f"read back from {storage}: run {run.run_id} {run.status.value}, {len(materialized)} materializations")
PY
PGPASSWORD="$password" psql -h 127.0.0.1 -p "$port" -U bench -d dagster -At \
  -c "select 'runs table: ' || run_id || ' ' || status from runs"
echo "postgres check passed"

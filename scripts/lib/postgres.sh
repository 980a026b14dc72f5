# Sourced by scripts/run and scripts/test: makes sure a PostgreSQL server is available.
# With DATABASE_URL set, that server is used as it is. Without it, a private cluster lives in
# .pgdata/ (git-ignored) on port $OPTICA_PG_PORT (default 54329); PostgreSQL itself is installed
# from the system's packages when missing.

OPTICA_PG_PORT="${OPTICA_PG_PORT:-54329}"
OPTICA_PG_DIR="${OPTICA_PG_DIR:-$PWD/.pgdata}"

pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_postgres() {
  if [ -n "$(pg_bin_dir)" ]; then return 0; fi
  echo "PostgreSQL no está instalado: se instala con apt-get" >&2
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: no se encontró apt-get; instale PostgreSQL (14 o más nuevo) o defina DATABASE_URL" >&2
    return 1
  fi
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
}

# Runs a PostgreSQL tool as the cluster's owner (initdb refuses to run as root).
pg_run() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Creates the data folder. As root the cluster runs as postgres: when that user cannot reach the
# checkout, the data lives under /tmp instead (one folder per checkout).
prepare_pg_dir() {
  mkdir -p "$OPTICA_PG_DIR"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$OPTICA_PG_DIR"
    if ! runuser -u postgres -- test -w "$OPTICA_PG_DIR"; then
      OPTICA_PG_DIR="/tmp/optica-pgdata-$(printf '%s' "$PWD" | cksum | cut -d' ' -f1)"
      mkdir -p "$OPTICA_PG_DIR" && chown postgres:postgres "$OPTICA_PG_DIR"
    fi
  fi
  chmod 700 "$OPTICA_PG_DIR"
}

start_private_postgres() {
  install_postgres
  local bin port
  bin="$(pg_bin_dir)"
  prepare_pg_dir
  if [ ! -f "$OPTICA_PG_DIR/PG_VERSION" ]; then
    echo "Se crea un cluster de PostgreSQL privado en $OPTICA_PG_DIR" >&2
    pg_run "$bin/initdb" -D "$OPTICA_PG_DIR" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  if pg_run "$bin/pg_ctl" -D "$OPTICA_PG_DIR" status >/dev/null 2>&1; then
    port="$(sed -n 4p "$OPTICA_PG_DIR/postmaster.pid")"
  else
    # another cluster (e.g. another checkout's) may hold the port: take the next free one
    port="$OPTICA_PG_PORT"
    while port_taken "$port"; do port=$((port + 1)); done
    # OPTICA_PG_PRELOAD: libraries to preload (the benchmarks' pg_stat_statements), when installed
    local preload=""
    if [ -n "${OPTICA_PG_PRELOAD:-}" ] && [ -f "$("$bin/pg_config" --pkglibdir 2>/dev/null || echo "$bin/../lib")/$OPTICA_PG_PRELOAD.so" ]; then
      preload="-c shared_preload_libraries=$OPTICA_PG_PRELOAD"
    fi
    pg_run "$bin/pg_ctl" -D "$OPTICA_PG_DIR" -l "$OPTICA_PG_DIR/server.log" -w -t 60 \
      -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 $preload" start >/dev/null
  fi
  if ! pg_run "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
      "select 1 from pg_database where datname = 'optica'" | grep -q 1; then
    pg_run "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres optica
  fi
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/optica"
  echo "PostgreSQL privado: $DATABASE_URL (datos en $OPTICA_PG_DIR)" >&2
}

stop_private_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  [ -n "$bin" ] && prepare_pg_dir
  [ -n "$bin" ] && [ -f "$OPTICA_PG_DIR/PG_VERSION" ] && pg_run "$bin/pg_ctl" -D "$OPTICA_PG_DIR" stop -m fast >/dev/null 2>&1 || true
}

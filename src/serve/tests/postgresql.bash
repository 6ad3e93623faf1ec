# shellcheck shell=bash
# postgresql.bash -- a PostgreSQL server of a test's (or a benchmark's) own,
# sourced by serve.bats and by with-postgresql.

# start_postgresql: a PostgreSQL server of the test's own, on a free port of
# 127.0.0.1, as an ordinary user (postgres when run as root); its URL in
# pg_url; stop_postgresql stops it and removes its folder.
start_postgresql() {
    local bin port
    bin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n 1)
    [[ -x $bin/initdb ]] || { echo "needs postgresql (apt-get install postgresql python3-psycopg)" >&2; return 1; }
    pg_user=$(id -un)
    ((EUID != 0)) || pg_user=postgres
    pg_dir=$(mktemp -d /tmp/serve-pg.XXXXXX)
    chmod 777 "$pg_dir"
    port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_pg "$bin/initdb" -D "$pg_dir/db" -A trust -U serve >/dev/null
    pg_ctl=$bin/pg_ctl
    as_pg "$pg_ctl" -D "$pg_dir/db" -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1" \
        -l "$pg_dir/log" -w start >/dev/null
    # shellcheck disable=SC2034  # read by the sourcing script
    pg_url=postgresql://serve@127.0.0.1:$port/postgres
}

as_pg() {
    if [[ $pg_user == "$(id -un)" ]]; then "$@"; else (cd /tmp && runuser -u "$pg_user" -- "$@"); fi
}

stop_postgresql() {
    if [[ -n ${pg_ctl:-} ]]; then as_pg "$pg_ctl" -D "$pg_dir/db" -m immediate stop >/dev/null || true; fi
    if [[ -n ${pg_dir:-} ]]; then rm -rf "$pg_dir"; fi
}

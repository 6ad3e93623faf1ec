#!/usr/bin/env bats
# serve.bats -- the pre-submission service's tests that need a PostgreSQL
# server (src/harness/serve/tests/test_*.py, unittest, Debian's Python),
# one bats test per module: the file starts one server of its own for
# them. The others (SQLite, the browser, a crash) run in make unit; the
# servers they start listen on 127.0.0.1 at free ports and are stopped by
# the tests themselves.

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    /usr/bin/python3 -c 'import flask, gunicorn, gevent' 2>/dev/null ||
        { echo "needs python3-flask, gunicorn and python3-gevent (src/tools/ensure-tools --for serve)" >&2; return 1; }
}

unit() {
    run env PYTHONPATH="$root/src" /usr/bin/python3 -B -m unittest -v "${@/#/harness.serve.tests.}"
    printf '%s\n' "$output"
    [ "$status" -eq 0 ]
    # (a module that ran nothing, or skipped everything, proves nothing)
    [[ $output == *"Ran "[1-9]* && $output != *"skipped="* ]]
}

# One PostgreSQL server of the file's own for the tests below (each makes a
# fresh database on it, or empties the one it uses); teardown_file stops it.
# shellcheck source=src/serve/tests/postgresql.bash
source "$BATS_TEST_DIRNAME/postgresql.bash"
setup_file() {
    start_postgresql
    export pg_url pg_ctl pg_dir pg_user
}
teardown_file() { stop_postgresql; }

# bats test_tags=slow
@test "serve: the database layer's tests on PostgreSQL too (the same schema and SQL)" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_store
}

# bats test_tags=slow
@test "serve: the API's tests against PostgreSQL (the same tests, a fresh database each)" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_api
}

# bats test_tags=slow
@test "serve: two fronts on one PostgreSQL, two remote workers; a worker and a front killed; no job twice at once" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_cluster
}

# bats test_tags=slow
@test "serve: issue 40's hostile tests on PostgreSQL too: sessions, headers and throttle, uploads and the cache, a full disk" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_sessions test_headers test_uploads \
        test_disk.DiskTest.test_below_the_reserve_uploads_get_507_and_the_worker_waits
}

# bats test_tags=slow
@test "serve: on PostgreSQL too, the front answers under 200 slow clients and a kill -9 of the supervisor loses nothing" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_front.FrontTest.test_healthz_answers_while_200_clients_send_headers_slowly \
        test_supervisor
}

# bats test_tags=slow
@test "serve: on PostgreSQL too, a check's count stored by its lease's holder, the queue's estimate, the staff's pages" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_progress.ProgressTest test_staff
}

#!/usr/bin/env bats
# serve.bats -- the pre-submission service's tests (src/serve/tests/test_*.py,
# unittest, Debian's Python): one bats test per module so that make selftest
# names each. The servers they start listen on 127.0.0.1 at free ports and
# are stopped by the tests themselves.

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    /usr/bin/python3 -c 'import flask, gunicorn' 2>/dev/null ||
        { echo "needs python3-flask and gunicorn (apt-get install python3-flask gunicorn)" >&2; return 1; }
}

unit() {
    run env PYTHONPATH="$root/src" /usr/bin/python3 -B -m unittest discover -s src/serve/tests -p "$1" -v
    printf '%s\n' "$output"
    [ "$status" -eq 0 ]
}

@test "serve: the database layer, the queue, leases and claims" { unit test_store.py; }
@test "serve: uploads unpacked safely" { unit test_unpack.py; }
@test "serve: the log's lines read back as data" { unit test_logs.py; }
@test "serve: the staff's view and the workers' API open only to their tokens; a worker of other code is refused" {
    unit test_doors.py
}
@test "serve: the API case by case, every refusal, supersede, two students apart" {
    unit test_api.py
}
@test "serve: verdicts of real programs, the cache, the report page" { unit test_checking.py; }
@test "serve: kill -9 with jobs queued and running, restart, everything finishes" { unit test_crash.py; }
@test "serve: in Chromium, log in, upload through the form, read the verdict (with and without JavaScript)" {
    unit test_browser.py
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

@test "serve: the database layer's tests on PostgreSQL too (the same schema and SQL)" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_store.py
}

@test "serve: the API's tests against PostgreSQL (the same tests, a fresh database each)" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_api.py
}

@test "serve: two fronts on one PostgreSQL, two remote workers; a worker and a front killed; no job twice at once" {
    SERVE_TEST_POSTGRESQL=$pg_url unit test_cluster.py
}

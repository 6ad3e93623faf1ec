# markreport.bats -- the report package's own tests (test_markreport.py:
# the report of a small class; test_marking.py: the scheme, lateness and
# manual marks; test_result_row.py: mark-one's tables), with the Python
# that scripts/mark would use.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    # shellcheck source=src/mark/mark.bash
    source src/mark/mark.bash
    python=$(mark_python) || fail "no Python 3 with Jinja2 (apt-get install python3-jinja2)"
}

@test "markreport: the package's unit tests pass" {
    run env PYTHONPATH=src/mark:src/mark/tests "$python" -B -m unittest -v test_markreport
    assert_success
    assert_output --partial 'Ran 14 tests'
}

@test "markreport: the scheme, lateness and manual marks' unit tests pass" {
    run env PYTHONPATH=src/mark:src/mark/tests "$python" -B -m unittest -v test_marking
    assert_success
    assert_output --partial 'Ran 12 tests'
}

@test "markreport: mark-one's tables (result_row.py) read check-engine's TSV files by their headers' names" {
    run env PYTHONPATH=src/mark:src/mark/tests /usr/bin/python3 -B -m unittest -v test_result_row
    assert_success
    assert_output --partial 'Ran 3 tests'
}

# checkers-oracle.bats -- every checkers golden (generated and hand-written)
# agrees with the independent implementation written from the handout and
# NOTES.md alone (src/corpus/checkers-oracle): stdout, exit status and
# stderr, byte for byte; and the comparison can fail. The pass over every
# golden is corpus-gen.bats's last test (scripts/generate-corpus --check runs
# the oracle on the whole corpus, and that test counts its agreements): the
# same comparison, not made twice.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

@test "checkers oracle: as a program, one game on stdin, its status and stderr" {
    run --separate-stderr /usr/bin/python3 src/corpus/checkers-oracle/checkers_oracle.py \
        < testdata/checkers/examples/seed-game-P.in
    assert_success
    assert_equal "$output" "$(cat testdata/checkers/examples/seed-game-P.out)"
    run --separate-stderr /usr/bin/python3 src/corpus/checkers-oracle/checkers_oracle.py < testdata/checkers/official/test5.in
    assert_failure "$(cat testdata/checkers/official/test5.status)"
}

@test "checkers oracle: a golden with one board line, a status or a stderr changed is caught" {
    local cases=$BATS_TEST_TMPDIR/cases
    mkdir -p "$cases/x"
    cp testdata/checkers/examples/seed-game-A.* testdata/checkers/official/test5.* "$cases/x/"
    local malformed
    for malformed in testdata/checkers/malformed/*.err; do break; done
    cp "${malformed%.err}".* "$cases/x/"
    sed -i '0,/|/s/|/!/' "$cases/x/seed-game-A.out"
    echo 0 > "$cases/x/test5.status"
    local err
    err=$(ls "$cases"/x/*.err)
    sed -i 's/line/LINE/' "$err"
    run /usr/bin/python3 src/corpus/checkers-oracle/compare_corpus.py --corpus "$cases"
    assert_failure
    assert_line --regexp '^x/seed-game-A: stdout line [0-9]+: '
    assert_line --regexp '^x/test5: status expected 0, got [1-9]'
    assert_line --regexp '^x/[^:]+: stderr line 1: '
    assert_line '0 agreed, 3 disagreed'
}

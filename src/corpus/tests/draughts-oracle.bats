# draughts-oracle.bats -- every draughts golden agrees with the independent
# implementation written from NOTES.md alone (src/corpus/draughts-oracle),
# so that no golden rests on the engine's word only; and the comparison
# can fail.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# oracle_disagreements DIR: prints each case of DIR whose stdout or status
# the oracle does not reproduce. The cases that end with status 0 run as
# one input (their inputs joined by newlines, a blank line being nothing
# to either program; the expected output is their outputs joined), so that
# Python starts once; the others, and every case of a batch that differs,
# one by one.
oracle_disagreements() {
    local root=$1 input case_path status expected batch=() single=()
    while IFS= read -r -d '' input; do
        if [[ -f ${input%.in}.status ]]; then single+=("$input"); else batch+=("$input"); fi
    done < <(find "$root" -name '*.in' -print0 | sort -z)
    if ((${#batch[@]})); then
        for input in "${batch[@]}"; do cat -- "$input"; echo; done > "$BATS_TEST_TMPDIR/batch.in"
        for input in "${batch[@]}"; do cat -- "${input%.in}.out"; done > "$BATS_TEST_TMPDIR/batch.out"
        if /usr/bin/python3 src/corpus/draughts-oracle/draughts_oracle.py "$BATS_TEST_TMPDIR/batch.in" \
                2>/dev/null | cmp -s - "$BATS_TEST_TMPDIR/batch.out"; then
            batch=()
        fi
    fi
    for input in "${batch[@]}" "${single[@]}"; do
        case_path=${input%.in}
        status=0
        /usr/bin/python3 src/corpus/draughts-oracle/draughts_oracle.py "$input" \
            > "$BATS_TEST_TMPDIR/out" 2>/dev/null || status=$?
        expected=0
        if [[ -f $case_path.status ]]; then read -r expected < "$case_path.status"; fi
        if ! cmp -s "$BATS_TEST_TMPDIR/out" "$case_path.out" || [[ $status != "$expected" ]]; then
            echo "$case_path"
        fi
    done
}

# bats test_tags=slow
@test "draughts oracle: reproduces every golden of testdata/draughts, stdout and status" {
    run oracle_disagreements testdata/draughts
    assert_success
    assert_output ''
}

@test "draughts oracle: a golden with one trace value changed is caught" {
    mkdir -p "$BATS_TEST_TMPDIR/cases/x"
    cp testdata/draughts/examples/opening.* "$BATS_TEST_TMPDIR/cases/x/"
    sed -i '0,/h=0\./s//h=1./' "$BATS_TEST_TMPDIR/cases/x/opening.out"
    run oracle_disagreements "$BATS_TEST_TMPDIR/cases"
    assert_output "$BATS_TEST_TMPDIR/cases/x/opening"
}

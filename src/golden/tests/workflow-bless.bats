# workflow-bless.bats -- re-recording cases: a diff first, then only what a
# person accepted, written by rename, and never under CI.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    make_fixture_cases
    unset CI  # CI runs these tests with CI=true; bless itself must not see it
}

# Breaks a golden the way an intended change of behaviour would look.
change_golden() {
    sed -i 's/^BLACK ACTION #1: G6-F5$/BLACK ACTION #1: G6-H5/' "$cases/stage0/opening.out"
    grep -q 'G6-H5' "$cases/stage0/opening.out" || fail "the planted change did not apply"
}

@test "bless: shows old and new as diff -u and re-records only after yes" {
    change_golden
    local changed
    changed=$(sha256sum < "$cases/stage0/opening.out")

    run scripts/bless --cases "$cases" stage0/opening < <(echo n)
    assert_success
    assert_output --partial '=== stage0/opening: the opening move'
    assert_output --partial '--- old stage0/opening.out'
    assert_output --partial '+++ new stage0/opening.out'
    assert_line '-BLACK ACTION #1: G6-H5'
    assert_line '+BLACK ACTION #1: G6-F5'
    assert_output --partial 'kept stage0/opening'
    assert_output --partial 'bless: 0 blessed, 1 kept, 0 unchanged'
    assert_equal "$(sha256sum < "$cases/stage0/opening.out")" "$changed"

    run scripts/bless --cases "$cases" "$cases/stage0/opening.out" < <(echo y)
    assert_success
    assert_output --partial 'blessed stage0/opening'
    run cmp "$cases/stage0/opening.out" <("$engine" < "$cases/stage0/opening.in")
    assert_success
}

@test "bless --yes: a status and a stderr that appear or disappear" {
    rm "$cases/malformed/lower.status" "$cases/malformed/lower.err"
    echo 'stale words' > "$cases/stage0/opening.err"
    echo 1 > "$cases/stage0/opening.status"

    run scripts/bless --yes --cases "$cases" malformed/lower stage0/opening
    assert_success
    assert_output --partial '+++ new malformed/lower.status'
    assert_line '+2'
    assert_line '+checkers: line 1: malformed action "g6-f5" (expected e.g. G6-F5, A or P)'
    assert_line '-stale words'
    assert_line '-1'
    assert_output --partial 'bless: 2 blessed, 0 kept, 0 unchanged'
    assert_equal "$(cat "$cases/malformed/lower.status")" 2
    [[ -s $cases/malformed/lower.err ]] || fail "the stderr golden did not come back"
    [[ ! -e $cases/stage0/opening.err && ! -e $cases/stage0/opening.status ]] ||
        fail "an empty stderr and status 0 must be absent files"
    run src/cases/check-corpus --cases "$cases"
    assert_success
}

@test "bless: unchanged files keep inode and mtime; a changed one is renamed into place" {
    change_golden
    local file files=() stamps=()
    mapfile -t files < <(find "$cases" -type f | sort)
    for file in "${files[@]}"; do stamps+=("$(file_stamp "$file")"); done

    run scripts/bless --all --yes --cases "$cases"
    assert_success
    assert_output --partial 'bless: 1 blessed, 0 kept, 2 unchanged'
    local i
    for i in "${!files[@]}"; do
        if [[ ${files[i]} == */opening.out ]]; then
            # a new inode: the golden was replaced by rename, never rewritten in place
            [[ ${stamps[i]%% *} != "$(stat -c %i "${files[i]}")" ]] || fail "opening.out was rewritten in place"
        else
            assert_equal "$(file_stamp "${files[i]}")" "${stamps[i]}"
        fi
    done
    assert_equal "$(find "$cases" -name '.*')" ''   # no temporary file left
}

@test "bless: killed in the middle of writing, the old golden is still whole" {
    change_golden
    local changed
    changed=$(sha256sum < "$cases/stage0/opening.out")
    # bless (harness.cases.bless, as its door runs it) whose writing of a
    # temporary file (harness.cases.atomic.fill) copies 300 bytes of the
    # new golden, then kills bless outright (SIGKILL: no cleanup runs), as
    # a power cut would.
    cat > "$BATS_TEST_TMPDIR/half-bless.py" <<'PYTHON'
import os
import signal
import sys

from harness.cases import atomic
from harness.cases.bless.tool import main


def half(file, data):
    file.write(data[:300])
    file.flush()
    os.kill(os.getpid(), signal.SIGKILL)


atomic.fill = half
sys.exit(main())
PYTHON
    mkdir "$BATS_TEST_TMPDIR/tmp"  # bless's own work directory, also left behind
    TMPDIR=$BATS_TEST_TMPDIR/tmp PYTHONPATH=$root/src run /usr/bin/python3 -B "$BATS_TEST_TMPDIR/half-bless.py" \
        --yes --cases "$cases" stage0/opening
    assert_failure 137
    assert_equal "$(sha256sum < "$cases/stage0/opening.out")" "$changed"
    # the half-written temporary file is all that is left, and the corpus
    # check points at it
    local leftover
    leftover=$(find "$cases" -name '.opening.out.bless.*')
    assert_equal "$(stat -c %s "$leftover")" 300
    run src/cases/check-corpus --cases "$cases"
    assert_failure
    assert_output --partial "$leftover: a hidden file (left by an interrupted add-case or bless?)"
}

@test "bless: refuses to run when CI is set, and names an unknown case" {
    change_golden
    local changed
    changed=$(sha256sum < "$cases/stage0/opening.out")
    CI=true run scripts/bless --yes --cases "$cases" --all
    assert_failure 2
    assert_output --partial "bless: refusing to run with CI set ('true')"
    assert_equal "$(sha256sum < "$cases/stage0/opening.out")" "$changed"

    run scripts/bless --cases "$cases" stage0/no-such-case
    assert_failure 2
    assert_output --partial "no case 'stage0/no-such-case'"

    # answers that run out stop the run without writing
    run scripts/bless --cases "$cases" stage0/opening < /dev/null
    assert_failure 1
    assert_output --partial 'no answer for stage0/opening (end of input)'
    assert_equal "$(sha256sum < "$cases/stage0/opening.out")" "$changed"
}

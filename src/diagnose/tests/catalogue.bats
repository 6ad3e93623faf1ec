# catalogue.bats -- every fault of the catalogue (src/diagnose/faults)
# still applies to the reference, builds with -Werror, and changes its
# output on the corpus; a patch that no longer applies, one that does not
# build and one that changes nothing are each caught.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
}

# check_catalogue OPTION...: python3 -m harness.diagnose.check_catalogue.
check_catalogue() {
    PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.diagnose.check_catalogue "$@"
}

# broken_catalogue CODE PATCH_TEXT: a checkers catalogue of one fault.
broken_catalogue() {
    local dir=$BATS_TEST_TMPDIR/faults
    mkdir -p "$dir/checkers"
    printf 'code\tdescription\tpatch\tmatch\n%s\tbroken on purpose\tcheckers/%s.patch\texact\n' \
        "$1" "$1" > "$dir/checkers.tsv"
    printf '%s\n' "$2" > "$dir/checkers/$1.patch"
}

# bats test_tags=slow
@test "every fault applies, builds and changes the reference's output on the corpus" {
    run check_catalogue
    assert_success
    local game code
    for game in checkers draughts; do
        while IFS=$'\t' read -r code _; do
            [[ $code == code ]] && continue
            assert_line --regexp "^ok $game/$code: differs on "
        done < "$root/src/diagnose/faults/$game.tsv"
    done
    refute_line --partial FAIL
}

# bats test_tags=slow
@test "a fault whose patch changes nothing the program prints fails the check" {
    broken_catalogue comment-only '--- a/board.c
+++ b/board.c
@@ -1,1 +1,1 @@
-/* board.c -- the starting position, what a cell holds, and board cost. */
+/* board.c -- the starting position (a comment changed, nothing else). */'
    head -n 1 "$root/src/checkers/board.c" | grep -qxF '/* board.c -- the starting position, what a cell holds, and board cost. */'
    run check_catalogue --faults "$BATS_TEST_TMPDIR/faults" \
        --build "$BATS_TEST_TMPDIR/build" checkers
    assert_failure
    assert_line "FAIL checkers/comment-only: never differs from the reference on testdata/checkers"
}

@test "a patch that no longer applies, or does not build, fails the check" {
    broken_catalogue stale '--- a/board.c
+++ b/board.c
@@ -1,1 +1,1 @@
-/* a line the engine does not have */
+/* anything */'
    run check_catalogue --faults "$BATS_TEST_TMPDIR/faults" \
        --build "$BATS_TEST_TMPDIR/build" checkers
    assert_failure
    assert_line --regexp '^FAIL checkers/stale: .*stale.patch does not apply'
    broken_catalogue unbuildable '--- a/board.c
+++ b/board.c
@@ -1,1 +1,2 @@
 /* board.c -- the starting position, what a cell holds, and board cost. */
+int unbuildable = ;'
    run check_catalogue --faults "$BATS_TEST_TMPDIR/faults" \
        --build "$BATS_TEST_TMPDIR/build" checkers
    assert_failure
    assert_line --partial 'FAIL checkers/unbuildable: checkers/unbuildable does not build'
}

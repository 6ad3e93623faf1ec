# profiles.bats -- check-engine's two profiles are fair and exact: the
# assignment profile leaves out exactly the cases that rest on a decision
# of NOTES.md, a program that only differs from ours on such decisions
# passes it, and the failures of a program are grouped by their cause.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
}

# variant NAME PERL-PROGRAM FILE: our checkers engine patched
# (engine_variant, src/test-lib/workflow.bash).
variant() { engine_variant checkers "$@"; }

# ids_changed_by ENGINE: the checkers cases whose stdout ENGINE changes
# (its stdout against the case's .out, byte for byte; one Python process
# runs them all, where a bash pipeline per case cost three times the CPU).
ids_changed_by() {
    corpus_list testdata/checkers | /usr/bin/python3 -c '
import subprocess, sys
for case in sys.stdin.read().splitlines():
    with open(f"testdata/checkers/{case}.in", "rb") as given, open(f"testdata/checkers/{case}.out", "rb") as out:
        run = subprocess.run([sys.argv[1]], stdin=given, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if run.stdout != out.read():
            print(case)
' "$1"
}

# block_of DECISION: the globs strict-only lists under that decision.
block_of() {
    corpus_strict_only_globs testdata/checkers | awk -F '\t' -v d="$1" '$1 == d { print $2 }' | sort
}

# bats test_tags=slow
@test "profiles: strict-only's reading blocks hold exactly the cases the other reading changes" {
    # A depth-3 leaf whose side cannot act costed INT_MIN / INT_MAX, as the
    # assignment's sentence can be read.
    variant stuck-leaves 's/    if \(levels == 0\) \{\n        node->cost = board_cost_here;/    if (levels == 0) {\n        action_t probe[MAX_ACTIONS];\n        node->cost = rules_legal_actions(&node->board, side, probe) > 0 ? board_cost_here : side == BLACK ? INT_MIN : INT_MAX;/' search.c
    run ids_changed_by "$BATS_TEST_TMPDIR/stuck-leaves"
    assert_success
    [[ -n $output ]] || fail "the other reading changes no case: the variant is not one"
    assert_equal "$output" "$(block_of reading-stuck-leaves)"

    # The side to move examined after A's action and after P's tenth.
    # shellcheck disable=SC2016 # $1 and $2 are perl's
    variant win-after-last 's/(\n        \}\n    \}\n)    return EXIT_DONE;(\n\}\n\nstatic int play_typed)/$1    {\n        action_t probe[MAX_ACTIONS];\n        colour_t next = side_of_action_number(game->next_number);\n        if (rules_legal_actions(&game->board, next, probe) == 0) {\n            printer_win(stdout, opponent_of(next));\n        }\n    }\n    return EXIT_DONE;$2/' main.c
    run ids_changed_by "$BATS_TEST_TMPDIR/win-after-last"
    assert_success
    [[ -n $output ]] || fail "the other reading changes no case: the variant is not one"
    assert_equal "$output" "$(block_of reading-win-after-last-action)"
}

# bats test_tags=slow
@test "profiles: every case of the assignment profile is stdout-only, and strict holds them all" {
    run scripts/check-engine build/checkers --show 0 --output "$out"
    assert_success
    local all strict_only
    all=$(corpus_list testdata/checkers | wc -l)
    strict_only=$(corpus_strict_only testdata/checkers | wc -l)
    ((strict_only > 0 && strict_only < all))
    assert_line --index 0 --partial "against $((all - strict_only)) cases, profile assignment (stdout byte for byte only"
    assert_equal "${lines[-1]}" "$((all - strict_only)) passed, 0 failed (profile assignment)"
    run scripts/check-engine build/checkers --profile strict --show 0 --output "$out"
    assert_success
    assert_equal "${lines[-1]}" "$all passed, 0 failed (profile strict)"
}

# bats test_tags=slow
@test "profiles: exiting 0 after an error line passes the assignment profile and fails strict in one group" {
    variant exit-0-after-error 's/    return finish\(play_input\(&game, &input\)\);/    int played = finish(play_input(&game, &input));\n    return played == EXIT_INPUT_ERROR ? EXIT_DONE : played;/' main.c
    # The first 3 cases of every category (each error category's among
    # them), not the corpus's 1300: the variant changes an exit status only.
    corpus_list testdata/checkers | first_per_category 3 | copy_cases "$cases"
    run scripts/check-engine "$BATS_TEST_TMPDIR/exit-0-after-error" --cases "$cases" --show 0 --output "$out"
    assert_success
    # (the symptoms alone: the diagnosis's grouping is asked for below)
    run scripts/check-engine "$BATS_TEST_TMPDIR/exit-0-after-error" --cases "$cases" --profile strict --show 1 \
        --no-diagnose --output "$out"
    assert_failure 1
    local failed
    failed=$(grep -c '^  [a-z0-9-]* .*FAILED$' <<<"$output" || true)
    ((failed > 0))
    # one group, holding every failure
    run grep -E '^  [0-9]+ cases?: ' <<<"$output"
    assert_equal "${#lines[@]}" 1
    assert_output --regexp '^  [0-9]+ cases: status only: stdout identical, status 1 expected, got 0$'
    # diagnosed, the same failures are the catalogue's error-status-zero
    run scripts/check-engine "$BATS_TEST_TMPDIR/exit-0-after-error" --cases "$cases" --profile strict --show 0 \
        --output "$out"
    assert_failure 1
    assert_line --regexp '^likely cause: .* \(error-status-zero\): reproduces [0-9]+ of [0-9]+ failing cases$'
}

@test "profiles: a crash after printing is placed where the output really stops" {
    # shellcheck disable=SC2016 # $1 is perl's
    variant crash-at-step-2 's/( +printer_action\(stdout, game->next_number\+\+, action, true,\n +&game->board\);\n)/$1            { static int computed; if (++computed == 2) { volatile int *p = 0; *p = 1; } }\n/' main.c
    run scripts/check-engine "$BATS_TEST_TMPDIR/crash-at-step-2" --category official --show 1 --output "$out"
    assert_failure 1
    assert_output --regexp '  [0-9]+ cases?: crash \(SIGSEGV\)'
    assert_output --partial '(the output was cut by the crash: the first difference is from a rerun with unbuffered stdout, stdbuf -o0)'
    # official/test3: P; the second computed action (#15) is where it stops
    assert_output --partial 'stdout: first difference at line 316, in what follows WHITE ACTION #14: F3-G4'
}

@test "profiles: --exclude, --show 0 wording, and a program that prints nothing" {
    cat > "$BATS_TEST_TMPDIR/silent" <<'ENGINE'
#!/usr/bin/env bash
cat > /dev/null
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/silent"
    run scripts/check-engine "$BATS_TEST_TMPDIR/silent" --category official --show 0 --output "$out"
    assert_failure 1
    assert_line '  9 cases: printed nothing'
    assert_line '---------------------------------------- 9 failed:'
    refute_output --partial 'more failed'
    run cat "$out/failures/official/test0.txt"
    assert_output --partial 'stdout: the program printed nothing (231 lines expected)'
    run scripts/check-engine build/checkers --exclude official --exclude examples --category official \
        --category examples --output "$out"
    assert_failure 2
    assert_output --partial 'no cases to run'
}

@test "profiles: bytes outside printable ASCII are escaped in the reports" {
    cat > "$BATS_TEST_TMPDIR/binary" <<'ENGINE'
#!/usr/bin/env bash
cat > /dev/null
printf 'BOARD\001SIZE\377\n'
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/binary"
    CORPUS_DIFF_LINES=1000 run scripts/check-engine "$BATS_TEST_TMPDIR/binary" --category official --show 1 --output "$out"
    assert_failure 1
    assert_output --partial '+BOARD\x01SIZE\xff'
    run grep -c -P '[^\x20-\x7e\t]' "$out/failures/official/test0.txt"
    assert_output 0
}

# bats test_tags=slow
@test "profiles: --memcheck N names a leaking program's cases and counts them as failed" {
    cat > "$BATS_TEST_TMPDIR/leaky.c" <<'LEAKY'
#include <stdio.h>
#include <stdlib.h>
int main(void) { char *kept = malloc(64); int c; while ((c = getchar()) != EOF) kept[0] = (char)c; return 0; }
LEAKY
    cc -o "$BATS_TEST_TMPDIR/leaky" "$BATS_TEST_TMPDIR/leaky.c"
    run scripts/check-engine "$BATS_TEST_TMPDIR/leaky" --memcheck 1 --category official --show 0 --output "$out"
    assert_failure 1
    assert_line --regexp '^  official/test[0-9]: definitely lost: 64 bytes in 1 blocks \(log: .*\)$'
    assert_line 'memcheck: 0 clean, 1 with findings'
    run scripts/check-engine build/checkers --memcheck 1 --category official --show 0 --output "$out"
    assert_success
    assert_line 'memcheck: 1 clean, 0 with findings'
    assert_equal "${lines[-1]}" "10 passed, 0 failed (profile assignment, memcheck of 1 cases included)"
}

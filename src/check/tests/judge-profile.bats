# judge-profile.bats -- check-engine's assignment profile for draughts
# judges each run by the rules (build/draughts-judge, JUDGE.md) instead of
# comparing its bytes: a program that differs from ours only where the
# handout leaves the output open passes it and fails strict; a program
# that breaks a rule fails exactly there, with the judge's words.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
}

# bats test_tags=slow
@test "judge profile: our engine passes every draughts case but the strict-only ones, and strict holds them all" {
    local all strict_only
    all=$(corpus_list testdata/draughts | wc -l)
    strict_only=$(corpus_strict_only testdata/draughts | wc -l)
    ((strict_only > 0 && strict_only < all))
    run scripts/check-engine --program draughts build/draughts --show 0 --output "$out"
    assert_success
    assert_line --index 0 --partial "against $((all - strict_only)) cases, profile assignment (output.txt judged by the rules (build/draughts-judge)"
    assert_equal "${lines[-1]}" "$((all - strict_only)) passed, 0 failed (profile assignment)"
    run scripts/check-engine --program draughts build/draughts --profile strict --show 0 --output "$out"
    assert_success
    assert_equal "${lines[-1]}" "$all passed, 0 failed (profile strict)"
}

# bats test_tags=slow
@test "judge profile: other spacing passes the assignment profile and fails every strict case" {
    # shellcheck disable=SC2016 # perl's program
    engine_variant draughts spaced 's/output_text\(output, "\.\\n"\);/output_text(output, " .\\n");/g' trace.c
    # (three opening cases, not the category's 64: the spaced dot changes
    # every case's output)
    mkdir -p "$cases"
    (cd testdata/draughts && cp --parents -t "$cases" opening/opening-{0,1,2}-s1.*)
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/spaced" --cases "$cases" --show 0 --output "$out"
    assert_success
    assert_line --regexp '^[0-9]+ passed, 0 failed \(profile assignment\)$'
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/spaced" --cases "$cases" --profile strict --show 0 --output "$out"
    assert_failure
    assert_line --regexp '^0 passed, [0-9]+ failed \(profile strict\)$'
}

# bats test_tags=slow
@test "judge profile: a cut on alpha > beta fails where alpha = beta, with the judge's rule and message" {
    # shellcheck disable=SC2016 # perl's program
    engine_variant draughts cut-strict 's/if \(alpha >= beta && i \+ 1 < moves->count\)/if (alpha > beta \&\& i + 1 < moves->count)/' search.c
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/cut-strict" --category pruning --show 1 --output "$out"
    assert_failure
    assert_line --regexp '^[0-9]+ passed, [1-9][0-9]* failed \(profile assignment\)$'
    assert_output --regexp 'judge: .*alpha >= beta'
    # The kept report: the judge's message, the path to the node, a rerun.
    local report
    report=$(find "$out/failures" -name '*.txt' | head -n 1)
    [[ -n $report ]] || fail "no failure report kept"
    run cat "$report"
    assert_line --regexp '^wrong answer in case [0-9]+ .* at output line [0-9]+:$'
    assert_line --regexp '^path: A1 '
    assert_line --regexp '^judge:  mkdir -p feedback && build/draughts-judge testdata/draughts/pruning/'
    # Every failure is the judge's (symptom code judge), none a crash.
    run awk -F '\t' '$3 == "fail" && $5 != "judge"' "$out/results.tsv"
    assert_output ''
}

# symptom_of RULE: check-engine's symptom of a judge's message whose
# `required:` line is RULE.
symptom_of() {
    PYTHONPATH=src /usr/bin/python3 -B -c '
import sys
from harness import games
from harness.check.judge import judge_symptom
faults = [(row.rule, row.fault) for row in games.get("draughts").judge_fault_table()]
print(judge_symptom(faults, "wrong answer in case 1 (input case 1 of 1) at output line 5:\nrequired: " + sys.argv[1]))
' "$1"
}

@test "judge profile: a symptom says the fault in the game's terms, not the rule, and is never cut inside a backquote" {
    # shellcheck disable=SC2016 # the judge's backquotes
    run symptom_of 'a B4 line carries `; h=V`: Alice'"'"'s men + 2 x her kings - Bill'"'"'s men - 2 x his kings, or -inf when Alice then has no legal move'
    assert_output "judge: a node's value is wrong (h= at B4)"
    # shellcheck disable=SC2016
    run symptom_of 'a line at ply N has N - 1 `|-` before its label: A1, |-B2, |-|-A3, |-|-|-B4'
    # shellcheck disable=SC2016
    assert_output 'judge: the program prints a line of its own (its `|-` prefix fits no ply)'
    run symptom_of 'after each child, when alpha >= beta and moves remain, the node prunes them (cut on equality): a pruning line lists them'
    assert_output 'judge: a node goes on where it must prune (alpha >= beta, cut on equality)'
    # A rule the table does not know: itself, cut at a word outside backquotes.
    # shellcheck disable=SC2016
    run symptom_of 'a rule of tomorrow about many things and more and more and more of them, with `a quoted piece that runs on` past the limit'
    assert_output 'judge: a rule of tomorrow about many things and more and more and more of them, with...'
    # Every rule of the table is one the judge states (its C sources, the
    # string literals joined), so a reworded rule cannot lose its fault.
    local sources prefix
    sources=$(cat src/draughts-judge/*.c | tr '\n' ' ' | sed 's/"[[:space:]]*"//g')
    while IFS=$'\t' read -r prefix _; do
        [[ $prefix == '#'* ]] && continue
        [[ $sources == *"$prefix"* ]] || fail "no rule of the judge begins '$prefix'"
    done < src/games/draughts-faults.tsv
}

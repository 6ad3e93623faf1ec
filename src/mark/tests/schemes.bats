# schemes.bats -- the default marking schemes (src/mark/schemes) against
# the corpus: every case in a part, and each in the part the handout's
# text puts it in, worked out here from the case itself, not from the
# scheme's globs.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    # shellcheck source=src/cases/cases.bash
    source src/cases/cases.bash
    # shellcheck source=src/test-lib/handout-stage.bash
    source src/test-lib/handout-stage.bash
    # (Debian's Python, the package's, with Jinja2)
    python=/usr/bin/python3
    "$python" -c 'import jinja2' || fail "no Python 3 with Jinja2 (apt-get install python3-jinja2)"
}

# parts_of PROGRAM: "case<TAB>part" for every case of the program's corpus.
parts_of() {
    corpus_list "testdata/$1" > "$BATS_TEST_TMPDIR/cases"
    PYTHONPATH=src "$python" -B -m harness.mark.report.scheme "src/mark/schemes/$1.tsv" "$BATS_TEST_TMPDIR/cases" \
        > "$BATS_TEST_TMPDIR/parts" || return 1
    PYTHONPATH=src "$python" -B -c '
import sys
from harness.mark.report.scheme import case_parts, load_scheme
cases = open(sys.argv[2]).read().split()
for case, part in case_parts(load_scheme(sys.argv[1]), cases).items():
    print(case + "\t" + part)' "src/mark/schemes/$1.tsv" "$BATS_TEST_TMPDIR/cases"
}

@test "schemes: the checkers scheme puts every case in the stage the handout does" {
    run parts_of checkers
    assert_success
    # The scheme's part of each case beside the handout's stage of it
    # (handout_stages: one awk for the corpus, not one a case).
    local scheme=$output handout
    handout=$(cut -f1 <<<"$scheme" | handout_stages testdata/checkers)
    run paste <(printf '%s\n' "$scheme") <(printf '%s\n' "$handout")
    assert_success
    ((${#lines[@]} == $(corpus_list testdata/checkers | wc -l)))
    run awk -F '\t' 'NF != 4 || $1 != $3 { print "bad line: " $0; next }
        $2 != $4 { print $1 ": scheme " $2 ", handout " $4 }' <<<"$output"
    assert_success
    assert_output ''
}

@test "schemes: the checkers stages are worth 8, 8 and 4 of 20 (cumulative 8/20, 16/20, 20/20)" {
    run cut -f1,2,3 <(grep -v '^#' src/mark/schemes/checkers.tsv)
    assert_output "$(printf 'part\tmarks\tcredit\nstage0\t8\tproportional\nstage1\t8\tproportional\nstage2\t4\tproportional')"
}

@test "schemes: the draughts scheme: the examples are the given cases, the rest the unseen" {
    run parts_of draughts
    assert_success
    local id part count=0
    while IFS=$'\t' read -r id part; do
        count=$((count + 1))
        if [[ $id == examples/* ]]; then assert_equal "$id $part" "$id given"; else assert_equal "$id $part" "$id unseen"; fi
    done <<<"$output"
    ((count == $(corpus_list testdata/draughts | wc -l)))
}

@test "schemes: a case no part takes stops the check, named" {
    sed 's|^stage2.*||' src/mark/schemes/checkers.tsv > "$BATS_TEST_TMPDIR/short.tsv"
    printf 'play/x\n' > "$BATS_TEST_TMPDIR/cases"
    PYTHONPATH=src run "$python" -B -m harness.mark.report.scheme "$BATS_TEST_TMPDIR/short.tsv" "$BATS_TEST_TMPDIR/cases"
    assert_failure 2
    assert_output --partial "case play/x belongs to no part"
}

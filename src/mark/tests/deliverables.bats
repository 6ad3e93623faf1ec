# deliverables.bats -- what else a submission holds (the Authorship
# Declaration and the scheme's deductions: src/harness/mark/tests/
# test_authorship.py and test_deliverables.py, run in make unit): one
# small class of HW4 submissions marked by scripts/mark: a handed-in
# output.txt that the program writes, one it does not, none, and one whose
# program does not build; a readme.txt or not.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# The classes are built by src/test-lib/mark-class.bash (mark_class_copy),
# and marks.csv read by its `fields`.
setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    # shellcheck source=src/test-lib/mark-class.bash
    source src/test-lib/mark-class.bash
}

# bats test_tags=slow
@test "deliverables: HW4's handed-in output.txt is compared with what the program writes; readme.txt" {
    local class=$BATS_TEST_TMPDIR/hw4 case=testdata/draughts/examples/handout-case5 out=$BATS_TEST_TMPDIR/out
    # Its own input.txt (not the handout's case): its output.txt matches.
    mark_class_copy "$class/matches" draughts
    cp -- testdata/draughts/examples/opening.in "$class/matches/input.txt"
    cp -- testdata/draughts/examples/opening.out "$class/matches/output.txt"
    echo 'gcc -o hw4 *.c' > "$class/matches/ReadMe.txt"
    # No input.txt: run on the handout's case 5 (its output.txt was made from it); one move
    # of the handed-in output changed, Windows line ends.
    mark_class_copy "$class/differs" draughts
    sed 's/^first move: .*/first move: (0,0)=>(1,1)./; s/$/\r/' "$case.out" > "$class/differs/output.txt"
    echo notes > "$class/differs/README.md"
    # Two that do not build (no case is run: the test's time): without an
    # output.txt, and with one.
    mark_class_copy "$class/missing" draughts
    echo 'int oops(void) { return }' >> "$class/missing/main.c"
    mark_class_copy "$class/broken" draughts
    cp -- "$class/missing/main.c" "$case.out" "$class/broken/"
    mv -- "$class/broken/${case##*/}.out" "$class/broken/output.txt"
    run scripts/mark --program draughts --category examples --memcheck 0 --output "$out" \
        "$class/matches" "$class/differs" "$class/missing" "$class/broken"
    assert_success
    local csv=$out/marks.csv row
    row=$(fields "$csv" name handed_output handed_input readme deduction authorship | tr '\037' ' ')
    assert_equal "$row" "matches matches handed-in yes 0.00 
differs differs handout no 0.00 
missing missing  no 0.00 
broken not-run  no 0.00 "
    run cat "$out/submissions/differs/deliverables/output.diff"
    assert_output --partial '+first move: '
    assert_output --partial '-first move: (0,0)=>(1,1).'
    run cat "$out/submissions/differs/index.html"
    assert_output --partial "differs; from line"
    assert_output --partial "no input.txt handed in: run on the handout&#39;s case 5"
    assert_output --partial "no readme.txt (the handout&#39;s name); found README.md"
    run cat "$out/submissions/matches/index.html"
    assert_output --partial "matches; byte for byte; run on the handed-in input.txt"
    cmp "$out/submissions/matches/deliverables/output.txt" testdata/draughts/examples/opening.out
}

# declare FOLDER SIGNED: the skeleton-shaped declaration, signed SIGNED,
# put at the top of FOLDER/main.c.
declare_authorship() {
    { printf '/* Student Authorship Declaration:\n\n   (1) I certify that this is my own work.\n\n'
      printf '   Signed by: %s\n   Dated:     1 October 2021\n*/\n' "$2"
      cat -- "$1/main.c"; } > "$1/main.c.new"
    mv -- "$1/main.c.new" "$1/main.c"
}

# bats test_tags=slow
@test "deliverables: checkers' declaration found, deducted by a course's scheme, set by hand with --manual" {
    local class=$BATS_TEST_TMPDIR/class out=$BATS_TEST_TMPDIR/out
    mark_class_copy "$class/signed" && declare_authorship "$class/signed" 'Ann Example 1234567'
    mark_class_copy "$class/unsigned" &&
        declare_authorship "$class/unsigned" '[Enter your full name and student number here before submission]'
    # No declaration: found missing, set signed by hand.
    mark_class_copy "$class/by-hand"
    { cat src/mark/schemes/checkers.tsv; printf 'deduction\tmarks\twhen\tdescription\n'
      printf 'authorship\t2.5\tunsigned missing\tthe Authorship Declaration, unsigned or missing\n'; } > "$BATS_TEST_TMPDIR/s.tsv"
    printf 'name,authorship\nby-hand,signed\n' > "$BATS_TEST_TMPDIR/manual.csv"
    run scripts/mark --category official --memcheck 0 --output "$out" --scheme "$BATS_TEST_TMPDIR/s.tsv" \
        --manual "$BATS_TEST_TMPDIR/manual.csv" "$class/signed" "$class/unsigned" "$class/by-hand"
    assert_success
    run fields "$out/marks.csv" name authorship mark deduction final_mark handed_output readme
    # Every case passes (20 marks); 2.5 off for an unsigned or missing declaration.
    assert_output "$(printf '%s\037%s\037%s\037%s\037%s\037\037\n' signed signed 20.00 0.00 20.00 \
        unsigned unsigned 20.00 2.50 17.50 by-hand signed 20.00 0.00 20.00)"
    run grep -c 'set by hand (--manual); found: missing' "$out/marks.json"
    assert_output 1
    run cat "$out/submissions/signed/index.html"
    assert_output --partial 'signed; main.c:1: signed by Ann Example 1234567'
}

# whitespace.bats -- a stdout that differs from the expected one only in
# white space (harness.check.whitespace) fails with a symptom of
# its own that names the kind, its report names the first such line, and
# with --compare whitespace it passes and says so; a real character is
# never taken for white space, and a judge or a crash keeps its verdict.
# shellcheck disable=SC2154 # bats sets $output, $status, $lines

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
}

# tool ARG...: the white space difference as a command (harness.check.whitespace).
tool() {
    PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.check.whitespace "$@"
}

# difference EXPECTED ACTUAL: the tool on two outputs given with printf's
# escapes (%b); prints its line (or nothing) and its exit status.
difference() {
    printf '%b' "$1" > "$BATS_TEST_TMPDIR/expected"
    printf '%b' "$2" > "$BATS_TEST_TMPDIR/actual"
    local status=0
    tool "$BATS_TEST_TMPDIR/expected" "$BATS_TEST_TMPDIR/actual" || status=$?
    echo "exit $status"
}

# edited NAME PERL-PROGRAM [END]: our checkers engine with its stdout
# edited by PERL-PROGRAM (over the whole output), at $BATS_TEST_TMPDIR/NAME,
# ending with the command END (default: the engine's exit status). Run
# with --no-sandbox (the sandbox hides $engine).
edited() {
    # shellcheck disable=SC2016 # the wrapper's own expansion
    local end=${3:-'exit "${PIPESTATUS[0]}"'}
    cat > "$BATS_TEST_TMPDIR/$1" <<WRAPPER
#!/usr/bin/env bash
"$engine" | perl -0pe '$2'; $end
WRAPPER
    chmod +x "$BATS_TEST_TMPDIR/$1"
}

# two_official: official/test0 and test1 in $cases, for the tests that run
# check-engine on an edited engine (every official output has the lines the
# edits touch; whole categories were most of this file's time).
two_official() {
    copy_cases "$cases" <<<$'official/test0\nofficial/test1'
}

# symptoms: the distinct "verdict|symptom|code" of results.tsv.
symptoms() {
    awk -F '\t' 'NR > 1 { print $3 "|" $4 "|" $5 }' "$out/results.tsv" | sort -u
}

# bats test_tags=slow
@test "whitespace-difference: each kind, its line, and what is not white space" {
    run difference 'a b\nc\n' 'a b  \nc\n'
    assert_output "$(printf '1\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 1\nexit 0')"
    run difference 'a b\n  c\n' 'a b\n   c\n'
    assert_line --partial $'2\tleading-spaces\tleading spaces\t'
    run difference 'a b\n  c\n' 'a b\nc\n'
    assert_line --partial $'2\tmissing-leading-spaces\t'
    run difference 'x\na  b\n' 'x\na b\n'
    assert_line "$(printf '2\tspaces-inside\tspaces inside a line\tspaces inside line 2')"
    run difference 'a b\nc d\n' 'a b\nc\td\n'
    assert_line --partial $'2\ttab\ta tab instead of spaces\ta tab instead of spaces on line 2'
    run difference 'a\tb\n' 'a  b\n'
    assert_line --partial $'1\tspaces-for-tab\t'
    run difference 'a\nb\nc\n' 'a\nb\r\nc\r\n'
    assert_line --partial $'2\tcr\tCR line endings\tCR line endings from line 2'
    run difference 'a\nb\nc\n' 'a\nb\n\nc\n'
    assert_line --partial $'3\textra-blank-line\tan extra blank line\tan extra blank line at line 3'
    run difference 'a\n\n\nb\n' 'a\n\nb\n'
    assert_line --partial $'3\tmissing-blank-line\ta missing blank line\ta missing blank line at line 3'
    run difference 'a\nb\n' 'a\nb'
    assert_line --partial $'2\tno-final-newline\tno newline at the end\tno newline at the end (line 2)'
    run difference 'a\nb' 'a\nb\n'
    assert_line --partial $'2\textra-final-newline\t'
    run difference 'a b\nc\n' 'a\nb\nc\n'
    assert_line --partial $'1\tline-broken\t'
    run difference 'a\nb\nc\n' 'a b\nc\n'
    assert_line --partial $'1\tlines-joined\t'
    # The first difference is the one named, whatever follows.
    run difference 'a\nb\nc\n' 'a\nb  \n\nc'
    assert_line --partial $'2\ttrailing-spaces\t'
    # Not white space: a character more, less or other; a space that
    # splits a token or one that joins two; the same bytes.
    local pair
    for pair in 'a b\n|a b.\n' 'a b\n|a\n' 'a b\n|a c\n' 'ab\n|a b\n' 'a b\n|ab\n' 'a b\n|a b\n' \
        'a\n|a\n\0' '|x'; do
        run difference "${pair%|*}" "${pair#*|}"
        assert_output 'exit 1'
    done
}

@test "whitespace-difference: usage, an unreadable file" {
    run tool only-one
    assert_failure 2
    assert_output --partial 'usage: python3 -m harness.check.whitespace EXPECTED ACTUAL'
    run tool "$BATS_TEST_TMPDIR/missing" "$BATS_TEST_TMPDIR/missing"
    assert_failure 2
    run tool --help
    assert_success
    assert_output --partial 'LINE<TAB>KIND<TAB>'
}

# bats test_tags=slow
@test "whitespace: trailing spaces after the column letters fail every case as white space, on line 4" {
    engine_variant checkers trailing 's/   H\\n";/   H   \\n";/' printer.c
    two_official
    # (the symptoms alone; diagnosed, the catalogue's white-space fault
    # explains every case)
    run scripts/check-engine "$BATS_TEST_TMPDIR/trailing" --cases "$cases" --show 0 --output "$out"
    assert_line 'likely cause: the output differs from the expected one only in white space (spaces, tabs, line breaks) (white-space): reproduces 2 of 2 failing cases'
    run scripts/check-engine "$BATS_TEST_TMPDIR/trailing" --cases "$cases" --show 1 --no-diagnose --output "$out"
    assert_failure 1
    assert_line --index 0 --partial 'profile assignment (stdout byte for byte only;'
    run grep -E '^  [0-9]+ cases?: ' <<<"$output"
    assert_output '  2 cases: stdout differs only in white space (trailing spaces)'
    run symptoms
    assert_output 'fail|stdout differs only in white space (trailing spaces)|whitespace'
    run grep -L -x 'stdout differs only in white space: trailing spaces on line 4' -r "$out/failures"
    assert_output ''
    run cat "$out/failures/official/test0.txt"
    assert_line '  expected line 4: "     A   B   C   D   E   F   G   H"'
    assert_line '  actual line 4:   "     A   B   C   D   E   F   G   H   "'
}

@test "whitespace-difference: white space first, then more: the first difference that is not white space, and the white space" {
    run difference 'a\nb\nc\nd\n' 'a \nb\nc\nX\n'
    assert_output "$(printf '4\t4\t1\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 1\nexit 3')"
    # (its line in each output: a blank line less moves the actual's up)
    run difference 'a\n\nb\nc\n' 'a\nb\nX\n'
    assert_line --partial $'4\t3\t2\tmissing-blank-line\t'
    run difference 'a\nb\n' 'a \nb \nc\n'
    assert_line --partial $'3\t3\t1\ttrailing-spaces\t'
    # Not so when the white space is right before (or inside) the token
    # that differs: the first difference is the real one.
    local pair
    for pair in 'a b\n|a\n' 'a  b\n|a X\n' 'ab\nc\n|a b\nX\n'; do
        run difference "${pair%|*}" "${pair#*|}"
        assert_output 'exit 1'
    done
}

@test "whitespace: trailing spaces on every board do not hide the real fault: it is named and shown, and the white space too" {
    engine_variant checkers spaced-and-reworded 's/   H\\n";/   H   \\n";/; s/"Illegal action\."/"Illegal Action"/' printer.c
    copy_cases "$cases" <<<'error6/jump-over-empty'
    run scripts/check-engine "$BATS_TEST_TMPDIR/spaced-and-reworded" --cases "$cases" --show 1 --output "$out"
    assert_failure 1
    assert_line '  1 case: stdout differs in the setup board or right after it'
    assert_line 'stdout: first difference that is not white space at line 22, in what follows the setup board'
    assert_line 'stdout: white space differs too, first: trailing spaces on line 4'
    # the diff ignores the white space, so the real difference is in it
    assert_line 'diff -u -w -B of stdout:'
    assert_line '-ERROR: Illegal action.'
    assert_line '+ERROR: Illegal Action'
    refute_line --partial 'more diff lines'
    run symptoms
    assert_output 'fail|stdout differs in the setup board or right after it|stdout-after-setup'
}

@test "whitespace: --compare whitespace passes the trailing spaces and says so; the default still fails" {
    engine_variant checkers trailing 's/   H\\n";/   H   \\n";/' printer.c
    two_official
    run scripts/check-engine "$BATS_TEST_TMPDIR/trailing" --cases "$cases" --compare whitespace --output "$out"
    assert_success
    assert_line --index 0 --partial 'profile assignment (stdout only, compared with white space ignored;'
    assert_equal "${lines[-1]}" '2 passed, 0 failed (profile assignment; 2 passed only with white space ignored)'
    run symptoms
    assert_output 'pass|stdout differs only in white space (trailing spaces)|whitespace'
    # Our own engine passes without the note; a wrong value is no pass.
    run scripts/check-engine build/checkers --cases "$cases" --compare whitespace --output "$out"
    assert_success
    assert_equal "${lines[-1]}" '2 passed, 0 failed (profile assignment)'
    run scripts/check-engine build/checkers --category official --compare spaces --output "$out"
    assert_failure 2
    assert_output 'check-engine: --compare is exact or whitespace'
}

# bats test_tags=slow
@test "whitespace: each kind is its own symptom, with the line in the report" {
    local kind
    two_official
    while IFS='|' read -r kind program phrase words; do
        edited "$kind" "$program"
        run scripts/check-engine "$BATS_TEST_TMPDIR/$kind" --cases "$cases" --no-sandbox --show 0 --output "$out"
        assert_failure 1
        run symptoms
        assert_output "fail|stdout differs only in white space ($phrase)|whitespace"
        run grep -L -x -E "stdout differs only in white space: $words" -r "$out/failures"
        assert_output ''
    done <<'KINDS'
cr|s/\n/\r\n/g|CR line endings|CR line endings from line 1
tab|s/^     A   B/     A\tB/m|a tab instead of spaces|a tab instead of spaces on line 4
leading|s/^#BLACK/  #BLACK/m|leading spaces|leading spaces on line 2
inside|s/^BOARD SIZE: /BOARD SIZE:   /|spaces inside a line|spaces inside line 1
blank|s/^(#WHITE.*\n)/$1\n/m|an extra blank line|an extra blank line at line 4
end|s/\n\z//|no newline at the end|no newline at the end \(line [0-9]+\)
joined|s/\n#WHITE/ #WHITE/|two lines joined|line 2 joined with the next
KINDS
}

# bats test_tags=slow
@test "whitespace: a real character, or a space that splits a word, is not white space" {
    local name
    edited upper 's/8x8/8X8/'
    edited split 's/BOARD SIZE/BOARDSIZE/'
    two_official
    for name in upper split; do
        run scripts/check-engine "$BATS_TEST_TMPDIR/$name" --cases "$cases" --no-sandbox --show 0 \
            --compare whitespace --output "$out"
        assert_failure 1
        run symptoms
        assert_output 'fail|stdout differs in the setup board or right after it|stdout-setup'
        run grep -r 'white space' "$out/failures"
        assert_output ''
    done
}

# bats test_tags=slow
@test "whitespace: a crash keeps its symptom; strict's status still counts under --compare whitespace" {
    # shellcheck disable=SC2016 # the wrapper's own expansion
    edited crash 's/   H\n/   H  \n/g' 'kill -SEGV $$'
    two_official
    run scripts/check-engine "$BATS_TEST_TMPDIR/crash" --cases "$cases" --no-sandbox --show 0 --output "$out"
    assert_failure 1
    run symptoms
    assert_output 'fail|crash (SIGSEGV)|crash'
    # Exit 0 where an error's status is expected, and trailing spaces.
    edited exit-0 's/   H\n/   H  \n/g' 'exit 0'
    # (two error1 cases, not the category's 52)
    copy_cases "$cases" < <(corpus_list testdata/checkers | grep '^error1/' | head -n 2)
    run scripts/check-engine "$BATS_TEST_TMPDIR/exit-0" --cases "$cases" --category error1 --profile strict --compare whitespace \
        --no-sandbox --show 0 --output "$out"
    assert_failure 1
    run symptoms
    assert_output 'fail|status only: stdout the same but for white space, status 1 expected, got 0|status'
    local report
    report=$(find "$out/failures" -name '*.txt' | head -n 1)
    run cat "$report"
    assert_line --regexp '^stdout: differs only in white space, which --compare whitespace accepts: trailing spaces on line 4$'
    assert_line --regexp '^status: expected exit status 1, got exit status 0$'
}

# bats test_tags=slow
@test "whitespace: draughts spacing is white space byte for byte, and the judge's own call otherwise" {
    cat > "$BATS_TEST_TMPDIR/first-move" <<ENGINE
#!/usr/bin/env bash
"$root/build/draughts" input.txt output.txt < /dev/null; status=\$?
sed -i 's/^first move: /first move:  /' output.txt; exit "\$status"
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/first-move"
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/first-move" --profile strict --category examples \
        --no-sandbox --show 0 --output "$out"
    assert_failure 1
    run symptoms
    assert_line 'fail|stdout differs only in white space (spaces inside a line)|whitespace'
    refute_line --regexp '^fail\|stdout differs in'
    # The judge accepts the spacing itself: a plain pass, not a white space one.
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/first-move" --category examples \
        --compare whitespace --no-sandbox --show 0 --output "$out"
    assert_success
    run symptoms
    assert_output 'pass||'
}

# bats test_tags=slow
@test "whitespace: mark-one hands --compare to check-engine" {
    local class=$BATS_TEST_TMPDIR/class
    mkdir -p "$class/submissions/spaced/sources"
    cp src/checkers/*.[ch] "$class/submissions/spaced/sources/"
    # shellcheck disable=SC2016 # perl's program
    perl -0pi -e 's/   H\\n";/   H   \\n";/' "$class/submissions/spaced/sources/printer.c"
    cd "$class"
    run "$root/src/mark/mark-one" --category official spaced
    assert_success
    assert_output --regexp $'^spaced\tmarked\t0/9\t'
    run grep -x $'reason\t9 failed: 9 stdout differs only in white space (trailing spaces)' submissions/spaced/result.tsv
    assert_success
    run "$root/src/mark/mark-one" --category official --compare whitespace spaced
    assert_success
    assert_output --regexp $'^spaced\tmarked\t9/9\t'
    run grep -c -- '--compare whitespace' submissions/spaced/check-engine.txt
    assert_output 1
    run "$root/src/mark/mark-one" --compare spaces spaced
    assert_failure 2
    assert_output 'mark-one: --compare is exact or whitespace'
}

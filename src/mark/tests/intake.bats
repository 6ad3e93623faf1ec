# intake.bats -- submissions as a course receives them
# (src/harness/mark/intake; the unit tests of the attempts' rule, the CSVs
# and the safe unpacking: test_intake.py, run in make unit): one small
# class marked by scripts/mark from a
# --submitted CSV with a folder column: 4 students, 6 attempts (folders,
# a .zip, a .tar.gz, a hostile .zip), an extension, our own checkers
# sources (one attempt broken); its final marks agree with marks worked out
# by hand here, and --resume marks again only the student whose attempt
# marked changed. (A bad --submitted stopping the run, file:line, through
# the intake: mark-options.bats; each CSV check: test_intake.py.)

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

DEADLINE=2021-10-15T18:00:00+11:00

setup_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    local class=$BATS_FILE_TMPDIR/class
    # alice: a correct program zipped in a top folder (stripped), on time;
    # then a folder that does not compile, later, still on time.
    mark_class_copy "$class/a1/alice"
    (cd "$class/a1" && /usr/bin/python3 -m zipfile -c ../Alice_Smith_HW4.zip alice)
    mark_class_copy "$class/alice-2" && echo 'int oops(void) { return }' >> "$class/alice-2/main.c"
    # bob: a correct .tar.gz on time, then a correct .zip 26 hours late.
    mark_class_copy "$class/b1" && tar -czf "$class/bob-1.tar.gz" -C "$class/b1" .
    mark_class_copy "$class/b2" && (cd "$class/b2" && /usr/bin/python3 -m zipfile -c ../bob-2.zip ./*.c ./*.h)
    # carol: one correct .zip 18 hours late, with an extension of 3 days.
    mark_class_copy "$class/c1" && (cd "$class/c1" && /usr/bin/python3 -m zipfile -c ../carol.zip ./*.c ./*.h)
    # dave: a hostile zip, a correct main.c and an entry climbing out.
    /usr/bin/python3 -c '
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("main.c", open(sys.argv[2]).read())
    z.writestr("../../../../escaped.c", "int escaped;\n")' "$class/dave.zip" "$root/src/checkers/main.c"
    cat > "$class/submitted.csv" <<'CSV'
name,submitted,folder
alice,2021-10-14T12:00,Alice_Smith_HW4.zip
alice,2021-10-15T17:59,alice-2
bob,2021-10-15T09:00,bob-1.tar.gz
bob,2021-10-16T20:00,bob-2.zip
carol,2021-10-16T12:00,carol.zip
dave,2021-10-15T12:00,dave.zip
CSV
    printf 'name,deadline\ncarol,2021-10-18T18:00\n' > "$BATS_FILE_TMPDIR/extensions.csv"
    "$root/scripts/mark" --output "$BATS_FILE_TMPDIR/out" --category official --memcheck 0 --timeout 5 \
        --deadline "$DEADLINE" --submitted "$class/submitted.csv" --extensions "$BATS_FILE_TMPDIR/extensions.csv" \
        > "$BATS_FILE_TMPDIR/mark.log" 2>&1 || echo "$?" > "$BATS_FILE_TMPDIR/mark.failed"
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/test-lib/mark-class.bash
    source src/test-lib/mark-class.bash
    out=$BATS_FILE_TMPDIR/out
}

@test "intake: a class with attempts, archives and an extension gets the marks worked out by hand" {
    [[ ! -f $BATS_FILE_TMPDIR/mark.failed ]] || { cat "$BATS_FILE_TMPDIR/mark.log"; false; }
    # (a fresh run: dave's archive refused, not counted as kept from a last run)
    run grep '^mark: 3 of 4 submissions to mark ' "$BATS_FILE_TMPDIR/mark.log"
    assert_output --regexp '\(checkers, .*\); 1 refused archive, not marked$'
    # By hand: --category official is 9 cases; by src/mark/schemes/checkers.tsv
    # test0 is stage0 (8 marks), test1, 2, 5, 6, 7, 8 stage1 (8 marks), test3
    # and 4 stage2 (4 marks). A correct copy passes all 9: 8 + 8 + 4 = 20.00;
    # one that does not compile passes none: 0.00.
    # alice: both attempts on time: the later (alice-2, broken) is marked,
    #   attempt 2 of 2: 0.00, no penalty (not the better, earlier one).
    # bob: the late attempt (2021-10-16T20:00, 26 hours after the deadline:
    #   2 days or part days) is marked and the on-time one ignored:
    #   20.00 - 2 x 2 = 16.00, attempt 2 of 2.
    # carol: 18 hours late by the class's deadline, on time by her
    #   extension to 2021-10-18T18:00: 20.00, 0 days late.
    # dave: a hostile archive: state bad-archive, 0.00, and nothing of it
    #   written outside its folder.
    local -A final=() late=() attempt=() state=()
    local n f l a t s
    while IFS=$'\x1f' read -r n f l a t s; do
        final[$n]=$f late[$n]=$l attempt[$n]="$a of $t" state[$n]=$s
    done < <(fields "$out/marks.csv" name final_mark late_days attempt attempts state)
    assert_equal "${final[alice]} ${late[alice]} ${attempt[alice]} ${state[alice]}" "0.00 0 2 of 2 not-compiled"
    assert_equal "${final[bob]} ${late[bob]} ${attempt[bob]} ${state[bob]}" "16.00 2 2 of 2 marked"
    assert_equal "${final[carol]} ${late[carol]} ${attempt[carol]} ${state[carol]}" "20.00 0 1 of 1 marked"
    assert_equal "${final[dave]} ${state[dave]}" "0.00 bad-archive"
    run field bob attempt_rule
    assert_output "the last of your 2 attempts: it is late, so your 1 on-time attempt is ignored and the late penalty applies"
    run field carol deadline
    assert_output 2021-10-18T18:00:00+11:00
    run field dave reason
    assert_output --partial "entry '../../../../escaped.c' leaves the folder"
    [[ -z $(find "$BATS_FILE_TMPDIR" -name escaped.c) ]]
    # alice's first attempt was never unpacked; bob's late one was.
    [[ ! -d $out/intake/alice/1 && -f $out/intake/bob/2/main.c ]]
}

# bats test_tags=slow
@test "intake: --resume marks again only the student whose marked attempt changed" {
    [[ ! -f $BATS_FILE_TMPDIR/mark.failed ]] || skip "the class was not marked"
    local class=$BATS_FILE_TMPDIR/class
    grep -v '^bob,2021-10-16' "$class/submitted.csv" > "$class/without-late.csv"
    run scripts/mark --output "$out" --category official --memcheck 0 --timeout 5 --resume \
        --deadline "$DEADLINE" --submitted "$class/without-late.csv" --extensions "$BATS_FILE_TMPDIR/extensions.csv"
    assert_success
    assert_line --regexp '^mark: 1 of 4 submissions to mark .*; 3 unchanged since the last run, kept$'
    assert_equal "$(field bob final_mark) $(field bob attempts) $(field alice final_mark)" "20.00 1 0.00"
}

# mark-resume.bats -- what --resume keeps: a submission is marked again
# when anything the marking runs changed, not only the files a hand-kept
# list named. A copy of the repository (its sources copied, its corpus
# and build linked) marks one submission on the official cases; then one
# file of the copy is changed and the same command with --resume runs. A
# golden changed alone is a regrade: that case runs, the others keep their
# verdicts, and the mark before is kept (src/mark/README.md, "Regrading
# with memory"; the runs counted: src/harness/mark/tests/test_resume_memory.py).

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    local root repo=$BATS_FILE_TMPDIR/repo
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    make -C "$root" --no-print-directory -s >/dev/null
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    mkdir -p "$repo/testdata"
    # (their times kept: sources newer than the linked build would have
    # the sandbox's driver built again, through the links, on every run)
    cp -Rp -- "$root/Makefile" "$root/scripts" "$root/src" "$repo/"
    cp -Rl -- "$root/build" "$repo/"
    cp -Rl -- "$root/testdata/checkers" "$repo/testdata/"
    mark_class_copy "$BATS_FILE_TMPDIR/class/correct"
    "$repo/scripts/mark" --output "$BATS_FILE_TMPDIR/out" --category official --memcheck 0 \
        "$BATS_FILE_TMPDIR/class/correct" > "$BATS_FILE_TMPDIR/mark.log" 2>&1 ||
        echo failed > "$BATS_FILE_TMPDIR/mark.failed"
}

setup() {
    repo=$BATS_FILE_TMPDIR/repo
    [[ ! -f $BATS_FILE_TMPDIR/mark.failed ]] || fail "the first run failed: $(cat "$BATS_FILE_TMPDIR/mark.log")"
    # Each test changes its own copy of the repository's sources (copied);
    # the corpus and the build, never changed, linked as in setup_file.
    local copy=$BATS_TEST_TMPDIR/repo
    mkdir -p "$copy/testdata"
    cp -Rp -- "$repo/Makefile" "$repo/scripts" "$repo/src" "$copy/"
    cp -Rl -- "$repo/build" "$copy/"
    cp -Rl -- "$repo/testdata/checkers" "$copy/testdata/"
    repo=$copy
    cp -R -- "$BATS_FILE_TMPDIR/out" "$BATS_TEST_TMPDIR/out"
}

# tools_hash REPO: the checking code's hash, a part of every key
# (harness.check.checking_code), of REPO's own package.
tools_hash() {
    PYTHONPATH="$1/src" /usr/bin/python3 -B -m harness.check.checking_code --hash "$1"
}

# resume: the first run's command again, with --resume.
resume() {
    run "$repo/scripts/mark" --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 --resume \
        "$BATS_FILE_TMPDIR/class/correct"
}

@test "mark-resume: nothing changed, nothing marked again" {
    resume
    assert_success
    assert_line --index 0 --partial 'mark: 0 of 1 submissions to mark'
}

@test "mark-resume: a change to a game's adapter marks again" {
    echo '# changed' >> "$repo/src/games/checkers.bash"
    resume
    assert_success
    assert_line --index 0 --partial 'mark: 1 of 1 submissions to mark'
}

@test "mark-resume: a change to the draughts judge, the memory check's flags, the white-space tools or the sandbox marks again" {
    local before file
    before=$(tools_hash "$repo")
    for file in src/draughts-judge/main.c src/golden/memcheck.flags src/harness/check/whitespace.py \
        src/harness/check/whitespace_report.py src/sandbox/bwrap.c src/games/draughts.bash; do
        [[ -f $repo/$file ]] || fail "no $file in the repository"
        cp -- "$repo/$file" "$BATS_TEST_TMPDIR/saved"
        echo ' ' >> "$repo/$file"
        [[ $(tools_hash "$repo") != "$before" ]] || fail "a change to $file keeps the key"
        cp -- "$BATS_TEST_TMPDIR/saved" "$repo/$file"
    done
    # A file added to a component counts too; a test, a README, the
    # report's code (made again on every run) do not.
    touch "$repo/src/check/new-step"
    [[ $(tools_hash "$repo") != "$before" ]] || fail "a file added keeps the key"
    rm -- "$repo/src/check/new-step"
    echo 'x' >> "$repo/src/mark/tests/mark.bats"
    echo 'x' >> "$repo/src/README.md"
    echo 'x' >> "$repo/src/harness/mark/report/templates/class.html"
    assert_equal "$(tools_hash "$repo")" "$before"
}

# bats test_tags=slow
@test "mark-resume: a golden changed is run alone, through the door; the mark it changes is kept, and why" {
    # (official/test1 is one of Stage 1's six official cases, 8 marks: failing
    # it leaves 5 of 6, 6.67, and the mark 18.67 of 20)
    local golden=$repo/testdata/checkers/official/test1.out
    cp -- "$golden" "$BATS_TEST_TMPDIR/test1.out"
    rm -- "$golden" # (a hard link to the repository's: written anew)
    { cat "$BATS_TEST_TMPDIR/test1.out"; echo "one more line"; } > "$golden"
    resume
    assert_success
    assert_line --index 0 --partial 'mark: 0 of 1 submissions to mark'
    assert_line --index 0 --partial '1 to regrade on their new or changed cases alone'
    assert_line --partial 'mark: regraded correct on 1 case (official/test1 (changed))'
    run /usr/bin/python3 -c 'import csv, sys; row = next(csv.DictReader(open(sys.argv[1])));
print(row["passed"], row["total"], row["final_mark"], row["previous_final"]); print(row["mark_change"])' \
        "$BATS_TEST_TMPDIR/out/marks.csv"
    assert_line --index 0 "8 9 18.67 20.00"
    assert_line --index 1 --partial 'Your mark changed from 20 to 18.67 because the expected result of case official/test1 changed (your program now fails it'
    run grep -c 'Your mark changed from 20 to 18.67' "$BATS_TEST_TMPDIR/out/submissions/correct/index.html"
    assert_output 1
    # Nothing changed since: nothing runs, and the change is still told.
    cp -- "$BATS_TEST_TMPDIR/out/marks.csv" "$BATS_TEST_TMPDIR/marks.before"
    resume
    assert_success
    assert_line --index 0 --partial 'mark: 0 of 1 submissions to mark'
    refute_output --partial 'regraded'
    cmp -- "$BATS_TEST_TMPDIR/marks.before" "$BATS_TEST_TMPDIR/out/marks.csv"
}

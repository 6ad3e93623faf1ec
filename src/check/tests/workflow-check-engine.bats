# workflow-check-engine.bats -- check-engine, the tool students and markers
# run against their own programs: what it reports, how it treats stderr,
# crashes and hangs, the grader's form for draughts, and that it needs no
# bats.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
    # one real case of every category, so that the tests stay fast (what
    # they check is per category or per case, never a count of the corpus)
    corpus_list testdata/checkers | first_per_category 1 > "$BATS_TEST_TMPDIR/sample"
    [[ $BATS_TEST_DESCRIPTION == *crash* ]] || copy_cases "$cases" < "$BATS_TEST_TMPDIR/sample"
}

# The wrappers below call our engine by its path in the repository, which
# the sandbox hides by design (src/sandbox/tests/sandbox.bats): they run with
# --no-sandbox. What they test is check-engine's judgement, not the sandbox.

# wrap KIND: our engine with its stderr replaced, at $BATS_TEST_TMPDIR/KIND:
#   reworded   one line of other words where ours has a line
#   two-lines  two lines where ours has one
#   silent     nothing at all
#   chatty     a line on every run, also where ours has none
wrap() {
    local body
    # shellcheck disable=SC2016 # the bodies are code for the wrapper
    case $1 in
        reworded) body='[[ -z $err ]] || echo "my-checkers: bad input line" >&2' ;;
        two-lines) body='[[ -z $err ]] || printf "line one\nline two\n" >&2' ;;
        silent) body=':' ;;
        chatty) body='echo "debug output" >&2' ;;
    esac
    cat > "$BATS_TEST_TMPDIR/$1" <<WRAPPER
#!/usr/bin/env bash
exec 3>&1
err=\$("$engine" 2>&1 >&3) && status=0 || status=\$?
$body
exit "\$status"
WRAPPER
    chmod +x "$BATS_TEST_TMPDIR/$1"
}

@test "check-engine: our engine passes, byte for byte, with a table per category" {
    run scripts/check-engine build/checkers --profile strict --exact-stderr --cases "$cases" --output "$out"
    assert_success
    local count category
    count=$(wc -l < "$BATS_TEST_TMPDIR/sample")
    assert_output --regexp '  official +[1-9][0-9]* +0'
    assert_output --regexp '  examples +[1-9][0-9]* +0'
    while read -r category; do
        assert_output --regexp "  $category +[1-9][0-9]* +0"
    done < <(cut -d/ -f1 "$BATS_TEST_TMPDIR/sample" | sort -u)
    assert_line --regexp "^  total +$count +0$"
    assert_equal "${lines[-1]}" "$count passed, 0 failed (profile strict)"
}

@test "check-engine: --category narrows; a bad category or program is a usage error" {
    run scripts/check-engine build/checkers --profile strict --cases "$cases" --output "$out" --category malformed
    assert_success
    local count
    count=$(grep -c '^malformed/' "$BATS_TEST_TMPDIR/sample")
    assert_equal "${lines[-1]}" "$count passed, 0 failed (profile strict)"
    refute_output --partial 'stage0'

    run scripts/check-engine build/checkers --cases "$cases" --category no-such
    assert_failure 2
    assert_output --partial "no category 'no-such'"
    run scripts/check-engine "$BATS_TEST_TMPDIR/missing" --cases "$cases"
    assert_failure 2
    assert_output --partial 'is neither an executable file nor a folder'
    run scripts/check-engine --program chess build/checkers
    assert_failure 2
    assert_output --partial '--program is checkers or draughts'
}

@test "check-engine: a draughts program is run as the grader runs it, output.txt compared" {
    # A program that reads only input.txt and writes only output.txt in its
    # working directory, as the HW4 grader requires: our engine behind a
    # wrapper that refuses any other form.
    cat > "$BATS_TEST_TMPDIR/hw4" <<ENGINE
#!/usr/bin/env bash
[[ \$# == 2 && \$1 == input.txt && \$2 == output.txt && -f input.txt ]] || exit 99
exec "$root/build/draughts" input.txt output.txt < /dev/null
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/hw4"
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/hw4" --category examples --no-sandbox --output "$out"
    assert_success
    assert_output --partial 'run as BIN input.txt output.txt'
    assert_line --regexp '^  examples +[1-9][0-9]* +0$'

    # the same program writing to stdout instead fails every case with output
    cat > "$BATS_TEST_TMPDIR/stdout-only" <<ENGINE
#!/usr/bin/env bash
exec "$root/build/draughts" input.txt
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/stdout-only"
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/stdout-only" --category examples --no-sandbox --output "$out"
    assert_failure 1
    assert_output --partial 'rerun:  cp testdata/draughts/examples/'
}

# bats test_tags=slow
@test "check-engine: another diagnostic wording passes; a wrong stderr shape fails" {
    local malformed
    malformed=$(grep -c '^malformed/' "$BATS_TEST_TMPDIR/sample")
    ((malformed > 0)) || fail "the sample has no malformed case"
    wrap reworded
    run scripts/check-engine "$BATS_TEST_TMPDIR/reworded" --profile strict --no-sandbox --cases "$cases" --output "$out"
    assert_success
    local some=(--profile strict --no-sandbox --cases "$cases" --output "$out" --category malformed --category stage0)
    run scripts/check-engine "$BATS_TEST_TMPDIR/reworded" --exact-stderr "${some[@]}"
    assert_failure 1
    assert_line --regexp "^  malformed +0 +$malformed  FAILED$"
    assert_output --partial '+my-checkers: bad input line'

    wrap two-lines
    run scripts/check-engine "$BATS_TEST_TMPDIR/two-lines" "${some[@]}"
    assert_failure 1
    assert_line --regexp "^  malformed +0 +$malformed  FAILED$"
    assert_output --partial 'only the shape of stderr counts'

    wrap silent
    run scripts/check-engine "$BATS_TEST_TMPDIR/silent" "${some[@]}"
    assert_failure 1
    assert_line --regexp "^  malformed +0 +$malformed  FAILED$"

    wrap chatty   # stderr where the case has none
    run scripts/check-engine "$BATS_TEST_TMPDIR/chatty" "${some[@]}"
    assert_failure 1
    assert_line --regexp '^  stage0 +0 +[1-9][0-9]*  FAILED$'
}

# bats test_tags=slow
@test "check-engine: a crash, a hang and endless output are named; the other cases still run" {
    cat > "$BATS_TEST_TMPDIR/unstable" <<ENGINE
#!/usr/bin/env bash
input=\$(cat)
case \$input in
    G6-F5) kill -SEGV \$\$ ;;
    C6-D5) sleep 30 ;;
    E6-D5) exec yes ;;
esac
exec "$engine" <<<"\$input"
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/unstable"
    make_fixture_cases
    make_case stage0/hang $'C6-D5\n' "a move our engine plays at once"
    make_case stage0/endless $'E6-D5\n' "another such move"
    # (a timeout of 10 s, not 1: endless output must reach the 64 MiB a file
    # may hold before the timeout, and on a loaded machine `yes` wrote 61 MiB
    # in 1 s, a hang and not the flood this test is about)
    run scripts/check-engine "$BATS_TEST_TMPDIR/unstable" --profile strict --no-sandbox --timeout 10 \
        --cases "$cases" --output "$out"
    assert_failure 1
    assert_output --partial 'status: expected exit status 0, got a crash (signal SIGSEGV)'
    assert_output --partial 'status: expected exit status 0, got a hang (killed after 10s)'
    assert_output --partial 'status: expected exit status 0, got a crash (signal SIGXFSZ)'
    assert_output --partial '(it wrote more than 64 MiB and was stopped; its output is cut for the report)'
    assert_line --regexp '^  stage0 +0 +3  FAILED$'
    assert_line --regexp '^  error5 +1 +0$'
    assert_equal "${lines[-1]}" "2 passed, 3 failed (profile strict)"
    [[ -s $out/failures/stage0/opening.txt && -s $out/failures/stage0/hang.txt ]] ||
        fail "the failure reports were not kept"
}

# bats test_tags=slow
@test "check-engine: needs no bats and no perl: bash, coreutils, diffutils, Python 3, awk" {
    local bin=$BATS_TEST_TMPDIR/bin tool
    mkdir "$bin"
    for tool in bash basename cat cmp cp cut diff dirname head ln mkdir mkfifo mktemp mv nproc \
        realpath rm sha256sum sleep sort tail timeout tr truncate wc   find sed awk grep   sh hostname; do
        ln -s "$(command -v "$tool")" "$bin/$tool"
    done
    wrap reworded
    PATH=$bin run "$bin/bash" scripts/check-engine "$BATS_TEST_TMPDIR/reworded" --profile strict --no-sandbox \
        --cases "$cases" --output "$out"
    assert_success
    assert_output --regexp '[1-9][0-9]* passed, 0 failed \(profile strict\)$'
    refute_output --partial 'command not found'
}

# bats test_tags=slow
@test "check-engine: a difference's symptom says where it is in the game's terms, as words and a code" {
    # checkers: one character of the setup board changed; an extra line
    # after the last block.
    cat > "$BATS_TEST_TMPDIR/setup" <<ENGINE
#!/usr/bin/env bash
"$engine" | sed '3s/^./X/'
ENGINE
    cat > "$BATS_TEST_TMPDIR/extra" <<ENGINE
#!/usr/bin/env bash
"$engine"; status=\$?; echo "one more line"; exit "\$status"
ENGINE
    # draughts: the first-move line of every case changed (a character
    # more: a spacing alone is a white space symptom, whitespace.bats).
    cat > "$BATS_TEST_TMPDIR/first-move" <<ENGINE
#!/usr/bin/env bash
"$root/build/draughts" input.txt output.txt < /dev/null; status=\$?
sed -i 's/^first move: /first move:: /' output.txt; exit "\$status"
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/setup" "$BATS_TEST_TMPDIR/extra" "$BATS_TEST_TMPDIR/first-move"
    run scripts/check-engine "$BATS_TEST_TMPDIR/setup" --category stage0 --cases "$cases" --no-sandbox --output "$out"
    assert_failure 1
    refute_output --partial 'command not found'
    assert_output --regexp '[0-9]+ cases?: stdout differs in the setup board or right after it'
    run awk -F '\t' 'NR > 1 { print $4 "|" $5 }' "$out/results.tsv"
    assert_line "stdout differs in the setup board or right after it|stdout-setup"
    run scripts/check-engine "$BATS_TEST_TMPDIR/extra" --category stage0 --cases "$cases" --no-sandbox --output "$out"
    assert_output --regexp "[0-9]+ cases?: stdout differs after an action's block"
    run cut -f5 "$out/results.tsv"
    assert_line stdout-after-action
    # (byte for byte: the judge of the assignment profile decides otherwise)
    run scripts/check-engine --program draughts "$BATS_TEST_TMPDIR/first-move" --profile strict --category examples --no-sandbox --output "$out"
    assert_failure 1
    assert_output --regexp '[0-9]+ cases?: stdout differs in a first-move line'
    run cut -f5 "$out/results.tsv"
    assert_line stdout-first-move
}

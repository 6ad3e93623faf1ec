# mutants-jail.bats -- scripts/mutants runs each mutant confined, because a
# mutant is untrusted code. The draughts mutant that takes its names one
# argument early (main.c:190, `argv + 0 + explain`) passes every golden
# case (they give no argument) and then, in the command-line tests, opens
# testdata/draughts/examples/opening.in as its OUTPUT: unconfined, it
# truncated that file in a real run. Each test works on a copy of the
# repository (git, so that the check afterwards has files to compare).

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    local root
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    copy=$BATS_TEST_TMPDIR/repo
    mkdir -p "$copy/src" "$copy/testdata"
    cp -r "$root/scripts" "$root/.gitignore" "$copy/"
    cp -r "$root/src/." "$copy/src/"
    cp -r "$root/testdata/draughts" "$copy/testdata/"
    git -C "$copy" init -q
    git -C "$copy" add -A
    git -C "$copy" -c user.name=t -c user.email=t@t commit -qm copy
    export RESULTS_DIR=$BATS_TEST_TMPDIR/results
    mutant='main.c:190 const-#1'
    # The golden cases it faces first: the worked examples only. It passes
    # every golden case whatever their number, and what is tested is the
    # command-line tests that come after them (where it writes).
    cases=$BATS_TEST_TMPDIR/cases
    mkdir -p "$cases"
    cp -r "$root/testdata/draughts/examples" "$cases/"
}

# bats test_tags=slow
@test "mutants: a mutant that writes into the repository is killed there, and the repository stays as it was" {
    bwrap --ro-bind / / --dev /dev --unshare-net -- true 2>/dev/null ||
        skip "bubblewrap cannot run here"
    run --separate-stderr "$copy/scripts/mutants" --program draughts --cases "$cases" --only "$mutant"
    echo "stderr: $stderr"
    assert_success
    assert_output --partial "mutants: 1 killed, 0 survived"
    assert_equal "$(cut -f3 "$copy/build/mutants/results.tsv")" src/draughts/tests/cli.bats
    assert_equal "$(git -C "$copy" status --porcelain)" ''
}

# bats test_tags=slow
@test "mutants: unconfined, the same mutant changes the repository, and the run says so and fails" {
    MUTANTS_JAIL=0 run --separate-stderr "$copy/scripts/mutants" --program draughts --cases "$cases" --only "$mutant"
    assert_failure
    [[ $stderr == *"a mutant changed the repository"* ]] || fail "stderr: $stderr"
    [[ $(git -C "$copy" status --porcelain) == *testdata/draughts/examples/opening.in* ]]
}

# bats test_tags=slow
@test "mutants: a jailed run that gives no verdict is tried again, its stderr shown, and never counted a kill" {
    bwrap --ro-bind / / --dev /dev --unshare-net -- true 2>/dev/null ||
        skip "bubblewrap cannot run here"
    # A bubblewrap that fails every mutant's run (they name --in), as a
    # jail that cannot start under load would.
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    # shellcheck disable=SC2016 # $a and $@ are the shim's own
    printf '#!/bin/bash\nfor a; do [[ $a != --in ]] || { echo "bwrap: planted failure" >&2; exit 1; }; done\nexec %q "$@"\n' \
        "$(command -v bwrap)" > "$BATS_TEST_TMPDIR/bin/bwrap"
    chmod +x "$BATS_TEST_TMPDIR/bin/bwrap"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH run --separate-stderr "$copy/scripts/mutants" --program draughts \
        --cases "$cases" --only "$mutant"
    echo "stderr: $stderr"
    assert_failure
    assert_output --partial "mutants: 0 killed, 0 survived"
    [[ $stderr == *"no verdict from the run of src/draughts/main.c 190"*"(try 2 of 2)"* ]]
    [[ $stderr == *"  | bwrap: planted failure"* ]]
    [[ $stderr == *"1 of 1 mutants gave no verdict"* ]]
}

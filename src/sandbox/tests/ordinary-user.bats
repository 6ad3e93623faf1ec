# ordinary-user.bats -- check-engine and mark as a student or a marker
# runs them: an ordinary user without root, with bubblewrap (a user
# namespace) and without it (bwrap not on PATH: limits only). The test
# makes a user of its own and removes it afterwards. Our engines must pass
# the first three cases of every category of both corpora (every kind of
# case, statuses and stderr included: the full corpora are make check's);
# in a class of three (a correct copy, a copy
# with a planted fault, the cheat that reads the expected output by path)
# the fault shows, and the cheat fails wherever the sandbox is up; the
# repository is the same afterwards. What the limits alone do not hold as
# an ordinary user is in src/check/README.md ("As an ordinary user").

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    ((EUID == 0)) || return 0  # (setup skips every test)
    local root name
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    name=ckref-$((RANDOM % 90000 + 10000))
    # The user's home: reachable by it (the test's own folders are root's).
    USER_HOME=$(mktemp -d /tmp/ordinary-user.XXXXXX)
    chmod 755 "$USER_HOME"
    useradd --home-dir "$USER_HOME" --no-create-home --user-group --shell /bin/bash "$name"
    export ROOT=$root USER_NAME=$name USER_HOME
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    mark_class_copy "$USER_HOME/class/correct"
    mark_class_mutant "$USER_HOME/class/fault" "${MARK_CLASS_MUTANTS[0]}"
    HOME=$USER_HOME mark_class_hostile "$USER_HOME/class/cheat" read-corpus sbx-ordinary
    # The user's PATH is Debian's for a user; without bubblewrap, every
    # command of it but bwrap, as links.
    mkdir -p "$USER_HOME/tmp"
    sample_cases "$root" checkers
    sample_cases "$root" draughts
    # shellcheck source=src/test-lib/path-without.bash
    source "$root/src/test-lib/path-without.bash"
    path_without bwrap "$USER_HOME/nobwrap" /usr/local/bin:/usr/bin:/bin
    chown -R "$name:$name" "$USER_HOME"
    (cd "$root" && git status --porcelain --untracked-files=all --ignored=no | sha256sum) > "$BATS_FILE_TMPDIR/repo-before"
}

# sample_cases ROOT PROGRAM: the first three cases (by name) of each
# category of PROGRAM's corpus, in $USER_HOME/cases-PROGRAM (check-engine's
# --cases).
sample_cases() {
    local category name file
    for category in "$1/testdata/$2"/*/; do
        category=${category%/}
        mkdir -p "$USER_HOME/cases-$2/${category##*/}"
        for name in $(find "$category" -maxdepth 1 -name '*.in' | LC_ALL=C sort | head -n 3); do
            for file in "${name%.in}".*; do cp "$file" "$USER_HOME/cases-$2/${category##*/}/"; done
        done
    done
}

teardown_file() {
    [[ -n ${USER_NAME:-} ]] || return 0
    pkill -KILL -u "$USER_NAME" 2>/dev/null || true
    userdel "$USER_NAME" 2>/dev/null || true
    rm -rf -- "$USER_HOME"
}

setup() {
    ((EUID == 0)) || skip "making a user of its own needs root"
    cd "$ROOT" || return
}

# as_user SANDBOX COMMAND...: COMMAND as the test's user, from the
# repository, with its own HOME and TMPDIR; SANDBOX bwrap or limits (PATH
# without bwrap).
as_user() {
    local path=/usr/local/bin:/usr/bin:/bin
    [[ $1 == bwrap ]] || path=$USER_HOME/nobwrap
    shift
    run setpriv --reuid="$USER_NAME" --regid="$USER_NAME" --init-groups \
        env -i HOME="$USER_HOME" TMPDIR="$USER_HOME/tmp" LANG=C.UTF-8 PATH="$path" "$@"
}

# engine_passes SANDBOX: both our engines pass every case of their sample
# (three a category), with the sandbox SANDBOX names.
engine_passes() {
    local program count
    for program in checkers draughts; do
        count=$(find "$USER_HOME/cases-$program" -name '*.in' | wc -l)
        as_user "$1" scripts/check-engine --program "$program" "build/$program" --profile strict \
            --cases "$USER_HOME/cases-$program" --output "$USER_HOME/check-$program"
        assert_success
        assert_equal "${lines[-1]}" "$count passed, 0 failed (profile strict)"
    done
}

# mark_class SANDBOX: the class of three through mark; its rows in $output.
mark_class() {
    as_user "$1" scripts/mark --category official --category examples --memcheck 1 \
        --output "$USER_HOME/mark-$1" "$USER_HOME/class/correct" "$USER_HOME/class/fault" \
        "$USER_HOME/class/cheat"
    assert_success
    run cut -d, -f1,2,4-11,17 "$USER_HOME/mark-$1/marks.csv"
}

repository_unchanged() {
    assert_equal "$(git status --porcelain --untracked-files=all --ignored=no | sha256sum)" \
        "$(cat "$BATS_FILE_TMPDIR/repo-before")"
}

# bats test_tags=slow
@test "ordinary user, with bubblewrap: our engines pass, the fault shows, the cheat fails" {
    engine_passes bwrap
    assert_line --regexp '^check-engine: sandbox: bubblewrap \(user namespace, '
    mark_class bwrap
    # name, compiled, examples and official passed/total, passed, total, percent, memcheck, state
    assert_line 'correct,yes,11,11,9,9,20,20,100.0,clean,marked'
    assert_line --regexp '^fault,yes,[0-9]+,11,[0-9]+,9,([0-9]|1[0-9]),20,'
    assert_line --regexp '^cheat,yes,0,11,0,9,0,20,0\.0,'
    repository_unchanged
}

# bats test_tags=slow
@test "ordinary user, without bubblewrap: the same verdicts, but the cheat reads the corpus" {
    engine_passes limits
    assert_line --partial 'sandbox: bubblewrap unavailable (bwrap not found); running with limits only'
    mark_class limits
    assert_line 'correct,yes,11,11,9,9,20,20,100.0,clean,marked'
    assert_line --regexp '^fault,yes,[0-9]+,11,[0-9]+,9,([0-9]|1[0-9]),20,'
    # Limits alone hide no file: the cheat passes the one case it knows.
    assert_line --regexp '^cheat,yes,1,11,0,9,1,20,5\.0,'
    repository_unchanged
}

# shellcheck shell=bash
# diagnose-lib.bash -- the diagnosis tests' fixtures: programs with a fault
# planted apart from the reference (in a copy of the independent checkers
# oracle, src/corpus/checkers-oracle, or of the HW4 Python test player,
# src/draughts-judge/tests/players/python), checked by scripts/check-engine
# as a user runs it, then diagnosed from its OUTPUT folder.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
# shellcheck source=src/test-lib/players.bash
source "$root/src/test-lib/players.bash"
# shellcheck source=src/test-lib/corpus-subset.bash
source "$root/src/test-lib/corpus-subset.bash"

# fixtures: a folder every uid can read (as root, check-engine runs the
# program as a uid of its own, which cannot enter bats' own folders);
# removed by teardown_file.
fixtures() {
    if [[ ! -f $BATS_FILE_TMPDIR/fixtures ]]; then
        mktemp -d "${TMPDIR:-/tmp}/diagnose-tests.XXXXXX" > "$BATS_FILE_TMPDIR/fixtures"
        chmod 755 "$(cat "$BATS_FILE_TMPDIR/fixtures")"
    fi
    cat "$BATS_FILE_TMPDIR/fixtures"
}

teardown_file() {
    if [[ -f $BATS_FILE_TMPDIR/fixtures ]]; then rm -rf -- "$(cat "$BATS_FILE_TMPDIR/fixtures")"; fi
}

# put_in FILE OLD NEW: FILE with its one OLD replaced by NEW; fails when
# OLD is not there exactly once (the copy changed: plant the fault anew).
put_in() {
    /usr/bin/python3 - "$@" <<'PY' || fail "cannot plant into $1: $2"
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(1)
open(path, "w").write(text.replace(old, new))
PY
}

# owner_first DIR: the oracle in DIR with "opponent's piece/tower"
# checked before "not empty" (error-order, planted apart from the reference).
owner_first() {
    put_in "$1/oracle_input.py" '    if board[target_index] != EMPTY:
        return 4, None
    if OWNER[board[source_index]] != side:
        return 5, None' '    if OWNER[board[source_index]] != side:
        return 5, None
    if board[target_index] != EMPTY:
        return 4, None'
}

# launcher DIR SCRIPT: DIR/program, running the Python SCRIPT of DIR.
launcher() {
    printf '#!/bin/sh\nexec /usr/bin/python3 %q "$@"\n' "$1/$2" > "$1/program"
    chmod +x "$1/program"
}

# oracle NAME: a copy of the checkers oracle in the fixtures' NAME,
# run by NAME/program; its folder on stdout.
oracle() {
    local dir
    dir=$(fixtures)/$1
    mkdir -p "$dir"
    cp -- "$root"/src/corpus/checkers-oracle/*.py "$dir/"
    launcher "$dir" checkers_oracle.py
    printf '%s\n' "$dir"
}

# hw4 NAME VARIANT: the Python HW4 player of that variant in
# the fixtures' NAME, run by NAME/program; its folder on stdout.
hw4() {
    local dir
    dir=$(fixtures)/$1
    player python "$2" "$dir" > /dev/null
    launcher "$dir" player.py
    printf '%s\n' "$dir"
}

# chosen DIR GAME GLOB...: DIR/cases, the cases of testdata/GAME whose
# category/name matches a GLOB (src/test-lib/corpus-subset.bash): a test
# checks and diagnoses the cases that show its fault, and a few that do not,
# rather than whole categories of hundreds (the diagnosis examines every
# failing case: whole categories only cost time).
chosen() {
    local dir=$1 game=$2
    shift 2
    corpus_subset "$dir/cases" "$root/testdata/$game" "$@" || fail "cannot choose the cases of $dir"
}

# check_and_diagnose GAME DIR CHECK-ENGINE-OPTION...: check-engine on
# DIR/program and the cases chosen in DIR/cases into DIR/output (its own
# diagnosis off: src/check/tests test that), then the diagnosis of that
# folder on the same cases (its lines in $output, as bats' run leaves them).
check_and_diagnose() {
    local game=$1 dir=$2
    shift 2
    [[ -d $dir/cases ]] || fail "no cases chosen in $dir (chosen DIR GAME GLOB...)"
    "$root/scripts/check-engine" --program "$game" --no-sandbox --no-diagnose --output "$dir/output" \
        --cases "$dir/cases" "$@" "$dir/program" > "$dir/check.log" 2>&1 || true
    run diagnosis --program "$game" --results "$dir/output" \
        --cases "$dir/cases" --engine "$dir/program" --budget 120
}

# first_cause_is GAME DIR CODE [OPTION...]: check_and_diagnose GAME DIR
# OPTION..., which must succeed with CODE as its first likely cause.
first_cause_is() {
    local game=$1 dir=$2 code=$3
    shift 3
    check_and_diagnose "$game" "$dir" "$@"
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" "$code"
}

# diagnosis OPTION...: the diagnosis (python3 -m harness.diagnose), as
# check-engine starts it.
diagnosis() {
    PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.diagnose "$@"
}

# causes DIR: the codes of DIR/output/causes.tsv, best first, a line each.
causes() {
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "code") c = i; next }
        { print $c }' "$1/output/causes.tsv"
}

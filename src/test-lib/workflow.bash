# shellcheck shell=bash
# workflow.bash -- fixtures for the tests of the maintainer workflow
# (add-case, bless, check-corpus, check-engine). Tests never touch the real
# testdata/: they work on cases made here, or copied, in $BATS_TEST_TMPDIR.

# shellcheck source=src/test-lib/assertions.bash
source "${BASH_SOURCE[0]%/*}/assertions.bash"

workflow_setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    engine=$root/build/checkers
    [[ -x $engine ]] || fail "build/checkers is not built (run make)"
    # shellcheck source=src/cases/cases.bash
    source "$root/src/cases/cases.bash"
    cases=$BATS_TEST_TMPDIR/cases
    mkdir -p "$cases"
}

# make_case ID INPUT REASON: a case under $cases whose goldens are what our
# engine prints, for tests of the tools (not of the engine).
make_case() {
    local path=$cases/$1 status=0
    mkdir -p "$(dirname "$path")"
    printf '%s' "$2" > "$path.in"
    "$engine" < "$path.in" > "$path.out" 2> "$path.err" || status=$?
    printf '%s\n' "$3" > "$path.reason"
    if ((status != 0)); then echo "$status" > "$path.status"; fi
    [[ -s $path.err ]] || rm -f "$path.err"
}

# Three small cases: a clean game, an input error, a malformed line.
make_fixture_cases() {
    make_case stage0/opening $'G6-F5\n' "the opening move"
    make_case error5/opponent $'G6-F5\nF5-E4\n' "white to move, black's piece named"
    make_case malformed/lower $'g6-f5\n' "lower case is malformed"
}

# file_stamp PATH: inode and modification time to the nanosecond.
file_stamp() {
    stat -c '%i %y' -- "$1"
}

# copy_cases DEST < IDS: copies the named cases of testdata/ to DEST
# (an absolute path).
copy_cases() {
    mkdir -p "$1"
    (
        cd "$root/testdata/checkers" || exit 1
        files=()
        while IFS= read -r id; do [[ -z $id ]] || files+=("$id".*); done
        ((${#files[@]} == 0)) || cp --parents -t "$1" -- "${files[@]}"
    )
}

# first_per_category K < IDS: at most K ids of each category, in order.
first_per_category() {
    awk -F/ -v k="$1" 'taken[$1]++ < k'
}

# The categories a check-engine report marks as failed, one a line.
failed_categories() {
    # shellcheck disable=SC2154 # $output: set by bats' run
    awk '$NF == "FAILED" { print $1 }' <<<"$output" | LC_ALL=C sort
}

# engine_variant PROGRAM NAME PERL-PROGRAM FILE: our PROGRAM engine
# (checkers or draughts) with src/PROGRAM/FILE patched by PERL-PROGRAM
# (over the whole file), built at $BATS_TEST_TMPDIR/NAME. Fails when the
# patch changes nothing.
engine_variant() {
    local program=$1 name=$2 patch=$3 file=$4 dir=$BATS_TEST_TMPDIR/src-$2
    cp -R "src/$program" "$dir"
    perl -0pi -e "$patch" "$dir/$file"
    if cmp -s "src/$program/$file" "$dir/$file"; then
        fail "the patch of $name no longer applies to src/$program/$file"
    fi
    cc -std=c11 -O2 -o "$BATS_TEST_TMPDIR/$name" "$dir"/*.c
}

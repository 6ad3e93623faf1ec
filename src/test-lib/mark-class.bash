#!/usr/bin/env bash
# mark-class.bash -- builds classes of submissions for scripts/mark's tests
# (src/mark/tests, src/sandbox/tests) from the repository's own sources: correct
# copies of src/PROGRAM, copies with one fault planted by
# src/hardening/mutate.awk, and bad submissions (one that does not compile,
# one with warnings, an empty one, one whose file names hold spaces and
# quotes, hostile ones from src/sandbox/tests/hostile/, one that hangs).
# Sourced by the tests; run by hand to make a class for a measurement:
#   bash src/test-lib/mark-class.bash DIR correct N [PROGRAM]
#   bash src/test-lib/mark-class.bash DIR class     (the tests' class, MARK_CLASS_SIZE)

MARK_CLASS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MARK_CLASS_FIXTURES=$MARK_CLASS_ROOT/src/mark/tests/fixtures

# mark_test_setup: a mark test's setup: bats' assertions, the top folder
# as the current one and as $root.
mark_test_setup() {
    # shellcheck source=src/test-lib/assertions.bash
    source "$MARK_CLASS_ROOT/src/test-lib/assertions.bash"
    root=$MARK_CLASS_ROOT
    cd "$root" || return
}

# The planted faults: FILE, OPERATOR, OCCURRENCE and a piece of the line
# (found again by its text, so that edits elsewhere in the file do not
# move it). Each is killed by the cases of MARK_CLASS_CATEGORIES.
MARK_CLASS_MUTANTS=(
    $'action_check.c\tlogic\t1\treturn col < BOARD_SIZE && row >= 1'
    $'action_check.c\trel\t3\treturn col < BOARD_SIZE && row >= 1'
    $'action_check.c\tnegate\t1\tif (!inside_board(typed->target_col'
    $'action_check.c\tarith\t1\taction->target = (uint8_t)cell_at(typed->target_row - 1'
    $'action_check.c\tconst+\t1\tif ((occupied & cell_bit(action->source)) == 0)'
    $'action_check.c\tlogic\t1\tif (legal[i].source == action.source &&'
    $'board.c\tconst+\t1\tenum { START_ROWS = 3 };'
    $'board.c\tdelete\t1\tmask |= cell_bit(cell_at(row, col));'
    $'rules.c\tconst+\t4\tstatic const int OFFSET[] = {-7, +9, +7, -9};'
    $'rules.c\tbool\t4\tstatic const bool FORWARD[2][DIRECTION_COUNT]'
    $'rules.c\tconst-\t1\tcells_before(empty, 2 * OFFSET[d]);'
)
# The categories the tests mark with (the whole corpus takes minutes a
# class); every planted fault above fails cases among them.
# shellcheck disable=SC2034 # read by the tests that source this file
MARK_CLASS_CATEGORIES=(official examples)

# mark_class_copy DEST [PROGRAM]: a correct submission, every .c and .h of
# src/PROGRAM (checkers by default).
mark_class_copy() {
    local dest=$1 program=${2:-checkers}
    mkdir -p "$dest"
    cp -- "$MARK_CLASS_ROOT/src/$program"/*.[ch] "$dest/"
}

# mark_class_leaking DEST: a correct copy that loses 7 bytes at the start
# of every run (a volatile pointer, so the compiler keeps the malloc):
# every case passes, and only a memory check can tell.
mark_class_leaking() {
    local dest=$1
    mark_class_copy "$dest"
    awk '/^int main\(/ { print "static void *volatile leaked;"; print; main = 1; next }
         main && /^\{$/ { print; print "    leaked = malloc(7);"; print "    leaked = NULL;"; main = 0; next }
         { print }' "$MARK_CLASS_ROOT/src/checkers/main.c" > "$dest/main.c"
    grep -q 'leaked = malloc(7);' "$dest/main.c" || { echo "mark-class: no main() to plant a leak in" >&2; return 1; }
}

# mark_class_trailing_spaces DEST: a correct copy that writes two spaces
# at the end of every board's column-letter line: right but for white space.
mark_class_trailing_spaces() {
    local dest=$1
    mark_class_copy "$dest"
    sed 's/\(COLUMN_HEADER\[\] = "     A   B   C   D   E   F   G   H\)\\n"/\1  \\n"/' \
        "$MARK_CLASS_ROOT/src/checkers/printer.c" > "$dest/printer.c"
    ! cmp -s "$dest/printer.c" "$MARK_CLASS_ROOT/src/checkers/printer.c" ||
        { echo "mark-class: no column-letter line in printer.c" >&2; return 1; }
}

# mark_class_mutant DEST SPEC: a correct copy with the fault SPEC (an entry
# of MARK_CLASS_MUTANTS) planted. Fails when the line is not found.
mark_class_mutant() {
    local dest=$1 file op nth text line
    IFS=$'\t' read -r file op nth text <<<"$2"
    mark_class_copy "$dest"
    line=$(awk -v mode=list -f "$MARK_CLASS_ROOT/src/hardening/mutate.awk" "$MARK_CLASS_ROOT/src/checkers/$file" |
        awk -F '\t' -v op="$op" -v nth="$nth" -v text="$text" \
            '$2 == op && $3 == nth && index($4, text) { print $1; exit }')
    if [[ -z $line ]]; then
        echo "mark-class: no mutant '$op#$nth' on a line holding '$text' in src/checkers/$file" >&2
        return 1
    fi
    awk -v mode=apply -v target="$line" -v op="$op" -v nth="$nth" \
        -f "$MARK_CLASS_ROOT/src/hardening/mutate.awk" "$MARK_CLASS_ROOT/src/checkers/$file" > "$dest/$file"
    cmp -s "$dest/$file" "$MARK_CLASS_ROOT/src/checkers/$file" && { echo "mark-class: mutant not applied: $2" >&2; return 1; }
    printf '%s:%s %s#%s\n' "$file" "$line" "$op" "$nth" > "$dest/MUTANT.txt"
}

# mark_class_hostile DEST NAME MARKER: a submission made of the hostile
# test program src/sandbox/tests/hostile/NAME.c, built for this repository
# with process name MARKER.
mark_class_hostile() {
    local dest=$1 name=$2 marker=$3
    mkdir -p "$dest"
    cp -- "$MARK_CLASS_ROOT/src/sandbox/tests/hostile/hostile.h" "$dest/"
    {
        printf '#define REPO "%s"\n#define HOMEDIR "%s"\n#define MARKER "%s"\n' \
            "$MARK_CLASS_ROOT" "$HOME" "$marker"
        cat -- "$MARK_CLASS_ROOT/src/sandbox/tests/hostile/$name.c"
    } > "$dest/$name.c"
}

# mark_class_bad DIR MARKER: the bad submissions, in DIR.
mark_class_bad() {
    local dir=$1 marker=$2
    mark_class_copy "$dir/bad-does-not-compile"
    cp -- "$MARK_CLASS_FIXTURES/syntax-error.c" "$dir/bad-does-not-compile/"
    mark_class_copy "$dir/bad-warnings"
    cp -- "$MARK_CLASS_FIXTURES/warnings.c" "$dir/bad-warnings/"
    mkdir -p "$dir/bad-empty"
    local odd=$dir/"bad it's \"odd\" named"
    mark_class_copy "$odd"
    mv -- "$odd/board.c" "$odd/my \"board\" it's.c"
    mv -- "$odd/rules.c" "$odd/rules and 'more' \$HOME.c"
    mark_class_hostile "$dir/bad-hostile-write-repo" write-repo "$marker"
    mark_class_hostile "$dir/bad-hostile-kill" kill-everything "$marker"
    mkdir -p "$dir/bad-hangs"
    cp -- "$MARK_CLASS_FIXTURES/hang.c" "$dir/bad-hangs/main.c"
}

# The tests' class: six correct copies (mark.bats's resume tests take up
# to six), every planted fault and the seven bad submissions of
# mark_class_bad. Once 40, with 22 correct copies: a correct copy proves
# nothing a sixth does not, and each cost its check and memory check.
# shellcheck disable=SC2034 # read by the tests that source this file
MARK_CLASS_CORRECT=6
# shellcheck disable=SC2034 # the same
MARK_CLASS_SIZE=$((MARK_CLASS_CORRECT + ${#MARK_CLASS_MUTANTS[@]} + 7))

# mark_class DIR MARKER [CORRECT]: the tests' class: CORRECT correct copies
# (default MARK_CLASS_CORRECT), every planted fault, every bad one.
mark_class() {
    local dir=$1 marker=$2 i spec
    local correct=${3:-$MARK_CLASS_CORRECT}
    mkdir -p "$dir"
    for ((i = 1; i <= correct; i++)); do
        mark_class_copy "$dir/$(printf 'correct-%02d' "$i")"
    done
    i=0
    for spec in "${MARK_CLASS_MUTANTS[@]}"; do
        i=$((i + 1))
        mark_class_mutant "$dir/$(printf 'mutant-%02d' "$i")" "$spec" || return 1
    done
    mark_class_bad "$dir" "$marker"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${2:-} in
        correct)
            for ((n = 1; n <= ${3:?how many}; n++)); do
                mark_class_copy "$1/$(printf 'correct-%02d' "$n")" "${4:-checkers}"
            done ;;
        class) mark_class "$1" "mark$((100000 + RANDOM % 900000))" ;;
        *) echo "usage: bash src/test-lib/mark-class.bash DIR correct N [PROGRAM] | DIR class" >&2; exit 2 ;;
    esac
fi

# The class's results, for the tests that read them (`out`: the run's
# --output; MARK_TEST_CLASS: the class folder).

# field NAME COLUMN [CSV]: one cell of marks.csv, by submission name.
field() {
    /usr/bin/python3 - "$@" "${3:-$out/marks.csv}" <<'PY'
import csv, sys
name, column, path = sys.argv[1], sys.argv[2], sys.argv[-1]
for row in csv.DictReader(open(path, encoding="utf-8")):
    if row["name"] == name:
        print(row[column]); sys.exit(0)
sys.exit("no row named %r in %s" % (name, path))
PY
}

# names: the class's submission names, one a line, as given.
names() {
    local dir
    for dir in "$MARK_TEST_CLASS"/*; do basename -- "$dir"; done
}

# fields CSV COLUMN...: every row of marks.csv CSV, its COLUMNs joined by
# the unit separator (US, \x1f: in no cell, and no white space, so that
# `IFS=$'\x1f' read` keeps an empty cell), a row a line; for a test that
# reads many cells, one Python start in all rather than one a cell.
fields() {
    /usr/bin/python3 - "$@" <<'PY'
import csv, sys
path, columns = sys.argv[1], sys.argv[2:]
for row in csv.DictReader(open(path, encoding="utf-8")):
    cells = [row[column] for column in columns]
    assert not any("\x1f" in cell or "\n" in cell for cell in cells), cells
    print("\x1f".join(cells))
PY
}
